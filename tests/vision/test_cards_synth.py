"""The synthetic bean fields (our own card designs) and their labels."""

import json

import cv2
import numpy as np
import pytest

from companion.engine.beans import VARIETIES
from companion.sim.card_scenes import (
    NUMBERS,
    card_face,
    render_fields,
    write_enrolment,
    write_field_dataset,
)


def test_the_printed_numbers_are_the_card_counts():
    assert {v.id: v.cards for v in VARIETIES.values()} == NUMBERS


def test_every_variety_has_three_distinct_designs_of_our_own():
    faces = {b: card_face(b, "a").astype(float) for b in NUMBERS}
    for a in NUMBERS:
        for b in NUMBERS:
            if a < b:
                assert np.abs(faces[a] - faces[b]).mean() > 5, (a, b)
        assert np.abs(faces[a] - card_face(a, "b").astype(float)).mean() > 5
        assert np.abs(faces[a] - card_face(a, "c").astype(float)).mean() > 5
    with pytest.raises(ValueError):
        card_face("purple")


def test_a_field_scene_and_its_labels(tmp_path):
    paths = write_field_dataset(tmp_path, 3, seed=2)
    for path in paths:
        img = cv2.imread(str(path))
        labels = json.loads(path.with_suffix(".json").read_text())
        assert img.shape == (960, 1280, 3)
        assert len(labels["fields"]) == 3
        for field in labels["fields"]:
            assert len(field["quad"]) == 4
            assert all(0 <= x <= 1280 and 0 <= y <= 960 for x, y in field["quad"])
            assert len(field["cards"]) <= 15 and set(field["cards"]) <= set(NUMBERS)
    # The same seed draws the same scenes.
    again = write_field_dataset(tmp_path / "again", 3, seed=2)
    assert again[0].with_suffix(".json").read_text() == paths[0].with_suffix(".json").read_text()


def test_cards_overlap_from_the_top_with_the_top_card_whole():
    rng = np.random.default_rng(1)
    img, fields = render_fields(rng, [["red"] * 5, [], ["soy", "green"]])
    assert [f["cards"] for f in fields] == [["red"] * 5, [], ["soy", "green"]]
    (x0, y0), (x1, _), _, (x3, y3) = fields[1]["quad"]
    empty_slot = img[int(y0) + 20 : int(y3) - 20, int(x0) + 10 : int(x1) - 10]
    assert empty_slot.std(axis=(0, 1)).max() < 25  # nothing planted there


def test_a_hand_over_the_table_marks_the_slots_it_covers():
    rng = np.random.default_rng(5)
    _, fields = render_fields(rng, [["red"] * 3] * 6, hand=True)
    covered = [f.get("covered", False) for f in fields]
    assert any(covered) and not all(covered)


def test_the_enrolment_folder_has_one_face_per_variety(tmp_path):
    paths = write_enrolment(tmp_path, "b")
    assert sorted(p.stem for p in paths) == sorted(NUMBERS)
    assert cv2.imread(str(paths[0])).shape == (174, 112, 3)
