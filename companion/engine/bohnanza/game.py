"""Bohnanza's rules: setup, apply, legal_actions, the end of the game, the forecast.

Pure functions over the immutable `State`. `apply` returns the next state or
raises `RuleError`; it never changes its argument. The rule readings this module
chose where the rulebooks are silent are listed in docs/rules.md.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..actions import dispatch
from ..beans import VARIETIES, bean_name
from ..cards import (
    OTHER_FIELD,
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
from ..cards import can_harvest as cards_can_harvest
from ..errors import Rule, RuleError
from ..setup import check_knowledge, check_seed, check_start
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
from .rules import VARIANTS, Rules, make_rules
from .state import Player, State

# ---------------------------------------------------------------- setup


def new_game(
    players: int,
    edition: str = "classic",
    *,
    seed: int = 0,
    knowledge: str = "known",
    start: int = 0,
    **overrides: Any,
) -> State:
    """A new game. `knowledge="known"` shuffles a real deck with `seed` (simulation,
    demo, tests); `"hidden"` knows only how many cards each hand and the deck hold,
    as the companion does at a real table."""
    rules = make_rules(players, edition, **overrides)
    check_knowledge(knowledge)
    check_seed(seed)
    check_start(start, players)
    deal = [rules.dealt_to((seat - start) % players) for seat in range(players)]
    if knowledge == "known":
        cards = [bean for bean, n in rules.card_counts for _ in range(n)]
        random.Random(seed).shuffle(cards)
        pos = 0
        # Dealt from the starting player clockwise, each hand in the order dealt.
        order = [(start + k) % players for k in range(players)]
        by_seat: dict[int, tuple[str | None, ...]] = {}
        for seat in order:
            by_seat[seat] = tuple(cards[pos : pos + deal[seat]])
            pos += deal[seat]
        hands = [by_seat[s] for s in range(players)]
        deck: tuple[str, ...] | None = tuple(cards[pos:])
        hidden_deck = 0
    else:
        hands = [(None,) * deal[s] for s in range(players)]
        deck = None
        hidden_deck = rules.total_cards - sum(deal)
    empty_fields = ((),) * rules.fields
    return State(
        rules=rules,
        players=tuple(Player(hand=tuple(h), fields=empty_fields, coins=()) for h in hands),
        start=start,
        active=start,
        turn=1,
        step="plant",
        planted=0,
        discarded=False,
        face_up=(),
        offer=(),
        deck=deck,
        hidden_deck=hidden_deck,
        discard=(),
        out=(),
        exhaustions=0,
        ending=False,
        seed=seed,
        shuffles=0,
        cycle_drawn=0,
        cycle_discarded=0,
    )


# ---------------------------------------------------------------- helpers


def _with_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    return replaced(state.players, seat, player)


def _seat(state: State, seat: object) -> Player:
    check_seat(state.players, seat)
    assert isinstance(seat, int)  # check_seat refused anything else
    return state.players[seat]


def _require_active(state: State, seat: int, what: str) -> None:
    require_active(state.active, seat, what)


def _require_step(state: State, step: str, what: str) -> None:
    require_step(state.step, step, what)


def _visible_count(state: State, bean: str) -> int:
    """Cards of `bean` the table can see (everything but hands and the deck)."""
    n = state.discard.count(bean) + state.out.count(bean)
    n += state.face_up.count(bean) + state.offer.count(bean)
    for p in state.players:
        n += p.coins.count(bean) + p.set_aside.count(bean)
        for f in p.fields:
            n += f.count(bean)
    return n


def _observe(state: State, claimed: object, actual: str | None, where: str) -> str:
    """The bean of a card coming out of a hand or the deck (see cards.observe)."""
    try:
        return observe(
            claimed, actual, where, state.rules.cards_of, lambda b: _visible_count(state, b)
        )
    except RuleError as err:
        if err.code == Rule.BEAN_NOT_IN_GAME:
            rules = state.rules
            counts = [n for e, n in VARIANTS if e == rules.edition]
            why = (
                "not among this edition's cards"  # (the newer edition's base game: any count)
                if all(claimed in make_rules(n, rules.edition).removed for n in counts)
                else f"removed for {rules.players} players"
            )
            raise RuleError(Rule.BEAN_NOT_IN_GAME, f"{err.message} ({why})") from None
        raise


def may_buy_field(rules: Rules, player: Player) -> bool:
    """Whether the player may still buy the 3rd field (coins aside): the game sells
    one, and the player holds two fields and never bought one."""
    return rules.can_buy_field and not player.bought_field and len(player.fields) < 3


def can_buy_field(rules: Rules, player: Player) -> bool:
    """Whether the player may buy the 3rd field now: `may_buy_field`, and the coins."""
    return may_buy_field(rules, player) and len(player.coins) >= rules.third_field_cost


def _plant_into(player: Player, field: int, bean: str, rules: Rules) -> Player:
    """Plant `bean` in `field`, or explain why the field can't take it."""
    column = player.fields[field]
    if column and column[-1] != bean:
        room = any(not f for f in player.fields) or any(f and f[-1] == bean for f in player.fields)
        hint = (
            "plant it in a field that holds it or an empty one"
            if room
            else "harvest a field (or buy a 3rd field) first"
            if may_buy_field(rules, player)
            else "harvest a field first"
        )
        raise RuleError(
            Rule.ONE_VARIETY_PER_FIELD,
            f"field {field + 1} holds {bean_name(column[-1])}s; a {bean_name(bean)} can't go "
            f"there: {hint}",
        )
    fields = list(player.fields)
    fields[field] = column + (bean,)
    return replace(player, fields=tuple(fields))


