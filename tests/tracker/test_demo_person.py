"""A person at the demo table: one truth for the table. A phone that takes a seat
mid-game plays its moves on the phone; the synthetic table follows what the phone
did (their hand lays the cards, throws and saves the dice), the camera compares
what it sees against the game, and the bots and the camera go on with the other
seats. Nothing gets stuck, nothing is read twice, nothing is taken back."""

import random
import threading
import time

import pytest

from companion.engine.sightings import Outcome, SeenDie
from companion.sim.card_scenes import CardTable
from companion.sim.clock import FakeClock
from companion.sim.worlds import (
    LOOK_WAIT,
    Bots,
    CameraBots,
    CardBots,
    bot_choice,
    cards_camera,
    dice_camera,
)
from companion.store import Store, StoreError
from companion.table import YOU, TableError
from companion.tables import TableService
from companion.tracker.fields import FieldsOutcome
from companion.tracker.link import ReadingError
from companion.vision.field_reader import face_from_slot


def _table(game, players, seed):
    service = TableService(Store(":memory:"))
    options = {"knowledge": "known", "seed": seed}
    code = service.open_table(game, players, options)
    service.start_game(code)
    return service, code


def _person_plays(service, code, seat, rng):
    """The person's move, tapped on the phone (a sensible one: the bot's choice)."""
    t = service.table(code)
    legal = [a for a in t.game.legal_actions(t.state) if a.player == seat]
    if not legal:
        return False
    action = bot_choice(t.game.name, t.state, legal, rng)
    service.act(code, action.to_json(), seat=seat, source="phone")
    return True


def _play_with_a_person(service, code, bots, feed, clock, seat, turns, frames, limit):
    """Bots, camera and a person at `seat` (joined mid-game), until the person has
    played `turns` turns; returns the steps it took. Fails if the table stalls."""
    rng = random.Random(5)
    played, was_active, stalled, last_n = 0, False, 0, -1
    for step in range(limit):
        t = service.table(code)
        if t.state.over:
            break
        active = t.state.active == seat
        if was_active and not active:
            played += 1
            if played == turns:
                return step
        was_active = active
        if clock() >= bots.world.changed + 1.2:  # the table lies still: the person looks
            _person_plays(service, code, seat, rng)
        bots.step()
        for _ in range(frames):
            clock.t += 0.1
            feed.step()
        stalled = stalled + 1 if t.next_n == last_n else 0
        last_n = t.next_n
        assert stalled < 80, f"the table stalled at {t.state.step}: {t.notices}"
    assert service.table(code).state.over, f"the person played {played} turns only"
    return limit


def _camera_moves_after(service, code, n):
    log = service.store.log(service.table(code).game_id)
    return [e for e in log if e.n >= n and e.source == "camera"]


@pytest.mark.long(35)
def test_a_person_who_takes_a_seat_in_the_dice_demo_plays_ten_turns_and_the_table_follows():
    service, code = _table("dice", 3, 1)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=1, clock=clock)
    bots = CameraBots(service, code, 0.0, 1, world, live, clock=clock)
    for _ in range(20):  # the bots play a while before the person sits down
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    service.join(code, 1, "Anna")
    joined = service.table(code).next_n
    _play_with_a_person(service, code, bots, feed, clock, 1, 10, 12, 3000)
    t = service.table(code)
    log = service.store.log(t.game_id)
    mine = [e for e in log if e.n >= joined and e.seat == 1]
    assert len(mine) >= 20 and all(e.source == "phone" for e in mine)
    # The camera still reads the bots' turns; it never moved the person's dice.
    assert _camera_moves_after(service, code, joined)
    assert all(e.seat is None for e in log if e.source == "camera")
    # What lies on the table is what the game has.
    assert sorted(world.faces) == sorted(f for f in t.state.faces if f) or None in t.state.faces


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [
        pytest.param("bohnanza", 3, 6, marks=pytest.mark.long(115)),
        pytest.param("duel", 2, 4, marks=pytest.mark.long(30)),
    ],
)
def test_a_person_who_takes_a_seat_in_a_card_demo_plays_ten_turns_and_the_table_follows(
    game, players, seed
):
    service, code = _table(game, players, seed)
    clock = FakeClock(0.0)
    world, feed, live = cards_camera(service, code, seed=seed, clock=clock)
    bots = CardBots(service, code, 0.0, seed, world, live, clock=clock)
    for _ in range(15):
        bots.step()
        for _ in range(4):
            clock.t += 0.1
            feed.step()
    service.join(code, 0, "Ben")
    joined = service.table(code).next_n
    _play_with_a_person(service, code, bots, feed, clock, 0, 10, 4, 6000)
    t = service.table(code)
    log = service.store.log(t.game_id)
    mine = [e for e in log if e.n >= joined and e.seat == 0]
    assert len(mine) >= 20 and all(e.source == "phone" for e in mine)
    # The camera read the bots' cards laid; a bean the person planted on the phone
    # was laid on the table, not "harvested" by the camera.
    assert _camera_moves_after(service, code, joined)
    harvests = _camera_moves_after(service, code, joined)
    harvests = [e for e in harvests if e.action["type"] == "harvest"]
    assert all(e.action["player"] != 0 for e in harvests)
    assert not any(n.kind == "illegal" for n in t.notices)
    for _ in range(10):  # the camera reads the last card a bot laid
        for _ in range(20):
            clock.t += 0.1
            feed.step()
        if bots.expect is None and bots._matches(service.table(code).state):
            break
        bots.step()
    fields = [[tuple(f) for f in p.fields] for p in t.state.players]
    assert world.fields() == [
        [fields[s][f] if f < len(fields[s]) else () for f in range(3)] for s in range(players)
    ]


def test_the_dice_demo_plays_a_whole_game_without_getting_stuck():
    """Seed 1 once froze: a misread save was put right by taking back the roll
    before it (which was right), and every correction after failed."""
    service, code = _table("dice", 3, 1)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=1, clock=clock)
    bots = CameraBots(service, code, 0.0, 1, world, live, clock=clock)
    for _ in range(1200):
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
        if service.table(code).state.over:
            break
    t = service.table(code)
    assert t.state.over
    assert "The host took back the last action" not in t.log_text


def test_a_seat_whose_phone_is_gone_goes_back_to_its_bot_and_returns_with_the_phone():
    service, code = _table("bohnanza", 3, 2)
    service.join(code, 0, "Cleo")
    t = service.table(code)
    bots = Bots(service, code, 0.0, 2, away_after=30.0)
    assert bots.humans(t) == {0}
    service.seat_away(code, 0, True)  # the phone's connection went
    assert service.snapshot(code)["table"]["seats"][0]["away"] is True
    assert bots.humans(t) == {0}  # a moment away: still the phone's
    t.away[0] -= 31  # half a minute later
    assert bots.humans(t) == set()
    assert t.state.active != 0 or bots.step()  # the bot plays seat 1's turn
    service.seat_away(code, 0, False)  # the same phone is back
    assert bots.humans(t) == {0} and 0 in t.seats


def _cleos_phone_gone_a_bot_plays(seat):
    """A table where Cleo sat at `seat` and her phone has been gone half a minute:
    the bots answer for the table, and one plays her seat. (service, code, table,
    bots)"""
    service, code = _table("bohnanza", 3, 2)
    service.join(code, seat, "Cleo")
    t = service.table(code)
    bots = Bots(service, code, 0.0, 2, away_after=30.0)
    service.answer_for(code, bots)
    service.seat_away(code, seat, True)
    t.away[seat] -= 31
    return service, code, t, bots


