"""The game store: tables, seats and every game's action log in SQLite.

A game's state is never stored: it is rebuilt by replaying its log, so the log
is the one truth. Every write is its own transaction, committed (synchronous FULL)
before the caller acknowledges anything: a killed process loses nothing it
acknowledged.

Never silent about loss: a damaged database is found at start (integrity check),
kept aside and replaced by the newest backup (or a new store), and said so
(`Store.events`, /healthz); a write that fails says why (`Store.problem`) and
raises `StoreError`; a database file removed while running is written again from
the open connection. Backups are SQLite online backups, rotated."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .errors import CompanionError, Refusal

# The schema as numbered migrations: a database remembers how far it got in
# SQLite's user_version, and every newer step runs once, in order, in one
# transaction. Append only: a step once released is never changed.
MIGRATIONS: list[str] = [
    # 1: the first release's schema (its databases have user_version 0 and these
    # tables already: IF NOT EXISTS lets them through unchanged).
    """
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
""",
    # 2: what happened to the store itself (damage found, a backup restored), so
    # a restart still says it.
    """
CREATE TABLE IF NOT EXISTS store_events (
    at REAL NOT NULL,
    what TEXT NOT NULL
);
""",
    # 3: the classic Bohnanza edition now reads its protection rule to the letter
    # (000: a lone card beside an empty field stays). A table opened before keeps
    # the wording its log was played under, or the log would no longer replay.
    """
UPDATE tables SET setup = json_set(setup, '$.protection', 'other-field')
WHERE game = 'bohnanza'
  AND json_extract(setup, '$.protection') IS NULL
  AND coalesce(json_extract(setup, '$.edition'), 'classic') = 'classic';
""",
]
VERSION = len(MIGRATIONS)
BACKUPS_KEPT = 8


class StoreError(CompanionError):
    """The store could not do what was asked (disk full, read-only, damaged)."""

    def __init__(self, message: str) -> None:
        super().__init__(Refusal.STORE_FAILED, message)


class SeatHeld(NamedTuple):
    """The seat a phone's token holds: at which table, which seat."""

    code: str
    seat: int


class Seat(NamedTuple):
    """Who sits at a seat: the name they gave and their phone's token."""

    name: str
    token: str


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
    def __init__(self, path: str | Path, backups: str | Path | None = None) -> None:
        self.path = str(path)
        self.memory = self.path == ":memory:"
        # Where backups go (None: beside the database, in "backups/").
        self.backups = (
            None
            if self.memory
            else Path(backups)
            if backups is not None
            else Path(self.path).parent / "backups"
        )
        # Why the last write failed (None: it didn't): /healthz and the status LED.
        self.problem: str | None = None
        # What happened to the store itself at this start, said once in the journal
        # and kept (store_events) for /healthz and the host.
        self.events: list[str] = []
        self._lock = threading.RLock()
        self._pending_event: str | None = None
        self.writes = 0  # since start: a backup is due only when something changed
        self.closed = False
        if not self.memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._check_at_start()
        self._open()

    # ------------------------------------------------------------ opening, damage

    def _open(self) -> None:
        # One connection, serialised by a lock: the threads of the web server and
        # the panel all write through here.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        with self._lock:
            # A rollback journal, not WAL: a committed action is in the database
            # file itself, so a lost or damaged side file can't take it away.
            self._db.execute("PRAGMA journal_mode=TRUNCATE")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            for (what,) in self._db.execute("SELECT what FROM store_events ORDER BY at"):
                if what not in self.events:
                    self.events.append(what)
        # The file as opened: a removal (or a new file put in its place) shows as
        # another inode, or none.
        self._inode = None if self.memory else os.stat(self.path).st_ino
        told, self._pending_event = self._pending_event, None
        if told is not None:
            self._event(told)

    def _migrate(self) -> None:
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version > VERSION:
            raise StoreError(
                f"the store {self.path} was written by a newer companion (schema "
                f"{version}, this one knows {VERSION}): update companion"
            )
        for number in range(version + 1, VERSION + 1):
            self._db.execute("BEGIN IMMEDIATE")
            for statement in _statements(MIGRATIONS[number - 1]):
                self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {number}")
            self._db.execute("COMMIT")

    def _check_at_start(self) -> None:
        """A damaged database is kept aside and replaced (the newest backup, or a new
        store), and said: never an empty service that looks healthy."""
        path = Path(self.path)
        why = None
        if path.exists():
            if path.stat().st_size == 0:
                why = "the database file is empty (0 bytes)"
            else:
                why = _damage(self.path)
        elif self.backups is not None and _newest(self.backups) is not None:
            why = "the database file is missing"
        if why is None:
            return
        kept = None
        if path.exists():
            kept = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            path.rename(kept)
            for side in ("-journal", "-wal", "-shm"):
                extra = Path(self.path + side)
                if extra.exists():
                    extra.rename(str(kept) + side)
        backup = _newest(self.backups) if self.backups is not None else None
        if backup is not None:
            restore(backup, self.path)
            then = time.strftime("%Y-%m-%d %H:%M", time.localtime(backup.stat().st_mtime))
            told = f"{why}: restored from the backup of {then} ({backup.name})"
        else:
            told = f"{why}: no backup to restore from, started a new store"
        if kept is not None:
            told += f"; the damaged file is kept as {kept.name}"
        self._pending_event = told

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self._db.close()

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            if self.closed:
                # The service is stopping: a late writer (a thread not yet stopped)
                # must not write the file again where its folder is being removed.
                raise StoreError("the store is closed: the service is stopping; nothing changed")
            self._still_on_disk()
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    cur = self._db.execute(sql, args)
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        # The first error is the one to tell, not the rollback's.
                        with contextlib.suppress(sqlite3.Error):
                            self._db.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError:
                raise  # the caller's (two writers of one action): the store is fine
            except (sqlite3.Error, OSError) as err:
                self.problem = f"the store could not save: {err}"
                raise StoreError(f"{self.problem}; nothing changed") from None
            self.problem = None
            self.writes += 1
            return cur

    def _still_on_disk(self) -> None:
        """The database file removed while running (its folder deleted, say): this
        connection still holds every row, so it is written again where it was."""
        if self.memory:
            return
        try:
            same = os.stat(self.path).st_ino == self._inode
        except OSError:
            same = False
        if same:
            return
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        fresh = sqlite3.connect(self.path)
        with fresh:
            self._db.backup(fresh)
        fresh.close()
        self._db.close()
        self._open()
        self._event("the database file was removed while running: written again from memory")

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def alive(self) -> bool:
        """A cheap check for the watchdog: the database answers. (A full disk is
        no reason to restart: /healthz and the status light say it instead.)"""
        try:
            return self._read("SELECT 1") == [(1,)]
        except sqlite3.Error:
            return False

    def healthy(self) -> bool:
        """The database answers and the last write went through."""
        return self.problem is None and self.alive()

    def _event(self, what: str) -> None:
        logging.getLogger(__name__).error("store: %s", what)
        self.events.append(what)
        with self._lock:
            self._db.execute(
                "INSERT INTO store_events (at, what) VALUES (?, ?)", (time.time(), what)
            )

    # ------------------------------------------------------------ backups

    def backup(self) -> Path | None:
        """An online backup of the whole store (consistent while the service runs),
        the newest BACKUPS_KEPT kept. None for a store in memory."""
        if self.backups is None:
            return None
        self.backups.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{time.time_ns() % 10**6:06d}"
        target = self.backups / f"store-{stamp}.db"
        partial = target.with_suffix(".part")
        out = sqlite3.connect(str(partial))
        try:
            with self._lock:
                self._db.backup(out)
        finally:
            out.close()
        os.replace(partial, target)
        for old in sorted(self.backups.glob("store-*.db"))[:-BACKUPS_KEPT]:
            old.unlink()
        return target

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

    def seats(self, code: str) -> dict[int, Seat]:
        return {
            s: Seat(n, t)
            for s, n, t in self._read(
                "SELECT seat, name, token FROM seats WHERE code = ? ORDER BY seat", (code,)
            )
        }

    def seat_of(self, token: str) -> SeatHeld | None:
        rows = self._read("SELECT code, seat FROM seats WHERE token = ?", (token,))
        return SeatHeld(*rows[0]) if rows else None

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


