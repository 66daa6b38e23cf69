"""What a real table of Das Würfelspiel does before the start: with hidden cards,
each player enters their own two harvest cards (top first) on their phone."""

from __future__ import annotations

from typing import Any

from ..errors import Rule, RuleError
from .cards import HarvestCard, load_library, save_card


def trial_setup(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup checked at opening: a hidden table's cards come later, so it is
    tried with stand-in cards."""
    if setup.get("knowledge") == "hidden" and "cards" not in setup:
        return {**setup, "knowledge": "known"}
    return setup


def waits_for_entries(setup: dict[str, Any]) -> bool:
    return setup.get("knowledge") == "hidden" and "cards" not in setup


def entry(cards: object, library_path: str | None) -> list[dict[str, Any]]:
    """A player's two harvest cards (top first): each five orders bottom first, or
    a printed number already in the card library. New numbered cards are kept in
    the library. RuleError says what is wrong; nothing is written then."""
    if not isinstance(cards, list) or len(cards) != 2:
        raise RuleError(Rule.BAD_CARD, "enter two cards: the top one, then the bottom one")
    for c in cards:
        number = c.get("number") if isinstance(c, dict) else c
        if number is not None and (
            not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 9999
        ):
            # Checked before anything is written: a bad number in the card library
            # would spoil it for every table.
            raise RuleError(Rule.BAD_CARD, "a card's printed number is a whole number, 1–9999")
    new = [HarvestCard.from_json(c) for c in cards if not isinstance(c, int)]
    # A number may name a card entered in full beside it (the same card twice).
    known = (load_library(library_path) if library_path else {}) | {
        c.number: c for c in new if c.number is not None
    }
    entered: list[HarvestCard] = []
    fresh = iter(new)
    for c in cards:
        if isinstance(c, int) and not isinstance(c, bool):
            found = known.get(c)
            if found is None:
                raise RuleError(
                    Rule.BAD_CARD, f"card {c} is not in the library yet: enter its orders once"
                )
            entered.append(found)
        else:
            entered.append(next(fresh))
    for card in new:  # written in full (orders as entered), for every later table
        if card.number is not None and library_path:
            save_card(library_path, card)
    return [c.to_json() for c in entered]


def with_entries(setup: dict[str, Any], players: int, entered: dict[int, list]) -> dict[str, Any]:
    """The setup the game starts from: every seat's entered cards in it, or
    RuleError naming the seats still to enter theirs."""
    if not waits_for_entries(setup):
        return setup
    missing = [s + 1 for s in range(players) if s not in entered]
    if missing:
        seats = ", ".join(str(m) for m in missing)
        raise RuleError(
            Rule.CARDS_MISSING,
            f"seat{'s' if len(missing) > 1 else ''} {seats} must enter "
            "their two harvest cards before the game can start",
        )
    return {**setup, "cards": [entered[s] for s in range(players)]}


def library(library_path: str | None) -> dict[int, HarvestCard]:
    """The harvest cards entered at earlier tables, by printed number."""
    return load_library(library_path) if library_path else {}
