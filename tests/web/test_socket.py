"""Every Socket.IO message, its schema and who may send it (Flask-SocketIO's test client)."""

import pytest

from companion.tables import CODE_LETTERS

from .clients import join, open_table
from .conftest import HOST_KEY, last_state


def test_open_needs_the_host_key(client_for):
    stranger = client_for()
    reply = stranger.emit("host:open", {"game": "bohnanza", "players": 4}, callback=True)
    assert reply == {
        "ok": False,
        "error": {"code": "not-host", "message": reply["error"]["message"]},
    }
    wrong = client_for(host="guess")
    assert not wrong.emit("host:open", {"game": "duel", "players": 2}, callback=True)["ok"]
    _, code = open_table(client_for)
    assert len(code) == 4 and set(code) <= set(CODE_LETTERS)


def test_a_bad_setup_is_refused_with_the_engines_words(client_for):
    host = client_for(host=HOST_KEY)
    reply = host.emit(
        "host:open",
        {"game": "bohnanza", "players": 6, "options": {"edition": "newer"}},
        callback=True,
    )
    assert not reply["ok"] and "3, 4, 5" in reply["error"]["message"]
    reply = host.emit("host:open", {"game": "duel", "players": 3}, callback=True)
    assert not reply["ok"]


@pytest.mark.parametrize(
    "event, data, says",
    [
        ("join", {"code": "ABCD", "seat": 0}, "missing field 'name'"),
        ("join", {"code": "ABCD", "seat": "0", "name": "Ann"}, "field 'seat'"),
        ("join", {"code": "AB", "seat": 0, "name": "Ann"}, "field 'code'"),
        ("join", {"code": "ABCD", "seat": 0, "name": "x" * 21}, "field 'name'"),
        ("join", {"code": "ABCD", "seat": 0, "name": "Ann", "admin": True}, "unexpected field"),
        ("join", "ABCD", "JSON object"),
        ("act", {"move": {}}, "missing field 'action'"),
        ("deal", {"parts": []}, "field 'parts'"),
        ("deal", {"parts": ["soy"]}, "field 'parts'"),
        ("host:open", {"game": "chess", "players": 2}, "field 'game'"),
        ("host:open", {"game": "duel", "players": 99}, "field 'players'"),
        ("panel:press", {"code": "ABCD"}, "missing field 'button'"),
        ("fly", {}, "unknown message 'fly'"),
    ],
)
def test_malformed_messages_get_an_error_reply(client_for, event, data, says):
    c = client_for(host=HOST_KEY)
    reply = c.emit(event, data, callback=True)
    assert reply["ok"] is False
    assert reply["error"]["code"] == "malformed-message"
    field = reply["error"].get("field")  # (a value refused: the field, apart)
    assert says in reply["error"]["message"] or says == f"field {field!r}"


def test_a_value_refused_is_said_in_a_persons_words_with_the_field_apart(client_for):
    """A host who typed 9 players read "Choose 2 to 7 players (field 'players' of
    'host:open' has a wrong value)", in German too."""
    c = client_for(host=HOST_KEY)
    reply = c.emit("host:open", {"game": "bohnanza", "players": 9}, callback=True)
    assert reply["error"] == {
        "code": "malformed-message",
        "message": "choose 2 to 7 players",  # (the page capitalises it)
        "field": "players",
    }


def test_join_a_seat_and_receive_the_table(client_for):
    _, code = open_table(client_for)
    phone, token = join(client_for, code, 1, "Anna")
    snap = last_state(phone)
    assert snap["you"] == {"seat": 1, "name": "Anna"}
    assert snap["table"]["seats"][1]["name"] == "Anna"
    assert len(token) >= 24
    other = client_for()
    reply = other.emit("join", {"code": code, "seat": 1, "name": "Bob"}, callback=True)
    assert not reply["ok"] and "taken by Anna" in reply["error"]["message"]
    reply = other.emit("join", {"code": "QQQQ", "seat": 0, "name": "Bob"}, callback=True)
    assert reply["error"]["code"] == "no-table"
    reply = other.emit("join", {"code": code, "seat": 5, "name": "Bob"}, callback=True)
    assert reply["error"]["code"] == "bad-seat"


