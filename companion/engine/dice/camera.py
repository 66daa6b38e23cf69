"""What the camera's looks at the dice mat mean in Das Würfelspiel: each settled
look becomes the engine's actions. A roll, a save, the bean piece (rolling again
without saving) and the next player's turn are all told from how the dice moved
since the last look:

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

from .. import words
from ..actions import Action
from ..sightings import DiceMove, Outcome, Seen, SeenDie
from .actions import PassPiece, RepeatRoll, Roll, Save
from .game import apply
from .state import DiceState

STAY = 0.5  # a die within half a die's side of where it lay, same face, stayed put
SURE = 0.8  # below this confidence a die's face is confirmed by the player


def _assign(seen: list[SeenDie], dice: list[int], state: DiceState) -> list[str] | None:
    """The faces of `seen` given to the dice `dice` (in that order) so that every die
    has the face among its own (and is of the kind seen, when it was): dice of one
    kind are alike, so any fitting order will do."""
    if not dice:
        return []
    die = state.dice.dice[dice[0]]
    tried = set()
    for k, d in enumerate(seen):
        if d.face in die.faces and (d.kind in (None, die.kind)) and (d.face, d.kind) not in tried:
            tried.add((d.face, d.kind))
            rest = _assign(seen[:k] + seen[k + 1 :], dice[1:], state)
            if rest is not None:
                return [d.face, *rest]
    return None


def kinds_by_tone(tones: list[float], state: DiceState) -> list[str | None]:
    """Which die is which kind, from how light each looks (same order as `tones`):
    for dice sets of a "darker" and a "lighter" kind with all dice seen, the darkest
    ones are the darker kind. Otherwise nothing is said (None)."""
    kinds = [d.kind for d in state.dice.dice]
    if set(kinds) != {"darker", "lighter"} or len(tones) != len(kinds):
        return [None] * len(tones)
    darker = kinds.count("darker")
    order = sorted(range(len(tones)), key=lambda i: tones[i])
    out: list[str | None] = ["lighter"] * len(tones)
    for i in order[:darker]:
        out[i] = "darker"
    return out


def on_mat(state: DiceState) -> int:
    """How many dice lie on the mat, the rolling area and the bean-field tray
    together: all of them, always (saved dice stay in the tray, and the next
    player takes them from there)."""
    return len(state.dice.dice)


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


def _indices_for(added: list[SeenDie], pool: tuple[int, ...], state: DiceState) -> tuple[int, ...]:
    """Which of the dice `pool` show the `added` dice (face, and kind when seen)."""
    chosen: list[int] = []
    for d in added:
        i = next(
            i
            for i in pool
            if i not in chosen
            and state.faces[i] == d.face
            and d.kind in (None, state.dice.dice[i].kind)
        )
        chosen.append(i)
    return tuple(sorted(chosen))


def agrees(state: DiceState, seen: Seen) -> bool:
    """The look shows the dice as the game has them: every die's face known, the
    rolling area's faces those of the dice not saved, the tray's the bean field's."""
    if None in state.faces or len(seen.rolled) + len(seen.field) != len(state.faces):
        return False
    loose = Counter(f for f, s in zip(state.faces, state.saved, strict=True) if not s)
    return Counter(d.face for d in seen.rolled) == loose and Counter(
        d.face for d in seen.field
    ) == Counter(state.field)


