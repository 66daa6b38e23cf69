"""Bohnanza: The Duel scenarios (rulebook 001/002)."""

from dataclasses import replace

from companion.engine.duel import (
    AcceptGift,
    BonusCard,
    ClaimBonus,
    DiscardBonus,
    DiscardDrawn,
    DrawBonus,
    DrawFaceUp,
    EndGame,
    EndTurn,
    GiveGift,
    Harvest,
    OfferGift,
    Plant,
    PlantDrawn,
    PlantGift,
)
from companion.engine.duel.game import cents, winners

from .harness import GAMES, expect, ok, refused, scenario

G = "duel"
LADDER = ["garden", "red", "black-eyed", "soy", "green", "stink", "chili", "blue"]
COUNTS = dict(zip(LADDER, (6, 8, 10, 12, 14, 16, 18, 20), strict=False))


def new(seed=5, **kw):
    return GAMES[G].new_game(seed=seed, **kw)


def wp(s, seat, **ch):
    p = replace(s.players[seat], **ch)
    ps = list(s.players)
    ps[seat] = p
    return replace(s, players=tuple(ps))


def at_gift(
    hand0=("red", "soy", "blue"),
    hand1=("green", "stink", "chili"),
    deck_top=("soy", "chili", "blue"),
):
    s = new()
    s = wp(s, 0, hand=hand0, fields=((), (), ()))
    s = wp(s, 1, hand=hand1, fields=((), (), ()))
    s = replace(s, deck=tuple(deck_top) + s.deck[3:])
    s = ok(G, s, Plant(0, 0))
    return ok(G, s, DrawFaceUp(0))


@scenario("D01 setup: 104 cards of 8 beans, 3 dollars + 5 hand + 3 bo(h)nus each, 3 fields (001)")
def _():
    for start in (0, 1):
        s = new(start=start)
        allc = list(s.deck) + [c for p in s.players for c in p.hand + p.dollars]
        expect(len(allc) == 104, f"{len(allc)} cards")
        expect({b: allc.count(b) for b in LADDER} == COUNTS, "counts per bean")
        for p in s.players:
            expect(
                len(p.dollars) == 3
                and len(p.hand) == 5
                and len(p.bonus) == 3
                and len(p.fields) == 3,
                "per player",
            )
        expect(
            len(s.deck) == 88 and s.bonus_deck_size == 26,
            f"deck {len(s.deck)} bonus {s.bonus_deck_size}",
        )
        expect(s.active == start, "start")


@scenario("D02 ladder: same number or next higher; 12 on 10 and 12 ok, on 8 or 16 refused")
def _():
    s = new()
    for top, bean, allowed in (
        ("black-eyed", "soy", True),
        ("soy", "soy", True),
        ("red", "soy", False),
        ("stink", "soy", False),
        ("blue", "garden", False),
        ("chili", "blue", True),
    ):
        t = wp(s, 0, hand=(bean,), fields=((top,), (top,), (top,)))
        if allowed:
            ok(G, t, Plant(0, 0))
        else:
            refused(G, t, Plant(0, 0), "ladder")


@scenario("D03 empty field takes any bean; different kinds share a field (001)")
def _():
    s = wp(new(), 0, hand=("blue", "red"), fields=((), ("garden",), ()))
    s = ok(G, s, Plant(0, 0))
    t = ok(G, s, Plant(0, 1))
    expect(t.players[0].fields[1] == ("garden", "red"), "garden then red")


@scenario("D04 harvest example 6: 3 Red + 2 Black-eyed + 1 Soy on top -> 3 dollars, 3 discarded")
def _():
    s = wp(new(), 1, fields=(("red",) * 3 + ("black-eyed",) * 2 + ("soy",), ("blue", "blue"), ()))
    d = len(s.players[1].dollars)
    t = ok(G, s, Harvest(1, 0))
    expect(
        len(t.players[1].dollars) == d + 3 and len(t.discard) == 3 and t.players[1].fields[0] == (),
        "ex 6",
    )


@scenario("D05 stink beanometer example (001): 1..9 stink")
def _():
    for n, c in {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4, 9: 4}.items():
        s = wp(new(), 0, fields=(("stink",) * n, (), ()))
        d = len(s.players[0].dollars)
        t = ok(G, s, Harvest(0, 0))
        expect(len(t.players[0].dollars) - d == c, f"{n} stink")


@scenario("D06 mixed field paid by top card only: 7 cards with Blue on top -> 2 dollars")
def _():
    s = wp(new(), 0, fields=(("chili",) * 6 + ("blue",), (), ()))
    d = len(s.players[0].dollars)
    t = ok(G, s, Harvest(0, 0))
    expect(len(t.players[0].dollars) - d == 2, "blue 7 -> 2")