def test_a_name_refused_at_a_seat_a_bot_plays_leaves_the_seat_as_it_was():
    """Taking over a seat a bot plays for a phone gone away frees it first: a name of
    spaces only was refused after that, and Cleo's seat was gone. The name and seat
    are checked first; a refusal changes nothing."""
    service, code, t, _ = _cleos_phone_gone_a_bot_plays(0)
    with pytest.raises(TableError, match="a name is 1"):
        service.join(code, 0, "   ")
    assert t.seats[0].name == "Cleo" and 0 in t.away


def test_an_offer_waiting_for_a_seat_whose_phone_went_away_is_answered_by_its_bot():
    """Ben offered Anna a trade and Anna's phone went: her seat went to the bot, and
    the big screen said "Waiting for Anna (bot) to answer Ben's offer" for good (the
    bots answered only offers made to them). Now the bot answers, as for itself."""
    service, code = _table("bohnanza", 3, 2)
    service.join(code, 0, "Ben")
    service.join(code, 1, "Anna")
    t = service.table(code)
    bots = Bots(service, code, 0.0, 2, away_after=30.0)
    service.answer_for(code, bots)
    for kind in ("plant", "draw-face-up"):
        move = next(a for a in t.game.legal_actions(t.state) if a.type == kind)
        service.act(code, move.to_json(), seat=0)
    trades = [a for a in t.game.legal_actions(t.state) if a.type == "trade" and a.partner == 1]
    liked = next(a for a in trades if t.game.agrees(t.state, a, 1))
    n = t.next_n
    assert service.act(code, liked.to_json(), seat=0)["asked"] == [1]
    bots._answer_offer()  # (Anna's phone is there: hers to answer)
    assert t.offer is not None
    service.seat_away(code, 1, True)
    t.away[1] -= 31  # half a minute later: the bot plays Anna's seat
    bots._answer_offer()
    assert t.offer is None and t.next_n == n + 1  # the bot said yes: a deal it likes
    assert t.log_text[-1] == "Ben gives the face-up Blue Bean to Anna (bot)"
    # One it does not like: a no, said to Ben.
    disliked = next(
        (
            a
            for a in t.game.legal_actions(t.state)
            if a.type == "trade" and a.partner == 1 and not t.game.agrees(t.state, a, 1)
        ),
        None,
    )
    assert disliked is not None
    service.seat_away(code, 1, False)
    service.act(code, disliked.to_json(), seat=0)
    service.seat_away(code, 1, True)
    t.away[1] -= 31
    bots._answer_offer()
    assert t.offer is None and t.next_n == n + 1
    said = [x["text"] for x in service.snapshot(code, 0)["notices"] if x.get("seat") == 0]
    assert said == ["Anna (bot) says no to your offer"]  # (as the log names her)


def test_the_moment_a_bot_takes_an_away_seat_the_phones_and_join_page_are_told():
    """A person whose phone lost its data saw "the host can free the seat" on the
    join page until a bot played their turn: nothing told the pages that the bot
    had taken the seat (and it could be taken over). Now the bots' look says so at
    once, to every phone, and the notice goes when the phone is back."""
    service, code = _table("bohnanza", 3, 2)
    service.join(code, 1, "Cleo")
    t = service.table(code)
    bots = Bots(service, code, 0.0, 2, away_after=30.0)
    service.answer_for(code, bots)
    told: list[str] = []
    service.subscribe(told.append)
    service.seat_away(code, 1, True)
    bots._greet_returns(t)  # (a look of the bots' loop: a moment away, nothing yet)
    assert not [n for n in service.snapshot(code)["notices"] if n["kind"] == "away"]
    t.away[1] -= 31
    told.clear()
    bots._greet_returns(t)  # half a minute later
    assert told == [code]
    snap = service.snapshot(code)
    assert snap["table"]["seats"][1]["bot"] is True
    said = [n["text"] for n in snap["notices"] if n["kind"] == "away"]
    assert said == [
        "Cleo's phone is gone: a bot plays for Cleo until it is back "
        "(or until someone takes the seat on the join page)"
    ]
    assert [n["text"] for n in service.snapshot(code, 0, "de")["notices"] if n["kind"] == "away"]
    bots._greet_returns(t)  # (said once)
    assert len([n for n in t.notices if n.kind == "away"]) == 1
    service.seat_away(code, 1, False)  # the phone is back
    bots._greet_returns(t)
    assert not [n for n in service.snapshot(code)["notices"] if n["kind"] == "away"]


def test_a_person_taking_over_an_away_seat_is_not_greeted_as_its_phone_come_back():
    """A newcomer who took over the seat a bot played for Cleo read "While your phone
    was away (2 minutes), a bot played your seat": while they sat down, the seat
    counted as a phone's again, still Cleo's."""
    service, code, t, bots = _cleos_phone_gone_a_bot_plays(1)
    bots._greet_returns(t)  # the bot plays for Cleo
    t.arriving.add(1)  # someone sits down at the seat (TableService.join)
    bots._greet_returns(t)
    assert not [n for n in t.notices if n.kind == YOU and n.seat == 1]
    t.arriving.discard(1)
    service.seat_away(code, 1, False)  # Cleo's own phone is back
    bots._greet_returns(t)
    said = [n.words["en"] for n in t.notices if n.kind == YOU and n.seat == 1]
    assert said and said[0].startswith("While your phone was away")


def test_a_bots_moves_for_an_away_seat_are_logged_as_the_bots():
    """A newcomer read "Ben harvests field 1: 2 × Blue Bean for 0 coins" while Ben's
    phone was gone and a bot played for him: the log now says it was the bot."""
    service, code = _table("bohnanza", 3, 2)
    service.join(code, 0, "Cleo")
    t = service.table(code)
    bots = Bots(service, code, 0.0, 2, away_after=30.0)
    service.seat_away(code, 0, True)
    t.away[0] -= 31
    assert t.state.active == 0
    while t.state.active == 0:  # the bot plays Cleo's turn, then seat 2's begins
        assert bots.step()
    bots.step()
    lines = [line for line in t.log_text if "Cleo" in line]
    assert lines and all("Cleo (bot) " in line for line in lines), lines
    de = service.snapshot(code, None, "de")["log"]
    assert any("Cleo (Bot) " in line for line in de)
    # (a seat only a bot has ever played is the bot's by its name alone)
    others = [line for line in t.log_text if line.startswith("Seat ")]
    assert others and not any("(bot)" in line for line in others)


def test_a_bots_deals_with_an_away_persons_seat_name_the_bot_there_too():
    """On another's turn the log read "Walker gives a Wax Bean to Seat 4" and "Seat 4
    trades a Cocoa Bean for Walker's Black-eyed Bean" while Walker's phone was gone
    and a bot said yes for him."""
    service, code = _table("bohnanza", 3, 2)
    service.join(code, 0, "Cleo")
    t = service.table(code)
    bots = Bots(service, code, 0.0, 2, away_after=30.0)
    service.answer_for(code, bots)  # (as the demo's bots do when they start)
    service.seat_away(code, 0, True)
    t.away[0] -= 31
    seen: list[str] = []
    for _ in range(3000):
        assert bots.step()
        line = t.log_text[-1]
        if "Cleo" in line and not line.startswith("Cleo"):
            seen.append(line)
            if len(seen) == 3:
                break
    assert len(seen) == 3, "no deal of another seat with Cleo in 3000 moves"
    assert all("Cleo (bot)" in line for line in seen), seen


@pytest.mark.parametrize("seed", [5, 12, 39])
def test_the_duel_demo_teaches_every_card_of_its_table(seed):
    """A pale card on pale mat paper once could not be taught (the demo crashed at
    start): its outline says where it lies."""
    from companion.engine.duel import LADDER

    table = CardTable(2, 3, seed=seed, size=(1280, 960))
    for bean in LADDER:
        face = face_from_slot(table.teaching(bean), table.quads[0])
        assert face.shape[:2] == (174, 112)


