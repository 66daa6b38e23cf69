"""Helpers for tests through Flask-SocketIO's test client (no test lives here)."""

from .conftest import HOST_KEY


def open_table(client_for, game="bohnanza", players=3, **options):
    host = client_for(host=HOST_KEY)
    reply = host.emit(
        "host:open", {"game": game, "players": players, "options": options}, callback=True
    )
    assert reply["ok"], reply
    return host, reply["code"]


def join(client_for, code, seat, name):
    phone = client_for()
    reply = phone.emit("join", {"code": code, "seat": seat, "name": name}, callback=True)
    assert reply["ok"], reply
    return phone, reply["token"]
