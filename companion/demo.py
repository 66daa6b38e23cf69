"""`companion demo`: the demo table. Until the table service exists this is a
narrated simulated game played by casual simulated players."""

from __future__ import annotations

import argparse
import random
import time

from .engine import bohnanza as game
from .engine.bohnanza.describe import describe, field_text
from .engine.bohnanza.players import choose


def run_demo(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    state = game.new_game(args.players, args.edition, seed=seed)
    rng = random.Random(seed)
    print(f"Bohnanza ({args.edition}), {args.players} players, seed {seed}")
    turn = 0
    while not state.over:
        if state.turn != turn:
            turn = state.turn
            f = game.forecast(state)
            print(
                f"\n— Turn {turn}: seat {state.active}.  Deck {f['cards_left']} cards, "
                f"exhaustion {f['exhaustions']}/{f['exhaustions_to_end']}, "
                f"about {f['turns_left_estimate']} turns to go"
            )
            time.sleep(args.pace)
        action = choose(state, game.legal_actions(state), rng)
        print("  " + describe(state, action))
        state = game.apply(state, action)
    print("\nThe game is over.")
    for seat, p in enumerate(state.players):
        print(f"  seat {seat}: {len(p.coins)} coins, {len(p.hand)} cards in hand")
    print(f"Winner(s): {', '.join(f'seat {s}' for s in game.winners(state))}")
    for seat, p in enumerate(state.players):
        for f, column in enumerate(p.fields):
            if column:
                print(f"  left in seat {seat} field {f}: {field_text(column)}")
    return 0
