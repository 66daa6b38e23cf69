"""One truth for the table, as a person meets it: the demo table runs (bots, the
synthetic table filmed by the synthetic camera, the readers, the tracker); a
person opens the join page on a 360 px phone mid-game, takes a seat and plays six
turns of Bohnanza (ten without the browser: tests/tracker/test_demo_person.py), or a
short game (the Duel, the dice game) to its end, by tapping the phone's moves. The table
follows what the phone did, the bots and the camera go on with the other seats,
and nothing gets stuck."""

import re
import socket
import threading
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from werkzeug.serving import make_server

from companion.sim.worlds import CameraBots, CardBots, cards_camera, dice_camera
from companion.store import Store
from companion.tables import TableService
from companion.web import create_app

PHONE = {"width": 360, "height": 740}
# Moves a person taps first: the ones that move the game on (a person may trade or
# harvest too, but these alone must carry a whole turn through).
FIRST = [
    "plant",
    "plant-drawn",
    "plant-traded",
    "plant-offered",
    "plant-gift",
    "draw-face-up",
    "turn-over",
    "end-trading",
    "end-turn",
    "roll",
    "pass-piece",
]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Whole turns of the person's in the browser: six of Bohnanza; the short games to
# their end (12-18 turns in all: fewer than ten of the person's).
TURNS = {"bohnanza": 6, "duel": 10, "dice": 10}
SPEED = 4  # the demo's own time runs this much faster than the clock on the wall


class FastClock:
    """The table's time (the bots' pace, hands and dice, the camera's frames), run
    SPEED times faster, so ten turns take a minute or two rather than six."""

    def __init__(self):
        self.start = time.monotonic()

    def __call__(self):
        return self.start + (time.monotonic() - self.start) * SPEED


class DemoTable:
    """What `companion demo` runs, served on a free port in this process."""

    def __init__(self, tmp_path, game, players, seed):
        self.store = Store(tmp_path / "demo.db")
        self.service = TableService(self.store)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(self.service, host_key="k", public_url=self.url)
        self.code = self.service.open_table(game, players, {"knowledge": "known", "seed": seed})
        self.service.start_game(self.code)
        clock = self.clock = FastClock()
        if game == "dice":
            world, self.feed, live = dice_camera(self.service, self.code, seed, clock=clock)
            self.bots = CameraBots(self.service, self.code, 0.05, seed, world, live, clock=clock)
        else:
            world, self.feed, live = cards_camera(self.service, self.code, seed, clock=clock)
            self.bots = CardBots(self.service, self.code, 0.05, seed, world, live, clock=clock)
        self.server = make_server("127.0.0.1", self.port, app, threaded=True)
        self.stop = threading.Event()
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        # 10 frames a second of the table's time.
        threading.Thread(target=self._film, daemon=True).start()
        self.bots.start()

    def _film(self):
        while not self.stop.is_set():
            self.feed.step()
            self.stop.wait(0.1 / SPEED)

    def close(self):
        self.stop.set()
        self.bots.stop.set()
        self.server.shutdown()
        self.store.close()

    @property
    def table(self):
        return self.service.table(self.code)


