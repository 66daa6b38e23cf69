"""The bean dice as data: each die a kind and six faces of bean ids."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..beans import VARIETIES
from ..errors import Rule, RuleError


@dataclass(frozen=True, slots=True)
class Die:
    kind: str
    faces: tuple[str, ...]  # six faces, a bean id each


@dataclass(frozen=True, slots=True)
class DiceSet:
    dice: tuple[Die, ...]

    @property
    def kinds(self) -> tuple[tuple[str, tuple[str, ...], int], ...]:
        """(kind, faces, how many dice) for each kind, in the order of the dice.
        Dice of one kind are interchangeable: the odds use that."""
        out: dict[str, list] = {}
        for d in self.dice:
            if d.kind in out:
                out[d.kind][2] += 1
            else:
                out[d.kind] = [d.kind, d.faces, 1]
        return tuple((k, f, n) for k, f, n in out.values())

    @property
    def beans(self) -> frozenset[str]:
        return frozenset(b for d in self.dice for b in d.faces)

    def to_json(self) -> list[dict]:
        return [{"kind": d.kind, "faces": list(d.faces)} for d in self.dice]


def dice_from_data(data: object) -> DiceSet:
    """Dice from the TOML structure {"die": [{"kind", "count", "faces"}, ...]}, or
    from the JSON list form [{"kind", "faces"}, ...]."""
    entries = data.get("die") if isinstance(data, dict) else data
    if not isinstance(entries, list) or not entries:
        raise RuleError(Rule.BAD_DICE, "a dice file lists its dice as [[die]] entries")
    dice: list[Die] = []
    kinds: dict[str, tuple] = {}
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise RuleError(Rule.BAD_DICE, f"die entry {n} is not a table")
        kind, faces, count = entry.get("kind"), entry.get("faces"), entry.get("count", 1)
        if not isinstance(kind, str) or not kind:
            raise RuleError(Rule.BAD_DICE, f"die entry {n} needs a kind (a name)")
        if not isinstance(faces, list) or len(faces) != 6:
            raise RuleError(Rule.BAD_DICE, f"die {kind!r} needs exactly six faces")
        for face in faces:
            if not isinstance(face, str) or face not in VARIETIES:
                raise RuleError(Rule.BAD_DICE, f"die {kind!r}: {face!r} is not a bean id")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 5:
            raise RuleError(Rule.BAD_DICE, f"die {kind!r}: count must be a positive whole number")
        if kinds.setdefault(kind, tuple(faces)) != tuple(faces):
            raise RuleError(Rule.BAD_DICE, f"two dice of kind {kind!r} have different faces")
        dice += [Die(kind, tuple(faces))] * count
    if len(dice) != 5:
        raise RuleError(Rule.BAD_DICE, f"the game is played with five dice, not {len(dice)}")
    return DiceSet(tuple(dice))


def load_dice(path: str | Path | None = None) -> DiceSet:
    """The dice of a TOML file, or the default dice of GAME-DATA.md."""
    if path is None:
        text = resources.files("companion.engine").joinpath("data/dice.toml").read_text("utf-8")
        where = "the default dice"
    else:
        try:
            text = Path(path).read_text("utf-8")
        except (OSError, ValueError) as err:
            why = err.strerror if isinstance(err, OSError) else str(err)
            raise RuleError(Rule.BAD_DICE, f"can't read {path}: {why}") from None
        where = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RuleError(Rule.BAD_DICE, f"{where} is not valid TOML: {err}") from None
    return dice_from_data(data)


DEFAULT_DICE = load_dice()
