"""The classic turn, step by step (classic rulebook 000, newer edition 003)."""

from dataclasses import replace

import pytest

from companion.engine import RuleError
from companion.engine import bohnanza as B
from companion.engine.bohnanza import (
    BuyField,
    DrawFaceUp,
    EndTrading,
    EndTurn,
    Harvest,
    Plant,
    PlantTraded,
    Trade,
)

from .helpers import play, refused, table

# ------------------------------------------------------------------ step 1


def test_step1_the_first_card_must_be_planted():
    s = table(hands=[["soy", "blue", "red"], [], [], []])
    refused(s, DrawFaceUp(0), "must-plant")
    s = play(s, Plant(0, 0))
    assert s.players[0].fields[0] == ("soy",)
    assert s.players[0].hand == ("blue", "red")  # the rest keep their order


def test_step1_the_second_card_may_be_planted():
    s = play(table(hands=[["soy", "blue", "red"], [], [], []]), Plant(0, 0))
    assert DrawFaceUp(0, s.deck[:2]) in B.legal_actions(s)  # may stop here
    s = play(s, Plant(0, 1))
    assert s.players[0].fields == (("soy",), ("blue",))


def test_step1_never_a_third_card():
    s = play(table(hands=[["soy", "soy", "soy"], [], [], []]), Plant(0, 0), Plant(0, 0))
    refused(s, Plant(0, 0), "plant-limit")
    assert not any(isinstance(a, Plant) for a in B.legal_actions(s))


def test_step1_the_two_cards_may_go_in_the_same_field_or_not():
    s = play(table(hands=[["soy", "soy"], [], [], []]), Plant(0, 0), Plant(0, 0))
    assert s.players[0].fields[0] == ("soy", "soy")
    s = play(table(hands=[["soy", "soy"], [], [], []]), Plant(0, 0), Plant(0, 1))
    assert s.players[0].fields == (("soy",), ("soy",))


def test_step1_no_hand_no_step1():
    s = table(hands=[[], ["red"], [], []])
    refused(s, Plant(0, 0), "empty-hand")
    assert [type(a) for a in B.legal_actions(s)] == [DrawFaceUp]
    s = play(s, DrawFaceUp(0))
    assert s.step == "trade"


def test_step1_only_the_active_player_plants():
    s = table(hands=[["soy"], ["red"], [], []])
    refused(s, Plant(1, 0), "not-your-turn")


def test_one_variety_per_field():
    s = table(hands=[["soy"], [], [], []], fields=[[["blue"], ["red"]], [], [], []])
    err = refused(s, Plant(0, 0), "one-variety-per-field")
    assert "Blue Bean" in err.message and "harvest" in err.message


def test_the_same_variety_may_grow_in_two_fields():
    s = table(hands=[["soy"], [], [], []], fields=[[["soy"], []], [[], []], [[], []], [[], []]])
    s = play(s, Plant(0, 1))
    assert s.players[0].fields == (("soy",), ("soy",))


def test_a_matching_field_or_an_empty_one():
    s = table(hands=[["soy"], [], [], []], fields=[[["soy"], []], [[], []], [[], []], [[], []]])
    plants = [a for a in B.legal_actions(s) if isinstance(a, Plant)]
    assert plants == [Plant(0, 0, "soy"), Plant(0, 1, "soy")]


def test_a_bean_that_fits_no_field_forces_a_harvest():
    s = table(hands=[["soy"], [], [], []], fields=[[["blue"] * 2, ["red"]], [], [], []])
    legal = B.legal_actions(s)
    assert not any(isinstance(a, Plant) for a in legal)
    assert Harvest(0, 0) in legal and Harvest(0, 1) not in legal  # the red is protected
    s = play(s, Harvest(0, 0), Plant(0, 0))
    assert s.players[0].fields == (("soy",), ("red",))


def test_the_step_says_to_harvest_first_when_the_first_card_fits_no_field():
    """A newcomer read "plant the first card of the hand" while no field could take
    it: the rulebook's order is harvest, then plant; the step says so."""
    from companion.engine.bohnanza.describe import step_text

    full = [["blue"] * 2, ["red"] * 2]
    s = table(hands=[["soy"], [], [], []], fields=[full, [], [], []])
    assert step_text(s, you=0) == "harvest a field, then plant the first card of the hand"
    assert step_text(s, "de", 0) == "ein Feld ernten, dann die vorderste Handkarte anbauen"
    # The others (and the big screen) are not told about a hidden hand card.
    assert step_text(s, you=1) == step_text(s) == "plant the first card of the hand"
    rich = table(
        hands=[["soy"], [], [], []], fields=[full, [], [], []], coins=[["wax"] * 3, [], [], []]
    )
    assert step_text(rich, you=0) == (
        "harvest a field (or buy a 3rd), then plant the first card of the hand"
    )
    s = play(s, Harvest(0, 0))
    assert step_text(s, you=0) == "plant the first card of the hand"
    fits = table(hands=[["soy"], [], [], []], fields=[[["soy"], ["red"]], [], [], []])
    assert step_text(fits, you=0) == "plant the first card of the hand"


