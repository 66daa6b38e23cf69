"""`companion demo`: the demo tables. The table service runs with a table of each
game (or of the one `--game` names) whose seats are played by simulated players at
human pace; a phone that joins a seat takes it over, and the dashboard shows
everything live. (One table only, a newcomer found no way to the other games.)

The whole stack runs, for every game: the simulated players move real
(synthetic) dice or lay real (synthetic) cards on a synthetic table, a synthetic
camera films it, the reader (taught at that table first, as a player would) reads
it, and the tracker turns what it sees into the game's actions. What a camera
can't see (a trade, a gift, the end of a step) they do on the phone."""

from __future__ import annotations

import argparse
import contextlib
import logging
import random
import signal
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .config import Config, host_key
from .engine.games import GAMES
from .engine.sightings import Reads
from .sim.worlds import Bots, CameraBots, CardBots, cards_camera, dice_camera
from .tables import TableError, TableService
from .web import qr

if TYPE_CHECKING:
    from .tracker.live import CameraFeed

ALL = "all"  # --game: a table of every game

log = logging.getLogger(__name__)


def run_demo(args: argparse.Namespace) -> int:

    problem = demo_arguments_problem(args)
    if problem:
        print(f"companion demo: {problem}", file=sys.stderr)
        return 2
    # A fresh database a run, removed when the demo stops (unless --db names one),
    # also when it is stopped by a signal rather than Ctrl-C.
    signal.signal(signal.SIGTERM, _stop)
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        return _run_demo(args, args.db or str(Path(tmp) / "demo.db"))


def _stop(_signum, _frame) -> None:
    raise SystemExit(0)


def demo_games(args: argparse.Namespace) -> list[str]:
    """The games the demo opens a table of, in order (the first: the main one)."""
    return list(GAMES) if args.game == ALL else [args.game]


def demo_players(args: argparse.Namespace, game: str) -> int:
    """A game's table's players: --players for the game it names (the first of all:
    Bohnanza, the one whose count one chooses), else the game's own default."""
    if args.players is not None and game == demo_games(args)[0]:
        return int(args.players)
    return GAMES[game].default_players


def _options(args: argparse.Namespace, game: str, seed: int) -> dict:
    options: dict = {"knowledge": "known", "seed": seed}
    if "edition" in GAMES[game].settings:
        options["edition"] = args.edition or GAMES[game].editions[0]
    return options


def demo_arguments_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the demo's arguments, in one line (None: nothing)."""
    if args.game != ALL and args.game not in GAMES:
        return f"unknown game {args.game!r}: choose one of {', '.join([*GAMES, ALL])}"
    if args.game != ALL and args.players is None:
        args.players = GAMES[args.game].default_players
    if not 1 <= args.port <= 65535:
        return f"--port {args.port} is not a port: choose one from 1 to 65535 (e.g. 8000)"
    if args.pace < 0:
        return "--pace is the seconds between the bots' moves: 0 or more"
    for game in demo_games(args):
        players = demo_players(args, game)
        try:  # the engine knows which player counts a game allows
            TableService.check_setup(game, players, _options(args, game, 0))
        except TableError as err:
            return f"--players {players}: {err.message}"
    return None


@dataclass
class DemoTable:
    """One game's demo table: its code, its simulated players and its camera feed
    (None: no camera), and what the camera films."""

    code: str
    game: str
    players: int
    bots: Bots
    feed: CameraFeed | None
    seen: str


def open_demo_table(
    service: TableService, args: argparse.Namespace, game: str, seed: int
) -> DemoTable:
    """A started table of `game` whose seats the simulated players play, filmed by
    the synthetic camera unless `--camera none`."""
    players = demo_players(args, game)
    code = service.open_table(game, players, _options(args, game, seed))
    service.start_game(code)
    camera = getattr(args, "camera", "synthetic") == "synthetic"
    if camera and GAMES[game].reads == Reads.DICE:
        print(f"teaching the dice reader the synthetic table's dice ({code})...", flush=True)
        world, feed, live = dice_camera(service, code, seed)
        bots: Bots = CameraBots(service, code, args.pace, seed, world, live)
        seen = "synthetic dice table, read by the dice reader"
        return DemoTable(code, game, players, bots, feed, seen)
    if camera:
        print(f"teaching the field reader the synthetic table's cards ({code})...", flush=True)
        cards, feed, fields = cards_camera(service, code, seed)
        bots = CardBots(service, code, args.pace, seed, cards, fields)
        seen = "synthetic card table (every field, the face-up cards), read by the field reader"
        return DemoTable(code, game, players, bots, feed, seen)
    return DemoTable(code, game, players, Bots(service, code, args.pace, seed), None, "")


def _run_demo(args: argparse.Namespace, db: str) -> int:
    from .serve import build, run

    # The demo's store is thrown away when it stops: no backups of it.
    cfg = Config(host=args.host, port=args.port, db=db, backup_every=0)
    _, service, app = build(cfg)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    tables = [open_demo_table(service, args, game, seed) for game in demo_games(args)]
    stop_camera = threading.Event()
    threads: list[threading.Thread] = []  # stopped and waited for before the store closes
    base = app.config["COMPANION_PUBLIC_URL"]

    def ready() -> None:
        for table in tables:
            print(
                f"\nBohnanza companion — demo table {table.code} "
                f"({GAMES[table.game].title}, {table.players} players)"
            )
            print(f"  table view : {base}/table/{table.code}")
            print(f"  join       : {base}/j/{table.code}")
            if table.feed is not None:
                print(f"  camera     : {table.seen}")
        print(f"\n  host key   : {host_key(cfg)}")
        # One code to scan: the main table's join page (each table's is above; the
        # start page lists them all).
        print(f"  scan to join the {GAMES[tables[0].game].title} table (start page: {base}/):")
        print(qr.terminal(f"{base}/j/{tables[0].code}"), flush=True)
        for table in tables:
            if table.feed is not None:
                camera_thread = threading.Thread(
                    target=table.feed.run,
                    args=(stop_camera, 8.0),
                    name=f"camera-{table.code}",
                    daemon=True,
                )
                threads.append(camera_thread)
                camera_thread.start()
            threads.append(table.bots.thread)
            table.bots.start()

    try:
        run(app, cfg, on_ready=ready)
    except OSError as err:
        print(f"companion demo: {err}", file=sys.stderr)
        return 1
    finally:
        for table in tables:
            table.bots.stop.set()
        stop_camera.set()
        # None writes to the store once it is closed; a second Ctrl-C stops the wait.
        with contextlib.suppress(KeyboardInterrupt):
            for thread in threads:
                thread.join(timeout=5)
        service.close()
    return 0
