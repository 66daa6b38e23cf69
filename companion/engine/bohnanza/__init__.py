"""Bohnanza, the card game: classic rulebook (2–7 players) and the newer edition (3–5)."""

from .actions import (
    CODEC,
    BuyField,
    DiscardFromHand,
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
from .game import (
    apply,
    can_harvest,
    fields_for,
    forecast,
    invariants,
    legal_actions,
    new_game,
    summary,
    winners,
)
from .rules import Rules, make_rules
from .state import Player, State

__all__ = [
    "CODEC",
    "BuyField",
    "DiscardFromHand",
    "DiscardOffered",
    "DrawFaceUp",
    "EndTrading",
    "EndTurn",
    "Harvest",
    "Plant",
    "PlantDrawn",
    "PlantOffered",
    "PlantTraded",
    "Player",
    "Rules",
    "State",
    "Trade",
    "apply",
    "can_harvest",
    "fields_for",
    "forecast",
    "invariants",
    "legal_actions",
    "make_rules",
    "new_game",
    "summary",
    "winners",
]
