"""The store never loses silently: damage found at start and said, write errors
told as themselves (and on /healthz and the status light), a removed file written
again, backups that restore, and a database of the first release migrated."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.panel.panel import lights
from companion.store import VERSION, Store, StoreError, backups_of
from companion.tables import TableService

OLD_RELEASE = Path(__file__).parent / "data" / "store-release-1.sql"


def played(tmp_path, actions=20, name="t.db"):
    """A store with one Bohnanza table and `actions` actions in its log."""
    store = Store(tmp_path / name)
    svc = TableService(store)
    code = svc.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    svc.start_game(code)
    for _ in range(actions):
        t = svc.table(code)
        action = t.game.legal_actions(t.state)[0]
        svc.act(code, action.to_json(), source="demo")
    return store, svc, code


def test_a_store_reopened_has_every_action_and_its_what_happened_list(tmp_path):
    store, svc, code = played(tmp_path, 30)
    before = svc.table(code).log_text
    store.close()
    again = TableService(Store(tmp_path / "t.db"))
    assert again.table(code).next_n == 30
    assert again.table(code).log_text == before  # "What happened" survives a restart
    assert again.store.events == [] and again.health()["store"] is True


def test_a_lost_journal_after_the_commit_loses_nothing(tmp_path):
    """Committed actions are in the database file itself (rollback journal, not
    WAL): a side file removed or damaged after a crash takes nothing away."""
    store, svc, code = played(tmp_path, 60)
    for side in ("-journal", "-wal", "-shm"):
        Path(f"{tmp_path / 't.db'}{side}").unlink(missing_ok=True)
        Path(f"{tmp_path / 't.db'}{side}").write_bytes(b"\0garbage" * 100)
    again = TableService(Store(tmp_path / "t.db"))
    assert again.table(code).next_n == 60


def test_a_database_truncated_to_nothing_is_restored_from_the_newest_backup(tmp_path):
    store, svc, code = played(tmp_path, 10)
    assert store.backup() is not None
    svc.act(code, svc.table(code).game.legal_actions(svc.table(code).state)[0].to_json())
    store.close()
    (tmp_path / "t.db").write_bytes(b"")
    again = Store(tmp_path / "t.db")
    svc2 = TableService(again)
    assert svc2.table(code).next_n == 10  # the backup's: the one action after it is gone
    (event,) = again.events
    assert event.startswith("the database file is empty (0 bytes): restored from the backup")
    assert "the damaged file is kept as t.db.damaged-" in event
    assert list(tmp_path.glob("t.db.damaged-*"))
    assert svc2.health()["store_events"] == [event]
    again.close()
    assert Store(tmp_path / "t.db").events == [event]  # said again after the next restart


def test_a_damaged_database_without_a_backup_is_kept_aside_and_said(tmp_path):
    store, _, _ = played(tmp_path, 5)
    store.close()
    (tmp_path / "t.db").write_bytes(b"SQLite format 3\0" + os.urandom(4000))
    again = Store(tmp_path / "t.db")
    (event,) = again.events
    assert "no backup to restore from, started a new store" in event
    assert "damaged file is kept as" in event
    assert again.tables() == []


def test_a_missing_database_with_backups_is_restored_and_said(tmp_path):
    store, _, code = played(tmp_path, 4)
    store.backup()
    store.close()
    (tmp_path / "t.db").unlink()
    again = Store(tmp_path / "t.db")
    assert [t.code for t in again.tables()] == [code]
    assert again.events[0].startswith("the database file is missing: restored")


def test_a_full_disk_is_told_as_itself_and_changes_nothing(tmp_path):
    store, svc, code = played(tmp_path, 3)
    t = svc.table(code)
    state, n = t.state, t.next_n
    pages = store._read("PRAGMA page_count")[0][0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    failures = 0
    for k in range(5000):  # small rows in the log's own table until not one more fits
        try:
            store._write(
                "INSERT INTO actions (game, n, action, source, at) VALUES (?, ?, '{}', 'x', 0)",
                (t.game_id, 100000 + k),
            )
        except StoreError as err:
            assert "full" in err.message and "rollback" not in err.message
            failures += 1
            break
    assert failures == 1
    with pytest.raises(StoreError) as err:
        svc.act(code, t.game.legal_actions(t.state)[0].to_json())
    assert err.value.code == "store-failed" and "full" in err.value.message
    assert t.state is state and t.next_n == n  # nothing changed
    health = svc.health()
    assert health["store"] is False and "full" in health["store_problem"]
    snap = svc.snapshot(code)
    assert any(n["kind"] == "store" for n in snap["notices"])
    assert lights(snap)["status"] == "red"
    # Room again: the next write goes through and the warning is over.
    store._db.execute("PRAGMA max_page_count = 1000000")
    store._db.execute("DELETE FROM actions WHERE n >= 100000")
    svc.act(code, t.game.legal_actions(t.state)[0].to_json())
    assert svc.health()["store"] is True and lights(svc.snapshot(code))["status"] != "red"


def test_a_read_only_database_is_told_as_itself(tmp_path):
    store, svc, code = played(tmp_path, 2)
    store._db.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreError) as err:
        svc.join(code, 0, "Anna")
    assert "readonly" in err.value.message.replace("-", "").replace(" ", "")
    assert svc.table(code).seats == {}


def test_healthz_is_503_while_moves_cant_be_saved(tmp_path):
    from companion.web import create_app

    store, svc, code = played(tmp_path, 1)
    http = create_app(svc, host_key="k" * 12).test_client()
    assert http.get("/healthz").status_code == 200
    store.problem = "the store could not save: database or disk is full"
    reply = http.get("/healthz")
    assert reply.status_code == 503 and "full" in reply.get_json()["store_problem"]


def test_a_database_removed_while_running_is_written_again_from_memory(tmp_path):
    store, svc, code = played(tmp_path / "state", 12)
    for f in (tmp_path / "state").iterdir():
        f.unlink()
    (tmp_path / "state").rmdir()
    t = svc.table(code)
    svc.act(code, t.game.legal_actions(t.state)[0].to_json())  # the next move
    assert (tmp_path / "state" / "t.db").exists()
    assert "removed while running" in store.events[0]
    store.close()
    again = TableService(Store(tmp_path / "state" / "t.db"))
    assert again.table(code).next_n == 13


def test_backups_are_rotated_and_a_backup_restores_through_the_cli(tmp_path):
    store, svc, code = played(tmp_path, 6)
    made = [store.backup() for _ in range(10)]
    kept = backups_of(tmp_path / "t.db")
    assert len(kept) == 8 and kept == sorted(made)[-8:]
    t = svc.table(code)
    svc.act(code, t.game.legal_actions(t.state)[0].to_json())
    store.close()
    run = [sys.executable, "-m", "companion", "store"]
    db = ["--db", str(tmp_path / "t.db")]
    assert subprocess.run([*run, "check", *db], capture_output=True).returncode == 0
    listed = subprocess.run([*run, "backups", *db], capture_output=True, text=True).stdout
    assert listed.count("sound") == 8
    out = subprocess.run([*run, "restore", str(kept[-1]), *db], capture_output=True, text=True)
    assert out.returncode == 0 and "kept as" in out.stdout
    assert TableService(Store(tmp_path / "t.db")).table(code).next_n == 6


def test_a_database_of_the_first_release_opens_and_migrates(tmp_path):
    db = tmp_path / "old.db"
    old = sqlite3.connect(db)
    old.executescript(OLD_RELEASE.read_text())
    old.close()
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone() == (0,)
    store = Store(db)
    assert store._read("PRAGMA user_version") == [(VERSION,)]
    svc = TableService(store)
    t = svc.table("QRTA")
    assert t.next_n == 40 and len(store.log(t.game_id)) == 39  # the last one undone
    # Its classic game keeps the protection rule it was played under (migration 3).
    assert t.setup["protection"] == "other-field"
    assert t.seats[0].name == "Anna" and svc.seat_of("tok-bob-0123456789abcdef0") == ("QRTA", 1)
    assert store.events == []
    store._event("a migrated store records its own events")  # the new table is there
    store.close()
    assert Store(db)._read("PRAGMA user_version") == [(VERSION,)]


def test_a_database_of_a_newer_release_is_refused_clearly(tmp_path):
    db = tmp_path / "new.db"
    Store(db).close()
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {VERSION + 1}")
    con.close()
    with pytest.raises(StoreError, match="written by a newer companion"):
        Store(db)


def test_a_closed_store_refuses_a_late_write_and_never_writes_the_file_again(tmp_path):
    # The demo's end: its temporary folder is removed after the store closes; a
    # thread not yet stopped must not put the database back (the folder then can't
    # be removed: "Directory not empty").
    store = Store(tmp_path / "t.db")
    store.open_table("ABCD", "dice", 2, {"players": 2})
    game = store.start_game("ABCD")
    store.close()
    (tmp_path / "t.db").unlink()
    with pytest.raises(StoreError, match="the store is closed"):
        store.append(game, 0, {"type": "roll"}, None, "demo")
    assert not (tmp_path / "t.db").exists()


def test_every_refusal_code_outside_the_rules_is_one_of_a_list(tmp_path):
    import pytest

    from companion.errors import Refusal
    from companion.table import TableError

    assert TableError(Refusal.SEAT_TAKEN, "taken").to_json() == {
        "code": "seat-taken",
        "message": "taken",
    }
    with pytest.raises(ValueError):
        TableError("seat-gone", "a code not in the list is a bug")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["bohnanza", "duel", "dice"])
def test_every_new_game_at_a_table_is_a_new_shuffle_and_replays_after_a_restart(tmp_path, game):
    """The demo dealt the very same game every time (a newcomer who played twice
    knew the deck). The first game keeps the seed the table was opened with."""
    path = tmp_path / "c.db"
    svc = TableService(Store(path))
    code = svc.open_table(game, 2, {"knowledge": "known", "seed": 11})
    svc.start_game(code)
    t = svc.table(code)
    assert t.setup["seed"] == 11

    def dealt():  # (the cards, not the seed that shuffled them)
        return {k: v for k, v in t.state.to_json().items() if k != "seed"}

    deals = [dealt()]
    for _ in range(3):
        svc.start_game(code)
        deals.append(dealt())
    assert all(a != b for i, a in enumerate(deals) for b in deals[i + 1 :])
    legal = t.game.legal_actions(t.state)
    svc.act(code, legal[0].to_json())
    now = t.state.to_json()
    svc.close()
    again = TableService(Store(path))  # (a restarted service replays this game)
    assert again.table(code).state.to_json() == now
    again.close()
