"""The declared schema of every inbound Socket.IO message, and its check.

A schema maps field names to a check; a message with a missing, unknown or
wrong field is refused with a message that says what the player must do (and
names the field, for the developer), in English and German."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..engine.games import GAMES
from ..errors import CompanionError, Refusal

Check = Callable[[Any], bool]


class MessageError(CompanionError):
    """A message that isn't what its event takes (shape, types, sizes); `field`:
    the field refused, told apart from the words (a program reads it there)."""

    def __init__(self, message: str, de: str | None = None, field: str | None = None) -> None:
        super().__init__(Refusal.MALFORMED_MESSAGE, message, de)
        self.field = field

    def to_json(self, lang: str = "en") -> dict[str, str]:
        out = super().to_json(lang)
        if self.field is not None:
            out["field"] = self.field
        return out


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
# Sanity bounds only (a message no table could send); the game checks the rest.
BEANS = lambda v: isinstance(v, list) and len(v) <= 20 and all(text(20)(b) for b in v)  # noqa: E731
COLUMN = lambda v: isinstance(v, list) and len(v) <= 20 and all(text(20)(b) for b in v)  # noqa: E731
GAME = lambda v: isinstance(v, str) and v in GAMES  # noqa: E731
# The most and fewest players any game takes (the registry says, not a game's name).
MOST_PLAYERS = max(n for g in GAMES.values() for n in g.players)
FEWEST_PLAYERS = min(n for g in GAMES.values() for n in g.players)
SEAT = integer(0, MOST_PLAYERS - 1)
PARTS = lambda v: isinstance(v, list) and 0 < len(v) <= 20 and all(obj(p) for p in v)  # noqa: E731

# event -> (required fields, optional fields)
SCHEMAS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    # (`leaving`: the token of a seat at this table the phone moves from)
    "join": ({"code": ROOM, "seat": SEAT, "name": text(20)}, {"leaving": text(64)}),
    # (`seen`: the log's length the phone showed: a move another's came before is
    # told "too late", see TableService.act)
    "act": ({"action": obj}, {"seen": integer(0, 10**6)}),
    # A deal built card by card: each part one card of it (see Action.part).
    "deal": ({"parts": PARTS}, {"seen": integer(0, 10**6)}),
    "cards": ({"cards": small_json}, {}),
    "leave": ({}, {}),
    "watch": ({"code": ROOM}, {}),
    "host:open": (
        {"game": GAME, "players": integer(FEWEST_PLAYERS, MOST_PLAYERS)},
        {"options": obj},
    ),
    "host:start": ({"code": ROOM}, {}),
    "host:undo": ({"code": ROOM}, {}),
    "host:end": ({"code": ROOM}, {}),
    "host:free-seat": ({"code": ROOM, "seat": SEAT}, {}),
    # Yes or no to a move another phone offered (a trade), or the maker's no: taken back.
    "offer:answer": ({"accept": lambda v: isinstance(v, bool)}, {}),
    # The phone opened a list of moves (a person choosing), or closed it.
    "looking": ({"open": lambda v: isinstance(v, bool)}, {}),
    # The phone wants none of the moves another's move would close: go on.
    "pass": ({}, {}),
    "camera:confirm": ({}, {}),
    "camera:correct": ({"rolled": BEANS, "field": BEANS}, {}),
    # A bean field put right: what lies in it, first planted first.
    "camera:field": ({"field": integer(0, 9), "cards": COLUMN}, {}),
    "panel:press": ({"code": ROOM, "button": text(20)}, {"hold": lambda v: isinstance(v, bool)}),
}


# (event, field) or field -> what a right value is, in a player's words (en, de).
HINTS: dict[tuple[str, str] | str, tuple[str, str]] = {
    "code": (
        "enter the table's code: the 4 letters on the table's screen",
        "gib den Code des Tisches ein: die 4 Buchstaben auf dem Bildschirm des Tisches",
    ),
    "seat": (
        f"choose a seat from 1 to {MOST_PLAYERS}",
        f"wähle einen Platz von 1 bis {MOST_PLAYERS}",
    ),
    "name": ("enter a name of 1 to 20 characters", "gib einen Namen mit 1 bis 20 Zeichen ein"),
    "action": ("choose one of the moves offered", "wähle einen der angebotenen Züge"),
    "parts": (
        "choose 1 to 20 cards of the deal",
        "wähle 1 bis 20 Karten für den Handel",
    ),
    "cards": (
        "enter the cards the game asks for",
        "gib die Karten ein, nach denen das Spiel fragt",
    ),
    "game": (
        f"choose a game: {', '.join(GAMES)}",
        f"wähle ein Spiel: {', '.join(GAMES)}",
    ),
    "players": (
        f"choose {FEWEST_PLAYERS} to {MOST_PLAYERS} players",
        f"wähle {FEWEST_PLAYERS} bis {MOST_PLAYERS} Spieler",
    ),
    "options": ("give the settings as a JSON object", "gib die Einstellungen als JSON-Objekt an"),
    "rolled": (
        "name the bean each rolled die shows",
        "nenne die Bohne jedes geworfenen Würfels",
    ),
    ("camera:correct", "field"): (
        "name the bean each die in the bean field shows",
        "nenne die Bohne jedes Würfels im Bohnenfeld",
    ),
    ("camera:field", "field"): ("choose one of your fields", "wähle eines deiner Felder"),
    ("camera:field", "cards"): (
        "name the beans in the field, first planted first (at most 20)",
        "nenne die Bohnen im Feld, die zuerst gepflanzte zuerst (höchstens 20)",
    ),
    "button": ("press one of the panel's buttons", "drücke eine der Tasten des Bedienfelds"),
    "hold": ("say whether the button is held: true or false", "gib an, ob die Taste gehalten wird"),
    "accept": (
        "say yes or no to the offer: true or false",
        "sag ja oder nein zum Angebot: true oder false",
    ),
}


def _hinted(event: str, name: str) -> tuple[str, str] | None:
    """A field's hint in a person's words, if it has one."""
    return HINTS.get((event, name)) or HINTS.get(name)


def _hint(event: str, name: str) -> tuple[str, str]:
    found = _hinted(event, name)
    return found or (f"give a right value for {name!r}", f"gib einen gültigen Wert für {name!r} an")


def validate(event: str, data: Any) -> dict[str, Any]:
    """The message as a dict, or MessageError naming what is wrong."""
    if event not in SCHEMAS:
        raise MessageError(
            f"the companion does not know the message {event!r} (unknown message {event!r}): "
            "reload the page",
            f"der Begleiter kennt die Nachricht {event!r} nicht: lade die Seite neu",
        )
    required, optional = SCHEMAS[event]
    if data is None and not required:
        return {}
    if not isinstance(data, dict):
        raise MessageError(
            f"{event}: the message must be a JSON object: reload the page",
            f"{event}: die Nachricht muss ein JSON-Objekt sein: lade die Seite neu",
        )
    for name, check in required.items():
        en, de = _hint(event, name)
        if name not in data:
            raise MessageError(
                f"{en} (missing field {name!r} in {event!r})",
                f"{de} (Feld {name!r} fehlt in {event!r})",
            )
        if not check(data[name]):
            raise _wrong_value(event, name, en, de)
    for name, value in data.items():
        if name in required:
            continue
        if name not in optional:
            raise MessageError(
                f"{event!r} takes no {name!r}: leave it out (unexpected field {name!r})",
                f"{event!r} kennt kein {name!r}: lass es weg (unerwartetes Feld {name!r})",
            )
        en, de = _hint(event, name)
        if not optional[name](value):
            raise _wrong_value(event, name, en, de)
    return data


def _wrong_value(event: str, name: str, en: str, de: str) -> MessageError:
    """A value refused: in a person's words where a hint has them ("Choose 2 to 7
    players"; a host read "(field 'players' of 'host:open' has a wrong value)"
    after it), else naming the field and the message."""
    if _hinted(event, name):
        return MessageError(en, de, field=name)
    return MessageError(
        f"{en} (field {name!r} of {event!r} has a wrong value)",
        f"{de} (Feld {name!r} von {event!r} hat einen falschen Wert)",
        field=name,
    )