def _play_until(service, code, bots, clock, seat, rng, found, steps, why):
    """The person at `seat` and the bots play on (half a second a step) until
    `found(table)` says something; returns it. Fails saying `why` after `steps`."""
    for _ in range(steps):
        t = service.table(code)
        got = found(t)
        if got:
            return got
        if not _person_plays(service, code, seat, rng):
            bots.step()
        clock.t += 0.5
    pytest.fail(why)


def test_a_bot_leaves_a_person_time_to_discard_a_bonus_card_before_it_draws():
    """The Duel's phase 4: each player may discard a bo(h)nus card before any is
    drawn. A bot drawing at once closed that to the person within a second."""
    from companion.sim.worlds import WINDOW_GRACE

    service, code = _table("duel", 2, 3)
    clock = FakeClock(0.0)
    bots = Bots(service, code, 0.0, 3, clock=clock)
    service.join(code, 1, "Dana")
    # The bot's turn (seat 1 is the person's), up to its bonus step.
    t = _play_until(
        service,
        code,
        bots,
        clock,
        1,
        random.Random(3),
        lambda t: (
            t if t.state.step == "bonus" and t.state.active == 0 and not t.state.refilling else None
        ),
        400,
        "the bot's turn never came to its bonus step",
    )
    assert any(a.type == "discard-bonus" and a.player == 1 for a in t.game.legal_actions(t.state))
    n = t.next_n
    for _ in range(int(2 * WINDOW_GRACE) - 1):  # the bot waits for the person
        assert not bots.step()
        clock.t += 0.5
    assert service.table(code).next_n == n
    clock.t += 1.0
    assert bots.step()  # the person let it pass: the bot goes on
    for _ in range(5):  # (its own discard first, maybe) and draws
        if service.table(code).state.refilling:
            break
        bots.step()
    assert service.table(code).state.refilling


def _bots_and_a_person(seed: int, seat: int, name: str, answered: bool = True):
    """A 3-player Bohnanza demo table: its bots on a fake clock, answering for
    their seats (as Bots.start has them, unless not `answered`), and a person
    who took `seat`."""
    service, code = _table("bohnanza", 3, seed)
    clock = FakeClock(0.0)
    bots = Bots(service, code, 0.0, seed, clock=clock)
    if answered:
        service.answer_for(code, bots)
    service.join(code, seat, name)
    return service, code, bots, clock


def test_a_bot_says_no_to_a_persons_trade_that_does_not_help_it_and_takes_one_that_does():
    from companion.engine.bohnanza import Trade
    from companion.errors import CompanionError, Refusal

    service, code, bots, clock = _bots_and_a_person(8, 0, "Eve")
    t = service.table(code)

    def both_kinds(t):  # a trading step of the person's with deals liked and not
        legal = t.game.legal_actions(t.state)
        trades = [a for a in legal if isinstance(a, Trade) and a.player == 0]
        liked = [a for a in trades if t.game.agrees(t.state, a, a.partner)]
        return (trades, liked) if liked and len(liked) < len(trades) else None

    trades, liked = _play_until(
        service,
        code,
        bots,
        clock,
        0,
        random.Random(8),
        both_kinds,
        600,
        "no trading step with deals a bot likes and deals it doesn't",
    )
    refused = next(a for a in trades if a not in liked)
    # The phone offers as moves only the deals the bots would take ...
    legal = service.snapshot(code, 0)["legal"]
    offered = [i["action"] for i in legal if i["action"]["type"] == "trade" and i["alone"]]
    assert refused.to_json() not in offered
    assert sorted(map(str, offered)) == sorted(str(a.to_json()) for a in liked)
    # (a single card refused alone is listed as a card of a deal to build, no more)
    cards = [i["action"] for i in legal if not i["alone"]]
    assert cards and all(i["part"] for i in legal if not i["alone"])
    assert sorted(map(str, cards)) == sorted(
        str(a.to_json()) for a in trades if a.part and a not in liked
    )
    # ... and one sent anyway (an older screen) is said no to, with words.
    before, n = t.state, t.next_n
    with pytest.raises(CompanionError) as err:
        service.act(code, refused.to_json(), seat=0, source="phone")
    assert err.value.code == Refusal.PARTNER_REFUSED
    assert "says no" in err.value.message
    assert t.state == before and t.next_n == n  # nothing changed, nothing stored
    service.act(code, liked[0].to_json(), seat=0, source="phone")
    assert t.next_n == n + 1


def test_a_person_builds_a_deal_of_several_cards_that_a_bot_takes_though_not_card_by_card():
    """ "Your Soy Bean for my Chili Bean and my Blue Bean": a bot says no to being
    asked for a card for nothing, yes to the deal. The phone lists such a card for
    building deals only; the deal made is one trade, in the log as one."""
    from companion.engine.bohnanza import Trade
    from companion.errors import CompanionError, Refusal

    service, code, bots, clock = _bots_and_a_person(8, 0, "Eve")
    t = service.table(code)
    game = t.game

    def a_deal(t):  # a card the bot refuses alone, and one that makes the deal
        if t.state.step != "trade" or t.state.active != 0:
            return None
        parts = [a for a in game.legal_actions(t.state) if isinstance(a, Trade) and a.part]
        for asked in (a for a in parts if a.receive):
            if game.agrees(t.state, asked, asked.partner):
                continue
            for given in (a for a in parts if a.partner == asked.partner and not a.receive):
                deal = game.combine(t.state, [asked, given])
                if game.agrees(t.state, deal, deal.partner):
                    return asked, given, deal
        return None

    asked, given, deal = _play_until(
        service, code, bots, clock, 0, random.Random(8), a_deal, 600, "no deal to build"
    )
    listed = {str(i["action"]): i for i in service.snapshot(code, 0)["legal"]}
    assert listed[str(asked.to_json())]["part"] and not listed[str(asked.to_json())]["alone"]
    assert listed[str(given.to_json())]["part"]
    before, n = t.state, t.next_n
    with pytest.raises(CompanionError) as err:  # alone: no
        service.act(code, asked.to_json(), seat=0, source="phone")
    assert err.value.code == Refusal.PARTNER_REFUSED and t.state == before
    made = service.act_deal(code, [asked.to_json(), given.to_json()], seat=0)
    assert made["n"] == n and t.next_n == n + 1
    assert made["label"] == game.label(before, deal, t.names, "en", 0)
    entry = service.store.log(t.game_id)[-1]
    assert entry.action == deal.to_json() and entry.seat == 0 and entry.source == "phone"
    assert t.state == game.apply(before, deal)


def test_the_active_bot_waits_while_a_person_builds_a_deal_of_cards_it_takes_only_together():
    """On a bot's turn a person may have no single card the bot would trade, yet
    build a deal it takes: while the phone's list is open the bot waits (it ended
    trading under the person's fingers)."""
    from companion.engine.bohnanza import Trade

    service, code, bots, clock = _bots_and_a_person(4, 1, "Gus")

    def only_deals(t):
        if t.state.step != "trade" or t.state.active == 1:
            return None
        mine = [
            a
            for a in t.game.legal_actions(t.state)
            if isinstance(a, Trade) and a.partner == 1 and a.part
        ]
        alone = [a for a in mine if t.game.agrees(t.state, a, a.player)]
        return mine if mine and not alone else None

    _play_until(
        service, code, bots, clock, 1, random.Random(4), only_deals, 900, "no such trading step"
    )
    t = service.table(code)
    legal = t.game.legal_actions(t.state)
    assert not bots.waits_for_a_person(t, legal, {1})  # nothing to choose alone: no wait
    service.looking(code, 1, True)  # the phone opens the deal builder
    assert bots.waits_for_a_person(t, legal, {1})
    n = t.next_n
    assert not bots.step() and t.next_n == n  # the bot does not end trading
    clock.t += 31  # (up to LOOKING_GRACE, as for any list)
    assert not bots.waits_for_a_person(t, legal, {1})


