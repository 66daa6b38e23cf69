"""What every game's view shares: a bean field as the phones show it, the turn in
words, warnings, and the end of a game (standings and the result in a sentence).
Each game's own view is `view.py` in its folder (boardgame.io's playerView): pure
functions of the state, no I/O."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypedDict

from . import words as w
from .beans import variety
from .cards import sell
from .sightings import Reads


class DealCard(TypedDict):
    """One card of a deal as a phone lists it while a deal is built (`part_words`)."""

    side: Literal["give", "get"]  # which way it goes, for the phone it is listed on
    card: str  # the card alone, in words ("the face-up Chili Bean", "Seat 2's Green Bean")
    face_up: bool  # (the list: face-up cards first, then by bean)
    bean: str  # the bean's name, "" for a card of a hidden hand


def field_view(column: tuple[str, ...], lang: str = "en") -> dict[str, Any]:
    """A bean field: its top variety, how many cards, what it is worth now, how
    many more cards the next step of the top card's beanometer needs and what that
    step pays (a single Cocoa Bean's next step pays 2: "+1 → next coin" said 1)."""
    if not column:
        return {
            "bean": None,
            "name": None,
            "count": 0,
            "value": 0,
            "next_coin": None,
            "next_value": None,
            "cards": [],
        }
    v = variety(column[-1])
    more = v.cards_to_next_coin(len(column))
    return {
        "bean": v.id,
        "name": w.bean(v.id, lang),
        "count": len(column),
        "value": v.coins_for(len(column)),
        "next_coin": more,
        "next_value": None if more is None else v.coins_for(len(column) + more),
        "cards": list(column),
    }


def harvest_for_nothing(column: tuple[str, ...], field: int, lang: str = "en") -> str | None:
    """A field that a harvest would sell for nothing (every card to the discard
    pile): the question a phone asks before the second tap; None if it pays."""
    if not column or sell(column)[0]:
        return None
    f = field + 1
    if lang == "de":
        return f"Feld {f} bringt nichts ein: nochmal tippen, um es trotzdem zu ernten"
    return f"Field {f} earns nothing: tap again to harvest it anyway"


def asks_again_for_a_harvest(harvest: type[Any], forced: Callable[[Any, int], bool]):
    """A card game's `ask_again` hook: its `harvest` action type asks before a field
    is sold for nothing (see harvest_for_nothing), unless the player must harvest
    (`forced`: a card to plant that no field takes); no other move asks."""

    def ask_again(state: Any, action: Any, lang: str = "en") -> str | None:
        if isinstance(action, harvest) and not forced(state, action.player):
            column = state.players[action.player].fields[action.field]
            return harvest_for_nothing(column, action.field, lang)
        return None

    return ask_again


def seat_names(names: dict[int, str], n: int, lang: str = "en") -> list[str]:
    """Every seat's name, "Seat 3" where nobody sat down."""
    return [w.seat_name(names, s, lang) for s in range(n)]


def say_turn(view: dict[str, Any], step: str, names: list[str], lang: str, you: int | None) -> None:
    """The turn in words: whose turn and the step ("Anna's turn — trade and donate")."""
    de = lang == "de"
    view["step_text"] = step
    if view["over"]:
        view["turn_text"] = "Das Spiel ist vorbei" if de else "The game is over"
    elif view["active"] == you:
        view["turn_text"] = f"Du bist dran — {step}" if de else f"Your turn — {step}"
    else:
        name = names[view["active"]]
        view["turn_text"] = f"{name} ist dran — {step}" if de else f"{name}'s turn — {step}"


def warning(kind: str, key: str, text: str, seat: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind, "key": key, "text": text}
    if seat is not None:
        out["seat"] = seat
    return out


def forced_harvest(
    seat: int,
    bean: str,
    names: list[str],
    lang: str,
    you: int | None,
    buy: bool = False,
    protected: list[int] | None = None,
    from_hand: bool = False,
) -> dict[str, Any]:
    """The warning that `seat` must harvest a field (or, `buy`, buy the 3rd) before
    it can plant a card of `bean` that no field takes. `protected`: the fields the
    protection rule keeps from being harvested now (a newcomer, left a 0-coin
    harvest as the only one, saw no reason why). `from_hand`: the card is the first
    of the hand, named to its player only (the big screen told the room the card
    a player was about to plant, in words and in the warning's key)."""
    hidden = from_hand and seat != you
    if hidden:
        bean_name = "vorderste Handkarte" if lang == "de" else "first card of their hand"
    else:
        bean_name = w.bean(bean, lang)
    fields = w.join([str(f + 1) for f in protected or []], lang)
    if lang == "de":
        subject = "Du musst" if seat == you else f"{names[seat]} muss"
        also = " (oder ein 3. Feld kaufen)" if buy else ""
        text = f"{subject} ein Feld ernten{also}, um die {bean_name} anzubauen"
        if len(protected or []) == 1:
            text += (
                f". Auf Feld {fields} liegt nur eine Bohne: es darf nicht geerntet werden, "
                "solange auf einem anderen mehr liegen"
            )
        elif fields:
            text += (
                f". Auf den Feldern {fields} liegt je nur eine Bohne: sie dürfen nicht "
                "geerntet werden, solange auf einem anderen mehr liegen"
            )
    else:
        subject = "You" if seat == you else names[seat]
        also = " (or buy a 3rd field)" if buy else ""
        text = f"{subject} must harvest a field{also} to plant the {bean_name}"
        if len(protected or []) == 1:
            text += (
                f". Field {fields} holds a single bean: it may not be harvested "
                "while another holds more"
            )
        elif fields:
            text += (
                f". Fields {fields} hold a single bean each: they may not be harvested "
                "while another holds more"
            )
    return warning(
        "forced-harvest", f"forced-harvest/{seat}/{'hand' if hidden else bean}", text, seat
    )


def standings(
    names: list[str], scores: list[int], order: list[int], ranks: list, text
) -> list[dict[str, Any]]:
    """Best first: `order` the seats, `ranks[seat]` what decides the place (equal
    ranks share it), `text(score)` the score in words."""
    out: list[dict[str, Any]] = []
    for i, seat in enumerate(order):
        if i and ranks[seat] == ranks[order[i - 1]]:
            place = out[-1]["place"]
        else:
            place = i + 1
        out.append(
            {
                "seat": seat,
                "name": names[seat],
                "score": scores[seat],
                "score_text": text(scores[seat]),
                "place": place,
            }
        )
    return out


def result(
    names: list[str],
    winners: list[int],
    score_of,
    tied_out: list[int],
    lang: str,
    why_not: tuple[str, str, str, str],
    rule: tuple[str, str],
    share: tuple[str, str] = ("", ""),
) -> str:
    """ "Anna wins with 14 coins. Ben also has 14 coins but fewer cards in hand
    (ties go to the most cards in hand)." `score_of(seat, dative)` says a score;
    `tied_out` the seats with the winning score the tie-break put behind."""
    de = lang == "de"
    who = w.join([names[s] for s in winners], lang)
    best = winners[0]
    if len(winners) == 1:
        said = (
            f"{who} gewinnt mit {score_of(best, True)}."
            if de
            else f"{who} wins with {score_of(best, False)}."
        )
    else:
        extra = share[1 if de else 0]
        said = (
            f"{who} teilen sich den Sieg mit je {score_of(best, True)}{extra}."
            if de
            else f"{who} share the win with {score_of(best, False)} each{extra}."
        )
    if tied_out:
        others = w.join([names[s] for s in tied_out], lang)
        many = len(tied_out) > 1
        if de:
            verb, why = ("haben", why_not[3]) if many else ("hat", why_not[2])
            said += f" {others} {verb} ebenfalls {score_of(best, False)}, {why} ({rule[1]})."
        else:
            verb, why = ("have", why_not[1]) if many else ("has", why_not[0])
            said += f" {others} also {verb} {score_of(best, False)} but {why} ({rule[0]})."
    elif len(winners) > 1 and rule[0]:
        said = said[:-1] + f" ({rule[1 if de else 0]})."
    return said


def hand_of(state: Any, seat: int) -> list[str] | None:
    """The seat's hand (bean ids, front first) when the engine knows it."""
    return list(state.players[seat].hand) if state.knowledge == "known" else None


def needs_of_a_card_game(state: Any, data: dict[str, Any], turned: int) -> dict[str, int]:
    """What a card game's move still lacks, seen by the table: the bean of a card
    planted or traded unseen, the `turned` cards turned over (as many as the game
    turns over now: fewer when the deck runs short)."""
    needs: dict[str, int] = {}
    kind = data["type"]
    if "bean" in data and data["bean"] is None:
        needs["bean"] = 1
    if kind == "draw-face-up" and data.get("beans") is None:
        needs["beans"] = turned
    if kind == "trade":
        if data["give"] and data.get("give_beans") is None:
            needs["give_beans"] = len(data["give"])
        if data["receive"] and data.get("receive_beans") is None:
            needs["receive_beans"] = len(data["receive"])
    return needs


def show(
    reads: Reads,
    score: str,
    piles: list[tuple[str, tuple[str, ...] | list[str]]] | None = None,
    hand_in_order: bool = False,
    ladder: bool = False,
    bonus: bool = False,
) -> dict[str, Any]:
    """How the phones and the big screen show a game, said by the game (so no page
    asks which game it is): what its table `reads` (bean fields, or dice); the
    players' `score` ("coins" counted, "dollars", or "taler": dollars that German
    calls Taler, the dice game's); the `piles` of cards in the
    middle a move may be about, by name (words in the pages: table.<name>);
    `hand_in_order` (the hand's first card is planted next); `ladder` (a field
    shows its column as a ladder); `bonus` (bo(h)nus cards)."""
    return {
        "reads": reads,
        "score": score,
        "piles": [{"name": name, "cards": list(cards)} for name, cards in piles or []],
        "hand_in_order": hand_in_order,
        "ladder": ladder,
        "bonus": bonus,
    }


def group_of(groups: dict[str, tuple[str, str]], action: Any, lang: str, **fill: str) -> str | None:
    """The heading a phone groups a move under, in the phone's language ("Plant",
    "Trade with Anna"): from a game's `GROUPS` (its action types in words, `fill`
    put in); None: the move stands alone."""
    words = groups.get(action.type)
    if words is None:
        return None
    return (words[1] if lang == "de" else words[0]).format(**fill)
