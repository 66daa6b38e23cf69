"""The Duel's rules: setup, apply, legal_actions, the end and the score.

Pure functions over the immutable `DuelState`; readings chosen where the rulebook
is silent are listed in docs/rules.md."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..actions import dispatch
from ..beans import VARIETIES, bean_name
from ..cards import (
    can_harvest,
    check_field,
    check_harvest,
    check_seat,
    hand_order_problems,
    observe,
    replaced,
    require_active,
    require_step,
    sell,
    take,
)
from ..errors import Rule, RuleError
from ..setup import check_knowledge, check_seed, check_start
from .actions import (
    GIFT_SOURCES,
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
from .state import DATA, LADDER, RANK, BonusCard, DuelPlayer, DuelState

CARDS = {bean: VARIETIES[bean].cards for bean in LADDER}  # 6, 8, …, 20: 104 cards
TOTAL_CARDS = sum(CARDS.values())
CENTS = tuple(DATA["bonus_cents"])


def _in_game(bean: str) -> int:
    return CARDS.get(bean, 0)


# ---------------------------------------------------------------- bo(h)nus cards


def check_pattern(pattern: object, cents: object) -> BonusCard:
    """A bo(h)nus card as a player states it, or a RuleError saying what is wrong."""
    if cents not in CENTS or isinstance(cents, bool):
        raise RuleError(Rule.BAD_BONUS, f"a bo(h)nus card is worth {CENTS} cents, not {cents!r}")
    if not isinstance(pattern, tuple | list) or not pattern:
        raise RuleError(
            Rule.BAD_BONUS, "name the pattern's beans card by card, first planted first"
        )
    for bean in pattern:
        if not isinstance(bean, str) or bean not in CARDS:
            raise RuleError(Rule.BAD_BONUS, f"{bean!r} is not a bean of The Duel")
    if len(set(pattern)) > 4:
        raise RuleError(Rule.BAD_BONUS, "a bo(h)nus card shows at most 4 different beans")
    return BonusCard(tuple(pattern), cents)  # type: ignore[arg-type]


def fulfils(column: tuple[str, ...], pattern: tuple[str, ...]) -> bool:
    """A field fulfils a pattern when its last cards, the top card included, are the
    pattern card by card."""
    return len(column) >= len(pattern) and column[len(column) - len(pattern) :] == pattern


def synthetic_bonus_cards(rng: random.Random) -> list[BonusCard]:
    """32 stand-in bo(h)nus cards for simulation and the demo: no public list of the
    real ones exists. Eight of each cent value, harder patterns worth more: 1 to 4
    varieties climbing the ladder, one or two cards each."""
    cards = []
    for kinds, cents in enumerate(CENTS, start=1):
        for _ in range(DATA["bonus_cards"] // len(CENTS)):
            first = rng.randrange(len(LADDER) - kinds + 1)
            pattern: list[str] = []
            for bean in LADDER[first : first + kinds]:
                pattern += [bean] * rng.randint(1, 2)
            cards.append(BonusCard(tuple(pattern), cents))
    return cards


# ---------------------------------------------------------------- setup


def new_game(*, seed: int = 0, knowledge: str = "known", start: int = 0) -> DuelState:
    check_knowledge(knowledge)
    check_seed(seed)
    check_start(start, 2)
    n_hand, n_pile, n_bonus = DATA["hand"], DATA["dollar_pile"], DATA["bonus_hand"]
    order = (start, 1 - start)
    fields = ((),) * DATA["fields"]
    if knowledge == "known":
        rng = random.Random(seed)
        cards = [bean for bean in LADDER for _ in range(CARDS[bean])]
        rng.shuffle(cards)
        bonus = synthetic_bonus_cards(rng)
        rng.shuffle(bonus)
        piles = (tuple(cards[:n_pile]), tuple(cards[n_pile : 2 * n_pile]))
        pos = 2 * n_pile
        # Take turns drawing, the starting player first.
        hands: list[list] = [[], []]
        for _ in range(n_hand):
            for seat in order:
                hands[seat].append(cards[pos])
                pos += 1
        bonus_hands: list[list] = [[], []]
        bpos = 0
        for _ in range(n_bonus):
            for seat in order:
                bonus_hands[seat].append(bonus[bpos])
                bpos += 1
        deck: tuple | None = tuple(cards[pos:])
        bonus_deck: tuple | None = tuple(bonus[bpos:])
        hidden_deck = hidden_bonus = 0
    else:
        piles = ((None,) * n_pile, (None,) * n_pile)
        hands = [[None] * n_hand, [None] * n_hand]
        bonus_hands = [[None] * n_bonus, [None] * n_bonus]
        deck = bonus_deck = None
        hidden_deck = TOTAL_CARDS - 2 * (n_hand + n_pile)
        hidden_bonus = DATA["bonus_cards"] - 2 * n_bonus
    players = tuple(
        DuelPlayer(
            hand=tuple(hands[s]),
            fields=fields,
            dollars=piles[s],
            bonus=tuple(bonus_hands[s]),
        )
        for s in (0, 1)
    )
    return DuelState(
        players=players,  # type: ignore[arg-type]
        start=start,
        active=start,
        turn=1,
        step="plant",
        planted=0,
        face_up=(),
        discarded_drawn=False,
        offers=(),
        deck=deck,
        hidden_deck=hidden_deck,
        discard=(),
        bonus_deck=bonus_deck,
        hidden_bonus_deck=hidden_bonus,
        bonus_discard=(),
        refilling=False,
        ending=False,
        seed=seed,
        shuffles=0,
    )


# ---------------------------------------------------------------- helpers


def _with(state: DuelState, seat: int, **changes: Any) -> DuelState:
    player = replace(state.players[seat], **changes)
    return replace(state, players=replaced(state.players, seat, player))


def _seen(state: DuelState, bean: str) -> int:
    """Cards of `bean` visible on the table (dollar piles are face down, so not)."""
    n = state.discard.count(bean) + state.face_up.count(bean)
    for p in state.players:
        n += p.gift.count(bean) + sum(f.count(bean) for f in p.fields)
    return n


def _observe(state: DuelState, claimed: object, actual: str | None, where: str) -> str:
    return observe(claimed, actual, where, _in_game, lambda b: _seen(state, b))


def fits(column: tuple[str, ...], bean: str) -> bool:
    """The ladder: an empty field takes any bean; otherwise the same number as the
    top card or the next higher one."""
    return not column or RANK[bean] - RANK[column[-1]] in (0, 1)


def fields_for(player: DuelPlayer, bean: str) -> list[int]:
    return [i for i, f in enumerate(player.fields) if fits(f, bean)]


def _plant(state: DuelState, seat: int, field: object, bean: str) -> DuelState:
    player = state.players[seat]
    f = check_field(player.fields, field)
    column = player.fields[f]
    if not fits(column, bean):
        top = column[-1]
        nxt = LADDER[RANK[top] + 1] if RANK[top] + 1 < len(LADDER) else None
        allowed = bean_name(top) + (f" or {bean_name(nxt)}" if nxt else "")
        raise RuleError(
            Rule.LADDER,
            f"field {f + 1} has a {bean_name(top)} ({CARDS[top]}) on top: it takes only "
            f"{allowed}, not {bean_name(bean)} ({CARDS[bean]})",
        )
    return _with(state, seat, fields=replaced(player.fields, f, column + (bean,)))


def _draw_beans(state: DuelState, n: int) -> tuple[DuelState, tuple[str | None, ...]]:
    """Draw up to `n` bean cards from the pile; the pile is never rebuilt."""
    n = min(n, state.deck_size)
    if state.deck is not None:
        return replace(state, deck=state.deck[n:]), state.deck[:n]
    return replace(state, hidden_deck=state.hidden_deck - n), (None,) * n


def _harvest(state: DuelState, seat: int, field: int) -> DuelState:
    player = state.players[seat]
    earned, rest = sell(player.fields[field])
    state = _with(
        state,
        seat,
        fields=replaced(player.fields, field, ()),
        dollars=player.dollars + earned,
    )
    return replace(state, discard=state.discard + rest)


def _other(seat: int) -> int:
    return 1 - seat


# ---------------------------------------------------------------- the phases


def _plant_hand(state: DuelState, a: Plant) -> DuelState:
    require_active(state.active, a.player, "plant from the hand")
    require_step(state.step, "plant", "plant from your hand")
    player = state.players[a.player]
    if not player.hand:
        raise RuleError(Rule.EMPTY_HAND, "your hand is empty: go on and turn three cards over")
    if state.planted >= 2:
        raise RuleError(Rule.PLANT_LIMIT, "you can't plant a third bean card in this phase")
    check_field(player.fields, a.field)
    bean = _observe(state, a.bean, player.hand[0], "the first card in your hand")
    state = _plant(state, a.player, a.field, bean)
    state = _with(state, a.player, hand=player.hand[1:])
    return replace(state, planted=state.planted + 1)


def _draw_face_up(state: DuelState, a: DrawFaceUp) -> DuelState:
    require_active(state.active, a.player, "turn cards over")
    require_step(state.step, "plant", "turn cards over")
    if state.planted == 0 and state.players[a.player].hand:
        raise RuleError(Rule.MUST_PLANT, "you must plant the first bean card in your hand first")
    new, cards = _draw_beans(state, DATA["face_up"])
    if state.deck is None or a.beans is not None:
        if a.beans is None or len(a.beans) != len(cards):
            raise RuleError(
                Rule.BEAN_UNSEEN if a.beans is None else Rule.WRONG_BEAN,
                f"{len(cards)} card(s) are turned over here; say which beans they are",
            )
        cards = tuple(
            _observe(state, b, c, f"turned-over card {i + 1}")
            for i, (b, c) in enumerate(zip(a.beans, cards, strict=True))
        )
    return replace(
        new,
        face_up=cards,  # type: ignore[arg-type]
        step="gift",
        offers=(),
        ending=new.deck_size == 0,  # the pile ran out: the game ends after phase 3
    )


def gift_beans(state: DuelState, seat: int) -> list[str | None]:
    """The cards `seat` could give as a gift now: its hand, and the turned-over
    cards if it is the active player (None among them: not known; a bean not among
    known ones offered is a bluff)."""
    return list(state.players[seat].hand) + (list(state.face_up) if seat == state.active else [])


def offerer(state: DuelState) -> int:
    """Whose turn it is to push a gift card: the active player first, then in turn."""
    return state.active if len(state.offers) % 2 == 0 else _other(state.active)


def _offer(state: DuelState, a: OfferGift) -> DuelState:
    require_step(state.step, "gift", "offer a gift")
    if a.player != offerer(state):
        raise RuleError(
            Rule.GIFT_ORDER,
            "the active player offers first; after that, only the player who was just "
            "offered a gift may decline it by offering another",
        )
    if a.bean not in CARDS:
        raise RuleError(Rule.UNKNOWN_BEAN, f"{a.bean!r} is not a bean of The Duel")
    if a.bean in state.offers:
        raise RuleError(
            Rule.GIFT_PUSHED,
            f"the {bean_name(a.bean)} gift card was already pushed in this phase",
        )
    return replace(state, offers=state.offers + (a.bean,))


def _accept(state: DuelState, a: AcceptGift) -> DuelState:
    require_step(state.step, "gift", "accept a gift")
    if not state.offers:
        raise RuleError(Rule.NO_GIFT, "no gift has been offered yet")
    if a.player != offerer(state):
        raise RuleError(Rule.GIFT_ORDER, "only the player a gift is offered to can accept it")
    return replace(state, step="give")


def _decline(state: DuelState, a: DeclineGift) -> DuelState:
    require_step(state.step, "gift", "decline a gift")
    if not state.offers:
        raise RuleError(
            Rule.GIFT_ORDER, "no gift has been offered yet: the active player pushes one first"
        )
    if a.player != offerer(state):
        raise RuleError(Rule.GIFT_ORDER, "only the player a gift is offered to can decline it")
    if len(state.offers) < len(LADDER):
        raise RuleError(
            Rule.MUST_OFFER, "declining a gift means offering one yourself: push another gift card"
        )
    # All eight gift cards pushed and none accepted: nothing changes hands.
    return _after_planting(replace(state, step="plant-drawn", offers=()))


def _give(state: DuelState, a: GiveGift) -> DuelState:
    require_step(state.step, "give", "hand over a gift")
    giver = _other(offerer(state))  # the last offer's maker
    if a.player != giver:
        raise RuleError(
            Rule.GIFT_ORDER, f"seat {giver + 1} made the accepted offer and hands it over"
        )
    bean = state.offers[-1]
    receiver = _other(giver)
    player = state.players[giver]
    if a.source not in GIFT_SOURCES:
        raise RuleError(Rule.MALFORMED_ACTION, f"a gift comes from one of {GIFT_SOURCES}")
    face_up_has = giver == state.active and bean in state.face_up
    if a.source == "bluff":
        has = face_up_has or (state.deck is not None and bean in player.hand)
        if has:
            raise RuleError(
                Rule.NOT_A_BLUFF, f"you have a {bean_name(bean)} to give: it was no bluff"
            )
        state = _pay_for_bluff(state, giver, receiver)
        return _after_planting(replace(state, step="plant-drawn", offers=()))
    if a.source == "face-up":
        if giver != state.active:
            raise RuleError(Rule.GIFT_SOURCE, "only the active player has turned-over cards")
        (card,), rest = take(state.face_up, (a.index,), "turned-over card")
        if card != bean:
            raise RuleError(
                Rule.WRONG_BEAN, f"that card is {bean_name(card)}, not {bean_name(bean)}"
            )
        state = replace(state, face_up=rest)
    else:
        (card,), hand = take(player.hand, (a.index,), "card in your hand")
        _observe(state, bean, card, "the gift")
        state = _with(state, giver, hand=hand)
    state = _with(state, receiver, gift=state.players[receiver].gift + (bean,))
    return _after_planting(replace(state, step="plant-drawn", offers=()))


def _pay_for_bluff(state: DuelState, giver: int, receiver: int) -> DuelState:
    """An accepted bluff: "you have to give them one card from your dollar pile,
    which they put in their own dollar pile". Fulfilled bo(h)nus cards lie on the
    dollar pile too. The rulebook names no card, so the bluffer chooses, and the
    card that costs least is paid: a bean card (one dollar) while the pile holds
    one, else the fulfilled bo(h)nus card of fewest cents (the latest of those). It
    keeps its worth on the receiver's pile. An empty pile pays nothing."""
    player, other = state.players[giver], state.players[receiver]
    if player.dollars:
        state = _with(state, giver, dollars=player.dollars[:-1])
        return _with(state, receiver, dollars=other.dollars + player.dollars[-1:])
    if player.fulfilled:
        least = min(c.cents for c in player.fulfilled)
        i = max(i for i, c in enumerate(player.fulfilled) if c.cents == least)
        card = player.fulfilled[i]
        state = _with(state, giver, fulfilled=player.fulfilled[:i] + player.fulfilled[i + 1 :])
        return _with(state, receiver, fulfilled=other.fulfilled + (card,))
    return state