def test_a_deal_that_is_no_deal_is_refused_with_words_and_changes_nothing():
    from companion.engine import RuleError
    from companion.engine.bohnanza import EndTrading, Trade
    from companion.errors import CompanionError, Refusal

    service, code, bots, clock = _bots_and_a_person(8, 0, "Eve")
    t = service.table(code)

    def trading(t):
        return t.state.step == "trade" and t.state.active == 0

    _play_until(service, code, bots, clock, 0, random.Random(8), trading, 600, "no trading")
    before, n = t.state, t.next_n
    one_for_one = next(
        a for a in t.game.legal_actions(t.state) if isinstance(a, Trade) and a.give and a.receive
    )
    cases = [
        ([one_for_one.to_json()], Refusal.NO_DEALS, "a deal is built of single cards"),
        ([EndTrading(0).to_json()], Refusal.NO_DEALS, "a deal is built of single cards"),
        ([], Refusal.NO_DEALS, "a deal is built of single cards"),
        (
            [Trade(0, 1, give=(0,)).to_json(), Trade(0, 2, give=(1,)).to_json()],
            "trade-partner",
            "one deal is between the same two players",
        ),
        (
            [Trade(0, 1, give=(0,)).to_json(), Trade(0, 1, give=(0,)).to_json()],
            "malformed-action",
            "the same card in your hand is named twice",
        ),
        ([{"type": "trade", "player": 0}], "malformed-action", ""),
    ]
    for parts, code_, words in cases:
        with pytest.raises((CompanionError, RuleError)) as err:
            service.act_deal(code, parts, seat=0)
        assert err.value.code == code_ and words in err.value.message, err.value
        assert t.state == before and t.next_n == n and t.offer is None
    dice, _ = _table("dice", 2, 1)
    with pytest.raises(CompanionError) as err:
        dice.act_deal(dice.open_tables()[0].code, [one_for_one.to_json()], seat=0)
    assert err.value.code == Refusal.NO_DEALS


def test_a_person_trades_with_the_active_bot_which_waits_for_them_before_it_ends_trading():
    """Bohnanza's trading is between the active player and the others: a person whose
    turn it isn't is offered the deals the active bot would take, and has time."""

    service, code, bots, clock = _bots_and_a_person(4, 1, "Finn")
    t = service.table(code)

    def offered_a_deal(t):  # a bot's trading step with a deal for the person
        legal = service.snapshot(code, 1)["legal"]
        offered = [i for i in legal if i["action"]["type"] == "trade"]
        return offered if t.state.step == "trade" and t.state.active != 1 else None

    offered = _play_until(
        service,
        code,
        bots,
        clock,
        1,
        random.Random(4),
        offered_a_deal,
        600,
        "no bot's trading step offered the person a deal",
    )
    item = offered[0]
    assert item["action"]["player"] == t.state.active and item["action"]["partner"] == 1
    assert item["group"] == f"Trade with Seat {t.state.active + 1}"
    assert item["label"].startswith(("Trade your", "Give your", "Accept "))
    n = t.next_n
    for _ in range(14):  # 7 s: the active bot doesn't end trading on the person
        assert not bots.step()
        clock.t += 0.5
    assert t.next_n == n
    service.act(code, item["action"], seat=1, source="phone")  # the person takes the deal
    assert t.next_n == n + 1
    last = service.store.log(t.game_id)[-1]
    assert last.seat == 1 and last.action["type"] == "trade"


def test_a_person_choosing_among_trades_holds_the_active_bot_until_they_close_the_list():
    """A newcomer opened "Trade with Seat 2", scrolled, and the bot ended trading
    under their finger after 8 s. While the phone has a list of moves open the bot
    waits (up to LOOKING_GRACE); once closed, the usual grace."""
    from companion.sim.worlds import LOOKING_GRACE, WINDOW_GRACE

    why = "no bot's trading step offered the person a deal"
    service, code, bots, clock = _bots_and_a_person(4, 1, "Finn")
    t = service.table(code)
    _play_until(service, code, bots, clock, 1, random.Random(4), _deals(service, code), 600, why)
    n = t.next_n
    service.looking(code, 1, True)  # the phone opened the list of trades
    start = clock()
    while clock() - start < LOOKING_GRACE - 1:
        assert not bots.step(), f"the bot moved {clock() - start:.1f} s into the person's look"
        clock.t += 0.5
    assert t.next_n == n
    service.looking(code, 1, False)  # closed: the usual grace from now, then the bot goes on
    moved_after = None
    for k in range(4 * int(WINDOW_GRACE) + 8):
        if bots.step():
            moved_after = k * 0.5
            break
        clock.t += 0.5
    assert moved_after is not None and t.next_n > n
    # Looking can't hold the table for ever (a phone left lying with a list open).
    service2, code2, bots2, clock2 = _bots_and_a_person(4, 1, "Finn")
    t2 = service2.table(code2)
    deals = _deals(service2, code2)
    _play_until(service2, code2, bots2, clock2, 1, random.Random(4), deals, 600, why)
    service2.looking(code2, 1, True)
    n2 = t2.next_n
    for _ in range(4 * int(LOOKING_GRACE)):
        if bots2.step():
            break
        clock2.t += 0.5
    assert t2.next_n > n2


def test_the_phone_is_told_how_long_the_active_bot_still_waits_and_it_waits_that_long():
    """A newcomer reading the deals saw them vanish: "goes on in a few seconds". The
    phones are told the seconds left (the table's goes_on_in), as the bot keeps them,
    and a list opened on the phone makes them LOOKING_GRACE."""
    from companion.sim.worlds import LOOKING_GRACE, WINDOW_GRACE

    service, code, bots, clock = _bots_and_a_person(4, 1, "Finn")
    t = service.table(code)
    why = "no bot's trading step offered the person a deal"
    _play_until(service, code, bots, clock, 1, random.Random(4), _deals(service, code), 600, why)

    def told() -> float:
        return service.snapshot(code, 1)["table"]["goes_on_in"]

    n = t.next_n
    # The wait began with the bot's move that opened the deals, half a second ago
    # (one step of _play_until), not at the bot's next look (the phones' countdown
    # went up by the bot's pace when it did).
    assert told() == pytest.approx(WINDOW_GRACE - 0.5)
    assert not bots.step()
    assert told() == pytest.approx(WINDOW_GRACE - 0.5)
    clock.t += 5.0
    assert not bots.step()
    assert told() == pytest.approx(WINDOW_GRACE - 5.5)
    service.looking(code, 1, True)  # a list opened: told at once, before the bot looks
    assert told() == pytest.approx(LOOKING_GRACE)
    waited = 0.0
    while not bots.step():
        assert told() == pytest.approx(LOOKING_GRACE - waited)
        clock.t += 0.5
        waited += 0.5
        assert waited <= LOOKING_GRACE + 1, "the bot waited longer than the phone was told"
    assert t.next_n > n and waited == pytest.approx(LOOKING_GRACE, abs=0.5)


def test_a_person_who_wants_no_trade_lets_the_active_bot_go_on_at_once():
    """'None for me: go on': the active bot ends trading without waiting out the
    grace it gives the person; the next time a deal opens, it waits again."""
    service, code, bots, clock = _bots_and_a_person(4, 1, "Finn")
    t = service.table(code)
    why = "no bot's trading step offered the person a deal"
    _play_until(service, code, bots, clock, 1, random.Random(4), _deals(service, code), 600, why)
    n = t.next_n
    assert not bots.step()  # the grace: the bot waits for the person
    service.pass_window(code, 1)
    assert bots.step() and t.next_n == n + 1
    # ... for the rest of its trading, however many deals it makes meanwhile
    active = t.state.active
    while t.state.active == active and t.state.step == "trade":
        assert bots.step(), "the bot waited again for a person who said none for them"
    assert t.next_n > n + 1


