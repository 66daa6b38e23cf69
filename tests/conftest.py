"""Fixtures every test folder shares: a table service over a fresh store, and a
clock that moves only when the test says."""

import pytest

from companion.sim.clock import FakeClock
from companion.store import Store
from companion.tables import TableService


@pytest.fixture
def store():
    db = Store(":memory:")
    yield db
    db.close()


@pytest.fixture
def service(store, tmp_path):
    return TableService(store, library_path=str(tmp_path / "cards.json"))


@pytest.fixture
def clock():
    return FakeClock(0.0)
