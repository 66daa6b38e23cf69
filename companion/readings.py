"""The camera's side of each table as the phones meet it: the tracker reading the
table (attached by the rig or the demo), the questions it asks a player (a one-tap
confirmation, a reading put right by hand), and manual mode while the camera is
gone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine import words as w
from .errors import Refusal
from .table import Table, TableError
from .tracker.link import TableTracker


class Readings:
    def __init__(self, changed: Callable[[str], None]) -> None:
        self.trackers: dict[str, TableTracker] = {}  # code -> the tracker reading that table
        self._changed = changed

    def attach(self, t: Table, tracker: TableTracker) -> None:
        self.trackers[t.code] = tracker

    def tracker(self, t: Table) -> TableTracker:
        tracker = self.trackers.get(t.code)
        if tracker is None:
            raise TableError(Refusal.NO_CAMERA, "no camera reads this table")
        return tracker

    def asking(self, t: Table, seat: int) -> TableTracker:
        """The tracker, if its question is the seat's to answer."""
        tracker = self.tracker(t)
        if t.state is None or not tracker.answers(seat, t.state):
            raise TableError(Refusal.NOT_YOURS, "only the player the camera asks about answers it")
        return tracker

    def confirm(self, t: Table, seat: int) -> None:
        self.asking(t, seat).confirm()

    def correct_faces(self, t: Table, seat: int, rolled: list, field: list) -> Any:
        return self.asking(t, seat).correct_faces(list(rolled), list(field))

    def correct_field(self, t: Table, seat: int, field: int, cards: list) -> None:
        outcome = self.tracker(t).correct_field(seat, field, list(cards))
        if outcome.problem:  # the notice says it too; the phone that asked hears it now
            raise TableError(Refusal.CORRECTION_REFUSED, outcome.problem)

    def look(self, t: Table) -> dict | None:
        """The tracker's last look, as a correction starts from it (None: none)."""
        tracker = self.trackers.get(t.code)
        return tracker.look_json() if tracker is not None else None

    def camera_lost(self, t: Table, why: str | w.Words | None) -> None:
        """The camera stopped (`why`): manual mode, said on every phone until it is
        back (None)."""
        with t.lock:
            if t.manual == why:
                return
            back = t.manual is not None and why is None
            t.manual = why
            if back:
                t.add_notice(
                    "camera",
                    w.both(
                        "the camera is back: it reads the table again",
                        "die Kamera ist zurück: sie liest den Tisch wieder",
                    ),
                    key="camera-back",
                )
        self._changed(t.code)
