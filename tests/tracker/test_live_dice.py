"""End to end for the dice game: a scripted game (the engine rolls, the script
saves) drawn on the synthetic dice mat, frame by frame; the camera side (settle
detector, dice reader taught at this table, tracker, table service) must arrive
at the very state the script did: every roll's faces, every save, the checks."""

from companion.engine.dice.game import new_game
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
