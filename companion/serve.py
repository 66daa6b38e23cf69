"""`companion serve`: the table service (store, web, Socket.IO) on one port."""

from __future__ import annotations

import argparse
import logging
import socket
import sys
import threading

from werkzeug.serving import WSGIRequestHandler, make_server

from .config import Config, host_key, load_config
from .store import Store
from .systemd import Notifier, Watchdog, watchdog_interval
from .tables import TableService
from .web import create_app, qr, socketio


def build(cfg: Config, panel: bool = True):
    """The store, the table service, the panel and the Flask app, wired together.
    The panel uses real pins on a Pi and mock pins elsewhere (the dashboard's
    virtual panel); it is made before the app so the app's broadcasts see its lights."""
    store = Store(cfg.db)
    library = cfg.library or (None if cfg.db == ":memory:" else str(_beside(cfg.db, "cards.json")))
    service = TableService(store, library_path=library)
    the_panel = None
    if panel:
        from .panel import Panel, load_pins

        the_panel = Panel(service, pins=load_pins(cfg.panel or None))
    hotspot = (cfg.hotspot_ssid, cfg.hotspot_password) if cfg.hotspot_ssid else None
    public = cfg.public_url or f"http://{qr.lan_address()}:{cfg.port}"
    app = create_app(
        service, host_key=host_key(cfg), public_url=public, hotspot=hotspot, panel=the_panel
    )
    if cfg.camera:
        app.extensions["companion.rig"] = camera_rig(cfg, service)
    return store, service, app


def camera_rig(cfg: Config, service):
    """The camera over the table (picamera2 is only imported if the source is "pi")."""
    from .tracker.rig import Rig
    from .vision.camera import open_camera

    beside = (lambda name: None) if cfg.db == ":memory:" else (lambda n: str(_beside(cfg.db, n)))
    return Rig(
        service,
        open_camera(cfg.camera),
        paper=cfg.paper,
        faces=cfg.faces or beside("faces"),
        dice=cfg.dice or beside("dice"),
    )


def _beside(db: str, name: str):
    from pathlib import Path

    return Path(db).parent / name


def apply_flags(cfg: Config, args: argparse.Namespace) -> Config:
    for key in ("host", "port", "db"):
        value = getattr(args, key, None)
        if value is not None:
            setattr(cfg, key, value)
    return cfg


class _NoDelayHandler(WSGIRequestHandler):
    """Send small WebSocket frames at once: without TCP_NODELAY, Nagle's algorithm
    and the phone's delayed ACK hold every update back by about 40 ms. Quiet: a
    phone that drops its socket mid-frame is no error for the terminal or the
    journal ("400 Bad request syntax" at every disconnect), only for debugging."""

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_error(self, format: str, *args) -> None:  # noqa: A002 (the base's name)
        logging.getLogger("companion.http").debug(format, *args)

    def log_request(self, code="-", size="-") -> None:
        """Every request line is noise at a table (phones poll and reconnect)."""


def run(app, cfg: Config, on_ready=None) -> None:
    """Serve until stopped. Once the listening socket is bound: the panel starts
    polling, `on_ready` runs, systemd hears READY=1 and the watchdog starts."""
    store = app.extensions["companion.service"].store
    panel = app.extensions.get("companion.panel")
    rig = app.extensions.get("companion.rig")
    stop_camera = threading.Event()

    def ready() -> None:
        if panel is not None:
            panel.start()
        if rig is not None:
            threading.Thread(
                target=rig.run, args=(stop_camera,), name="camera", daemon=True
            ).start()
        if on_ready is not None:
            on_ready()
        notifier = Notifier()
        notifier.ready(f"serving on port {cfg.port}")
        interval = watchdog_interval()
        if interval:
            checks = {"store": store.alive}
            if panel is not None:
                checks["panel"] = panel.alive
            if rig is not None:  # the camera loop turns (a camera unplugged is manual mode)
                checks["camera"] = rig.alive
            Watchdog(notifier, checks, interval).start()

    # Werkzeug's threaded server, made here rather than through socketio.run (whose
    # Flask banner and "development server" warning say nothing a table's host
    # needs: the service prints its own URLs). Why this server: docs/server.md.
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server(
        cfg.host, cfg.port, app, threaded=True, request_handler=_NoDelayHandler
    )  # OSError (the port taken, no such address) goes to the caller
    socketio.start_background_task(ready)  # the socket is bound: phones may come
    try:
        server.serve_forever()
    except KeyboardInterrupt:  # Ctrl-C is how a person stops it: no traceback
        return
    finally:
        server.server_close()
        stop_camera.set()


def serve(args: argparse.Namespace) -> int:
    cfg = apply_flags(load_config(args.config), args)
    _, service, app = build(cfg)
    base = app.config["COMPANION_PUBLIC_URL"]
    print(f"companion: serving on {base}/  (host key: {host_key(cfg)})", flush=True)
    for t in service.tables.values():
        print(f"  table {t.code}: {t.game.title} — {base}/table/{t.code}", flush=True)
    try:
        run(app, cfg)
    except OSError as err:
        print(f"companion serve: {err}", file=sys.stderr)
        return 1
    return 0
