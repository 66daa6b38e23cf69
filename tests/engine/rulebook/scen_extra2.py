"""More edge scenarios."""

from dataclasses import replace

from companion.engine import RuleError
from companion.engine.bohnanza import (
    BuyField,
    DrawFaceUp,
    Harvest,
    Plant,
    PlantDrawn,
    PlantOffered,
)
from companion.engine.dice import Harvest as XHarvest
from companion.engine.dice import Roll, Save, make_card
from companion.engine.duel import (
    BonusCard,
    ClaimBonus,
)
from companion.engine.duel import (
    DrawFaceUp as DDraw,
)
from companion.engine.duel import (
    Harvest as DHarvest,
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


def setup_refused(game, **kw):
    try:
        GAMES[game].new_game(**kw)
    except RuleError as e:
        return e
    raise Disagree(f"setup {kw} accepted")


@scenario("F01 player counts: Bohnanza 2-7 (classic), newer edition 3-5, dice 2-5")
def _():
    setup_refused("bohnanza", players=1)
    setup_refused("bohnanza", players=8)
    setup_refused("bohnanza", players=2, edition="newer")
    setup_refused("bohnanza", players=6, edition="newer")
    setup_refused("dice", players=1)
    setup_refused("dice", players=6)


@scenario("F02 bean duel: active may harvest to make room for an offered card in step 1")
def _():
    s = GAMES["bohnanza"].new_game(players=2, seed=9)
    s = replace(s, active=1, step="offer", offer=("soy",))
    s = wp(s, 1, fields=(("red", "red"), ("blue", "blue")))
    refused("bohnanza", s, PlantOffered(1, 0, 0))
    t = ok("bohnanza", s, Harvest(1, 0))
    t = ok("bohnanza", t, PlantOffered(1, 0, 0))
    expect(t.step == "plant", t.step)


@scenario(
    "F03 bean duel: non-active player may buy the 3rd field (only selling is limited to one's turn)"
)
def _():
    s = GAMES["bohnanza"].new_game(players=2, seed=9)
    s = wp(s, 1, coins=("red",) * 3)
    ok("bohnanza", s, BuyField(1))


@scenario("F04 duel: the non-active player fulfils a bo(h)nus card during the gift phase")
def _():
    s = GAMES["duel"].new_game(seed=4)
    s = ok("duel", s, DPlant(0, 0))
    s = ok("duel", s, DDraw(0))
    card = BonusCard((s.players[0].fields[0][-1],), 10)
    s = wp(s, 1, bonus=(card,) + s.players[1].bonus[1:])
    t = ok("duel", s, ClaimBonus(1, 0, 0, 0))
    expect(t.players[1].fulfilled == (card,), "")


@scenario("F05 duel: the non-active player harvests during the gift phase")
def _():
    s = GAMES["duel"].new_game(seed=4)
    s = ok("duel", s, DPlant(0, 0))
    s = ok("duel", s, DDraw(0))
    s = wp(s, 1, fields=(("blue",) * 4, (), ()))
    ok("duel", s, DHarvest(1, 0))


@scenario(
    "F06 dice: a non-active harvest at turn-end does not use the bean field for the new top card"
)
def _():
    s = GAMES["dice"].new_game(players=2)
    hard = "blue*2 + red*2 + garden"
    s = wp(
        s,
        1,
        top=make_card(["red"] * 3 + [hard] * 2),
        bottom=make_card(["blue"] + [hard] * 4),
        completed=3,
    )
    s = ok("dice", s, Roll(0, ("blue", "garden", "stink", "stink", "stink")))
    s = wp(s, 1, completed=3)
    s = ok("dice", s, Save(0, (0, 1, 2, 3, 4)))
    t = ok("dice", s, XHarvest(1))
    expect(t.players[1].completed == 0, "bean field dice are not the non-active player's")


@scenario("F07 bean duel: drawn card planted then harvest during step 3 on own turn")
def _():
    s = GAMES["bohnanza"].new_game(players=2, seed=9)
    s = wp(s, 0, hand=("red",), fields=((), ()))
    s = replace(s, deck=("soy", "soy", "soy") + s.deck[3:])
    s = ok("bohnanza", s, Plant(0, 0))
    s = ok("bohnanza", s, DrawFaceUp(0))
    for _ in range(3):
        s = ok("bohnanza", s, PlantDrawn(0, 0, 1))
    t = ok("bohnanza", s, Harvest(0, 1))
    expect(len(t.players[0].coins) == 1, "3 soy -> 1 coin")
