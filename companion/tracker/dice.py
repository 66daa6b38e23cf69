"""The dice game's tracker: each settled look at the dice mat becomes the engine's
actions. A roll, a save, the bean piece (rolling again without saving) and the
next player's turn are all told from how the dice moved since the last look:

- dice that left the rolling area for the bean-field tray were saved;
- dice of the rolling area that lie where they lay, showing what they showed,
  were not rolled; any other picture of them is a new roll;
- a new roll with nothing saved since the last one is the bean piece;
- the tray emptied and five dice rolled once a turn is over: the bean piece went
  to the next player, who rolled.

What fits none of these (a saved die taken back, a die missing, a face no die of
that kind has) is reported as a problem and nothing changes. A die read with too
little confidence makes the outcome ask the player to confirm first."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.dice.actions import PassPiece, RepeatRoll, Roll, Save
from ..engine.dice.game import apply
from ..engine.dice.state import DiceState

STAY = 0.5  # a die within half a die's side of where it lay, same face, stayed put
SURE = 0.8  # below this confidence a die's face is confirmed by the player


@dataclass(frozen=True)
class SeenDie:
    face: str  # the bean it shows
    x: float  # where it lies (any unit: the die's side is `side` in it)
    y: float
    confidence: float = 1.0


@dataclass(frozen=True)
class Seen:
    """One settled look at the dice mat."""

    rolled: tuple[SeenDie, ...]  # in the rolling area
    field: tuple[SeenDie, ...]  # in the bean-field tray
    side: float = 1.0  # a die's side, in the unit of x and y


@dataclass
class Outcome:
    actions: list[Action] = field(default_factory=list)  # to apply, in order
    problem: str | None = None  # what doesn't fit the game; nothing to apply
    unsure: list[SeenDie] = field(default_factory=list)  # faces to confirm first

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.unsure) and not self.problem


def _assign(faces: list[str], dice: list[int], state: DiceState) -> list[str] | None:
    """`faces` given to the dice `dice` (in that order) so that every die has the
    face among its own: dice of one kind are alike, so any fitting order will do."""
    if not dice:
        return []
    die = state.dice.dice[dice[0]]
    for k, face in enumerate(faces):
        if face in die.faces and face not in faces[:k]:  # each distinct face tried once
            rest = _assign(faces[:k] + faces[k + 1 :], dice[1:], state)
            if rest is not None:
                return [face, *rest]
    return None


def _stayed(before: tuple[SeenDie, ...], now: tuple[SeenDie, ...], side: float) -> bool:
    """Every die now in the rolling area lies as one did before (face and place)."""
    left = list(before)
    for d in now:
        near = [
            b
            for b in left
            if b.face == d.face and (b.x - d.x) ** 2 + (b.y - d.y) ** 2 <= (STAY * side) ** 2
        ]
        if not near:
            return False
        left.remove(near[0])
    return True


def _indices_for(faces: list[str], pool: tuple[int, ...], state: DiceState) -> tuple[int, ...]:
    """Which of the dice `pool` show `faces` (a multiset): the first that fit."""
    chosen: list[int] = []
    for face in faces:
        i = next(i for i in pool if i not in chosen and state.faces[i] == face)
        chosen.append(i)
    return tuple(sorted(chosen))


def interpret(state: DiceState, seen: Seen, before: Seen | None) -> Outcome:
    """The actions that take the game from `state` (which `before` showed) to what
    `seen` shows."""
    n = len(state.dice.dice)
    count = len(seen.rolled) + len(seen.field)
    if count != n:
        return Outcome(problem=f"{count} dice on the mat, {n} expected: one hidden or off the mat?")
    unsure = [d for d in seen.rolled + seen.field if d.confidence < SURE]
    me = state.active
    field_now = Counter(d.face for d in seen.field)
    field_was = Counter(state.field)
    rolled_now = [d.face for d in seen.rolled]

    def rolled(actions: list[Action], player: int, dice: list[int], kind=Roll) -> Outcome:
        faces = _assign(rolled_now, dice, state)
        if faces is None:
            return Outcome(problem=f"no die can show {', '.join(sorted(rolled_now))}: misread?")
        return Outcome([*actions, kind(player, tuple(faces))], unsure=unsure)

    if state.step == "turn-end":
        if field_now == field_was:
            return Outcome()  # the turn's last picture, seen again
        if seen.field:
            return Outcome(problem="clear the bean field, then the next player rolls all five")
        return rolled([PassPiece(me)], (me + 1) % len(state.players), list(range(n)))
    if field_was - field_now:
        return Outcome(problem="a saved die left the bean field: saved dice stay there")
    added = list((field_now - field_was).elements())
    still = before is not None and _stayed(before.rolled, seen.rolled, seen.side)
    if state.step == "roll":
        if added:
            return Outcome(problem="dice went to the bean field before the roll")
        if still:
            return Outcome()  # nothing rolled yet
        return rolled([], me, [i for i in range(n) if not state.saved[i]])
    # "save": the latest roll lies in the rolling area.
    if Counter(added) - Counter(state.faces[i] for i in state.rolled):
        return Outcome(problem="a die in the bean field shows what no die just rolled showed")
    saves = [Save(me, _indices_for(added, state.rolled, state))] if added else []
    left = [i for i in range(n) if not state.saved[i] and not (saves and i in saves[0].dice)]
    if still or not left:
        return Outcome(list(saves), unsure=unsure)  # saved, nothing rolled again (yet)
    if saves:
        return rolled(list(saves), me, left)
    if not state.piece:
        return Outcome(problem="rolled again without saving: the bean piece is used this turn")
    return rolled([], me, list(state.rolled), RepeatRoll)


@dataclass
class DiceTracker:
    """Keeps the last look the game agreed with; `see` turns a new look into an
    outcome, `accepted` tells it the outcome's actions were applied."""

    last: Seen | None = None
    _pending: Seen | None = None

    def see(self, state: DiceState, seen: Seen) -> Outcome:
        outcome = interpret(state, seen, self.last)
        self._pending = None if outcome.problem else seen
        if not outcome.actions and not outcome.problem and not outcome.unsure:
            self.last = seen  # nothing to do: this is how the table lies now
        return outcome

    def accepted(self) -> None:
        if self._pending is not None:
            self.last, self._pending = self._pending, None


def check(state: DiceState, outcome: Outcome) -> DiceState:
    """The state after the outcome's actions (raises RuleError, state unchanged)."""
    for a in outcome.actions:
        state = apply(state, a)
    return state


__all__ = ["DiceTracker", "Outcome", "Seen", "SeenDie", "check", "interpret"]
