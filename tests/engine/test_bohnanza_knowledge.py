"""Knowledge as at a real table: hidden hands and deck, cards known once seen."""

import random

import pytest

from companion.engine import bohnanza as B
from companion.engine.bohnanza import DrawFaceUp, EndTrading, Plant, PlantTraded, Trade
from companion.engine.games import GAMES

from .helpers import play, refused, table


def hidden(players=4, **kw):
    return B.new_game(players, knowledge="hidden", **kw)


def test_a_hidden_card_must_be_named_when_it_appears():
    s = hidden()
    err = refused(s, Plant(0, 0), "bean-unseen")
    assert "cannot see" in err.message
    s = play(s, Plant(0, 0, "soy"))
    assert s.players[0].fields[0] == ("soy",) and len(s.players[0].hand) == 4


def test_an_unknown_bean_is_refused_with_the_known_ids():
    err = refused(hidden(), Plant(0, 0, "purple"), "unknown-bean")
    assert "black-eyed" in err.message


def test_a_bean_not_in_this_game_is_refused():
    err = refused(hidden(4), Plant(0, 0, "coffee"), "bean-not-in-game")
    assert "Coffee Bean" in err.message and "4 players" in err.message


def test_more_beans_than_exist_are_refused():
    s = hidden()
    cocoa_everywhere = B.State.from_json(
        {**s.to_json(), "discard": ["cocoa"] * 4, "hidden_deck": s.hidden_deck - 4}
    )
    err = refused(cocoa_everywhere, Plant(0, 0, "cocoa"), "too-many-beans")
    assert "all 4 Cocoa Beans" in err.message


def test_face_up_cards_must_be_named_one_for_each_card():
    s = play(hidden(), Plant(0, 0, "soy"))
    refused(s, DrawFaceUp(0), "bean-unseen")
    refused(s, DrawFaceUp(0, ("red",)), "wrong-bean")
    s = play(s, DrawFaceUp(0, ("red", "blue")))
    assert s.face_up == ("red", "blue") and s.deck_size == 130 - 20 - 2


def test_traded_hand_cards_must_be_named():
    s = play(hidden(), Plant(0, 0, "soy"), DrawFaceUp(0, ("red", "blue")))
    refused(s, Trade(0, 1, receive=(0,)), "bean-unseen")
    s = play(s, Trade(0, 1, face_up=(0,), receive=(3,), receive_beans=("wax",)))
    assert s.players[0].set_aside == ("wax",)
    assert len(s.players[1].hand) == 4 and s.players[1].set_aside == ("red",)


def test_a_known_deck_checks_what_the_table_says():
    s = table(hands=[["soy"], [], [], []])
    err = refused(s, Plant(0, 0, "blue"), "wrong-bean")
    assert "Soy Bean" in err.message and "Blue Bean" in err.message
    assert play(s, Plant(0, 0, "soy")) == play(s, Plant(0, 0))


def test_hidden_draws_count_cards_and_reshuffle_the_seen_discard_pile():
    s = hidden()
    s = B.State.from_json({**s.to_json(), "hidden_deck": 4, "discard": ["soy"] * 7})
    s = play(s, Plant(0, 0, "red"), DrawFaceUp(0, ("wax", "wax")), EndTrading(0))
    s = play(s, PlantTraded(0, 0, 1), PlantTraded(0, 0, 1), B.EndTurn(0))
    assert s.exhaustions == 1 and s.deck_size == 7 - 1 and s.discard == ()
    assert len(s.players[0].hand) == 5 - 1 + 3


@pytest.mark.parametrize(
    "players, edition", [(2, "classic"), (4, "classic"), (7, "classic"), (3, "newer")]
)
def test_a_hidden_table_follows_a_real_game_card_for_card(players, edition):
    """Play a known game at random and feed its actions, as the table would see them,
    to a hidden-knowledge game: the public view must agree after every action."""
    rng = random.Random(players)
    known = B.new_game(players, edition, seed=players)
    blind = B.new_game(players, edition, knowledge="hidden")
    n = 0
    while not known.over and n < 3000:
        action = rng.choice(B.legal_actions(known))
        known, blind = B.apply(known, action), B.apply(blind, action)
        assert public(blind) == public(known), action
        assert B.invariants(blind) == []
        n += 1
    # After a reshuffle the two decks differ in order; the sizes still agree.
    assert blind.deck_size == known.deck_size


def public(state) -> dict:
    """What every phone sees of the table (the game's own view), whether or not
    the engine knows the hidden cards (its warnings may tell more when it does: a
    traded card's variety, known only to a simulated deck)."""
    view = GAMES["bohnanza"].view(state, ["A", "B", "C", "D", "E", "F", "G"][: len(state.players)])
    return {k: v for k, v in view.items() if k not in ("knowledge", "warnings")}
