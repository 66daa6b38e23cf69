"""Simulated players (the demo's bots): how well and how fast they play.

    .venv/bin/python bench/bots.py [--games 100] [--tables bohnanza-4,duel,dice-3] [--json]

Plays N whole games per table with every seat a bot (the `choose` of each game's
players module, as the demo table's `bot_choice` dispatches) and prints the
distribution of the winner's score (Bohnanza: coins; The Duel: dollars; Das
Würfelspiel: dollars), the hand sizes at the end of every turn (card games), the
turns a game lasts, and the time a bot takes to choose a move (CPU time of the
thread, so other work on the machine doesn't count; legal_actions not included)."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from companion.engine import GAMES
from companion.engine.bohnanza.game import coins as bohnanza_coins
from companion.engine.bohnanza.players import choose as choose_bohnanza
from companion.engine.dice.players import choose as choose_dice
from companion.engine.duel.game import cents as duel_cents
from companion.engine.duel.players import choose as choose_duel

CHOOSE = {"bohnanza": choose_bohnanza, "duel": choose_duel, "dice": choose_dice}
TABLES = (
    [f"bohnanza-{n}" for n in range(2, 8)]
    + [f"bohnanza-newer-{n}" for n in range(3, 6)]
    + ["duel"]
    + [f"dice-{n}" for n in range(2, 6)]
)


def setup_of(table: str) -> tuple[str, dict]:
    parts = table.split("-")
    game = parts[0]
    if game == "bohnanza":
        edition = "newer" if parts[1] == "newer" else "classic"
        return game, {"players": int(parts[-1]), "edition": edition}
    if game == "dice":
        return game, {"players": int(parts[1])}
    return game, {}


def score(game: str, state, seat: int) -> float:
    if game == "bohnanza":
        return bohnanza_coins(state, seat)
    if game == "duel":
        return duel_cents(state, seat) / 100
    return state.players[seat].total


def play(game: str, setup: dict, seed: int) -> dict:
    """One whole game, every seat a bot: the winner's score, hand sizes at turn
    ends, turns, and the seconds each move took to choose."""
    gd = GAMES[game]
    choose = CHOOSE[game]
    rng = random.Random(seed)
    state = gd.new_game(seed=seed, **setup)
    hands: list[int] = []
    times: list[float] = []
    while not state.over:
        legal = gd.legal_actions(state)
        t = time.thread_time()
        action = choose(state, legal, rng)
        times.append(time.thread_time() - t)
        before = state.turn
        state = gd.apply(state, action)
        if game != "dice" and state.turn != before and not state.over:
            hands += [len(p.hand) for p in state.players]
    winner = gd.summary(state)["winners"][0]
    return {
        "winner": score(game, state, winner),
        "hands": hands,
        "turns": state.turn,
        "times": times,
    }


def quartiles(xs: list[float]) -> list[float]:
    xs = sorted(xs)
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else xs * 3
    return [xs[0], q[0], q[1], q[2], xs[-1]]


def bench(table: str, games: int) -> dict:
    game, setup = setup_of(table)
    results = [play(game, setup, seed=1000 + g) for g in range(games)]
    hands = [h for r in results for h in r["hands"]]
    times = sorted(t * 1e3 for r in results for t in r["times"])
    return {
        "table": table,
        "games": games,
        "winner": quartiles([r["winner"] for r in results]),
        "hand": quartiles(hands) if hands else None,
        "hand_max": max(hands) if hands else None,
        "turns": statistics.mean(r["turns"] for r in results),
        "ms_mean": statistics.mean(times),
        "ms_p95": times[int(0.95 * (len(times) - 1))],
        "ms_max": times[-1],
        "moves": len(times),
    }


def fmt(xs) -> str:
    return " / ".join(f"{x:g}" for x in xs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--tables", default="bohnanza-4,duel,dice-3", help="comma-separated: " + ", ".join(TABLES)
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [bench(t, args.games) for t in args.tables.split(",")]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(
        "| table | games | winner min / q1 / median / q3 / max | hand at turn ends "
        "min / q1 / median / q3 / max | mean turns | ms a move mean / p95 / max |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for r in rows:
        hand = fmt(r["hand"]) if r["hand"] else "–"
        print(
            f"| {r['table']} | {r['games']} | {fmt(r['winner'])} | {hand} | {r['turns']:.1f} | "
            f"{r['ms_mean']:.3f} / {r['ms_p95']:.3f} / {r['ms_max']:.2f} |"
        )


if __name__ == "__main__":
    main()
