"""What the phones, the dashboard and the panel show: an engine state as JSON in
the game's own words. Pure functions of the state; no I/O."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import words as w
from .engine import bohnanza, dice, duel
from .engine.actions import Action
from .engine.beans import variety
from .engine.bohnanza import describe as bohnanza_words
from .engine.bohnanza.describe import step_text as bohnanza_step_text
from .engine.dice import describe as dice_words
from .engine.dice.describe import step_text as dice_step_text
from .engine.duel import describe as duel_words
from .engine.duel.describe import bonus_text as duel_bonus_text
from .engine.duel.describe import step_text as duel_step_text


def field_view(column: tuple[str, ...], lang: str = "en") -> dict[str, Any]:
    """A bean field: its top variety, how many cards, what it is worth now and how
    many more cards the next coin needs (by the top card's beanometer)."""
    if not column:
        return {"bean": None, "name": None, "count": 0, "value": 0, "next_coin": None, "cards": []}
    v = variety(column[-1])
    return {
        "bean": v.id,
        "name": w.bean(v.id, lang),
        "count": len(column),
        "value": v.coins_for(len(column)),
        "next_coin": v.cards_to_next_coin(len(column)),
        "cards": list(column),
    }


def _names(names: dict[int, str], n: int, lang: str = "en") -> list[str]:
    return [w.seat_name(names, s, lang) for s in range(n)]


def _turn(view: dict[str, Any], step: str, names: list[str], lang: str, you: int | None) -> None:
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


def _warning(kind: str, key: str, text: str, seat: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind, "key": key, "text": text}
    if seat is not None:
        out["seat"] = seat
    return out


# ---------------------------------------------------------------- the end


def _standings(
    names: list[str], scores: list[int], order: list[int], ranks: list, text
) -> list[dict[str, Any]]:
    """Best first: `order` the seats, `ranks[seat]` what decides the place (equal
    ranks share it), `text(score)` the score in words."""
    out = []
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


def _result(
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


def _bohnanza_end(s: bohnanza.State, names: list[str], lang: str) -> dict[str, Any]:
    n = len(s.players)
    coins = [len(p.coins) for p in s.players]
    hands = [len(p.hand) for p in s.players]
    most_cards = s.rules.tie_break == "most-cards-in-hand"
    # What orders players with equal coins: the rulebook's tie-break.
    second = hands if most_cards else [(seat - s.start) % n for seat in range(n)]
    order = sorted(range(n), key=lambda seat: (-coins[seat], -second[seat], seat))
    ranks = [(coins[seat], second[seat]) for seat in range(n)]
    winners = bohnanza.winners(s)
    tied_out = [seat for seat in order if coins[seat] == coins[winners[0]] and seat not in winners]

    def score_of(seat: int, dative: bool) -> str:
        return w.count(coins[seat], "coin", lang, dative)

    if most_cards:
        why_not = ("fewer cards in hand",) * 2 + ("aber weniger Handkarten",) * 2
        rule = (
            "ties go to the most cards in hand",
            "bei Gleichstand gewinnt, wer die meisten Handkarten hat",
        )
        k = hands[winners[0]]
        share = (
            f" and {w.count(k, 'hand-card', 'en')}",
            f" und je {w.count(k, 'hand-card', 'de', True)}",
        )
    else:
        why_not = (
            "sits closer to the starting player",
            "sit closer to the starting player",
            "sitzt aber näher am Startspieler",
            "sitzen aber näher am Startspieler",
        )
        rule = (
            "ties go to the player furthest from the starting player, clockwise",
            "bei Gleichstand gewinnt, wer im Uhrzeigersinn am weitesten vom Startspieler sitzt",
        )
        share = ("", "")
    return {
        "standings": _standings(names, coins, order, ranks, lambda c: w.count(c, "coin", lang)),
        "result_text": _result(names, winners, score_of, tied_out, lang, why_not, rule, share),
    }


def _duel_end(s: duel.DuelState, names: list[str], lang: str) -> dict[str, Any]:
    amount = [duel.cents(s, seat) for seat in (0, 1)]
    # A tie: the starting player loses, so the other one ranks first.
    order = sorted((0, 1), key=lambda seat: (-amount[seat], seat == s.start))
    winners = duel.winners(s)
    tied_out = [
        seat for seat in (0, 1) if amount[seat] == amount[winners[0]] and seat not in winners
    ]
    standings = _standings(
        names,
        [a / 100 for a in amount],  # type: ignore[misc]
        order,
        [(amount[seat], seat != s.start) for seat in (0, 1)],
        lambda dollars: w.cents(round(dollars * 100), lang),
    )
    result = _result(
        names,
        winners,
        lambda seat, _dative: w.cents(amount[seat], lang),
        tied_out,
        lang,
        ("was the starting player", "", "hat aber das Spiel begonnen", ""),
        ("the starting player loses a tie", "bei Gleichstand verliert, wer begonnen hat"),
    )
    return {"standings": standings, "result_text": result}


def _dice_end(s: dice.DiceState, names: list[str], lang: str) -> dict[str, Any]:
    n = len(s.players)
    total = [p.total for p in s.players]
    order = sorted(range(n), key=lambda seat: (-total[seat], seat))
    winners = dice.winners(s)
    result = _result(
        names,
        winners,
        lambda seat, dative: w.count(total[seat], "taler", lang, dative),
        [],
        lang,
        ("", "", "", ""),
        ("ties share the win", "Gleichstand teilt den Sieg"),
    )
    return {
        "standings": _standings(names, total, order, total, lambda t: w.count(t, "taler", lang)),
        "result_text": result,
    }


# ---------------------------------------------------------------- Bohnanza


def _bohnanza_warnings(
    s: bohnanza.State, names: list[str], lang: str = "en", you: int | None = None
) -> list[dict]:
    de = lang == "de"
    out = []
    for seat, p in enumerate(s.players):
        must = list(p.set_aside)
        if seat == s.active and s.step == "plant" and p.hand and p.hand[0] and s.planted == 0:
            must.append(p.hand[0])
        if seat == s.active and s.step == "offer":
            continue  # offered cards may be discarded instead
        for bean in must:
            if not bohnanza.fields_for(p, bean):
                can_buy = s.rules.can_buy_field and not p.bought_field and len(p.fields) < 3
                b = w.bean(bean, lang)
                if de:
                    subject = "Du musst" if seat == you else f"{names[seat]} muss"
                    buy = " (oder ein 3. Feld kaufen)" if can_buy else ""
                    text = f"{subject} ein Feld ernten{buy}, um die {b} anzubauen"
                else:
                    subject = "You" if seat == you else names[seat]
                    buy = " (or buy a 3rd field)" if can_buy else ""
                    text = f"{subject} must harvest a field{buy} to plant the {b}"
                out.append(_warning("forced-harvest", f"forced-harvest/{seat}/{bean}", text, seat))
                break
    if s.ending:
        text = "Das Spiel endet nach diesem Zug" if de else "The game ends after this turn"
        out.append(_warning("end", "end/this-turn", text))
    elif s.exhaustions == s.rules.exhaustions_to_end - 1 and s.deck_size < 10:
        text = (
            "Das Ende naht: der Nachziehstapel geht zum letzten Mal zur Neige"
            if de
            else "The end is near: the draw deck is running out for the last time"
        )
        out.append(_warning("end", "end/near", text))
    return out


def bohnanza_view(
    s: bohnanza.State, names: list[str], lang: str = "en", you: int | None = None
) -> dict[str, Any]:
    view = {
        "game": "bohnanza",
        "edition": s.rules.edition,
        "knowledge": s.knowledge,
        "active": s.active,
        "turn": s.turn,
        "step": s.step,
        "planted": s.planted,
        "players": [
            {
                "seat": seat,
                "name": names[seat],
                "hand_size": len(p.hand),
                "coins": len(p.coins),
                "fields": [field_view(f, lang) for f in p.fields],
                "set_aside": list(p.set_aside),
                "bought_field": p.bought_field,
            }
            for seat, p in enumerate(s.players)
        ],
        "face_up": list(s.face_up),
        "offer": list(s.offer),
        "discard_top": s.discard[-1] if s.discard else None,
        "discard_size": len(s.discard),
        "forecast": bohnanza.forecast(s),
        "third_field_cost": s.rules.third_field_cost,
        "beans": list(s.rules.beans),
        "warnings": _bohnanza_warnings(s, names, lang, you),
        "over": s.over,
        "winners": bohnanza.winners(s) if s.over else None,
    }
    _turn(view, bohnanza_step_text(s, lang), names, lang, you)
    if s.over:
        view.update(_bohnanza_end(s, names, lang))
    return view


# ---------------------------------------------------------------- The Duel


def duel_view(
    s: duel.DuelState, names: list[str], lang: str = "en", you: int | None = None
) -> dict[str, Any]:
    de = lang == "de"
    view = {
        "game": "duel",
        "knowledge": s.knowledge,
        "active": s.active,
        "turn": s.turn,
        "step": s.step,
        "planted": s.planted,
        "players": [
            {
                "seat": seat,
                "name": names[seat],
                "hand_size": len(p.hand),
                "dollars": duel.cents(s, seat) / 100,
                "dollar_pile": len(p.dollars),
                "bonus_hand": len(p.bonus),
                "fulfilled": [
                    {**c.to_json(), "text": duel_bonus_text(c, lang)} for c in p.fulfilled
                ],
                "fields": [field_view(f, lang) for f in p.fields],
                "gift": list(p.gift),
            }
            for seat, p in enumerate(s.players)
        ],
        "face_up": list(s.face_up),
        "gifts_pushed": list(s.offers),
        "deck_size": s.deck_size,
        "beans": list(duel.LADDER),
        "warnings": [
            _warning(
                "end",
                "end/after-phase-3",
                "Der Nachziehstapel ist aufgebraucht: das Spiel endet nach Phase 3"
                if de
                else "The draw pile has run out: the game ends after phase 3",
            )
        ]
        if s.ending or s.step == "final"
        else [],
        "over": s.over,
        "winners": duel.winners(s) if s.over else None,
    }
    _turn(view, duel_step_text(s, lang), names, lang, you)
    if s.over:
        view.update(_duel_end(s, names, lang))
    return view


# ---------------------------------------------------------------- Das Würfelspiel


@lru_cache(maxsize=64)
def _adviser(orders: tuple, dice_set) -> dice.Advisor:
    return dice.Advisor(orders, dice_set)


@lru_cache(maxsize=4096)
def _first_roll(order, dice_set) -> float:
    return float(dice.first_roll(order, dice_set))


def order_alternatives(order: dice.Order) -> list[list[list[str]]]:
    """An order as data: its alternatives, each a list of slots, each slot the beans
    a die may show to fill it (so a page can draw it as dice)."""
    return [[sorted(slot) for slot in alt] for alt in order.alternatives]


def dice_view(
    s: dice.DiceState,
    names: list[str],
    advise: bool = True,
    lang: str = "en",
    you: int | None = None,
) -> dict[str, Any]:
    de = lang == "de"
    players = []
    for seat, p in enumerate(s.players):
        orders = []
        if p.top is not None:
            for i, o in enumerate(p.top.orders):
                orders.append(
                    {
                        "text": o.text,
                        "done": i < p.completed,
                        "odds": _first_roll(o, s.dice),
                        "alternatives": order_alternatives(o),
                    }
                )
        players.append(
            {
                "seat": seat,
                "name": names[seat],
                "orders": orders,
                "completed": p.completed,
                "last_check": p.last_check,
                "bottom_most": orders[p.completed]["text"] if p.completed < len(orders) else None,
                "dollars": p.total,
                "can_harvest": p.completed >= 3,
            }
        )
    warnings = []
    if s.final is not None:
        total = w.count(s.players[s.final].total, "taler", lang)
        if de:
            who = "Du hast" if s.final == you else f"{names[s.final]} hat"
            text = f"{who} {total}: die Schlussphase"
        else:
            who = "You have" if s.final == you else f"{names[s.final]} has"
            text = f"{who} {total}: the final phase"
        warnings.append(_warning("end", f"final/{s.final}", text, s.final))
    view: dict[str, Any] = {
        "game": "dice",
        "active": s.active,
        "turn": s.turn,
        "step": s.step,
        "dice": [
            {"kind": d.kind, "face": f, "saved": sv, "rolled": i in s.rolled}
            for i, (d, f, sv) in enumerate(zip(s.dice.dice, s.faces, s.saved, strict=True))
        ],
        "piece": s.piece,
        "final": s.final,
        "deck_size": s.deck_size,
        "players": players,
        "beans": sorted(s.dice.beans),
        "warnings": warnings,
        "over": s.over,
        "winners": dice.winners(s) if s.over else None,
    }
    _turn(view, dice_step_text(s, lang), names, lang, you)
    if s.over:
        view.update(_dice_end(s, names, lang))
    key = advice_key(s)
    if advise and key is not None:
        view["advice"] = advice(key)
    return view


def advice_key(s: dice.DiceState) -> tuple | None:
    """What the active player's odds this turn depend on (None: nothing to advise):
    the orders still to complete, the dice, the bean field, the dice left, the piece."""
    me = s.players[s.active]
    if s.over or me.top is None or me.completed >= len(me.top.orders):
        return None
    left = tuple(d.kind for d, sv in zip(s.dice.dice, s.saved, strict=True) if not sv)
    if not left:
        return None
    return (me.top.orders[me.completed :], s.dice, tuple(s.field), left, s.piece)


def advice(key: tuple) -> dict[str, Any]:
    """The odds for `advice_key`'s situation (tens of ms the first time, then cached)."""
    orders, dice_set, field, left, piece = key
    return _adviser(orders, dice_set).advise(field=list(field), left=list(left), piece=piece)


# ---------------------------------------------------------------- one entry point


def game_view(
    game: str,
    state: Any,
    names: dict[int, str],
    advise: bool = True,
    lang: str = "en",
    you: int | None = None,
) -> dict[str, Any]:
    """The state as the phones show it, in `lang`; `you`: the seat of the phone
    that reads it (None: the dashboard). `advise`: work out the dice game's odds
    now (else the caller adds them)."""
    n = len(state.players)
    if game == "bohnanza":
        return bohnanza_view(state, _names(names, n, lang), lang, you)
    if game == "duel":
        return duel_view(state, _names(names, n, lang), lang, you)
    return dice_view(state, _names(names, n, lang), advise=advise, lang=lang, you=you)


_WORDS = {"bohnanza": bohnanza_words, "duel": duel_words, "dice": dice_words}


def describe(
    game: str,
    state: Any,
    action: Action,
    names: dict[int, str] | None = None,
    upcoming: bool = False,
    lang: str = "en",
) -> str:
    """An action in the third person, with the players' names ("Anna plants Soy
    Bean in field 2"); `upcoming`: as a move still to make (so the cards it would
    reveal are not told)."""
    return _WORDS[game].describe(state, action, names or {}, upcoming, lang)


def label(
    game: str, state: Any, action: Action, names: dict[int, str] | None = None, lang: str = "en"
) -> str:
    """A move still to make, said to the player who makes it ("Plant Soy Bean in
    field 2")."""
    return _WORDS[game].label(state, action, names or {}, lang)


def log_words(game: str, before: Any, action: Action, names: dict[int, str]) -> w.Words:
    """A log line in every language, said about the state the action applied to."""
    return w.each(lambda lang: describe(game, before, action, names, lang=lang))


TITLES = {
    "bohnanza": ("Bohnanza", "Bohnanza"),
    "duel": ("Bohnanza: The Duel", "Bohnanza: Das Duell"),
    "dice": ("Bohnanza: Das Würfelspiel", "Bohnanza: Das Würfelspiel"),
}


def title(game: str, lang: str = "en") -> str:
    """The game's name as the box of that language prints it."""
    en, de = TITLES[game]
    return de if lang == "de" else en


def private(game: str, state: Any, seat: int, lang: str = "en") -> dict[str, Any]:
    """What only the seat's own phone shows: the hand (bean ids, front first) and,
    in The Duel, the bo(h)nus cards in hand; None where the engine does not know
    them (a real table's hidden cards, or a game without them)."""
    known = getattr(state, "knowledge", None) == "known"
    p = state.players[seat]
    hand = list(p.hand) if known and hasattr(p, "hand") else None
    bonus = None
    if known and game == "duel":
        bonus = [
            {**c.to_json(), "text": duel_bonus_text(c, lang)} for c in p.bonus if c is not None
        ]
    return {"hand": hand, "bonus": bonus}
