"""A clock that moves only when told."""

from __future__ import annotations


class FakeClock:
    """Time as a test (or a simulation) says: `clock()` reads it, `advance(dt)`
    (also `sleep(dt)`, so it can stand for time.sleep) moves it."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt

    sleep = advance