def fields_for(player: Player, bean: str) -> list[int]:
    """The fields a bean may be planted in: one that holds its variety, or an empty one."""
    return [i for i, f in enumerate(player.fields) if not f or f[-1] == bean]


def can_harvest(player: Player, field: int, protection: str = OTHER_FIELD) -> bool:
    """The protection rule in the edition's wording (see cards.can_harvest)."""
    return cards_can_harvest(player.fields, field, protection)


def _harvest(state: State, seat: int, field: int) -> State:
    """Sell a whole field by its top card's beanometer: coins to the stack, the rest
    face up on the discard pile."""
    player = state.players[seat]
    earned, rest = sell(player.fields[field])
    player = replace(player, fields=replaced(player.fields, field, ()), coins=player.coins + earned)
    return replace(
        state,
        players=_with_player(state, seat, player),
        discard=state.discard + rest,
        cycle_discarded=state.cycle_discarded + len(rest),
    )


# ---------------------------------------------------------------- drawing


def _draw(
    state: State, n: int, seen: tuple[str, ...] | None = None, to_hand: bool = False
) -> tuple[State, tuple[str | None, ...], bool]:
    """Draw up to `n` cards. Returns the state, the cards, and whether the game's
    final exhaustion of the deck happened (then drawing stops, as the rulebook says:
    "if there are not enough cards for him to draw two, he draws just one").

    The deck is exhausted when its last card is drawn; unless that was the final
    exhaustion, the discard pile is shuffled at once into the new deck."""
    deck = list(state.deck) if state.deck is not None else None
    hidden = state.hidden_deck
    discard = state.discard
    exhaustions, shuffles = state.exhaustions, state.shuffles
    drawn_cycle, discarded_cycle = state.cycle_drawn, state.cycle_discarded
    cards: list[str | None] = []
    final = False
    limit = state.rules.exhaustions_to_end

    def reshuffle() -> None:
        nonlocal deck, hidden, discard, shuffles, drawn_cycle, discarded_cycle
        if deck is not None:
            deck = list(discard)
            random.Random(f"{state.seed}/{shuffles}").shuffle(deck)
        else:
            hidden = len(discard)
        discard = ()
        shuffles += 1
        drawn_cycle = discarded_cycle = 0

    for _ in range(n):
        size = len(deck) if deck is not None else hidden
        if size == 0:
            # Only after a reshuffle found the discard pile empty: shuffle what has
            # been discarded since; with nothing there, there is nothing to draw.
            if not discard:
                break
            reshuffle()
        if deck is not None:
            card: str | None = deck.pop(0)
        else:
            hidden -= 1
            card = None
        cards.append(card)
        drawn_cycle += 1
        if (len(deck) if deck is not None else hidden) == 0:
            exhaustions += 1
            if exhaustions >= limit:
                final = True
                break
            reshuffle()

    if seen is not None or (deck is None and not to_hand):
        # Face-up cards: the table sees them. With a hidden deck the observation is
        # the only source; with a known deck it must agree.
        if seen is None or len(seen) != len(cards):
            raise RuleError(
                Rule.BEAN_UNSEEN if seen is None else Rule.WRONG_BEAN,
                f"{len(cards)} card(s) come face up here; say which beans they are",
            )
        cards = [
            _observe(state, b, c, f"face-up card {i + 1}")
            for i, (b, c) in enumerate(zip(seen, cards, strict=True))
        ]
    new = replace(
        state,
        deck=None if deck is None else tuple(deck),
        hidden_deck=hidden,
        discard=discard,
        exhaustions=exhaustions,
        shuffles=shuffles,
        cycle_drawn=drawn_cycle,
        cycle_discarded=discarded_cycle,
    )
    return new, tuple(cards), final


