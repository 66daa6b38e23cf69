"""Setup per player count and edition (classic rulebook, newer edition)."""

from collections import Counter

import pytest

from companion.engine import RuleError
from companion.engine import bohnanza as B
from companion.engine.bohnanza import make_rules

ALL_BEANS = {
    "coffee",
    "wax",
    "blue",
    "chili",
    "stink",
    "green",
    "soy",
    "black-eyed",
    "red",
    "garden",
    "cocoa",
}


def beans_in(state):
    cards = list(state.deck)
    for p in state.players:
        cards += p.hand
    return Counter(cards)


@pytest.mark.parametrize(
    "players, removed, total",
    [
        (2, {"garden", "cocoa"}, 144),
        (3, {"cocoa"}, 150),
        (4, {"coffee"}, 130),
        (5, {"coffee"}, 130),
        (6, {"cocoa", "garden"}, 144),
        (7, {"cocoa", "garden"}, 144),
    ],
)
def test_classic_setup_removes_beans_per_player_count(players, removed, total):
    s = B.new_game(players, seed=7)
    counts = beans_in(s)
    assert set(counts) == ALL_BEANS - removed
    assert sum(counts.values()) == total == s.rules.total_cards
    for bean, n in counts.items():
        assert n == s.rules.cards_of(bean)


@pytest.mark.parametrize("players, fields", [(2, 2), (3, 3), (4, 2), (5, 2), (6, 2), (7, 2)])
def test_classic_fields_at_start(players, fields):
    s = B.new_game(players)
    assert all(
        len(p.fields) == fields and not any(p.fields[i] for i in range(fields)) for p in s.players
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_five_cards_each_in_deal_order(players):
    s = B.new_game(players, seed=11, start=1)
    assert [len(p.hand) for p in s.players] == [5] * players
    # Dealt from the starting player clockwise: seat 1 gets the first five cards.
    import random

    cards = [b for b, n in s.rules.card_counts for _ in range(n)]
    random.Random(11).shuffle(cards)
    assert s.players[1].hand == tuple(cards[:5])
    assert s.deck == tuple(cards[5 * players :])


@pytest.mark.parametrize("players", [6, 7])
@pytest.mark.parametrize("start", [0, 3])
def test_six_seven_players_deal_3_4_5_then_6(players, start):
    s = B.new_game(players, start=start)
    dealt = [len(s.players[(start + k) % players].hand) for k in range(players)]
    assert dealt == [3, 4, 5] + [6] * (players - 3)


@pytest.mark.parametrize(
    "players, cost, ends",
    [(2, 3, 1), (3, 0, 2), (4, 3, 3), (5, 3, 3), (6, 2, 3), (7, 2, 3)],
)
def test_classic_third_field_cost_and_game_end(players, cost, ends):
    r = make_rules(players)
    assert r.third_field_cost == cost
    assert r.exhaustions_to_end == ends


@pytest.mark.parametrize("players, draw", [(2, 2), (3, 3), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_step_4_draw_count(players, draw):
    assert make_rules(players).draw == draw


@pytest.mark.parametrize("players, fields", [(3, 3), (4, 2), (5, 2)])
def test_newer_edition_uses_the_eight_original_beans(players, fields):
    s = B.new_game(players, "newer", seed=3)
    counts = beans_in(s)
    assert set(counts) == ALL_BEANS - {"cocoa", "wax", "coffee"}
    assert sum(counts.values()) == 104
    assert all(len(p.fields) == fields for p in s.players)
    assert s.rules.exhaustions_to_end == 3
    # Its "7 3rd bean field cards" sell as in the classic rules; 3 players have three.
    assert s.rules.third_field_cost == (0 if players == 3 else 3)
    assert s.rules.tie_break == "furthest-from-start"


@pytest.mark.parametrize("players", [1, 8, 0, "4"])
def test_classic_refuses_impossible_player_counts(players):
    with pytest.raises(RuleError) as err:
        B.new_game(players)
    assert err.value.code == "setup"


@pytest.mark.parametrize("players", [2, 6, 7])
def test_newer_edition_base_game_is_for_3_to_5(players):
    with pytest.raises(RuleError) as err:
        B.new_game(players, "newer")
    assert "3, 4, 5" in err.value.message


def test_unknown_edition_and_bad_setting_are_refused():
    with pytest.raises(RuleError):
        B.new_game(4, "deluxe")
    with pytest.raises(RuleError) as err:
        B.new_game(4, exhaustions_to_end=0)
    assert "exhaustions_to_end" in err.value.message
    with pytest.raises(RuleError) as err:
        B.new_game(4, deal=[9])
    assert "not a setting" in err.value.message


def test_a_table_may_override_the_settings():
    s = B.new_game(3, "newer", exhaustions_to_end=2, third_field_cost=3, fields=2)
    assert s.rules.exhaustions_to_end == 2 and s.rules.can_buy_field
    assert B.new_game(4, tie_break="furthest-from-start").rules.tie_break == "furthest-from-start"


def test_the_starting_player_is_active_first():
    s = B.new_game(5, start=2)
    assert s.active == 2 and s.start == 2 and s.turn == 1 and s.step == "plant"


def test_the_same_seed_deals_the_same_game():
    assert B.new_game(4, seed=5) == B.new_game(4, seed=5)
    assert B.new_game(4, seed=5) != B.new_game(4, seed=6)


def test_hidden_setup_knows_only_counts():
    s = B.new_game(6, knowledge="hidden")
    assert s.deck is None and s.knowledge == "hidden"
    assert [len(p.hand) for p in s.players] == [3, 4, 5, 6, 6, 6]
    assert all(c is None for p in s.players for c in p.hand)
    assert s.deck_size == 144 - 30
