"""The bean duel for 2 players (classic rulebook's 2-player variant)."""

from companion.engine import bohnanza as B
from companion.engine.bohnanza import (
    BuyField,
    DiscardFromHand,
    DiscardOffered,
    DrawFaceUp,
    EndTrading,
    EndTurn,
    Harvest,
    Plant,
    PlantDrawn,
    PlantOffered,
    Trade,
)
from companion.engine.bohnanza.describe import describe

from .helpers import play, refused, table


def duel(**kw):
    kw.setdefault("hands", [["soy", "blue", "red"], ["wax", "chili"]])
    return table(2, **kw)


def test_the_starting_player_has_no_offer_on_the_first_turn():
    s = B.new_game(2, seed=1)
    assert s.step == "plant" and s.offer == ()


def test_step2_plant_one_or_two_then_discard_one_from_anywhere():
    s = duel()
    refused(s, DiscardFromHand(0, 1), "must-plant")
    s = play(s, Plant(0, 0), DiscardFromHand(0, 1))  # the red, from the back
    assert s.players[0].hand == ("blue",) and s.discard == ("red",)
    refused(s, DiscardFromHand(0, 0), "discard-limit")
    refused(s, Plant(0, 1), "plant-limit")  # planting is over once one is discarded


def test_step2_discarding_is_optional():
    s = play(duel(deck=["red"] * 10), Plant(0, 0), Plant(0, 1), DrawFaceUp(0))
    assert s.step == "plant-drawn"


def test_step3_three_cards_face_up_plus_the_matching_discard_chain():
    # The discard pile, top last: green, blue, soy, blue. The drawn cards include blue
    # and soy, so blue, soy, blue come along; green stops the chain.
    s = duel(deck=["blue", "soy", "wax", "red", "red"], discard=["green", "blue", "soy", "blue"])
    s = play(s, Plant(0, 0), DrawFaceUp(0))
    assert s.face_up == ("blue", "soy", "wax", "blue", "soy", "blue")
    assert s.discard == ("green",)
    # ... and the log names the chain (a host's friend saw four face up, three named)
    before = play(
        duel(deck=["blue", "soy", "wax", "red", "red"], discard=["green", "blue", "soy", "blue"]),
        Plant(0, 0),
    )
    assert describe(before, DrawFaceUp(0), ["Ben", "Ann"]) == (
        "Ben draws cards face up: Blue Bean, Soy Bean and Wax Bean; "
        "from the discard pile: Blue Bean, Soy Bean and Blue Bean"
    )


def test_step3_the_chain_stops_at_a_card_matching_none():
    s = duel(deck=["wax", "wax", "wax"] + ["red"] * 3, discard=["wax", "soy"])
    s = play(s, Plant(0, 0), DrawFaceUp(0))
    assert s.face_up == ("wax",) * 3 and s.discard == ("wax", "soy")


def test_step3_plant_any_and_leave_the_rest_as_an_offer():
    s = duel(deck=["blue", "soy", "wax", "red", "chili", "green"])
    s = play(s, Plant(0, 0), DrawFaceUp(0), PlantDrawn(0, 1, 0))  # the soy on the soy
    assert s.players[0].fields[0] == ("soy", "soy")
    s = play(s, EndTurn(0))
    # Step 4 draws two; the blue and the wax are the opponent's offer.
    assert s.players[0].hand == ("blue", "red", "red", "chili")
    assert s.offer == ("blue", "wax")
    assert s.active == 1 and s.step == "offer"


def test_step1_the_offer_is_planted_or_discarded_card_by_card():
    s = duel(deck=["blue", "soy", "wax", "red", "chili"] + ["green"] * 8)
    s = play(s, Plant(0, 0), DrawFaceUp(0), EndTurn(0))
    assert s.offer == ("blue", "soy", "wax")
    refused(s, Plant(1, 0), "wrong-step")
    s = play(s, PlantOffered(1, 1, 0), DiscardOffered(1, 1))  # plant the soy, discard the wax
    assert s.step == "offer" and s.offer == ("blue",)
    s = play(s, PlantOffered(1, 0, 1))
    assert s.step == "plant" and s.offer == ()
    assert s.players[1].fields == (("soy",), ("blue",))
    assert s.discard[-1] == "wax"


def test_only_the_active_player_harvests_in_the_bean_duel():
    s = duel(fields=[[[], []], [["red"] * 3, []]])
    refused(s, Harvest(1, 0), "not-your-turn")
    assert not any(isinstance(a, Harvest) for a in B.legal_actions(s))
    s = duel(fields=[[["red"] * 3, []], [[], []]])
    assert len(play(s, Harvest(0, 0)).players[0].coins) == 2


def test_the_third_field_costs_three_coins_that_leave_the_game():
    s = play(duel(coins=[["soy", "red", "blue"], []]), BuyField(0))
    assert s.out == ("soy", "red", "blue") and s.discard == ()
    assert len(s.players[0].fields) == 3


def test_there_is_no_trading_in_the_bean_duel():
    s = play(duel(deck=["blue", "soy", "wax", "red", "chili"]), Plant(0, 0), DrawFaceUp(0))
    refused(s, Trade(0, 1, face_up=(0,)), "wrong-step")
    refused(s, EndTrading(0), "wrong-step")


def test_discarding_from_the_hand_is_only_in_the_bean_duel():
    s = play(table(4, hands=[["soy", "red"], [], [], []]), Plant(0, 0))
    refused(s, DiscardFromHand(0, 0), "no-discard")


def test_the_first_exhaustion_ends_the_bean_duel_after_step_3():
    s = duel(deck=["blue", "soy"], discard=["wax"])
    s = play(s, Plant(0, 0), DrawFaceUp(0))
    assert s.face_up == ("blue", "soy") and s.ending  # just two were left
    s = play(s, PlantDrawn(0, 1, 0), EndTurn(0))
    assert s.over
    assert s.exhaustions == 1


def test_the_first_exhaustion_in_step_4_ends_at_once():
    s = duel(deck=["blue", "soy", "wax", "red"])
    s = play(s, Plant(0, 0), DrawFaceUp(0), EndTurn(0))
    assert s.over and s.players[0].hand[-1] == "red"
