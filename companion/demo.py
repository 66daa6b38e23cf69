"""`companion demo`: the demo table. The table service runs with a table whose
seats are played by simulated players at human pace; a phone that joins a seat
takes it over, and the dashboard shows everything live."""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
from pathlib import Path

from .config import Config, host_key
from .engine import RuleError
from .engine.bohnanza import Trade
from .engine.bohnanza.players import choose as choose_bohnanza
from .engine.games import GAMES
from .tables import TableError, TableService
from .web import qr


def bot_choice(game: str, state, legal: list, rng: random.Random):
    """A casual simulated player's move."""
    if game == "bohnanza":
        return choose_bohnanza(state, legal, rng)
    names = [type(a).__name__ for a in legal]
    # Prefer moving the game on to harvesting or fiddling, as a relaxed player does.
    weights = [0.3 if n == "Harvest" else 0.6 if n == "ClaimBonus" else 1.0 for n in names]
    return rng.choices(legal, weights)[0]


class Bots:
    """Plays every seat no phone has taken, one action per `pace` seconds."""

    def __init__(self, service: TableService, code: str, pace: float, seed: int) -> None:
        self.service, self.code, self.pace = service, code, pace
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="demo-bots", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def step(self) -> bool:
        """Make one bot move if one is due; True if a move was made."""
        t = self.service.table(self.code)
        with t.lock:
            state = t.state
            if state is None:
                return False
            if state.over:
                return False
            humans = set(t.seats)
            legal = [
                a
                for a in t.game.legal_actions(state)
                if a.player not in humans and not (isinstance(a, Trade) and a.partner in humans)
            ]
        if not legal:
            return False
        action = bot_choice(t.game.name, state, legal, self.rng)
        try:
            self.service.act(self.code, action.to_json(), source="demo")
        except (RuleError, TableError):
            return False  # the table moved on meanwhile (a phone acted)
        return True

    def _run(self) -> None:
        while not self.stop.is_set():
            t = self.service.tables.get(self.code)
            if t is None:
                return
            if t.state is not None and t.state.over:
                self.stop.wait(15)  # show the result, then deal again
                self.service.start_game(self.code)
                continue
            self.step()
            self.stop.wait(self.pace)


def run_demo(args: argparse.Namespace) -> int:
    from .serve import build, run

    if args.game not in GAMES:
        print(f"companion demo: unknown game {args.game}")
        return 2
    db = args.db or str(Path(tempfile.mkdtemp(prefix="companion-demo-")) / "demo.db")
    cfg = Config(host=args.host, port=args.port, db=db)
    _, service, app = build(cfg)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    players = 2 if args.game == "duel" else args.players
    options = {"knowledge": "known", "seed": seed}
    if args.game == "bohnanza":
        options["edition"] = args.edition
    code = service.open_table(args.game, players, options)
    service.start_game(code)
    bots = Bots(service, code, args.pace, seed)
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
        bots.start()

    try:
        run(app, cfg, on_ready=ready)
    except OSError as err:
        print(f"companion demo: {err}")
        return 1
    finally:
        bots.stop.set()
    return 0
