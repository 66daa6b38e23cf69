"""Camera sources behind one interface: the Pi camera (picamera2), any OpenCV
VideoCapture device or video file, a folder of pictures replayed, and the synthetic
table. Every source gives BGR frames with the time they were taken.

picamera2 is imported only inside PiCamera: it cannot be installed off a Pi."""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .dataset import IMAGE_SUFFIXES


@dataclass(frozen=True)
class Frame:
    image: np.ndarray  # BGR
    taken: float  # time.monotonic() when it was taken
    index: int


class CameraError(Exception):
    """The camera is gone or gives no picture (unplugged, an error)."""


class Camera(ABC):
    """A source of frames. `read(after=t)` waits for a frame taken after `t` (so a
    reading never uses a picture from before the dice settled)."""

    def __init__(self) -> None:
        self._index = 0
        self._last_ok = time.monotonic()

    def start(self) -> None:  # noqa: B027 - optional: most sources open nothing
        """Open the device (sources that need nothing opened keep this)."""

    def stop(self) -> None:  # noqa: B027 - optional, as start
        """Release the device."""

    @abstractmethod
    def grab(self) -> np.ndarray:
        """Take one picture (BGR)."""

    def read(self, after: float | None = None, timeout: float = 2.0) -> Frame:
        deadline = time.monotonic() + timeout
        while True:
            taken = time.monotonic()
            try:
                image = self.grab()
            except CameraError:
                raise
            except Exception as err:  # a driver's error is a camera error
                raise CameraError(str(err)) from err
            if image is None or image.size == 0:
                raise CameraError("the camera gave an empty picture")
            if after is None or taken > after:
                self._index += 1
                self._last_ok = time.monotonic()
                return Frame(image, taken, self._index)
            if time.monotonic() > deadline:
                raise CameraError("no new picture in time")

    def alive(self, within: float = 5.0) -> bool:
        """A picture was taken in the last `within` seconds (for the watchdog)."""
        return time.monotonic() - self._last_ok < within

    def __enter__(self) -> Camera:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class OpenCVCamera(Camera):
    """A USB webcam (`device` a number) or a video file (a path), through OpenCV."""

    def __init__(
        self, device: int | str = 0, size: tuple[int, int] = (1280, 960), loop: bool = False
    ) -> None:
        super().__init__()
        self.device, self.size, self.loop = device, size, loop
        self._cap: cv2.VideoCapture | None = None

    def start(self) -> None:
        self._cap = cv2.VideoCapture(self.device)
        if not self._cap.isOpened():
            raise CameraError(f"can't open the camera or video {self.device!r}")
        if isinstance(self.device, int):
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])

    def grab(self) -> np.ndarray:
        if self._cap is None:
            raise CameraError("the camera is not started")
        ok, image = self._cap.read()
        if not ok and self.loop and not isinstance(self.device, int):
            self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = self._cap.read()
        if not ok:
            raise CameraError(f"no picture from {self.device!r}")
        return image

    def stop(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class FolderCamera(Camera):
    """The pictures of a folder, in name order, round and round."""

    def __init__(self, folder: str | Path, loop: bool = True) -> None:
        super().__init__()
        self.paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.paths:
            raise CameraError(f"no pictures in {folder}")
        self.loop = loop
        self._next = 0

    def grab(self) -> np.ndarray:
        if self._next >= len(self.paths):
            if not self.loop:
                raise CameraError("the folder has been played to the end")
            self._next = 0
        path = self.paths[self._next]
        self._next += 1
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise CameraError(f"can't read {path}")
        return image


class FunctionCamera(Camera):
    """Frames from a function of the time: the synthetic table, tests."""

    def __init__(self, render: Callable[[float], np.ndarray]) -> None:
        super().__init__()
        self.render = render
        self.failing = False  # tests: pull the plug

    def grab(self) -> np.ndarray:
        if self.failing:
            raise CameraError("the camera was unplugged")
        return self.render(time.monotonic())


class PiCamera(Camera):
    """The Raspberry Pi camera through picamera2, with exposure, white balance and
    focus fixed once the picture has settled, so frames don't drift in colour or
    brightness between reads (which the colour model and the motion test rely on)."""

    def __init__(self, size: tuple[int, int] = (1280, 960), lens_position: float | None = None):
        super().__init__()
        self.size, self.lens_position = size, lens_position
        self._cam = None
        self._lock = threading.Lock()

    def start(self) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]  # only on a Pi
        except ImportError as err:
            raise CameraError("picamera2 is not installed (it comes with Pi OS)") from err
        cam = Picamera2()
        # "RGB888" is laid out B, G, R in memory: OpenCV's BGR, no conversion.
        config = cam.create_video_configuration(main={"size": self.size, "format": "RGB888"})
        cam.configure(config)
        cam.start()
        time.sleep(1.0)  # let automatic exposure and white balance settle, then fix them
        meta = cam.capture_metadata()
        controls = {
            "AeEnable": False,
            "AwbEnable": False,
            "ExposureTime": meta.get("ExposureTime", 10000),
            "AnalogueGain": meta.get("AnalogueGain", 1.0),
        }
        if "ColourGains" in meta:
            controls["ColourGains"] = meta["ColourGains"]
        if self.lens_position is not None:  # Camera Module 3: manual focus
            controls.update({"AfMode": 0, "LensPosition": self.lens_position})
        cam.set_controls(controls)
        self._cam = cam

    def grab(self) -> np.ndarray:
        if self._cam is None:
            raise CameraError("the camera is not started")
        with self._lock:
            return self._cam.capture_array("main")

    def stop(self) -> None:
        if self._cam is not None:
            self._cam.stop()
            self._cam.close()
            self._cam = None


def open_camera(spec: str) -> Camera:
    """A camera from a short spec: "pi", "usb:0", "video:PATH", "folder:PATH".
    (The demo's synthetic camera is the demo's own: `companion/sim/camera.py`.)"""
    kind, _, arg = spec.partition(":")
    if kind == "pi":
        return PiCamera()
    if kind == "usb":
        return OpenCVCamera(int(arg or 0))
    if kind == "video":
        return OpenCVCamera(arg, loop=True)
    if kind == "folder":
        return FolderCamera(arg)
    raise CameraError(f"unknown camera {spec!r}: pi, usb:N, video:PATH or folder:PATH")