def _finish(state: State) -> State:
    """The end: hands are set aside (they don't count) and every field is harvested."""
    for seat, player in enumerate(state.players):
        for f, column in enumerate(player.fields):
            if column:
                state = _harvest(state, seat, f)
    return replace(state, step="over")


def _next_turn(state: State) -> State:
    nxt = (state.active + 1) % len(state.players)
    step = "offer" if state.offer else "plant"
    return replace(state, active=nxt, turn=state.turn + 1, step=step, planted=0, discarded=False)


# ---------------------------------------------------------------- apply


def apply(state: State, action: Action) -> State:
    """The state after `action`, or RuleError; `state` itself never changes."""
    return dispatch(_HANDLERS, state, action, "Bohnanza")


def _plant(state: State, a: Plant) -> State:
    _require_active(state, a.player, "plant from the hand")
    _require_step(state, "plant", "plant from your hand")
    player = state.players[a.player]
    if not player.hand:
        raise RuleError(Rule.EMPTY_HAND, "your hand is empty: go on and draw cards face up")
    if state.planted >= 2:
        raise RuleError(Rule.PLANT_LIMIT, "you may never plant a third card in this step")
    if state.discarded:
        raise RuleError(Rule.PLANT_LIMIT, "you have discarded from your hand: planting is over")
    field = check_field(player.fields, a.field)
    bean = _observe(state, a.bean, player.hand[0], "the first card in your hand")
    player = _plant_into(player, field, bean, state.rules)
    player = replace(player, hand=player.hand[1:])
    return replace(state, players=_with_player(state, a.player, player), planted=state.planted + 1)


def _draw_face_up(state: State, a: DrawFaceUp) -> State:
    _require_active(state, a.player, "draw cards face up")
    _require_step(state, "plant", "draw cards face up")
    if state.planted == 0 and state.players[a.player].hand:
        raise RuleError(
            Rule.MUST_PLANT, "you must plant the first card in your hand before anything else"
        )
    new, cards, final = _draw(state, state.rules.face_up, a.beans)
    face_up: tuple[str, ...] = cards  # type: ignore[assignment]
    discard = new.discard
    if state.rules.turn == "bean-duel":
        # Add the discard pile's top card while it matches a card just drawn.
        drawn = set(face_up)
        while discard and discard[-1] in drawn:
            face_up += (discard[-1],)
            discard = discard[:-1]
    return replace(
        new,
        face_up=face_up,
        discard=discard,
        step="trade" if state.rules.turn == "classic" else "plant-drawn",
        ending=final,
    )


def _trade(state: State, a: Trade) -> State:
    _require_active(state, a.player, "trade (every trade involves the active player)")
    _require_step(state, "trade", "trade")
    partner = _seat(state, a.partner)
    if a.partner == a.player:
        raise RuleError(Rule.TRADE_PARTNER, "a trade needs another player")
    active = state.players[a.player]
    if not (a.face_up or a.give or a.receive):
        raise RuleError(Rule.EMPTY_TRADE, "a trade or donation moves at least one card")
    given_up, face_up = take(state.face_up, a.face_up, "face-up card")
    gave, hand_a = take(active.hand, a.give, "card in your hand")
    got, hand_p = take(partner.hand, a.receive, "card in the partner's hand")
    for beans, cards in ((a.give_beans, gave), (a.receive_beans, got)):
        if beans is not None and len(beans) != len(cards):
            raise RuleError(
                Rule.MALFORMED_ACTION, "name one bean for every card traded from a hand"
            )
    gave = tuple(
        _observe(state, None if a.give_beans is None else a.give_beans[i], c, "a traded card")
        for i, c in enumerate(gave)
    )
    got = tuple(
        _observe(state, None if a.receive_beans is None else a.receive_beans[i], c, "a traded card")
        for i, c in enumerate(got)
    )
    # Received cards are set aside, never put in the hand, and can't be traded again.
    active = replace(active, hand=hand_a, set_aside=active.set_aside + got)
    partner = replace(partner, hand=hand_p, set_aside=partner.set_aside + given_up + gave)
    players = list(state.players)
    players[a.player], players[a.partner] = active, partner
    return replace(state, players=tuple(players), face_up=face_up)


