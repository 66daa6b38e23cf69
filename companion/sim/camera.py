"""The synthetic camera: the synthetic dice table filmed (dice rolled, then at
rest), a camera source like any other for the demo and the tests."""

from __future__ import annotations

import time

import numpy as np

from ..vision.camera import Camera, CameraError
from .dice_scenes import RollingTable


class SyntheticCamera(Camera):
    """The synthetic table filmed at `fps` frames a second: dice rolled, then at rest."""

    def __init__(self, seed: int = 0, fps: float = 10.0, size: tuple[int, int] = (1280, 960)):
        super().__init__()

        self.table = RollingTable(seed=seed, size=size)
        self.fps = fps
        self._t0 = time.monotonic()
        self.failing = False

    def grab(self) -> np.ndarray:
        if self.failing:
            raise CameraError("the camera was unplugged")
        return self.table.frame(int((time.monotonic() - self._t0) * self.fps))
