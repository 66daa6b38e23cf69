"""The game store: tables, seats and every game's action log in SQLite.

A game's state is never stored: it is rebuilt by replaying its log, so the log
is the one truth. Every write is its own transaction, committed (WAL, synchronous
FULL) before the caller acknowledges anything: a killed process loses nothing it
acknowledged."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    setup TEXT NOT NULL,          -- JSON: the engine's new_game arguments
    opened REAL NOT NULL,
    closed REAL                   -- set when the host ends the table
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL REFERENCES tables(code),
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,           -- position in the log, from 0
    action TEXT NOT NULL,         -- JSON
    seat INTEGER,                 -- who entered it (NULL: host, panel or camera)
    source TEXT NOT NULL,         -- phone, panel, camera, host, demo
    at REAL NOT NULL,
    undone REAL,                  -- when the host undid it; the log keeps it
    PRIMARY KEY (game, n)
);
"""


@dataclass(frozen=True)
class TableRow:
    code: str
    game: str
    players: int
    setup: dict[str, Any]
    opened: float
    closed: float | None


@dataclass(frozen=True)
class LoggedAction:
    n: int
    action: dict[str, Any]
    seat: int | None
    source: str
    at: float
    undone: float | None


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # One connection, serialised by a lock: the threads of the web server and
        # the panel all write through here.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.RLock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return cur

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def alive(self) -> bool:
        """A cheap check for the watchdog: the database answers."""
        try:
            return self._read("SELECT 1") == [(1,)]
        except sqlite3.Error:
            return False

    # ------------------------------------------------------------ tables and seats

    def open_table(self, code: str, game: str, players: int, setup: dict[str, Any]) -> None:
        self._write(
            "INSERT INTO tables (code, game, players, setup, opened) VALUES (?, ?, ?, ?, ?)",
            (code, game, players, json.dumps(setup), time.time()),
        )

    def update_setup(self, code: str, setup: dict[str, Any]) -> None:
        self._write("UPDATE tables SET setup = ? WHERE code = ?", (json.dumps(setup), code))

    def close_table(self, code: str) -> None:
        self._write("UPDATE tables SET closed = ? WHERE code = ?", (time.time(), code))

    def tables(self, include_closed: bool = False) -> list[TableRow]:
        sql = "SELECT code, game, players, setup, opened, closed FROM tables"
        if not include_closed:
            sql += " WHERE closed IS NULL"
        return [
            TableRow(c, g, p, json.loads(s), o, cl)
            for c, g, p, s, o, cl in self._read(sql + " ORDER BY opened")
        ]

    def table(self, code: str) -> TableRow | None:
        rows = self._read(
            "SELECT code, game, players, setup, opened, closed FROM tables WHERE code = ?", (code,)
        )
        if not rows:
            return None
        c, g, p, s, o, cl = rows[0]
        return TableRow(c, g, p, json.loads(s), o, cl)

    def take_seat(self, code: str, seat: int, name: str, token: str) -> None:
        self._write(
            "INSERT INTO seats (code, seat, name, token, joined) VALUES (?, ?, ?, ?, ?)",
            (code, seat, name, token, time.time()),
        )

    def free_seat(self, code: str, seat: int) -> None:
        self._write("DELETE FROM seats WHERE code = ? AND seat = ?", (code, seat))

    def seats(self, code: str) -> dict[int, tuple[str, str]]:
        """{seat: (name, token)}"""
        return {
            s: (n, t)
            for s, n, t in self._read(
                "SELECT seat, name, token FROM seats WHERE code = ? ORDER BY seat", (code,)
            )
        }

    def seat_of(self, token: str) -> tuple[str, int] | None:
        rows = self._read("SELECT code, seat FROM seats WHERE token = ?", (token,))
        return rows[0] if rows else None

    # ------------------------------------------------------------ games and their logs

    def start_game(self, code: str) -> int:
        return self._write(
            "INSERT INTO games (code, started) VALUES (?, ?)", (code, time.time())
        ).lastrowid  # type: ignore[return-value]

    def current_game(self, code: str) -> int | None:
        rows = self._read("SELECT MAX(id) FROM games WHERE code = ?", (code,))
        return rows[0][0] if rows else None

    def count_games(self) -> int:
        return self._read("SELECT COUNT(*) FROM games")[0][0]

    def append(
        self, game: int, n: int, action: dict[str, Any], seat: int | None, source: str
    ) -> None:
        """Write action `n` of a game's log; returns once it is on disk. A second
        writer of the same `n` fails (the primary key), so two phones can't both
        be action n."""
        self._write(
            "INSERT INTO actions (game, n, action, seat, source, at) VALUES (?, ?, ?, ?, ?, ?)",
            (game, n, json.dumps(action), seat, source, time.time()),
        )

    def undo_last(self, game: int) -> int | None:
        """Mark the last action not yet undone as undone; its n, or None."""
        with self._lock:
            rows = self._read(
                "SELECT MAX(n) FROM actions WHERE game = ? AND undone IS NULL", (game,)
            )
            n = rows[0][0]
            if n is None:
                return None
            self._write(
                "UPDATE actions SET undone = ? WHERE game = ? AND n = ?", (time.time(), game, n)
            )
            return n

    def log(self, game: int, include_undone: bool = False) -> list[LoggedAction]:
        sql = "SELECT n, action, seat, source, at, undone FROM actions WHERE game = ?"
        if not include_undone:
            sql += " AND undone IS NULL"
        return [
            LoggedAction(n, json.loads(a), s, src, at, u)
            for n, a, s, src, at, u in self._read(sql + " ORDER BY n", (game,))
        ]

    def next_n(self, game: int) -> int:
        rows = self._read("SELECT MAX(n) FROM actions WHERE game = ?", (game,))
        return 0 if rows[0][0] is None else rows[0][0] + 1