def test_a_name_already_seated_at_the_table_gets_its_seat_so_every_seat_is_told_apart(
    client_for,
):
    """Two Pats made the big screen's "Pat's turn" name nobody in particular. The
    second is not refused (two phones of one browser bring one name; a person whose
    phone lost its seat sits down again under theirs): their name gets the seat."""
    _, code = open_table(client_for)
    pat, _ = join(client_for, code, 0, "Pat")
    second, _ = join(client_for, code, 2, " pat ")
    snap = last_state(second)
    assert snap["you"] == {"seat": 2, "name": "pat (3)"}
    # ... and told so, on that phone only (not on the big screen, nor on Pat's).
    told = [n for n in snap["notices"] if n["kind"] == "you"]
    assert [(n["seat"], n["text"]) for n in told] == [
        (2, "Another pat sits at this table: you are pat (3) here")
    ]
    seats = last_state(pat)["table"]["seats"]
    assert [s.get("name") for s in seats] == ["Pat", None, "pat (3)"]
    join(client_for, code, 1, "Pat B")  # another name stays as typed
    assert last_state(pat)["table"]["seats"][1]["name"] == "Pat B"


def test_a_phone_that_takes_another_seat_moves_there_under_its_own_name(client_for):
    """A phone at seat 1 went back to the join page and tapped seat 3: it became
    "Anna (3)", told "Another Anna sits at this table", and seat 1 stayed Anna's,
    away. The join page says which seat the phone leaves (its token): the phone
    moves, seat 1 is free, the name stays Anna's, and the phone is told so."""
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    anna, token = join(client_for, code, 0, "Anna")
    page = client_for(token=token)  # the join page, opened by the phone at seat 1
    reply = page.emit(
        "join", {"code": code, "seat": 2, "name": "Anna", "leaving": token}, callback=True
    )
    assert reply["ok"] and reply["seat"] == 2 and reply["token"] != token
    snap = last_state(page)
    assert snap["you"] == {"seat": 2, "name": "Anna"}
    assert [s.get("name") for s in snap["table"]["seats"]] == [None, None, "Anna"]
    told = [(n["seat"], n["text"]) for n in snap["notices"] if n["kind"] == "you"]
    assert told == [(2, "You moved from seat 1 to seat 3: seat 1 is free")]
    # The phone's connection at its old seat is told it moved (not that the seat
    # was freed: that page would drop the new seat's token with its own).
    rejoin = [m["args"][0] for m in anna.get_received() if m["name"] == "rejoin"]
    assert rejoin == [{"message": "this phone moved to seat 3", "reason": "moved", "seat": 2}]
    # The old seat's token holds nothing any more; a token of another table, or
    # none, moves nothing.
    assert any(m["name"] == "rejoin" for m in client_for(token=token).get_received())
    bob, bob_token = join(client_for, code, 1, "Bob")
    _, other = open_table(client_for)
    reply = client_for().emit(
        "join", {"code": other, "seat": 0, "name": "Bob", "leaving": bob_token}, callback=True
    )
    assert reply["ok"]
    assert last_state(bob)["table"]["seats"][1]["name"] == "Bob"
    # A seat taken refuses the move, and the phone keeps its seat.
    reply = client_for().emit(
        "join", {"code": code, "seat": 2, "name": "Bob", "leaving": bob_token}, callback=True
    )
    assert reply["error"]["code"] == "seat-taken"
    assert last_state(client_for(token=bob_token))["you"] == {"seat": 1, "name": "Bob"}


