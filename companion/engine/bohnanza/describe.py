"""Actions, steps and fields in a player's words, in English and German.

`describe` says what an action did, in the third person with the players' names
("Anna plants Soy Bean in field 2"): the log. `label` says a move still to make
to the player who makes it, in the second person ("Plant Soy Bean in field 2"):
the phone's buttons. Seats and fields are counted from 1, as players count them."""

from __future__ import annotations

from collections import Counter

from .. import words as w
from ..beans import variety
from ..errors import RuleError
from .actions import (
    Action,
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
from .game import apply, can_buy_field, fields_for
from .state import State


def label(
    before: State, action: Action, names=None, lang: str = "en", seat: int | None = None
) -> str:
    """A move still to make, said to the player who makes it, or to `seat`, a
    trade's partner (the trade offered to it)."""
    if isinstance(action, Trade) and seat == action.partner:
        return _trade_offered(before, action, names, lang)
    return describe(before, action, names, upcoming=True, lang=lang, you=True)


def _counted(cards: list, say_one, say_many, lang: str) -> str:
    """Cards of a deal said once each, the same card twice or more counted: "two
    Chili Beans from your hand", not "your Chili Bean and your Chili Bean" (a deal
    built card by card). `cards`: (kind, bean id) in order; `say_many(kind, bean,
    number, plural)` words a group."""
    said = []
    for (kind, bean_id), n in Counter(cards).items():  # (in the order first seen)
        if n == 1:
            said.append(say_one(kind, bean_id))
            continue
        plural = None if bean_id is None else w.bean(bean_id, lang) + ("n" if lang == "de" else "s")
        said.append(say_many(kind, bean_id, w.spell_out(n, lang), plural))
    return w.join(said, lang)


def _trade_offered(before: State, a: Trade, names, lang: str) -> str:
    """A trade or a donation said to its partner: what it gives the active player
    ("your Chili Bean"), what it gets ("Anna's face-up Soy Bean")."""
    de = lang == "de"
    who = w.seat_name(names, a.player, lang)
    hand = w.of("hand", "der Hand", who, lang)

    def one_got(kind: str, bean: str | None) -> str:
        if kind == "up":
            name = w.bean(bean, lang)
            return w.of(f"face-up {name}", f"die aufgedeckte {name}", who, lang)
        if bean is None:
            return f"eine Karte aus {hand}" if de else f"a card from {hand}"
        return w.of(w.bean(bean, lang), f"die {w.bean(bean, lang)}", who, lang)

    def many_got(kind: str, bean: str | None, n: str, plural: str | None) -> str:
        if kind == "up":
            return f"{n} aufgedeckte {plural} von {who}" if de else f"{who}'s {n} face-up {plural}"
        if plural is None:
            return f"{n} Karten aus {hand}" if de else f"{n} cards from {hand}"
        return f"{n} {plural} von {who}" if de else f"{n} {plural} from {who}"

    def one_given(kind: str, bean: str | None) -> str:
        if bean is None:
            return "eine deiner Handkarten" if de else "a card from your hand"
        return f"deine {w.bean(bean, lang)}" if de else f"your {w.bean(bean, lang)}"

    def many_given(kind: str, bean: str | None, n: str, plural: str | None) -> str:
        if plural is None:
            return f"{n} deiner Handkarten" if de else f"{n} cards from your hand"
        return f"{n} {plural} aus deiner Hand" if de else f"{n} {plural} from your hand"

    got: list[tuple[str, str | None]] = [("up", before.face_up[i]) for i in a.face_up]
    got += [("hand", None if a.give_beans is None else a.give_beans[k]) for k in range(len(a.give))]
    given = [
        ("hand", None if a.receive_beans is None else a.receive_beans[k])
        for k in range(len(a.receive))
    ]
    get_text = _counted(got, one_got, many_got, lang)
    give_text = _counted(given, one_given, many_given, lang)
    if not given:
        return f"Nimm {get_text} als Geschenk an" if de else f"Accept {get_text} as a gift"
    if not got:
        return f"Schenke {who} {give_text}" if de else f"Give {give_text} to {who}"
    return f"Tausche {give_text} gegen {get_text}" if de else f"Trade {give_text} for {get_text}"


def _face_up(before: State, action: DrawFaceUp) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A face-up draw's cards: those turned over (as the action names them or, with
    a known deck, as they came), and those the bean duel took off the discard pile
    after them (they match a card just drawn; none named where the draw rebuilt the
    deck from the discards)."""
    try:
        after = apply(before, action)
    except RuleError:
        return tuple(action.beans or ()), ()
    taken = len(before.discard) - len(after.discard)
    rebuilt = after.exhaustions != before.exhaustions or after.shuffles != before.shuffles
    cut = len(after.face_up) - (taken if taken > 0 and not rebuilt else 0)
    chain = tuple(b for b in after.face_up[cut:] if b)
    drawn = tuple(action.beans) if action.beans else tuple(b for b in after.face_up[:cut] if b)
    return drawn, chain


def describe(
    before: State,
    action: Action,
    names=None,
    upcoming: bool = False,
    lang: str = "en",
    you: bool = False,
) -> str:
    """What `action` does, said about the state it is applied to: in the third
    person, or (`you`) to the player who takes it. `upcoming`: as a move still to
    make, so the cards it would reveal are not told."""
    de = lang == "de"
    seat = action.player
    who = w.seat_name(names, seat, lang)
    p = before.players[seat]

    def name(s: int) -> str:
        return w.seat_name(names, s, lang)

    def b(bean_id: str | None) -> str:
        return w.bean(bean_id, lang)

    def plant(bean_id: str | None, field: int, what: str = "") -> str:
        f = field + 1
        if bean_id is None:  # an unseen hand card (a real table)
            if you:
                return (
                    f"Baue deine vorderste Handkarte in Feld {f} an"
                    if de
                    else (f"Plant the first card of your hand in field {f}")
                )
            return (
                f"{who} baut die vorderste Handkarte in Feld {f} an"
                if de
                else (f"{who} plants the first card of the hand in field {f}")
            )
        adj = {"offered": ("die angebotene ", "the offered ")}.get(what, ("", ""))
        if you:
            return (
                f"Baue {adj[0]}{b(bean_id)} in Feld {f} an"
                if de
                else (f"Plant {adj[1]}{b(bean_id)} in field {f}")
            )
        return (
            f"{who} baut {adj[0]}{b(bean_id)} in Feld {f} an"
            if de
            else (f"{who} plants {adj[1]}{b(bean_id)} in field {f}")
        )

    if isinstance(action, Plant):
        return plant(action.bean or p.hand[0], action.field)
    if isinstance(action, PlantTraded):
        return plant(p.set_aside[action.index], action.field)
    if isinstance(action, PlantDrawn):
        return plant(before.face_up[action.index], action.field)
    if isinstance(action, PlantOffered):
        return plant(before.offer[action.index], action.field, "offered")
    if isinstance(action, DrawFaceUp):
        n = before.rules.face_up
        if you:
            return (
                f"Decke {w.count(n, 'card', lang)} auf"
                if de
                else (f"Draw {w.count(n, 'card', lang)} face up")
            )
        drawn, chain = ((), ()) if upcoming else _face_up(before, action)
        shown = w.beans(drawn, lang) if drawn else ""
        if chain:
            # (the bean duel: a host's friend saw four cards face up and the log
            # named three)
            more = w.beans(chain, lang)
            shown += (
                f"; vom Ablagestapel dazu: {more}" if de else f"; from the discard pile: {more}"
            )
        if de:
            return f"{who} deckt Karten auf" + (f": {shown}" if shown else "")
        return f"{who} draws cards face up" + (f": {shown}" if shown else "")
    if isinstance(action, Trade):
        return _trade(before, action, names, lang, you)
    if isinstance(action, EndTrading):
        left = len(before.face_up)
        if you:
            if not left:
                return "Beende den Handel" if de else "End trading"
            if de:
                kept = "die aufgedeckte Karte" if left == 1 else f"die {left} aufgedeckten Karten"
                return f"Beende den Handel: behalte {kept}"
            kept = "the face-up card" if left == 1 else f"the {left} face-up cards"
            return f"End trading: keep {kept}"
        return f"{who} beendet den Handel" if de else f"{who} ends trading"
    if isinstance(action, DiscardOffered):
        bean = b(before.offer[action.index])
        if you:
            return f"Wirf die angebotene {bean} ab" if de else f"Discard the offered {bean}"
        return (
            f"{who} wirft die angebotene {bean} ab"
            if de
            else (f"{who} discards the offered {bean}")
        )
    if isinstance(action, DiscardFromHand):
        bean_id = action.bean or p.hand[action.position]
        pos = action.position + 1
        if you:
            if bean_id is None:
                return (
                    "Wirf eine Karte aus deiner Hand ab"
                    if de
                    else ("Discard a card from your hand")
                )
            return (
                f"Wirf {b(bean_id)} aus deiner Hand ab (Karte {pos})"
                if de
                else (f"Discard {b(bean_id)} from your hand (card {pos})")
            )
        if bean_id is None or upcoming:
            return (
                f"{who} wirft eine Handkarte ab" if de else f"{who} discards a card from the hand"
            )
        return (
            f"{who} wirft {b(bean_id)} aus der Hand ab"
            if de
            else (f"{who} discards {b(bean_id)} from the hand")
        )
    if isinstance(action, EndTurn):
        n = before.rules.draw
        cards = w.count(n, "card", lang)
        if you:
            if before.ending:
                return (
                    "Beende deinen Zug: das Spiel endet" if de else ("End your turn: the game ends")
                )
            return f"Beende deinen Zug: ziehe {cards}" if de else f"End your turn: draw {cards}"
        if before.ending:
            return (
                f"{who} beendet den Zug: das Spiel endet"
                if de
                else (f"{who} ends the turn: the game ends")
            )
        return (
            f"{who} zieht {cards} und beendet den Zug"
            if de
            else (f"{who} draws {cards} and ends the turn")
        )
    if isinstance(action, Harvest):
        column = p.fields[action.field]
        coins = min(variety(column[-1]).coins_for(len(column)), len(column))
        what = f"{len(column)} × {b(column[-1])}"
        f = action.field + 1
        pay = w.count(coins, "coin", lang)
        if you:
            return (
                f"Ernte Feld {f}: {what} für {pay}"
                if de
                else (f"Harvest field {f}: {what} for {pay}")
            )
        return (
            f"{who} erntet Feld {f}: {what} für {pay}"
            if de
            else (f"{who} harvests field {f}: {what} for {pay}")
        )
    if isinstance(action, BuyField):
        cost = w.count(before.rules.third_field_cost, "coin", lang)
        if you:
            return (
                f"Kaufe ein 3. Bohnenfeld für {cost}"
                if de
                else (f"Buy a 3rd bean field for {cost}")
            )
        return (
            f"{who} kauft ein 3. Bohnenfeld für {cost}"
            if de
            else (f"{who} buys a 3rd bean field for {cost}")
        )
    return f"{who}: {action}"


def _trade(before: State, a: Trade, names, lang: str, you: bool) -> str:
    """A trade or a donation: what the active player gives, what the partner gives."""
    de = lang == "de"
    who = w.seat_name(names, a.player, lang)
    partner = w.seat_name(names, a.partner, lang)
    give_ids = [None if a.give_beans is None else a.give_beans[k] for k in range(len(a.give))]
    get_ids = [
        None if a.receive_beans is None else a.receive_beans[k] for k in range(len(a.receive))
    ]

    def own(bean_id: str | None, face_up: bool) -> str:
        """One of the active player's cards."""
        name = w.bean(bean_id, lang)
        if face_up:
            return f"die aufgedeckte {name}" if de else f"the face-up {name}"
        if bean_id is None:
            if you:
                return "eine Karte aus deiner Hand" if de else "a card from your hand"
            return "eine Handkarte" if de else "a card from the hand"
        if you:
            return f"deine {name}" if de else f"your {name}"
        return f"eine {name}" if de else f"a {name}"  # (every bean's name: "die ...bohne")

    def theirs(bean_id: str | None, named: bool) -> str:
        """One of the partner's hand cards (`named`: said with the partner's name)."""
        if bean_id is None:
            if not named:
                return "eine Handkarte" if de else "a card from the hand"
            hand = w.of("hand", "der Hand", partner, lang)
            return f"eine Karte aus {hand}" if de else f"a card from {hand}"
        name = w.bean(bean_id, lang)
        return w.of(name, f"die {name}", partner, lang) if named else name

    def a_bean(said: str, bean_id: str | None) -> str:
        """A card of the hand named by its bean, with its article."""
        if bean_id is None:
            return said
        return f"eine {said}" if de else f"a {said}"

    def many_own(kind: str, bean_id: str | None, n: str, plural: str | None) -> str:
        if kind == "up":
            return f"{n} aufgedeckte {plural}" if de else f"{n} face-up {plural}"
        where = (
            ("deiner Hand" if de else "your hand") if you else ("der Hand" if de else "the hand")
        )
        if plural is None:
            return f"{n} Karten aus {where}" if de else f"{n} cards from {where}"
        if you:
            return f"{n} {plural} aus {where}" if de else f"{n} {plural} from {where}"
        return f"{n} {plural}"

    def many_theirs(kind: str, bean_id: str | None, n: str, plural: str | None) -> str:
        if kind != "named":  # (said without the partner's name: a gift in the log)
            if plural is None:
                return f"{n} Handkarten" if de else f"{n} cards from the hand"
            return f"{n} {plural}"
        if plural is None:
            hand = w.of("hand", "der Hand", partner, lang)
            return f"{n} Karten aus {hand}" if de else f"{n} cards from {hand}"
        return f"{n} {plural} von {partner}" if de else f"{n} {plural} from {partner}"

    gives: list[tuple[str, str | None]] = [("up", before.face_up[i]) for i in a.face_up]
    gives += [("hand", b) for b in give_ids]
    give_text = _counted(gives, lambda k, b: own(b, k == "up"), many_own, lang)
    get_text = _counted(
        [("named", b) for b in get_ids], lambda k, b: theirs(b, True), many_theirs, lang
    )
    if you:
        if not get_ids:
            return f"Schenke {partner} {give_text}" if de else f"Give {give_text} to {partner}"
        if not gives:
            return f"Nimm {get_text} als Geschenk an" if de else f"Accept {get_text} as a gift"
        return (
            f"Tausche {give_text} gegen {get_text}" if de else (f"Trade {give_text} for {get_text}")
        )
    if not get_ids:
        return (
            f"{who} schenkt {partner} {give_text}"
            if de
            else (f"{who} gives {give_text} to {partner}")
        )
    if not gives:
        plain = _counted(
            [("plain", b) for b in get_ids],
            lambda k, b: a_bean(theirs(b, False), b),
            many_theirs,
            lang,
        )
        return f"{partner} schenkt {who} {plain}" if de else f"{partner} gives {plain} to {who}"
    return (
        f"{who} tauscht {give_text} gegen {get_text}"
        if de
        else (f"{who} trades {give_text} for {get_text}")
    )


