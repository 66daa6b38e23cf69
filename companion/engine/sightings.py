"""What the camera saw, as the engine is told it: the records a look at the table
becomes, and what each kind of table's sightings must mean to a game (a hook of
the game's registry entry, implemented in the game's own `camera.py`). The
trackers hold the last look; the games say what a change means."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from .actions import Action


class Reads(StrEnum):
    """What the camera reads at a game's table: bean cards laid in fields, or bean
    dice on the dice mat (a kind of table, not a game: any game may have either)."""

    FIELDS = "fields"
    DICE = "dice"


@dataclass(frozen=True)
class SeenDie:
    face: str  # the bean it shows
    x: float  # where it lies (any unit: the die's side is `side` in it)
    y: float
    confidence: float = 1.0
    kind: str | None = None  # the die's kind when the camera tells them apart


@dataclass(frozen=True)
class Seen:
    """One settled look at the dice mat."""

    rolled: tuple[SeenDie, ...]  # in the rolling area
    field: tuple[SeenDie, ...]  # in the bean-field tray
    side: float = 1.0  # a die's side, in the unit of x and y


@dataclass
class Outcome:
    """What a look at the dice mat means: actions to apply in order, or a problem
    (nothing applies), and the dice whose faces the player confirms first."""

    actions: list[Action] = field(default_factory=list)
    problem: str | None = None
    unsure: list[SeenDie] = field(default_factory=list)
    problem_de: str | None = None  # the problem on a German phone

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.unsure) and not self.problem


@dataclass(frozen=True, slots=True)
class MatSize:
    """What a card table's printed mats must hold: each seat's field slots (a field
    that may be bought among them) and the places for the cards turned face up."""

    fields: int
    face_up: int


class FieldSightings(Protocol):
    """What a card game tells the camera's tracker: how a bean comes to lie in a
    field now (the actions), a harvest, the cards turned over and how many."""

    def apply(self, state: Any, action: Action) -> Any: ...

    def planting(
        self, state: Any, seat: int, f: int, bean: str, face_up: Any = None
    ) -> list[Action]: ...

    def harvest(self, seat: int, field: int) -> Action: ...

    def turn_over(self, seat: int, beans: tuple[str, ...]) -> Action: ...

    def turned(self, state: Any) -> int: ...

    def coming(self, state: Any, n: int) -> tuple[str, ...] | None: ...

    def from_hand(self, state: Any, seat: int) -> bool: ...

    def mats(self, players: int) -> MatSize: ...

    # What a simulated table needs of it: whether the camera sees a move done (a
    # card laid, a field cleared, cards turned over) or a phone enters it, and the
    # move as the camera names it (the first of alike cards).
    def sees(self, action: Action) -> bool: ...

    def first_alike(self, state: Any, action: Action) -> Action: ...


@dataclass(frozen=True, slots=True)
class DiceMove:
    """What a hand does on the dice mat for a move: `how` is "roll" (the dice in
    the rolling area thrown), "repeat" (the last throw's dice thrown again), "save"
    (the dice showing `faces` laid in the bean field), "pass" (the bean piece
    passed: the next player throws every die); "" when the move is made on a phone
    (a harvest card), not with the dice."""

    how: str
    faces: tuple[str, ...] = ()


class DiceSightings(Protocol):
    """What a dice game tells the camera's tracker: the actions a look at the mat
    means after the look `before`, whether a look shows the dice as the game has
    them, which die is which kind by its tone, how many dice lie on the mat, and
    the state after an outcome."""

    def interpret(self, state: Any, seen: Seen, before: Seen | None) -> Outcome: ...

    def agrees(self, state: Any, seen: Seen) -> bool: ...

    def kinds_by_tone(self, tones: list[float], state: Any) -> list[str | None]: ...

    def on_mat(self, state: Any) -> int | None: ...

    def check(self, state: Any, outcome: Outcome) -> Any: ...

    # What a simulated table needs of it: what a hand does with the dice for a move.
    def by_hand(self, state: Any, action: Action) -> DiceMove: ...
