"""Motion and settle detection: the dice are read only once the picture is still.

Each frame is compared with the one before at a small size; while more than a
sliver of the picture changes (dice rolling, a hand reaching in) the table is
moving; after `still_frames` quiet frames in a row it has settled, and that is
reported once, so one roll gives one reading."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SMALL = (160, 120)


@dataclass
class SettleDetector:
    still_frames: int = 3
    pixel_change: int = 14  # gray levels a pixel must change by to count as moving
    moving_share: float = 0.002  # share of moving pixels above which the table moves
    _previous: np.ndarray | None = None
    _quiet: int = 0
    _moved: bool = True  # there was motion since the last settle

    def motion(self, image: np.ndarray) -> float:
        """The share of the picture that changed since the previous frame."""
        gray = cv2.cvtColor(
            cv2.resize(image, SMALL, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY
        )
        gray = cv2.GaussianBlur(gray, (5, 5), 0)
        previous, self._previous = self._previous, gray
        if previous is None:
            return 1.0
        return float(np.mean(cv2.absdiff(gray, previous) > self.pixel_change))

    def update(self, image: np.ndarray) -> str:
        """ "moving", "still" or, once per quiet spell after motion, "settled"."""
        if self.motion(image) > self.moving_share:
            self._quiet = 0
            self._moved = True
            return "moving"
        self._quiet += 1
        if self._moved and self._quiet >= self.still_frames:
            self._moved = False
            return "settled"
        return "still"
