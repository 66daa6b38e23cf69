"""A trade between two people on phones: the other person's cards change hands only
once their own phone says yes. The maker may take the offer back; a no is said to
the maker; any move of the game lets a waiting offer lapse. A seat no phone holds
is the table's: its player agrees across the table, and the trade is made at once."""

import pytest

from companion.engine import RuleError
from companion.engine.beans import VARIETIES
from companion.tables import TableError

BEAN = {b: v.name for b, v in VARIETIES.items()}


def _trading(service, names=("Anna", "Bob")):
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    for seat, name in enumerate(names):
        service.join(code, seat, name)
    service.start_game(code)
    t = service.table(code)
    for kind in ("plant", "draw-face-up"):
        action = next(a for a in t.game.legal_actions(t.state) if a.type == kind)
        service.act(code, action.to_json(), seat=0)
    return code, t


def _trade(t, partner):
    return next(
        a for a in t.game.legal_actions(t.state) if a.type == "trade" and a.partner == partner
    )


def test_a_trade_with_another_phone_waits_for_its_yes(service):
    code, t = _trading(service)
    trade = _trade(t, 1)
    before, n = t.state, t.next_n
    answer = service.act(code, trade.to_json(), seat=0)
    assert answer == {"n": None, "asked": [1]}
    assert t.state is before and t.next_n == n  # nothing changed hands yet
    bob = service.snapshot(code, 1)
    assert bob["offer"]["by"] == 0 and bob["offer"]["to"] == [1]
    assert bob["offer"]["label"] == "Accept Anna's face-up Garden Bean as a gift"
    assert 1 in bob["view"]["waiting_for"]
    assert service.snapshot(code, 0)["offer"]["by"] == 0
    assert service.answer_offer(code, 1, True) == {"n": n}
    assert t.next_n == n + 1 and t.offer is None
    entry = service.game_log(code)[-1]
    assert entry.seat == 0 and entry.source == "phone" and entry.action["type"] == "trade"
    assert "offer" not in service.snapshot(code, 1)
    # Bob's new card waits until trading ends: the table does not wait on him now.
    assert t.state.players[1].set_aside
    assert service.snapshot(code, 1)["view"]["waiting_for"] == []


def test_a_no_drops_the_offer_and_tells_its_maker(service):
    code, t = _trading(service)
    before = t.state
    service.act(code, _trade(t, 1).to_json(), seat=0)
    service.answer_offer(code, 1, False)
    assert t.state is before and t.offer is None
    said = [n["text"] for n in service.snapshot(code, 0)["notices"] if n.get("seat") == 0]
    assert said == ["Bob says no to your offer"]
    assert [
        n["text"] for n in service.snapshot(code, 0, "de")["notices"] if n.get("seat") == 0
    ] == ["Bob lehnt dein Angebot ab"]


def test_the_maker_takes_an_offer_back_and_only_the_one_asked_answers_yes(service):
    code, t = _trading(service, ("Anna", "Bob", "Cleo"))
    service.act(code, _trade(t, 1).to_json(), seat=0)
    with pytest.raises(TableError, match="waits for Bob's answer") as err:
        service.answer_offer(code, 2, True)
    assert err.value.code == "not-your-seat"
    with pytest.raises(TableError):
        service.answer_offer(code, 0, True)  # the maker can't say yes for Bob
    service.answer_offer(code, 0, False)
    assert t.offer is None
    with pytest.raises(TableError, match="no offer to answer") as err:
        service.answer_offer(code, 1, True)
    assert err.value.code == "no-offer"


def test_a_yes_is_said_to_the_maker_and_what_was_said_of_an_offer_goes_with_the_next(service):
    """A yes came with nothing said to the maker, and "Bob says no to your offer"
    stood above her next offer, waiting."""
    code, t = _trading(service)
    mine = lambda: [n["text"] for n in service.snapshot(code, 0)["notices"] if n.get("seat") == 0]  # noqa: E731
    service.act(code, _trade(t, 1).to_json(), seat=0)
    service.answer_offer(code, 1, False)
    assert mine() == ["Bob says no to your offer"]
    service.act(code, _trade(t, 1).to_json(), seat=0)
    assert mine() == []  # (the next offer waits: the last one's no is old news)
    service.answer_offer(code, 1, True)
    assert mine() == ["Bob says yes to your offer"]
    de = service.snapshot(code, 0, "de")["notices"]
    assert [n["text"] for n in de if n.get("seat") == 0] == ["Bob nimmt dein Angebot an"]