def _plant_drawn(state: DuelState, a: PlantDrawn) -> DuelState:
    require_active(state.active, a.player, "plant a turned-over card")
    require_step(state.step, "plant-drawn", "plant a turned-over card")
    (card,), rest = take(state.face_up, (a.index,), "turned-over card")
    state = _plant(state, a.player, a.field, card)
    return _after_planting(replace(state, face_up=rest))


def _discard_drawn(state: DuelState, a: DiscardDrawn) -> DuelState:
    require_active(state.active, a.player, "discard a turned-over card")
    require_step(state.step, "plant-drawn", "discard a turned-over card")
    if state.discarded_drawn:
        raise RuleError(Rule.DISCARD_LIMIT, "only one turned-over card may be discarded")
    (card,), rest = take(state.face_up, (a.index,), "turned-over card")
    state = replace(state, face_up=rest, discard=state.discard + (card,), discarded_drawn=True)
    return _after_planting(state)


def _plant_gift(state: DuelState, a: PlantGift) -> DuelState:
    player = state.players[a.player]
    if not player.gift:
        raise RuleError(Rule.NO_GIFT, "you have no gift to plant")
    if a.player == state.active:
        require_step(state.step, "plant-drawn", "plant your gift")
    else:
        require_step(state.step, "plant-gift", "plant your gift (after the active player)")
    state = _plant(state, a.player, a.field, player.gift[0])
    state = _with(state, a.player, gift=player.gift[1:])
    return _after_planting(state)


