"""Bohnanza (classic 000, newer 003, bean duel variant) scenarios, from the rulebooks."""

from dataclasses import replace

from companion.engine.bohnanza import (
    BuyField,
    DiscardFromHand,
    DiscardOffered,
    DrawFaceUp,
    EndTrading,
    EndTurn,
    Harvest,
    Plant,
    PlantDrawn,
    PlantOffered,
    PlantTraded,
    Trade,
)
from companion.engine.bohnanza.game import winners

from .harness import GAMES, Disagree, expect, ok, refused, scenario

G = "bohnanza"
BEANOMETER = {  # GAME-DATA.md, written out: the scenarios don't read the engine's data
    "coffee": (4, 7, 10, 12),
    "wax": (4, 7, 9, 11),
    "blue": (4, 6, 8, 10),
    "chili": (3, 6, 8, 9),
    "stink": (3, 5, 7, 8),
    "green": (3, 5, 6, 7),
    "soy": (2, 4, 6, 7),
    "black-eyed": (2, 4, 5, 6),
    "red": (2, 3, 4, 5),
    "garden": (None, 2, 3, None),
    "cocoa": (None, 2, 3, 4),
}


def coins_by_rule(bean, n):
    c = 0
    for value, need in enumerate(BEANOMETER[bean], 1):
        if need is not None and n >= need:
            c = value
    return c


def new(players=4, edition="classic", seed=1, **kw):
    return GAMES[G].new_game(players=players, edition=edition, seed=seed, **kw)


def wp(s, seat, **ch):
    p = replace(s.players[seat], **ch)
    return replace(s, players=s.players[:seat] + (p,) + s.players[seat + 1 :])


# ---------------- beanometers / harvest
@scenario("B01 classic ex.1: Stink beanometer 1..9 cards (000 example 1)")
def _():
    exp = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4, 9: 4}
    for n, c in exp.items():
        # A lone card is sold only when every field holds just one (000).
        s = wp(new(), 1, fields=(("stink",) * n, ("soy",) if n == 1 else ()))
        t = ok(G, s, Harvest(1, 0))
        expect(
            len(t.players[1].coins) == c, f"{n} stink -> {len(t.players[1].coins)} coins, rule {c}"
        )
        expect(
            len(t.discard) == n - c and t.players[1].fields[0] == (), "rest to discard, field empty"
        )


@scenario("B02 every beanometer of GAME-DATA for 1..24 cards")
def _():
    for bean in BEANOMETER:
        for n in range(1, 25):
            s = wp(new(players=4), 0, fields=((bean,) * n, ("soy",) if n == 1 else ()))
            t = ok(G, s, Harvest(0, 0))
            got = len(t.players[0].coins)
            expect(
                got == coins_by_rule(bean, n),
                f"{bean} x{n}: engine {got}, rule {coins_by_rule(bean, n)}",
            )


@scenario("B03 classic ex.5/6: 3 Chili -> 1 coin + 2 discarded; 2 Chili -> 0 coins")
def _():
    s = wp(new(), 2, fields=(("chili",) * 3, ("red",) * 2))
    t = ok(G, s, Harvest(2, 0))
    expect(t.players[2].coins == ("chili",) and t.discard[-2:] == ("chili", "chili"), "ex 5")
    s = wp(new(), 2, fields=(("chili",) * 2, ("red",) * 2))
    t = ok(G, s, Harvest(2, 0))
    expect(t.players[2].coins == () and t.discard[-2:] == ("chili", "chili"), "ex 6")


@scenario(
    "B04 protection: lone card refused while the other field holds 2+ (000/003); state unchanged"
)
def _():
    s = wp(new(), 0, fields=(("red",), ("soy", "soy")))
    refused(G, s, Harvest(0, 0), "protection")
    ok(G, s, Harvest(0, 1))


@scenario("B05 protection: all fields one card -> may choose which single card to sell (000)")
def _():
    s = wp(new(), 0, fields=(("red",), ("soy",)))
    ok(G, s, Harvest(0, 0))
    ok(G, s, Harvest(0, 1))


@scenario("B06 protection with 3 fields [1],[1],[2]: lone cards protected")
def _():
    s = wp(new(players=3), 1, fields=(("red",), ("soy",), ("blue", "blue")))
    refused(G, s, Harvest(1, 0))
    refused(G, s, Harvest(1, 1))
    ok(G, s, Harvest(1, 2))


