"""Bohnanza's tracker: each settled reading of every bean field becomes the
engine's actions, and the engine judges them. (The Duel's ladders: not yet.)

A field that grew by cards was planted: from the hand in the planting step, from
the cards set aside in step 3 (traded, donated, kept face up), from the cards
drawn face up in the bean duel. A field that was cleared was harvested (the
engine sells it by its beanometer: the coins are in the table's log). Anything
else a field does (a card taken back, part of a field taken) is a problem. The
proposed actions are tried on the engine first: what it refuses (a second
variety in a field, a third card planted in step 1, a harvest against the
protection rule) is reported with the engine's own words, and nothing changes."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.bohnanza.actions import Harvest, Plant, PlantDrawn, PlantOffered, PlantTraded
from ..engine.bohnanza.game import apply
from ..engine.bohnanza.state import State
from ..engine.errors import RuleError

SURE = 0.35  # a field read less surely than this is confirmed by its player first


@dataclass(frozen=True)
class SeenField:
    cards: tuple[str, ...]  # first planted first
    confidence: float = 1.0


@dataclass
class FieldsOutcome:
    actions: list[Action] = field(default_factory=list)
    problem: str | None = None
    seat: int | None = None  # whose field the problem or the doubt is about
    unsure: list[tuple[int, int]] = field(default_factory=list)  # (seat, field) to confirm


def _planting(state: State, seat: int, f: int, bean: str) -> Action:
    """The action that puts `bean` in field `f` of `seat` now."""
    player = state.players[seat]
    if state.step == "plant" and seat == state.active:
        return Plant(seat, f, bean)
    if state.step == "plant-traded" and bean in player.set_aside:
        return PlantTraded(seat, player.set_aside.index(bean), f)
    if state.step == "plant-drawn" and bean in state.face_up:
        return PlantDrawn(seat, state.face_up.index(bean), f)
    if state.step == "offer" and bean in state.offer:
        return PlantOffered(seat, state.offer.index(bean), f)
    # Not a planting the game allows now: let the engine say why.
    return Plant(seat, f, bean)


def interpret_fields(state: State, seen: list[list[SeenField]]) -> FieldsOutcome:
    """`seen[seat][field]`: what lies in every field. Returns the actions the engine
    accepts, in order, or the problem."""
    if len(seen) != len(state.players):
        return FieldsOutcome(
            problem=f"{len(seen)} players' fields read, {len(state.players)} seated"
        )
    unsure = [
        (s, f) for s, fields in enumerate(seen) for f, r in enumerate(fields) if r.confidence < SURE
    ]
    harvests: list[Action] = []
    plants: list[tuple[int, int, str]] = []  # seat, field, bean (in planting order)
    for seat, fields in enumerate(seen):
        was = state.players[seat].fields
        if len(fields) < len(was):
            return FieldsOutcome(problem=f"seat {seat + 1}: a bean field is not seen", seat=seat)
        for f, reading in enumerate(fields):
            now = reading.cards
            before = was[f] if f < len(was) else ()
            where = f"seat {seat + 1}, field {f + 1}"
            if now[: len(before)] == before:  # as it was, and maybe more planted
                plants += [(seat, f, bean) for bean in now[len(before) :]]
            elif now and now == before[: len(now)]:
                return FieldsOutcome(
                    problem=f"{where}: part of the field was taken; a harvest takes it all",
                    seat=seat,
                )
            elif not now or now[0] != before[0]:  # harvested, and maybe planted anew
                harvests.append(Harvest(seat, f))
                plants += [(seat, f, bean) for bean in now]
            else:
                return FieldsOutcome(
                    problem=f"{where}: the cards changed under the top one", seat=seat
                )
    # The active player's plantings first: that is how a turn runs.
    plants.sort(key=lambda p: (p[0] != state.active, p[0]))
    actions: list[Action] = []
    trial, trying = state, None
    try:
        for trying in harvests:
            trial = apply(trial, trying)
            actions.append(trying)
        for seat, f, bean in plants:
            trying = _planting(trial, seat, f, bean)
            trial = apply(trial, trying)
            actions.append(trying)
    except RuleError as err:
        return FieldsOutcome(problem=err.message, seat=getattr(trying, "player", None))
    return FieldsOutcome(actions, unsure=unsure)
