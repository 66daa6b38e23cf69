"""Bohnanza: Das Würfelspiel, the dice game, with exact odds."""

from .actions import CODEC, Harvest, PassPiece, RepeatRoll, Roll, Save
from .cards import HarvestCard, load_library, make_card, save_card, synthetic_cards
from .dice import DEFAULT_DICE, DiceSet, Die, dice_from_data, load_dice
from .game import (
    apply,
    invariants,
    legal_actions,
    new_game,
    step_invariants,
    summary,
    winners,
)
from .odds import Advisor, first_roll, orders_met, roll_distribution
from .orders import DICE_FACES, Order, parse_order
from .state import DicePlayer, DiceState

__all__ = [
    "CODEC",
    "DEFAULT_DICE",
    "DICE_FACES",
    "Advisor",
    "DicePlayer",
    "DiceSet",
    "DiceState",
    "Die",
    "Harvest",
    "HarvestCard",
    "Order",
    "PassPiece",
    "RepeatRoll",
    "Roll",
    "Save",
    "apply",
    "dice_from_data",
    "first_roll",
    "invariants",
    "legal_actions",
    "load_dice",
    "load_library",
    "make_card",
    "new_game",
    "orders_met",
    "parse_order",
    "roll_distribution",
    "save_card",
    "step_invariants",
    "summary",
    "synthetic_cards",
    "winners",
]
