import pytest

from companion.store import Store
from companion.tables import TableService
from companion.web import create_app, socketio

HOST_KEY = "let-me-host"


@pytest.fixture
def service(tmp_path):
    store = Store(tmp_path / "t.db")
    svc = TableService(store, library_path=str(tmp_path / "cards.json"))
    yield svc
    store.close()


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