def _deals(service, code):
    """A bot's trading step with deals for the person at seat 1 (see `_play_until`)."""

    def offered(t):
        legal = service.snapshot(code, 1)["legal"]
        deals = [i for i in legal if i["action"]["type"] == "trade"]
        return deals if t.state.step == "trade" and t.state.active != 1 else None

    return offered


def _a_bots_trading_step(service, code, bots, clock, seat, rng):
    """Play on until a bot is the active player trading and `seat` is offered deals
    as its partner (the deals as the engine lists them)."""
    from companion.engine.bohnanza import Trade

    def deals(t):
        if t.state.step != "trade" or t.state.active == seat:
            return None
        legal = t.game.legal_actions(t.state)
        return [a for a in legal if isinstance(a, Trade) and a.partner == seat]

    why = "no bot's trading step with deals for the person"
    return _play_until(service, code, bots, clock, seat, rng, deals, 600, why)


def test_the_active_bot_says_no_to_a_deal_it_would_not_make_and_the_phone_never_offers_it():
    from companion.errors import CompanionError, Refusal

    service, code, bots, clock = _bots_and_a_person(4, 1, "Gus")
    t = service.table(code)
    deals = _a_bots_trading_step(service, code, bots, clock, 1, random.Random(4))
    unwanted = [a for a in deals if not t.game.agrees(t.state, a, a.player)]
    assert unwanted, "every deal suits the active bot: no refusal to check"
    offered = [i["action"] for i in service.snapshot(code, 1)["legal"] if i["alone"]]
    assert all(a.to_json() not in offered for a in unwanted)
    before, n = t.state, t.next_n
    with pytest.raises(CompanionError) as err:
        service.act(code, unwanted[0].to_json(), seat=1, source="phone")
    assert err.value.code == Refusal.PARTNER_REFUSED and "says no" in err.value.message
    assert t.state == before and t.next_n == n


@pytest.mark.parametrize("the_active_player", ["a phone", "nobody answers (a real table)"])
def test_a_phone_offers_an_active_player_no_bot_plays_its_own_cards_and_asks_unnamed(
    the_active_player,
):
    from companion.errors import CompanionError, Refusal

    answered = the_active_player == "a phone"
    service, code, bots, clock = _bots_and_a_person(4, 1, "Gus", answered)
    t = service.table(code)
    deals = _a_bots_trading_step(service, code, bots, clock, 1, random.Random(4))
    if the_active_player == "a phone":
        service.join(code, t.state.active, "Hana")  # the active seat is a person's now
    # The phone offers its own hand cards (a gift, for a face-up card, or for a card
    # of the active player's hand asked for by bean): none of the active player's
    # hand cards is named, which nobody at the table can know.
    listed = [i for i in service.snapshot(code, 1)["legal"] if i["action"]["type"] == "trade"]
    assert listed and all(i["action"]["receive"] for i in listed)
    asks = [i for i in listed if i["action"]["give"]]
    assert asks and all(
        i["action"]["give_beans"] is None and i["needs"] == {"give_beans": 1} for i in asks
    )
    # A deal that moves none of its own cards (the active player's hand card given
    # to it) is not the phone's to enter.
    begged = [a for a in deals if a.give and not a.receive]
    assert begged
    n = t.next_n
    with pytest.raises(CompanionError) as err:
        service.act(code, begged[0].to_json(), seat=1, source="phone")
    assert err.value.code == Refusal.NOT_YOUR_SEAT and t.next_n == n


def test_the_seats_a_bot_plays_say_so_until_a_phone_takes_one():
    service, code = _table("bohnanza", 3, 2)
    bots = Bots(service, code, 0.0, 2)
    assert [s["bot"] for s in service.snapshot(code)["table"]["seats"]] == [False] * 3
    service.answer_for(code, bots)  # as Bots.start does
    assert [s["bot"] for s in service.snapshot(code)["table"]["seats"]] == [True] * 3
    service.join(code, 2, "Ida")
    assert [s["bot"] for s in service.snapshot(code)["table"]["seats"]] == [True, True, False]


def _played_to_the_end(service, code, seed):
    rng = random.Random(seed)
    for _ in range(5000):
        t = service.table(code)
        if t.state.over:
            return t
        legal = t.game.legal_actions(t.state)
        service.act(code, bot_choice(t.game.name, t.state, legal, rng).to_json(), source="demo")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("seated", "shown"), [(False, 15.0), (True, 120.0)])
def test_the_demo_shows_the_result_then_deals_again_later_with_a_person_seated(
    service, seated, shown
):
    import threading
    import time

    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    if seated:
        service.join(code, 0, "Anna")
    t = _played_to_the_end(service, code, 3)
    over = t.game_id
    clock = FakeClock(0.0)
    bots = Bots(service, code, 0.0, 3, clock=clock)
    waiting = threading.Thread(target=bots._deal_again_when_due, args=(t,), daemon=True)
    waiting.start()
    clock.t = shown - 1.0
    time.sleep(1.5)
    assert t.game_id == over and t.state.over  # the result still shows
    # A person seated is told a new game comes (and when).
    said = [n.to_json("en") for n in t.notices if n.kind == "demo"]
    assert [n["text"] for n in said] == (["The demo deals a new game in {left}"] if seated else [])
    if seated:  # ... counted down on the phones (left: seconds, as the demo waits them)
        assert 100 < said[0]["left"] <= 120
    clock.t = shown + 0.5
    waiting.join(timeout=5)
    assert not waiting.is_alive()
    assert t.game_id != over and not t.state.over  # dealt again
    if seated:  # the person plays this one from its start, even moving first
        legal = t.game.legal_actions(t.state)
        service.act(code, legal[0].to_json(), source="demo")
        dealt = t.game_id
        assert not bots._deal_for_a_person(t) and t.game_id == dealt


def test_the_demo_does_not_deal_again_when_the_host_already_has(service):
    import threading

    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    t = _played_to_the_end(service, code, 4)
    clock = FakeClock(0.0)
    bots = Bots(service, code, 0.0, 4, clock=clock)
    waiting = threading.Thread(target=bots._deal_again_when_due, args=(t,), daemon=True)
    waiting.start()
    service.start_game(code)  # the host deals
    dealt = t.game_id
    clock.t = 200.0
    waiting.join(timeout=5)
    assert not waiting.is_alive() and t.game_id == dealt


def test_a_person_whose_turn_comes_in_the_dice_demo_makes_its_first_roll():
    """A bot passing the bean piece to a person no longer throws the dice for them:
    the person's turn opens unrolled, and waits for their roll on the phone."""
    service, code = _table("dice", 2, 2)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=2, clock=clock)
    bots = CameraBots(service, code, 0.0, 2, world, live, clock=clock)
    service.join(code, 1, "Anna")
    for _ in range(400):
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
        if service.table(code).state.active == 1:
            break
    t = service.table(code)
    assert t.state.active == 1 and t.state.step == "roll"
    assert all(f is None for f in t.state.faces)  # not rolled this turn
    for _ in range(30):  # the person looks at the phone a while: nothing rolls
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    assert t.state.active == 1 and all(f is None for f in t.state.faces)
    last = service.store.log(t.game_id)[-1]
    assert last.action["type"] == "pass-piece" and last.source == "demo"


