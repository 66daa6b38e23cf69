"""The `companion` command."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from . import __version__
from .engine.games import GAMES, dice_faces


def _simulate(args: argparse.Namespace) -> int:
    from .engine.errors import RuleError
    from .engine.simulate import simulate

    game = GAMES[args.game]
    players = args.players or game.default_players
    if game.fixed_players is not None and players != game.fixed_players:
        print(
            f"companion simulate: {game.title} is for {game.fixed_players} players", file=sys.stderr
        )
        return 2
    setup: dict[str, Any] = game.setup_for(players, {})
    if "edition" in game.settings:
        setup["edition"] = args.edition or game.editions[0]
    try:
        result = simulate(args.game, args.games, args.seed, **setup)
    except RuleError as err:
        print(f"companion simulate: {err.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    bad = result["rule_errors"] or result["invariant_violations"]
    return 1 if bad else 0


def _demo(args: argparse.Namespace) -> int:
    from .demo import run_demo

    return run_demo(args)


def _serve(args: argparse.Namespace) -> int:
    from .serve import serve

    return serve(args)


def _store(args: argparse.Namespace) -> int:
    """The store's own care: check it, back it up, list and restore backups."""
    from .config import load_config
    from .store import Store, StoreError, _damage, backups_of, restore

    cfg = load_config(args.config)
    db = args.db or cfg.db
    name = f"companion store {args.action}"
    if args.action == "check":
        if not Path(db).exists():
            print(f"{db}: no store yet")
            return 1
        why = _damage(db)
        print(f"{db}: {why or 'sound'}")
        return 1 if why else 0
    if args.action == "backups":
        found = backups_of(db)
        for b in found:
            print(f"{b}  {b.stat().st_size} bytes  {_damage(str(b)) or 'sound'}")
        if not found:
            print(f"no backups of {db} yet")
        return 0
    if args.action == "backup":
        store = Store(db)
        print(store.backup())
        store.close()
        return 0
    # restore: the service must be stopped (it holds the store open).
    if not args.file:
        print(f"{name}: say which backup (`companion store backups` lists them)", file=sys.stderr)
        return 2
    try:
        if Path(db).exists():
            kept = Path(f"{db}.before-restore-{int(time.time())}")
            Path(db).rename(kept)
            print(f"the store it replaces is kept as {kept}")
        restore(args.file, db)
    except (StoreError, OSError) as err:
        print(f"{name}: {getattr(err, 'message', err)}", file=sys.stderr)
        return 1
    print(f"{db} restored from {args.file}")
    return 0


def _one_line(message: str) -> str:
    """A message on one line (an order's syntax error points at a character below)."""
    return " ".join(line.strip() for line in message.splitlines() if line.strip() not in ("", "^"))


def _replay(args: argparse.Namespace) -> int:
    from .engine import RuleError, replay
    from .engine.log import game_def

    try:
        with open(args.log, encoding="utf-8") as fh:
            log = json.load(fh)
    except (OSError, ValueError, RecursionError) as err:
        # ValueError: not JSON, or not UTF-8; RecursionError: nested too deep.
        why = str(err) or type(err).__name__
        print(f"companion replay: can't read {args.log}: {_one_line(why)}", file=sys.stderr)
        return 2
    try:
        state = replay(log)
    except RuleError as err:
        print(f"companion replay: {_one_line(err.message)} [{err.code}]", file=sys.stderr)
        return 1
    result = game_def(log["game"]).summary(state)
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    return 0