def test_a_take_back_that_crosses_the_yes_is_told_the_move_was_made(service):
    """Bob said yes as Anna tapped "Take the offer back": the gift was made, and
    Anna was told "there is no offer to answer: it was taken back or lapsed"."""
    code, t = _trading(service)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    n = service.answer_offer(code, 1, True)["n"]
    with pytest.raises(TableError, match="too late: Bob said yes, and the move was made") as err:
        service.answer_offer(code, 0, False)
    assert err.value.code == "offer-accepted"
    assert err.value.to_json("de")["message"] == "Zu spät: dein Angebot wurde schon angenommen."
    assert t.next_n == n + 1  # (nothing taken back)
    # Once the game moved on, a take-back is of no offer, as before.
    end = next(a for a in t.game.legal_actions(t.state) if a.type == "end-trading")
    service.act(code, end.to_json(), seat=0)
    with pytest.raises(TableError) as err:
        service.answer_offer(code, 0, False)
    assert err.value.code == "no-offer"


def test_a_take_back_after_the_host_undid_the_accepted_move_is_of_no_offer(service):
    code, t = _trading(service)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    service.answer_offer(code, 1, True)
    service.undo(code)  # (the log keeps the move, marked undone: its length stays)
    with pytest.raises(TableError) as err:
        service.answer_offer(code, 0, False)
    assert err.value.code == "no-offer"  # not "too late: Bob said yes"


def test_a_take_back_of_a_later_offer_is_not_told_of_an_earlier_yes(service):
    """Bob said yes to one offer, then no to the next: Anna's take-back that crossed
    the no was told "too late: Bob said yes, and the move was made"."""
    code, t = _trading(service)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    service.answer_offer(code, 1, True)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    service.answer_offer(code, 1, False)
    with pytest.raises(TableError) as err:
        service.answer_offer(code, 0, False)
    assert err.value.code == "no-offer"


def test_a_move_refused_on_the_screens_state_too_is_refused_in_the_rules_words(service):
    """A phone's move that is wrong whatever came meanwhile (an empty field
    harvested; a bean the partner's hand lacks) is not "too late": the rule says why."""
    code, t = _trading(service)
    assert t.next_n == 2 and t.state.players[0].fields[2] == ()
    with pytest.raises(RuleError) as err:
        service.act(code, {"type": "harvest", "player": 0, "field": 2}, seat=0, seen=1)
    assert err.value.code == "empty-field"


def test_an_answer_decided_on_one_offer_does_not_answer_another(service):
    """A bot decides on the offer it saw: if the maker took it back and made
    another meanwhile, its answer is not the new one's."""
    code, t = _trading(service)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    seen = t.offer
    service.answer_offer(code, 0, False)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    with pytest.raises(TableError) as err:
        service.answer_offer(code, 1, True, seen)
    assert err.value.code == "no-offer" and t.offer is not None


def test_an_offer_lapses_when_the_game_moves_on(service):
    code, t = _trading(service)
    service.act(code, _trade(t, 1).to_json(), seat=0)
    end = next(a for a in t.game.legal_actions(t.state) if a.type == "end-trading")
    service.act(code, end.to_json(), seat=0)
    assert "offer" not in service.snapshot(code, 1)
    with pytest.raises(TableError, match="lapsed"):
        service.answer_offer(code, 1, True)
    # (its maker ended trading: nothing to tell her)
    assert not [n for n in service.snapshot(code, 0)["notices"] if n["kind"] == "lapsed"]


def test_an_offer_the_active_player_let_lapse_is_said_to_its_maker(service):
    """A newcomer's offer vanished from the phone, nothing said, when the other
    ended trading without answering."""
    code, t = _trading(service)
    bobs = next(
        i["action"]
        for i in service.legal_for(t, 1)
        if i["action"]["type"] == "trade" and not i["needs"]
    )
    assert service.act(code, bobs, seat=1)["asked"] == [0]
    end = next(a for a in t.game.legal_actions(t.state) if a.type == "end-trading")
    service.act(code, end.to_json(), seat=0)
    said = [n["text"] for n in service.snapshot(code, 1)["notices"] if n["kind"] == "lapsed"]
    assert said == ["Your offer lapsed: the game moved on before Anna answered"]
    de = service.snapshot(code, 1, "de")["notices"]
    assert [n["text"] for n in de if n["kind"] == "lapsed"] == [
        "Dein Angebot ist verfallen: das Spiel ging weiter, bevor Anna antwortete"
    ]
    # (a notice for one seat: the other phones leave it out)
    assert [n["seat"] for n in service.snapshot(code, 0)["notices"] if n["kind"] == "lapsed"] == [1]


