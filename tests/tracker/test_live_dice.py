"""End to end for the dice game: a scripted game (the engine rolls, the script
saves) drawn on the synthetic dice mat, frame by frame; the camera side (settle
detector, dice reader taught at this table, tracker, table service) must arrive
at the very state the script did: every roll's faces, every save, the checks."""

from companion.engine.dice.game import new_game
from companion.sim.dice_scenes import BEANS
from companion.tracker.live import LiveDice

from .helpers import reading, scripted_frames


def test_a_scripted_dice_game_through_camera_vision_tracker_engine_store(
    mat_and_reader, store, service
):
    mat, empty, reader = mat_and_reader
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    truth = new_game(2, knowledge="known", seed=3)
    frames, truth = scripted_frames(mat, truth, turns=2)
    live = LiveDice(service, code, reading(mat, empty, reader, truth))
    asked = problems = 0
    for image in frames:
        outcome = live.frame(image)
        if outcome is not None and outcome.problem:
            problems += 1
        if live.pending is not None:
            asked += 1
            live.confirm()
    state = service.table(code).state
    assert problems == 0 and asked <= 2
    assert state.turn == truth.turn and state.active == truth.active

    # Dice of one kind are alike (which of them shows which face is nobody's to
    # say); the camera tells the kinds apart by their tone.
    def by_kind(st):
        kinds = [d.kind for d in st.dice.dice]
        return {
            k: sorted(f for f, kk in zip(st.faces, kinds, strict=True) if kk == k) for k in kinds
        }

    assert by_kind(state) == by_kind(truth) and state.saved == truth.saved
    assert state.rolls == truth.rolls and state.step == truth.step
    assert [p.completed for p in state.players] == [p.completed for p in truth.players]
    # Every action went through the store as the camera's.
    assert {a.source for a in store.log(service.table(code).game_id)} == {"camera"}
    store.close()


def test_the_reader_is_told_how_many_dice_lie_on_the_mat(mat_and_reader):
    """The game says how many dice lie on the mat (all five, always: saved ones stay
    in the tray); the tracker passes that number to the reader. A die shaken as it
    settled and half lost in the table (blurred, washed out) is read less alike to
    the taught faces than a die must be untold: told that five lie there and seeing
    four, the reader takes it."""
    import cv2
    import numpy as np

    from companion.engine.games import game_of

    mat, empty, reader = mat_and_reader
    state = new_game(2, knowledge="known", seed=3)
    assert game_of(state).dice_sightings.on_mat(state) == 5
    lying = [(die.faces[0], die.kind) for die in state.dice.dice]
    image = mat.look(lying, [False] * 5, set(range(5)))
    clear = reader.read(image, empty=empty)
    assert len(clear) == 5
    d = clear[0]
    x0, y0 = int(d.cx - 0.7 * d.w), int(d.cy - 0.7 * d.h)
    x1, y1 = int(d.cx + 0.7 * d.w), int(d.cy + 0.7 * d.h)
    shaken = cv2.GaussianBlur(image[y0:y1, x0:x1], (0, 0), 6).astype(np.float32)
    faint = image.copy()
    faint[y0:y1, x0:x1] = (0.5 * shaken + 0.5 * empty[y0:y1, x0:x1]).astype(np.uint8)

    untold = reader.read(faint, empty=empty)
    assert len(untold) == 4
    assert not any(abs(u.cx - d.cx) < d.w / 2 and abs(u.cy - d.cy) < d.h / 2 for u in untold)
    # Told four (one fewer than the colour model's dice), nothing is added.
    assert len(reader.read(faint, empty=empty, expected=4)) == 4

    seen = reading(mat, empty, reader, state)(faint)
    dice = seen.rolled + seen.field
    assert len(dice) == 5
    found = [s for s in dice if abs(s.x - d.cx) < d.w / 2 and abs(s.y - d.cy) < d.h / 2]
    assert [s.face for s in found] == [BEANS[d.face]]


def test_a_lighter_die_in_a_lamps_shade_is_told_from_a_darker_die_in_its_light(mat_and_reader):
    """The kinds are told by tone: the two darkest dice are the darker kind. A lamp
    at one side of the table lights it unevenly, and a lighter die in the dim part
    was darker, as a level, than a darker die in the bright part: on a demo table
    3 % of looks had the kinds wrong (every face read right), and the game took the
    dice for faces no die of that kind has ("no die can show stink: misread?"). A
    die's tone is taken against the table right around it."""
    import numpy as np

    mat, empty, reader = mat_and_reader
    state = new_game(2, knowledge="known", seed=3)
    kinds = [die.kind for die in state.dice.dice]
    assert sorted(kinds) == ["darker", "darker", "lighter", "lighter", "lighter"]
    w, h = mat.size
    s = mat.die_px
    # The darker dice in the lamp's light (left), the lighter ones in its shade (right).
    left = iter([(0.12 * w, 0.25 * h), (0.12 * w, 0.55 * h)])
    right = iter([(0.72 * w, 0.2 * h), (0.86 * w, 0.4 * h), (0.72 * w, 0.6 * h)])
    for i, kind in enumerate(kinds):
        mat.places[i] = (*next(left if kind == "darker" else right), 0.0)
    lying = [(die.faces[0], die.kind) for die in state.dice.dice]
    image = mat.look(lying, [False] * 5, set())
    light = np.linspace(1.0, 0.5, w, dtype=np.float32)[None, :, None]  # the lamp at the left
    lamp_lit = np.clip(image * light, 0, 255).astype(np.uint8)

    seen = reading(mat, None, reader, state)(lamp_lit)
    assert len(seen.rolled) == 5
    for d in seen.rolled:
        i = min(
            range(5), key=lambda i: (mat.places[i][0] - d.x) ** 2 + (mat.places[i][1] - d.y) ** 2
        )
        assert (mat.places[i][0] - d.x) ** 2 + (mat.places[i][1] - d.y) ** 2 < (s / 2) ** 2
        assert (d.face, d.kind) == lying[i]
