"""Split a dice dataset folder into an enrolment and a test folder (links, not
copies). Pictures are named PREFIX_N: those numbered up to `first` of every prefix
enrol, the rest test, so both see every face and neighbouring shots stay apart."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .dataset import IMAGE_SUFFIXES, read_classes

_NUMBER = re.compile(r"^(.*?)[_-]?(\d+)$")


def split_dataset(source: str, enroll_out: str, test_out: str, first: int = 20) -> dict:
    src = Path(source)
    read_classes(src)
    counts = {"enroll": 0, "test": 0}
    for out in (enroll_out, test_out):
        Path(out).mkdir(parents=True, exist_ok=True)
        link = Path(out) / "classes.txt"
        if not link.exists():
            os.symlink((src / "classes.txt").resolve(), link)
    for img in sorted(p for p in src.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        m = _NUMBER.match(img.stem)
        if not m:
            raise ValueError(f"{img.name}: expected a name ending in a number")
        side = "enroll" if int(m.group(2)) <= first else "test"
        out = Path(enroll_out if side == "enroll" else test_out)
        for f in (img, img.with_suffix(".txt")):
            if f.exists() and not (out / f.name).exists():
                os.symlink(f.resolve(), out / f.name)
        counts[side] += 1
    return counts
