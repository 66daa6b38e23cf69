"""Extra scenarios: refusals with clear errors, hidden-knowledge tables, multi-card trades, logs."""

from dataclasses import replace

from companion.engine import RuleError, replay
from companion.engine.bohnanza import (
    DrawFaceUp,
    EndTrading,
    Plant,
    Trade,
)
from companion.engine.dice import Harvest as XHarvest
from companion.engine.dice import Roll, Save
from companion.engine.duel import (
    AcceptGift,
    ClaimBonus,
    DeclineGift,
    GiveGift,
    OfferGift,
)
from companion.engine.duel import (
    DrawFaceUp as DDraw,
)
from companion.engine.duel import (
    Plant as DPlant,
)

from .harness import GAMES, Disagree, expect, ok, refused, scenario


def wp(s, seat, **ch):
    p = replace(s.players[seat], **ch)
    ps = list(s.players)
    ps[seat] = p
    return replace(s, players=tuple(ps))


@scenario("E01 newer edition trade: any number of beans for any number (003); 2 hand cards for 1")
def _():
    s = GAMES["bohnanza"].new_game(players=4, edition="newer", seed=2)
    s = ok("bohnanza", s, Plant(0, 0))
    s = ok("bohnanza", s, DrawFaceUp(0))
    t = ok("bohnanza", s, Trade(0, 2, face_up=(0, 1), give=(0, 2), receive=(1,)))
    expect(len(t.players[2].set_aside) == 4 and len(t.players[0].set_aside) == 1, "4-for-1")


@scenario(
    "E02 hidden table: a plant must name the bean; a removed bean is refused; state unchanged"
)
def _():
    s = GAMES["bohnanza"].new_game(players=4, knowledge="hidden")
    refused("bohnanza", s, Plant(0, 0), "bean-unseen")
    refused("bohnanza", s, Plant(0, 0, "coffee"), "bean-not-in-game")
    refused("bohnanza", s, Plant(0, 0, "mungbean"))
    ok("bohnanza", s, Plant(0, 0, "red"))


@scenario("E03 hidden table: more cards of a bean than exist are refused (8 Red Beans)")
def _():
    s = GAMES["bohnanza"].new_game(players=4, knowledge="hidden")
    s = wp(s, 1, fields=(("red",) * 8, ()))
    refused("bohnanza", s, Plant(0, 0, "red"), "too-many-beans")


@scenario("E04 known deck: naming the wrong bean is refused")
def _():
    s = GAMES["bohnanza"].new_game(players=4, seed=3)
    wrong = next(b for b in ("red", "soy") if b != s.players[0].hand[0])
    refused("bohnanza", s, Plant(0, 0, wrong), "wrong-bean")


@scenario("E05 malformed JSON actions are refused with a RuleError naming the problem")
def _():
    for g, data in (
        ("bohnanza", {"type": "plant", "player": 0, "field": "x"}),
        ("bohnanza", {"type": "fly", "player": 0}),
        ("duel", {"type": "offer-gift", "player": 0}),
        ("dice", {"type": "save", "player": 0, "dice": [0], "extra": 1}),
    ):
        try:
            GAMES[g].action_from_json(data)
        except RuleError as e:
            expect(e.code == "malformed-action" and str(e), f"{data}: {e.code}")
            continue
        raise Disagree(f"{data} parsed")


@scenario("E06 a log with an illegal action is refused, naming the action")
def _():
    log = {
        "game": "bohnanza",
        "setup": {"players": 4},
        "actions": [{"type": "draw-face-up", "player": 0}],
    }
    try:
        replay(log)
    except RuleError as e:
        expect("action 0" in str(e) and e.code == "must-plant", str(e))
        return
    raise Disagree("replayed")


@scenario("E07 duel: no decline without a new gift card until all 8 are pushed")
def _():
    s = GAMES["duel"].new_game(seed=4)
    s = ok("duel", s, DPlant(0, 0))
    s = ok("duel", s, DDraw(0))
    s = ok("duel", s, OfferGift(0, "garden"))
    refused("duel", s, DeclineGift(1), "must-offer")
    order = ["red", "black-eyed", "soy", "green", "stink", "chili", "blue"]
    seat = 1
    for b in order:
        s = ok("duel", s, OfferGift(seat, b))
        seat = 1 - seat
    before = (s.players[0].hand, s.players[1].hand, s.players[0].dollars, s.players[1].dollars)
    t = ok("duel", s, DeclineGift(seat))
    expect(
        (t.players[0].hand, t.players[1].hand, t.players[0].dollars, t.players[1].dollars) == before
        and t.step == "plant-drawn",
        t.step,
    )


@scenario("E08 duel hidden table: bluffing a type the active player turned over is refused")
def _():
    s = GAMES["duel"].new_game(knowledge="hidden")
    s = ok("duel", s, DPlant(0, 0, "red"))
    s = ok("duel", s, DDraw(0, ("soy", "chili", "blue")))
    s = ok("duel", s, OfferGift(0, "soy"))
    s = ok("duel", s, AcceptGift(1))
    refused("duel", s, GiveGift(0, "bluff"), "not-a-bluff")
    ok("duel", s, GiveGift(0, "hand", 0))


@scenario("E09 duel hidden: bo(h)nus claim needs its pattern and cents; a wrong pattern is refused")
def _():
    s = GAMES["duel"].new_game(knowledge="hidden")
    s = wp(s, 0, fields=(("red", "soy"), (), ()))
    refused("duel", s, ClaimBonus(0, 0, 0, 0), "bean-unseen")
    refused("duel", s, ClaimBonus(0, 0, 0, 0, ("red", "red"), 40), "bonus-pattern")
    refused("duel", s, ClaimBonus(0, 0, 0, 0, ("red", "soy"), 50), "bad-bonus")
    ok("duel", s, ClaimBonus(0, 0, 0, 0, ("red", "soy"), 40))


@scenario("E10 dice: saving the same die twice / a die not rolled is refused")
def _():
    s = GAMES["dice"].new_game(players=2)
    s = ok("dice", s, Roll(0))
    refused("dice", s, Save(0, (0, 0)))
    refused("dice", s, Save(0, (7,)))


@scenario("E11 dice hidden table: a harvest must enter the new bottom card")
def _():
    orders = ["stink", "green", "blue", "red", "soy"]
    cards = [[orders, orders], [orders, orders]]
    s = GAMES["dice"].new_game(players=2, knowledge="hidden", cards=cards)
    s = wp(s, 1, completed=3)
    refused("dice", s, XHarvest(1), "card-unseen")
    t = ok("dice", s, XHarvest(1, tuple(orders)))
    expect(t.players[1].total == 1 and t.players[1].bottom is not None, "")


@scenario("E12 bohnanza: planting into a field number that does not exist is refused")
def _():
    s = GAMES["bohnanza"].new_game(players=4)
    refused("bohnanza", s, Plant(0, 2), "no-such-field")
    refused("bohnanza", s, Plant(0, -1), "no-such-field")


@scenario("E13 bohnanza: a non-active player cannot end the turn or end trading")
def _():
    s = GAMES["bohnanza"].new_game(players=4)
    s = ok("bohnanza", s, Plant(0, 0))
    s = ok("bohnanza", s, DrawFaceUp(0))
    refused("bohnanza", s, EndTrading(2), "not-your-turn")