def test_a_person_who_harvests_before_rolling_in_the_dice_demo_still_makes_the_roll():
    """A newcomer harvested their top order card before rolling, and a second later the
    log said they had rolled: the table laid the dice back into the rolling area, and
    the camera read five dice lying there as the person's throw. The dice now lie as
    the last player left them until the person throws."""
    service, code = _table("dice", 2, 2)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=2, clock=clock)
    bots = CameraBots(service, code, 0.0, 2, world, live, clock=clock)
    service.join(code, 1, "Anna")
    rng = random.Random(1)

    def harvest_first(t):
        legal = [a for a in t.game.legal_actions(t.state) if a.player == 1]
        unrolled = t.state.step == "roll" and all(f is None for f in t.state.faces)
        return (
            next((a for a in legal if a.to_json()["type"] == "harvest"), None) if unrolled else None
        )

    for _ in range(3000):
        t = service.table(code)
        assert not t.state.over, "no turn of the person's opened with a harvest to make"
        if t.state.active == 1 and clock() >= world.changed + 1.2:
            if harvest_first(t):
                break
            legal = [a for a in t.game.legal_actions(t.state) if a.player == 1]
            moves = [a for a in legal if a.to_json()["type"] != "harvest"]
            if moves:
                action = bot_choice(t.game.name, t.state, moves, rng)
                service.act(code, action.to_json(), seat=1, source="phone")
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    t = service.table(code)
    n = t.next_n
    service.act(code, harvest_first(t).to_json(), seat=1, source="phone")
    for _ in range(30):  # the person looks at the phone a while: nothing rolls
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    assert [e.action["type"] for e in service.store.log(t.game_id)[n:]] == ["harvest"]
    assert t.state.step == "roll" and all(f is None for f in t.state.faces)
    # The person throws on the phone: the table follows, and the game goes on.
    service.act(code, {"type": "roll", "player": 1}, seat=1, source="phone")
    for _ in range(10):
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    assert None not in t.state.faces and sorted(world.faces) == sorted(t.state.faces)
    assert not [x for x in t.notices if x.kind == "illegal"]


def test_on_a_persons_own_turn_a_bot_waits_for_their_bonus_discard_until_they_pass():
    """A newcomer on their own turn, reading three bo(h)nus cards to choose one to
    discard, saw the choice vanish: the bot, with a card to draw, drew after the
    grace a person has on another's turn. On their own turn (which waits for them
    anyway) the choice stays until they discard or say "none for me"."""
    from dataclasses import replace

    service, code = _table("duel", 2, 3)
    clock = FakeClock(0.0)
    bots = Bots(service, code, 0.0, 3, clock=clock)
    service.join(code, 1, "Dana")
    t = service.table(code)
    with t.lock:  # Dana's phase 4, the bot's bo(h)nus hand one short (it fulfilled one)
        s = t.state
        bot = replace(s.players[0], bonus=s.players[0].bonus[:2])
        t.state = replace(s, active=1, step="bonus", refilling=False, players=(bot, s.players[1]))
    for _ in range(120):  # a minute: the bot may discard, but draws not
        bots.step()
        clock.t += 0.5
        legal = t.game.legal_actions(t.state)
        assert not t.state.refilling
        assert any(a.type == "discard-bonus" and a.player == 1 for a in legal)
    service.pass_window(code, 1)  # "none for me: go on"
    for _ in range(5):
        if t.state.refilling:
            break
        bots.step()
        clock.t += 0.5
    assert t.state.refilling and t.state.players[0].fresh_bonus == 1  # it drew


@pytest.mark.parametrize("game", ["bohnanza", "duel", "dice"])
def test_the_first_person_at_a_table_the_bots_had_to_themselves_gets_a_new_game(service, game):
    """A newcomer sat down two turns before the Duel's end: the bots' game under
    way is no game for a person. The first to sit down gets one from its start (and
    is told); sitting down again in it, or a second person, deals nothing."""
    code = service.open_table(game, 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    bots = Bots(service, code, 0.0, 3, clock=FakeClock(0.0))
    rng = random.Random(3)
    t = service.table(code)
    for _ in range(6):  # the bots play a while
        legal = t.game.legal_actions(t.state)
        service.act(code, bot_choice(game, t.state, legal, rng).to_json(), source="demo")
    bots_game = t.game_id
    assert not bots._deal_for_a_person(t)  # nobody seated: the bots play on
    service.join(code, 0, "Anna")
    assert bots._deal_for_a_person(t)
    assert t.game_id != bots_game and t.next_n == 0 and not t.state.over
    said = [n.words["en"] for n in t.notices if n.kind == "you"]
    assert said == ["A new game was dealt for you: the bots had been playing on their own"]
    legal = t.game.legal_actions(t.state)
    service.act(code, bot_choice(game, t.state, legal, rng).to_json(), source="demo")
    # (news, not a warning: the bots' next move does not take it away)
    assert [n.words["en"] for n in t.notices if n.kind == "you"] == said
    bots._greet_takeovers(t)  # (Anna sat down before the deal: nothing more for her)
    # (said to Anna's phone, seated when it was dealt: not to the big screen, nor to
    # one who sits down later)
    assert [n.seat for n in t.notices if n.kind == "you"] == [0]
    service.free_seat(code, 0)
    service.join(code, 0, "Anna")  # back in the same game: it plays on
    service.join(code, 1, "Ben")
    assert not bots._deal_for_a_person(t) and t.next_n == 1
    # Ben took over a bot's seat in the game under way: his phone says so.
    bots._greet_takeovers(t)
    to_ben = [n.words["en"] for n in t.notices if n.seat == 1]
    assert to_ben == [
        "You took over this seat from a bot, in the game under way: "
        "the log below says what happened so far"
    ]
    bots._greet_takeovers(t)  # (once)
    assert [n.words["en"] for n in t.notices if n.seat == 1] == to_ben


def test_a_person_seated_before_the_bots_start_plays_the_game_under_way(service):
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    service.join(code, 0, "Anna")
    service.act(
        code, service.table(code).game.legal_actions(service.table(code).state)[0].to_json(), seat=0
    )
    t = service.table(code)
    bots = Bots(service, code, 0.0, 3, clock=FakeClock(0.0))  # (a restarted demo)
    game = t.game_id
    assert not bots._deal_for_a_person(t) and t.game_id == game


def test_a_game_dealt_for_a_person_while_a_bot_saved_dice_starts_with_all_five_rolled():
    """CI saw the dice demo stuck at its new game's first roll: dealt while a bot's
    hand still lay dice in the tray, the camera read them as saved before the roll,
    and the bot, told to lay the dice as the game has them, moved nothing."""
    service, code = _table("dice", 2, 11)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=11, clock=clock)
    bots = CameraBots(service, code, 0.0, 11, world, live, clock=clock)
    for _ in range(200):
        bots.step()
        if any(world.saved) and clock() < world.changed + 0.3:
            break  # a bot's hand lays dice in the tray, not yet seen
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    assert any(world.saved) and service.table(code).next_n > 0
    t = service.table(code)
    service.join(code, 1, "Pat")
    assert bots._deal_for_a_person(t)  # (it waits for the bots' move to be seen ...)
    clock.t += 5.1
    assert bots._deal_for_a_person(t)  # (... not for ever)
    t = service.table(code)
    assert t.next_n == 0
    done = len(bots.script)
    for _ in range(12):  # the camera looks before the bot throws: dice in the tray
        clock.t += 0.1
        feed.step()
    assert live.problem == (
        "the turn starts with all five dice: take the dice out of the bean field, then roll"
    )
    for _ in range(10):
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    t = service.table(code)
    assert not [n for n in t.notices if n.kind == "illegal"], t.notices
    # The bot threw all five, and the camera read that throw.
    how, thrown = bots.script[done]
    first = service.store.log(t.game_id)[0]
    assert how == "roll" and first.source == "camera" and first.action["player"] == 0
    assert sorted(first.action["faces"]) == sorted(face for face, _ in thrown)
    assert len(thrown) == 5


