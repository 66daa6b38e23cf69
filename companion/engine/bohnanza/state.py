"""The immutable state of a Bohnanza game, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..beans import VARIETIES
from ..reading import (
    Obj,
    bad,
    boolean,
    choice,
    game_tag,
    integer,
    items,
    optional,
)
from .rules import Rules, rules_from_json

BEAN = choice(VARIETIES, "a bean id")  # a bean id; whether it is in this game, the invariants say


def fields_reader(value: object, where: str) -> tuple[tuple[str, ...], ...]:
    fields = items(items(BEAN))(value, where)
    if not 1 <= len(fields) <= 3:
        raise bad(where, "1 to 3 bean fields", value)
    return fields


# Steps of a turn. Classic: plant -> trade -> plant-traded -> (draw) ...
# Bean duel (2 players): offer -> plant -> plant-drawn -> (draw) ...
STEPS = ("offer", "plant", "trade", "plant-traded", "plant-drawn", "over")


@dataclass(frozen=True, slots=True)
class Player:
    # Cards in hand, front first. None: a card whose identity the table cannot see.
    hand: tuple[str | None, ...]
    # Each bean field is a column of cards, first planted first, top card last.
    fields: tuple[tuple[str, ...], ...]
    # The coin stack: the bean on the other side of each coin card, top card last.
    coins: tuple[str, ...]
    # Cards received by trade or donation (and, in step 3, the active player's kept
    # face-up cards), lying beside the fields until planted.
    set_aside: tuple[str, ...] = ()
    bought_field: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "fields": [list(f) for f in self.fields],
            "coins": list(self.coins),
            "set_aside": list(self.set_aside),
            "bought_field": self.bought_field,
        }

    @staticmethod
    def from_json(d: object, where: str = "player") -> Player:
        o = Obj(d, where)
        player = Player(
            hand=o("hand", items(optional(BEAN))),
            fields=o("fields", fields_reader),
            coins=o("coins", items(BEAN)),
            set_aside=o("set_aside", items(BEAN)),
            bought_field=o("bought_field", boolean),
        )
        o.done()
        return player


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    players: tuple[Player, ...]
    start: int  # the starting player's seat
    active: int
    turn: int  # 1 for the starting player's first turn
    step: str
    planted: int  # cards planted from the hand in this turn's planting step
    discarded: bool  # bean duel: the one card discarded from the hand this turn
    face_up: tuple[str, ...]  # turned over this turn (bean duel: plus the discard chain)
    offer: tuple[str, ...]  # bean duel: cards left for the next player to plant or discard
    deck: tuple[str, ...] | None  # known deck, next card first; None when hidden
    hidden_deck: int  # the draw deck's size when its cards are hidden
    discard: tuple[str, ...]  # face up, top card last
    out: tuple[str, ...]  # out of the game (the bean duel's 3rd-field coins)
    exhaustions: int
    ending: bool  # the final exhaustion came during the face-up draw: end after planting
    seed: int
    shuffles: int  # reshuffles so far: seeds the next one, so a replay reshuffles alike
    cycle_drawn: int  # cards drawn from the current deck (for the forecast)
    cycle_discarded: int  # cards put on the discard pile meanwhile (for the forecast)

    @property
    def knowledge(self) -> str:
        return "known" if self.deck is not None else "hidden"

    @property
    def deck_size(self) -> int:
        return len(self.deck) if self.deck is not None else self.hidden_deck

    @property
    def over(self) -> bool:
        return self.step == "over"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "bohnanza",
            "rules": self.rules.to_json(),
            "players": [p.to_json() for p in self.players],
            "start": self.start,
            "active": self.active,
            "turn": self.turn,
            "step": self.step,
            "planted": self.planted,
            "discarded": self.discarded,
            "face_up": list(self.face_up),
            "offer": list(self.offer),
            "deck": None if self.deck is None else list(self.deck),
            "hidden_deck": self.hidden_deck,
            "discard": list(self.discard),
            "out": list(self.out),
            "exhaustions": self.exhaustions,
            "ending": self.ending,
            "seed": self.seed,
            "shuffles": self.shuffles,
            "cycle_drawn": self.cycle_drawn,
            "cycle_discarded": self.cycle_discarded,
        }

    @staticmethod
    def from_json(d: object) -> State:
        """A state from its JSON form, or RuleError(Rule.MALFORMED_STATE) saying what is
        wrong: every value's type and range is checked. Whether the position is a
        possible one (card counts and the like) is for `invariants` to say: tests
        build positions this way."""
        o = Obj(d, "")
        o("game", game_tag("bohnanza"))
        rules = o("rules", rules_from_json)
        n = rules.players
        seat = integer(0, n - 1)
        count = integer(0)
        state = State(
            rules=rules,
            players=o("players", items(Player.from_json, n)),
            start=o("start", seat),
            active=o("active", seat),
            turn=o("turn", integer(1)),
            step=o("step", choice(STEPS)),
            planted=o("planted", integer(0, 2)),
            discarded=o("discarded", boolean),
            face_up=o("face_up", items(BEAN)),
            offer=o("offer", items(BEAN)),
            deck=o("deck", optional(items(BEAN))),
            hidden_deck=o("hidden_deck", count),
            discard=o("discard", items(BEAN)),
            out=o("out", items(BEAN)),
            exhaustions=o("exhaustions", count),
            ending=o("ending", boolean),
            seed=o("seed", integer()),
            shuffles=o("shuffles", count),
            cycle_drawn=o("cycle_drawn", count),
            cycle_discarded=o("cycle_discarded", count),
        )
        o.done()
        return state
