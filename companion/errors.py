"""The one root of every error the product says to a person: a short `code` (what
kind of refusal: a rule id, "bad-seat", "store-failed"...) and a `message` that
says what was wrong. Engine, service, store and messages all raise its kinds."""

from __future__ import annotations

from enum import StrEnum


class CompanionError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


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
    NO_CAMERA = "no-camera"
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