def test_the_dice_camera_forgets_the_old_games_question_in_a_new_game():
    """A question left from the last game (an unsure face) is no question in the new
    one: confirming it there would move the new game by the old game's look."""
    service, code = _table("dice", 2, 11)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=11, clock=clock)
    for _ in range(12):
        clock.t += 0.1
        feed.step()
    world.throw(list(range(5)), clock())
    for _ in range(20):
        clock.t += 0.1
        feed.step()
    assert service.table(code).next_n == 1  # the first roll, read
    live.pending = live.tracker.see(service.table(code).state, live.tracker.last)
    live.problem = "an old game's problem"
    service.start_game(code)
    with pytest.raises(ReadingError, match="no reading waits"):
        live.confirm()
    assert live.problem is None and live.asked is None  # (the dice lie as they lay)
    assert service.table(code).next_n == 0


def test_a_person_whose_phone_comes_back_to_a_seat_a_bot_played_is_told_how_their_game_went(
    service,
):
    """A newcomer's phone, closed a while, came back to a new game: their money
    gone, their card another, nothing said. Now the phone says a bot played the
    seat, how long, and how their game ended."""
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    service.join(code, 0, "Anna")
    service.join(code, 1, "Ben")
    bots = Bots(service, code, 0.0, 5, clock=FakeClock(0.0))
    t = service.table(code)
    service.seat_away(code, 0, True)
    service.seat_away(code, 1, True)
    t.away[0] = time.time() - 150  # Anna's phone went 2½ minutes ago ...
    t.away[1] = time.time() - 10  # ... Ben's 10 s ago: his seat is still his to play
    bots._greet_returns(t)
    assert set(bots.covered) == {0}
    rng = random.Random(5)
    while not t.state.over:  # the game played to its end
        legal = t.game.legal_actions(t.state)
        service.act(code, bot_choice("dice", t.state, legal, rng).to_json(), source="demo")
    bots._greet_returns(t)
    ended = t.game_id
    service.start_game(code)  # the demo deals again
    assert t.game_id != ended
    service.seat_away(code, 1, False)  # Ben back after 10 s: nothing to tell
    service.seat_away(code, 0, False)  # Anna back
    bots._greet_returns(t)
    to = {s: [n.words for n in t.notices if n.seat == s and n.kind == "you"] for s in (0, 1)}
    assert to[1] == []
    [said] = to[0]
    assert said["en"].startswith(
        "While your phone was away (2 minutes), a bot played your seat. Your game ended: "
    )
    assert " wins with " in said["en"] or " share the win " in said["en"]
    assert said["en"].endswith(" This is a new one.")
    assert said["de"].startswith(
        "Während dein Handy weg war (2 Minuten), hat ein Bot für dich gespielt. "
        "Dein Spiel ist zu Ende: "
    )
    bots._greet_returns(t)  # (once)
    assert len([n for n in t.notices if n.seat == 0 and n.kind == "you"]) == 1
    # Away again, but the game goes on when she is back: no word of an end.
    service.seat_away(code, 0, True)
    t.away[0] = time.time() - 70
    bots._greet_returns(t)
    service.seat_away(code, 0, False)
    bots._greet_returns(t)
    last = [n.words["en"] for n in t.notices if n.seat == 0 and n.kind == "you"][-1]
    assert last == "While your phone was away (1 minute), a bot played your seat."


def test_another_phone_taking_an_away_seat_is_not_greeted_as_its_owner_back(service):
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    service.join(code, 0, "Anna")
    bots = Bots(service, code, 0.0, 5, clock=FakeClock(0.0))
    t = service.table(code)
    service.seat_away(code, 0, True)
    t.away[0] = time.time() - 100
    bots._greet_returns(t)
    assert 0 in bots.covered
    service.free_seat(code, 0)  # the host frees it; Cleo sits down there
    service.join(code, 0, "Cleo")
    bots._greet_returns(t)
    assert not [n for n in t.notices if n.seat == 0 and "away" in n.words["en"]]
    assert not bots.covered


def test_a_demo_seat_whose_phone_is_gone_and_a_bot_plays_may_be_taken_over(service):
    """Two visitors who closed their pages left the Duel's two seats to nobody: a
    seat held by a phone gone long enough that the bot plays it is taken over by the
    next phone (its old token holds nothing more); one gone a moment is kept."""
    from companion.tables import TableError

    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    anna = service.join(code, 0, "Anna")
    service.join(code, 1, "Ben")
    bots = Bots(service, code, 0.0, 5, clock=FakeClock(0.0))
    service.answer_for(code, bots)
    t = service.table(code)
    service.seat_away(code, 0, True)
    service.seat_away(code, 1, True)
    t.away[0] = time.time() - 100  # the bot plays Anna's seat ...
    t.away[1] = time.time() - 5  # ... Ben's is still his
    with pytest.raises(TableError) as taken:
        service.join(code, 1, "Cleo")
    assert taken.value.code == "seat-taken"
    service.join(code, 0, "Cleo")
    assert t.seats[0].name == "Cleo" and 0 not in t.away
    assert service.seats.of_token(anna) is None
    snap = service.snapshot(code, None)
    assert [s["bot"] for s in snap["table"]["seats"]] == [False, False]


def test_a_person_who_takes_a_bots_seat_as_its_dice_land_is_seated_once_the_camera_read_them():
    """A person sat down at the dice demo as the bot of that seat threw, and the log
    said "Gina rolls again with the bean piece", a move Gina never made: the camera
    read the bot's dice after the seat was hers. Taking a bot's seat now waits until
    the camera has read what the bot threw; the throw stays the bot's."""
    import threading

    service, code = _table("dice", 3, 1)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=1, clock=clock)
    bots = CameraBots(service, code, 0.0, 1, world, live, clock=clock)
    service.answer_for(code, bots)
    t = service.table(code)
    for _ in range(400):  # until seat 2's bot has thrown, its dice still in the air
        thrown = bots.step()
        if thrown and t.state.active == 1 and bots.script[-1][0] in ("roll", "repeat"):
            break
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    else:
        raise AssertionError("seat 2's bot never threw")
    assert not bots.at_rest()
    before = t.next_n
    seated = threading.Event()

    def sit_down():
        service.join(code, 1, "Gina")
        seated.set()

    threading.Thread(target=sit_down, daemon=True).start()
    time.sleep(0.3)
    assert not seated.is_set(), "the seat was taken with the bot's dice in the air"
    for _ in range(40):  # the dice land and the camera reads them
        clock.t += 0.1
        feed.step()
        bots.step()
        if seated.wait(0.05):
            break
    assert seated.is_set()
    t = service.table(code)
    assert t.next_n > before  # the throw was read before Gina sat down
    assert not [line for line in t.log_text if "Gina" in line], t.log_text[-4:]
    # Gina's now: the bot moves no dice of hers.
    for _ in range(20):
        clock.t += 0.1
        feed.step()
        bots.step()
    assert not [line for line in service.table(code).log_text if "Gina" in line]


def test_a_bots_throws_for_an_away_seat_read_by_the_camera_are_logged_as_the_bots():
    """The dice demo's bot throws by hand and the camera reads the throw: while
    Hugo's phone was gone, the log said "Hugo rolls", a throw Hugo never made."""
    service, code = _table("dice", 3, 1)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=1, clock=clock)
    bots = CameraBots(service, code, 0.0, 1, world, live, clock=clock)
    service.answer_for(code, bots)
    service.join(code, 2, "Hugo")
    t = service.table(code)
    service.seat_away(code, 2, True)
    t.away[2] -= 31  # half a minute later: the bot plays Hugo's seat
    for _ in range(600):
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
        log = service.store.log(t.game_id)
        if any(e.source == "camera" and e.action.get("player") == 2 for e in log):
            break
    else:
        raise AssertionError("no throw of Hugo's seat was read")
    t = service.table(code)
    lines = [line for line in t.log_text if "Hugo" in line]
    assert lines and all("Hugo (bot) " in line for line in lines if line.startswith("Hugo")), lines


