"""Fixtures every test folder shares: a table service over a fresh store, and a
clock that moves only when the test says."""

import os

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


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the cores. The browser and demo tests spend
    much of their time waiting on a clock (bots at play pace, pages to update), a
    core the extra worker uses meanwhile."""
    return (os.cpu_count() or 1) + 1
