"""Who sits where at the tables: a seat taken (its phone keeps the seat's token),
freed by the host, a phone gone away and back, and which seat a token holds."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable

from .engine import words as w
from .errors import Refusal
from .store import Seat, SeatHeld, Store
from .table import YOU, Table, TableError

MAX_NAME = 20
RENAMED_KEPT = 60.0  # s "you are Pat (3) here" stays on the phone


class Seats:
    def __init__(self, store: Store, tables: Callable[[], Iterable[Table]], changed) -> None:
        self.store = store
        self._tables = tables  # the open tables, now
        self._changed: Callable[[str], None] = changed

    @staticmethod
    def check(t: Table, seat: object, name: object) -> None:
        """A seat of this table and a name a person may sit down under, or an error
        that says which is wrong."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < t.players:
            raise TableError(Refusal.BAD_SEAT, f"seat must be 0–{t.players - 1}")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise TableError(Refusal.BAD_NAME, f"a name is 1–{MAX_NAME} characters")

    def join(self, t: Table, seat: object, name: object, leaving_token: object = None) -> str:
        """Take a free seat; returns the seat's token (the phone keeps it).
        `leaving_token`: the token of the seat at this table the phone held until now
        (it moves): that seat is freed once the new one is taken, and its name is no
        other person's. (Looked up under the table's lock: a seat that changed hands
        meanwhile is someone else's now, and stays theirs.)"""
        self.check(t, seat, name)
        assert isinstance(seat, int) and isinstance(name, str)
        with t.lock:
            if seat in t.seats:
                raise TableError(
                    Refusal.SEAT_TAKEN, f"seat {seat + 1} is taken by {t.seats[seat].name}"
                )
            leaving = next(
                (
                    at
                    for at, held in t.seats.items()
                    if isinstance(leaving_token, str)
                    and secrets.compare_digest(held.token, leaving_token)
                ),
                None,
            )
            # Two alike would make "Pat's turn" on the big screen name nobody in
            # particular: the newcomer's name gets its seat ("Pat (3)"). Not refused:
            # two phones of one browser bring the same name, and a person whose phone
            # lost its seat sits down again under theirs.
            said = name.strip()
            others = [held for at, held in t.seats.items() if at != leaving]
            if any(held.name.casefold() == said.casefold() for held in others):
                said = f"{said} ({seat + 1})"
                t.add_notice(
                    YOU,
                    w.both(
                        f"Another {name.strip()} sits at this table: you are {said} here",
                        f"Noch jemand namens {name.strip()} sitzt an diesem Tisch: "
                        f"du bist hier {said}",
                    ),
                    seat=seat,
                    keep=RENAMED_KEPT,
                )
            token = secrets.token_urlsafe(24)
            self.store.take_seat(t.code, seat, said, token)
            t.seats[seat] = Seat(said, token)
            if leaving is not None:
                self.store.free_seat(t.code, leaving)
                del t.seats[leaving]
                t.away.pop(leaving, None)
                t.add_notice(
                    YOU,
                    w.both(
                        f"You moved from seat {leaving + 1} to seat {seat + 1}: "
                        f"seat {leaving + 1} is free",
                        f"Du bist von Platz {leaving + 1} auf Platz {seat + 1} gewechselt: "
                        f"Platz {leaving + 1} ist frei",
                    ),
                    seat=seat,
                    keep=RENAMED_KEPT,
                )
        self._changed(t.code)
        return token

    def free(self, t: Table, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < t.players:
            raise TableError(Refusal.BAD_SEAT, f"this table has seats 1–{t.players}")
        with t.lock:
            if seat in t.seats:
                self.store.free_seat(t.code, seat)
                del t.seats[seat]
            t.away.pop(seat, None)
        self._changed(t.code)

    def away(self, t: Table, seat: int, away: bool) -> None:
        """No phone holds the seat any more (`away`), or one holds it again."""
        if seat not in t.seats or (seat in t.away) == away:
            return
        with t.lock:
            if away:
                t.away[seat] = time.time()
            else:
                t.away.pop(seat, None)
        self._changed(t.code)

    def of_token(self, token: object) -> SeatHeld | None:
        """The table and seat a phone's token holds (None: none)."""
        if not isinstance(token, str):
            return None
        for t in self._tables():
            for seat, taken in t.seats.items():
                if secrets.compare_digest(taken.token, token):
                    return SeatHeld(t.code, seat)
        return None
