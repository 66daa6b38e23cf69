"""The phone page and the dashboard as a player sees them, in Debian's Chromium:
the page never wider than a 360 px phone, your move in view without scrolling, a
choice or a typed harvest card surviving other phones joining and bots moving,
each notice once, German, the closed table, the standings at the end, and the big
screen's type size, panel and seats.

The server runs in this process, so the test plays the other seats (the "bots")
straight through the table service."""

import json
import random
import re
import urllib.request
from dataclasses import replace

import pytest
from playwright.sync_api import expect

from companion import views
from companion.engine import dice, duel
from companion.engine.beans import VARIETIES
from companion.engine.games import GAMES

from .servers import PHONE, SCREEN, dashboard, phone

C_BEAN = {b: v.name for b, v in VARIETIES.items()}  # (as the phones say them)


def not_wider(page):
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.body.scrollWidth") <= width


def in_view(page, locator):
    """Seen without scrolling: inside the viewport with the page at its top."""
    assert page.evaluate("window.scrollY") == 0
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box


# These tables play the newer edition's protection wording, so that a lone card
# beside an empty field may be harvested: the list of moves then has a second
# group (the harvest) beside the cards to plant.
LONE_CARD_SOLD = "other-field"


def to_trading(live, code):
    """Seat 1 plants and turns the two cards face up: the trading step's many moves."""
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")


def to_planting_kept_cards(live, code):
    """Seat 1 swaps three hand cards with seat 3 and ends trading: both plant the
    cards they kept, seat 1 with more than six ways to do it."""
    to_trading(live, code)
    for _ in range(3):
        live.act(
            code,
            0,
            "trade",
            lambda a: a["partner"] == 2 and a["give"] and a["receive"] and not a["face_up"],
        )
    live.act(code, 0, "end-trading")


# ---------------------------------------------------------------- the phone's layout


def test_the_phone_is_never_wider_than_the_screen_and_the_move_is_in_view(live, browser):
    code = live.open("bohnanza", 4, knowledge="known", seed=5)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#turn")).to_have_text("Your turn")
    in_view(anna, anna.locator("#turn"))
    in_view(anna, anna.locator("#actions button.move").first)
    not_wider(anna)
    # The trading step: dozens of moves, grouped by partner, all in view. (The
    # others' hands are not listed card by card: no phone may see them.)
    to_trading(live, code)
    groups = anna.locator("#actions button.group-open")
    expect(groups.first).to_be_visible()
    assert len(live.legal(code, 0)) > 30
    not_wider(anna)
    for i in range(groups.count()):
        in_view(anna, groups.nth(i))
    in_view(anna, anna.locator("#actions button.move", has_text="End trading"))
    groups.first.click()
    moves = anna.locator("#actions .move-list button.move")
    expect(moves.first).to_be_visible()
    assert moves.count() > 6
    in_view(anna, anna.locator("#actions button.back"))
    in_view(anna, moves.first)
    dock = anna.locator("#dock").bounding_box()
    assert dock["y"] >= PHONE["height"] * 0.4  # the dock scrolls inside, the status stays
    not_wider(anna)
    # A move from the group is made with one more tap.
    moves.first.click()
    expect(anna.locator("#log li").first).to_contain_text("Anna")
    expect(anna.locator("#error")).to_have_text("")


# A name cut short (ellipsis) or its end lying under the next card of the hand.
NAMES_CUT = """[...document.querySelectorAll('#mine .card-row.hand .bcard')].map((card, i, all) => {
  const name = card.querySelector('.bname');
  const range = document.createRange();
  range.selectNodeContents(name);
  const text = range.getBoundingClientRect();
  const next = all[i + 1] && all[i + 1].getBoundingClientRect();
  const covered = next && next.top < text.bottom && next.left < text.right - 0.5;
  return name.scrollWidth > name.clientWidth + 1 || covered ? name.textContent : null;
}).filter(Boolean)"""


def test_a_field_says_what_the_beanometers_next_step_pays_not_the_next_coin(live, browser):
    """A single Cocoa Bean's field said "+1 → next coin", and the next step pays 2
    coins: a field says what a harvest would earn with the cards it still needs."""
    from dataclasses import replace

    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    t = live.service.table(code)
    with t.lock:
        p = replace(t.state.players[0], fields=(("cocoa",), ("blue",) * 7, ("garden",) * 3))
        t.state = replace(t.state, players=(p,) + t.state.players[1:])
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    said = anna.locator("#mine .field .next.long")
    expect(said).to_have_text(["+1 → 2 coins", "+1 → 3 coins", "top of the beanometer"])
    titles = anna.locator("#mine .field .next.short").evaluate_all(
        "(els) => els.map((e) => e.title)"
    )
    assert titles[:2] == [
        "1 more card: 2 coins when harvested",
        "1 more card: 3 coins when harvested",
    ]


@pytest.mark.parametrize("size", [5, 6, 10])
def test_a_hand_shows_every_cards_name_whole(live, browser, size):
    """A newcomer's hand of ten, fanned in one row, read "Ch", "Wa", "Coc", and one of
    five or six "Garder", "Greer": a hand shows every name whole, in its order (more
    than five in rows), no name cut or under the next card."""
    from dataclasses import replace

    hand = ("chili", "wax", "cocoa", "garden", "black-eyed", "coffee", "stink", "green")
    hand = (hand + ("soy", "red"))[:size]
    for locale in ("en-US", "de-DE"):
        code = live.open("bohnanza", 4, knowledge="known", seed=5)
        anna = phone(browser, live, code, 0, "Anna", locale=locale)
        live.service.start_game(code)
        t = live.service.table(code)
        with t.lock:
            p = replace(t.state.players[0], hand=hand)
            t.state = replace(t.state, players=(p,) + t.state.players[1:])
        live.service.notice(code, "test", "the state was laid out")  # (an update)
        cards = anna.locator("#mine .card-row.hand .bcard")
        # The hand laid out, not the one dealt (five cards too, at size 5: a render
        # that came after the count was met left no boxes to measure).
        for i, bean in enumerate(hand):
            expect(cards.nth(i)).to_have_class(re.compile(rf"\bbean-{bean}\b"))
        boxes = cards.evaluate_all(
            "(els) => els.map((e) => { const r = e.getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })"
        )
        assert len(boxes) == size
        for a, b in zip(boxes, boxes[1:], strict=False):  # in order, side by side or below
            assert b["x"] >= a["x"] + a["width"] - 0.5 or b["y"] >= a["y"] + a["height"], (a, b)
        cut = anna.evaluate(NAMES_CUT)
        assert cut == [], cut
        not_wider(anna)


def _a_trading_step(live, browser, seat):
    """Bohnanza, 4 seats: Anna at `seat`, the bots at the others, seat 1 (a bot's or
    Anna's) trading with the cards it turned up."""
    from companion.sim.worlds import Bots

    code = live.open("bohnanza", 4, knowledge="known", seed=1)
    anna = phone(browser, live, code, seat, "Anna")
    live.service.start_game(code)
    live.service.answer_for(code, Bots(live.service, code, 0.0, seat))
    t = live.service.table(code)
    for kind in ("plant", "draw-face-up"):
        action = next(a for a in t.game.legal_actions(t.state) if a.type == kind)
        live.service.act(code, action.to_json(), source="demo")
    return code, t, anna


def _a_bots_trading_step_with_3_coins(live, browser):
    """Anna at seat 2 with 3 coins (a 3rd field to buy), the bot at seat 1 trading."""
    code, t, anna = _a_trading_step(live, browser, 1)
    with t.lock:
        s = t.state
        rich = replace(s.players[1], coins=("soy", "soy", "soy"))
        t.state = replace(s, players=(s.players[0], rich, *s.players[2:]))
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    return code, t, anna


def test_a_bots_trades_are_counted_down_though_the_phone_may_buy_its_3rd_field(live, browser):
    """With 3 coins a newcomer's phone said "nothing you need to do" on a bot's
    trading step, with no countdown, and the deals vanished: the 3rd field, which
    may be bought at any time, was taken for what the step waited for."""
    code, t, anna = _a_bots_trading_step_with_3_coins(live, browser)
    kinds = {i["action"]["type"] for i in live.service.legal_for(t, 1) if i["alone"]}
    assert {"trade", "buy-field"} <= kinds
    hint = anna.locator("#actions p.hint[data-key='choices']")
    expect(hint).to_have_text(re.compile(r"^Seat 1 goes on in \d+ s: choose now"))
    expect(anna.locator("#actions button.move.pass")).to_be_visible()
    # ... and while a deal is built (the list open: the bot waits up to 30 s).
    expect(anna.locator("#actions button.deal-open")).to_have_count(0)  # (in the group)
    anna.locator("#actions button.group-open", has_text="Seat 1").first.click()
    # Its deals are choices: outlined, not the filled green of "do this now" (a
    # newcomer read fifteen green offers as what to do).
    trades = anna.locator("#actions button.move[data-type='trade']")
    expect(trades.first).to_be_visible()
    assert all("optional" in c for c in trades.evaluate_all("(els) => els.map((e) => e.className)"))
    # ... and take less of the screen than moves to make: the fields show above.
    dock = anna.locator("#dock").bounding_box()
    assert dock["height"] <= 0.41 * PHONE["height"], dock
    anna.locator("#actions button.deal-open").first.click()
    expect(anna.locator("#actions button.part").first).to_be_visible()
    expect(hint).to_have_text(re.compile(r"^Seat 1 goes on in \d+ s: choose now"))
    # Back goes to the list the builder was opened from.
    anna.locator("#actions button.back").click()
    expect(anna.locator("#actions button.part")).to_have_count(0)
    expect(anna.locator("#actions .group-name")).to_have_text("Trade with Seat 1")
    expect(anna.locator("#actions button.deal-open")).to_be_visible()


def test_moves_shown_grouped_stay_grouped_while_the_step_lasts(live, browser):
    """A newcomer's list of trades, grouped ("Trade with Seat 2 ›"), turned into a
    long flat list a second before the bot went on, as the others traded: a tap
    meant for the group landed on a move. Grouped once in a step, it stays so."""
    code, t, anna = _a_bots_trading_step_with_3_coins(live, browser)
    groups = anna.locator("#actions button.group-open:not(.deal-open)")
    expect(groups.first).to_be_visible()
    flat = anna.locator("#actions .move-list > button.move[data-type='trade']")
    expect(flat).to_have_count(0)
    with t.lock:  # the others traded meanwhile: few deals are left, in the same step
        s = t.state
        poorer = replace(s.players[1], hand=s.players[1].hand[:1])
        t.state = replace(s, face_up=s.face_up[:1], players=(s.players[0], poorer, *s.players[2:]))
    live.service.notice(code, "test", "the others traded")
    alone = [i for i in live.service.legal_for(t, 1) if i["alone"]]
    assert len(alone) <= 6  # (few enough to be listed flat in a step of their own)
    expect(anna.locator("#warnings")).to_contain_text("the others traded")
    expect(groups.first).to_be_visible()
    expect(flat).to_have_count(0)


def test_a_single_deal_with_a_seat_stays_behind_its_seats_heading(live, browser):
    """A newcomer's "Trade with Seat 3" became "Accept Seat 3's Soy Bean as a gift":
    a group of one deal was drawn as its move, one tap, filled as the move to make,
    where the heading had stood."""
    code, t, anna = _a_trading_step(live, browser, 0)
    with t.lock:  # Anna's hand played out, Seat 4's too: one deal with Seat 4 is left
        s = t.state
        players = (replace(s.players[0], hand=()), *s.players[1:3], replace(s.players[3], hand=()))
        t.state = replace(s, players=players, face_up=("wax",))
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    with_4 = [i for i in live.legal(code, 0, "trade") if i["action"]["partner"] == 3]
    assert [i["label"] for i in with_4] == ["Give the face-up Wax Bean to Seat 4"]
    expect(anna.locator("#warnings")).to_contain_text("the state was laid out")
    heading = anna.locator("#actions button.group-open", has_text="Trade with Seat 4")
    expect(heading).to_contain_text("1 choice")
    expect(anna.locator("#actions .move-list > button.move[data-type='trade']")).to_have_count(0)
    heading.click()
    expect(anna.locator("#actions button.move[data-type='trade']")).to_have_text(
        ["Give the face-up Wax Bean to Seat 4"]
    )


