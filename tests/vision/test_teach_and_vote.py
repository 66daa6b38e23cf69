"""Teach mode (enrolment at the table) and voting across frames."""

import numpy as np
import pytest

from companion.sim.dice_scenes import BEANS, _light_and_lens, render_scene, wood
from companion.vision.dataset import Detection, match, score
from companion.vision.teach import TeachMode, Voter, dice_against_empty

SIZE = (640, 480)


def empty_and_table(seed=5):
    rng = np.random.default_rng(seed)
    table = wood(SIZE[1], SIZE[0], rng)
    empty = _light_and_lens(table.copy(), np.random.default_rng(99))
    return rng, table, empty


def test_dice_are_found_against_the_empty_table_and_a_hand_is_not_a_die():
    rng, table, empty = empty_and_table()
    scene = render_scene(
        rng, SIZE, table=table, faces=[0, 1, 2], camera_seed=99, hand=False, die_px=36
    )
    found = dice_against_empty(scene.image, empty)
    assert len(found) == 3
    with_hand = render_scene(
        rng, SIZE, table=table, faces=[0, 1], camera_seed=99, hand=True, die_px=36
    )
    assert len(dice_against_empty(with_hand.image, empty)) == 2


def test_teach_mode_collects_every_face_with_progress_then_reads():
    rng, table, empty = empty_and_table()
    teach = TeachMode(list(BEANS), empty, target=10)
    assert teach.progress() == {b: 0.0 for b in BEANS}
    with pytest.raises(ValueError, match="still needs"):
        teach.reader()
    for face in range(len(BEANS)):
        while teach.progress()[BEANS[face]] < 1.0:
            scene = render_scene(
                rng, SIZE, table=table, faces=[face] * 5, camera_seed=99, hand=False, die_px=36
            )
            assert teach.add(scene.image, face) > 0
    assert teach.done()
    reader = teach.reader()
    results = []
    for _ in range(12):
        scene = render_scene(rng, SIZE, table=table, dice=5, camera_seed=99, hand=False, die_px=36)
        results.append((scene.boxes, reader.read(scene.image, empty=empty)))
    figures = score(results)
    # Dice taught at this table are all found and read (bench/README.md: 200 of 200).
    assert figures["recall"] >= 0.98 and figures["precision"] >= 0.98
    assert figures["face_accuracy"] >= 0.98, figures


def test_voting_across_frames():
    a = Detection(100, 100, 30, 30, 2, 0.9)
    b = Detection(200, 100, 30, 30, 4, 0.8)
    flicker = Detection(300, 300, 30, 30, 1, 0.6)  # seen once in three frames
    voter = Voter()
    voter.add([a, b, flicker])
    voter.add([Detection(102, 99, 30, 30, 2, 0.7), Detection(201, 101, 30, 30, 3, 0.5)])
    voter.add([Detection(99, 101, 30, 30, 2, 0.8), Detection(199, 99, 30, 30, 4, 0.9)])
    result = sorted(voter.result(), key=lambda d: d.cx)
    assert [d.face for d in result] == [2, 4]
    assert result[0].confidence == pytest.approx(0.8)
    assert result[1].confidence == pytest.approx(0.85 * 2 / 3)
    assert match([], result) == []


def test_with_the_empty_table_dice_of_any_colour_are_found():
    """A plain table close to the darker dice's colour: the difference from the empty picture
    still finds every die."""
    rng = np.random.default_rng(11)
    table = np.full((SIZE[1], SIZE[0], 3), (120, 140, 150), np.uint8)  # near the darker dice
    empty = _light_and_lens(table.copy(), np.random.default_rng(4))
    teach = TeachMode(list(BEANS), empty, target=10)
    for face in range(len(BEANS)):
        while teach.progress()[BEANS[face]] < 1.0:
            scene = render_scene(
                rng, SIZE, table=table, faces=[face] * 5, camera_seed=4, hand=False, die_px=36
            )
            teach.add(scene.image, face)
    reader = teach.reader()
    results = []
    for _ in range(8):
        scene = render_scene(rng, SIZE, table=table, dice=5, camera_seed=4, hand=False, die_px=36)
        results.append((scene.boxes, reader.read(scene.image, empty=empty)))
    figures = score(results)
    assert figures["recall"] == 1.0 and figures["precision"] == 1.0
    assert figures["face_accuracy"] >= 0.95, figures
