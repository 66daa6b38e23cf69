"""States and actions as JSON; a log replays to the identical state."""

import json
import random

import pytest

from companion.engine import RuleError, make_log, replay
from companion.engine import bohnanza as B
from companion.engine.bohnanza import CODEC

EVERY_ACTION = [
    B.Plant(0, 1, "soy"),
    B.Plant(0, 1),
    B.DrawFaceUp(0, ("red", "blue")),
    B.DrawFaceUp(0),
    B.Trade(0, 2, face_up=(1,), give=(0, 3), receive=(2,), give_beans=("a", "b")),
    B.EndTrading(1),
    B.PlantTraded(2, 0, 1),
    B.EndTurn(0),
    B.Harvest(3, 2),
    B.BuyField(1),
    B.PlantOffered(0, 1, 2),
    B.DiscardOffered(1, 0),
    B.DiscardFromHand(0, 3, "wax"),
    B.PlantDrawn(1, 2, 0),
]


def test_every_action_type_is_covered_here():
    assert {type(a) for a in EVERY_ACTION} == set(CODEC.types.values())


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: a.type)
def test_actions_round_trip_through_json(action):
    data = json.loads(json.dumps(action.to_json()))
    assert CODEC.from_json(data) == action


@pytest.mark.parametrize(
    "data, says",
    [
        ([1, 2], "JSON object"),
        ({"type": "dance"}, "unknown action type"),
        ({"type": "plant", "player": 0}, "missing field 'field'"),
        ({"type": "plant", "player": 0, "field": "1"}, "field 'field'"),
        ({"type": "plant", "player": True, "field": 1}, "field 'player'"),
        ({"type": "plant", "player": 0, "field": 1, "colour": "red"}, "unexpected"),
        ({"type": "trade", "player": 0, "partner": 1, "give": 3}, "field 'give'"),
        ({"type": "trade", "player": 0, "partner": 1, "give": ["x"]}, "field 'give'"),
        ({"type": "draw-face-up", "player": 0, "beans": [1]}, "field 'beans'"),
    ],
)
def test_malformed_actions_say_what_is_wrong(data, says):
    with pytest.raises(RuleError) as err:
        CODEC.from_json(data)
    assert err.value.code == "malformed-action"
    assert says in err.value.message


def _random_game(players, seed, steps):
    rng = random.Random(seed)
    s = B.new_game(players, seed=seed)
    actions = []
    for _ in range(steps):
        if s.over:
            break
        a = rng.choice(B.legal_actions(s))
        actions.append(a)
        s = B.apply(s, a)
    return s, actions


@pytest.mark.parametrize("players", range(2, 8))
def test_a_state_round_trips_through_json(players):
    s, _ = _random_game(players, seed=players, steps=400)
    text = json.dumps(s.to_json())
    assert B.State.from_json(json.loads(text)) == s


@pytest.mark.parametrize("players", [2, 4, 7])
def test_replaying_the_log_gives_the_identical_state(players):
    s, actions = _random_game(players, seed=10 + players, steps=5000)
    assert s.over  # a whole game, reshuffles included
    log = json.loads(
        json.dumps(make_log("bohnanza", {"players": players, "seed": 10 + players}, actions))
    )
    assert replay(log) == s


def test_a_bad_log_names_the_action_that_failed():
    log = make_log("bohnanza", {"players": 4, "seed": 1}, [B.Harvest(0, 0)])
    with pytest.raises(RuleError) as err:
        replay(log)
    assert err.value.code == "empty-field" and err.value.message.startswith("action 0")
    with pytest.raises(RuleError):
        replay({"game": "chess", "setup": {}, "actions": []})
    with pytest.raises(RuleError):
        replay({"game": "bohnanza", "actions": []})


def test_hidden_and_overridden_setups_replay_too():
    setup = {"players": 3, "edition": "newer", "knowledge": "hidden", "exhaustions_to_end": 2}
    actions = [B.Plant(0, 2, "red"), B.DrawFaceUp(0, ("soy", "blue"))]
    state = replay(make_log("bohnanza", setup, actions))
    assert state.rules.exhaustions_to_end == 2
    assert B.State.from_json(json.loads(json.dumps(state.to_json()))) == state
