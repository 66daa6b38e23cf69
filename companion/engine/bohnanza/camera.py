"""What the camera's sightings of bean fields mean in Bohnanza: the actions that
put a bean in a field now, the harvest, the cards turned over (the card tracker
asks these through the registry; see tracker/fields.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..actions import Action
from ..cards import coming, from_hand
from ..sightings import MatSize
from .actions import DrawFaceUp, EndTrading, Harvest, Plant, PlantDrawn, PlantOffered, PlantTraded
from .game import apply
from .rules import VARIANTS, make_rules


def planting(state: Any, seat: int, f: int, bean: str, face_up=None) -> list[Action]:
    """The actions that put `bean` in field `f` of `seat` now (Bohnanza)."""
    player = state.players[seat]
    if state.step == "plant" and seat == state.active:
        return [Plant(seat, f, bean)]
    if state.step == "trade" and (bean in state.face_up or any(p.set_aside for p in state.players)):
        # Planting traded cards means the trading is over (step 3 has begun).
        return [EndTrading(state.active)] + planting(
            apply(state, EndTrading(state.active)), seat, f, bean
        )
    if state.step == "plant-traded" and bean in player.set_aside:
        return [PlantTraded(seat, player.set_aside.index(bean), f)]
    if state.step == "plant-drawn" and bean in state.face_up:
        return [PlantDrawn(seat, state.face_up.index(bean), f)]
    if state.step == "offer" and bean in state.offer:
        return [PlantOffered(seat, state.offer.index(bean), f)]
    return [Plant(seat, f, bean)]  # not a planting the game allows now: it says why


def harvest(seat: int, field: int) -> Action:
    return Harvest(seat, field)


def turn_over(seat: int, beans: tuple[str, ...]) -> Action:
    return DrawFaceUp(seat, beans)


def turned(state: Any) -> int:
    """How many cards the active player turns over now (0: none now: not the
    planting step, or they lie face up already)."""
    if state.step != "plant" or state.face_up:
        return 0
    return state.rules.face_up


# The moves the camera sees done at the table: a card laid in a field, a field
# cleared, cards turned over. Everything else (trades, the end of a step) is done
# on the phones.
SEEN = (Plant, PlantTraded, PlantDrawn, PlantOffered, Harvest, DrawFaceUp)


def sees(action: Action) -> bool:
    return isinstance(action, SEEN)


def first_alike(state: Any, action: Action) -> Action:
    """Of two alike cards (two blue beans turned over) a hand takes either; the
    camera can't tell them apart, so the move names the first of them."""
    if isinstance(action, PlantDrawn):
        cards = state.face_up
    elif isinstance(action, PlantOffered):
        cards = state.offer
    elif isinstance(action, PlantTraded):
        cards = state.players[action.player].set_aside
    else:
        return action
    return dataclasses.replace(action, index=cards.index(cards[action.index]))


def mats(players: int) -> MatSize:
    """What the printed mats hold: a seat's mat has room for the most fields a seat
    may have (the third bought among them), the face-up mat for the most cards
    turned face up, in any edition and at any table size: a table prints its mats
    once and plays with more or fewer players on them."""
    rules = [make_rules(n, e) for e, n in VARIANTS]
    fields = max(r.fields + (1 if r.can_buy_field else 0) for r in rules)
    return MatSize(fields, max(r.face_up for r in rules))


__all__ = [
    "apply",
    "coming",
    "first_alike",
    "from_hand",
    "harvest",
    "mats",
    "planting",
    "sees",
    "turn_over",
    "turned",
]
