"""`companion demo`'s arguments: a wrong one is one line that says what to do."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--players", "9"], "--players 9: the Bohnanza"),
        (["--game", "duel", "--players", "3"], "The Duel is for 2 players"),
        (["--port", "80000"], "--port 80000 is not a port"),
        (["--game", "dice", "--players", "1"], "--players 1"),
        (["--pace", "-1"], "--pace"),
    ],
)
def test_a_wrong_demo_argument_is_one_line_that_says_what_to_do(args, says):
    run = subprocess.run(
        [sys.executable, "-m", "companion", "demo", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert says in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert "Traceback" not in run.stderr and not run.stdout


def test_the_demo_plays_the_duel_for_two_without_being_told(monkeypatch):
    from argparse import Namespace

    from companion.demo import demo_arguments_problem

    args = Namespace(game="duel", players=None, port=8000, pace=1.0, edition="classic")
    assert demo_arguments_problem(args) is None and args.players == 2


def test_the_demo_opens_a_table_of_every_game_unless_told_one():
    """A newcomer found only Bohnanza's table: the demo opens one of each game, and
    --players sets Bohnanza's (the other games keep their own counts)."""
    from argparse import Namespace

    from companion.demo import demo_arguments_problem, demo_games, demo_players

    every = Namespace(game="all", players=5, port=8000, pace=1.0, edition=None)
    assert demo_arguments_problem(every) is None
    assert demo_games(every) == ["bohnanza", "duel", "dice"]
    assert [demo_players(every, g) for g in demo_games(every)] == [5, 2, 3]
    one = Namespace(game="duel", players=None, port=8000, pace=1.0, edition=None)
    assert demo_arguments_problem(one) is None and demo_games(one) == ["duel"]
