"""The real thing in a real browser: Playwright drives Debian's Chromium against the
service. Three phones join through the QR code's URL, play turns of each game, a
phone reloads and rejoins, and a refused move shows the engine's message."""

import re
import time

import pytest
from playwright.sync_api import expect

from .servers import HOST_KEY, Server, connect


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("browser"))
    s.config.write_text(
        f'[server]\nhost_key = "{HOST_KEY}"\npublic_url = "http://127.0.0.1:{s.port}"\n'
    )
    s.start()
    yield s
    s.kill()


def open_table(server, game, players, **options):
    host = connect(server.url, host=HOST_KEY)
    code = host.call(
        "host:open", {"game": game, "players": players, "options": options}, timeout=5
    )["code"]
    return host, code


def phones_join(browser, server, code, names):
    """Each phone reads the join URL off the dashboard's QR panel and joins a seat."""
    dash = browser.new_page()
    dash.goto(f"{server.url}/table/{code}")
    join_url = dash.locator(".url").inner_text().strip()
    assert join_url == f"{server.url}/j/{code}"
    pages = []
    for seat, name in enumerate(names):
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(join_url)
        page.fill("#name", name)
        page.click(f"button.seat[data-seat='{seat}']")
        page.wait_for_url(re.compile(f"/p/{code}$"))
        expect(page.locator("#whoami")).to_contain_text(name)
        pages.append(page)
    return dash, pages


def log_size(page) -> int:
    return page.locator("#log li").count()


def move_once(page) -> bool:
    """Make one move on this phone if it has one: a move button (opening its group
    first when the moves are grouped), or dice tapped and saved."""
    moves = page.locator("#actions button.move:enabled")
    groups = page.locator("#actions button.group-open")
    dice = page.locator("button.die-pick")
    if moves.count():
        moves.first.click()
        asking = page.locator("#actions button.move.asking")
        if asking.count():  # a field harvested for nothing: asked, and tapped again
            asking.first.click()
    elif groups.count():
        groups.first.click()
        page.locator("#actions button.move:enabled").first.click()
    elif dice.count():
        dice.first.click()
        page.locator("#actions button.save").click()
    else:
        return False
    confirm = page.locator(".needs button.primary")
    if confirm.count():
        confirm.click()
    return True


def advance(pages, moves: int) -> int:
    """Play `moves` moves, each by the phone that has one, choosing its first move."""
    made = 0
    for _ in range(moves):
        if not _one_move(pages):
            break
        made += 1
    return made


def _one_move(pages) -> bool:
    """One move by whichever phone has one; a phone still redrawing after the last
    update may show none for a moment, so look again for a few seconds."""
    deadline = time.time() + 5
    while time.time() < deadline:
        for page in pages:
            before = [p.locator("#log").inner_text() for p in pages]
            if not move_once(page):
                continue
            # Every phone, not just this one, shows the move before the next is
            # looked for: a phone still showing the last state may offer dice that
            # are gone a moment later (a tap on them would wait for nothing).
            until = time.time() + 5
            while time.time() < until and any(
                p.locator("#log").inner_text() == b for p, b in zip(pages, before, strict=True)
            ):
                time.sleep(0.05)
            assert page.locator("#error").inner_text() == "", page.locator("#error").inner_text()
            return True
        time.sleep(0.1)
    return False


def field_card(page, where: str, seat_field: str, bean: str):
    """A bean card lying in a field: `where` is "#mine" or a player's box."""
    return page.locator(f"{where} .field[data-field='{seat_field}'] .bcard.bean-{bean}")