def _after_planting(state: DuelState) -> DuelState:
    """Phase 3 goes on until every card is planted: first the active player's, then
    the opponent's gift; then phase 4 (or, if the pile ran out, the end)."""
    active = state.players[state.active]
    if state.step == "plant-drawn" and (state.face_up or active.gift):
        return state
    if state.players[_other(state.active)].gift:
        return replace(state, step="plant-gift")
    if state.ending:
        return replace(state, step="final")
    new, cards = _draw_beans(state, DATA["draw"])
    hand = new.players[state.active].hand + cards
    new = _with(new, state.active, hand=hand)
    if new.deck_size == 0:
        # The pile ran out in phase 4: phase 3 of this turn is over, so the game ends.
        return replace(new, step="final")
    return replace(new, step="bonus", refilling=False)


def bonus_due(state: DuelState) -> int | None:
    """The seat that must draw a bo(h)nus card next (active player first), if any."""
    if state.bonus_deck_size == 0 and not state.bonus_discard:
        return None
    for seat in (state.active, _other(state.active)):
        p = state.players[seat]
        if len(p.bonus) < DATA["bonus_hand"] and not p.bonus_stopped:
            return seat
    return None


def _discard_bonus(state: DuelState, a: DiscardBonus) -> DuelState:
    require_step(state.step, "bonus", "discard a bo(h)nus card")
    player = state.players[a.player]
    if player.bonus_discarded:
        raise RuleError(Rule.DISCARD_LIMIT, "each player may discard only one bo(h)nus card")
    if state.refilling:
        raise RuleError(Rule.WRONG_STEP, "bo(h)nus cards are discarded before any are drawn")
    (card,), rest = take(player.bonus, (a.index,), "bo(h)nus card")
    state = _with(state, a.player, bonus=rest, bonus_discarded=True)
    return replace(state, bonus_discard=state.bonus_discard + (card,))