def combine(state: State, parts: list[Action]) -> Trade:
    """The one trade that cards of a deal make together, each a trade or gift of its
    own (a phone builds "two Chili Beans for your Soy Bean" card by card). Whether
    the trade is legal is apply's to say, as for any trade."""
    trades = [p for p in parts if isinstance(p, Trade)]
    if not trades or len(trades) != len(parts):
        raise RuleError(Rule.MALFORMED_ACTION, "a deal is made of the cards of trades")
    first = trades[0]
    if any((t.player, t.partner) != (first.player, first.partner) for t in trades):
        raise RuleError(Rule.TRADE_PARTNER, "one deal is between the same two players")
    for t in trades:  # (a bean named for one card must not slide onto another's)
        for cards, named in ((t.give, t.give_beans), (t.receive, t.receive_beans)):
            if named is not None and len(named) != len(cards):
                raise RuleError(
                    Rule.MALFORMED_ACTION, "name one bean for every card traded from a hand"
                )

    def joined(name: str) -> tuple[int, ...]:
        return tuple(i for t in trades for i in getattr(t, name))

    def beans(cards: str, named: str) -> tuple[str, ...] | None:
        with_cards = [t for t in trades if getattr(t, cards)]
        if not with_cards or any(getattr(t, named) is None for t in with_cards):
            return None  # (a hidden hand's cards: nobody named them)
        return tuple(b for t in with_cards for b in getattr(t, named))

    return Trade(
        first.player,
        first.partner,
        joined("face_up"),
        joined("give"),
        joined("receive"),
        beans("give", "give_beans"),
        beans("receive", "receive_beans"),
    )


def _end_trading(state: State, a: EndTrading) -> State:
    _require_active(state, a.player, "end trading")
    _require_step(state, "trade", "end trading")
    active = state.players[a.player]
    active = replace(active, set_aside=active.set_aside + state.face_up)
    return replace(
        state, players=_with_player(state, a.player, active), face_up=(), step="plant-traded"
    )


def _plant_from(state: State, seat: int, zone: str, index: int, field: int) -> State:
    """Plant card `index` of a zone ("set_aside" of the seat, or the table's
    "face_up" / "offer") in the seat's `field`."""
    player = state.players[seat]
    cards = player.set_aside if zone == "set_aside" else getattr(state, zone)
    if not isinstance(index, int) or not 0 <= index < len(cards):
        shown = index + 1 if isinstance(index, int) else repr(index)
        what = {"set_aside": "kept or traded card", "face_up": "face-up card"}.get(
            zone, "offered card"
        )
        left = f"only {len(cards)} left" if cards else "none left: all are planted"
        raise RuleError(Rule.NO_SUCH_CARD, f"there is no {what} {shown} to plant ({left})")
    f = check_field(player.fields, field)
    player = _plant_into(player, f, cards[index], state.rules)
    rest = cards[:index] + cards[index + 1 :]
    if zone == "set_aside":
        player = replace(player, set_aside=rest)
        return replace(state, players=_with_player(state, seat, player))
    players = _with_player(state, seat, player)
    if zone == "offer":
        return replace(state, players=players, offer=rest)
    return replace(state, players=players, face_up=rest)


def _plant_traded(state: State, a: PlantTraded) -> State:
    _require_step(state, "plant-traded", "plant traded cards")
    return _plant_from(state, a.player, "set_aside", a.index, a.field)


