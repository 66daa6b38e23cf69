"""What the camera's sightings of bean fields mean in The Duel: the actions that
put a bean in a field now, the harvest, the cards turned over (the card tracker
asks these through the registry; see tracker/fields.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..actions import Action
from ..cards import coming, from_hand
from ..sightings import MatSize
from .actions import DrawFaceUp, Harvest, Plant, PlantDrawn, PlantGift
from .game import apply
from .state import DATA


def planting(state: Any, seat: int, f: int, bean: str, face_up=None) -> list[Action]:
    """The actions that put `bean` in field `f` of `seat` now (The Duel). A bean
    both turned over and given: the face-up places tell which was taken."""
    player = state.players[seat]
    if state.step == "plant" and seat == state.active:
        return [Plant(seat, f, bean)]
    drawn = state.step == "plant-drawn" and seat == state.active and bean in state.face_up
    gift = state.step in ("plant-drawn", "plant-gift") and player.gift[:1] == (bean,)
    if drawn and gift and face_up is not None:
        drawn = list(face_up).count(bean) < state.face_up.count(bean)
    if drawn:
        return [PlantDrawn(seat, state.face_up.index(bean), f)]
    if gift:
        return [PlantGift(seat, f)]
    return [Plant(seat, f, bean)]


def harvest(seat: int, field: int) -> Action:
    return Harvest(seat, field)


def turn_over(seat: int, beans: tuple[str, ...]) -> Action:
    return DrawFaceUp(seat, beans)


def turned(state: Any) -> int:
    """How many cards the active player turns over now (the deck may run short;
    0: none now: not the planting step, or they lie face up already)."""
    if state.step != "plant" or state.face_up:
        return 0
    return min(DATA["face_up"], state.deck_size)


# The moves the camera sees done at the table: a card laid in a field, a field
# cleared, cards turned over. Everything else (gifts offered, bo(h)nus cards, the
# end of a step) is done on the phones.
SEEN = (Plant, PlantDrawn, PlantGift, Harvest, DrawFaceUp)


def sees(action: Action) -> bool:
    return isinstance(action, SEEN)


def first_alike(state: Any, action: Action) -> Action:
    """Of two alike cards turned over a hand takes either; the camera can't tell
    them apart, so the move names the first of them."""
    if not isinstance(action, PlantDrawn):
        return action
    cards = state.face_up
    return dataclasses.replace(action, index=cards.index(cards[action.index]))


def mats(players: int) -> MatSize:
    """Three fields a seat, three cards turned face up (duel.toml): the printed
    mats' room."""
    return MatSize(DATA["fields"], DATA["face_up"])


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
