"""Pages (host home, join, phone, dashboard) and the JSON endpoints."""

from __future__ import annotations

import secrets
import time

from flask import Blueprint, abort, current_app, jsonify, render_template, request, url_for

from ..tables import TableError, TableService
from . import qr

pages = Blueprint("pages", __name__)
api = Blueprint("api", __name__)


def service() -> TableService:
    return current_app.extensions["companion.service"]


def public_url() -> str:
    url = current_app.config.get("COMPANION_PUBLIC_URL")
    return url.rstrip("/") if url else ""


def join_url(code: str) -> str:
    return f"{public_url()}/j/{code}"


@pages.get("/")
def home():
    return render_template("home.html", tables=list(service().tables.values()))


@pages.get("/j/<code>")
def join(code: str):
    try:
        table = service().table(code)
    except TableError:
        abort(404)
    return render_template("join.html", table=table)


@pages.get("/p/<code>")
def phone(code: str):
    try:
        table = service().table(code)
    except TableError:
        abort(404)
    return render_template("phone.html", table=table)


@pages.get("/table/<code>")
def dashboard(code: str):
    try:
        table = service().table(code)
    except TableError:
        abort(404)
    cfg = current_app.config
    wifi = None
    if cfg.get("COMPANION_HOTSPOT_SSID"):
        payload = qr.wifi_payload(cfg["COMPANION_HOTSPOT_SSID"], cfg["COMPANION_HOTSPOT_PASSWORD"])
        wifi = qr.svg(payload)
    return render_template(
        "table.html",
        table=table,
        join_url=join_url(table.code),
        join_qr=qr.svg(join_url(table.code)),
        wifi_qr=wifi,
        wifi_ssid=cfg.get("COMPANION_HOTSPOT_SSID"),
    )


@api.get("/healthz")
def healthz():
    return jsonify(service().health())


@api.get("/api/tables")
def tables():
    svc = service()
    return jsonify(
        [
            {
                "code": t.code,
                "game": t.game.name,
                "players": t.players,
                "url": url_for("pages.dashboard", code=t.code),
            }
            for t in svc.tables.values()
        ]
    )


@api.get("/api/tables/<code>/state")
def state(code: str):
    """Read-only: the dashboard's snapshot, for scripts."""
    try:
        snap = service().snapshot(code)
    except TableError as err:
        return jsonify({"error": err.to_json()}), 404
    snap["at"] = time.time()
    return jsonify(snap)


@api.get("/api/tables/<code>/log")
def log(code: str):
    """The current game's whole log (undone actions marked) as a replayable JSON."""
    svc = service()
    try:
        t = svc.table(code)
    except TableError as err:
        return jsonify({"error": err.to_json()}), 404
    if t.game_id is None:
        return jsonify({"error": {"rule": "not-started", "message": "no game yet"}}), 404
    entries = svc.store.log(t.game_id, include_undone=True)
    # The seed deals every hand of a simulated deck: only the host, or anyone once
    # the game is over, may have it.
    key = current_app.config.get("COMPANION_HOST_KEY", "")
    given = request.headers.get("X-Host-Key", "")
    host = bool(key) and secrets.compare_digest(given, key)
    over = t.state is not None and t.state.over
    setup = t.setup if host or over else {k: v for k, v in t.setup.items() if k != "seed"}
    return jsonify(
        {
            "game": t.game.name,
            "setup": setup,
            "actions": [e.action for e in entries if e.undone is None],
            "undone": [e.action for e in entries if e.undone is not None],
        }
    )
