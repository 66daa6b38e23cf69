import pytest
from playwright.sync_api import sync_playwright

from companion.web import create_app, socketio

from .servers import ARGS, CHROMIUM, Live

HOST_KEY = "let-me-host"


@pytest.fixture
def app(service):
    return create_app(service, host_key=HOST_KEY, public_url="http://table.local:8000")


@pytest.fixture
def client_for(app):
    clients = []

    def make(**auth):
        c = socketio.test_client(app, auth=auth or None)
        clients.append(c)
        return c

    yield make
    for c in clients:
        if c.is_connected():
            c.disconnect()


def last_state(client):
    states = [m["args"][0] for m in client.get_received() if m["name"] == "state"]
    return states[-1] if states else None


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, once a test process (Playwright's own can't be fetched:
    the table has no internet, and neither has CI)."""
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def live(tmp_path):
    """The app served in this process. One a test: the Socket.IO instance is the
    process's, and it sends through the app made last."""
    server = Live(tmp_path)
    yield server
    server.close()
