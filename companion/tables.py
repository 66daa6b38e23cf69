"""The table service: every way into a game (phones, the panel, the camera's
tracker, the host) goes through here. It checks an action with the engine, writes
it durably to the store, then tells every listener (Socket.IO, the panel).

State is kept in memory per table and rebuilt from the store's log at start-up,
so a restarted service resumes every game where it stood."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from . import views
from .engine import RuleError
from .engine import words as w
from .engine.games import GAMES, GameDef
from .errors import CompanionError
from .store import Seat, Store
from .tracker.link import TableTracker

log = logging.getLogger(__name__)

# Room codes avoid letters that look alike on a small screen or in a hurried
# read-aloud (I/L/1, O/0, S/5, Z/2, B/8).
CODE_LETTERS = "ACDEFGHJKMNPQRTUVWXY"
MAX_NAME = 20


class TableError(CompanionError):
    """A request the service refuses (not a rule of the game): says what was wrong."""


@dataclass(frozen=True)
class Notice:
    """A warning from outside the engine (the tracker, the panel, the store): what
    kind, its key (the same notice is kept once), its words in every language, the
    seat it is about (None: the table), and when."""

    kind: str
    key: str
    words: w.Words
    seat: int | None = None
    at: float = 0.0

    def to_json(self, lang: str) -> dict[str, Any]:
        """As a phone gets it: the text in its language."""
        return {
            "kind": self.kind,
            "key": self.key,
            "seat": self.seat,
            "at": self.at,
            "text": w.text(self.words, lang),
        }


@dataclass
class Table:
    code: str
    game: GameDef
    players: int
    setup: dict[str, Any]
    seats: dict[int, Seat] = field(default_factory=dict)
    game_id: int | None = None
    state: Any = None
    next_n: int = 0
    # The last actions in words, oldest first: each line in every language.
    log: list[w.Words] = field(default_factory=list)
    # Warnings from the tracker or the panel, each once (by its key), oldest first.
    notices: list[Notice] = field(default_factory=list)
    cards: dict[int, list] = field(default_factory=dict)  # dice: entered harvest cards
    # Why the camera isn't reading the table (None: it is, or there is none): while
    # set, every phone and the status light show it, whatever else happens.
    manual: str | w.Words | None = None
    # Seats taken whose phone has gone (no connection holds them), since when: the
    # seat is kept for that phone, the host sees it away and may free it.
    away: dict[int, float] = field(default_factory=dict)
    moved_by: str | None = None  # who made the last move: phone, camera, demo, panel, host
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def names(self) -> dict[int, str]:
        return {s: seat.name for s, seat in self.seats.items()}

    def played_by_phones(self, away_after: float, now: float | None = None) -> set[int]:
        """The seats a phone plays: taken, and not gone for `away_after` seconds or
        more (a phone whose screen locked for a moment keeps playing its seat)."""
        now = time.time() if now is None else now
        return {s for s in self.seats if now - self.away.get(s, now) < away_after}

    @property
    def log_text(self) -> list[str]:
        """The log in English."""
        return [w.text(line, "en") for line in self.log]

    def add_log(self, line: w.Words) -> None:
        self.log = (self.log + [line])[-12:]

    def add_notice(
        self, kind: str, text: str | w.Words, seat: int | None = None, key: str | None = None
    ) -> None:
        """A notice, kept once: the same one again replaces the earlier one."""
        words = dict(text) if isinstance(text, dict) else w.both(str(text))
        key = key or w.key_of(kind, seat, words["en"])
        kept = [n for n in self.notices if n.key != key]
        self.notices = (kept + [Notice(kind, key, words, seat, time.time())])[-5:]


Listener = Callable[[str], None]


class Adviser:
    """The odds a game shows (the dice game's), worked out on a thread of their own:
    tens of ms the first time a situation comes up, so never in an update's way (a
    roll reaches the phones at once; its odds follow when ready). Remembered by the
    situation, so every phone and every later update gets them at once."""

    KEEP = 512  # situations remembered; past that, long past ones are forgotten

    def __init__(self) -> None:
        self._known: dict[tuple, dict] = {}
        self._working: set[tuple] = set()
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="odds")

    def ask(self, game: GameDef, state: Any, ready: Callable[[tuple], None]) -> dict | None:
        """The odds of this moment if known; else None, and `ready(situation)` is
        called once they are (a game without odds: always None)."""
        situation = game.advice_key(state)
        if situation is None or game.advice is None:
            return None
        key = (game.name, *situation)  # each game's odds apart
        with self._lock:
            known = self._known.get(key)
            if known is None and key not in self._working:
                self._working.add(key)
                self._pool.submit(self._work, game, situation, key, ready)
        return known

    def _work(self, game: GameDef, situation: tuple, key: tuple, ready) -> None:
        advise = game.advice
        assert advise is not None  # ask() sends only games with odds
        try:
            found = advise(situation)
        finally:
            with self._lock:
                self._working.discard(key)
        with self._lock:
            if len(self._known) > self.KEEP:
                self._known.clear()
            self._known[key] = found
        ready(situation)

    def wait(self, timeout: float = 5.0) -> None:
        """Until the odds being worked out are ready (tests, benchmarks)."""
        deadline = time.monotonic() + timeout
        while self._working and time.monotonic() < deadline:
            time.sleep(0.005)

    def close(self) -> None:
        self._pool.shutdown(wait=False)


class TableService:
    def __init__(self, store: Store, library_path: str | None = None) -> None:
        self.store = store
        self.library_path = library_path
        self.tables: dict[str, Table] = {}
        self.trackers: dict[str, TableTracker] = {}  # code -> the tracker reading that table
        self.listeners: list[Listener] = []
        self.started = time.time()
        # The dice game's odds for the phones take tens of ms to work out the first
        # time a situation comes up: that is done beside the updates, never in their
        # way (a roll reaches the phones at once; its odds follow when ready).
        self.adviser = Adviser()
        self._lock = threading.RLock()
        # Stored tables that could not be resumed (code -> why): kept out, not lost.
        self.quarantined: dict[str, str] = {}
        self._resume()

    # ------------------------------------------------------------ start-up

    def _resume(self) -> None:
        """Rebuild every open table from the store: seats, and the state by replay."""
        for row in self.store.tables():
            game = GAMES.get(row.game)
            if game is None:
                self.quarantined[row.code] = f"a table of an unknown game {row.game!r}"
                log.error("table %s not resumed: unknown game %r", row.code, row.game)
                continue
            table = Table(row.code, game, row.players, row.setup)
            table.seats = self.store.seats(row.code)
            table.game_id = self.store.current_game(row.code)
            try:
                if table.game_id is not None:
                    self._replay(table)
            except (RuleError, ValueError, KeyError, TypeError) as err:
                # One bad log must not stop every table: this one is kept out (its
                # rows stay in the store, untouched) and said so; the rest run.
                why = err.message if isinstance(err, RuleError) else repr(err)
                self.quarantined[row.code] = why
                log.error("table %s not resumed, its log doesn't replay: %s", row.code, why)
                continue
            self.tables[row.code] = table

    def _replay(self, table: Table) -> None:
        """The table's state from its log; "What happened" told again for the last
        actions (a restarted service shows the same list as before)."""
        state = table.game.new_game(**table.setup)
        entries = self.store.log(table.game_id)  # type: ignore[arg-type]
        lines: list[w.Words] = []
        for k, entry in enumerate(entries):
            action = table.game.action_from_json(entry.action)
            after = table.game.apply(state, action)
            if k >= len(entries) - 12:
                lines.append(views.log_words(table.game, state, action, table.names))
            state = after
        table.state = state
        table.log = lines
        table.next_n = self.store.next_n(table.game_id)  # type: ignore[arg-type]

    def close(self) -> None:
        """Stop the odds worker and close the store (the demo's end, tests)."""
        self.adviser.close()
        self.store.close()

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def _changed(self, code: str) -> None:
        for listener in list(self.listeners):
            listener(code)

    # ------------------------------------------------------------ host actions

    @staticmethod
    def _setup(game: str, players: object, options: dict[str, Any] | None) -> dict[str, Any]:
        """The engine's setup for a table, or TableError saying why there is none."""
        gd = GAMES.get(game)
        if gd is None:
            raise TableError("bad-request", f"unknown game {game!r}; known: {', '.join(GAMES)}")
        if not isinstance(players, int) or isinstance(players, bool):
            raise TableError("bad-setup", "say how many players: a whole number")
        if gd.fixed_players is not None and players != gd.fixed_players:
            raise TableError("bad-setup", f"{gd.title} is for {gd.fixed_players} players")
        return gd.setup_for(players, dict(options or {}))

    @staticmethod
    def _try(gd: GameDef, setup: dict[str, Any]) -> None:
        """Refuse a bad setup now, not at start. A table whose players enter their
        own cards later is tried with stand-in cards."""
        trial = gd.entries.trial_setup(setup) if gd.entries else setup
        try:
            gd.new_game(**trial)
        except RuleError as err:
            raise TableError("bad-setup", err.message) from None
        except TypeError as err:
            raise TableError("bad-setup", f"unknown setting: {err}") from None

    @classmethod
    def check_setup(cls, game: str, players: object, options: dict[str, Any] | None = None) -> None:
        """Refuse (TableError) a table the game can't be set up for."""
        setup = cls._setup(game, players, options)  # the game is known past this
        cls._try(GAMES[game], setup)

    def open_table(self, game: str, players: int, options: dict[str, Any] | None = None) -> str:
        """Open a table for `game`; returns its room code. `options` are the engine's
        setup settings (edition, knowledge, seed, rule overrides, dice faces...)."""
        setup = self._setup(game, players, options)
        gd = GAMES[game]
        setup.setdefault("knowledge", "hidden")
        # A simulated deck is shuffled by its seed: one of its own, never the same
        # deck at every table (the log keeps it, so the game still replays).
        setup.setdefault("seed", secrets.randbelow(2**31))
        self._try(gd, setup)
        with self._lock:
            code = self._new_code()
            self.store.open_table(code, game, players, setup)
            self.tables[code] = Table(code, gd, players, setup)
        self._changed(code)
        return code

    def _new_code(self) -> str:
        taken = {t.code for t in self.store.tables(include_closed=True)}
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in taken:
                return code

    def open_tables(self) -> list[Table]:
        """Every open table, oldest first."""
        return list(self.tables.values())

    def is_open(self, code: object) -> bool:
        return isinstance(code, str) and code.upper() in self.tables

    def find(self, code: str) -> Table | None:
        """The open table `code`, or None (no error: for loops that poll)."""
        return self.tables.get(code)

    def game_log(self, code: str, include_undone: bool = False) -> list:
        """The current game's log entries (undone ones too, marked, if asked)."""
        t = self.table(code)
        if t.game_id is None:
            raise TableError("not-started", "no game yet")
        return self.store.log(t.game_id, include_undone=include_undone)

    def table(self, code: object) -> Table:
        t = self.tables.get(code.upper()) if isinstance(code, str) else None
        if t is None:
            raise TableError(
                "no-table", f"there is no open table {code}: check the code on the table's screen"
            )
        return t

    def enter_cards(self, code: str, seat: int, cards: object) -> None:
        """A real table whose players enter their own cards (Das Würfelspiel's two
        harvest cards, top first: each five orders bottom first, or a printed
        number already in the card library)."""
        t = self.table(code)
        if t.game.entries is None:
            raise TableError("bad-request", f"{t.game.title} has no cards to enter")
        try:
            entered = t.game.entries.entry(cards, self.library_path)
        except RuleError as err:
            raise TableError(err.rule, err.message) from None
        with t.lock:
            t.cards[seat] = entered
        self._changed(t.code)

    def library(self, code: str) -> dict[int, Any]:
        """The cards entered at real tables of this table's game, by printed number."""
        entries = self.table(code).game.entries
        return entries.library(self.library_path) if entries is not None else {}

    def start_game(self, code: str) -> None:
        """Start (or restart) the table's game: a new log."""
        t = self.table(code)
        with t.lock:
            if t.game.entries is not None and t.game.entries.waits_for_entries(t.setup):
                try:
                    setup = t.game.entries.with_entries(t.setup, t.players, t.cards)
                except RuleError as err:
                    raise TableError(err.rule, err.message) from None
                self.store.update_setup(t.code, setup)
                t.setup = setup
            t.game_id = self.store.start_game(t.code)
            t.state = t.game.new_game(**t.setup)
            t.next_n = 0
            t.log = []
            t.notices = []
        self._changed(t.code)

    def undo(self, code: str, source: str = "host") -> str:
        """Take back the last action (the log keeps it, marked undone)."""
        t = self.table(code)
        with t.lock:
            if t.game_id is None:
                raise TableError("not-started", "the game has not started")
            n = self.store.undo_last(t.game_id)
            if n is None:
                raise TableError("nothing-to-undo", "there is no action to undo")
            kept = t.log
            self._replay(t)
            t.log = kept
            t.moved_by = source
            if source == "host":  # the camera's own corrections are no news
                t.add_log(
                    w.both(
                        "The host took back the last action",
                        "Der Gastgeber hat die letzte Aktion zurückgenommen",
                    )
                )
        self._changed(t.code)
        return f"action {n} undone"

    def end_table(self, code: str) -> None:
        t = self.table(code)
        with self._lock:
            self.store.close_table(t.code)
            del self.tables[t.code]
        self._changed(t.code)

    # ------------------------------------------------------------ seats

    def join(self, code: str, seat: object, name: object) -> str:
        """Take a free seat; returns the seat's token (the phone keeps it)."""
        t = self.table(code)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < t.players:
            raise TableError("bad-seat", f"seat must be 0–{t.players - 1}")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise TableError("bad-name", f"a name is 1–{MAX_NAME} characters")
        with t.lock:
            if seat in t.seats:
                raise TableError("seat-taken", f"seat {seat + 1} is taken by {t.seats[seat].name}")
            token = secrets.token_urlsafe(24)
            self.store.take_seat(t.code, seat, name.strip(), token)
            t.seats[seat] = Seat(name.strip(), token)
        self._changed(t.code)
        return token

    def free_seat(self, code: str, seat: object) -> None:
        t = self.table(code)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < t.players:
            raise TableError("bad-seat", f"this table has seats 1–{t.players}")
        with t.lock:
            if seat in t.seats:
                self.store.free_seat(t.code, seat)
                del t.seats[seat]
            t.away.pop(seat, None)
        self._changed(t.code)

    def seat_away(self, code: str, seat: int, away: bool) -> None:
        """No phone holds the seat any more (`away`), or one holds it again."""
        t = self.tables.get(code)
        if t is None or seat not in t.seats or (seat in t.away) == away:
            return
        with t.lock:
            if away:
                t.away[seat] = time.time()
            else:
                t.away.pop(seat, None)
        self._changed(t.code)

    def seat_of(self, token: object) -> tuple[str, int] | None:
        if not isinstance(token, str):
            return None
        for t in self.tables.values():
            for seat, taken in t.seats.items():
                if secrets.compare_digest(taken.token, token):
                    return t.code, seat
        return None

    # ------------------------------------------------------------ actions

    def act(
        self,
        code: str,
        data: object,
        *,
        seat: int | None = None,
        source: str = "phone",
    ) -> dict[str, Any]:
        """Apply an action (its JSON form). With `seat`, the action must be that
        seat's own. Returns {"n": position in the log} once the action is on disk;
        raises RuleError (the engine refused it) or TableError; nothing changes then."""
        t = self.table(code)
        with t.lock:
            if t.state is None:
                raise TableError("not-started", "the host has not started the game yet")
            action = t.game.action_from_json(data)
            if seat is not None and getattr(action, "player", None) != seat:
                raise TableError(
                    "not-your-seat",
                    f"this phone plays seat {seat + 1}, not seat "
                    f"{getattr(action, 'player', -1) + 1}",
                )
            before = t.state
            after = t.game.apply(before, action)  # RuleError: nothing changed
            n = t.next_n
            self.store.append(t.game_id, n, action.to_json(), seat, source)  # type: ignore[arg-type]
            t.state, t.next_n, t.moved_by = after, n + 1, source
            t.notices = []  # the game moved on: earlier warnings are stale
            t.add_log(views.log_words(t.game, before, action, t.names))
        self._changed(t.code)
        return {"n": n}

    def act_all(self, code: str, actions: list, source: str) -> dict[str, Any]:
        """Several actions seen at once (the camera's: a save and a roll, the piece
        passed and the next roll): all of them or none, and one update to the
        phones. Raises RuleError with nothing changed when the engine refuses one."""
        t = self.table(code)
        with t.lock:
            if t.state is None:
                raise TableError("not-started", "the host has not started the game yet")
            parsed = [t.game.action_from_json(a) for a in actions]
            states = [t.state]
            for action in parsed:
                states.append(t.game.apply(states[-1], action))  # RuleError: nothing changed
            first = t.next_n
            for k, action in enumerate(parsed):
                self.store.append(t.game_id, first + k, action.to_json(), None, source)  # type: ignore[arg-type]
                t.add_log(views.log_words(t.game, states[k], action, t.names))
            t.state, t.next_n, t.moved_by = states[-1], first + len(parsed), source
            t.notices = []
        self._changed(t.code)
        return {"n": first}

    def notice(
        self,
        code: str,
        kind: str,
        text: str | w.Words,
        seat: int | None = None,
        key: str | None = None,
    ) -> None:
        """A warning from outside the engine (an illegal move seen, an unsure read):
        `text` in English, or {"en": ..., "de": ...}. The same notice (same `key`;
        by default the same kind, seat and English text) is kept once."""
        t = self.table(code)
        with t.lock:
            t.add_notice(kind, text, seat, key)
        self._changed(t.code)

    def attach_tracker(self, code: str, tracker: TableTracker) -> None:
        """The tracker reading this table from the camera (it answers `confirm()`
        and `correct_faces(rolled, field)`), so the phones can answer its questions."""
        self.table(code)
        self.trackers[code] = tracker

    def confirm_reading(self, code: str, seat: int) -> None:
        """The player tapped "yes, that's what lies there" on an unsure reading."""
        camera = self._asking(code, seat)
        camera.confirm()

    def correct_reading(self, code: str, seat: int, rolled: list, field: list) -> None:
        """The player says what the dice show (rolling area, bean field): the camera's
        reading is replaced by it, and the game follows."""
        self._asking(code, seat).correct_faces(list(rolled), list(field))

    def correct_field(self, code: str, seat: int, field: int, cards: list) -> None:
        """The player says what lies in one of their own bean fields (first planted
        first): the camera's reading is put right, and the game follows."""
        outcome = self._tracker(code).correct_field(seat, field, list(cards))
        if outcome.problem:  # the notice says it too; the phone that asked hears it now
            raise TableError("correction-refused", outcome.problem)

    def clear_notices(self, code: str) -> None:
        """The table is as the game has it again: the warnings about it are over."""
        t = self.table(code)
        with t.lock:
            t.notices = []
        self._changed(t.code)

    def _tracker(self, code: str) -> TableTracker:
        self.table(code)
        camera = self.trackers.get(code)
        if camera is None:
            raise TableError("no-camera", "no camera reads this table")
        return camera

    def _asking(self, code: str, seat: int) -> TableTracker:
        t = self.table(code)
        camera = self._tracker(code)
        if t.state is None or not camera.answers(seat, t.state):
            raise TableError("not-yours", "only the player the camera asks about answers it")
        return camera

    def camera_lost(self, code: str, why: str | w.Words | None) -> None:
        """The camera stopped (`why`): manual mode, said on every phone until it is
        back (None)."""
        t = self.table(code)
        with t.lock:
            if t.manual == why:
                return
            back = t.manual is not None and why is None
            t.manual = why
            if back:
                t.add_notice(
                    "camera",
                    w.both(
                        "the camera is back: it reads the table again",
                        "die Kamera ist zurück: sie liest den Tisch wieder",
                    ),
                    key="camera-back",
                )
        self._changed(t.code)

    # ------------------------------------------------------------ reading

    def snapshot(self, code: str, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
        """Everything a phone (its `seat`) or the dashboard (None) shows, in `lang`
        ("en" or "de"): every text it holds is said in that language."""
        t = self.table(code)
        lang = w.lang_of(lang)
        with t.lock:
            out: dict[str, Any] = {
                "table": {
                    "code": t.code,
                    "game": t.game.name,
                    "title": t.game.title,
                    "players": t.players,
                    "seats": [
                        {
                            "seat": s,
                            "name": t.seats[s].name if s in t.seats else None,
                            "away": s in t.away,
                        }
                        for s in range(t.players)
                    ],
                    "started": t.state is not None,
                    "setup": {k: v for k, v in t.setup.items() if k not in ("cards", "seed")},
                },
                "you": None if seat is None else {"seat": seat, "name": t.names.get(seat)},
                "lang": lang,
                "log": [w.text(line, lang) for line in t.log],
                "notices": [
                    n.to_json(lang)
                    for n in t.notices + self._manual_notice(t) + self._store_notice()
                ],
                "view": None,
                "legal": [],
            }
            out["table"]["title"] = views.title(t.game, lang)
            if seat is not None:
                out["private"] = (
                    {"hand": None, "bonus": None}
                    if t.state is None
                    else views.private(t.game, t.state, seat, lang)
                )
                # The dice game at a real table: this seat has entered its harvest cards.
                out["private"]["cards_entered"] = seat in t.cards
            if t.state is not None:
                out["view"] = views.game_view(
                    t.game, t.state, t.names, advise=False, lang=lang, you=seat
                )
                self._with_advice(t, out["view"])
                # The seats the table waits for (the panel blinks them; a phone with
                # nothing to do says whom it waits for).
                out["view"]["waiting_for"] = sorted(t.game.must_act(out["view"]))
                fresh = [n for n in out["notices"] if time.time() - n["at"] < 120]
                out["view"]["warnings"] = _once(out["view"]["warnings"] + fresh)
                if seat is not None:
                    out["legal"] = self.legal_for(t, seat, lang)
                camera = self.trackers.get(t.code)
                look = camera.look_json() if camera is not None else None
                if look is not None:
                    out["camera"] = look  # what a correction starts from
            return out

    def _with_advice(self, t: Table, view: dict[str, Any]) -> None:
        """The odds, when worked out; else they are worked out now, beside the
        update, and the phones updated again when ready."""
        known = self.adviser.ask(t.game, t.state, lambda done: self._advice_ready(t.code, done))
        if known is not None:
            view["advice"] = known

    def _advice_ready(self, code: str, situation: tuple) -> None:
        """Odds worked out: the phones hear them if the table still stands there."""
        t = self.tables.get(code)
        if t is not None and t.state is not None and t.game.advice_key(t.state) == situation:
            self._changed(code)

    def wait_for_advice(self, timeout: float = 5.0) -> None:
        """Until the odds being worked out are ready (tests, benchmarks)."""
        self.adviser.wait(timeout)

    def _store_notice(self) -> list[Notice]:
        """The store can't save: every phone and the status light say so until a
        write goes through again."""
        if self.store.problem is None:
            return []
        words = w.both(
            f"moves can't be saved: {self.store.problem}; tell the host",
            f"Züge können nicht gespeichert werden: {self.store.problem}; sagt es dem Gastgeber",
        )
        return [Notice("store", "store", words, None, time.time())]

    @staticmethod
    def _manual_notice(t: Table) -> list[Notice]:
        if t.manual is None:
            return []
        words = w.each(
            lambda lang: (
                f"Handbetrieb: {w.text(t.manual, lang)}; gebt die Züge auf den Handys ein"
                if lang == "de"
                else f"manual mode: {w.text(t.manual, lang)}; enter the moves on the phones"
            )
        )
        return [Notice("waiting", "manual", words, None, time.time())]

    def legal_for(self, t: Table, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        """The seat's legal actions, each with its words (said to the player:
        "Plant Soy Bean in field 2") and what the phone must still fill in (a bean
        the table saw, a new card)."""
        out = []
        state = t.state
        for action in t.game.legal_actions(state):
            if getattr(action, "player", None) != seat:
                continue
            data = action.to_json()
            out.append(
                {
                    "action": data,
                    "label": views.label(t.game, state, action, t.names, lang),
                    "needs": t.game.needs(state, data),
                }
            )
        return out

    def health(self) -> dict[str, Any]:
        from . import __version__

        return {
            "version": __version__,
            "uptime": round(time.time() - self.started, 1),
            "tables": len(self.tables),
            "games": self.store.count_games(),
            "store": self.store.healthy(),
            "store_problem": self.store.problem,
            "store_events": self.store.events,
            "quarantined": sorted(self.quarantined),
        }


def _once(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each warning once (by its key; the latest kept)."""
    latest = {item.get("key", id(item)): i for i, item in enumerate(items)}
    return [item for i, item in enumerate(items) if latest[item.get("key", id(item))] == i]
