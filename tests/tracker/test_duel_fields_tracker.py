"""The Duel's tracker: the ladders read by the camera become plantings (hand,
turned-over cards, gift) and harvests; a ladder break is flagged in the engine's
words and changes nothing."""

from companion.engine.duel import (
    AcceptGift,
    DrawFaceUp,
    GiveGift,
    Harvest,
    OfferGift,
    Plant,
    PlantDrawn,
    PlantGift,
    apply,
    new_game,
)
from companion.tracker.fields import interpret_fields

from .helpers import seen_of, with_fields


def test_a_card_laid_is_the_hands_first_card_planted():
    state = new_game(seed=3)  # hand: red, chili, blue, ...
    out = interpret_fields(state, seen_of(state, {(0, 0): ["red"]}))
    assert out.problem is None and out.actions == [Plant(0, 0, "red")]


def test_a_ladder_break_is_flagged_and_changes_nothing():
    """Rulebook: a field takes the same number as its top card or the next higher."""
    state = new_game(seed=3)
    state = apply(state, Plant(0, 0, "red"))  # next in hand: chili (18)
    out = interpret_fields(state, seen_of(state, {(0, 0): ["red", "chili"]}))
    assert out.actions == [] and out.seat == 0
    assert "field 1 has a" in out.problem and "takes only" in out.problem


def test_the_ladder_goes_up_by_one_number():
    state = with_fields(new_game(seed=3), 0, [["garden"], [], []])  # 6 then red (8)
    out = interpret_fields(state, seen_of(state, {(0, 0): ["garden", "red"]}))
    assert out.problem is None and out.actions == [Plant(0, 0, "red")]


def test_three_cards_turned_over_then_planted_from_the_face_up_places():
    state = apply(new_game(seed=3), Plant(0, 0, "red"))
    coming = state.deck[:3]  # stink, green, blue
    out = interpret_fields(state, seen_of(state), face_up=(coming[2], coming[0], coming[1]))
    assert out.actions == [DrawFaceUp(0, tuple(coming))]
    state = apply(state, out.actions[0])
    # The gift exchange: the active player offers nothing the opponent takes.
    state = apply(state, OfferGift(0, "green"))
    state = apply(state, AcceptGift(1))
    state = apply(state, GiveGift(0, "face-up", state.face_up.index("green")))
    assert state.step == "plant-drawn"
    out = interpret_fields(state, seen_of(state, {(0, 1): ["stink"]}))
    assert out.problem is None
    assert out.actions == [PlantDrawn(0, state.face_up.index("stink"), 1)]


def test_the_opponents_gift_is_planted_after_the_active_players_cards():
    state = apply(new_game(seed=3), Plant(0, 0, "red"))
    state = apply(state, DrawFaceUp(0))
    state = apply(state, OfferGift(0, "green"))
    state = apply(state, AcceptGift(1))
    state = apply(state, GiveGift(0, "face-up", state.face_up.index("green")))
    for bean in list(state.face_up):
        f = next(i for i, c in enumerate(state.players[0].fields) if not c)
        state = apply(state, PlantDrawn(0, state.face_up.index(bean), f))
    assert state.step == "plant-gift"
    out = interpret_fields(state, seen_of(state, {(1, 2): ["green"]}))
    assert out.problem is None and out.actions == [PlantGift(1, 2)]


def test_a_cleared_ladder_is_a_harvest():
    state = with_fields(new_game(seed=3), 1, [["red", "red", "black-eyed"], [], []])
    out = interpret_fields(state, seen_of(state, {(1, 0): []}))
    assert out.problem is None and out.actions == [Harvest(1, 0)]
    assert len(apply(state, out.actions[0]).players[1].dollars) > len(state.players[1].dollars)
