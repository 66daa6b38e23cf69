"""Checks of a game's setup shared by every game: a setup is the host's choice (or a
log's), and whatever is wrong in it is a RuleError(Rule.SETUP) in the host's words."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from .errors import Rule, RuleError


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(seed: object) -> int:
    """The seed shuffles a known deck (and rolls the engine's own dice): a whole
    number, so that a log replays to the same state every time."""
    if not _whole(seed):
        raise RuleError(
            Rule.SETUP,
            f"the seed must be a whole number (the same seed deals the same game), not {seed!r}",
        )
    return seed  # type: ignore[return-value]


def check_knowledge(knowledge: object) -> str:
    if knowledge not in ("known", "hidden") or not isinstance(knowledge, str):
        raise RuleError(Rule.SETUP, f"knowledge must be 'known' or 'hidden', not {knowledge!r}")
    return knowledge


def check_start(start: object, players: int) -> int:
    """The starting player's seat, counted from 0 in a setup."""
    if not (_whole(start) and 0 <= start < players):  # type: ignore[operator]
        raise RuleError(
            Rule.SETUP,
            f"'start' is the starting player's seat, a whole number from 0 to {players - 1} "
            f"(seat 1 to {players} at the table), not {start!r}",
        )
    return start  # type: ignore[return-value]


def checked_new_game(fn: Callable[..., Any], title: str, fixed_players: int | None = None):
    """`fn` (a game's `new_game`) with its arguments checked first: a missing or
    unknown setting is a RuleError(Rule.SETUP) that names it, not a TypeError."""
    sig = inspect.signature(fn)
    named = [
        p
        for p in sig.parameters.values()
        if p.kind not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)
    ]
    takes_more = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in sig.parameters.values())

    def new_game(*args: Any, **setup: Any) -> Any:
        if fixed_players is not None and "players" in setup and "players" not in sig.parameters:
            # Said anyway (every other game asks for it): right, it changes nothing.
            players = setup.pop("players")
            if type(players) is not int or players != fixed_players:
                raise RuleError(
                    Rule.SETUP, f"{title} is always for {fixed_players} players, not {players!r}"
                )
        try:
            sig.bind(*args, **setup)
        except TypeError:
            raise _what_is_wrong(args, setup) from None
        return fn(*args, **setup)

    def _what_is_wrong(args: tuple, setup: dict) -> RuleError:
        names = [p.name for p in named]
        given = set(names[: len(args)]) | set(setup)
        if not takes_more:
            for key in setup:
                if key in names:
                    continue
                return RuleError(
                    Rule.SETUP,
                    f"{key!r} is not a setting of {title}; its settings: {', '.join(names)}",
                )
        for p in named:
            if p.default is inspect.Parameter.empty and p.name not in given:
                if p.name == "players":
                    return RuleError(
                        Rule.SETUP, f"the setup of {title} must say how many 'players'"
                    )
                return RuleError(Rule.SETUP, f"the setup of {title} must give {p.name!r}")
        return RuleError(Rule.SETUP, f"{title} takes its settings by name, not in order")

    new_game.__doc__ = fn.__doc__
    new_game.__wrapped__ = fn  # type: ignore[attr-defined]
    return new_game
