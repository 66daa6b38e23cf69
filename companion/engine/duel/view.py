"""The Duel as the phones and the dashboard show it."""

from __future__ import annotations

from typing import Any

from .. import view as common
from .. import words as w
from ..actions import Action
from ..sightings import Reads
from . import describe, game
from .actions import Harvest
from .describe import bonus_text as duel_bonus_text
from .describe import step_text as duel_step_text
from .game import LADDER, cents
from .state import DATA, DuelState


def _duel_end(s: DuelState, names: list[str], lang: str) -> dict[str, Any]:
    amount = [cents(s, seat) for seat in (0, 1)]
    # A tie: the starting player loses, so the other one ranks first.
    order = sorted((0, 1), key=lambda seat: (-amount[seat], seat == s.start))
    winners = game.winners(s)
    tied_out = [
        seat for seat in (0, 1) if amount[seat] == amount[winners[0]] and seat not in winners
    ]
    standings = common.standings(
        names,
        [a / 100 for a in amount],  # type: ignore[misc]
        order,
        [(amount[seat], seat != s.start) for seat in (0, 1)],
        lambda dollars: w.cents(round(dollars * 100), lang),
    )
    result = common.result(
        names,
        winners,
        lambda seat, _dative: w.cents(amount[seat], lang),
        tied_out,
        lang,
        ("was the starting player", "", "hat aber das Spiel begonnen", ""),
        ("the starting player loses a tie", "bei Gleichstand verliert, wer begonnen hat"),
    )
    return {"standings": standings, "result_text": result}


def view(
    s: DuelState, names: list[str], lang: str = "en", you: int | None = None, advise: bool = False
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
                "dollars": cents(s, seat) / 100,
                "dollar_pile": len(p.dollars),
                "bonus_hand": len(p.bonus),
                "fulfilled": [
                    {**c.to_json(), "text": duel_bonus_text(c, lang)} for c in p.fulfilled
                ],
                # (what each field takes next: a newcomer saw a Chili offered onto
                # Stink, a Stink not onto Chili, and nothing that said why)
                "fields": [{**common.field_view(f, lang), "takes": _takes(f)} for f in p.fields],
                "gift": list(p.gift),
            }
            for seat, p in enumerate(s.players)
        ],
        "face_up": list(s.face_up),
        "gifts_pushed": list(s.offers),
        # Phase 4: the seat that draws a bo(h)nus card next (None: the turn may end).
        "bonus_due": game.bonus_due(s) if s.step == "bonus" else None,
        "deck_size": s.deck_size,
        "beans": list(LADDER),
        "warnings": _forced_harvests(s, names, lang, you)
        + (
            [
                common.warning(
                    "end",
                    "end/after-phase-3",
                    "Der Nachziehstapel ist aufgebraucht: das Spiel endet nach Phase 3"
                    if de
                    else "The draw pile has run out: the game ends after phase 3",
                )
            ]
            if s.ending or s.step == "final"
            else []
        ),
        "legend": list(LEGEND[1 if de else 0]),
        "show": common.show(
            reads=Reads.FIELDS,
            score="dollars",
            piles=[("turnedOver", s.face_up), ("gifts", s.offers)],
            hand_in_order=True,  # (the rulebook: its order never changes; phase 1 plants its first)
            ladder=True,
            bonus=True,
        ),
        "over": s.over,
        "winners": game.winners(s) if s.over else None,
    }
    common.say_turn(view, duel_step_text(s, lang, you), names, lang, you)
    if s.over:
        view.update(_duel_end(s, names, lang))
    return view


# How to read the phone, a line a rule it shows (a newcomer met "takes Garden or
# Red", "$1.10" and bo(h)nus cards with nothing to say what they meant).
LEGEND = (
    (
        "A field takes its top bean again or the next higher number (“takes Garden or "
        "Red”): different beans may share a field.",
        "A harvest pays by the beanometer of the field's top card (the one fully seen): "
        "“+3 → $2”: with three more beans there it earns 2 dollars; “top of the "
        "beanometer”: more earn no more.",
        "A bo(h)nus card (“Garden Bean → Red Bean: $1.10”) is fulfilled by a field, yours "
        "or your opponent's, with those beans planted in that order, its top card among "
        "them: it is worth 1 dollar plus its cents.",
        "You start with $3: three bean cards, dollar side up.",
        "A gift of a bean you hold none of is a bluff: if it is accepted, you pay a dollar card.",
    ),
    (
        "Ein Feld nimmt seine oberste Bohne noch einmal oder die mit der nächsthöheren "
        "Zahl („nimmt Garten oder Rote“): verschiedene Bohnen dürfen in einem Feld stehen.",
        "Eine Ernte zahlt nach dem Bohnometer der obersten Karte des Felds (der ganz "
        "sichtbaren): „+3 → 2 $“: mit drei Bohnen mehr dort bringt es 2 Dollar; "
        "„Bohnometer ausgereizt“: mehr bringen nicht mehr.",
        "Eine Bo(h)nuskarte („Gartenbohne → Rote Bohne: 1,10 $“) erfüllt ein Feld, deins "
        "oder das des Gegners, in dem diese Bohnen in dieser Reihenfolge gepflanzt sind, "
        "die oberste Karte darunter: sie ist 1 Dollar plus ihre Cent wert.",
        "Du beginnst mit 3 $: drei Bohnenkarten mit der Dollarseite nach oben.",
        "Ein Geschenk einer Bohne, die du nicht hast, ist ein Bluff: wird es angenommen, "
        "zahlst du eine Dollarkarte.",
    ),
)


