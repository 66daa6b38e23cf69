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

    def __init__(self, rule: Rule, message: str, de: str | None = None) -> None:
        # (an id not in Rule: a bug here; `de`: the message in German where the
        # rule's own German would mislead, else the rule's)
        super().__init__(Rule(rule).value, message, de or RULE_DE[Rule(rule)])
        self.args = (f"{message} [{rule}]",)

    @property
    def rule(self) -> str:
        """The same as `code`: kept for scripts written against earlier releases
        (the product itself says `code` everywhere)."""
        return self.code


# What each refusal says on a German phone: the rule in a sentence (the English
# message names the field, seat or card).
RULE_DE: dict[Rule, str] = {
    Rule.BAD_BONUS: "Diese Bo(h)nuskarte gibt es so nicht.",
    Rule.BAD_CARD: "Diese Erntekarte ist nicht richtig eingegeben.",
    Rule.BAD_DICE: "Diese Würfel-Datei ist nicht lesbar.",
    Rule.BAD_LIBRARY: "Die Kartensammlung ist nicht lesbar.",
    Rule.BEAN_NOT_IN_GAME: "Diese Bohnensorte ist in diesem Spiel nicht dabei.",
    Rule.BEAN_UNSEEN: "Sag, welche Bohne das ist: die Kamera sieht sie nicht.",
    Rule.BONUS_FULL: "Jetzt wird keine Bo(h)nuskarte gezogen.",
    Rule.BONUS_ORDER: "Ein anderer Platz zieht jetzt Bo(h)nuskarten (der aktive Spieler zuerst).",
    Rule.BONUS_PATTERN: "Dieses Feld erfüllt die Bo(h)nuskarte nicht.",
    Rule.BONUS_REFILL: "Zuerst werden die Bo(h)nuskarten wieder auf drei aufgefüllt.",
    Rule.CARD_UNSEEN: "Gib die Aufträge dieser Erntekarte ein, den untersten zuerst.",
    Rule.CARDS_MISSING: "Zuerst müssen alle Erntekarten eingegeben sein.",
    Rule.DISCARD_LIMIT: "Du darfst nur eine Karte aus der Hand abwerfen.",
    Rule.EMPTY_FIELD: "Dieses Feld ist leer: da gibt es nichts zu ernten.",
    Rule.EMPTY_HAND: "Deine Hand ist leer: deck weiter Karten auf.",
    Rule.EMPTY_TRADE: "Ein Handel oder Geschenk bewegt mindestens eine Karte.",
    Rule.GAME_OVER: "Das Spiel ist vorbei.",
    Rule.GIFT_ORDER: "Erst bietet der aktive Spieler ein Geschenk an, dann abwechselnd.",
    Rule.GIFT_PUSHED: "Diese Sorte wurde in dieser Phase schon als Geschenk angeboten.",
    Rule.GIFT_SOURCE: "Nur der aktive Spieler hat aufgedeckte Karten.",
    Rule.HARVEST_TOO_EARLY: "Ernten geht erst ab 3 erfüllten Aufträgen.",
    Rule.LADDER: "Auf dieses Feld passt nur dieselbe Bohne oder die mit der nächsthöheren Zahl.",
    Rule.MALFORMED_ACTION: "Dieser Zug ist nicht richtig angegeben.",
    Rule.MALFORMED_LOG: "Dieses Spielprotokoll ist nicht lesbar.",
    Rule.MALFORMED_STATE: "Dieser Spielstand ist nicht lesbar.",
    Rule.MUST_OFFER: "Ablehnen heißt selbst ein Geschenk anbieten: biete eine andere Karte an.",
    Rule.MUST_PLANT: "Zuerst musst du die vorderste Karte deiner Hand anbauen.",
    Rule.NO_DISCARD: "Karten aus der Hand werden nur im Bohnenduell abgeworfen.",
    Rule.NO_GIFT: "Es wurde noch kein Geschenk angeboten.",
    Rule.NO_SUCH_CARD: "Diese Karte gibt es hier nicht.",
    Rule.NO_SUCH_FIELD: "Dieses Feld gibt es nicht.",
    Rule.NO_SUCH_PLAYER: "Diesen Platz gibt es an diesem Tisch nicht.",
    Rule.NOT_A_BLUFF: "Du hast so eine Karte: das war kein Bluff.",
    Rule.NOT_YOUR_TURN: "Das darf jetzt nur der aktive Spieler.",
    Rule.ONE_VARIETY_PER_FIELD: "In einem Feld liegt nur eine Bohnensorte: ernte es zuerst.",
    Rule.ORDER_SYNTAX: "Dieser Auftrag ist nicht richtig geschrieben.",
    Rule.PIECE_USED: "Die Bohnenfigur wiederholt einen Wurf nur einmal pro Zug.",
    Rule.PLANT_LIMIT: "In diesem Schritt darfst du keine dritte Karte anbauen.",
    Rule.PLANT_SET_ASIDE: "Zuerst müssen alle getauschten und behaltenen Karten angebaut werden.",
    Rule.PROTECTION: "Ein Feld mit nur einer Karte ist geschützt, solange ein anderes mehr hält.",
    Rule.SAVE_ONE: "Nach jedem Wurf kommt mindestens ein Würfel ins Bohnenfeld.",
    Rule.SAVE_ROLLED: "Nur die eben geworfenen Würfel können abgelegt werden.",
    Rule.SETUP: "Dieses Spiel lässt sich so nicht aufbauen.",
    Rule.THIRD_FIELD: "Ein drittes Bohnenfeld kann man nicht kaufen (nur einmal, für 3 Taler).",
    Rule.TOO_MANY_BEANS: "Alle Karten dieser Sorte liegen schon auf dem Tisch.",
    Rule.TRADE_PARTNER: "Ein Handel braucht einen anderen Spieler.",
    Rule.UNKNOWN_BEAN: "Diese Bohnensorte gibt es nicht.",
    Rule.WRONG_BEAN: "Das ist eine andere Bohne.",
    Rule.WRONG_BONUS: "Das zeigt diese Bo(h)nuskarte nicht.",
    Rule.WRONG_CARD: "Das ist nicht die Karte, die vom Stapel gezogen wurde.",
    Rule.WRONG_FACES: "Sag für jeden geworfenen Würfel, welche Bohne er zeigt.",
    Rule.WRONG_STEP: "Das geht in diesem Schritt des Zugs nicht.",
}
