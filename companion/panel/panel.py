"""The table panel: a button and an LED per seat, next / reshuffle / undo buttons,
a status RGB LED and an optional buzzer. It drives the same actions as the phones,
through the same service path, and mirrors the same state."""

from __future__ import annotations

import threading
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from gpiozero import LED, RGBLED, Buzzer

from ..engine.words import both
from ..errors import CompanionError, Refusal
from ..tables import TableError, TableService
from .devices import DebouncedButton, SystemClock, Timer

HOLD_TO_UNDO = 2.0
SAID_FOR = 8.0  # seconds a button's answer stays on the screens (see Panel._say)
COLORS = {"green": (0, 1, 0), "amber": (1, 0.45, 0), "red": (1, 0, 0), "off": (0, 0, 0)}


@dataclass(frozen=True)
class PinMap:
    seat_buttons: tuple[int, ...]
    seat_leds: tuple[int, ...]
    next_button: int
    reshuffle_button: int
    undo_button: int
    status_led: tuple[int, int, int]
    buzzer: int | None

    def pins(self, seats: int) -> list[int]:
        used = [
            *self.seat_buttons[:seats],
            *self.seat_leds[:seats],
            self.next_button,
            self.reshuffle_button,
            self.undo_button,
            *self.status_led,
        ]
        return used + ([self.buzzer] if self.buzzer is not None else [])


def load_pins(path: str | Path | None = None) -> PinMap:
    """The pin map of a TOML file, or the documented default map."""
    if path:
        text = Path(path).read_text("utf-8")
    else:
        text = resources.files("companion.panel").joinpath("pins.toml").read_text("utf-8")
    d = tomllib.loads(text)
    pins = PinMap(
        seat_buttons=tuple(d["seat_buttons"]),
        seat_leds=tuple(d["seat_leds"]),
        next_button=d["next_button"],
        reshuffle_button=d["reshuffle_button"],
        undo_button=d["undo_button"],
        status_led=tuple(d["status_led"]),
        buzzer=d.get("buzzer"),
    )
    used = pins.pins(len(pins.seat_buttons))
    if len(set(used)) != len(used):
        raise ValueError(f"{path or 'pins.toml'}: a pin is used twice")
    if len(pins.seat_buttons) < 7 or len(pins.seat_leds) < 7:
        raise ValueError(f"{path or 'pins.toml'}: give a button and an LED for 7 seats")
    return pins


def on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="ignore")
    except OSError:
        return False


def pin_factory(mock: bool | None = None):
    """lgpio on a Pi (the Pi 5 included); gpiozero's MockFactory anywhere else."""
    if mock is None:
        mock = not on_a_pi()
    if mock:
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(pin_class=MockPWMPin)
    from gpiozero.pins.lgpio import LGPIOFactory

    return LGPIOFactory()


# ---------------------------------------------------------------- what the lights say