def _takes(column: tuple[str, ...]) -> list[str] | None:
    """The beans the field takes next on the ladder (None: empty, it takes any)."""
    return [b for b in LADDER if game.fits(column, b)] if column else None


def _forced_harvests(
    s: DuelState, names: list[str], lang: str = "en", you: int | None = None
) -> list[dict]:
    """A card a player must plant now that no field takes (the ladder): a field must
    be harvested first. The first card of the hand in phase 1, a gift received, and
    the turned-over cards once one has been discarded (before, one may go)."""
    out = []
    for seat, p in enumerate(s.players):
        for i, bean in enumerate(_must_plant(s, seat)):
            if bean is not None and not game.fields_for(p, bean):
                from_hand = i == 0 and _plants_from_hand(s, seat)
                out.append(common.forced_harvest(seat, bean, names, lang, you, from_hand=from_hand))
                break
    return out


def private(state: DuelState, seat: int, lang: str = "en") -> dict[str, Any]:
    """The hand and the bo(h)nus cards in hand, when the engine knows them."""
    bonus = None
    if state.knowledge == "known":
        bonus = [
            {**c.to_json(), "text": duel_bonus_text(c, lang)}
            for c in state.players[seat].bonus
            if c is not None
        ]
    return {"hand": common.hand_of(state, seat), "bonus": bonus}


def needs(state: DuelState, data: dict[str, Any]) -> dict[str, int]:
    found = common.needs_of_a_card_game(state, data, min(DATA["face_up"], state.deck_size))
    if data["type"] == "claim-bonus" and data.get("pattern") is None:
        found["pattern"] = 0  # any length: the claimer writes the beans out card by card
        found["cents"] = 1
    return found


# The headings a phone groups moves under (English, German).
GROUPS = {
    "plant": ("Plant", "Anbauen"),
    "harvest": ("Harvest a field", "Ein Feld ernten"),
    "offer-gift": ("Offer a gift", "Ein Geschenk anbieten"),
    "give-gift": ("Give a gift", "Ein Geschenk geben"),
    "plant-drawn": ("Plant a turned-over card", "Eine aufgedeckte Karte anbauen"),
    "discard-drawn": ("Discard a turned-over card", "Eine aufgedeckte Karte abwerfen"),
    "discard-bonus": ("Discard a bo(h)nus card", "Eine Bo(h)nuskarte abwerfen"),
    "plant-gift": ("Plant the gift", "Das Geschenk anbauen"),
    "claim-bonus": ("Fulfil a bo(h)nus card", "Eine Bo(h)nuskarte erfüllen"),
}


def group(
    before: DuelState,
    action: Action,
    names: dict[int, str],
    lang: str = "en",
    seat: int | None = None,
) -> str | None:
    """The heading the move is grouped under on a phone. A gift offered to this
    player is turned down by offering another: said so (a newcomer saw "Accept" and
    "Offer a gift", and no way to say no)."""
    if action.type == "offer-gift" and before.offers:
        return "Ablehnen: ein anderes anbieten" if lang == "de" else "Turn it down: offer another"
    return common.group_of(GROUPS, action, lang)


def risky(before: DuelState, action: Action, seat: int) -> bool:
    """A move that may cost its player (a bluff): a phone shows it apart."""
    return describe.bluff(before, action, seat)


TITLE = ("Bohnanza: The Duel", "Bohnanza: Das Duell")
describe_action = describe.describe
label = describe.label


def must_act(view: dict[str, Any]) -> set[int]:
    """The seats that must act now (the panel blinks their LEDs)."""
    must = {w["seat"] for w in view["warnings"] if w.get("kind") == "forced-harvest"}
    active, step = view["active"], view["step"]
    if step == "plant" and view["planted"] == 0:
        must.add(active)
    if step == "plant-gift":
        must |= {p["seat"] for p in view["players"] if p["gift"]}
    if step == "gift":
        pushed = len(view["gifts_pushed"])
        must.add(active if pushed % 2 == 0 else 1 - active)  # whose answer it is
    if step == "give":  # the accepted gift's maker hands it over
        pushed = len(view["gifts_pushed"])
        must.add(active if pushed % 2 == 1 else 1 - active)
    if step == "bonus":  # the seat drawing bo(h)nus cards back to three, else the turn's end
        due = view.get("bonus_due")
        must.add(active if due is None else due)
    return must


def _plants_from_hand(s: DuelState, seat: int) -> bool:
    """`seat` must plant the first card of its hand now (the first of `_must_plant`)."""
    return seat == s.active and s.step == "plant" and s.planted == 0 and bool(s.players[seat].hand)


def _must_plant(s: DuelState, seat: int) -> list:
    """The cards `seat` must plant now (see `_forced_harvests`)."""
    p = s.players[seat]
    must = []
    if _plants_from_hand(s, seat):
        must.append(p.hand[0])
    if p.gift and (s.step == "plant-gift" or (s.step == "plant-drawn" and seat == s.active)):
        must.append(p.gift[0])
    if seat == s.active and s.step == "plant-drawn" and s.discarded_drawn:
        must.extend(s.face_up)
    return must


def _forced(s: DuelState, seat: int) -> bool:
    """`seat` must harvest: a card to plant now that no field takes."""
    return any(
        b is not None and not game.fields_for(s.players[seat], b) for b in _must_plant(s, seat)
    )


# A field harvested for nothing asks for a second tap on the phone.
ask_again = common.asks_again_for_a_harvest(Harvest, _forced)
