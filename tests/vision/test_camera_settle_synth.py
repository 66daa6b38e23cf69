"""Camera sources, settle detection and the synthetic table."""

import time

import cv2
import numpy as np
import pytest

from companion.sim.dice_scenes import BEANS, bean_symbol, render_scene, write_dataset
from companion.vision.camera import (
    CameraError,
    FolderCamera,
    FunctionCamera,
    OpenCVCamera,
    PiCamera,
    open_camera,
)
from companion.vision.dataset import read_dataset
from companion.vision.settle import SettleDetector


def test_a_folder_is_replayed_round_and_round(tmp_path):
    for i, v in enumerate((10, 200)):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((20, 30, 3), v, np.uint8))
    cam = FolderCamera(tmp_path)
    frames = [cam.read() for _ in range(3)]
    assert [int(f.image[0, 0, 0]) for f in frames] == [10, 200, 10]
    assert frames[0].image.shape == (20, 30, 3) and frames[2].index == 3
    (tmp_path / "empty").mkdir()
    with pytest.raises(CameraError, match="no pictures"):
        FolderCamera(tmp_path / "empty")


def test_a_frame_taken_after_a_given_moment(tmp_path):
    cam = FunctionCamera(lambda t: np.zeros((4, 4, 3), np.uint8))
    mark = time.monotonic()
    frame = cam.read(after=mark)
    assert frame.taken > mark


def test_an_unplugged_camera_raises_camera_error():
    cam = FunctionCamera(lambda t: np.zeros((4, 4, 3), np.uint8))
    cam.read()
    assert cam.alive()
    cam.failing = True
    with pytest.raises(CameraError, match="unplugged"):
        cam.read()
    assert not cam.alive(within=0.0)


def test_a_video_file_through_opencv(tmp_path):
    path = str(tmp_path / "roll.avi")
    out = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for v in range(5):
        out.write(np.full((48, 64, 3), 40 * v, np.uint8))
    out.release()
    with OpenCVCamera(path) as cam:
        frames = [cam.read().image for _ in range(5)]
        with pytest.raises(CameraError):
            cam.read()
    assert frames[0].shape == (48, 64, 3)
    with pytest.raises(CameraError):
        OpenCVCamera(str(tmp_path / "missing.avi")).start()


def test_the_pi_camera_needs_picamera2_which_only_a_pi_has():
    cam = PiCamera()
    with pytest.raises(CameraError, match="picamera2"):
        cam.start()
    assert isinstance(open_camera("pi"), PiCamera)
    with pytest.raises(CameraError):
        open_camera("telescope")


def test_settle_detection_waits_for_stillness_and_reports_once():
    rng = np.random.default_rng(1)
    still = render_scene(rng, size=(320, 240), dice=3, hand=False).image
    det = SettleDetector(still_frames=3)
    states = []
    for k in range(4):  # dice rolling: the picture changes every frame
        moving = still.copy()
        cv2.circle(moving, (40 + 50 * k, 120), 30, (255, 255, 255), -1)
        states.append(det.update(moving))
    states += [det.update(still) for _ in range(6)]
    assert states[:5] == ["moving"] * 5
    assert states[5:] == ["still", "still", "settled", "still", "still"]


def test_a_hand_reaching_in_is_motion_not_a_settle():
    rng = np.random.default_rng(2)
    table = render_scene(rng, size=(320, 240), dice=2, hand=False).image
    det = SettleDetector()
    for _ in range(4):
        det.update(table)
    with_hand = table.copy()
    cv2.rectangle(with_hand, (100, 150), (180, 240), (120, 160, 210), -1)
    assert det.update(with_hand) == "moving"


def settled_on(det, image, frames=3):
    return [det.update(image) for _ in range(frames)]


def test_a_hand_held_still_over_the_table_holds_the_settle_until_it_leaves():
    from companion.sim.card_scenes import CardTable

    table = CardTable(3, 3, seed=1)
    det = SettleDetector(still_frames=1)
    assert "settled" in settled_on(det, table.look())
    # A hand lays a card in a field and stays there: quiet, but an arm in view.
    table.columns[table.slot(1, 0)] = ["blue"]
    held = table.reaching(table.slot(1, 0))
    assert settled_on(det, held, 6) == ["moving"] + ["hand"] * 5
    # It leaves: the card lies there alone, and that is the picture that settles.
    assert settled_on(det, table.look()) == ["moving", "settled", "still"]


def test_a_card_laid_away_from_the_edge_is_no_hand():
    from companion.sim.card_scenes import CardTable

    table = CardTable(3, 3, seed=1)
    det = SettleDetector(still_frames=1)
    settled_on(det, table.look())
    for seat in range(3):
        table.columns[table.slot(seat, 2)] = ["red", "red"]
        assert settled_on(det, table.look()) == ["moving", "settled", "still"]