@scenario("B07 harvesting an empty field is refused")
def _():
    s = wp(new(), 0, fields=((), ("soy", "soy")))
    refused(G, s, Harvest(0, 0))


@scenario("B08 harvest any time, also by a non-active player (classic, 000)")
def _():
    s = wp(new(), 3, fields=(("blue",) * 4, ()))
    expect(s.active == 0, "setup")
    t = ok(G, s, Harvest(3, 0))
    expect(len(t.players[3].coins) == 1, "4 blue = 1 coin")


# ---------------- step 1
@scenario("B09 step 1: must plant first card before turning cards face up")
def _():
    s = new()
    refused(G, s, DrawFaceUp(0), "must-plant")


@scenario("B10 step 1: may plant a 2nd card, never a 3rd (000)")
def _():
    s = wp(new(), 0, hand=("red", "red", "red", "soy"), fields=((), ()))
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, Plant(0, 0))
    refused(G, s, Plant(0, 0), "plant-limit")


@scenario("B11 step 1: first card is the front card of the hand (order kept)")
def _():
    s = wp(new(), 0, hand=("red", "soy", "blue"), fields=((), ()))
    t = ok(G, s, Plant(0, 1))
    expect(
        t.players[0].fields[1] == ("red",) and t.players[0].hand == ("soy", "blue"),
        "front card planted",
    )


@scenario("B12 one variety per field: planting a Soy on Reds refused, state unchanged")
def _():
    s = wp(new(), 0, hand=("soy",), fields=(("red",), ()))
    refused(G, s, Plant(0, 0), "one-variety-per-field")
    ok(G, s, Plant(0, 1))


@scenario("B13 no matching/empty field: must harvest, then plant in the now empty field")
def _():
    s = wp(new(), 0, hand=("soy",), fields=(("red", "red"), ("blue", "blue", "blue")))
    refused(G, s, Plant(0, 0))
    refused(G, s, Plant(0, 1))
    t = ok(G, s, Harvest(0, 0))
    t = ok(G, t, Plant(0, 0))
    expect(t.players[0].fields[0] == ("soy",), "planted in the emptied field")


@scenario("B14 same variety may be planted in two fields")
def _():
    s = wp(new(), 0, hand=("red", "red"), fields=(("red",), ()))
    ok(G, s, Plant(0, 1))


@scenario("B15 empty hand: step 1 omitted, may turn cards face up at once")
def _():
    s = wp(new(), 0, hand=())
    t = ok(G, s, DrawFaceUp(0))
    expect(len(t.face_up) == 2, "2 face up")


@scenario("B16 step 2 turns up exactly two cards, the top two of the deck (classic)")
def _():
    s = new()
    top = s.deck[:2]
    s = ok(G, s, Plant(0, 0))
    t = ok(G, s, DrawFaceUp(0))
    expect(t.face_up == top and t.step == "trade", f"face_up {t.face_up} vs {top}")


# ---------------- trading
def at_trade(players=4):
    s = new(players)
    s = ok(G, s, Plant(0, 0))
    return ok(G, s, DrawFaceUp(0))


@scenario("B17 non-active players may not trade among themselves (000 rules for trading)")
def _():
    s = at_trade()
    refused(G, s, Trade(1, 2, give=(0,), receive=(0,)))


@scenario("B18 trade: received cards go beside the field (not into the hand), order of hands kept")
def _():
    s = at_trade()
    h0, h1 = s.players[0].hand, s.players[1].hand
    t = ok(G, s, Trade(0, 1, face_up=(0,), give=(1,), receive=(2,)))
    expect(
        t.players[0].hand == h0[:1] + h0[2:], "active's hand keeps order without the traded card"
    )
    expect(t.players[1].hand == h1[:2] + h1[3:], "partner hand keeps order")
    expect(t.players[0].set_aside == (h1[2],), "received set aside")
    expect(
        sorted(t.players[1].set_aside) == sorted((s.face_up[0], h0[1])),
        "partner gets face-up + hand card",
    )


