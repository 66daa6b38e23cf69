"""Random play over legal_actions, checking every invariant after every action.

The simulator is the engine's own perft: a game is played by choosing uniformly
among `legal_actions`, every chosen action must be accepted by `apply`, and the
game's invariants must hold after each one."""

from __future__ import annotations

import random
import time
from typing import Any

from .errors import RuleError
from .log import game_def

# A random game that has not ended after this many actions is stuck: that is a bug.
MAX_ACTIONS_PER_GAME = 200_000


def simulate(
    game: str, games: int, seed: int = 0, *, check: bool = True, **setup: Any
) -> dict[str, Any]:
    gd = game_def(game)
    rng = random.Random(seed)
    actions = turns = rule_errors = violations = stuck = 0
    examples: list[str] = []
    started = time.perf_counter()
    for g in range(games):
        state = gd.new_game(seed=rng.randrange(2**32), **setup)
        n = 0
        while not state.over:
            legal = gd.legal_actions(state)
            if not legal:
                violations += 1
                examples.append(f"game {g}: no legal action at step {state.step!r}")
                break
            action = rng.choice(legal)
            try:
                after = gd.apply(state, action)
            except RuleError as err:
                rule_errors += 1
                examples.append(f"game {g}: legal {action} refused: {err}")
                break
            if check:
                problems = gd.invariants(after) + gd.step_invariants(state, action, after)
                if problems:
                    violations += len(problems)
                    examples.extend(f"game {g}: after {action}: {p}" for p in problems)
            state = after
            n += 1
            if n >= MAX_ACTIONS_PER_GAME:
                stuck += 1
                violations += 1
                examples.append(f"game {g}: not over after {n} actions")
                break
        actions += n
        turns += state.turn
    elapsed = time.perf_counter() - started
    return {
        "game": game,
        "setup": setup,
        "games": games,
        "actions": actions,
        "mean_turns": round(turns / games, 2) if games else 0.0,
        "rule_errors": rule_errors,
        "invariant_violations": violations,
        "actions_per_second": round(actions / elapsed) if elapsed > 0 else 0,
        "seconds": round(elapsed, 2),
        "examples": examples[:10],
    }
