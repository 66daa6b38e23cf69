"""The live table's benchmark: from the table coming to rest in the synthetic
camera feed (the dice still, or the hand gone after laying a card) to the phones'
update, and the frames per second the camera side sustains, on one core.

    .venv/bin/python bench/live_table.py [--game dice|bohnanza|duel] [--players N]
        [--moves 80] [--size 1280x960] [--still 1]

The simulated players throw and save synthetic dice, or lay cards, clear fields
and turn cards over (every seat's three field slots and the face-up places in one
picture); frames come at 10 per second of simulated time, each handed to the
camera feed (settle detector; on a settled picture the reader, the tracker, the
table service and the Socket.IO broadcast) and timed (not the rendering of the
synthetic picture: that is the camera's, not the service's). Latency = the frames
waited for the picture to count as still (--still quiet frames at 100 ms each)
plus the wall time of the settling frame's work until a watching phone (an
in-process Socket.IO test client: no network) holds the update."""

# ruff: noqa: E402  (BLAS threads are set before numpy loads)
from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.sim.worlds import CameraBots, CardBots, cards_camera, dice_camera
from companion.store import Store
from companion.tables import TableService
from companion.tracker.live import STILL_FRAMES
from companion.vision.settle import SettleDetector
from companion.web import create_app, socketio


class Clock:
    t = 0.0

    def __call__(self) -> float:
        return self.t


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(len(values) * p))], 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="dice", choices=["dice", "bohnanza", "duel"])
    parser.add_argument("--players", type=int, default=None, help="dice 3, Bohnanza 5")
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--size", default="1280x960")
    parser.add_argument("--still", type=int, default=STILL_FRAMES, help="quiet frames that settle")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    size = tuple(int(v) for v in args.size.split("x"))
    store = Store(":memory:")
    service = TableService(store)
    app = create_app(service, host_key="bench", public_url="http://table.local")
    players = {"duel": 2, "dice": 3, "bohnanza": 5}[args.game]
    players = args.players if args.players and args.game != "duel" else players
    code = service.open_table(args.game, players, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    phone = socketio.test_client(app, auth={"watch": code})
    phone.get_received()
    clock = Clock()
    dice = args.game == "dice"
    camera = dice_camera if dice else cards_camera
    world, feed, live = camera(service, code, seed=4, size=size, clock=clock)
    live.detector = SettleDetector(still_frames=args.still, laid=live.detector.laid)
    detector, holds = live.detector, {"held": 0, "read_anyway": 0}
    update = detector.update

    def counted(image):
        """The settle detector, counting the hands it held the reading for."""
        was = detector._held
        state = update(image)
        holds["held"] += state == "hand" and was == 0
        holds["read_anyway"] += state == "settled" and was >= detector.hold_frames
        return state

    detector.update = counted
    bots = (CameraBots if dice else CardBots)(service, code, 0.0, 4, world, live, clock=clock)
    work: list[float] = []  # the camera side's work on the last frame (not the rendering)

    def timed(image):
        started = time.perf_counter()
        live.frame(image)
        work.append((time.perf_counter() - started) * 1000)

    feed.on_frame = timed
    latencies, quiet_ms, busy_ms = [], [], []
    phase = np.random.default_rng(1)
    moves = 0
    while moves < args.moves:
        changed = world.changed
        moved = bots.step()
        moves += moved
        # A move the camera is to see (not one made on the phone: a harvest card,
        # a trade, a gift), whose update is timed.
        seen = world.changed != changed if dice else moved and bots.expect is not None
        phone.get_received()
        # The camera's frames don't wait for the dice: a random phase between them.
        clock.t += float(phase.uniform(0, 0.1))
        first = True  # the move's update (the odds that follow it are another)
        for _ in range(14):  # 1.4 s of frames at 10 fps
            clock.t += 0.1
            feed.step()
            took = work[-1]
            updated = any(m["name"] == "state" for m in phone.get_received())
            if updated and first and seen:
                first = False
                busy_ms.append(took)
                # From the table at rest (the first still picture) to this
                # frame, and this frame's work.
                latencies.append((clock.t - world.resting) * 1000 + took)
            else:
                quiet_ms.append(took)
    state = service.table(code).state
    out = {
        "frame": f"{size[0]}x{size[1]}",
        "settle_frames": args.still,
        "moves": moves,
        "updates": len(latencies),
        "corrections": bots.corrections,
        "hands_at_rest_not_read": holds["held"],
        "read_with_a_hand_after_2s": holds["read_anyway"],
        "game": args.game,
        "players": players,
        "turn": state.turn,
        "settle_to_phone_ms": {"p50": pct(latencies, 0.5), "p95": pct(latencies, 0.95)},
        "frame_ms_no_reading": {"mean": round(statistics.fmean(quiet_ms), 1)},
        "frame_ms_reading": {
            "mean": round(statistics.fmean(busy_ms), 1),
            "p95": pct(busy_ms, 0.95),
        },
        "sustained_fps": round(1000 / statistics.fmean(quiet_ms + busy_ms), 1),
        "fps_if_every_frame_read": round(1000 / statistics.fmean(busy_ms), 1),
        "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
