"""The one module that owns the Socket.IO instance, and every Socket.IO event.

Phones connect with {"token": seat token} in the Socket.IO auth and get their
seat's snapshot at once (so a phone that slept rejoins by just reconnecting);
the dashboard connects with {"watch": code} and, for host actions, {"host": key}.
The auth may say the language to speak, {"lang": "en"} or {"lang": "de"} (anything
else: English): every snapshot that connection gets is in it (rooms per language),
and a phone changes language by reconnecting with another.
Every inbound message is checked against its schema (schemas.py) and answered
through the acknowledgement: {"ok": true, ...} or {"ok": false, "error": {...}}."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import current_app, request
from flask_socketio import SocketIO, join_room, leave_room

from ..engine import words
from ..errors import CompanionError, Refusal
from ..tables import TableError, TableService
from .schemas import MOST_PLAYERS, MessageError, validate

# A message is refused over 64 KB (the longest real one is under 2 KB): Engine.IO
# closes a WebSocket that sends more, and the server answers a longer POST 413.
MAX_MESSAGE = 64 * 1024
socketio = SocketIO(async_mode="threading", max_http_buffer_size=MAX_MESSAGE)

# sid -> what this connection is: {"code", "seat"} for a phone, {"watch"}, {"host"};
# and {"lang"}, the language it reads.
_sessions: dict[str, dict[str, Any]] = {}
# (code, seat) -> the connections that hold the seat: when the last one goes, the
# seat is away (kept for its phone; the host may free it, a demo's bot plays it).
_holders: dict[tuple[str, int], set[str]] = {}
_holders_lock = threading.Lock()


def service() -> TableService:
    return current_app.extensions["companion.service"]


def _panel():
    return current_app.extensions.get("companion.panel")


def _seat_room(code: str, seat: int, lang: str = words.DEFAULT) -> str:
    return f"{code}#{seat}#{lang}"


def _watch_room(code: str, lang: str = words.DEFAULT) -> str:
    return f"{code}#watch#{lang}"


def _sid() -> str:
    """This connection's id (Flask-SocketIO sets it on the request; Flask's stubs
    don't know it)."""
    return request.sid  # type: ignore[attr-defined]


def _lang() -> str:
    return _sessions.get(_sid(), {}).get("lang", words.DEFAULT)


def _listened(room: str) -> bool:
    """Someone is in the room (a snapshot nobody reads is not worked out)."""
    return bool(socketio.server.manager.rooms.get("/", {}).get(room))


# One broadcast of a table at a time: a table changes from several threads (a
# phone's request, the camera, the bots, the odds worker); each works out its
# snapshots after its own change, and without this an older snapshot worked out
# first could reach a phone after a newer one and stay on it (the end of a game,
# with nothing after it, showed a move from before).
_broadcasting: dict[str, threading.Lock] = {}
_broadcasting_lock = threading.Lock()


def broadcast(svc: TableService, code: str, panel=None) -> None:
    """Send every phone of a table its seat's snapshot, and the dashboards theirs
    (with the panel's lights, when the panel plays this table), each in the
    language it reads; in the order the table changed."""
    with _broadcasting_lock:
        lock = _broadcasting.setdefault(code, threading.Lock())
    with lock:
        _broadcast(svc, code, panel)


def _broadcast(svc: TableService, code: str, panel=None) -> None:
    if not svc.is_open(code):  # ended: every phone and big screen hears it
        for lang in words.LANGS:
            socketio.emit("closed", {"code": code}, to=_watch_room(code, lang))
            for seat in range(MOST_PLAYERS):
                socketio.emit("closed", {"code": code}, to=_seat_room(code, seat, lang))
        return
    table = svc.table(code)
    for lang in words.LANGS:
        for seat in range(table.players):
            room = _seat_room(code, seat, lang)
            if _listened(room):
                socketio.emit("state", svc.snapshot(code, seat, lang), to=room)
        room = _watch_room(code, lang)
        if _listened(room):
            socketio.emit("state", _dashboard(svc, code, panel, lang), to=room)


