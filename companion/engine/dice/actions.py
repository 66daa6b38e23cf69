"""The actions of Das Würfelspiel. Dice faces are what the table saw; left out
(None), the engine rolls them itself from the game's seed (simulation, demo)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action, ActionCodec

CODEC = ActionCodec()


@CODEC.register("roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll every die not in the bean field (all five at the start of a turn).
    `faces`: the bean each rolled die shows, in die order."""

    player: int
    faces: tuple[str, ...] | None = None


@CODEC.register("repeat-roll")
@dataclass(frozen=True, slots=True)
class RepeatRoll(Action):
    """The bean piece, once per turn: roll all the dice just rolled again."""

    player: int
    faces: tuple[str, ...] | None = None


@CODEC.register("save")
@dataclass(frozen=True, slots=True)
class Save(Action):
    """Place dice just rolled (at least one, by die index) in the bean field."""

    player: int
    dice: tuple[int, ...]


@CODEC.register("harvest")
@dataclass(frozen=True, slots=True)
class Harvest(Action):
    """Harvest the top card (3, 4 or 5 completed orders). With hidden cards the new
    bottom card drawn from the deck is entered: its five orders, bottom first, and
    its printed number if known (a number alone is not enough: a log replays
    without the card library). With a known deck both are checked if given."""

    any_time: ClassVar[bool] = True
    optional: ClassVar[bool] = True
    player: int
    card: tuple[str, ...] | None = None
    number: int | None = None


@CODEC.register("pass-piece")
@dataclass(frozen=True, slots=True)
class PassPiece(Action):
    """The turn is over: the bean piece goes to the player on the left."""

    ends_step: ClassVar[bool] = True

    player: int