@scenario("B19 donation to the active player from a non-active hand; donations of face-up cards")
def _():
    s = at_trade()
    t = ok(G, s, Trade(0, 2, receive=(0,)))
    expect(len(t.players[0].set_aside) == 1, "donation received")
    t = ok(G, s, Trade(0, 3, face_up=(1,)))
    expect(t.players[3].set_aside == (s.face_up[1],), "face-up donated")


@scenario("B20 trade with oneself / empty trade refused")
def _():
    s = at_trade()
    refused(G, s, Trade(0, 0, give=(0,)))
    refused(G, s, Trade(0, 1))


@scenario("B21 active player may trade hand cards after the face-up cards are gone (000)")
def _():
    s = at_trade()
    s = ok(G, s, Trade(0, 1, face_up=(0,)))
    s = ok(G, s, Trade(0, 1, face_up=(0,)))
    expect(s.face_up == (), "face-ups gone")
    ok(G, s, Trade(0, 2, give=(0,), receive=(0,)))


@scenario("B22 trading is refused outside step 2")
def _():
    s = new()
    refused(G, s, Trade(0, 1, give=(0,), receive=(0,)), "wrong-step")


@scenario("B23 face-up cards not traded are kept and must be planted in step 3 (000 step 3)")
def _():
    s = at_trade()
    fu = s.face_up
    t = ok(G, s, EndTrading(0))
    expect(t.players[0].set_aside == fu and t.step == "plant-traded", "kept cards set aside")
    refused(G, t, EndTurn(0), "plant-set-aside")


@scenario("B24 step 3: every player must plant traded cards before the turn ends; any order")
def _():
    s = at_trade()
    s = ok(G, s, Trade(0, 1, face_up=(0,), face_up_=None) if False else Trade(0, 1, face_up=(0,)))
    s = ok(G, s, EndTrading(0))
    refused(G, s, EndTurn(0))
    # plant everything (harvest when needed)
    for seat in range(4):
        while s.players[seat].set_aside:
            p = s.players[seat]
            bean = p.set_aside[0]
            fs = [i for i, f in enumerate(p.fields) if not f or f[-1] == bean]
            if not fs:
                s = ok(
                    G, s, Harvest(seat, max(range(len(p.fields)), key=lambda i: len(p.fields[i])))
                )
                continue
            s = ok(G, s, PlantTraded(seat, 0, fs[0]))
    t = ok(G, s, EndTurn(0))
    expect(t.active == 1, "next player clockwise")


@scenario("B25 step 4: active draws 3 (4 players) to the BACK of the hand, in order")
def _():
    s = new(4)
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, DrawFaceUp(0))
    s = ok(G, s, EndTrading(0))
    while s.players[0].set_aside:
        p = s.players[0]
        bean = p.set_aside[0]
        fs = [i for i, f in enumerate(p.fields) if not f or f[-1] == bean]
        if not fs:
            s = ok(G, s, BuyField(0)) if False else s
            raise Disagree("setup needs harvest")
        s = ok(G, s, PlantTraded(0, 0, fs[0]))
    hand, top = s.players[0].hand, s.deck[:3]
    t = ok(G, s, EndTurn(0))
    expect(t.players[0].hand == hand + top, f"{t.players[0].hand} vs {hand + top}")


def draw_count(players):
    s = new(players)
    s = wp(s, 0, set_aside=())
    s = replace(s, step="plant-traded")
    n = len(s.players[0].hand)
    t = ok(G, s, EndTurn(0))
    return len(t.players[0].hand) - n


@scenario("B26 step 4 draw count: 3 for 3-5 players, 4 for 6-7 players (000 variations)")
def _():
    for p, want in ((3, 3), (4, 3), (5, 3), (6, 4), (7, 4)):
        got = draw_count(p)
        expect(got == want, f"{p} players draw {got}, rule {want}")


# ---------------- setup / variants
@scenario("B27 card counts per player-count (000 variations / GAME-DATA)")
def _():
    exp = {
        2: {"garden", "cocoa"},
        3: {"cocoa"},
        4: {"coffee"},
        5: {"coffee"},
        6: {"cocoa", "garden"},
        7: {"cocoa", "garden"},
    }
    for p, removed in exp.items():
        s = new(p)
        cards = list(s.deck) + [c for pl in s.players for c in pl.hand]
        want = sum(
            v
            for k, v in {
                "coffee": 24,
                "wax": 22,
                "blue": 20,
                "chili": 18,
                "stink": 16,
                "green": 14,
                "soy": 12,
                "black-eyed": 10,
                "red": 8,
                "garden": 6,
                "cocoa": 4,
            }.items()
            if k not in removed
        )
        expect(len(cards) == want, f"{p}p: {len(cards)} cards, rule {want}")
        expect(not (set(cards) & removed), f"{p}p: removed beans present")