def _eval_dice(args: argparse.Namespace) -> int:
    from .vision.dice_reader import evaluate_folders

    try:
        result = evaluate_folders(args.enroll, args.test, args.per_face)
    except (OSError, ValueError) as err:
        print(f"companion vision eval-dice: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    return 0


def _eval_fields(args: argparse.Namespace) -> int:
    from .vision.field_reader import evaluate_fields

    try:
        result = evaluate_fields(args.enroll, args.test)
    except (OSError, ValueError, KeyError) as err:
        print(f"companion vision eval-fields: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    return 0


def _split(args: argparse.Namespace) -> int:
    from .vision.split import split_by_size, split_dataset

    try:
        if args.by == "size":
            low, high = args.sizes
            counts = split_by_size(args.source, args.enroll_out, args.test_out, low, high)
        else:
            counts = split_dataset(args.source, args.enroll_out, args.test_out, args.first)
    except (OSError, ValueError) as err:
        print(f"companion vision split: {err}", file=sys.stderr)
        return 2
    print(json.dumps(counts))
    return 0


def _mats(args: argparse.Namespace) -> int:
    from .tracker.rig import table_mats
    from .vision.mats import write_mats

    try:
        layouts = table_mats(GAMES[args.game], args.players, args.paper)
        paths = write_mats(args.out, layouts, name=args.game)
    except ValueError as err:
        print(f"companion mats: {err}", file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    import cv2

    from .tracker.rig import table_mats
    from .vision.calibrate import calibration_report

    image = cv2.imread(args.image, cv2.IMREAD_COLOR)
    if image is None:
        print(f"companion vision calibrate: can't read the image {args.image}", file=sys.stderr)
        return 2
    report = calibration_report(image, table_mats(GAMES[args.game], args.players, args.paper))
    print(json.dumps(report) if args.json else json.dumps(report, indent=2))
    return 0 if any(m["homography"] for m in report["mats"]) else 1


def _teach_card(args: argparse.Namespace) -> int:
    """Teach mode for cards at a real table: a photo with one card of a variety laid
    in seat 1's first field slot (or --seat/--field) becomes that variety's face."""
    import cv2
    import numpy as np

    from .vision.calibrate import MatTracker, to_image
    from .vision.field_reader import face_from_slot
    from .vision.mats import card_mat

    image = cv2.imread(args.image, cv2.IMREAD_COLOR)
    if image is None:
        print(f"companion vision teach-card: can't read the image {args.image}", file=sys.stderr)
        return 2
    layout = card_mat(args.seat - 1, 3, args.paper)
    mats = MatTracker([layout])
    mats.update(image)
    if not mats.calibrated():
        print(f"companion vision teach-card: {layout.name}'s mat is not in view", file=sys.stderr)
        return 1
    if not 1 <= args.field <= len(layout.slots):
        print(
            f"companion vision teach-card: a mat has fields 1-{len(layout.slots)}", file=sys.stderr
        )
        return 2
    slot = layout.slots[args.field - 1]
    quad = to_image(mats.homographies[layout.name], np.asarray(slot.quad, np.float32))
    try:
        face = face_from_slot(image, quad)
    except ValueError as err:
        print(f"companion vision teach-card: {err}", file=sys.stderr)
        return 1
    out = Path(args.faces)
    out.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out / f"{args.bean}.png"), face)
    print(f"taught {args.bean}: {out / (args.bean + '.png')}")
    return 0


TEACH_DICE_WANTED = 15  # dice of a face enough to read it (10-20, see TeachMode)


def _teach_dice(args: argparse.Namespace) -> int:
    """Teach mode for the dice at a real table, picture by picture, into the folder
    the camera reads with ([camera] dice): first the empty dice mat (`--empty`),
    then for each face photos with every die showing it (`--face`). A photo is a
    file, or taken by the camera (`--camera SOURCE`)."""
    import cv2

    BEANS = dice_faces()
    from .vision.camera import CameraError, open_camera
    from .vision.dataset import Box, read_dataset
    from .vision.dice_reader import dice_against_empty

    name = "companion vision teach-dice"
    folder = Path(args.dice)
    if (args.face is None) == (not args.empty):
        print(f"{name}: give --empty (the empty mat) or --face BEAN", file=sys.stderr)
        return 2
    if args.face is not None and args.face not in BEANS:
        print(f"{name}: the faces are {', '.join(BEANS)}, not {args.face!r}", file=sys.stderr)
        return 2
    import numpy as np

    read: list[tuple[str, np.ndarray | None]]
    if args.camera:
        try:
            read = [("camera", open_camera(args.camera).read().image)]
        except CameraError as err:
            print(f"{name}: {err}", file=sys.stderr)
            return 1
    else:
        read = [(path, cv2.imread(path, cv2.IMREAD_COLOR)) for path in args.images]
    if not read:
        print(f"{name}: no photo: give image files or --camera", file=sys.stderr)
        return 2
    for path, image in read:
        if image is None:
            print(f"{name}: can't read the image {path}", file=sys.stderr)
            return 2
    images = [(path, image) for path, image in read if image is not None]
    folder.mkdir(parents=True, exist_ok=True)
    classes_file = folder / "classes.txt"
    if not classes_file.exists():
        classes_file.write_text("\n".join(BEANS) + "\n")
    empty_file = folder / "empty.png"
    if args.empty:
        cv2.imwrite(str(empty_file), images[-1][1])
        print(f"the empty mat: {empty_file}; now the dice, face by face (--face BEAN)")
        return 0
    empty = cv2.imread(str(empty_file), cv2.IMREAD_COLOR) if empty_file.exists() else None
    if empty is None:
        print(f"{name}: photograph the empty mat first (--empty)", file=sys.stderr)
        return 1
    face = BEANS.index(args.face)
    taken = 0
    for path, image in images:
        if image.shape != empty.shape:
            print(f"{name}: {path} is not the size of the empty mat's photo", file=sys.stderr)
            return 1
        dice = dice_against_empty(image, empty)
        if not dice:
            print(f"{name}: no dice in {path} (against the empty mat)", file=sys.stderr)
            return 1
        n = len(list(folder.glob(f"{args.face}-*.png"))) + 1
        stem = folder / f"{args.face}-{n}"
        cv2.imwrite(str(stem.with_suffix(".png")), image)
        h, w = image.shape[:2]
        lines = [Box(face, cx, cy, side, side).yolo(w, h) for cx, cy, side in dice]
        stem.with_suffix(".txt").write_text("\n".join(lines) + "\n")
        taken += len(dice)
    _, samples = read_dataset(folder)
    counts = {b: 0 for b in BEANS}
    for sample in samples:
        for box in sample.boxes:
            counts[BEANS[box.face]] += 1
    print(f"taught {taken} dice showing {args.face}")
    for bean in BEANS:
        print(f"  {bean}: {counts[bean]} of {TEACH_DICE_WANTED}")
    missing = [b for b in BEANS if counts[b] < TEACH_DICE_WANTED]
    print("still to teach: " + ", ".join(missing) if missing else "every face taught")
    return 0


PLAYERS_HELP = "; ".join(f"{g.title}: {g.default_players}" for g in GAMES.values())
# Every game's editions (a game without any takes none): the first is its default.
EDITIONS = sorted({e for g in GAMES.values() for e in g.editions})
EDITION_HELP = "; ".join(
    f"{g.title}: {', '.join(g.editions)} (default {g.editions[0]})"
    for g in GAMES.values()
    if g.editions
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play random games and check every rule invariant")
    sim.add_argument("--game", default=next(iter(GAMES)), choices=list(GAMES))
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--edition", default=None, choices=EDITIONS, help=EDITION_HELP)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(run=_simulate)

    demo = sub.add_parser("demo", help="the demo tables: the service with simulated players")
    demo.add_argument(
        "--game",
        default="all",
        choices=[*GAMES, "all"],
        help="the game of the demo's one table (default: a table of each game)",
    )
    demo.add_argument(
        "--players",
        type=int,
        default=None,
        help="the players of the game's table (with every game: Bohnanza's); default: "
        + PLAYERS_HELP,
    )
    demo.add_argument("--edition", default=None, choices=EDITIONS, help=EDITION_HELP)
    demo.add_argument("--seed", type=int, default=None)
    demo.add_argument("--pace", type=float, default=1.2, help="seconds between moves")
    demo.add_argument(
        "--camera",
        default="synthetic",
        choices=["synthetic", "none"],
        help="a synthetic camera films the simulated players' table (dice, or the cards "
        "in every field and face up), read by the real vision pipeline (default)",
    )
    demo.add_argument("--host", default="0.0.0.0")
    demo.add_argument("--port", type=int, default=8000)
    demo.add_argument("--db", default=None, help="default: a fresh temporary database")
    demo.set_defaults(run=_demo)

    srv = sub.add_parser("serve", help="the table service")
    srv.add_argument("--host", default=None)
    srv.add_argument("--port", type=int, default=None)
    srv.add_argument("--db", default=None)
    srv.add_argument("--config", default=None, help="a TOML config file")
    srv.set_defaults(run=_serve)

    st = sub.add_parser("store", help="check, back up and restore the game store")
    st.add_argument("action", choices=["check", "backup", "backups", "restore"])
    st.add_argument("file", nargs="?", help="restore: the backup to put in the store's place")
    st.add_argument("--db", default=None)
    st.add_argument("--config", default=None, help="a TOML config file")
    st.set_defaults(run=_store)

    for game in GAMES.values():  # each game's own tools (`companion dice odds`)
        if game.commands is not None:
            game.commands(sub)

    vision = sub.add_parser("vision", help="the camera's readers")
    vsub = vision.add_subparsers(dest="vision_command", required=True)
    ev = vsub.add_parser("eval-dice", help="enrol from one dice folder, score on another")
    ev.add_argument("--enroll", required=True)
    ev.add_argument("--test", required=True)
    ev.add_argument("--per-face", type=int, default=20)
    ev.add_argument("--json", action="store_true")
    ev.set_defaults(run=_eval_dice)
    ef = vsub.add_parser("eval-fields", help="enrol card faces, score the field reader")
    ef.add_argument("--enroll", required=True, help="one upright card face per variety")
    ef.add_argument("--test", required=True, help="scene images with their JSON labels")
    ef.add_argument("--json", action="store_true")
    ef.set_defaults(run=_eval_fields)
    sp = vsub.add_parser("split", help="split a dice folder into enrolment and test folders")
    sp.add_argument("source")
    sp.add_argument("--enroll-out", required=True)
    sp.add_argument("--test-out", required=True)
    sp.add_argument(
        "--first",
        type=int,
        default=20,
        help="pictures numbered up to this (per name prefix) go to enrolment",
    )
    sp.add_argument(
        "--by",
        choices=["number", "size"],
        default="number",
        help="number: the first pictures of every series enrol (default); size: the "
        "pictures whose dice are --sizes pixels enrol, those with smaller or larger dice test",
    )
    sp.add_argument(
        "--sizes",
        type=float,
        nargs=2,
        default=(30.0, 45.0),
        metavar=("LOW", "HIGH"),
        help="with --by size: the dice sizes (px, a box's longer side) that enrol",
    )
    sp.set_defaults(run=_split)

    cal = vsub.add_parser("calibrate", help="find the mats' markers and the homographies")
    cal.add_argument("image")
    cal.add_argument("--game", default=next(iter(GAMES)), choices=list(GAMES))
    cal.add_argument("--players", type=int, default=4)
    cal.add_argument("--paper", default="A4", choices=["A4", "A3", "Letter"])
    cal.add_argument("--json", action="store_true")
    cal.set_defaults(run=_calibrate)

    tc = vsub.add_parser("teach-card", help="teach a card face from a photo of it on a mat")
    tc.add_argument("image", help="a photo: one card laid in the field slot, its mat in view")
    tc.add_argument("--bean", required=True, help="the variety, e.g. soy or black-eyed")
    tc.add_argument("--faces", required=True, help="the folder of taught faces ([camera] faces)")
    tc.add_argument("--seat", type=int, default=1)
    tc.add_argument("--field", type=int, default=1)
    tc.add_argument("--paper", default="A4", choices=["A4", "A3", "Letter"])
    tc.set_defaults(run=_teach_card)

    td = vsub.add_parser("teach-dice", help="teach the dice from photos of them on the dice mat")
    td.add_argument("images", nargs="*", help="photos (or --camera): every die showing --face")
    td.add_argument(
        "--dice", required=True, help="the folder the camera reads with ([camera] dice)"
    )
    td.add_argument(
        "--face",
        help="the bean every die shows: " + ", ".join(dice_faces()),
    )
    td.add_argument("--empty", action="store_true", help="the photo is of the empty dice mat")
    td.add_argument("--camera", help="take the photo with this camera (pi, 0, ...)")
    td.set_defaults(run=_teach_dice)

    mats = sub.add_parser("mats", help="write the printable calibration mats (SVG)")
    mats.add_argument("--game", default=next(iter(GAMES)), choices=list(GAMES))
    mats.add_argument("--players", type=int, default=4)
    mats.add_argument("--paper", default="A4", choices=["A4", "A3", "Letter"])
    mats.add_argument("--out", default="mats")
    mats.set_defaults(run=_mats)

    rep = sub.add_parser("replay", help="replay a game log and print its summary")
    rep.add_argument("log")
    rep.add_argument("--json", action="store_true")
    rep.set_defaults(run=_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
