"""The simulated players (bots) of the demo table play like sensible people: whole
games of bots end the way real games do, with real scores, and a few positions
show the moves a person would make.

The thresholds come from measured games (bench/bots.py, bench/README.md): 100
four-player Bohnanza games gave winners of 20–32 coins (median 24; the bots
before: 1–6), hands of 3 cards at turn ends (before: 12); 100 Duels winners of
24–40 dollars (median 31; a random player: 8); the dice game ends in 12–15 turns
on average (random players: 30–39)."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field, replace

import pytest

from companion.engine import bohnanza as B
from companion.engine import dice as W
from companion.engine import duel as D
from companion.engine.beans import variety
from companion.engine.bohnanza import players as bohnanza_bot
from companion.engine.dice import players as dice_bot
from companion.engine.duel import players as duel_bot
from companion.engine.duel.state import BonusCard

from .duel_helpers import duel
from .helpers import table

MAX_MOVES = 20_000  # a bot game still going after this many moves is stuck


def _coins(column) -> int:
    return min(variety(column[-1]).coins_for(len(column)), len(column))


# ---------------------------------------------------------------- Bohnanza games


@dataclass
class Games:
    winners: list[float] = field(default_factory=list)  # the winner's score, a game each
    hands: list[int] = field(default_factory=list)  # every hand at every turn's end
    unfinished: list[int] = field(default_factory=list)  # seeds of games that never ended
    exhaustions: list[tuple[int, int]] = field(default_factory=list)  # (had, rules say)
    turns: list[int] = field(default_factory=list)
    idle_harvests: list[str] = field(default_factory=list)  # harvests for nothing, needlessly
    forced_harvests: int = 0  # harvests for nothing that had to be
    buys: int = 0
    missed_claims: int = 0
    moves: int = 0


PLANTS = (B.Plant, B.PlantTraded, B.PlantOffered, B.PlantDrawn)


def play_bohnanza(players: int, games: int, edition: str = "classic") -> Games:
    out = Games()
    for seed in range(games):
        state = B.new_game(players, edition, seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not state.over and moves < MAX_MOVES:
            legal = B.legal_actions(state)
            action = bohnanza_bot.choose(state, legal, rng)
            assert action in legal
            if isinstance(action, B.Harvest):
                column = state.players[action.player].fields[action.field]
                if len(column) == 1 and _coins(column) == 0:
                    better = [
                        a
                        for a in legal
                        if a.player == action.player
                        and (
                            isinstance(a, PLANTS)
                            or (
                                isinstance(a, B.Harvest)
                                and _coins(state.players[a.player].fields[a.field]) > 0
                            )
                        )
                    ]
                    if better:
                        out.idle_harvests.append(f"seed {seed}: {action} while {better} legal")
                    else:
                        out.forced_harvests += 1
            out.buys += isinstance(action, B.BuyField)
            turn = state.turn
            state = B.apply(state, action)
            if state.turn != turn and not state.over:
                out.hands += [len(p.hand) for p in state.players]
            moves += 1
        out.moves += moves
        if not state.over:
            out.unfinished.append(seed)
            continue
        out.winners.append(B.game.coins(state, B.winners(state)[0]))
        out.exhaustions.append((state.exhaustions, state.rules.exhaustions_to_end))
        out.turns.append(state.turn)
    return out


@pytest.fixture(scope="module")
def four_players() -> Games:
    return play_bohnanza(4, 100)


def test_over_100_four_player_games_every_game_ends_at_the_last_exhaustion(four_players):
    assert four_players.unfinished == []
    assert len(four_players.winners) == 100
    # The classic rules for 4 players: the 3rd exhaustion of the draw deck ends the game.
    assert all(had == wanted == 3 for had, wanted in four_players.exhaustions)


def test_over_100_four_player_games_the_winner_has_double_figure_coins(four_players):
    winners = four_players.winners
    assert statistics.median(winners) >= 18
    assert sum(w >= 12 for w in winners) >= 95
    assert min(winners) >= 10


def test_over_100_four_player_games_hands_stay_the_size_a_person_holds(four_players):
    hands = sorted(four_players.hands)
    assert statistics.median(hands) <= 5
    assert hands[int(0.95 * (len(hands) - 1))] <= 8
    assert hands[-1] <= 15


def test_a_bohnanza_bot_never_harvests_a_lone_bean_for_nothing_when_a_better_move_is_legal(
    four_players,
):
    assert four_players.idle_harvests == []
    assert four_players.forced_harvests > 0  # the check did meet the case


def test_four_bohnanza_bots_buy_their_third_fields(four_players):
    assert four_players.buys >= 2 * 100  # at least half the players, on average


def test_bean_duel_bots_finish_their_games_and_never_harvest_a_lone_bean_needlessly():
    games = play_bohnanza(2, 30)
    assert games.unfinished == []
    assert all(had == wanted == 1 for had, wanted in games.exhaustions)
    assert games.idle_harvests == []
    assert statistics.median(games.winners) >= 8
    assert statistics.median(games.hands) <= 6


@pytest.mark.parametrize("players, edition", [(3, "classic"), (7, "classic"), (5, "newer")])
def test_bohnanza_bots_finish_every_table_size_with_real_scores(players, edition):
    games = play_bohnanza(players, 8, edition)
    assert games.unfinished == []
    assert games.idle_harvests == []
    assert min(games.winners) >= 8


def test_a_bohnanza_bot_plays_the_same_game_again_with_the_same_rng():
    def moves(seed):
        state, rng, out = B.new_game(4, seed=seed), random.Random(seed), []
        while not state.over:
            action = bohnanza_bot.choose(state, B.legal_actions(state), rng)
            out.append(action)
            state = B.apply(state, action)
        return out

    assert moves(5) == moves(5)


# ---------------------------------------------------------------- Bohnanza positions


def test_a_bohnanza_bot_plants_its_second_card_on_a_field_of_the_same_bean():
    s = table(
        hands=[("blue", "stink", "wax"), (), (), ()],
        fields=[[("blue", "blue"), ("chili",)], [(), ()], [(), ()], [(), ()]],
        planted=1,
    )
    assert bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0)) == B.Plant(0, 0, "blue")


def test_a_bohnanza_bot_turns_cards_over_rather_than_plant_a_second_card_it_cannot_place():
    s = table(
        hands=[("stink", "wax"), (), (), ()],
        fields=[[("blue", "blue"), ("chili",)], [(), ()], [(), ()], [(), ()]],
        planted=1,
    )
    action = bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0))
    assert isinstance(action, B.DrawFaceUp)


def test_a_bohnanza_bot_sells_a_field_at_the_top_of_its_beanometer():
    s = table(
        hands=[("chili", "wax"), (), (), ()],
        fields=[[("red",) * 5, ("chili",)], [(), ()], [(), ()], [(), ()]],
    )
    assert bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0)) == B.Harvest(0, 0)


def test_a_bohnanza_bot_making_room_harvests_the_field_that_pays_most():
    # Stink fits neither field: four Blue Beans sell for a coin, two Chili for none.
    s = table(
        hands=[("stink", "wax"), (), (), ()],
        fields=[[("blue",) * 4, ("chili",) * 2], [(), ()], [(), ()], [(), ()]],
    )
    assert bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0)) == B.Harvest(0, 0)


def test_a_bohnanza_bot_making_room_keeps_the_field_its_next_cards_grow():
    # Both pay a coin; the hand holds two more Blue Beans: sell the Chili.
    s = table(
        hands=[("stink", "blue", "blue"), (), (), ()],
        fields=[[("blue",) * 4, ("chili",) * 3], [(), ()], [(), ()], [(), ()]],
    )
    assert bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0)) == B.Harvest(0, 1)


def _soy_and_blue_face_up():
    """Seat 1 trading with a Soy and a Blue Bean face up; seat 3 grows Soy."""
    return table(
        hands=[("blue",), ("wax",), ("wax",), ("wax",)],
        fields=[
            [("blue",) * 2, ("chili",) * 2],
            [("wax",) * 2, ("stink",) * 2],
            [("soy",) * 2, ("wax",)],
            [("wax",) * 3, ("green",) * 2],
        ],
        step="trade",
        planted=1,
        face_up=("soy", "blue"),
    )


def test_a_bohnanza_bot_gives_a_face_up_card_it_cannot_use_to_a_player_who_grows_that_bean():
    s = _soy_and_blue_face_up()
    action = bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0))
    assert isinstance(action, B.Trade)
    assert action.partner == 2 and action.face_up == (0,)


def test_a_bohnanza_bot_keeps_a_face_up_card_nobody_can_use():
    # Soy fits no field of anybody's: nobody takes it, the active player plants it.
    s = table(
        hands=[(), (), (), ()],
        fields=[
            [("blue",) * 2, ("chili",) * 2],
            [("wax",) * 2, ("stink",) * 2],
            [("red",) * 2, ("wax",)],
            [("wax",) * 3, ("green",) * 2],
        ],
        step="trade",
        planted=1,
        face_up=("soy",),
    )
    assert bohnanza_bot.choose(s, B.legal_actions(s), random.Random(0)) == B.EndTrading(0)


def test_a_bohnanza_bot_buys_its_third_field_early_but_not_at_the_end():
    early = table(hands=[("wax",), (), (), ()], coins=[("soy",) * 3, (), (), ()])
    assert bohnanza_bot.choose(early, B.legal_actions(early), random.Random(0)) == B.BuyField(0)
    late = replace(early, exhaustions=2, deck=early.deck[:6])
    assert bohnanza_bot.choose(late, B.legal_actions(late), random.Random(0)) != B.BuyField(0)


# ---------------------------------------------------------------- The Duel


def play_duels(games: int) -> Games:
    out = Games()
    for seed in range(games):
        state = D.new_game(seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not state.over and moves < MAX_MOVES:
            legal = D.legal_actions(state)
            action = duel_bot.choose(state, legal, rng)
            assert action in legal
            if any(isinstance(a, D.ClaimBonus) for a in legal):
                out.missed_claims += not isinstance(action, D.ClaimBonus)
            if isinstance(action, D.Harvest):
                column = state.players[action.player].fields[action.field]
                if _coins(column) == 0:
                    me = state.players[action.player]
                    due = (
                        (state.step == "plant" and state.planted == 0 and me.hand)
                        or (state.step == "plant-drawn" and action.player == state.active)
                        or (state.step == "plant-gift" and me.gift)
                    )
                    if due:
                        out.forced_harvests += 1
                    else:
                        out.idle_harvests.append(f"seed {seed}: {action} at {state.step}")
            turn = state.turn
            state = D.apply(state, action)
            if state.turn != turn and not state.over:
                out.hands += [len(p.hand) for p in state.players]
            moves += 1
        out.moves += moves
        if not state.over:
            out.unfinished.append(seed)
            continue
        out.winners.append(D.cents(state, D.winners(state)[0]) / 100)
        out.turns.append(state.turn)
    return out


@pytest.fixture(scope="module")
def duels() -> Games:
    return play_duels(40)


def test_over_40_duels_every_game_ends_with_the_draw_pile(duels):
    assert duels.unfinished == []
    assert all(16 <= t <= 20 for t in duels.turns)  # 88 cards, 5 a turn


def test_over_40_duels_the_winner_has_a_real_score(duels):
    winners = duels.winners
    assert statistics.median(winners) >= 24
    assert min(winners) >= 15
    assert max(winners) <= 60  # bo(h)nus cards and harvests, not a runaway


def test_a_duel_bot_claims_a_fulfilled_bonus_card_at_once(duels):
    assert duels.missed_claims == 0


def test_a_duel_bot_harvests_a_field_worth_nothing_only_when_it_has_cards_to_plant(duels):
    assert duels.idle_harvests == []


def test_duel_hands_stay_small(duels):
    assert statistics.median(duels.hands) <= 6


def test_a_duel_bot_plants_on_its_own_bean_rather_than_climb_where_it_gains_nothing():
    # On the Red Beans, a Black-eyed Bean would make 4 cards under a Black-eyed
    # beanometer: 2 coins, as now. On the Black-eyed Beans it brings the next coin near.
    s = duel(
        hands=[("black-eyed", "green"), ("red",)],
        fields=[[("red",) * 3, ("black-eyed",) * 2, ("blue",)], [(), (), ()]],
        bonus=[(), ()],
    )
    action = duel_bot.choose(s, D.legal_actions(s), random.Random(0))
    assert action == D.Plant(0, 1, "black-eyed")


def test_a_duel_bot_plants_turned_over_cards_up_the_ladder_and_discards_the_misfit():
    # Red then Black-eyed climb onto the Red field; the Blue fits nowhere good.
    s = duel(
        hands=[(), ()],
        fields=[[("red", "red"), ("soy",) * 3, ("green",) * 2], [(), (), ()]],
        bonus=[(), ()],
        step="plant-drawn",
        face_up=("black-eyed", "blue", "red"),
    )
    rng = random.Random(0)
    moves = []
    while s.step == "plant-drawn":
        action = duel_bot.choose(s, D.legal_actions(s), rng)
        moves.append(action)
        s = D.apply(s, action)
    assert D.DiscardDrawn(0, 1) in moves
    assert s.players[0].fields[0] == ("red", "red", "red", "black-eyed")


def test_a_duel_bot_gives_away_a_turned_over_card_that_fits_none_of_its_fields():
    # Two Blue Beans fit none of its fields: one it may discard, the other it offers
    # (rather than harvest a field to make room for it).
    s = duel(
        hands=[("soy",), ("red",)],
        fields=[[("soy",) * 3, ("green",) * 3, ("stink",) * 3], [("soy",), ("green",), ("blue",)]],
        bonus=[(), ()],
        step="gift",
        face_up=("blue", "blue", "soy"),
    )
    assert duel_bot.choose(s, D.legal_actions(s), random.Random(0)) == D.OfferGift(0, "blue")


def test_a_duel_bot_claims_its_bonus_card_on_the_other_players_field():
    card = BonusCard(("red", "black-eyed"), 40)
    s = duel(
        hands=[("soy",), ("red",)],
        fields=[[(), (), ()], [("red", "black-eyed"), (), ()]],
        bonus=[(card,), ()],
    )
    action = duel_bot.choose(s, D.legal_actions(s), random.Random(0))
    assert isinstance(action, D.ClaimBonus) and action.owner == 1 and action.player == 0


# ---------------------------------------------------------------- Das Würfelspiel


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_dice_bots_finish_a_game_in_a_reasonable_number_of_turns(players):
    turns, winners = [], []
    for seed in range(15):
        state = W.new_game(players, seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not state.over and moves < MAX_MOVES:
            legal = W.legal_actions(state)
            action = dice_bot.choose(state, legal, rng)
            assert action in legal
            state = W.apply(state, action)
            moves += 1
        assert state.over
        turns.append(state.turn)
        winners.append(max(p.total for p in state.players))
    # Random players take 30–39 turns; the bots save what their orders need.
    assert statistics.mean(turns) <= 20
    assert max(turns) <= 30
    assert min(winners) >= 10


def dice_state(orders, faces, saved=(False,) * 5, rolled=(0, 1, 2, 3, 4), completed=0):
    s = W.new_game(2, knowledge="hidden", cards=[[orders, orders], [orders, orders]])
    p = replace(s.players[0], completed=completed)
    return replace(
        s,
        players=(p, s.players[1]),
        step="save",
        faces=tuple(faces),
        saved=tuple(saved),
        rolled=tuple(rolled),
    )


def test_a_dice_bot_saves_the_dice_its_bottom_order_asks_for():
    # Dice 0–1 are the darker ones, 2–4 the lighter ones (data/dice.toml).
    orders = ["soy + stink + red", "blue*2 | green*2", "garden", "soy", "red"]
    s = dice_state(orders, ("soy", "blue", "stink", "red", "green"))
    action = dice_bot.choose(s, W.legal_actions(s), random.Random(0))
    assert isinstance(action, W.Save)
    assert {s.faces[i] for i in action.dice} >= {"soy", "stink", "red"}


def test_a_dice_bot_repeats_a_roll_that_gives_it_nothing():
    orders = ["garden*2", "garden + soy", "garden", "soy", "soy"]
    # Both darker dice (the only ones with Garden) still to roll; nothing useful shows.
    s = dice_state(
        orders,
        ("blue", "stink", "blue", "green", "green"),
        saved=(False, False, True, True, True),
        rolled=(0, 1),
    )
    action = dice_bot.choose(s, W.legal_actions(s), random.Random(0))
    assert isinstance(action, W.RepeatRoll)


def test_a_dice_bot_harvests_a_finished_card_and_waits_on_three_easy_orders():
    orders = ["soy", "stink", "blue", "green", "blue + stink"]
    s = dice_state(orders, (None,) * 5, rolled=(), completed=5)
    s = replace(s, step="roll")
    assert dice_bot.choose(s, W.legal_actions(s), random.Random(0)) == W.Harvest(0)
    s = replace(s, players=(replace(s.players[0], completed=3), s.players[1]))
    assert dice_bot.choose(s, W.legal_actions(s), random.Random(0)) == W.Roll(0)


def test_a_dice_bot_harvests_to_end_the_game_only_when_that_wins_it():
    orders = ["soy", "stink", "blue", "green", "blue + stink"]
    s = dice_state(orders, (None,) * 5, rolled=(), completed=4)
    s = replace(s, step="roll")
    rich = replace(s.players[0], dollars=(None,) * 8)
    # 8 + 2 = 10 ends the game; seat 1 has 0: a win.
    won = replace(s, players=(rich, s.players[1]))
    assert dice_bot.choose(won, W.legal_actions(won), random.Random(0)) == W.Harvest(0)
    # Seat 1 has 11: ending the game now loses it.
    richer = replace(s.players[1], dollars=(None,) * 11)
    lost = replace(s, players=(rich, richer))
    assert dice_bot.choose(lost, W.legal_actions(lost), random.Random(0)) == W.Roll(0)


# ---------------------------------------------------------------- the demo


def test_the_demo_table_plays_each_game_with_its_own_bot():
    from companion.sim.worlds import bot_choice

    cases = [
        ("bohnanza", B.new_game(4, seed=1), B.legal_actions, bohnanza_bot.choose),
        ("duel", D.new_game(seed=1), D.legal_actions, duel_bot.choose),
        ("dice", W.new_game(3, seed=1), W.legal_actions, dice_bot.choose),
    ]
    for game, state, legal_actions, choose in cases:
        for _ in range(30):
            legal = legal_actions(state)
            action = bot_choice(game, state, legal, random.Random(3))
            assert action == choose(state, legal, random.Random(3))
            state = {"bohnanza": B, "duel": D, "dice": W}[game].apply(state, action)


def test_a_bot_asked_while_a_person_plays_waits_rather_than_harvest_for_nothing():
    # Seat 0 is a person's, in the middle of their turn; the table hands the bot only
    # what its seats may do at any time: harvest (and, here, nothing else).
    s = table(
        hands=[("wax",), (), (), ()],
        fields=[[(), ()], [("blue",) * 2, ("chili",) * 3], [(), ()], [(), ()]],
    )
    mine = [a for a in B.legal_actions(s) if a.player != 0]
    assert mine and all(isinstance(a, B.Harvest) for a in mine)
    assert bohnanza_bot.choose(s, mine, random.Random(0), may_wait=True) is None
    assert bohnanza_bot.choose(s, mine, random.Random(0)) in mine
    # A field at the top of its beanometer is sold even then.
    full = table(
        hands=[("wax",), (), (), ()],
        fields=[[(), ()], [("red",) * 5, ("chili",) * 3], [(), ()], [(), ()]],
    )
    mine = [a for a in B.legal_actions(full) if a.player != 0]
    assert bohnanza_bot.choose(full, mine, random.Random(0), may_wait=True) == B.Harvest(1, 0)

    d = duel(
        hands=[("soy",), ("red",)],
        fields=[[(), (), ()], [("blue",) * 3, (), ()]],
        bonus=[(), ()],
    )
    mine = [a for a in D.legal_actions(d) if a.player == 1]
    assert mine == [D.Harvest(1, 0)]
    assert duel_bot.choose(d, mine, random.Random(0), may_wait=True) is None

    w = dice_state(["soy", "stink", "blue", "green", "red"], (None,) * 5, rolled=())
    w = replace(w, step="roll", players=(w.players[0], replace(w.players[1], completed=3)))
    mine = [a for a in W.legal_actions(w) if a.player == 1]
    assert mine == [W.Harvest(1)]
    assert dice_bot.choose(w, mine, random.Random(0), may_wait=True) is None


def test_a_bohnanza_bot_agrees_to_a_gift_it_grows_and_says_no_to_one_it_cannot_use():
    s = _soy_and_blue_face_up()
    soy_to_seat_3 = B.Trade(0, 2, face_up=(0,))
    soy_to_seat_2 = B.Trade(0, 1, face_up=(0,))  # wax and stink fields: soy fits neither
    assert soy_to_seat_3 in B.legal_actions(s) and soy_to_seat_2 in B.legal_actions(s)
    assert bohnanza_bot.agrees(s, soy_to_seat_3, 2)
    assert not bohnanza_bot.agrees(s, soy_to_seat_2, 1)
    assert bohnanza_bot.agrees(s, B.EndTrading(0), 1)  # a move that isn't theirs to agree to
