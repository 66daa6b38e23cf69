"""Build Bohnanza positions by hand, as a rulebook example lays them out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import RuleError
from companion.engine import bohnanza as B


def table(
    players: int = 4,
    edition: str = "classic",
    *,
    hands=None,
    fields=None,
    coins=None,
    set_aside=None,
    deck=None,
    discard=(),
    **state_changes,
) -> B.State:
    """A game of `players` with the given zones replaced (one entry per seat)."""
    s = B.new_game(players, edition, seed=0)
    ps = []
    for i, p in enumerate(s.players):
        changes = {}
        if hands is not None:
            changes["hand"] = tuple(hands[i])
        if fields is not None:
            changes["fields"] = tuple(tuple(f) for f in fields[i])
        if coins is not None:
            changes["coins"] = tuple(coins[i])
        if set_aside is not None:
            changes["set_aside"] = tuple(set_aside[i])
        ps.append(replace(p, **changes))
    return replace(
        s,
        players=tuple(ps),
        deck=tuple(deck) if deck is not None else s.deck,
        discard=tuple(discard),
        **state_changes,
    )


def refused(state: B.State, action, rule: str) -> RuleError:
    """Assert that `action` is refused for breaking `rule`, and that nothing changed."""
    before = state.to_json()
    with pytest.raises(RuleError) as info:
        B.apply(state, action)
    assert info.value.code == rule, info.value
    assert state.to_json() == before
    return info.value


def play(state: B.State, *actions) -> B.State:
    for a in actions:
        state = B.apply(state, a)
    return state