def test_a_phone_that_slept_rejoins_with_its_token(client_for):
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    phone, token = join(client_for, code, 0, "Anna")
    phone.disconnect()
    again = client_for(token=token)
    snap = last_state(again)
    assert snap["you"]["seat"] == 0 and snap["view"]["game"] == "bohnanza"
    assert snap["legal"]  # it is seat 0's turn: the moves are offered
    stale = client_for(token="not-a-token")
    assert any(m["name"] == "rejoin" for m in stale.get_received())


def test_acting_before_joining_or_before_the_start(client_for):
    host, code = open_table(client_for)
    stranger = client_for()
    reply = stranger.emit("act", {"action": {"type": "end-turn", "player": 0}}, callback=True)
    assert reply["error"]["code"] == "not-joined"
    phone, _ = join(client_for, code, 0, "Anna")
    reply = phone.emit("act", {"action": {"type": "end-turn", "player": 0}}, callback=True)
    assert reply["error"]["code"] == "not-started"


def test_a_phone_acts_only_for_its_own_seat(client_for):
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    phone, _ = join(client_for, code, 1, "Anna")
    reply = phone.emit(
        "act", {"action": {"type": "plant", "player": 0, "field": 0, "bean": "soy"}}, callback=True
    )
    assert reply["error"]["code"] == "not-your-seat"


def test_a_move_is_applied_acknowledged_and_broadcast(client_for, service):
    host, code = open_table(client_for)
    watcher = client_for(watch=code)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    bob, _ = join(client_for, code, 1, "Bob")
    for c in (watcher, anna, bob):
        c.get_received()
    reply = anna.emit(
        "act", {"action": {"type": "plant", "player": 0, "field": 0, "bean": "soy"}}, callback=True
    )
    assert reply == {"ok": True, "n": 0}
    # the store has it before the reply
    assert [e.action["bean"] for e in service.store.log(service.table(code).game_id)] == ["soy"]
    snaps = {name: last_state(c) for name, c in (("w", watcher), ("a", anna), ("b", bob))}
    for snap in snaps.values():
        assert snap["view"]["players"][0]["fields"][0]["bean"] == "soy"
    assert snaps["b"]["you"]["seat"] == 1 and snaps["w"]["you"] is None
    assert "Anna plants Soy Bean in field 1" in snaps["w"]["log"][-1]


def test_a_deal_built_card_by_card_is_made_as_one_trade_and_said_in_words(client_for, service):
    host, code = open_table(client_for, knowledge="known", seed=5)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    t = service.table(code)
    for kind in ("plant", "draw-face-up"):
        action = next(a for a in t.game.legal_actions(t.state) if a.type == kind)
        assert anna.emit("act", {"action": action.to_json()}, callback=True)["ok"]
    parts = [
        {"type": "trade", "player": 0, "partner": 2, "face_up": [0]},
        {"type": "trade", "player": 0, "partner": 2, "face_up": [1]},
    ]
    given = t.state.face_up
    assert given == ("garden", "blue")
    reply = anna.emit("deal", {"parts": parts}, callback=True)
    assert reply["ok"] and reply["n"] == 2, reply  # (seat 3 has no phone: agreed across)
    assert reply["label"] == "Give the face-up Garden Bean and the face-up Blue Bean to Seat 3"
    assert t.state.players[2].set_aside == given
    reply = anna.emit("deal", {"parts": parts}, callback=True)  # (no face-up card left)
    assert not reply["ok"] and reply["error"]["code"] == "no-such-card"
    # ... said "too late" to a phone whose screen still showed the cards face up.
    reply = anna.emit("deal", {"parts": parts, "seen": 2}, callback=True)
    assert reply["error"] == {
        "code": "moved-on",
        "message": "too late: the game moved on "
        "(Anna gives the face-up Garden Bean and the face-up Blue Bean to Seat 3)",
    }


def test_a_refused_move_returns_the_engines_message_and_changes_nothing(client_for, service):
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    before = service.snapshot(code)
    reply = anna.emit(
        "act", {"action": {"type": "harvest", "player": 0, "field": 0}}, callback=True
    )
    assert reply["error"] == {
        "code": "empty-field",
        "message": "field 1 is empty: there is nothing to harvest",
    }
    reply = anna.emit(
        "act", {"action": {"type": "plant", "player": 0, "field": "x"}}, callback=True
    )
    assert reply["error"]["code"] == "malformed-action"
    assert service.snapshot(code) == before


