"""Every word the server sends a player, in the player's words, in English and German:
move labels, log lines, the turn, the end's standings, a phone's own cards."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from companion import views
from companion.engine import bohnanza as B
from companion.engine import dice as D
from companion.engine import duel as U
from companion.engine import words as w
from companion.engine.beans import bean_name
from companion.engine.bohnanza.state import STEPS as BOHNANZA_STEPS
from companion.engine.dice.state import STEPS as DICE_STEPS
from companion.engine.dice.view import order_alternatives
from companion.engine.duel.state import STEPS as DUEL_STEPS
from companion.engine.games import GAMES

NAMES = {0: "Anna", 1: "Ben", 2: "Carla", 3: "Dora", 4: "Emil"}

SETUPS = [
    ("bohnanza", {"players": 4}),
    ("bohnanza", {"players": 2}),  # the bean duel: offers, discards from the hand
    ("bohnanza", {"players": 3, "edition": "newer"}),
    ("bohnanza", {"players": 5, "knowledge": "hidden"}),
    ("duel", {}),
    ("duel", {"knowledge": "hidden"}),
    ("dice", {"players": 3}),
]

IMPERATIVES = {
    "en": {
        "Plant", "Turn", "Give", "Accept", "Trade", "End", "Discard", "Harvest", "Buy",
        "Offer", "Decline", "Admit", "Draw", "Fulfil", "Roll", "Use", "Save", "Pass", "Bluff",
    },
    "de": {
        "Baue", "Decke", "Schenke", "Nimm", "Tausche", "Beende", "Wirf", "Ernte", "Kaufe",
        "Biete", "Lehne", "Gib", "Ziehe", "Erfülle", "Würfle", "Nutze", "Lege", "Bluffe",
    },
}  # fmt: skip

# Ids a player must never read: steps and action types (those that are not plain
# words, like "plant-traded" or "turn-end"), bean ids, Python's None.
RAW = sorted(
    {i for i in BOHNANZA_STEPS + DUEL_STEPS + DICE_STEPS if "-" in i}
    | {t for g in GAMES.values() for t in g.codec.types if "-" in t}
    | set(w.BEANS_DE)
    | {"None"}
)


# (one pattern for them all: the tests look at some hundred thousand texts)
RAW_PATTERN = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(r) for r in sorted(RAW, key=len, reverse=True))
    + r")(?![\w-])"
)


def raw_ids(text: str) -> list[str]:
    return sorted(set(RAW_PATTERN.findall(text)))


def hidden_twin(game: str, state):
    """The same table as the companion at a real table sees it: hands, the deck
    and (The Duel) bo(h)nus cards unseen."""
    if game == "dice" or state.deck is None:
        return None
    data = state.to_json()
    for p in data["players"]:
        p["hand"] = [None] * len(p["hand"])
        if game == "duel":
            p["bonus"] = [None] * len(p["bonus"])
            p["dollars"] = [None] * len(p["dollars"])
    data["hidden_deck"], data["deck"] = len(data["deck"]), None
    if game == "duel":
        data["hidden_bonus_deck"], data["bonus_deck"] = len(data["bonus_deck"]), None
    return GAMES[game].state_from_json(data)


def walk(game: str, setup: dict, games: int = 3):
    """(state, legal actions) along random games, and the same states as a real
    table sees them; hidden setups stop at the first move that needs a bean the
    table would have seen."""
    gd = GAMES[game]
    for seed in range(games):
        state = gd.new_game(seed=seed, **setup)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.over:
                break
            legal = gd.legal_actions(state)
            yield state, legal
            twin = hidden_twin(game, state)
            if twin is not None:
                yield twin, gd.legal_actions(twin)
            try:
                state = gd.apply(state, rng.choice(legal))
            except Exception:
                break
        yield state, []


@pytest.fixture(scope="module")
def labelled():
    """Every legal action met in random games of the three games, with its label
    in both languages and its log line."""
    out = []
    for game, setup in SETUPS:
        for state, legal in walk(game, setup):
            for action in legal:
                out.append(
                    (
                        game,
                        action,
                        {lang: views.label(game, state, action, NAMES, lang) for lang in w.LANGS},
                        {
                            lang: views.describe(game, state, action, NAMES, lang=lang)
                            for lang in w.LANGS
                        },
                    )
                )
    return out


def test_every_action_type_of_the_three_games_gets_a_label(labelled):
    for name, gd in GAMES.items():
        met = {a.type for game, a, _, _ in labelled if game == name}
        assert met == set(gd.codec.types), name


@pytest.mark.parametrize("lang", w.LANGS)
def test_a_label_speaks_to_the_player_who_makes_the_move(labelled, lang):
    for game, action, labels, _ in labelled:
        text = labels[lang]
        assert text.split()[0].rstrip(":") in IMPERATIVES[lang], (game, action, text)
        assert not any(text.startswith(n) for n in NAMES.values()), text
        assert raw_ids(text) == [], (text, raw_ids(text))


@pytest.mark.parametrize("lang", w.LANGS)
def test_a_log_line_names_the_player_in_the_third_person(labelled, lang):
    for _game, action, _, lines in labelled:
        text = lines[lang]
        # A donation to the active player is said of the one who gives it.
        gift = action.type == "trade" and not (action.face_up or action.give)
        subject = NAMES[action.partner if gift else action.player]
        assert text.startswith(subject + " "), text
        assert raw_ids(text) == [], (text, raw_ids(text))


def test_labels_say_the_example_moves_in_english_and_german():
    s = B.new_game(players=4, seed=3)
    front = s.players[0].hand[0]
    en, de = w.bean(front, "en"), w.bean(front, "de")
    plant = B.Plant(0, 1, front)
    assert views.label("bohnanza", s, plant, NAMES) == f"Plant {en} in field 2"
    assert views.label("bohnanza", s, plant, NAMES, "de") == f"Baue {de} in Feld 2 an"
    assert views.describe("bohnanza", s, plant, NAMES) == f"Anna plants {en} in field 2"
    assert views.describe("bohnanza", s, plant, NAMES, lang="de") == f"Anna baut {de} in Feld 2 an"
    s = replace(s, step="trade", face_up=("soy",))
    s = replace(
        s,
        players=(
            replace(s.players[0], hand=("blue",) + s.players[0].hand[1:]),
            replace(s.players[1], hand=("wax",) + s.players[1].hand[1:]),
        )
        + s.players[2:],
    )
    trade = B.Trade(0, 1, give=(0,), receive=(0,), give_beans=("blue",), receive_beans=("wax",))
    assert views.label("bohnanza", s, trade, NAMES) == "Trade your Blue Bean for Ben's Wax Bean"
    assert (
        views.label("bohnanza", s, trade, NAMES, "de")
        == "Tausche deine Blaue Bohne gegen die Weinbrandbohne von Ben"
    )
    gift = B.Trade(0, 1, face_up=(0,))
    assert views.label("bohnanza", s, gift, NAMES) == "Give the face-up Soy Bean to Ben"
    # The same moves offered to the partner, said from its side.
    assert views.label("bohnanza", s, trade, NAMES, seat=1) == (
        "Trade your Wax Bean for Anna's Blue Bean"
    )
    assert views.label("bohnanza", s, trade, NAMES, "de", seat=1) == (
        "Tausche deine Weinbrandbohne gegen die Blaue Bohne von Anna"
    )
    assert views.label("bohnanza", s, gift, NAMES, seat=1) == (
        "Accept Anna's face-up Soy Bean as a gift"
    )
    ask = B.Trade(0, 1, receive=(0,), receive_beans=("wax",))
    assert views.label("bohnanza", s, ask, NAMES, seat=1) == "Give your Wax Bean to Anna"
    # The log: a card of the hand with its article ("Platz 4 schenkt Platz 1
    # Feuerbohne" read wrong to a German player).
    assert views.describe("bohnanza", s, trade, NAMES) == (
        "Anna trades a Blue Bean for Ben's Wax Bean"
    )
    assert views.describe("bohnanza", s, ask, NAMES) == "Ben gives a Wax Bean to Anna"
    assert views.describe("bohnanza", s, ask, NAMES, lang="de") == (
        "Ben schenkt Anna eine Weinbrandbohne"
    )
    assert GAMES["bohnanza"].group(s, trade, NAMES, "en", 1) == "Trade with Anna"
    assert GAMES["bohnanza"].group(s, trade, NAMES, "en", 0) == "Trade with Ben"
    s = replace(s, step="plant-traded", face_up=())
    assert views.label("bohnanza", s, B.EndTurn(0), NAMES) == "End your turn: draw 3 cards"
    assert views.label("bohnanza", s, B.EndTurn(0), NAMES, "de") == (
        "Beende deinen Zug: ziehe 3 Karten"
    )


def test_german_bean_names_are_the_german_cards():
    assert [w.bean(b, "de") for b in ("soy", "chili", "stink", "black-eyed", "red")] == [
        "Sojabohne",
        "Feuerbohne",
        "Saubohne",
        "Augenbohne",
        "Rote Bohne",
    ]
    assert set(w.BEANS_DE) == set(B.make_rules(5, "classic", fields=2).beans) | {"coffee"}


def test_plurals_are_right_in_both_languages():
    assert [w.count(n, "coin", "en") for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert [w.count(n, "coin", "de") for n in (1, 2)] == ["1 Taler", "2 Taler"]
    assert [w.count(n, "card", "en") for n in (1, 2)] == ["1 card", "2 cards"]
    assert [w.count(n, "card", "de") for n in (1, 2)] == ["1 Karte", "2 Karten"]
    assert w.count(14, "coin", "de", dative=True) == "14 Talern"
    s = B.new_game(players=4, seed=1)
    one = replace(s.players[0], fields=(("red",) * 2, ()))
    two = replace(s.players[0], fields=(("red",) * 3, ()))
    for p, en, de in ((one, "1 coin", "1 Taler"), (two, "2 coins", "2 Taler")):
        state = replace(s, players=(p,) + s.players[1:])
        assert views.label("bohnanza", state, B.Harvest(0, 0), NAMES).endswith(f"for {en}")
        assert views.label("bohnanza", state, B.Harvest(0, 0), NAMES, "de").endswith(f"für {de}")
    d = D.new_game(players=2, seed=1)
    d = replace(d, players=(replace(d.players[0], completed=3),) + d.players[1:])
    assert views.describe("dice", d, D.Harvest(0), NAMES) == "Anna harvests 3 orders for 1 dollar"
    assert views.describe("dice", d, D.Harvest(0), NAMES, lang="de") == (
        "Anna erntet 3 Aufträge für 1 Taler"
    )


def test_the_dice_turn_ends_by_handing_the_bean_piece_to_the_next_player_used_or_not():
    """Rulebook 004: "At the end of your turn, hand the bean piece to the player on
    your left": the piece marks the turn, whether it repeated a roll or not; the
    button says the turn ends and who plays next."""
    d = replace(D.new_game(players=3, seed=1), step="turn-end", active=2)
    assert d.piece  # never used this turn
    assert views.label("dice", d, D.PassPiece(2), NAMES) == (
        "End your turn: hand the bean piece to Anna on your left"
    )
    assert views.label("dice", d, D.PassPiece(2), NAMES, "de") == (
        "Beende deinen Zug: gib die Bohnenfigur an Anna links von dir"
    )
    assert views.describe("dice", d, D.PassPiece(2), NAMES) == (
        "Carla ends the turn and hands the bean piece to Anna"
    )
    d = replace(d, active=0)
    assert views.label("dice", d, D.PassPiece(0), NAMES).endswith("to Ben on your left")


@pytest.mark.parametrize("game, setup", SETUPS)
@pytest.mark.parametrize("lang", w.LANGS)
def test_the_turn_is_said_in_words_never_as_a_step_id(game, setup, lang):
    for state, _ in walk(game, setup, games=1):
        view = views.game_view(game, state, NAMES, advise=False, lang=lang, you=0)
        assert raw_ids(view["step_text"]) == [] and raw_ids(view["turn_text"]) == []
        if state.over:
            continue
        if state.active == 0:
            mine = "Du bist dran — " if lang == "de" else "Your turn — "
            assert view["turn_text"] == mine + view["step_text"]
        else:
            name = NAMES[state.active]
            theirs = f"{name} ist dran — " if lang == "de" else f"{name}'s turn — "
            assert view["turn_text"] == theirs + view["step_text"]
    dashboard = views.game_view(game, state, NAMES, advise=False, lang=lang)
    assert not dashboard["turn_text"].startswith(("Your", "Du "))


# ---------------------------------------------------------------- the end


def _bohnanza_over(coins, hands, tie_break="most-cards-in-hand", start=0):
    s = B.new_game(players=len(coins), seed=1, start=start, tie_break=tie_break)
    players = tuple(
        replace(p, coins=("soy",) * c, hand=("red",) * h)
        for p, c, h in zip(s.players, coins, hands, strict=True)
    )
    return replace(s, players=players, step="over")


def test_bohnanza_standings_and_the_most_cards_in_hand_tie_break():
    s = _bohnanza_over([14, 14, 9], [2, 5, 7])
    view = views.game_view("bohnanza", s, NAMES, lang="en")
    assert view["winners"] == [1]
    assert view["standings"] == [
        {"seat": 1, "name": "Ben", "score": 14, "score_text": "14 coins", "place": 1},
        {"seat": 0, "name": "Anna", "score": 14, "score_text": "14 coins", "place": 2},
        {"seat": 2, "name": "Carla", "score": 9, "score_text": "9 coins", "place": 3},
    ]
    assert view["result_text"] == (
        "Ben wins with 14 coins. Anna also has 14 coins but fewer cards in hand "
        "(ties go to the most cards in hand)."
    )
    de = views.game_view("bohnanza", s, NAMES, lang="de")
    assert de["result_text"] == (
        "Ben gewinnt mit 14 Talern. Anna hat ebenfalls 14 Taler, aber weniger Handkarten "
        "(bei Gleichstand gewinnt, wer die meisten Handkarten hat)."
    )
    assert de["standings"][0]["score_text"] == "14 Taler"


def test_bohnanza_a_tie_the_tie_break_cannot_split_shares_the_win_and_the_place():
    s = _bohnanza_over([6, 6, 1], [3, 3, 0])
    view = views.game_view("bohnanza", s, NAMES)
    assert view["winners"] == [0, 1]
    assert [(r["seat"], r["place"]) for r in view["standings"]] == [(0, 1), (1, 1), (2, 3)]
    assert view["result_text"] == (
        "Anna and Ben share the win with 6 coins each and 3 cards in hand "
        "(ties go to the most cards in hand)."
    )


def test_bohnanza_the_furthest_from_the_start_wins_a_tie_in_the_newer_edition():
    s = _bohnanza_over([5, 8, 8, 8], [0, 0, 0, 0], "furthest-from-start", start=2)
    view = views.game_view("bohnanza", s, NAMES)
    # Start at seat 3 (index 2): clockwise 2, 3, 0, 1 — seat index 1 sits furthest.
    assert view["winners"] == [1]
    assert [r["seat"] for r in view["standings"]] == [1, 3, 2, 0]
    assert [r["place"] for r in view["standings"]] == [1, 2, 3, 4]
    assert view["result_text"] == (
        "Ben wins with 8 coins. Dora and Carla also have 8 coins but sit closer to the "
        "starting player (ties go to the player furthest from the starting player, clockwise)."
    )
    de = views.game_view("bohnanza", s, NAMES, lang="de")
    assert de["result_text"] == (
        "Ben gewinnt mit 8 Talern. Dora und Carla haben ebenfalls 8 Taler, sitzen aber näher "
        "am Startspieler (bei Gleichstand gewinnt, wer im Uhrzeigersinn am weitesten vom "
        "Startspieler sitzt)."
    )


def test_the_duel_starting_player_loses_a_tie():
    s = U.new_game(seed=2, start=0)
    players = (
        replace(s.players[0], dollars=("red",) * 3, fulfilled=(U.BonusCard(("soy",), 40),)),
        replace(s.players[1], dollars=("red",) * 3, fulfilled=(U.BonusCard(("red",), 40),)),
    )
    s = replace(s, players=players, step="over")
    view = views.game_view("duel", s, NAMES)
    assert view["winners"] == [1]
    assert view["standings"] == [
        {"seat": 1, "name": "Ben", "score": 4.4, "score_text": "$4.40", "place": 1},
        {"seat": 0, "name": "Anna", "score": 4.4, "score_text": "$4.40", "place": 2},
    ]
    assert view["result_text"] == (
        "Ben wins with $4.40. Anna also has $4.40 but was the starting player "
        "(the starting player loses a tie)."
    )
    de = views.game_view("duel", s, NAMES, lang="de")
    assert de["result_text"] == (
        "Ben gewinnt mit 4,40 $. Anna hat ebenfalls 4,40 $, hat aber das Spiel begonnen "
        "(bei Gleichstand verliert, wer begonnen hat)."
    )


def test_dice_ties_share_the_win():
    s = D.new_game(players=3, seed=2)
    cards = D.synthetic_cards()
    totals = [cards[:10], cards[10:20], cards[20:23]]
    players = tuple(replace(p, dollars=tuple(t)) for p, t in zip(s.players, totals, strict=True))
    s = replace(s, players=players, step="over")
    view = views.game_view("dice", s, NAMES, advise=False)
    assert view["winners"] == [0, 1]
    assert [(r["seat"], r["score"], r["place"]) for r in view["standings"]] == [
        (0, 10, 1),
        (1, 10, 1),
        (2, 3, 3),
    ]
    assert view["result_text"] == (
        "Anna and Ben share the win with 10 dollars each (ties share the win)."
    )
    de = views.game_view("dice", s, NAMES, advise=False, lang="de")
    assert de["result_text"] == (
        "Anna und Ben teilen sich den Sieg mit je 10 Talern (Gleichstand teilt den Sieg)."
    )


def test_a_clear_win_says_no_tie_break():
    s = _bohnanza_over([3, 9, 4], [1, 1, 1])
    assert views.game_view("bohnanza", s, NAMES)["result_text"] == "Ben wins with 9 coins."
    assert views.game_view("bohnanza", s, NAMES, lang="de")["result_text"] == (
        "Ben gewinnt mit 9 Talern."
    )


# ---------------------------------------------------------------- the dice view


def test_dice_orders_come_with_their_alternatives_as_dice():
    s = D.new_game(players=2, seed=4)
    view = views.game_view("dice", s, NAMES, advise=False)
    order = s.players[0].top.orders[0]
    shown = view["players"][0]["orders"][0]
    assert shown["alternatives"] == order_alternatives(order)
    parsed = D.parse_order("(soy|green) + red + garden")
    assert order_alternatives(parsed) == [[["garden"], ["green", "soy"], ["red"]]]
    two = order_alternatives(D.parse_order("green*2 | soy*2"))
    assert sorted(two) == [[["green"], ["green"]], [["soy"], ["soy"]]]


def test_a_roll_the_engine_made_is_logged_with_the_faces_it_showed():
    from companion.engine.games import GAMES

    game = GAMES["dice"]
    state = game.new_game(players=2, knowledge="known", seed=3)
    roll = next(a for a in game.legal_actions(state) if type(a).__name__ == "Roll")
    after = game.apply(state, roll)
    shown = [views.describe("dice", state, roll, {}, lang="en")]
    faces = [after.faces[i] for i in after.rolled]
    assert all(bean_name(f) in shown[0] for f in faces)
    assert views.describe("dice", state, roll, {}, upcoming=True, lang="en") == "Seat 1 rolls"


@pytest.mark.parametrize(
    "game, setup, says",
    [
        (
            "bohnanza",
            {"players": 4},
            [
                "A turn: 1. plant",
                "draw 3 cards",
                "costs 3 coins",
                "runs out a third time",
                "“×2” on a field",
            ],
        ),
        # (no 3rd field at a classic table of three; its game ends at the 2nd time)
        ("bohnanza", {"players": 3}, ["runs out a second time"]),
        ("bohnanza", {"players": 6}, ["draw 4 cards", "costs 2 coins", "runs out a third time"]),
        # (the two-player variant: no trading; what is not planted goes over)
        (
            "bohnanza",
            {"players": 2},
            [
                "the rest goes to the other player",
                "runs out the first time",
                "you may discard any one card of your hand",
                "matching cards from the top of the discard pile join them",
                "You harvest only on your own turn",
            ],
        ),
        ("duel", {}, ["next higher number", "$1.10", "You start with $3", "bluff"]),
        # (the dice's two kinds, as GAME-DATA has them: a newcomer asked why two
        # dice were brown)
        (
            "dice",
            {"players": 3},
            [
                "bottom up",
                "1, 2 or 3 dollars",
                "10 dollars",
                "the 2 darker dice: Blue Bean, Garden Bean, Stink Bean ×2 and Soy Bean ×2; "
                "the 3 lighter dice: Stink Bean, Red Bean, Blue Bean ×2 and Green Bean ×2.",
            ],
        ),
    ],
)
def test_every_game_says_how_to_read_its_phone_by_its_own_rules(game, setup, says):
    """A newcomer met "takes Garden or Red", "$1.10" and "+2 → next coin" with nothing
    to say what they meant: each game's view carries a legend, in both languages."""
    g = GAMES[game]
    state = g.new_game(**setup, seed=1)
    en = views.game_view(g, state, {}, lang="en")["legend"]
    de = views.game_view(g, state, {}, lang="de")["legend"]
    assert len(en) == len(de) >= 3
    text = " ".join(en)
    assert all(s in text for s in says), (says, en)
    if game == "bohnanza" and setup["players"] == 3:
        assert "3rd bean field" not in text
    assert all(line.endswith(".") for line in en + de)
    assert not any(raw_ids(line) for line in en + de)
