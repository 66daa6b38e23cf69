"""The field reader on synthetic fields. Issue 8 is in progress: the held-out designs
are guarded at what is reached (bench/README.md), not yet at the 99 % target."""

import json

import numpy as np
import pytest

from companion.cli import main
from companion.vision.cards_synth import render_fields, write_enrolment, write_field_dataset
from companion.vision.field_reader import FieldReader


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("fields")
    for design in "abc":
        write_enrolment(root / f"enrol-{design}", design)
        write_field_dataset(root / f"test-{design}", 20, seed=11, design=design)
    return root


def test_counts_from_an_empty_slot_to_fifteen_cards(folders):
    reader = FieldReader.from_folder(folders / "enrol-a")
    rng = np.random.default_rng(2)
    for n in (0, 1, 2, 7, 15):
        img, fields = render_fields(rng, [["blue"] * n, ["soy"] * (15 - n), []])
        readings = [reader.read(img, f["quad"]) for f in fields]
        assert [len(r.cards) for r in readings] == [n, 15 - n, 0]


def test_a_mixed_duel_column_card_by_card(folders):
    reader = FieldReader.from_folder(folders / "enrol-a")
    column = ["red", "red", "black-eyed", "soy", "soy", "green"]
    img, fields = render_fields(np.random.default_rng(3), [column])
    assert reader.read(img, fields[0]["quad"]).cards == column


def test_eval_fields_cli_on_the_tuned_and_the_held_out_design(folders, capsys):
    for design, exact in (("a", 0.96), ("b", 0.93), ("c", 0.93)):
        code = main(
            [
                "vision",
                "eval-fields",
                "--enroll",
                str(folders / f"enrol-{design}"),
                "--test",
                str(folders / f"test-{design}"),
                "--json",
            ]
        )
        out = json.loads(capsys.readouterr().out)
        assert code == 0 and out["scenes"] == 20 and out["fields"] == 60
        assert out["count_rate"] == 1.0
        assert out["exact_rate"] >= exact, out
        assert set(out) >= {"exact", "exact_rate", "count_rate", "top_variety_rate", "ms_per_scene"}


def test_no_card_faces_is_a_clear_error(tmp_path, capsys):
    assert main(["vision", "eval-fields", "--enroll", str(tmp_path), "--test", str(tmp_path)]) == 2
    assert "no card faces" in capsys.readouterr().err


def test_a_full_table_seven_players_three_fields_far_rows_upside_down(folders):
    """21 slots in one 1280 x 960 frame at about 1.4 px/mm; the far row's slots face
    the other way (their quads start at the picture's bottom), with a lamp's glare."""
    from companion.vision.cards_synth import NUMBERS, random_columns

    reader = FieldReader.from_folder(folders / "enrol-a")
    rng = np.random.default_rng(8)
    columns = random_columns(rng, 21, list(NUMBERS))
    img, fields = render_fields(rng, columns, "a", glare=True)
    assert img.shape == (960, 1280, 3) and len(fields) == 21
    far = fields[0]["quad"]
    assert far[0][1] > far[3][1]  # the far row's top edge lies lower in the picture
    readings = [reader.read(img, f["quad"]) for f in fields]
    assert sum(len(r.cards) == len(c) for r, c in zip(readings, columns, strict=True)) >= 20
    assert sum(r.cards == c for r, c in zip(readings, columns, strict=True)) >= 19


def test_teach_mode_enrols_the_faces_from_the_camera_then_reads():
    from companion.vision.cards_synth import NUMBERS
    from companion.vision.field_reader import CardTeach

    rng = np.random.default_rng(12)
    teach = CardTeach(list(NUMBERS))
    with pytest.raises(ValueError, match="still needs"):
        teach.reader()
    beans = list(NUMBERS)
    for i in range(0, len(beans), 3):  # three slots at a time, one card in each
        group = beans[i : i + 3]
        img, fields = render_fields(rng, [[b] for b in group], "b")
        for bean, f in zip(group, fields, strict=True):
            teach.add(img, f["quad"], bean)
    img, fields = render_fields(rng, [[], ["soy"] * 2, ["wax"]], "b")
    with pytest.raises(ValueError, match="no card"):
        teach.add(img, fields[0]["quad"], "red")
    with pytest.raises(ValueError, match="just one"):
        teach.add(img, fields[1]["quad"], "red")
    with pytest.raises(ValueError, match="not one of"):
        teach.add(img, fields[2]["quad"], "purple")
    reader = teach.reader()
    columns = [["red"] * 4, ["black-eyed", "soy", "soy"], ["coffee"] * 9]
    right = counted = tops = 0
    for _ in range(5):
        img, fields = render_fields(rng, columns, "b")
        for f, c in zip(fields, columns, strict=True):
            cards = reader.read(img, f["quad"]).cards
            right += cards == c
            counted += len(cards) == len(c)
            tops += cards[-1:] == c[-1:]
    # Every count; coffee and cocoa, alike in this design but for their numbers, are
    # still now and then mixed up, in strips and once in a top card (issue 8's gap).
    assert counted == 15 and tops >= 14
    assert right >= 12, right


@pytest.mark.parametrize("design", ["a", "b"])
def test_the_face_up_pair_and_cards_set_aside_across(folders, design):
    """A card's place holds one card or none: the turned-over pair lies upright, a
    traded or gifted card lies across beside a field; either way up. Design b was
    not tuned on."""
    from companion.vision.cards_synth import NUMBERS, render_spots
    from companion.vision.field_reader import read_spot

    reader = FieldReader.from_folder(folders / f"enrol-{design}")
    rng = np.random.default_rng(3)
    beans = list(NUMBERS)
    right = total = empties = 0
    for _ in range(15):
        cards = [None if rng.random() < 0.2 else str(rng.choice(beans)) for _ in range(4)]
        across = [bool(rng.random() < 0.5) for _ in range(4)]
        img, spots = render_spots(rng, cards, design, across)
        for spot in spots:
            reading = read_spot(reader, img, spot["quad"])
            total += 1
            right += reading.card == spot["card"]
            empties += spot["card"] is None
    assert empties >= 5 and total == 60
    assert right == total


def test_fields_are_read_once_settled_never_while_a_hand_lays_a_card(folders):
    from companion.vision.watch import settled_fields

    reader = FieldReader.from_folder(folders / "enrol-a")

    def table(columns, hand=False):  # the same table, mats and camera every time
        return render_fields(
            np.random.default_rng(4), columns, hand=hand, glare=False, camera_seed=1
        )

    before, fields = table([["red"] * 2, ["soy"]])
    after, again = table([["red"] * 3, ["soy"]])
    assert again[0]["quad"] == fields[0]["quad"]
    hands = [table([["red"] * 2, ["soy"]], hand=True)[0] for _ in range(3)]
    # A hand moving over the table between two still spells.
    hands = [np.roll(h, 40 * k, axis=1) for k, h in enumerate(hands)]
    frames = [before] * 5 + hands + [after] * 5
    readings = list(settled_fields(frames, reader, [f["quad"] for f in fields]))
    assert [r.frame for r in readings] == [3, 11]
    assert [f.cards for f in readings[0].fields] == [["red"] * 2, ["soy"]]
    assert [f.cards for f in readings[1].fields] == [["red"] * 3, ["soy"]]