def test_no_phone_lists_another_persons_hand_cards_their_owner_offers_them(service):
    """A newcomer's phone listed every card of the other person's hand ("Accept
    Finn's Wax Bean as a gift", "Trade your Blue Bean for Finn's Wax Bean", 41 of
    them): at a real table nobody knows another's hand. Anna's phone offers her own
    cards and the face-up ones, and asks for a card of Bob's hand only unnamed (see
    the next test); Bob's offers his own hand cards; either offer waits for the
    other's yes."""
    code, t = _trading(service)

    def listed(seat):
        return [
            i
            for i in service.legal_for(t, seat)
            if i["action"]["type"] == "trade" and i["action"]["partner"] == 1
        ]

    anna, bob = listed(0), listed(1)
    bobs_hand = t.state.players[1].hand
    assert anna and all(
        i["needs"] == {"receive_beans": len(i["action"]["receive"])}
        for i in anna
        if i["action"]["receive"]
    )
    assert not any(i["action"].get("receive_beans") for i in anna)  # nothing of his said
    assert not any(f"Bob's {name}" in i["label"] for i in anna for name in BEAN.values())
    assert bob and all(i["action"]["receive"] for i in bob)
    assert all(i["action"]["give_beans"] is None for i in bob if i["action"]["give"])
    gift = next(i["action"] for i in bob if not i["action"]["face_up"] and not i["action"]["give"])
    assert gift["receive_beans"] == [bobs_hand[gift["receive"][0]]]  # his own, named
    n = t.next_n
    assert service.act(code, gift, seat=1) == {"n": None, "asked": [0]}
    offer = service.snapshot(code, 0)["offer"]
    assert offer["by"] == 1 and offer["to"] == [0]
    assert service.answer_offer(code, 0, True) == {"n": n}


def test_two_people_trade_hand_cards_each_asking_for_the_others_by_bean(service):
    """Two people could not trade hand card for hand card, which the rules allow,
    because neither phone may see the other's hand (a newcomer walk). Each phone
    now asks for "a card from Bob's hand" and names the bean, as at a real table;
    the companion takes that bean from the hand (its first), once the other says
    yes. A bean the hand lacks is refused with its name, and nothing changes."""
    code, t = _trading(service)
    anna_hand, bob_hand = t.state.players[0].hand, t.state.players[1].hand
    mine = anna_hand[-1]
    wanted = bob_hand[-1]
    ask = next(
        i
        for i in service.legal_for(t, 0)
        if i["action"]["type"] == "trade"
        and i["action"]["partner"] == 1
        and i["action"]["give_beans"] == [mine]
        and i["action"]["receive"]
    )
    assert ask["label"] == f"Trade your {BEAN[mine]} for a card from Bob's hand"
    assert ask["needs"] == {"receive_beans": 1}
    missing = next(b for b in BEAN if b not in bob_hand)
    before = t.state
    with pytest.raises(RuleError, match=f"the partner's hand holds no {BEAN[missing]}") as err:
        service.act(code, dict(ask["action"], receive_beans=[missing]), seat=0)
    assert err.value.code == "wrong-bean" and t.state is before and t.offer is None
    n = t.next_n
    assert service.act(code, dict(ask["action"], receive_beans=[wanted]), seat=0) == {
        "n": None,
        "asked": [1],
    }
    offer = service.snapshot(code, 1)["offer"]
    assert offer["label"] == f"Trade your {BEAN[wanted]} for Anna's {BEAN[mine]}"
    assert service.answer_offer(code, 1, True) == {"n": n}
    anna, bob = t.state.players[0], t.state.players[1]
    assert list(anna.set_aside) == [wanted] and list(bob.set_aside) == [mine]
    first = bob_hand.index(wanted)
    assert bob.hand == bob_hand[:first] + bob_hand[first + 1 :]  # its first, the rest in order
    # And the other way round: Bob asks for a card of Anna's hand, she says yes.
    code, t = _trading(service)
    anna_hand, bob_hand = t.state.players[0].hand, t.state.players[1].hand
    ask = next(
        i
        for i in service.legal_for(t, 1)
        if i["action"]["type"] == "trade"
        and i["action"]["partner"] == 1
        and i["action"]["give"]
        and i["action"]["receive"]
    )
    assert ask["needs"] == {"give_beans": 1}
    assert "a card from Anna's hand" in ask["label"]
    n = t.next_n
    theirs = bob_hand[ask["action"]["receive"][0]]
    assert service.act(code, dict(ask["action"], give_beans=[anna_hand[0]]), seat=1) == {
        "n": None,
        "asked": [0],
    }
    assert service.answer_offer(code, 0, True) == {"n": n}
    assert list(t.state.players[1].set_aside) == [anna_hand[0]]
    assert list(t.state.players[0].set_aside) == [theirs]


