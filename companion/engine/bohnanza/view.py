"""Bohnanza as the phones and the dashboard show it."""

from __future__ import annotations

from typing import Any

from .. import view as common
from .. import words as w
from ..actions import Action
from ..sightings import Reads
from . import describe, game
from .actions import Harvest, Trade
from .describe import step_text as bohnanza_step_text
from .game import can_buy_field, can_harvest, fields_for, forecast
from .state import State


def _bohnanza_end(s: State, names: list[str], lang: str) -> dict[str, Any]:
    n = len(s.players)
    coins = [len(p.coins) for p in s.players]
    hands = [len(p.hand) for p in s.players]
    most_cards = s.rules.tie_break == "most-cards-in-hand"
    # What orders players with equal coins: the rulebook's tie-break.
    second = hands if most_cards else [(seat - s.start) % n for seat in range(n)]
    order = sorted(range(n), key=lambda seat: (-coins[seat], -second[seat], seat))
    ranks = [(coins[seat], second[seat]) for seat in range(n)]
    winners = game.winners(s)
    tied_out = [seat for seat in order if coins[seat] == coins[winners[0]] and seat not in winners]

    def score_of(seat: int, dative: bool) -> str:
        return w.count(coins[seat], "coin", lang, dative)

    if most_cards:
        why_not = ("fewer cards in hand",) * 2 + ("aber weniger Handkarten",) * 2
        rule = (
            "ties go to the most cards in hand",
            "bei Gleichstand gewinnt, wer die meisten Handkarten hat",
        )
        k = hands[winners[0]]
        share = (
            f" and {w.count(k, 'hand-card', 'en')}",
            f" und je {w.count(k, 'hand-card', 'de', True)}",
        )
    else:
        why_not = (
            "sits closer to the starting player",
            "sit closer to the starting player",
            "sitzt aber näher am Startspieler",
            "sitzen aber näher am Startspieler",
        )
        rule = (
            "ties go to the player furthest from the starting player, clockwise",
            "bei Gleichstand gewinnt, wer im Uhrzeigersinn am weitesten vom Startspieler sitzt",
        )
        share = ("", "")
    return {
        "standings": common.standings(
            names, coins, order, ranks, lambda c: w.count(c, "coin", lang)
        ),
        "result_text": common.result(
            names, winners, score_of, tied_out, lang, why_not, rule, share
        ),
    }


def _bohnanza_warnings(
    s: State, names: list[str], lang: str = "en", you: int | None = None
) -> list[dict]:
    de = lang == "de"
    out = []
    for seat, p in enumerate(s.players):
        for i, bean in enumerate(_must_plant(s, seat)):
            if not fields_for(p, bean):
                # (said only to a player with the coins: a warning is what to do now)
                buy = can_buy_field(s.rules, p)
                protected = [
                    f
                    for f, cards in enumerate(p.fields)
                    if cards and not can_harvest(p, f, s.rules.protection)
                ]
                # (set-aside cards lie face up; the hand's card comes last)
                from_hand = i >= len(p.set_aside)
                out.append(
                    common.forced_harvest(
                        seat, bean, names, lang, you, buy, protected, from_hand=from_hand
                    )
                )
                break
    if s.ending:
        text = "Das Spiel endet nach diesem Zug" if de else "The game ends after this turn"
        out.append(common.warning("end", "end/this-turn", text))
    elif s.exhaustions == s.rules.exhaustions_to_end - 1 and s.deck_size < 10:
        text = (
            "Das Ende naht: der Nachziehstapel geht zum letzten Mal zur Neige"
            if de
            else "The end is near: the draw deck is running out for the last time"
        )
        out.append(common.warning("end", "end/near", text))
    return out


def turns_said(turns: float) -> int:
    """The turns left as the table is told them: to 5 over 20, to 2 over 10. The
    estimate is some 2 turns off the true count, and a harvest's discards lengthen
    the game (a fuller deck to come), so a count to the turn rose now and then, 33
    to 34 after planting two cards (a newcomer's walk); rounded, it rises a third as
    often on bot games."""
    if turns > 20:
        return 5 * round(turns / 5)
    if turns > 10:
        return 2 * round(turns / 2)
    return round(turns)


def _forecast_said(s: State) -> dict[str, Any]:
    out = forecast(s)
    out["turns_left_said"] = turns_said(out["turns_left_estimate"])
    return out


def view(
    s: State, names: list[str], lang: str = "en", you: int | None = None, advise: bool = False
) -> dict[str, Any]:
    view = {
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
                "fields": [common.field_view(f, lang) for f in p.fields],
                "set_aside": list(p.set_aside),
                "bought_field": p.bought_field,
            }
            for seat, p in enumerate(s.players)
        ],
        "face_up": list(s.face_up),
        "offer": list(s.offer),
        "discard_top": s.discard[-1] if s.discard else None,
        "discard_size": len(s.discard),
        "forecast": _forecast_said(s),
        "third_field_cost": s.rules.third_field_cost,
        "beans": list(s.rules.beans),
        "warnings": _bohnanza_warnings(s, names, lang, you),
        # How the phones and the big screen show this game (the pages never ask
        # which game it is): see engine/view.py's show().
        "legend": legend(s, lang),
        "show": common.show(
            reads=Reads.FIELDS,
            score="coins",
            piles=[("faceUp", s.face_up), ("offer", s.offer)],
            hand_in_order=True,
        ),
        "over": s.over,
        "winners": game.winners(s) if s.over else None,
    }
    common.say_turn(view, bohnanza_step_text(s, lang, you), names, lang, you)
    if s.over:
        view.update(_bohnanza_end(s, names, lang))
    return view


