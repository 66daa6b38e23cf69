"""Reading the dice game's mat: the dice just rolled lie in the rolling area, the
saved ones in the bean-field tray. The calibrated mat says where both are."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .calibrate import to_image
from .dataset import Detection
from .dice_reader import DiceReader
from .mats import MatLayout


@dataclass
class DiceOnMat:
    rolled: list[Detection]  # in the rolling area
    field: list[Detection]  # in the bean-field tray


def region_masks(layout: MatLayout, h: np.ndarray, shape: tuple[int, int]) -> dict[str, np.ndarray]:
    """Each slot of the mat as a mask over the camera picture."""
    out = {}
    for slot in layout.slots:
        quad = to_image(h, np.array(slot.quad, np.float32)).astype(np.int32)
        mask = np.zeros(shape[:2], np.uint8)
        cv2.fillPoly(mask, [quad], 1)
        out[slot.name] = mask
    return out


def px_per_mm(layout: MatLayout, h: np.ndarray) -> float:
    """The picture's pixels per millimetre at the middle of the mat."""
    cx, cy = layout.width / 2, layout.height / 2
    square = np.asarray([[cx - 10, cy], [cx + 10, cy], [cx, cy - 10], [cx, cy + 10]], np.float32)
    p = to_image(h, square)
    return float(np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[3] - p[2])) / 40.0


def read_dice_mat(
    reader: DiceReader,
    image: np.ndarray,
    layout: MatLayout,
    h: np.ndarray,
    empty: np.ndarray | None = None,
    die_mm: float | None = None,
) -> DiceOnMat:
    """Every die on the dice mat, sorted into the rolling area and the bean field;
    dice anywhere else (off the mat, in a hand) are not counted. `die_mm`: the
    dice's side in millimetres, when known: the mat's scale then tells the reader
    how large a die is in the picture, wherever the camera is."""
    masks = region_masks(layout, h, image.shape)
    rolling, tray = masks["rolling area"], masks["bean field"]
    die_px = None if die_mm is None else die_mm * px_per_mm(layout, h)
    found = reader.read(image, region=(rolling | tray).astype(bool), empty=empty, die_px=die_px)
    rolled = [d for d in found if rolling[int(d.cy), int(d.cx)]]
    saved = [d for d in found if tray[int(d.cy), int(d.cx)] and d not in rolled]
    return DiceOnMat(rolled, saved)
