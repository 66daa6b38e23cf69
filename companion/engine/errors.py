"""The one error the rules engine raises for anything a player or a message got wrong."""

from __future__ import annotations

from enum import StrEnum

from ..errors import CompanionError


class Rule(StrEnum):
    """Every rule id a refusal names: one list, so a phone, a test or a log can
    rely on the id (the value is what goes over the wire and into logs)."""

    BAD_BONUS = "bad-bonus"
    BAD_CARD = "bad-card"
    BAD_DICE = "bad-dice"
    BAD_LIBRARY = "bad-library"
    BEAN_NOT_IN_GAME = "bean-not-in-game"
    BEAN_UNSEEN = "bean-unseen"
    BONUS_FULL = "bonus-full"
    BONUS_ORDER = "bonus-order"
    BONUS_PATTERN = "bonus-pattern"
    BONUS_REFILL = "bonus-refill"
    CARD_UNSEEN = "card-unseen"
    CARDS_MISSING = "cards-missing"
    DISCARD_LIMIT = "discard-limit"
    EMPTY_FIELD = "empty-field"
    EMPTY_HAND = "empty-hand"
    EMPTY_TRADE = "empty-trade"
    GAME_OVER = "game-over"
    GIFT_ORDER = "gift-order"
    GIFT_PUSHED = "gift-pushed"
    GIFT_SOURCE = "gift-source"
    HARVEST_TOO_EARLY = "harvest-too-early"
    LADDER = "ladder"
    MALFORMED_ACTION = "malformed-action"
    MALFORMED_LOG = "malformed-log"
    MALFORMED_STATE = "malformed-state"
    MUST_OFFER = "must-offer"
    MUST_PLANT = "must-plant"
    NO_DISCARD = "no-discard"
    NO_GIFT = "no-gift"
    NO_SUCH_CARD = "no-such-card"
    NO_SUCH_FIELD = "no-such-field"
    NO_SUCH_PLAYER = "no-such-player"
    NOT_A_BLUFF = "not-a-bluff"
    NOT_YOUR_TURN = "not-your-turn"
    ONE_VARIETY_PER_FIELD = "one-variety-per-field"
    ORDER_SYNTAX = "order-syntax"
    PIECE_USED = "piece-used"
    PLANT_LIMIT = "plant-limit"
    PLANT_SET_ASIDE = "plant-set-aside"
    PROTECTION = "protection"
    SAVE_ONE = "save-one"
    SAVE_ROLLED = "save-rolled"
    SETUP = "setup"
    THIRD_FIELD = "third-field"
    TOO_MANY_BEANS = "too-many-beans"
    TRADE_PARTNER = "trade-partner"
    UNKNOWN_BEAN = "unknown-bean"
    WRONG_BEAN = "wrong-bean"
    WRONG_BONUS = "wrong-bonus"
    WRONG_CARD = "wrong-card"
    WRONG_FACES = "wrong-faces"
    WRONG_STEP = "wrong-step"


class RuleError(CompanionError):
    """An action was refused.

    Its `code` names the rule that was broken (one of `Rule`, such as
    ``"one-variety-per-field"``), `message` says in a player's words what is
    wrong. The state the action was applied to is never changed: states are
    immutable.
    """

    def __init__(self, rule: Rule, message: str) -> None:
        super().__init__(Rule(rule).value, message)  # an id not in Rule: a bug here
        self.args = (f"{message} [{rule}]",)

    @property
    def rule(self) -> str:
        """The same as `code`: kept for scripts written against earlier releases
        (the product itself says `code` everywhere)."""
        return self.code