def test_bohnanza_phones_a_refused_move_and_a_reload(server, browser):
    # A real table (hidden hands) playing the newer edition's protection wording, in
    # which a lone card beside an empty field may be sold (for nothing).
    host, code = open_table(server, "bohnanza", 3, protection="other-field")
    dash, (anna, bob, cleo) = phones_join(browser, server, code, ["Anna", "Bob", "Cleo"])
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    expect(anna.locator("#turn")).to_contain_text("Your turn")
    expect(bob.locator("#turn")).to_contain_text("Anna's turn")
    # Anna plants her first card: the phone asks which bean it is (tapped, not typed).
    anna.locator("#actions button.move", has_text="field 1").first.click()
    anna.click(".needs button.bean-pick[data-bean='soy']")
    anna.click(".needs button.primary")
    expect(field_card(anna, "#mine", "0", "soy")).to_be_visible()
    expect(anna.locator("#mine .field[data-field='0'] .count")).to_have_text("×1")
    # One Soy Bean earns nothing: a tap on its harvest only asks (a second tap would
    # sell it: see move_once), and nothing is sold.
    harvest = anna.locator("#actions button.move[data-type='harvest']", has_text="field 1")
    harvest.click()
    expect(harvest).to_contain_text("earns nothing")
    expect(field_card(anna, "#mine", "0", "soy")).to_be_visible()
    anna_on_bob = "#others .player[data-seat='0']"
    expect(field_card(bob, anna_on_bob, "0", "soy")).to_be_visible()  # live on every phone
    # A second card said to be a Blue Bean can't go on the Soy Beans: refused, with words.
    anna.locator("#actions button.move", has_text="field 1").first.click()
    anna.click(".needs button.bean-pick[data-bean='blue']")
    anna.click(".needs button.primary")
    expect(anna.locator("#error")).to_contain_text("can't go there")
    expect(anna.locator("#mine .bcard.bean-blue")).to_have_count(0)
    # The phone sleeps / reloads: it rejoins its seat with its token.
    anna.reload()
    expect(anna.locator("#whoami")).to_contain_text("Anna · seat 1")
    expect(field_card(anna, "#mine", "0", "soy")).to_be_visible()
    # Turn the two cards face up and go on trading, all from the phone.
    anna.locator("#actions button.move", has_text="face up").click()
    anna.click(".needs [data-need='beans'] button.bean-pick[data-bean='red']")
    anna.click(".needs [data-need='beans'] button.bean-pick[data-bean='wax']")
    anna.click(".needs button.primary")
    expect(dash.locator("#center .pile .bcard.bean-red")).to_be_visible()
    expect(dash.locator("#center .pile .bcard.bean-wax")).to_be_visible()
    host.disconnect()


def test_the_duel_on_two_phones(server, browser):
    host, code = open_table(server, "duel", 2, knowledge="known", seed=4)
    _, pages = phones_join(browser, server, code, ["Uwe", "Susanne"])
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    expect(pages[0].locator("#turn")).to_contain_text("Your turn")
    expect(pages[1].locator("#turn")).to_contain_text("Uwe's turn")
    # In Uwe's turn Susanne has moves the table waits for (the gift to plant,
    # bo(h)nus cards to draw): her phone says so as plainly as a turn of her own.
    said = set()
    for _ in range(25):
        assert advance(pages, 1) == 1
        said.add(pages[1].locator("#turn").inner_text())
    assert "Uwe's turn: your move" in said
    assert log_size(pages[1]) >= 10
    host.disconnect()


def test_the_dice_game_on_three_phones(server, browser):
    host, code = open_table(server, "dice", 3, knowledge="known", seed=2)
    _, pages = phones_join(browser, server, code, ["Matthias", "Martina", "Björn"])
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    expect(pages[0].locator("#center .die")).to_have_count(5)
    # Each die says what it is to a screen reader, and so does a die to tap and save.
    dice = pages[0].get_by_role("img", name=re.compile(r"^Die [1-5], (darker|lighter) die: "))
    expect(dice).to_have_count(5)
    # Not rolled yet: said so (they read "unseen card", a card game's words).
    expect(dice.first).to_have_attribute("aria-label", re.compile(r": not rolled yet$"))
    # How to read one's harvest card: said beside it (bottom up; "or" where it has one).
    legend = pages[0].locator("#mine .orders-legend")
    expect(legend).to_contain_text("from the bottom up")
    orders = pages[0].locator("#mine .orders").inner_text()
    assert ("either group" in legend.inner_text()) == (" or " in f" {orders} ".replace("\n", " "))
    # How to read the phone: the game's own legend, folded; opened, it stays open.
    how = pages[0].locator("#mine details.legend")
    expect(how.locator("summary")).to_have_text("How to read this")
    how.locator("summary").click()
    expect(how.locator("li").first).to_contain_text("from the bottom up")
    assert advance(pages, 1) == 1  # the first roll
    roller = next(p for p in pages if p.locator("button.die-pick").count())
    expect(roller.get_by_role("button", name=re.compile(r"^Die 1, .+ die: .+"))).to_have_count(1)
    assert advance(pages, 19) == 19
    expect(pages[2].locator("#board")).to_contain_text("bean piece")
    # (four lines of rules and one of the dice's two kinds, still open)
    expect(pages[0].locator("#mine details.legend[open] li")).to_have_count(5)
    expect(pages[0].locator("#mine details.legend li").last).to_contain_text("2 darker dice")
    expect(pages[0].locator("#mine .orders li").first).to_be_visible()
    host.disconnect()