def test_the_step_says_a_second_card_that_fits_no_field_needs_a_harvest_first():
    """A newcomer read "plant a second card or draw 2 cards face up" with a second card no
    field could take, and found no Plant button: the step says the harvest it needs."""
    from companion.engine.bohnanza.describe import step_text

    s = table(hands=[["soy", "wax"], [], [], []], fields=[[["soy"], ["red"]], [], [], []])
    s = play(s, Plant(0, 0))
    assert step_text(s, you=0) == "draw 2 cards face up (or harvest a field to plant a second card)"
    de = "2 Karten aufdecken (für eine zweite Karte erst ein Feld ernten)"
    assert step_text(s, "de", 0) == de
    assert step_text(s, you=1) == "plant a second card or draw 2 cards face up"
    fits = table(hands=[["soy", "soy"], [], [], []], fields=[[["soy"], ["red"]], [], [], []])
    fits = play(fits, Plant(0, 0))
    assert step_text(fits, you=0) == "plant a second card or draw 2 cards face up"


def test_a_bean_that_fits_no_field_may_buy_the_third_field_instead():
    s = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 2, ["red"]], [], [], []],
        coins=[["wax"] * 3, [], [], []],
    )
    assert BuyField(0) in B.legal_actions(s)
    s = play(s, BuyField(0), Plant(0, 2))
    assert s.players[0].fields[2] == ("soy",)


def test_a_bean_that_fits_no_field_says_to_buy_a_3rd_field_only_where_one_can_be_bought():
    def why(s):
        return refused(s, Plant(0, 0), "one-variety-per-field").message

    full = [["blue"] * 2, ["red"] * 2]
    assert "buy a 3rd field" in why(table(hands=[["soy"], [], [], []], fields=[full, [], [], []]))
    # 3 players start with three fields and buy none; a field is bought once.
    three = table(3, hands=[["soy"], [], []], fields=[full + [["wax"] * 2], [], []])
    assert why(three).endswith("harvest a field first")
    s = table(hands=[["soy"], [], [], []], fields=[full, [], [], []])
    bought = replace(s, players=(replace(s.players[0], bought_field=True),) + s.players[1:])
    assert why(bought).endswith("harvest a field first")


def test_the_forced_harvest_warning_offers_the_3rd_field_only_to_a_player_with_its_coins():
    from companion.engine.bohnanza.view import view

    full = [["blue"] * 2, ["red"] * 2]
    names = ["Anna", "Bob", "Cleo", "Dan"]

    def warned(s):
        return [x["text"] for x in view(s, names, you=0)["warnings"] if x["seat"] == 0]

    poor = table(hands=[["soy"], [], [], []], fields=[full, [], [], []])
    assert warned(poor) == ["You must harvest a field to plant the Soy Bean"]
    rich = table(
        hands=[["soy"], [], [], []], fields=[full, [], [], []], coins=[["wax"] * 3, [], [], []]
    )
    assert warned(rich) == ["You must harvest a field (or buy a 3rd field) to plant the Soy Bean"]


def test_the_forced_harvest_warning_says_which_field_the_protection_rule_keeps():
    """A newcomer had to sell two Blue Beans for nothing while their single Garden
    Bean stayed: the protection rule, said nowhere. The warning says it."""
    from companion.engine.bohnanza.view import view

    names = ["Anna", "Bob", "Cleo", "Dan"]
    s = table(hands=[["soy"], [], [], []], fields=[[["garden"], ["blue"] * 2], [], [], []])
    for lang, said in (
        ("en", "Field 1 holds a single bean: it may not be harvested while another holds more"),
        ("de", "Auf Feld 1 liegt nur eine Bohne: es darf nicht geerntet werden, solange auf"),
    ):
        warned = [x["text"] for x in view(s, names, lang, you=0)["warnings"] if x["seat"] == 0]
        assert len(warned) == 1 and said in warned[0], warned
    # Two fields of one bean beside a third of more: both named, in the plural.
    three = table(3, hands=[["soy"], [], []], fields=[[["garden"], ["red"], ["blue"] * 2], [], []])
    warned = [x["text"] for x in view(three, names[:3], you=0)["warnings"] if x["seat"] == 0]
    assert warned[0].endswith(
        "Fields 1 and 2 hold a single bean each: they may not be harvested while another holds more"
    ), warned


