"""Reading JSON that claims to be a saved state: every value is checked, and what is
wrong becomes a RuleError(Rule.MALFORMED_STATE) that names where (e.g.
``players[1].hand[3]``), never a KeyError or TypeError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import Rule, RuleError

RULE = Rule.MALFORMED_STATE

Reader = Callable[[object, str], Any]


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def bad(where: str, what: str, value: object = ...) -> RuleError:
    tail = "" if value is ... else f", not {_shown(value)}"
    return RuleError(RULE, f"this saved game can't be read: {where} must be {what}{tail}")


class Obj:
    """A JSON object read key by key; `done()` refuses keys nobody asked for."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise bad(where or "a saved game", "a JSON object", data)
        self.data, self.where = data, where
        self.read: set[str] = set()

    def __call__(self, key: str, reader: Reader) -> Any:
        where = f"{self.where}.{key}" if self.where else key
        if key not in self.data:
            raise RuleError(RULE, f"this saved game can't be read: {where} is missing")
        self.read.add(key)
        return reader(self.data[key], where)

    def get(self, key: str, reader: Reader, default: Any) -> Any:
        """A key that games saved before it existed lack: `default` then."""
        return self(key, reader) if key in self.data else default

    def done(self) -> None:
        extra = sorted(str(k) for k in set(self.data) - self.read)
        if extra:
            where = f"{self.where} has" if self.where else "it has"
            raise RuleError(RULE, f"this saved game can't be read: {where} unknown {extra}")


def integer(lo: int | None = None, hi: int | None = None) -> Reader:
    def read(value: object, where: str) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if ok and (lo is None or value >= lo) and (hi is None or value <= hi):  # type: ignore[operator]
            return value  # type: ignore[return-value]
        if lo is not None and hi is not None:
            what = f"a whole number from {lo} to {hi}"
        elif lo is not None:
            what = f"a whole number from {lo} up"
        else:
            what = "a whole number"
        raise bad(where, what, value)

    return read


def as_is(value: object, where: str) -> object:
    """Any value: another parser checks it."""
    return value


def boolean(value: object, where: str) -> bool:
    if isinstance(value, bool):
        return value
    raise bad(where, "true or false", value)


def choice(options: tuple | frozenset | set | dict, what: str = "") -> Reader:
    """One of `options` (text); `what` names them, e.g. "a bean id"."""
    listed = ", ".join(sorted(options))

    def read(value: object, where: str) -> Any:
        if isinstance(value, str) and value in options:
            return value
        raise bad(where, f"{what} ({listed})" if what else f"one of {listed}", value)

    return read


def optional(reader: Reader) -> Reader:
    def read(value: object, where: str) -> Any:
        return None if value is None else reader(value, where)

    return read


def items(reader: Reader, size: int | None = None, distinct: bool = False) -> Reader:
    """A JSON list read into a tuple, every item with `reader`."""

    def read(value: object, where: str) -> tuple:
        if not isinstance(value, list | tuple) or (size is not None and len(value) != size):
            what = "a list" if size is None else f"a list of {size}"
            raise bad(where, what, value)
        out = tuple(reader(v, f"{where}[{i}]") for i, v in enumerate(value))
        if distinct and len(set(out)) != len(out):
            raise bad(where, "a list without repeats", value)
        return out

    return read


def wrapped(parse: Callable[[object], Any]) -> Reader:
    """A parser that raises RuleError of its own, its message placed at `where`."""

    def read(value: object, where: str) -> Any:
        try:
            return parse(value)
        except RuleError as err:
            raise RuleError(
                RULE, f"this saved game can't be read: {where}: {err.message}"
            ) from None

    return read


def game_tag(name: str) -> Reader:
    def read(value: object, where: str) -> str:
        if value != name:
            raise bad(where, repr(name), value)
        return name

    return read