def _end_turn(state: State, a: EndTurn) -> State:
    _require_active(state, a.player, "end the turn")
    if state.rules.turn == "classic":
        _require_step(state, "plant-traded", "end the turn")
        waiting = [s for s, p in enumerate(state.players) if p.set_aside]
        if waiting:
            raise RuleError(
                Rule.PLANT_SET_ASIDE,
                "every traded or kept card must be planted first (seats "
                f"{', '.join(str(s + 1) for s in waiting)})",
            )
    else:
        _require_step(state, "plant-drawn", "end the turn")
        # Cards drawn and not planted are left as an offer to the opponent.
        state = replace(state, offer=state.face_up, face_up=())
    if state.ending:
        return _finish(state)
    new, cards, final = _draw(state, state.rules.draw, to_hand=True)
    active = new.players[a.player]
    active = replace(active, hand=active.hand + cards)
    new = replace(new, players=_with_player(new, a.player, active))
    if final:
        # The final exhaustion during the draw into the hand ends the game at once.
        return _finish(new)
    return _next_turn(new)


def _harvest_action(state: State, a: Harvest) -> State:
    if state.rules.harvest == "own-turn":
        _require_active(state, a.player, "harvest (only on one's own turn)")
    field = check_harvest(state.players[a.player].fields, a.field, state.rules.protection)
    return _harvest(state, a.player, field)


def _buy_field(state: State, a: BuyField) -> State:
    rules = state.rules
    player = state.players[a.player]
    if player.bought_field:
        raise RuleError(Rule.THIRD_FIELD, "a 3rd bean field can be bought only once")
    if rules.third_field_cost == 0 or len(player.fields) >= 3:
        raise RuleError(Rule.THIRD_FIELD, "no 3rd bean field can be bought in this game")
    cost = rules.third_field_cost
    if len(player.coins) < cost:
        raise RuleError(
            Rule.THIRD_FIELD, f"a 3rd bean field costs {cost} coins; you have {len(player.coins)}"
        )
    paid = player.coins[len(player.coins) - cost :]
    player = replace(
        player,
        coins=player.coins[: len(player.coins) - cost],
        fields=player.fields + ((),),
        bought_field=True,
    )
    state = replace(state, players=_with_player(state, a.player, player))
    if rules.third_field_paid_to == "box":
        return replace(state, out=state.out + paid)
    # Paid with the top coins, bean side up, onto the discard pile.
    return replace(
        state, discard=state.discard + paid, cycle_discarded=state.cycle_discarded + cost
    )


def _offer_done(state: State) -> State:
    return replace(state, step="plant") if not state.offer else state


def _plant_offered(state: State, a: PlantOffered) -> State:
    _require_active(state, a.player, "plant an offered card")
    _require_step(state, "offer", "plant an offered card")
    return _offer_done(_plant_from(state, a.player, "offer", a.index, a.field))


def _discard_offered(state: State, a: DiscardOffered) -> State:
    _require_active(state, a.player, "discard an offered card")
    _require_step(state, "offer", "discard an offered card")
    taken, offer = take(state.offer, (a.index,), "offered card")
    state = replace(
        state,
        offer=offer,
        discard=state.discard + taken,
        cycle_discarded=state.cycle_discarded + 1,
    )
    return _offer_done(state)


def _discard_from_hand(state: State, a: DiscardFromHand) -> State:
    _require_active(state, a.player, "discard from the hand")
    _require_step(state, "plant", "discard from your hand")
    if state.rules.turn != "bean-duel":
        raise RuleError(Rule.NO_DISCARD, "cards are discarded from the hand only in the bean duel")
    if state.discarded:
        raise RuleError(Rule.DISCARD_LIMIT, "you may discard only one card from your hand")
    if state.planted == 0:
        raise RuleError(Rule.MUST_PLANT, "plant one or two cards first, then you may discard one")
    player = state.players[a.player]
    (card,), hand = take(player.hand, (a.position,), "card in your hand")
    bean = _observe(state, a.bean, card, "that card")
    player = replace(player, hand=hand)
    return replace(
        state,
        players=_with_player(state, a.player, player),
        discard=state.discard + (bean,),
        cycle_discarded=state.cycle_discarded + 1,
        discarded=True,
    )


def _plant_drawn(state: State, a: PlantDrawn) -> State:
    _require_active(state, a.player, "plant a drawn card")
    _require_step(state, "plant-drawn", "plant a drawn card")
    return _plant_from(state, a.player, "face_up", a.index, a.field)