def test_a_bean_the_edition_never_has_is_not_blamed_on_the_player_count():
    hidden = B.new_game(4, "newer", seed=0, knowledge="hidden")
    msg = refused(hidden, Plant(0, 0, "wax"), "bean-not-in-game").message
    assert "not among this edition's cards" in msg and "players" not in msg
    classic = B.new_game(4, "classic", seed=0, knowledge="hidden")
    msg = refused(classic, Plant(0, 0, "coffee"), "bean-not-in-game").message
    assert "removed for 4 players" in msg


# ------------------------------------------------------------------ step 2


def _steve():
    """Example 2: Steve (seat 0) draws a Garden Bean and a Soy Bean."""
    return play(
        table(
            hands=[["red", "blue", "chili"], ["red", "wax"], ["green"], ["coffee"]],
            deck=["garden", "soy", "wax", "wax", "wax", "chili", "chili"],
        ),
        Plant(0, 0),
        DrawFaceUp(0),
    )


def test_step2_two_cards_are_turned_face_up():
    s = _steve()
    assert s.step == "trade"
    assert s.face_up == ("garden", "soy")
    assert s.deck == ("wax", "wax", "wax", "chili", "chili")


def test_rulebook_examples_2_to_4_steve_trades_with_anna():
    s = _steve()
    # Example 3: "I will trade the face up Soy Bean and a Blue Bean from my hand for a
    # Red Bean" — Anna (seat 1) accepts.
    s = play(s, Trade(0, 1, face_up=(1,), give=(0,), receive=(0,)))
    assert s.face_up == ("garden",)
    assert s.players[0].hand == ("chili",)
    assert s.players[0].set_aside == ("red",)
    assert s.players[1].set_aside == ("soy", "blue")
    assert s.players[1].hand == ("wax",)
    # Example 4: Steve keeps the Garden Bean; he plants the Red Bean on his first
    # field, then the Garden Bean on his second.
    s = play(s, EndTrading(0))
    assert s.players[0].set_aside == ("red", "garden")
    s = play(s, PlantTraded(0, 0, 0))
    refused(s, EndTurn(0), "plant-set-aside")
    s = play(s, PlantTraded(0, 0, 1))
    assert s.players[0].fields == (("red", "red"), ("garden",))


def test_the_step_says_the_draw_is_left_once_every_traded_card_is_planted():
    from companion.engine.bohnanza.describe import step_text

    s = play(_steve(), Trade(0, 1, face_up=(1,), give=(0,), receive=(0,)), EndTrading(0))
    assert step_text(s) == "plant the kept and traded cards"
    s = play(s, PlantTraded(0, 0, 0), PlantTraded(0, 0, 1))
    assert step_text(s) == "plant the kept and traded cards"  # Anna still plants hers
    s = play(s, PlantTraded(1, 0, 0), PlantTraded(1, 0, 1))
    assert s.step == "plant-traded"
    assert step_text(s) == "draw 3 cards and end the turn"
    assert step_text(s, "de") == "3 Karten ziehen und den Zug beenden"
    # A phone a move behind (reloaded mid-turn) taps a card planted already: said
    # in the game's words ("there is no card 1 to plant here" puzzled a newcomer).
    err = refused(s, PlantTraded(1, 0, 0), "no-such-card")
    assert err.message == "there is no kept or traded card 1 to plant (none left: all are planted)"


def test_trades_always_involve_the_active_player():
    s = _steve()
    refused(s, Trade(1, 2, receive=(0,)), "not-your-turn")
    refused(s, Trade(0, 0, give=(0,)), "trade-partner")
    assert all(a.player == 0 for a in B.legal_actions(s) if isinstance(a, Trade))


def test_non_active_players_trade_from_any_position_and_keep_the_order():
    s = play(_steve(), Trade(0, 1, receive=(1,)))  # Anna donates her 2nd card, the wax
    assert s.players[1].hand == ("red",)
    assert s.players[0].set_aside == ("wax",)
    s = play(_steve(), Trade(0, 3, give=(1,)))  # Steve gives his 2nd hand card
    assert s.players[0].hand == ("blue",)