def test_a_move_anothers_move_came_before_is_told_too_late_with_that_move(client_for, service):
    """Anna ended her turn as Ben tapped a bo(h)nus card to discard: Ben read "You
    can't discard a bo(h)nus card now: the turn is at step 'plant'". A move the
    phone's screen offered, refused because another's came first, is said so."""
    host, code = open_table(client_for, "duel", 2, knowledge="known", seed=3)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    ben, _ = join(client_for, code, 1, "Ben")
    t = service.table(code)

    def crossing(state):
        """Anna's move that takes away a move of Ben's, both legal now."""
        legal = t.game.legal_actions(state)
        for annas in (a for a in legal if a.player == 0):
            after = t.game.legal_actions(t.game.apply(state, annas))
            for bens in (a for a in legal if a.player == 1 and a not in after):
                return annas, bens
        return None

    while (pair := crossing(t.state)) is None:  # (the game played on to such a moment)
        service.act(code, t.game.legal_actions(t.state)[0].to_json(), source="host")
    annas, bens = pair
    seen = service.snapshot(code, 1)["table"]["n"]
    assert seen == t.next_n
    assert anna.emit("act", {"action": annas.to_json()}, callback=True)["ok"]
    said = t.log_text[-1]
    before = service.snapshot(code)
    reply = ben.emit("act", {"action": bens.to_json(), "seen": seen}, callback=True)
    assert reply["error"] == {
        "code": "moved-on",
        "message": f"too late: the game moved on ({said})",
    }
    assert service.snapshot(code) == before
    # Without `seen` (or with the screen's latest), the rule's own words, as before.
    reply = ben.emit("act", {"action": bens.to_json(), "seen": t.next_n}, callback=True)
    assert reply["error"]["code"] not in ("moved-on", "malformed-message")


def test_hidden_beans_are_asked_for(client_for):
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    legal = last_state(anna)["legal"]
    plant = next(item for item in legal if item["action"]["type"] == "plant")
    assert plant["needs"] == {"bean": 1}
    reply = anna.emit("act", {"action": plant["action"]}, callback=True)
    assert reply["error"]["code"] == "bean-unseen"


def test_host_undo_and_end(client_for, service):
    host, code = open_table(client_for)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    anna.emit(
        "act", {"action": {"type": "plant", "player": 0, "field": 0, "bean": "soy"}}, callback=True
    )
    assert not anna.emit("host:undo", {"code": code}, callback=True)["ok"]  # not the host
    assert host.emit("host:undo", {"code": code}, callback=True)["ok"]
    assert service.table(code).state.players[0].fields[0] == ()
    game_id = service.table(code).game_id
    kept = service.store.log(game_id, include_undone=True)
    assert len(kept) == 1 and kept[0].undone is not None  # the log keeps what was undone
    assert (
        host.emit("host:undo", {"code": code}, callback=True)["error"]["code"] == "nothing-to-undo"
    )
    assert host.emit("host:free-seat", {"code": code, "seat": 0}, callback=True)["ok"]
    assert host.emit("host:end", {"code": code}, callback=True)["ok"]
    assert code not in service.tables


def test_leave_frees_the_seat(client_for, service):
    _, code = open_table(client_for)
    phone, _ = join(client_for, code, 2, "Cleo")
    assert phone.emit("leave", {}, callback=True)["ok"]
    assert 2 not in service.table(code).seats


def test_watch_a_table(client_for):
    _, code = open_table(client_for)
    spectator = client_for()
    assert spectator.emit("watch", {"code": code}, callback=True)["ok"]
    assert last_state(spectator)["table"]["code"] == code
    assert not spectator.emit("watch", {"code": "ZZZZ"}, callback=True)["ok"]


