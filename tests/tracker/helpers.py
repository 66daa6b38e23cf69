"""What the tracker tests share: a clock the test moves, field readings made from
a state (every field as the game has it, with some changed), the synthetic dice
mat's scripted frames, a phone that ends the game while the camera reads, and a
phone watching a served table."""

import contextlib
import random
import socket
import threading
import time
from dataclasses import replace

import socketio as sio_client
from werkzeug.serving import make_server

from companion.engine.dice.actions import PassPiece, RepeatRoll, Roll, Save
from companion.engine.dice.game import apply
from companion.sim.dice_scenes import BEANS, DiceMatTable
from companion.tracker.fields import SeenField
from companion.tracker.live import dice_look
from companion.web import create_app


def seen_of(state, change=None):
    """Every field as the state has it, with `change` {(seat, field): cards}."""
    change = change or {}
    return [
        [SeenField(tuple(change.get((s, f), col))) for f, col in enumerate(p.fields)]
        for s, p in enumerate(state.players)
    ]


def with_fields(state, seat, fields):
    """`state` with seat `seat`'s bean fields laid as `fields`."""
    players = list(state.players)
    players[seat] = replace(players[seat], fields=tuple(tuple(f) for f in fields))
    return replace(state, players=tuple(players))


def reading(mat, empty, reader, state):
    return dice_look(reader, list(BEANS), empty, DiceMatTable.TRAY * mat.size[1], state)


def scripted_frames(mat, state, turns):
    """(frames, final state): roll, save the first die rolled (once a turn the bean
    piece first), until every die is saved; then the next player."""
    kinds = [d.kind for d in state.dice.dice]
    # Before the first throw the dice lie in the rolling area.
    lying = [(die.faces[0], die.kind) for die in state.dice.dice]
    frames = [mat.look(lying, [False] * len(lying), set(range(len(lying))))] * 4

    def show(state, rolled):
        look = mat.look(list(zip(state.faces, kinds, strict=True)), list(state.saved), rolled)
        moving = [mat.tumbling(len(rolled) or 1) for _ in range(2)]
        frames.extend(moving + [look] * 4)

    while not state.over:
        if state.step == "turn-end":
            if state.turn == turns:
                break  # the last turn's dice lie saved; the piece is passed by hand
            state = apply(state, PassPiece(state.active))
        state = apply(state, Roll(state.active))
        show(state, set(state.rolled))
        while state.step == "save":
            if state.piece and state.turn == 1 and len(state.rolled) == 5:
                state = apply(state, RepeatRoll(state.active))
                show(state, set(state.rolled))
                continue
            state = apply(state, Save(state.active, (state.rolled[0],)))
            show(state, set())
            if state.step == "roll":
                state = apply(state, Roll(state.active))
                show(state, set(state.rolled))
    return frames, state


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def phone_watching(service, code):
    """A phone watching table `code` over a real Socket.IO connection to the served
    app; yields the list of states it receives, in order."""
    app = create_app(service, host_key="k", public_url="http://table.local")
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    phone = sio_client.Client(reconnection=False)
    states = []
    phone.on("state", states.append)
    try:
        # (as tests/web/servers.py: three workers on two cores answered the
        # namespace's connect after the client's default 1 s, and CI failed)
        phone.connect(
            f"http://127.0.0.1:{port}",
            auth={"watch": code},
            transports=["websocket"],
            wait_timeout=5,
        )
        yield states
    finally:
        phone.disconnect()
        server.shutdown()


def wait_for_end(states):
    deadline = time.time() + 5
    while time.time() < deadline and not (states and states[-1]["view"]["step"] == "over"):
        time.sleep(0.05)
    assert states and states[-1]["view"]["step"] == "over"
    return states[-1]["view"]


def distinct(seq):
    """`seq` without consecutive repeats."""
    return [x for i, x in enumerate(seq) if i == 0 or x != seq[i - 1]]


def ending_the_game_while_read(live, service, code) -> None:
    """`live` (the camera side) from now on reads each picture while a phone plays
    the game to its end: the last move lands while the picture is being read."""
    read = live.read

    def read_while_a_phone_ends_the_game(image):
        seen = read(image)
        rng = random.Random(1)
        while not (t := service.table(code)).state.over:
            action = rng.choice(t.game.legal_actions(t.state))
            service.act(code, action.to_json(), seat=action.player, source="phone")
        return seen

    live.read = read_while_a_phone_ends_the_game