def test_received_cards_are_set_aside_and_cannot_be_traded_again():
    s = play(_steve(), Trade(0, 1, face_up=(0,), receive=(0,)))
    assert s.players[0].set_aside == ("red",) and "red" not in s.players[0].hand
    # Anna's received Garden Bean is not in her hand, so no trade can name it.
    assert s.players[1].hand == ("wax",)
    refused(s, Trade(0, 1, receive=(1,)), "no-such-card")
    for a in B.legal_actions(s):
        if isinstance(a, Trade) and a.receive_beans:
            assert a.receive_beans != ("garden",)


def test_donations_go_either_way_and_need_a_card():
    s = play(_steve(), Trade(0, 2, face_up=(1,)))  # Steve donates the Soy Bean
    assert s.players[2].set_aside == ("soy",)
    s = play(s, Trade(0, 2, receive=(0,)))  # and Carl donates his Green Bean to Steve
    assert s.players[0].set_aside == ("green",)
    refused(s, Trade(0, 2), "empty-trade")


def test_any_number_of_beans_for_any_number():
    s = play(_steve(), Trade(0, 1, face_up=(0, 1), give=(0, 1), receive=(1,)))
    assert s.players[1].set_aside == ("garden", "soy", "blue", "chili")
    assert s.players[0].set_aside == ("wax",)
    assert s.players[0].hand == ()


def test_a_deal_built_card_by_card_is_the_one_trade_of_rulebook_example_3():
    """Example 3, as a phone builds it: the face-up Soy Bean, a Blue Bean from the
    hand, and Anna's Red Bean, each tapped as a card of one deal."""
    s = _steve()
    parts = [Trade(0, 1, face_up=(1,)), Trade(0, 1, give=(0,)), Trade(0, 1, receive=(0,))]
    assert all(p.part for p in parts)
    deal = B.combine(s, parts)
    assert deal == Trade(0, 1, face_up=(1,), give=(0,), receive=(0,))
    assert not deal.part  # (a deal is no card of another)
    assert play(s, deal) == play(s, Trade(0, 1, face_up=(1,), give=(0,), receive=(0,)))
    # The beans named on a card (a known deck lists them) go with the deal.
    named = B.combine(s, [Trade(0, 1, give=(0,), give_beans=("blue",)), Trade(0, 1, give=(1,))])
    assert named.give == (0, 1) and named.give_beans is None  # (one card not named)
    named = B.combine(
        s,
        [
            Trade(0, 1, give=(0,), give_beans=("blue",)),
            Trade(0, 1, give=(1,), give_beans=("chili",)),
        ],
    )
    assert named.give_beans == ("blue", "chili")
    assert play(s, named).players[1].set_aside == ("blue", "chili")


def test_a_deal_with_the_same_card_twice_counts_it_in_words():
    """ "Trade your Chili Bean and your Chili Bean for ..." read badly once deals were
    built card by card: the same card twice is counted, in English and German."""
    from companion.engine.bohnanza.describe import describe, label

    s = play(
        table(
            hands=[["red", "chili", "chili", "blue"], ["soy", "soy", "wax"], ["green"], ["coffee"]],
            deck=["red", "red", "wax", "wax", "wax", "chili", "chili"],
        ),
        Plant(0, 0),
        DrawFaceUp(0),
    )
    assert s.face_up == ("red", "red") and s.players[0].hand == ("chili", "chili", "blue")
    deal = Trade(0, 1, (0, 1), (0, 1), (0, 1), ("chili", "chili"), ("soy", "soy"))
    names = ["Steve", "Anna", "Carl", "Dora"]
    assert label(s, deal, names, "en") == (
        "Trade two face-up Red Beans and two Chili Beans from your hand for two Soy Beans from Anna"
    )
    assert label(s, deal, names, "de") == (
        "Tausche zwei aufgedeckte Rote Bohnen und zwei Feuerbohnen aus deiner Hand"
        " gegen zwei Sojabohnen von Anna"
    )
    # Said to Anna, who gives her two Soy Beans:
    assert label(s, deal, names, "en", seat=1) == (
        "Trade two Soy Beans from your hand for Steve's two face-up Red Beans"
        " and two Chili Beans from Steve"
    )
    assert label(s, deal, names, "de", seat=1) == (
        "Tausche zwei Sojabohnen aus deiner Hand gegen zwei aufgedeckte Rote Bohnen"
        " von Steve und zwei Feuerbohnen von Steve"
    )
    assert describe(s, deal, names) == (
        "Steve trades two face-up Red Beans and two Chili Beans for two Soy Beans from Anna"
    )
    gift = Trade(0, 1, receive=(0, 1), receive_beans=("soy", "soy"))
    assert describe(s, gift, names) == "Anna gives two Soy Beans to Steve"
    assert describe(s, gift, names, lang="de") == "Anna schenkt Steve zwei Sojabohnen"
    # One card each is said as before.
    one = Trade(0, 1, face_up=(0,), give=(2,), give_beans=("blue",))
    assert label(s, one, names) == "Give the face-up Red Bean and your Blue Bean to Anna"


