"""The panel against gpiozero's MockFactory, with a fake clock: debounce, long
press, LEDs, and whole turns of each game driven from the buttons."""

from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.engine import bohnanza as B
from companion.engine import dice as W
from companion.engine import duel as D
from companion.panel import DebouncedButton, Panel, lights, load_pins
from companion.panel.panel import SAID_FOR
from companion.sim.clock import FakeClock


@pytest.fixture
def factory():
    f = MockFactory(pin_class=MockPWMPin)
    yield f
    f.close()


@pytest.fixture
def make_panel(factory):
    """Panels are closed (their blink threads stopped) before the pins go."""
    made = []

    def make(service, factory, game="bohnanza", players=4, **options):
        code = service.open_table(game, players, {"knowledge": "known", "seed": 5, **options})
        clock = FakeClock()
        panel = Panel(service, code, factory=factory, clock=clock)
        made.append(panel)
        return panel, code, clock

    yield make
    for panel in made:
        panel.close()


# ------------------------------------------------------------------ the button itself


def test_a_bouncing_contact_is_one_press(factory):
    clock = FakeClock()
    presses = []
    b = DebouncedButton(
        4, on_press=lambda: presses.append(clock()), clock=clock, pin_factory=factory
    )
    pin = factory.pin(4)
    for level in (0, 1, 0, 1, 0):  # the contact chatters for 4 ms, then stays closed
        (pin.drive_low if level == 0 else pin.drive_high)()
        b.poll()
        clock.advance(0.001)
    for _ in range(10):
        clock.advance(0.005)
        b.poll()
    assert b.pressed and presses == []  # a press counts when the button is let go
    for level in (1, 0, 1):
        (pin.drive_high if level else pin.drive_low)()
        b.poll()
        clock.advance(0.001)
    for _ in range(10):
        clock.advance(0.005)
        b.poll()
    assert not b.pressed and len(presses) == 1


def test_a_glitch_shorter_than_the_debounce_is_ignored(factory):
    clock = FakeClock()
    presses = []
    b = DebouncedButton(4, on_press=lambda: presses.append(1), clock=clock, pin_factory=factory)
    factory.pin(4).drive_low()
    b.poll()
    clock.advance(0.01)
    factory.pin(4).drive_high()
    b.poll()
    for _ in range(20):
        clock.advance(0.005)
        b.poll()
    assert presses == [] and not b.pressed


def test_a_long_press_is_a_hold_not_a_press(factory):
    clock = FakeClock()
    events = []
    b = DebouncedButton(
        11,
        on_press=lambda: events.append("press"),
        on_hold=lambda: events.append("hold"),
        hold=2.0,
        clock=clock,
        pin_factory=factory,
    )
    factory.pin(11).drive_low()
    for _ in range(30):
        clock.advance(0.05)
        b.poll()
    assert events == []  # 1.5 s: not yet
    for _ in range(14):
        clock.advance(0.05)
        b.poll()
    assert events == ["hold"]  # 2 s after the (debounced) press, while still held
    factory.pin(11).drive_high()
    for _ in range(10):
        clock.advance(0.05)
        b.poll()
    assert events == ["hold"]


def test_the_default_pin_map_has_seven_seats_and_no_pin_twice():
    pins = load_pins()
    assert len(pins.seat_buttons) == 7 and len(pins.seat_leds) == 7
    used = pins.pins(7)
    assert len(used) == len(set(used)) == 21
    assert not set(used) & {2, 3, 14, 15}  # I2C and UART stay free


def test_a_pin_map_with_a_pin_twice_is_refused(tmp_path):
    path = tmp_path / "pins.toml"
    path.write_text(
        "seat_buttons = [4, 17, 27, 22, 5, 6, 26]\nseat_leds = [23, 24, 25, 16, 20, 21, 4]\n"
        "next_button = 10\nreshuffle_button = 9\nundo_button = 11\nstatus_led = [12, 13, 19]\n"
    )
    with pytest.raises(ValueError, match="twice"):
        load_pins(path)


# ------------------------------------------------------------------ lights