_TIMES = {
    1: ("the first", "zum ersten"),
    2: ("a second", "zum zweiten"),
    3: ("a third", "zum dritten"),
}


def legend(s: State, lang: str = "en") -> list[str]:
    """How to read the phone, a line a rule it shows (a newcomer met "+2 → next
    coin", as it then said, with nothing to say what it meant)."""
    de = lang == "de"
    rules = s.rules
    lines = [
        "Deine Hand bleibt in der Reihenfolge, in der du sie bekommen hast: du baust "
        "vorne an („▲ als Nächstes“), neue Karten kommen nach hinten."
        if de
        else "Your hand stays in the order you got it: you plant from its front "
        "(“▲ plant next”), and new cards go to its back.",
        "Ein Feld trägt eine Bohnensorte. „+2 → 3 Taler“: mit zwei Bohnen mehr dort "
        "bringt es beim Ernten 3 Taler (das Bohnometer der Karte); "
        "„Bohnometer ausgereizt“: mehr Bohnen bringen nicht mehr."
        if de
        else "A field holds one kind of bean. “+2 → 3 coins”: with two more beans there "
        "it earns 3 coins when you harvest it (the card's beanometer); “top of the "
        "beanometer”: more beans earn no more.",
    ]
    up, draw = w.count(rules.face_up, "card", lang), w.count(rules.draw, "card", lang)
    if rules.turn == "classic":
        lines.insert(
            0,
            f"Ein Zug: 1. eine oder zwei Karten vorne aus der Hand anbauen; 2. {up} "
            "aufdecken und handeln; 3. die aufgedeckten und gehandelten Karten anbauen; "
            f"4. {draw} nachziehen. Gehandelt wird nur mit dem, der am Zug ist."
            if de
            else f"A turn: 1. plant one or two cards from the front of your hand; 2. turn "
            f"over {up} and trade; 3. plant the turned-over and traded cards; 4. draw "
            f"{draw}. Trades are made with the player whose turn it is.",
        )
    else:  # (two players: no trading; the cards turned over and not planted go over)
        lines.insert(
            0,
            "Ein Zug: die Karten anbauen oder abwerfen, die der andere liegen ließ; eine "
            "oder zwei Karten vorne aus der Hand anbauen, dann darfst du eine beliebige "
            f"Karte der Hand abwerfen; {up} aufdecken (passende Karten oben vom "
            "Ablagestapel kommen dazu) und anbauen, was du willst (der Rest geht an den "
            f"anderen); {draw} nachziehen. Ernten darfst du nur im eigenen Zug."
            if de
            else "A turn: plant or discard the cards the other player left you; plant one "
            "or two cards from the front of your hand, then you may discard any one card "
            f"of your hand; turn over {up} (matching cards from the top of the discard "
            "pile join them) and plant what you wish (the rest goes to the other player); "
            f"draw {draw}. You harvest only on your own turn.",
        )
    lines.append(
        "„×2“ an einem Feld: so viele Karten liegen dort; die Zahl neben der Kartenrückseite: "
        "so viele Karten hat der Spieler auf der Hand."
        if de
        else "“×2” on a field: the cards lying there; the number beside a card back: the "
        "cards in that player's hand."
    )
    if rules.third_field_cost:
        cost = w.count(rules.third_field_cost, "coin", lang)
        lines.append(
            f"Ein 3. Bohnenfeld kostet {cost}, jederzeit zu kaufen, einmal im Spiel."
            if de
            else f"A 3rd bean field costs {cost}, bought at any time, once a game."
        )
    en, de_ = _TIMES.get(rules.exhaustions_to_end, (str(rules.exhaustions_to_end), ""))
    lines.append(
        f"Das Spiel endet, wenn der Nachziehstapel {de_ or rules.exhaustions_to_end}"
        f"{'' if de_ else '.'} Mal aufgebraucht ist."
        if de
        else f"The game ends when the draw deck runs out {en} time."
    )
    return lines


def private(state: State, seat: int, lang: str = "en") -> dict[str, Any]:
    return {"hand": common.hand_of(state, seat), "bonus": None}


def needs(state: State, data: dict[str, Any]) -> dict[str, int]:
    # Turned over from the deck, and from the discards reshuffled when it runs out.
    turned = min(state.rules.face_up, state.deck_size + len(state.discard))
    return common.needs_of_a_card_game(state, data, turned)