def _draw_bonus(state: DuelState, a: DrawBonus) -> DuelState:
    require_step(state.step, "bonus", "draw a bo(h)nus card")
    due = bonus_due(state)
    if due is None:
        raise RuleError(Rule.BONUS_FULL, "no bo(h)nus card is to be drawn now")
    if a.player != due:
        raise RuleError(
            Rule.BONUS_ORDER, f"seat {due + 1} draws bo(h)nus cards now (active player first)"
        )
    if state.bonus_deck_size == 0:
        # The bo(h)nus pile is rebuilt from its shuffled discard pile.
        pile = list(state.bonus_discard)
        if state.bonus_deck is not None:  # a known deck: every discarded card is known
            known = [c for c in pile if c is not None]
            random.Random(f"{state.seed}/bonus/{state.shuffles}").shuffle(known)
            state = replace(state, bonus_deck=tuple(known))
        else:
            state = replace(state, hidden_bonus_deck=len(pile))
        state = replace(state, bonus_discard=(), shuffles=state.shuffles + 1)
    if state.bonus_deck is not None:
        card, state = state.bonus_deck[0], replace(state, bonus_deck=state.bonus_deck[1:])
    else:
        card, state = None, replace(state, hidden_bonus_deck=state.hidden_bonus_deck - 1)
    player = state.players[a.player]
    state = _with(state, a.player, bonus=player.bonus + (card,), fresh_bonus=player.fresh_bonus + 1)
    return replace(state, refilling=True)


