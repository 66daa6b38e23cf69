"""The immutable state of a game of The Duel, and its JSON form."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..reading import (
    Obj,
    as_is,
    boolean,
    choice,
    game_tag,
    integer,
    items,
    optional,
    wrapped,
)

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
    def from_json(d: object, where: str = "bo(h)nus card") -> BonusCard:
        from .game import check_pattern  # what a bo(h)nus card may be is a rule

        o = Obj(d, where)
        pattern, cents = o("pattern", as_is), o("cents", as_is)
        o.done()
        return wrapped(lambda _: check_pattern(pattern, cents))(d, where)


def _bonus_list(cards) -> list:
    return [None if c is None else c.to_json() for c in cards]


BEAN = choice(RANK, "a bean id of The Duel")  # a bean of The Duel
SEAT = integer(0, 1)
COUNT = integer(0)
CARD = BonusCard.from_json


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
    def from_json(d: object, where: str = "player") -> DuelPlayer:
        o = Obj(d, where)
        player = DuelPlayer(
            hand=o("hand", items(optional(BEAN))),
            fields=o("fields", items(items(BEAN), DATA["fields"])),
            dollars=o("dollars", items(optional(BEAN))),
            bonus=o("bonus", items(optional(CARD))),
            fulfilled=o("fulfilled", items(CARD)),
            gift=o("gift", items(BEAN)),
            fresh_bonus=o("fresh_bonus", COUNT),
            bonus_stopped=o("bonus_stopped", boolean),
            bonus_discarded=o("bonus_discarded", boolean),
        )
        o.done()
        return player


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
    def from_json(d: object) -> DuelState:
        """A state from its JSON form, or RuleError(Rule.MALFORMED_STATE) saying what is
        wrong: every value's type and range is checked (whether the position is a
        possible one is for `invariants` to say)."""
        o = Obj(d, "")
        o("game", game_tag("duel"))
        state = DuelState(
            players=o("players", items(DuelPlayer.from_json, 2)),
            start=o("start", SEAT),
            active=o("active", SEAT),
            turn=o("turn", integer(1)),
            step=o("step", choice(STEPS)),
            planted=o("planted", integer(0, 2)),
            face_up=o("face_up", items(BEAN)),
            discarded_drawn=o("discarded_drawn", boolean),
            offers=o("offers", items(BEAN, distinct=True)),
            deck=o("deck", optional(items(BEAN))),
            hidden_deck=o("hidden_deck", COUNT),
            discard=o("discard", items(BEAN)),
            bonus_deck=o("bonus_deck", optional(items(CARD))),
            hidden_bonus_deck=o("hidden_bonus_deck", COUNT),
            bonus_discard=o("bonus_discard", items(optional(CARD))),
            refilling=o("refilling", boolean),
            ending=o("ending", boolean),
            seed=o("seed", integer()),
            shuffles=o("shuffles", COUNT),
        )
        o.done()
        return state