def _dashboard(svc: TableService, code: str, panel=None, lang: str = words.DEFAULT) -> dict:
    snap = svc.snapshot(code, lang=lang)
    if panel is not None and svc.open_tables() and panel.code == code:
        snap["panel"] = panel.describe()
    return snap


def _ok(**fields: Any) -> dict[str, Any]:
    return {"ok": True, **fields}


# Messages a connection may send: a burst of RATE_BURST, then RATE_PER_S a second
# (a person taps far slower; a script flooding one table is answered "slow down").
RATE_PER_S = 20.0
RATE_BURST = 40.0


def _too_fast(sid: str) -> bool:
    s = _sessions.setdefault(sid, {})
    per_s, burst = current_app.config.get("COMPANION_RATE", (RATE_PER_S, RATE_BURST))
    now = time.monotonic()
    tokens, then = s.get("rate", (burst, now))
    tokens = min(burst, tokens + (now - then) * per_s)
    if tokens < 1:
        s["rate"] = (tokens, now)
        return True
    s["rate"] = (tokens - 1, now)
    return False


def _answer(event: str, fn: Callable, args: tuple) -> dict[str, Any]:
    """Check and run one message; every outcome is an answer (never a traceback)."""
    lang = _lang()
    if _too_fast(_sid()):
        return {
            "ok": False,
            "error": TableError(
                Refusal.TOO_FAST, "too many messages from this phone: wait a moment"
            ).to_json(lang),
        }
    if len(args) > 1:
        return {
            "ok": False,
            "error": MessageError(
                f"{event!r} takes one message, not {len(args)}",
                f"{event!r} nimmt eine Nachricht, nicht {len(args)}",
            ).to_json(lang),
        }
    try:
        return fn(validate(event, args[0] if args else None))
    except CompanionError as err:  # (a malformed message's too)
        return {"ok": False, "error": err.to_json(lang)}
    except Exception as err:  # a bug of ours: one line in the log, an answer for the phone
        logging.getLogger(__name__).error(
            "%s failed: %s: %s", event, type(err).__name__, str(err)[:200]
        )
        return {
            "ok": False,
            "error": TableError(Refusal.INTERNAL, "that went wrong on the table's side").to_json(
                lang
            ),
        }


def _handler(event: str) -> Callable:
    """Register a Socket.IO event whose payload is checked first and whose refusals
    (schema, rule or table errors) become an error reply that changes nothing."""

    def wrap(fn: Callable) -> Callable:
        def run(*args: Any) -> dict[str, Any]:
            return _answer(event, fn, args)

        run.__name__ = fn.__name__
        socketio.on_event(event, run)
        return fn

    return wrap


def _phone() -> tuple[str, int]:
    s = _sessions.get(_sid(), {})
    if "seat" not in s:
        raise TableError(Refusal.NOT_JOINED, "join a seat first")
    return s["code"], s["seat"]


def _require_host() -> None:
    if not _sessions.get(_sid(), {}).get("host"):
        raise TableError(Refusal.NOT_HOST, "only the host can do that (the host key is needed)")


def _enter_seat(code: str, seat: int) -> None:
    sid = _sid()
    _leave_seat(sid)
    _sessions.setdefault(sid, {}).update(code=code, seat=seat)
    join_room(_seat_room(code, seat, _lang()))
    with _holders_lock:
        _holders.setdefault((code, seat), set()).add(sid)
    service().seat_away(code, seat, False)


def _sid_lang(sid: str) -> str:
    return _sessions.get(sid, {}).get("lang", words.DEFAULT)


def _leave_seat(sid: str, svc: TableService | None = None) -> None:
    """This connection no longer holds its seat; the last one to go leaves it away."""
    s = _sessions.get(sid, {})
    if "seat" not in s:
        return
    code, seat = s.pop("code"), s.pop("seat")
    leave_room(_seat_room(code, seat, _sid_lang(sid)), sid=sid)
    with _holders_lock:
        held = _holders.get((code, seat), set())
        held.discard(sid)
        gone = not held
        if gone:
            _holders.pop((code, seat), None)
    if gone:
        svc = svc or service()
        svc.seat_away(code, seat, True)
        svc.looking(code, seat, False)
        # A phone reconnecting (a new connection) may have taken the seat between
        # the look above and now, its "back" said before this "away": without this
        # the seat stayed away under a phone in use, and a demo's bot took it.
        with _holders_lock:
            back = bool(_holders.get((code, seat)))
        if back:
            svc.seat_away(code, seat, False)