def _end_turn(state: DuelState, a: EndTurn) -> DuelState:
    require_active(state.active, a.player, "end the turn")
    require_step(state.step, "bonus", "end the turn")
    due = bonus_due(state)
    if due is not None:
        raise RuleError(
            Rule.BONUS_REFILL, f"seat {due + 1} must first draw bo(h)nus cards back to three"
        )
    for seat in (0, 1):
        state = _with(state, seat, fresh_bonus=0, bonus_stopped=False, bonus_discarded=False)
    return replace(
        state,
        active=_other(state.active),
        turn=state.turn + 1,
        step="plant",
        planted=0,
        discarded_drawn=False,
        refilling=False,
    )


def _claim(state: DuelState, a: ClaimBonus) -> DuelState:
    player = state.players[a.player]
    check_seat(state.players, a.owner)
    fields = state.players[a.owner].fields
    check_field(fields, a.field)
    (card,), rest = take(player.bonus, (a.index,), "bo(h)nus card in your hand")
    if card is None:
        if a.pattern is None or a.cents is None:
            raise RuleError(
                Rule.BEAN_UNSEEN,
                "say the bo(h)nus card's pattern and cents: the companion can't see it",
            )
        card = check_pattern(a.pattern, a.cents)
    elif (a.pattern is not None and tuple(a.pattern) != card.pattern) or (
        a.cents is not None and a.cents != card.cents
    ):
        raise RuleError(Rule.WRONG_BONUS, "that is not what this bo(h)nus card shows")
    if not fulfils(fields[a.field], card.pattern):
        shown = " → ".join(bean_name(b) for b in card.pattern)
        raise RuleError(
            Rule.BONUS_PATTERN,
            f"field {a.field + 1} of seat {a.owner + 1} does not end with {shown} "
            "(top card included)",
        )
    fresh = player.fresh_bonus
    changes: dict[str, Any] = {"bonus": rest, "fulfilled": player.fulfilled + (card,)}
    if a.index >= len(player.bonus) - fresh:
        # A card just drawn in phase 4 was fulfilled: no more bo(h)nus draws this turn.
        changes.update(fresh_bonus=fresh - 1, bonus_stopped=True)
    return _with(state, a.player, **changes)