def test_each_card_of_a_deal_is_said_by_itself_and_which_way_it_goes():
    """In a deal being built, "Accept Anna's Red Bean as a gift" read wrong: each card
    is said alone, under what you give and what you get, from either side."""
    from companion.engine.bohnanza.view import part_words

    s, names = _steve(), ["Steve", "Anna", "Carl", "Dora"]

    def said(*args):
        words = part_words(s, *args)
        return words["side"], words["card"]

    up = Trade(0, 1, face_up=(1,))
    mine = Trade(0, 1, give=(0,), give_beans=("blue",))
    hers = Trade(0, 1, receive=(0,), receive_beans=("red",))
    assert said(up, names, "en", 0) == ("give", "the face-up Soy Bean")
    assert said(mine, names, "en", 0) == ("give", "your Blue Bean")
    assert said(hers, names, "en", 0) == ("get", "Anna's Red Bean")
    # The same cards as Anna's phone lists them:
    assert said(up, names, "en", 1) == ("get", "the face-up Soy Bean")
    assert said(mine, names, "en", 1) == ("get", "Steve's Blue Bean")
    assert said(hers, names, "en", 1) == ("give", "your Red Bean")
    assert said(hers, names, "de", 0) == ("get", "die Rote Bohne von Anna")
    assert said(mine, names, "de", 0) == ("give", "deine Blaue Bohne")
    assert part_words(s, Trade(0, 1, receive=(0,)), names, "en", 0)["card"] == (
        "a card from Anna's hand"
    )
    assert part_words(s, Trade(0, 1, face_up=(0, 1)), names, "en", 0) is None  # (no part)


def test_the_cards_of_a_deal_being_built_say_what_the_list_is_sorted_by():
    """A several-card deal listed a bot's cards as they lay in its hand (Blue, Chili,
    Blue): each card says whether it is face up and its bean, for the phone to list
    the face-up cards first, then by bean."""
    from companion.engine.bohnanza.view import part_words

    s, names = _steve(), ["Steve", "Anna", "Carl", "Dora"]
    up = part_words(s, Trade(0, 1, face_up=(1,)), names, "en", 0)
    mine = part_words(s, Trade(0, 1, give=(0,), give_beans=("blue",)), names, "en", 0)
    hers = part_words(s, Trade(0, 1, receive=(0,), receive_beans=("red",)), names, "de", 0)
    hidden = part_words(s, Trade(0, 1, receive=(0,)), names, "en", 0)
    assert (up["face_up"], up["bean"]) == (True, "Soy Bean")
    assert (mine["face_up"], mine["bean"]) == (False, "Blue Bean")
    assert (hers["face_up"], hers["bean"]) == (False, "Rote Bohne")
    assert (hidden["face_up"], hidden["bean"]) == (False, "")


def test_the_cards_of_one_deal_are_between_the_same_two_players_each_card_once():
    s = _steve()
    with pytest.raises(RuleError) as info:
        B.combine(s, [Trade(0, 1, give=(0,)), Trade(0, 2, receive=(0,))])
    assert info.value.code == "trade-partner"
    with pytest.raises(RuleError) as info:
        B.combine(s, [Trade(0, 1, give=(0,)), EndTrading(0)])
    assert info.value.code == "malformed-action"
    with pytest.raises(RuleError) as info:
        B.combine(s, [])
    assert info.value.code == "malformed-action"
    # A bean named for one card may not slide onto another part's card.
    with pytest.raises(RuleError) as info:
        B.combine(s, [Trade(0, 1, give=(), give_beans=("blue",)), Trade(0, 1, give=(1,))])
    assert info.value.code == "malformed-action"
    # The same card tapped twice: the deal names it twice, and apply refuses it.
    twice = B.combine(s, [Trade(0, 1, give=(0,)), Trade(0, 1, give=(0,))])
    refused(s, twice, "malformed-action")