def _statements(script: str) -> list[str]:
    """A migration's statements, one by one (a `;` inside a comment splits none)."""
    out, part = [], ""
    for piece in script.split(";"):
        part += piece + ";"
        if sqlite3.complete_statement(part):
            if part.strip(" \n;"):
                out.append(part.strip())
            part = ""
    return out


def _damage(path: str) -> str | None:
    """What is wrong with a database file (None: nothing). Opened for writing: a
    crash mid-write leaves a hot journal that SQLite rolls back on opening (a
    read-only open can't, and would call a sound store damaged)."""
    try:
        db = sqlite3.connect(path)
        try:
            rows = db.execute("PRAGMA quick_check").fetchall()
            (version,) = db.execute("PRAGMA user_version").fetchone()
            names = {n for (n,) in db.execute("SELECT name FROM sqlite_master")}
        finally:
            db.close()
    except sqlite3.Error as err:
        return f"the database can't be read ({err})"
    if rows != [("ok",)]:
        return "the database is damaged (" + "; ".join(str(r[0]) for r in rows[:3]) + ")"
    if version >= 1 and "actions" not in names:
        return "the database has lost its tables"
    return None


def _newest(folder: Path) -> Path | None:
    found = sorted(folder.glob("store-*.db")) if folder.is_dir() else []
    for candidate in reversed(found):
        if _damage(str(candidate)) is None:
            return candidate
    return None


def backups_of(store_path: str | Path, backups: str | Path | None = None) -> list[Path]:
    """The backups of a store, oldest first."""
    folder = Path(backups) if backups is not None else Path(store_path).parent / "backups"
    return sorted(folder.glob("store-*.db")) if folder.is_dir() else []


def restore(backup: str | Path, store_path: str | Path) -> None:
    """Put a backup in the store's place (the service stopped): a copy through
    SQLite, so the result is a whole database or nothing."""
    if _damage(str(backup)) is not None:
        raise StoreError(f"{backup} is not a sound backup: {_damage(str(backup))}")
    partial = Path(str(store_path) + ".restoring")
    source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    out = sqlite3.connect(str(partial))
    try:
        source.backup(out)
    finally:
        out.close()
        source.close()
    os.replace(partial, store_path)
    for side in ("-journal", "-wal", "-shm"):
        Path(str(store_path) + side).unlink(missing_ok=True)
