"""The immutable state of a game of Das Würfelspiel, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..beans import VARIETIES
from ..reading import Obj, bad, boolean, choice, game_tag, integer, items, optional, wrapped
from .cards import ORDERS_PER_CARD as ORDERS
from .cards import HarvestCard
from .dice import DiceSet, dice_from_data

CARD = wrapped(HarvestCard.from_json)

# roll: the active player rolls the dice not in the bean field; save: after a roll
# (the others have checked), the active player saves dice or repeats the roll;
# turn-end: all five saved and the bean field checked; over.
STEPS = ("roll", "save", "turn-end", "over")


@dataclass(frozen=True, slots=True)
class DicePlayer:
    top: HarvestCard | None
    bottom: HarvestCard | None
    completed: int = 0  # orders of the top card covered so far
    # Single dollar cards: harvest cards dollar side up (None: which card is unseen).
    dollars: tuple[HarvestCard | None, ...] = ()
    aids: int = 0  # player aid cards turned to their five-dollar side
    last_check: int = 0  # orders the latest check completed (for the table to show)
    # The latest check was of the new top card, at once after a harvest: its
    # orders met then read as the harvest not taken, unless said so.
    new_top: bool = False

    @property
    def total(self) -> int:
        return len(self.dollars) + 5 * self.aids

    def to_json(self) -> dict[str, Any]:
        return {
            "top": None if self.top is None else self.top.to_json(),
            "bottom": None if self.bottom is None else self.bottom.to_json(),
            "completed": self.completed,
            "dollars": [None if c is None else c.to_json() for c in self.dollars],
            "aids": self.aids,
            "last_check": self.last_check,
            "new_top": self.new_top,
        }

    @staticmethod
    def from_json(d: object, where: str = "player") -> DicePlayer:
        o = Obj(d, where)
        player = DicePlayer(
            top=o("top", optional(CARD)),
            bottom=o("bottom", optional(CARD)),
            completed=o("completed", integer(0, ORDERS)),
            dollars=o("dollars", items(optional(CARD))),
            aids=o("aids", integer(0)),
            last_check=o("last_check", integer(0, ORDERS)),
            new_top=o.get("new_top", boolean, False),
        )
        o.done()
        return player


@dataclass(frozen=True, slots=True)
class DiceState:
    dice: DiceSet
    players: tuple[DicePlayer, ...]
    start: int
    active: int
    turn: int
    step: str
    faces: tuple[str | None, ...]  # what each die shows now (None: not rolled this turn)
    saved: tuple[bool, ...]  # the die lies in the bean field
    rolled: tuple[int, ...]  # the dice of the latest roll
    piece: bool  # the bean piece is still unused this turn
    deck: tuple[HarvestCard, ...] | None  # known deck, next card first; None: hidden
    hidden_deck: int
    aids_left: int
    final: int | None  # the seat whose harvest announced the final phase
    seed: int
    rolls: int  # rolls so far: seeds the engine's own dice
    shuffles: int

    @property
    def deck_size(self) -> int:
        return len(self.deck) if self.deck is not None else self.hidden_deck

    @property
    def over(self) -> bool:
        return self.step == "over"

    @property
    def field(self) -> tuple[str, ...]:
        """The beans in the bean field."""
        return tuple(f for f, s in zip(self.faces, self.saved, strict=True) if s and f)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "dice",
            "dice": self.dice.to_json(),
            "players": [p.to_json() for p in self.players],
            "start": self.start,
            "active": self.active,
            "turn": self.turn,
            "step": self.step,
            "faces": list(self.faces),
            "saved": list(self.saved),
            "rolled": list(self.rolled),
            "piece": self.piece,
            "deck": None if self.deck is None else [c.to_json() for c in self.deck],
            "hidden_deck": self.hidden_deck,
            "aids_left": self.aids_left,
            "final": self.final,
            "seed": self.seed,
            "rolls": self.rolls,
            "shuffles": self.shuffles,
        }

    @staticmethod
    def from_json(d: object) -> DiceState:
        """A state from its JSON form, or RuleError(Rule.MALFORMED_STATE) saying what is
        wrong: every value's type and range is checked (whether the position is a
        possible one is for `invariants` to say)."""
        o = Obj(d, "")
        o("game", game_tag("dice"))
        dice = o("dice", wrapped(dice_from_data))
        n = len(dice.dice)
        players = o("players", items(DicePlayer.from_json))
        if not 2 <= len(players) <= 5:
            raise bad("players", "a list of 2 to 5 players", o.data["players"])
        seat = integer(0, len(players) - 1)
        count = integer(0)
        state = DiceState(
            dice=dice,
            players=players,
            start=o("start", seat),
            active=o("active", seat),
            turn=o("turn", integer(1)),
            step=o("step", choice(STEPS)),
            faces=o("faces", items(optional(choice(VARIETIES, "a bean id")), n)),
            saved=o("saved", items(boolean, n)),
            rolled=o("rolled", items(integer(0, n - 1), distinct=True)),
            piece=o("piece", boolean),
            deck=o("deck", optional(items(CARD))),
            hidden_deck=o("hidden_deck", count),
            aids_left=o("aids_left", count),
            final=o("final", optional(seat)),
            seed=o("seed", integer()),
            rolls=o("rolls", count),
            shuffles=o("shuffles", count),
        )
        o.done()
        return state
