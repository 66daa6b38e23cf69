"""The dice game's tracker: settled looks at the dice mat become the engine's
actions (roll, save, the bean piece, the next player's turn); what breaks a rule
is a problem and changes nothing; an unsure face is confirmed first."""

import pytest

from companion.engine.dice.actions import PassPiece, RepeatRoll, Roll, Save
from companion.engine.dice.camera import check, interpret
from companion.engine.dice.game import new_game
from companion.engine.errors import RuleError
from companion.engine.sightings import Seen, SeenDie
from companion.tracker.dice import DiceTracker


def look(rolled, field=(), moved=0.0, unsure=()):
    """Dice in a row: rolled ones at y 0, saved ones at y 10; `moved` shifts the
    rolling area (dice that were thrown lie elsewhere)."""
    return Seen(
        tuple(
            SeenDie(f, 2.0 * k + moved, 0.0, 0.5 if k in unsure else 1.0)
            for k, f in enumerate(rolled)
        ),
        tuple(SeenDie(f, 2.0 * k, 10.0) for k, f in enumerate(field)),
    )


def to_tray(seen, faces):
    """The same look with dice of `faces` moved to the tray; the rest lie still."""
    rolled, field = list(seen.rolled), list(seen.field)
    for face in faces:
        die = next(d for d in rolled if d.face == face)
        rolled.remove(die)
        field.append(SeenDie(face, 2.0 * len(field), 10.0))
    return Seen(tuple(rolled), tuple(field))


def fresh():
    """A new game, and a tracker that has seen the dice lying before the first throw."""
    state, t = new_game(2), DiceTracker()
    assert t.see(state, look(["blue"] * 5, moved=40)).actions == []
    return state, t


def play(state, tracker, seen):
    outcome = tracker.see(state, seen)
    assert outcome.problem is None, outcome.problem
    state = check(state, outcome)
    tracker.accepted()
    return state, outcome.actions


# Dice 0-1 are the darker kind (blue garden stink stink soy soy), 2-4 the lighter
# (stink red blue blue green green).
FIRST = ["green", "soy", "red", "garden", "blue"]


def test_a_turn_roll_save_roll_save_all_then_the_next_player():
    state, t = fresh()
    state, acts = play(state, t, look(FIRST))
    assert isinstance(acts[0], Roll) and sorted(acts[0].faces) == sorted(FIRST)
    assert state.step == "save" and state.faces[0] in {"soy", "garden"}
    # Two dice to the bean field; the other three lie where they lay.
    state, acts = play(state, t, to_tray(t.last, ["soy", "garden"]))
    assert acts == [Save(0, (0, 1))] and state.step == "roll"
    # The three rolled again.
    state, acts = play(state, t, look(["stink", "green", "blue"], ["soy", "garden"], moved=7))
    assert acts == [Roll(0, ("stink", "green", "blue"))]
    # All three saved: the bean field is checked, the turn is over.
    state, acts = play(state, t, to_tray(t.last, ["stink", "green", "blue"]))
    assert acts == [Save(0, (2, 3, 4))] and state.step == "turn-end"
    # The tray emptied and all five rolled: the bean piece went on, seat 1 rolled.
    state, acts = play(state, t, look(FIRST, moved=3))
    assert acts[0] == PassPiece(0) and isinstance(acts[1], Roll) and acts[1].player == 1
    assert state.active == 1 and state.step == "save"


def test_save_and_roll_between_two_looks_are_both_seen():
    state, t = fresh()
    state, _ = play(state, t, look(FIRST))
    state, acts = play(state, t, look(["red", "blue", "green"], ["soy", "garden"], moved=9))
    assert acts[0] == Save(0, (0, 1)) and isinstance(acts[1], Roll)
    assert sorted(acts[1].faces) == ["blue", "green", "red"]


def test_the_bean_piece_is_a_roll_with_nothing_saved_once_a_turn():
    state, t = fresh()
    state, _ = play(state, t, look(FIRST))
    state, acts = play(state, t, look(["stink", "soy", "red", "blue", "green"], moved=5))
    assert isinstance(acts[0], RepeatRoll) and not state.piece
    outcome = t.see(state, look(["blue", "soy", "red", "blue", "green"], moved=1))
    assert "bean piece is used" in outcome.problem and not outcome.actions
    assert "Bohnenfigur ist schon benutzt" in outcome.problem_de  # said on a German phone


def test_the_same_picture_again_is_nothing_new():
    state, t = fresh()
    state, _ = play(state, t, look(FIRST))
    assert interpret(state, look(FIRST), t.last).actions == []


def test_what_breaks_a_rule_is_a_problem_and_changes_nothing():
    state, t = fresh()
    state, _ = play(state, t, look(FIRST))
    state, _ = play(state, t, to_tray(t.last, ["soy", "garden"]))
    last = t.last
    cases = {
        "left the bean field": look(["green", "red", "blue", "garden"], ["soy"]),
        "4 dice on the mat, 5 expected: 1 hidden": look(["green", "red"], ["soy", "garden"]),
        "3 dice on the mat, 5 expected: 2 hidden": look(["green"], ["soy", "garden"]),
        "6 dice on the mat, 5 expected: something read as a die?": look(
            ["green", "red", "blue", "stink"], ["soy", "garden"]
        ),
        "no die can show": look(["garden", "garden", "garden"], ["soy", "garden"], moved=4),
    }
    for words, seen in cases.items():
        outcome = t.see(state, seen)
        assert words in outcome.problem and outcome.actions == []
        t.accepted()  # nothing to accept: the last good look is kept
        assert t.last is last


def test_dice_put_in_the_bean_field_before_a_roll_are_a_problem_that_says_what_to_do():
    # Before the turn's first roll (dice left in the tray by the last turn or game):
    state, t = fresh()
    outcome = t.see(state, look(["blue"] * 3, ["blue"] * 2, moved=40))
    assert outcome.actions == [] and outcome.problem == (
        "the turn starts with all five dice: take the dice out of the bean field, then roll"
    )
    # After a save, before the next roll: only the roll's dice may be saved.
    state, _ = play(state, t, look(FIRST))
    state, _ = play(state, t, to_tray(t.last, ["soy", "garden"]))
    outcome = t.see(state, to_tray(t.last, ["green"]))
    assert outcome.actions == [] and outcome.problem == (
        "dice went to the bean field before the roll"
    )


def test_a_die_saved_that_was_not_just_rolled_is_a_problem():
    state, t = fresh()
    state, _ = play(state, t, look(FIRST))
    outcome = t.see(state, look(["green", "soy", "red", "blue"], ["stink"], moved=0))
    assert "no die just rolled" in outcome.problem


def test_an_unsure_face_is_confirmed_before_anything_is_applied():
    state, t = fresh()
    outcome = t.see(state, look(FIRST, unsure=[2]))
    assert outcome.needs_confirmation and outcome.unsure[0].face == "red"
    assert isinstance(outcome.actions[0], Roll)  # what would be applied once confirmed


def test_the_engine_still_judges_what_the_tracker_proposes():
    """A roll before the turn's first roll is not the tracker's to allow."""
    state, t = fresh()
    outcome = interpret(state, look(FIRST), t.last)
    outcome.actions = [Save(0, (0,))]
    with pytest.raises(RuleError):
        check(state, outcome)
