"""The dice tracker: it keeps the last look at the dice mat the game agreed with,
and asks the game (the registry's `dice_sightings`, the game's own camera.py) what
a new look means."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.games import game_of
from ..engine.sightings import Outcome, Seen


@dataclass
class DiceTracker:
    """Keeps the last look the game agreed with; `see` turns a new look into an
    outcome, `accepted` tells it the outcome's actions were applied."""

    last: Seen | None = None
    _pending: Seen | None = None

    def see(self, state: Any, seen: Seen) -> Outcome:
        outcome = game_of(state).dice_sightings.interpret(state, seen, self.last)
        self._pending = None if outcome.problem else seen
        if not outcome.actions and not outcome.problem and not outcome.unsure:
            self.last = seen  # nothing to do: this is how the table lies now
        return outcome

    def accepted(self) -> None:
        if self._pending is not None:
            self.last, self._pending = self._pending, None


__all__ = ["DiceTracker"]