def test_dice_players_enter_their_cards_before_the_start(client_for, service):
    host, code = open_table(client_for, game="dice", players=2)
    assert (
        host.emit("host:start", {"code": code}, callback=True)["error"]["code"] == "cards-missing"
    )
    a, _ = join(client_for, code, 0, "Anna")
    b, _ = join(client_for, code, 1, "Bob")
    card = {"number": 7, "orders": ["soy", "red", "green*2", "blue + stink", "garden"]}
    bad = {"orders": ["soy +", "red", "green", "blue", "garden"]}
    reply = a.emit("cards", {"cards": [card, bad]}, callback=True)
    assert not reply["ok"] and "order 1" in reply["error"]["message"]
    assert a.emit("cards", {"cards": [card, card]}, callback=True)["ok"]
    # card 7 is in the library now: Bob enters it by its number
    assert b.emit("cards", {"cards": [7, card]}, callback=True)["ok"]
    assert host.emit("host:start", {"code": code}, callback=True)["ok"]
    view = last_state(a)["view"]
    assert view["players"][1]["orders"][0]["text"] == "soy"


def test_panel_press_without_a_panel(client_for):
    host, code = open_table(client_for)
    reply = host.emit("panel:press", {"code": code, "button": "next"}, callback=True)
    assert reply["error"]["code"] == "no-panel"


def test_the_dashboards_virtual_panel_presses_through_the_service(service, client_for):
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.panel import Panel
    from companion.sim.clock import FakeClock
    from companion.web import create_app, socketio

    factory = MockFactory(pin_class=MockPWMPin)
    panel = Panel(service, factory=factory, clock=FakeClock())
    app = create_app(service, host_key=HOST_KEY, panel=panel)
    try:
        host = socketio.test_client(app, auth={"host": HOST_KEY})
        code = host.emit("host:open", {"game": "bohnanza", "players": 3}, callback=True)["code"]
        dash = socketio.test_client(app, auth={"watch": code})
        assert last_state(dash)["panel"]["buttons"][-1]["name"] == "undo"
        reply = host.emit("panel:press", {"code": code, "button": "next"}, callback=True)
        assert reply == {"ok": True, "result": "pressed"}
        assert service.table(code).state is not None  # the first press dealt
        assert last_state(dash)["panel"]["leds"][0]["state"] == "blink"
        wrong = host.emit("panel:press", {"code": "ZZZZ", "button": "next"}, callback=True)
        assert wrong["error"]["code"] == "no-panel"
    finally:
        panel.close()
        factory.close()


def test_a_duel_bonus_claim_is_entered_with_its_pattern(client_for, service):
    host, code = open_table(client_for, game="duel", players=2)  # a real table: hidden
    host.emit("host:start", {"code": code}, callback=True)
    uwe, _ = join(client_for, code, 0, "Uwe")
    uwe.emit(
        "act", {"action": {"type": "plant", "player": 0, "field": 0, "bean": "red"}}, callback=True
    )
    legal = last_state(uwe)["legal"]
    claim = next(i for i in legal if i["action"]["type"] == "claim-bonus")
    assert claim["needs"] == {"pattern": 0, "cents": 1}
    wrong = {**claim["action"], "pattern": ["soy"], "cents": 40}
    reply = uwe.emit("act", {"action": wrong}, callback=True)
    assert reply["error"]["code"] == "bonus-pattern"
    right = {**claim["action"], "pattern": ["red"], "cents": 40}
    assert uwe.emit("act", {"action": right}, callback=True)["ok"]
    assert service.table(code).state.players[0].fulfilled[0].cents == 40


def test_a_phone_that_goes_leaves_its_seat_away_and_the_same_phone_gets_it_back(
    client_for, service
):
    host, code = open_table(client_for)
    phone, token = join(client_for, code, 1, "Dana")
    assert service.snapshot(code)["table"]["seats"][1] == {
        "seat": 1,
        "name": "Dana",
        "away": False,
        "bot": False,
        "bot_in": None,
    }
    phone.disconnect()
    seat = service.snapshot(code)["table"]["seats"][1]
    assert seat["away"] is True and seat["name"] == "Dana"  # kept for that phone
    back = client_for(token=token)
    assert last_state(back)["you"]["seat"] == 1
    assert service.snapshot(code)["table"]["seats"][1]["away"] is False