@scenario("B28 deal: 5 each; 6-7 players 3,4,5 then 6 clockwise from starting player")
def _():
    for p in range(2, 8):
        for start in range(p):
            s = new(p, start=start)
            sizes = [len(s.players[(start + k) % p].hand) for k in range(p)]
            want = [5] * p if p < 6 else [3, 4, 5] + [6] * (p - 3)
            expect(sizes == want, f"{p}p start {start}: {sizes} vs {want}")
            expect(s.active == start, "starting player is active")


@scenario("B29 fields: 2 at start; 3 players start with 3 and may not buy (000)")
def _():
    for p in (2, 4, 5, 6, 7):
        expect(all(len(pl.fields) == 2 for pl in new(p).players), f"{p}p fields")
    s = new(3)
    expect(all(len(pl.fields) == 3 for pl in s.players), "3p three fields")
    s = wp(s, 0, coins=("red",) * 5)
    refused(G, s, BuyField(0), "third-field")


@scenario("B30 newer edition: 104 cards of 8 original beans; 3p 3 fields, 4-5p 2 fields (003)")
def _():
    for p in (3, 4, 5):
        s = new(p, edition="newer")
        cards = list(s.deck) + [c for pl in s.players for c in pl.hand]
        expect(
            len(cards) == 104 and not set(cards) & {"coffee", "wax", "cocoa"},
            f"{p}p newer: {len(cards)}",
        )
        expect(all(len(pl.fields) == (3 if p == 3 else 2) for pl in s.players), "fields")
        expect(all(len(pl.hand) == 5 for pl in s.players), "5 each")


# ---------------- 3rd field
@scenario("B31 3rd field: 3 coins, topmost coins to the discard pile, usable at once (000)")
def _():
    s = wp(new(4), 2, coins=("red", "soy", "blue", "chili"), hand=("green",))
    t = ok(G, s, BuyField(2))
    p = t.players[2]
    expect(len(p.fields) == 3 and p.coins == ("red",), f"coins left {p.coins}")
    expect(t.discard[-3:] == ("soy", "blue", "chili"), "paid coins on discard pile")


@scenario("B32 3rd field: refused with fewer than 3 coins; only once in the game")
def _():
    s = wp(new(4), 1, coins=("red", "soy"))
    refused(G, s, BuyField(1), "third-field")
    s = wp(new(4), 1, coins=("red",) * 7)
    t = ok(G, s, BuyField(1))
    refused(G, t, BuyField(1), "third-field")


@scenario("B33 3rd field costs 2 coins with 6 or 7 players (000)")
def _():
    for p in (6, 7):
        s = wp(new(p), 0, coins=("red", "soy"))
        t = ok(G, s, BuyField(0))
        expect(t.players[0].coins == () and len(t.players[0].fields) == 3, f"{p}p cost")


@scenario("B34 3rd field bought at any time, also by a player not active (000)")
def _():
    s = wp(new(5), 4, coins=("red",) * 3)
    ok(G, s, BuyField(4))


@scenario("B35 3rd field makes room in step 3 for a bean that fits no field (000 step 3)")
def _():
    s = at_trade()
    s = ok(G, s, EndTrading(0))
    s = wp(s, 0, fields=(("wax", "wax"), ("blue", "blue")), set_aside=("red",), coins=("soy",) * 3)
    s = ok(G, s, BuyField(0))
    ok(G, s, PlantTraded(0, 0, 2))


# ---------------- deck exhaustion and end
def end_setup(players=4, exhaustions=2, deck=("red", "red"), **kw):
    s = new(players, **kw)
    s = replace(s, exhaustions=exhaustions, deck=tuple(deck), discard=("soy",) * 5)
    return s


