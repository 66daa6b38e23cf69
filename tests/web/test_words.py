"""A phone reads the table in its own language: snapshots per connection over
Socket.IO, notices once with keys, a phone's own cards."""

import json

from companion.engine import bohnanza as B
from companion.engine import words as w
from companion.engine.errors import RULE_DE, Rule
from companion.errors import REFUSAL_DE, Refusal

from .clients import open_table
from .conftest import last_state


def join(client_for, code, seat, name, lang=None):
    phone = client_for(lang=lang) if lang else client_for()
    reply = phone.emit("join", {"code": code, "seat": seat, "name": name}, callback=True)
    assert reply["ok"], reply
    return phone, reply["token"]


def test_a_phone_that_asks_for_german_gets_german_and_another_english(client_for, service):
    host, code = open_table(client_for, knowledge="known", seed=5)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna", lang="de")
    ben, _ = join(client_for, code, 1, "Ben", lang="en")
    watcher = client_for(watch=code, lang="de")
    snap = last_state(anna)
    assert snap["lang"] == "de"
    assert snap["view"]["turn_text"] == "Du bist dran — die vorderste Handkarte anbauen"
    assert snap["legal"] and all(m["label"].startswith("Baue ") for m in snap["legal"])
    assert last_state(ben)["view"]["turn_text"] == "Anna's turn — plant the first card of the hand"
    assert last_state(watcher)["view"]["turn_text"] == (
        "Anna ist dran — die vorderste Handkarte anbauen"
    )
    front = service.table(code).state.players[0].hand[0]
    move = snap["legal"][0]["action"]
    assert anna.emit("act", {"action": move}, callback=True)["ok"]
    field = move["field"] + 1
    de, en = last_state(anna), last_state(ben)
    assert de["log"] == [f"Anna baut {w.bean(front, 'de')} in Feld {field} an"]
    assert en["log"] == [f"Anna plants {w.bean(front, 'en')} in field {field}"]
    assert last_state(watcher)["log"] == de["log"]
    assert de["view"]["players"][0]["fields"][move["field"]]["name"] == w.bean(front, "de")


def test_a_phone_changes_language_by_reconnecting(client_for):
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    phone, token = join(client_for, code, 1, "Ben")
    assert last_state(phone)["lang"] == "en"
    phone.disconnect()
    again = client_for(token=token, lang="de")
    snap = last_state(again)
    assert snap["lang"] == "de" and snap["view"]["turn_text"].startswith("Platz 1 ist dran — ")
    odd = client_for(token=token, lang="fr")
    assert last_state(odd)["lang"] == "en"


def test_a_malformed_message_says_what_to_do_in_the_phones_language(client_for):
    phone = client_for(lang="de")
    reply = phone.emit("join", {"code": "ABCD", "seat": 0, "name": "x" * 21}, callback=True)
    assert reply["error"]["message"].startswith("gib einen Namen mit 1 bis 20 Zeichen ein")
    reply = client_for().emit("join", {"code": "AB", "seat": 0, "name": "A"}, callback=True)
    assert reply["error"]["message"].startswith("enter the table's code: the 4 letters")


def test_the_same_notice_is_kept_once_with_a_stable_key(service):
    code = service.open_table("bohnanza", 3, {"knowledge": "known"})
    service.start_game(code)
    for _ in range(5):
        service.notice(code, "illegal", "a second variety in seat 2's field 1", seat=1)
    service.notice(code, "uncertain", w.both("is that a Soy Bean?", "ist das eine Sojabohne?"))
    snap = service.snapshot(code)
    assert [n["text"] for n in snap["notices"]] == [
        "a second variety in seat 2's field 1",
        "is that a Soy Bean?",
    ]
    keys = [n["key"] for n in snap["notices"]]
    assert len(set(keys)) == 2
    service.notice(code, "illegal", "a second variety in seat 2's field 1", seat=1)
    again = service.snapshot(code, lang="de")
    assert [n["key"] for n in again["notices"]] == keys[::-1]  # the latest last, once
    assert again["notices"][0]["text"] == "ist das eine Sojabohne?"
    warned = [x for x in again["view"]["warnings"] if x["key"] in keys]
    assert len(warned) == 2


def test_warnings_carry_a_key_and_the_text_in_the_snapshots_language(service):
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 1})
    service.start_game(code)
    t = service.table(code)
    p = t.state.players[0]
    front = p.hand[0]
    others = [b for b in t.state.rules.beans if b != front]
    full = [[b] for b in others[: len(p.fields)]]  # no field takes the front card
    t.state = B.State.from_json(
        {
            **t.state.to_json(),
            "players": [
                {**p.to_json(), "fields": full},
                *(q.to_json() for q in t.state.players[1:]),
            ],
        }
    )
    forced = [x for x in service.snapshot(code, 0, "de")["view"]["warnings"] if x["seat"] == 0]
    assert forced[0]["key"] == f"forced-harvest/0/{front}"
    assert forced[0]["text"].startswith("Du musst ein Feld ernten")
    other_phone = service.snapshot(code, 1)["view"]["warnings"]
    # The card is the first of Seat 1's hand: named on Seat 1's phone only.
    assert other_phone[0]["text"] == (
        "Seat 1 must harvest a field to plant the first card of their hand"
    )
    assert other_phone[0]["key"] == "forced-harvest/0/hand"
    big_screen = json.dumps(service.snapshot(code, None)["view"]["warnings"])
    assert w.bean(front, "en") not in big_screen and front not in big_screen


