"""The one root of every error the product says to a person: a short `code` (what
kind of refusal: a rule id, "bad-seat", "store-failed"...) and a `message` that
says what was wrong. Engine, service, store and messages all raise its kinds."""

from __future__ import annotations

from enum import StrEnum


class CompanionError(Exception):
    def __init__(self, code: str, message: str, de: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.de = de  # the same in German, where said (else English for everyone)

    def to_json(self, lang: str = "en") -> dict[str, str]:
        """The refusal as a phone is sent it, in its language ("en" or "de")."""
        message = self.de if lang == "de" and self.de else self.message
        return {"code": self.code, "message": message}


class Refusal(StrEnum):
    """Every code a refusal outside the rules names (the rules' own are
    `engine.errors.Rule`): one list, so a phone, a test or a log can rely on it."""

    BAD_NAME = "bad-name"
    BAD_REQUEST = "bad-request"
    BAD_SEAT = "bad-seat"
    BAD_SETUP = "bad-setup"
    CORRECTION_REFUSED = "correction-refused"
    INTERNAL = "internal"
    MALFORMED_MESSAGE = "malformed-message"
    MOVED_ON = "moved-on"
    NO_CAMERA = "no-camera"
    NO_DEALS = "no-deals"
    NO_OFFER = "no-offer"
    OFFER_ACCEPTED = "offer-accepted"
    NO_PANEL = "no-panel"
    NO_SUCH_FIELD = "no-such-field"
    NO_TABLE = "no-table"
    NOT_FOUND = "not-found"
    NOT_HOST = "not-host"
    NOT_JOINED = "not-joined"
    NOT_STARTED = "not-started"
    NOT_YOUR_SEAT = "not-your-seat"
    NOT_YOURS = "not-yours"
    NOTHING_TO_CONFIRM = "nothing-to-confirm"
    NOTHING_TO_CORRECT = "nothing-to-correct"
    NOTHING_TO_UNDO = "nothing-to-undo"
    PARTNER_REFUSED = "partner-refused"
    SEAT_TAKEN = "seat-taken"
    STORE_FAILED = "store-failed"
    TOO_FAST = "too-fast"
    WRONG_COUNT = "wrong-count"
    WRONG_GAME = "wrong-game"


# What each refusal says on a German phone: the kind of refusal in a sentence (the
# English message names the field, seat or card; these say what to do).
REFUSAL_DE: dict[Refusal, str] = {
    Refusal.BAD_NAME: "Gib einen Namen mit 1 bis 20 Zeichen ein.",
    Refusal.BAD_REQUEST: "Diese Anfrage versteht der Tisch nicht.",
    Refusal.BAD_SEAT: "Diesen Platz gibt es an diesem Tisch nicht.",
    Refusal.BAD_SETUP: "Sag, wie viele spielen: eine ganze Zahl.",
    Refusal.CORRECTION_REFUSED: "Diese Korrektur passt nicht zum Spiel.",
    Refusal.INTERNAL: "Am Tisch ist etwas schiefgegangen.",
    Refusal.MALFORMED_MESSAGE: "Diese Nachricht versteht der Tisch nicht.",
    Refusal.MOVED_ON: "Zu spät: das Spiel ging weiter.",
    Refusal.NO_CAMERA: "An diesem Tisch liest keine Kamera.",
    Refusal.NO_DEALS: (
        "Ein Handel wird aus einzelnen Karten zusammengestellt (nicht in jedem Spiel)."
    ),
    Refusal.NO_OFFER: (
        "Es gibt kein Angebot zu beantworten: es wurde zurückgenommen oder ist verfallen."
    ),
    Refusal.OFFER_ACCEPTED: "Zu spät: dein Angebot wurde schon angenommen.",
    Refusal.NO_PANEL: "Dieser Tisch hat kein Bedienfeld.",
    Refusal.NO_SUCH_FIELD: "Dieses Feld sieht die Kamera nicht.",
    Refusal.NO_TABLE: "Diesen Tisch gibt es nicht: prüfe den Code auf dem Bildschirm des Tischs.",
    Refusal.NOT_FOUND: "Das gibt es hier nicht.",
    Refusal.NOT_HOST: "Das darf nur der Gastgeber (dafür braucht es den Gastgeber-Schlüssel).",
    Refusal.NOT_JOINED: "Nimm zuerst einen Platz ein.",
    Refusal.NOT_STARTED: "Das Spiel hat noch nicht begonnen.",
    Refusal.NOT_YOUR_SEAT: "Dieses Handy spielt einen anderen Platz.",
    Refusal.NOT_YOURS: "Darauf antwortet der Spieler, den die Kamera fragt.",
    Refusal.NOTHING_TO_CONFIRM: "Keine Lesung wartet auf eine Bestätigung.",
    Refusal.NOTHING_TO_CORRECT: "Die Kamera hat die Würfel noch nicht gelesen.",
    Refusal.NOTHING_TO_UNDO: "Es gibt keinen Zug zum Zurücknehmen.",
    Refusal.PARTNER_REFUSED: "Der Mitspieler sagt nein: dieser Handel hilft ihm nicht.",
    Refusal.SEAT_TAKEN: "Dieser Platz ist schon besetzt.",
    Refusal.STORE_FAILED: "Der Tisch konnte das nicht speichern: versuch es noch einmal.",
    Refusal.TOO_FAST: "Zu viele Nachrichten von diesem Handy: warte einen Moment.",
    Refusal.WRONG_COUNT: "Die Kamera sieht eine andere Zahl Würfel.",
    Refusal.WRONG_GAME: "Die Kamera dieses Tischs liest etwas anderes.",
}