def interpret(state: DiceState, seen: Seen, before: Seen | None) -> Outcome:
    """The actions that take the game from `state` (which `before` showed) to what
    `seen` shows."""
    n = len(state.dice.dice)
    count = len(seen.rolled) + len(seen.field)
    if count < n:
        k = n - count
        return Outcome(
            problem=f"{count} dice on the mat, {n} expected: {k} hidden or off the mat?",
            problem_de=f"{count} Würfel auf der Matte, {n} erwartet: {k} verdeckt oder daneben?",
        )
    if count > n:
        return Outcome(
            problem=f"{count} dice on the mat, {n} expected: something read as a die?",
            problem_de=f"{count} Würfel auf der Matte, {n} erwartet: etwas als Würfel gelesen?",
        )
    unsure = [d for d in seen.rolled + seen.field if d.confidence < SURE]
    me = state.active
    field_now = Counter(d.face for d in seen.field)
    field_was = Counter(state.field)
    rolled_now = list(seen.rolled)

    def rolled(actions: list[Action], player: int, dice: list[int], kind=Roll) -> Outcome:
        faces = _assign(rolled_now, dice, state)
        if faces is None:
            shown = ", ".join(sorted(d.face for d in rolled_now))
            shown_de = ", ".join(sorted(words.bean(d.face, "de") for d in rolled_now))
            return Outcome(
                problem=f"no die can show {shown}: misread?",
                problem_de=f"Kein Würfel kann {shown_de} zeigen: falsch gelesen?",
            )
        return Outcome([*actions, kind(player, tuple(faces))], unsure=unsure)

    if state.step == "turn-end":
        if field_now == field_was:
            return Outcome()  # the turn's last picture, seen again
        if seen.field:
            return Outcome(
                problem="clear the bean field, then the next player rolls all five",
                problem_de="Erst das Bohnenfeld leeren, dann würfelt der nächste mit allen fünf.",
            )
        return rolled([PassPiece(me)], (me + 1) % len(state.players), list(range(n)))
    if field_was - field_now:
        return Outcome(
            problem="a saved die left the bean field: saved dice stay there",
            problem_de="Ein abgelegter Würfel hat das Bohnenfeld verlassen: er bleibt dort.",
        )
    added = list((field_now - field_was).elements())
    still = before is not None and _stayed(before.rolled, seen.rolled, seen.side)
    if state.step == "roll":
        if added and all(f is None for f in state.faces):
            # (the turn's first roll takes all five: dice the last turn or the last
            # game left in the tray, put there by a hand before anything was rolled)
            return Outcome(
                problem="the turn starts with all five dice: "
                "take the dice out of the bean field, then roll",
                problem_de="Der Zug beginnt mit allen fünf Würfeln: "
                "erst die Würfel aus dem Bohnenfeld nehmen, dann würfeln.",
            )
        if added:
            return Outcome(
                problem="dice went to the bean field before the roll",
                problem_de="Würfel kamen vor dem Wurf ins Bohnenfeld.",
            )
        if still or (before is None and all(f is None for f in state.faces)):
            return Outcome()  # nothing rolled yet (the first look: how the dice lie)
        return rolled([], me, [i for i in range(n) if not state.saved[i]])
    # "save": the latest roll lies in the rolling area.
    if Counter(added) - Counter(f for i in state.rolled if (f := state.faces[i]) is not None):
        return Outcome(
            problem="a die in the bean field shows what no die just rolled showed",
            problem_de="Ein Würfel im Bohnenfeld zeigt, was kein eben geworfener Würfel zeigte.",
        )
    # The new dice in the tray: those beyond what the bean field held.
    held = Counter((state.faces[i], state.dice.dice[i].kind) for i in range(n) if state.saved[i])
    new_dice = []
    for d in sorted(seen.field, key=lambda d: d.kind is None):  # kinds seen first
        key = next((k for k in held if held[k] and k[0] == d.face and d.kind in (None, k[1])), None)
        if key is None:
            new_dice.append(d)
        else:
            held[key] -= 1
    try:
        saves = [Save(me, _indices_for(new_dice, state.rolled, state))] if added else []
    except StopIteration:
        return Outcome(
            problem="a die in the bean field is not one just rolled: misread?",
            problem_de="Ein Würfel im Bohnenfeld wurde nicht eben geworfen: falsch gelesen?",
        )
    left = [i for i in range(n) if not state.saved[i] and not (saves and i in saves[0].dice)]
    if still or not left:
        return Outcome(list(saves), unsure=unsure)  # saved, nothing rolled again (yet)
    if saves:
        return rolled(list(saves), me, left)
    if not state.piece:
        return Outcome(
            problem="rolled again without saving: the bean piece is used this turn",
            problem_de="Ohne abzulegen neu gewürfelt: die Bohnenfigur ist schon benutzt.",
        )
    return rolled([], me, list(state.rolled), RepeatRoll)


def check(state: DiceState, outcome: Outcome) -> DiceState:
    """The state after the outcome's actions (raises RuleError, state unchanged)."""
    for a in outcome.actions:
        state = apply(state, a)
    return state


def by_hand(state: DiceState, action: Action) -> DiceMove:
    """What a hand does with the dice for `action` (a harvest is made on a phone)."""
    if isinstance(action, Roll):
        return DiceMove("roll")
    if isinstance(action, RepeatRoll):
        return DiceMove("repeat")
    if isinstance(action, Save):
        return DiceMove("save", tuple(f for i in action.dice if (f := state.faces[i]) is not None))
    if isinstance(action, PassPiece):
        return DiceMove("pass")
    return DiceMove("")
