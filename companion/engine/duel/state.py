"""The immutable state of a game of The Duel, and its JSON form."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

DATA = tomllib.loads(
    resources.files("companion.engine").joinpath("data/duel.toml").read_text("utf-8")
)
LADDER: tuple[str, ...] = tuple(DATA["ladder"])
RANK = {bean: i for i, bean in enumerate(LADDER)}

# plant: phase 1; gift: phase 2's exchange; give: an accepted gift is handed over;
# plant-drawn / plant-gift: phase 3 (active player, then the opponent's gift);
# bonus: phase 4; final: the draw pile ran out, last claims before the final harvest.
STEPS = ("plant", "gift", "give", "plant-drawn", "plant-gift", "bonus", "final", "over")


@dataclass(frozen=True, slots=True)
class BonusCard:
    pattern: tuple[str, ...]  # card by card, first planted first
    cents: int

    def to_json(self) -> dict[str, Any]:
        return {"pattern": list(self.pattern), "cents": self.cents}

    @staticmethod
    def from_json(d: dict[str, Any] | None) -> BonusCard | None:
        return None if d is None else BonusCard(tuple(d["pattern"]), d["cents"])


def _bonus_list(cards) -> list:
    return [None if c is None else c.to_json() for c in cards]


def _bonus_tuple(items) -> tuple:
    return tuple(BonusCard.from_json(c) for c in items)


@dataclass(frozen=True, slots=True)
class DuelPlayer:
    hand: tuple[str | None, ...]  # front first; None: unseen
    fields: tuple[tuple[str, ...], ...]  # each a column, first planted first
    dollars: tuple[str, ...]  # the dollar pile: the bean on each card's other side
    bonus: tuple[BonusCard | None, ...]  # bo(h)nus cards in hand; None: unseen
    fulfilled: tuple[BonusCard, ...] = ()  # bo(h)nus cards on the dollar pile
    gift: tuple[str, ...] = ()  # a gift received, lying across beside the fields
    fresh_bonus: int = 0  # the last n bo(h)nus cards in hand were drawn this phase 4
    bonus_stopped: bool = False  # fulfilled a card just drawn: no more draws this turn
    bonus_discarded: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "fields": [list(f) for f in self.fields],
            "dollars": list(self.dollars),
            "bonus": _bonus_list(self.bonus),
            "fulfilled": _bonus_list(self.fulfilled),
            "gift": list(self.gift),
            "fresh_bonus": self.fresh_bonus,
            "bonus_stopped": self.bonus_stopped,
            "bonus_discarded": self.bonus_discarded,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> DuelPlayer:
        return DuelPlayer(
            hand=tuple(d["hand"]),
            fields=tuple(tuple(f) for f in d["fields"]),
            dollars=tuple(d["dollars"]),
            bonus=_bonus_tuple(d["bonus"]),
            fulfilled=_bonus_tuple(d["fulfilled"]),
            gift=tuple(d["gift"]),
            fresh_bonus=d["fresh_bonus"],
            bonus_stopped=d["bonus_stopped"],
            bonus_discarded=d["bonus_discarded"],
        )


@dataclass(frozen=True, slots=True)
class DuelState:
    players: tuple[DuelPlayer, DuelPlayer]
    start: int
    active: int
    turn: int
    step: str
    planted: int
    face_up: tuple[str, ...]
    discarded_drawn: bool  # phase 3: the one turned-over card that may be discarded
    offers: tuple[str, ...]  # gift cards pushed this phase; the active player pushed first
    deck: tuple[str, ...] | None  # next card first; None when hidden
    hidden_deck: int
    discard: tuple[str, ...]
    bonus_deck: tuple[BonusCard, ...] | None
    hidden_bonus_deck: int
    bonus_discard: tuple[BonusCard | None, ...]
    refilling: bool  # phase 4: bo(h)nus cards are being drawn (discards are over)
    ending: bool  # the draw pile ran out in phase 2: the game ends after phase 3
    seed: int
    shuffles: int

    @property
    def knowledge(self) -> str:
        return "known" if self.deck is not None else "hidden"

    @property
    def deck_size(self) -> int:
        return len(self.deck) if self.deck is not None else self.hidden_deck

    @property
    def bonus_deck_size(self) -> int:
        return len(self.bonus_deck) if self.bonus_deck is not None else self.hidden_bonus_deck

    @property
    def over(self) -> bool:
        return self.step == "over"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "duel",
            "players": [p.to_json() for p in self.players],
            "start": self.start,
            "active": self.active,
            "turn": self.turn,
            "step": self.step,
            "planted": self.planted,
            "face_up": list(self.face_up),
            "discarded_drawn": self.discarded_drawn,
            "offers": list(self.offers),
            "deck": None if self.deck is None else list(self.deck),
            "hidden_deck": self.hidden_deck,
            "discard": list(self.discard),
            "bonus_deck": None if self.bonus_deck is None else _bonus_list(self.bonus_deck),
            "hidden_bonus_deck": self.hidden_bonus_deck,
            "bonus_discard": _bonus_list(self.bonus_discard),
            "refilling": self.refilling,
            "ending": self.ending,
            "seed": self.seed,
            "shuffles": self.shuffles,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> DuelState:
        return DuelState(
            players=tuple(DuelPlayer.from_json(p) for p in d["players"]),  # type: ignore[arg-type]
            start=d["start"],
            active=d["active"],
            turn=d["turn"],
            step=d["step"],
            planted=d["planted"],
            face_up=tuple(d["face_up"]),
            discarded_drawn=d["discarded_drawn"],
            offers=tuple(d["offers"]),
            deck=None if d["deck"] is None else tuple(d["deck"]),
            hidden_deck=d["hidden_deck"],
            discard=tuple(d["discard"]),
            bonus_deck=None if d["bonus_deck"] is None else _bonus_tuple(d["bonus_deck"]),
            hidden_bonus_deck=d["hidden_bonus_deck"],
            bonus_discard=_bonus_tuple(d["bonus_discard"]),
            refilling=d["refilling"],
            ending=d["ending"],
            seed=d["seed"],
            shuffles=d["shuffles"],
        )