def _harvest_action(state: DuelState, a: Harvest) -> DuelState:
    field = check_harvest(state.players[a.player].fields, a.field)
    return _harvest(state, a.player, field)


def claimable(state: DuelState, seat: int) -> list[BonusCard]:
    """The bo(h)nus cards in `seat`'s hand that a field at the table fulfils now."""
    columns = [column for p in state.players for column in p.fields]
    return [
        card
        for card in state.players[seat].bonus
        if card is not None and any(fulfils(c, card.pattern) for c in columns)
    ]


def fulfilled_at_end(state: DuelState) -> tuple[tuple[int, ...], ...]:
    """Seat by seat, the bo(h)nus cards in hand (positions) that ending the game
    fulfils: "Fulfill any bo(h)nus cards you can and add the cards to your pile, then
    harvest all of your bean fields". Every card a field fulfils (a claim does not
    use a field up); a card the table can't see (None) is claimed by its player
    before the game is ended."""
    columns = [column for p in state.players for column in p.fields]
    return tuple(
        tuple(
            i
            for i, card in enumerate(p.bonus)
            if card is not None and any(fulfils(c, card.pattern) for c in columns)
        )
        for p in state.players
    )


def _end_game(state: DuelState, a: EndGame) -> DuelState:
    require_step(state.step, "final", "end the game (the draw pile has not run out)")
    require_active(state.active, a.player, "end the game")
    for seat, met in enumerate(fulfilled_at_end(state)):
        if met:
            p = state.players[seat]
            cards, rest = take(p.bonus, met, "bo(h)nus card in your hand")
            state = _with(state, seat, bonus=rest, fulfilled=p.fulfilled + cards)
    for seat in (0, 1):
        for f, column in enumerate(state.players[seat].fields):
            if column:
                state = _harvest(state, seat, f)
    return replace(state, step="over")


_HANDLERS: dict[type, Callable[[DuelState, Any], DuelState]] = {
    Plant: _plant_hand,
    DrawFaceUp: _draw_face_up,
    OfferGift: _offer,
    AcceptGift: _accept,
    DeclineGift: _decline,
    GiveGift: _give,
    PlantDrawn: _plant_drawn,
    DiscardDrawn: _discard_drawn,
    PlantGift: _plant_gift,
    DiscardBonus: _discard_bonus,
    DrawBonus: _draw_bonus,
    EndTurn: _end_turn,
    ClaimBonus: _claim,
    Harvest: _harvest_action,
    EndGame: _end_game,
}


def apply(state: DuelState, action: Action) -> DuelState:
    """The state after `action`, or RuleError; `state` itself never changes."""
    return dispatch(_HANDLERS, state, action, "The Duel")


# ---------------------------------------------------------------- legal actions


