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


GAMES: dict[str, GameDef] = {
    "bohnanza": GameDef(
        name="bohnanza",
        title="Bohnanza",
        new_game=bohnanza.new_game,
        legal_actions=bohnanza.legal_actions,
        apply=bohnanza.apply,
        summary=bohnanza.summary,
        invariants=bohnanza.invariants,
        codec=bohnanza.CODEC,
        state_from_json=bohnanza.State.from_json,
        step_invariants=bohnanza.step_invariants,
    ),
    "duel": GameDef(
        name="duel",
        title="Bohnanza: The Duel",
        new_game=duel.new_game,
        legal_actions=duel.legal_actions,
        apply=duel.apply,
        summary=duel.summary,
        invariants=duel.invariants,
        codec=duel.CODEC,
        state_from_json=duel.DuelState.from_json,
        step_invariants=duel.step_invariants,
    ),
    "dice": GameDef(
        name="dice",
        title="Bohnanza: Das Würfelspiel",
        new_game=dice.new_game,
        legal_actions=dice.legal_actions,
        apply=dice.apply,
        summary=dice.summary,
        invariants=dice.invariants,
        codec=dice.CODEC,
        state_from_json=dice.DiceState.from_json,
        step_invariants=dice.step_invariants,
    ),
}
