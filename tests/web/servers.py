"""Real servers for the tests that need one: `companion serve` in a process of its
own (Server), the app served in this process (Live), a Socket.IO client over
WebSocket, and Debian's Chromium for Playwright. Imported by tests and benchmarks;
no test lives here."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import socketio as sio_client
from playwright.sync_api import expect
from werkzeug.serving import make_server

from companion.store import Store
from companion.tables import TableService
from companion.web import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

HOST_KEY = "crash-test-key"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, tmp_path):
        self.port = free_port()
        self.db = tmp_path / "crash.db"
        self.config = tmp_path / "companion.toml"
        self.config.write_text(f'[server]\nhost_key = "{HOST_KEY}"\n')
        self.proc = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, output=subprocess.DEVNULL):
        """Start `companion serve` (its stdout and stderr to `output`) and wait until
        it answers /healthz."""
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                "--config",
                str(self.config),
            ],
            stdout=output,
            stderr=subprocess.STDOUT if output is not subprocess.DEVNULL else output,
        )
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def get(self, path):
        request = urllib.request.Request(self.url + path, headers={"X-Host-Key": HOST_KEY})
        return json.load(urllib.request.urlopen(request, timeout=5))


def connect(url, **auth):
    c = sio_client.Client(reconnection=False)
    c.connect(url, auth=auth, transports=["websocket"], wait_timeout=5)
    return c


PHONE = {"width": 360, "height": 740}
SCREEN = {"width": 1920, "height": 1080}


class Live:
    """A served table service, its URL, and moves made for seats no phone holds."""

    def __init__(self, tmp_path, panel=None):
        self.store = Store(tmp_path / "pages.db")
        self.service = TableService(self.store, library_path=str(tmp_path / "cards.json"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.panel = panel(self.service) if panel else None
        app = create_app(self.service, host_key=HOST_KEY, public_url=self.url, panel=self.panel)
        self.server = make_server("127.0.0.1", self.port, app, threaded=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.store.close()

    def open(self, game, players, **options):
        return self.service.open_table(game, players, options)

    def legal(self, code, seat, kind=None, when=lambda action: True):
        t = self.service.table(code)
        return [
            item
            for item in self.service.legal_for(t, seat)
            if item["alone"]  # (not a card a bot takes only in a deal)
            and (kind is None or item["action"]["type"] == kind)
            and when(item["action"])
        ]

    def act(self, code, seat, kind, when=lambda action: True):
        """The first legal move of that kind for that seat (a bot's move)."""
        item = self.legal(code, seat, kind, when)[0]
        self.service.act(code, item["action"])
        return item


def phone(browser, live, code, seat, name, locale="en-US", init=None):
    context = browser.new_context(viewport=PHONE, locale=locale)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    page.goto(f"{live.url}/j/{code}")
    page.fill("#name", name)
    page.click(f"button.seat[data-seat='{seat}']")
    page.wait_for_url(re.compile(f"/p/{code}$"))
    expect(page.locator("#whoami")).to_contain_text(name)
    return page


def dashboard(browser, live, code, size=SCREEN, host=True):
    context = browser.new_context(viewport=size, locale="en-US")
    if host:
        context.add_init_script(f"localStorage.setItem('companion.host', '{HOST_KEY}')")
    page = context.new_page()
    page.goto(f"{live.url}/table/{code}")
    return page
