"""The actions of Bohnanza: The Duel. Every action names the seat that takes it.

As in the base game, fields that say which bean a card is are the table's
observation: optional (and checked) with a known deck, required with hidden hands.
A bo(h)nus pattern is written out card by card, first planted first, e.g.
("red", "red", "soy"): two Red Beans, then a Soy Bean on top."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action, ActionCodec

CODEC = ActionCodec()

GIFT_SOURCES = ("face-up", "hand", "bluff")


@CODEC.register("plant")
@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Phase 1: plant the first card of the hand (must), then the next (may)."""

    player: int
    field: int
    bean: str | None = None


@CODEC.register("draw-face-up")
@dataclass(frozen=True, slots=True)
class DrawFaceUp(Action):
    """Phase 2 begins: turn over the top three cards of the draw pile."""

    ends_step: ClassVar[bool] = True

    player: int
    beans: tuple[str, ...] | None = None


@CODEC.register("offer-gift")
@dataclass(frozen=True, slots=True)
class OfferGift(Action):
    """Push a gift card: offer one bean of that variety. Offering after the other
    player's offer declines it."""

    player: int
    bean: str


@CODEC.register("accept-gift")
@dataclass(frozen=True, slots=True)
class AcceptGift(Action):
    ends_step: ClassVar[bool] = True
    player: int


@CODEC.register("decline-gift")
@dataclass(frozen=True, slots=True)
class DeclineGift(Action):
    """Decline when no gift card is left to push: nothing changes hands."""

    player: int


@CODEC.register("give-gift")
@dataclass(frozen=True, slots=True)
class GiveGift(Action):
    """The accepted gift is handed over: a turned-over card (`index` into the face-up
    cards), a hand card (`index` = hand position) or, if it was a bluff, a card
    from the bluffer's dollar pile to the other's."""

    player: int
    source: str
    index: int = 0


@CODEC.register("plant-drawn")
@dataclass(frozen=True, slots=True)
class PlantDrawn(Action):
    """Phase 3: plant a turned-over card."""

    player: int
    index: int
    field: int


@CODEC.register("discard-drawn")
@dataclass(frozen=True, slots=True)
class DiscardDrawn(Action):
    """Phase 3: discard one turned-over card instead of planting it."""

    player: int
    index: int


@CODEC.register("plant-gift")
@dataclass(frozen=True, slots=True)
class PlantGift(Action):
    """Phase 3: plant the gift received."""

    player: int
    field: int


@CODEC.register("discard-bonus")
@dataclass(frozen=True, slots=True)
class DiscardBonus(Action):
    """Phase 4: discard one bo(h)nus card from the hand (before any is drawn)."""

    window: ClassVar[bool] = True
    optional: ClassVar[bool] = True  # (a card given up: a choice, not the step's move)
    player: int
    index: int


@CODEC.register("draw-bonus")
@dataclass(frozen=True, slots=True)
class DrawBonus(Action):
    """Phase 4: draw one bo(h)nus card (the active player refills first)."""

    ends_step: ClassVar[bool] = True

    player: int


@CODEC.register("end-turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Phase 4 is over: the opponent becomes the active player."""

    ends_step: ClassVar[bool] = True

    player: int


@CODEC.register("claim-bonus")
@dataclass(frozen=True, slots=True)
class ClaimBonus(Action):
    """Fulfil bo(h)nus card `index` of the hand on a field (`owner`'s `field`,
    one's own or the opponent's): its pattern must be the top of that field."""

    any_time: ClassVar[bool] = True
    player: int
    owner: int
    field: int
    index: int
    pattern: tuple[str, ...] | None = None
    cents: int | None = None


@CODEC.register("harvest")
@dataclass(frozen=True, slots=True)
class Harvest(Action):
    any_time: ClassVar[bool] = True
    optional: ClassVar[bool] = True
    player: int
    field: int


@CODEC.register("end-game")
@dataclass(frozen=True, slots=True)
class EndGame(Action):
    """After the last bo(h)nus claims: harvest every field and count the dollars."""

    ends_step: ClassVar[bool] = True

    player: int
