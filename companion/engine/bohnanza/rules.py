"""The rules a Bohnanza table plays by: edition + player count + the table's overrides."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..beans import VARIETIES
from ..cards import OTHER_FIELD, PROTECTIONS
from ..errors import Rule, RuleError
from ..reading import RULE, Obj, as_is, bad

_DATA = tomllib.loads(
    resources.files("companion.engine").joinpath("data/bohnanza.toml").read_text("utf-8")
)

EDITIONS = tuple(_DATA["edition"])
# Every (edition, player count) the rules data has.
VARIANTS = tuple((e, int(n)) for e, ed in _DATA["edition"].items() for n in ed["players"])
# The player counts each edition is for (the newer edition's base game: 3-5).
EDITION_PLAYERS = {
    name: tuple(sorted(int(n) for n in ed["players"])) for name, ed in _DATA["edition"].items()
}
# What each edition is called on the host's form, in English and German.
EDITION_LABELS = {name: tuple(ed["label"]) for name, ed in _DATA["edition"].items()}
TIE_BREAKS = ("most-cards-in-hand", "furthest-from-start")


def _whole(lo: int, hi: int):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _one_of(*options: str):
    return lambda v: isinstance(v, str) and v in options


# Keys a table may override, with a check of each value.
_OVERRIDABLE = {
    "fields": _whole(1, 3),
    "third_field_cost": _whole(0, 10),
    "third_field_paid_to": _one_of("discard", "box"),
    "exhaustions_to_end": _whole(1, 10),
    "harvest": _one_of("any-time", "own-turn"),
    "tie_break": _one_of(*TIE_BREAKS),
    "protection": _one_of(*PROTECTIONS),
}


@dataclass(frozen=True, slots=True)
class Rules:
    edition: str
    players: int
    removed: tuple[str, ...]
    fields: int
    third_field_cost: int
    third_field_paid_to: str
    exhaustions_to_end: int
    deal: tuple[int, ...]
    face_up: int
    draw: int
    turn: str
    harvest: str
    tie_break: str
    protection: str  # the protection rule's wording: cards.OTHER_FIELD or ALL_SINGLE
    # bean id -> cards of it in this game, in the order of beans.toml
    card_counts: tuple[tuple[str, int], ...]

    @property
    def beans(self) -> tuple[str, ...]:
        return tuple(b for b, _ in self.card_counts)

    @property
    def total_cards(self) -> int:
        return sum(n for _, n in self.card_counts)

    def cards_of(self, bean: str) -> int:
        for b, n in self.card_counts:
            if b == bean:
                return n
        return 0

    def dealt_to(self, offset: int) -> int:
        """Cards dealt to the player `offset` seats clockwise from the starting player."""
        return self.deal[min(offset, len(self.deal) - 1)]

    @property
    def can_buy_field(self) -> bool:
        return self.third_field_cost > 0 and self.fields < 3

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        del out["card_counts"]
        return out


def make_rules(players: int, edition: str = "classic", **overrides: Any) -> Rules:
    """The rules for `players` players of `edition`, with a table's overrides applied."""
    if not isinstance(edition, str) or edition not in _DATA["edition"]:
        raise RuleError(Rule.SETUP, f"unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
    ed = _DATA["edition"][edition]
    whole = isinstance(players, int) and not isinstance(players, bool)
    variant = ed["players"].get(str(players)) if whole else None
    if variant is None:
        counts = ", ".join(sorted(ed["players"]))
        raise RuleError(Rule.SETUP, f"the {ed['name']} is for {counts} players, not {players!r}")
    values = {**variant, "tie_break": ed["tie_break"], "protection": ed["protection"]}
    for key, value in overrides.items():
        check = _OVERRIDABLE.get(key)
        if check is None:
            raise RuleError(Rule.SETUP, f"{key!r} is not a setting a table can change")
        if not check(value):
            raise RuleError(Rule.SETUP, f"{value!r} is not a valid value for {key!r}")
        values[key] = value
    removed = tuple(values["removed"])
    return Rules(
        edition=edition,
        players=players,
        removed=removed,
        fields=values["fields"],
        third_field_cost=values["third_field_cost"],
        third_field_paid_to=values["third_field_paid_to"],
        exhaustions_to_end=values["exhaustions_to_end"],
        deal=tuple(values["deal"]),
        face_up=values["face_up"],
        draw=values["draw"],
        turn=values["turn"],
        harvest=values["harvest"],
        tie_break=values["tie_break"],
        protection=values["protection"],
        card_counts=tuple((v.id, v.cards) for v in VARIETIES.values() if v.id not in removed),
    )


def rules_from_json(data: object, where: str = "rules") -> Rules:
    """The rules a saved state names: its edition and player count with the table's
    overrides; every other value must be the edition's own."""
    o = Obj(data, where)
    # Saved before the protection rule had its two wordings.
    later = {"protection"}
    given = {
        f.name: o(f.name, as_is)
        for f in dataclasses.fields(Rules)
        if f.name != "card_counts" and (f.name not in later or f.name in o.data)
    }
    o.done()
    # Such a game was played under the one wording there was then (until the classic
    # edition read 000 to the letter): "other-field".
    given.setdefault("protection", OTHER_FIELD)
    try:
        base = make_rules(given["players"], given["edition"])
        overrides = {
            k: given[k]
            for k in _OVERRIDABLE
            if k in given and _json(given[k]) != _json(getattr(base, k))
        }
        rules = make_rules(given["players"], given["edition"], **overrides)
    except RuleError as err:
        raise RuleError(RULE, f"this saved game can't be read: {where}: {err.message}") from None
    for key, value in given.items():
        wanted = _json(getattr(rules, key))
        if _json(value) != wanted:
            name = _DATA["edition"][rules.edition]["name"]
            raise bad(f"{where}.{key}", f"{wanted} ({name}, {rules.players} players)", value)
    return rules


def _json(value: object) -> str:
    """A value as JSON text: equal texts are equal values, and true is not 1."""
    return json.dumps(value, default=repr)
