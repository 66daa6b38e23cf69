"""Bohnanza: The Duel, rule by rule (rulebook 001), with the rulebook's examples.
Seat 0 is Uwe, the starting player; seat 1 is Susanne."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from companion.engine import duel as D
from companion.engine import make_log, replay
from companion.engine.duel import (
    AcceptGift,
    BonusCard,
    ClaimBonus,
    DeclineGift,
    DiscardBonus,
    DiscardDrawn,
    DrawBonus,
    DrawFaceUp,
    EndGame,
    EndTurn,
    GiveGift,
    Harvest,
    OfferGift,
    Plant,
    PlantDrawn,
    PlantGift,
)
from companion.engine.duel.describe import describe, label, step_text
from companion.engine.games import GAMES

from .duel_helpers import duel, play, refused

LONG_DECK = ["green"] * 30

# ------------------------------------------------------------------ setup


def test_setup_104_cards_of_eight_varieties():
    s = D.new_game(seed=3)
    cards = Counter(s.deck)
    for p in s.players:
        cards.update(p.hand)
        cards.update(p.dollars)
    assert dict(cards) == {
        "garden": 6,
        "red": 8,
        "black-eyed": 10,
        "soy": 12,
        "green": 14,
        "stink": 16,
        "chili": 18,
        "blue": 20,
    }
    assert sum(cards.values()) == 104


def test_setup_dollar_piles_hands_bonus_cards_and_fields():
    s = D.new_game(seed=3)
    for p in s.players:
        assert len(p.dollars) == 3 and len(p.hand) == 5 and len(p.bonus) == 3
        assert p.fields == ((), (), ())
    assert len(s.deck) == 104 - 6 - 10
    assert s.bonus_deck_size == 32 - 6
    assert s.offers == ()  # the eight gift cards lie in their row


def test_setup_hands_are_drawn_taking_turns_in_draw_order():
    s = D.new_game(seed=5, start=1)
    rng = random.Random(5)
    cards = [b for b in D.LADDER for _ in range(D.CARDS[b])]
    rng.shuffle(cards)
    drawn = cards[6:16]
    assert s.players[1].hand == tuple(drawn[0::2])  # the starting player draws first
    assert s.players[0].hand == tuple(drawn[1::2])


def test_synthetic_bonus_cards_are_thirty_two_and_climb_the_ladder():
    cards = D.synthetic_bonus_cards(random.Random(1))
    assert len(cards) == 32
    assert Counter(c.cents for c in cards) == {10: 8, 40: 8, 70: 8, 100: 8}
    for c in cards:
        assert all(D.fits(c.pattern[:i], c.pattern[i]) for i in range(1, len(c.pattern)))


# ------------------------------------------------------------------ planting


@pytest.mark.parametrize(
    "top, bean, ok",
    [
        ("soy", "soy", True),  # the same number
        ("black-eyed", "soy", True),  # the next higher number: 12 on a 10
        ("red", "soy", False),  # no skipping: not 12 on an 8
        ("stink", "soy", False),  # never lower: not 12 on a 16
        (None, "garden", True),  # an empty field takes any bean
        ("blue", "blue", True),
        ("blue", "garden", False),  # 20 is the top: nothing climbs past it
    ],
)
def test_planting_follows_the_ladder(top, bean, ok):
    column = () if top is None else (top,)
    assert D.fits(column, bean) is ok


def test_different_beans_may_share_a_field():
    s = duel(hands=[["red", "black-eyed"], []])
    s = play(s, Plant(0, 0), Plant(0, 0))
    assert s.players[0].fields[0] == ("red", "black-eyed")


def test_a_bean_off_the_ladder_is_refused_with_the_numbers():
    s = duel(hands=[["stink"], []], fields=[[["red"], ["soy"], ["blue"]], [[], [], []]])
    err = refused(s, Plant(0, 0), "ladder")
    assert "Red Bean (8)" in err.message and "Stink Bean (16)" in err.message
    assert not any(isinstance(a, Plant) for a in D.legal_actions(s))  # harvest first


def test_the_step_says_to_harvest_first_when_the_first_card_is_off_every_ladder():
    s = duel(hands=[["stink"], []], fields=[[["red"], ["soy"], ["blue"]], [[], [], []]])
    assert step_text(s, you=0) == "harvest a field, then plant the first card of the hand"
    assert step_text(s, "de", 0) == "ein Feld ernten, dann die vorderste Handkarte anbauen"
    assert step_text(s, you=1) == "plant the first card of the hand"
    s = duel(hands=[["stink"], []], fields=[[["red"], ["soy"], []], [[], [], []]])
    assert step_text(s, you=0) == "plant the first card of the hand"


def test_the_step_says_a_second_card_off_every_ladder_needs_a_harvest_first():
    s = duel(hands=[["red", "stink"], []], fields=[[[], ["soy"], ["blue"]], [[], [], []]])
    s = play(s, Plant(0, 0))
    assert step_text(s, you=0) == "turn over 3 cards (or harvest a field to plant a second card)"
    de = "3 Karten aufdecken (für eine zweite Karte erst ein Feld ernten)"
    assert step_text(s, "de", 0) == de
    assert step_text(s, you=1) == "plant a second card or turn over 3 cards"
    s = duel(hands=[["red", "black-eyed"], []], fields=[[[], ["soy"], ["blue"]], [[], [], []]])
    assert step_text(play(s, Plant(0, 0)), you=0) == "plant a second card or turn over 3 cards"


# ------------------------------------------------------------------ phase 1


def test_phase1_the_first_card_must_be_planted_the_second_may():
    s = duel(hands=[["soy", "soy", "soy"], []], deck=LONG_DECK)
    refused(s, DrawFaceUp(0), "must-plant")
    s = play(s, Plant(0, 0))
    assert DrawFaceUp(0, ("green",) * 3) in D.legal_actions(s)
    assert step_text(s) == "plant a second card or turn over 3 cards"
    s = play(s, Plant(0, 0))
    refused(s, Plant(0, 0), "plant-limit")
    assert s.players[0].hand == ("soy",)
    # Two planted: what is left is turning over (a newcomer read "plant a second
    # card" after planting it).
    assert step_text(s) == "turn over 3 cards" and step_text(s, "de") == "3 Karten aufdecken"


# ------------------------------------------------------------------ phase 2


def _uwe_turned_over():
    """Example 1: Uwe has turned over a Soy, a Chili... (example 5's Red) and a Blue."""
    s = duel(
        hands=[["green", "stink"], ["blue", "garden"]], deck=["soy", "red", "blue"] + LONG_DECK
    )
    return play(s, Plant(0, 0), DrawFaceUp(0))


def test_rulebook_examples_1_to_5_gifts_and_planting():
    s = _uwe_turned_over()
    assert s.face_up == ("soy", "red", "blue") and s.step == "gift"
    refused(s, OfferGift(1, "soy"), "gift-order")  # the active player offers first
    s = play(s, OfferGift(0, "soy"))  # example 2: Uwe pushes the Soy gift card
    refused(s, OfferGift(1, "soy"), "gift-pushed")  # a pushed gift card can't be pushed again
    s = play(s, OfferGift(1, "blue"))  # example 3: Susanne declines and pushes Blue
    s = play(s, AcceptGift(0))  # example 4: Uwe accepts
    refused(s, GiveGift(0, "hand", 0), "gift-order")
    s = play(s, GiveGift(1, "hand", 0))  # Susanne gives a Blue Bean from her hand
    assert s.players[0].gift == ("blue",) and s.players[1].hand == ("garden",)
    assert s.step == "plant-drawn" and s.offers == ()  # the gift cards go back
    # Example 5: the two Blue Beans in the 2nd field, the Red in the 3rd, Soy discarded.
    s = play(s, PlantDrawn(0, 2, 1), PlantGift(0, 1), PlantDrawn(0, 1, 2), DiscardDrawn(0, 0))
    assert s.players[0].fields == (("green",), ("blue", "blue"), ("red",))
    assert s.discard == ("soy",)
    assert s.step == "bonus"


def test_the_table_waits_for_the_accepted_gifts_maker_to_hand_it_over():
    """Susanne's gift accepted on Uwe's turn: she hands it over, the table waits for
    her (a person's phone once showed it as Uwe's step, and the table sat still)."""
    from companion.engine.duel.view import must_act, view

    names = ["Uwe", "Susanne"]
    s = play(_uwe_turned_over(), OfferGift(0, "soy"), OfferGift(1, "blue"), AcceptGift(0))
    assert s.step == "give" and must_act(view(s, names)) == {1}
    s = play(_uwe_turned_over(), OfferGift(0, "soy"), AcceptGift(1))
    assert s.step == "give" and must_act(view(s, names)) == {0}


def test_gifts_alternate_until_one_is_accepted():
    s = play(_uwe_turned_over(), OfferGift(0, "soy"), OfferGift(1, "blue"), OfferGift(0, "red"))
    refused(s, OfferGift(0, "green"), "gift-order")
    refused(s, DeclineGift(1), "must-offer")
    s = play(s, AcceptGift(1), GiveGift(0, "face-up", 1))
    assert s.players[1].gift == ("red",) and s.face_up == ("soy", "blue")


def test_the_gifts_one_holds_are_offered_before_the_bluffs():
    """A newcomer met the costly bluffs first: the list went by the ladder alone."""
    s = _uwe_turned_over()  # Uwe holds a Stink Bean; Soy, Red, Blue turned over
    offers = [a.bean for a in D.legal_actions(s) if isinstance(a, OfferGift)]
    assert offers == ["red", "soy", "stink", "blue", "garden", "black-eyed", "green", "chili"]
    s = play(s, OfferGift(0, "soy"))  # Anna holds a Blue and a Garden Bean
    offers = [a.bean for a in D.legal_actions(s) if isinstance(a, OfferGift)]
    assert offers == ["garden", "blue", "red", "black-eyed", "green", "stink", "chili"]


def test_the_offers_heading_says_an_offer_to_you_is_turned_down_by_offering_another():
    """A newcomer offered a gift saw "Accept" and "Offer a gift" and no way to say
    no: in the Duel one says no by offering another (rulebook 001, phase 2)."""
    from companion.engine.duel.view import group

    s = _uwe_turned_over()
    assert group(s, OfferGift(0, "soy"), {}) == "Offer a gift"
    s = play(s, OfferGift(0, "soy"))
    assert group(s, OfferGift(1, "blue"), {}) == "Turn it down: offer another"
    assert group(s, OfferGift(1, "blue"), {}, "de") == "Ablehnen: ein anderes anbieten"


def test_a_player_whose_gift_was_turned_down_is_told_so_and_what_is_offered_back():
    """A newcomer bluffed a Garden Bean and read only "accept the gift, or turn it
    down by offering one back" over "Accept the Blue Bean": nothing said their
    gift had been turned down; the log, far below, did."""
    s = play(_uwe_turned_over(), OfferGift(0, "garden"), OfferGift(1, "blue"))
    assert step_text(s, you=0) == (
        "accept the Blue Bean offered back (your Garden Bean was turned down), "
        "or turn it down by offering another"
    )
    assert step_text(s, "de", you=0).startswith(
        "die zurück angebotene Blaue Bohne annehmen (deine Gartenbohne wurde abgelehnt)"
    )
    assert step_text(s, you=1) == "accept the gift, or turn it down by offering one back"
    s = play(s, OfferGift(0, "red"))  # turned down in turn: now Anna is told
    assert step_text(s, you=1).startswith("accept the Red Bean offered back (your Blue Bean was")
    assert step_text(play(_uwe_turned_over(), OfferGift(0, "soy")), you=1) == (
        "accept the gift, or turn it down by offering one back"
    )


def test_a_gift_offer_says_when_it_turns_one_down_and_tells_only_its_giver_of_a_bluff():
    """A thumb took a bluff for a gift when only the button's end said so: "Bluff"
    comes first, and the phone shows the move apart (`risky`)."""
    from companion.engine.duel.view import risky

    s = _uwe_turned_over()  # Uwe holds a Stink Bean; Soy, Red, Blue turned over
    assert not risky(s, OfferGift(0, "soy"), 0) and risky(s, OfferGift(0, "garden"), 0)
    assert label(s, OfferGift(0, "soy")) == "Offer a Soy Bean as a gift (a turned-over card)"
    assert label(s, OfferGift(0, "garden")).startswith("Bluff: offer a Garden Bean as a gift ")
    assert label(s, OfferGift(0, "garden")).endswith(
        "(you have none: if it is accepted, you pay a dollar card)"
    )
    assert describe(s, OfferGift(0, "garden"), ["Uwe", "Anna"]) == (
        "Uwe offers a Garden Bean as a gift"
    )
    s = play(s, OfferGift(0, "soy"))  # Anna holds a Blue and a Garden Bean
    assert label(s, OfferGift(1, "blue")) == (
        "Turn down the Soy Bean: offer a Blue Bean instead (from your hand)"
    )
    # ... and the log says the gift was turned down (it said only "Anna offers a Blue
    # Bean as a gift": Uwe read nothing of his being turned down)
    assert describe(s, OfferGift(1, "blue"), ["Uwe", "Anna"]) == (
        "Anna turns down the Soy Bean and offers a Blue Bean instead"
    )
    assert describe(s, OfferGift(1, "blue"), ["Uwe", "Anna"], lang="de") == (
        "Anna lehnt die Sojabohne ab und bietet stattdessen eine Blaue Bohne an"
    )
    assert label(s, OfferGift(1, "red"), lang="de") == (
        "Bluffe: lehne die Sojabohne ab: biete stattdessen eine Rote Bohne an "
        "(du hast keine: wird sie angenommen, zahlst du eine Dollarkarte)"
    )


def test_a_gift_says_to_its_giver_where_its_card_would_come_from_and_that_one_is_given():
    """Rulebook 001, phase 2: the active player must offer a gift, "either one of
    the three cards you've turned over or one of the cards in your hand". A
    newcomer could not tell a bean of the hand from one only turned over, nor, with
    no "no gift" to tap, whether a gift had to be given."""
    s = _uwe_turned_over()  # Uwe holds a Stink Bean; Soy, Red, Blue turned over
    assert label(s, OfferGift(0, "stink")) == "Offer a Stink Bean as a gift (from your hand)"
    assert label(s, OfferGift(0, "red"), lang="de") == (
        "Biete eine Rote Bohne als Geschenk an (eine aufgedeckte Karte)"
    )
    assert step_text(s) == "offer a gift (every turn one is given)"
    s = play(s, OfferGift(0, "soy"))
    assert step_text(s) == "accept the gift, or turn it down by offering one back"
    assert step_text(s, "de") == "das Geschenk annehmen oder mit einem Gegengeschenk ablehnen"
    # A hand not known (a real table's hidden hand): nothing said of it.
    p = s.players[1]
    hidden = replace(s, players=(s.players[0], replace(p, hand=(None,) * len(p.hand))))
    assert label(hidden, OfferGift(1, "blue")) == (
        "Turn down the Soy Bean: offer a Blue Bean instead"
    )


def test_declining_before_any_gift_is_offered_says_none_is():
    err = refused(_uwe_turned_over(), DeclineGift(1), "gift-order")
    assert "no gift has been offered yet" in err.message


def test_all_eight_gift_cards_pushed_and_none_accepted_nothing_changes_hands():
    s = _uwe_turned_over()
    for i, bean in enumerate(D.LADDER):
        s = play(s, OfferGift(i % 2, bean))
    assert [type(a) for a in D.legal_actions(s) if not isinstance(a, Harvest | ClaimBonus)] == [
        AcceptGift,
        DeclineGift,
    ]
    refused(s, DeclineGift(1), "gift-order")  # Susanne pushed the last one
    # ... and the phones say no other gift can be offered (a review saw "or turn it
    # down by offering another" with none left)
    assert step_text(s, you=0).endswith("or decline: no gift changes hands")
    assert step_text(s) == "accept the gift, or decline: no gift changes hands"
    s = play(s, DeclineGift(0))
    assert s.step == "plant-drawn" and all(not p.gift for p in s.players)


def test_an_accepted_bluff_costs_a_dollar_card():
    s = play(_uwe_turned_over(), OfferGift(0, "garden"), AcceptGift(1))
    assert D.legal_actions(s)[0] == GiveGift(0, "bluff")
    before = s.players[0].dollars
    s = play(s, GiveGift(0, "bluff"))
    assert s.players[0].dollars == before[:-1]
    assert len(s.players[1].dollars) == 4 and s.players[1].gift == ()


def _uwe_bluffs_garden(dollars, fulfilled=((), ())):
    """Uwe offers a Garden Bean he has neither turned over nor in his hand, and
    Susanne accepts: he was bluffing."""
    s = _uwe_turned_over()
    players = tuple(
        replace(p, dollars=tuple(dollars[i]), fulfilled=tuple(fulfilled[i]))
        for i, p in enumerate(s.players)
    )
    return play(replace(s, players=players), OfferGift(0, "garden"), AcceptGift(1))


def test_an_accepted_bluff_with_only_bonus_cards_in_the_dollar_pile_pays_the_cheapest():
    # "You have to give them one card from your dollar pile, which they put in their
    # own dollar pile" -- and a fulfilled bo(h)nus card is put "on your dollar pile".
    cheap, dear = BonusCard(("red",), 10), BonusCard(("soy", "green"), 70)
    s = _uwe_bluffs_garden([[], ["soy"]], [[dear, cheap], []])
    s = play(s, GiveGift(0, "bluff"))
    assert s.players[0].fulfilled == (dear,) and s.players[0].dollars == ()
    assert s.players[1].fulfilled == (cheap,) and s.players[1].dollars == ("soy",)
    assert D.cents(s, 0) == 170 and D.cents(s, 1) == 100 + 110  # it keeps its worth


def test_an_accepted_bluff_pays_a_bean_card_before_any_bonus_card():
    card = BonusCard(("red",), 10)
    s = play(_uwe_bluffs_garden([["blue", "soy"], []], [[card], []]), GiveGift(0, "bluff"))
    assert s.players[0].dollars == ("blue",) and s.players[0].fulfilled == (card,)
    assert s.players[1].dollars == ("soy",) and s.players[1].fulfilled == ()


def test_an_accepted_bluff_of_bonus_cards_alike_pays_the_latest_fulfilled():
    first, latest = BonusCard(("red",), 40), BonusCard(("soy",), 40)
    s = play(_uwe_bluffs_garden([[], []], [[first, latest], []]), GiveGift(0, "bluff"))
    assert s.players[0].fulfilled == (first,) and s.players[1].fulfilled == (latest,)


def test_an_accepted_bluff_with_an_empty_dollar_pile_pays_nothing():
    s = play(_uwe_bluffs_garden([[], ["soy"]]), GiveGift(0, "bluff"))
    assert D.cents(s, 0) == 0 and D.cents(s, 1) == 100
    assert s.step == "plant-drawn"  # and the phase ends


def test_a_bluff_that_pays_nothing_from_a_bonus_pile_breaks_a_step_invariant():
    card = BonusCard(("red",), 10)
    before = _uwe_bluffs_garden([[], []], [[card], []])
    unpaid = replace(before, step="plant-drawn", offers=())  # as the engine once did
    problems = D.step_invariants(before, GiveGift(0, "bluff"), unpaid)
    assert any("a bluff pays one card" in p for p in problems)
    assert any("not paid" in p for p in problems)
    paid = D.apply(before, GiveGift(0, "bluff"))
    assert D.step_invariants(before, GiveGift(0, "bluff"), paid) == []


def test_a_dollar_pile_loses_a_card_only_to_a_bluff():
    s = _uwe_turned_over()
    robbed = replace(s, players=(replace(s.players[0], dollars=()), s.players[1]))
    problems = D.step_invariants(s, OfferGift(0, "garden"), robbed)
    assert problems == ["seat 0's dollar pile lost a card without a bluff"]


def test_a_declined_bluff_costs_nothing():
    s = play(_uwe_turned_over(), OfferGift(0, "garden"), OfferGift(1, "chili"), AcceptGift(0))
    s = play(s, GiveGift(1, "bluff"))  # Susanne has no chili: her bluff was accepted
    assert len(s.players[1].dollars) == 2 and len(s.players[0].dollars) == 4


def test_a_player_who_has_the_bean_cannot_call_it_a_bluff():
    s = play(_uwe_turned_over(), OfferGift(0, "soy"), AcceptGift(1))
    refused(s, GiveGift(0, "bluff"), "not-a-bluff")  # the Soy lies turned over
    refused(s, GiveGift(0, "face-up", 0 + 1), "wrong-bean")


def test_the_opponent_plants_a_gift_after_the_active_player():
    s = play(_uwe_turned_over(), OfferGift(0, "soy"), AcceptGift(1), GiveGift(0, "face-up", 0))
    refused(s, PlantGift(1, 0), "wrong-step")
    s = play(s, PlantDrawn(0, 0, 1), PlantDrawn(0, 0, 2))
    assert s.step == "plant-gift"
    s = play(s, PlantGift(1, 0))
    assert s.players[1].fields[0] == ("soy",) and s.step == "bonus"


def _uwe_plants_the_turned_over():
    """Phase 3: Susanne's chili bluff accepted, Uwe plants what he turned over."""
    return play(
        _uwe_turned_over(),
        OfferGift(0, "garden"),
        OfferGift(1, "chili"),
        AcceptGift(0),
        GiveGift(1, "bluff"),
    )


def test_only_one_turned_over_card_may_be_discarded():
    s = play(_uwe_plants_the_turned_over(), DiscardDrawn(0, 0))
    refused(s, DiscardDrawn(0, 0), "discard-limit")


def test_the_turned_over_cards_plants_are_listed_before_their_discards():
    """A phone groups moves in the order they are listed: a first card that fits no
    field put "Discard" above "Plant", and the two headings swapped as cards went."""
    s = duel(fields=[[["blue"], ["blue"], ["blue"]], [[], [], []]])
    s = replace(s, step="plant-drawn", face_up=("garden", "blue", "blue"), planted=2)
    kinds = [a.type for a in D.legal_actions(s) if a.type in ("plant-drawn", "discard-drawn")]
    assert kinds == sorted(kinds, key=lambda k: k != "plant-drawn")
    assert kinds[0] == "plant-drawn" and "discard-drawn" in kinds


# ------------------------------------------------------------------ phase 4


def _phase4(bonus_deck=None, bonus=None):
    s = duel(
        hands=[["green"], []],
        deck=["garden", "garden", "garden", "red", "soy"] + LONG_DECK,
        bonus=bonus,
        bonus_deck=bonus_deck,
    )
    s = play(
        s,
        Plant(0, 0),
        DrawFaceUp(0),
        OfferGift(0, "garden"),
        AcceptGift(1),
        GiveGift(0, "face-up", 0),
        PlantDrawn(0, 0, 1),
        PlantDrawn(0, 0, 1),
        PlantGift(1, 0),
    )
    return s


def test_phase4_draws_two_to_the_back_of_the_hand():
    s = _phase4()
    assert s.step == "bonus" and s.players[0].hand == ("red", "soy")


def test_phase4_the_step_says_what_is_left_of_it():
    """A newcomer read "discard and draw bo(h)nus cards" with three in hand and no
    draw to make: the step says what is left (rulebook 001, phase 4)."""
    s = _phase4()
    # Both hold three; what a discard is for is said (a newcomer asked).
    assert step_text(s) == "discard a bo(h)nus card for a new one, or end the turn"
    de = "eine Bo(h)nuskarte gegen eine neue abwerfen oder den Zug beenden"
    assert step_text(s, "de") == de
    s = play(s, DiscardBonus(1, 2))
    assert step_text(s) == "discard and draw bo(h)nus cards"  # Uwe may still discard
    s = play(s, DrawBonus(1))
    assert step_text(s) == "end the turn" and step_text(s, "de") == "den Zug beenden"
    s = play(_phase4(), DiscardBonus(1, 2), DiscardBonus(0, 0))
    assert step_text(s) == "draw bo(h)nus cards"


def test_at_the_turns_end_the_active_player_is_told_a_bonus_card_of_theirs_is_fulfilled_now():
    """A newcomer ended the turn reading "discard a bo(h)nus card or end the turn",
    the Fulfil button further down: a claim may be made at any time (rulebook 001),
    and at the turn's end the player whose field fulfils one is told so."""
    s = _phase4()
    column = s.players[0].fields[0]
    assert column
    mine = BonusCard(tuple(column[-1:]), 40)
    players = (replace(s.players[0], bonus=(mine,) + s.players[0].bonus[1:]),) + s.players[1:]
    s = replace(s, players=players)
    told = (
        "discard a bo(h)nus card for a new one, or end the turn"
        " (a bo(h)nus card of yours can be fulfilled now)"
    )
    assert step_text(s, you=0) == told
    assert step_text(s, "de", you=0).endswith("(eine deiner Bo(h)nuskarten ist jetzt erfüllbar)")
    # Said to its player only, and only while a field fulfils it.
    plain = "discard a bo(h)nus card for a new one, or end the turn"
    assert step_text(s, you=1) == step_text(s) == plain
    assert any(a.type == "claim-bonus" and a.player == 0 for a in D.legal_actions(s))


def test_the_step_after_a_turned_over_card_is_discarded_says_no_more_may_be():
    s = _uwe_plants_the_turned_over()
    assert step_text(s) == "plant the turned-over cards (one may be discarded)"
    s = play(s, DiscardDrawn(0, 0))
    assert step_text(s) == "plant the turned-over cards"


def test_phase4_the_seat_drawing_bonus_cards_is_the_one_the_table_waits_for():
    from companion.engine.duel.view import must_act, view

    s = play(_phase4(), DiscardBonus(1, 2), DiscardBonus(0, 0))
    names = ["Uwe", "Susanne"]
    assert must_act(view(s, names)) == {0}  # Uwe refills first
    s = play(s, DrawBonus(0))
    assert view(s, names)["bonus_due"] == 1 and must_act(view(s, names)) == {1}
    s = play(s, DrawBonus(1))
    assert must_act(view(s, names)) == {0}  # both have three: Uwe ends the turn


def test_each_field_says_which_beans_it_takes_next_on_the_ladder():
    """Rulebook 001: "plant a bean with the same number ... as the last one already
    in the field or one with the next higher number". A newcomer saw a Chili offered
    onto Stink and a Stink not onto Chili, with nothing to say why."""
    from companion.engine.duel.state import LADDER
    from companion.engine.duel.view import view

    low, second, top = LADDER[0], LADDER[1], LADDER[-1]
    s = duel(fields=[[[low], [top], []], [[], [], []]])
    fields = view(s, ["Uwe", "Susanne"])["players"][0]["fields"]
    assert [f["takes"] for f in fields] == [[low, second], [top], None]


def test_a_forced_harvest_names_the_hand_card_to_its_player_only():
    """The big screen told the room "Uwe must harvest a field to plant the Stink
    Bean": the first card of Uwe's hand, hidden until it is planted."""
    from companion.engine.beans import bean_name
    from companion.engine.duel.state import LADDER
    from companion.engine.duel.view import view

    top, low = LADDER[-1], LADDER[0]  # nothing climbs down the ladder
    s = duel(hands=[[low, top], [top]], fields=[[[top]] * 3, [[top]] * 3], step="plant")
    assert s.active == 0 and s.planted == 0
    names = ["Uwe", "Susanne"]

    def forced(you):
        return [x for x in view(s, names, you=you)["warnings"] if x["kind"] == "forced-harvest"]

    assert forced(0)[0]["text"] == f"You must harvest a field to plant the {bean_name(low)}"
    for you in (1, None):  # the other's phone and the big screen
        assert forced(you)[0]["text"] == (
            "Uwe must harvest a field to plant the first card of their hand"
        )
        assert low not in forced(you)[0]["key"]


def test_a_gift_that_fits_no_field_warns_its_player_to_harvest_first():
    from companion.engine.beans import bean_name
    from companion.engine.duel.state import LADDER
    from companion.engine.duel.view import must_act, view

    top, low = LADDER[-1], LADDER[0]  # nothing climbs down the ladder
    s = duel(fields=[[[top]] * 3, [[top], [top], [top]]], gift=[[], [low]], step="plant-gift")
    names = ["Uwe", "Susanne"]
    warned = [x for x in view(s, names, you=1)["warnings"] if x["kind"] == "forced-harvest"]
    assert [x["seat"] for x in warned] == [1]
    assert warned[0]["text"] == f"You must harvest a field to plant the {bean_name(low)}"
    assert 1 in must_act(view(s, names))
    fits = duel(fields=[[[top]] * 3, [[top], [], [top]]], gift=[[], [low]], step="plant-gift")
    assert not [x for x in view(fits, names)["warnings"] if x["kind"] == "forced-harvest"]


def test_phase4_a_discard_is_a_choice_the_draw_is_the_move():
    """The phone outlines a move that gives something up (Action.optional): a
    newcomer was steered to throw a $1.40 bo(h)nus card away by a filled button."""
    assert DiscardBonus.optional and not DrawBonus.optional


def test_phase4_each_may_discard_one_bonus_card_then_refill_active_first():
    s = _phase4()
    s = play(s, DiscardBonus(1, 2), DiscardBonus(0, 0))
    refused(s, DiscardBonus(0, 0), "discard-limit")
    refused(s, EndTurn(0), "bonus-refill")
    refused(s, DrawBonus(1), "bonus-order")
    s = play(s, DrawBonus(0))
    refused(s, DiscardBonus(1, 0), "discard-limit")  # Susanne already did
    s = play(s, DrawBonus(1))
    assert [len(p.bonus) for p in s.players] == [3, 3]
    s = play(s, EndTurn(0))
    assert s.active == 1 and s.step == "plant" and s.turn == 2


def test_phase4_the_bonus_pile_is_rebuilt_from_its_discards():
    s = _phase4(bonus_deck=())
    s = play(s, DiscardBonus(0, 1))
    s = play(s, DrawBonus(0))
    assert len(s.players[0].bonus) == 3 and s.bonus_discard == () and s.bonus_deck == ()


def test_phase4_fulfilling_a_card_just_drawn_stops_the_draws():
    card = BonusCard(("garden", "garden"), 40)
    s = _phase4(bonus_deck=[card, BonusCard(("red",), 10)])
    s = play(s, DiscardBonus(0, 0), DiscardBonus(1, 0), DrawBonus(0))
    assert s.players[0].bonus[-1] == card
    s = play(s, ClaimBonus(0, 0, 1, 2))  # Uwe's field 1 holds two Garden Beans
    assert s.players[0].bonus_stopped and len(s.players[0].bonus) == 2
    refused(s, DrawBonus(0), "bonus-order")  # Susanne draws now; Uwe stays at two
    s = play(s, DrawBonus(1), EndTurn(0))
    assert len(s.players[0].bonus) == 2 and not s.players[0].bonus_stopped


# ------------------------------------------------------------------ bo(h)nus cards


def test_a_bonus_card_is_fulfilled_on_any_field_any_time_top_card_included():
    card = BonusCard(("red", "red", "soy"), 70)
    s = duel(bonus=[[card], []], fields=[[[], [], []], [["garden", "red", "red", "soy"], [], []]])
    s = play(s, ClaimBonus(0, 1, 0, 0))  # Uwe claims on Susanne's field
    assert s.players[0].fulfilled == (card,)
    assert D.cents(s, 0) == 300 + 170  # three dollar cards, and a dollar and 70 cents


def test_a_bonus_pattern_must_end_with_the_top_card():
    card = BonusCard(("red", "red"), 10)
    s = duel(bonus=[[card], []], fields=[[["red", "red", "soy"], [], []], [[], [], []]])
    err = refused(s, ClaimBonus(0, 0, 0, 0), "bonus-pattern")
    assert "top card" in err.message


def test_a_move_that_loses_a_bonus_claim_says_so_to_its_player():
    """A newcomer planted over a field that fulfilled their bo(h)nus card and lost
    it without a word: the pattern must end with the top card (rulebook 001, "The
    Bo(h)nus Cards"), so the plant's button says what it costs."""
    card = BonusCard(("red", "red"), 40)
    s = duel(
        hands=[["black-eyed", "stink"], []],
        bonus=[[card], []],
        fields=[[["red", "red"], ["red"], []], [[], [], []]],
    )
    labels = {a: label(s, a) for a in D.legal_actions(s) if a.player == 0}
    # The claim is listed before the harvests (a phone shows the moves in order).
    kinds = [a.type for a in labels]
    assert kinds.index("claim-bonus") < kinds.index("harvest")
    over = labels[Plant(0, 0, "black-eyed")]
    assert over.startswith("Plant Black-eyed Bean in field 1")
    assert over.endswith(" — loses your bo(h)nus (Red Bean → Red Bean: $1.40): fulfil it first")
    assert "loses" not in labels[Plant(0, 2, "black-eyed")]  # (an empty field: kept)
    assert "loses your bo(h)nus" in labels[Harvest(0, 0)]
    assert all("loses" not in t for a, t in labels.items() if isinstance(a, ClaimBonus))
    assert "erst erfüllen" in label(s, Plant(0, 0, "black-eyed"), lang="de")
    # Said only to the player who holds the card: the log line is unchanged.
    assert "loses" not in describe(s, Plant(0, 0, "black-eyed"))
    # A second field that fulfils it keeps the claim.
    both = duel(
        hands=[["black-eyed"], []],
        bonus=[[card], []],
        fields=[[["red", "red"], ["garden", "red", "red"], []], [[], [], []]],
    )
    assert "loses" not in label(both, Plant(0, 0, "black-eyed"))


def test_a_stated_bonus_must_match_a_known_card():
    card = BonusCard(("soy",), 10)
    s = duel(bonus=[[card], []], fields=[[["soy"], [], []], [[], [], []]])
    refused(s, ClaimBonus(0, 0, 0, 0, ("soy",), 40), "wrong-bonus")
    assert play(s, ClaimBonus(0, 0, 0, 0, ("soy",), 10)).players[0].fulfilled == (card,)


@pytest.mark.parametrize(
    "pattern, cents, says",
    [
        (("soy",), 50, "cents"),
        ((), 10, "pattern"),
        (("coffee",), 10, "not a bean"),
        (("garden", "red", "black-eyed", "soy", "green"), 100, "at most 4"),
    ],
)
def test_a_stated_bonus_card_is_checked(pattern, cents, says):
    s = D.new_game(knowledge="hidden")
    err = refused(s, ClaimBonus(0, 0, 0, 0, pattern, cents), "bad-bonus")
    assert says in err.message


# ------------------------------------------------------------------ harvest


def test_rulebook_example_6_mixed_field_paid_by_the_top_card():
    s = duel(fields=[[[], [], []], [["red"] * 3 + ["black-eyed"] * 2 + ["soy"], [], []]])
    s = play(s, Harvest(1, 0))  # Susanne, not active: any time
    assert len(s.players[1].dollars) == 3 + 3  # 6 beans under a Soy: 3 dollars
    assert len(s.discard) == 3 and s.players[1].fields[0] == ()


def test_a_phone_asks_again_before_a_duel_field_is_harvested_for_nothing():
    s = duel(fields=[[["soy"], ["red"] * 3 + ["black-eyed"] * 2 + ["soy"], []], [[], [], []]])
    ask = GAMES["duel"].ask_again
    assert "Field 1 earns nothing" in ask(s, Harvest(0, 0), "en")
    assert ask(s, Harvest(0, 1), "en") is None  # 3 dollars


def test_a_duel_harvest_the_player_must_make_is_not_asked_again():
    """The first card of the hand fits no field on the ladder: harvesting the soy
    field, however little it earns, is what to do, so it isn't asked again."""
    from companion.engine.duel import game as duel_game

    fields = [[["soy"], ["red"] * 3, ["chili"] * 2], [[], [], []]]
    p = duel(fields=fields).players[0]
    stuck = next(b for b in duel_game.LADDER if not duel_game.fields_for(p, b))
    s = duel(fields=fields, hands=[[stuck], []], step="plant", planted=0)
    ask = GAMES["duel"].ask_again
    assert ask(s, Harvest(0, 0), "en") is None
    fits = next(b for b in duel_game.LADDER if duel_game.fields_for(p, b))
    s = duel(fields=fields, hands=[[fits], []], step="plant", planted=0)
    assert "Field 1 earns nothing" in ask(s, Harvest(0, 0), "en")


def test_the_protection_rule_in_the_duel():
    s = duel(fields=[[["red"], ["soy", "soy"], []], [[], [], []]])
    refused(s, Harvest(0, 0), "protection")


# ------------------------------------------------------------------ the end


def test_the_game_ends_after_phase_3_when_the_pile_runs_out():
    s = duel(hands=[["green"], []], deck=["soy", "red"])
    s = play(s, Plant(0, 0), DrawFaceUp(0))
    assert s.face_up == ("soy", "red") and s.ending
    s = play(s, OfferGift(0, "garden"), OfferGift(1, "chili"), AcceptGift(0), GiveGift(1, "bluff"))
    s = play(s, PlantDrawn(0, 0, 1), PlantDrawn(0, 0, 2))
    assert s.step == "final"
    assert D.legal_actions(s)[0] == EndGame(0)


def test_the_pile_running_out_in_phase_4_ends_the_game():
    s = duel(hands=[["green"], []], deck=["soy", "red", "red", "blue"])
    s = play(
        s,
        Plant(0, 0),
        DrawFaceUp(0),
        OfferGift(0, "garden"),
        OfferGift(1, "chili"),
        AcceptGift(0),
        GiveGift(1, "bluff"),
        PlantDrawn(0, 0, 1),
        DiscardDrawn(0, 0),
        PlantDrawn(0, 0, 2),
    )
    assert s.step == "final" and s.players[0].hand == ("blue",)


def test_final_claims_then_every_field_is_harvested_and_hands_do_not_count():
    card = BonusCard(("blue",), 100)
    s = duel(
        hands=[["blue"] * 4, []],
        fields=[[["blue"] * 10, ["red"], []], [["green"] * 3, [], []]],
        dollars=[["soy"], ["soy", "soy"]],
        bonus=[[card], []],
        step="final",
    )
    s = play(s, ClaimBonus(0, 0, 0, 0), EndGame(0))
    assert s.over
    # Uwe: 1 + 4 (10 blue) + 0 (a lone red) dollar cards, plus a bo(h)nus card: 7.00
    assert D.cents(s, 0) == 500 + 200
    assert D.cents(s, 1) == 300  # 2 + 1 (3 green)
    assert D.summary(s)["winners"] == [0]
    assert D.summary(s)["players"][0]["dollars"] == 7.0


def test_ending_the_game_fulfils_the_bonus_cards_a_field_fulfils_and_says_so():
    met, unmet = BonusCard(("blue",), 100), BonusCard(("soy",), 40)
    s = duel(
        fields=[[["blue"] * 10, ["red"], []], [["green"] * 3, [], []]],
        dollars=[["soy"], ["soy", "soy"]],
        bonus=[[unmet, met], []],
        step="final",
    )
    assert label(s, EndGame(0)).startswith("End the game: fulfil 1 bo(h)nus card,")
    assert "1 Bo(h)nuskarte erfüllt" in describe(s, EndGame(0), ["Uwe", "Anna"], lang="de")
    t = play(s, EndGame(0))
    assert t.players[0].fulfilled == (met,) and t.players[0].bonus == (unmet,)
    assert D.cents(t, 0) == 500 + 200  # as claimed by hand (the test above)
    refused(s, EndGame(1), "not-your-turn")
    nothing = duel(bonus=[[unmet], []], step="final")
    assert "every field is harvested" in describe(nothing, EndGame(0), ["Uwe", "Anna"])


def test_a_tie_the_starting_player_loses():
    s = duel(dollars=[["soy"] * 4, ["soy"] * 4], step="over")
    assert D.winners(s) == [1]
    assert D.winners(duel(dollars=[["soy"] * 4, ["soy"] * 4], step="over", start=1)) == [0]


# ------------------------------------------------------------------ knowledge, JSON, replay


def test_a_hidden_duel_follows_a_real_one_card_for_card():
    rng = random.Random(4)
    known, blind = D.new_game(seed=4), D.new_game(knowledge="hidden")
    while not known.over:
        action = rng.choice(D.legal_actions(known))
        known = D.apply(known, action)
        blind = D.apply(blind, action)
        view_k, view_b = public(known), public(blind)
        assert view_b == view_k, action
        assert D.invariants(blind) == []


def test_a_hidden_plant_needs_the_bean_named():
    s = D.new_game(knowledge="hidden")
    refused(s, Plant(0, 0), "bean-unseen")
    refused(s, Plant(0, 0, "coffee"), "bean-not-in-game")
    assert play(s, Plant(0, 0, "red")).players[0].fields[0] == ("red",)


def test_a_duel_replays_and_round_trips_through_json():
    rng = random.Random(8)
    s, actions = D.new_game(seed=8), []
    while not s.over:
        a = rng.choice(D.legal_actions(s))
        actions.append(a)
        s = D.apply(s, a)
    log = json.loads(json.dumps(make_log("duel", {"seed": 8}, actions)))
    assert replay(log) == s
    assert D.DuelState.from_json(json.loads(json.dumps(s.to_json()))) == s
    for a in actions[:50]:
        assert D.CODEC.from_json(json.loads(json.dumps(a.to_json()))) == a


def public(state) -> dict:
    """What every phone sees of the table (the game's own view), whether or not
    the engine knows the hidden cards (its warnings may tell more when it does: a
    traded card's variety, known only to a simulated deck)."""
    view = GAMES["duel"].view(state, ["A", "B", "C", "D", "E", "F", "G"][: len(state.players)])
    return {k: v for k, v in view.items() if k not in ("knowledge", "warnings")}


def test_a_mixed_fields_harvest_is_said_as_its_cards_under_the_top_one():
    """A newcomer read "6 × Soy Bean" for a field of six cards with one Soy on top:
    the field pays by its top card's beanometer, and the words say so."""
    s = duel(fields=[[["red"] * 5 + ["soy"], ["blue"] * 4, []], [[], [], []]])
    assert label(s, Harvest(0, 0)) == "Harvest field 1: 6 cards, Soy Bean on top for 3 dollars"
    assert label(s, Harvest(0, 1)) == "Harvest field 2: 4 × Blue Bean for 1 dollar"
    assert "6 Karten, oben Sojabohne" in describe(s, Harvest(0, 0), ["Uwe", "Anna"], lang="de")


def test_the_log_says_the_two_cards_drawn_when_the_last_card_is_planted():
    """Phase 4's draw has no move of its own: the move that ends phase 3 says it
    (a newcomer saw the hand grow by two cards and nothing in the log)."""
    s = duel(
        hands=[["soy"], ["red"]],
        fields=[[["blue"], [], []], [[], [], []]],
        deck=["green", "chili", "stink"],
        step="plant-drawn",
        face_up=("blue",),
    )
    last = PlantDrawn(0, 0, 0)
    assert describe(s, last, ["Uwe", "Anna"]).endswith("; then Uwe draws two cards")
    assert describe(s, last, ["Uwe", "Anna"], lang="de").endswith("; dann zieht Uwe zwei Karten")
    # (spelled out: a seat's number and the count ran together, "zieht Platz 1 2 Karten")
    assert describe(s, last, None, lang="de").endswith("; dann zieht Platz 1 zwei Karten")
    assert "draw" not in label(s, last)  # (a button says the move alone)
    two = replace(s, face_up=("blue", "blue"))
    assert "draws" not in describe(two, last, ["Uwe", "Anna"])


def test_a_bonus_card_to_discard_is_said_short_on_its_button():
    """Three "Discard your bo(h)nus card (Stink Bean → Chili Bean → Chili Bean:
    $1.40)" buttons filled half a phone: the kinds in order, × how many, its worth."""
    from companion.engine.duel.describe import bonus_short
    from companion.engine.duel.state import BonusCard

    card = BonusCard(("stink", "chili", "chili"), 40)
    assert bonus_short(card) == "Stink → Chili ×2, $1.40"
    assert bonus_short(card, "de") == "Sau → Feuer ×2, 1,40 $"
    assert (
        bonus_short(BonusCard(("red", "garden", "red"), 10), "de") == "Rote → Garten → Rote, 1,10 $"
    )


def test_the_log_says_to_whom_a_gift_is_handed_over():
    """A newcomer read "Uwe gives the turned-over Red Bean" and could not tell to whom."""
    s = play(_uwe_turned_over(), OfferGift(0, "soy"), AcceptGift(1))
    give = GiveGift(0, "face-up", 0)
    assert describe(s, give, ["Uwe", "Anna"]) == "Uwe gives the turned-over Soy Bean to Anna"
    assert describe(s, give, ["Uwe", "Anna"], lang="de") == (
        "Uwe gibt Anna die aufgedeckte Sojabohne"
    )
    assert describe(s, give, ["Uwe", "Anna"], you=True) == "Give the turned-over Soy Bean"
