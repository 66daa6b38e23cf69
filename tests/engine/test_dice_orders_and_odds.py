"""Das Würfelspiel: dice as data, the order notation, and the exact odds."""

import itertools
from fractions import Fraction
from functools import cache

import pytest

from companion.cli import main
from companion.engine import RuleError
from companion.engine.dice import (
    DEFAULT_DICE,
    Advisor,
    DiceSet,
    Die,
    first_roll,
    load_dice,
    orders_met,
    parse_order,
)

EXAMPLES = {
    # The rulebook's example orders 1-4.
    "stink + soy + red": lambda c: c["stink"] >= 1 and c["soy"] >= 1 and c["red"] >= 1,
    "green*2 | soy*2": lambda c: c["green"] >= 2 or c["soy"] >= 2,
    "(soy|green) + red + garden": lambda c: (
        (c["soy"] + c["green"] >= 1) and c["red"] >= 1 and c["garden"] >= 1
    ),
    "(soy|green) + (garden|red)*2": lambda c: (
        (c["soy"] + c["green"] >= 1) and c["garden"] + c["red"] >= 2
    ),
}

# ------------------------------------------------------------------ dice


def test_default_dice_two_darker_three_lighter():
    assert [d.kind for d in DEFAULT_DICE.dice] == ["darker"] * 2 + ["lighter"] * 3
    assert DEFAULT_DICE.dice[0].faces == ("blue", "garden", "stink", "stink", "soy", "soy")
    assert DEFAULT_DICE.dice[4].faces == ("stink", "red", "blue", "blue", "green", "green")


def test_dice_load_from_a_file(tmp_path):
    path = tmp_path / "dice.toml"
    path.write_text(
        '[[die]]\nkind = "x"\ncount = 5\nfaces = ["red","red","red","soy","soy","soy"]\n'
    )
    dice = load_dice(path)
    assert len(dice.dice) == 5 and dice.beans == {"red", "soy"}
    assert first_roll(parse_order("red*5", dice.beans), dice) == Fraction(1, 32)


@pytest.mark.parametrize(
    "text, says",
    [
        ('[[die]]\nkind = "x"\ncount = 5\nfaces = ["red"]\n', "six faces"),
        (
            '[[die]]\nkind = "x"\ncount = 4\nfaces = ["red","red","red","soy","soy","soy"]\n',
            "five dice",
        ),
        (
            '[[die]]\nkind = "x"\ncount = 5\nfaces = ["red","red","red","soy","soy","pea"]\n',
            "not a bean",
        ),
        ("[[die]\n", "not valid TOML"),
    ],
)
def test_a_bad_dice_file_says_what_is_wrong(tmp_path, text, says):
    path = tmp_path / "dice.toml"
    path.write_text(text)
    with pytest.raises(RuleError) as err:
        load_dice(path)
    assert says in err.value.message


# ------------------------------------------------------------------ orders


@pytest.mark.parametrize("text", EXAMPLES)
def test_the_rulebook_example_orders_parse_and_mean_what_they_say(text):
    order = parse_order(text)
    assert order.text == text
    beans = sorted(DEFAULT_DICE.beans)
    for roll in itertools.combinations_with_replacement(beans, 5):
        counts = {b: roll.count(b) for b in beans}
        assert order.met(roll) == EXAMPLES[text](counts), roll


def test_a_die_serves_only_one_slot_inside_an_order():
    order = parse_order("soy*2")
    assert not order.met(["soy", "red"]) and order.met(["soy", "soy"])
    assert not parse_order("(soy|green) + soy").met(["soy", "blue", "blue"])


def test_a_die_may_serve_several_orders_at_once():
    # Example 4: the Soy Bean completes both of Matthias's orders.
    orders = [parse_order("soy + stink"), parse_order("soy + blue")]
    assert orders_met(orders, ["soy", "stink", "blue", "red", "red"]) == 2


def test_orders_are_checked_one_after_the_other_from_the_bottom():
    orders = [parse_order("red"), parse_order("garden*3"), parse_order("soy")]
    assert orders_met(orders, ["red", "soy"]) == 1  # the 2nd stops the run; the 3rd waits


@pytest.mark.parametrize(
    "text, column",
    [
        ("soy +", 6),
        ("soy + + red", 7),
        ("soy * 9", 7),
        ("(soy|green", 11),
        ("soy red", 5),
        ("soy & red", 5),
        ("soy + coffee", 7),
        ("2*soy", 1),
    ],
)
def test_parse_errors_point_at_the_offending_character(text, column):
    with pytest.raises(RuleError) as err:
        parse_order(text)
    assert err.value.code == "order-syntax"
    assert f"character {column} " in err.value.message
    caret = err.value.message.splitlines()[-1]
    assert caret.index("^") - 2 == column - 1


def test_an_order_asks_for_at_most_five_dice():
    with pytest.raises(RuleError):
        parse_order("soy*3 + red*3")


