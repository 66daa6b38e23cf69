"""The parsers of logs, setups, actions and saved states, over any JSON value
(hypothesis): the answer is a RuleError or a game, never another exception; and
what is accepted is one thing only (a log replays to one state, a parsed action or
state writes back to what was read)."""

import json
import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, replay
from companion.engine.games import GAMES

any_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)

# Values near what a game expects, so that the parsers get past their first check.
near = st.one_of(
    st.integers(-1, 8),
    st.sampled_from(["classic", "newer", "known", "hidden", "box", "any-time", "red", "soy"]),
    any_json,
)
games = st.sampled_from(sorted(GAMES))
VALID_SETUPS = {
    "bohnanza": {"players": 4, "edition": "classic", "seed": 3, "knowledge": "known", "start": 1},
    "duel": {"seed": 3, "knowledge": "hidden", "start": 1},
    "dice": {"players": 3, "seed": 3, "knowledge": "known", "start": 2},
}
SETTINGS = sorted({k for s in VALID_SETUPS.values() for k in s} | {"faces", "cards"})
SETTINGS += ["fields", "third_field_cost", "exhaustions_to_end", "harvest", "tie_break"]


@st.composite
def setups(draw, game):
    """A game's valid setup with a few settings left out, changed or added."""
    setup = dict(VALID_SETUPS[game])
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(SETTINGS) | st.text(max_size=6))
        if draw(st.booleans()):
            setup.pop(key, None)
        else:
            setup[key] = draw(near)
    return setup


def _hint_values(hint):
    """Values of the type an action field is annotated with (its JSON form)."""
    text = str(hint)
    if "tuple" in text:
        item = st.integers(-1, 6) if "int" in text else st.sampled_from(["red", "soy", "x"])
        return st.lists(item, max_size=5)
    if "bool" in text:
        return st.booleans()
    if "int" in text:
        return st.integers(-1, 6)
    return st.sampled_from(["red", "soy", "blue", "stink", "hand", "bluff", "face-up", "x"])


@st.composite
def actions(draw, game):
    """An action of `game` as JSON: mostly well formed, now and then a field left
    out, changed to any JSON value or added."""
    codec = GAMES[game].codec
    kind = draw(st.sampled_from(sorted(codec.types)))
    hints = {k: v for k, v in codec._hints[kind].items() if k != "type"}
    data = {"type": kind}
    for name, hint in hints.items():
        if draw(st.integers(0, 5)) > 0:
            data[name] = draw(_hint_values(hint))
    for _ in range(draw(st.integers(0, 2))):
        data[draw(st.sampled_from([*hints, "type", "x"]))] = draw(near)
    return draw(any_json) if draw(st.integers(0, 9)) == 9 else data


@st.composite
def logs(draw):
    game = draw(games)
    log = {
        "game": game,
        "setup": draw(setups(game)),
        "actions": draw(st.lists(actions(game), max_size=6)),
    }
    if draw(st.integers(0, 3)) == 3:
        log[draw(st.sampled_from(["game", "setup", "actions"]))] = draw(near)
    return draw(any_json) if draw(st.integers(0, 9)) == 9 else log


def _accepted_or_rule_error(fn, *args, **kwargs):
    try:
        found = fn(*args, **kwargs)
    except RuleError as err:
        assert err.message and err.code  # it names what is wrong
        event(f"refused: {err.code}")
        return None
    event("accepted")
    return found


settings_ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(logs())
def test_a_log_replays_to_one_state_or_is_a_rule_error(log):
    state = _accepted_or_rule_error(replay, log)
    if state is not None:
        assert replay(json.loads(json.dumps(log))) == state  # and to the same one again


@settings_
@given(st.data())
def test_a_setup_makes_one_game_or_is_a_rule_error(data):
    game = data.draw(games)
    setup = data.draw(setups(game))
    new_game = GAMES[game].new_game
    state = _accepted_or_rule_error(new_game, **setup)
    if state is not None:
        assert new_game(**setup) == state
        assert GAMES[game].invariants(state) == []


@settings_
@given(st.data())
def test_an_action_parses_to_one_action_or_is_a_rule_error(data):
    game = data.draw(games)
    parsed = _accepted_or_rule_error(GAMES[game].action_from_json, data.draw(actions(game)))
    if parsed is not None:
        assert GAMES[game].action_from_json(json.loads(json.dumps(parsed.to_json()))) == parsed


@settings_
@given(games, any_json)
def test_any_json_as_a_saved_state_is_a_rule_error_or_a_state(game, data):
    state = _accepted_or_rule_error(GAMES[game].state_from_json, data)
    if state is not None:
        assert GAMES[game].state_from_json(state.to_json()) == state


SETUPS = {
    "bohnanza": [{"players": 2}, {"players": 4, "knowledge": "hidden"}, {"players": 5}],
    "duel": [{}, {"knowledge": "hidden"}],
    "dice": [{"players": 3}],
}


def _played(game, setup, moves, seed):
    gd = GAMES[game]
    state = gd.new_game(**setup)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = gd.legal_actions(state)
        if state.over or not legal:
            break
        try:
            state = gd.apply(state, rng.choice(legal))
        except RuleError:  # hidden knowledge: a bean the table would have named
            break
    return state


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replaced(value, path, new):
    if not path:
        return new
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copy


@settings_
@given(st.data())
def test_a_saved_state_with_one_value_changed_is_a_rule_error_or_a_state(data):
    game = data.draw(games)
    setup = data.draw(st.sampled_from(SETUPS[game]))
    state = _played(game, setup, data.draw(st.integers(0, 60)), data.draw(st.integers(0, 99)))
    saved = state.to_json()
    assert GAMES[game].state_from_json(saved) == state
    path = data.draw(st.sampled_from(list(_paths(saved))))
    changed = _replaced(saved, path, data.draw(near))
    if path and data.draw(st.booleans()):  # or drop the key / item altogether
        holder = saved
        for step in path[:-1]:
            holder = holder[step]
        trimmed = (
            {k: v for k, v in holder.items() if k != path[-1]}
            if isinstance(holder, dict)
            else [v for i, v in enumerate(holder) if i != path[-1]]
        )
        changed = _replaced(saved, path[:-1], trimmed)
    parsed = _accepted_or_rule_error(GAMES[game].state_from_json, changed)
    if parsed is not None:
        assert GAMES[game].state_from_json(json.loads(json.dumps(parsed.to_json()))) == parsed
