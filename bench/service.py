"""Table service benchmarks, on loopback.

    .venv/bin/python bench/service.py latency [--actions 300]
    .venv/bin/python bench/service.py soak [--minutes 10]
    .venv/bin/python bench/service.py idle
    .venv/bin/python bench/service.py flood [--connections 2000] [--actions 300]

latency: a 7-player Bohnanza table with 7 seated phones and one watching phone
(8 phones); each action is sent by the phone whose move it is, and the time is
taken until all 8 phones have received the update (p50 / p95).
soak: 8 phones and 50 spectators held for N minutes, one action a second; the
server's RSS is sampled every 10 s (no growth wanted).
idle: the server's RSS after start-up with one open table and nobody connected.
flood: one other address (127.0.0.2) opens N connections and holds them (half of
them sending half a request line, the rest nothing) while the 8 phones play as in
`latency`; the server limits loopback like any address here. Reports the phones'
p50 / p95, how many flood connections were refused at once, the server's threads
and RSS."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import socketio as sio_client  # noqa: E402

from companion.engine import bohnanza as B  # noqa: E402
from tests.web.servers import HOST_KEY, Server, connect  # noqa: E402


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Phone:
    def __init__(self, url: str, **auth) -> None:
        self.client = sio_client.Client(reconnection=False)
        self.updates = 0
        self.cond = threading.Condition()
        self.client.on("state", self._on_state)
        self.client.connect(url, auth=auth, transports=["websocket"], wait_timeout=10)

    def _on_state(self, _snap) -> None:
        with self.cond:
            self.updates += 1
            self.cond.notify_all()

    def wait_beyond(self, n: int, timeout: float = 5.0) -> float:
        with self.cond:
            self.cond.wait_for(lambda: self.updates > n, timeout)
        return time.perf_counter()


def setup(players: int = 7, spectators: int = 0, limits: dict | None = None, before=None):
    server = Server(Path(tempfile.mkdtemp(prefix="companion-bench-")))
    # Played as fast as the server answers: the per-connection message rate is
    # not what is measured here.
    limits = {"messages_per_s": 1e9, "messages_at_once": 1e9, **(limits or {})}
    lines = "".join(f"{k} = {str(v).lower()}\n" for k, v in limits.items())
    server.config.write_text(server.config.read_text() + "[limits]\n" + lines)
    server.start()
    held = before(server) if before else None
    host = connect(server.url, host=HOST_KEY)
    code = host.call(
        "host:open",
        {"game": "bohnanza", "players": players, "options": {"knowledge": "known", "seed": 11}},
        timeout=5,
    )["code"]
    host.call("host:start", {"code": code}, timeout=5)
    seated = []
    for seat in range(players):
        phone = Phone(server.url)
        assert phone.client.call(
            "join", {"code": code, "seat": seat, "name": f"P{seat}"}, timeout=5
        )["ok"]
        seated.append(phone)
    watchers = [Phone(server.url, watch=code) for _ in range(1 + spectators)]
    time.sleep(0.5)
    if before:
        return server, host, code, seated, watchers, held
    return server, host, code, seated, watchers


def latency(actions: int, flood: int = 0) -> dict:
    held: list = []
    if flood:
        server, host, code, seated, watchers, held = setup(
            limits={"loopback": True}, before=lambda s: open_flood(s, flood)
        )
    else:
        server, host, code, seated, watchers = setup()
    phones = seated + watchers[:1]
    state = B.new_game(7, knowledge="known", seed=11)
    rng = random.Random(1)
    times = []
    for _ in range(actions):
        if state.over:
            break
        action = rng.choice(B.legal_actions(state))
        message = ("act", {"action": action.to_json()})
        sender = seated[action.player]
        while True:
            counts = [p.updates for p in phones]
            t0 = time.perf_counter()
            reply = sender.client.call(*message, timeout=5)
            assert reply["ok"], reply
            if not reply.get("asked"):
                break
            # A trade with another phone: the time counted is its yes's (the one
            # that changes the game); the offer's own update is awaited first.
            max(p.wait_beyond(c) for p, c in zip(phones, counts, strict=True))
            message, sender = ("offer:answer", {"accept": True}), seated[reply["asked"][0]]
        done = max(p.wait_beyond(c) for p, c in zip(phones, counts, strict=True))
        times.append((done - t0) * 1e3)
        state = B.apply(state, action)
    threads = thread_count(server.proc.pid)
    rss = rss_kb(server.proc.pid)
    server.kill()
    times.sort()
    extra = {}
    if flood:
        refused = sum(1 for r in held if r == "refused")
        extra = {
            "flood_connections": flood,
            "flood_refused_at_once": refused,
            "server_threads": threads,
            "server_rss_kb": rss,
        }
    return extra | {
        "phones": len(phones),
        "actions": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(times[int(len(times) * 0.95) - 1], 2),
        "max_ms": round(times[-1], 2),
    }


def thread_count(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 0


def open_flood(server, n: int) -> list:
    """N connections from 127.0.0.2, held open: every other one sends half a request
    line (a slow client), the rest nothing. Returns per connection "refused" (a
    503 at once) or its socket (kept open until the process ends)."""
    import resource
    import select
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, n + 512)), hard))
    socks = []
    for k in range(n):
        s = socket.socket()
        s.bind(("127.0.0.2", 0))
        s.settimeout(5)
        s.connect(("127.0.0.1", server.port))
        if k % 2:
            s.sendall(b"GET /healthz HT")
        socks.append(s)
    out: list = list(socks)
    poller = select.poll()
    index = {s.fileno(): i for i, s in enumerate(socks)}
    for s in socks:
        poller.register(s, select.POLLIN)
    deadline, answered = time.time() + 3, 0
    while answered < n and time.time() < deadline:
        for fd, _ in poller.poll(200):
            poller.unregister(fd)
            answered += 1
            i = index[fd]
            if socks[i].recv(64).startswith(b"HTTP/1.1 503"):
                out[i] = "refused"
    return out


def soak(minutes: float) -> dict:
    server, host, code, seated, watchers = setup(spectators=50)
    state = B.new_game(7, knowledge="known", seed=11)
    rng = random.Random(2)
    samples = []
    start = time.time()
    last_sample = 0.0
    actions = 0
    while time.time() - start < minutes * 60:
        if state.over:
            host.call("host:start", {"code": code}, timeout=5)
            state = B.new_game(7, knowledge="known", seed=11)
        action = rng.choice(B.legal_actions(state))
        reply = seated[action.player].client.call("act", {"action": action.to_json()}, timeout=10)
        assert reply["ok"], reply
        for seat in reply.get("asked", []):  # a trade with another phone: its yes
            reply = seated[seat].client.call("offer:answer", {"accept": True}, timeout=10)
            assert reply["ok"], reply
        state = B.apply(state, action)
        actions += 1
        if time.time() - last_sample >= 10:
            samples.append((round(time.time() - start), rss_kb(server.proc.pid)))
            last_sample = time.time()
        time.sleep(1.0)
    server.kill()
    first_half = [kb for _, kb in samples[len(samples) // 4 : len(samples) // 2]]
    second_half = [kb for _, kb in samples[-len(samples) // 4 :]]
    return {
        "minutes": minutes,
        "phones": len(seated) + 1,
        "spectators": 50,
        "actions": actions,
        "rss_kb_first": samples[0][1],
        "rss_kb_max": max(kb for _, kb in samples),
        "rss_kb_last": samples[-1][1],
        "rss_kb_growth_second_half": (statistics.fmean(second_half) - statistics.fmean(first_half))
        if first_half and second_half
        else 0,
        "samples": samples,
    }


def idle() -> dict:
    server = Server(Path(tempfile.mkdtemp(prefix="companion-bench-")))
    server.start()
    host = connect(server.url, host=HOST_KEY)
    host.call("host:open", {"game": "bohnanza", "players": 4}, timeout=5)
    host.disconnect()
    time.sleep(2)
    kb = rss_kb(server.proc.pid)
    server.kill()
    return {"idle_rss_kb": kb}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["latency", "soak", "idle", "flood"])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--minutes", type=float, default=10)
    args = parser.parse_args()
    if args.what == "latency":
        print(json.dumps(latency(args.actions)))
    elif args.what == "flood":
        print(json.dumps(latency(args.actions, flood=args.connections)))
    elif args.what == "soak":
        print(json.dumps(soak(args.minutes)))
    else:
        print(json.dumps(idle()))


if __name__ == "__main__":
    main()
