"""Das Würfelspiel odds benchmark: first-roll odds and the adviser, cold and cached.

    .venv/bin/python bench/dice_odds.py [--cards 20] [--json]

Cold: a new Advisor for the bottom-most orders of a harvest card, answering the
start-of-turn question (the whole expectimax is solved). Warm: the same adviser
asked again from states met later in the turn (memoised)."""

from __future__ import annotations

import argparse
import json
import statistics
import time

from companion.engine.dice import Advisor, first_roll, parse_order, synthetic_cards
from companion.engine.dice.odds import _kind_rolls, _rolls

EXAMPLES = [
    "stink + soy + red",
    "green*2 | soy*2",
    "(soy|green) + red + garden",
    "(soy|green) + (garden|red)*2",
]


def ms(f) -> float:
    t = time.perf_counter()
    f()
    return (time.perf_counter() - t) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    # First-roll odds: parse + exact sum over every roll, caches cleared each time.
    first = []
    for text in EXAMPLES:
        order = parse_order(text)
        first.append(ms(lambda order=order: first_roll(order)))

    cold, warm, cold_nocache = [], [], []
    for card in synthetic_cards()[: args.cards]:
        orders = card.orders
        _rolls.cache_clear()
        _kind_rolls.cache_clear()
        adviser = Advisor(orders)
        cold_nocache.append(ms(adviser.advise))
        adviser = Advisor(orders)
        cold.append(ms(adviser.advise))
        warm.append(
            ms(
                lambda a=adviser: a.advise(
                    field=["soy"], left=["darker", "lighter", "lighter", "lighter"]
                )
            )
        )
    cold.sort()
    result = {
        "first_roll_ms_mean": round(statistics.fmean(first), 2),
        "advisor_cold_ms_mean": round(statistics.fmean(cold), 1),
        "advisor_cold_ms_p95": round(cold[int(len(cold) * 0.95) - 1], 1),
        "advisor_cold_ms_max": round(cold[-1], 1),
        "advisor_cold_empty_caches_ms_mean": round(statistics.fmean(cold_nocache), 1),
        "advisor_warm_ms_mean": round(statistics.fmean(warm), 3),
        "cards": len(cold),
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
