"""End to end through the network: the scripted dice game's frames go through the
camera side (settle, reader, tracker, table service, store) while a phone watches
over a real Socket.IO connection (python-socketio client, WebSocket, the app served
by Werkzeug in this process); what the phone last received is the script's state."""

import socket
import threading
import time

import socketio as sio_client
from werkzeug.serving import make_server

from companion.engine.dice.game import new_game
from companion.store import Store
from companion.tables import TableService
from companion.tracker.live import LiveDice
from companion.web import create_app

from .helpers import reading, scripted_frames


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_phone_sees_what_the_camera_saw(mat_and_reader, tmp_path):  # noqa: F811
    mat, empty, reader = mat_and_reader
    store = Store(tmp_path / "live.db")
    service = TableService(store)
    app = create_app(service, host_key="k", public_url="http://table.local")
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    phone = sio_client.Client(reconnection=False)
    states = []
    got = threading.Event()

    def on_state(snapshot):
        states.append(snapshot)
        got.set()

    phone.on("state", on_state)
    try:
        # (as tests/web/servers.py: three workers on two cores answered the
        # namespace's connect after the client's default 1 s, and CI failed)
        phone.connect(
            f"http://127.0.0.1:{port}",
            auth={"watch": code},
            transports=["websocket"],
            wait_timeout=5,
        )
        assert got.wait(5)
        truth = new_game(2, knowledge="known", seed=3)
        frames, truth = scripted_frames(mat, truth, turns=2)
        live = LiveDice(service, code, reading(mat, empty, reader, truth))
        for image in frames:
            live.frame(image)
            if live.pending is not None:
                live.confirm()
        deadline = time.time() + 5
        while time.time() < deadline:
            view = states[-1]["view"]
            if view["turn"] == truth.turn and all(d["saved"] for d in view["dice"]):
                break
            time.sleep(0.05)
        view = states[-1]["view"]
        assert view["turn"] == truth.turn and view["active"] == truth.active
        assert sorted(d["face"] for d in view["dice"]) == sorted(truth.faces)
        assert [p["completed"] for p in view["players"]] == [p.completed for p in truth.players]
        assert len(states) >= 10  # an update for every look the camera turned into moves
    finally:
        phone.disconnect()
        server.shutdown()
        store.close()
