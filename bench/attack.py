"""An attack run on `companion serve` (loopback, a fresh store): malformed messages
over real WebSockets, raw Engine.IO garbage, and what the server wrote to its log.

    .venv/bin/python bench/attack.py [--messages 6000] [--raw 2000] [--seed 1]

messages: random events (every declared one, unknown ones, "*") with 0–3 random JSON
arguments (shaped like the event's fields half the time), from a seated phone, the
host and a stranger, spread over 30 connections so the per-connection rate limit
answers only a part "too-fast". Counted: tried, answered (ok / refused), no answer
within 2 s, and whether a game changed (a refusal must change nothing).
raw: Engine.IO / Socket.IO packets that aren't valid (bad JSON, 101-digit integers,
deep nesting, unknown packet types, binary), over raw WebSockets.
Tracebacks: lines "Traceback" in the server's stdout and stderr."""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simple_websocket  # noqa: E402
import socketio as sio_client  # noqa: E402

from companion.serve import NEW_BURST, NEW_PER_S  # noqa: E402
from companion.web.schemas import SCHEMAS  # noqa: E402
from tests.web.servers import HOST_KEY, Server  # noqa: E402

EVENTS = [*SCHEMAS, "*", "unknown", ""]
WORDS = ["ABCD", "soy", "red", "plant", "harvest", "bohnanza", "dice", "type", "player"]


def value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, 2, -1, 7, 10**50, -(10**80), 2**63])
    if kind == 3:
        return rng.uniform(-1e9, 1e9)
    if kind == 4:
        return rng.choice(WORDS + ["", "x" * rng.randrange(200), "<b>hi</b>", "\u0000"])
    if kind == 5:
        return rng.choice(WORDS)
    if kind in (6, 7):
        return [value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(WORDS): value(rng, depth + 1) for _ in range(rng.randrange(5))}


def message(rng: random.Random, code: str):
    event = rng.choice(EVENTS)
    args = []
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        if rng.random() < 0.5:
            required, optional = SCHEMAS.get(event, ({}, {}))
            names = [*required, *optional, "action"]
            shaped = {n: value(rng) for n in names if rng.random() < 0.8}
            if "code" in shaped and rng.random() < 0.3:
                shaped["code"] = "QQQQ"  # never the played table's: host:end would end it
            args.append(shaped)
        else:
            args.append(value(rng))
    return event, args


def state_of(server: Server, code: str) -> str:
    request = urllib.request.Request(
        f"{server.url}/api/tables/{code}/state", headers={"X-Host-Key": HOST_KEY}
    )
    snap = json.loads(urllib.request.urlopen(request, timeout=5).read())
    snap.pop("at", None)  # when it was read, not what it says
    return json.dumps(snap, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=6000)
    parser.add_argument("--raw", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="companion-attack-"))
    server = Server(folder)
    # The Pi's own loopback is limited like any address here, as a LAN client is.
    server.config.write_text(server.config.read_text() + "[limits]\nloopback = true\n")
    out_log = open(folder / "server.log", "w")  # noqa: SIM115 (held for the server's life)

    server.start(output=out_log)

    def client(**auth):
        c = sio_client.Client(reconnection=False)
        c.connect(server.url, auth=auth, transports=["websocket"], wait_timeout=5)
        return c

    host = client(host=HOST_KEY)
    code = host.call(
        "host:open",
        {"game": "bohnanza", "players": 3, "options": {"knowledge": "known", "seed": 4}},
        timeout=5,
    )["code"]
    phones = []
    for seat in range(3):
        p = client()
        assert p.call("join", {"code": code, "seat": seat, "name": f"P{seat}"}, timeout=5)["ok"]
        phones.append(p)
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    before = state_of(server, code)

    messages_start = time.time()
    senders = [phones[0], host] + [client() for _ in range(28)]
    tally = {"tried": 0, "ok": 0, "refused": 0, "too_fast": 0, "no_answer": 0, "malformed": 0}
    changed_by_refusal = 0
    for k in range(args.messages):
        event, margs = message(rng, code)
        who = senders[k % len(senders)]
        tally["tried"] += 1
        snap = state_of(server, code) if k % 200 == 0 else None
        try:
            # A tuple is sent as that many arguments; none: no argument at all.
            reply = who.call(event, tuple(margs) if margs else None, timeout=2)
        except sio_client.exceptions.TimeoutError:
            tally["no_answer"] += 1
            continue
        except sio_client.exceptions.BadNamespaceError:
            tally["no_answer"] += 1
            continue
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            tally["malformed"] += 1
        elif reply["ok"]:
            tally["ok"] += 1
            print("accepted:", event, margs, file=sys.stderr)
        else:
            tally["refused"] += 1
            tally["too_fast"] += reply["error"].get("code") == "too-fast"
            if snap is not None and state_of(server, code) != snap:
                changed_by_refusal += 1
                print("changed by", event, margs, reply, file=sys.stderr)

    raw_packets = [
        '42["join",',
        '42["join",{"code":' + "9" * 101 + "}]",
        "42" + "[" * 5000 + "]" * 5000,
        '4299999999999999999999["act",{}]',
        "9hello",
        '42/nowhere,["act",{}]',
        "45-[]",
        '42["*"]',
        '42["act",{"action":{"type":"plant","player":0,"field":0}},1,2,3]',
        "",
        "4",
        "40{bad",
    ]
    raw_tried = raw_closed = 0
    messages_s = time.time() - messages_start
    raw_start = time.time()
    raw_refused = 0
    for k in range(args.raw):
        try:
            ws = simple_websocket.Client.connect(
                f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket"
            )
        except (simple_websocket.ConnectionError, OSError):
            raw_refused += 1  # the limits: too many new connections from this address
            continue
        ws.receive(timeout=2)  # Engine.IO open
        ws.send("40")  # Socket.IO connect
        ws.receive(timeout=2)
        for _ in range(10):
            raw_tried += 1
            packet = rng.choice(raw_packets)
            try:
                ws.send(packet if rng.random() < 0.9 else packet.encode())
            except (simple_websocket.ConnectionClosed, OSError):
                raw_closed += 1
                break
        with contextlib.suppress(simple_websocket.ConnectionClosed, OSError):
            ws.close()
        if k % 100 == 0:
            time.sleep(0.05)

    raw_s = time.time() - raw_start
    time.sleep(NEW_BURST / NEW_PER_S)  # the attacking address is let in again
    after = state_of(server, code)
    dropped = sum(not p.connected for p in phones)
    healthy = urllib.request.urlopen(server.url + "/healthz", timeout=5).status == 200
    late = client()  # a phone that comes now
    phone_ok = late.call("watch", {"code": code}, timeout=5)["ok"]
    server.kill()
    out_log.close()
    text = (folder / "server.log").read_text()
    print(
        json.dumps(
            tally
            | {
                "refusals_that_changed_a_game": changed_by_refusal,
                "game_changed_overall": before != after,
                "raw_packets_tried": raw_tried,
                "raw_connections_refused": raw_refused,
                "raw_connections_closed_by_server": raw_closed,
                "tracebacks_in_log": text.count("Traceback"),
                "log_lines": len(text.splitlines()),
                "healthz_after": healthy,
                "messages_seconds": round(messages_s, 1),
                "raw_seconds": round(raw_s, 1),
                "idle_phones_dropped": dropped,
                "a_phone_answered_after": phone_ok,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
