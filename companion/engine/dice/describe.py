"""Das Würfelspiel's actions in a player's words."""

from __future__ import annotations

from ..beans import bean_name
from .actions import Action, Harvest, PassPiece, RepeatRoll, Roll, Save
from .state import DiceState


def describe(
    before: DiceState, action: Action, names: list[str] | None = None, upcoming: bool = False
) -> str:
    def name(seat: int) -> str:
        return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"

    who = name(action.player)  # type: ignore[attr-defined]
    if isinstance(action, Roll | RepeatRoll):
        verb = "rolls" if isinstance(action, Roll) else "repeats the roll with the bean piece"
        shown = (
            "" if upcoming or not action.faces else ": " + ", ".join(map(bean_name, action.faces))
        )
        return f"{who} {verb}{shown}"
    if isinstance(action, Save):
        beans = ", ".join(
            f"{bean_name(before.faces[i])} ({before.dice.dice[i].kind})" for i in action.dice
        )
        return f"{who} saves {beans}"
    if isinstance(action, Harvest):
        p = before.players[action.player]
        pay = {3: 1, 4: 2, 5: 3}.get(p.completed, 0)
        return f"{who} harvests {p.completed} orders for {pay} dollar{'s' if pay > 1 else ''}"
    if isinstance(action, PassPiece):
        return f"{who} passes the bean piece to the left"
    return f"{who}: {action}"
