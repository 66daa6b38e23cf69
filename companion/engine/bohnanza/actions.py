"""The actions of Bohnanza, in the game's own words.

Every action names the seat that takes it (`player`). Fields that say which bean a
card is (`bean`, `beans`, `give_beans`, `receive_beans`) are what the table saw: with
a known deck they may be left out (and, if given, must be right); with hidden hands
they must be given, because only then does the companion learn the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action, ActionCodec

CODEC = ActionCodec()


@CODEC.register("plant")
@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Step 1: plant the first card of the hand in a field."""

    player: int
    field: int
    bean: str | None = None


@CODEC.register("draw-face-up")
@dataclass(frozen=True, slots=True)
class DrawFaceUp(Action):
    """End the planting step: turn the top cards of the draw deck face up."""

    ends_step: ClassVar[bool] = True

    player: int
    beans: tuple[str, ...] | None = None


@CODEC.register("trade")
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Step 2: an agreed trade or donation between the active player and a partner.

    The active player gives face-up cards (`face_up`, indices) and hand cards (`give`,
    hand positions); the partner gives hand cards (`receive`, hand positions).
    A donation is a trade where one side gives nothing.
    """

    # Open to the partner only while the active player trades (see Action.window).
    window: ClassVar[bool] = True
    player: int
    partner: int
    face_up: tuple[int, ...] = ()
    give: tuple[int, ...] = ()
    receive: tuple[int, ...] = ()
    give_beans: tuple[str, ...] | None = None
    receive_beans: tuple[str, ...] | None = None

    @property
    def seats(self) -> frozenset[int]:
        return frozenset((self.player, self.partner))

    @property
    def hands(self) -> frozenset[int]:
        return frozenset(
            ([self.player] if self.give else []) + ([self.partner] if self.receive else [])
        )

    @property
    def part(self) -> bool:
        # One card, either way: "two Chili Beans for your Soy Bean" is three of them.
        return len(self.face_up) + len(self.give) + len(self.receive) == 1


@CODEC.register("end-trading")
@dataclass(frozen=True, slots=True)
class EndTrading(Action):
    """Step 2 ends: face-up cards nobody took are the active player's to plant."""

    ends_step: ClassVar[bool] = True

    player: int


@CODEC.register("plant-traded")
@dataclass(frozen=True, slots=True)
class PlantTraded(Action):
    """Step 3: plant a card set aside (traded, donated, or kept from the face-up cards)."""

    player: int
    index: int
    field: int


@CODEC.register("end-turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """The last step: draw new cards to the back of the hand; the next player's turn."""

    ends_step: ClassVar[bool] = True

    player: int


@CODEC.register("harvest")
@dataclass(frozen=True, slots=True)
class Harvest(Action):
    """Harvest and sell a whole field by its beanometer."""

    any_time: ClassVar[bool] = True
    optional: ClassVar[bool] = True
    player: int
    field: int


@CODEC.register("buy-field")
@dataclass(frozen=True, slots=True)
class BuyField(Action):
    """Buy the 3rd bean field: "at any time, even when he is not the active player"
    (000); not what a step waits for (a phone said "nothing you need to do" beside
    it, with no countdown of the deals a bot would close)."""

    optional: ClassVar[bool] = True
    any_time: ClassVar[bool] = True
    player: int


@CODEC.register("plant-offered")
@dataclass(frozen=True, slots=True)
class PlantOffered(Action):
    """Bean duel step 1: plant a card the opponent left as an offer."""

    player: int
    index: int
    field: int


@CODEC.register("discard-offered")
@dataclass(frozen=True, slots=True)
class DiscardOffered(Action):
    """Bean duel step 1: discard a card the opponent left as an offer."""

    player: int
    index: int


@CODEC.register("discard-from-hand")
@dataclass(frozen=True, slots=True)
class DiscardFromHand(Action):
    """Bean duel step 2: after planting, discard one card from anywhere in the hand."""

    player: int
    position: int
    bean: str | None = None


@CODEC.register("plant-drawn")
@dataclass(frozen=True, slots=True)
class PlantDrawn(Action):
    """Bean duel step 3: plant one of the cards drawn face up."""

    player: int
    index: int
    field: int