def test_a_trade_with_a_seat_no_phone_holds_is_made_at_once(service):
    code, t = _trading(service)  # seat 3 has no phone: its player agrees across the table
    n = t.next_n
    assert service.act(code, _trade(t, 2).to_json(), seat=0) == {"n": n}
    assert t.offer is None


def test_an_illegal_offer_is_refused_as_any_move_is(service):
    code, t = _trading(service)
    bad = dict(_trade(t, 1).to_json(), receive=[40])
    with pytest.raises(RuleError):
        service.act(code, bad, seat=0)
    assert t.offer is None


def test_a_bluff_is_listed_apart_from_a_gift_on_the_givers_phone(service):
    """A thumb took a bluff for a gift: the two looked alike but for the button's end.
    The phone is told which offers are bluffs (`risky`), and its words start so."""
    from companion.engine.duel.game import gift_beans

    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    t = service.table(code)
    while not (t.state.step == "gift" and not t.state.offers):
        service.act(code, t.game.legal_actions(t.state)[0].to_json())
    giver = t.state.active
    held = gift_beans(t.state, giver)
    offers = [it for it in service.legal_for(t, giver) if it["action"]["type"] == "offer-gift"]
    assert {it["action"]["bean"] in held for it in offers} == {True, False}  # gifts and bluffs
    for it in offers:
        bluff = it["action"]["bean"] not in held
        assert it["risky"] is bluff
        assert it["label"].startswith("Bluff: ") is bluff
    assert not any(it["risky"] for it in service.legal_for(t, 1 - giver))


def test_the_moves_listed_for_a_phone_are_of_one_state_though_the_table_moves_meanwhile(service):
    """A bot's answer to each deal is worked out while the moves are listed; a move
    made meanwhile (a bot's, the camera's) took the face-up card a listed deal
    named, and the bot's answer looked for it in vain (an IndexError in the browser
    demo test, and in the panel's button thread). The listing holds the table."""
    import threading
    from dataclasses import replace

    from companion.sim.worlds import Bots

    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.join(code, 1, "Bob")
    service.start_game(code)
    bots = Bots(service, code, 0.0, 5)
    service.answer_for(code, bots)  # seats 1 and 3: the demo's bots
    t = service.table(code)
    for kind in ("plant", "draw-face-up"):
        action = next(a for a in t.game.legal_actions(t.state) if a.type == kind)
        service.act(code, action.to_json())
    assert t.state.step == "trade" and len(t.state.face_up) == 2
    asked, moved = threading.Event(), threading.Event()

    def another_move():  # the face-up cards taken, as soon as the table is free
        asked.wait(5)
        with t.lock:
            t.state = replace(t.state, face_up=())
        moved.set()

    answer = bots.objection

    def slow_answer(table, action, seat):
        if not asked.is_set():  # (the first answer: the other move, if let in now)
            asked.set()
            moved.wait(0.3)
        return answer(table, action, seat)

    bots.objection = slow_answer
    mover = threading.Thread(target=another_move)
    mover.start()
    listed = service.legal_for(t, 1)
    mover.join()
    assert moved.is_set() and t.state.face_up == ()
    assert any(item["action"]["type"] == "trade" for item in listed)
