"""The dice dataset format, its scoring, and the dice reader on the real photos."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.dataset import Box, Detection, match, read_dataset, score
from companion.vision.dice_reader import DiceReader
from companion.vision.split import split_by_size, split_dataset

from ..shared import REAL_DICE as REAL


def test_the_centre_rule_matches_nearest_first_each_once():
    labels = [Box(0, 100, 100, 20, 20), Box(1, 130, 100, 20, 20)]
    found = [Detection(128, 101, 60, 60, 1, 1.0), Detection(104, 99, 10, 10, 0, 1.0)]
    # Detection 0's box covers both label centres; nearest centres pair first.
    assert sorted(match(labels, found)) == [(0, 1), (1, 0)]
    result = score([(labels, found + [Detection(400, 400, 10, 10, 0, 1.0)])])
    assert result["recall"] == 1.0 and result["precision"] == pytest.approx(2 / 3)
    assert result["face_accuracy"] == 1.0


def test_a_gradients_orientation_bin_is_its_angle_folded_to_half_a_turn():
    from companion.vision.dice_reader import ORIENT, _orientation_bins

    rng = np.random.default_rng(3)
    ang = np.concatenate(
        [rng.uniform(0, 360, 5000), [0, 20, 179.99998, 180, 199.99998, 200, 359.99997, 360]]
    ).astype(np.float32)
    want = ((ang % 180) * (ORIENT / 180)).astype(np.int64) % ORIENT
    assert np.array_equal(_orientation_bins(ang), want)
    assert _orientation_bins(np.float32([10, 190, 350])).tolist() == [0, 0, 8]


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


@pytest.mark.long(51)
def test_the_dice_reader_on_the_real_photos(real_split, capsys):
    """Enrolled on pictures 1-20 of every series (20 crops per face), read on the
    other 190 pictures: recall, precision and faces 99.5 % (reached: 100 %, 100 %,
    99.7 %; bench/README.md)."""
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
    assert out["recall"] >= 0.995
    assert out["precision"] >= 0.995
    assert out["face_accuracy"] >= 0.995
    assert set(out["crops_per_face"].values()) == {20}


@pytest.mark.long(63)
def test_the_dice_reader_taught_at_one_size_reads_smaller_and_larger_dice(tmp_path, capsys):
    """Split by size: taught on the pictures whose dice are 30-45 px, read on those
    with smaller (down to about 15 px) or larger (up to about 85 px) dice, as at a
    table where the camera was moved. Reached: recall 98.9 %, precision 100 %,
    faces 100 % (issue 17 asks 99.5 % recall: not reached. Of the 377 dice one
    is a label on empty table and three are pip-only labels of a heap of three
    dice no more die-like than the table around them; the blurred Six at the
    edge is found since the verifier is taught blurred dice. Was 98.7 %; before
    the colour model in logarithms 99.2 %, but 92.6 % at 0.45 the brightness;
    bench/README.md). Dice found by their outlines too find the heap's pale One
    when taught on the development pictures only, not with these (its face
    scores just under this reader's gate). Asked: one die fewer than reached."""
    enroll, test = tmp_path / "enroll", tmp_path / "test"
    argv = ["vision", "split", str(REAL), "--by", "size"]
    assert main([*argv, "--enroll-out", str(enroll), "--test-out", str(test)]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts == {
        "enroll": 167,
        "test": 143,
        "enroll_dice": 574,
        "smaller_dice": 103,
        "larger_dice": 274,
    }
    assert (
        main(["vision", "eval-dice", "--enroll", str(enroll), "--test", str(test), "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["labels"] == 377
    assert out["recall"] >= 0.986
    assert out["precision"] >= 0.995
    assert out["face_accuracy"] >= 0.995
    # Where it is read: dice far smaller and far larger than those taught.
    small, large = out["by_size"]["0-19"], out["by_size"]["60+"]
    assert small["dice"] == 40 and small["right"] >= 37
    assert large["dice"] == 31 and large["right"] >= 30


def test_a_size_split_goes_by_the_dice_in_each_picture(tmp_path):
    (tmp_path / "classes.txt").write_text("one\ntwo\n")
    for name, side in (("a_1", 20), ("a_2", 36), ("b_1", 44), ("b_2", 60)):
        cv2.imwrite(str(tmp_path / f"{name}.png"), np.zeros((100, 200, 3), np.uint8))
        box = f"0 0.5 0.5 {side / 200} {side / 100}\n"
        (tmp_path / f"{name}.txt").write_text(box + box)
    cv2.imwrite(str(tmp_path / "c_1.png"), np.zeros((100, 200, 3), np.uint8))  # no label
    counts = split_by_size(str(tmp_path), str(tmp_path / "e"), str(tmp_path / "t"), 30, 45)
    assert counts == {
        "enroll": 2,
        "test": 2,
        "enroll_dice": 4,
        "smaller_dice": 2,
        "larger_dice": 2,
    }
    assert sorted(p.name for p in (tmp_path / "e").glob("*.png")) == ["a_2.png", "b_1.png"]
    assert sorted(p.name for p in (tmp_path / "t").glob("*.png")) == ["a_1.png", "b_2.png"]
    assert (tmp_path / "t" / "a_1.txt").exists()
    with pytest.raises(ValueError, match="low to high"):
        split_by_size(str(tmp_path), str(tmp_path / "e"), str(tmp_path / "t"), 45, 30)


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


# Harder than a split of one sitting's photos (bench/dice_heldout.py): the size
# split in both directions, the test pictures as another sitting may show them.
# A fifth of the pictures (harder.held_out) is read by none of these.


@pytest.fixture(scope="module")
def real_dev():
    from companion.sim.harder import held_out

    classes, samples = read_dataset(REAL)
    return classes, [s for s in samples if s.boxes and not held_out(s)]


def _side(sample) -> float:
    return float(np.median([max(b.w, b.h) for b in sample.boxes]))


def _read(reader, samples, change="as is"):
    from companion.sim.harder import CHANGES

    results = []
    for s in samples:
        img, boxes = CHANGES[change](s.image(), s.boxes)
        results.append((boxes, reader.read(img)))
    return score(results)


@pytest.mark.long(75)
def test_a_die_learnt_from_another_place_than_its_label_is_left_out(real_dev):
    """Issue 17: which 20 dice of a face enrolment takes is a draw. Whenever it took
    dice of dice_20 (a heap seen very slantwise, each die labelled by its top pip),
    the reader learnt from a view that was not the labelled die and read specks of
    the table as Ones: precision 70 % with seeds 3 and 5, 98 % with 4 (the
    pictures 1-20 of every series taught, the mixed pictures after them read).
    Those dice are left out (a heap, a label off the face found, a die as unlike
    its face's others as clutter), whatever the draw."""
    import re

    classes, samples = real_dev
    number = [int(re.sub(r"\D", "", s.path.stem) or 0) for s in samples]
    taught = [s for s, n in zip(samples, number, strict=True) if n <= 20]
    read = [
        s
        for s, n in zip(samples, number, strict=True)
        if n > 20 and s.path.name.startswith("dice_")
    ]
    assert len(read) >= 20
    for seed in (3, 4, 5):
        reader = DiceReader.enrol(classes, taught, per_face=20, seed=seed)
        sc = _read(reader, read)
        assert sc["precision"] >= 0.99 and sc["recall"] >= 0.99, (seed, sc)


@pytest.mark.long(36)
def test_dice_taught_small_are_read_two_to_four_times_larger(real_dev):
    """The 30-45 px pictures shrunk by 0.6 taught (dice of 18-27 px, a camera
    1.7 times as high), the pictures of dice over 45 px read. Reached: recall
    99.5 %, precision 100 %, faces 99.5 % (220 dice; the one missed is
    `five_1`'s label on empty table. 98.2 % before large blobs were searched for
    dice up to 4.5 times the taught side, not 3.5: three dice of 65-90 px
    missed; 97.7 / 100 / 99.1 % before a ragged or touching die was also read
    as large as its blob). Asked: issue 17's marks."""
    from companion.sim.harder import Smaller
    from companion.vision.dice_reader import DiceReader

    classes, samples = real_dev
    taught = [Smaller(s, 0.6) for s in samples if 30 <= _side(s) <= 45]
    reader = DiceReader.enrol(classes, taught, per_face=20)
    out = _read(reader, [s for s in samples if _side(s) > 45])
    assert out["labels"] == 220
    assert out["recall"] >= 0.995
    assert out["precision"] >= 0.995
    assert out["face_accuracy"] >= 0.99


def test_dice_taught_large_are_read_smaller(real_dev):
    """The pictures of dice over 45 px taught, those of 45 px and under read.
    Reached: recall 99.6 %, precision 100 %, faces 99.8 % (545 dice; 99.1 %
    before a die the verifier is sure of but whose face was not found where its
    blob put it, a slanted view showing its sides, was looked at again, smaller
    and in the blob's corners). Asked: issue 17's marks."""
    from companion.vision.dice_reader import DiceReader

    classes, samples = real_dev
    reader = DiceReader.enrol(classes, [s for s in samples if _side(s) > 45], per_face=20)
    out = _read(reader, [s for s in samples if _side(s) <= 45])
    assert out["labels"] == 545
    assert out["recall"] >= 0.995
    assert out["precision"] >= 0.995
    assert out["face_accuracy"] >= 0.995


@pytest.mark.long(32)
def test_the_size_split_read_warm_dark_blurred_compressed_and_turned(real_dev):
    """The size split (30-45 px taught) of the development pictures, its test
    pictures as they are and read under a warm lamp, at 0.45 the brightness,
    blurred (sigma 1.5), as JPEG at quality 60 and turned by 5 degrees, all at
    once. Reached as they are: 99.7 / 100 / 100 % (296 dice; the one missed is
    `five_1`'s label on empty table; 99.3 % before dice were found by their
    outlines too: the pale One of `dice_20`'s heap). All at once: recall 99.0 %,
    precision 100 %, faces 99.7 % (98.6 % recall before the outlines; 99.3 %
    before that, a large die read from a part of its face)."""
    from companion.vision.dice_reader import DiceReader

    classes, samples = real_dev
    reader = DiceReader.enrol(classes, [s for s in samples if 30 <= _side(s) <= 45], per_face=20)
    read = [s for s in samples if not 30 <= _side(s) <= 45]
    plain = _read(reader, read)
    assert plain["labels"] == 296
    assert plain["recall"] >= 0.993  # one die fewer than reached
    assert plain["precision"] >= 0.995 and plain["face_accuracy"] >= 0.995
    out = _read(reader, read, "all")
    assert out["labels"] == 296
    assert out["recall"] >= 0.986
    assert out["precision"] >= 0.995
    assert out["face_accuracy"] >= 0.993


def test_dice_are_found_by_their_outlines_too():
    """A pale die on a pale table (the colour model's blind spot) has an outline:
    a square closed in by edges, of a die's size, is a candidate; a region of
    another size, or a long stripe (a table's grain, a cable), is not; a die so
    small that its pip's edges fill it is one by its clump of edges."""
    from companion.vision.dice_reader import _outlined

    table = np.full((240, 320, 3), 185, np.uint8)
    cv2.rectangle(table, (40, 40), (72, 72), (215, 215, 215), -1)  # a 33 px die
    cv2.circle(table, (56, 56), 3, (30, 30, 30), -1)  # its One
    cv2.rectangle(table, (150, 40), (290, 60), (215, 215, 215), -1)  # a stripe
    cv2.rectangle(table, (150, 120), (260, 220), (215, 215, 215), -1)  # a sheet
    cv2.rectangle(table, (58, 158), (70, 170), (215, 215, 215), -1)  # a 13 px die
    cv2.circle(table, (64, 164), 2, (30, 30, 30), -1)
    cv2.rectangle(table, (250, 80), (255, 85), (215, 215, 215), -1)  # a 6 px speck
    found = _outlined(table, 34.0)
    at = sorted((round(c.cx), round(c.cy), round(c.side)) for c in found)
    assert {(x, y) for x, y, _ in at} == {(56, 56), (64, 164)}, at  # each once or twice
    for x, _, side in at:  # (a small die: its edges' clump and the region they close in)
        assert 28 <= side <= 38 if x == 56 else 9 <= side <= 16, at
    assert all(c.part for c in found)  # each must pass the verifier


def test_the_outlines_are_searched_only_when_fewer_dice_than_expected_are_found(
    real_split, monkeypatch
):
    """Told how many dice there are, the reader looks for outlines only when the
    colour model found fewer; untold, always."""
    from companion.vision import dice_reader
    from companion.vision.dataset import read_dataset
    from companion.vision.dice_reader import DiceReader

    classes, samples = read_dataset(real_split / "enroll")
    reader = DiceReader.enrol(classes, samples[:30], per_face=5)
    calls = []
    searched = dice_reader._outlined
    monkeypatch.setattr(
        dice_reader, "_outlined", lambda img, s: calls.append(1) or searched(img, s)
    )
    frame = samples[0].image()
    found = reader.read(frame)
    assert len(calls) == 1 and found
    assert reader.read(frame, expected=len(found)) == found
    assert len(calls) == 1  # as many found as expected: no search
    reader.read(frame, expected=len(found) + 1)
    assert len(calls) == 2