def test_a_bots_move_cut_short_by_the_demo_stopping_is_no_slip(caplog):
    """The demo stops: the bots are told, waited for a bounded while, then the store
    closes. A move still under way then fails, and is no slip to report (a fresh
    clone's demo test saw "a simulated player's move failed" at its stop). A slip
    while the demo runs is still logged."""
    import logging
    import threading

    from companion.store import Store
    from companion.tables import TableService

    service = TableService(Store(":memory:"))
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 4})
    service.start_game(code)
    bots = Bots(service, code, 0.0, 4)
    calls = []
    second = threading.Event()

    def failing_step():
        calls.append(1)
        if len(calls) == 2:  # under way as the demo stops
            second.set()
            bots.stop.wait(5)
        raise RuntimeError("the store is closed")

    bots.step = failing_step
    with caplog.at_level(logging.ERROR):
        bots.thread.start()
        assert second.wait(5)
        assert caplog.text.count("failed; playing on") == 1  # (running: a slip is said)
        bots.stop.set()
        bots.thread.join(5)
    assert not bots.thread.is_alive() and len(calls) == 2
    assert caplog.text.count("failed; playing on") == 1


def _answered_meanwhile(live):
    """The camera's thread answers the question between the bot's look at the phone
    and its tap: the bot's confirm comes after the look that settled it."""
    confirm = live.confirm

    def late_confirm():
        live.pending = None  # (the camera's next look, on its own thread)
        confirm()

    live.confirm = late_confirm


def test_a_dice_bot_tapping_a_question_the_camera_answered_meanwhile_plays_on():
    """A demo CLI run logged "a simulated player's move failed" with a traceback: the
    phone's question was gone by the bot's tap (ReadingError). The bot looks again."""
    service, code = _table("dice", 2, 2)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=2, clock=clock)
    bots = CameraBots(service, code, 0.0, 2, world, live, clock=clock)
    clock.t = world.changed + 2.0  # the dice lie still, read
    live.pending = Outcome(unsure=[SeenDie("chili", 0.0, 0.0, 0.4)])
    _answered_meanwhile(live)
    n = service.table(code).next_n
    assert bots.step() is False
    assert service.table(code).next_n == n and live.pending is None
    del live.confirm
    for _ in range(40):  # and plays on
        bots.step()
        for _ in range(12):
            clock.t += 0.1
            feed.step()
    assert service.table(code).next_n > n


def _a_card_laid_unseen():
    """A Bohnanza demo whose bot has just laid a card the camera has not looked at:
    (service, code, world, feed, live, bots, clock, the move)."""
    service, code = _table("bohnanza", 3, 6)
    clock = FakeClock(0.0)
    world, feed, live = cards_camera(service, code, seed=6, clock=clock)
    bots = CardBots(service, code, 0.0, 6, world, live, clock=clock)
    for _ in range(200):
        clock.t += 0.1
        bots.step()
        if bots.expect is not None:
            break
    assert bots.expect is not None
    return service, code, world, feed, live, bots, clock, bots.expect


def _the_camera_looks(feed, bots, clock):
    """Frames until the bot has seen its card read (or ten looks' worth)."""
    for _ in range(10):
        for _ in range(20):
            clock.t += 0.1
            feed.step()
        bots.step()
        if bots.expect is None:
            return


def test_a_card_bot_tapping_a_question_the_camera_answered_meanwhile_checks_again():
    service, code, world, feed, live, bots, clock, laid = _a_card_laid_unseen()
    clock.t = world.changed + 2.0
    # The camera read the card, unsure of it: the bot's player taps "yes" as the
    # camera's next look answers it.
    live.pending = FieldsOutcome(actions=[laid], unsure=[(laid.player, 0)])
    bots.look_before = object()  # (the camera has looked since the card was laid)
    _answered_meanwhile(live)
    assert bots.step() is False
    assert bots.expect == laid  # looked at again, not given up
    del live.confirm
    _the_camera_looks(feed, bots, clock)  # the card is read, and the bot sees it was
    assert bots.expect is None and bots._matches(service.table(code).state)


def test_a_card_bot_waits_for_the_cameras_look_when_the_camera_is_slow():
    """A demo CLI run on a loaded machine logged tracebacks ("the camera has not read
    the table yet"): past LOOK_TIME the bot put its field right on the phone before
    the camera had looked at all. It waits for the look (up to LOOK_WAIT)."""
    service, code, world, feed, live, bots, clock, laid = _a_card_laid_unseen()
    n = service.table(code).next_n
    clock.t = world.changed + 2.0  # past LOOK_TIME, the camera not yet looked
    assert bots.step() is False
    assert bots.expect == laid and bots.corrections == 0 and service.table(code).next_n == n
    _the_camera_looks(feed, bots, clock)  # the card is read, and the bot sees it was
    assert bots.expect is None and bots.corrections == 0
    assert bots._matches(service.table(code).state)


def test_a_card_bot_whose_camera_never_looks_enters_its_move_on_the_phone():
    service, code, world, feed, live, bots, clock, laid = _a_card_laid_unseen()
    clock.t = world.changed + LOOK_WAIT + 0.1
    assert bots.step() is True
    assert bots.expect is None and bots.corrections == 1
    assert bots._matches(service.table(code).state)
    assert service.store.log(service.table(code).game_id)[-1].action == laid.to_json()


def _pat_sits_down_at_the_bots_game_over(service, game):
    """The bots (no camera) play a 2-seat table's game to its end; then Pat sits down
    at seat 0: (code, the bots, the table, the bots' game)."""
    code = service.open_table(game, 2, {"knowledge": "known", "seed": 3})
    service.start_game(code)
    bots = Bots(service, code, 0.0, 3, clock=FakeClock(0.0))
    rng = random.Random(3)
    t = service.table(code)
    while not t.state.over:
        legal = t.game.legal_actions(t.state)
        service.act(code, bot_choice(game, t.state, legal, rng).to_json(), source="demo")
    bots_game = t.game_id
    service.join(code, 0, "Pat")
    return code, bots, t, bots_game


@pytest.mark.parametrize("game", ["bohnanza", "duel", "dice"])
def test_a_person_who_sits_down_as_the_bots_game_shows_its_result_gets_a_new_game(service, game):
    """A newcomer sat down at the dice demo while the bots' finished game showed its
    result: the phone said "Pat wins with 11 dollars" of a game Pat never played,
    "Game over", and nothing to do for the two minutes people get to look at their
    own result. A game is dealt for them at once, and said."""
    _code, bots, t, bots_game = _pat_sits_down_at_the_bots_game_over(service, game)
    waits = threading.Thread(target=bots._deal_again_when_due, args=(t,))
    waits.start()
    waits.join(5)  # (the clock stands still: without a deal it would wait for good)
    bots.stop.set()
    waits.join(5)
    assert t.game_id != bots_game and t.next_n == 0 and not t.state.over
    said = [n.words["en"] for n in t.notices if n.kind == "you"]
    assert said == ["A new game was dealt for you: the bots had been playing on their own"]


def test_a_slip_while_dealing_after_the_bots_game_is_logged_and_the_table_plays_on(service, caplog):
    """Dealing again after a game's end ran outside the bots' guard: one failing deal
    (the store busy a moment) would have ended the demo table's bots for good."""
    _code, bots, t, bots_game = _pat_sits_down_at_the_bots_game_over(service, "duel")
    deal, tries = service.start_game, []

    def busy_once(code):
        tries.append(code)
        if len(tries) == 1:
            raise StoreError("the store is busy")
        return deal(code)

    service.start_game = busy_once
    bots.start()
    deadline = time.monotonic() + 10
    while t.game_id == bots_game and time.monotonic() < deadline:
        time.sleep(0.05)
    bots.stop.set()
    bots.thread.join(5)
    assert t.game_id != bots_game and len(tries) == 2
    assert "a simulated player's move failed" in caplog.text
