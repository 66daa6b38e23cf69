"""A game as a log: its setup and its actions. Replaying the log gives the state."""

from __future__ import annotations

from typing import Any

from .errors import Rule, RuleError
from .games import GAMES, GameDef


def game_def(name: object) -> GameDef:
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise RuleError(Rule.SETUP, f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return found


def replay(log: object) -> Any:
    """The state a log leads to. A log is {"game": name, "setup": {...}, "actions": [...]}.
    Anything wrong with it is a RuleError; a log that replays always replays to the
    same state (the setup's seed is a whole number, 0 if left out)."""
    if not isinstance(log, dict) or not isinstance(log.get("setup"), dict):
        raise RuleError(Rule.MALFORMED_LOG, "a log is an object with 'game', 'setup' and 'actions'")
    game = game_def(log.get("game"))
    actions = log.get("actions", [])
    if not isinstance(actions, list):
        raise RuleError(Rule.MALFORMED_LOG, "'actions' must be a list")
    setup = log["setup"]
    odd = [k for k in setup if not isinstance(k, str)]
    if odd:
        raise RuleError(
            Rule.MALFORMED_LOG, f"the setup's settings are named by text, not {odd[0]!r}"
        )
    try:
        state = game.new_game(**setup)
    except RuleError as err:
        raise RuleError(Rule(err.code), f"the log's setup: {err.message}") from err
    for n, data in enumerate(actions):
        try:
            state = game.apply(state, game.action_from_json(data))
        except RuleError as err:
            raise RuleError(Rule(err.code), f"action {n} of the log: {err.message}") from err
    return state


def make_log(game: str, setup: dict[str, Any], actions: list) -> dict[str, Any]:
    return {"game": game, "setup": setup, "actions": [a.to_json() for a in actions]}
