"""The beanometers of GAME-DATA.md and the rulebook's examples of selling."""

import pytest

from companion.engine import RuleError
from companion.engine.beans import VARIETIES, variety

# id: (cards, needed for 1, 2, 3, 4 coins; None where the coin value does not exist)
GAME_DATA = {
    "coffee": (24, 4, 7, 10, 12),
    "wax": (22, 4, 7, 9, 11),
    "blue": (20, 4, 6, 8, 10),
    "chili": (18, 3, 6, 8, 9),
    "stink": (16, 3, 5, 7, 8),
    "green": (14, 3, 5, 6, 7),
    "soy": (12, 2, 4, 6, 7),
    "black-eyed": (10, 2, 4, 5, 6),
    "red": (8, 2, 3, 4, 5),
    "garden": (6, None, 2, 3, None),
    "cocoa": (4, None, 2, 3, 4),
}


def test_eleven_varieties_with_unique_card_counts():
    assert list(VARIETIES) == list(GAME_DATA)
    counts = [v.cards for v in VARIETIES.values()]
    assert len(set(counts)) == 11
    assert sum(counts) == 154  # the classic box: 154 bean cards


@pytest.mark.parametrize("bean", GAME_DATA)
def test_beanometer_matches_game_data(bean):
    cards, *needed = GAME_DATA[bean]
    v = variety(bean)
    assert v.cards == cards
    for coins, n in enumerate(needed, start=1):
        if n is None:
            continue
        assert v.coins_for(n) == coins
        assert v.coins_for(n - 1) < coins
    # Every count from 0 to the whole variety earns the best coin value reached.
    for count in range(cards + 1):
        best = max((c for c, n in enumerate(needed, 1) if n is not None and count >= n), default=0)
        assert v.coins_for(count) == best


def test_rulebook_example_1_stink_beans():
    stink = variety("stink")
    assert [stink.coins_for(n) for n in range(1, 10)] == [0, 0, 1, 1, 2, 2, 3, 4, 4]


def test_rulebook_examples_5_and_6_chili_beans():
    chili = variety("chili")
    assert chili.coins_for(3) == 1  # example 5: 3 Chili Beans earn one coin
    assert chili.coins_for(2) == 0  # example 6: 2 earn nothing


def test_garden_beans_have_no_one_coin_value():
    garden = variety("garden")
    assert garden.coins_for(1) == 0 and garden.coins_for(2) == 2
    assert garden.cards_to_next_coin(1) == 1
    assert garden.cards_to_next_coin(3) is None


def test_cards_to_next_coin():
    assert variety("blue").cards_to_next_coin(0) == 4
    assert variety("blue").cards_to_next_coin(5) == 1
    assert variety("blue").cards_to_next_coin(10) is None


def test_unknown_bean_is_a_clear_error():
    with pytest.raises(RuleError) as err:
        variety("purple")
    assert err.value.code == "unknown-bean"
    assert "purple" in err.value.message and "coffee" in err.value.message


def test_a_fields_view_says_what_the_beanometers_next_step_pays():
    """A single Cocoa Bean's field said "+1 → next coin": its next step pays 2. The
    view carries the cards the next step needs and what a harvest then earns."""
    from companion.engine.view import field_view

    cocoa = field_view(("cocoa",))
    assert (cocoa["value"], cocoa["next_coin"], cocoa["next_value"]) == (0, 1, 2)
    blue = field_view(("blue",) * 7)
    assert (blue["value"], blue["next_coin"], blue["next_value"]) == (2, 1, 3)
    top = field_view(("garden",) * 3)
    assert (top["value"], top["next_coin"], top["next_value"]) == (3, None, None)
    assert field_view(())["next_value"] is None