def _tap(locator) -> bool:
    """A tap on what the phone shows now. The bot's move may close the choice under
    the finger (a bo(h)nus card to give up before it draws): the button goes, and the
    person looks at the phone again rather than waiting for it to come back."""
    try:
        locator.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def _tap_a_move(page, demo, seat, trades=True) -> bool:
    """The person looks at the phone and taps a move that moves the game on; on a
    bot's trading step, one of its trades, or (trades=False) "None for me"."""
    dock = page.locator("#actions")
    if not trades:
        none_for_me = dock.locator('button.move[data-type="pass"]:enabled')
        if none_for_me.count():
            return _tap(none_for_me.first)
    if page.locator(".die-pick").count() and page.locator("button.save").count():
        # Das Würfelspiel: tap the dice of a save the game allows, then save them.
        saves = [
            i["action"]["dice"]
            for i in demo.service.legal_for(demo.table, seat)
            if i["action"]["type"] == "save"
        ]
        if saves:
            for pick in page.locator(".die-pick.on").all():  # a choice left from before
                if not _tap(pick):
                    return False
            for die in saves[0]:
                if not _tap(page.locator(f'.die-pick[data-die="{die}"]').first):
                    return False
            return _tap(page.locator("button.save:enabled").first)
    for kind in FIRST:
        button = dock.locator(f'button.move[data-type="{kind}"]:enabled')
        if button.count():
            return _tap(button.first)
    groups = dock.locator("button.group-open:enabled")
    if groups.count():
        return _tap(groups.first) and _tap(dock.locator("button.move:enabled").first)
    moves = dock.locator("button.move:enabled")
    if moves.count():
        return _tap(moves.first)
    return False


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [
        pytest.param("bohnanza", 3, 6, marks=pytest.mark.long(77)),
        pytest.param("duel", 2, 4, marks=pytest.mark.long(82)),
        pytest.param("dice", 2, 11, marks=pytest.mark.long(42)),
    ],
)
def test_a_person_joins_the_demo_mid_game_on_a_phone_and_plays_whole_turns(
    browser, tmp_path, game, players, seed
):
    demo = DemoTable(tmp_path, game, players, seed)
    try:
        deadline = time.monotonic() + 20
        while demo.table.next_n < 4 and time.monotonic() < deadline:
            time.sleep(0.2)  # the bots play a while before the person sits down
        assert demo.table.next_n >= 4, "the demo's bots did not play"
        seat = 1
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        # This person taps every 150 ms, faster than a hand: no settling after each
        # tap (test_a_double_tap_makes_one_move checks it), which would make
        # Playwright wait up to half a second a tap and the game twice as long.
        page.add_init_script("window.__settleMs = 0")
        page.goto(f"{demo.url}/j/{demo.code}")
        page.fill("#name", "Pat")
        # The seats are the bots', each there to take over.
        assert (
            page.locator(f'[data-seat="{seat}"]')
            .first.inner_text()
            .endswith("a bot plays · tap to take over")
        )
        # Each seat's name on one line ("Seat / 1" wrapped beside the bot's words).
        lines = page.locator(".seat .seat-no").evaluate_all(
            "(els) => els.map((e) => { const r = document.createRange();"
            " r.selectNodeContents(e); return r.getClientRects().length; })"
        )
        assert lines and set(lines) == {1}, lines
        # ... and the page says the bots' game is not the one a person sits down in.
        expect(page.locator("#under-way")).to_contain_text(
            "whoever sits down first gets a new game from its start"
        )
        bots_game = demo.table.game_id
        page.locator(f'[data-seat="{seat}"]').first.click()
        page.wait_for_url(f"**/p/{demo.code}")
        # The first person at a table the bots had to themselves gets a game from
        # its start, once the bots' last move was seen, and is told so.
        deadline = time.monotonic() + 10
        while demo.table.game_id == bots_game and time.monotonic() < deadline:
            time.sleep(0.1)
        assert demo.table.game_id != bots_game, "no new game was dealt for the person"
        expect(page.locator("#warnings")).to_contain_text("A new game was dealt for you")
        # A second person's join page now says how far the person's game has got.
        second = page.context.browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        second.goto(f"{demo.url}/j/{demo.code}")
        expect(second.locator("#under-way")).to_contain_text("A game is under way: ")
        # The big screen, which everyone reads, leaves out what was said to Pat's
        # phone ("... dealt for you"), while it shows the table.
        second.set_viewport_size({"width": 1920, "height": 1080})
        second.goto(f"{demo.url}/table/{demo.code}")
        expect(second.locator("#seat-list")).to_contain_text("Pat")
        assert "for you" not in second.locator("#warnings").inner_text()
        second.close()
        joined = 0
        turns, was_mine, last_n, since = 0, False, -1, time.monotonic()
        bots_trades = set()  # the bots' trading steps the person has seen
        deadline = time.monotonic() + 240
        while turns < TURNS[game] and time.monotonic() < deadline:
            t = demo.table
            # The Duel and the dice game are short (a game is 12–18 turns in all):
            # the person plays theirs to its end before TURNS turns of their own.
            assert not t.state.over or turns >= 3, "the game ended under the person"
            if t.state.over:
                break
            mine = t.state.active == seat
            if was_mine and not mine:
                turns += 1
            was_mine = mine
            if t.next_n != last_n:
                last_n, since = t.next_n, time.monotonic()
            assert time.monotonic() - since < 30, (
                f"stuck at {t.state.step} (seat {t.state.active + 1}): {t.notices}; "
                f"the last moves: {[e.action for e in demo.store.log(t.game_id)[-6:]]}"
            )
            legal = demo.service.legal_for(t, seat)
            if not mine and t.state.step == "trade":
                bots_trades.add((turns, t.state.active))
            if legal and demo.bots.clock() > demo.bots.world.changed + 1.2:
                # A bot's trading waits for the person (a list open: up to 30 s of
                # its time): they try its trades the first two times, then say
                # "None for me", as a person who has seen them does.
                _tap_a_move(page, demo, seat, trades=len(bots_trades) <= 2)
            page.wait_for_timeout(150)
        page.screenshot(path=str(tmp_path / f"{game}.png"))
        assert turns >= TURNS[game] or (demo.table.state.over and turns >= 3)
        log = demo.store.log(demo.table.game_id)
        mine = [e for e in log if e.n >= joined and e.seat == seat]
        assert mine and all(e.source == "phone" for e in mine)
        # The camera went on reading the bots' moves after the person sat down.
        assert any(e.source == "camera" for e in log if e.n >= joined)
        assert not [n for n in demo.table.notices if n.kind == "illegal"]
    finally:
        demo.close()