_HANDLERS = {
    Plant: _plant,
    DrawFaceUp: _draw_face_up,
    Trade: _trade,
    EndTrading: _end_trading,
    PlantTraded: _plant_traded,
    EndTurn: _end_turn,
    Harvest: _harvest_action,
    BuyField: _buy_field,
    PlantOffered: _plant_offered,
    DiscardOffered: _discard_offered,
    DiscardFromHand: _discard_from_hand,
    PlantDrawn: _plant_drawn,
}


# ---------------------------------------------------------------- legal actions


def legal_actions(state: State) -> list[Action]:
    """Every action `apply` accepts now, with two documented limits:

    - trades are listed as every single-card donation either way and every
      one-for-one trade; `apply` accepts any agreed multi-card trade as well;
    - with hidden hands, a card coming out of a hand or the deck is the table's
      observation, not a choice: such actions are listed with the bean left None
      (and, for hand cards, position 0, since unseen cards are alike), to be filled
      in from what the table saw.
    """
    if state.step == "over":
        return []
    rules = state.rules
    out: list[Action] = []
    me = state.active
    player = state.players[me]
    known = state.deck is not None
    step = state.step

    if step == "offer":
        for i, bean in enumerate(state.offer):
            out.extend(PlantOffered(me, i, f) for f in fields_for(player, bean))
            out.append(DiscardOffered(me, i))
    elif step == "plant":
        if player.hand and state.planted < 2 and not state.discarded:
            front = player.hand[0]
            if front is None:
                out.extend(Plant(me, f) for f in range(len(player.fields)))
            else:
                out.extend(Plant(me, f, front) for f in fields_for(player, front))
        if state.planted > 0 or not player.hand:
            if rules.turn == "bean-duel" and state.planted > 0 and not state.discarded:
                if known:
                    out.extend(DiscardFromHand(me, i, b) for i, b in enumerate(player.hand))
                elif player.hand:
                    out.append(DiscardFromHand(me, 0))
            beans = None
            if known:  # a known deck draws known cards
                _, cards, _ = _draw(state, rules.face_up)
                beans = tuple(c for c in cards if c is not None)
            out.append(DrawFaceUp(me, beans))
    elif step == "trade":
        out.extend(_legal_trades(state))
        out.append(EndTrading(me))
    elif step == "plant-traded":
        for seat, p in enumerate(state.players):
            for i, bean in enumerate(p.set_aside):
                out.extend(PlantTraded(seat, i, f) for f in fields_for(p, bean))
        if not any(p.set_aside for p in state.players):
            out.append(EndTurn(me))
    elif step == "plant-drawn":
        for i, bean in enumerate(state.face_up):
            out.extend(PlantDrawn(me, i, f) for f in fields_for(player, bean))
        out.append(EndTurn(me))

    # At any time: harvests (the bean duel: on one's own turn) and the 3rd field.
    seats = (me,) if rules.harvest == "own-turn" else range(len(state.players))
    for seat in seats:
        p = state.players[seat]
        harvestable = range(len(p.fields))
        out.extend(Harvest(seat, f) for f in harvestable if can_harvest(p, f, rules.protection))
    for seat, p in enumerate(state.players):
        if can_buy_field(rules, p):
            out.append(BuyField(seat))
    return out


def _legal_trades(state: State) -> list[Action]:
    me = state.active
    hand = state.players[me].hand
    known = state.deck is not None
    # What the active player can give: ("face_up", i, bean) or ("give", position, bean).
    mine: list[tuple[tuple[str, int], str | None]]  # None: a card of a hidden hand
    if known:
        mine = [(("face_up", i), b) for i, b in enumerate(state.face_up)]
        mine += [(("give", i), b) for i, b in enumerate(hand)]
    else:
        mine = [(("face_up", i), b) for i, b in enumerate(state.face_up)]
        if hand:
            mine.append((("give", 0), None))
    out: list[Action] = []
    for seat, partner in enumerate(state.players):
        if seat == me:
            continue
        if known:
            theirs = list(enumerate(partner.hand))
        else:
            theirs = [(0, None)] if partner.hand else []
        gifts = [_trade_action(me, seat, m, None) for m in mine]
        gifts += [_trade_action(me, seat, None, t) for t in theirs]
        out.extend(gifts)
        out.extend(_trade_action(me, seat, m, t) for m in mine for t in theirs)
    return out


