"""Bad setups, logs and saved states: each is a RuleError that names what is wrong,
and a log always replays to one state."""

import json

import pytest

from companion.cli import main
from companion.engine import RuleError, make_log, replay
from companion.engine import bohnanza as B
from companion.engine import dice as W
from companion.engine import duel as D
from companion.engine.games import GAMES

SETUPS = {"bohnanza": {"players": 4}, "duel": {}, "dice": {"players": 3}}


def refused_setup(game: str, setup: dict) -> RuleError:
    with pytest.raises(RuleError) as err:
        GAMES[game].new_game(**setup)
    assert err.value.code == "setup", err.value
    with pytest.raises(RuleError) as by_log:
        replay({"game": game, "setup": setup, "actions": []})
    assert by_log.value.code == "setup"
    assert by_log.value.message == f"the log's setup: {err.value.message}"
    return err.value


# ------------------------------------------------------------------ setups


@pytest.mark.parametrize("game", ["bohnanza", "dice"])
def test_a_setup_without_players_says_it_must_say_how_many(game):
    err = refused_setup(game, {"seed": 1})
    assert "must say how many 'players'" in err.message


def test_a_duel_setup_may_say_two_players_and_no_other_number():
    assert GAMES["duel"].new_game(players=2, seed=3) == GAMES["duel"].new_game(seed=3)
    for players in (3, 1, "2", True):
        err = refused_setup("duel", {"players": players})
        assert f"always for 2 players, not {players!r}" in err.message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_setup_with_an_unknown_setting_names_it(game):
    err = refused_setup(game, {**SETUPS[game], "colour": "red"})
    assert "'colour'" in err.message


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [[1, 2], None, "7", 1.5, True])
def test_a_seed_that_is_not_a_whole_number_is_refused(game, seed):
    # `None` used to shuffle from the operating system: one log, a new game each replay.
    err = refused_setup(game, {**SETUPS[game], "seed": seed})
    assert "seed must be a whole number" in err.message and repr(seed) in err.message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_log_replays_to_the_same_state_every_time(game):
    log = {"game": game, "setup": SETUPS[game], "actions": []}  # no seed: seed 0
    assert (
        replay(log)
        == replay(json.loads(json.dumps(log)))
        == GAMES[game].new_game(seed=0, **SETUPS[game])
    )
    with_seed = {**log, "setup": {**SETUPS[game], "seed": 2**40}}
    assert replay(with_seed) == replay(with_seed)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("start", [True, False, 1.0, "1", -1, 9])
def test_the_starting_seat_is_a_whole_number_of_a_seat_at_the_table(game, start):
    # `true` used to be taken as seat 1.
    err = refused_setup(game, {**SETUPS[game], "start": start})
    assert "'start' is the starting player's seat" in err.message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_knowledge_is_known_or_hidden(game):
    err = refused_setup(game, {**SETUPS[game], "knowledge": ["hidden"]})
    assert "'known' or 'hidden'" in err.message


def test_bohnanza_settings_are_of_their_type_true_is_not_one():
    assert (
        "'third_field_cost'"
        in refused_setup("bohnanza", {"players": 4, "third_field_cost": True}).message
    )
    assert "edition" in refused_setup("bohnanza", {"players": 4, "edition": ["newer"]}).message
    assert "not True" in refused_setup("bohnanza", {"players": True}).message


def test_dice_faces_that_are_no_dice_are_refused():
    with pytest.raises(RuleError) as err:
        W.new_game(3, faces=[{"kind": "odd", "faces": [["red"]] * 6, "count": 5}])
    assert err.value.code == "bad-dice" and "not a bean id" in err.value.message
    with pytest.raises(RuleError) as err:
        W.new_game(3, faces="no\0file")
    assert err.value.code == "bad-dice"


def test_hidden_dice_cards_that_are_wrong_name_the_seat():
    with pytest.raises(RuleError) as err:
        W.new_game(2, knowledge="hidden", cards=[[["red"] * 5, ["red"] * 5], [["red"] * 5, 5]])
    assert err.value.code == "bad-card" and err.value.message.startswith("seat 2's cards:")


# ------------------------------------------------------------------ logs


@pytest.mark.parametrize(
    "log, says",
    [
        ([], "a log is an object"),
        ({"game": "bohnanza", "actions": []}, "a log is an object"),
        ({"game": "chess", "setup": {}}, "unknown game 'chess'"),
        ({"game": ["duel"], "setup": {}}, "unknown game"),
        ({"game": "duel", "setup": {}, "actions": {}}, "'actions' must be a list"),
        ({"game": "duel", "setup": {}, "actions": [7]}, "action 0 of the log"),
    ],
)
def test_a_malformed_log_says_what_is_wrong(log, says):
    with pytest.raises(RuleError) as err:
        replay(log)
    assert says in err.value.message


def test_replay_prints_one_line_for_a_log_without_players_not_a_traceback(tmp_path, capsys):
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"game": "bohnanza", "setup": {"seed": 1}, "actions": []}))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    says = "the log's setup: the setup of Bohnanza must say how many 'players' [setup]"
    assert err == f"companion replay: {says}\n"


def test_replay_prints_one_line_for_a_file_that_is_not_json_text(tmp_path, capsys):
    path = tmp_path / "log.json"
    path.write_bytes(b"\xff\xfe{")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion replay: can't read") and err.count("\n") == 1