def test_the_active_player_trades_hand_cards_after_the_face_up_ones_are_gone():
    s = play(_steve(), Trade(0, 1, face_up=(0, 1)))
    assert s.face_up == ()
    s = play(s, Trade(0, 2, give=(0,), receive=(0,)))
    assert s.players[2].set_aside == ("blue",)


def test_trading_is_only_in_step_2():
    s = table(hands=[["soy"], ["red"], [], []])
    refused(s, Trade(0, 1, receive=(0,)), "wrong-step")


def test_a_trade_naming_a_card_twice_or_a_missing_card_is_refused():
    s = _steve()
    refused(s, Trade(0, 1, give=(0, 0)), "malformed-action")
    refused(s, Trade(0, 1, face_up=(2,)), "no-such-card")
    refused(s, Trade(0, 1, give=(0,), give_beans=("red",)), "wrong-bean")


def test_legal_trades_list_every_single_card_gift_and_one_for_one_trade():
    s = _steve()
    trades = [a for a in B.legal_actions(s) if isinstance(a, Trade)]
    # Steve offers 2 face-up + 2 hand cards; partners hold 2, 1 and 1 cards.
    mine, theirs = 4, [2, 1, 1]
    assert len(trades) == sum(mine + t + mine * t for t in theirs)
    assert len(set(trades)) == len(trades)


# ------------------------------------------------------------------ step 3


def test_step3_every_set_aside_card_is_planted_in_any_order():
    s = play(_steve(), Trade(0, 1, face_up=(1,), give=(0,), receive=(0,)), EndTrading(0))
    # Anna plants the Blue Bean before the Soy Bean.
    s = play(s, PlantTraded(1, 1, 0), PlantTraded(1, 0, 1))
    assert s.players[1].fields == (("blue",), ("soy",))
    refused(s, EndTurn(0), "plant-set-aside")


def test_step3_kept_face_up_cards_are_the_active_players_to_plant():
    s = play(_steve(), EndTrading(0))
    assert s.face_up == () and s.players[0].set_aside == ("garden", "soy")


def test_step3_a_card_that_fits_nowhere_forces_a_harvest():
    s = table(
        hands=[[], ["red"], [], []],
        fields=[[[], []], [["red", "red"], ["wax"]], [[], []], [[], []]],
        set_aside=[[], ["soy"], [], []],
        step="plant-traded",
    )
    legal = B.legal_actions(s)
    assert not any(isinstance(a, PlantTraded) for a in legal)
    assert Harvest(1, 0) in legal and Harvest(1, 1) not in legal
    refused(s, PlantTraded(1, 0, 1), "one-variety-per-field")
    s = play(s, Harvest(1, 0), PlantTraded(1, 0, 0))
    assert s.players[1].fields == (("soy",), ("wax",))
    assert s.players[1].coins == ("red",)


# ------------------------------------------------------------------ step 4


def test_step4_draws_three_to_the_back_of_the_hand_one_by_one():
    s = play(_steve(), EndTrading(0), PlantTraded(0, 0, 1), Harvest(0, 0), PlantTraded(0, 0, 0))
    assert s.players[0].fields == (("soy",), ("garden",))
    assert s.players[0].hand == ("blue", "chili")
    s = play(s, EndTurn(0))
    assert s.players[0].hand == ("blue", "chili", "wax", "wax", "wax")
    assert s.active == 1 and s.turn == 2 and s.step == "plant"


def test_step4_six_and_seven_players_draw_four():
    s = table(6, hands=[[]] * 6, deck=["red"] * 2 + ["soy", "blue", "wax", "chili", "green"])
    s = play(
        s, DrawFaceUp(0), EndTrading(0), PlantTraded(0, 0, 0), PlantTraded(0, 0, 0), EndTurn(0)
    )
    assert s.players[0].hand == ("soy", "blue", "wax", "chili")


def test_the_next_player_is_to_the_left():
    s = table(3, hands=[[]] * 3, deck=["red"] * 10, active=2)
    s = play(
        s, DrawFaceUp(2), EndTrading(2), PlantTraded(2, 0, 0), PlantTraded(2, 0, 0), EndTurn(2)
    )
    assert s.active == 0


def test_a_trade_needs_both_its_seats_and_any_other_move_only_its_player():
    trade = B.Trade(player=0, partner=2, give=(0,))
    assert trade.seats == {0, 2}
    assert B.EndTrading(player=1).seats == {1}
