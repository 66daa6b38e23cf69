"""What the tracker needs of the table service, declared (the service satisfies it
without the tracker importing it): read a table, apply what the camera saw, say
what it noticed, and be asked about readings (TableTracker: what the tracker
offers the service in turn)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..engine.games import GameDef
from ..engine.sightings import Reads
from ..engine.words import Words
from ..errors import CompanionError, Refusal


class ReadingError(CompanionError):
    """A question about the camera's reading that can't be answered (nothing to
    confirm, a field not in view)."""

    def __init__(self, code: Refusal, message: str) -> None:
        super().__init__(Refusal(code).value, message)


class TableView(Protocol):
    """One table as the tracker reads it."""

    code: str
    game: GameDef
    players: int
    game_id: int | None
    state: Any
    next_n: int
    last_source: str | None

    @property
    def past(self) -> Sequence[tuple[int, Any]]:
        """(log position after, state) of the game's last moves, oldest first."""
        ...


class TableTracker(Protocol):
    """The tracker reading a table from the camera, as the service asks it
    (LiveDice, LiveFields): whether a seat may answer its question, the one-tap
    confirmation, and a reading put right by hand; what it `reads` (fields or dice)."""

    @property
    def reads(self) -> Reads: ...

    def answers(self, seat: int, state: Any) -> bool: ...

    def confirm(self) -> None: ...

    def look_json(self) -> dict | None: ...

    def correct_faces(self, rolled: list[str], field: list[str]) -> Any: ...

    def correct_field(self, seat: int, f: int, cards: list[str]) -> Any: ...


class TableLink(Protocol):
    """The table service, as the tracker uses it."""

    def table(self, code: object) -> TableView: ...

    def open_tables(self) -> Sequence[TableView]: ...

    def act_all(self, code: str, actions: list, source: str) -> dict[str, Any]: ...

    def undo(self, code: str, source: str = "host") -> str: ...

    def notice(
        self,
        code: str,
        kind: str,
        text: str | Words,
        seat: int | None = None,
        key: str | None = None,
        left: float | None = None,
        keep: float = 0.0,
    ) -> None: ...

    def clear_notices(self, code: str) -> None: ...

    def attach_tracker(self, code: str, tracker: TableTracker) -> None: ...

    def camera_lost(self, code: str, why: str | Words | None) -> None: ...
