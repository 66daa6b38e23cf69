"""What the phones, the dashboard and the panel show, asked of the game itself
(each game's `view.py`, through the registry): no code here knows which game it
has. Pure functions of the state; no I/O."""

from __future__ import annotations

from typing import Any

from .engine import words as w
from .engine.actions import Action
from .engine.games import GAMES, GameDef
from .engine.view import field_view, seat_names

__all__ = ["field_view", "game_view", "describe", "label", "log_words", "title", "private"]


def _game(game: str | GameDef) -> GameDef:
    return game if isinstance(game, GameDef) else GAMES[game]


def game_view(
    game: str | GameDef,
    state: Any,
    names: dict[int, str],
    advise: bool = True,
    lang: str = "en",
    you: int | None = None,
) -> dict[str, Any]:
    """The state as the phones show it, in `lang`; `you`: the seat of the phone
    that reads it (None: the dashboard). `advise`: work out odds now, where the
    game has them (else the caller adds them)."""
    names_said = seat_names(names, len(state.players), lang)
    return _game(game).view(state, names_said, lang=lang, you=you, advise=advise)


def describe(
    game: str | GameDef,
    state: Any,
    action: Action,
    names: dict[int, str] | None = None,
    upcoming: bool = False,
    lang: str = "en",
) -> str:
    """An action in the third person, with the players' names ("Anna plants Soy
    Bean in field 2"); `upcoming`: as a move still to make (so the cards it would
    reveal are not told)."""
    return _game(game).describe(state, action, names or {}, upcoming, lang)


def label(
    game: str | GameDef,
    state: Any,
    action: Action,
    names: dict[int, str] | None = None,
    lang: str = "en",
    seat: int | None = None,
) -> str:
    """A move still to make, said to the player who makes it ("Plant Soy Bean in
    field 2"), or to `seat`, another the move needs (a trade's partner)."""
    if seat is None or seat == action.player:
        return _game(game).label(state, action, names or {}, lang)
    return _game(game).label(state, action, names or {}, lang, seat=seat)


def log_words(game: str | GameDef, before: Any, action: Action, names: dict[int, str]) -> w.Words:
    """A log line in every language, said about the state the action applied to."""
    return w.each(lambda lang: describe(game, before, action, names, lang=lang))


def title(game: str | GameDef, lang: str = "en") -> str:
    """The game's name as the box of that language prints it."""
    return _game(game).title_in(lang)


def private(game: str | GameDef, state: Any, seat: int, lang: str = "en") -> dict[str, Any]:
    """What only the seat's own phone shows: the hand (bean ids, front first) and
    the game's bonus cards in hand, if it has them; None where the engine does not know
    them (a real table's hidden cards, or a game without them)."""
    return _game(game).private(state, seat, lang)
