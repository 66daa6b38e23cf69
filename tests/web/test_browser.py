"""The real thing in a real browser: Playwright drives Debian's Chromium against the
service. Three phones join through the QR code's URL, play turns of each game, a
phone reloads and rejoins, and a refused move shows the engine's message."""

import re
import time

import pytest
from playwright.sync_api import expect, sync_playwright

from .test_crash import HOST_KEY, Server, connect

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("browser"))
    s.config.write_text(
        f'[server]\nhost_key = "{HOST_KEY}"\npublic_url = "http://127.0.0.1:{s.port}"\n'
    )
    s.start()
    yield s
    s.kill()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


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


def advance(pages, moves: int) -> int:
    """Play `moves` moves, each by the phone that has one, choosing its first move."""
    made = 0
    for _ in range(moves):
        for page in pages:
            buttons = page.locator("#actions button.move")
            if buttons.count() == 0:
                continue
            before = page.locator("#log").inner_text()
            buttons.first.click()
            confirm = page.locator(".needs button.primary")
            if confirm.count():
                confirm.click()
            deadline = time.time() + 5
            while page.locator("#log").inner_text() == before and time.time() < deadline:
                time.sleep(0.05)
            assert page.locator("#error").inner_text() == "", page.locator("#error").inner_text()
            made += 1
            break
        else:
            break
    return made


def test_bohnanza_phones_a_refused_move_and_a_reload(server, browser):
    host, code = open_table(server, "bohnanza", 3)  # a real table: hidden hands
    dash, (anna, bob, cleo) = phones_join(browser, server, code, ["Anna", "Bob", "Cleo"])
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    expect(anna.locator("#turn")).to_contain_text("Anna's turn")
    # Anna plants her first card: the phone asks which bean it is.
    anna.locator("#actions button.move", has_text="field 1").first.click()
    anna.select_option(".needs select", "soy")
    anna.click(".needs button.primary")
    expect(anna.locator("#board")).to_contain_text("1 × Soy Bean")
    expect(bob.locator("#board")).to_contain_text("1 × Soy Bean")  # live on every phone
    # A second card said to be a Blue Bean can't go on the Soy Beans: refused, with words.
    anna.locator("#actions button.move", has_text="field 1").first.click()
    anna.select_option(".needs select", "blue")
    anna.click(".needs button.primary")
    expect(anna.locator("#error")).to_contain_text("can't go there")
    expect(anna.locator("#board")).not_to_contain_text("Blue Bean")
    # The phone sleeps / reloads: it rejoins its seat with its token.
    anna.reload()
    expect(anna.locator("#whoami")).to_contain_text("Anna · seat 1")
    expect(anna.locator("#board")).to_contain_text("1 × Soy Bean")
    # Turn the two cards face up and go on trading, all from the phone.
    anna.locator("#actions button.move", has_text="turns cards face up").click()
    selects = anna.locator(".needs select")
    selects.nth(0).select_option("red")
    selects.nth(1).select_option("wax")
    anna.click(".needs button.primary")
    expect(dash.locator("#board")).to_contain_text("Face up: Red, Wax")
    host.disconnect()


def test_the_duel_on_two_phones(server, browser):
    host, code = open_table(server, "duel", 2, knowledge="known", seed=4)
    _, pages = phones_join(browser, server, code, ["Uwe", "Susanne"])
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    expect(pages[0].locator("#turn")).to_contain_text("Uwe's turn")
    assert advance(pages, 25) == 25
    assert log_size(pages[1]) >= 10
    host.disconnect()


def test_the_dice_game_on_three_phones(server, browser):
    host, code = open_table(server, "dice", 3, knowledge="known", seed=2)
    _, pages = phones_join(browser, server, code, ["Matthias", "Martina", "Björn"])
    assert host.call("host:start", {"code": code}, timeout=5)["ok"]
    expect(pages[0].locator("#board .die")).to_have_count(5)
    assert advance(pages, 20) == 20
    expect(pages[2].locator("#board")).to_contain_text("bean piece")
    expect(pages[0].locator("#board .orders li").first).to_be_visible()
    host.disconnect()