def test_a_phone_reconnecting_as_its_old_connection_closes_keeps_its_seat(
    client_for, service, monkeypatch
):
    """The phone's new connection took the seat after the old one's close found the
    seat's last holder gone and before it marked the seat away: the seat stayed away
    under a phone in use, and the demo's bot took it 30 s later."""
    _, code = open_table(client_for)
    phone, token = join(client_for, code, 1, "Dana")
    away = service.seat_away
    reconnected = []

    def racing(code_, seat, is_away):
        if is_away and not reconnected:  # the new connection comes in just now
            reconnected.append(client_for(token=token))
        away(code_, seat, is_away)

    monkeypatch.setattr(service, "seat_away", racing)
    phone.disconnect()
    assert reconnected and last_state(reconnected[0])["you"]["seat"] == 1
    assert service.snapshot(code)["table"]["seats"][1]["away"] is False


def test_a_phone_says_while_it_has_a_list_of_moves_open_and_going_away_ends_it(client_for, service):
    _, code = open_table(client_for)
    phone, _ = join(client_for, code, 1, "Dana")
    assert phone.emit("looking", {"open": True}, callback=True) == {"ok": True}
    assert service.table(code).looking == {1}
    assert phone.emit("looking", {"open": False}, callback=True) == {"ok": True}
    assert service.table(code).looking == set()
    bad = phone.emit("looking", {"open": "yes"}, callback=True)
    assert not bad["ok"] and "open" in bad["error"]["message"]
    phone.emit("looking", {"open": True}, callback=True)
    phone.disconnect()
    assert service.table(code).looking == set()
    stranger = client_for()
    assert not stranger.emit("looking", {"open": True}, callback=True)["ok"]


def test_a_phone_passes_on_the_moves_anothers_move_would_close(client_for, service):
    _, code = open_table(client_for)
    phone, _ = join(client_for, code, 2, "Dana")
    early = phone.emit("pass", {}, callback=True)
    assert not early["ok"] and early["error"]["code"] == "not-started"
    service.start_game(code)
    assert phone.emit("pass", {}, callback=True) == {"ok": True}
    t = service.table(code)
    assert t.passed == {2: (t.state.active, t.state.step)}
    stranger = client_for()
    assert not stranger.emit("pass", {}, callback=True)["ok"]


def test_a_second_tab_of_the_same_phone_keeps_the_seat_when_one_closes(client_for, service):
    _, code = open_table(client_for)
    phone, token = join(client_for, code, 0, "Eli")
    tab = client_for(token=token)
    phone.disconnect()
    assert service.snapshot(code)["table"]["seats"][0]["away"] is False
    tab.disconnect()
    assert service.snapshot(code)["table"]["seats"][0]["away"] is True


def test_a_seat_the_host_frees_is_taken_from_its_phone_at_once(client_for, service):
    host, code = open_table(client_for)
    assert host.emit("host:start", {"code": code}, callback=True)["ok"]
    phone, token = join(client_for, code, 0, "Finn")
    phone.get_received()
    reply = host.emit("host:free-seat", {"code": code, "seat": 0}, callback=True)
    assert reply["ok"]
    told = [m for m in phone.get_received() if m["name"] == "rejoin"]
    assert told and "seat 1" in told[0]["args"][0]["message"]
    # The kicked phone can no longer act for the seat, nor hear its private updates.
    legal = service.legal_for(service.table(code), 0)
    reply = phone.emit("act", {"action": legal[0]["action"]}, callback=True)
    assert not reply["ok"] and reply["error"]["code"] == "not-joined"
    other, _ = join(client_for, code, 0, "Gus")
    phone.get_received()
    other.emit("act", {"action": legal[0]["action"]}, callback=True)
    assert not [m for m in phone.get_received() if m["name"] == "state" and m["args"][0]["you"]]


