"""Bohnanza's tracker: settled readings of every field become plantings and
harvests, and the engine judges them (one variety a field, never a third card in
step 1, the protection rule); what it refuses is a problem and changes nothing."""

from dataclasses import replace

from companion.engine.bohnanza.actions import DrawFaceUp, EndTrading, Harvest, Plant, PlantTraded
from companion.engine.bohnanza.game import apply, new_game
from companion.engine.errors import RULE_DE, Rule
from companion.tracker.fields import SeenField, interpret_fields

from .helpers import seen_of, with_fields


def test_a_card_laid_in_a_field_is_the_hands_first_card_planted():
    state = new_game(3, seed=1)
    first = state.players[0].hand[0]
    out = interpret_fields(state, seen_of(state, {(0, 0): [first]}))
    assert out.problem is None and out.actions == [Plant(0, 0, first)]


def test_the_same_fields_again_are_nothing_new():
    state = new_game(3, seed=1)
    assert interpret_fields(state, seen_of(state)) == interpret_fields(state, seen_of(state))
    assert interpret_fields(state, seen_of(state)).actions == []


def test_a_second_variety_in_a_field_is_flagged_in_the_engines_words():
    state = new_game(3, seed=1)
    first = state.players[0].hand[0]
    other = next(b for b in ("red", "soy", "blue") if b != first)
    state = with_fields(state, 0, [[other], []])
    out = interpret_fields(state, seen_of(state, {(0, 0): [other, first]}))
    assert out.actions == [] and "can't go there" in out.problem and out.seat == 0
    assert out.problem_de == RULE_DE[Rule.ONE_VARIETY_PER_FIELD]  # the rule's own German sentence


def test_a_third_card_in_step_one_is_flagged():
    state = new_game(3, seed=1)
    hand = state.players[0].hand
    state = with_fields(state, 0, [[], []])
    # Plant the first two (whatever they are, each in its own or the same field).
    a = apply(state, Plant(0, 0, hand[0]))
    f2 = 0 if hand[1] == hand[0] else 1
    b = apply(a, Plant(0, f2, hand[1]))
    third = list(b.players[0].fields[0]) + [hand[2]] if hand[2] == hand[0] else None
    if third is None:  # put the third where it fits, the engine still refuses it
        target = f2 if hand[2] == hand[1] else None
        if target is None:
            fields = [list(f) for f in b.players[0].fields]
            empty = next((i for i, f in enumerate(fields) if not f), 0)
            fields[empty] = fields[empty] + [hand[2]]
            change = {(0, i): f for i, f in enumerate(fields)}
        else:
            change = {(0, target): list(b.players[0].fields[target]) + [hand[2]]}
    else:
        change = {(0, 0): third}
    out = interpret_fields(b, seen_of(b, change))
    assert out.actions == [] and "third card" in out.problem


def test_a_cleared_field_is_a_harvest_sold_by_the_beanometer():
    state = new_game(3, seed=1)
    state = with_fields(state, 1, [["red"] * 3, ["soy"] * 2])
    out = interpret_fields(state, seen_of(state, {(1, 0): []}))
    assert out.problem is None and out.actions == [Harvest(1, 0)]
    after = apply(state, out.actions[0])
    assert len(after.players[1].coins) == 2  # red's beanometer: 3 cards are 2 coins


def test_a_harvest_against_the_protection_rule_is_flagged():
    state = new_game(3, seed=1)
    state = with_fields(state, 1, [["red"], ["soy"] * 3])
    out = interpret_fields(state, seen_of(state, {(1, 0): []}))
    assert out.actions == [] and out.problem


def test_part_of_a_field_taken_and_a_missing_seat_are_problems():
    state = new_game(3, seed=1)
    state = with_fields(state, 1, [["red"] * 3, []])
    out = interpret_fields(state, seen_of(state, {(1, 0): ["red"]}))
    assert "part of the field" in out.problem and out.seat == 1
    assert "Teil des Feldes" in out.problem_de
    missing = interpret_fields(state, seen_of(state)[:2])
    assert "seated" in missing.problem and "am Tisch" in missing.problem_de


