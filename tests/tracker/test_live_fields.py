"""The card table's camera side (LiveFields): a hand that lays a card and stays
there, still, is not read; the card is, once the hand has gone. A look reads again
only the slots that changed."""

import contextlib
import threading
from dataclasses import replace

from companion.engine.beans import VARIETIES
from companion.engine.errors import RULE_DE
from companion.engine.sightings import Outcome
from companion.errors import CompanionError
from companion.sim.card_scenes import CardTable
from companion.sim.clock import FakeClock
from companion.sim.worlds import cards_camera, dice_camera
from companion.tracker.fields import FieldsOutcome
from companion.tracker.live import cards_look
from companion.vision.field_reader import CardTeach

from .helpers import ending_the_game_while_read


def _a_bohnanza_table_looked_at(service):
    """A 3-player Bohnanza table just dealt, its camera's first look taken: (code,
    the synthetic table, the camera side)."""
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    world, _feed, live = cards_camera(service, code, seed=5, clock=FakeClock(0.0))
    table = world.table
    assert [live.frame(table.look()) is not None for _ in range(3)] == [False, True, False]
    return code, table, live


def test_a_hand_resting_over_a_field_is_not_read_the_card_it_laid_is(store, service):
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    clock = FakeClock(0.0)
    world, _feed, live = cards_camera(service, code, seed=5, clock=clock)
    table = world.table
    dealt = table.look()  # (every look is another photograph: take each once)
    assert [live.frame(dealt) is not None for _ in range(3)] == [False, True, False]
    state = service.table(code).state
    seat, card = state.active, state.players[state.active].hand[0]
    n = service.table(code).next_n
    # The player lays the first card of the hand in field 1 and leaves the hand on it.
    slot = table.slot(seat, 0)
    table.columns[slot] = [card]
    held = table.reaching(slot)
    for _ in range(8):  # 0.8 s of a hand held still over the table
        assert live.frame(held) is None
    assert service.table(code).next_n == n and service.snapshot(code)["notices"] == []
    # The hand goes: the card planted, read once.
    planted = table.look()
    outcomes = [live.frame(planted) for _ in range(3)]
    assert [o is not None for o in outcomes] == [False, True, False]
    after = service.table(code).state
    assert after.players[seat].fields[0] == (card,)
    assert service.snapshot(code)["notices"] == []
    store.close()


def test_a_look_reads_again_only_the_slots_that_changed():
    table = CardTable(7, 3, seed=2)
    teach = CardTeach(list(VARIETIES))
    for bean in teach.varieties:
        teach.add(table.teaching(bean), table.quads[0], bean)
    reader = teach.reader()
    calls = []

    class Counting:
        def read(self, image, quad, lamp=None):
            calls.append(quad)
            return reader.read(image, quad, lamp=lamp)

        def lamp(self, image, quads):
            return reader.lamp(image, quads)

    quads = [[table.quads[table.slot(s, f)] for f in range(3)] for s in range(7)]
    look = cards_look(Counting(), quads, [])
    table.columns[table.slot(2, 1)] = ["soy"]
    first = look(table.look())
    assert len(calls) == 21 and first.fields[2][1].cards == ("soy",)
    # Seat 5 plants a red bean: only that slot is read again; the rest is as read.
    table.columns[table.slot(4, 0)] = ["red"]
    calls.clear()
    again = look(table.look())
    assert len(calls) == 1
    fresh = cards_look(reader, quads, [])(table.look())
    assert [[f.cards for f in seat] for seat in again.fields] == [
        [f.cards for f in seat] for seat in fresh.fields
    ]
    assert again.fields[4][0].cards == ("red",)
    # One more of the same bean changes little of the slot's picture: still read.
    table.columns[table.slot(2, 1)] = ["soy", "soy"]
    calls.clear()
    assert look(table.look()).fields[2][1].cards == ("soy", "soy") and len(calls) == 1


def test_a_look_read_while_the_last_move_ends_the_game_is_no_illegal_move(store, service):
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    clock = FakeClock(0.0)
    world, _feed, live = cards_camera(service, code, seed=4, clock=clock)
    table = world.table
    state = service.table(code).state
    table.columns[table.slot(state.active, 0)] = [state.players[state.active].hand[0]]
    ending_the_game_while_read(live, service, code)
    look = table.look()
    outcomes = [live.frame(look) for _ in range(3)]
    assert [o is not None for o in outcomes] == [False, True, False]
    assert outcomes[1].problem is None and outcomes[1].actions == []
    assert service.snapshot(code)["notices"] == []


def test_a_look_a_phones_move_overtook_before_it_was_applied_is_no_illegal_move(store, service):
    """The camera judged a look (the active player planted the first card of the
    hand) and, before its planting reached the game, the player's phone planted
    that card: the camera's planting is refused, which says nothing of the table
    (it was called illegal: "the first card in your hand is ..."). The card is
    planted once."""
    code, table, live = _a_bohnanza_table_looked_at(service)
    state = service.table(code).state
    seat, hand = state.active, state.players[state.active].hand
    assert hand[0] != hand[1]  # (else the camera's planting would fit the game after all)
    act_all = service.act_all

    def overtaken(code_, actions, source):
        if source == "camera":  # the phone's tap lands first
            plant = {"type": "plant", "player": seat, "field": 0}
            service.act(code_, plant, seat=seat, source="phone")
        return act_all(code_, actions, source=source)

    service.act_all = overtaken
    table.columns[table.slot(seat, 0)] = [hand[0]]
    look = table.look()
    outcomes = [live.frame(look) for _ in range(3)]
    assert [o is not None for o in outcomes] == [False, True, False]
    assert service.snapshot(code)["notices"] == []
    assert service.table(code).state.players[seat].fields[0] == (hand[0],)


