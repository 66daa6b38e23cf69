"""Bohnanza: Das Würfelspiel scenarios (rulebook 004)."""

from dataclasses import replace
from fractions import Fraction
from itertools import product

from companion.engine.dice import (
    Harvest,
    PassPiece,
    RepeatRoll,
    Roll,
    Save,
    first_roll,
    make_card,
    parse_order,
)
from companion.engine.dice.game import winners

from .harness import GAMES, expect, ok, refused, scenario

G = "dice"
DARK = ["blue", "garden", "stink", "stink", "soy", "soy"]
LIGHT = ["stink", "red", "blue", "blue", "green", "green"]
O1, O2, O3, O4 = (
    "stink + soy + red",
    "green*2 | soy*2",
    "(soy|green) + red + garden",
    "(soy|green) + (garden|red)*2",
)
HARD = "blue*2 + red*2 + garden"  # effectively never in these scenarios


def new(players=3, seed=7, **kw):
    return GAMES[G].new_game(players=players, seed=seed, **kw)


def wp(s, seat, **ch):
    p = replace(s.players[seat], **ch)
    ps = list(s.players)
    ps[seat] = p
    return replace(s, players=tuple(ps))


def card(*orders):
    orders = list(orders) + [HARD] * (5 - len(orders))
    return make_card(orders)


@scenario("X01 dice faces are GAME-DATA's: 2 darker, 3 lighter")
def _():
    s = new()
    faces = [list(d.faces) for d in s.dice.dice]
    expect(sorted(faces[0]) == sorted(DARK) and sorted(faces[1]) == sorted(DARK), "darker")
    expect(all(sorted(f) == sorted(LIGHT) for f in faces[2:]), "lighter")


@scenario("X02 example orders parse and match as the rulebook explains them (004)")
def _():
    cases = [
        (O1, ["stink", "soy", "red"], True),
        (O1, ["stink", "soy", "blue"], False),
        (O2, ["green", "green"], True),
        (O2, ["soy", "soy"], True),
        (O2, ["soy", "green"], False),
        (O3, ["soy", "red", "garden"], True),
        (O3, ["green", "red", "garden"], True),
        (O3, ["soy", "red", "red"], False),
        (O4, ["soy", "garden", "garden"], True),
        (O4, ["green", "red", "red"], True),
        (O4, ["soy", "garden", "red"], True),
        (O4, ["soy", "garden"], False),
        (O4, ["garden", "red", "red"], False),
        (O4, ["green", "soy", "red"], False),
        (O2, ["green"], False),
    ]
    for text, beans, want in cases:
        got = parse_order(text).met(beans + ["blue"] * (5 - len(beans)))
        expect(got == want, f"{text} on {beans}: engine {got}, rule {want}")


@scenario("X03 first-roll chance: engine's exact value equals a brute force over all 6^5 rolls")
def _():
    for text in (O1, O2, O3, O4, "stink", "garden*2", "red + garden + soy + green + blue"):
        o = parse_order(text)
        hits = 0
        for roll in product(DARK, DARK, LIGHT, LIGHT, LIGHT):
            hits += o.met(list(roll))
        mine = Fraction(hits, 6**5)
        expect(first_roll(o) == mine, f"{text}: {first_roll(o)} vs {mine}")


@scenario("X04 start of turn rolls all five; at least one die saved after each roll")
def _():
    s = new()
    s = ok(G, s, Roll(0))
    expect(len(s.rolled) == 5, "all five rolled")
    refused(G, s, Save(0, ()), "save-one")
    refused(G, s, Roll(0))  # must save before rolling again


@scenario("X05 saved dice are never rerolled; only just-rolled dice may be saved")
def _():
    s = new()
    s = ok(G, s, Roll(0, ("soy", "garden", "stink", "red", "blue")))
    s = ok(G, s, Save(0, (0, 3)))
    s = ok(G, s, Roll(0, ("soy", "green", "green")))
    expect(
        s.rolled == (1, 2, 4) and s.faces[0] == "soy" and s.faces[3] == "red",
        f"{s.rolled} {s.faces}",
    )
    refused(G, s, Save(0, (0,)), "save-rolled")


@scenario("X06 a face a die doesn't have is refused (red on a darker die)")
def _():
    s = new()
    refused(G, s, Roll(0, ("red", "garden", "stink", "red", "blue")), "wrong-faces")


