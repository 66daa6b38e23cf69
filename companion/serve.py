"""`companion serve`: the table service (store, web, Socket.IO) on one port."""

from __future__ import annotations

import argparse
import contextlib
import logging
import socket
import sys
import threading
import time

from werkzeug.serving import WSGIRequestHandler, make_server

from .config import Config, host_key, host_key_file, load_config
from .store import Store
from .systemd import Notifier, Watchdog, watchdog_interval
from .tables import TableService
from .web import create_app, qr, socketio
from .web.socket import MAX_MESSAGE


def public_url(cfg: Config) -> str:
    """How phones reach the service (the join link, the QR): as configured; else
    the one address it listens on (127.0.0.1: this machine only), or its LAN
    address when it listens on all."""
    if cfg.public_url:
        return cfg.public_url
    host = cfg.host
    if host in ("", "0.0.0.0", "::"):
        host = qr.lan_address()
    elif ":" in host:
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}:{cfg.port}"


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
    public = public_url(cfg)
    app = create_app(
        service,
        host_key=host_key(cfg),
        public_url=public,
        hotspot=hotspot,
        panel=the_panel,
        rate=(cfg.messages_per_s, cfg.messages_at_once),
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
        die_mm=cfg.die_mm,
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


# Limits a home or café network needs (docs/server.md says why each is what it is).
PER_ADDRESS = 48  # open connections from one address (a phone needs 2–8)
TOTAL = 400  # open connections in all: one thread each, well inside LimitNOFILE
HEADER_TIMEOUT = 20.0  # seconds a connection may take to send a request (or idle)
WEBSOCKET_IDLE = 90.0  # seconds a WebSocket may be silent: over Engine.IO's ping
# interval and timeout (25 + 20 s), which close a socket whose phone is gone first
NEW_PER_S = 10.0  # new connections a second from one address, after a burst of
NEW_BURST = 60.0  # (a phone opening the page and its socket makes 3–8)
BACKUP_EVERY = 600.0  # seconds between backups of a store that changed


class Limits:
    """Counts open connections per client address and refuses those past the
    limits with a short 503, so one client can't take every thread and file
    descriptor from the phones. Loopback (the Pi itself: its own screen, the
    tests) is counted in the total but not per address, unless `loopback` is set."""

    def __init__(
        self,
        per_address: int = PER_ADDRESS,
        total: int = TOTAL,
        loopback: bool = False,
        rate: float = NEW_PER_S,
        burst: float = NEW_BURST,
    ) -> None:
        self.per_address, self.total, self.loopback = per_address, total, loopback
        self.rate, self.burst = rate, burst
        self._open: dict[str, int] = {}  # address -> connections open
        self._held: dict[int, str] = {}  # id(socket) -> its address
        self._new: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)
        self._lock = threading.Lock()
        self.refused = 0

    def _too_many_new(self, host: str, now: float) -> bool:
        """New connections from one address: a burst, then `rate` a second. (Each
        Engine.IO socket leaves a thread behind for up to its ping interval after
        it closes, so connections opened and closed in a loop pile threads up.)"""
        tokens, then = self._new.get(host, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if len(self._new) > 4096:  # addresses long gone
            self._new.clear()
        if tokens < 1:
            self._new[host] = (tokens, now)
            return True
        self._new[host] = (tokens - 1, now)
        return False

    def admit(self, request: socket.socket, address: tuple) -> bool:
        host = str(address[0]) if address else "?"
        limited = self.loopback or not _is_loopback(host)
        now = time.monotonic()
        with self._lock:
            full = len(self._held) >= self.total
            if (
                full
                or (limited and self._open.get(host, 0) >= self.per_address)
                or (limited and self._too_many_new(host, now))
            ):
                self.refused += 1
                admitted = False
            else:
                self._open[host] = self._open.get(host, 0) + 1
                self._held[id(request)] = host
                admitted = True
        if not admitted:
            with contextlib.suppress(OSError):
                request.settimeout(0.5)
                request.sendall(
                    b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n"
                    b"Content-Type: text/plain\r\nContent-Length: 36\r\n\r\n"
                    b"too many connections from your side\n"
                )
        return admitted

    def release(self, request: socket.socket) -> None:
        with self._lock:
            host = self._held.pop(id(request), None)
            if host is None:
                return
            self._open[host] -= 1
            if not self._open[host]:
                del self._open[host]

    def open_from(self, host: str) -> int:
        with self._lock:
            return self._open.get(host, 0)

    def apply(self, server) -> None:
        """Put the limits on a socketserver-based server (Werkzeug's): checked as a
        connection is accepted, released as it is shut."""
        shutdown = server.shutdown_request

        def done(request) -> None:
            self.release(request)
            shutdown(request)

        server.verify_request = self.admit
        server.shutdown_request = done


def _is_loopback(host: str) -> bool:
    return host.startswith("127.") or host in ("::1", "localhost")


class _Guard:
    """Refuse at the door what the libraries behind would mishandle: a request body
    over MAX_MESSAGE (413 at once; Engine.IO would read no further but leave the
    client sending), and a WebSocket upgrade without its key or version (a 500
    from the WebSocket library)."""

    def __init__(self, app, limit: int = MAX_MESSAGE) -> None:  # socket.py's limit
        self.app, self.limit = app, limit

    def __call__(self, environ, start_response):
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = self.limit + 1
        if length > self.limit:
            return _refuse(
                start_response, "413 Content Too Large", f"a message is at most {self.limit} bytes"
            )
        if environ.get("HTTP_UPGRADE", "").lower() == "websocket" and not (
            environ.get("HTTP_SEC_WEBSOCKET_KEY") and environ.get("HTTP_SEC_WEBSOCKET_VERSION")
        ):
            return _refuse(
                start_response, "400 Bad Request", "a WebSocket upgrade needs its key and version"
            )
        return self.app(environ, start_response)


def _refuse(start_response, status: str, why: str) -> list[bytes]:
    body = (why + "\n").encode()
    start_response(
        status,
        [
            ("Content-Type", "text/plain"),
            ("Content-Length", str(len(body))),
            ("Connection", "close"),
        ],
    )
    return [body]


class _NoDelayHandler(WSGIRequestHandler):
    """Send small WebSocket frames at once: without TCP_NODELAY, Nagle's algorithm
    and the phone's delayed ACK hold every update back by about 40 ms. Quiet: a
    phone that drops its socket mid-frame is no error for the terminal or the
    journal ("400 Bad request syntax" at every disconnect), only for debugging."""

    # A request must arrive within this (a connection that opens and says nothing
    # holds a thread).
    timeout = HEADER_TIMEOUT

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run_wsgi(self) -> None:
        if self.headers.get("Upgrade", "").lower() == "websocket":
            # The header timeout was for the request. A phone's WebSocket may say
            # nothing for longer: a player reading the screen sends no message, and
            # Engine.IO's pong comes every ping interval (25 s). Left at 20 s, every
            # quiet phone was cut off and its seat shown away for about 20 s, until
            # the phone noticed and came back. A phone gone for good is Engine.IO's
            # to find (no pong).
            self.connection.settimeout(WEBSOCKET_IDLE)
        super().run_wsgi()

    def log_error(self, format: str, *args) -> None:  # noqa: A002 (the base's name)
        logging.getLogger("companion.http").debug(format, *args)

    def log_request(self, code="-", size="-") -> None:
        """Every request line is noise at a table (phones poll and reconnect)."""


def _one_line(record: logging.LogRecord) -> bool:
    """Engine.IO and Socket.IO log a malformed packet with its traceback (one
    client could write a kilobyte into the journal per message): one line."""
    if record.exc_info and record.exc_info[1] is not None:
        err = record.exc_info[1]
        record.msg = f"{record.getMessage()}: {type(err).__name__}: {str(err)[:160]}"
        record.args = ()
        record.exc_info = None
        record.exc_text = None
    elif "Traceback (most recent call last)" in str(record.msg):
        # Werkzeug writes the traceback into the message ("Error on request:\n...").
        lines = [ln for ln in record.getMessage().splitlines() if ln.strip()]
        record.msg = f"{lines[0].strip()} {lines[-1].strip()[:160]}"
        record.args = ()
    return True


def accepts(port: int, timeout: float = 5.0) -> bool:
    """The service still takes a connection and answers /healthz (the watchdog's
    question: a server out of threads or descriptors answers the store's fine)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(b"GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n")
            answer = b""
            while chunk := conn.recv(4096):
                answer += chunk
    except OSError:
        return False
    # Any answer of the app's (a 503 of /healthz is the store's news, no reason to
    # restart) but the limiter's refusal: every connection is taken.
    return answer.startswith(b"HTTP/1.") and b"too many connections" not in answer


def _backups(store: Store, stop: threading.Event, every: float = BACKUP_EVERY) -> None:
    """A backup every `every` seconds when the store changed since the last one
    (and at the end: `stop`)."""
    done = 0
    while True:
        stopping = stop.wait(every)
        if store.writes != done:
            done = store.writes
            try:
                store.backup()
            except Exception as err:  # a full disk: said, and tried again later
                logging.getLogger(__name__).error("backup failed: %s", err)
        if stopping:
            return


def run(app, cfg: Config, on_ready=None) -> None:
    """Serve until stopped. Once the listening socket is bound: the panel starts
    polling, `on_ready` runs, systemd hears READY=1 and the watchdog starts."""
    store = app.extensions["companion.service"].store
    panel = app.extensions.get("companion.panel")
    rig = app.extensions.get("companion.rig")
    stop_camera = threading.Event()
    stop_backups = threading.Event()
    backups = threading.Thread(
        target=_backups, args=(store, stop_backups, cfg.backup_every), name="backup", daemon=True
    )

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
        if cfg.backup_every > 0:
            backups.start()
        interval = watchdog_interval()
        if interval:
            port = server.server_address[1]
            checks = {"store": store.alive, "web": lambda: accepts(port)}
            if panel is not None:
                checks["panel"] = panel.alive
            if rig is not None:  # the camera loop turns (a camera unplugged is manual mode)
                checks["camera"] = rig.alive
            Watchdog(notifier, checks, interval).start()

    # Werkzeug's threaded server, made here rather than through socketio.run (whose
    # Flask banner and "development server" warning say nothing a table's host
    # needs: the service prints its own URLs). Why this server: docs/server.md.
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    for name in ("engineio.server", "socketio.server", "werkzeug"):
        logging.getLogger(name).addFilter(_one_line)
    handler = type("Handler", (_NoDelayHandler,), {"timeout": cfg.header_timeout})
    server = make_server(
        cfg.host, cfg.port, _Guard(app), threaded=True, request_handler=handler
    )  # OSError (the port taken, no such address) goes to the caller
    limits = Limits(cfg.per_address, cfg.total_connections, cfg.limit_loopback)
    limits.apply(server)
    app.extensions["companion.limits"] = limits
    socketio.start_background_task(ready)  # the socket is bound: phones may come
    try:
        server.serve_forever()
    except KeyboardInterrupt:  # Ctrl-C is how a person stops it: no traceback
        return
    finally:
        server.server_close()
        stop_camera.set()
        # The last backup is made (and the thread done with the store) before the
        # caller closes the store or removes its folder.
        stop_backups.set()
        if backups.is_alive():
            backups.join(timeout=30)


def serve(args: argparse.Namespace) -> int:
    cfg = apply_flags(load_config(args.config), args)
    _, service, app = build(cfg)
    base = app.config["COMPANION_PUBLIC_URL"]
    key = host_key(cfg)
    # The key is shown to a person at a terminal, never written to the journal
    # (which others on the Pi may read): there, where it is kept.
    if sys.stdout.isatty():
        told = f"host key: {key}"
    else:
        kept = host_key_file(cfg)
        told = f"host key in {kept}" if kept else "host key as configured"
    print(f"companion: serving on {base}/  ({told})", flush=True)
    for event in service.health()["store_events"]:
        print(f"  store: {event}", flush=True)
    for code, why in service.kept_out().items():
        print(f"  table {code} kept out: {why}", flush=True)
    for t in service.open_tables():
        print(f"  table {t.code}: {t.game.title} — {base}/table/{t.code}", flush=True)
    try:
        run(app, cfg)
    except OSError as err:
        print(f"companion serve: {err}", file=sys.stderr)
        return 1
    return 0