def unseen_hands(state: State, action: Action, seats: frozenset[int]) -> Action:
    """`action` as a phone that cannot see the hands of `seats` lists it: their hand
    cards in it as cards of their hand (from the front, beans unnamed: the phone
    names them, as at a real table; see `named_cards`). Two people trading in the
    demo, where the companion knows every hand, could not ask for each other's
    hand cards at all: no phone may list what another person holds."""
    if not isinstance(action, Trade):
        return action
    if action.player in seats and action.give:
        action = replace(action, give=tuple(range(len(action.give))), give_beans=None)
    if action.partner in seats and action.receive:
        action = replace(action, receive=tuple(range(len(action.receive))), receive_beans=None)
    return action


def named_cards(state: State, action: Action) -> Action:
    """A trade whose hand cards a phone named by bean only (see `unseen_hands`), at
    the places in a known hand where those beans lie (front first); as it is where
    the hands are hidden or the places already hold the beans named. A RuleError
    when the hand holds no such bean."""
    if not isinstance(action, Trade) or state.deck is None:
        return action
    sides = (
        ("give", "give_beans", action.player, "the active player's hand"),
        ("receive", "receive_beans", action.partner, "the partner's hand"),
    )
    for cards, named, seat, whose in sides:
        beans = getattr(action, named)
        places = getattr(action, cards)
        if (
            beans is None
            or len(beans) != len(places)
            or not 0 <= seat < len(state.players)
            or any(b not in VARIETIES for b in beans)
        ):
            continue  # (apply says what is wrong with it)
        hand = state.players[seat].hand
        if all(0 <= p < len(hand) and hand[p] == b for p, b in zip(places, beans, strict=True)):
            continue
        found: list[int] = []
        for bean in beans:
            at = next((i for i, c in enumerate(hand) if c == bean and i not in found), None)
            if at is None:
                raise RuleError(Rule.WRONG_BEAN, f"{whose} holds no {bean_name(bean)}")
            found.append(at)
        if cards == "give":
            action = replace(action, give=tuple(found))
        else:
            action = replace(action, receive=tuple(found))
    return action


def _trade_action(me: int, seat: int, mine, theirs) -> Trade:
    face_up: tuple[int, ...] = ()
    give: tuple[int, ...] = ()
    give_beans = None
    if mine is not None:
        (zone, i), bean = mine
        if zone == "face_up":
            face_up = (i,)
        else:
            give = (i,)
            give_beans = None if bean is None else (bean,)
    receive: tuple[int, ...] = ()
    receive_beans = None
    if theirs is not None:
        k, bean = theirs
        receive = (k,)
        receive_beans = None if bean is None else (bean,)
    return Trade(me, seat, face_up, give, receive, give_beans, receive_beans)


# ---------------------------------------------------------------- reading the state


def coins(state: State, seat: int) -> int:
    return len(state.players[seat].coins)


def winners(state: State) -> list[int]:
    """The winning seats (several only if the tie-break still ties)."""
    n = len(state.players)
    best = max(coins(state, s) for s in range(n))
    tied = [s for s in range(n) if coins(state, s) == best]
    if len(tied) == 1:
        return tied
    if state.rules.tie_break == "most-cards-in-hand":
        most = max(len(state.players[s].hand) for s in tied)
        return [s for s in tied if len(state.players[s].hand) == most]
    # furthest-from-start: the tied player last in turn order from the starting player.
    return [max(tied, key=lambda s: (s - state.start) % n)]


# Cards' worth of a half discard rate the rate seen is pulled towards, and the cards
# in the fields counted as coming back: on bot games (2-7 players, 6-8 games each)
# the estimate is 0.8-1.9 turns off the true count on average (0.8-2.2 with 80 and
# the fields not counted) and rises by more than a turn 0-1.1 times a game (was
# 0-3 times: a person saw "about 25 turns left" at 75 cards, 34 at 55).
RATE_PRIOR = 160.0
FIELD_RETURN = 0.75  # of the cards in the fields, the share a harvest discards (not coins)