@scenario("X07 example 2: others check the dice JUST rolled, never the bean field")
def _():
    s = new(3)
    s = wp(s, 1, top=card("green*2"), bottom=card(), completed=0)  # Martina
    s = wp(s, 2, top=card("stink*2"), bottom=card(), completed=0)  # Björn
    s = ok(G, s, Roll(0, ("stink", "garden", "red", "blue", "blue")))
    s = ok(G, s, Save(0, (0,)))  # stink to the field
    s = ok(G, s, Roll(0, ("garden", "stink", "green", "green")))  # dice 1..4
    expect(s.players[1].completed == 1, "Martina completes green*2")
    expect(s.players[2].completed == 0, "Björn can't use the stink in the bean field")


@scenario("X08 the active player does not profit from own rolls mid-turn")
def _():
    s = new(2)
    s = wp(s, 0, top=card("blue"), bottom=card())
    s = ok(G, s, Roll(0, ("blue", "garden", "red", "red", "red")))
    expect(s.players[0].completed == 0, "no mid-turn check for the active player")


@scenario("X09 example 4: the bean field completes the two bottom orders with one Soy used twice")
def _():
    s = new(2)
    s = wp(s, 0, top=card(O1, O3), bottom=card())
    s = ok(G, s, Roll(0, ("garden", "soy", "stink", "red", "blue")))
    s = ok(G, s, Save(0, (0, 1, 2, 3, 4)))
    expect(
        s.players[0].completed == 2 and s.step == "turn-end", f"completed {s.players[0].completed}"
    )


@scenario(
    "X10 only the bottom-most uncovered order: order 2 met but order 1 not -> nothing covered"
)
def _():
    s = new(2)
    s = wp(s, 0, top=card(O1, O2), bottom=card())
    s = ok(G, s, Roll(0, ("soy", "soy", "blue", "blue", "blue")))
    s = ok(G, s, Save(0, (0, 1, 2, 3, 4)))
    expect(s.players[0].completed == 0, f"completed {s.players[0].completed}")


@scenario("X11 others: one roll completes several orders at once (push the card higher)")
def _():
    s = new(2)
    s = wp(s, 1, top=card("stink", "green", "red"), bottom=card())
    s = ok(G, s, Roll(0, ("stink", "blue", "green", "red", "blue")))
    expect(s.players[1].completed == 3, f"{s.players[1].completed}")


@scenario("X12 bean piece: repeats the dice just rolled, checked again, once a turn")
def _():
    s = new(2)
    s = wp(s, 1, top=card("green", "blue"), bottom=card())
    s = ok(G, s, Roll(0, ("stink", "garden", "green", "red", "red")))
    expect(s.players[1].completed == 1, "check on first roll")
    s = ok(G, s, RepeatRoll(0, ("blue", "garden", "red", "red", "red")))
    expect(
        s.players[1].completed == 2 and s.rolled == (0, 1, 2, 3, 4), "checked again on the repeat"
    )
    refused(G, s, RepeatRoll(0), "piece-used")
    s = ok(G, s, Save(0, (0,)))
    s = ok(G, s, Roll(0))
    refused(G, s, RepeatRoll(0), "piece-used")


@scenario("X13 bean piece repeats only the dice just rolled; saved dice stay (004 note)")
def _():
    s = new(2)
    s = ok(G, s, Roll(0, ("stink", "garden", "green", "red", "red")))
    s = ok(G, s, Save(0, (0, 1)))
    s = ok(G, s, Roll(0, ("blue", "blue", "blue")))
    t = ok(G, s, RepeatRoll(0, ("green", "green", "green")))
    expect(t.faces[:2] == ("stink", "garden") and t.rolled == (2, 3, 4), f"{t.faces}")


@scenario(
    "X14 harvest needs 3 orders: 3->1, 4->2, 5->3 dollars; bottom becomes top; new bottom drawn"
)
def _():
    for done, pay in ((3, 1), (4, 2), (5, 3)):
        s = new(3)
        bottom = s.players[2].bottom
        s = wp(s, 2, completed=done)
        deck = s.deck
        t = ok(G, s, Harvest(2))
        p = t.players[2]
        expect(
            p.total == pay and p.top == bottom and p.bottom is not None and p.completed == 0,
            f"{done}: {p.total}",
        )
        expect(len(t.deck) == len(deck) - pay, "dollars 2 and 3 and new bottom from the deck")
    s = wp(new(3), 2, completed=2)
    refused(G, s, Harvest(2), "harvest-too-early")


@scenario("X15 harvest at any time, also when not active (even mid-roll)")
def _():
    s = new(3)
    s = wp(s, 1, completed=3)
    s = ok(G, s, Roll(0))
    ok(G, s, Harvest(1))


@scenario(
    "X16 after a harvest the new top card is checked right now (non-active, dice just rolled)"
)
def _():
    s = new(2)
    s = wp(s, 1, top=card("blue", "blue", "blue"), bottom=card("red", "green"), completed=0)
    s = ok(G, s, Roll(0, ("blue", "garden", "red", "green", "blue")))
    expect(s.players[1].completed == 3, "3 met")
    t = ok(G, s, Harvest(1))
    expect(
        t.players[1].completed == 2, f"new top checked against this roll: {t.players[1].completed}"
    )


