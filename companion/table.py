"""One table as the service keeps it in memory: its game and state, who sits
where, the last moves in words, and the warnings about it."""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from .engine import words as w
from .engine.actions import Action
from .engine.games import GameDef
from .errors import REFUSAL_DE, CompanionError, Refusal
from .store import Seat


class TableError(CompanionError):
    """A request the service refuses (not a rule of the game): says what was wrong."""

    def __init__(self, code: Refusal, message: str, de: str | None = None) -> None:
        super().__init__(Refusal(code).value, message, de or REFUSAL_DE[Refusal(code)])


class Partners(Protocol):
    """Who answers for some seats when another's move needs them too (a trade):
    the demo's simulated players. At a real table nobody does: the players agree
    across the table, and the active player enters the trade."""

    def answers_for(self, t: Table, seat: int) -> bool:
        """Whether `seat` is one of those it answers for (not a phone's)."""
        ...

    def objection(self, t: Table, action: Action, seat: int) -> str | None:
        """Why `seat`'s player says no to `action`, or None: it agrees."""
        ...

    def goes_on_in(self, t: Table) -> float | None:
        """Seconds until a move of theirs closes the moves a person may still make
        (a trade with the active one), as they wait now; None: not waiting."""
        ...

    def at_rest(self) -> bool:
        """No move of theirs is under way: nothing thrown or laid that the camera has
        not read yet (a seat taken over waits for it: the move is the bot's)."""
        ...

    def takes_seat_in(self, t: Table, seat: int) -> float | None:
        """Seconds until a bot plays a seat whose phone has gone (and anyone may take
        it over), or None: it plays it already, or the phone is there."""
        ...

    def deals_for_a_person(self, t: Table) -> bool:
        """Whether the first person to sit down gets a new game dealt (the game under
        way is the simulated players' own), not a seat in this one."""
        ...


# The kind of notice said to one phone only, its seat's ("you took over this seat"):
# the big screen, which everyone reads, leaves these out.
YOU = "you"


@dataclass(frozen=True)
class Notice:
    """A warning from outside the engine (the tracker, the panel, the store): what
    kind, its key (the same notice is kept once), its words in every language, the
    seat it is about (None: the table), and when. A notice of something to come at
    `until` (time.time()) says how long is left where its words say {left}."""

    kind: str
    key: str
    words: w.Words
    seat: int | None = None
    at: float = 0.0
    until: float | None = None
    keep: float = 0.0  # seconds it outlasts the moves that make warnings stale

    def to_json(self, lang: str) -> dict[str, Any]:
        """As a phone gets it: the text in its language."""
        return {
            "kind": self.kind,
            "key": self.key,
            "seat": self.seat,
            "at": self.at,
            "text": w.text(self.words, lang),
            # Seconds left, not the moment: a phone's clock need not agree with ours.
            "left": None if self.until is None else round(max(self.until - time.time(), 0.0), 1),
        }


@dataclass(frozen=True)
class Offer:
    """A move that needs another person's yes before it is made (a trade between
    two phones): made on seat `by`'s phone, waiting for the phones of `to`. It
    lapses when the game moves on (`n`: the log's length when it was made)."""

    action: Action
    by: int
    to: frozenset[int]
    n: int


PAST_KEPT = 64  # states a table remembers (a look comes at least every few moves)


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
    # Seats whose phone has a list of moves open (a person choosing a trade): a
    # simulated player's move would take those moves away under their finger.
    looking: set[int] = field(default_factory=set)
    # Seats whose phone said it wants none of the moves another's move would close
    # (see Action.window), and in which turn and step (the active seat, the step):
    # the table need not wait for them until that changes.
    passed: dict[int, tuple[int, str]] = field(default_factory=dict)
    # Seats a person is sitting down at that a bot played: the bot starts no move
    # there, and its move in the air is read first (see TableService.join).
    arriving: set[int] = field(default_factory=set)
    last_source: str | None = None  # the last move's source: phone, camera, demo, panel, host
    # The states the game passed through lately, (log position after, state), oldest
    # first: the camera's look may show the table as one of them (two phone moves
    # between its looks, the hand laying the first), which is no move.
    past: deque[tuple[int, Any]] = field(default_factory=lambda: deque(maxlen=PAST_KEPT))
    offer: Offer | None = None  # a move waiting for another phone's yes (see Offer)
    # The last offer said yes to, its move made: its maker's take-back that comes
    # too late is told so (told "there is no offer", they read it as taken back).
    accepted: Offer | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def playing(self) -> int:
        """The store's id of the game in play (a table not started has none)."""
        if self.game_id is None:
            raise TableError(Refusal.NOT_STARTED, "the host has not started the game yet")
        return self.game_id

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
        self,
        kind: str,
        text: str | w.Words,
        seat: int | None = None,
        key: str | None = None,
        left: float | None = None,
        keep: float = 0.0,
    ) -> None:
        """A notice, kept once: the same one again replaces the earlier one. `left`:
        seconds to what it announces (its words say {left} where the phones count down);
        `keep`: seconds it stays though the game moves on (news, not a warning)."""
        words = dict(text) if isinstance(text, dict) else w.both(str(text))
        key = key or w.key_of(kind, seat, words["en"])
        kept = [n for n in self.notices if n.key != key]
        now = time.time()
        until = None if left is None else now + left
        self.notices = (kept + [Notice(kind, key, words, seat, now, until, keep)])[-5:]

    def drop_stale_notices(self) -> None:
        """The game moved on (or the table agrees with it again): its warnings are
        stale; news kept for a while (`keep`) stays its time (a bot's next move came
        a second after "A new game was dealt for you" and took it away)."""
        now = time.time()
        self.notices = [n for n in self.notices if n.keep and now - n.at < n.keep]


def may_make(t: Table, action: Action, seat: int, partners: Partners | None) -> bool:
    """Whether `seat`'s phone may make `action`: its own move, or another's that
    needs it too (a trade offered to it) when the other side is answered for (a
    bot: the person takes the deal the bot would make). A trade with a person is
    entered by either side and said yes to on the other's phone (an Offer): the
    active player's, or the partner's that offers its own hand cards (for the
    face-up ones, or for the active player's asked for by bean: see `legal_for`)."""
    return seat == action.player or (
        seat in action.seats
        and (bool(partners and partners.answers_for(t, action.player)) or seat in action.hands)
    )


def asked_of(t: Table, action: Action, seat: int, partners: Partners | None) -> frozenset[int]:
    """The other seats `action`, made on `seat`'s phone, needs that a phone plays
    (a person, not a bot): each must say yes on its own phone. A seat no phone
    holds is the table's: its player agrees across it."""
    return frozenset(
        s
        for s in action.seats - {seat}
        if s in t.seats and not (partners and partners.answers_for(t, s))
    )


def objected(t: Table, action: Action, seat: int | None, partners: Partners | None) -> str | None:
    """Why a seat answered for says no to `action` made by `seat` (None: the
    active player's own move entered for it), or None."""
    if partners is None:
        return None
    for other in sorted(action.seats - {action.player if seat is None else seat}):
        if partners.answers_for(t, other):
            said = partners.objection(t, action, other)
            if said:
                return said
    return None