def lights(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The panel's lights for a table snapshot (pure): per seat "off", "on" (the
    active player) or "blink" (must act now), and the status LED's colour and
    whether it pulses (the end of the game is triggered)."""
    seats = snapshot["table"]["players"]
    view = snapshot.get("view")
    notices = snapshot.get("notices", [])
    kinds = {n["kind"] for n in notices}
    if view is None:
        status = "red" if "store" in kinds else "amber"
        return {"seats": ["off"] * seats, "status": status, "pulse": False}
    out = ["off"] * seats
    if view["over"]:
        for s in view["winners"] or []:
            out[s] = "on"
    else:
        out[view["active"]] = "on"
        for s in view.get("waiting_for", []):
            out[s] = "blink"
    if "illegal" in kinds or "store" in kinds:
        status = "red"
    elif "uncertain" in kinds or "waiting" in kinds:
        status = "amber"
    else:
        status = "green"
    ending = view["over"] or any(w["kind"] == "end" for w in view["warnings"])
    return {"seats": out, "status": status, "pulse": ending}


# ---------------------------------------------------------------- the panel


class Panel:
    def __init__(
        self,
        service: TableService,
        code: str | None = None,
        pins: PinMap | None = None,
        *,
        factory=None,
        clock: Timer | None = None,
        buzzer: bool = True,
    ) -> None:
        self.service, self._code = service, code
        self.pins = pins or load_pins()
        self.factory = factory if factory is not None else pin_factory()
        self.clock: Timer = clock if clock is not None else SystemClock()
        seats = len(self.pins.seat_buttons)  # wired for 7; a smaller table leaves some dark
        self.seat_leds = [LED(p, pin_factory=self.factory) for p in self.pins.seat_leds[:seats]]
        self._modes: list[str | None] = [None] * seats
        self._status: tuple | None = None
        self.status = RGBLED(*self.pins.status_led, pin_factory=self.factory)
        self.buzzer = (
            Buzzer(self.pins.buzzer, pin_factory=self.factory)
            if buzzer and self.pins.buzzer is not None
            else None
        )
        self.buttons: dict[str, DebouncedButton] = {}
        for seat, pin in enumerate(self.pins.seat_buttons[:seats]):
            self.buttons[f"seat{seat + 1}"] = self._button(pin, lambda s=seat: self.seat_pressed(s))
        self.buttons["next"] = self._button(self.pins.next_button, self.next_pressed)
        self.buttons["reshuffle"] = self._button(self.pins.reshuffle_button, self.reshuffle_pressed)
        self.buttons["undo"] = self._button(
            self.pins.undo_button, self.undo_tapped, hold=HOLD_TO_UNDO, on_hold=self.undo_held
        )
        self.last: dict[str, Any] = {}
        self.messages: list[str] = []
        self._poll_lock = threading.Lock()
        # The table changes from several threads (a phone, the camera, the demo's
        # players), each refreshing the lights: gpiozero's blink is not safe against
        # itself (a blink stopped while another thread starts it raises).
        self._refresh_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        service.subscribe(self._changed)
        self.refresh()

    def _button(self, pin: int, on_press, hold=None, on_hold=None) -> DebouncedButton:
        return DebouncedButton(
            pin,
            on_press=on_press,
            on_hold=on_hold,
            hold=hold,
            clock=self.clock,
            pin_factory=self.factory,
        )

    # ------------------------------------------------------------ running

    @property
    def code(self) -> str:
        """The table the panel plays: the one it was given, or the newest open one."""
        if self._code is not None:
            return self._code
        tables = self.service.open_tables()
        if not tables:
            raise TableError(Refusal.NO_TABLE, "no table is open")
        return tables[-1].code

    def poll(self) -> None:
        with self._poll_lock:
            for b in self.buttons.values():
                b.poll()

    def start(self, interval: float = 0.005) -> None:
        def loop() -> None:
            while not self._stop.is_set():
                self.poll()
                self._stop.wait(interval)

        self._thread = threading.Thread(target=loop, name="panel", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=1)
        for dev in [*self.seat_leds, self.status, *([self.buzzer] if self.buzzer else [])]:
            dev.close()
        for b in self.buttons.values():
            b.close()

    def alive(self) -> bool:
        return self._thread is None or self._thread.is_alive()

    # ------------------------------------------------------------ mirroring the state

    def _changed(self, code: str) -> None:
        if self._code is None or code == self._code:
            self.refresh()

    def refresh(self) -> None:
        with self._refresh_lock:
            self._refresh()

    def _refresh(self) -> None:
        try:
            snap = self.service.snapshot(self.code)
        except TableError:
            snap = None  # no table (or it was ended): everything dark, status amber
        now: dict[str, Any] = (
            lights(snap) if snap else {"seats": [], "status": "amber", "pulse": False}
        )
        seats = now["seats"] + ["off"] * (len(self.seat_leds) - len(now["seats"]))
        for i, (led, mode) in enumerate(zip(self.seat_leds, seats, strict=True)):
            if self._modes[i] == mode:
                continue  # don't restart a blink that is already going
            self._modes[i] = mode
            if mode == "on":
                led.on()
            elif mode == "off":
                led.off()
            else:
                led.blink(on_time=0.4, off_time=0.4)
        status = (now["status"], now["pulse"])
        if status != self._status:
            color = COLORS[now["status"]]
            if now["pulse"]:
                self.status.pulse(fade_in_time=1, fade_out_time=1, on_color=color)
            else:
                self.status.color = color
            if self.buzzer is not None and self._status is not None:
                newly_red = now["status"] == "red" and self._status[0] != "red"
                newly_ending = now["pulse"] and not self._status[1]
                if newly_red or newly_ending:
                    self.buzzer.beep(on_time=0.15, off_time=0.1, n=2 if newly_red else 1)
            self._status = status
        self.last = now

    # ------------------------------------------------------------ the buttons

    def _do(self, action: dict[str, Any]) -> str:
        try:
            self.service.act(self.code, action, source="panel")
        except CompanionError as err:
            self._say(err.message, err.de)
            return err.message
        return "ok"

    def _say(self, text: str, de: str | None = None) -> None:
        """A message on every screen (`de`: on a German phone), for SAID_FOR seconds
        though the game moves on: a bot's move a second after a press took the
        answer away, and a press on the big screen seemed to do nothing."""
        self.messages = (self.messages + [text])[-5:]
        self.service.notice(self.code, "waiting", both(text, de), keep=SAID_FOR)

    def step_action(self, seat: int) -> dict[str, Any] | None:
        """The move a seat's button makes: the seat's own "I'm done with this step"
        (end trading, end the turn, draw face up, pass the bean piece, accept a
        gift, end the game), if it is legal now and needs nothing the table must
        say (a bean seen, a card drawn)."""
        t = self.service.table(self.code)
        if t.state is None:
            return None
        for item in self.service.legal_for(t, seat):
            if item["needs"]:
                continue
            if item["ends_step"]:
                return item["action"]
        return None

    def seat_pressed(self, seat: int) -> str:
        """End turn / confirm: the seat's step-ending move."""
        try:
            players = self.service.table(self.code).players
        except TableError as err:
            return err.message
        if seat >= players:
            self._say(
                f"there is no seat {seat + 1} at this table",
                f"an diesem Tisch gibt es keinen Platz {seat + 1}",
            )
            return "no seat"
        action = self.step_action(seat)
        if action is None:
            t = self.service.table(self.code)
            if t.state is None:
                self._say("the game has not started", "das Spiel hat noch nicht begonnen")
                return "not started"
            legal = self.service.legal_for(t, seat)
            waiting = [i for i in legal if i["needs"] and i["action"]["player"] == seat]
            if waiting:
                self._say(
                    f"Seat {seat + 1}: say on a phone what the cards are",
                    f"Platz {seat + 1}: sag auf einem Handy, welche Karten es sind",
                )
            else:
                self._say(
                    f"Seat {seat + 1}: nothing to end now",
                    f"Platz {seat + 1}: gerade gibt es nichts zu beenden",
                )
            return "nothing"
        return self._do(action)

    def next_pressed(self) -> str:
        t = self.service.table(self.code)
        if t.state is None:
            self.service.start_game(self.code)  # the first press deals
            return "started"
        return self.seat_pressed(t.state.active)

    def reshuffle_pressed(self) -> str:
        """The players say they rebuilt the draw deck: check it against the count."""
        t = self.service.table(self.code)
        if t.state is None or t.game.reshuffled is None:
            self._say(
                "there is no draw deck to reshuffle in this game",
                "in diesem Spiel gibt es keinen Nachziehstapel zum Mischen",
            )
            return "no deck"
        problem = t.game.reshuffled(t.state)
        if problem is None:
            self.messages = (self.messages + ["reshuffle confirmed"])[-5:]
            return "confirmed"
        self._say(problem)
        return "mismatch"

    def undo_tapped(self) -> str:
        self._say(
            "hold the undo button for 2 seconds to take back the last action",
            "den Rückgängig-Knopf 2 Sekunden halten, um den letzten Zug zurückzunehmen",
        )
        return "hold"

    def undo_held(self) -> str:
        try:
            return self.service.undo(self.code)
        except TableError as err:
            self._say(err.message, err.de)
            return err.message

    # ------------------------------------------------------------ the virtual panel

    def press(self, name: str, hold: bool = False) -> str:
        """Press a button as a finger would (the dashboard's virtual panel, tests):
        drive its pin low, let the debounce see it, release. Mock pins only."""
        button = self.buttons.get(name)
        if button is None:
            known = ", ".join(self.buttons)
            raise TableError(Refusal.BAD_REQUEST, f"no button {name!r}; the panel has {known}")
        pin = button.device.pin
        if not hasattr(pin, "drive_low"):
            raise TableError(Refusal.BAD_REQUEST, "real buttons are pressed by hand")
        pin.drive_low()
        self._wait((HOLD_TO_UNDO if hold else 0) + button.bounce + 0.02)
        pin.drive_high()
        self._wait(button.bounce + 0.02)
        return "pressed"

    def _wait(self, seconds: float) -> None:
        """Let time pass for the debounce: the panel's own loop polls when it runs;
        otherwise (tests) poll here, moving a fake clock along."""
        end = self.clock() + seconds
        while self.clock() < end:
            if self._thread is None:
                self.poll()
            self.clock.sleep(0.005)
        if self._thread is None:
            self.poll()

    def describe(self) -> dict[str, Any]:
        """The panel for the dashboard: its LEDs and its buttons."""
        now = self.last or {"seats": [], "status": "off", "pulse": False}
        leds = [
            {"name": f"seat{i + 1}", "label": str(i + 1), "state": s}
            for i, s in enumerate(now["seats"])
        ]
        leds.append(
            {
                "name": "status",
                "label": "status",
                "state": "pulse" if now["pulse"] else "on",
                "color": now["status"],
            }
        )
        buttons = [
            {"name": n, "label": n.replace("seat", "seat "), "hold": n == "undo"}
            for n in self.buttons
        ]
        return {"leds": leds, "buttons": buttons, "messages": list(self.messages)}
