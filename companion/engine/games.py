"""The games the engine knows, each described as data: how to set one up, its
actions, how to apply them, and how to read the result. Everything outside the
engine (simulation, store, web) goes through this table and never through a
game's internals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import bohnanza, dice, duel
from .actions import Action, ActionCodec
from .setup import checked_new_game


@dataclass(frozen=True)
class GameDef:
    name: str
    title: str
    new_game: Callable[..., Any]
    legal_actions: Callable[[Any], list[Action]]
    apply: Callable[[Any, Action], Any]
    summary: Callable[[Any], dict]
    invariants: Callable[[Any], list[str]]
    codec: ActionCodec
    state_from_json: Callable[[dict], Any]
    # Checks across one action (before, action, after), e.g. that hand order holds.
    step_invariants: Callable[[Any, Action, Any], list[str]]

    def action_from_json(self, data: object) -> Action:
        return self.codec.from_json(data)


def _from_package(
    name: str, title: str, package: Any, state: Any, players: int | None = None
) -> GameDef:
    """Every game package offers the same functions under the same names. A setup
    that lacks a setting or names an unknown one is a RuleError, not a TypeError."""
    return GameDef(
        name=name,
        title=title,
        new_game=checked_new_game(package.new_game, title, players),
        legal_actions=package.legal_actions,
        apply=package.apply,
        summary=package.summary,
        invariants=package.invariants,
        codec=package.CODEC,
        state_from_json=state.from_json,
        step_invariants=package.step_invariants,
    )


GAMES: dict[str, GameDef] = {
    "bohnanza": _from_package("bohnanza", "Bohnanza", bohnanza, bohnanza.State),
    "duel": _from_package("duel", "Bohnanza: The Duel", duel, duel.DuelState, players=2),
    "dice": _from_package("dice", "Bohnanza: Das Würfelspiel", dice, dice.DiceState),
}
