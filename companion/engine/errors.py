"""The one error the rules engine raises for anything a player or a message got wrong."""

from __future__ import annotations


class RuleError(Exception):
    """An action was refused.

    `rule` names the rule that was broken (a short, stable id such as
    ``"one-variety-per-field"``), `message` says in a player's words what is wrong.
    The state the action was applied to is never changed: states are immutable.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message

    def to_json(self) -> dict:
        return {"rule": self.rule, "message": self.message}