@scenario("B36 non-final exhaustion: discard pile shuffled into the new deck, game goes on")
def _():
    s = end_setup(4, exhaustions=0, deck=("red",))
    s = replace(s, step="plant-traded")
    t = ok(G, s, EndTurn(0))
    expect(t.exhaustions == 1 and t.step != "over", "1st exhaustion only")
    expect(
        len(t.players[0].hand) == len(s.players[0].hand) + 3, "draws 3 using the reshuffled pile"
    )


@scenario(
    "B37 3rd exhaustion during step 4 ends the game at once (000); end harvest, hands don't count"
)
def _():
    s = end_setup(4, exhaustions=2, deck=("red", "red"))
    s = replace(s, step="plant-traded")
    s = wp(s, 1, fields=(("blue",), ("chili",) * 3), coins=())
    t = ok(G, s, EndTurn(0))
    expect(t.step == "over", f"not over: {t.step}")
    expect(
        len(t.players[1].coins) == 1 and t.players[1].fields == ((), ()),
        "all fields sold, lone card too",
    )


@scenario("B38 3rd exhaustion during step 2: draws just one, game continues to end of step 3 (000)")
def _():
    s = end_setup(4, exhaustions=2, deck=("red",))
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, DrawFaceUp(0))
    expect(s.face_up == ("red",) and s.step == "trade", f"face_up {s.face_up}")
    s = ok(G, s, Trade(0, 1, face_up=(0,)))
    s = ok(G, s, EndTrading(0))
    p = s.players[1]
    fs = [i for i, f in enumerate(p.fields) if not f or f[-1] == "red"]
    if not fs:
        s = ok(G, s, Harvest(1, max(range(2), key=lambda i: len(p.fields[i]))))
        fs = [i for i, f in enumerate(s.players[1].fields) if not f or f[-1] == "red"]
    s = ok(G, s, PlantTraded(1, 0, fs[0]))
    t = ok(G, s, EndTurn(0))
    expect(t.step == "over", "game over after step 3")


@scenario("B39 3 players classic: the game ends at the 2nd exhaustion (000)")
def _():
    s = end_setup(3, exhaustions=1, deck=("red",))
    s = replace(s, step="plant-traded")
    t = ok(G, s, EndTurn(0))
    expect(t.step == "over", "3p ends at 2nd exhaustion")
    s = end_setup(4, exhaustions=1, deck=("red",))
    s = replace(s, step="plant-traded")
    t = ok(G, s, EndTurn(0))
    expect(t.step != "over", "4p does not end at 2nd")


@scenario("B40 newer edition ends at the 3rd exhaustion (003)")
def _():
    s = end_setup(4, exhaustions=2, deck=("red",), edition="newer")
    s = replace(s, step="plant-traded")
    expect(ok(G, s, EndTurn(0)).step == "over", "newer 3rd")


@scenario("B41 classic tie: most cards in hand among the tied wins (000)")
def _():
    s = end_setup(4, exhaustions=2, deck=("red", "red", "red"))
    s = replace(s, step="plant-traded")
    for seat, (c, h) in enumerate(((5, 2), (5, 4), (3, 9), (5, 1))):
        s = wp(s, seat, coins=("soy",) * c, hand=("soy",) * h, fields=((), ()))
    t = ok(G, s, EndTurn(0))  # seat 0 draws up to 3 -> 5 cards
    w = winners(t)
    expect(t.step == "over", "over")
    expect(
        w == [0],
        f"winners {w}: seat0 has 5 coins and {len(t.players[0].hand)} cards; seat1 5 coins 4 cards",
    )


@scenario("B42 newer edition tie: tied player furthest clockwise from starting player wins (003)")
def _():
    s = end_setup(4, exhaustions=2, deck=("red",), edition="newer", start=1)
    s = replace(s, step="plant-traded", active=1)
    for seat, c in enumerate((5, 5, 3, 5)):
        s = wp(s, seat, coins=("soy",) * c, fields=((), ()))
    t = ok(G, s, EndTurn(1))
    w = winners(t)
    # start=1: order 1,2,3,0 -> seat 0 furthest
    expect(w == [0], f"winners {w}")


# ---------------- bean duel (2 players, 000)
def duel2(seed=3):
    return new(2, seed=seed)


@scenario("B43 bean duel: only the active player may harvest (000 'only sell ... on his turn')")
def _():
    s = wp(duel2(), 1, fields=(("blue",) * 4, ()))
    refused(G, s, Harvest(1, 0))
    s = wp(duel2(), 0, fields=(("blue",) * 4, ()))
    ok(G, s, Harvest(0, 0))


