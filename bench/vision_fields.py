"""Field reader benchmark (issue 16): 7 players x 3 fields (21 slots) in one
1280 x 960 frame of a hard synthetic table (`companion.sim.hard_tables`): cards
built like the published ones, lamp 2700-6500 K and uneven light, camera 0-15
degrees off straight down, strips 8-25 mm, cards up to 10 mm and 8 degrees off,
white / cream / grey paper, glare, JPEG 70, blur and noise.

Every frame goes the real way: the mats are calibrated from their markers in the
frame (RANSAC, impossible markers rejected), each slot is taken from its mat's
homography at its printed size, and read. A mat not calibrated leaves its fields
unread (they count as wrong unless empty).

    .venv/bin/python bench/vision_fields.py [--scenes 30] [--seed 5] [--styles r1,r4]
        [--markers 1000] [--unprinted]

Styles r1-r3 are the ones the reader was tuned on, r4-r6 were kept out; r2 and
r5 are drawn as the published cards are (the bean in miniature in both top
corners). `--unprinted`: the old mats, whose field slots are the bare paper. `--markers
N`: also N tables full of cards (all six styles, two of them with marker-like
tiles and real ArUco codes in their art) to count false markers: squares read
from card art, and those calibration accepted."""

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
import time
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.sim.hard_tables import (
    HELD_OUT,
    TUNED,
    Conditions,
    render_table,
    write_real_enrolment,
)
from companion.vision.calibrate import MatTracker, detect_marker_candidates, to_image
from companion.vision.field_reader import FieldReader
from companion.vision.mats import card_mat


def conditions_of(labels: dict) -> list[str]:
    """The buckets a table falls in, for the per-condition figures."""
    k = labels["kelvin"]
    lamp = "lamp <3500 K" if k < 3500 else ("lamp 3500-5000 K" if k < 5000 else "lamp >=5000 K")
    tilt = "tilt >7.5 deg" if labels["tilt_deg"] > 7.5 else "tilt <=7.5 deg"
    return [f"paper {labels['paper']}", lamp, tilt]


def read_table(reader: FieldReader, img: np.ndarray, labels: dict, players: int):
    """The fields as the real path reads them, and the ms the 21 slots took (wall
    clock, and this process's CPU time: the wall clock counts other work sharing
    the core)."""
    layouts = [card_mat(seat, 3, "A4") for seat in range(players)]
    mats = MatTracker(layouts)
    mats.update(img)
    quads, sizes = [], []
    for layout in layouts:
        h = mats.homographies.get(layout.name)
        for slot in layout.slots:
            (x0, y0), (x1, _), _, (_, y3) = slot.quad
            quads.append(None if h is None else to_image(h, np.float32(slot.quad)))
            sizes.append((x1 - x0, y3 - y0))
    t, cpu = time.perf_counter(), time.process_time()
    read = [r if r is None else r.cards for r in reader.read_all(img, quads, sizes)]
    return read, (1000 * (time.perf_counter() - t), 1000 * (time.process_time() - cpu))


def bench_style(
    style: str, scenes: int, seed: int, root: Path, players: int, cond: Conditions | None = None
) -> dict:
    write_real_enrolment(root / f"enrol-{style}", style)
    reader = FieldReader.from_folder(root / f"enrol-{style}")
    rng = np.random.default_rng(seed)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # fields, exact, count, top
    times, cpu = [], []
    uncalibrated = 0
    for _ in range(scenes):
        img, labels = render_table(rng, players, style, cond)
        read, (ms, ms_cpu) = read_table(reader, img, labels, players)
        times.append(ms)
        cpu.append(ms_cpu)
        for f, cards in zip(labels["fields"], read, strict=True):
            truth = f["cards"]
            if cards is None:
                uncalibrated += 1
                cards = ["?"] * 99 if truth else []
            ok = (cards == truth, len(cards) == len(truth), cards[-1:] == truth[-1:])
            # A game's field holds one variety; the world lays mixed columns too
            # (three in ten), as a harder test of each card's own reading.
            kind = ["field of one variety" if len(set(truth)) == 1 else "mixed field"]
            for bucket in ["all"] + conditions_of(labels) + (kind if truth else []):
                t = tally[bucket]
                t[0] += 1
                for i, v in enumerate(ok):
                    t[i + 1] += v
    return {"tally": dict(tally), "times": times, "cpu": cpu, "uncalibrated": uncalibrated}


def figures(t: list[int]) -> dict:
    n = max(t[0], 1)
    return {
        "fields": t[0],
        "exact": round(t[1] / n, 4),
        "count": round(t[2] / n, 4),
        "top": round(t[3] / n, 4),
    }


