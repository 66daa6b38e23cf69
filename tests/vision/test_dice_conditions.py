"""The dice reader at another sitting: dice taught at one size and under one
lamp, read nearer or farther from the camera and under another lamp; small dice
from a high camera; a die's size told by the calibrated mat."""

import functools

import numpy as np
import pytest

from companion.sim.dice_scenes import LAMPS, bean_symbol, render_scene, write_dataset
from companion.vision import dice_reader
from companion.vision.dataset import read_dataset, score
from companion.vision.dice_reader import NORM, DiceReader, balanced

SIZE = (1280, 960)


def taught(folder, die_px, lamp="daylight", scenes=40):
    write_dataset(folder, scenes, seed=1, size=SIZE, hand=False, die_px=die_px, lamp=lamp)
    classes, samples = read_dataset(folder)
    return DiceReader.enrol(classes, samples, per_face=20)


@functools.lru_cache(maxsize=2)
def _scenes(side, lamp, seed):
    """Twenty scenes of five dice `side` px under `lamp`, drawn once: several tests
    read the same dice (a scene costs about a quarter of a second to draw)."""
    rng = np.random.default_rng(seed)
    scenes = tuple(
        render_scene(rng, SIZE, dice=5, hand=False, die_px=side, lamp=lamp) for _ in range(20)
    )
    for scene in scenes:
        scene.image.setflags(write=False)  # shared: a reader must not draw on it
    return scenes


def read_scenes(reader, side, lamp, frames=20, seed=7, told=None):
    """The figures of the first `frames` (up to 20) scenes of five dice `side` px
    under `lamp`; `told`: the die's size the reader is told (die_px)."""
    scenes = _scenes(side, lamp, seed)[:frames]
    assert len(scenes) == frames
    return score([(s.boxes, reader.read(s.image, die_px=told)) for s in scenes])


def test_a_face_view_looks_the_same_under_every_lamp():
    face = bean_symbol("red", 64, (150, 175, 190))
    view = np.full((96, 96, 3), (60, 90, 120), np.uint8)
    view[16:80, 16:80] = face
    size = int(2.4 * NORM)
    view = np.ascontiguousarray(np.resize(view, (size, size, 3)))
    plain = balanced(view).astype(float)
    for lamp in LAMPS.values():
        lit = np.clip(view * np.float32(lamp), 0, 255).astype(np.uint8)
        assert np.abs(balanced(lit).astype(float) - plain).max() <= 4, lamp


@pytest.fixture(scope="module")
def daylight_64(tmp_path_factory):
    return taught(tmp_path_factory.mktemp("taught") / "d64", 64)


def test_dice_taught_in_daylight_are_read_nearer_and_farther_under_other_lamps(daylight_64):
    """Taught at 64 px in daylight; read at half the size under a warm dim bulb
    and at one and a half times under a cool bright light (100 dice each), each
    to the issue's mark: recall and faces 99.5 %, precision 98 % (asked here:
    99.5 %). Reached: every die found and read right, no false die, both ways
    (bench/README.md, 40 frames each; the dim one was 98.5 % recall before a
    die's blob was cut to its speck-free core)."""
    far = read_scenes(daylight_64, 32, "warm dim")
    near = read_scenes(daylight_64, 96, "cool bright")
    for figures in (far, near):
        assert figures["recall"] >= 0.995, (far, near)
        assert figures["precision"] >= 0.995, (far, near)
        assert figures["face_accuracy"] >= 0.995, (far, near)


def test_the_mat_telling_the_dice_size_finds_dice_three_times_smaller(daylight_64):
    """A die of 20 px (a camera far higher than at teaching) is a third of the
    taught 64 px: found when the calibrated mat tells how large a die is."""
    told = read_scenes(daylight_64, 20, "daylight", frames=10, told=20)
    assert told["recall"] >= 0.98 and told["precision"] >= 0.98
    assert told["face_accuracy"] >= 0.98


def test_told_the_size_a_small_blob_is_also_read_as_large_as_a_die(daylight_64, monkeypatch):
    """Told the dice's size, a blob the verifier takes for a die but far smaller
    than a die's face (a small die's light middle; a pale die's fragments) is also
    read as large as a die's face, the more alike reading kept (WHOLE). Taught at
    64 px, told and read at 20 px (100 dice): every die found, 99 % read right
    (the issue's 99.5 % recall reached; a garden bean at 20 px read as green);
    without that reading one die is missed and two faces are wrong."""
    told = read_scenes(daylight_64, 20, "daylight", frames=20, told=20)
    assert told["recall"] >= 0.995 and told["precision"] >= 0.995, told
    assert told["face_accuracy"] >= 0.99, told
    monkeypatch.setattr(dice_reader, "WHOLE", 0.0)
    blob_only = read_scenes(daylight_64, 20, "daylight", frames=20, told=20)
    right = told["recall"] * told["face_accuracy"]
    assert blob_only["recall"] * blob_only["face_accuracy"] < right, (told, blob_only)


def test_dice_far_smaller_than_taught_are_found_untold(daylight_64):
    """Taught at 64 px, read at 20 px (0.31 times) without the mat telling the
    size: a small die's blob is only its light body, so blobs down to 0.07 of a
    die's top face are looked at, down to 0.05 where cutting thin bits at the
    taught die's scale erased a small die's blob whole, and a die is found by its
    outline too; then, the dice found being under half the taught size, the
    picture is looked at again as if told their size (see
    test_dice_a_quarter_of_the_taught_size_are_found_untold). Reached: every
    die, every face (`bench/vision_dice.py --cross`, 200 dice: 100 %, was 98.5 %
    before the second look; 91 % by colour alone)."""
    untold = read_scenes(daylight_64, 20, "daylight", frames=20)
    assert untold["recall"] >= 0.995, untold
    assert untold["precision"] >= 0.995 and untold["face_accuracy"] >= 0.995, untold


def test_dice_a_quarter_of_the_taught_size_are_found_untold(daylight_64, monkeypatch):
    """A camera hung far higher than at teaching, nothing told: dice of 16 px
    taught at 64 px. The dice the taught scale finds are far smaller than taught
    (under SELF_SCALE of it), so the picture is looked at again as if told their
    size (their median): the dice that scale lost are found. Every die of 50
    (76 % without that second look); faces at 16 px are what still fails (92 %)."""
    untold = read_scenes(daylight_64, 16, "daylight", frames=10)
    assert untold["recall"] >= 0.98 and untold["precision"] >= 0.98, untold
    assert untold["face_accuracy"] >= 0.9, untold
    monkeypatch.setattr(dice_reader, "SELF_SCALE", 0.0)
    once = read_scenes(daylight_64, 16, "daylight", frames=10)
    assert once["recall"] < 0.9, once


@pytest.mark.long(67)
def test_small_dice_from_a_high_camera(tmp_path):
    """At 1280 x 960 a die seen from the highest camera mount is about 20 px:
    taught at 30 px, read at 20 px (100 dice). Reached: every die, every face."""
    figures = read_scenes(taught(tmp_path / "d30", 30), 20, "daylight")
    assert figures["recall"] >= 0.995 and figures["precision"] >= 0.995
    assert figures["face_accuracy"] >= 0.995