def test_an_illegal_move_the_camera_sees_is_told_in_the_phones_language(store, service):
    """A card laid where the rules don't let it go: every phone is told what is wrong,
    a German phone in German (the rule's own sentence), and nothing is applied."""
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    clock = FakeClock(0.0)
    world, _feed, live = cards_camera(service, code, seed=5, clock=clock)
    table = world.table
    dealt = table.look()
    for _ in range(3):
        live.frame(dealt)
    state = service.table(code).state
    seat, hand = state.active, state.players[state.active].hand
    n = service.table(code).next_n
    # Not the hand's first card: a variety the hand's front is not.
    wrong = next(b for b in VARIETIES if b not in hand[:1])
    table.columns[table.slot(seat, 0)] = [wrong]
    laid = table.look()
    for _ in range(3):
        live.frame(laid)
    assert service.table(code).next_n == n  # nothing applied
    en = [x for x in service.snapshot(code)["notices"] if x["kind"] == "illegal"]
    de = [x for x in service.snapshot(code, lang="de")["notices"] if x["kind"] == "illegal"]
    assert len(en) == len(de) == 1 and en[0]["text"] != de[0]["text"]
    assert de[0]["text"] in RULE_DE.values(), de[0]["text"]
    store.close()


def test_two_phone_moves_between_looks_leave_the_table_as_the_first_laid_it(store, service):
    """A player planted a second card on the phone and harvested the field at once,
    as the hand laid the card: the camera's next look shows the field as the game
    had it between the two moves, not as at the camera's last look nor as now. That
    is the table not yet cleared, not a planting ("only the active player may plant
    from the hand now", said of a person at the demo table, the game moved on)."""
    code, table, live = _a_bohnanza_table_looked_at(service)
    t = service.table(code)
    seat, bean = t.state.active, t.state.players[t.state.active].hand[0]
    with t.lock:  # (the hand's first two cards alike: both go into field 1)
        p = t.state.players[seat]
        hand = (bean, bean, *p.hand[2:])
        players = list(t.state.players)
        players[seat] = replace(p, hand=hand)
        t.state = replace(t.state, players=tuple(players))
    for _ in range(2):
        service.act(code, {"type": "plant", "player": seat, "field": 0}, seat=seat)
    service.act(code, {"type": "harvest", "player": seat, "field": 0}, seat=seat)
    n = service.table(code).next_n
    # The hand laid both cards; the harvest is not cleared from the table yet.
    table.columns[table.slot(seat, 0)] = [bean, bean]
    look = table.look()
    outcomes = [live.frame(look) for _ in range(3)]
    assert outcomes[1] is not None and outcomes[1].problem is None, outcomes[1].problem
    assert outcomes[1].actions == []
    assert service.table(code).next_n == n
    assert service.snapshot(code)["notices"] == []
    # Cleared: as the game has it, nothing to do.
    table.columns[table.slot(seat, 0)] = []
    cleared = table.look()
    outcomes = [live.frame(cleared) for _ in range(3)]
    assert service.table(code).next_n == n and service.snapshot(code)["notices"] == []
    store.close()


def _confirmed_while_judging(live, judge: str) -> bool:
    """A look being judged on the camera's thread (held at its judging, `judge`) and a
    phone's confirmation on another: whether the confirmation went ahead meanwhile."""
    judging, go = threading.Event(), threading.Event()

    def slow(seen):
        judging.set()
        go.wait(10)

    def confirm():
        with contextlib.suppress(CompanionError):
            live.confirm()

    live.detector.update = lambda image: "settled"
    live.read = lambda image: "a look"
    setattr(live, judge, slow)
    camera = threading.Thread(target=live.frame, args=(None,))
    camera.start()
    assert judging.wait(10)
    phone = threading.Thread(target=confirm)
    phone.start()
    phone.join(0.5)
    went_ahead = not phone.is_alive()
    go.set()
    camera.join(10)
    phone.join(10)
    return went_ahead


def test_a_phones_answer_waits_for_the_look_the_camera_is_judging(service):
    """The camera's thread judges a look while a phone confirms or corrects one: one
    at a time (else both apply what one look saw)."""
    live = _a_bohnanza_table_looked_at(service)[2]
    live.pending = FieldsOutcome()
    assert not _confirmed_while_judging(live, "_see")


def test_a_dice_phones_answer_waits_for_the_look_the_camera_is_judging(service):
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 2})
    service.start_game(code)
    live = dice_camera(service, code, seed=2, clock=FakeClock(0.0))[2]
    live.pending = Outcome()
    assert not _confirmed_while_judging(live, "_judge")
