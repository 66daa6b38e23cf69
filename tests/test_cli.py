"""The `companion` command as a user runs it."""

import json
import os
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


def test_the_demo_serves_a_table_that_simulated_players_play(tmp_path):
    import socket
    import time
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    temp = tmp_path / "tmp"  # where the demo keeps its database while it runs
    temp.mkdir()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--port",
            str(port),
            "--host",
            "127.0.0.1",
            "--pace",
            "0.05",
            "--seed",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "TMPDIR": str(temp)},
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        tables = None
        while time.time() < deadline:
            try:
                tables = json.load(urllib.request.urlopen(base + "/api/tables", timeout=2))
                break
            except OSError:
                time.sleep(0.2)
        # A table of every game (a newcomer found only Bohnanza's), Bohnanza's first.
        assert tables and [t["game"] for t in tables] == ["bohnanza", "duel", "dice"]
        code = tables[0]["code"]
        # The bots are playing at every table: every card they lay, every die they
        # throw goes through the synthetic camera and the reader first.
        for table in tables:
            deadline = time.time() + 30
            while time.time() < deadline:
                url = f"{base}/api/tables/{table['code']}/state"
                state = json.load(urllib.request.urlopen(url, timeout=2))
                if len(state["log"]) > 3:
                    break
                time.sleep(0.5)
            assert state["table"]["started"] and len(state["log"]) > 3, table["game"]
        page = urllib.request.urlopen(f"{base}/j/{code}", timeout=2).read().decode()
        assert code in page
    finally:
        proc.terminate()
        out = proc.communicate(timeout=10)[0]
    assert f"/j/{code}" in out and "host key" in out  # the URL and the QR in the terminal
    assert "█" in out or "#" in out
    # Quiet: no server banner or warnings; and stopped, it leaves no data behind.
    # (the output with the assertion: a bot's slip shows only as a traceback in it)
    assert "Serving Flask app" not in out and "WARNING" not in out and "Traceback" not in out, out
    assert list(temp.iterdir()) == []
