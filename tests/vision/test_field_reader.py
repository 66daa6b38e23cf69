"""The field reader on synthetic fields of cards built like the published ones
(issue 16): a white rounded border, a white beanometer band at the bottom, the count
in both top corners. Styles r1-r3 are the ones the reader was tuned on; the tests
read r4-r6, kept out. The figures the bench reaches are in bench/README.md; these
tests guard a little under them (few tables: a test must stay quick)."""

import json

import cv2
import numpy as np
import pytest

import companion.sim.hard_tables as hard_tables
import companion.vision.field_reader as fr
from companion.cli import main
from companion.sim.card_scenes import (
    NUMBERS,
    card_face,
    render_fields,
    write_enrolment,
    write_field_dataset,
)
from companion.sim.hard_tables import (
    CARD_MASK,
    EASY,
    HELD_OUT,
    Conditions,
    real_face,
    render_table,
    write_real_enrolment,
)
from companion.vision.calibrate import MatTracker, sizes_on_table, to_image
from companion.vision.field_reader import FieldReader, slot_view
from companion.vision.mats import card_mat


def reader_for(style):
    return FieldReader({b: card_face(b, style) for b in NUMBERS})


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("fields")
    for design in ("r1", "r4"):
        write_enrolment(root / f"enrol-{design}", design)
        write_field_dataset(root / f"test-{design}", 10, seed=11, design=design)
    return root


