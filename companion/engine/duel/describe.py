"""The Duel's actions in a player's words."""

from __future__ import annotations

from ..beans import bean_name
from .actions import (
    AcceptGift,
    Action,
    ClaimBonus,
    DeclineGift,
    DiscardBonus,
    DiscardDrawn,
    DrawBonus,
    DrawFaceUp,
    EndGame,
    EndTurn,
    GiveGift,
    Harvest,
    OfferGift,
    Plant,
    PlantDrawn,
    PlantGift,
)
from .state import DuelState


def describe(
    before: DuelState, action: Action, names: list[str] | None = None, upcoming: bool = False
) -> str:
    def name(seat: int) -> str:
        return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"

    who = name(action.player)  # type: ignore[attr-defined]
    p = before.players[action.player]  # type: ignore[attr-defined]
    if isinstance(action, Plant):
        bean = action.bean or p.hand[0]
        return f"{who} plants {bean_name(bean)} in field {action.field + 1}"
    if isinstance(action, DrawFaceUp):
        beans = (
            "" if upcoming or not action.beans else ": " + ", ".join(map(bean_name, action.beans))
        )
        return f"{who} turns three cards over{beans}"
    if isinstance(action, OfferGift):
        return f"{who} offers a {bean_name(action.bean)} as a gift"
    if isinstance(action, AcceptGift):
        return f"{who} accepts the {bean_name(before.offers[-1])}"
    if isinstance(action, DeclineGift):
        return f"{who} declines: no gift changes hands"
    if isinstance(action, GiveGift):
        bean = bean_name(before.offers[-1]) if before.offers else "the gift"
        if action.source == "bluff":
            return f"{who} was bluffing about the {bean}: pays a dollar card"
        return f"{who} gives the {bean} ({action.source})"
    if isinstance(action, PlantDrawn):
        return f"{who} plants {bean_name(before.face_up[action.index])} in field {action.field + 1}"
    if isinstance(action, DiscardDrawn):
        return f"{who} discards the turned-over {bean_name(before.face_up[action.index])}"
    if isinstance(action, PlantGift):
        return f"{who} plants the gift {bean_name(p.gift[0])} in field {action.field + 1}"
    if isinstance(action, DiscardBonus):
        return f"{who} discards a bo(h)nus card"
    if isinstance(action, DrawBonus):
        return f"{who} draws a bo(h)nus card"
    if isinstance(action, EndTurn):
        return f"{who} ends the turn"
    if isinstance(action, ClaimBonus):
        pattern = " → ".join(bean_name(b) for b in action.pattern or ())
        return (
            f"{who} fulfils a bo(h)nus card on {name(action.owner)}'s field {action.field + 1}"
            + (f" ({pattern})" if pattern else "")
        )
    if isinstance(action, Harvest):
        column = p.fields[action.field]
        top = bean_name(column[-1])
        return f"{who} harvests field {action.field + 1} ({len(column)} cards, top {top})"
    if isinstance(action, EndGame):
        return f"{who} ends the game: every field is harvested"
    return f"{who}: {action}"
