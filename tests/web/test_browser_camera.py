"""The phone answers the camera, in a real browser: the camera isn't sure of a
card just planted, the player taps "That's right"; the camera saw a card that
can't be (a misread), the player puts the field right by hand; the game follows
both, on every phone."""

import re
import socket
import threading

import numpy as np
import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from companion.engine.beans import bean_name
from companion.store import Store
from companion.tables import TableService
from companion.tracker.fields import SeenField
from companion.tracker.live import CardsSeen, LiveFields
from companion.web import create_app


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Camera:
    """A camera whose settled pictures read as the look the test sets."""

    def __init__(self, live: LiveFields) -> None:
        self.live = live
        self.noise = np.random.default_rng(0)

    def sees(self, look: CardsSeen) -> None:
        self.live.read = lambda _image: look
        self.live.frame(self.noise.integers(0, 255, (48, 64, 3), dtype=np.uint8))  # a hand
        still = np.full((48, 64, 3), 128, np.uint8)
        self.live.frame(still)
        assert self.live.frame(still) is not None  # settled: read


def look(state, change, sure=1.0):
    return CardsSeen(
        tuple(
            tuple(
                SeenField(
                    tuple(change.get((s, f), col)), sure, (sure,) * len(change.get((s, f), col))
                )
                for f, col in enumerate(p.fields)
            )
            for s, p in enumerate(state.players)
        )
    )


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "camera.db")
    service = TableService(store)
    port = free_port()
    app = create_app(service, host_key="k", public_url=f"http://127.0.0.1:{port}")
    server = make_server("127.0.0.1", port, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield service, f"http://127.0.0.1:{port}"
    server.shutdown()
    store.close()


def test_the_phone_confirms_an_unsure_card_and_puts_a_misread_field_right(browser, table):
    service, url = table
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 1})
    live = LiveFields(service, code, read=lambda _image: None)
    service.attach_tracker(code, live)
    camera = Camera(live)
    phones = []
    for seat, name in enumerate(["Anna", "Bob"]):
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(f"{url}/j/{code}")
        page.fill("#name", name)
        page.click(f"button.seat[data-seat='{seat}']")
        page.wait_for_url(re.compile(f"/p/{code}$"))
        phones.append(page)
    anna, bob = phones
    service.start_game(code)
    state = service.table(code).state
    first, second = state.players[0].hand[:2]
    # The camera reads Anna's first card, but not surely: her phone asks.
    camera.sees(look(state, {(0, 0): [first]}, sure=0.1))
    expect(anna.locator("#warnings")).to_contain_text("isn't sure")
    expect(bob.locator("button.confirm")).to_have_count(0)  # not Bob's card
    anna.click("button.confirm")
    expect(anna.locator(f"#mine .field[data-field='0'] .bcard.bean-{first}")).to_be_visible()
    expect(bob.locator(f"#others .player[data-seat='0'] .bcard.bean-{first}")).to_be_visible()
    # Her second card misread as one that can't be: a notice, nothing changes...
    state = service.table(code).state
    wrong = next(b for b in ("wax", "cocoa", "coffee") if b not in (first, second))
    target = 0 if second == first else 1
    column = list(state.players[0].fields[target]) + [wrong]
    camera.sees(look(state, {(0, target): column}))
    expect(anna.locator("#warnings .warning.illegal")).to_be_visible()
    assert service.table(code).state == state
    # ...until Anna says what lies in that field.
    anna.select_option("select.fix-field", str(target))
    anna.fill("input.fix-cards", " ".join(list(state.players[0].fields[target]) + [second]))
    anna.click("button.fix")
    expect(bob.locator("#log")).to_contain_text(f"plants {bean_name(second)}")
    expect(anna.locator("#error")).to_have_text("")
    after = service.table(code).state
    assert after.players[0].fields[target][-1] == second and after.planted == 2


def test_the_phone_puts_a_misread_die_right(browser, table):
    """The dice game: the camera isn't sure of a die just rolled; the player names
    what it shows and the game takes the roll as the player says."""
    from companion.engine.sightings import Seen, SeenDie
    from companion.tracker.live import LiveDice

    service, url = table
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 2})
    dice = None
    looks = []
    live = LiveDice(service, code, read=lambda _image: looks[-1])
    service.attach_tracker(code, live)

    def sees(look):
        looks.append(look)
        live.frame(np.random.default_rng(len(looks)).integers(0, 255, (48, 64, 3), np.uint8))
        still = np.full((48, 64, 3), 128, np.uint8)
        live.frame(still)
        live.frame(still)

    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{url}/j/{code}")
    page.fill("#name", "Björn")
    page.click("button.seat[data-seat='0']")
    page.wait_for_url(re.compile(f"/p/{code}$"))
    service.start_game(code)
    dice = service.table(code).state.dice.dice
    # The dice lie there; then Björn throws: the first one read unsurely (and wrong).
    sees(
        Seen(
            tuple(SeenDie(d.faces[0], 60 + 90 * i, 80, 1.0, d.kind) for i, d in enumerate(dice)),
            (),
            50.0,
        )
    )
    thrown = [d.faces[2] for d in dice]
    misread = [dice[0].faces[0]] + thrown[1:]  # die 1 really shows thrown[0]
    assert misread[0] != thrown[0]
    sees(
        Seen(
            tuple(
                SeenDie(f, 70 + 90 * i, 300, 0.5 if i == 0 else 0.99, d.kind)
                for i, (f, d) in enumerate(zip(misread, dice, strict=True))
            ),
            (),
            50.0,
        )
    )
    expect(page.locator("#warnings")).to_contain_text("isn't sure")
    expect(page.locator("select.fix-die")).to_have_count(5)
    page.locator("select.fix-die").first.select_option(thrown[0])
    page.click("button.fix")
    expect(page.locator("#log")).to_contain_text("rolls")
    state = service.table(code).state
    assert sorted(state.faces) == sorted(thrown) and state.rolls == 1
