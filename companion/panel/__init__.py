"""The table panel (GPIO buttons and LEDs) with gpiozero."""

from .devices import DebouncedButton
from .panel import HOLD_TO_UNDO, Panel, PinMap, lights, load_pins, pin_factory

__all__ = [
    "HOLD_TO_UNDO",
    "DebouncedButton",
    "Panel",
    "PinMap",
    "lights",
    "load_pins",
    "pin_factory",
]
