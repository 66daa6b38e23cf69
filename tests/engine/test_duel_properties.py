"""Properties of The Duel over random action sequences (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, make_log, replay
from companion.engine import duel as D

small = st.integers(-1, 6)
beans = st.sampled_from(list(D.LADDER) + ["coffee", "x"])
maybe_beans = st.none() | beans

any_action = st.one_of(
    st.builds(D.Plant, small, small, maybe_beans),
    st.builds(D.DrawFaceUp, small, st.none() | st.lists(beans, max_size=3).map(tuple)),
    st.builds(D.OfferGift, small, beans),
    st.builds(D.AcceptGift, small),
    st.builds(D.DeclineGift, small),
    st.builds(D.GiveGift, small, st.sampled_from(["hand", "face-up", "bluff", "pocket"]), small),
    st.builds(D.PlantDrawn, small, small, small),
    st.builds(D.DiscardDrawn, small, small),
    st.builds(D.PlantGift, small, small),
    st.builds(D.DiscardBonus, small, small),
    st.builds(D.DrawBonus, small),
    st.builds(D.EndTurn, small),
    st.builds(
        D.ClaimBonus,
        small,
        small,
        small,
        small,
        st.none() | st.lists(beans, max_size=5).map(tuple),
        st.none() | st.sampled_from([10, 40, 50, 70, 100]),
    ),
    st.builds(D.Harvest, small, small),
    st.builds(D.EndGame, small),
)
moves = st.lists(st.integers(0, 10**6) | any_action, min_size=1, max_size=300)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(0, 1), moves)
def test_random_duel_sequences_keep_every_invariant(seed, start, moves):
    setup = {"seed": seed, "start": start}
    state = D.new_game(**setup)
    applied = []
    for move in moves:
        if state.over:
            break
        legal = D.legal_actions(state)
        action = legal[move % len(legal)] if isinstance(move, int) else move
        before = state.to_json()
        try:
            after = D.apply(state, action)
        except RuleError:
            assert state.to_json() == before
            assert not isinstance(move, int), action  # a legal action is never refused
            continue
        assert D.invariants(after) == [], action
        assert D.step_invariants(state, action, after) == [], action
        if not isinstance(move, int):
            # apply accepts only what legal_actions lists (beans left out are filled in)
            assert any(D.apply(state, a) == after for a in legal), action
        state = after
        applied.append(action)
    assert replay(make_log("duel", setup, applied)) == state
