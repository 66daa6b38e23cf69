"""The bean varieties and their beanometers, loaded from data/beans.toml."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from .errors import Rule, RuleError


@dataclass(frozen=True, slots=True)
class Variety:
    id: str
    name: str
    cards: int
    # (coins, cards needed) pairs, ascending: the beanometer printed on the card.
    beanometer: tuple[tuple[int, int], ...]

    def coins_for(self, count: int) -> int:
        """Coins a harvest of `count` cards earns by this variety's beanometer."""
        earned = 0
        for coins, needed in self.beanometer:
            if count >= needed:
                earned = coins
        return earned

    def cards_to_next_coin(self, count: int) -> int | None:
        """How many more cards the field needs to earn one more coin (None: at the top)."""
        for _coins, needed in self.beanometer:
            if needed > count:
                return needed - count
        return None


def _load() -> dict[str, Variety]:
    raw = tomllib.loads(
        resources.files("companion.engine").joinpath("data/beans.toml").read_text("utf-8")
    )
    varieties = {}
    for entry in raw["variety"]:
        meter = tuple(sorted((int(c), int(n)) for c, n in entry["coins"].items()))
        varieties[entry["id"]] = Variety(entry["id"], entry["name"], entry["cards"], meter)
    return varieties


VARIETIES: dict[str, Variety] = _load()


def variety(bean: object) -> Variety:
    """The variety named `bean`, or a RuleError that lists the known ids."""
    found = VARIETIES.get(bean) if isinstance(bean, str) else None
    if found is None:
        raise RuleError(
            Rule.UNKNOWN_BEAN,
            f"{bean!r} is not a bean variety; known: {', '.join(VARIETIES)}",
        )
    return found


def bean_name(bean: str | None) -> str:
    if bean is None:
        return "an unseen card"
    v = VARIETIES.get(bean)
    return v.name if v else repr(bean)
