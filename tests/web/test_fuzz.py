"""Every Socket.IO event, fuzzed (hypothesis): any arguments, any number of them,
from a phone, the host or a stranger. Every message gets an answer that says ok or
what was wrong; a refusal changes nothing; nothing reaches the log as a traceback."""

import logging

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import Store
from companion.tables import TableService
from companion.web import create_app, socketio
from companion.web.schemas import SCHEMAS

from .conftest import HOST_KEY

EVENTS = [*SCHEMAS, "*", "unknown", "", "connect", "disconnect"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    # (Longer integers python-engineio refuses before any handler: test_limits.py.)
    | st.integers(min_value=-(10**98), max_value=10**98)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["ABCD", "soy", "red", "plant", "harvest", "bohnanza", "dice", 0, 1, 2]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)


def shaped(event: str):
    """A dict with the event's own field names, random values: past the first check."""
    required, optional = SCHEMAS.get(event, ({}, {}))
    names = [*required, *optional, "type", "player", "field", "action"]
    return st.dictionaries(st.sampled_from(names), json_values, max_size=6)


@st.composite
def messages(draw):
    event = draw(st.sampled_from(EVENTS))
    count = draw(st.integers(0, 3))
    args = [draw(shaped(event) | json_values) for _ in range(count)]
    who = draw(st.sampled_from(["phone", "host", "stranger"]))
    return who, event, args


def test_every_event_answers_every_message_and_a_refusal_changes_nothing(tmp_path, caplog):
    store = Store(tmp_path / "fuzz.db")
    service = TableService(store, library_path=str(tmp_path / "cards.json"))
    app = create_app(service, host_key=HOST_KEY, rate=(1e9, 1e9))  # fuzz, not flood
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 3})
    dice = service.open_table("dice", 2, {"knowledge": "hidden"})
    clients = {
        "host": socketio.test_client(app, auth={"host": HOST_KEY}),
        "stranger": socketio.test_client(app),
        "phone": socketio.test_client(app),
    }
    assert clients["phone"].emit("join", {"code": code, "seat": 0, "name": "Anna"}, callback=True)[
        "ok"
    ]
    service.start_game(code)
    tables = {c: service.table(c) for c in (code, dice)}

    def look():
        return {
            c: (t.state, t.next_n, dict(t.seats), dict(t.cards), t.game_id)
            for c, t in tables.items()
        }

    seen = {"answered": 0, "refused": 0}

    @settings(
        max_examples=400,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(messages())
    def one(message):
        who, event, args = message
        if event in ("host:end", "leave", "host:free-seat", "host:start", "host:undo"):
            ours = [isinstance(a, dict) and str(a.get("code")).upper() in tables for a in args]
            args = [a for a, mine in zip(args, ours, strict=True) if not mine]
        before = look()
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            reply = clients[who].emit(event, *args, callback=True)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], [
            r.getMessage() for r in caplog.records
        ]
        if event in ("connect", "disconnect"):
            return  # Socket.IO's own: a client can't send them as events
        assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), (event, reply)
        seen["answered"] += 1
        if not reply["ok"]:
            seen["refused"] += 1
            error = reply["error"]
            assert isinstance(error["code"], str) and error["code"]
            assert isinstance(error["message"], str) and error["message"]
            assert "Traceback" not in error["message"] and "/" not in error["message"][:1]
            assert look() == before, (event, args, reply)

    one()
    assert seen["answered"] > 300 and seen["refused"] > 250
    assert clients["phone"].is_connected()
