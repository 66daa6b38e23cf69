"""The dice dataset format, its scoring, and the dice reader on the real photos."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.dataset import Box, Detection, match, read_dataset, score
from companion.vision.split import split_dataset

REAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "dice-real" / "enroll"


def test_the_centre_rule_matches_nearest_first_each_once():
    labels = [Box(0, 100, 100, 20, 20), Box(1, 130, 100, 20, 20)]
    found = [Detection(128, 101, 60, 60, 1, 1.0), Detection(104, 99, 10, 10, 0, 1.0)]
    # Detection 0's box covers both label centres; nearest centres pair first.
    assert sorted(match(labels, found)) == [(0, 1), (1, 0)]
    result = score([(labels, found + [Detection(400, 400, 10, 10, 0, 1.0)])])
    assert result["recall"] == 1.0 and result["precision"] == pytest.approx(2 / 3)
    assert result["face_accuracy"] == 1.0


def test_a_pip_only_box_still_matches_by_its_centre():
    labels = [Box(0, 100, 100, 6, 6)]  # the label quirk: the box wraps only the pip
    assert match(labels, [Detection(103, 98, 40, 40, 0, 1.0)]) == [(0, 0)]
    assert match(labels, [Detection(130, 98, 40, 40, 0, 1.0)]) == []


def test_reading_a_dataset_folder(tmp_path):
    (tmp_path / "classes.txt").write_text("soy\nred\n")
    cv2.imwrite(str(tmp_path / "a_1.png"), np.zeros((40, 80, 3), np.uint8))
    (tmp_path / "a_1.txt").write_text("1 0.5 0.25 0.1 0.2\n")
    classes, samples = read_dataset(tmp_path)
    assert classes == ["soy", "red"]
    assert samples[0].boxes == [Box(1, 40, 10, 8, 8)]
    (tmp_path / "a_1.txt").write_text("7 0.5 0.5 0.1 0.1\n")
    with pytest.raises(ValueError, match="class 7"):
        read_dataset(tmp_path)
    (tmp_path / "a_1.txt").write_text("1 0.5 0.5\n")
    with pytest.raises(ValueError, match="a_1.txt:1"):
        read_dataset(tmp_path)


@pytest.fixture(scope="module")
def real_split(tmp_path_factory):
    assert REAL.exists(), "the shared real dice photos sit beside the project"
    out = tmp_path_factory.mktemp("split")
    counts = split_dataset(str(REAL), str(out / "enroll"), str(out / "test"), first=20)
    assert counts == {"enroll": 120, "test": 190}
    return out


def test_the_dice_reader_on_the_real_photos(real_split, capsys):
    """Enrolled on pictures 1-20 of every series (20 crops per face), read on the
    other 190 pictures: the issue's targets (recall and faces 99 %, precision 98 %)."""
    code = main(
        [
            "vision",
            "eval-dice",
            "--enroll",
            str(real_split / "enroll"),
            "--test",
            str(real_split / "test"),
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["images"] == 190 and out["labels"] == 767
    assert out["recall"] >= 0.99
    assert out["precision"] >= 0.98
    assert out["face_accuracy"] >= 0.99
    assert set(out["crops_per_face"].values()) == {20}


def test_eval_dice_with_a_missing_folder_says_so(capsys, tmp_path):
    assert main(["vision", "eval-dice", "--enroll", str(tmp_path), "--test", str(tmp_path)]) == 2
    assert "classes.txt" in capsys.readouterr().err


def test_an_unreadable_frame_is_a_clear_error(real_split):
    from companion.vision.dataset import read_dataset
    from companion.vision.dice_reader import DiceReader

    classes, samples = read_dataset(real_split / "enroll")
    reader = DiceReader.enrol(classes, samples[:30], per_face=5)
    for bad in (
        None,
        np.zeros((40, 40), np.uint8),
        np.zeros((40, 40, 3), np.float32),
        np.zeros((4, 4, 3), np.uint8),
    ):
        with pytest.raises(ValueError, match="picture"):
            reader.read(bad)
    frame = samples[0].image()
    with pytest.raises(ValueError, match="empty picture"):
        reader.read(frame, empty=frame[:100])
    assert isinstance(reader.read(frame), list)