def test_replay_prints_a_multi_line_refusal_on_one_line(tmp_path, capsys):
    log = make_log(
        "dice", {"players": 2, "knowledge": "hidden", "cards": [[["re!d"] * 5] * 2] * 2}, []
    )
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unexpected character" in err


# ------------------------------------------------------------------ saved states


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_saved_state_of_nothing_says_what_is_missing(game):
    with pytest.raises(RuleError) as err:
        GAMES[game].state_from_json({})
    assert err.value.code == "malformed-state"
    assert err.value.message == "this saved game can't be read: game is missing"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_saved_state_of_another_game_is_refused(game):
    other = "duel" if game != "duel" else "dice"
    saved = GAMES[other].new_game(**SETUPS[other]).to_json()
    with pytest.raises(RuleError) as err:
        GAMES[game].state_from_json(saved)
    assert f"game must be '{game}'" in err.value.message


@pytest.mark.parametrize(
    "game, change, says",
    [
        (
            "bohnanza",
            lambda d: d["players"][1]["hand"].__setitem__(0, 5),
            "players[1].hand[0] must be a bean id (black-eyed, blue,",
        ),
        (
            "bohnanza",
            lambda d: d.__setitem__("start", True),
            "start must be a whole number from 0 to 3",
        ),
        ("bohnanza", lambda d: d["rules"].__setitem__("deal", [9]), "rules.deal must be [5]"),
        ("bohnanza", lambda d: d["rules"].__setitem__("players", 9), "rules: the Bohnanza"),
        ("bohnanza", lambda d: d["players"][0].__setitem__("fields", []), "1 to 3 bean fields"),
        ("bohnanza", lambda d: d.__setitem__("colour", "red"), "unknown ['colour']"),
        ("bohnanza", lambda d: d.pop("seed"), "seed is missing"),
        ("duel", lambda d: d["players"].pop(), "players must be a list of 2"),
        (
            "duel",
            lambda d: d["players"][0]["bonus"].__setitem__(0, {"pattern": ["red"], "cents": 5}),
            "players[0].bonus[0]: a bo(h)nus card is worth",
        ),
        (
            "duel",
            lambda d: d["players"][0]["fields"][0].append("coffee"),
            "players[0].fields[0][0] must be a bean id of The Duel",
        ),
        (
            "duel",
            lambda d: d.__setitem__("offers", ["red", "red"]),
            "offers must be a list without repeats",
        ),
        ("dice", lambda d: d.__setitem__("faces", [None] * 4), "faces must be a list of 5"),
        (
            "dice",
            lambda d: d.__setitem__("rolled", [7]),
            "rolled[0] must be a whole number from 0 to 4",
        ),
        (
            "dice",
            lambda d: d["players"][0].__setitem__("top", {"orders": ["red"]}),
            "players[0].top: a harvest card has 5 orders",
        ),
        ("dice", lambda d: d.__setitem__("final", 3), "final must be a whole number from 0 to 2"),
    ],
)
def test_a_saved_state_with_a_wrong_value_names_where(game, change, says):
    gd = GAMES[game]
    state = gd.new_game(**SETUPS[game])
    saved = json.loads(json.dumps(state.to_json()))
    assert gd.state_from_json(saved) == state
    change(saved)
    with pytest.raises(RuleError) as err:
        gd.state_from_json(saved)
    assert err.value.code == "malformed-state"
    assert says in err.value.message, err.value.message


def test_the_state_classes_read_their_own_json():
    for state in (
        B.new_game(5, "newer", third_field_cost=0),
        D.new_game(knowledge="hidden"),
        W.new_game(4, seed=9),
    ):
        assert type(state).from_json(json.loads(json.dumps(state.to_json()))) == state


# ------------------------------------------------------------------ words

# The big screen says "Waiting for Anna to {step}": every step reads after "to".
STEP_VERBS = {
    "plant", "turn", "harvest", "trade", "draw", "offer", "hand", "discard", "fulfil",
    "roll", "save", "pass", "end", "accept",
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_step_of_a_game_reads_after_waiting_for_a_player_to(game):
    import random

    g = GAMES[game]
    rng = random.Random(3)
    seen = set()
    for seed in range(2):  # (a dice view works out the odds: slower)
        s = g.new_game(seed=seed, **SETUPS[game])
        names = [f"P{i}" for i in range(len(s.players))]
        for _ in range(1000):
            if g.summary(s)["over"]:
                break
            seen.add(g.view(s, names, you=s.active)["step_text"])
            legal = g.legal_actions(s)
            if not legal:
                break
            s = g.apply(s, rng.choice(legal))
    assert len(seen) >= 4, seen
    assert [t for t in seen if t.split()[0] not in STEP_VERBS] == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hand_whose_first_card_is_planted_next_is_shown_in_its_order(game):
    """Bohnanza and The Duel: the hand's order never changes and its first card is
    planted next (the phone marks it); the dice game has no hand."""
    g = GAMES[game]
    s = g.new_game(seed=1, **SETUPS[game])
    shown = g.view(s, [f"P{i}" for i in range(len(s.players))], you=0)["show"]
    assert shown["hand_in_order"] is (game in ("bohnanza", "duel"))
