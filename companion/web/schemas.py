"""The declared schema of every inbound Socket.IO message, and its check.

A schema maps field names to a check; a message with a missing, unknown or
wrong field is refused with a message that names the field."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]


class MessageError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_json(self) -> dict:
        return {"rule": "malformed-message", "message": self.message}


def integer(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def text(max_len: int, pattern: str | None = None) -> Check:
    rx = re.compile(pattern) if pattern else None
    return lambda v: (
        isinstance(v, str) and 0 < len(v) <= max_len and (rx is None or rx.fullmatch(v) is not None)
    )


def obj(v: Any) -> bool:
    return isinstance(v, dict)


def small_json(v: Any) -> bool:
    return isinstance(v, list | dict | int | str) and len(repr(v)) < 4000


ROOM = text(4, r"[A-Za-z]{4}")
BEANS = lambda v: isinstance(v, list) and len(v) <= 5 and all(text(20)(b) for b in v)  # noqa: E731
COLUMN = lambda v: isinstance(v, list) and len(v) <= 20 and all(text(20)(b) for b in v)  # noqa: E731
GAME = lambda v: v in ("bohnanza", "duel", "dice")  # noqa: E731

# event -> (required fields, optional fields)
SCHEMAS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "join": ({"code": ROOM, "seat": integer(0, 6), "name": text(20)}, {}),
    "act": ({"action": obj}, {}),
    "cards": ({"cards": small_json}, {}),
    "leave": ({}, {}),
    "watch": ({"code": ROOM}, {}),
    "host:open": (
        {"game": GAME, "players": integer(2, 7)},
        {"options": obj},
    ),
    "host:start": ({"code": ROOM}, {}),
    "host:undo": ({"code": ROOM}, {}),
    "host:end": ({"code": ROOM}, {}),
    "host:free-seat": ({"code": ROOM, "seat": integer(0, 6)}, {}),
    "camera:confirm": ({}, {}),
    "camera:correct": ({"rolled": BEANS, "field": BEANS}, {}),
    # A bean field put right: what lies in it, first planted first.
    "camera:field": ({"field": integer(0, 2), "cards": COLUMN}, {}),
    "panel:press": ({"code": ROOM, "button": text(20)}, {"hold": lambda v: isinstance(v, bool)}),
}


def validate(event: str, data: Any) -> dict[str, Any]:
    """The message as a dict, or MessageError naming what is wrong."""
    if event not in SCHEMAS:
        raise MessageError(f"unknown message {event!r}")
    required, optional = SCHEMAS[event]
    if data is None and not required:
        return {}
    if not isinstance(data, dict):
        raise MessageError(f"{event}: the message must be a JSON object")
    for name, check in required.items():
        if name not in data:
            raise MessageError(f"{event}: missing field {name!r}")
        if not check(data[name]):
            raise MessageError(f"{event}: field {name!r} has a wrong value")
    for name, value in data.items():
        if name in required:
            continue
        if name not in optional:
            raise MessageError(f"{event}: unexpected field {name!r}")
        if not optional[name](value):
            raise MessageError(f"{event}: field {name!r} has a wrong value")
    return data
