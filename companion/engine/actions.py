"""Typed actions as frozen dataclasses, and their JSON form.

Every game declares its actions with `@action("type-name")`. An action serialises
to ``{"type": "type-name", field: value, ...}``; parsing checks every field's type
so a malformed message becomes a RuleError that says which field was wrong.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from .errors import Rule, RuleError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. `type` is the action's name in the log."""

    type: typing.ClassVar[str] = "action"
    # A seat's "I'm done with this step" (end trading, end the turn, pass the bean
    # piece...): what the seat's button on the panel makes.
    ends_step: typing.ClassVar[bool] = False
    # A move open to a seat only until another seat's move closes it (a bo(h)nus
    # card discarded before any is drawn): a simulated player leaves a person time.
    window: typing.ClassVar[bool] = False
    # A move a seat may make whatever the step (a harvest): not what the step waits for.
    any_time: typing.ClassVar[bool] = False
    # A move that gives something up (a harvest sells a field, a 3rd field costs
    # coins): a choice, shown as one, unless only such moves let the table go on.
    optional: typing.ClassVar[bool] = False
    player: int  # every action is one seat's (a dataclass field in each game's actions)

    @property
    def seats(self) -> frozenset[int]:
        """Every seat the move needs (a trade needs its partner's consent too)."""
        return frozenset((self.player,))

    @property
    def hands(self) -> frozenset[int]:
        """The seats whose hand cards the move names (a trade for a partner's card
        tells which cards that hand holds): shown only to those who may know."""
        return frozenset()

    @property
    def part(self) -> bool:
        """One card of a deal: several parts between the same seats make one move
        (GameDef.combine), as a person builds a deal card by card."""
        return False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def check_seat(players, seat: object) -> None:
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players)):
        shown = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else repr(seat)
        raise RuleError(Rule.NO_SUCH_PLAYER, f"there is no seat {shown} at this table")


def dispatch(handlers: dict, state: Any, action: Action, game: str) -> Any:
    """Every game's `apply`: a game that is over takes nothing; an action of
    another game, or of a seat that isn't there, is refused; else its handler."""
    if state.step == "over":
        raise RuleError(Rule.GAME_OVER, "the game is over")
    handler = handlers.get(type(action))
    if handler is None:
        raise RuleError(Rule.MALFORMED_ACTION, f"{action!r} is not an action of {game}")
    check_seat(state.players, action.player)
    return handler(state, action)


class ActionCodec:
    """Parses the JSON form of one game's actions."""

    def __init__(self) -> None:
        self.types: dict[str, type[Action]] = {}
        self._hints: dict[str, dict[str, Any]] = {}

    def register(self, name: str):
        def wrap(cls: type[Action]) -> type[Action]:
            cls.type = name
            self.types[name] = cls
            self._hints[name] = typing.get_type_hints(cls)
            return cls

        return wrap

    def from_json(self, data: object) -> Action:
        if not isinstance(data, dict):
            raise RuleError(Rule.MALFORMED_ACTION, "an action must be a JSON object")
        name = data.get("type")
        cls = self.types.get(name) if isinstance(name, str) else None
        if cls is None or not isinstance(name, str):
            raise RuleError(
                Rule.MALFORMED_ACTION,
                f"unknown action type {name!r}; known: {', '.join(sorted(self.types))}",
            )
        hints = self._hints[name]
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is dataclasses.MISSING:
                    raise RuleError(Rule.MALFORMED_ACTION, f"{name}: missing field {f.name!r}")
                continue
            kwargs[f.name] = _coerce(name, f.name, data[f.name], hints[f.name])
        extra = set(data) - {"type"} - {f.name for f in dataclasses.fields(cls)}
        if extra:
            raise RuleError(Rule.MALFORMED_ACTION, f"{name}: unexpected field(s) {sorted(extra)}")
        return cls(**kwargs)


def _coerce(action: str, field: str, value: object, hint: Any) -> Any:
    """Check `value` against a field annotation (int, str, bool, None, tuples, unions)."""

    def fail() -> RuleError:
        return RuleError(
            Rule.MALFORMED_ACTION, f"{action}: field {field!r} has a wrong value {value!r}"
        )

    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _coerce(action, field, value, option)
            except RuleError:
                continue
        raise fail()
    if hint is type(None):
        if value is None:
            return None
        raise fail()
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise fail()
        (item,) = {a for a in typing.get_args(hint) if a is not Ellipsis}
        return tuple(_coerce(action, field, v, item) for v in value)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise fail()
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise fail()
    if hint is str:
        if isinstance(value, str):
            return value
        raise fail()
    raise TypeError(f"unsupported annotation {hint!r}")
