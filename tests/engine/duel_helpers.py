"""Build positions of The Duel by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import RuleError
from companion.engine import duel as D


def duel(
    *,
    hands=None,
    fields=None,
    dollars=None,
    bonus=None,
    gift=None,
    deck=None,
    bonus_deck=None,
    **changes,
) -> D.DuelState:
    s = D.new_game(seed=0)
    players = []
    for i, p in enumerate(s.players):
        c = {}
        if hands is not None:
            c["hand"] = tuple(hands[i])
        if fields is not None:
            c["fields"] = tuple(tuple(f) for f in fields[i])
        if dollars is not None:
            c["dollars"] = tuple(dollars[i])
        if bonus is not None:
            c["bonus"] = tuple(bonus[i])
        if gift is not None:
            c["gift"] = tuple(gift[i])
        players.append(replace(p, **c))
    extra = {}
    if deck is not None:
        extra["deck"] = tuple(deck)
    if bonus_deck is not None:
        extra["bonus_deck"] = tuple(bonus_deck)
    return replace(s, players=tuple(players), **extra, **changes)


def refused(state, action, rule: str) -> RuleError:
    before = state.to_json()
    with pytest.raises(RuleError) as info:
        D.apply(state, action)
    assert info.value.code == rule, info.value
    assert state.to_json() == before
    return info.value


def play(state, *actions):
    for a in actions:
        state = D.apply(state, a)
    return state