def test_lights_before_the_start_and_the_active_seat(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory)
    assert panel.last == {"seats": ["off"] * 4, "status": "amber", "pulse": False}
    service.start_game(code)
    assert panel.last["seats"] == ["blink", "off", "off", "off"]  # seat 1 must plant
    assert panel.last["status"] == "green"
    assert panel.seat_leds[0]._blink_thread is not None
    assert not panel.seat_leds[1].is_lit and not panel.seat_leds[5].is_lit
    assert panel.status.color.rgb == (0, 1, 0)


def test_an_illegal_move_seen_turns_the_status_red_and_beeps(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory)
    service.start_game(code)
    service.notice(code, "illegal", "a second variety in seat 2's field 1")
    assert panel.last["status"] == "red"
    assert panel.status.color.rgb == (1, 0, 0)
    assert panel.buzzer._blink_thread is not None  # beeping
    service.notice(code, "uncertain", "is that a Soy Bean?")
    assert panel.last["status"] == "red"  # red outranks amber


def test_the_end_of_the_game_pulses(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory, players=3)
    service.start_game(code)
    t = service.table(code)
    t.state = B.State.from_json({**t.state.to_json(), "ending": True})
    service.notice(code, "waiting", "")
    assert panel.last["pulse"] is True


def test_lights_is_pure_and_reads_the_snapshot(service):
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 1})
    service.start_game(code)
    snap = service.snapshot(code)
    assert lights(snap) == lights(snap)
    assert lights(snap)["seats"] == ["blink", "off"]


# ------------------------------------------------------------------ whole turns


def test_a_bohnanza_turn_from_the_buttons(service, factory, make_panel):
    panel, code, clock = make_panel(service, factory)
    panel.press("next")  # the first press deals
    t = service.table(code)
    assert t.state is not None and t.state.active == 0
    # Planting is a phone's (or the camera's) job; then the seat button ends steps.
    service.act(code, B.Plant(0, 0).to_json())
    assert panel.last["seats"][0] == "on"  # planted: no longer blinking
    panel.press("seat1")  # draw face up
    assert t.state.step == "trade"
    panel.press("seat1")  # end trading: the face-up cards are set aside
    assert t.state.step == "plant-traded"
    assert panel.last["seats"][0] == "blink"  # cards to plant
    while t.state.players[0].set_aside:
        plant = next(
            a
            for a in B.legal_actions(t.state)
            if isinstance(a, B.PlantTraded | B.Harvest) and a.player == 0
        )
        service.act(code, plant.to_json())
    panel.press("next")  # the next-step button is the active player's button
    assert t.state.active == 1 and t.state.turn == 2
    assert panel.last["seats"][:2] == ["off", "blink"]
    panel.press("seat3")  # not seat 3's turn: nothing happens, the panel says so
    assert t.state.active == 1 and "nothing to end" in panel.messages[-1]
    panel.press("undo")  # a tap is not enough
    assert t.state.active == 1 and "hold" in panel.messages[-1]
    panel.press("undo", hold=True)  # held 2 s: the last action is taken back
    assert t.state.active == 0 and t.state.step == "plant-traded"
    panel.press("seat6")
    assert "no seat 6" in panel.messages[-1]


def test_a_buttons_answer_stays_on_the_screens_though_the_game_moves_on(
    service, factory, make_panel
):
    """A newcomer pressed "seat 2" on the demo's big screen: the panel said "nothing
    to end now", and a bot's move a second later took it away unseen."""
    panel, code, _ = make_panel(service, factory)
    panel.press("next")
    t = service.table(code)
    panel.press("seat3")  # not seat 3's move: the panel says so
    said = [n.words["en"] for n in t.notices]
    assert "Seat 3: nothing to end now" in said
    service.act(code, B.Plant(0, 0).to_json())  # the game moves on
    assert "Seat 3: nothing to end now" in [n.words["en"] for n in t.notices]
    t.notices = [replace(n, at=n.at - SAID_FOR) for n in t.notices]  # its time is up
    service.act(code, B.DrawFaceUp(0).to_json())
    assert "Seat 3: nothing to end now" not in [n.words["en"] for n in t.notices]


