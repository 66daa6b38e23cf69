"""Split a dice dataset folder into an enrolment and a test folder (links, not
copies).

By number (the default): pictures are named PREFIX_N; those numbered up to `first`
of every prefix enrol, the rest test, so both see every face and neighbouring
shots stay apart.

By size (`split_by_size`): the pictures whose dice are `low`-`high` pixels (the
median of their labelled boxes' longer sides) enrol, the ones with smaller or
larger dice test: taught at one camera height, read at others, as at a table
where the camera was moved. (In dice-real a few boxes of a One wrap only its pip:
such a picture counts as one of small dice, so it is read, never taught.)"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np

from .dataset import IMAGE_SUFFIXES, read_classes, read_dataset

_NUMBER = re.compile(r"^(.*?)[_-]?(\d+)$")


def _folders(src: Path, enroll_out: str, test_out: str) -> None:
    read_classes(src)
    for out in (enroll_out, test_out):
        Path(out).mkdir(parents=True, exist_ok=True)
        link = Path(out) / "classes.txt"
        if not link.exists():
            os.symlink((src / "classes.txt").resolve(), link)


def _link(img: Path, out: Path) -> None:
    for f in (img, img.with_suffix(".txt")):
        if f.exists() and not (out / f.name).exists():
            os.symlink(f.resolve(), out / f.name)


def split_dataset(source: str, enroll_out: str, test_out: str, first: int = 20) -> dict:
    src = Path(source)
    _folders(src, enroll_out, test_out)
    counts = {"enroll": 0, "test": 0}
    for img in sorted(p for p in src.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        m = _NUMBER.match(img.stem)
        if not m:
            raise ValueError(f"{img.name}: expected a name ending in a number")
        side = "enroll" if int(m.group(2)) <= first else "test"
        _link(img, Path(enroll_out if side == "enroll" else test_out))
        counts[side] += 1
    return counts


def split_by_size(
    source: str, enroll_out: str, test_out: str, low: float = 30.0, high: float = 45.0
) -> dict:
    """Pictures whose dice are `low`-`high` px enrol; the others test. Returns the
    pictures and dice on each side, the test's dice counted smaller and larger."""
    if not 0 < low <= high:
        raise ValueError(f"the enrolment sizes must run from low to high, got {low}-{high}")
    src = Path(source)
    _folders(src, enroll_out, test_out)
    _, samples = read_dataset(src)
    counts = {"enroll": 0, "test": 0, "enroll_dice": 0, "smaller_dice": 0, "larger_dice": 0}
    for sample in samples:
        if not sample.boxes:
            continue  # no labelled die: no size to go by
        side = float(np.median([max(b.w, b.h) for b in sample.boxes]))
        key = "enroll" if low <= side <= high else "test"
        _link(sample.path, Path(enroll_out if key == "enroll" else test_out))
        counts[key] += 1
        dice = "enroll_dice" if key == "enroll" else "smaller_dice" if side < low else "larger_dice"
        counts[dice] += len(sample.boxes)
    return counts
