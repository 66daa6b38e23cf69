"""`companion simulate`: random games over legal_actions with every invariant checked."""

import json
from dataclasses import replace

import pytest

from companion.cli import main
from companion.engine.games import GAMES
from companion.engine.simulate import simulate

TABLES = [(n, "classic") for n in range(2, 8)] + [(n, "newer") for n in range(3, 6)]


@pytest.mark.parametrize("players, edition", TABLES)
def test_random_games_break_no_rule(players, edition):
    result = simulate("bohnanza", 6, seed=players, players=players, edition=edition)
    assert result["rule_errors"] == 0
    assert result["invariant_violations"] == 0, result["examples"]
    assert result["games"] == 6 and result["actions"] > 6 * 50
    assert result["mean_turns"] > 10


def test_random_duels_break_no_rule():
    result = simulate("duel", 20, seed=3)
    assert result["rule_errors"] == 0
    assert result["invariant_violations"] == 0, result["examples"]
    assert 15 <= result["mean_turns"] <= 20  # 88 cards at 5 a turn


def test_simulate_cli_plays_the_duel(capsys):
    assert main(["simulate", "--game", "duel", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "duel"
    assert main(["simulate", "--game", "duel", "--players", "3", "--games", "1"]) == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_dice_games_break_no_rule(players):
    result = simulate("dice", 10, seed=players, players=players)
    assert result["rule_errors"] == 0
    assert result["invariant_violations"] == 0, result["examples"]


def test_simulate_cli_prints_one_json_object(capsys):
    code = main(
        [
            "simulate",
            "--game",
            "bohnanza",
            "--players",
            "5",
            "--games",
            "3",
            "--seed",
            "2",
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in (
        "games",
        "actions",
        "mean_turns",
        "rule_errors",
        "invariant_violations",
        "actions_per_second",
    ):
        assert key in out
    assert out["games"] == 3


def test_simulate_cli_exits_non_zero_on_a_violation(capsys, monkeypatch):
    game = GAMES["bohnanza"]
    broken = replace(
        game, invariants=lambda s: game.invariants(s) + (["a pea"] if s.turn == 3 else [])
    )
    monkeypatch.setitem(GAMES, "bohnanza", broken)
    code = main(["simulate", "--players", "4", "--games", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["invariant_violations"] > 0
    assert "a pea" in out["examples"][0]


def test_simulate_cli_refuses_a_bad_table(capsys):
    assert main(["simulate", "--players", "9", "--games", "1"]) == 2
    assert "players" in capsys.readouterr().err


def test_the_same_seed_simulates_the_same_games():
    a = simulate("bohnanza", 2, seed=9, players=4, edition="classic")
    b = simulate("bohnanza", 2, seed=9, players=4, edition="classic")
    assert (a["actions"], a["mean_turns"]) == (b["actions"], b["mean_turns"])


def test_simulate_catches_a_bluff_that_pays_nothing_from_a_pile_of_bonus_cards(monkeypatch):
    # The engine once paid a bluff with a bean card only: a dollar pile of fulfilled
    # bo(h)nus cards paid nothing, and the card counts still balanced.
    import companion.engine.duel.game as duel_game

    def bean_cards_only(state, giver, receiver):
        pile = state.players[giver].dollars
        state = duel_game._with(state, giver, dollars=pile[:-1])
        return duel_game._with(state, receiver, dollars=state.players[receiver].dollars + pile[-1:])

    assert simulate("duel", 12, seed=1)["invariant_violations"] == 0
    monkeypatch.setattr(duel_game, "_pay_for_bluff", bean_cards_only)
    result = simulate("duel", 12, seed=1)
    assert result["invariant_violations"] > 0
    assert "a bluff pays one card" in result["examples"][0]