def test_a_duel_turn_from_the_buttons(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory, game="duel", players=2)
    panel.press("next")
    t = service.table(code)
    service.act(code, D.Plant(0, 0).to_json())
    panel.press("seat1")  # turn three over
    assert t.state.step == "gift"
    service.act(code, D.OfferGift(0, "garden").to_json())
    assert panel.last["seats"][1] == "blink"  # Susanne must answer
    panel.press("seat2")  # accept
    assert t.state.step == "give"


def test_a_dice_turn_from_the_buttons(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory, game="dice", players=3)
    panel.press("next")
    t = service.table(code)
    service.act(code, W.Roll(0).to_json())
    service.act(code, W.Save(0, (0, 1, 2, 3, 4)).to_json())
    assert t.state.step == "turn-end"
    panel.press("seat1")  # pass the bean piece
    assert t.state.active == 1


def test_the_reshuffle_button_checks_the_count(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory)
    panel.press("next")
    assert panel.reshuffle_pressed() == "mismatch"  # a full deck: no reshuffle is due
    assert "cards still in the draw deck" in panel.messages[-1]
    assert panel.last["status"] == "amber"
    t = service.table(code)
    # The deck ran out two cards ago and was rebuilt: the players' press agrees.
    t.state = replace(t.state, exhaustions=1, cycle_drawn=2)
    assert panel.reshuffle_pressed() == "confirmed"


def test_the_virtual_panel_on_the_dashboard(service, factory, make_panel):
    panel, code, _ = make_panel(service, factory)
    described = panel.describe()
    assert [b["name"] for b in described["buttons"]][-3:] == ["next", "reshuffle", "undo"]
    assert described["leds"][-1]["name"] == "status"
    with pytest.raises(Exception, match="no button"):
        panel.press("launch")


def test_the_hardware_documents_match_the_pin_map():
    from pathlib import Path

    from companion.panel.wiring import camera_table, wiring_svg, wiring_table

    hardware = Path(__file__).resolve().parents[2] / "hardware"
    pins = load_pins()
    assert (hardware / "wiring.svg").read_text() == wiring_svg(pins)
    readme = (hardware / "README.md").read_text()
    assert wiring_table(pins) in readme
    assert camera_table() in readme


def test_camera_height_for_a_known_case():
    from companion.panel.wiring import camera_height

    # 100 cm wide at 90° horizontal: 50 cm up; the depth is not the limit.
    assert camera_height(100, 10, 90, 90) == pytest.approx(50)


def test_the_lights_follow_changes_from_many_threads_at_once(service, factory, make_panel):
    """The table changes from several threads (a phone's move, the camera, the
    demo's players): each runs the panel's refresh. Two at once restarted a seat's
    blink while the other was starting it, and gpiozero raised "cannot join thread
    before it is started" into a phone's move (made, but the phones not told)."""
    import threading

    panel, code, _ = make_panel(service, factory)
    service.start_game(code)
    t = service.table(code)
    errors = []

    def flip():
        try:
            for _ in range(40):
                panel._modes = [None] * len(panel._modes)  # every light set again
                panel.refresh()
        except Exception as err:  # noqa: BLE001  (what a listener raised)
            errors.append(err)

    threads = [threading.Thread(target=flip) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert t.state is not None


def test_a_listener_that_fails_loses_no_move_and_keeps_no_phone_uninformed(service, caplog):
    """A move is made once it is on disk: a listener's slip afterwards (the panel's
    lights, as above) is logged; the move is answered as made, and the listeners
    after it (the phones' broadcast) still hear of it."""

    def broken(code):
        raise RuntimeError("cannot join thread before it is started")

    heard = []
    service.subscribe(broken)
    service.subscribe(heard.append)
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    t = service.table(code)
    action = t.game.legal_actions(t.state)[0]
    assert service.act(code, action.to_json(), seat=t.state.active)["n"] == 0
    assert t.next_n == 1 and heard[-1] == code
    assert "a listener failed" in caplog.text
