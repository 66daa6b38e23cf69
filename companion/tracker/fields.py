"""The card games' tracker: each settled look at every bean field and at the
face-up places becomes the engine's actions, and the engine judges them.

A field that grew by cards was planted: which action planted it (from the hand,
a card set aside, a card turned over, a gift...) the game itself says (its
`camera.py`, the registry's `field_sightings`). A field that was cleared was harvested (the engine
sells it by its beanometer: the coins are in the table's log). Cards appearing on
the face-up places while the active player may turn cards over are turned over
(the camera says which beans: with hidden cards that is how the game learns
them). Anything else a field does (a card taken back, part of a field taken) is a
problem.

The game already knows what lay in every field, so the cards under the new ones
need not be read perfectly: a field read one card longer with its first card
unchanged is one card planted, whatever a half-hidden strip below looked like.
Where a look can mean two things (cleared and planted anew, or a strip misread),
the readings are tried on the engine in order and the first it accepts wins;
when it accepts none, its words for the likeliest are the problem, and nothing
changes. That is how the rules are flagged: a second variety in a field, a ladder
break, a third card planted in step 1, a harvest against the protection rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action
from ..engine.errors import RuleError
from ..engine.games import FieldSightings, game_of

SURE = 0.35  # a new card read less surely than this is confirmed by its player first


@dataclass(frozen=True)
class SeenField:
    cards: tuple[str, ...]  # first planted first
    confidence: float = 1.0
    margins: tuple[float, ...] = ()  # each card's sureness (confidence for all when empty)


@dataclass
class FieldsOutcome:
    actions: list[Action] = field(default_factory=list)
    problem: str | None = None
    seat: int | None = None  # whose field the problem or the doubt is about
    unsure: list[tuple[int, int]] = field(default_factory=list)  # (seat, field) to confirm
    problem_de: str | None = None  # the problem on a German phone


# ---------------------------------------------------------------- the games


# ---------------------------------------------------------------- one look


PART_TAKEN = "part of the field was taken; a harvest takes it all"
PART_TAKEN_DE = "ein Teil des Feldes wurde genommen; geerntet wird immer das ganze Feld"


def _readings(before: tuple[str, ...], now: tuple[str, ...]) -> list[tuple[bool, tuple[str, ...]]]:
    """What a field read as `now` may mean, likeliest first: (harvested?, planted).
    Raises ValueError when it means neither (part of a field taken)."""
    n0, n = len(before), len(now)
    if now == before:
        return [(False, ())]
    if n == 0:
        return [(True, ())]
    if n0 == 0:
        return [(False, now)]
    overlap = min(n0, n)
    agree = sum(a == b for a, b in zip(before, now, strict=False))
    kept = 2 * agree > overlap
    if n > n0:
        grew = (False, now[n0:])  # the old cards stay (a strip below may be misread)
        anew = (True, now)  # harvested and planted anew
        return [grew, anew] if kept or now[0] == before[0] else [anew, grew]
    if kept:
        raise ValueError(PART_TAKEN)
    return [(True, now)]


def interpret_fields(
    state: Any,
    seen: list[list[SeenField]],
    face_up: tuple[str | None, ...] | None = None,
    face_up_sure: tuple[float, ...] = (),
) -> FieldsOutcome:
    """`seen[seat][field]`: what lies in every field; `face_up`: what lies on the
    face-up places (None: not looked at), `face_up_sure` how sure each of those is.
    Returns the actions the engine accepts, in order, or the problem."""
    rules = game_of(state).field_sightings
    if rules is None:
        raise TypeError(f"no card tracker for {type(state).__name__}")
    if len(seen) != len(state.players):
        return FieldsOutcome(
            problem=f"{len(seen)} players' fields read, {len(state.players)} seated",
            problem_de=f"Felder von {len(seen)} Spielern gelesen, {len(state.players)} am Tisch",
        )
    changes: list[tuple[int, int, list]] = []  # seat, field, its possible readings
    unsure: list[tuple[int, int]] = []
    for seat, fields in enumerate(seen):
        was = state.players[seat].fields
        if len(fields) < len(was):
            return FieldsOutcome(
                problem=f"seat {seat + 1}: a bean field is not seen",
                problem_de=f"Platz {seat + 1}: ein Bohnenfeld ist nicht zu sehen",
                seat=seat,
            )
        for f, reading in enumerate(fields):
            before = was[f] if f < len(was) else ()
            try:
                options = _readings(before, reading.cards)
            except ValueError as err:
                return FieldsOutcome(
                    problem=f"seat {seat + 1}, field {f + 1}: {err}",
                    problem_de=f"Platz {seat + 1}, Feld {f + 1}: {PART_TAKEN_DE}",
                    seat=seat,
                )
            if options == [(False, ())]:
                continue
            changes.append((seat, f, options))
            margins = reading.margins or (reading.confidence,) * len(reading.cards)
            new = margins[len(reading.cards) - len(options[0][1]) :]
            if any(m < SURE for m in new):
                unsure.append((seat, f))
    turned = _turned_over(state, rules, face_up, face_up_sure)
    # The likeliest reading of every field first; then, field by field, the others.
    tries = [[0] * len(changes)]
    for k, (_, _, options) in enumerate(changes):
        tries += [[0] * k + [j] + [0] * (len(changes) - k - 1) for j in range(1, len(options))]
    first: FieldsOutcome | None = None
    for pick in tries:
        out = _try(state, rules, changes, pick, turned, face_up)
        if out.problem is None:
            out.unsure = unsure
            return out
        first = first or out
    assert first is not None
    return first


def _turned_over(state: Any, rules: FieldSightings, face_up, sure) -> Action | None:
    """The cards turned over, when the face-up places newly show them all."""
    n = 0 if face_up is None else rules.turned(state)
    if face_up is None or n == 0:
        return None  # not looked at, or no cards to turn over now
    sure = tuple(sure) + (1.0,) * (len(face_up) - len(sure))
    cards = [c for c in face_up if c is not None]
    unsure = [c for c, s in zip(face_up, sure, strict=True) if c is not None and s < SURE]
    if len(cards) < n:
        return None  # still being turned over
    beans = tuple(cards[:n])
    coming = rules.coming(state, n)
    if coming is not None:  # the game knows the order: the camera says which cards
        # What the camera read surely must be there; a card it isn't sure of may be
        # the one the game knows comes (a red and a chili alike in poor light).
        surely = Counter(cards) - Counter(unsure)
        if not surely - Counter(coming) and len(cards) >= len(coming):
            beans = coming
    return rules.turn_over(state.active, beans)


def _try(
    state: Any, rules: FieldSightings, changes, pick: list[int], turned, face_up
) -> FieldsOutcome:
    harvests: list[Action] = []
    plants: list[tuple[int, int, str]] = []  # seat, field, bean (in planting order)
    for (seat, f, options), j in zip(changes, pick, strict=True):
        harvested, planted = options[j]
        if harvested:
            harvests.append(rules.harvest(seat, f))
        plants += [(seat, f, bean) for bean in planted]
    # The active player's plantings first: that is how a turn runs. Cards laid from
    # the hand come before the turning over; the rest after it.
    plants.sort(key=lambda p: (p[0] != state.active, p[0]))
    actions: list[Action] = []
    trial = state
    trying: Action | None = None
    try:
        for trying in harvests:
            trial = rules.apply(trial, trying)
            actions.append(trying)
        for seat, f, bean in plants:
            if turned is not None and not rules.from_hand(trial, seat):
                trying, turned = turned, None
                trial = rules.apply(trial, trying)
                actions.append(trying)
            for trying in rules.planting(trial, seat, f, bean, face_up):
                trial = rules.apply(trial, trying)
                actions.append(trying)
        if turned is not None:
            trying = turned
            trial = rules.apply(trial, trying)
            actions.append(trying)
    except RuleError as err:
        return FieldsOutcome(
            problem=err.message, problem_de=err.de, seat=trying.player if trying else None
        )
    return FieldsOutcome(actions)