def false_markers(tables: int, seed: int, players: int) -> dict:
    """Squares read as markers that are not the mats' (raw), and those calibration
    took for a mat's (accepted), over `tables` tables full of cards."""
    rng = np.random.default_rng(seed)
    styles = TUNED + HELD_OUT
    layouts = [card_mat(seat, 3, "A4") for seat in range(players)]
    raw = accepted = missed_mats = bad_fits = 0
    for i in range(tables):
        img, labels = render_table(rng, players, styles[i % len(styles)])
        truth = {int(k): np.array(v) for k, v in labels["markers"].items()}
        cands = detect_marker_candidates(img)
        false = {
            j
            for j, (mid, q) in enumerate(cands)
            if mid not in truth or np.abs(truth[mid] - q).max() > 3.0
        }
        raw += len(false)
        mats = MatTracker(layouts)
        mats.update(img)
        for layout in layouts:
            h = mats.homographies.get(layout.name)
            if h is None:
                missed_mats += 1
                continue
            used = mats.seen[layout.name]
            # A used marker is false if the picture holds no true one of its id where
            # the fit puts it; a fit is bad if a slot corner lands over 3 mm off.
            for mid in used:
                placed = to_image(h, layout.markers[layout.ids.index(mid)].corners)
                if np.abs(placed - truth[mid]).max() > 6.0:
                    accepted += 1
            mine = [f for f in labels["fields"] if f["mat"] == layout.name]
            true_px = np.float32([c for f in mine for c in f["quad"]])
            mm = np.float32([c for s in layout.slots for c in s.quad])
            err = np.linalg.norm(to_image(h, mm) - true_px, axis=1).max()
            px_per_mm = np.linalg.norm(true_px[1] - true_px[0]) / 64.0
            bad_fits += err / px_per_mm > 3.0
    return {
        "tables": tables,
        "raw_false_squares": raw,
        "false_markers_accepted": accepted,
        "bad_homographies": int(bad_fits),
        "mats_not_calibrated": missed_mats,
        "mats": tables * players,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=30, help="tables per style")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--styles", default=",".join(TUNED + HELD_OUT))
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--markers", type=int, default=0, help="tables for false markers")
    parser.add_argument(
        "--unprinted", action="store_true", help="old mats: the field slots not printed grey"
    )
    parser.add_argument(
        "--card-scale",
        type=float,
        nargs=2,
        default=(1.0, 1.0),
        metavar=("LO", "HI"),
        help="cards as laid, to the published size (a table draws one): sleeves, a mat "
        "printed fit to page",
    )
    args = parser.parse_args()
    cv2.setNumThreads(1)
    root = Path(tempfile.mkdtemp(prefix="bench-fields-"))
    out: dict = {"frame": f"1280x960, {3 * args.players} field slots", "styles": {}}
    groups: dict[str, dict] = {g: defaultdict(lambda: [0, 0, 0, 0]) for g in ("tuned", "held-out")}
    all_times: dict[str, list[float]] = {"tuned": [], "held-out": []}
    all_cpu: dict[str, list[float]] = {"tuned": [], "held-out": []}
    for style in args.styles.split(",") if args.scenes > 0 else []:
        cond = Conditions(
            slot_fill=None if args.unprinted else Conditions.slot_fill,
            card_scale=(args.card_scale[0], args.card_scale[1]),
        )
        r = bench_style(style, args.scenes, args.seed, root, args.players, cond)
        group = "tuned" if style in TUNED else "held-out"
        for bucket, t in r["tally"].items():
            g = groups[group][bucket]
            for i in range(4):
                g[i] += t[i]
        all_times[group] += r["times"]
        all_cpu[group] += r["cpu"]
        out["styles"][style] = {
            **figures(r["tally"]["all"]),
            "uncalibrated_fields": r["uncalibrated"],
        }
    for group, tally in groups.items():
        times, cpu = sorted(all_times[group]), sorted(all_cpu[group])
        if not times:
            continue
        out[group] = {
            "all": figures(tally["all"]),
            "by_condition": {b: figures(t) for b, t in sorted(tally.items()) if b != "all"},
            "ms_mean": round(statistics.fmean(times), 1),
            "ms_p95": round(times[max(0, int(len(times) * 0.95) - 1)], 1),
            "ms_cpu_mean": round(statistics.fmean(cpu), 1),
            "ms_cpu_p95": round(cpu[max(0, int(len(cpu) * 0.95) - 1)], 1),
        }
    if args.markers:
        out["markers"] = false_markers(args.markers, args.seed + 1, args.players)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