def legal_actions(state: DuelState) -> list[Action]:
    """Every action `apply` accepts now. With hidden hands, actions that reveal a
    card list the bean as None (to be filled in from what the table saw), and a
    bo(h)nus claim is listed for every planted field with its pattern and cents left
    open (the claimer states them; apply checks the field against them)."""
    if state.step == "over":
        return []
    me = state.active
    player = state.players[me]
    known = state.deck is not None
    out: list[Action] = []
    step = state.step
    if step == "plant":
        if player.hand and state.planted < 2:
            front = player.hand[0]
            if front is None:
                out.extend(Plant(me, f) for f in range(len(player.fields)))
            else:
                out.extend(Plant(me, f, front) for f in fields_for(player, front))
        if state.planted or not player.hand:
            beans = state.deck[: DATA["face_up"]] if known else None  # type: ignore[index]
            out.append(DrawFaceUp(me, beans))
    elif step == "gift":
        seat = offerer(state)
        if state.offers:
            out.append(AcceptGift(seat))
        # The beans the offerer holds first, the bluffs after them (listed by the
        # ladder alone, a newcomer met the costly bluffs first).
        held = set(gift_beans(state, seat))
        free = [b for b in LADDER if b not in state.offers]
        if None not in held:
            free.sort(key=lambda b: b not in held)
        out.extend(OfferGift(seat, b) for b in free)
        if len(state.offers) == len(LADDER):
            out.append(DeclineGift(seat))
    elif step == "give":
        out.extend(_legal_gifts(state))
    elif step == "plant-drawn":
        # Every plant before every discard: a phone groups the moves in this order,
        # and a card that fits no field must not put the discards first.
        for i, bean in enumerate(state.face_up):
            out.extend(PlantDrawn(me, i, f) for f in fields_for(player, bean))
        if not state.discarded_drawn:
            out.extend(DiscardDrawn(me, i) for i in range(len(state.face_up)))
        if player.gift:
            out.extend(PlantGift(me, f) for f in fields_for(player, player.gift[0]))
    elif step == "plant-gift":
        other = state.players[_other(me)]
        out.extend(PlantGift(_other(me), f) for f in fields_for(other, other.gift[0]))
    elif step == "bonus":
        if not state.refilling:
            for seat, p in enumerate(state.players):
                if not p.bonus_discarded:
                    out.extend(DiscardBonus(seat, i) for i in range(len(p.bonus)))
        due = bonus_due(state)
        out.append(DrawBonus(due) if due is not None else EndTurn(me))
    elif step == "final":
        out.append(EndGame(me))
    # A claim before the harvests: it pays, and a harvest (or a plant) may lose it
    # (a newcomer found "Fulfil a bo(h)nus card" below the harvests, off the screen).
    out.extend(_legal_claims(state))
    for seat, p in enumerate(state.players):
        out.extend(Harvest(seat, f) for f in range(len(p.fields)) if can_harvest(p.fields, f))
    return out


def _legal_gifts(state: DuelState) -> list[Action]:
    giver = _other(offerer(state))
    bean = state.offers[-1]
    hand = state.players[giver].hand
    out: list[Action] = []
    if giver == state.active:
        out.extend(GiveGift(giver, "face-up", i) for i, b in enumerate(state.face_up) if b == bean)
    if state.deck is not None:
        out.extend(GiveGift(giver, "hand", i) for i, b in enumerate(hand) if b == bean)
        if not out:
            out.append(GiveGift(giver, "bluff"))
    else:
        if hand:
            out.append(GiveGift(giver, "hand", 0))
        if not (giver == state.active and bean in state.face_up):
            out.append(GiveGift(giver, "bluff"))
    return out


def _legal_claims(state: DuelState) -> list[Action]:
    """Known cards: every claim their patterns allow. Unseen cards (a real table):
    a claim on every planted field, its pattern and cents to be stated."""
    out: list[Action] = []
    for seat, p in enumerate(state.players):
        for i, card in enumerate(p.bonus):
            for owner, q in enumerate(state.players):
                for f, column in enumerate(q.fields):
                    if card is None:
                        if column and i == 0:  # unseen cards are alike: one is enough
                            out.append(ClaimBonus(seat, owner, f, 0))
                    elif fulfils(column, card.pattern):
                        out.append(ClaimBonus(seat, owner, f, i, card.pattern, card.cents))
    return out


# ---------------------------------------------------------------- score


def cents(state: DuelState, seat: int) -> int:
    """Dollar pile cards are a dollar each; a bo(h)nus card one dollar plus its cents."""
    p = state.players[seat]
    return 100 * len(p.dollars) + sum(100 + c.cents for c in p.fulfilled)


