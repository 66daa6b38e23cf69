"""The camera asks, the player answers on the phone: one tap confirms an unsure
reading; naming the faces corrects it, and the game follows the correction. Only
the player whose dice they are answers; a malformed answer is refused."""

import numpy as np
import pytest

from companion.engine.dice.actions import Roll
from companion.engine.sightings import Seen, SeenDie
from companion.store import Store
from companion.tables import TableService
from companion.tracker.link import ReadingError
from companion.tracker.live import LiveDice
from companion.vision.settle import SettleDetector
from companion.web import create_app, socketio

FIRST = ["green", "soy", "red", "garden", "blue"]


def table():
    store = Store(":memory:")
    service = TableService(store)
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 1})
    service.start_game(code)
    return store, service, code


def live_with(service, code, looks):
    """LiveDice whose pictures read as `looks`, one per settled picture."""
    queue = list(looks)
    live = LiveDice(service, code, lambda _img: queue.pop(0), SettleDetector(still_frames=1))
    service.attach_tracker(code, live)
    return live


def settle(live, value):
    frame = np.full((48, 64, 3), value, np.uint8)
    for _ in range(3):
        live.frame(frame)


def lying():
    return Seen(tuple(SeenDie("blue", 10.0 * k, 0.0) for k in range(5)), ())


def thrown(unsure=()):
    dice = [
        SeenDie(f, 10.0 * k + 300, 0.0, 0.4 if k in unsure else 1.0) for k, f in enumerate(FIRST)
    ]
    return Seen(tuple(dice), ())


def test_one_tap_confirms_an_unsure_roll():
    store, service, code = table()
    live = live_with(service, code, [lying(), thrown(unsure=[2])])
    settle(live, 10)
    settle(live, 200)
    assert live.pending is not None and service.table(code).state.step == "roll"
    assert any(n["kind"] == "uncertain" for n in service.snapshot(code)["notices"])
    service.confirm_reading(code, 0)
    assert service.table(code).state.step == "save"
    with pytest.raises(ReadingError, match="no reading waits"):
        service.confirm_reading(code, 0)
    store.close()


def test_the_player_corrects_a_face_and_the_game_follows():
    store, service, code = table()
    live = live_with(service, code, [lying(), thrown(unsure=[2])])
    settle(live, 10)
    settle(live, 200)
    fixed = ["green", "soy", "blue", "garden", "blue"]  # die 3 shows blue, not red
    with pytest.raises(ReadingError, match="name each one"):
        service.correct_reading(code, 0, fixed[:4], [])
    service.correct_reading(code, 0, fixed, [])
    state = service.table(code).state
    assert sorted(state.faces) == sorted(fixed)
    assert store.log(service.table(code).game_id)[-1].action["type"] == Roll(0).to_json()["type"]
    store.close()


def test_the_phones_answer_over_socketio():
    store, service, code = table()
    live = live_with(service, code, [lying(), thrown(unsure=[0])])
    settle(live, 10)
    settle(live, 200)
    app = create_app(service, host_key="k", public_url="http://table.local")
    anna = socketio.test_client(app)
    bob = socketio.test_client(app)
    assert anna.emit("join", {"code": code, "seat": 0, "name": "Anna"}, callback=True)["ok"]
    assert bob.emit("join", {"code": code, "seat": 1, "name": "Bob"}, callback=True)["ok"]
    reply = bob.emit("camera:confirm", {}, callback=True)
    assert reply["error"]["code"] == "not-yours"
    reply = anna.emit("camera:correct", {"rolled": "green"}, callback=True)
    assert reply["error"]["code"] == "malformed-message"
    assert anna.emit("camera:confirm", {}, callback=True)["ok"]
    assert service.table(code).state.step == "save"
    store.close()


def test_a_die_nudged_after_the_bean_piece_is_put_right_by_naming_the_faces_as_they_are():
    # The piece used, a hand nudges the loose die: the camera takes it for a roll
    # without a save and asks. The player names the faces as they lie (what the
    # game has): no move, the table follows the look, and nothing is stuck.
    store, service, code = table()
    looks = [lying(), thrown()]
    live = LiveDice(service, code, lambda _img: looks.pop(0), SettleDetector(still_frames=1))
    service.attach_tracker(code, live)
    settle(live, 10)
    settle(live, 200)  # the roll
    t = service.table(code)
    again = list(t.state.faces)  # the same faces again, as the phone entered them
    service.act(code, {"type": "repeat-roll", "player": 0, "faces": again}, source="phone")
    nudged = Seen(tuple(SeenDie(f, 40.0 * k + 100, 25.0) for k, f in enumerate(again)), ())
    as_thrown = Seen(tuple(SeenDie(f, 10.0 * k + 300, 0.0) for k, f in enumerate(again)), ())
    looks += [as_thrown, nudged]
    settle(live, 60)  # as the game has it: agreed (the phone moved the game)
    settle(live, 120)  # nudged: the same faces elsewhere
    assert live.problem and "bean piece is used" in live.problem
    n = t.next_n
    service.correct_reading(code, 0, again, [])
    assert live.problem is None and t.next_n == n and list(t.state.faces) == again
    assert service.snapshot(code)["notices"] == []
    looks.append(nudged)
    settle(live, 180)  # the next look, the dice where they lie: nothing new
    assert live.problem is None and t.next_n == n


def test_a_camera_problem_is_no_longer_said_once_the_dice_lie_as_the_game_has_them():
    """A person saved all five on the phone; the hand laying them in the tray hid
    two, and "3 dice on the mat, 5 expected" stayed on every phone until the turn
    ended, though the next look showed the dice as the game had them."""
    store, service, code = table()
    live = live_with(service, code, [lying(), thrown()])
    settle(live, 10)
    settle(live, 200)  # the roll, read
    t = service.table(code)
    service.act(code, {"type": "save", "player": 0, "dice": [0, 1, 2, 3, 4]}, source="phone")
    tray = tuple(SeenDie(f, 60.0 * k, 400.0) for k, f in enumerate(t.state.faces))
    live_looks = [Seen((), tray[:3]), Seen((), tray)]  # the hand over two; then gone
    live.read = lambda _img: live_looks.pop(0)
    settle(live, 90)
    said = [n["text"] for n in service.snapshot(code)["notices"] if n["kind"] == "illegal"]
    assert said == ["3 dice on the mat, 5 expected: 2 hidden or off the mat?"]
    settle(live, 140)
    assert live.problem is None
    assert [n for n in service.snapshot(code)["notices"] if n["kind"] == "illegal"] == []
    store.close()


def test_a_misread_put_right_leaves_one_line_in_the_log():
    """The camera's roll taken back and made again as the player says: the log
    said the roll twice (the line of the move taken back stayed)."""
    store, service, code = table()
    live = live_with(service, code, [lying(), thrown()])
    settle(live, 10)
    settle(live, 200)  # read surely, and applied
    t = service.table(code)
    assert t.next_n == 1
    fixed = ["green", "soy", "blue", "garden", "blue"]
    service.correct_reading(code, 0, fixed, [])
    log = service.snapshot(code)["log"]
    assert len([line for line in log if " rolls" in line]) == 1, log
    assert log[-1].endswith("Blue Bean and Blue Bean")  # the roll as put right
    store.close()
