"""Harder checks of a dice reader than a split of one sitting's photos: what
another sitting may change in the pictures (bench/dice_heldout.py, tests).

- `held_out`: a fifth of a dataset's pictures, by name, kept out of development
  (read once, at the end);
- `Smaller`: a labelled picture as a camera farther away would take it;
- `CHANGES`: a test picture (never a taught one) under a warm lamp, darker,
  blurred, saved as JPEG at quality 60, turned by 5 degrees, or all at once."""

from __future__ import annotations

import zlib

import cv2
import numpy as np

from ..vision.dataset import Box, Sample


def held_out(sample: Sample) -> bool:
    """A fifth of the pictures: those whose name's CRC-32 is 0 modulo 5."""
    return zlib.crc32(sample.path.name.encode()) % 5 == 0


class Smaller(Sample):
    """A picture as a camera farther away would take it (scaled by k < 1)."""

    def __init__(self, sample: Sample, k: float):
        boxes = [Box(b.face, b.cx * k, b.cy * k, b.w * k, b.h * k) for b in sample.boxes]
        super().__init__(sample.path, boxes)
        self.k = k

    def image(self) -> np.ndarray:
        img = super().image()
        return cv2.resize(img, None, fx=self.k, fy=self.k, interpolation=cv2.INTER_AREA)


def turned(img: np.ndarray, boxes: list[Box], degrees: float) -> tuple[np.ndarray, list[Box]]:
    """The whole picture turned about its centre, and its labels with it."""
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    out = cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    moved = []
    for b in boxes:
        x, y = m @ np.array([b.cx, b.cy, 1.0])
        moved.append(Box(b.face, float(x), float(y), b.w, b.h))
    return out, moved


def warm(img: np.ndarray) -> np.ndarray:
    """A warm bulb: blue down, red up."""
    lamp = np.array((0.72, 0.92, 1.12), np.float32)
    return np.clip(img.astype(np.float32) * lamp, 0, 255).astype(np.uint8)


def dark(img: np.ndarray) -> np.ndarray:
    """0.45 of the brightness."""
    return (img.astype(np.float32) * 0.45).astype(np.uint8)


def blurred(img: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(img, (0, 0), 1.5)


def jpeg(img: np.ndarray, quality: int = 60) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return img if decoded is None else decoded


def _all(img: np.ndarray, boxes: list[Box]) -> tuple[np.ndarray, list[Box]]:
    img, boxes = turned(img, boxes, -5.0)
    return jpeg(blurred(dark(warm(img)))), boxes


CHANGES = {
    "as is": lambda img, boxes: (img, boxes),
    "warm": lambda img, boxes: (warm(img), boxes),
    "dark": lambda img, boxes: (dark(img), boxes),
    "blur": lambda img, boxes: (blurred(img), boxes),
    "jpeg60": lambda img, boxes: (jpeg(img), boxes),
    "turn5": lambda img, boxes: turned(img, boxes, 5.0),
    "all": _all,
}
