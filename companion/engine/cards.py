"""Mechanics shared by the card games: seats, fields,
taking cards out of an ordered hand, the protection rule, selling a field, and
naming a card the table has just seen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import check_seat
from .beans import bean_name, variety
from .errors import Rule, RuleError

__all__ = ["check_seat"]


def _is_index(value: object, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def check_field(fields: Sequence, field: object) -> int:
    if not _is_index(field, len(fields)):
        raise RuleError(
            Rule.NO_SUCH_FIELD,
            f"there is no field {field + 1 if isinstance(field, int) else repr(field)}; "
            f"this player has {len(fields)}",
        )
    return field  # type: ignore[return-value]


def require_active(active: int, seat: int, what: str) -> None:
    if seat != active:
        raise RuleError(
            Rule.NOT_YOUR_TURN, f"only the active player (seat {active + 1}) may {what} now"
        )


def require_step(step: str, expected: str, what: str) -> None:
    if step != expected:
        raise RuleError(Rule.WRONG_STEP, f"you can't {what} now: the turn is at step {step!r}")


def replaced(items: tuple, index: int, value: object) -> tuple:
    """`items` with the entry at `index` replaced."""
    return items[:index] + (value,) + items[index + 1 :]


def take(items: tuple, positions: tuple[int, ...], what: str) -> tuple[tuple, tuple]:
    """Split `items` into (those at `positions`, in the order given; the rest, in
    their order). Hands keep their order when cards leave from anywhere."""
    if len(set(positions)) != len(positions):
        raise RuleError(Rule.MALFORMED_ACTION, f"the same {what} is named twice")
    for p in positions:
        if not _is_index(p, len(items)):
            shown = p + 1 if isinstance(p, int) else repr(p)  # counted from 1, as players do
            raise RuleError(
                Rule.NO_SUCH_CARD, f"there is no {what} {shown} (there are {len(items)})"
            )
    taken = tuple(items[p] for p in positions)
    kept = tuple(c for i, c in enumerate(items) if i not in positions)
    return taken, kept


# The protection rule in its two wordings. OTHER_FIELD (the newer edition's and
# the two-player card game's rulebooks, 003 and 001): "If there is only one bean
# card in one of your fields, you can't harvest it as long as you have another
# field containing more than one bean card."
# ALL_SINGLE (the classic rulebook): "A player may not sell beans from a bean field
# with a single card unless all his bean fields have just one card." They differ
# only for a lone card beside an empty field.
OTHER_FIELD = "other-field"
ALL_SINGLE = "all-single"
PROTECTIONS = (OTHER_FIELD, ALL_SINGLE)


def can_harvest(fields: Sequence[tuple], field: int, protection: str = OTHER_FIELD) -> bool:
    """The protection rule: a field of one card may be harvested only if no other
    field holds two or more (ALL_SINGLE: only if every field holds just one)."""
    n = len(fields[field])
    if n == 0:
        return False
    if protection == ALL_SINGLE:
        return n > 1 or all(len(f) == 1 for f in fields)
    return n > 1 or all(len(f) <= 1 for f in fields)


def check_harvest(fields: Sequence[tuple], field: object, protection: str = OTHER_FIELD) -> int:
    f = check_field(fields, field)
    if not fields[f]:
        raise RuleError(Rule.EMPTY_FIELD, f"field {f + 1} is empty: there is nothing to harvest")
    if not can_harvest(fields, f, protection):
        if protection == ALL_SINGLE and all(len(g) <= 1 for g in fields):
            raise RuleError(
                Rule.PROTECTION,
                f"field {f + 1} holds a single card: it may be sold only when every "
                "bean field holds just one card (an empty field doesn't)",
            )
        raise RuleError(
            Rule.PROTECTION,
            f"field {f + 1} holds a single card and another field holds more: "
            "a lone bean is protected",
        )
    return f


def sell(column: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A harvest: (cards turned to their coin side, cards for the discard pile).
    The top card's beanometer counts every card in the field."""
    earned = min(variety(column[-1]).coins_for(len(column)), len(column))
    return column[:earned], column[earned:]


def hand_order_problems(seat: int, before: tuple, after: tuple, may_draw: bool) -> list[str]:
    """Hand order holds: cards leave from anywhere and the rest keep their order, or
    (when the seat draws now) new cards go to the back."""
    if after == before:
        return []
    if len(after) > len(before):
        if not may_draw or after[: len(before)] != before:
            return [f"seat {seat}: drawn cards did not go to the back of the hand"]
        return []
    rest = iter(before)
    if not all(any(c == x for x in rest) for c in after):
        return [f"seat {seat}: hand order changed from {before} to {after}"]
    return []


def observe(
    claimed: object,
    actual: str | None,
    where: str,
    in_game: Callable[[str], int],
    seen: Callable[[str], int],
) -> str:
    """The bean of a card coming out of a hand or the deck.

    With a known deck `actual` is the truth and a claim must agree. With hidden
    cards the claim is the table's observation and must at least be possible: a
    bean of this game (`in_game` cards of it) not all `seen` on the table already."""
    if claimed is not None:
        v = variety(claimed)
        if in_game(v.id) == 0:
            raise RuleError(Rule.BEAN_NOT_IN_GAME, f"{v.name}s are not in this game")
    if actual is not None:
        if claimed is not None and claimed != actual:
            raise RuleError(
                Rule.WRONG_BEAN, f"{where} is {bean_name(actual)}, not {bean_name(str(claimed))}"
            )
        return actual
    if claimed is None:
        raise RuleError(Rule.BEAN_UNSEEN, f"say which bean {where} is: the companion cannot see it")
    bean: str = claimed  # type: ignore[assignment]
    if seen(bean) >= in_game(bean):
        raise RuleError(
            Rule.TOO_MANY_BEANS,
            f"all {in_game(bean)} {bean_name(bean)}s are already on the table",
        )
    return bean


# What the camera's tracker asks a card game (both games' camera.py offer these).


def coming(state: Any, n: int) -> tuple[str, ...] | None:
    """The next `n` cards of the deck, when the game knows its order (None: a real
    table's deck, unknown)."""
    return tuple(state.deck[:n]) if state.deck is not None else None


def from_hand(state: Any, seat: int) -> bool:
    """A card `seat` lays now comes from the hand: the active player's planting
    step, before the cards are turned over."""
    return state.step == "plant" and seat == state.active