@scenario("D07 protection rule (001): lone card protected while another field holds more")
def _():
    s = wp(new(), 0, fields=(("red",), ("soy", "soy"), ()))
    refused(G, s, Harvest(0, 0), "protection")
    s = wp(new(), 0, fields=(("red",), ("soy",), ()))
    ok(G, s, Harvest(0, 0))


@scenario("D08 harvest any time, even when not active (001)")
def _():
    s = wp(new(), 1, fields=(("blue",) * 4, (), ()))
    ok(G, s, Harvest(1, 0))


@scenario("D09 phase 1: must plant first card; may plant a 2nd; never a 3rd")
def _():
    s = wp(new(), 0, hand=("red", "red", "red"), fields=((), (), ()))
    refused(G, s, DrawFaceUp(0), "must-plant")
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, Plant(0, 0))
    refused(G, s, Plant(0, 0), "plant-limit")


@scenario("D10 phase 1: a bean with no space forces a harvest first")
def _():
    s = wp(new(), 0, hand=("garden",), fields=(("red", "red"), ("soy", "soy"), ("blue", "blue")))
    for f in range(3):
        refused(G, s, Plant(0, f))
    t = ok(G, s, Harvest(0, 0))
    ok(G, t, Plant(0, 0))


@scenario("D11 phase 2: three cards turned over")
def _():
    s = at_gift()
    expect(s.face_up == ("soy", "chili", "blue") and s.step == "gift", f"{s.face_up}")


@scenario("D12 gift: the active player must offer first; the opponent can't")
def _():
    s = at_gift()
    refused(G, s, OfferGift(1, "green"))
    refused(G, s, AcceptGift(1))
    ok(G, s, OfferGift(0, "soy"))


@scenario(
    "D13 gift ex.2-4: decline by pushing another; the same again refused; accepted changes hands"
)
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "soy"))
    refused(G, s, OfferGift(1, "soy"), "gift-pushed")
    s = ok(G, s, OfferGift(1, "stink"))  # Susanne offers from hand
    refused(G, s, OfferGift(0, "soy"), "gift-pushed")
    refused(G, s, OfferGift(0, "stink"), "gift-pushed")
    s = ok(G, s, AcceptGift(0))
    t = ok(G, s, GiveGift(1, "hand", 1))
    expect(
        t.players[0].gift == ("stink",) and t.players[1].hand == ("green", "chili"),
        "stink from hand to Uwe",
    )
    expect(t.face_up == ("soy", "chili", "blue"), "turned-over soy stays with active")


@scenario(
    "D14 gift: the opponent gives only from the hand, not the active player's turned-over cards"
)
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "soy"))
    s = ok(G, s, OfferGift(1, "chili"))
    s = ok(G, s, AcceptGift(0))
    refused(G, s, GiveGift(1, "face-up", 1))
    ok(G, s, GiveGift(1, "hand", 2))


@scenario("D15 gift from the active player may be a turned-over card or a hand card (001)")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "soy"))
    s = ok(G, s, AcceptGift(1))
    t = ok(G, s, GiveGift(0, "face-up", 0))
    expect(t.players[1].gift == ("soy",) and t.face_up == ("chili", "blue"), "face-up gift")
    t = ok(G, s, GiveGift(0, "hand", 0))  # soy in hand? hand0 after planting red = soy, blue
    expect(t.players[1].gift == ("soy",) and t.players[0].hand == ("blue",), "hand gift")


@scenario("D16 accepted bluff: bluffer pays one card of the dollar pile to the other's pile (001)")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "garden"))
    s = ok(G, s, AcceptGift(1))
    d0, d1 = len(s.players[0].dollars), len(s.players[1].dollars)
    t = ok(G, s, GiveGift(0, "bluff"))
    expect(len(t.players[0].dollars) == d0 - 1 and len(t.players[1].dollars) == d1 + 1, "paid one")
    expect(t.players[1].gift == (), "no bean changes hands")
    expect(t.step == "plant-drawn", "phase ends")


@scenario("D17 not a bluff when the active player has the type turned over; refused")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "chili"))
    s = ok(G, s, AcceptGift(1))
    refused(G, s, GiveGift(0, "bluff"), "not-a-bluff")


@scenario("D18 a gift must be the type offered (wrong-bean hand card refused)")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "soy"))
    s = ok(G, s, AcceptGift(1))
    refused(G, s, GiveGift(0, "face-up", 1))
    refused(G, s, GiveGift(0, "hand", 1))


@scenario("D19 phase 3: turned-over cards and gift planted in any order, one may be discarded")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "garden"))
    s = ok(G, s, OfferGift(1, "stink"))
    s = ok(G, s, AcceptGift(0))
    s = ok(G, s, GiveGift(1, "hand", 1))
    s = ok(G, s, PlantGift(0, 1))  # stink into empty field 1 first
    s = ok(G, s, DiscardDrawn(0, 0))  # discard soy
    refused(G, s, DiscardDrawn(0, 0), "discard-limit")
    s = ok(G, s, PlantDrawn(0, 0, 1))  # chili on stink (next higher)
    s = ok(G, s, PlantDrawn(0, 0, 1))  # blue on chili
    expect(
        s.players[0].fields[1] == ("stink", "chili", "blue") and s.step == "bonus",
        f"{s.players[0].fields} {s.step}",
    )


