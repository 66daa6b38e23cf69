"""End to end for the dice game: a scripted game (the engine rolls, the script
saves) drawn on the synthetic dice mat, frame by frame; the camera side (settle
detector, dice reader taught at this table, tracker, table service) must arrive
at the very state the script did: every roll's faces, every save, the checks."""

import pytest

from companion.engine.dice.actions import PassPiece, RepeatRoll, Roll, Save
from companion.engine.dice.game import apply, new_game
from companion.store import Store
from companion.tables import TableService
from companion.tracker.live import LiveDice, dice_look
from companion.vision.synth import BEANS, DiceMatTable
from companion.vision.teach import TeachMode


@pytest.fixture(scope="module")
def mat_and_reader():
    mat = DiceMatTable(seed=5)
    empty = mat.empty()
    teach = TeachMode(list(BEANS), empty, target=12)
    for face in range(len(BEANS)):
        while teach.progress()[BEANS[face]] < 1.0:
            teach.add(mat.teaching(face), face)
    return mat, empty, teach.reader()


def reading(mat, empty, reader, state):
    return dice_look(reader, list(BEANS), empty, DiceMatTable.TRAY * mat.size[1], state)


def scripted_frames(mat, state, turns):
    """(frames, final state): roll, save the first die rolled (once a turn the bean
    piece first), until every die is saved; then the next player."""
    kinds = [d.kind for d in state.dice.dice]
    # Before the first throw the dice lie in the rolling area.
    lying = [(die.faces[0], die.kind) for die in state.dice.dice]
    frames = [mat.look(lying, [False] * len(lying), set(range(len(lying))))] * 4

    def show(state, rolled):
        look = mat.look(list(zip(state.faces, kinds, strict=True)), list(state.saved), rolled)
        moving = [mat.tumbling(len(rolled) or 1) for _ in range(2)]
        frames.extend(moving + [look] * 4)

    while not state.over:
        if state.step == "turn-end":
            if state.turn == turns:
                break  # the last turn's dice lie saved; the piece is passed by hand
            state = apply(state, PassPiece(state.active))
        state = apply(state, Roll(state.active))
        show(state, set(state.rolled))
        while state.step == "save":
            if state.piece and state.turn == 1 and len(state.rolled) == 5:
                state = apply(state, RepeatRoll(state.active))
                show(state, set(state.rolled))
                continue
            state = apply(state, Save(state.active, (state.rolled[0],)))
            show(state, set())
            if state.step == "roll":
                state = apply(state, Roll(state.active))
                show(state, set(state.rolled))
    return frames, state


def test_a_scripted_dice_game_through_camera_vision_tracker_engine_store(mat_and_reader):
    mat, empty, reader = mat_and_reader
    store = Store(":memory:")
    service = TableService(store)
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
