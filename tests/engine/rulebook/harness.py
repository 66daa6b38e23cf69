"""The scenarios' harness: a scenario is registered by its name; `expect` fails
it with what the rules say; `refused` and `ok` play a move the rules forbid or
allow."""

from __future__ import annotations

import json

from companion.engine import GAMES, RuleError

SCENARIOS: list = []


def scenario(name):
    def wrap(fn):
        SCENARIOS.append((name, fn))
        return fn

    return wrap


class Disagree(Exception):
    """The engine did not do what the rules say."""


def expect(cond, msg):
    if not cond:
        raise Disagree(msg)


def snap(state):
    return json.dumps(state.to_json(), sort_keys=True)


def refused(game, state, action, rule=None):
    """The action must raise RuleError (optionally with rule id) and leave state unchanged."""
    before = snap(state)
    try:
        GAMES[game].apply(state, action)
    except RuleError as e:
        expect(snap(state) == before, f"state changed by refused {action}")
        expect(str(e).strip() != "", "empty error message")
        if rule is not None:
            expect(e.code == rule, f"refused with {e.code!r} ({e}), expected {rule!r}")
        return e
    raise Disagree(f"{action} was accepted; rules say it must be refused")


def ok(game, state, action):
    try:
        return GAMES[game].apply(state, action)
    except RuleError as e:
        raise Disagree(f"{action} refused: {e}; rules allow it") from e