def _release(code: str, seat: int, moved_to: int | None = None) -> None:
    """The seat was freed (by the host, or its player left): every connection that
    held it loses it at once and is told to join again. `moved_to`: the phone moved
    to that seat (its other tabs are told so, and keep the new seat's token)."""
    with _holders_lock:
        sids = _holders.pop((code, seat), set())
    for sid in sids:
        lang = _sid_lang(sid)
        _sessions.get(sid, {}).pop("seat", None)
        _sessions.get(sid, {}).pop("code", None)
        leave_room(_seat_room(code, seat, lang), sid=sid)
        if moved_to is not None:
            message = (
                f"dieses Handy sitzt jetzt auf Platz {moved_to + 1}"
                if lang == "de"
                else f"this phone moved to seat {moved_to + 1}"
            )
            socketio.emit(
                "rejoin", {"message": message, "reason": "moved", "seat": moved_to}, to=sid
            )
            continue
        message = (
            f"Platz {seat + 1} wurde freigegeben" if lang == "de" else f"seat {seat + 1} was freed"
        )
        socketio.emit("rejoin", {"message": message, "reason": "freed"}, to=sid)


@socketio.on("connect")
def on_connect(auth: Any = None) -> None:
    sid = _sid()
    auth = auth if isinstance(auth, dict) else {}
    lang = words.lang_of(auth.get("lang"))
    _sessions[sid] = {"lang": lang}
    svc = service()
    key = current_app.config.get("COMPANION_HOST_KEY", "")
    if isinstance(auth.get("host"), str) and key and secrets.compare_digest(auth["host"], key):
        _sessions[sid]["host"] = True
    found = svc.seat_of(auth.get("token"))
    if found:
        code, seat = found
        _enter_seat(code, seat)
        socketio.emit("state", svc.snapshot(code, seat, lang), to=sid)
    elif auth.get("token") is not None:
        message = (
            "Der Platz dieses Handys ist an keinem offenen Tisch mehr: setz dich neu an einen Tisch"
            if lang == "de"
            else "this phone's seat is no longer at an open table: join a table again"
        )
        socketio.emit("rejoin", {"message": message}, to=sid)
    watch = auth.get("watch")
    if isinstance(watch, str) and svc.is_open(watch):
        join_room(_watch_room(watch.upper(), lang))
        socketio.emit("state", _dashboard(svc, watch.upper(), _panel(), lang), to=sid)


# An event literally named "*" reaches python-socketio's catch-all as if it were
# the catch-all's own registration, without its name (a traceback, no answer): it
# is renamed on the way in, so the catch-all below answers it like any unknown.
STAR = "\u2217"


def guard(server: Any) -> None:
    """Rename an event named "*" before python-socketio dispatches it."""
    if getattr(server, "_companion_guarded", False):
        return
    dispatch = server._trigger_event

    def trigger(event: Any, namespace: str, *args: Any) -> Any:
        return dispatch(STAR if event == "*" else event, namespace, *args)

    server._trigger_event = trigger
    server._companion_guarded = True


@socketio.on("*")
def on_unknown(*args: Any) -> dict:
    """Any message no handler declares (an event named "*" too): refused, nothing
    changes."""
    event = args[0] if args and isinstance(args[0], str) else "?"
    event = "*" if event == STAR else event
    return {
        "ok": False,
        "error": MessageError(
            f"unknown message {event[:40]!r}", f"unbekannte Nachricht {event[:40]!r}"
        ).to_json(_lang()),
    }


@socketio.on("disconnect")
def on_disconnect(*_args: Any) -> None:
    sid = _sid()
    _leave_seat(sid)
    _sessions.pop(sid, None)


