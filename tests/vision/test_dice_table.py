"""The dice mat at the table: calibrated, then dice read in the rolling area and
in the bean-field tray."""

import cv2
import numpy as np
import pytest

from companion.sim.dice_scenes import BEANS, DIE_TONES, _paste, bean_symbol
from companion.vision.calibrate import MatTracker
from companion.vision.dataset import Box
from companion.vision.dice_reader import DiceReader
from companion.vision.dice_table import px_per_mm, read_dice_mat
from companion.vision.mats import dice_mat, mat_image
from companion.vision.teach import PathlessSample

PX = 2.0  # picture pixels per mm


def scene(layout, rolled, saved, rng):
    """The mat drawn top-down at PX px/mm with dice: (mm x, mm y, face) each."""
    img = mat_image(layout, PX)
    img[:] = np.where(img == 255, np.uint8(215), img)  # paper under a warm lamp
    boxes = []
    for x, y, face in rolled + saved:
        side = 16 * PX  # a 16 mm die
        _paste(
            img,
            bean_symbol(BEANS[face], int(side), DIE_TONES["lighter"]),
            x * PX,
            y * PX,
            float(rng.uniform(0, 90)),
            rng,
        )
        boxes.append(Box(face, x * PX, y * PX, side, side))
    return img, boxes


def test_dice_are_read_and_sorted_into_rolling_area_and_bean_field():
    rng = np.random.default_rng(3)
    layout = dice_mat("A3")
    empty = scene(layout, [], [], rng)[0]
    # Teach: every face a few times in the rolling area.
    samples = []
    for face in range(6):
        for k in range(4):
            img, boxes = scene(
                layout, [(60 + 45 * j, 80 + 60 * k, face) for j in range(5)], [], rng
            )
            samples.append(PathlessSample(img, boxes))
    reader = DiceReader.enrol(list(BEANS), samples, per_face=20, empty=empty)
    tracker = MatTracker([layout])
    tracker.update(empty)
    assert tracker.calibrated()
    h = tracker.homographies["dice"]
    tray_y = layout.slots[1].quad[0][1] + 22
    img, boxes = scene(
        layout,
        [(80, 120, 2), (170, 200, 4)],
        [(70, tray_y, 0), (120, tray_y, 5), (170, tray_y, 3)],
        rng,
    )
    cv2.rectangle(img, (5, 5), (20, 20), (200, 200, 200), -1)  # clutter off the mat
    result = read_dice_mat(reader, img, layout, h, empty=empty)
    # Every die is found where it lies; what each face reads is measured by the
    # benchmark (bench/vision_dice.py), not asserted here.
    assert len(result.rolled) == 2 and len(result.field) == 3
    rolled_at = sorted((round(d.cx / PX), round(d.cy / PX)) for d in result.rolled)
    field_at = sorted((round(d.cx / PX), round(d.cy / PX)) for d in result.field)
    for (x, y), (ex, ey) in zip(rolled_at, [(80, 120), (170, 200)], strict=True):
        assert abs(x - ex) <= 3 and abs(y - ey) <= 3
    for (x, _), ex in zip(field_at, [70, 120, 170], strict=True):
        assert abs(x - ex) <= 3
    # The mat tells the picture's scale, and so a 16 mm die's size: the same dice.
    assert px_per_mm(layout, h) == pytest.approx(PX, rel=0.03)
    told = read_dice_mat(reader, img, layout, h, empty=empty, die_mm=16)
    assert len(told.rolled) == 2 and len(told.field) == 3