def test_a_card_laid_in_a_slot_at_the_very_edge_of_the_view_is_no_hand(monkeypatch):
    from companion.sim import card_scenes as cards_synth

    # Mats laid to the very edge of the view: the first slot touches the left edge.
    monkeypatch.setattr(cards_synth, "MAT_MARGIN_MM", 10.0)
    table = cards_synth.CardTable(3, 3, seed=5)
    assert min(x for x, _ in table.quads[0]) < 2
    laid = list(table.quads) + list(table.place_quads)
    det, blind = SettleDetector(still_frames=1, laid=laid), SettleDetector(still_frames=1)
    settled_on(det, table.look())
    settled_on(blind, table.look())
    table.columns[0] = [*table.columns[0], "red"]
    assert settled_on(det, table.look()) == ["moving", "settled", "still"]
    # (Not told where the slots are, the card's edge could be an arm's.)
    assert settled_on(blind, table.look()) == ["moving", "hand", "hand"]
    # An arm reaching over that slot is still an arm.
    table.columns[0] = [*table.columns[0], "red"]
    assert settled_on(det, table.reaching(0)) == ["moving", "hand", "hand"]


def test_dice_at_the_edge_of_the_view_are_no_hand_an_arm_over_them_is():
    from companion.sim.dice_scenes import DiceMatTable, _hand

    mat = DiceMatTable(seed=5, size=(1280, 960), die_px=0.058 * 1280)
    dice = [("blue", "darker"), ("soy", "darker"), ("red", "lighter"), ("green", "lighter")]
    dice.append(("stink", "lighter"))
    det = SettleDetector(still_frames=1)
    settled_on(det, mat.look(dice, [False] * 5, set(range(5))))
    # Two dice roll up to the picture's left edge (the lens takes a little of them).
    mat.places[0] = (0.6 * mat.die_px, 300.0, 10.0)
    mat.places[1] = (0.6 * mat.die_px, 300.0 + mat.die_px, 0.0)
    assert settled_on(det, mat.look(dice, [False] * 5, set())) == ["moving", "settled", "still"]
    # A player's arm over the rolling area, held still: no reading until it goes.
    arm = mat.look(dice, [False] * 5, set())
    _hand(arm, np.random.default_rng(3))
    assert settled_on(det, arm) == ["moving", "hand", "hand"]


def test_a_light_switched_on_is_no_hand():
    rng = np.random.default_rng(2)
    table = render_scene(rng, size=(320, 240), dice=2, hand=False).image
    det = SettleDetector(still_frames=1)
    settled_on(det, table)
    lit = cv2.convertScaleAbs(table, alpha=1.0, beta=40)
    assert settled_on(det, lit) == ["moving", "settled", "still"]


def test_something_left_at_the_edge_of_the_view_stops_the_table_only_for_a_while():
    rng = np.random.default_rng(2)
    table = render_scene(rng, size=(320, 240), dice=2, hand=False).image
    det = SettleDetector(still_frames=1, hold_frames=5)
    settled_on(det, table)
    with_sleeve = table.copy()
    cv2.rectangle(with_sleeve, (100, 180), (180, 240), (120, 160, 210), -1)
    states = settled_on(det, with_sleeve, 9)
    assert states == ["moving"] + ["hand"] * 5 + ["settled", "still", "still"]
    # From then on it is part of the table.
    moved = with_sleeve.copy()
    cv2.circle(moved, (60, 60), 12, (255, 255, 255), -1)
    assert settled_on(det, moved) == ["moving", "settled", "still"]


def test_synthetic_scenes_have_exact_labels(tmp_path):
    paths = write_dataset(tmp_path, 5, seed=3, size=(640, 480))
    classes, samples = read_dataset(tmp_path)
    assert classes == list(BEANS) and len(samples) == len(paths) == 5
    for s in samples:
        img = s.image()
        assert img.shape == (480, 640, 3)
        table = np.median(img.reshape(-1, 3), axis=0)
        for b in s.boxes:
            assert 0 < b.cx < 640 and 0 < b.cy < 480 and 0 <= b.face < len(BEANS)
            # the labelled box shows a die, not the table
            patch = img[
                int(b.cy - b.h / 3) : int(b.cy + b.h / 3), int(b.cx - b.w / 3) : int(b.cx + b.w / 3)
            ].reshape(-1, 3)
            # (its bean symbol stands out from the table even where the die's tone does
            # not; the table's grain and noise stay within about 25 levels)
            assert np.abs(patch.astype(float) - table).max(axis=1).max() > 45
    again = write_dataset(tmp_path / "again", 5, seed=3, size=(640, 480))
    assert (tmp_path / "synth_1.txt").read_text() == again[0].with_suffix(".txt").read_text()


