"""Fixtures every test folder shares: a table service over a fresh store, and a
clock that moves only when the test says."""

import os

import pytest

from companion.sim.clock import FakeClock
from companion.store import Store
from companion.tables import TableService


def pytest_xdist_auto_num_workers(config):
    """One worker more than there are cores (`-n auto`): the browser and demo tests
    spend most of their time waiting on a clock (bots pacing, a phone's page), and
    a third worker on two cores keeps the cores busy meanwhile (7 min rather than 8
    on this machine's two)."""
    return (os.cpu_count() or 1) + 1


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
