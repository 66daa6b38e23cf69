"""Properties over random action sequences (hypothesis): a refused action changes
nothing, every card stays in exactly one zone, and the log replays to the state."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, make_log, replay
from companion.engine import bohnanza as B

BEANS = ["soy", "red", "blue", "coffee", "cocoa", "garden", "nope"]
small = st.integers(-1, 7)
beans = st.none() | st.sampled_from(BEANS)

# Any action at all, most of them illegal wherever they land.
any_action = st.one_of(
    st.builds(B.Plant, small, small, beans),
    st.builds(
        B.DrawFaceUp, small, st.none() | st.lists(st.sampled_from(BEANS), max_size=3).map(tuple)
    ),
    st.builds(
        B.Trade,
        small,
        small,
        st.lists(small, max_size=2).map(tuple),
        st.lists(small, max_size=2).map(tuple),
        st.lists(small, max_size=2).map(tuple),
    ),
    st.builds(B.EndTrading, small),
    st.builds(B.PlantTraded, small, small, small),
    st.builds(B.EndTurn, small),
    st.builds(B.Harvest, small, small),
    st.builds(B.BuyField, small),
    st.builds(B.PlantOffered, small, small, small),
    st.builds(B.DiscardOffered, small, small),
    st.builds(B.DiscardFromHand, small, small, beans),
    st.builds(B.PlantDrawn, small, small, small),
)

tables = st.sampled_from(
    [(n, "classic") for n in range(2, 8)] + [(n, "newer") for n in range(3, 6)]
)
# A move: a legal action chosen by index, or an arbitrary (likely illegal) action.
moves = st.lists(st.integers(0, 10**6) | any_action, min_size=1, max_size=300)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables, st.integers(0, 2**32 - 1), st.sampled_from(["known", "hidden"]), moves)
def test_random_sequences_keep_every_invariant(table, seed, knowledge, moves):
    players, edition = table
    setup = {"players": players, "edition": edition, "seed": seed, "knowledge": knowledge}
    state = B.new_game(**setup)
    applied = []
    for move in moves:
        if state.over:
            break
        legal = B.legal_actions(state)
        if isinstance(move, int):
            action = legal[move % len(legal)]
            if knowledge == "hidden":
                action = _observed(state, action, move)
        else:
            action = move
        before = state.to_json()
        try:
            after = B.apply(state, action)
        except RuleError as err:
            # A refused action changes nothing and says which rule it broke.
            assert state.to_json() == before
            assert err.code and err.message
            assert not (isinstance(move, int) and knowledge == "known"), (action, err)
            continue
        assert B.invariants(after) == [], action
        assert B.step_invariants(state, action, after) == [], action
        if knowledge == "known" and not isinstance(move, int):
            # Anything apply accepts is a listed legal action (beans left out are
            # filled in), or an agreed multi-card trade, which are not all listed.
            listed = any(B.apply(state, a) == after for a in legal)
            assert listed or isinstance(action, B.Trade), action
        state = after
        applied.append(action)
    assert replay(make_log("bohnanza", setup, applied)) == state


def _observed(state, action, salt):
    """A hidden table fills in what it saw; here, a bean that may still be unseen."""
    options = [b for b, _ in state.rules.card_counts]
    bean = options[salt % len(options)]
    if isinstance(action, B.Plant | B.DiscardFromHand):
        return type(action)(*[getattr(action, f) for f in action.__slots__[:-1]], bean)
    if isinstance(action, B.DrawFaceUp):
        n = min(state.rules.face_up, state.deck_size + len(state.discard))
        return B.DrawFaceUp(action.player, (bean,) * n)
    if isinstance(action, B.Trade):
        return B.Trade(
            action.player,
            action.partner,
            action.face_up,
            action.give,
            action.receive,
            (bean,) * len(action.give),
            (bean,) * len(action.receive),
        )
    return action
