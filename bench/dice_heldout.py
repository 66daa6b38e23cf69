"""Harder checks of the dice reader on the real photos (dice-real): the figure to
trust before another sitting's photos, which nobody here has seen.

    .venv/bin/python bench/dice_heldout.py [--real DIR] [--held] [--only SPLIT] [--told]
        [--per-face N]

Splits (teach on one side, read the other):

- `random`: pictures 1-20 of every series taught, the rest read;
- `size`: dice of 30-45 px taught, smaller and larger read (the bench's split);
- `small->large`: the 30-45 px pictures scaled by 0.6 taught (dice of 18-27 px, as
  from a camera 1.7 times as high: the pictures under 30 px are nearly all Ones
  whose label wraps only the pip), the pictures over 45 px read;
- `large->small`: dice over 45 px taught, 45 px and under read.

Each read side is read as it is and after a change to the test pictures only
(never to the taught ones): a warm lamp's tint, darker, blur, JPEG at quality 60,
the whole picture turned by 5 degrees, and all of those at once (`all`).

`--told`: the reader is told how many dice each picture has (its labels), as the
live table tells it the game's number.

Held out: a fifth of the pictures (those whose name's CRC-32 is 0 modulo 5) is
never read during development: without `--held` they are neither taught nor
read; with `--held` the same readers (taught on the other pictures) read only
them. Look at `--held` once, at the end."""

# ruff: noqa: E402  (BLAS threads are set before numpy loads)
from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import re
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.sim.harder import CHANGES, Smaller, held_out
from companion.vision.dataset import read_dataset, score
from companion.vision.dice_reader import DiceReader, breakdown
from tests.shared import REAL_DICE as REAL


def picture_side(sample) -> float:
    return float(np.median([max(b.w, b.h) for b in sample.boxes]))


def number(sample) -> int:
    return int(re.match(r"^.*?[_-]?(\d+)$", sample.path.stem).group(1))


def mid(s) -> bool:
    return 30 <= picture_side(s) <= 45


# name: (taught, read, the taught pictures' scale). The pictures under 30 px are
# nearly all Ones whose label wraps only the pip (no other face to teach), so
# "small" dice are taught from the 30-45 px pictures scaled by 0.6 (18-27 px, as
# from a camera 1.7 times as high).
SPLITS = {
    "random": (lambda s: number(s) <= 20, lambda s: number(s) > 20, 1.0),
    "size": (mid, lambda s: not mid(s), 1.0),
    "small->large": (mid, lambda s: picture_side(s) > 45, 0.6),
    "large->small": (lambda s: picture_side(s) > 45, lambda s: picture_side(s) <= 45, 1.0),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--real", default=str(REAL))
    parser.add_argument("--held", action="store_true", help="read the held-out fifth (once)")
    parser.add_argument("--only", default=None, help="one split")
    parser.add_argument("--conditions", default=None, help="comma-separated conditions")
    parser.add_argument("--verbose", action="store_true", help="name every failure")
    parser.add_argument("--per-face", type=int, default=20, help="dice a face taught, at most")
    parser.add_argument(
        "--told", action="store_true", help="tell the reader how many dice are labelled"
    )
    args = parser.parse_args()
    cv2.setNumThreads(1)
    classes, samples = read_dataset(args.real)
    samples = [s for s in samples if s.boxes]
    conditions = args.conditions.split(",") if args.conditions else list(CHANGES)
    out = {}
    for name, (teach, test, k) in SPLITS.items():
        if args.only and name != args.only:
            continue
        taught = [s for s in samples if teach(s) and not held_out(s)]
        if k != 1.0:
            taught = [Smaller(s, k) for s in taught]
        read = [s for s in samples if test(s) and held_out(s) == args.held]
        reader = DiceReader.enrol(classes, taught, per_face=args.per_face)
        images = [(s, s.image()) for s in read]
        out[name] = {}
        for cond in conditions:
            results, times = [], []
            for s, img in images:
                pic, boxes = CHANGES[cond](img, s.boxes)
                t = time.perf_counter()
                found = reader.read(pic, expected=len(boxes) if args.told else None)
                times.append(time.perf_counter() - t)
                results.append((boxes, found))
                if args.verbose:
                    report_failures(classes, s.path.name, cond, boxes, found)
            sc = score(results)
            bd = breakdown(classes, results)
            out[name][cond] = {
                "pictures": len(images),
                "dice": sc["labels"],
                "recall": round(100 * sc["recall"], 1),
                "precision": round(100 * sc["precision"], 1),
                "faces": round(100 * sc["face_accuracy"], 1),
                "ms": round(1000 * float(np.mean(times)), 1),
                "confused": bd["confused"],
            }
            r = out[name][cond]
            print(
                f"{name:13s} {cond:7s} {r['dice']:4d} dice  R {r['recall']:5.1f}  "
                f"P {r['precision']:5.1f}  F {r['faces']:5.1f}  {r['ms']:5.1f} ms  {r['confused']}",
                flush=True,
            )
    print(json.dumps(out, indent=1))


def report_failures(classes, name, cond, boxes, found) -> None:
    from companion.vision.dataset import match

    pairs = dict(match(boxes, found))
    used = set(pairs.values())
    for i, b in enumerate(boxes):
        where = f"({b.cx:.0f},{b.cy:.0f}) {max(b.w, b.h):.0f}px"
        if i not in pairs:
            print(f"  MISS {cond} {name} {classes[b.face]} {where}")
        elif found[pairs[i]].face != b.face:
            d = found[pairs[i]]
            read = f"{classes[b.face]} as {classes[d.face]}"
            print(f"  FACE {cond} {name} {read} {where} c{d.confidence:.2f}")
    for j, d in enumerate(found):
        if j not in used:
            print(f"  FALSE {cond} {name} {classes[d.face]} ({d.cx:.0f},{d.cy:.0f}) {d.w:.0f}px")


if __name__ == "__main__":
    main()
