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


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "long(seconds): a test that takes about that long in the whole suite (started first)",
    )


def pytest_collection_modifyitems(config, items):
    """The long tests (marked `long`) first in each worker's share, the longest
    spread over the workers. xdist deals each worker an equal run of the
    collection and steals only from a queue's end: a long test left at the end of
    a share ran alone while the other cores idled (the suite took a third longer
    than its work on two cores)."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    long = [i for i in items if i.get_closest_marker("long")]
    if workers < 2 or not long:
        return
    rest = [i for i in items if not i.get_closest_marker("long")]
    # The longest to the share with the least so far.
    shares: list[list] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for item in sorted(long, key=lambda i: -i.get_closest_marker("long").args[0]):
        k = load.index(min(load))
        shares[k].append(item)
        load[k] += item.get_closest_marker("long").args[0]
    # The shares' lengths as xdist deals them (worksteal: what is left, evenly).
    ordered, left = [], len(items)
    for k in range(workers):
        size = left // (workers - k)
        left -= size
        fill = max(size - len(shares[k]), 0) if k < workers - 1 else len(rest)
        ordered += shares[k] + rest[:fill]
        rest = rest[fill:]
    items[:] = ordered + rest


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
