"""The `companion` command as a user runs it."""

import json
import subprocess
import sys

from companion.cli import main
from companion.engine import bohnanza as B
from companion.engine import make_log


def test_replay_prints_the_final_summary(tmp_path, capsys):
    s = B.new_game(3, seed=4)
    import random

    rng = random.Random(4)
    actions = []
    while not s.over:
        a = rng.choice(B.legal_actions(s))
        actions.append(a)
        s = B.apply(s, a)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(make_log("bohnanza", {"players": 3, "seed": 4}, actions)))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == B.summary(s)
    assert out["winners"] == B.winners(s)


def test_replay_of_a_broken_log_says_why(tmp_path, capsys):
    path = tmp_path / "log.json"
    path.write_text(
        json.dumps(
            {
                "game": "bohnanza",
                "setup": {"players": 4},
                "actions": [{"type": "harvest", "player": 0, "field": 0}],
            }
        )
    )
    assert main(["replay", str(path)]) == 1
    assert "nothing to harvest" in capsys.readouterr().err
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2


def test_the_demo_plays_a_whole_game():
    out = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--players", "4", "--seed", "1", "--pace", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "The game is over." in out and "Winner" in out
