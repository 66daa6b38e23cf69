"""The dice game at the table: camera frames in, the table's actions out. Every
frame goes to the settle detector; a settled picture is read (the dice reader, the
mat's rolling area and tray), the tracker turns the look into the engine's
actions, and the table service applies them as the camera's. A problem or an
unsure face becomes a notice on the phones and the status light; an unsure look
waits for the player's one tap (`confirm`) or a correction (`correct`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..engine.errors import RuleError
from ..vision.settle import SettleDetector
from .dice import DiceTracker, Outcome, Seen, SeenDie


@dataclass
class LiveDice:
    service: object  # companion.tables.TableService
    code: str
    read: Callable[[np.ndarray], Seen]  # a settled picture -> what lies where
    detector: SettleDetector = field(default_factory=SettleDetector)
    tracker: DiceTracker = field(default_factory=DiceTracker)
    pending: Outcome | None = None  # waiting for the player's confirmation

    def frame(self, image: np.ndarray) -> Outcome | None:
        """One camera frame; the outcome when the picture settled, else None."""
        if self.detector.update(image) != "settled":
            return None
        state = self.service.table(self.code).state  # type: ignore[attr-defined]
        if state is None:
            return None
        outcome = self.tracker.see(state, self.read(image))
        seat = state.active
        if outcome.problem:
            self.service.notice(self.code, "illegal", outcome.problem, seat=seat)  # type: ignore[attr-defined]
        elif outcome.needs_confirmation:
            self.pending = outcome
            faces = ", ".join(d.face for d in outcome.unsure)
            self.service.notice(  # type: ignore[attr-defined]
                self.code,
                "uncertain",
                f"the camera isn't sure of {faces}: confirm or correct",
                seat,
            )
        else:
            self._apply(outcome)
        return outcome

    def confirm(self) -> None:
        """The player tapped: the unsure look is right."""
        if self.pending is None:
            raise ValueError("nothing waits for a confirmation")
        outcome, self.pending = self.pending, None
        self._apply(outcome)

    def correct(self, seen: Seen) -> Outcome:
        """The player said what really lies where: the game follows that."""
        self.pending = None
        state = self.service.table(self.code).state  # type: ignore[attr-defined]
        sure = Seen(
            tuple(SeenDie(d.face, d.x, d.y) for d in seen.rolled),
            tuple(SeenDie(d.face, d.x, d.y) for d in seen.field),
            seen.side,
        )
        outcome = self.tracker.see(state, sure)
        if outcome.problem:
            self.service.notice(self.code, "illegal", outcome.problem, seat=state.active)  # type: ignore[attr-defined]
        else:
            self._apply(outcome)
        return outcome

    def _apply(self, outcome: Outcome) -> None:
        try:
            for action in outcome.actions:
                self.service.act(self.code, action.to_json(), source="camera")  # type: ignore[attr-defined]
        except RuleError as err:
            self.service.notice(self.code, "illegal", err.message)  # type: ignore[attr-defined]
            return
        self.tracker.accepted()
