"""Kill the server (SIGKILL) mid-game: nothing it acknowledged may be lost, and
every game resumes where it stood."""

import contextlib
import random
import signal
import threading
import time

import pytest

from companion.engine import bohnanza as B
from companion.engine import replay

from .servers import HOST_KEY, Server, connect


# Killed once that many actions were acknowledged, with the next one in flight: by
# count, not by the clock (0.4 s after the start, a loaded machine had acknowledged
# none yet, and the test then checked nothing).
@pytest.mark.parametrize("kill_at", [1, 12, 40])
def test_a_killed_server_loses_nothing_it_acknowledged(tmp_path, kill_at):
    server = Server(tmp_path)
    # Played as fast as the server answers: no limit on messages a second here.
    server.config.write_text(
        server.config.read_text() + "[limits]\nmessages_per_s = 1e9\nmessages_at_once = 1e9\n"
    )
    server.start()
    host = connect(server.url, host=HOST_KEY)
    reply = host.call(
        "host:open",
        {"game": "bohnanza", "players": 3, "options": {"knowledge": "known", "seed": 7}},
        timeout=5,
    )
    code = reply["code"]
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    phones = []
    for seat in range(3):
        phone = connect(server.url)
        assert phone.call("join", {"code": code, "seat": seat, "name": f"P{seat}"}, timeout=5)["ok"]
        phones.append(phone)

    acknowledged = []
    state = B.new_game(3, knowledge="known", seed=7)
    rng = random.Random(kill_at)
    stop = threading.Event()

    def play():
        nonlocal state
        while not stop.is_set() and not state.over:
            action = rng.choice(B.legal_actions(state))
            try:
                reply = phones[action.player].call("act", {"action": action.to_json()}, timeout=5)
            except Exception:
                return  # the server died under us
            # A trade with another phone is made once that phone says yes.
            for seat in (reply or {}).get("asked", []):
                try:
                    reply = phones[seat].call("offer:answer", {"accept": True}, timeout=5)
                except Exception:
                    return
            if not reply or not reply.get("ok"):
                return
            acknowledged.append(action.to_json())
            state = B.apply(state, action)

    worker = threading.Thread(target=play)
    worker.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < kill_at and worker.is_alive() and time.monotonic() < deadline:
        time.sleep(0.005)
    server.kill()
    stop.set()
    worker.join(timeout=10)
    for c in [host, *phones]:
        with contextlib.suppress(Exception):
            c.disconnect()
    assert len(acknowledged) >= kill_at, f"{len(acknowledged)} actions acknowledged before the kill"

    server.start()
    try:
        log = server.get(f"/api/tables/{code}/log")
        stored = log["actions"]
        # Every acknowledged action is there, in order; at most the one in flight more.
        assert stored[: len(acknowledged)] == acknowledged
        assert len(stored) - len(acknowledged) <= 1
        # The resumed game stands where its log says.
        snapshot = server.get(f"/api/tables/{code}/state")
        resumed = replay(log)
        assert snapshot["view"]["turn"] == resumed.turn
        assert [p["coins"] for p in snapshot["view"]["players"]] == [
            len(p.coins) for p in resumed.players
        ]
        # And play goes on from there.
        phone = connect(server.url)
        seat = resumed.active
        token_phone = phone.call("join", {"code": code, "seat": seat, "name": "X"}, timeout=5)
        assert not token_phone["ok"]  # the seat is still taken: seats survive too
        phone.disconnect()
    finally:
        server.kill()


def test_a_service_stopped_by_hand_backs_its_store_up_first(tmp_path):
    server = Server(tmp_path)
    server.start()
    host = connect(server.url, host=HOST_KEY)
    assert host.call("host:open", {"game": "duel", "players": 2}, timeout=5)["ok"]
    host.disconnect()
    server.proc.send_signal(signal.SIGINT)  # Ctrl-C
    assert server.proc.wait(timeout=30) == 0
    (backup,) = (tmp_path / "backups").glob("store-*.db")
    assert backup.stat().st_size > 0
