"""What the phones, the dashboard and the panel show: an engine state as JSON in
the game's own words. Pure functions of the state; no I/O."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .engine import bohnanza, dice, duel
from .engine.actions import Action
from .engine.beans import bean_name, variety
from .engine.bohnanza.describe import describe as describe_bohnanza
from .engine.dice.describe import describe as describe_dice
from .engine.duel.describe import describe as describe_duel


def field_view(column: tuple[str, ...]) -> dict[str, Any]:
    """A bean field: its top variety, how many cards, what it is worth now and how
    many more cards the next coin needs (by the top card's beanometer)."""
    if not column:
        return {"bean": None, "name": None, "count": 0, "value": 0, "next_coin": None, "cards": []}
    v = variety(column[-1])
    return {
        "bean": v.id,
        "name": v.name,
        "count": len(column),
        "value": v.coins_for(len(column)),
        "next_coin": v.cards_to_next_coin(len(column)),
        "cards": list(column),
    }


def _names(names: dict[int, str], n: int) -> list[str]:
    return [names.get(s, f"Seat {s + 1}") for s in range(n)]


# ---------------------------------------------------------------- Bohnanza


def _bohnanza_warnings(s: bohnanza.State, names: list[str]) -> list[dict]:
    out = []
    for seat, p in enumerate(s.players):
        must = list(p.set_aside)
        if seat == s.active and s.step == "plant" and p.hand and p.hand[0] and s.planted == 0:
            must.append(p.hand[0])
        if seat == s.active and s.step == "offer":
            continue  # offered cards may be discarded instead
        for bean in must:
            if not bohnanza.fields_for(p, bean):
                out.append(
                    {
                        "kind": "forced-harvest",
                        "seat": seat,
                        "text": f"{names[seat]} must harvest a field (or buy one) to plant "
                        f"the {bean_name(bean)}",
                    }
                )
                break
    if s.ending or s.exhaustions == s.rules.exhaustions_to_end - 1 and s.deck_size < 10:
        out.append(
            {
                "kind": "end",
                "text": "The end is near: the draw deck is running out for the last time"
                if not s.ending
                else "The game ends after this turn",
            }
        )
    return out


def bohnanza_view(s: bohnanza.State, names: list[str]) -> dict[str, Any]:
    return {
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
                "fields": [field_view(f) for f in p.fields],
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
        "warnings": _bohnanza_warnings(s, names),
        "over": s.over,
        "winners": bohnanza.winners(s) if s.over else None,
    }


# ---------------------------------------------------------------- The Duel


def duel_view(s: duel.DuelState, names: list[str]) -> dict[str, Any]:
    return {
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
                "fulfilled": [c.to_json() for c in p.fulfilled],
                "fields": [field_view(f) for f in p.fields],
                "gift": list(p.gift),
            }
            for seat, p in enumerate(s.players)
        ],
        "face_up": list(s.face_up),
        "gifts_pushed": list(s.offers),
        "deck_size": s.deck_size,
        "beans": list(duel.LADDER),
        "warnings": [
            {"kind": "end", "text": "The draw pile has run out: the game ends after phase 3"}
        ]
        if s.ending or s.step == "final"
        else [],
        "over": s.over,
        "winners": duel.winners(s) if s.over else None,
    }


# ---------------------------------------------------------------- Das Würfelspiel


@lru_cache(maxsize=64)
def _adviser(orders: tuple, dice_set) -> dice.Advisor:
    return dice.Advisor(orders, dice_set)


@lru_cache(maxsize=4096)
def _first_roll(order, dice_set) -> float:
    return float(dice.first_roll(order, dice_set))


def dice_view(s: dice.DiceState, names: list[str], advise: bool = True) -> dict[str, Any]:
    players = []
    for seat, p in enumerate(s.players):
        orders = []
        if p.top is not None:
            for i, o in enumerate(p.top.orders):
                orders.append(
                    {"text": o.text, "done": i < p.completed, "odds": _first_roll(o, s.dice)}
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
        "warnings": [{"kind": "end", "text": f"{names[s.final]} has 10 dollars: the final phase"}]
        if s.final is not None
        else [],
        "over": s.over,
        "winners": dice.winners(s) if s.over else None,
    }
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


def game_view(game: str, state: Any, names: dict[int, str], advise: bool = True) -> dict[str, Any]:
    """`advise`: work out the dice game's odds now (else the caller adds them)."""
    n = len(state.players)
    if game == "bohnanza":
        return bohnanza_view(state, _names(names, n))
    if game == "duel":
        return duel_view(state, _names(names, n))
    return dice_view(state, _names(names, n), advise=advise)


def describe(
    game: str,
    state: Any,
    action: Action,
    names: dict[int, str] | None = None,
    upcoming: bool = False,
) -> str:
    """An action in a player's words; `upcoming`: as a move still to make (so the
    cards it would reveal are not told)."""
    describe_game = {
        "bohnanza": describe_bohnanza,
        "duel": describe_duel,
        "dice": describe_dice,
    }[game]
    return describe_game(state, action, _names(names or {}, len(state.players)), upcoming)