def forecast(state: State) -> dict[str, Any]:
    """Where the draw deck stands: cards left, exhaustions so far and to come, and an
    estimate of the turns left. The estimate assumes each turn draws the same number of
    cards and that future decks are made of what is discarded at the rate seen so far
    in this deck, pulled towards half the cards drawn (RATE_PRIOR)."""
    rules = state.rules
    per_turn = rules.face_up + rules.draw
    left = state.deck_size
    to_come = max(rules.exhaustions_to_end - state.exhaustions, 0)
    if state.step == "over":
        turns = 0.0
    elif state.ending:
        turns = 0.0  # the game ends when this turn's planting is done
    else:
        # The rate seen, pulled towards a half by RATE_PRIOR cards' worth: early in
        # a deck few harvests have come, and the bare rate swung the estimate by
        # a dozen turns from one move to the next.
        # Cards lying in the fields come back too, most of them (a harvest turns
        # a few into coins): counted as coming, the rate does not climb through
        # a deck as its harvests come (about 25 turns left at 75 cards, 34 at 55).
        coming = FIELD_RETURN * sum(len(f) for p in state.players for f in p.fields)
        seen = min(state.cycle_discarded + coming, state.cycle_drawn)
        rate = (seen + 0.5 * RATE_PRIOR) / (state.cycle_drawn + RATE_PRIOR)
        rate = min(rate, 1.0)
        cards = float(left)
        deck = len(state.discard) + rate * left
        for _ in range(to_come - 1):
            cards += deck
            deck *= rate
        turns = cards / per_turn
    return {
        "cards_left": left,
        "exhaustions": state.exhaustions,
        "exhaustions_to_end": rules.exhaustions_to_end,
        "exhaustions_to_come": to_come,
        "turns_left_estimate": round(turns, 1),
    }


def summary(state: State) -> dict[str, Any]:
    return {
        "game": "bohnanza",
        "edition": state.rules.edition,
        "over": state.over,
        "turns": state.turn,
        "players": [
            {"seat": s, "coins": coins(state, s), "hand": len(p.hand)}
            for s, p in enumerate(state.players)
        ],
        "winners": winners(state) if state.over else None,
    }


# ---------------------------------------------------------------- invariants


_ZONES = ("deck", "discard", "out", "face_up", "offer")


def invariants(state: State) -> list[str]:
    """Every broken invariant, in words (an empty list: all hold).

    Conservation: every card of the game lies in exactly one zone. With a known deck
    that holds bean by bean; with hidden cards, the counts add up and no bean is
    seen more often than it exists. And: one variety per field; at most 3 fields."""
    rules = state.rules
    problems: list[str] = []
    counts: dict[str | None, int] = {}

    def add(cards) -> None:
        for c in cards:
            counts[c] = counts.get(c, 0) + 1

    if state.deck is not None:
        add(state.deck)
    else:
        counts[None] = counts.get(None, 0) + state.hidden_deck
    for zone in _ZONES[1:]:
        add(getattr(state, zone))
    for seat, p in enumerate(state.players):
        add(p.hand)
        add(p.coins)
        add(p.set_aside)
        for f, column in enumerate(p.fields):
            add(column)
            if len(set(column)) > 1:
                problems.append(f"seat {seat} field {f} holds several varieties: {column}")
        if len(p.fields) > 3:
            problems.append(f"seat {seat} has {len(p.fields)} fields")
    total = sum(counts.values())
    if total != rules.total_cards:
        problems.append(f"{total} cards in play, the game has {rules.total_cards}")
    for bean, n in counts.items():
        if bean is None:
            continue
        if bean not in VARIETIES or rules.cards_of(bean) == 0:
            problems.append(f"{bean!r} is not in this game")
        elif state.deck is not None and n != rules.cards_of(bean):
            problems.append(f"{n} {bean} cards in play, the game has {rules.cards_of(bean)}")
        elif n > rules.cards_of(bean):
            problems.append(f"{n} {bean} cards seen, the game has {rules.cards_of(bean)}")
    return problems


def step_invariants(before: State, action: Action, after: State) -> list[str]:
    """Hand order: a hand only loses cards (keeping the order of the rest) or, at the
    end of a turn, gets new cards at the back."""
    drawing = isinstance(action, EndTurn)
    return [
        problem
        for seat, (b, a) in enumerate(zip(before.players, after.players, strict=True))
        for problem in hand_order_problems(seat, b.hand, a.hand, drawing and seat == before.active)
    ]
