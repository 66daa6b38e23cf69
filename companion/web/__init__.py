"""The table service's web side: a Flask app factory with blueprints, and the
Socket.IO instance (socket.py) in threading mode with simple-websocket."""

from __future__ import annotations

import secrets

from flask import Flask

from ..tables import TableService
from .pages import api, pages
from .socket import broadcast, guard, socketio


def create_app(
    service: TableService,
    *,
    host_key: str = "",
    public_url: str = "",
    hotspot: tuple[str, str] | None = None,
    panel=None,
    rate: tuple[float, float] | None = None,
) -> Flask:
    """The app. `rate`: messages a connection may send a second, and at once
    (default: socket.RATE_PER_S, socket.RATE_BURST)."""
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secrets.token_hex(16),
        COMPANION_HOST_KEY=host_key,
        COMPANION_PUBLIC_URL=public_url,
        COMPANION_HOTSPOT_SSID=hotspot[0] if hotspot else "",
        COMPANION_HOTSPOT_PASSWORD=hotspot[1] if hotspot else "",
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if rate is not None:
        app.config["COMPANION_RATE"] = rate
    app.extensions["companion.service"] = service
    app.extensions["companion.panel"] = panel
    app.register_blueprint(pages)
    app.register_blueprint(api)
    app.after_request(_security_headers)
    socketio.init_app(app, async_mode="threading")
    guard(socketio.server)
    service.subscribe(lambda code: broadcast(service, code, panel))
    return app


# Everything is served from the Pi itself: no page may load or frame anything else.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


def _security_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    # A page is rendered for its moment and language: never shown again from a cache
    # (a phone's Back showed the join page as first rendered, before the language
    # switch, and a seat since taken as free).
    if response.mimetype == "text/html":
        response.headers.setdefault("Cache-Control", "no-store")
    return response


__all__ = ["create_app", "socketio"]