def winners(state: DuelState) -> list[int]:
    a, b = cents(state, 0), cents(state, 1)
    if a != b:
        return [0 if a > b else 1]
    return [_other(state.start)]  # a tie: the starting player loses


def summary(state: DuelState) -> dict[str, Any]:
    return {
        "game": "duel",
        "over": state.over,
        "turns": state.turn,
        "players": [
            {
                "seat": s,
                "dollars": cents(state, s) / 100,
                "bonus_cards": len(p.fulfilled),
                "hand": len(p.hand),
            }
            for s, p in enumerate(state.players)
        ],
        "winners": winners(state) if state.over else None,
    }


# ---------------------------------------------------------------- invariants


def invariants(state: DuelState) -> list[str]:
    """Conservation of bean cards (104) and bo(h)nus cards (32); the ladder holds in
    every field."""
    problems: list[str] = []
    beans: list[str | None] = [*state.discard, *state.face_up]
    beans += list(state.deck) if state.deck is not None else [None] * state.hidden_deck
    # (None: a card of a hidden deck, counted but unknown)
    bonus = state.bonus_deck_size + len(state.bonus_discard)
    for seat, p in enumerate(state.players):
        beans += list(p.hand) + list(p.dollars) + list(p.gift)
        bonus += len(p.bonus) + len(p.fulfilled)
        for f, column in enumerate(p.fields):
            beans += column
            if any(not fits(column[:i], column[i]) for i in range(1, len(column))):
                problems.append(f"seat {seat} field {f} breaks the ladder: {column}")
        if len(p.fields) != DATA["fields"]:
            problems.append(f"seat {seat} has {len(p.fields)} fields")
        if not 0 <= p.fresh_bonus <= len(p.bonus):
            problems.append(f"seat {seat} has {p.fresh_bonus} fresh bo(h)nus cards")
    if len(beans) != TOTAL_CARDS:
        problems.append(f"{len(beans)} bean cards in play, The Duel has {TOTAL_CARDS}")
    if bonus != DATA["bonus_cards"]:
        problems.append(f"{bonus} bo(h)nus cards in play, The Duel has {DATA['bonus_cards']}")
    for bean in set(beans) - {None}:
        n = beans.count(bean)
        limit = CARDS.get(bean, 0)  # type: ignore[arg-type]
        if (state.deck is not None and n != limit) or n > limit:
            problems.append(f"{n} {bean} cards, The Duel has {limit}")
    return problems


def _pile(p: DuelPlayer) -> int:
    """Cards on a dollar pile: bean cards and fulfilled bo(h)nus cards."""
    return len(p.dollars) + len(p.fulfilled)


def step_invariants(before: DuelState, action: Action, after: DuelState) -> list[str]:
    """Hand order: cards leave from anywhere keeping the others' order, or the active
    player's phase-4 draw puts them at the back. Dollar piles: only an accepted
    bluff takes a card off one, and then exactly one card, whatever kind, goes to
    the other player's pile (none only when the bluffer's pile is empty), the two
    piles together worth what they were."""
    problems = [
        problem
        for seat in (0, 1)
        for problem in hand_order_problems(
            seat, before.players[seat].hand, after.players[seat].hand, seat == before.active
        )
    ]
    piles = [(_pile(b), _pile(a)) for b, a in zip(before.players, after.players, strict=True)]
    if isinstance(action, GiveGift) and action.source == "bluff":
        giver, receiver = action.player, _other(action.player)
        paid = min(1, piles[giver][0])
        if piles[giver][1] != piles[giver][0] - paid:
            problems.append(
                f"seat {giver} bluffed with {piles[giver][0]} card(s) on the dollar pile "
                f"and kept {piles[giver][1]}: a bluff pays one card"
            )
        if piles[receiver][1] != piles[receiver][0] + paid:
            problems.append(f"seat {receiver} was not paid for the bluff accepted")
        worth = [cents(s, giver) + cents(s, receiver) for s in (before, after)]
        if worth[0] != worth[1]:
            problems.append(f"a bluff changed the dollars in play from {worth[0]} to {worth[1]}")
    else:
        problems.extend(
            f"seat {seat}'s dollar pile lost a card without a bluff"
            for seat, (b, a) in enumerate(piles)
            if a < b
        )
    return problems
