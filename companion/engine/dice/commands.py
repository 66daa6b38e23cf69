"""The dice game's own command-line tools (`companion dice ...`): the CLI asks
each game for its commands through the registry."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import RuleError
from .dice import load_dice
from .odds import first_roll
from .orders import parse_order


def add_commands(sub: Any) -> None:
    """Adds `companion dice odds ORDER` to the CLI's subcommands."""
    dice = sub.add_parser("dice", help="Das Würfelspiel tools")
    dice_sub = dice.add_subparsers(dest="dice_command", required=True)
    odds = dice_sub.add_parser("odds", help="the chance the first roll meets an order")
    odds.add_argument("order", help='e.g. "(soy|green) + (garden|red)*2"')
    odds.add_argument("--faces", default=None, help="a dice file (TOML) instead of the default")
    odds.add_argument("--json", action="store_true")
    odds.set_defaults(run=_odds)


def _odds(args: argparse.Namespace) -> int:
    try:
        dice = load_dice(args.faces)
        order = parse_order(args.order, dice.beans)
    except RuleError as err:
        print(f"companion dice odds: {err.message}", file=sys.stderr)
        return 2
    p = first_roll(order, dice)
    result = {
        "order": order.text,
        "first_roll": float(p),
        "percent": round(float(p) * 100, 2),
        "exact": f"{p.numerator}/{p.denominator}",
    }
    print(json.dumps(result) if args.json else f"{order.text}: {result['percent']} %")
    return 0