def test_freeing_a_seat_that_does_not_exist_is_refused(client_for):
    host, code = open_table(client_for, players=3)
    reply = host.emit("host:free-seat", {"code": code, "seat": 5}, callback=True)
    assert not reply["ok"] and "seats 1–3" in reply["error"]["message"]


def test_phones_hear_when_the_host_ends_the_table(client_for):
    host, code = open_table(client_for)
    phone, _ = join(client_for, code, 2, "Hal")
    phone.get_received()
    assert host.emit("host:end", {"code": code}, callback=True)["ok"]
    assert [m["args"][0] for m in phone.get_received() if m["name"] == "closed"] == [{"code": code}]


def test_the_virtual_panel_needs_the_host_key(service, client_for):
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.panel import Panel
    from companion.sim.clock import FakeClock
    from companion.web import create_app, socketio

    factory = MockFactory(pin_class=MockPWMPin)
    panel = Panel(service, factory=factory, clock=FakeClock())
    app = create_app(service, host_key=HOST_KEY, panel=panel)
    try:
        host = socketio.test_client(app, auth={"host": HOST_KEY})
        code = host.emit("host:open", {"game": "bohnanza", "players": 3}, callback=True)["code"]
        stranger = socketio.test_client(app, auth={"watch": code})
        reply = stranger.emit("panel:press", {"code": code, "button": "next"}, callback=True)
        assert reply["error"]["code"] == "not-host"
        assert service.table(code).state is None  # nothing was dealt
    finally:
        panel.close()
        factory.close()


@pytest.mark.parametrize("number", [-1, 0, 10000, True, 2.5, "7"])
def test_a_bad_card_number_is_refused_before_the_card_library_is_written(
    client_for, service, number
):
    _, code = open_table(client_for, game="dice", players=2)
    phone, _ = join(client_for, code, 0, "Ida")
    card = {"number": number, "orders": ["soy", "red", "soy + red", "blue*2", "soy*3"]}
    reply = phone.emit("cards", {"cards": [card, 7]}, callback=True)
    assert not reply["ok"]
    assert "/" not in reply["error"]["message"]  # no server path
    assert service.library(code) == {}
    good = {"number": 12, "orders": ["soy", "red", "soy + red", "blue*2", "soy*3"]}
    assert phone.emit("cards", {"cards": [good, 12]}, callback=True)["ok"]
    assert list(service.library(code)) == [12]


def test_a_simulated_deck_opened_without_a_seed_gets_one_of_its_own(client_for, service):
    seeds = set()
    for _ in range(3):
        _, code = open_table(client_for, knowledge="known")
        seeds.add(service.table(code).setup["seed"])
    assert len(seeds) == 3


def test_a_phone_gets_the_tables_updates_in_the_order_it_changed(client_for, service):
    # Two threads change the table (the camera, the bots): the one that changed it
    # first works out its snapshot slowly; the phone must still end on the newest.
    import threading
    import time

    from companion.web import socket as sock

    _, code = open_table(client_for, game="duel", players=2, knowledge="known", seed=3)
    phone, _ = join(client_for, code, 1, "Pat")
    service.start_game(code)
    snapshot = service.snapshot
    calls = []

    def slow_first(*args, **kwargs):
        snap = snapshot(*args, **kwargs)
        calls.append(1)
        if len(calls) == 1:
            time.sleep(0.3)  # worked out before the next change, sent after it
        return snap

    service.snapshot = slow_first
    t = service.table(code)
    first = threading.Thread(target=sock.broadcast, args=(service, code))
    first.start()
    time.sleep(0.05)
    action = t.game.legal_actions(t.state)[0]
    service.act(code, action.to_json(), source="demo")  # broadcasts the newer state
    first.join()
    assert last_state(phone)["log"] == snapshot(code, 1)["log"]
