"""What the tracker tests share: a clock the test moves, and field readings made
from a state (every field as the game has it, with some changed)."""

from dataclasses import replace

from companion.tracker.fields import SeenField


class Clock:
    """Time as the test says (simulated seconds)."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def seen_of(state, change=None):
    """Every field as the state has it, with `change` {(seat, field): cards}."""
    change = change or {}
    return [
        [SeenField(tuple(change.get((s, f), col))) for f, col in enumerate(p.fields)]
        for s, p in enumerate(state.players)
    ]


def with_fields(state, seat, fields):
    """`state` with seat `seat`'s bean fields laid as `fields`."""
    players = list(state.players)
    players[seat] = replace(players[seat], fields=tuple(tuple(f) for f in fields))
    return replace(state, players=tuple(players))
