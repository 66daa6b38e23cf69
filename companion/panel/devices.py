"""Small panel devices on top of gpiozero, with our own debounce and long press.

gpiozero's bounce_time is ignored by its mock pins, so debounce lives here, with
an injectable clock: a button changes state only once its pin has held the new
level for `bounce` seconds, and a press is told apart from a hold by how long it
was down. Usable from a three-line script:

    from companion.panel.devices import DebouncedButton
    b = DebouncedButton(4, on_press=lambda: print("pressed"))
    while True: b.poll(); time.sleep(0.005)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from gpiozero import DigitalInputDevice

Clock = Callable[[], float]


class Timer(Protocol):
    """A clock that can also let time pass: the panel waits out a debounce with it
    when nothing polls for it (the virtual panel, tests). A FakeClock is one."""

    def __call__(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """The machine's monotonic clock."""

    def __call__(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class DebouncedButton:
    def __init__(
        self,
        pin: int,
        *,
        on_press: Callable[[], None] | None = None,
        on_hold: Callable[[], None] | None = None,
        hold: float | None = None,
        bounce: float = 0.03,
        clock: Clock = time.monotonic,
        pin_factory=None,
    ) -> None:
        # Pressed = pin pulled to GND; no gpiozero debounce (we do it ourselves).
        self.device = DigitalInputDevice(
            pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
        )
        self.on_press, self.on_hold = on_press, on_hold
        self.hold, self.bounce, self.clock = hold, bounce, clock
        now = clock()
        self._raw = bool(self.device.value)
        self._changed = now
        self.pressed = self._raw
        self._down_at = now if self._raw else None
        self._held = False

    def poll(self) -> None:
        """Look at the pin: call this every few milliseconds."""
        now = self.clock()
        raw = bool(self.device.value)
        if raw != self._raw:
            self._raw, self._changed = raw, now
        if raw != self.pressed and now - self._changed >= self.bounce:
            self.pressed = raw
            if raw:
                self._down_at, self._held = now, False
            else:
                if not self._held and self.on_press is not None:
                    self.on_press()
                self._down_at = None
        if (
            self.pressed
            and self.hold is not None
            and not self._held
            and self._down_at is not None
            and now - self._down_at >= self.hold
        ):
            self._held = True
            if self.on_hold is not None:
                self.on_hold()

    def close(self) -> None:
        self.device.close()