@scenario("D20 phase 3: opponent plants the gift received after the active player is done")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "soy"))
    s = ok(G, s, AcceptGift(1))
    s = ok(G, s, GiveGift(0, "face-up", 0))
    refused(G, s, PlantGift(1, 0))
    s = ok(G, s, DiscardDrawn(0, 0))
    s = ok(G, s, PlantDrawn(0, 0, 1))
    expect(s.step == "plant-gift", s.step)
    s = ok(G, s, PlantGift(1, 0))
    expect(s.players[1].fields[0] == ("soy",) and s.step == "bonus", s.step)


@scenario("D21 phase 4: active draws 2 bean cards to the back of the hand")
def _():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "garden"))
    s = ok(G, s, AcceptGift(1))
    s = ok(G, s, GiveGift(0, "bluff"))
    s = ok(G, s, DiscardDrawn(0, 0))
    s = ok(G, s, PlantDrawn(0, 0, 1))
    hand, top = s.players[0].hand, s.deck[:2]
    s = ok(G, s, PlantDrawn(0, 0, 1))
    expect(s.players[0].hand == hand + top, f"{s.players[0].hand}")


def at_bonus():
    s = at_gift()
    s = ok(G, s, OfferGift(0, "garden"))
    s = ok(G, s, AcceptGift(1))
    s = ok(G, s, GiveGift(0, "bluff"))
    s = ok(G, s, DiscardDrawn(0, 0))
    s = ok(G, s, PlantDrawn(0, 0, 1))
    s = ok(G, s, PlantDrawn(0, 0, 1))
    expect(s.step == "bonus", s.step)
    return s


@scenario("D22 phase 4: both may discard one bo(h)nus card, then refill to three, active first")
def _():
    s = at_bonus()
    s = ok(G, s, DiscardBonus(1, 0))
    refused(G, s, DiscardBonus(1, 0), "discard-limit")
    s = ok(G, s, DiscardBonus(0, 2))
    refused(G, s, DrawBonus(1), "bonus-order")
    s = ok(G, s, DrawBonus(0))
    refused(G, s, DiscardBonus(0, 0))  # after draws began
    s = ok(G, s, DrawBonus(1))
    expect(all(len(p.bonus) == 3 for p in s.players), "three each")
    t = ok(G, s, EndTurn(0))
    expect(t.active == 1 and t.step == "plant", "next player")


@scenario("D23 end turn refused before bo(h)nus hands are back to three")
def _():
    s = at_bonus()
    s = ok(G, s, DiscardBonus(0, 0))
    refused(G, s, EndTurn(0), "bonus-refill")


@scenario("D24 bo(h)nus claim on own field, top card must be part of the pattern (001)")
def _():
    s = new()
    card = BonusCard(("red", "red", "soy"), 40)
    s = wp(
        s,
        0,
        bonus=(card,) + s.players[0].bonus[1:],
        fields=(("red", "red", "soy"), ("red", "red", "soy", "soy"), ()),
    )
    t = ok(G, s, ClaimBonus(0, 0, 0, 0))
    expect(t.players[0].fulfilled == (card,) and len(t.players[0].bonus) == 2, "claimed")
    refused(
        G, s, ClaimBonus(0, 0, 1, 0), "bonus-pattern"
    )  # top card soy after soy: pattern is not the top


@scenario("D25 bo(h)nus claim on the opponent's field, by the non-active player")
def _():
    s = new()
    card = BonusCard(("stink", "chili"), 70)
    s = wp(s, 1, bonus=(card,) + s.players[1].bonus[1:])
    s = wp(s, 0, fields=((), ("stink", "chili"), ()))
    t = ok(G, s, ClaimBonus(1, 0, 1, 0))
    expect(t.players[1].fulfilled == (card,), "claimed on opponent field")


@scenario("D26 fulfilling a bo(h)nus card just drawn in phase 4 stops further draws this turn")
def _():
    s = at_bonus()
    s = ok(G, s, DiscardBonus(0, 0))
    s = ok(G, s, DiscardBonus(1, 0))
    # rig the next bonus card to match seat 0 field 1 (stink? see fields)
    col = s.players[0].fields[1]
    card = BonusCard((col[-1],), 10)
    s = replace(s, bonus_deck=(card,) + s.bonus_deck[1:])
    s = ok(G, s, DrawBonus(0))
    s = ok(G, s, ClaimBonus(0, 0, 1, 2))
    expect(len(s.players[0].bonus) == 2, "2 left after discard, draw, claim")
    s = ok(G, s, DrawBonus(1))
    refused(G, s, DrawBonus(0))
    ok(G, s, EndTurn(0))


