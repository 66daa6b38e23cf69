"""Actions and fields in a player's words, for logs, phones and the demo."""

from __future__ import annotations

from ..beans import bean_name, variety
from .actions import (
    Action,
    BuyField,
    DiscardFromHand,
    DiscardOffered,
    DrawFaceUp,
    EndTrading,
    EndTurn,
    Harvest,
    Plant,
    PlantDrawn,
    PlantOffered,
    PlantTraded,
    Trade,
)
from .state import State


def field_text(column: tuple[str, ...]) -> str:
    if not column:
        return "empty"
    v = variety(column[-1])
    nxt = v.cards_to_next_coin(len(column))
    more = "top of the beanometer" if nxt is None else f"{nxt} more for the next coin"
    return f"{len(column)} × {v.name} (worth {v.coins_for(len(column))}; {more})"


def describe(
    before: State, action: Action, names: list[str] | None = None, upcoming: bool = False
) -> str:
    """What `action` does, said about the state it is applied to. Seats and fields
    are counted from 1, as players count them."""

    def name(seat: int) -> str:
        return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"

    who = name(action.player)  # type: ignore[attr-defined]
    p = before.players[action.player]  # type: ignore[attr-defined]
    if isinstance(action, Plant):
        bean = action.bean or p.hand[0]
        return f"{who} plants {bean_name(bean)} in field {action.field + 1}"
    if isinstance(action, DrawFaceUp):
        # As a move still to make, the cards to come are not told (the deck is face down).
        beans = "" if upcoming else ", ".join(bean_name(b) for b in action.beans or ())
        return f"{who} turns cards face up{': ' + beans if beans else ''}"
    if isinstance(action, Trade):
        gives = [bean_name(before.face_up[i]) for i in action.face_up]
        gives += [bean_name(b) for b in action.give_beans or ()]
        gets = [bean_name(b) for b in action.receive_beans or ()]
        if not gets:
            return f"{who} gives {', '.join(gives)} to {name(action.partner)}"
        if not gives:
            return f"{name(action.partner)} gives {', '.join(gets)} to {who}"
        return f"{who} trades {', '.join(gives)} for {', '.join(gets)} with {name(action.partner)}"
    if isinstance(action, EndTrading):
        return f"{who} ends trading"
    if isinstance(action, PlantTraded):
        return f"{who} plants {bean_name(p.set_aside[action.index])} in field {action.field + 1}"
    if isinstance(action, PlantDrawn):
        return f"{who} plants {bean_name(before.face_up[action.index])} in field {action.field + 1}"
    if isinstance(action, PlantOffered):
        return f"{who} plants offered {bean_name(before.offer[action.index])}"
    if isinstance(action, DiscardOffered):
        return f"{who} discards offered {bean_name(before.offer[action.index])}"
    if isinstance(action, DiscardFromHand):
        return f"{who} discards a card from the hand"
    if isinstance(action, EndTurn):
        return f"{who} draws and ends the turn"
    if isinstance(action, Harvest):
        column = p.fields[action.field]
        coins = variety(column[-1]).coins_for(len(column))
        return (
            f"{who} harvests {len(column)} × {bean_name(column[-1])} for {coins} "
            f"coin{'s' if coins != 1 else ''}"
        )
    if isinstance(action, BuyField):
        return f"{who} buys a 3rd bean field"
    return f"{who}: {action}"