@scenario("X17 the piece passes with all five dice saved, to the left; only the active rolls")
def _():
    s = new(3)
    refused(G, s, Roll(1), "not-your-turn")
    s = ok(G, s, Roll(0))
    refused(G, s, PassPiece(0))
    s = ok(G, s, Save(0, s.rolled))
    refused(G, s, Roll(0))
    t = ok(G, s, PassPiece(0))
    expect(t.active == 1 and t.piece and not any(t.saved), "next player with all five dice")


@scenario("X18 final phase: a harvest to 10 by another stops the roller; final check; 3+ harvest")
def _():
    s = new(3)
    s = wp(s, 0, top=card("stink"), bottom=card())
    s = wp(s, 1, completed=5, dollars=s.players[1].dollars + tuple([s.deck[0]] * 8))  # 8 dollars
    s = wp(s, 2, completed=3)
    s = ok(G, s, Roll(0, ("stink", "garden", "red", "red", "red")))
    s = ok(G, s, Save(0, (1,)))
    t = ok(G, s, Harvest(1))  # 8 + 3 = 11
    expect(t.step == "over", f"step {t.step}")
    expect(t.players[0].completed >= 1 or t.players[0].total >= 0, "")
    expect(
        t.players[1].total == 11 and t.players[2].total == 1,
        f"totals {[p.total for p in t.players]}",
    )


@scenario("X19 final phase: dice placed as they lie are checked for the active player")
def _():
    s = new(2)
    s = wp(s, 0, top=card("stink", "red", "garden"), bottom=card())
    s = wp(s, 1, completed=5, dollars=tuple([s.deck[0]] * 8))
    s = ok(G, s, Roll(0, ("stink", "garden", "red", "blue", "blue")))
    t = ok(G, s, Harvest(1))
    expect(t.step == "over", t.step)
    expect(
        t.players[0].total == 1,
        f"seat0 completes 3 with the dice as they lie and harvests: {t.players[0].total}",
    )


@scenario("X20 tie at the end: all tied players share the victory")
def _():
    s = new(3)
    s = wp(s, 0, top=card("stink"), bottom=card(), dollars=tuple([s.deck[0]] * 10))
    s = wp(s, 1, completed=3, dollars=tuple([s.deck[0]] * 9))
    s = wp(s, 2, completed=0, dollars=tuple([s.deck[0]] * 2))
    t = ok(G, s, Harvest(1))  # 10 dollars
    expect(t.step == "over", t.step)
    expect(winners(t) == [0, 1], f"winners {winners(t)}")


@scenario("X21 active player reaching 10 at turn end ends the game")
def _():
    s = new(2)
    s = wp(s, 0, top=card("stink", "stink", "stink"), bottom=card(), dollars=tuple([s.deck[0]] * 9))
    s = ok(G, s, Roll(0, ("stink", "garden", "red", "blue", "blue")))
    s = ok(G, s, Save(0, (0, 1, 2, 3, 4)))
    expect(s.players[0].completed == 3, "3 completed")
    t = ok(G, s, Harvest(0))
    expect(t.step == "over" and t.players[0].total == 10, f"{t.step} {t.players[0].total}")


@scenario("X22 harvest cards run out: player aid flipped for five single dollars (004 note)")
def _():
    s = new(2)
    s = replace(s, deck=())
    s = wp(s, 1, completed=4, dollars=tuple([s.players[0].top] * 6))
    t = ok(G, s, Harvest(1))
    p = t.players[1]
    expect(p.aids == 1 and p.total == 6 + 2, f"aids {p.aids} total {p.total}")


@scenario("X23 setup: 2 harvest cards each, 55 in all, start player holds piece and all dice")
def _():
    for n in (2, 3, 4, 5):
        s = new(n)
        expect(len(s.deck) + 2 * n == 55 and all(p.top and p.bottom for p in s.players), f"{n}")
        expect(s.piece and s.active == 0 and not any(s.saved), "piece")
    refused_setup = False
    try:
        GAMES[G].new_game(players=6)
    except Exception:
        refused_setup = True
    expect(refused_setup, "6 players refused")


@scenario("X24 orders: a die serves several orders but only one slot within an order")
def _():
    o = parse_order("soy + soy")
    expect(not o.met(["soy", "blue", "blue", "blue", "blue"]), "one soy can't fill two slots")
    expect(o.met(["soy", "soy", "blue", "blue", "blue"]), "two soys")