def test_our_bean_symbols_are_six_different_faces():
    faces = [bean_symbol(b, 64, (235, 240, 242)).astype(np.float32) for b in BEANS]
    for i in range(6):
        for j in range(i + 1, 6):
            assert np.abs(faces[i] - faces[j]).mean() > 3, (BEANS[i], BEANS[j])


def test_the_synthetic_table_as_a_camera():
    from companion.sim.camera import SyntheticCamera

    cam = SyntheticCamera(4)
    frame = cam.read()
    assert frame.image.shape == (960, 1280, 3) and frame.image.dtype == np.uint8
    cam.failing = True
    with pytest.raises(CameraError):
        cam.read()


def _one_die_thrown_again(die_px, seed):
    """Five dice at rest on a 1280 x 960 table, and the same with one of them thrown
    again (elsewhere, another face), the hand out of view: two pictures."""
    from companion.sim.dice_scenes import DiceMatTable

    table = DiceMatTable(seed=seed, size=(1280, 960), die_px=die_px)
    dice = [("blue", "darker"), ("garden", "lighter"), ("stink", "darker"), ("soy", "lighter")]
    dice.append(("red", "darker"))
    before = table.look(dice, [False] * 5, set(range(5)))
    k = seed % 5
    dice[k] = ("green", dice[k][1])
    return before, table.look(dice, [False] * 5, {k})


@pytest.mark.parametrize("die_px", [12, 20, 30])
def test_one_small_die_thrown_again_is_motion_on_the_dice_mat(die_px):
    """A camera hung high sees a die 12-30 px across; one die thrown again, the hand
    out of view, changed too little of the picture for the usual detector (half of
    these throws at 30 px, nearly all at 12). Sized to the dice, it is motion."""
    from companion.vision.settle import for_dice

    missed = []
    for seed in range(8):
        before, after = _one_die_thrown_again(die_px, seed)
        det = for_dice(die_px, (1280, 960), still_frames=1)
        settled_on(det, before)
        if det.update(after) != "moving":
            missed.append(seed)
    assert not missed, missed


def test_a_still_dice_mat_is_still_however_the_camera_noise_falls():
    """Sized to 12 px dice, the detector compares a large picture: a camera's noise
    and JPEG from frame to frame are no motion."""
    from companion.vision.settle import for_dice

    before, _ = _one_die_thrown_again(12, 1)
    det = for_dice(12, (1280, 960), still_frames=1)
    rng = np.random.default_rng(0)
    states = []
    for _ in range(12):
        noisy = np.clip(before + rng.normal(0, 3, before.shape), 0, 255).astype(np.uint8)
        ok, buf = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 80])
        states.append(det.update(cv2.imdecode(buf, cv2.IMREAD_COLOR)))
    assert "moving" not in states[1:], states


@pytest.mark.parametrize("size", [(160, 120), (213, 160), (427, 320), (640, 480)])
def test_a_picture_shrunk_by_halvings_compares_as_the_area_average_does(size):
    """The settle detector compares every frame small: halving (OpenCV's fast
    case) and then the rest bilinear gives, once blurred as the detector blurs, what
    its area average gives (within a grey level, on a dice mat with a camera's
    noise) at a sixth of the time."""
    from companion.vision.shrink import shrink

    before, _ = _one_die_thrown_again(12, 1)
    noise = np.random.default_rng(0).normal(0, 3, before.shape)
    picture = np.clip(before + noise, 0, 255).astype(np.uint8)
    small = cv2.GaussianBlur(shrink(picture, size), (5, 5), 0)
    area = cv2.GaussianBlur(cv2.resize(picture, size, interpolation=cv2.INTER_AREA), (5, 5), 0)
    assert small.shape == area.shape
    differ = np.abs(small.astype(int) - area)
    assert differ.mean() < 0.5 and differ.max() <= SettleDetector.pixel_change


def test_the_readers_run_on_one_thread_of_opencv_and_of_blas():
    """OpenCV's thread pool and BLAS's spin on the readers' small images: one dice
    reader run took 30-45 % more CPU with OpenCV's pool on two cores, in the same
    wall time. Importing companion before cv2 (as every entry point does) holds
    both to one thread, unless the environment says otherwise."""
    import os
    import subprocess
    import sys

    env = {
        k: v
        for k, v in os.environ.items()
        if not k.endswith("_NUM_THREADS") and k != "OPENCV_FOR_THREADS_NUM"
    }
    code = (
        "import companion, cv2, os; print(cv2.getNumThreads(), os.environ['OPENBLAS_NUM_THREADS'])"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["1", "1"], out.stderr
