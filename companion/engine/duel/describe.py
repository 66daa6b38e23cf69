"""The Duel's actions, steps and bo(h)nus cards in a player's words, in English
and German: `describe` for the log (third person, with names), `label` for the
phone's buttons (second person, to the player who makes the move)."""

from __future__ import annotations

from .. import words as w
from ..beans import variety
from ..errors import RuleError
from .actions import (
    AcceptGift,
    Action,
    ClaimBonus,
    DeclineGift,
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
from .game import (
    apply,
    bonus_due,
    claimable,
    fields_for,
    fulfilled_at_end,
    gift_beans,
    offerer,
)
from .state import DATA, LADDER, BonusCard, DuelState


def bonus_text(card: BonusCard | None, lang: str = "en") -> str:
    """A bo(h)nus card: its pattern, first planted first, and what it is worth."""
    if card is None:
        return "eine verdeckte Bo(h)nuskarte" if lang == "de" else "an unseen bo(h)nus card"
    pattern = " → ".join(w.bean(b, lang) for b in card.pattern)
    return f"{pattern}: {w.cents(100 + card.cents, lang)}"


def bonus_short(card: BonusCard, lang: str = "en") -> str:
    """A bo(h)nus card as a button says it, short: "Stink → Chili ×2, $1.40" (three
    discard buttons of whole names filled half a phone's screen)."""
    runs: list[list] = []
    for b in card.pattern:
        if runs and runs[-1][0] == b:
            runs[-1][1] += 1
        else:
            runs.append([b, 1])
    said = [
        _short(b, lang) + (f" ×{n}" if n > 1 else "")
        for b, n in runs  # (the kinds, first planted first; × how many of each)
    ]
    return f"{' → '.join(said)}, {w.cents(100 + card.cents, lang)}"


def _short(bean_id: str, lang: str) -> str:
    """A bean's name without "Bean" / "bohne" ("Chili", "Feuer", "Rote")."""
    name = w.bean(bean_id, lang)
    for tail in (" Bean", " Bohne", "bohne"):
        if name.endswith(tail):
            return name[: -len(tail)]
    return name


def label(before: DuelState, action: Action, names=None, lang: str = "en") -> str:
    """A move still to make, said to the player who makes it: with the bo(h)nus
    cards it would keep them from fulfilling (a field's top card must be part of the
    order: planting over a pattern, or harvesting it, loses the claim)."""
    line = describe(before, action, names, upcoming=True, lang=lang, you=True)
    if isinstance(action, (ClaimBonus, EndGame)):  # (these fulfil, not lose)
        return line
    lost = _claims_lost(before, action)
    if lost:
        shown = w.join([bonus_text(card, lang) for card in lost], lang)
        line += (
            f" — verliert deine Bo(h)nuskarte ({shown}): erst erfüllen"
            if lang == "de"
            else f" — loses your bo(h)nus ({shown}): fulfil it first"
        )
    return line


def _claims_lost(before: DuelState, action: Action) -> list[BonusCard]:
    """The bo(h)nus cards of the mover that a field fulfils now and not after
    `action`."""
    now = claimable(before, action.player)
    if not now:
        return []
    try:
        after = apply(before, action)
    except RuleError:
        return []
    left = list(claimable(after, action.player))
    lost = []
    for card in now:  # (two alike cards: each kept claim counted once)
        if card in left:
            left.remove(card)
        else:
            lost.append(card)
    return lost


def describe(
    before: DuelState,
    action: Action,
    names=None,
    upcoming: bool = False,
    lang: str = "en",
    you: bool = False,
) -> str:
    line = _describe(before, action, names, upcoming, lang, you)
    if upcoming:
        return line
    # The last card planted in phase 3 draws the active player's 2 cards (no move of
    # its own): the log says so, or the hand seems to grow by itself.
    try:
        after = apply(before, action)
    except RuleError:
        return line
    if after.step == "bonus" and before.step != "bonus":
        cards = w.count(DATA["draw"], "card", lang, spelled=True)
        who = w.seat_name(names, before.active, lang)
        # ("then": it reads as the next thing to happen, not as part of the move,
        # when another player's gift was the last card planted)
        line += f"; dann zieht {who} {cards}" if lang == "de" else f"; then {who} draws {cards}"
    return line


def _describe(
    before: DuelState,
    action: Action,
    names,
    upcoming: bool,
    lang: str,
    you: bool,
) -> str:
    de = lang == "de"
    seat = action.player
    who = w.seat_name(names, seat, lang)
    p = before.players[seat]

    def b(bean_id: str | None) -> str:
        return w.bean(bean_id, lang)

    def say(en_you: str, de_you: str, en_they: str, de_they: str) -> str:
        if you:
            return de_you if de else en_you
        return f"{who} {de_they}" if de else f"{who} {en_they}"

    if isinstance(action, Plant):
        bean_id = action.bean or p.hand[0]
        f = action.field + 1
        if bean_id is None:
            return say(
                f"Plant the first card of your hand in field {f}",
                f"Baue deine vorderste Handkarte in Feld {f} an",
                f"plants the first card of the hand in field {f}",
                f"baut die vorderste Handkarte in Feld {f} an",
            )
        return say(
            f"Plant {b(bean_id)} in field {f}",
            f"Baue {b(bean_id)} in Feld {f} an",
            f"plants {b(bean_id)} in field {f}",
            f"baut {b(bean_id)} in Feld {f} an",
        )
    if isinstance(action, DrawFaceUp):
        n = w.count(DATA["face_up"], "card", lang)
        shown = "" if upcoming or not action.beans else ": " + w.beans(action.beans, lang)
        return say(
            f"Turn over the top {n}",
            f"Decke die obersten {n} auf",
            f"turns over {n}{shown}",
            f"deckt {n} auf{shown}",
        )
    if isinstance(action, OfferGift):
        bean = b(action.bean)
        en, de_ = f"Offer a {bean} as a gift", f"Biete eine {bean} als Geschenk an"
        done_en, done_de = f"offers a {bean} as a gift", f"bietet eine {bean} als Geschenk an"
        if before.offers:  # declining the gift offered is offering another
            turned_down = b(before.offers[-1])
            en = f"Turn down the {turned_down}: offer a {bean} instead"
            de_ = f"Lehne die {turned_down} ab: biete stattdessen eine {bean} an"
            # (the log said only "offers a Red Bean": the gift's giver read nothing of
            # theirs being turned down)
            done_en = f"turns down the {turned_down} and offers a {bean} instead"
            done_de = f"lehnt die {turned_down} ab und bietet stattdessen eine {bean} an"
        # Said only to the player offering it: a bean they hold none of is a bluff,
        # and what it costs (a newcomer met the word with nothing to say what it was).
        # ("Bluff" first: a thumb took one for a gift when only its end said so.)
        if bluff(before, action, seat):
            en = (
                f"Bluff: {en[0].lower()}{en[1:]} "
                "(you have none: if it is accepted, you pay a dollar card)"
            )
            de_ = (
                f"Bluffe: {de_[0].lower()}{de_[1:]} (du hast keine: "
                "wird sie angenommen, zahlst du eine Dollarkarte)"
            )
        elif source := _gift_source(before, action):
            # (a newcomer could not tell a card of the hand from one only turned over)
            en, de_ = f"{en} ({source[0]})", f"{de_} ({source[1]})"
        return say(en, de_, done_en, done_de)
    if isinstance(action, AcceptGift):
        bean = b(before.offers[-1])
        return say(
            f"Accept the {bean} as a gift",
            f"Nimm die {bean} als Geschenk an",
            f"accepts the {bean} as a gift",
            f"nimmt die {bean} als Geschenk an",
        )
    if isinstance(action, DeclineGift):
        return say(
            "Decline: no gift changes hands",
            "Lehne ab: kein Geschenk wechselt den Besitzer",
            "declines: no gift changes hands",
            "lehnt ab: kein Geschenk wechselt den Besitzer",
        )
    if isinstance(action, GiveGift):
        bean = b(before.offers[-1]) if before.offers else ("das Geschenk" if de else "the gift")
        if action.source == "bluff":
            return say(
                f"Admit you have no {bean}: pay a card of your dollar pile",
                f"Gib zu, dass du keine {bean} hast: zahle eine Karte deines Dollarstapels",
                f"was bluffing about the {bean}: pays a card of the dollar pile",
                f"hat mit der {bean} geblufft: zahlt eine Karte des Dollarstapels",
            )
        # (to whom, in the log: "gives the turned-over Red Bean" read as given away)
        to = w.seat_name(names, 1 - seat, lang)
        if action.source == "face-up":
            return say(
                f"Give the turned-over {bean}",
                f"Gib die aufgedeckte {bean}",
                f"gives the turned-over {bean} to {to}",
                f"gibt {to} die aufgedeckte {bean}",
            )
        return say(
            f"Give the {bean} from your hand",
            f"Gib die {bean} aus deiner Hand",
            f"gives {to} the {bean} from the hand",
            f"gibt {to} die {bean} aus der Hand",
        )
    if isinstance(action, PlantDrawn):
        bean, f = b(before.face_up[action.index]), action.field + 1
        return say(
            f"Plant the turned-over {bean} in field {f}",
            f"Baue die aufgedeckte {bean} in Feld {f} an",
            f"plants the turned-over {bean} in field {f}",
            f"baut die aufgedeckte {bean} in Feld {f} an",
        )
    if isinstance(action, DiscardDrawn):
        bean = b(before.face_up[action.index])
        return say(
            f"Discard the turned-over {bean}",
            f"Wirf die aufgedeckte {bean} ab",
            f"discards the turned-over {bean}",
            f"wirft die aufgedeckte {bean} ab",
        )
    if isinstance(action, PlantGift):
        bean, f = b(p.gift[0]), action.field + 1
        return say(
            f"Plant the gift, the {bean}, in field {f}",
            f"Baue das Geschenk, die {bean}, in Feld {f} an",
            f"plants the gift, the {bean}, in field {f}",
            f"baut das Geschenk, die {bean}, in Feld {f} an",
        )
    if isinstance(action, DiscardBonus):
        card = p.bonus[action.index] if action.index < len(p.bonus) else None
        if you and card is not None:
            return (
                f"Wirf deine Bo(h)nuskarte ab ({bonus_short(card, lang)})"
                if de
                else f"Discard your bo(h)nus card ({bonus_short(card, lang)})"
            )
        return say(
            "Discard a bo(h)nus card",
            "Wirf eine Bo(h)nuskarte ab",
            "discards a bo(h)nus card",
            "wirft eine Bo(h)nuskarte ab",
        )
    if isinstance(action, DrawBonus):
        return say(
            "Draw a bo(h)nus card",
            "Ziehe eine Bo(h)nuskarte",
            "draws a bo(h)nus card",
            "zieht eine Bo(h)nuskarte",
        )
    if isinstance(action, EndTurn):
        return say("End your turn", "Beende deinen Zug", "ends the turn", "beendet den Zug")
    if isinstance(action, ClaimBonus):
        f = action.field + 1
        owner = w.seat_name(names, action.owner, lang)
        shown = ""
        if action.pattern:
            shown = " (" + " → ".join(b(x) for x in action.pattern)
            if action.cents is not None:
                shown += ": " + w.cents(100 + action.cents, lang)
            shown += ")"
        if action.owner == seat:
            return say(
                f"Fulfil a bo(h)nus card on your field {f}{shown}",
                f"Erfülle eine Bo(h)nuskarte auf deinem Feld {f}{shown}",
                f"fulfils a bo(h)nus card on field {f}{shown}",
                f"erfüllt eine Bo(h)nuskarte auf Feld {f}{shown}",
            )
        en_field = w.of(f"field {f}", "", owner, "en")
        de_field = w.of("", f"Feld {f}", owner, "de")
        return say(
            f"Fulfil a bo(h)nus card on {en_field}{shown}",
            f"Erfülle eine Bo(h)nuskarte auf {de_field}{shown}",
            f"fulfils a bo(h)nus card on {en_field}{shown}",
            f"erfüllt eine Bo(h)nuskarte auf {de_field}{shown}",
        )
    if isinstance(action, Harvest):
        column = p.fields[action.field]
        earned = min(variety(column[-1]).coins_for(len(column)), len(column))
        what = f"{len(column)} × {b(column[-1])}"
        if len(set(column)) > 1:  # (a mixed field pays by its top card's beanometer)
            cards = w.count(len(column), "card", lang)
            what = f"{cards}, oben {b(column[-1])}" if de else f"{cards}, {b(column[-1])} on top"
        f, pay = action.field + 1, w.count(earned, "dollar", lang)
        return say(
            f"Harvest field {f}: {what} for {pay}",
            f"Ernte Feld {f}: {what} für {pay}",
            f"harvests field {f}: {what} for {pay}",
            f"erntet Feld {f}: {what} für {pay}",
        )
    if isinstance(action, EndGame):
        met_n = sum(len(met) for met in fulfilled_at_end(before))
        if met_n:
            en_n, de_n = (
                w.count(met_n, "bo(h)nus card", "en"),
                w.count(met_n, "bo(h)nus card", "de"),
            )
            return say(
                f"End the game: fulfil {en_n}, harvest every field and count the dollars",
                f"Beende das Spiel: erfülle {de_n}, ernte alle Felder und zähle die Dollar",
                f"ends the game: {en_n} fulfilled, every field harvested",
                f"beendet das Spiel: {de_n} erfüllt, alle Felder geerntet",
            )
        return say(
            "End the game: harvest every field and count the dollars",
            "Beende das Spiel: ernte alle Felder und zähle die Dollar",
            "ends the game: every field is harvested",
            "beendet das Spiel: alle Felder werden geerntet",
        )
    return f"{who}: {action}"


def step_text(state: DuelState, lang: str = "en", you: int | None = None) -> str:
    """The phase of the turn in words; `you`: the seat reading it (only the active
    player is told that the first card of the hand fits no field, as the forced
    harvest's warning names that card to its player only)."""
    de = lang == "de"
    n = w.count(DATA["face_up"], "card", lang)
    texts = {
        "over": ("game over", "Spiel vorbei"),
        # (one gift must be offered every turn: a newcomer, seeing no "no gift",
        # could not tell whether it was a choice; rulebook 001, phase 2)
        "gift": (
            "offer a gift (every turn one is given)",
            "ein Geschenk anbieten (jeden Zug wird eins gegeben)",
        )
        if not state.offers
        else (
            "accept the gift, or turn it down by offering one back",
            "das Geschenk annehmen oder mit einem Gegengeschenk ablehnen",
        ),
        "give": ("hand over the accepted gift", "das angenommene Geschenk übergeben"),
        "plant-drawn": (
            "plant the turned-over cards (one may be discarded)",
            "aufgedeckte Karten anbauen (eine darf abgeworfen werden)",
        ),
        "plant-gift": ("plant the gift", "das Geschenk anbauen"),
        "bonus": ("discard and draw bo(h)nus cards", "Bo(h)nuskarten abwerfen und ziehen"),
        # (verb first: the big screen says "Waiting for Anna to …")
        "final": (
            "fulfil the last bo(h)nus cards, then harvest every field",
            "letzte Bo(h)nuskarten erfüllen, dann alle Felder ernten",
        ),
    }
    if state.step == "gift" and state.offers:
        # Every gift card pushed: no other to offer; a no lets nothing change hands.
        every = len(state.offers) == len(LADDER)
        if every:
            texts["gift"] = (
                "accept the gift, or decline: no gift changes hands",
                "das Geschenk annehmen oder ablehnen: kein Geschenk wechselt den Besitzer",
            )
        # To the player whose gift was just turned down (a newcomer read only
        # "accept the gift" and did not see that the Blue offered was an answer
        # to their Garden): say so, and which gift is now offered.
        if len(state.offers) >= 2 and you == offerer(state):
            mine, back = w.bean(state.offers[-2], lang), w.bean(state.offers[-1], lang)
            texts["gift"] = (  # (verb first: "Waiting for Anna to …")
                f"accept the {back} offered back (your {mine} was turned down), "
                + (
                    "or decline: no gift changes hands"
                    if every
                    else "or turn it down by offering another"
                ),
                f"die zurück angebotene {back} annehmen (deine {mine} wurde abgelehnt) "
                + (
                    "oder ablehnen: kein Geschenk wechselt den Besitzer"
                    if every
                    else "oder mit einem weiteren Gegengeschenk ablehnen"
                ),
            )
    if state.step == "plant-drawn" and state.discarded_drawn:
        texts["plant-drawn"] = ("plant the turned-over cards", "aufgedeckte Karten anbauen")
    if state.step == "bonus":
        # What is left of phase 4: discards until the draws start, then the draws
        # back to three (none when the hands are full), then the turn's end.
        discards = not state.refilling and any(
            p.bonus and not p.bonus_discarded for p in state.players
        )
        draws = bonus_due(state) is not None
        texts["bonus"] = {
            (True, True): texts["bonus"],
            (True, False): (  # (what a discard is for: a newcomer asked)
                "discard a bo(h)nus card for a new one, or end the turn",
                "eine Bo(h)nuskarte gegen eine neue abwerfen oder den Zug beenden",
            ),
            (False, True): ("draw bo(h)nus cards", "Bo(h)nuskarten ziehen"),
            (False, False): ("end the turn", "den Zug beenden"),
        }[(discards, draws)]
        if you == state.active and claimable(state, you):
            # (a newcomer ended the turn reading only "discard … or end the turn",
            # the Fulfil button under End: a claim may be made at any time, and
            # the turn's end is where it is missed)
            en, german = texts["bonus"]
            texts["bonus"] = (
                f"{en} (a bo(h)nus card of yours can be fulfilled now)",
                f"{german} (eine deiner Bo(h)nuskarten ist jetzt erfüllbar)",
            )
    if state.step == "plant":
        if not state.players[state.active].hand or state.planted >= 2:
            texts["plant"] = (f"turn over {n}", f"{n} aufdecken")
        elif (
            state.planted == 0
            and you == state.active
            and (first := state.players[state.active].hand[0])
            and not fields_for(state.players[state.active], first)
        ):  # (no field takes it: the harvest comes first)
            texts["plant"] = (
                "harvest a field, then plant the first card of the hand",
                "ein Feld ernten, dann die vorderste Handkarte anbauen",
            )
        elif state.planted == 0:
            texts["plant"] = ("plant the first card of the hand", "die vorderste Handkarte anbauen")
        elif (
            you == state.active
            and (second := state.players[state.active].hand[0])
            and not fields_for(state.players[state.active], second)
        ):  # (a second card is optional: the harvest it needs is said, not asked)
            texts["plant"] = (
                f"turn over {n} (or harvest a field to plant a second card)",
                f"{n} aufdecken (für eine zweite Karte erst ein Feld ernten)",
            )
        else:
            texts["plant"] = (
                f"plant a second card or turn over {n}",
                f"eine zweite Karte anbauen oder {n} aufdecken",
            )
    en, german = texts.get(state.step, (state.step, state.step))
    return german if de else en


def _gift_source(before: DuelState, action: OfferGift) -> tuple[str, str] | None:
    """Where the giver's card of the bean offered would come from (rulebook 001,
    phase 2: a turned-over card or one of the hand), said to the giver; None when
    their hand is not known."""
    hand = before.players[action.player].hand
    if None in hand:
        return None
    held = action.bean in hand
    shown = action.player == before.active and action.bean in before.face_up
    if held and shown:
        return "turned over, and in your hand", "aufgedeckt und auf deiner Hand"
    if held:
        return "from your hand", "von deiner Hand"
    if shown:
        return "a turned-over card", "eine aufgedeckte Karte"
    return None


def bluff(before: DuelState, action, seat: int | None = None) -> bool:
    """A gift offered of a bean its giver holds none of (rulebook 001, phase 2): taken,
    it costs them a dollar card. Known only where the giver's cards are."""
    if not isinstance(action, OfferGift):
        return False
    held = gift_beans(before, action.player if seat is None else seat)
    return None not in held and action.bean not in held