def _wait_for_the_persons_game(demo):
    """The game the person plays: the bots' own may stand at the person's seat's very
    step for a moment, until a new one is dealt for the person (a test that took the
    bots' game for theirs built its deal in a game gone from the phone)."""
    deadline = time.monotonic() + 20
    while demo.table.game_id not in demo.bots.people_in:
        assert time.monotonic() < deadline, "no game was dealt for the person"
        time.sleep(0.05)


def _done_note_clear_of_the_dock(page):
    """The "✓ Done" note, while shown, lies above the dock: never over the moves."""
    note, dock = page.locator("#done-note"), page.locator("#dock")
    for _ in range(10):  # (a few frames for the dock's new size to be seen)
        if not note.is_visible():
            return
        low, top = note.bounding_box(), dock.bounding_box()
        if low["y"] + low["height"] <= top["y"] + 1:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the done note {low} lies over the dock {top}")


def test_a_person_builds_a_deal_of_several_cards_with_a_bot_on_the_phone(
    browser, tmp_path, monkeypatch
):
    """Rulebook example 3's kind of deal ("the face-up Soy Bean and a Blue Bean from
    my hand for a Red Bean"), tapped card by card on a 360 px phone and offered as
    one: the bot takes the whole deal, the log has one trade."""
    import json

    # The game dealt for the person is a new shuffle: this one, so that the test
    # plays the same game every time (one with a deal the bot takes).
    monkeypatch.setattr("companion.tables.secrets.randbelow", lambda n: 20261129 % n)

    demo = DemoTable(tmp_path, "bohnanza", 3, 6)
    try:
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        page.add_init_script("window.__settleMs = 0")
        page.goto(f"{demo.url}/j/{demo.code}")
        page.fill("#name", "Pat")
        page.locator('[data-seat="0"]').first.click()
        page.wait_for_url(f"**/p/{demo.code}")
        _wait_for_the_persons_game(demo)
        t = demo.table
        deadline = time.monotonic() + 60
        while not (t.state.step == "trade" and t.state.active == 0 and 0 in t.seats):
            assert time.monotonic() < deadline, f"no trading step of Pat's: {t.state.step}"
            t = demo.table
            if t.state.active == 0 and t.state.step != "trade":
                for kind in ("plant", "draw-face-up"):
                    button = page.locator(f'#actions button.move[data-type="{kind}"]:enabled')
                    if button.count():
                        _tap(button.first)
                        break
            page.wait_for_timeout(200)
        # The deal to build: a card the bot takes with another (the engine's bot says).
        game, state = t.game, t.state
        parts = [i for i in demo.service.legal_for(t, 0) if i["part"]]
        actions = [game.action_from_json(i["action"]) for i in parts]
        deal, chosen = None, None
        for a in actions:
            for b in actions:
                if a is not b and a.partner == b.partner and (a.receive or b.receive):
                    d = game.combine(state, [a, b])
                    if game.agrees(state, d, d.partner):
                        deal, chosen = deal or d, chosen or (a, b)
        assert deal is not None, "no deal of two cards the bots would take"
        # (one the bot says no to, with the same partner, first: see below)
        refused = next(
            (
                (a, b)
                for a in actions
                for b in actions
                if a is not b
                and a.partner == b.partner == deal.partner
                and (a.receive or b.receive)
                and not game.agrees(state, game.combine(state, [a, b]), deal.partner)
            ),
            None,
        )
        group = next(i["group"] for i in parts if i["action"] == chosen[0].to_json())
        opener = page.locator("#actions button.group-open:not(.deal-open)", has_text=group)
        _done_note_clear_of_the_dock(page)  # ("✓ Done: Draw 2 cards face up")
        if opener.count():
            _tap(opener.first)
            _done_note_clear_of_the_dock(page)
            _tap(page.locator("#actions button.deal-open").first)
        else:
            _tap(page.locator("#actions button.deal-open", has_text=group).first)
        _done_note_clear_of_the_dock(page)
        expect(page.locator("#actions [data-key='deal-hint']")).to_contain_text(
            "it says yes or no to the whole deal"
        )
        # What Pat gives, then what Pat gets, each card by itself.
        expect(page.locator("#actions .deal-side-name")).to_have_text(["You give", "You get"])
        expect(page.locator("#actions [data-key='side:give'] button.part").first).to_contain_text(
            re.compile(r"^(the face-up|your) ")
        )
        expect(page.locator("#actions [data-key='side:get'] button.part").first).to_contain_text(
            re.compile(r"^Seat \d's ")
        )
        # ... the bot's cards by bean, not as they lie in its hand.
        gets = page.locator("#actions [data-key='side:get'] button.part").all_inner_texts()
        beans = [re.sub(r"^Seat \d's ", "", g.strip()) for g in gets]
        assert len(beans) >= 2 and beans == sorted(beans), beans
        send = page.locator("#actions button.deal-send")
        expect(send).to_be_disabled()
        expect(send).to_have_text("Tap two cards or more")

        def tick(a):
            words = next(i["label"] for i in parts if i["action"] == a.to_json())
            key = "part:" + json.dumps(a.to_json(), separators=(",", ":"), ensure_ascii=False)
            key += "|" + words
            card = next(
                c
                for c in page.locator("#actions button.part").all()
                if c.get_attribute("data-key") == key
            )
            card.click()

        assert refused is not None, "no deal of two cards the bot says no to"
        # A deal the bot says no to: said just above the dock, in sight (at the
        # page's top it was out of sight: the tap seemed to do nothing).
        for a in refused:
            tick(a)
        send.click()
        note = page.locator("#done-note.refused")
        expect(note).to_contain_text(re.compile(r"^✗ Seat \d says no"))
        expect(note).to_be_in_viewport()
        for a in refused:
            tick(a)  # (ticked off again)
        expect(page.locator("#actions button.part.on")).to_have_count(0)
        for a in chosen:
            tick(a)
        expect(page.locator("#actions button.part.on")).to_have_count(2)
        expect(send).to_have_text("Offer this deal (2 cards)")
        expect(send).to_be_in_viewport()  # (at the dock's foot, however long the list)
        n = demo.table.next_n
        label = game.label(state, deal, t.names, "en", 0)
        send.click()
        expect(page.locator("#done-note")).to_have_text(f"✓ Done: {label}")
        _done_note_clear_of_the_dock(page)
        entry = demo.store.log(demo.table.game_id)[n]
        assert entry.action == deal.to_json() and entry.seat == 0 and entry.source == "phone"
        expect(page.locator("#actions button.part")).to_have_count(0)  # (the list closed)
        page.screenshot(path=str(tmp_path / "deal.png"))
    finally:
        demo.close()
