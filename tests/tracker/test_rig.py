"""The camera over a served table: it follows the started game, waits (saying
so on the phones) until it sees every printed mat, finds the field slots from the
mats' ArUco markers, then reads the cards laid in them into the game."""

import cv2
import numpy as np

from companion.store import Store
from companion.tables import TableService
from companion.tracker.rig import Rig
from companion.vision.camera import FunctionCamera
from companion.vision.cards_synth import card_face, write_enrolment
from companion.vision.mats import mat_image, mats_for

PX = 4.0  # the drawn mats' px/mm


def photo(layouts, columns, scale=2.0, show=None):
    """The table from above: the printed mats side by side (a little turned), the
    cards laid in their slots (first planted at the slot's top). `show`: which
    mats are in view (all by default)."""
    canvas = np.full((960, 1280, 3), (120, 140, 150), np.uint8)
    for i, layout in enumerate(layouts):
        if show is not None and i not in show:
            continue
        img = mat_image(layout, PX)
        for slot, column in zip(layout.slots, columns[i], strict=False):
            x0, y0 = slot.quad[0]
            for k, bean in enumerate(column):
                face = cv2.resize(card_face(bean), (int(56 * PX), int(87 * PX)))
                x, y = int((x0 + 4) * PX), int((y0 + 4 + 11 * k) * PX)
                img[y : y + face.shape[0], x : x + face.shape[1]] = face
        turn = np.deg2rad(2.0 if i % 2 else -1.5)
        k = scale / PX
        m = np.float64(
            [
                [k * np.cos(turn), -k * np.sin(turn), 40 + i * 450 * k * PX / 2],
                [k * np.sin(turn), k * np.cos(turn), 60],
            ]
        )
        warped = cv2.warpAffine(img, m, (1280, 960))
        mask = cv2.warpAffine(np.full(img.shape[:2], 255, np.uint8), m, (1280, 960))
        canvas[mask > 0] = warped[mask > 0]
    return canvas


class Scene:
    def __init__(self):
        self.image = None

    def __call__(self, _t):
        return self.image


def test_the_camera_finds_the_mats_then_reads_a_card_planted(tmp_path):
    store = Store(":memory:")
    service = TableService(store)
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    layouts = mats_for("duel", 2, "A4")
    scene = Scene()
    faces = tmp_path / "faces"
    write_enrolment(faces)
    rig = Rig(service, FunctionCamera(scene), faces=str(faces))
    # One mat out of view: the table is played by hand, and the phones say why.
    scene.image = photo(layouts, [[[], [], []], [[], [], []]], show={0})
    rig.step()
    assert rig.code == code and rig.live is None
    assert "can't see the mats of seat 2" in service.snapshot(code)["notices"][-1]["text"]
    # Both mats in view: calibrated, the camera reads the table from now on.
    scene.image = photo(layouts, [[[], [], []], [[], [], []]])
    rig.step()
    assert rig.live is not None and service.cameras[code] is rig.live
    assert service.snapshot(code)["notices"] == []
    # Uwe lays his first card (red) in his first field: a hand, then the table still.
    hand = scene.image.copy()
    cv2.circle(hand, (300, 400), 120, (90, 120, 170), -1)
    scene.image = hand
    rig.step()
    scene.image = photo(layouts, [[["red"], [], []], [[], [], []]])
    for _ in range(3):
        rig.step()
    state = service.table(code).state
    assert state.players[0].fields[0] == ("red",)
    log = store.log(service.table(code).game_id)
    assert [(a.source, a.action["type"]) for a in log] == [("camera", "plant")]
    assert rig.alive()
    store.close()


def test_a_table_without_taught_faces_waits_and_says_why(tmp_path):
    store = Store(":memory:")
    service = TableService(store)
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    scene = Scene()
    scene.image = photo(mats_for("duel", 2, "A4"), [[[], [], []], [[], [], []]])
    rig = Rig(service, FunctionCamera(scene), faces=str(tmp_path / "nothing"))
    rig.step()
    assert rig.live is None
    assert "no card faces taught" in service.snapshot(code)["notices"][-1]["text"]
    store.close()


def test_the_watchdog_hears_when_the_camera_loop_stops_turning():
    store = Store(":memory:")
    service = TableService(store)
    now = [100.0]
    scene = Scene()
    scene.image = np.zeros((48, 64, 3), np.uint8)
    rig = Rig(service, FunctionCamera(scene), clock=lambda: now[0])
    rig.step()
    assert rig.alive()
    now[0] += 30  # a driver call that never returns: no turn for 30 s
    assert not rig.alive()
    store.close()


def test_card_faces_are_taught_from_photos_then_the_camera_reads_with_them(tmp_path):
    """`companion vision teach-card`: a card of each variety laid in a field slot,
    photographed; the camera over the table then reads with those faces."""
    from companion.cli import main
    from companion.engine.duel import LADDER

    layouts = mats_for("duel", 2, "A4")
    faces = tmp_path / "faces"
    for bean in LADDER:
        path = tmp_path / f"{bean}.png"
        cv2.imwrite(str(path), photo(layouts, [[[bean], [], []], [[], [], []]], show={0}))
        assert main(["vision", "teach-card", str(path), "--bean", bean, "--faces", str(faces)]) == 0
    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), photo(layouts, [[[], [], []], [[], [], []]]))
    assert main(["vision", "teach-card", str(empty), "--bean", "red", "--faces", str(faces)]) == 1
    store = Store(":memory:")
    service = TableService(store)
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    scene = Scene()
    scene.image = photo(layouts, [[[], [], []], [[], [], []]])
    rig = Rig(service, FunctionCamera(scene), faces=str(faces))
    rig.step()
    scene.image = photo(layouts, [[["red"], [], []], [[], [], []]], scale=2.05)  # nudged
    for _ in range(3):
        rig.step()
    assert service.table(code).state.players[0].fields[0] == ("red",)
    store.close()