def test_on_its_own_turn_a_phone_says_the_table_waits_for_its_bonus_choice(live, browser):
    """The Duel's phase 4 on Anna's turn, the bot with a bo(h)nus card to draw: it
    waits for Anna to discard one or pass. Her phone said "Nothing you need to do
    now", so the table would have waited for a tap she did not know it needed."""
    from dataclasses import replace

    from companion.sim.worlds import Bots

    code = live.open("duel", 2, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    live.service.answer_for(code, Bots(live.service, code, 0.0, 2))  # seat 2: a bot
    t = live.service.table(code)
    with t.lock:
        s = t.state
        bot = replace(s.players[1], bonus=s.players[1].bonus[:2])
        t.state = replace(s, active=0, step="bonus", refilling=False, players=(s.players[0], bot))
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    hint = anna.locator("#actions p.hint[data-key='choices']")
    expect(hint).to_have_text("The table waits for your choice: one of these, or “None for me”.")
    anna.locator("#actions button.move.pass").click()
    expect(anna.locator("#actions .hint.passed")).to_have_text("Passed: the table goes on.")
    expect(hint).not_to_have_text(re.compile("waits for your choice"))
    # The bot's own phase 4: it waits a few seconds only, and the phone says so.
    with t.lock:  # (the bot's hand full: nothing to draw yet)
        s = t.state
        bot = replace(s.players[1], bonus=s.players[0].bonus)
        t.state = replace(
            s, active=1, turn=s.turn + 1, step="bonus", refilling=False, players=(s.players[0], bot)
        )
    live.service.notice(code, "test", "the bot's turn")
    # (counted down: the bot waits WINDOW_GRACE, 18 s, from now)
    expect(hint).to_have_text(re.compile(r"^Seat 2 goes on in 1[678] s: choose now"))
    # The step line above says whose step it is, and that it waits on Anna too (it
    # read only "Waiting for Seat 2 to …" while the table also waited for her).
    expect(anna.locator("#step")).to_have_text(
        re.compile(r"^Waiting for Seat 2 to .* — you may choose too$")
    )
    counted = hint.locator(".countdown").text_content()
    expect(hint.locator(".countdown")).not_to_have_text(counted, timeout=3000)
    expect(anna.locator("#actions button.move.pass")).to_be_visible()
    # Passed, it stays passed for the step, though the step's words change in it
    # (the bot's own discard leaves it a card to draw: "discard and draw …").
    anna.locator("#actions button.move.pass").click()
    expect(anna.locator("#actions .hint.passed")).to_be_visible()
    with t.lock:
        s = t.state
        bot = replace(s.players[1], bonus=s.players[1].bonus[:2], bonus_discarded=True)
        t.state = replace(s, players=(s.players[0], bot))
    live.service.notice(code, "test", "the bot discarded")
    expect(anna.locator("#turn-step, .topbar")).to_contain_text("discard and draw")
    expect(anna.locator("#actions .hint.passed")).to_have_text("Passed: the table goes on.")
    expect(anna.locator("#actions button.move.pass")).to_have_count(0)
    # (her choice made, the step is the bot's alone again)
    expect(anna.locator("#step")).not_to_contain_text("you may choose too")


def test_on_its_own_turn_a_phone_names_the_other_player_the_bonus_draw_waits_for(live, browser):
    """The Duel's phase 4 on Ben's turn: Anna gave up a bo(h)nus card, so the table
    waits for her to draw one. Ben's phone said "Your turn" and "Nothing you need to
    do now. If you wish:" (his own discard), his "End your turn" gone, and nothing
    said whom the table waited for."""
    from dataclasses import replace

    code = live.open("duel", 2, knowledge="known", seed=2)
    phone(browser, live, code, 0, "Anna")
    ben = phone(browser, live, code, 1, "Ben")
    live.service.start_game(code)
    t = live.service.table(code)
    with t.lock:
        s = t.state
        anna = replace(s.players[0], bonus=s.players[0].bonus[:2], bonus_discarded=True)
        t.state = replace(
            s,
            active=1,
            turn=s.turn + 1,
            step="bonus",
            refilling=False,
            players=(anna, s.players[1]),
        )
    live.service.notice(code, "test", "Anna discarded")
    assert live.service.snapshot(code, 1)["view"]["waiting_for"] == [0]
    expect(ben.locator("#turn")).to_have_text("Your turn: Anna to move")
    expect(ben.locator("#actions p.hint[data-key='waiting']")).to_have_text("Waiting for Anna.")
    # (his own bo(h)nus card he may still give up: a choice)
    expect(ben.locator("#actions p.hint[data-key='choices']")).to_have_text(
        "Nothing you need to do now. If you wish:"
    )
    # In German too (it read "Du bist dran, gefragt: Anna").
    ben.click(".lang-switch button[data-lang='de']")
    expect(ben.locator("#turn")).to_have_text("Du bist dran, der Tisch wartet auf Anna")
    expect(ben.locator("#actions p.hint[data-key='waiting']")).to_have_text("Warten auf Anna.")


def test_each_game_fits_the_phone(live, browser):
    for game, players in (("duel", 2), ("dice", 3)):
        code = live.open(game, players, knowledge="known", seed=2)
        anna = phone(browser, live, code, 0, "Anna")
        live.service.start_game(code)
        expect(anna.locator("#turn")).to_have_text("Your turn")
        in_view(anna, anna.locator("#actions button.move").first)
        not_wider(anna)
        if game == "dice":
            # The dice drawn, each showing its bean; orders drawn as dice too.
            anna.locator("#actions button.move").first.click()  # roll
            expect(anna.locator("button.die-pick").first).to_be_visible()
            assert anna.locator("#center .art.die svg").count() == 5
            assert anna.locator("#mine .orders .art.die.slot svg").count() >= 5
            anna.locator("button.die-pick").first.click()
            save = anna.locator("#actions button.save")
            expect(save).to_be_enabled()
            expect(save).to_have_text("Save 1 die")  # one die, not "1 dice"
            in_view(anna, save)
            not_wider(anna)
            save.click()
            expect(anna.locator("#log li").first).to_contain_text("saves")
            # Said done, as every other move is (a newcomer saw nothing after a save).
            expect(anna.locator("#done-note")).to_have_text(re.compile(r"^✓ Done: Save "))
        if game == "duel":
            # The Duel pays dollars: a field says how many more cards the next one needs,
            # and which beans it takes next (the ladder: its own, or the next higher).
            # (the heading names the cards once: "Your bo(h)nus cards 3 bo(h)nus cards" it was)
            bonus = anna.locator("#mine h3", has_text="Your bo(h)nus cards")
            expect(bonus).to_have_text(re.compile(r"^Your bo\(h\)nus cards \d cards?$"))
            # The hand's order is the rulebook's: its first card is planted next.
            expect(anna.locator("#mine .hand-next")).to_have_text("▲ plant next")
            expect(anna.locator("#mine .card-row.hand .bcard").first).to_have_class(
                re.compile("marked")
            )
            plant = anna.locator("#actions button.move[data-type='plant']").first
            label = plant.inner_text()
            plant.click()
            # The move is said made, for a moment, over the page (a newcomer's gift
            # to a bot vanished with nothing said).
            expect(anna.locator("#done-note")).to_have_text(f"✓ Done: {label}")
            # ... at the screen's top, not over the hand and the fields (just above
            # the dock it hid a newcomer's hand, the next card to plant)
            note = anna.locator("#done-note").bounding_box()
            for part in ("#mine .card-row.hand", "#mine .field"):
                box = anna.locator(part).first.bounding_box()
                assert note["y"] + note["height"] <= box["y"], (part, note, box)
            expect(anna.locator("#done-note")).to_be_hidden(timeout=6000)
            # (what the beanometer's next step pays: "+2 → $1")
            expect(anna.locator("#mine .field .next.long").first).to_have_text(
                re.compile(r"^\+\d → \$\d$")
            )
            field = next(f for f in live.service.table(code).state.players[0].fields if f)
            takes = [b for b in duel.LADDER if duel.fits(field, b)]
            names = [b.capitalize() for b in takes]  # (their short names)
            expect(anna.locator("#mine .field .takes")).to_have_text("takes " + " or ".join(names))
            not_wider(anna)


def test_a_phone_turned_sideways_has_its_moves_beside_the_table_not_over_it(live, browser):
    """A newcomer turned the phone to 740 x 360: the top bar and the dock left 95 px
    for the game, and the dice to tap lay half under the dock. Sideways the moves
    stand in a column at the right; the dice and the fields beside them, roll after
    roll (a review saw each roll scroll the dice 59 px further up, off the screen)."""
    code = live.open("dice", 3, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    anna.set_viewport_size({"width": 740, "height": 360})
    # The page scrolls smoothly: still for ten frames first.
    settled = """() => {
        const y = window.scrollY;
        window.__still = window.__y === y ? (window.__still || 0) + 1 : 0;
        window.__y = y;
        return document.querySelector("button.die-pick") && window.__still >= 10;
    }"""
    beside = """() => {
        const dock = document.getElementById("dock").getBoundingClientRect();
        const dice = [...document.querySelectorAll("button.die-pick")];
        return dock.left > 370 && dock.height >= 350 && dice.length > 0 && dice.every((d) => {
            const b = d.getBoundingClientRect();
            return b.right <= dock.left && b.top >= 0 && b.bottom <= 360;
        });
    }"""
    for _ in range(5):  # a die saved a roll: five rolls, the turn's last die
        roll = anna.locator("#actions button.move[data-type='roll']")
        expect(roll).to_be_visible()
        roll.click()
        anna.wait_for_function(settled, polling="raf")
        assert anna.evaluate(beside), anna.evaluate("window.scrollY")
        # In view already, they are not scrolled away (each roll scrolled 59 px more)
        assert anna.evaluate("window.scrollY") == 0
        anna.locator("button.die-pick").first.click()
        anna.locator("#actions button.save").click()
        expect(anna.locator("button.die-pick")).to_have_count(0)
    assert anna.evaluate("getComputedStyle(document.body).paddingBottom") == "0px"
    # Upright again: the dock at the foot, the page kept clear of it.
    anna.set_viewport_size({"width": 360, "height": 740})
    expect(anna.locator("#dock")).to_have_css("left", "0px")
    anna.wait_for_function("() => parseFloat(getComputedStyle(document.body).paddingBottom) > 40")


# ---------------------------------------------------------------- input survives updates


def test_an_open_group_survives_a_phone_joining_and_a_bots_move(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=5, protection=LONE_CARD_SOLD)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    to_planting_kept_cards(live, code)
    group = anna.locator("#actions button.group-open[data-group='plant-traded']")
    group.click()
    listed = anna.locator("#actions .move-list button.move")
    expect(listed.first).to_be_visible()
    shown = listed.count()
    assert shown > 1
    anna.evaluate("document.querySelector('#actions .move-list').__mark = 'kept'")
    # Another phone joins: the group stays open, the very same list on the page.
    bob = phone(browser, live, code, 1, "Bob")
    expect(bob.locator("#turn")).to_contain_text("Anna")
    expect(anna.locator("#others")).to_contain_text("Bob")
    expect(anna.locator("#actions .group-head")).to_be_visible()
    assert listed.count() == shown
    assert anna.evaluate("document.querySelector('#actions .move-list').__mark") == "kept"
    # A bot (seat 3) plants its kept card: Anna's choice is still there.
    before = len(live.service.table(code).log_text)
    live.act(code, 2, "plant-traded")
    expect(anna.locator("#log li")).to_have_count(min(12, before + 1))
    expect(anna.locator("#actions .group-head")).to_be_visible()
    assert listed.count() == shown
    assert anna.evaluate("document.querySelector('#actions .move-list').__mark") == "kept"
    listed.first.click()
    expect(anna.locator("#error")).to_have_text("")
    expect(anna.locator("#log li").first).to_contain_text("Anna")


def test_the_phones_back_gesture_closes_an_open_group_not_the_game(live, browser):
    """A newcomer's Back inside a list of moves left the game mid-turn."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5, protection=LONE_CARD_SOLD)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    to_planting_kept_cards(live, code)
    at = anna.url
    anna.locator("#actions button.group-open[data-group='plant-traded']").click()
    expect(anna.locator("#actions .group-head")).to_be_visible()
    anna.go_back()
    expect(anna.locator("#actions .group-head")).to_have_count(0)
    assert anna.url == at
    expect(anna.locator("#actions button.group-open[data-group='plant-traded']")).to_be_visible()
    # The list's own Back button too, and a move made from the list: no step left
    # behind in the history that a later Back would have to undo first.
    anna.locator("#actions button.group-open[data-group='plant-traded']").click()
    anna.locator("#actions .group-head button.back").click()
    expect(anna.locator("#actions .group-head")).to_have_count(0)
    for _ in range(40):  # (history.back() settles after the click)
        if not anna.evaluate("!!(history.state && history.state.group)"):
            break
        anna.wait_for_timeout(50)
    assert not anna.evaluate("!!(history.state && history.state.group)")


def test_a_list_closed_twice_before_the_browser_went_back_stays_in_the_game(live, browser):
    """A newcomer's gift in The Duel threw the phone out to the join page: the list
    closed when the update came (the move made) and again at the move's answer,
    before the browser had gone back the first time (history.back() arrives
    later), so it went back twice. Two closes in one go, as then."""
    code = live.open("duel", 2, knowledge="known", seed=7)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")
    at = anna.url
    anna.locator("#actions button.group-open[data-group='offer-gift']").click()
    expect(anna.locator("#actions .group-head")).to_be_visible()
    anna.evaluate(
        "() => { const b = document.querySelector('#actions .group-head button.back');"
        " b.click(); b.click(); }"
    )
    expect(anna.locator("#actions .group-head")).to_have_count(0)
    anna.wait_for_timeout(500)  # (a second Back, had there been one, has arrived)
    assert anna.url == at
    expect(anna.locator("#turn")).to_contain_text("Your turn")
    # The list opens again and Back still closes it, once.
    anna.locator("#actions button.group-open[data-group='offer-gift']").click()
    expect(anna.locator("#actions .group-head")).to_be_visible()
    anna.go_back()
    expect(anna.locator("#actions .group-head")).to_have_count(0)
    assert anna.url == at


def test_a_list_that_closes_by_itself_leaves_no_back_step_behind(live, browser):
    """A newcomer's first Back did nothing: the open list had gone by itself (its
    moves made elsewhere), and its step in the browser's history stayed."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5, protection=LONE_CARD_SOLD)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    to_planting_kept_cards(live, code)
    anna.locator("#actions button.group-open[data-group='plant-traded']").click()
    expect(anna.locator("#actions .group-head")).to_be_visible()
    assert anna.evaluate("!!(history.state && history.state.group)")
    while live.legal(code, 0, "plant-traded"):  # (planted for her: the camera saw it)
        live.act(code, 0, "plant-traded")
    expect(anna.locator("#actions .group-head")).to_have_count(0)
    for _ in range(40):  # (history.back() settles after the drawing)
        if not anna.evaluate("!!(history.state && history.state.group)"):
            break
        anna.wait_for_timeout(50)
    assert not anna.evaluate("!!(history.state && history.state.group)")


def test_back_from_the_game_to_the_join_page_leads_back_to_the_seat(live, browser):
    """A newcomer's Back from the game showed the join page with their own seat
    greyed out ("phone gone: the host can free the seat") and no way back; the page
    came from the browser's cache, in the language it was first rendered in."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    anna = phone(browser, live, code, 1, "Anna")
    live.service.start_game(code)
    anna.goto(f"{live.url}/j/{code}")
    expect(anna.locator("#back")).to_be_visible()
    expect(anna.locator("#back-seat")).to_have_text("This phone holds seat 2")
    # ... and holds it while it shows the join page (the seat went away, and the
    # demo's bot took it while a newcomer read the page)
    anna.wait_for_function("() => window.__socket && window.__socket.connected")
    assert live.service.snapshot(code)["table"]["seats"][1]["away"] is False
    mine = anna.locator("button.seat[data-seat='1']")
    expect(mine).to_be_enabled()
    expect(mine).to_contain_text("this phone")
    expect(anna.locator("button.seat[data-seat='0']")).to_contain_text("open")
    mine.click()
    anna.wait_for_url(re.compile(f"/p/{code}$"))
    expect(anna.locator("#whoami")).to_contain_text("Anna")
    anna.go_back()
    anna.locator("#back-link").click()
    anna.wait_for_url(re.compile(f"/p/{code}$"))
    # Another phone sees the seat taken, and no way back to a seat it never held.
    other = browser.new_page()
    other.goto(f"{live.url}/j/{code}")
    expect(other.locator("button.seat[data-seat='1']")).to_be_disabled()
    expect(other.locator("#back")).to_be_hidden()
    reply = other.request.get(f"{live.url}/j/{code}")
    assert reply.headers["cache-control"] == "no-store"
    other.close()


def test_a_phone_back_on_the_join_page_that_taps_another_seat_moves_there(live, browser):
    """A newcomer at seat 2 went back to the join page and tapped seat 3: the phone
    became "Anna (2)" at seat 3, told that another Anna sits at the table, and
    seat 2 went on without a phone. It moves: seat 2 is free, the name is Anna."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    game = phone(browser, live, code, 1, "Anna")
    live.service.start_game(code)
    # The join page in another tab (the QR code scanned again); the game's tab stays.
    anna = game.context.new_page()
    anna.goto(f"{live.url}/j/{code}")
    expect(anna.locator("#back-seat")).to_have_text("This phone holds seat 2")
    anna.locator("button.seat[data-seat='2']").click()
    anna.wait_for_url(re.compile(f"/p/{code}$"))
    expect(anna.locator("#whoami")).to_have_text(re.compile(r"^Anna · seat 3"))
    expect(anna.locator("main")).to_contain_text("You moved from seat 2 to seat 3: seat 2 is free")
    seats = live.service.snapshot(code)["table"]["seats"]
    assert [s.get("name") for s in seats] == [None, None, "Anna"]
    # The old tab is told the phone moved (and keeps the new seat's token: dropped,
    # a reload of the new tab found no seat), with the way to it.
    expect(game.locator("#gone")).to_contain_text("This phone moved to seat 3")
    expect(game.locator("#gone a")).to_have_text("Go to seat 3")
    expect(game.locator("#whoami")).to_have_text("")  # (it read "Seat 2 · seat 2")
    anna.reload()
    expect(anna.locator("#whoami")).to_have_text(re.compile(r"^Anna · seat 3"))


def test_tapped_beans_survive_a_phone_joining_and_other_updates(live, browser):
    code = live.open("bohnanza", 3, seed=1)  # a real table: the phone says what it drew
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    anna.locator("#actions button.move", has_text="field 1").first.click()
    expect(anna.locator(".needs button.primary")).to_be_disabled()
    anna.click(".needs button.bean-pick[data-bean='soy']")
    expect(anna.locator(".needs .slots .bcard.bean-soy")).to_be_visible()
    phone(browser, live, code, 1, "Bob")
    live.service.notice(code, "camera", "the light changed", None)
    expect(anna.locator("#warnings")).to_contain_text("the light changed")
    expect(anna.locator("#others")).to_contain_text("Bob")
    expect(anna.locator(".needs .slots .bcard.bean-soy")).to_be_visible()
    expect(anna.locator(".needs button.bean-pick[data-bean='soy']")).to_have_class(re.compile("on"))
    anna.click(".needs button.primary")
    expect(anna.locator("#mine .field[data-field='0'] .bcard.bean-soy")).to_be_visible()
    # Made by this phone: not said gone (the table's new state came before the
    # answer, and "That move is no longer possible" followed every confirmed move)
    expect(anna.locator("#done-note")).to_contain_text("✓ Done")
    expect(anna.locator("#actions .gone-note")).to_have_count(0)
    anna.locator("#actions button.move[data-type='draw-face-up']").click()
    for bean in ("red", "blue", "wax"):
        anna.click(f".needs button.bean-pick[data-bean='{bean}']")
    anna.click(".needs button.primary")
    expect(anna.locator("#log li").first).to_contain_text("face up")
    expect(anna.locator("#done-note")).to_contain_text("✓ Done")
    expect(anna.locator("#actions .gone-note")).to_have_count(0)


def test_a_harvest_card_entered_by_tapping_survives_a_phone_joining(live, browser):
    code = live.open("dice", 2, seed=1)  # a real table: each player enters two cards
    anna = phone(browser, live, code, 0, "Anna")
    top = anna.locator("fieldset[data-card='top']")
    bottom = anna.locator("fieldset[data-card='bottom']")
    expect(top).to_be_visible()
    not_wider(anna)
    # What the table waits for is this phone's cards, not the host (a host's friend
    # read "Waiting for the host to start"); a card short is said by the button,
    # not only at the page's top, 900 px up.
    expect(anna.locator("#turn")).to_have_text("Enter your two harvest cards")
    anna.click("#send-cards")
    expect(anna.locator("#cards-error")).to_have_text(
        "Fill in every order of both cards (or their numbers)."
    )

    def tap(card, order, *beans):
        card.locator(f".oe-row[data-order='{order}']").click()
        for bean in beans:
            card.locator(f"button.bean-pick[data-bean='{bean}']").click()

    # Order 1: a Soy Bean and a die showing Red or Green.
    tap(top, 0, "soy", "red")
    top.locator(".oe-row[data-order='0'] button.oe-die").nth(1).click()
    top.locator("button.bean-pick[data-bean='green']").click()
    # Order 2: a Stink Bean, or else a Blue Bean.
    tap(top, 1, "stink")
    top.locator("button", has_text="or another way").click()
    top.locator("button.bean-pick[data-bean='blue']").click()
    top.locator("input.card-number").fill("17")
    expect(top.locator(".oe-row[data-order='0'] .art.die")).to_have_count(2)
    # Bob joins: every tap and the typed number are still there.
    seen = anna.evaluate("window.__states")
    phone(browser, live, code, 1, "Bob")
    anna.wait_for_function(f"window.__states > {seen}")
    expect(top.locator(".oe-row[data-order='0'] .art.die")).to_have_count(2)
    expect(top.locator(".oe-row[data-order='1'] .art.die")).to_have_count(2)
    expect(top.locator(".oe-row[data-order='1'] .or")).to_have_count(1)
    expect(top.locator("input.card-number")).to_have_value("17")
    for order, bean in ((2, "garden"), (3, "green"), (4, "red")):
        tap(top, order, bean, bean)
    for order, bean in enumerate(("soy", "red", "blue", "stink", "garden")):
        tap(bottom, order, bean)
    anna.click("#send-cards")
    expect(anna.locator("#send-cards")).to_have_text("Cards entered ✓")
    expect(anna.locator("#cards-error")).to_have_text("")
    expect(anna.locator("#turn")).to_have_text("Waiting for the host to start")
    entered = live.service.table(code).cards[0]
    assert entered[0]["number"] == 17
    assert entered[0]["orders"][:2] == ["soy + (red|green)", "stink | blue"]
    assert entered[1]["orders"] == ["soy", "red", "blue", "stink", "garden"]


# ---------------------------------------------------------------- notices, language, turn


def test_a_notice_is_shown_once(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    dash = dashboard(browser, live, code)
    for _ in range(5):
        live.service.notice(code, "camera", "the camera is back: it reads the table again")
    for page in (anna, dash):
        notes = page.locator("#warnings .warning", has_text="the camera is back")
        # (the big screen may still be connecting: the notice comes with its first
        # snapshot; a loaded CI machine has taken over 5 s for that)
        expect(notes).to_have_count(1, timeout=15_000)


def test_german_by_the_browser_and_by_the_switch(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna", locale="de-DE")
    live.service.start_game(code)
    expect(anna.locator("#turn")).to_have_text("Du bist dran")
    expect(anna.locator("#whoami")).to_have_text("Anna · Platz 1")
    assert anna.evaluate("document.documentElement.lang") == "de"
    assert anna.evaluate("window.__socket.auth.lang") == "de"
    expect(anna.locator("#mine h2")).to_have_text("Deine Felder")
    # The switch: English, kept for the next visit, and the socket asks for it.
    anna.click(".lang-switch button[data-lang='en']")
    expect(anna.locator("#turn")).to_have_text("Your turn")
    assert anna.evaluate("window.__socket.auth.lang") == "en"
    assert anna.evaluate("localStorage.getItem('companion.lang')") == "en"
    anna.reload()
    expect(anna.locator("#mine h2")).to_have_text("Your fields")
    anna.click(".lang-switch button[data-lang='de']")
    expect(anna.locator("#mine h2")).to_have_text("Deine Felder")
    expect(anna.locator(".foot #leave")).to_have_text("Platz wechseln")  # the page's own text
    not_wider(anna)


def test_the_dice_games_bean_dollars_are_taler_in_german(live, browser):
    """A newcomer read "0 $" beside "4 Aufträge für 2 Taler": one money, two words."""
    code = live.open("dice", 3, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna", locale="de-DE")
    live.service.start_game(code)
    expect(anna.locator("#mine .mine-head .coins")).to_have_text("0 Taler")
    anna.click(".lang-switch button[data-lang='en']")
    expect(anna.locator("#mine .mine-head .coins")).to_have_text("$0")


def test_leaving_a_game_under_way_asks_a_second_tap(live, browser):
    """A newcomer tapped "Change seat" mid-turn to look around: the seat went at
    once and the table played on without them. Now the first tap asks; the seat
    stays until the second."""
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#turn")).to_have_text("Your turn")
    anna.click(".foot #leave")
    expect(anna.locator(".foot #leave")).to_contain_text("Tap again to leave your seat")
    assert {s: x.name for s, x in live.service.table(code).seats.items()} == {
        0: "Anna"
    }  # still seated
    anna.click(".foot #leave")
    anna.wait_for_url(re.compile(f"/j/{code}$"))
    assert {s: x.name for s, x in live.service.table(code).seats.items()} == {}
    # At a demo table every seat is people's (no bot plays now), yet a seat left
    # is a bot's at once: the phone says so (it said the game would wait).
    from companion.sim.worlds import Bots

    code = live.open("duel", 2, knowledge="known", seed=3)
    dora, emil = phone(browser, live, code, 0, "Dora"), phone(browser, live, code, 1, "Emil")
    live.service.answer_for(code, Bots(live.service, code, 0.0, 2))
    live.service.start_game(code)
    expect(dora.locator("#turn")).to_have_text("Your turn")
    expect(emil.locator("#turn")).to_have_text("Dora's turn")  # (the game under way here too)
    emil.click(".foot #leave")
    expect(emil.locator(".foot #leave")).to_have_text(
        "Tap again to leave your seat (a bot plays it from now on)"
    )


def test_the_phone_buzzes_when_it_becomes_your_turn(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    buzz = "navigator.vibrate = (p) => (window.__buzz = window.__buzz || []).push(p) > 0;"
    bob = phone(browser, live, code, 1, "Bob", init=buzz)
    live.service.start_game(code)
    expect(bob.locator("#turn")).to_contain_text("turn")
    bob.click("#sound")  # the beep is off until asked for
    assert bob.evaluate("localStorage.getItem('companion.sound')") == "1"
    expect(bob.locator("#sound")).to_have_attribute("aria-pressed", "true")
    assert bob.evaluate("window.__buzz") is None
    for _ in range(40):
        if live.service.table(code).state.active == 1:
            break
        live.service.act(code, live.legal(code, 0)[-1]["action"])
    expect(bob.locator("#turn")).to_have_text("Your turn")
    assert bob.evaluate("window.__buzz.length") == 1
    assert bob.evaluate("window.__turnAlerts") == 1


# ---------------------------------------------------------------- the end of a table


def test_an_ended_table_says_so_on_the_phone_and_the_big_screen(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    dash = dashboard(browser, live, code)
    expect(dash.locator("#turn")).to_contain_text("Anna")
    live.service.end_table(code)
    expect(dash.locator("#gone")).to_contain_text("This table has ended")
    expect(dash.locator("#gone a[href='/']")).to_be_visible()
    # The phone hears it at once (a server that tells the seats), or when it next
    # reconnects (today's: "rejoin"); either way it says so and shows the way home.
    anna.evaluate("window.__socket.io.engine && window.__socket.io.engine.close()")
    expect(anna.locator("#gone")).to_contain_text("This table has ended")
    expect(anna.locator("#gone")).to_have_attribute("data-closed", "1")
    anna.click("#gone a[href='/']")
    expect(anna.locator("h1")).to_contain_text("Bohnanza")
    assert anna.evaluate(f"localStorage.getItem('companion.token.{code}')") is None


def test_a_freed_seat_offers_to_join_again(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.free_seat(code, 0)
    anna.evaluate("window.__socket.io.engine && window.__socket.io.engine.close()")
    expect(anna.locator("#gone")).to_contain_text("Your seat was freed")
    anna.click(f"#gone a[href='/j/{code}']")
    expect(anna.locator("button.seat[data-seat='0']")).to_be_enabled()


def test_the_host_form_offers_the_newer_edition_three_to_five_players(live, browser):
    page = browser.new_page()
    page.goto(live.url + "/")
    players = page.locator("#players")
    page.select_option("#game", "bohnanza")
    players.fill("7")
    page.select_option("#edition", "newer")
    # A count the edition isn't for is brought within its range, not sent to fail.
    expect(players).to_have_attribute("max", "5")
    expect(players).to_have_attribute("min", "3")
    expect(players).to_have_value("5")
    # Each edition says what it is (a host asked what "classic" meant).
    expect(page.locator("#edition option[value='newer']")).to_have_text(
        "newer edition: 3–5 players"
    )
    page.select_option("#edition", "classic")
    expect(page.locator("#edition option[value='classic']")).to_have_text(
        "classic rulebook: 2–7 players (2: the bean duel variant)"
    )
    expect(players).to_have_attribute("max", "7")
    expect(players).to_have_value("5")
    page.select_option("#game", "duel")
    expect(page.locator("#players-label")).to_be_hidden()
    page.close()


def test_the_start_page_names_the_game_and_seat_this_phone_holds(live, browser):
    """The start page said only "EGAA" under "Back to your seat": the game and the
    seat say which."""
    code = live.open("duel", 2, knowledge="known", seed=5)
    anna = phone(browser, live, code, 1, "Anna")
    anna.goto(live.url + "/")
    expect(anna.locator("#your-seats a")).to_have_text(f"Bohnanza: The Duel {code} · Seat 2")
    expect(anna.locator("#your-seats a")).to_have_attribute("href", f"/p/{code}")


def test_a_name_at_its_longest_is_said_so_on_the_join_page(live, browser):
    """A newcomer typed "Maximiliane-Augustina von Bohnenfeld": the box stopped at
    20 characters without a word, and the name came out cut mid-word."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    page.goto(f"{live.url}/j/{code}")
    expect(page.locator("#name-full")).to_be_hidden()
    page.locator("#name").press_sequentially("Maximiliane-Augustina von Bohnenfeld")
    expect(page.locator("#name")).to_have_value("Maximiliane-Augustin")
    expect(page.locator("#name-full")).to_have_text(
        "A name has 20 characters at most: a shorter one shows whole on every screen."
    )
    page.locator("#name").fill("Maxi")
    page.locator("#name").press("End")
    page.locator("#name").press_sequentially("!")
    expect(page.locator("#name-full")).to_be_hidden()


def test_a_wrong_room_code_gets_a_friendly_page(live, browser):
    for path in ("/j/ZQZQ", "/p/ZQZQ", "/table/ZQZQ"):
        page = browser.new_page(locale="de-DE")
        reply = page.goto(live.url + path)
        assert reply.status == 404
        expect(page.locator("h1")).to_have_text("Kein Tisch ZQZQ")
        expect(page.locator("#home-link")).to_have_attribute("href", "/")
        page.close()


def test_the_standings_at_the_end(live, browser):
    code = live.open("duel", 2, knowledge="known", seed=7)
    uwe = phone(browser, live, code, 0, "Uwe")
    susanne = phone(browser, live, code, 1, "Susanne")
    live.service.start_game(code)
    dash = dashboard(browser, live, code)
    # The game played out beside the table (same seed), sent as one batch, then its
    # last move: the phones see the end.
    game = GAMES["duel"]
    t = live.service.table(code)
    state, moves, rng = t.state, [], random.Random(1)
    while not state.over:
        action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        moves.append(action.to_json())
    live.service.act_all(code, moves[:-1], "test")
    live.service.act(code, moves[-1])
    winner = ["Uwe", "Susanne"][duel.winners(state)[0]]
    for page in (uwe, susanne):
        standings = page.locator("#standings")
        expect(standings).to_be_visible()
        expect(standings.locator(".standing")).to_have_count(2)
        expect(standings.locator(".standing").first).to_contain_text(winner)
        expect(standings.locator(".standing").first).to_contain_text("$")
        in_view(page, standings.locator("h2"))
        # The hand left at the end has no card "to plant next" any more.
        expect(page.locator("#mine .card-row.hand .bcard").first).to_be_visible()
        expect(page.locator("#mine .hand-next")).to_have_count(0)
        expect(page.locator("#mine .card-row.hand .bcard.marked")).to_have_count(0)
    expect(dash.locator("#overlay #standings")).to_be_visible()
    expect(dash.locator("#overlay .standing").first).to_contain_text(winner)
    expect(dash.locator("#turn")).to_contain_text(winner)
    # The demo's "a new game in …" is read in the standings' box, not greyed out behind it.
    from companion.engine import words as w

    live.service.notice(code, "demo", w.both("The demo deals a new game in {left}"), left=100)
    expect(dash.locator("#overlay .overlay-box")).to_contain_text(
        re.compile(r"The demo deals a new game in 1:[34]\d min")
    )


# ---------------------------------------------------------------- the big screen


def test_the_dashboard_reads_from_across_the_room(live, browser):
    code = live.open("bohnanza", 4, knowledge="known", seed=5)
    for seat, name in enumerate(["Anna", "Bob", "Cleo", "Dana"]):
        live.service.join(code, seat, name)
    live.service.start_game(code)
    to_trading(live, code)
    dash = dashboard(browser, live, code)
    expect(dash.locator("#turn")).to_have_text("Anna's turn")
    size = lambda sel: dash.evaluate(  # noqa: E731
        f"parseFloat(getComputedStyle(document.querySelector({sel!r})).fontSize)"
    )
    assert size("#turn") >= 40
    assert size(".player .pname") >= 24
    assert size(".player .coins") >= 24
    not_wider(dash)
    # Every field a card with its coins; the face-up cards on the table.
    planted = dash.locator(".player[data-seat='0'] .field[data-field='0']")
    expect(planted.locator(".bcard")).to_have_count(1)
    expect(planted.locator(".count")).to_have_text("×1")
    expect(planted.locator(".worth")).to_have_text("0")
    # Its number, as the moves name it ("Plant … in field 1"), not only when empty.
    expect(planted.locator(".fno")).to_have_text("1")
    expect(dash.locator("#center .pile .bcard").first).to_be_visible()
    # The board takes most of the screen; the QR is small once the seats are taken.
    board = dash.locator("#board").bounding_box()
    assert board["width"] * board["height"] > 0.5 * SCREEN["width"] * SCREEN["height"]
    qr = dash.locator("#join-panel .qr svg").bounding_box()
    assert qr["width"] < 150
    # The log oldest first: the latest move last.
    expect(dash.locator("#log li").last).to_contain_text("face up")
    in_view(dash, dash.locator(".player[data-seat='3'] .pname"))
    dash.set_viewport_size({"width": 1280, "height": 720})
    not_wider(dash)
    assert size("#turn") >= 24
    in_view(dash, dash.locator(".player[data-seat='3'] .field").last)


def test_the_big_screen_draws_tall_fields_smaller_rather_than_cut_the_bottom_row_off(live, browser):
    """Four players, three fields each with tall columns, cards to plant and a
    banner: the bottom row of players ran off a 1920 x 1080 screen nobody scrolls
    (a newcomer's walk). The cards are drawn smaller until the board fits."""
    code = live.open("bohnanza", 4, knowledge="known", seed=5)
    for seat, name in enumerate(["Anna", "Bob", "Cleo", "Dana"]):
        live.service.join(code, seat, name)
    live.service.start_game(code)
    dash = dashboard(browser, live, code)
    expect(dash.locator("#turn")).to_have_text("Anna's turn")
    fit = "getComputedStyle(document.getElementById('board')).getPropertyValue('--fit')"
    assert dash.evaluate(fit).strip() == "1"  # (a new game's fields fit as drawn)
    t = live.service.table(code)
    with t.lock:
        beans = ["red", "blue", "soy", "stink", "chili", "green", "wax", "garden"]
        players = tuple(
            replace(
                p,
                fields=tuple(tuple([beans[(seat + f) % 8]] * 6) for f in range(3)),
                bought_field=True,
                set_aside=("wax", "blue", "soy") if seat in (0, 3) else (),
            )
            for seat, p in enumerate(t.state.players)
        )
        t.state = replace(t.state, players=players, step="plant-traded")
    live.service.notice(code, "test", "an update", key="update")
    live.service.drop_notice(code, "update")
    expect(dash.locator(".player[data-seat='3'] .field[data-field='2'] .count")).to_have_text("×6")
    expect(dash.locator("#warnings")).to_contain_text("Dana must harvest a field")
    wrap = dash.evaluate(
        "(() => { const w = document.getElementById('board-wrap');"
        " return [w.scrollHeight, w.clientHeight]; })()"
    )
    assert wrap[0] <= wrap[1] + 1, (wrap, dash.evaluate(fit))
    last = dash.locator(".player[data-seat='3']").bounding_box()
    assert last["y"] + last["height"] <= SCREEN["height"], last
    assert 0.5 <= float(dash.evaluate(fit)) < 1  # (smaller, not tiny)
    # Cards still read from across the room.
    card = dash.locator(".player[data-seat='3'] .field .bcard").last.bounding_box()
    assert card["width"] >= 50, card
    # Fields harvested, cards planted: room again, and the cards as large as before.
    with t.lock:
        players = tuple(replace(p, fields=((), (), ()), set_aside=()) for p in t.state.players)
        t.state = replace(t.state, players=players, step="plant")
    live.service.notice(code, "test", "an update", key="update")
    live.service.drop_notice(code, "update")
    expect(dash.locator(".player[data-seat='3'] .field .count")).to_have_count(0)
    dash.wait_for_function(f"{fit}.trim() === '1'")


def _a_dice_table_of_three(live):
    """A dice table, three seated and playing: (code, play(n): n more random moves)."""
    code = live.open("dice", 3, knowledge="known", seed=4)
    for seat, name in enumerate(["Anna", "Bob", "Cleo"]):
        live.service.join(code, seat, name)
    live.service.start_game(code)
    game, rng = GAMES["dice"], random.Random(2)

    def play(n):
        for _ in range(n):
            t = live.service.table(code)
            live.service.act(code, rng.choice(game.legal_actions(t.state)).to_json())

    return code, play


def test_the_big_screens_log_shows_the_newest_move_however_long_it_grows(live, browser):
    code, play = _a_dice_table_of_three(live)

    def newest_in_view(dash):
        last = dash.locator("#log li").last
        newest = json.load(urllib.request.urlopen(f"{live.url}/api/tables/{code}/state"))["log"][-1]
        expect(last).to_have_text(newest)
        dash.wait_for_function(  # (a resize is answered within a frame or two)
            """() => { const box = document.getElementById("log").getBoundingClientRect();
                       const line = document.querySelector("#log li:last-child")
                           .getBoundingClientRect();
                       return box.top - 1 <= line.top && line.bottom <= box.bottom + 1; }""",
            timeout=3000,
        )

    play(40)  # more lines than the box holds: the big screen opened mid-game
    dash = dashboard(browser, live, code, size={"width": 1920, "height": 900})
    newest_in_view(dash)
    for _ in range(6):  # and moves made one by one while it watches (old lines leave)
        play(1)
        newest_in_view(dash)
    # The box shrinks (a panel or the join card grows above it, a smaller screen):
    # still the newest line, then and after the next move.
    dash.set_viewport_size({"width": 1920, "height": 760})
    newest_in_view(dash)
    play(1)
    newest_in_view(dash)
    dash.locator("#log").hover()  # someone scrolls back to read
    dash.mouse.wheel(0, -3000)
    dash.wait_for_function("() => document.getElementById('log').scrollTop === 0")
    play(1)
    dash.wait_for_timeout(300)
    assert dash.locator("#log").evaluate("el => el.scrollTop") == 0
    dash.mouse.wheel(0, 3000)  # and back down: it follows again
    play(1)
    newest_in_view(dash)
    # A check that completed orders says how many (it said "order 1" for one order).
    for _ in range(200):
        view = json.load(urllib.request.urlopen(f"{live.url}/api/tables/{code}/state"))["view"]
        done = {p["seat"]: p["last_check"] for p in view["players"] if p["last_check"]}
        if done:
            break
        play(1)
    seat, n = next(iter(done.items()))
    said = "just completed an order!" if n == 1 else f"just completed {n} orders!"
    expect(dash.locator(f".player[data-seat='{seat}'] .just")).to_have_text(said)


def test_a_readers_scroll_that_lands_frames_after_the_wheel_still_holds_the_log(live, browser):
    """A full suite on a loaded machine: the wheel's scroll moved the big screen's log
    only after the frame that judged it, so the log still followed, and the next
    move threw the reader back to the end."""
    code, play = _a_dice_table_of_three(live)
    play(40)
    dash = dashboard(browser, live, code, size={"width": 1920, "height": 760})
    expect(dash.locator("#log li").last).to_be_visible()
    dash.wait_for_function(
        "() => { const l = document.getElementById('log'); return l.scrollTop > 0; }"
    )
    # The wheel, then its scroll three frames later (as a busy machine moves it).
    dash.evaluate(
        """() => new Promise((done) => {
             const log = document.getElementById("log");
             log.dispatchEvent(new WheelEvent("wheel", { deltaY: -3000 }));
             const later = (n) => requestAnimationFrame(() => {
               if (n) return later(n - 1);
               log.scrollTop = 0;
               setTimeout(done, 100);
             });
             later(3);
           })"""
    )
    states = dash.evaluate("() => window.__states")
    play(1)
    dash.wait_for_function(f"() => window.__states > {states}")
    dash.wait_for_timeout(300)
    assert dash.locator("#log").evaluate("el => el.scrollTop") == 0


def test_a_phone_says_its_own_check_completed_orders(live, browser):
    """A newcomer's field met an order and the phone said nothing of it; the other
    players' boxes said "just completed 2 orders!"."""
    code = live.open("dice", 3, knowledge="known", seed=4)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    game, rng = GAMES["dice"], random.Random(2)
    for _ in range(400):
        t = live.service.table(code)
        n = t.state.players[0].last_check
        if n:
            break
        live.service.act(code, rng.choice(game.legal_actions(t.state)).to_json())
    said = "You just completed an order!" if n == 1 else f"You just completed {n} orders!"
    expect(anna.locator("#mine .just")).to_have_text(said)


def test_a_phone_says_a_harvest_was_taken_when_the_new_top_card_meets_orders_at_once(live, browser):
    """A newcomer harvested; the phone still said "You just completed 3 orders!" and
    offered the harvest again (the new top card met them with the same dice): it
    read as the harvest not taken."""
    code = live.open("dice", 2, knowledge="known", seed=4)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    game, rng = GAMES["dice"], random.Random(3)
    for _ in range(3000):
        p = live.service.table(code).state.players[0]
        if p.last_check and p.new_top:
            break
        moves = game.legal_actions(live.service.table(code).state)
        harvests = [a for a in moves if isinstance(a, dice.Harvest) and a.player == 0]
        live.service.act(code, (harvests or [rng.choice(moves)])[0].to_json())
    else:
        pytest.fail("no harvest whose new top card met orders at once in 3000 moves")
    n = p.last_check
    orders = "an order" if n == 1 else f"{n} orders"
    said = f"Harvested! Your new top card met {orders} at once, with the same dice."
    expect(anna.locator("#mine .just")).to_have_text(said)


def test_the_join_qr_is_big_while_seats_are_open(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    dash = dashboard(browser, live, code, host=False)
    expect(dash.locator(".seat-row.open")).to_have_count(3)
    # Waiting for players: the code is the big thing in the middle of the screen.
    assert dash.locator("#center .big-qr svg").bounding_box()["width"] > 300
    expect(dash.locator("#center .big-url")).to_have_text(f"{live.url}/j/{code}")
    host_input = dash.locator("#host-key")
    dash.click("#host-card summary")
    host_input.fill("typed but not yet sent")
    live.service.join(code, 0, "Anna")
    expect(dash.locator(".seat-row.open")).to_have_count(2)
    expect(host_input).to_have_value("typed but not yet sent")  # survives the update
    # Started with a seat still open: the QR at the side; every seat taken: smaller.
    live.service.start_game(code)
    expect(dash.locator("#center .big-qr")).to_have_count(0)
    side = dash.locator("#join-panel .qr svg")
    expect(side).to_be_visible()
    open_width = side.bounding_box()["width"]
    live.service.join(code, 1, "Bob")
    live.service.join(code, 2, "Cleo")
    expect(dash.locator("#join-panel")).to_have_class(re.compile("tiny"))
    assert side.bounding_box()["width"] < open_width


# Text that runs out of its box (clipped by an ancestor) or out of the screen.
OUT_OF_VIEW = """[...document.querySelectorAll('.dash-top *, #center *')].filter((el) => {
  if (!el.getClientRects().length) return false;
  const r = el.getBoundingClientRect();
  return r.left < -0.5 || r.right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1
    && getComputedStyle(el).overflowX !== 'visible';
}).map((el) => el.className || el.tagName)"""


def test_the_big_screen_opened_on_a_phone_fits_it(live, browser):
    """A host who opened a table from a phone got the big screen at 360 px: the EN/DE
    switch over "Waiting for the host to start", one word a line, and "Join with your
    phone" and the join address cut off at the right."""
    code = live.open("duel", 2, knowledge="known", seed=5)
    dash = dashboard(browser, live, code, size=PHONE)
    expect(dash.locator(".seat-row.open")).to_have_count(2)
    for stage in ("waiting", "playing"):
        assert dash.evaluate(OUT_OF_VIEW) == [], stage
        not_wider(dash)
        turn = dash.locator(".dash-turn").bounding_box()
        switch = dash.locator(".dash-top .lang-switch").bounding_box()
        apart = (
            turn["y"] >= switch["y"] + switch["height"] or turn["x"] + turn["width"] <= switch["x"]
        )
        assert apart, (stage, turn, switch)
        assert turn["width"] > PHONE["width"] / 2, stage  # (not a word a line)
        if stage == "waiting":
            qr = dash.locator("#center .big-qr svg").bounding_box()
            assert qr["width"] >= 200 and qr["x"] + qr["width"] <= PHONE["width"]
            live.service.join(code, 0, "Anna")
            live.service.join(code, 1, "Bob")
            live.service.start_game(code)
            expect(dash.locator("#center .big-qr")).to_have_count(0)


def test_an_away_seat_can_be_freed_with_one_tap(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    for seat, name in enumerate(["Anna", "Bob", "Cleo"]):
        live.service.join(code, seat, name)
    dash = dashboard(browser, live, code)
    expect(dash.locator(".seat-row[data-seat='1']")).to_contain_text("Bob")
    # The server marks a seat whose phone is gone as away (snap.table.seats[].away).
    dash.evaluate(
        """async (code) => {
            const snap = await (await fetch(`/api/tables/${code}/state`)).json();
            snap.table.seats[1].away = true;
            window.__socket.listeners("state")[0](snap);
        }""",
        code,
    )
    row = dash.locator(".seat-row[data-seat='1']")
    expect(row.locator(".badge.away")).to_have_text("away")
    row.locator("button.free-seat").click()
    expect(dash.locator(".seat-row[data-seat='1']")).to_have_class(re.compile("open"))
    assert 1 not in live.service.table(code).seats


def test_the_host_is_asked_before_a_game_under_way_is_dealt_anew(live, browser):
    """A host's tap on "Start game" in the middle of a game dealt a new one: four
    turns gone, with no undo. A game under way is dealt anew only once asked."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    for seat, name in enumerate(["Anna", "Bob", "Cleo"]):
        live.service.join(code, seat, name)
    live.service.start_game(code)
    t = live.service.table(code)
    live.act(code, 0, "plant")
    moves = len(t.log)
    dash = dashboard(browser, live, code)
    expect(dash.locator("#log")).to_contain_text("plants")
    dash.locator("#host-card summary").click()
    asked = []
    dash.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    dash.locator("#start").click()
    expect(dash.locator("#log")).to_contain_text("plants")
    assert asked == ["A game is under way: deal a new one? The game under way is lost for good."]
    assert len(t.log) == moves  # (said no: the game goes on)
    dash.once("dialog", lambda d: d.accept())
    dash.locator("#start").click()
    expect(dash.locator("#log")).not_to_contain_text("plants")  # (said yes: dealt anew)


def test_the_host_starting_with_seats_nobody_took_is_told_the_game_waits_for_them(live, browser):
    """A host's game with a seat nobody took sat on that seat's turn, said nowhere:
    Start names the open seats and asks first."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    live.service.join(code, 0, "Anna")
    dash = dashboard(browser, live, code)
    expect(dash.locator(".seat-row[data-seat='0']")).to_contain_text("Anna")
    asked = []
    dash.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    dash.locator("#start").click()
    dash.wait_for_timeout(300)
    assert asked == [
        "Nobody has taken Seat 2 and Seat 3 on a phone: the game waits for those seats' "
        "moves from the table's camera and buttons. Start anyway?"
    ]
    assert live.service.table(code).state is None  # (said no: not started)
    dash.once("dialog", lambda d: d.accept())
    dash.locator("#start").click()
    expect(dash.locator("#turn")).to_contain_text("Anna")


def test_a_table_the_host_ends_says_no_error_behind_its_end(live, browser):
    """The big screen said "No answer from the table: is the phone on the table's
    Wi-Fi …" behind "This table has ended": its socket closed before the answer."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    dash = dashboard(browser, live, code)
    expect(dash.locator("#host-card")).to_have_attribute("open", "")  # (opened: not started)
    # The answer lost with the socket (as on 3 tables of 4): "no answer" comes
    # half a second after the table's end.
    dash.evaluate(
        """() => {
            const socket = window.__socket;
            socket.timeout = () => ({
                emit: (event, data, answer) => {
                    socket.emit(event, data, () => {});
                    setTimeout(() => answer(new Error("timeout")), 500);
                },
            });
        }"""
    )
    dash.once("dialog", lambda d: d.accept())
    dash.locator("#end").click()
    expect(dash.locator("#gone")).to_contain_text("This table has ended")
    dash.wait_for_timeout(1000)
    expect(dash.locator("#error")).to_have_text("")


def test_a_phones_answer_to_its_offer_is_not_said_on_the_big_screen(live, browser):
    """The big screen said "Dan says yes to your offer" to the whole room: it is
    the offer's maker's news."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    live.service.join(code, 0, "Eve")
    dash = dashboard(browser, live, code)
    t = live.service.table(code)
    with t.lock:
        t.add_notice("accepted", "Dan says yes to your offer", 0)
        t.add_notice("camera", "the light changed")
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    expect(dash.locator("#warnings")).to_contain_text("the light changed")
    expect(dash.locator("#warnings")).not_to_contain_text("says yes to your offer")


def test_on_the_german_big_screen_an_away_badge_gives_way_to_the_players_name(live, browser):
    """Seven players on the big screen in German: the badge of a seat a bot plays
    while its phone is gone ("abwesend · ein Bot spielt") once filled the player's
    box head and left no room for the name. The name is shown whole; the badge is
    cut short, its whole text on hover."""
    code = live.open("bohnanza", 7, knowledge="known", seed=5)
    names = ["Anna", "Alexandra", "Cleo", "Dora", "Emil", "Frieda", "Gustav"]
    for seat, name in enumerate(names):
        live.service.join(code, seat, name)
    live.service.start_game(code)
    page = browser.new_context(viewport=SCREEN, locale="de-DE").new_page()
    page.goto(f"{live.url}/table/{code}")
    expect(page.locator(".pname", has_text="Alexandra")).to_be_visible()
    # The seat as the server marks one whose phone is gone while a bot plays it
    # (snap.table.seats[].away and .bot), on the page's next update.
    page.evaluate(
        """() => { const s = window.__socket, draw = s.listeners("state")[0];
            s.off("state", draw);
            s.on("state", (snap) => {
                Object.assign(snap.table.seats[1], { away: true, bot: true }); draw(snap); }); }"""
    )
    live.service.notice(code, "test", "an update")
    head = page.locator(".phead", has=page.locator(".pname", has_text="Alexandra"))
    badge = head.locator(".badge.away")
    expect(badge).to_have_text("abwesend · ein Bot spielt")
    fit = head.evaluate(
        """(h) => { const n = h.querySelector('.pname'), b = h.querySelector('.badge.away');
            const whole = (e) => e.clientWidth > 0 && e.scrollWidth <= e.clientWidth + 1;
            const nr = n.getBoundingClientRect(), br = b.getBoundingClientRect();
            return { name: whole(n), badge: whole(b), apart: br.bottom <= nr.top + 4 }; }"""
    )
    # (seven boxes across leave no room for both in one line: the badge is a tab on
    # the box's top edge, above the name)
    assert fit == {"name": True, "badge": True, "apart": True}, fit


# ---------------------------------------------------------------- the snapshot contract


def resend(page, change):
    """The phone's last snapshot again, changed by the JavaScript `change(s)`: as the
    server sends it once it fills in the contract's newer fields."""
    page.evaluate(
        f"""() => {{
            const s = structuredClone(window.__snap);
            ({change})(s);
            window.__socket.listeners("state")[0](s);
        }}"""
    )


def _anna_at_a_dice_table(live, browser):
    """A known 2-player dice game under way, Anna's phone at seat 1: (page, table)."""
    code = live.open("dice", 2, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    return anna, live.service.table(code)


def test_an_order_the_bean_field_meets_says_so_before_the_check(live, browser):
    """A newcomer's order met by the dice saved still showed its odds, beside
    "chance to complete the next order this turn: 100 %"."""
    import itertools

    from companion.engine.dice import Roll, Save
    from companion.engine.dice.odds import orders_met

    anna, t = _anna_at_a_dice_table(live, browser)
    with t.lock:
        s = replace(t.state, active=0)
        order = s.players[0].top.orders[0]
        # A roll of these dice, some of which (not all five) meet Anna's first order.
        faces, kept = next(
            (faces, kept)
            for faces in itertools.product(*(d.faces for d in s.dice.dice))
            for n in range(1, 5)
            for kept in itertools.combinations(range(5), n)
            if order.met([faces[i] for i in kept])
        )
        s = GAMES["dice"].apply(s, Roll(0, faces))
        t.state = GAMES["dice"].apply(s, Save(0, kept))
    live.service.notice(t.code, "test", "the dice were laid out")  # (an update)
    row = anna.locator("#mine .order-row[data-key='o0']")
    expect(row.locator(".tick.soon")).to_have_text("✓ in field")
    # The dice not saved still show the last roll's faces: dimmed, "to roll again"
    # (a newcomer read them as the roll to come).
    rolling = anna.locator("#center .dice-area.rolling")
    expect(rolling.locator(".art.die.to-roll")).to_have_count(5 - len(kept))
    expect(rolling.locator(".area-name")).to_have_text("to roll again")
    expect(anna.locator("#center .bean-field .art.die.to-roll")).to_have_count(0)
    expect(row.locator(".odds")).to_have_count(0)
    # (mid-turn, one's own card shows no next-roll %: it is checked on the bean field)
    expect(anna.locator("#mine .order-row[data-key='o4']")).to_be_visible()
    expect(anna.locator("#mine .order-row .odds")).to_have_count(0)
    expect(anna.locator("#mine .odds-note")).to_have_count(0)  # (no % to explain)
    # One order met: nothing to say of sharing. Two met by the same bean field: the
    # phone says that the dice are not used up (rulebook 004: "you don't have to
    # 'burn' beans"; a newcomer asked).
    expect(anna.locator("#mine .orders-legend .shared")).to_have_count(0)
    with t.lock:
        s = replace(t.state, step="roll", faces=(None,) * 5, saved=(False,) * 5, rolled=())
        card, faces, kept = next(
            (card, faces, kept)
            for card in [p.top for p in s.players] + list(s.deck)
            for faces in itertools.product(*(d.faces for d in s.dice.dice))
            for n in range(1, 5)
            for kept in itertools.combinations(range(5), n)
            if orders_met(card.orders, [faces[i] for i in kept]) >= 2
        )
        me = replace(s.players[0], top=card, completed=0)
        s = replace(s, players=(me,) + s.players[1:])
        s = GAMES["dice"].apply(s, Roll(0, faces))
        t.state = GAMES["dice"].apply(s, Save(0, kept))
    live.service.notice(t.code, "test", "two orders met")
    expect(anna.locator("#mine .order-row .tick.soon")).to_have_count(2)
    expect(anna.locator("#mine .orders-legend .shared")).to_have_text(
        "The same dice meet every order marked ✓ in field: none are used up."
    )


def test_the_phone_draws_the_contracts_fields_when_the_server_sends_them(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#turn")).to_have_text("Your turn")
    resend(
        anna,
        """s => {
            s.private = {hand: ["cocoa", "soy", "soy", "black-eyed", "garden"], bonus: null};
            s.view.step_text = "plant your first card";
            s.notices = [{kind: "camera", text: "one", seat: null, at: 0, key: "k1"},
                         {kind: "camera", text: "one", seat: null, at: 0, key: "k1"}];
        }""",
    )
    hand = anna.locator("#mine .card-row.hand .bcard")
    expect(hand).to_have_count(5)
    expect(hand.first).to_have_class(re.compile("bean-cocoa"))
    expect(hand.first).to_have_class(re.compile("marked"))  # planted next
    expect(anna.locator("#step")).to_have_text("plant your first card")
    expect(anna.locator("#warnings .warning", has_text="one")).to_have_count(1)
    not_wider(anna)


def test_after_a_roll_the_phone_names_the_best_choice_it_leaves(live, browser):
    """The chance line stood unchanged after a roll whatever the dice showed."""
    code = live.open("dice", 2, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#mine .advice")).to_be_visible()
    expect(anna.locator("#mine .advice .best")).to_have_count(0)  # nothing rolled yet
    live.service.act(code, dice.Roll(0).to_json())
    best = anna.locator("#mine .advice .best")
    said = re.compile(r"^Best for the next order: (save .+|repeat the roll .+)\.$")
    expect(best).to_have_text(said)
    t = live.service.table(code)
    choice = GAMES["dice"].advice(GAMES["dice"].advice_key(t.state))["best"]
    if not choice["repeat"]:
        names = [t.state.faces[i] for i in choice["save"]]
        for bean in names:
            assert VARIETIES[bean].name in best.inner_text()


def test_with_the_next_order_met_the_phone_names_the_save_for_the_orders_after_it(live, browser):
    """The phone said "Best for the next order: save Blue Bean" with the next order
    met by the bean field already, and a darker and a lighter die both showing Blue:
    it says the order is met, names the save for the orders after it, and which
    Blue (the die's kind) where both kinds show it."""
    from companion.engine import dice as W
    from companion.engine.dice import Roll, Save

    anna, t = _anna_at_a_dice_table(live, browser)
    orders = ["green", "blue", "blue + soy", "blue*2 + soy", "blue*2 + soy*2"]
    s = W.new_game(2, knowledge="hidden", cards=[[orders] * 2] * 2)
    s = W.apply(s, Roll(0, ("garden", "stink", "green", "red", "stink")))  # darker 2, lighter 3
    s = W.apply(s, Save(0, (2,)))  # the green die: the next order is met
    s = W.apply(s, Roll(0, ("blue", "garden", "blue", "stink")))
    with t.lock:
        t.state = s
    live.service.notice(t.code, "test", "rolled")
    (die,) = GAMES["dice"].advice(GAMES["dice"].advice_key(s))["best"]["save"]
    assert s.faces[die] == "blue"
    best = anna.locator("#mine .advice .best")
    expect(best).to_have_text(
        "The bean field meets the next order: for the orders after it, "
        f"save Blue Bean ({s.dice.dice[die].kind} die)."
    )


def test_dice_to_save_out_of_sight_are_brought_into_view_and_a_tapped_one_ticked(live, browser):
    """After a roll the dock said "Tap the dice to save" with the dice scrolled out of
    sight (a newcomer had opened "How to read this" below them)."""
    code = live.open("dice", 2, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#mine .advice")).to_be_visible()
    anna.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    table = anna.locator("#center .dice-table")
    expect(table).not_to_be_in_viewport()
    live.service.act(code, dice.Roll(0).to_json())
    expect(anna.locator(".die-pick").first).to_be_visible()
    expect(table).to_be_in_viewport(ratio=0.9)
    anna.wait_for_function(  # (a smooth scroll: until it rests)
        """() => new Promise((done) => { const y = scrollY;
             setTimeout(() => done(scrollY === y), 300); })"""
    )
    # Not under the header nor the dock.
    box = table.bounding_box()
    header = anna.locator("#top").bounding_box()
    dock = anna.locator("#dock").bounding_box()
    assert box["y"] >= header["y"] + header["height"] - 1, (box, header, dock)
    assert box["y"] + box["height"] <= dock["y"] + 1
    # A die tapped to save shows a tick (raised and outlined alone, it was faint).
    pick = anna.locator(".die-pick").first
    tick = "el => getComputedStyle(el, '::after').content"
    assert pick.evaluate(tick) in ("none", "normal")
    pick.click()
    expect(anna.locator(".die-pick.on")).to_have_count(1)
    assert anna.locator(".die-pick.on").evaluate(tick) == '"✓"'


def test_dice_orders_are_drawn_from_their_alternatives(live, browser):
    code = live.open("dice", 2, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#mine .orders .order-row")).to_have_count(5)
    expect(anna.locator("#mine .advice")).to_be_visible()  # the odds' second update is in
    # A chance short of sure never reads 100 % (a newcomer read it as sure), nor one
    # above none 0 %.
    shown = anna.evaluate("[0.99996, 1, 0.00004, 0, 0.4567].map((p) => C.pct(p))")
    assert shown == [">99.9%", "100.0%", "<0.1%", "0.0%", "45.7%"]
    # What the rows' percentages are (the advice's chance for the turn differs).
    expect(anna.locator("#mine .odds-note")).to_have_text(
        # (the first roll)
        "%: the chance that a roll of all the dice completes the order, with the open ones below it"
    )
    resend(
        anna,
        """s => {
            const o = s.view.players[0].orders[0];
            o.text = "green*2 | (soy|red) + blue";
            o.alternatives = [[["green"], ["green"]], [["soy", "red"], ["blue"]]];
        }""",
    )
    row = anna.locator("#mine .order-row[data-key='o0']")
    expect(row.locator(".alt")).to_have_count(2)
    expect(row.locator(".or")).to_have_text("or")
    expect(row.locator(".art.die.slot")).to_have_count(4)
    expect(row.locator(".art.die.slot").nth(2)).to_have_attribute("title", "Soy Bean / Red Bean")
    # The order's hover text in words, not the engine's "green*2 | (soy|red) + blue".
    expect(row.locator(".order")).to_have_attribute(
        "title", "Green Bean and Green Bean — or — Soy Bean or Red Bean and Blue Bean"
    )
    # Without alternatives (today's server), the order's text is read instead.
    resend(
        anna,
        """s => {
            const o = s.view.players[0].orders[0];
            o.text = "(soy|green) + (garden|red)*2";
            delete o.alternatives;
        }""",
    )
    expect(row.locator(".art.die.slot")).to_have_count(3)
    expect(row.locator(".or")).to_have_count(0)


def test_the_one_way_to_save_dice_is_chosen_already_and_every_die_has_a_name(live, browser):
    """With one die left a newcomer had to tap it before "Save" woke up: no choice,
    yet two taps. And a die to tap is a button named by its die and bean."""
    from companion.engine.dice import Roll

    code = live.open("dice", 2, knowledge="known", seed=2)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    live.service.act(code, Roll(0).to_json(), seat=0)
    expect(anna.locator("button.die-pick")).to_have_count(5)
    expect(anna.locator("#actions button.save")).to_be_disabled()  # five dice: choose
    # (the roll's odds come in a second update: the change below goes on the last)
    states, quiet = anna.evaluate("() => window.__states"), 0
    for _ in range(60):  # 400 ms without an update
        anna.wait_for_timeout(100)
        now = anna.evaluate("() => window.__states")
        quiet = quiet + 1 if now == states else 0
        states = now
        if quiet >= 4:
            break
    name = anna.locator("button.die-pick").first.get_attribute("aria-label")
    assert name and name.startswith("Die 1")
    # Only one save left (as with one die still rolled): it is ready at once.
    resend(
        anna,
        """s => {
            const saves = s.legal.filter((it) => it.action.type === "save");
            const one = saves.find((it) => it.action.dice.length === 1);
            s.legal = s.legal.filter((it) => it.action.type !== "save").concat([one]);
        }""",
    )
    save = anna.locator("#actions button.save")
    expect(save).to_be_enabled()
    expect(save).to_have_text("Save 1 die")
    expect(anna.locator("#actions .save-bar .hint")).to_have_text("Nothing to choose: save it.")
    save.click()
    expect(anna.locator("#log li").first).to_contain_text("saves")


def test_the_standings_the_server_words(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=3)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    expect(anna.locator("#turn")).to_have_text("Your turn")
    resend(
        anna,
        """s => {
            s.view.over = true; s.view.winners = [1];
            s.view.result_text = "Bob wins with 9 coins";
            s.view.standings = [
                {seat: 1, name: "Bob", score: 9, score_text: "9 coins", place: 1},
                {seat: 0, name: "Anna", score: 9, score_text: "9 coins", place: 2},
                {seat: 2, name: "Cleo", score: 1, score_text: "1 coin", place: 3}];
            s.legal = [];
        }""",
    )
    expect(anna.locator("#standings .result")).to_have_text("Bob wins with 9 coins")
    expect(anna.locator("#turn")).to_have_text("Bob wins with 9 coins")
    rows = anna.locator("#standings .standing")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_contain_text("Anna")
    expect(rows.nth(1)).to_have_class(re.compile("me"))
    expect(rows.nth(2)).to_contain_text("1 coin")
    in_view(anna, anna.locator("#standings h2"))


def test_a_double_tap_makes_one_move(live, browser):
    """The second tap of a double tap lands after the first move's answer, on the
    move now drawn where the first was: it makes no second move."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    first = anna.locator("#actions button.move:enabled").first
    expect(first).to_be_visible()
    box = first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    states = anna.evaluate("window.__states")
    anna.mouse.click(x, y)
    for _ in range(400):  # (wait_for_function evaluates a string: the page's CSP forbids it)
        if anna.evaluate("window.__states") > states:
            break
        anna.wait_for_timeout(5)
    # The update is drawn: a move lies under the finger again.
    assert anna.evaluate(
        """([x, y]) => [...document.querySelectorAll('#actions button.move')].some((b) => {
            const r = b.getBoundingClientRect();
            return r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
        })""",
        [x, y],
    )
    anna.mouse.click(x, y)  # the double tap's second tap, a moment later
    anna.wait_for_timeout(800)
    mine = [e for e in live.service.game_log(code) if e.seat == 0]
    assert len(mine) == 1, [e.action for e in mine]
    # A deliberate tap a moment later is a move again.
    anna.locator("#actions button.move:enabled").first.click()
    expect(anna.locator("#log li").first).to_contain_text("Anna")
    anna.wait_for_timeout(300)
    assert len([e for e in live.service.game_log(code) if e.seat == 0]) == 2


def test_a_trade_between_two_phones_waits_for_the_other_phones_yes(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    anna = phone(browser, live, code, 0, "Anna")
    bob = phone(browser, live, code, 1, "Bob")
    dash = dashboard(browser, live, code)
    live.service.start_game(code)
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")
    item = live.legal(code, 0, "trade", when=lambda a: a["partner"] == 1)[0]
    move = anna.locator("#actions button.move", has_text=item["label"])
    if not move.count():
        anna.locator("#actions button.group-open", has_text=item["group"]).first.click()
    move.first.scroll_into_view_if_needed()  # (the dock scrolled down to the move)
    anna.evaluate("document.getElementById('dock').scrollTop = 10000")
    move.first.click()
    expect(anna.locator("#actions .offer")).to_contain_text("Waiting for Bob to say yes")
    expect(anna.locator("#done-note")).to_be_hidden()  # (not made yet: Bob says yes first)
    # ... and the offer is shown from its top (it was cut in half at the dock's edge).
    head = anna.locator("#actions .offer .offer-head")
    anna.wait_for_function(
        "() => { const d = document.getElementById('dock'), h = document.querySelector("
        "'#actions .offer .offer-head'); return h && h.getBoundingClientRect().top"
        " >= d.getBoundingClientRect().top; }",
        timeout=3000,
    )
    expect(head).to_be_visible()
    offer = bob.locator("#actions .offer")
    expect(offer).to_contain_text("Anna proposes:")
    expect(bob.locator("#status")).to_have_class(re.compile("mine"))
    # ... and what it is, as the log will say it (it said nothing of the offer).
    t = live.service.table(code)
    said = views.describe(t.game, t.state, t.offer.action, t.names)
    assert said.startswith("Anna ")
    expect(dash.locator("#step")).to_have_text(f"Waiting for Bob to answer Anna's offer: {said}")
    # Yes is the move to make; no, and Bob's harvests of any moment, are choices.
    yes = offer.locator("button", has_text="Yes, please")
    expect(yes).not_to_have_class(re.compile("optional"))
    expect(offer.locator("button", has_text="No, thanks")).to_have_class(re.compile("optional"))
    n = live.service.table(code).next_n
    bob.locator("#actions button", has_text="Yes, please").click()
    expect(offer).to_have_count(0)
    expect(anna.locator("#actions .offer")).to_have_count(0)
    assert live.service.table(code).next_n == n + 1
    expect(bob.locator("#log li").first).to_contain_text("Anna")
    # Offered again and turned down: Anna is told, nothing changes hands.
    item = live.legal(code, 0, "trade", when=lambda a: a["partner"] == 1)[0]
    live.service.act(code, item["action"], seat=0)
    bob.locator("#actions button", has_text="No, thanks").click()
    expect(anna.locator("#warnings")).to_contain_text("Bob says no to your offer")
    expect(anna.locator("#warnings")).not_to_contain_text("Bob says yes")  # (old news)
    assert live.service.table(code).next_n == n + 1
    # (said to Anna's phone, not to the room: the big screen showed "your offer")
    expect(dash.locator("#step")).not_to_contain_text("answer")
    expect(dash.locator("#warnings")).not_to_contain_text("your offer")


def test_a_gift_offered_between_two_phones_is_answered_yes_please_not_deal(live, browser):
    """Bob's phone answered Anna's gift (a card for nothing) with "Yes, deal", as
    for a trade: the yes says what a person says to a gift and to a trade alike."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    phone(browser, live, code, 0, "Anna")
    bob = phone(browser, live, code, 1, "Bob")
    live.service.start_game(code)
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")
    gifts = live.legal(code, 0, "trade", when=lambda a: a["partner"] == 1 and not a.get("receive"))
    gift = gifts[0]
    live.service.act(code, gift["action"], seat=0)
    offer = bob.locator("#actions .offer")
    expect(offer.locator(".offer-label")).to_contain_text("as a gift")
    expect(offer.locator("button.primary")).to_have_text("Yes, please")
    expect(offer.locator("button", has_text="deal")).to_have_count(0)


def test_a_third_phone_sees_what_an_offer_between_two_others_is(live, browser):
    """Anna offered Bob a trade: Cleo's phone showed nothing of it (the table
    waited, and she could not tell for what). It says who waits for whom, and the
    offer as the log will say it, not in Anna's own words."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    phone(browser, live, code, 0, "Anna")
    phone(browser, live, code, 1, "Bob")
    cleo = phone(browser, live, code, 2, "Cleo")
    live.service.start_game(code)
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")
    item = live.legal(code, 0, "trade", when=lambda a: a["partner"] == 1)[0]
    live.service.act(code, item["action"], seat=0)
    t = live.service.table(code)
    said = views.describe(t.game, t.state, t.offer.action, t.names)
    box = cleo.locator("#actions .offer.others")
    expect(box.locator(".offer-head")).to_have_text("Anna proposes:")
    expect(box.locator(".offer-label")).to_have_text(said)
    # (the step line: it read "Waiting for Bob to trade and donate")
    expect(cleo.locator("#step")).to_have_text("Waiting for Bob to answer Anna's offer")
    expect(box.locator("button")).to_have_count(0)  # (nothing of hers to answer)


def test_two_phones_trade_hand_card_for_hand_card_the_asker_naming_the_bean(live, browser):
    """A newcomer walk: two people could not trade hand card for hand card (neither
    phone may see the other's hand, so the move was not listed). Anna now asks for
    "a card from Bob's hand", taps the bean he says he has, and Bob says yes."""
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    anna = phone(browser, live, code, 0, "Anna")
    bob = phone(browser, live, code, 1, "Bob")
    live.service.start_game(code)
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")
    t = live.service.table(code)
    mine, wanted = t.state.players[0].hand[-1], t.state.players[1].hand[-1]
    label = f"Trade your {C_BEAN[mine]} for a card from Bob's hand"
    anna.locator("#actions button.group-open", has_text="Trade with Bob").first.click()
    move = anna.locator("#actions button.move", has_text=label).first
    move.scroll_into_view_if_needed()
    move.click()
    form = anna.locator("#actions .needs")
    expect(form.locator(".need-label")).to_have_text(label)
    expect(form).to_contain_text("The cards you get: tap the beans.")
    go = form.locator("button.primary")
    expect(go).to_be_disabled()
    form.locator(f".bean-pick[data-bean='{wanted}']").click()
    go.click()
    expect(anna.locator("#actions .offer")).to_contain_text("Waiting for Bob to say yes")
    offer = bob.locator("#actions .offer")
    expect(offer).to_contain_text(f"Trade your {C_BEAN[wanted]} for Anna's {C_BEAN[mine]}")
    n = t.next_n
    bob.locator("#actions button", has_text="Yes, please").click()
    expect(offer).to_have_count(0)
    assert t.next_n == n + 1
    assert t.state.players[0].set_aside[-1] == wanted
    expect(anna.locator("#log li").first).to_contain_text(
        f"Anna trades a {C_BEAN[mine]} for Bob's {C_BEAN[wanted]}"
    )


def test_trades_with_a_seat_the_demo_plays_say_they_are_the_deals_it_agrees_to(live, browser):
    """A newcomer took "Accept Seat 3's Wax Bean as a gift" for a peek at a hidden
    hand, and missed the cards of their own the bot would not take: the list says
    whose deals these are. Trades with a person's phone say nothing of the kind."""
    from companion.sim.worlds import Bots

    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    anna = phone(browser, live, code, 0, "Anna")
    phone(browser, live, code, 1, "Bob")
    live.service.start_game(code)
    live.service.answer_for(code, Bots(live.service, code, 0.0, 2))  # seat 3: a bot
    live.act(code, 0, "plant")
    live.act(code, 0, "draw-face-up")
    hint = anna.locator("#actions p.hint[data-key='bot-deals']")
    # The hand the trades are about stays in view above them (the list covers it).
    hand = live.service.table(code).state.players[0].hand
    pile = anna.locator("#actions .dock-pile[data-key='Your hand']")
    expect(pile.locator(".art")).to_have_count(len(hand))
    for partner, said in ((2, True), (1, False)):
        item = live.legal(code, 0, "trade", when=lambda a, p=partner: a["partner"] == p)[0]
        anna.locator("#actions button.group-open", has_text=item["group"]).first.click()
        expect(anna.locator("#actions .group-name")).to_have_text(item["group"])
        if said:
            expect(hint).to_have_text("A bot plays Seat 3: these are the deals it agrees to.")
        else:
            expect(hint).to_have_count(0)
        anna.locator("#actions button.back").click()


def test_the_join_page_says_who_can_free_a_seat_whose_phone_is_gone(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    live.service.join(code, 0, "Anna")
    live.service.join(code, 1, "Bob")
    live.service.seat_away(code, 1, True)  # Bob's phone is lost
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    page.goto(f"{live.url}/j/{code}")
    expect(page.locator("button.seat[data-seat='1']")).to_contain_text(
        "Bob · phone gone: the host can free the seat"
    )
    expect(page.locator("button.seat[data-seat='0']")).to_have_text(re.compile(r"Seat 1\s*Anna$"))
    # Anna's seat is grey: a line says how one whose phone is gone gets back in (a
    # newcomer's friend saw only the grey seat).
    expect(page.locator("#seats p.hint")).to_contain_text(
        "A grey seat is held by another phone. If that phone is gone"
    )
    live.service.free_seat(code, 1)  # the host frees it: Bob takes it again
    expect(page.locator("button.seat[data-seat='1']")).to_be_enabled()


def test_the_join_page_counts_down_to_the_bot_that_takes_a_demo_seat_whose_phone_is_gone(
    live, browser
):
    """A newcomer waited half a minute for a seat whose phone had just gone, with no
    word of how long: at the demo the join page now counts down to the bot that takes
    it, and then offers it."""
    import time

    from companion.sim.clock import FakeClock
    from companion.sim.worlds import Bots

    code = live.open("bohnanza", 3, knowledge="known", seed=5)
    live.service.join(code, 0, "Anna")
    live.service.join(code, 1, "Bob")
    live.service.answer_for(code, Bots(live.service, code, 0.0, 5, clock=FakeClock(0.0)))
    live.service.seat_away(code, 1, True)  # Bob's phone is lost
    t = live.service.table(code)
    t.away[1] = time.time() - 10  # ten seconds ago
    live.service.notice(code, "test", "a change the pages hear")
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    page.goto(f"{live.url}/j/{code}")
    seat = page.locator("button.seat[data-seat='1']")
    expect(seat).to_contain_text(
        re.compile(
            r"Bob's phone is gone · a bot takes the seat in (19|20) s: then tap to take over"
        )
    )
    expect(seat).to_be_disabled()
    expect(seat).to_contain_text(re.compile(r"in (17|18) s"))  # it counts down
    t.away[1] = time.time() - 100  # the bot plays it now
    live.service.notice(code, "test", "another change")
    expect(seat).to_contain_text("Bob's phone is gone · a bot plays: tap to take over")
    expect(seat).to_be_enabled()


def test_a_harvest_forced_on_another_players_turn_is_your_move(live, browser):
    """The demo once stood still for minutes: the table waited for a person who had
    to harvest a field to plant a gift on the other's turn, and the phone said only
    "Seat 1's turn" (a harvest is a move of any moment). Now the phone says it is
    the person's move and buzzes, the harvest is the filled button, and the big
    screen names whom the table waits for."""
    from companion.engine.duel.state import LADDER

    from ..engine.duel_helpers import duel

    code = live.open("duel", 2, knowledge="known", seed=3)
    sue = phone(browser, live, code, 1, "Susanne")
    dash = dashboard(browser, live, code)
    live.service.start_game(code)
    top, low = LADDER[-1], LADDER[0]  # nothing climbs down the ladder
    t = live.service.table(code)
    with t.lock:
        t.state = duel(
            fields=[[[top]] * 3, [[top], [top], [top]]], gift=[[], [low]], step="plant-gift"
        )
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    expect(sue.locator("#turn")).to_have_text("Seat 1's turn: your move")
    expect(sue.locator("#status")).to_have_class(re.compile("mine"))
    harvest = sue.locator("#actions button.move[data-type='harvest']").first
    expect(harvest).not_to_have_class(re.compile("optional"))
    expect(dash.locator("#step")).to_have_text("Waiting for Susanne to plant the gift")
    expect(dash.locator("#step")).to_have_class(re.compile("waits"))
    assert sue.evaluate("window.__turnAlerts || 0") >= 1


def test_a_seat_a_bot_plays_while_its_phone_is_gone_is_waited_for_as_the_bots(live, browser):
    """A newcomer's phone said "Waiting for Ben to plant ..." while Ben's phone was
    gone and a bot played his seat: the big screen and the phones now say so."""
    import time

    from companion.engine.duel.state import LADDER
    from companion.sim.worlds import Bots

    from ..engine.duel_helpers import duel

    code = live.open("duel", 2, knowledge="known", seed=3)
    uwe = phone(browser, live, code, 0, "Uwe")
    live.service.join(code, 1, "Susanne")
    dash = dashboard(browser, live, code)
    live.service.answer_for(code, Bots(live.service, code, 0.0, 2))
    live.service.start_game(code)
    t = live.service.table(code)
    live.service.seat_away(code, 1, True)
    with t.lock:
        t.away[1] = time.time() - 100  # gone long enough: the bot plays it
        t.state = duel(gift=[[], [LADDER[0]]], step="plant-gift")
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    expect(dash.locator("#step")).to_have_text("Waiting for Susanne (bot) to plant the gift")
    expect(uwe.locator("#step")).to_have_text("Waiting for Susanne (bot) to plant the gift")
    expect(uwe.locator("#turn")).to_have_text("Your turn: Susanne (bot) to move")


def test_on_its_own_turn_a_phone_says_whose_move_the_table_waits_for(live, browser):
    """A newcomer read "Your turn" above "Waiting for Seat 2 to plant the gift" as a
    contradiction: it is the giver's turn, and the move is the other's. The giver's
    phone now says both, and does not light up as its move."""
    from companion.engine.duel.state import LADDER

    from ..engine.duel_helpers import duel

    code = live.open("duel", 2, knowledge="known", seed=3)
    uwe = phone(browser, live, code, 0, "Uwe")
    phone(browser, live, code, 1, "Susanne")
    live.service.start_game(code)
    t = live.service.table(code)
    with t.lock:
        t.state = duel(gift=[[], [LADDER[0]]], step="plant-gift")
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    expect(uwe.locator("#turn")).to_have_text("Your turn: Susanne to move")
    expect(uwe.locator("#step")).to_have_text("Waiting for Susanne to plant the gift")
    expect(uwe.locator("#status")).not_to_have_class(re.compile("mine"))
    with t.lock:
        t.state = duel(step="plant")  # (its own move again)
    live.service.notice(code, "test", "the gift was planted")
    expect(uwe.locator("#turn")).to_have_text("Your turn")
    expect(uwe.locator("#status")).to_have_class(re.compile("mine"))


def test_a_harvest_of_any_moment_is_not_the_move_to_make(live, browser):
    code = live.open("bohnanza", 3, knowledge="known", seed=5, protection=LONE_CARD_SOLD)
    anna = phone(browser, live, code, 0, "Anna")
    live.service.start_game(code)
    live.act(code, 0, "plant")
    expect(anna.locator("#actions button.move[data-type='harvest']").first).to_have_class(
        re.compile("optional")
    )
    expect(anna.locator("#actions button.move[data-type='plant']").first).not_to_have_class(
        re.compile("optional")
    )


def test_a_notice_of_something_to_come_counts_down_on_the_phones_and_the_big_screen(live, browser):
    from companion.engine import words as w

    code = live.open("dice", 2, knowledge="known", seed=1)
    anna = phone(browser, live, code, 0, "Anna", locale="de-DE")
    dash = dashboard(browser, live, code)
    live.service.start_game(code)
    live.service.notice(
        code,
        "demo",
        w.both(
            "The demo deals a new game in {left}", "Die Demo teilt in {left} ein neues Spiel aus"
        ),
        left=90,
    )
    said = anna.locator("#warnings .countdown")
    german = re.compile(r"Die Demo teilt in 1:[23]\d min ein neues Spiel aus")
    expect(anna.locator("#warnings")).to_contain_text(german)
    first = said.text_content()
    expect(said).not_to_have_text(first, timeout=3000)  # ... and goes on counting
    expect(dash.locator("#warnings")).to_contain_text(
        re.compile(r"The demo deals a new game in 1:[23]\d min")
    )
    assert "{left}" not in anna.locator("#warnings").text_content()
    # Due, and not yet done: "in a moment", not "in 0 s" (which stood for seconds
    # on a newcomer's phone while a bot's hand went on).
    live.service.notice(
        code,
        "demo",
        w.both(
            "The demo deals a new game in {left}", "Die Demo teilt in {left} ein neues Spiel aus"
        ),
        left=1,
    )
    expect(anna.locator("#warnings")).to_contain_text("Die Demo teilt in Kürze ein neues Spiel aus")
    expect(dash.locator("#warnings")).to_contain_text("The demo deals a new game in a moment")
    assert " 0 s" not in anna.locator("#warnings").text_content()


@pytest.mark.parametrize("game", ["bohnanza", "duel", "dice"])
def test_the_join_page_says_how_far_a_game_under_way_has_got(live, browser, game):
    code = live.open(game, 2, knowledge="known", seed=4)
    page = browser.new_page(viewport=PHONE, locale="en-US")
    page.goto(f"{live.url}/j/{code}")
    expect(page.locator("#seats button.seat")).to_have_count(2)
    expect(page.locator("#under-way")).to_be_hidden()  # (no game yet: nothing to say)
    live.service.start_game(code)
    under_way = page.locator("#under-way")
    expect(under_way).to_contain_text("A game is under way: Seat 1's turn — ")
    step = live.service.table(code)
    expect(under_way).to_contain_text(step.game.view(step.state, ["", ""])["step_text"])
    if game != "dice":  # the card games' deck: how much is left of it
        expect(under_way.locator(".deck")).to_contain_text(re.compile(r"\d+ cards"))
    not_wider(page)


def test_the_join_page_names_whom_a_game_under_way_waits_for(live, browser):
    """A newcomer walk: the join page said "Seat 2's turn — accept the gift, or turn
    it down" when the gift was Dora's to take: it now names whom the table waits for."""
    from companion.engine.duel.state import LADDER

    from ..engine.duel_helpers import duel

    code = live.open("duel", 2, knowledge="known", seed=3)
    live.service.join(code, 1, "Dora")
    page = browser.new_page(viewport=PHONE, locale="en-US")
    page.goto(f"{live.url}/j/{code}")
    live.service.start_game(code)
    t = live.service.table(code)
    with t.lock:
        t.state = duel(gift=[[], [LADDER[0]]], step="plant-gift")
    live.service.notice(code, "test", "the state was laid out")  # (an update)
    expect(page.locator("#under-way")).to_contain_text(
        "A game is under way: Seat 1's turn — waiting for Dora to plant the gift."
    )
    not_wider(page)


def test_five_saved_dice_lie_in_one_row_of_the_phones_bean_field(live, browser):
    """The fifth die saved wrapped under the field's name, in a row of its own."""
    from companion.engine.dice import Roll, Save

    anna, t = _anna_at_a_dice_table(live, browser)
    with t.lock:
        s = replace(t.state, active=0)
        s = GAMES["dice"].apply(s, Roll(0, tuple(d.faces[0] for d in s.dice.dice)))
        t.state = GAMES["dice"].apply(s, Save(0, (0, 1, 2, 3, 4)))
    live.service.notice(t.code, "test", "the dice were laid out")  # (an update)
    dice = anna.locator("#center .bean-field .art.die")
    expect(dice).to_have_count(5)
    tops = {round(dice.nth(i).bounding_box()["y"]) for i in range(5)}
    assert len(tops) == 1, tops
    not_wider(anna)