def test_counts_from_the_cards_whatever_the_strip():
    """Strips of 9 mm to 25 mm: the count comes from each card's own top edge, not a
    fixed pitch, and from where the first card and the top card meet the printed
    grey slot."""
    reader = reader_for("r4")
    rng = np.random.default_rng(2)
    wrong = []
    for strip in (9.0, 14.0, 25.0):
        cond = Conditions(**{**EASY.__dict__, "strip_mm": (strip, strip)})
        n_most = min(1 + int((225 + 6 - 87) // strip), 15)
        columns = [(["blue"] * n, strip) for n in (0, 1, 2, n_most)] + [([], strip)] * 2
        img, labels = render_table(rng, 2, "r4", cond, columns=columns)
        got = [len(reader.read(img, f["quad"], f["size_mm"]).cards) for f in labels["fields"]]
        wrong += [(strip, g, len(c)) for g, (c, _) in zip(got, columns, strict=True) if g != len(c)]
    assert not wrong, wrong


def test_a_mixed_duel_column_card_by_card():
    reader = reader_for("r4")
    column = ["red", "red", "black-eyed", "soy", "soy", "green"]
    rng = np.random.default_rng(3)
    img, labels = render_table(rng, 1, "r4", EASY, columns=[(column, 12.0)] * 3)
    for f in labels["fields"]:
        assert reader.read(img, f["quad"], f["size_mm"]).cards == column


# What two tables (42 fields) of each held-out style must reach: a little under the
# bench's figures (bench/README.md; issue 16's targets, 99 % exact, are not reached).
HELD_OUT_FLOOR = {"r4": (35, 39, 41), "r5": (38, 40, 41), "r6": (39, 41, 41)}


@pytest.mark.parametrize("style", HELD_OUT)
def test_hard_tables_of_styles_never_tuned_on(style):
    """Lamp 2700-6500 K, uneven light, the camera up to 15 degrees off, strips 8-25
    mm, cards 10 mm and 8 degrees off, white / cream / grey paper, glare, JPEG 70:
    two 7-player tables (42 fields) of a style the reader was not tuned on, each slot
    taken at its printed size."""
    reader = reader_for(style)
    rng = np.random.default_rng(40 + HELD_OUT.index(style))
    fields = exact = counted = top = 0
    for _ in range(2):
        img, labels = render_table(rng, 7, style)
        for f in labels["fields"]:
            cards = reader.read(img, f["quad"], f["size_mm"]).cards
            fields += 1
            exact += cards == f["cards"]
            counted += len(cards) == len(f["cards"])
            top += cards[-1:] == f["cards"][-1:]
    assert fields == 42
    least_exact, least_counted, least_top = HELD_OUT_FLOOR[style]
    assert exact >= least_exact and counted >= least_counted and top >= least_top, (
        exact,
        counted,
        top,
    )


def test_a_frames_slots_read_together_as_one_by_one_under_the_tables_lamp():
    """`read_all` (one BGRA copy of the frame for every slot's warp) reads every
    slot as `read_slot` does under the table's lamp, card for card and margin for
    margin."""
    reader = reader_for("r1")
    img, labels = render_table(np.random.default_rng(3), 7, "r1")
    quads = [f["quad"] for f in labels["fields"]]
    sizes = [f["size_mm"] for f in labels["fields"]]
    together = reader.read_all(img, [*quads, None], [*sizes, None])
    assert together[-1] is None
    views = [slot_view(img, q, s) for q, s in zip(quads, sizes, strict=True)]
    lamp = fr.lamp_colour(views)
    assert lamp is not None
    assert together[:-1] == [reader.read_slot(v, lamp) for v in views]


def test_a_lamps_reflection_over_a_slots_cards_leaves_their_white_to_the_tables_lamp():
    """A warm lamp (2719 K) over a 7-player table, the camera 15 degrees off, and its
    reflection over seat 1's slots (the stress tables' fourth frame, seed 13): a
    slot's whitest pixels are the reflection's, whiter than the cards' lamp-coloured
    borders, which then are not white. The lamp's colour is the table's: the
    borders are seen, and the columns counted (one by one, each slot's own white:
    two blues for six). The reflection lowers the slot's
    level too: it is taken from the white under the lamp (15 greens, read as 0)."""
    reader = reader_for("r1")
    rng = np.random.default_rng(13)
    cond = Conditions(tilt_deg=(9.0, 15.0), strip_mm=(8.0, 12.0), glare=0.8)
    for _ in range(4):
        img, labels = render_table(rng, 7, "r1", cond)
    fields = [labels["fields"][k] for k in (0, 4, 5)]
    assert [f["cards"] for f in fields] == [["stink"] * 2, ["blue"] * 6, ["green"] * 15]
    every = reader.read_all(
        img, [f["quad"] for f in labels["fields"]], [f["size_mm"] for f in labels["fields"]]
    )
    assert [every[k].cards for k in (0, 4, 5)] == [["stink"] * 2, ["blue"] * 6, ["green"] * 15]
    # One by one, each slot's own white is the reflection's: the six blues and the 15
    # greens are miscounted (the two stinks are near the line either way).
    alone = [reader.read(img, f["quad"], f["size_mm"]).cards for f in fields]
    assert [len(c) for c in alone][1:] == [2, 0]


def test_the_tables_lamp_is_the_slots_median_white_and_a_slot_far_off_it_takes_it():
    even = np.full((300, 88, 3), 120, np.uint8)
    assert fr.lamp_colour([even] * 5) is None  # bare slots say nothing of the lamp
    lamp = np.array([1.5, 0.9, 0.6])
    # The cards' white as this lamp colours it, at a level that wants gains 2.5.
    borders = np.tile((240 / (lamp * 2.5)).astype(np.uint8), (40, 40, 1))
    assert np.allclose(fr._under(np.array([3.0, 1.8, 1.2]), lamp, borders), [3.0, 1.8, 1.2])
    off = np.array([2.4, 1.8, 1.8])  # a reflection's white: more neutral than the lamp
    assert np.allclose(fr._under(off, lamp, borders), lamp * 2.5, rtol=0.02)
    # No white under the lamp in view (all art): the lamp at the slot's own level.
    art = np.tile(np.uint8([30, 120, 40]), (40, 40, 1))
    assert np.allclose(fr._under(off, lamp, art), lamp * 2.0)
    assert np.allclose(fr._under(off, None, borders), off)


def test_a_slot_is_true_to_scale_only_from_its_printed_size():
    """Issue 16: a camera off straight down foreshortens a slot; taken from its
    quad's shape it is squeezed (counts come out short), from its printed size
    through the calibration it is true."""
    rng = np.random.default_rng(9)
    cond = Conditions(**{**EASY.__dict__, "tilt_deg": (15.0, 15.0)})
    img, labels = render_table(rng, 4, "r4", cond)
    lengths = []
    for f in labels["fields"]:
        true = slot_view(img, f["quad"], f["size_mm"]).shape[0]
        squeezed = slot_view(img, f["quad"]).shape[0]
        lengths.append(squeezed / true)
    assert min(lengths) < 0.97 or max(lengths) > 1.03  # the shape alone is off somewhere
    reader = reader_for("r4")
    ok = sum(
        reader.read(img, f["quad"], f["size_mm"]).cards == f["cards"] for f in labels["fields"]
    )
    assert ok >= 9


def test_a_slots_printed_size_not_given_is_measured_through_the_mats_in_the_picture(tmp_path):
    """Issue 16: `eval-fields` is given each slot's corners in the picture; taken
    from that shape alone, a slot seen by a camera 15 degrees off is squeezed or
    stretched by up to a tenth and its count comes out wrong. The mats' markers in
    the same picture give its size on the table."""
    rng = np.random.default_rng(1)
    cond = Conditions(**{**EASY.__dict__, "tilt_deg": (15.0, 15.0)})
    img, labels = render_table(rng, 7, "r4", cond)
    quads = [f["quad"] for f in labels["fields"]]
    measured = sizes_on_table(img, quads)
    for f, size in zip(labels["fields"], measured, strict=True):
        assert size is not None
        assert np.allclose(size, f["size_mm"], atol=1.5), (size, f["size_mm"])
    reader = reader_for("r4")
    given = [r.cards for r in reader.read_all(img, quads, [f["size_mm"] for f in labels["fields"]])]
    counted = [len(g) == len(f["cards"]) for g, f in zip(given, labels["fields"], strict=True)]
    assert sum(counted) == 21
    assert [r.cards for r in reader.read_all(img, quads)] == given
    # (from the shapes alone, 12 of the 21 counts were right)
    lamp = fr.lamp_colour([slot_view(img, q) for q in quads])
    shaped = [reader.read_slot(slot_view(img, q), lamp).cards for q in quads]
    fields = labels["fields"]
    assert sum(len(g) == len(f["cards"]) for g, f in zip(shaped, fields, strict=True)) < 16
    assert reader.read(img, quads[0]).cards == given[0]
    # eval-fields on labels without sizes reads as with them.
    cv2.imwrite(str(tmp_path / "scene.png"), img)
    bare = [{"quad": f["quad"], "cards": f["cards"]} for f in labels["fields"]]
    (tmp_path / "scene.json").write_text(json.dumps({"fields": bare}))
    figures, _ = fr.score_fields(reader, tmp_path)
    assert figures["exact"] == sum(g == f["cards"] for g, f in zip(given, fields, strict=True))
    # No mat in view: nothing to measure by (the slot's shape is all there is).
    assert sizes_on_table(np.full((480, 640, 3), 200, np.uint8), quads[:1]) == [None]


def _enrol(folder, style, picture):
    """A face a variety of `style` as `picture` makes it from the card, into `folder`."""
    folder.mkdir()
    for bean in NUMBERS:
        face = real_face(bean, style)
        face[CARD_MASK == 0] = 255
        cv2.imwrite(str(folder / f"{bean}.png"), picture(face))
    return FieldReader.from_folder(folder)


def _photographed(face, ground=(60, 70, 80), turn=0.0):
    """The card on a table (or a scanner's lid) with room around it, a little turned."""
    out = cv2.copyMakeBorder(face, 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=ground)
    m = cv2.getRotationMatrix2D((out.shape[1] / 2, out.shape[0] / 2), turn, 1.0)
    return cv2.warpAffine(out, m, out.shape[1::-1], borderValue=ground)


def _cut_out(face):
    """The card cut out with its rounded corners: transparent outside them."""
    alpha = np.where(CARD_MASK > 0, 255, 0).astype(np.uint8)
    return np.dstack([np.where(CARD_MASK[..., None] > 0, face, 0), alpha])


def test_a_face_enrolled_from_a_photo_or_scan_with_room_around_it_is_cut_to_the_card(tmp_path):
    """Issue 16: the reader takes an enrolled face to be the card edge to edge; a
    face picture with 15 mm of table or scanner lid around the card (dark or light
    grey, the card a little turned), or cut out with transparent corners, reads
    the table as the card cut to its edges does."""
    rng = np.random.default_rng(202)
    img, labels = render_table(rng, 7, "r1")
    quads = [f["quad"] for f in labels["fields"]]
    sizes = [f["size_mm"] for f in labels["fields"]]
    tight = _enrol(tmp_path / "tight", "r1", lambda f: f)
    truth = [f["cards"] for f in labels["fields"]]
    want = [r.cards for r in tight.read_all(img, quads, sizes)]
    assert sum(w == t for w, t in zip(want, truth, strict=True)) >= 19
    pictures = {
        "dark": lambda f: _photographed(f, turn=6.0),
        "turned back": lambda f: _photographed(f, turn=-6.0),
        "light grey": lambda f: _photographed(f, ground=(200, 200, 200)),
        "cut out": _cut_out,
    }
    for name, picture in pictures.items():
        reader = _enrol(tmp_path / name.replace(" ", "-"), "r1", picture)
        got = [r.cards for r in reader.read_all(img, quads, sizes)]
        right = sum(g == t for g, t in zip(got, truth, strict=True))
        assert right >= sum(w == t for w, t in zip(want, truth, strict=True)) - 1, name


def test_a_face_picture_cut_to_the_card_is_kept_as_it_is():
    for bean in NUMBERS:
        face = real_face(bean, "r4")
        face[CARD_MASK == 0] = 255
        assert fr.card_in(face) is face


def test_an_unreadable_frame_is_a_clear_error():
    reader = reader_for("r1")
    quad = [[0, 0], [64, 0], [64, 225], [0, 225]]
    with pytest.raises(ValueError, match="not a colour picture"):
        reader.read(None, quad)
    with pytest.raises(ValueError, match="not a colour picture"):
        reader.read(np.zeros((10, 10), np.uint8), quad)
    with pytest.raises(ValueError, match="holds no column"):
        reader.read(np.zeros((300, 300, 3), np.uint8), quad, (64, 5))


def test_eval_fields_cli_on_the_tuned_and_a_held_out_style(folders, capsys):
    for design, exact in (("r1", 0.85), ("r4", 0.85)):
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
        assert code == 0 and out["scenes"] == 10 and out["fields"] == 30
        assert out["count_rate"] >= 0.95, out
        assert out["exact_rate"] >= exact, out
        assert set(out) >= {"exact", "exact_rate", "count_rate", "top_variety_rate", "ms_per_scene"}


def test_no_card_faces_is_a_clear_error(tmp_path, capsys):
    assert main(["vision", "eval-fields", "--enroll", str(tmp_path), "--test", str(tmp_path)]) == 2
    assert "no card faces" in capsys.readouterr().err


def test_a_full_table_seven_players_three_fields_far_rows_upside_down(folders):
    """21 slots in one 1280 x 960 frame at about 1.4 px/mm; the far row's slots face
    the other way (their quads start at the picture's bottom), with a lamp's glare."""
    from companion.sim.card_scenes import random_columns

    reader = FieldReader.from_folder(folders / "enrol-r1")
    rng = np.random.default_rng(8)
    columns = random_columns(rng, 21, list(NUMBERS))
    img, fields = render_fields(rng, columns, "r1", glare=True)
    assert img.shape == (960, 1280, 3) and len(fields) == 21
    far = fields[0]["quad"]
    assert far[0][1] > far[3][1]  # the far row's top edge lies lower in the picture
    readings = [reader.read(img, f["quad"]) for f in fields]
    assert sum(len(r.cards) == len(c) for r, c in zip(readings, columns, strict=True)) >= 20
    assert sum(r.cards == c for r, c in zip(readings, columns, strict=True)) >= 17


def test_teach_mode_enrols_the_faces_from_the_camera_then_reads():
    from companion.vision.field_reader import CardTeach

    rng = np.random.default_rng(12)
    teach = CardTeach(list(NUMBERS))
    with pytest.raises(ValueError, match="still needs"):
        teach.reader()
    beans = list(NUMBERS)
    for i in range(0, len(beans), 3):  # three slots at a time, one card in each
        group = beans[i : i + 3]
        img, fields = render_fields(rng, [[b] for b in group], "r4")
        for bean, f in zip(group, fields, strict=True):
            teach.add(img, f["quad"], bean)
    img, fields = render_fields(rng, [[], ["soy"] * 2, ["wax"]], "r4")
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
        img, fields = render_fields(rng, columns, "r4")
        for f, c in zip(fields, columns, strict=True):
            cards = reader.read(img, f["quad"]).cards
            right += cards == c
            counted += len(cards) == len(c)
            tops += cards[-1:] == c[-1:]
    assert counted >= 14 and tops >= 14
    assert right >= 12, right


@pytest.mark.parametrize("design", ["r1", "r4"])
def test_the_face_up_pair_and_cards_set_aside_across(folders, design):
    """A card's place holds one card or none: the turned-over pair lies upright, a
    traded or gifted card lies across beside a field; either way up."""
    from companion.sim.card_scenes import render_spots
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
    assert right >= 58


def test_fields_are_read_once_settled_never_while_a_hand_lays_a_card(folders):
    from companion.vision.watch import settled_fields

    reader = reader_for("r0")  # (render_fields' default design, the demo's)

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


def test_glare_along_a_printed_slot_is_not_a_card():
    """A lamp's reflection that lights the printed slot's far half up to half again
    (lighter than the slot's colour allows overall): the bare slot is its colour row
    by row as its sides show it, so a short column is not read on to the slot's end
    (it was: 3 cards read as 6, a lone card as 3)."""
    reader = reader_for("r4")
    wrong = []
    for paper in ("white", "cream", "grey"):
        cond = Conditions(**{**EASY.__dict__, "papers": (paper,)})
        columns = [(["red"] * 3, 14.0), (["wax"], 12.0), ([], 12.0)]
        img, labels = render_table(np.random.default_rng(1), 1, "r4", cond, columns=columns)
        for f in labels["fields"]:
            view = slot_view(img, f["quad"], f["size_mm"]).astype(np.float32)
            lamp = 1 + 0.5 * np.clip((np.arange(view.shape[0]) - 250) / 150, 0, 1)
            glared = np.clip(view * lamp[:, None, None], 0, 255).astype(np.uint8)
            n = len(reader.read_slot(glared).cards)
            if n != len(f["cards"]):
                wrong.append((paper, len(f["cards"]), n))
    assert not wrong, wrong


def test_columns_of_dark_grey_cards_on_a_printed_slot():
    """The demo's black-eyed cards (r0) have dark grey art, near the slot's printed
    grey: where a card laid off its place covers the slot's side, its art is not
    taken for bare slot (columns were read short: 8 as 5 or 6 on grey paper)."""
    reader = FieldReader({b: card_face(b, "r0") for b in NUMBERS})
    wrong, fields = [], 0
    for paper in ("white", "cream", "grey"):
        cond = Conditions(**{**EASY.__dict__, "papers": (paper,), "off_mm": 10.0, "turn_deg": 4.0})
        columns = [(["black-eyed"] * n, 14.0) for n in (2, 5, 8)]
        for seed in range(3):
            img, labels = render_table(np.random.default_rng(seed), 1, "r0", cond, columns=columns)
            for f in labels["fields"]:
                fields += 1
                n = len(reader.read(img, f["quad"], f["size_mm"]).cards)
                if n != len(f["cards"]):
                    wrong.append((paper, seed, len(f["cards"]), n))
    assert fields == 27
    assert len(wrong) <= 1, wrong  # (one on grey paper: 5 read as 2)


def test_a_first_card_laid_over_the_slots_top_on_white_paper_is_counted():
    """On white paper a card's white border does not differ from the paper: a first
    card laid over the slot's top, its top border lost in the paper, is counted
    from its art showing in the slot above the next card's top (with no bare slot
    between); columns were read a card short. A warm lamp, the camera a little off."""
    reader = FieldReader({b: card_face(b, "r1") for b in NUMBERS})
    cond = Conditions(
        **{
            **EASY.__dict__,
            "off_mm": 6.0,
            "turn_deg": 4.0,
            "kelvin": (2800.0, 3800.0),
            "tilt_deg": (4.0, 9.0),
            "blur": 1.0,
            "uneven": 0.3,
            "jpeg": 80,
        }
    )
    columns = [(["red"] * 13, 11.0), (["soy"] * 12, 11.0), (["wax"] * 5, 9.0)] * 2
    wrong, fields = [], 0
    for seed in range(8):
        img, labels = render_table(np.random.default_rng(seed), 2, "r1", cond, columns=columns)
        for f in labels["fields"]:
            fields += 1
            n = len(reader.read(img, f["quad"], f["size_mm"]).cards)
            if n != len(f["cards"]):
                wrong.append((seed, len(f["cards"]), n))
    assert fields == 48
    assert len(wrong) <= 1, wrong  # (before: 5 columns of 5 read as 4)


def test_a_card_laid_aside_or_turned_is_read_by_its_own_colour_not_the_slots_beside_it():
    """A card laid up to 10 mm aside or 8 degrees turned shows a wedge of itself
    under the next card. Its colour is read from what shows of its middle, against
    the face's rows as they show, not from the whole view's width (the bare slot,
    the next field's cards): a chili bean's first card read as cocoa or black-eyed,
    a green one as stink (5 of 96 fields, seeds 0-15, before; now none)."""
    reader = reader_for("r1")
    cond = Conditions(**{**EASY.__dict__, "off_mm": 10.0, "turn_deg": 8.0})
    columns = [
        (["chili", "blue", "green", "stink"], 9.0),
        (["chili"] * 6, 10.0),
        (["red", "coffee", "soy"], 9.0),
    ] * 2
    wrong, fields = [], 0
    for seed in range(16):
        img, labels = render_table(np.random.default_rng(seed), 2, "r1", cond, columns=columns)
        for f in labels["fields"]:
            got = reader.read(img, f["quad"], f["size_mm"]).cards
            fields += len(got) == len(f["cards"])
            if len(got) == len(f["cards"]) and got != f["cards"]:
                wrong.append((seed, f["cards"], got))
    assert fields >= 90
    assert len(wrong) <= 1, wrong


def _unprinted_slot_view(paper=(200, 225, 238), fill=None):
    """A slot's view (64 x 250 mm, margins as `slot_view` leaves them) of bare paper,
    the slot's outline printed dark green, blurred as a camera blurs it; `fill`: the
    slot printed that grey."""
    mx, my = (int(v) for v in fr.MARGIN_MM)
    w, length = 64, 250
    view = np.zeros((int((length + 2 * my) * fr.ALONG), int(w + 2 * mx), 3), np.uint8)
    view[:] = paper
    y0, y1 = int(my * fr.ALONG), int((my + length) * fr.ALONG)
    if fill is not None:
        view[y0:y1, mx : mx + w] = fill
    for x in (mx, mx + w - 1):
        view[y0:y1, x] = (60, 100, 60)
    view = cv2.GaussianBlur(view, (0, 0), 1.2)
    # The lamp's light falls off along the slot.
    ramp = np.linspace(1.0, 0.82, view.shape[0])[:, None, None]
    return np.clip(view * ramp, 0, 255).astype(np.uint8)


def _warm_table(style, seed, frame, kelvin):
    """The `frame`th 7-player table of a generator (`seed`) under a warm lamp."""
    rng = np.random.default_rng(seed)
    for _ in range(frame):
        img, labels = render_table(rng, 7, style, Conditions(kelvin=kelvin))
    return img, labels


def test_a_first_card_laid_above_the_slots_top_shows_its_name_band_short_of_a_strip():
    """Eight cocoas under a warm lamp (3184 K) on cream paper, 8-9 mm strips (the
    tuned tests' warm tables, seed 31, the fifth frame): the first card laid 1.5 mm
    above the slot's top and turned, its top border lost in the paper; of it the
    slot shows 4 mm of name band above the next card's top. That is counted (up to
    a millimetre from the next card's top border, not a millimetre and a half):
    eight cards, not seven."""
    reader = reader_for("r1")
    img, labels = _warm_table("r1", 31, 5, (2700.0, 3300.0))
    field = labels["fields"][18]
    assert field["cards"] == ["cocoa"] * 8
    assert reader.read(img, field["quad"], field["size_mm"]).cards == ["cocoa"] * 8


def test_a_turned_first_card_over_the_slots_top_leaving_a_corner_bare_is_counted():
    """Eight cocoas under a warm lamp (3350 K) on cream paper (seed 91, the twelfth
    frame): the first card laid 2.3 mm above the slot's top and turned, leaving a
    corner of the slot's top bare. Its top, seen on the paper, was dropped as no
    card's (the slot's top not covered across its middle), and no bare slot lay
    between it and the next top: seven cards were read, in styles r2 and r3."""
    reader = reader_for("r2")
    img, labels = _warm_table("r2", 91, 12, (2700.0, 3400.0))
    field = labels["fields"][18]
    assert field["cards"] == ["cocoa"] * 8
    # The slots as the real path finds them (the mats calibrated from the markers
    # seen), read together (the lamp is the table's), as the bench reads them.
    layouts = [card_mat(seat, 3, "A4") for seat in range(7)]
    mats = MatTracker(layouts)
    mats.update(img)
    slots = [(m, slot) for m in layouts for slot in m.slots]
    quads = [to_image(mats.homographies[m.name], np.float32(slot.quad)) for m, slot in slots]
    sizes = [
        (slot.quad[1][0] - slot.quad[0][0], slot.quad[3][1] - slot.quad[0][1]) for _, slot in slots
    ]
    assert [(m.name, slot.name) for m, slot in slots][18] == (field["mat"], field["slot"])
    assert reader.read_all(img, quads, sizes)[18].cards == ["cocoa"] * 8


def test_a_dark_grey_card_over_a_slots_side_is_not_its_printed_grey():
    view = _unprinted_slot_view(paper=(236, 240, 242))
    mx, my = (int(v) for v in fr.MARGIN_MM)
    view[int(my * fr.ALONG) + 40 : -60, mx - 4 : mx + 52] = (70, 72, 76)  # a card laid left
    assert fr._slot_ground(view, fr._paper(view)) is None


def test_a_printed_slots_grey_is_found_on_every_paper():
    for paper in ((236, 240, 242), (200, 225, 238), (168, 168, 166)):
        fill = tuple(int(v * 128 / 255) for v in paper)
        view = _unprinted_slot_view(paper=paper, fill=fill)
        ground = fr._slot_ground(view, fr._paper(view))
        assert ground is not None, paper
        assert np.abs(ground - fill).max() < 0.12 * max(fill), (paper, ground)


def test_cards_missed_in_two_places_of_a_column_are_filled_at_its_own_strip():
    """Nine chilis 18 mm apart, four of their tops unseen (three together, one
    alone): the gaps are as many as the strips, so the column's strip is the lower
    median of its gaps (the median, between 36 and 78 rows, filled one card where
    three were missing)."""
    seen = [(34.3, 0.0), (65.4, 0.0), (207.4, 0.0), (243.6, 0.0), (322.0, 0.0)]
    tops = [round(y) for y, _ in fr._fill_gaps(seen, None)]
    assert tops == [34, 65, 101, 136, 172, 207, 244, 283, 322]


def test_a_lamps_reflection_on_the_bare_slot_past_the_top_card_is_no_card():
    """A 7-player table of the bench's (seed 11, its fifth frame): a lone soy laid
    over the slot's top, and a lamp's reflection on the bare slot below it, in the
    slot's middle (its sides don't show it, so the slot's colour row by row does not
    allow for it). Smooth, colourless and lighter than the slot, it is bare slot:
    one card, not a second (it was read as soy and a cocoa, in every style)."""
    reader = reader_for("r1")
    rng = np.random.default_rng(11)
    for _ in range(5):
        img, labels = render_table(rng, 7, "r1")
    field = labels["fields"][13]
    assert field["cards"] == ["soy"]
    assert reader.read(img, field["quad"], field["size_mm"]).cards == ["soy"]


def test_a_lamps_reflection_over_the_top_cards_art_leaves_its_variety():
    """A 7-player table of the tuned tests' (seed 11, its fourth frame): four reds, a
    lamp's reflection washing out the middle of the top card's art. The art's colour
    is taken without what is much lighter than most of it, in the enrolled face as
    in the card seen: red, not the paler black-eyed (it was, in every tuned style)."""
    reader = reader_for("r1")
    rng = np.random.default_rng(11)
    for _ in range(4):
        img, labels = render_table(rng, 7, "r1")
    field = labels["fields"][15]
    assert field["cards"] == ["red"] * 4
    assert reader.read(img, field["quad"], field["size_mm"]).cards == ["red"] * 4


def test_the_arts_colour_leaves_out_a_reflection():
    red = np.full((58, 32, 3), (40, 30, 170), np.uint8)
    lit = red.copy()
    cv2.circle(lit, (16, 29), 14, (235, 235, 240), -1)
    lit = cv2.GaussianBlur(lit, (0, 0), 2)
    plain = fr._art_colour(red)
    assert np.abs(fr._art_colour(lit) - plain).max() < 6
    whole = np.array(cv2.mean(cv2.cvtColor(lit, cv2.COLOR_BGR2LAB))[:3])
    assert np.abs(whole - plain).max() > 20  # (the plain mean moves: the test can fail)


def test_near_alike_cards_of_a_column_are_read_as_its_variety(tmp_path):
    """A column of nine blues (tuned style r2, whose blue and coffee are near alike)
    on the tuned tests' table (seed 17, its third frame): each strip alone leans to
    coffee as often as to blue; the column as a whole, its top card sure, is blue
    (its first two were read as coffee, going by the cards beside each alone)."""
    write_real_enrolment(tmp_path, "r2")  # (as the bench enrols: the cards' own scans)
    reader = FieldReader.from_folder(tmp_path)
    rng = np.random.default_rng(17)
    for _ in range(3):
        img, labels = render_table(rng, 7, "r2")
    field = labels["fields"][19]
    assert field["cards"] == ["blue"] * 9
    # The slot as the real path finds it: its mat calibrated from the markers seen.
    layouts = [card_mat(seat, 3, "A4") for seat in range(7)]
    mats = MatTracker(layouts)
    mats.update(img)
    quad = to_image(mats.homographies[layouts[6].name], np.float32(layouts[6].slots[1].quad))
    assert reader.read(img, quad, field["size_mm"]).cards == ["blue"] * 9


BLUE, COFFEE, RED, BLACK_EYED = 0, 1, 2, 3


def _in_changes(lists):
    """Scores given in changes of variety (what a change costs, `fr.CHANGE`)."""
    return [(ids, [v * fr.CHANGE for v in vals]) for ids, vals in lists]


def test_a_column_of_near_ties_goes_with_its_sure_cards():
    lists = [
        ([COFFEE, BLUE], [8.3, 8.5]),
        ([COFFEE, BLUE], [9.2, 9.5]),
        ([BLUE, COFFEE], [6.3, 10.3]),
    ]
    column = fr._column(_in_changes(lists), fr.CHANGE)
    assert [v for v, _ in column] == [BLUE, BLUE, BLUE]
    # (what the column costs more with the card coffee; the top card's own reading)
    assert [round(m / fr.CHANGE, 6) for _, m in column] == [0.5, 0.5, 4.0]


def test_a_column_keeps_a_change_its_cards_are_sure_of():
    """A Duel's ladder: red, red, black-eyed. A change read surely stands however
    near the varieties (and a card that alone leans the other way by less than a
    change costs does not drag its sure neighbour along)."""
    lists = [
        ([RED, BLACK_EYED], [3.0, 5.0]),
        ([RED, BLACK_EYED], [4.0, 4.3]),
        ([BLACK_EYED, RED], [3.0, 4.5]),
    ]
    assert [v for v, _ in fr._column(_in_changes(lists), fr.CHANGE)] == [RED, RED, BLACK_EYED]
    one = fr._column(_in_changes([([BLUE, COFFEE], [1.0, 3.0])]), fr.CHANGE)
    assert [(v, round(m / fr.CHANGE, 6)) for v, m in one] == [(BLUE, 2.0)]


def test_the_first_cards_top_seen_against_the_slot_near_a_seen_top_is_that_cards():
    """Two card tops lie at least MIN_STRIP_MM apart: where the printed slot meets
    the first card (slanted by a card of the next field reaching into the slot's
    corner) 3.3 mm above the first top seen, it is that card's top, not one more
    card (a column of five coffee read as six, 'garden' first)."""
    from companion.vision.field_reader import ALONG, MIN_STRIP_MM, _between

    seen = [(27.5, 0.0), (56.5, -0.043), (86.3, 0.0)]
    assert _between(seen, (20.9, -0.257), None) == seen
    # A first card whose own top border was not seen still counts.
    below = 27.5 + MIN_STRIP_MM * ALONG
    assert _between([(below, 0.0), (below + 29.0, 0.0)], (27.5, 0.0), None)[0] == (27.5, 0.0)


def test_a_top_seen_less_than_a_strip_above_the_top_cards_is_no_cards():
    """The top card's top lies a card's length above its bottom seen against the
    slot; a top seen 4.75 mm above that (the slot's printed top edge on cream paper,
    a card laid 3 mm into the slot and turned: its own border not seen) is no card
    of its own, as no hand lays a strip that short ('garden' read 'stink, garden')."""
    from companion.vision.field_reader import ALONG, CARD_MM_LONG, MIN_STRIP_MM, _between

    bottom = (200.3, -0.129)
    top = bottom[0] - CARD_MM_LONG * ALONG * float(np.hypot(1.0, bottom[1] / ALONG))
    assert [round(y, 1) for y, _ in _between([(16.4, 0.0)], None, bottom)] == [round(top, 1)]
    # A strip's length above it, the card before's top stays.
    before = top - MIN_STRIP_MM * ALONG - 1
    assert [y for y, _ in _between([(before, 0.0)], None, bottom)] == [before, top]


@pytest.mark.parametrize(
    ("style", "seed", "frame", "index"),
    [("r1", 202, 2, 4), ("r2", 202, 6, 2), ("r1", 505, 10, 13)],
)
def test_two_card_tops_that_meet_across_a_cards_middle_are_one_cards(
    tmp_path, style, seed, frame, index
):
    """A turned card's top and a band inside it, 5 mm apart at the slot's middle,
    cross at the card's edge: one card, not two (development tables of the tuned
    styles, read the real way: two cocoa read as five, five coffee as six, four as
    five). Where two tops come that near the better seen stays."""
    write_real_enrolment(tmp_path, style)
    reader = FieldReader.from_folder(tmp_path)
    rng = np.random.default_rng(seed)
    for _ in range(frame + 1):
        img, labels = render_table(rng, 7, style)
    field = labels["fields"][index]
    layouts = [card_mat(seat, 3, "A4") for seat in range(7)]
    mats = MatTracker(layouts)
    mats.update(img)
    layout = next(m for m in layouts if m.name == field["mat"])
    slot = next(s for s in layout.slots if s.name == field["slot"])
    quad = to_image(mats.homographies[layout.name], np.float32(slot.quad))
    assert len(reader.read(img, quad, field["size_mm"]).cards) == len(field["cards"])


def test_lines_that_cross_within_a_cards_width_keep_the_better_seen():
    band_x = np.arange(11, 77, 8, dtype=np.float64)
    xc = 44.0
    # Nine bands see a straight top at row 100; five see one turned 8 degrees, 9 rows
    # lower at the middle, meeting it 24 mm aside. And a third, 30 rows on.
    cands = [(b, 100) for b in range(len(band_x))]
    cands += [(b, round(109 - 0.3 * (band_x[b] - xc))) for b in range(2, 7)]
    cands += [(b, 130) for b in range(len(band_x))]
    lines = fr._lines(np.array(cands), band_x, xc, 300, 3)
    assert [round(y) for y, _ in lines] == [100, 130]


@pytest.mark.parametrize("scale", [1.05, 0.95])
def test_cards_larger_or_smaller_than_published_are_measured_in_the_slots_and_counted(scale):
    """Sleeved cards show larger than 87 mm, and a mat printed "fit to page" makes
    every card look larger to its markers: the reader measures the cards' length in
    the picture's slots (the top card's top to its bottom against the bare slot) and
    reads with it. Two 7-player tables of a held-out style: with 87 mm taken as
    given, cards 5 % larger counted 31 of 42 fields (30 exact); now 42 (39). (Cards
    5 % smaller: 42 either way on these two tables; over 15 development tables
    93.0 % counted before, 99.7 % now.)"""
    reader = reader_for("r4")
    cond = Conditions(card_scale=(scale, scale))
    counted = exact = 0
    for seed in (8, 9):
        img, labels = render_table(np.random.default_rng(seed), 7, "r4", cond)
        assert labels["card_scale"] == scale
        quads = [f["quad"] for f in labels["fields"]]
        read = reader.read_all(img, quads)
        assert reader.card_mm == pytest.approx(87 * scale, abs=1.0)
        # The next picture of the table is read with the length measured, from the start.
        assert reader.read_all(img, quads) == read
        truth = [f["cards"] for f in labels["fields"]]
        counted += sum(len(r.cards) == len(t) for r, t in zip(read, truth, strict=True))
        exact += sum(r.cards == t for r, t in zip(read, truth, strict=True))
    assert counted >= 41 and exact >= 38, (counted, exact)


def test_the_cards_length_is_what_most_slots_agree_on():
    """Each slot's candidates: the top card's own top (the cards' length) and the
    card before's, a strip further (a different length in each slot)."""
    short = fr.LENGTH_SEEN_SHORT
    slots = [[90.5, 101.0], [90.7], [90.4, 99.0], [], [90.6, 95.5]]
    assert fr._card_length(slots) == pytest.approx(90.55 + short)
    assert fr._card_length([[90.5], [90.7], []]) is None  # too few slots show one
    assert fr._card_length([[80.0], [84.0], [88.0], [92.0]]) is None  # no agreement


def test_a_reader_reads_published_cards_at_their_own_length():
    """Cards of the published size leave the reader's length as it is (87 mm)."""
    reader = reader_for("r1")
    img, labels = render_table(np.random.default_rng(3), 7, "r1")
    reader.read_all(img, [f["quad"] for f in labels["fields"]])
    assert reader.card_mm == 87.0


def test_a_dim_picture_is_read_as_the_same_table_lit():
    """A room half as bright (the camera's exposure not making up for it): the
    cards differ from each other in half as many levels, and slots with cards were
    taken for bare ones (two held-out tables: 2 of 42 fields read empty; over 18
    development tables read as eval-fields does, about 7 % of fields). Whether a slot is
    bare is judged on the picture as balanced to its white."""
    reader = reader_for("r4")
    same = counted = 0
    for seed in (13, 14):
        img, labels = render_table(np.random.default_rng(seed), 7, "r4")
        quads = [f["quad"] for f in labels["fields"]]
        lit = [r.cards for r in reader.read_all(img, quads)]
        dim = (img.astype(np.float32) * 0.45).astype(np.uint8)
        read = [r.cards for r in reader.read_all(dim, quads)]
        truth = [f["cards"] for f in labels["fields"]]
        same += sum(a == b for a, b in zip(read, lit, strict=True))
        counted += sum(len(r) == len(t) for r, t in zip(read, truth, strict=True))
        assert all(r for r, t in zip(read, truth, strict=True) if t)  # none taken for bare
    assert same >= 41 and counted >= 41, (same, counted)


def test_a_top_card_seen_far_off_its_face_moves_the_strips_colours_only_so_far(tmp_path):
    """Under a 3100 K lamp a held-out style's top garden card was seen much lighter
    than its face (its light bean fills the middle): taken whole as the slot's light,
    that moved the garden strips below it to green (a field of four garden read as
    three green under a garden)."""
    write_real_enrolment(tmp_path, "r4")
    reader = FieldReader.from_folder(tmp_path)
    rng = np.random.default_rng(142)
    for _ in range(2):
        img, labels = render_table(rng, 7, "r4", Conditions(kelvin=(2700.0, 3300.0)))
    field = labels["fields"][10]
    assert field["cards"] == ["garden"] * 4 and labels["kelvin"] == 3112
    layouts = [card_mat(seat, 3, "A4") for seat in range(7)]
    mats = MatTracker(layouts)
    mats.update(img)
    quads = [
        to_image(mats.homographies[m.name], np.float32(s.quad)) for m in layouts for s in m.slots
    ]
    assert reader.read_all(img, quads)[10].cards == ["garden"] * 4


def test_a_candle_warm_lamp_leaves_the_bare_slot_above_the_first_card_bare(tmp_path):
    """Under a 2200 K lamp the picture's blue is a seventh of white's, and balanced
    back its noise and JPEG's colour fringes made the bare slot above the first card
    look coloured, and darker than the slot's grey: a card (three blue read as four,
    two stink as three, nine wax as ten)."""
    write_real_enrolment(tmp_path, "r1")
    reader = FieldReader.from_folder(tmp_path)
    rng = np.random.default_rng(161)
    img, labels = render_table(rng, 7, "r1", Conditions(kelvin=(2200.0, 2700.0)))
    fields = [labels["fields"][i]["cards"] for i in (6, 10, 14)]
    assert fields == [["stink"] * 2, ["wax"] * 9, ["blue"] * 3] and labels["kelvin"] == 2219
    layouts = [card_mat(seat, 3, "A4") for seat in range(7)]
    mats = MatTracker(layouts)
    mats.update(img)
    quads = [
        to_image(mats.homographies[m.name], np.float32(s.quad)) for m in layouts for s in m.slots
    ]
    read = reader.read_all(img, quads)
    assert [read[i].cards for i in (6, 10, 14)] == fields


def _calibrated_quads(img):
    layouts = [card_mat(seat, 3, "A4") for seat in range(7)]
    mats = MatTracker(layouts)
    mats.update(img)
    return [
        to_image(mats.homographies[m.name], np.float32(s.quad)) for m in layouts for s in m.slots
    ]


def test_cards_with_a_light_disc_under_their_top_border_laid_8_to_12_mm_apart_are_counted(
    tmp_path, monkeypatch
):
    """A published-like card prints its count in a light disc that meets its white top
    border: in the middle bands the border runs into the disc, as light as cream
    paper, so no thin white band lies over content there, and on strips of 8-12 mm a
    card's top was seen in three bands where four make a top. The disc's bands now
    lift a top seen in three (soft candidates), and a top is binned to a row: binned
    to three, a line through one card's top at the left bands and the next one's at
    the right outvoted both. Twelve tables of a development style given the disc:
    96.8 % of fields counted before, 98.8 % now."""
    monkeypatch.setattr(hard_tables, "DISCS", ("r2", "r5"))
    monkeypatch.setattr(hard_tables, "_FACES", {})
    write_real_enrolment(tmp_path, "r2")
    reader = FieldReader.from_folder(tmp_path)
    counted = fields = 0
    for seed in range(20, 32):
        img, labels = render_table(
            np.random.default_rng(seed), 7, "r2", Conditions(strip_mm=(8.0, 12.0))
        )
        read = reader.read_all(img, _calibrated_quads(img))
        truth = [f["cards"] for f in labels["fields"]]
        counted += sum(len(r.cards) == len(t) for r, t in zip(read, truth, strict=True))
        fields += len(truth)
    assert fields == 252
    assert counted >= 248


def _bands():
    return np.arange(11, 91, 8, dtype=np.float64), 48.0  # ten bands 8 mm wide, the middle


def test_a_top_seen_in_three_bands_and_beside_the_disc_in_two_more_is_a_cards():
    band_x, xc = _bands()
    strict = np.array([(2, 60), (3, 61), (7, 60)])
    soft = np.array([(4, 60), (5, 61)])
    [(row, slope)] = fr._lines(strict, band_x, xc, 300, 1, [], soft)
    assert 59.5 < row < 61 and abs(slope) < 0.05  # (its place: the strict candidates')
    assert fr._lines(strict, band_x, xc, 300, 1, []) == []  # (three bands: a weak top)
    # Soft candidates alone, or beside two strict ones, make no top.
    assert fr._lines(np.array([(2, 60), (7, 60)]), band_x, xc, 300, 1, [], soft) == []


def test_a_line_through_two_cards_tops_does_not_outvote_either():
    """Strips 6.5 mm apart (13 rows), the two tops seen in four bands each, a few
    rows off straight; a line turned 8 degrees meets the first at the left bands and
    the second at the right, five bands within a bin either side of three rows."""
    band_x, xc = _bands()
    cands = np.array(
        [(1, 46), (2, 46), (3, 45), (6, 42)]  # the first card's top
        + [(2, 59), (5, 58), (6, 59), (7, 59)]  # the next card's
    )
    first, second = fr._lines(cands, band_x, xc, 300, fr.BIN_PX)
    assert 42 <= first[0] <= 46 and 58 <= second[0] <= 60
    # Binned to three rows, the turned line between them was the one top found.
    [(row, slope)] = fr._lines(cands, band_x, xc, 300, 3)
    assert 50 < row < 56 and slope >= 0.25


def test_the_next_fields_cards_laid_into_an_empty_slots_side_are_no_card():
    """Hands lay cards up to 10 mm off their place: on this table (a 2700 K lamp,
    cream paper, the camera 12 degrees off) the next field's column lies over an
    empty slot's left side, its card tops and bottom seen there, and the slot was
    read as holding a Soy Bean. An empty slot bare down its middle is empty: a
    card of its own, even 10 mm aside, covers the middle."""
    img, labels = render_table(np.random.default_rng(25), 7, "r4", Conditions())
    reader = FieldReader({b: real_face(b, "r4") for b in NUMBERS})
    empty = [f for f in labels["fields"] if not f["cards"]]
    assert labels["fields"][11] in empty and labels["fields"][10]["cards"]
    read = [reader.read(img, f["quad"], f["size_mm"]).cards for f in empty]
    assert read == [[]] * len(empty)
    # (and a slot with cards beside it still counts them)
    beside = labels["fields"][10]
    assert len(reader.read(img, beside["quad"], beside["size_mm"]).cards) == len(beside["cards"])


def test_a_column_whose_thin_top_borders_are_lost_under_a_lamps_glare_is_counted(tmp_path):
    """Ten Garden Beans laid 15 mm apart under a lamp's glare, the camera blurred (a
    slot's view of a development table, r1, seed 2024, table 29, kept as a test
    picture): the glare set the slot's white, the cards' 3 mm top borders came out
    as light ridges short of it, and two tops were seen: three cards read. Tops
    seen further apart than any strip a hand lays have the ridges between them
    looked at too."""
    from pathlib import Path

    write_real_enrolment(tmp_path, "r1")
    reader = FieldReader.from_folder(tmp_path)
    view = cv2.imread(str(Path(__file__).parents[1] / "data" / "glare-column-r1.png"))
    lamp = np.array([1.0026, 0.9885, 1.0035])  # (the table's, from its 21 slots)
    assert reader.read_slot(view, lamp).cards == ["garden"] * 10


def test_a_blue_bean_laid_under_coffee_beans_is_told_by_its_colours_pattern(tmp_path):
    """A Blue Bean's strip under two Coffee Beans, a 3050 K lamp (a slot's view of a
    development table, r2, lamps 2700-3400 K, seed 3030, table 10, kept as a test
    picture): the two varieties' art is one orange, and the strip's lightness marks
    matched blue only a little better than coffee, so the column's one variety won:
    three Coffee Beans read. The colours' pattern (the blue bean in miniature in its
    corners) is matched too."""
    from pathlib import Path

    write_real_enrolment(tmp_path, "r2")
    reader = FieldReader.from_folder(tmp_path)
    view = cv2.imread(str(Path(__file__).parents[1] / "data" / "blue-by-coffee-r2.png"))
    lamp = np.array([1.356, 0.941, 0.7051])  # (the table's, from its 21 slots)
    assert reader.read_slot(view, lamp).cards == [
        "blue", "coffee", "coffee", "green", "black-eyed", "cocoa", "chili", "red"
    ]  # fmt: skip


def test_only_tops_seen_as_ridges_in_a_gap_of_the_column_are_taken():
    """A ridge top is taken only where the column's tops lie further apart than any
    strip (GAP_MM), away from the tops around it (a name band's white text lies a
    few mm under its card's top), and not in the top card's art."""
    from companion.vision.field_reader import ALONG, GAP_MM, RIDGE_SEP_MM, _gaps, _into_gaps

    p = ALONG
    lines = [(20.0, 0.0), (50.0, 0.0), (50.0 + 2 * GAP_MM * p, 0.0)]
    gaps = _gaps(lines, 20.0)
    assert gaps == [(50.0, 50.0 + 2 * GAP_MM * p)]
    middle = 50.0 + GAP_MM * p
    near = 50.0 + (RIDGE_SEP_MM - 1) * p  # (text under the top at 50)
    outside = 35.0  # (between two tops a strip apart)
    kept = _into_gaps(lines, [(outside, 0.0), (near, 0.0), (middle, 0.1)], gaps)
    assert kept == sorted([*lines, (middle, 0.1)])
    assert _gaps([(20.0, 0.0), (60.0, 0.0)], 20.0) == []  # (20 mm apart: a strip)
    # The top card's own top to where its beanometer's band starts (seen as a top:
    # its coins break the band) is its art, no gap: a light ridge there is no top.
    band = 50.0 + 0.85 * 87 * p
    assert _gaps([(20.0, 0.0), (50.0, 0.0), (band, 0.0)], 20.0) == []
    assert _gaps([], 20.0) == [(20.0, float("inf"))]  # (no top seen at all)
