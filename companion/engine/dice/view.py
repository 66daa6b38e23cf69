"""Das Würfelspiel as the phones and the dashboard show it, with the odds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .. import view as common
from .. import words as w
from ..actions import Action
from ..sightings import Reads
from . import describe, game
from .describe import step_text as dice_step_text
from .dice import DiceSet
from .odds import Advisor, orders_met, roll_distribution
from .orders import Order
from .state import DiceState


def _dice_end(s: DiceState, names: list[str], lang: str) -> dict[str, Any]:
    n = len(s.players)
    total = [p.total for p in s.players]
    order = sorted(range(n), key=lambda seat: (-total[seat], seat))
    winners = game.winners(s)
    result = common.result(
        names,
        winners,
        lambda seat, dative: w.count(total[seat], "taler", lang, dative),
        [],
        lang,
        ("", "", "", ""),
        ("ties share the win", "Gleichstand teilt den Sieg"),
    )
    return {
        "standings": common.standings(
            names, total, order, total, lambda t: w.count(t, "taler", lang)
        ),
        "result_text": result,
    }


@lru_cache(maxsize=64)
def _adviser(orders: tuple, dice_set) -> Advisor:
    return Advisor(orders, dice_set)


def _first_roll_next(s: DiceState) -> bool:
    """Whether the next roll is a turn's first, of every die (the bean field
    empty or about to be: between turns its dice are rolled again)."""
    return s.step not in ("roll", "save") or not any(s.saved) and s.step == "roll"


@lru_cache(maxsize=4096)
def _roll_meets_all(orders: tuple, dice_set) -> float:
    """The chance one roll of `dice_set` meets every one of `orders` (a die may
    serve several: none is used up)."""
    dist = roll_distribution(dice_set)
    return float(sum((p for b, p in dist.items() if all(o.met(b) for o in orders)), Fraction(0)))


def _next_roll(s: DiceState, seat: int, orders: tuple) -> float | None:
    """What an open order's % says (`orders`: the open ones from the bottom-most up
    to it): the chance that the next roll meets it. The rolls others check are the
    dice just rolled (rulebook: "the dice that have just been rolled"), so mid-turn
    it is a roll of the dice not in the bean field (a newcomer saw 46 % beside an
    order of four beans with one die left), and it meets an order only with every
    open one below it (a newcomer saw 3.7 % beside the 5th order, 0.0 % beside the
    4th, the one to meet first). So too a turn's first roll, of all five: the
    bottom-most open order's figure is the one its card prints, those above it less
    than their cards print (a review saw 42 % above 26 %). The active player's own
    card is checked on the bean field at the turn's end: mid-turn it has no such
    figure (the advice says the chance this turn). None: no figure."""
    if not orders:
        return None  # (met already)
    if _first_roll_next(s):
        return _roll_meets_all(orders, s.dice)  # (the next turn's first roll)
    if seat == s.active:
        return None
    # No roll to come this turn (the last die is saved now): no figure (0 % beside
    # every order alarmed a newcomer).
    if sum(not kept for kept in s.saved) <= (1 if s.step == "save" else 0):
        return None
    left = DiceSet(tuple(d for d, kept in zip(s.dice.dice, s.saved, strict=True) if not kept))
    return _roll_meets_all(orders, left)


def order_alternatives(order: Order) -> list[list[list[str]]]:
    """An order as data: its alternatives, each a list of slots, each slot the beans
    a die may show to fill it (so a page can draw it as dice)."""
    return [[sorted(slot) for slot in alt] for alt in order.alternatives]


# How to read the phone, a line a rule it shows (a newcomer asked why an order met
# by the dice stayed open).
LEGEND = (
    (
        "Orders are met from the bottom up: the lowest open one of your top harvest card first.",
        "After each roll, before any die is saved, everyone checks the dice just rolled "
        "against their lowest open order; the player rolling checks the bean field when "
        "the turn ends.",
        "3, 4 or 5 orders done: harvest at any time, for 1, 2 or 3 dollars.",
        "Someone with 10 dollars after a harvest starts the final phase.",
    ),
    (
        "Aufträge werden von unten nach oben erfüllt: erst der unterste offene deiner "
        "oberen Erntekarte.",
        "Nach jedem Wurf, bevor ein Würfel abgelegt wird, prüfen alle die eben gewürfelten "
        "Würfel gegen ihren untersten offenen Auftrag; wer würfelt, prüft das Bohnenfeld "
        "am Ende des Zugs.",
        "3, 4 oder 5 Aufträge erfüllt: jederzeit ernten, für 1, 2 oder 3 Taler.",
        "Wer nach einer Ernte 10 Taler hat, läutet die Schlussphase ein.",
    ),
)


def _kinds_said(dice: DiceSet, lang: str) -> list[str]:
    """What each kind of die shows, when the set has more than one: a newcomer saw
    two brown and three cream dice and nothing said why (GAME-DATA: 2 darker, 3
    lighter, with other beans on their faces)."""
    kinds = dice.kinds
    if len(kinds) < 2:
        return []
    de = lang == "de"
    said = []
    for name, faces, n in kinds:
        shown = [w.bean(b, lang) + (f" ×{k}" if k > 1 else "") for b, k in Counter(faces).items()]
        many = describe.kind(name, lang, many=True)
        said.append(f"{'die' if de else 'the'} {n} {many}: {w.join(shown, lang)}")
    if de:
        head = "Zwei Sorten Würfel" if len(kinds) == 2 else "Würfel verschiedener Sorten"
        head += ", mit anderen Bohnen auf den Seiten"
    else:
        head = "Two kinds of dice" if len(kinds) == 2 else "Dice of several kinds"
        head += ", with other beans on their faces"
    return [f"{head}: {'; '.join(said)}."]


def view(
    s: DiceState,
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
            # The active player's orders the bean field meets already: completed
            # when the turn's check comes (all five saved), as dice are never taken
            # back out (a newcomer saw a met order still showing its odds).
            in_field = 0
            if seat == s.active and s.step in ("roll", "save") and s.field:
                in_field = orders_met(p.top.orders[p.completed :], s.field)
            for i, o in enumerate(p.top.orders):
                orders.append(
                    {
                        "text": o.text,
                        "done": i < p.completed,
                        "in_field": p.completed <= i < p.completed + in_field,
                        "odds": _next_roll(s, seat, p.top.orders[p.completed : i + 1]),
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
                "new_top": p.new_top,
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
        warnings.append(common.warning("end", f"final/{s.final}", text, s.final))
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
        # What roll the orders' % are of: all the dice (a turn's first roll) or the
        # dice left (a newcomer read "of the dice not in the bean field" with all
        # five in it, the % being the next turn's)
        "odds_of": "all" if _first_roll_next(s) else "left",
        "final": s.final,
        "deck_size": s.deck_size,
        "players": players,
        "beans": sorted(s.dice.beans),
        "warnings": warnings,
        "legend": [*LEGEND[1 if lang == "de" else 0], *_kinds_said(s.dice, lang)],
        "show": common.show(reads=Reads.DICE, score="taler"),
        "over": s.over,
        "winners": game.winners(s) if s.over else None,
    }
    common.say_turn(view, dice_step_text(s, lang), names, lang, you)
    if s.over:
        view.update(_dice_end(s, names, lang))
    key = advice_key(s)
    if advise and key is not None:
        view["advice"] = advice(key)
    return view


def advice_key(s: DiceState) -> tuple | None:
    """What the active player's odds this turn depend on (None: nothing to advise):
    the orders still to complete, the dice, the bean field, the dice left, the piece,
    and after a roll what each die rolled shows (die, kind, bean)."""
    me = s.players[s.active]
    if s.over or me.top is None or me.completed >= len(me.top.orders):
        return None
    left = tuple(d.kind for d, sv in zip(s.dice.dice, s.saved, strict=True) if not sv)
    if not left:
        return None
    roll = None
    if s.step == "save":
        roll = tuple((i, s.dice.dice[i].kind, s.faces[i]) for i in s.rolled)
    return (me.top.orders[me.completed :], s.dice, tuple(s.field), left, s.piece, roll)


def advice(key: tuple) -> dict[str, Any]:
    """The odds for `advice_key`'s situation (tens of ms the first time, then cached).
    After a roll, the odds are those of the best choice it leaves, and that choice is
    named (`best`: the dice to save, or the roll repeated with the bean piece): the
    chance said before the roll stood unchanged whatever the dice showed. Where no
    choice can complete the order, none is named ("best" at 0 % read as advice)."""
    orders, dice_set, field, left, piece, roll = key
    adviser = _adviser(orders, dice_set)
    if roll is None:
        return adviser.advise(field=list(field), left=list(left), piece=piece)
    out = adviser.advise(
        field=list(field), left=list(left), piece=piece, roll=[(k, b) for _, k, b in roll]
    )
    best = out.pop("best_save")
    bottom, most = best["for_bottom"], best["for_orders"]
    repeat = bottom["repeat_instead"]
    unused = list(roll)
    save = []
    for kind, bean in bottom["save"]:
        die = next(d for d in unused if d[1:] == (kind, bean))
        unused.remove(die)
        save.append(die[0])
    odds = {
        "p_bottom": out["p_bottom_without_piece"] if repeat else bottom["p"],
        "p_bottom_without_piece": bottom["p"],
        "expected_orders": out["expected_orders_without_piece"]
        if most["repeat_instead"]
        else most["expected"],
    }
    if odds["p_bottom"] > 0:
        # (`met`: the bean field meets the next order already, whatever is saved: the
        # choice named is the one for the orders after it)
        odds["best"] = {
            "repeat": repeat,
            "save": [] if repeat else sorted(save),
            "met": out["p_bottom_without_piece"] >= 1.0,
        }
    return odds


def private(state: DiceState, seat: int, lang: str = "en") -> dict[str, Any]:
    return {"hand": None, "bonus": None}  # a dice player holds no cards in hand


def needs(state: DiceState, data: dict[str, Any]) -> dict[str, int]:
    """A real table's dice are real: the camera (or a phone) says what they show,
    and a harvest names the card's five orders."""
    found: dict[str, int] = {}
    if state.deck is not None:
        return found
    kind = data["type"]
    if kind == "harvest":
        found["card"] = 5
    if kind in ("roll", "repeat-roll") and data.get("faces") is None:
        rolled = (
            state.rolled
            if kind == "repeat-roll"
            else [i for i, s in enumerate(state.saved) if not s]
        )
        found["faces"] = len(rolled)
    return found


# The headings a phone groups moves under (English, German).
GROUPS = {
    "save": ("Save dice", "Würfel ablegen"),
    "harvest": ("Harvest", "Ernten"),
}


def group(
    before: DiceState,
    action: Action,
    names: dict[int, str],
    lang: str = "en",
    seat: int | None = None,
) -> str | None:
    """The heading the move is grouped under on a phone."""
    return common.group_of(GROUPS, action, lang)


TITLE = ("Bohnanza: Das Würfelspiel", "Bohnanza: Das Würfelspiel")
describe_action = describe.describe
label = describe.label


def must_act(view: dict[str, Any]) -> set[int]:
    """The seats the table waits for beside the active player: none. The dice game
    waits only for the active player's roll, save or pass; a harvest is any
    player's choice at any moment (counting those able to harvest as waited for
    made a bystander's phone say the table waited for them)."""
    return set()
