"""A game as a log: its setup and its actions. Replaying the log gives the state."""

from __future__ import annotations

from typing import Any

from .errors import RuleError
from .games import GAMES, GameDef


def game_def(name: object) -> GameDef:
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise RuleError("setup", f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return found


def replay(log: dict[str, Any]) -> Any:
    """The state a log leads to. A log is {"game": name, "setup": {...}, "actions": [...]}."""
    if not isinstance(log, dict) or not isinstance(log.get("setup"), dict):
        raise RuleError("malformed-log", "a log is an object with 'game', 'setup' and 'actions'")
    game = game_def(log.get("game"))
    actions = log.get("actions", [])
    if not isinstance(actions, list):
        raise RuleError("malformed-log", "'actions' must be a list")
    state = game.new_game(**log["setup"])
    for n, data in enumerate(actions):
        try:
            state = game.apply(state, game.action_from_json(data))
        except RuleError as err:
            raise RuleError(err.rule, f"action {n} of the log: {err.message}") from err
    return state


def make_log(game: str, setup: dict[str, Any], actions: list) -> dict[str, Any]:
    return {"game": game, "setup": setup, "actions": [a.to_json() for a in actions]}