@_handler("join")
def on_join(msg: dict) -> dict:
    svc = service()
    code = msg["code"].upper()
    moving = svc.moving_from(code, msg.get("leaving"))
    token = svc.join(code, msg["seat"], msg["name"], msg.get("leaving"))
    if moving is not None and moving != msg["seat"] and svc.seat_is_free(code, moving):
        _release(code, moving, msg["seat"])  # (the phone's other tabs there: it moved)
    _enter_seat(code, msg["seat"])
    socketio.emit("state", svc.snapshot(code, msg["seat"], _lang()), to=_sid())
    return _ok(token=token, code=code, seat=msg["seat"])


@_handler("leave")
def on_leave(msg: dict) -> dict:
    code, seat = _phone()
    _leave_seat(_sid())
    service().free_seat(code, seat)
    _release(code, seat)  # the same seat in another tab of the phone
    return _ok()


@_handler("act")
def on_act(msg: dict) -> dict:
    code, seat = _phone()
    # Acknowledged only after the store has the action on disk (TableService.act).
    return _ok(
        **service().act(code, msg["action"], seat=seat, source="phone", seen=msg.get("seen"))
    )


@_handler("deal")
def on_deal(msg: dict) -> dict:
    code, seat = _phone()
    return _ok(
        **service().act_deal(code, msg["parts"], seat=seat, lang=_lang(), seen=msg.get("seen"))
    )


@_handler("offer:answer")
def on_offer_answer(msg: dict) -> dict:
    code, seat = _phone()
    return _ok(**service().answer_offer(code, seat, msg["accept"]))


@_handler("looking")
def on_looking(msg: dict) -> dict:
    code, seat = _phone()
    service().looking(code, seat, msg["open"])
    return _ok()


@_handler("pass")
def on_pass(msg: dict) -> dict:
    code, seat = _phone()
    service().pass_window(code, seat)
    return _ok()


@_handler("camera:confirm")
def on_camera_confirm(msg: dict) -> dict:
    code, seat = _phone()
    service().confirm_reading(code, seat)
    return _ok()


@_handler("camera:correct")
def on_camera_correct(msg: dict) -> dict:
    code, seat = _phone()
    service().correct_reading(code, seat, msg["rolled"], msg["field"])
    return _ok()


@_handler("camera:field")
def on_camera_field(msg: dict) -> dict:
    code, seat = _phone()
    service().correct_field(code, seat, msg["field"], msg["cards"])
    return _ok()


@_handler("cards")
def on_cards(msg: dict) -> dict:
    code, seat = _phone()
    service().enter_cards(code, seat, msg["cards"])
    return _ok()


@_handler("watch")
def on_watch(msg: dict) -> dict:
    svc = service()
    code = msg["code"].upper()
    svc.table(code)
    join_room(_watch_room(code, _lang()))
    socketio.emit("state", _dashboard(svc, code, _panel(), _lang()), to=_sid())
    return _ok(code=code)


@_handler("host:open")
def on_open(msg: dict) -> dict:
    _require_host()
    code = service().open_table(msg["game"], msg["players"], msg.get("options"))
    join_room(_watch_room(code, _lang()))
    return _ok(code=code)


@_handler("host:start")
def on_start(msg: dict) -> dict:
    _require_host()
    service().start_game(msg["code"].upper())
    return _ok()


@_handler("host:undo")
def on_undo(msg: dict) -> dict:
    _require_host()
    return _ok(undone=service().undo(msg["code"].upper()))


@_handler("host:end")
def on_end(msg: dict) -> dict:
    _require_host()
    service().end_table(msg["code"].upper())
    return _ok()


@_handler("host:free-seat")
def on_free(msg: dict) -> dict:
    _require_host()
    code = msg["code"].upper()
    service().free_seat(code, msg["seat"])
    _release(code, msg["seat"])
    return _ok()


@_handler("panel:press")
def on_panel_press(msg: dict) -> dict:
    """The dashboard's virtual panel: the same presses the GPIO buttons make."""
    _require_host()  # the virtual panel is the host's: it starts games and undoes
    panel = _panel()
    if panel is None or not service().open_tables() or panel.code != msg["code"].upper():
        raise TableError(Refusal.NO_PANEL, "this table has no panel")
    return _ok(result=panel.press(msg["button"], hold=bool(msg.get("hold"))))
