"""The table service: every way into a game (phones, the panel, the camera's
tracker, the host) goes through here. It keeps the open tables and their store,
checks an action with the engine, writes it durably to the store, then tells
every listener (Socket.IO, the panel).

What changes apart lives apart, each behind the service's methods: one table's
state (table.py), who sits where (seats.py), the camera's side of a table
(readings.py), what phones and the dashboard see (snapshots.py) and the odds
worker (advice.py).

State is kept in memory per table and rebuilt from the store's log at start-up,
so a restarted service resumes every game where it stood."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from . import views
from .advice import Adviser
from .engine import RuleError
from .engine import words as w
from .engine.games import GAMES, GameDef
from .errors import Refusal
from .readings import Readings
from .seats import Seats
from .snapshots import Snapshots, legal_for
from .store import SeatHeld, Store
from .table import Notice, Offer, Partners, Table, TableError, asked_of, may_make, objected
from .tracker.link import TableTracker

__all__ = ["CODE_LETTERS", "Notice", "Table", "TableError", "TableService"]

log = logging.getLogger(__name__)

# Room codes avoid letters that look alike on a small screen or in a hurried
# read-aloud (I/L/1, O/0, S/5, Z/2, B/8).
CODE_LETTERS = "ACDEFGHJKMNPQRTUVWXY"
TAKEOVER_WAITS = 3.0  # s at most a seat taken from a bot waits for the bot's move in the air
ANSWERS = ("accepted", "declined", "lapsed")  # what a maker is told of an offer
LAPSED_KEPT = 20.0  # s an offer's "lapsed" stays on its maker's phone though the game moves on


Listener = Callable[[str], None]


@contextmanager
def _too_late(t: Table, seen: int | None, move: Callable[[Any], Any]) -> Iterator[None]:
    """A phone's move the game refuses once another's came first (`seen`: the log's
    length the phone's screen showed) is said so, with the last move: "too late:
    the game moved on (Anna ends her turn)"; the rule's own words named a step,
    "the turn is at step 'plant'", to a person who had tapped what was offered.
    Only a move the game would have taken on the state the phone showed (`move`:
    the action, made from a state): one refused there too ("the partner's hand
    holds no Coffee Bean") is refused in the rule's words."""
    try:
        yield
    except RuleError as err:
        then = None if seen is None or seen >= t.next_n or not t.log else _state_at(t, seen)
        if then is None:
            raise
        try:
            t.game.apply(then, move(then))
        except (RuleError, ValueError, KeyError, TypeError):
            raise err from None
        last = t.log[-1]
        raise TableError(
            Refusal.MOVED_ON,
            f"too late: the game moved on ({w.text(last, 'en')})",
            f"Zu spät: das Spiel ging weiter ({w.text(last, 'de')}).",
        ) from err


def _state_at(t: Table, n: int) -> Any:
    """The game's state after `n` moves, if the table still remembers it."""
    return next((state for at, state in t.past if at == n), None)


class TableService:
    def __init__(self, store: Store, library_path: str | None = None) -> None:
        self.store = store
        self.library_path = library_path
        self.tables: dict[str, Table] = {}
        self.listeners: list[Listener] = []
        self.partners: dict[str, Partners] = {}  # see answer_for
        self.started = time.time()
        # The dice game's odds for the phones take tens of ms to work out the first
        # time a situation comes up: that is done beside the updates, never in their
        # way (a roll reaches the phones at once; its odds follow when ready).
        self.adviser = Adviser()
        self.seats = Seats(store, lambda: list(self.tables.values()), self._changed)
        self.readings = Readings(self._changed)
        self.snapshots = Snapshots(
            self.adviser,
            self.find,
            self._changed,
            lambda: self.store.problem,
            self.readings.look,
            self.partners.get,
        )
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
        entries = self.store.log(table.playing)
        lines: list[w.Words] = []
        for k, entry in enumerate(entries):
            action = table.game.action_from_json(entry.action)
            after = table.game.apply(state, action)
            if k >= len(entries) - 12:
                lines.append(views.log_words(table.game, state, action, table.names))
            state = after
        table.state = state
        table.past.clear()  # (an undone state is no state the game passed through)
        table.log = lines
        table.next_n = self.store.next_n(table.playing)

    def close(self) -> None:
        """Stop the odds worker and close the store (the demo's end, tests)."""
        self.adviser.close()
        self.store.close()

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def _changed(self, code: str) -> None:
        # The change is made (on disk, in memory): a listener's slip (the panel's
        # lights, a broadcast) is logged, never the move's, and never keeps the
        # others (the phones) from hearing of it.
        for listener in list(self.listeners):
            try:
                listener(code)
            except Exception:
                log.exception("table %s: a listener failed on a change; the others go on", code)

    # ------------------------------------------------------------ host actions

    @staticmethod
    def _setup(game: str, players: object, options: dict[str, Any] | None) -> dict[str, Any]:
        """The engine's setup for a table, or TableError saying why there is none."""
        gd = GAMES.get(game)
        if gd is None:
            raise TableError(
                Refusal.BAD_REQUEST, f"unknown game {game!r}; known: {', '.join(GAMES)}"
            )
        if not isinstance(players, int) or isinstance(players, bool):
            raise TableError(Refusal.BAD_SETUP, "say how many players: a whole number")
        if gd.fixed_players is not None and players != gd.fixed_players:
            raise TableError(Refusal.BAD_SETUP, f"{gd.title} is for {gd.fixed_players} players")
        return gd.setup_for(players, dict(options or {}))

    @staticmethod
    def _try(gd: GameDef, setup: dict[str, Any]) -> None:
        """Refuse a bad setup now, not at start. A table whose players enter their
        own cards later is tried with stand-in cards."""
        trial = gd.entries.trial_setup(setup) if gd.entries else setup
        try:
            gd.new_game(**trial)
        except RuleError as err:
            raise TableError(Refusal.BAD_SETUP, err.message) from None
        except TypeError as err:
            raise TableError(Refusal.BAD_SETUP, f"unknown setting: {err}") from None

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

    @contextmanager
    def holding(self, code: str) -> Iterator[Table]:
        """One table, unchanged by anyone else while the caller looks at it (a
        simulated player reading the game and deciding its move)."""
        t = self.table(code)
        with t.lock:
            yield t

    def kept_out(self) -> dict[str, str]:
        """Tables the service could not bring back (an unknown game, a log that no
        longer replays), each with why: kept in the store, not played."""
        return dict(self.quarantined)

    def is_open(self, code: object) -> bool:
        return isinstance(code, str) and code.upper() in self.tables

    def find(self, code: str) -> Table | None:
        """The open table `code`, or None (no error: for loops that poll)."""
        return self.tables.get(code)

    def game_log(self, code: str, include_undone: bool = False) -> list:
        """The current game's log entries (undone ones too, marked, if asked)."""
        t = self.table(code)
        if t.game_id is None:
            raise TableError(Refusal.NOT_STARTED, "no game yet")
        return self.store.log(t.game_id, include_undone=include_undone)

    def table(self, code: object) -> Table:
        t = self.tables.get(code.upper()) if isinstance(code, str) else None
        if t is None:
            raise TableError(
                Refusal.NO_TABLE,
                f"there is no open table {code}: check the code on the table's screen",
            )
        return t

    def enter_cards(self, code: str, seat: int, cards: object) -> None:
        """A real table whose players enter their own cards (a dice game's two
        harvest cards, top first: each five orders bottom first, or a printed
        number already in the card library)."""
        t = self.table(code)
        if t.game.entries is None:
            raise TableError(Refusal.BAD_REQUEST, f"{t.game.title} has no cards to enter")
        entered = t.game.entries.entry(cards, self.library_path)  # RuleError: what's wrong
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
            if t.game_id is not None:
                # Another game at this table: a new shuffle, kept in the setup so the
                # game replays (the demo dealt the very same game every time).
                t.setup = {**t.setup, "seed": secrets.randbelow(2**31)}
                self.store.update_setup(t.code, t.setup)
            if t.game.entries is not None and t.game.entries.waits_for_entries(t.setup):
                setup = t.game.entries.with_entries(t.setup, t.players, t.cards)
                self.store.update_setup(t.code, setup)
                t.setup = setup
            t.game_id = self.store.start_game(t.code)
            t.state = t.game.new_game(**t.setup)
            t.past.clear()
            t.next_n = 0
            t.log = []
            t.notices = []
            t.offer = t.accepted = None
            t.passed = {}  # (a "none for me" of the last game is no answer in this one)
        self._changed(t.code)

    def undo(self, code: str, source: str = "host") -> str:
        """Take back the last action (the log keeps it, marked undone)."""
        t = self.table(code)
        with t.lock:
            if t.game_id is None:
                raise TableError(Refusal.NOT_STARTED, "the game has not started")
            n = self.store.undo_last(t.game_id)
            if n is None:
                raise TableError(Refusal.NOTHING_TO_UNDO, "there is no action to undo")
            kept = t.log
            self._replay(t)
            t.offer = t.accepted = None  # (an offer's move taken back: no "too late")
            # The host's take-back stays in the log, said so below; the camera's own
            # (a misread put right) leaves no line of the move it took back (its
            # line came twice once the corrected move was made).
            t.log = kept if source == "host" else kept[:-1]
            t.last_source = source
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
            self.partners.pop(t.code, None)
        self._changed(t.code)

    # ------------------------------------------------------------ seats (seats.py)

    def join(self, code: str, seat: object, name: object, leaving: object = None) -> str:
        """Take a free seat; returns the seat's token (the phone keeps it). At the demo
        a seat whose phone has gone, and that a bot plays now, may be taken over (two
        visitors who closed their pages left the Duel's two seats to nobody).
        `leaving`: the token of a seat at this table the phone holds (it moves to
        `seat`): that seat is freed once the new one is taken."""
        t = self.table(code)
        # (a bad name or seat changes nothing: a bot's seat was freed, then the name refused)
        self.seats.check(t, seat, name)
        partners = self.partners.get(t.code)
        # A bot's throw or card still in the air is the bot's move: the seat is taken
        # once the camera has read it (a person who sat down as a bot's dice landed
        # read "Gina rolls again", a move Gina never made). Meanwhile the bot starts
        # no other move there (the bots move dice or cards only under the table's
        # lock, and only at seats no phone plays nor a person is sitting down at).
        arriving = None
        with t.lock:
            if isinstance(seat, int) and partners is not None and partners.answers_for(t, seat):
                arriving = seat
                t.arriving.add(seat)
        try:
            # (past the deadline the bots are stuck: the person goes first)
            deadline = time.monotonic() + TAKEOVER_WAITS
            while arriving is not None and partners is not None and not partners.at_rest():
                if time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            # (outside the table's lock: a change is told to the pages, whose
            # snapshots take it)
            if arriving is not None and arriving in t.seats:
                self.seats.free(t, arriving)
            return self.seats.join(t, seat, name, leaving)
        finally:
            if arriving is not None:
                with t.lock:
                    t.arriving.discard(arriving)

    def moving_from(self, code: str, token: object) -> int | None:
        """The seat at table `code` that `token` holds (a phone moving to another
        seat there), or None."""
        held = self.seats.of_token(token) if token is not None else None
        return held.seat if held is not None and held.code == code.upper() else None

    def seat_is_free(self, code: str, seat: int) -> bool:
        return seat not in self.table(code).seats

    def free_seat(self, code: str, seat: object) -> None:
        self.seats.free(self.table(code), seat)

    def seat_away(self, code: str, seat: int, away: bool) -> None:
        """No phone holds the seat any more (`away`), or one holds it again."""
        t = self.tables.get(code)
        if t is not None:
            self.seats.away(t, seat, away)

    def looking(self, code: str, seat: int, looking: bool) -> None:
        """The phone at `seat` has a list of moves open (`looking`), or not any more."""
        t = self.tables.get(code)
        if t is None:
            return
        with t.lock:
            was = seat in t.looking
            (t.looking.add if looking else t.looking.discard)(seat)
        if was != looking:  # (a list open holds a simulated player longer: said)
            self._changed(code)

    def pass_window(self, code: str, seat: int) -> None:
        """The phone at `seat` wants none of the moves open to it that another's move
        would close (no trade with the active player): nobody waits for it for the
        rest of this step of this turn."""
        t = self.table(code)
        with t.lock:
            if t.state is None:
                raise TableError(Refusal.NOT_STARTED, "the host has not started the game yet")
            t.passed[seat] = (t.state.active, t.state.step)
            t.looking.discard(seat)
        self._changed(code)

    def seat_of(self, token: object) -> SeatHeld | None:
        return self.seats.of_token(token)

    # ------------------------------------------------------------ actions

    def act(
        self,
        code: str,
        data: object,
        *,
        seat: int | None = None,
        source: str = "phone",
        seen: int | None = None,
    ) -> dict[str, Any]:
        """Apply an action (its JSON form). With `seat`, the action must be that
        seat's own. Returns {"n": position in the log} once the action is on disk;
        raises RuleError (the engine refused it) or TableError; nothing changes then.
        `seen`: the log's length the phone's screen showed (see `_too_late`)."""
        t = self.table(code)
        with t.lock:
            if t.state is None:
                raise TableError(Refusal.NOT_STARTED, "the host has not started the game yet")
            action = t.game.action_from_json(data)

            def named(state: Any) -> Any:  # (as `_act` names another's hand cards)
                return action if seat is None else t.game.named_cards(state, action)

            with _too_late(t, seen, named):
                done = self._act(t, action, seat, source)
        self._changed(t.code)
        return done

    def act_deal(
        self, code: str, parts: list, *, seat: int, lang: str = "en", seen: int | None = None
    ) -> dict[str, Any]:
        """A deal a phone built card by card (each part a move of its own, see
        Action.part): made as the one move they make together, as `act` makes it;
        with its words (`label`), as the phone says the move made. `seen`: as `act`'s."""
        t = self.table(code)
        with t.lock:
            if t.state is None:
                raise TableError(Refusal.NOT_STARTED, "the host has not started the game yet")
            combine = t.game.combine
            if combine is None:
                raise TableError(Refusal.NO_DEALS, f"{t.game.title} has no deals to build")
            moves = [t.game.action_from_json(p) for p in parts]
            if not moves or not all(m.part for m in moves):
                raise TableError(Refusal.NO_DEALS, "a deal is built of single cards")

            def deal(state: Any) -> Any:  # (as `_act` names another's hand cards)
                return t.game.named_cards(state, combine(state, moves))

            with _too_late(t, seen, deal):
                done = self._act(t, combine(t.state, moves), seat, "phone", worded=lang)
        self._changed(t.code)
        return done

    def _act(
        self, t: Table, action: Any, seat: int | None, source: str, worded: str | None = None
    ) -> dict[str, Any]:
        """act, the action parsed, the table held (the phones told after); `worded`:
        its words in that language too (`label`), once the engine took it."""
        partners = self.partners.get(t.code)
        if seat is not None:  # (a phone names another's hand cards by bean: see legal_for)
            action = t.game.named_cards(t.state, action)  # RuleError: that hand holds none
        if seat is not None and not may_make(t, action, seat, partners):
            raise TableError(
                Refusal.NOT_YOUR_SEAT,
                f"this phone plays seat {seat + 1}, not seat {action.player + 1}",
            )
        after = t.game.apply(t.state, action)  # RuleError: nothing changed
        said = objected(t, action, seat, partners)
        if said:
            raise TableError(Refusal.PARTNER_REFUSED, said)
        words = (
            {}
            if worded is None
            else {"label": views.label(t.game, t.state, action, t.names, worded, seat)}
        )
        asked = frozenset[int]() if seat is None else asked_of(t, action, seat, partners)
        if seat is not None and asked:
            # Another person's cards change hands: their phone says yes first. (What
            # was said of the maker's last offer goes: "Ben says no to your offer"
            # stood above the next one, waiting.)
            t.notices = [n for n in t.notices if not (n.seat == seat and n.kind in ANSWERS)]
            t.offer = Offer(action, seat, asked, t.next_n)
            t.accepted = None  # (a take-back of this one is not told of the last yes)
            return {"n": None, "asked": sorted(asked), **words}
        return {"n": self._apply(t, action, after, seat, source), **words}

    def _apply(self, t: Table, action: Any, after: Any, seat: int | None, source: str) -> int:
        """Make an action the engine took (`after`: the state it leads to): on disk
        first, then in memory and the log."""
        before = t.state
        n = t.next_n
        self.store.append(t.playing, n, action.to_json(), seat, source)
        t.state, t.next_n, t.last_source = after, n + 1, source
        t.past.append((n + 1, after))
        t.drop_stale_notices()  # the game moved on: earlier warnings are stale
        offer = t.offer
        t.offer = None  # and an offer made before it lapses: said to its maker (it
        # vanished from their phone with nothing said when trading ended)
        if offer is not None and offer.action != action and seat != offer.by:
            t.add_notice("lapsed", _lapsed(t, offer), offer.by, keep=LAPSED_KEPT)
        self._log(t, before, action, source)
        return n

    def _log(self, t: Table, before: Any, action: Any, source: str) -> None:
        """The log's line for a move made. The demo's bots move on the phone ("demo")
        or by hand, which the camera reads: both are the bot's at a seat it plays
        (the dice game logged "Hugo rolls" for a bot's throw while Hugo's phone was
        gone)."""
        partners = self.partners.get(t.code)
        # Every named seat a bot plays now, whoever's move it is: a bot's trade with
        # an away person's seat, or its yes to a deal for them, read as the person's
        # ("Walker gives a Wax Bean to Seat 4" while Walker's phone was gone).
        bots = set() if partners is None else {s for s in t.names if partners.answers_for(t, s)}
        if source == "demo":
            bots.add(action.player)
        t.add_log(_log_line(t, before, action, bots))

    def answer_offer(
        self, code: str, seat: int, accept: bool, offer: Offer | None = None
    ) -> dict[str, Any]:
        """A phone answers the offer made to it (`accept`: yes, the move is made; no:
        it is dropped and its maker told), or its maker takes it back (no).
        `offer`: the one answered (a bot's answer, decided on it), if it still waits."""
        t = self.table(code)
        with t.lock:
            waiting = t.offer
            took = t.accepted
            if offer is not None and waiting is not offer:
                raise TableError(Refusal.NO_OFFER, "that offer no longer waits for an answer")
            offer = waiting
            if offer is None or offer.n != t.next_n:
                t.offer = None
                if took is not None and seat == took.by and took.n == t.next_n - 1:
                    # (the maker's take-back crossed the yes: the move is made)
                    name = w.seat_name(t.names, min(took.to), "en")
                    raise TableError(
                        Refusal.OFFER_ACCEPTED, f"too late: {name} said yes, and the move was made"
                    )
                raise TableError(
                    Refusal.NO_OFFER, "there is no offer to answer: it was taken back or lapsed"
                )
            if seat == offer.by and not accept:
                t.offer = None
                n = None
            elif seat not in offer.to:
                raise TableError(
                    Refusal.NOT_YOUR_SEAT,
                    f"this offer waits for {w.seat_name(t.names, min(offer.to), 'en')}'s answer",
                )
            elif not accept:
                t.offer = None
                self._tell_maker(t, offer, seat, accepted=False)
                n = None
            elif offer.to - {seat}:
                t.offer = Offer(offer.action, offer.by, offer.to - {seat}, offer.n)
                n = None
            else:
                after = t.game.apply(t.state, offer.action)  # (the state it was made on)
                n = self._apply(t, offer.action, after, offer.by, "phone")
                t.accepted = offer
                self._tell_maker(t, offer, seat, accepted=True)
        self._changed(t.code)
        return {"n": n}

    def _tell_maker(self, t: Table, offer: Offer, seat: int, accepted: bool) -> None:
        """`seat`'s answer, said to the offer's maker (a yes came with nothing said),
        naming the seat as the log does: "Anna (bot) says no" where a bot plays it
        (her phone gone; the maker read "Anna says no")."""
        partners = self.partners.get(t.code)
        bot = partners is not None and partners.answers_for(t, seat)
        names = _as_bots(t.names, {seat} if bot else set())
        said = (
            {"en": "says yes to your offer", "de": "nimmt dein Angebot an"}
            if accepted
            else {"en": "says no to your offer", "de": "lehnt dein Angebot ab"}
        )
        t.add_notice(
            "accepted" if accepted else "declined",
            w.each(lambda lang: f"{w.seat_name(names(lang), seat, lang)} {said[lang]}"),
            offer.by,
            keep=LAPSED_KEPT if accepted else 0.0,
        )

    def answer_for(self, code: str, partners: Partners | None) -> None:
        """Who answers for some seats of this table when another's move needs them
        (a trade): the demo's simulated players. None: nobody (a real table)."""
        if partners is None:
            self.partners.pop(code, None)
        else:
            self.partners[code] = partners

    def act_all(self, code: str, actions: list, source: str) -> dict[str, Any]:
        """Several actions seen at once (the camera's: a save and a roll, the piece
        passed and the next roll): all of them or none, and one update to the
        phones. Raises RuleError with nothing changed when the engine refuses one."""
        t = self.table(code)
        with t.lock:
            if t.state is None:
                raise TableError(Refusal.NOT_STARTED, "the host has not started the game yet")
            parsed = [t.game.action_from_json(a) for a in actions]
            states = [t.state]
            for action in parsed:
                states.append(t.game.apply(states[-1], action))  # RuleError: nothing changed
            first = t.next_n
            for k, action in enumerate(parsed):
                self.store.append(t.playing, first + k, action.to_json(), None, source)
                self._log(t, states[k], action, source)
            t.state, t.next_n, t.last_source = states[-1], first + len(parsed), source
            t.past.extend((first + k + 1, st) for k, st in enumerate(states[1:]))
            t.drop_stale_notices()
            t.offer = None
        self._changed(t.code)
        return {"n": first}

    def notice(
        self,
        code: str,
        kind: str,
        text: str | w.Words,
        seat: int | None = None,
        key: str | None = None,
        left: float | None = None,
        keep: float = 0.0,
    ) -> None:
        """A warning from outside the engine (an illegal move seen, an unsure read):
        `text` in English, or {"en": ..., "de": ...}. The same notice (same `key`;
        by default the same kind, seat and English text) is kept once. `left`: the
        seconds to what it announces, counted down on the phones where it says {left};
        `keep`: seconds it stays though the game moves on (news rather than a warning)."""
        t = self.table(code)
        with t.lock:
            t.add_notice(kind, text, seat, key, left, keep)
        self._changed(t.code)

    # ------------------------------------------------------------ the camera (readings.py)

    def attach_tracker(self, code: str, tracker: TableTracker) -> None:
        """The tracker reading this table from the camera (it answers `confirm()`
        and `correct_faces(rolled, field)`), so the phones can answer its questions."""
        self.readings.attach(self.table(code), tracker)

    def confirm_reading(self, code: str, seat: int) -> None:
        """The player tapped "yes, that's what lies there" on an unsure reading."""
        self.readings.confirm(self.table(code), seat)

    def correct_reading(self, code: str, seat: int, rolled: list, field: list) -> None:
        """The player says what the dice show (rolling area, bean field): the camera's
        reading is replaced by it, and the game follows."""
        self.readings.correct_faces(self.table(code), seat, rolled, field)

    def correct_field(self, code: str, seat: int, field: int, cards: list) -> None:
        """The player says what lies in one of their own bean fields (first planted
        first): the camera's reading is put right, and the game follows."""
        self.readings.correct_field(self.table(code), seat, field, cards)

    def camera_lost(self, code: str, why: str | w.Words | None) -> None:
        """The camera stopped (`why`): manual mode, said on every phone until it is
        back (None)."""
        self.readings.camera_lost(self.table(code), why)

    def drop_notice(self, code: str, key: str) -> None:
        """The notice of `key` is over (what it said no longer holds)."""
        t = self.table(code)
        with t.lock:
            kept = [n for n in t.notices if n.key != key]
            if len(kept) == len(t.notices):
                return
            t.notices = kept
        self._changed(t.code)

    def clear_notices(self, code: str) -> None:
        """The table is as the game has it again: the warnings about it are over."""
        t = self.table(code)
        with t.lock:
            t.drop_stale_notices()
        self._changed(t.code)

    # ------------------------------------------------------------ what phones see (snapshots.py)

    def snapshot(self, code: str, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
        """Everything a phone (its `seat`) or the dashboard (None) shows, in `lang`."""
        return self.snapshots.of(self.table(code), seat, lang)

    def legal_for(self, t: Table, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        """The seat's legal actions with their words and what a phone must fill in
        (the table held: a bot's or the camera's move meanwhile left a face-up card
        listed that a bot's answer then looked for in vain, an IndexError)."""
        with t.lock:
            return legal_for(t, seat, lang, self.partners.get(t.code))

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


def _lapsed(t: Table, offer: Offer) -> w.Words:
    """ "Your offer lapsed: the game moved on before Anna answered"."""

    def said(lang: str) -> str:
        asked = w.join([w.seat_name(t.names, s, lang) for s in sorted(offer.to)], lang)
        if lang == "de":
            return f"Dein Angebot ist verfallen: das Spiel ging weiter, bevor {asked} antwortete"
        return f"Your offer lapsed: the game moved on before {asked} answered"

    return w.each(said)


def _log_line(t: Table, before: Any, action: Any, bots: set[int]) -> w.Words:
    """The log's line for a move. A person's seat the demo's bot plays (`bots`) is
    said so, not as their move (a newcomer read "Ben harvests field 1 for 0 coins"
    while Ben's phone was gone): "Ben (bot) harvests ..."."""
    played = bots & set(t.names)
    if not played:
        return views.log_words(t.game, before, action, t.names)
    names = _as_bots(t.names, played)
    return w.each(lambda lang: views.describe(t.game, before, action, names(lang), lang=lang))


def _as_bots(names: dict[int, str], bots: set[int]) -> Callable[[str], dict[int, str]]:
    """The seats' names in a language, those of `bots` said as a bot's: "Ben (bot)"."""
    bot = {"en": "bot", "de": "Bot"}
    return lambda lang: {
        **names,
        **{s: f"{names[s]} ({bot.get(lang, 'bot')})" for s in bots if s in names},
    }