def test_the_hosts_undo_is_logged_in_every_language(client_for, service):
    host, code = open_table(client_for, knowledge="known", seed=2)
    host.emit("host:start", {"code": code}, callback=True)
    front = service.table(code).state.players[0].hand[0]
    service.act(code, {"type": "plant", "player": 0, "field": 0, "bean": front})
    assert host.emit("host:undo", {"code": code}, callback=True)["ok"]
    log = service.snapshot(code, lang="de")["log"]
    assert log[-1] == "Der Gastgeber hat die letzte Aktion zurückgenommen"
    assert log[0].startswith("Platz 1 baut")  # oldest first
    assert service.snapshot(code)["log"][-1] == "The host took back the last action"


def test_a_phone_sees_its_own_hand_when_the_companion_knows_it(service):
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    mine = service.snapshot(code, 2)
    assert mine["private"] == {
        "hand": list(service.table(code).state.players[2].hand),
        "bonus": None,
        "cards_entered": False,
    }
    assert "private" not in service.snapshot(code)
    hidden = service.open_table("bohnanza", 3, {})
    service.start_game(hidden)
    assert service.snapshot(hidden, 0)["private"] == {
        "hand": None,
        "bonus": None,
        "cards_entered": False,
    }


def test_a_duel_player_sees_their_own_bonus_cards_in_words(service):
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    state = service.table(code).state
    private = service.snapshot(code, 1, "de")["private"]
    assert private["hand"] == list(state.players[1].hand)
    cards = state.players[1].bonus
    assert [(c["pattern"], c["cents"]) for c in private["bonus"]] == [
        (list(c.pattern), c.cents) for c in cards
    ]
    first = cards[0]
    pattern = " → ".join(w.bean(b, "de") for b in first.pattern)
    assert private["bonus"][0]["text"] == f"{pattern}: {w.cents(100 + first.cents, 'de')}"


def test_a_phone_with_nothing_to_do_knows_whom_the_table_waits_for(service):
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    t = service.table(code)
    for _ in range(200):  # to the first gift offered: the other player must answer
        if t.state.step == "gift" and t.state.offers:
            break
        active = [m for m in service.legal_for(t, t.state.active)]
        offer = [m for m in active if m["action"]["type"] == "offer-gift"]
        service.act(code, (offer or active)[0]["action"])
    answering = 1 - t.state.active if len(t.state.offers) % 2 else t.state.active
    snap = service.snapshot(code, seat=1 - answering)
    assert snap["view"]["waiting_for"] == [answering]
    # (Its own moves, if any, are harvests: the phone shows those, not the wait.)
    assert {m["action"]["type"] for m in snap["legal"]} <= {"harvest"}


def test_the_game_names_the_heading_a_phone_groups_its_moves_under(service):
    from companion.engine.games import GAMES
    from companion.snapshots import legal_for

    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.join(code, 1, "Ben")
    service.start_game(code)
    t = service.table(code)
    plant = legal_for(t, 0, "de")
    assert plant and {m["group"] for m in plant} == {"Anbauen"}
    trade = B.Trade(player=0, partner=1, give=(0,))
    game = GAMES["bohnanza"]
    assert game.group(t.state, trade, t.names, "en") == "Trade with Ben"
    assert game.group(t.state, trade, t.names, "de") == "Handel mit Ben"
    assert game.group(t.state, B.EndTurn(player=0), t.names, "en") is None
    # One verb for harvesting in German, on the heading as in the hints ("ernten";
    # the heading said "abernten").
    for name in ("bohnanza", "duel"):
        assert GAMES[name].group(t.state, B.Harvest(0, 0), t.names, "de") == "Ein Feld ernten"


def test_a_refused_move_is_said_in_the_phones_language(client_for):
    """A German phone is told why a move was refused in German (the rule in a
    sentence), an English one in English (naming the field)."""
    host, code = open_table(client_for, knowledge="known", seed=5)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna", lang="de")
    ben, _ = join(client_for, code, 1, "Ben", lang="en")
    empty = {"type": "harvest", "field": 0}
    de = anna.emit("act", {"action": {**empty, "player": 0}}, callback=True)
    en = ben.emit("act", {"action": {**empty, "player": 1}}, callback=True)
    assert de["error"] == {
        "code": "empty-field",
        "message": "Dieses Feld ist leer: da gibt es nichts zu ernten.",
    }
    assert en["error"] == {
        "code": "empty-field",
        "message": "field 1 is empty: there is nothing to harvest",
    }
    # Not a rule of the game: the service's own refusals too.
    taken = client_for(lang="de").emit(
        "join", {"code": code, "seat": 0, "name": "Uwe"}, callback=True
    )
    assert taken["error"] == {"code": "seat-taken", "message": "Dieser Platz ist schon besetzt."}


def test_every_refusal_has_its_german_sentence():
    assert set(RULE_DE) == set(Rule)
    assert set(REFUSAL_DE) == set(Refusal)
    assert all(
        t.endswith(".") and t[0].isupper() for t in [*RULE_DE.values(), *REFUSAL_DE.values()]
    )