def test_nested_alternatives():
    order = parse_order("(green*2 | soy*2) + red")
    assert order.met(["soy", "soy", "red"]) and not order.met(["soy", "green", "red"])


# ------------------------------------------------------------------ first-roll odds


def _brute_force(test) -> Fraction:
    """Every one of the 6^5 rolls, face by face, independently of the engine."""
    hits = 0
    faces = [d.faces for d in DEFAULT_DICE.dice]
    for roll in itertools.product(*faces):
        counts = {b: roll.count(b) for b in DEFAULT_DICE.beans}
        hits += test(counts)
    return Fraction(hits, 6**5)


@pytest.mark.parametrize("text", EXAMPLES)
def test_first_roll_odds_of_the_example_orders_match_a_brute_force(text):
    assert first_roll(parse_order(text)) == _brute_force(EXAMPLES[text])


def test_first_roll_odds_of_the_examples():
    odds = {t: round(float(first_roll(parse_order(t))) * 100, 1) for t in EXAMPLES}
    assert odds == {
        "stink + soy + red": 14.0,
        "green*2 | soy*2": 34.2,
        "(soy|green) + red + garden": 9.5,
        "(soy|green) + (garden|red)*2": 14.8,
    }


def test_dice_odds_cli(capsys):
    import json

    assert main(["dice", "odds", "green*2 | soy*2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["order"] == "green*2 | soy*2"
    assert out["first_roll"] == pytest.approx(83 / 243)
    assert main(["dice", "odds", "soy +"]) == 2
    assert "character 6" in capsys.readouterr().err


# ------------------------------------------------------------------ the adviser


def _brute_policy(dice, orders, objective):
    """Best-policy value by explicit search: every die by itself, every face, every
    subset of the rolled dice, the bean piece; nothing grouped."""
    n = len(dice)

    def reward(faces):
        met = orders_met(orders, faces)
        return float(met > 0) if objective == 0 else float(met)

    @cache
    def value(saved, piece):
        free = [i for i in range(n) if saved[i] is None]
        if not free:
            return reward([f for f in saved])
        total = 0.0
        outcomes = list(itertools.product(*(dice[i].faces for i in free)))
        again = value(saved, False) if piece else None
        for outcome in outcomes:
            best = 0.0
            for k in range(1, len(free) + 1):
                for pick in itertools.combinations(range(len(free)), k):
                    new = list(saved)
                    for j in pick:
                        new[free[j]] = outcome[j]
                    best = max(best, value(tuple(new), piece))
            if again is not None:
                best = max(best, again)
            total += best / len(outcomes)
        return total

    return value((None,) * n, True), value((None,) * n, False)


SMALL = [
    (
        DiceSet((DEFAULT_DICE.dice[0], DEFAULT_DICE.dice[2], DEFAULT_DICE.dice[3])),
        ["stink + red", "blue*2"],
    ),
    (
        DiceSet((DEFAULT_DICE.dice[0], DEFAULT_DICE.dice[0], DEFAULT_DICE.dice[4])),
        ["(soy|green) + stink", "garden"],
    ),
    (
        DiceSet(
            (
                Die("a", ("red", "red", "soy", "soy", "soy", "blue")),
                Die("b", ("green",) * 5 + ("red",)),
                Die("b", ("green",) * 5 + ("red",)),
                Die("c", ("blue", "stink", "stink", "garden", "garden", "garden")),
            )
        ),
        ["red*2 + garden", "green"],
    ),
]


@pytest.mark.parametrize("dice, texts", SMALL)
def test_the_adviser_matches_a_brute_force_policy_search(dice, texts):
    orders = [parse_order(t) for t in texts]
    advice = Advisor(orders, dice).advise()
    p_with, p_without = _brute_policy(dice.dice, orders, 0)
    e_with, e_without = _brute_policy(dice.dice, orders, 1)
    assert advice["p_bottom"] == pytest.approx(p_with, abs=1e-12)
    assert advice["p_bottom_without_piece"] == pytest.approx(p_without, abs=1e-12)
    assert advice["expected_orders"] == pytest.approx(e_with, abs=1e-12)
    assert advice["expected_orders_without_piece"] == pytest.approx(e_without, abs=1e-12)
    assert p_with >= p_without


def test_the_adviser_from_a_bean_field_and_a_roll():
    orders = [parse_order("soy*2 + red")]
    adviser = Advisor(orders)
    # Two soy saved from the darker dice; three lighter dice left, one must show red.
    # Best play saves one die a roll until a red shows: 3 + 2 + 1 chances of 1/6.
    advice = adviser.advise(field=["soy", "soy"], left=["lighter"] * 3, piece=False)
    assert advice["p_bottom"] == pytest.approx(1 - (5 / 6) ** 6, abs=1e-12)
    # A roll with a red: saving it makes the order certain.
    roll = [("lighter", "red"), ("lighter", "blue"), ("lighter", "green")]
    best = adviser.advise(field=["soy", "soy"], left=["lighter"] * 3, piece=False, roll=roll)
    assert best["best_save"]["for_bottom"]["save"] == [("lighter", "red")]
    assert best["best_save"]["for_bottom"]["p"] == pytest.approx(1.0)


def test_the_bean_piece_never_lowers_the_odds():
    for texts in (["stink + soy + red"], ["green*2 | soy*2", "garden"]):
        advice = Advisor([parse_order(t) for t in texts]).advise()
        assert advice["p_bottom"] >= advice["p_bottom_without_piece"]
        assert advice["expected_orders"] >= advice["expected_orders_without_piece"]


def test_after_a_roll_the_chance_is_that_of_the_best_choice_it_leaves_and_names_it():
    """A newcomer saw "Chance to complete the next order this turn" unchanged after a
    roll, whatever the dice showed: it was the chance before the roll."""
    from companion.engine import dice as W
    from companion.engine.dice import Roll
    from companion.engine.dice.view import advice, advice_key

    s = W.new_game(2, knowledge="hidden", cards=[[["red"] + ["garden*5"] * 4] * 2] * 2)
    before = advice(advice_key(s))
    assert 0 < before["p_bottom"] < 1 and "best" not in before
    hit = W.apply(s, Roll(0, ("stink", "soy", "red", "blue", "blue")))
    after = advice(advice_key(hit))
    assert after["p_bottom"] == pytest.approx(1.0)  # save the red die: the order is met
    assert after["best"] == {"repeat": False, "save": [2], "met": False}
    # A roll with no red: worse than before it, and still the best choice named.
    miss = W.apply(s, Roll(0, ("stink", "soy", "stink", "blue", "blue")))
    worse = advice(advice_key(miss))
    assert worse["p_bottom"] < before["p_bottom"]
    assert worse["best"]["repeat"] or worse["best"]["save"]


def test_a_bean_field_that_meets_the_next_order_names_the_save_for_the_orders_after_it():
    """The phone said "Best for the next order: save Blue Bean" with the next order
    met by the bean field already (every save 100 %: the first was named, a bean in
    none of the orders). Of saves as good for the next order, the one that completes
    the most orders is named, and the phone is told the next order is met."""
    from companion.engine import dice as W
    from companion.engine.dice import Roll, Save
    from companion.engine.dice.view import advice, advice_key

    orders = ["green", "soy", "soy*2", "soy*2 + green", "soy*2 + green*2"]
    s = W.new_game(2, knowledge="hidden", cards=[[orders] * 2] * 2)
    s = W.apply(s, Roll(0, ("blue", "garden", "green", "red", "stink")))  # darker 2, lighter 3
    s = W.apply(s, Save(0, (2,)))  # the green die: the next order is met
    s = W.apply(s, Roll(0, ("blue", "soy", "blue", "stink")))
    after = advice(advice_key(s))
    assert after["p_bottom"] == 1.0
    assert after["best"] == {"repeat": False, "save": [1], "met": True}  # the soy die
    # ... and the bean piece, where repeating the roll completes more orders than
    # any save (the piece was never named once the next order was met).
    s = W.new_game(2, knowledge="hidden", cards=[[orders] * 2] * 2)
    s = W.apply(s, Roll(0, ("blue", "garden", "green", "red", "stink")))
    s = W.apply(s, Save(0, (2,)))
    s = W.apply(s, Roll(0, ("stink", "garden", "red", "red")))
    after = advice(advice_key(s))
    assert after["best"] == {"repeat": True, "save": [], "met": True}
    # Not met yet: the save named is the one for the next order.
    s = W.new_game(2, knowledge="hidden", cards=[[orders] * 2] * 2)
    s = W.apply(s, Roll(0, ("blue", "soy", "green", "red", "stink")))
    assert advice(advice_key(s))["best"]["met"] is False


def test_after_a_roll_that_leaves_no_chance_no_choice_is_named_best():
    """The phone read "Chance ... 0.0% · Best for the next order: save Stink Bean": a
    best choice named where nothing can complete the order reads as advice."""
    from companion.engine import dice as W
    from companion.engine.dice import Roll
    from companion.engine.dice.view import advice, advice_key

    # Five Garden Beans: only the two darker dice show a Garden Bean.
    s = W.new_game(2, knowledge="hidden", cards=[[["garden*5"] * 5] * 2] * 2)
    after = advice(advice_key(W.apply(s, Roll(0, ("stink", "soy", "red", "blue", "blue")))))
    assert after["p_bottom"] == 0.0 and after["expected_orders"] == 0.0
    assert "best" not in after


def test_an_order_the_bean_field_already_meets_is_a_chance_of_exactly_one():
    """After a save that met the order the phone said ">99.9%": a sum of every roll's
    share of a sure thing, one float rounding short of 1."""
    adviser = Advisor([parse_order("soy*2 + red")])
    met = adviser.advise(field=["soy", "soy", "red"], left=["lighter"] * 2, piece=True)
    assert met["p_bottom"] == 1.0 and met["p_bottom_without_piece"] == 1.0
