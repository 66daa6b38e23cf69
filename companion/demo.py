"""`companion demo`: the demo table. The table service runs with a table whose
seats are played by simulated players at human pace; a phone that joins a seat
takes it over, and the dashboard shows everything live.

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
from pathlib import Path

from .config import Config, host_key
from .engine.games import GAMES
from .engine.sightings import Reads
from .sim.worlds import Bots, CameraBots, CardBots, cards_camera, dice_camera
from .tables import TableError
from .web import qr

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


def demo_arguments_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the demo's arguments, in one line (None: nothing)."""
    if args.game not in GAMES:
        return f"unknown game {args.game!r}: choose one of {', '.join(GAMES)}"
    if args.players is None:
        args.players = GAMES[args.game].default_players
    if not 1 <= args.port <= 65535:
        return f"--port {args.port} is not a port: choose one from 1 to 65535 (e.g. 8000)"
    if args.pace < 0:
        return "--pace is the seconds between the bots' moves: 0 or more"
    options = {"knowledge": "known", "seed": 0}
    if "edition" in GAMES[args.game].settings:
        options["edition"] = args.edition or GAMES[args.game].editions[0]
    try:  # the engine knows which player counts a game allows
        from .tables import TableService

        TableService.check_setup(args.game, args.players, options)
    except TableError as err:
        return f"--players {args.players}: {err.message}"
    return None


def _run_demo(args: argparse.Namespace, db: str) -> int:
    from .serve import build, run

    # The demo's store is thrown away when it stops: no backups of it.
    cfg = Config(host=args.host, port=args.port, db=db, backup_every=0)
    _, service, app = build(cfg)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    players = args.players
    options = {"knowledge": "known", "seed": seed}
    if "edition" in GAMES[args.game].settings:
        options["edition"] = args.edition or GAMES[args.game].editions[0]
    code = service.open_table(args.game, players, options)
    service.start_game(code)
    feed = None
    camera = getattr(args, "camera", "synthetic") == "synthetic"
    if camera and GAMES[args.game].reads == Reads.DICE:
        print("teaching the dice reader the synthetic table's dice...", flush=True)
        world, feed, live = dice_camera(service, code, seed)
        bots: Bots = CameraBots(service, code, args.pace, seed, world, live)
        seen = "synthetic dice table, read by the dice reader"
    elif camera:
        print("teaching the field reader the synthetic table's cards...", flush=True)
        cards, feed, fields = cards_camera(service, code, seed)
        bots = CardBots(service, code, args.pace, seed, cards, fields)
        seen = "synthetic card table (every field, the face-up cards), read by the field reader"
    else:
        bots = Bots(service, code, args.pace, seed)
    stop_camera = threading.Event()
    threads: list[threading.Thread] = []  # stopped and waited for before the store closes
    base = app.config["COMPANION_PUBLIC_URL"]
    join = f"{base}/j/{code}"

    def ready() -> None:
        print(
            f"\nBohnanza companion — demo table {code} ({GAMES[args.game].title}, "
            f"{players} players)"
        )
        print(f"  table view : {base}/table/{code}")
        print(f"  join       : {join}   (scan the QR code below with a phone)")
        print(f"  host key   : {host_key(cfg)}")
        print(qr.terminal(join), flush=True)
        if feed is not None:
            print(f"  camera     : {seen}", flush=True)
            camera_thread = threading.Thread(
                target=feed.run, args=(stop_camera, 8.0), name="camera", daemon=True
            )
            threads.append(camera_thread)
            camera_thread.start()
        threads.append(bots.thread)
        bots.start()

    try:
        run(app, cfg, on_ready=ready)
    except OSError as err:
        print(f"companion demo: {err}", file=sys.stderr)
        return 1
    finally:
        bots.stop.set()
        stop_camera.set()
        # None writes to the store once it is closed; a second Ctrl-C stops the wait.
        with contextlib.suppress(KeyboardInterrupt):
            for thread in threads:
                thread.join(timeout=5)
        service.close()
    return 0
