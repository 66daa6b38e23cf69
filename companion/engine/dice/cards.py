"""Harvest cards: five orders, completed bottom to top; the card library that
keeps a card entered once, keyed by the card's printed number."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import Rule, RuleError
from .orders import DICE_BEANS, Order, parse_order

ORDERS_PER_CARD = 5


@dataclass(frozen=True)
class HarvestCard:
    orders: tuple[Order, ...]  # bottom-most first
    number: int | None = None  # the card's printed number, when known

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "orders": [o.text for o in self.orders]}

    @staticmethod
    def from_json(data: object) -> HarvestCard:
        if isinstance(data, dict):
            return make_card(data.get("orders"), data.get("number"))
        return make_card(data)


def make_card(
    orders: object, number: object = None, beans: frozenset[str] = DICE_BEANS
) -> HarvestCard:
    """A harvest card from its five orders' texts (bottom first), or RuleError(Rule.BAD_CARD)."""
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise RuleError(Rule.BAD_CARD, f"a card's number is a whole number, not {number!r}")
    if not isinstance(orders, list | tuple) or len(orders) != ORDERS_PER_CARD:
        raise RuleError(
            Rule.BAD_CARD,
            f"a harvest card has {ORDERS_PER_CARD} orders, bottom first; got {orders!r}",
        )
    parsed = []
    for i, text in enumerate(orders, 1):
        try:
            parsed.append(parse_order(text, beans))
        except RuleError as err:
            raise RuleError(Rule.BAD_CARD, f"order {i} (from the bottom): {err.message}") from None
    return HarvestCard(tuple(parsed), number)


@lru_cache(maxsize=1)
def synthetic_cards() -> tuple[HarvestCard, ...]:
    """55 stand-in harvest cards for simulation and the demo (no public list of the
    real ones exists), numbered 1–55: orders of one to four dice drawn at random,
    the easier ones at the bottom."""
    from .odds import first_roll  # the odds module needs orders; import on use

    rng = random.Random(55)
    beans = sorted(DICE_BEANS)
    cards = []
    for number in range(1, 56):
        orders: list[Order] = []
        while len(orders) < ORDERS_PER_CARD:
            slots = []
            for _ in range(rng.randint(1, 4)):
                slot = rng.sample(beans, rng.choice((1, 1, 1, 2)))
                slots.append(slot[0] if len(slot) == 1 else "(" + "|".join(slot) + ")")
            text = " + ".join(slots)
            if rng.random() < 0.15:
                text = f"{rng.choice(beans)}*2 | {rng.choice(beans)}*2"
            order = parse_order(text)
            if order.text not in (o.text for o in orders) and first_roll(order) > 0.02:
                orders.append(order)
        orders.sort(key=first_roll, reverse=True)
        cards.append(HarvestCard(tuple(orders), number))
    return tuple(cards)


# ---------------------------------------------------------------- the card library


def load_library(path: str | Path) -> dict[int, HarvestCard]:
    """The cards entered so far, {printed number: card}; an absent file is empty."""
    p = Path(path)
    if not p.exists():
        return {}
    try:
        data = json.loads(p.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise RuleError(Rule.BAD_LIBRARY, f"can't read the card library {p}: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise RuleError(Rule.BAD_LIBRARY, f'{p}: a library is {{"cards": {{number: [orders]}}}}')
    out = {}
    for key, orders in data["cards"].items():
        if not key.isdigit():
            raise RuleError(Rule.BAD_LIBRARY, f"{p}: card number {key!r} is not a whole number")
        try:
            out[int(key)] = make_card(orders, int(key))
        except RuleError as err:
            raise RuleError(Rule.BAD_LIBRARY, f"{p}: card {key}: {err.message}") from None
    return out


def save_card(path: str | Path, card: HarvestCard) -> None:
    """Add or replace a card in the library file (written whole, then renamed, so a
    crash never leaves half a file)."""
    if card.number is None:
        raise RuleError(Rule.BAD_CARD, "a card is kept in the library by its printed number")
    cards = load_library(path)
    cards[card.number] = card
    data = {"cards": {str(n): [o.text for o in c.orders] for n, c in sorted(cards.items())}}
    p = Path(path)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    tmp.replace(p)
