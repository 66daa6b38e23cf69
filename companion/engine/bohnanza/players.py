"""A simple simulated Bohnanza player, for the demo table: it plays like a casual
human (plants where the bean fits, harvests when it must or when a field pays,
makes few trades) rather than uniformly at random."""

from __future__ import annotations

import random

from ..beans import variety
from .actions import (
    Action,
    BuyField,
    DiscardOffered,
    DrawFaceUp,
    EndTrading,
    EndTurn,
    Harvest,
    Plant,
    PlantDrawn,
    PlantOffered,
    PlantTraded,
    Trade,
)
from .state import State


def _score(state: State, a: Action, rng: random.Random) -> float:
    if isinstance(a, Harvest):
        column = state.players[a.player].fields[a.field]
        coins = variety(column[-1]).coins_for(len(column))
        nxt = variety(column[-1]).cards_to_next_coin(len(column))
        # Sell a field at the top of its beanometer; otherwise only when stuck.
        return 5.0 if nxt is None else -2.0 + coins
    if isinstance(a, Plant | PlantTraded | PlantDrawn | PlantOffered):
        column = state.players[a.player].fields[a.field]
        return 4.0 if column else 3.0
    if isinstance(a, BuyField):
        return 2.5
    if isinstance(a, Trade):
        return 1.0 if rng.random() < 0.15 else -1.0
    if isinstance(a, EndTrading | DrawFaceUp | EndTurn | DiscardOffered):
        return 0.5
    return 0.0


def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
    """The action a casual player would take now."""
    return max(legal, key=lambda a: (_score(state, a, rng), rng.random()))