@scenario("D27 score: bean card 1 dollar, bo(h)nus card 1 dollar + its cents")
def _():
    s = new()
    s = wp(
        s, 0, dollars=("red",) * 4, fulfilled=(BonusCard(("red",), 70), BonusCard(("soy",), 100))
    )
    expect(cents(s, 0) == 400 + 170 + 200, f"{cents(s, 0)}")


@scenario("D28 tie: the starting player loses (001)")
def _():
    for start in (0, 1):
        s = new(start=start)
        s = wp(s, 0, dollars=("red",) * 5, fields=((), (), ()))
        s = wp(s, 1, dollars=("red",) * 5, fields=((), (), ()))
        s = replace(s, step="final")
        t = ok(G, s, EndGame(s.active))
        expect(winners(t) == [1 - start], f"start {start}: winners {winners(t)}")


@scenario("D29 end: pile out when turning over: phases 2-3, claims, harvest all; hands don't count")
def _():
    s = new()
    s = wp(s, 0, hand=("red", "blue"), fields=((), (), ()))
    s = wp(s, 1, fields=(("blue",), ("chili", "chili", "chili"), ()))
    s = replace(s, deck=("soy", "chili", "blue"))
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, DrawFaceUp(0))
    expect(s.step == "gift", "gift phase still played")
    s = ok(G, s, OfferGift(0, "garden"))
    s = ok(G, s, AcceptGift(1))
    s = ok(G, s, GiveGift(0, "bluff"))
    s = ok(G, s, DiscardDrawn(0, 0))
    s = ok(G, s, PlantDrawn(0, 0, 1))
    s = ok(G, s, PlantDrawn(0, 0, 1))
    expect(s.step == "final", f"step {s.step}")
    d1 = len(s.players[1].dollars)
    t = ok(G, s, EndGame(0))
    expect(
        t.step == "over"
        and len(t.players[1].dollars) == d1 + 1
        and t.players[1].fields == ((), (), ()),
        "final harvest",
    )


@scenario("D29b end: fulfil any bo(h)nus cards you can, then harvest all fields (001)")
def _():
    s = new()
    met, unmet = BonusCard(("chili", "blue"), 100), BonusCard(("soy",), 40)
    also = BonusCard(("red",), 10)  # met by the opponent's field: any field counts (D25)
    s = wp(s, 0, bonus=(unmet, met, also), fields=(("chili", "blue"), (), ()), dollars=())
    s = wp(s, 1, bonus=(), fields=(("red",), (), ()), dollars=())
    s = replace(s, step="final")
    refused(G, s, EndGame(1 - s.active), "not-your-turn")
    t = ok(G, s, EndGame(s.active))
    p = t.players[0]
    expect(p.fulfilled == (met, also) and p.bonus == (unmet,), f"{p.fulfilled} / {p.bonus}")
    # then the harvest: chili-blue pays by its top card (blue, 2 cards: none)
    expect(cents(t, 0) == 200 + 110 + 100 * len(p.dollars), f"{cents(t, 0)}")
    expect(t.players[0].fields == ((), (), ()), "harvested")


@scenario("D30 end: pile with fewer than 3 cards -> turn over what there is")
def _():
    s = new()
    s = wp(s, 0, hand=("red",), fields=((), (), ()))
    s = replace(s, deck=("soy",))
    s = ok(G, s, Plant(0, 0))
    t = ok(G, s, DrawFaceUp(0))
    expect(t.face_up == ("soy",) and t.ending, "one card")


@scenario("D31 gift types: only the eight Duel beans (coffee refused)")
def _():
    s = at_gift()
    refused(G, s, OfferGift(0, "coffee"))


@scenario("D32 no 4th field or 3rd-field purchase in The Duel; always 3 fields")
def _():
    s = new()
    expect(all(len(p.fields) == 3 for p in s.players), "3 fields")


@scenario(
    "D33 bonus claim refused for a pattern not ending at the top card (pattern in the middle)"
)
def _():
    s = new()
    card = BonusCard(("red", "soy"), 10)
    s = wp(s, 0, bonus=(card,) + s.players[0].bonus[1:], fields=(("red", "soy", "soy"), (), ()))
    refused(G, s, ClaimBonus(0, 0, 0, 0), "bonus-pattern")


@scenario("D34 after a harvest the field is empty and the discards go face up to the discard pile")
def _():
    s = wp(new(), 0, fields=(("soy",) * 6, (), ()))
    t = ok(G, s, Harvest(0, 0))
    expect(t.players[0].fields[0] == () and t.discard == ("soy",) * 3, f"{t.discard}")