# The headings a phone groups moves under (English, German).
GROUPS = {
    "plant": ("Plant", "Anbauen"),
    "harvest": ("Harvest a field", "Ein Feld ernten"),
    "plant-traded": ("Plant a kept card", "Eine behaltene Karte anbauen"),
    "plant-drawn": ("Plant a turned-over card", "Eine aufgedeckte Karte anbauen"),
    "trade": ("Trade with {name}", "Handel mit {name}"),
    "buy-field": ("Buy a field", "Ein Feld kaufen"),
    "plant-offered": ("Plant an offered card", "Eine angebotene Karte anbauen"),
    "discard-offered": ("Discard an offered card", "Eine angebotene Karte abwerfen"),
    "discard-from-hand": ("Discard a card from your hand", "Eine Handkarte abwerfen"),
}


def group(
    before: State,
    action: Action,
    names: dict[int, str],
    lang: str = "en",
    seat: int | None = None,
) -> str | None:
    """The heading the move is grouped under on `seat`'s phone (a trade: by the other
    side, its partner or, offered to the partner, the active player)."""
    if isinstance(action, Trade):
        other = action.player if seat == action.partner else action.partner
        return common.group_of(GROUPS, action, lang, name=w.seat_name(names, other, lang))
    return common.group_of(GROUPS, action, lang)


def part_words(
    before: State, action: Action, names: dict[int, str], lang: str = "en", seat: int | None = None
) -> common.DealCard | None:
    """One card of a deal as `seat`'s phone lists it in a deal being built: which
    side it goes ("give" or "get") and the card alone ("the face-up Chili Bean",
    "Seat 2's Green Bean"): "Accept ... as a gift" read wrong inside a trade. With
    them, what the list is sorted by: the face-up cards first, then by bean (`bean`,
    "" for a card of a hidden hand); a hand's own order listed a bot's cards as they
    lay, Blue, Chili, Blue."""
    if not isinstance(action, Trade) or not action.part:
        return None
    de = lang == "de"
    active = seat == action.player
    other = w.seat_name(names, action.partner if active else action.player, lang)

    def card(bean_id: str | None, mine: bool, owner: str) -> str:
        if bean_id is None:
            if mine:
                return "eine Karte aus deiner Hand" if de else "a card from your hand"
            hand = w.of("hand", "der Hand", owner, lang)
            return f"eine Karte aus {hand}" if de else f"a card from {hand}"
        name = w.bean(bean_id, lang)
        if mine:
            return f"deine {name}" if de else f"your {name}"
        return w.of(name, f"die {name}", owner, lang)

    if action.face_up:
        name = w.bean(before.face_up[action.face_up[0]], lang)
        said = f"die aufgedeckte {name}" if de else f"the face-up {name}"
        return common.DealCard(side="give" if active else "get", card=said, face_up=True, bean=name)
    if action.give:  # a card of the active player's hand
        bean, mine = (action.give_beans[0] if action.give_beans else None), active
    else:  # a card of the partner's
        bean, mine = (action.receive_beans[0] if action.receive_beans else None), not active
    return common.DealCard(
        side="give" if mine else "get",
        card=card(bean, mine, other),
        face_up=False,
        bean="" if bean is None else w.bean(bean, lang),
    )


TITLE = ("Bohnanza", "Bohnanza")
describe_action = describe.describe
label = describe.label


def must_act(view: dict[str, Any]) -> set[int]:
    """The seats that must act now: planting due, a set-aside card to plant, a
    forced harvest (the panel blinks their LEDs). While the active player trades,
    nobody: the cards traded are planted once trading ends (a phone that had just
    said yes to a trade said "your move" and filled a 0-coin harvest)."""
    if view["step"] == "trade":
        return set()
    must = {w["seat"] for w in view["warnings"] if w.get("kind") == "forced-harvest"}
    if view["step"] in ("plant", "offer") and view["planted"] == 0:
        must.add(view["active"])
    must |= {p["seat"] for p in view["players"] if p["set_aside"]}
    return must


def reshuffled(state: State) -> str | None:
    """The players say they rebuilt the draw deck: None when the count agrees (the
    deck ran out this turn), else what the companion counts."""
    per_turn = state.rules.face_up + state.rules.draw
    if state.exhaustions > 0 and state.cycle_drawn <= per_turn:  # rebuilt this turn
        return None
    return (
        f"the companion counts {state.deck_size} cards still in the draw deck: "
        "check before reshuffling"
    )


# A field harvested for nothing asks for a second tap on the phone.
def _must_plant(s: State, seat: int) -> list[str]:
    """The cards `seat` must plant now: the set-aside ones, and the active player's
    first card of the hand (offered cards may be discarded instead)."""
    if seat == s.active and s.step == "offer":
        return []
    p = s.players[seat]
    must = list(p.set_aside)
    if seat == s.active and s.step == "plant" and p.hand and p.hand[0] and s.planted == 0:
        must.append(p.hand[0])
    return must


def _forced(s: State, seat: int) -> bool:
    """`seat` must harvest: a card to plant now that no field takes."""
    return any(not fields_for(s.players[seat], bean) for bean in _must_plant(s, seat))


ask_again = common.asks_again_for_a_harvest(Harvest, _forced)