def test_an_unsure_new_card_is_named_for_confirmation():
    state = new_game(3, seed=1)
    first = state.players[0].hand[0]
    seen = seen_of(state)
    seen[0][0] = SeenField((first,), 0.1)
    out = interpret_fields(state, seen)
    assert out.actions == [Plant(0, 0, first)] and out.unsure == [(0, 0)]


def test_only_the_new_cards_sureness_counts():
    """The cards already in a field are known: an unsure strip under them asks nothing."""
    state = with_fields(new_game(3, seed=1), 1, [["red"] * 3, []])
    state = with_fields(state, 0, [[], []])
    first = state.players[0].hand[0]
    seen = seen_of(state, {(0, 1): [first]})
    seen[1][0] = SeenField(("red",) * 3, 0.05, (0.05, 0.9, 0.9))
    seen[0][1] = SeenField((first,), 0.9, (0.9,))
    assert interpret_fields(state, seen).unsure == []


def test_a_misread_strip_under_a_new_card_is_still_one_card_planted():
    state = with_fields(new_game(3, seed=1), 0, [["soy"] * 3, []])
    players = list(state.players)
    players[0] = replace(players[0], hand=("soy",) + players[0].hand[1:])
    state = replace(state, players=tuple(players))
    out = interpret_fields(state, seen_of(state, {(0, 0): ["soy", "wax", "soy", "soy"]}))
    assert out.problem is None and out.actions == [Plant(0, 0, "soy")]


def test_a_field_harvested_and_planted_anew_in_one_look():
    state = with_fields(new_game(3, seed=1), 0, [["wax"] * 4, ["stink"] * 2])
    first = state.players[0].hand[0]
    out = interpret_fields(state, seen_of(state, {(0, 0): [first]}))
    assert out.problem is None and out.actions == [Harvest(0, 0), Plant(0, 0, first)]


def test_cards_turned_over_tell_a_hidden_game_the_beans():
    """With hidden cards the game learns the face-up pair from the camera."""
    state = new_game(3, seed=1, knowledge="hidden")
    state = with_fields(state, 0, [["soy"], []])
    # The hand is unseen: the card the camera sees planted is what it was.
    out = interpret_fields(state, seen_of(state, {(0, 0): ["soy", "soy"]}))
    assert out.actions == [Plant(0, 0, "soy")]
    after = apply(state, out.actions[0])
    out = interpret_fields(after, seen_of(after), face_up=("red", None, "blue", None))
    assert out.problem is None and out.actions == [DrawFaceUp(0, ("red", "blue"))]
    assert apply(after, out.actions[0]).face_up == ("red", "blue")


def test_cards_turned_over_are_named_in_the_decks_order_when_it_is_known():
    state = new_game(3, seed=1)
    first = state.players[0].hand[0]
    state = apply(state, Plant(0, 0, first))
    coming = state.deck[:2]
    out = interpret_fields(state, seen_of(state), face_up=(coming[1], coming[0]))
    assert out.actions == [DrawFaceUp(0, tuple(coming))]
    # One card only: still being turned over, nothing yet.
    assert interpret_fields(state, seen_of(state), face_up=(coming[0], None)).actions == []


def test_a_face_up_card_misread_is_the_engines_problem_in_a_known_game():
    state = new_game(3, seed=1)
    state = apply(state, Plant(0, 0, state.players[0].hand[0]))
    coming = state.deck[:2]
    wrong = next(b for b in ("wax", "coffee", "cocoa") if b not in coming)
    out = interpret_fields(state, seen_of(state), face_up=(wrong, coming[1]))
    assert out.actions == [] and out.problem


def test_planting_a_traded_card_ends_the_trading():
    state = new_game(3, seed=1)
    state = apply(state, Plant(0, 0, state.players[0].hand[0]))
    state = apply(state, DrawFaceUp(0))
    card = state.face_up[0]
    target = next(f for f, col in enumerate(state.players[0].fields) if not col or col[-1] == card)
    column = list(state.players[0].fields[target]) + [card]
    out = interpret_fields(state, seen_of(state, {(0, target): column}))
    assert out.problem is None
    assert out.actions == [EndTrading(0), PlantTraded(0, 0, target)]
