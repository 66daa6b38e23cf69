"""The one error the rules engine raises for anything a player or a message got wrong."""

from __future__ import annotations

from ..errors import CompanionError


class RuleError(CompanionError):
    """An action was refused.

    Its `code` names the rule that was broken (a short, stable id such as
    ``"one-variety-per-field"``, also `rule`), `message` says in a player's words
    what is wrong. The state the action was applied to is never changed: states
    are immutable.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(rule, message)
        self.args = (f"{message} [{rule}]",)

    @property
    def rule(self) -> str:
        return self.code
