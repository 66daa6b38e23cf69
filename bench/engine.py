"""Rules-engine benchmark: actions applied per second and the time of legal_actions.

    .venv/bin/python bench/engine.py [--games N] [--json]

States and actions come from random games over legal_actions (as `companion
simulate` plays them); each is then timed alone, on one core."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from companion.engine import GAMES


def recorded(game: str, setup: dict, games: int, seed: int) -> list[tuple[object, object]]:
    gd = GAMES[game]
    rng = random.Random(seed)
    pairs = []
    for g in range(games):
        s = gd.new_game(seed=seed + g, **setup)
        while not s.over:
            a = rng.choice(gd.legal_actions(s))
            pairs.append((s, a))
            s = gd.apply(s, a)
    return pairs


def bench(game: str, players: int, games: int) -> dict:
    gd = GAMES[game]
    setup = {"players": players} if game == "bohnanza" else {}
    pairs = recorded(game, setup, games, seed=players * 1000)
    start = time.perf_counter()
    for s, a in pairs:
        gd.apply(s, a)
    apply_s = time.perf_counter() - start

    timings = []
    for s, _ in pairs[::3]:
        t = time.perf_counter()
        gd.legal_actions(s)
        timings.append(time.perf_counter() - t)
    timings.sort()
    return {
        "game": game,
        "players": players,
        "actions": len(pairs),
        "actions_per_second": round(len(pairs) / apply_s),
        "legal_actions_ms_mean": round(statistics.fmean(timings) * 1e3, 4),
        "legal_actions_ms_p95": round(timings[int(len(timings) * 0.95)] * 1e3, 4),
        "legal_actions_ms_max": round(timings[-1] * 1e3, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [bench("bohnanza", n, args.games) for n in range(2, 8)]
    rows.append(bench("duel", 2, args.games))
    if args.json:
        print(json.dumps(rows))
        return
    print("game      players  actions/s  legal_actions ms (mean / p95 / max)")
    for r in rows:
        print(
            f"{r['game']:<9} {r['players']:>7}  {r['actions_per_second']:>9}  "
            f"{r['legal_actions_ms_mean']:.3f} / {r['legal_actions_ms_p95']:.3f} / "
            f"{r['legal_actions_ms_max']:.3f}"
        )


if __name__ == "__main__":
    main()
