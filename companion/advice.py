"""The odds worker: what a game advises its players (the dice game's odds), worked
out beside the updates, never in their way."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .engine.games import GameDef


class Adviser:
    """The odds a game shows (the dice game's), worked out on a thread of their own:
    tens of ms the first time a situation comes up, so never in an update's way (a
    roll reaches the phones at once; its odds follow when ready). Remembered by the
    situation, so every phone and every later update gets them at once."""

    KEEP = 512  # situations remembered; past that, long past ones are forgotten

    def __init__(self) -> None:
        self._known: dict[tuple, dict] = {}
        self._working: set[tuple] = set()
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="odds")

    def ask(self, game: GameDef, state: Any, ready: Callable[[tuple], None]) -> dict | None:
        """The odds of this moment if known; else None, and `ready(situation)` is
        called once they are (a game without odds: always None)."""
        situation = game.advice_key(state)
        if situation is None or game.advice is None:
            return None
        key = (game.name, *situation)  # each game's odds apart
        with self._lock:
            known = self._known.get(key)
            if known is None and key not in self._working:
                self._working.add(key)
                self._pool.submit(self._work, game, situation, key, ready)
        return known

    def _work(self, game: GameDef, situation: tuple, key: tuple, ready) -> None:
        advise = game.advice
        assert advise is not None  # ask() sends only games with odds
        try:
            found = advise(situation)
        finally:
            with self._lock:
                self._working.discard(key)
        with self._lock:
            if len(self._known) > self.KEEP:
                self._known.clear()
            self._known[key] = found
        ready(situation)

    def close(self) -> None:
        self._pool.shutdown(wait=False)
