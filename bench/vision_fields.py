"""Field reader benchmark: 7 players x 3 fields (21 slots) in one 1280 x 960 frame,
ms per frame on one core, and the reading figures for each card design.

    .venv/bin/python bench/vision_fields.py [--scenes 60] [--seeds 5,77]

Design "a" is the one the reader was tuned on; "b" and "c" were kept out."""

# ruff: noqa: E402  (BLAS threads are set before numpy loads)
from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.cards_synth import write_enrolment, write_field_dataset
from companion.vision.field_reader import FieldReader, score_fields


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=60, help="per seed")
    parser.add_argument("--seeds", default="5,77", help="one set of scenes per seed")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    root = Path(tempfile.mkdtemp(prefix="bench-fields-"))
    out = {"frame": "1280x960, 21 field slots"}
    for design in "abc":
        write_enrolment(root / f"enrol-{design}", design)
        reader = FieldReader.from_folder(root / f"enrol-{design}")
        totals = {"fields": 0, "exact": 0, "count": 0, "top": 0}
        times: list[float] = []
        for seed in (int(x) for x in args.seeds.split(",")):
            folder = root / f"test-{design}-{seed}"
            write_field_dataset(folder, args.scenes, seed=seed, design=design, fields=21)
            figures, took = score_fields(reader, folder)
            times += took
            totals["fields"] += figures["fields"]
            totals["exact"] += figures["exact"]
            totals["count"] += round(figures["count_rate"] * figures["fields"])
            totals["top"] += round(figures["top_variety_rate"] * figures["fields"])
        times.sort()
        n = totals["fields"]
        out[design] = {
            "fields": n,
            "exact_rate": round(totals["exact"] / n, 4),
            "count_rate": round(totals["count"] / n, 4),
            "top_variety_rate": round(totals["top"] / n, 4),
            "ms_mean": round(statistics.fmean(times), 2),
            "ms_p95": round(times[max(0, int(len(times) * 0.95) - 1)], 2),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
