"""Properties of Das Würfelspiel over random action sequences (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, make_log, replay
from companion.engine import dice as W

small = st.integers(-1, 5)
faces = st.lists(
    st.sampled_from(["soy", "red", "blue", "stink", "green", "garden", "x"]), max_size=5
).map(tuple)
any_action = st.one_of(
    st.builds(W.Roll, small, st.none() | faces),
    st.builds(W.RepeatRoll, small, st.none() | faces),
    st.builds(W.Save, small, st.lists(small, max_size=5).map(tuple)),
    st.builds(W.Harvest, small),
    st.builds(W.PassPiece, small),
)
moves = st.lists(st.integers(0, 10**6) | any_action, min_size=1, max_size=300)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32 - 1), moves)
def test_random_dice_sequences_keep_every_invariant(players, seed, moves):
    setup = {"players": players, "seed": seed}
    state = W.new_game(**setup)
    applied = []
    for move in moves:
        if state.over:
            break
        legal = W.legal_actions(state)
        action = legal[move % len(legal)] if isinstance(move, int) else move
        before = state.to_json()
        try:
            after = W.apply(state, action)
        except RuleError:
            assert state.to_json() == before
            assert not isinstance(move, int), action
            continue
        assert W.invariants(after) == [], action
        assert W.step_invariants(state, action, after) == [], action
        state = after
        applied.append(action)
    assert replay(make_log("dice", setup, applied)) == state


def test_a_hand_throws_for_a_roll_lays_the_saved_faces_and_a_harvest_is_a_phones():
    from companion.engine.dice import camera
    from companion.engine.dice.actions import Harvest, PassPiece, Roll, Save

    state = W.new_game(2, knowledge="known", seed=4)
    assert camera.by_hand(state, Roll(0, ("soy",) * 5)).how == "roll"
    assert camera.by_hand(state, PassPiece(0)).how == "pass"
    assert camera.by_hand(state, Harvest(1)).how == ""
    rolled = W.apply(state, W.legal_actions(state)[0])
    save = next(a for a in W.legal_actions(rolled) if isinstance(a, Save))
    move = camera.by_hand(rolled, save)
    assert move.how == "save" and move.faces == tuple(rolled.faces[i] for i in save.dice)