@scenario("B44 bean duel: 3rd field coins go out of the game, not on the discard pile")
def _():
    s = wp(duel2(), 0, coins=("red", "soy", "blue"))
    t = ok(G, s, BuyField(0))
    expect(t.discard == () and sorted(t.out) == sorted(("red", "soy", "blue")), "coins boxed")


@scenario("B45 bean duel step 2: after planting, discard ONE card from anywhere in the hand")
def _():
    s = wp(duel2(), 0, hand=("red", "soy", "blue", "chili"), fields=((), ()))
    refused(G, s, DiscardFromHand(0, 2), "must-plant")
    s = ok(G, s, Plant(0, 0))
    t = ok(G, s, DiscardFromHand(0, 1))
    expect(
        t.players[0].hand == ("soy", "chili") and t.discard[-1] == "blue", "discarded from middle"
    )
    refused(G, t, DiscardFromHand(0, 0))


@scenario("B46 bean duel step 3: three cards turned up plus matching discard chain")
def _():
    s = wp(duel2(), 0, hand=("red",), fields=((), ()))
    s = replace(
        s, deck=("soy", "blue", "chili") + s.deck[3:], discard=("red", "blue", "soy", "chili")
    )
    s = ok(G, s, Plant(0, 0))
    t = ok(G, s, DrawFaceUp(0))
    expect(
        sorted(t.face_up) == sorted(("soy", "blue", "chili", "chili", "soy", "blue"))
        and t.discard == ("red",),
        f"face_up {t.face_up} discard {t.discard}",
    )


@scenario(
    "B47 bean duel: drawn cards not planted become the opponent's offer; plant or discard them"
)
def _():
    s = wp(duel2(), 0, hand=("red",), fields=((), ()))
    s = replace(s, deck=("soy", "blue", "chili") + s.deck[3:], discard=())
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, DrawFaceUp(0))
    s = ok(G, s, PlantDrawn(0, 0, 1))  # soy into empty field
    t = ok(G, s, EndTurn(0))
    expect(
        t.active == 1 and sorted(t.offer) == ["blue", "chili"] and t.step == "offer",
        f"offer {t.offer}",
    )
    refused(G, t, Plant(1, 0))
    t2 = ok(G, t, DiscardOffered(1, 0))
    t2 = ok(G, t2, PlantOffered(1, 0, 0))
    expect(t2.step == "plant", "offer done")


@scenario("B48 bean duel: active draws 2 cards in step 4")
def _():
    s = wp(duel2(), 0, hand=("red",), fields=((), ()))
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, DrawFaceUp(0))
    n, top = len(s.players[0].hand), s.deck[:2]
    t = ok(G, s, EndTurn(0))
    expect(t.players[0].hand[n:] == top and len(t.players[0].hand) == n + 2, "2 drawn")


@scenario("B49 bean duel: game ends when the draw deck is exhausted for the first time")
def _():
    s = wp(duel2(), 0, hand=("red",), fields=((), ()))
    s = replace(s, deck=("soy", "blue", "chili", "wax"))
    s = ok(G, s, Plant(0, 0))
    s = ok(G, s, DrawFaceUp(0))
    t = ok(G, s, EndTurn(0))
    expect(t.step == "over", f"step {t.step}, deck {t.deck}")


@scenario("B50 discarding from the hand is not allowed in the classic 3-7 player game")
def _():
    s = new(4)
    s = ok(G, s, Plant(0, 0))
    refused(G, s, DiscardFromHand(0, 0))


@scenario("B51 bean duel: the starting player's first turn has no offer step")
def _():
    s = duel2()
    expect(s.step == "plant" and s.offer == (), "no offer")


@scenario("B52 other seat cannot act for the active player; unknown seat refused")
def _():
    s = new(4)
    refused(G, s, Plant(1, 0), "not-your-turn")
    refused(G, s, Harvest(9, 0))


@scenario("B53 game over refuses every further action")
def _():
    s = end_setup(4, exhaustions=2, deck=("red",))
    s = replace(s, step="plant-traded")
    t = ok(G, s, EndTurn(0))
    refused(G, t, Harvest(1, 0), "game-over")
