"""The one root of every error the product says to a person: a short `code` (what
kind of refusal: a rule id, "bad-seat", "store-failed"...) and a `message` that
says what was wrong. Engine, service, store and messages all raise its kinds."""

from __future__ import annotations


class CompanionError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
