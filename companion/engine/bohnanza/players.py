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
from .game import fields_for
from .state import State


def _needs_room(state: State, seat: int) -> bool:
    """The player holds a card that must be planted now and fits no field."""
    p = state.players[seat]
    due = list(p.set_aside)
    if seat == state.active:
        if state.step == "plant" and p.hand and p.hand[0] and state.planted == 0:
            due.append(p.hand[0])
        if state.step == "offer":
            due += list(state.offer)
    return any(not fields_for(p, bean) for bean in due if bean)


def _score(state: State, a: Action, trade_mood: bool) -> float:
    if isinstance(a, Harvest):
        column = state.players[a.player].fields[a.field]
        v = variety(column[-1])
        if v.cards_to_next_coin(len(column)) is None:
            return 5.0  # the top of the beanometer: sell
        if _needs_room(state, a.player):
            return 1.0 + v.coins_for(len(column)) + len(column) / 100
        return -5.0
    if isinstance(a, Plant | PlantTraded | PlantDrawn | PlantOffered):
        column = state.players[a.player].fields[a.field]
        return 4.0 if column else 3.0
    if isinstance(a, BuyField):
        return 2.5 if len(state.players[a.player].coins) >= 5 else -1.0
    if isinstance(a, Trade):
        return 1.0 if trade_mood else -1.0
    if isinstance(a, EndTrading | DrawFaceUp | EndTurn | DiscardOffered):
        return 0.5
    return 0.0


def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
    """The action a casual player would take now: trades now and then, not always."""
    trade_mood = rng.random() < 0.12
    return max(legal, key=lambda a: (_score(state, a, trade_mood), rng.random()))