def step_text(state: State, lang: str = "en", you: int | None = None) -> str:
    """The step of the turn in words, for whoever reads it ("plant the first card
    of the hand"); `you`: the seat reading it (only the active player is told that
    the hidden first card of the hand fits no field)."""
    de = lang == "de"
    step = state.step
    if step == "over":
        return "Spiel vorbei" if de else "game over"
    if step == "offer":
        return (
            "angebotene Karten anbauen oder abwerfen"
            if de
            else ("plant or discard the offered cards")
        )
    if step == "plant":
        n = w.count(state.rules.face_up, "card", lang)
        if not state.players[state.active].hand:
            return f"{n} aufdecken" if de else f"draw {n} face up"
        if state.planted == 0:
            p = state.players[state.active]
            if you == state.active and p.hand[0] and not fields_for(p, p.hand[0]):
                # (no field takes it: room comes first, the rulebook's order)
                if can_buy_field(state.rules, p):
                    return (
                        "ein Feld ernten (oder ein 3. kaufen), dann die vorderste Handkarte anbauen"
                        if de
                        else "harvest a field (or buy a 3rd), then plant the first card of the hand"
                    )
                return (
                    "ein Feld ernten, dann die vorderste Handkarte anbauen"
                    if de
                    else "harvest a field, then plant the first card of the hand"
                )
            return "die vorderste Handkarte anbauen" if de else "plant the first card of the hand"
        if state.planted == 1 and not state.discarded:
            p = state.players[state.active]
            if you == state.active and p.hand and p.hand[0] and not fields_for(p, p.hand[0]):
                # (a second card is optional: the harvest it needs is said, not asked)
                return (
                    f"{n} aufdecken (für eine zweite Karte erst ein Feld ernten)"
                    if de
                    else f"draw {n} face up (or harvest a field to plant a second card)"
                )
            return (
                f"eine zweite Karte anbauen oder {n} aufdecken"
                if de
                else (f"plant a second card or draw {n} face up")
            )
        return f"{n} aufdecken" if de else f"draw {n} face up"
    if step == "trade":
        return "handeln und schenken" if de else "trade and donate"
    if step == "plant-traded":
        if not any(p.set_aside for p in state.players):  # all planted: the draw is left
            n = w.count(state.rules.draw, "card", lang)
            return f"{n} ziehen und den Zug beenden" if de else f"draw {n} and end the turn"
        # (the face-up cards nobody took are the active player's to plant too)
        return (
            "behaltene und gehandelte Karten anbauen" if de else "plant the kept and traded cards"
        )
    if step == "plant-drawn":
        return (
            "aufgedeckte Karten anbauen oder den Zug beenden"
            if de
            else ("plant the face-up cards or end the turn")
        )
    return step
