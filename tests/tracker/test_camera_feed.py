"""A camera that stops delivering puts the table in manual mode, said on every
phone and on the status light, and the table follows the camera again when it
comes back; the service keeps running and manual moves still work."""

import threading
import time

import numpy as np

from companion.panel.panel import lights
from companion.sim.clock import FakeClock
from companion.store import Store
from companion.tables import TableService
from companion.tracker.live import CameraFeed
from companion.vision.camera import FunctionCamera


def test_unplugged_camera_manual_mode_then_back(store, service):
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 1})
    service.start_game(code)
    camera = FunctionCamera(lambda t: np.zeros((48, 64, 3), np.uint8))
    seen, clock = [], FakeClock(0.0)
    feed = CameraFeed(camera, seen.append, service, code, retry=2.0, clock=clock)
    assert feed.step() and len(seen) == 1

    camera.failing = True
    assert not feed.step()
    snap = service.snapshot(code, seat=0)
    texts = [n["text"] for n in snap["notices"]]
    assert any("manual mode" in t and "unplugged" in t for t in texts)
    assert any("manual mode" in w["text"] for w in snap["view"]["warnings"])
    assert lights(service.snapshot(code))["status"] == "amber"
    # Manual moves go on meanwhile, and the notice stays through them.
    service.act(code, {"type": "roll", "player": 0})
    assert any("manual mode" in n["text"] for n in service.snapshot(code)["notices"])
    # No retry before its time; then the camera is back.
    camera.failing = False
    clock.t = 1.0
    assert not feed.step()
    clock.t = 2.5
    assert feed.step() and len(seen) == 2
    notices = service.snapshot(code)["notices"]
    assert not any("manual mode" in n["text"] for n in notices)
    assert any("camera is back" in n["text"] for n in notices)
    store.close()


def test_a_looks_actions_are_applied_all_or_none_with_one_update(store, service):
    import pytest

    from companion.engine.errors import RuleError

    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 1})
    service.start_game(code)
    updates = []
    service.subscribe(updates.append)
    before = service.table(code).state
    with pytest.raises(RuleError):
        service.act_all(
            code,
            [{"type": "roll", "player": 0}, {"type": "pass-piece", "player": 0}],
            source="camera",
        )
    assert service.table(code).state is before and service.table(code).next_n == 0
    assert store.log(service.table(code).game_id) == []
    service.act_all(
        code,
        [{"type": "roll", "player": 0}, {"type": "save", "player": 0, "dice": [0]}],
        source="camera",
    )
    assert service.table(code).next_n == 2 and service.table(code).state.saved[0]
    assert updates == [code]  # the refused pair sent nothing; the two actions, one update
    assert [a.source for a in store.log(service.table(code).game_id)] == ["camera"] * 2
    store.close()


def test_a_frame_the_table_refuses_is_said_once_and_the_camera_reads_on(caplog):
    # The store failing for a moment or a table ended under the tracker must not
    # stop the camera's thread: the table would wait for it for good.
    service = TableService(Store(":memory:"))
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 1})
    camera = FunctionCamera(lambda t: np.zeros((48, 64, 3), np.uint8))
    read, failing = [], [True]

    def on_frame(image):
        if failing[0]:
            raise RuntimeError("the store is closed")
        read.append(image)

    feed = CameraFeed(camera, on_frame, service, code, clock=FakeClock(0.0))
    stop = threading.Event()
    runner = threading.Thread(target=feed.run, args=(stop, 200.0))
    runner.start()
    time.sleep(0.1)
    failing[0] = False
    deadline = time.monotonic() + 5
    while not read and time.monotonic() < deadline:
        time.sleep(0.01)
    stop.set()
    runner.join(5)
    assert read, "the camera stopped reading after a frame failed"
    said = [r for r in caplog.records if "could not be read into table" in r.getMessage()]
    assert len(said) == 1 and "the store is closed" in said[0].getMessage()
