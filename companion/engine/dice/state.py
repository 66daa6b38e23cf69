"""The immutable state of a game of Das Würfelspiel, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import HarvestCard
from .dice import DiceSet, dice_from_data

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
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> DicePlayer:
        return DicePlayer(
            top=None if d["top"] is None else HarvestCard.from_json(d["top"]),
            bottom=None if d["bottom"] is None else HarvestCard.from_json(d["bottom"]),
            completed=d["completed"],
            dollars=tuple(None if c is None else HarvestCard.from_json(c) for c in d["dollars"]),
            aids=d["aids"],
            last_check=d["last_check"],
        )


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
    def from_json(d: dict[str, Any]) -> DiceState:
        return DiceState(
            dice=dice_from_data(d["dice"]),
            players=tuple(DicePlayer.from_json(p) for p in d["players"]),
            start=d["start"],
            active=d["active"],
            turn=d["turn"],
            step=d["step"],
            faces=tuple(d["faces"]),
            saved=tuple(d["saved"]),
            rolled=tuple(d["rolled"]),
            piece=d["piece"],
            deck=None if d["deck"] is None else tuple(HarvestCard.from_json(c) for c in d["deck"]),
            hidden_deck=d["hidden_deck"],
            aids_left=d["aids_left"],
            final=d["final"],
            seed=d["seed"],
            rolls=d["rolls"],
            shuffles=d["shuffles"],
        )
