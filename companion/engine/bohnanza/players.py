"""A simulated Bohnanza player for the demo table that plays the way a sensible
person does: it plants to sell, harvests big fields (at the top of the beanometer,
or when a card must go somewhere, the field that pays most and loses least),
gives away cards that fit none of its fields to players who can use them, takes
trades that help it, buys the 3rd field while it still pays, and in the bean
duel (2 players) plants or discards offered and drawn cards with care.

`choose(state, legal, rng)` scores every legal action and takes the best, the rng
breaking ties only: the same state, legal actions and rng give the same move.
Every seat's actions may be in `legal` (harvests are allowed at any time): the
score says which seat has the most reason to act now. A move takes well under a
millisecond (the trading step, with its hundreds of listed trades, the most).

The valuations are rules of thumb in coins, not a search:
- a field's worth is its coins plus a part of the next coin, the nearer the more;
- a card to plant now is worth what it adds to a field of its bean, a little if
  it starts a field in an empty one (more with copies in the hand), and costs a
  harvest (of the field that loses least) when it fits nowhere;
- a hand card is worth more the better it fits, and costs more the nearer the
  front it sits when it fits nowhere (it must be planted soon).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..beans import VARIETIES
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
from .game import forecast
from .state import Player, State

# A field as the bot sees it: [bean, cards] (bean None: empty).
Field = list

# Scores of the kinds of moves: a move's score is its kind's plus what it is worth.
TOP_HARVEST = 10.0  # a field at the top of its beanometer: nothing more to gain
BUY = 9.0  # the 3rd field, while the game has long enough to go
PLANT_MATCH = 7.0  # a card onto its own bean
PLANT_EMPTY = 5.5  # a card into an empty field
ROOM_HARVEST = 4.0  # a card must be planted and fits nowhere: make room
OPTIONAL = 4.0  # offered / drawn cards (bean duel): plant if it helps, else leave
PROCEED = 1.0  # go on: turn cards face up, end trading, end the turn
NEVER = -5.0  # a harvest no one needs (only if nothing else is legal)

EPS = 0.05  # a trade must help both sides by at least this much
FAIR = 0.3  # ... and neither side by less than this share of what it gives the other


# ---------------------------------------------------------------- valuations


def _progress(bean: str, n: int) -> float:
    """A field of `n` cards of `bean`: its coins plus a part of the next coin."""
    v = VARIETIES[bean]
    coins = v.coins_for(n)
    k = v.cards_to_next_coin(n)
    return float(coins) if k is None else coins + 0.8 / k


def _at_top(bean: str, n: int) -> bool:
    return VARIETIES[bean].cards_to_next_coin(n) is None


def _coins(bean: str, n: int) -> int:
    return VARIETIES[bean].coins_for(n)


def _fields(player: Player) -> list[Field]:
    return [[f[-1], len(f)] if f else [None, 0] for f in player.fields]


def _plant_greedy(fields: list[Field], beans: Sequence[str | None]) -> int:
    """Plant `beans` into `fields` (changed in place): onto their own bean, else into
    an empty field. Returns how many found no field."""
    homeless = 0
    for bean in beans:
        if bean is None:
            continue
        home = next((f for f in fields if f[0] == bean), None)
        if home is None:
            home = next((f for f in fields if f[0] is None), None)
            if home is None:
                homeless += 1
                continue
            home[0] = bean
        home[1] += 1
    return homeless


def _support(player: Player, bean: str, front: int = 4) -> int:
    """Cards of `bean` that will soon join its field: near the front of the hand,
    or set aside to be planted this turn."""
    return player.hand[:front].count(bean) + player.set_aside.count(bean)


def _harvest_loss(player: Player, field: Field) -> float:
    """What harvesting `field` now gives up: the part of the next coin it has, and
    what the cards of its bean soon to come would have added."""
    bean, n = field
    s = _support(player, bean)
    return _progress(bean, n + s) - _coins(bean, n)


def _harvest_quality(player: Player, field: Field) -> float:
    """Coins now less what is given up: the best field to harvest has the most."""
    bean, n = field
    return _coins(bean, n) - _harvest_loss(player, field)


def _fit(player: Player, fields: list[Field], bean: str | None) -> float:
    """What one more card of `bean`, to be planted now, is worth to `player` whose
    fields (after what it must plant already) are `fields`."""
    if bean is None:
        return 0.0
    for b, n in fields:
        if b == bean:
            if _at_top(bean, n):
                return 0.0
            return 0.25 + _progress(bean, n + 1) - _progress(bean, n)
    empty = sum(1 for b, _ in fields if b is None)
    if empty:
        copies = min(player.hand.count(bean), 2)
        value = 0.05 + 0.3 * copies
        front = player.hand[0] if player.hand else None
        if (
            empty == 1
            and front is not None
            and front != bean
            and not any(b == front for b, _ in fields)
        ):
            value -= 0.4  # the hand's next card needs that field
        return value
    # Fits nowhere: a field must be harvested first.
    best = max(_coins(b, n) - _progress(b, n) for b, n in fields)
    return -0.6 + min(best, 0.0)


def _hand_value(player: Player, fields: list[Field], pos: int, bean: str | None) -> float:
    """What keeping hand card `pos` (of `bean`) is worth to `player`."""
    if bean is None:
        return 0.0
    for b, n in fields:
        if b == bean:
            return 0.0 if _at_top(bean, n) else 0.4 + _progress(bean, n + 1) - _progress(bean, n)
    copies = player.hand.count(bean) - 1
    if any(b is None for b, _ in fields):
        return -0.1 + 0.25 * min(copies, 2)
    weight = (1.0, 0.8, 0.6, 0.45)[pos] if pos < 4 else 0.3
    return -weight + 0.25 * min(copies, 2)


class _View:
    """What the bot works out about a state once, for every action it scores."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._proj: dict[tuple[int, bool], list[Field]] = {}
        self._turns_left: float | None = None

    def projected(self, seat: int, with_face_up: bool = False) -> list[Field]:
        """The seat's fields once the cards it must plant this turn are planted."""
        key = (seat, with_face_up)
        if key not in self._proj:
            p = self.state.players[seat]
            fields = _fields(p)
            due = list(p.set_aside)
            if with_face_up:
                due += list(self.state.face_up)
            _plant_greedy(fields, due)
            self._proj[key] = fields
        return self._proj[key]

    def own_turns_left(self) -> float:
        if self._turns_left is None:
            turns = forecast(self.state)["turns_left_estimate"]
            self._turns_left = turns / len(self.state.players)
        return self._turns_left


# ---------------------------------------------------------------- what a seat must do


def _due(state: State, seat: int) -> list[str]:
    """Cards the seat must plant now (before the turn can go on)."""
    p = state.players[seat]
    due = [b for b in p.set_aside if b is not None]
    if (
        seat == state.active
        and state.step == "plant"
        and state.planted == 0
        and p.hand
        and p.hand[0] is not None
    ):
        due.append(p.hand[0])
    return due


def needs_room(state: State, seat: int) -> bool:
    """The seat must plant a card now that none of its fields takes."""
    p = state.players[seat]
    return any(not any(not f or f[-1] == bean for f in p.fields) for bean in _due(state, seat))


def harvest_coins(state: State, a: Harvest) -> int:
    column = state.players[a.player].fields[a.field]
    return _coins(column[-1], len(column)) if column else 0


# ---------------------------------------------------------------- scoring


def _score_harvest(view: _View, a: Harvest, plants: set[int]) -> float:
    state = view.state
    p = state.players[a.player]
    field = _fields(p)[a.field]
    bean, n = field
    if bean is None:
        return NEVER
    if _at_top(bean, n):
        return TOP_HARVEST + _coins(bean, n) / 10
    if a.player not in plants and needs_room(state, a.player):
        # The field that pays most and loses least (the scores stay below BUY's).
        return ROOM_HARVEST + _harvest_quality(p, field) / 10
    return NEVER + _harvest_quality(p, field) / 10


def _score_buy(view: _View, a: BuyField) -> float:
    state = view.state
    cost = state.rules.third_field_cost
    # A 3rd field earns a coin or two every few turns: worth it while enough of the
    # game is left for it to pay back more than its price.
    if view.own_turns_left() >= 2.0 * cost + 1:
        return BUY
    if needs_room(state, a.player) and view.own_turns_left() >= cost + 1:
        # Later, only rather than a harvest that loses.
        p = state.players[a.player]
        best = max((_harvest_quality(p, f) for f in _fields(p) if f[0] is not None), default=0)
        if best <= 0:
            return ROOM_HARVEST + 0.5
    return NEVER - 1


def _score_plant(state: State, seat: int, bean: str | None, field: int) -> float:
    """Plant a card the seat must plant (hand front, set aside) into `field`."""
    p = state.players[seat]
    column = p.fields[field]
    if bean is None:
        return PLANT_EMPTY
    if column:
        n = len(column)
        return PLANT_MATCH + _progress(bean, n + 1) - _progress(bean, n)
    # An empty field: the card with the most copies to follow takes it first.
    return PLANT_EMPTY + 0.1 * _support(p, bean)


def _score_trade(view: _View, a: Trade) -> float:
    gain_me, gain_them = _trade_gains(view, a)
    if gain_me < EPS or gain_them < EPS:
        return NEVER - 1
    # Nobody helps another much more than the deal helps themselves.
    if gain_me < FAIR * gain_them or gain_them < FAIR * gain_me:
        return NEVER - 1
    return PROCEED + gain_me + gain_them


def agrees(state: State, a: Action, seat: int) -> bool:
    """Whether a sensible player at `seat` agrees to a move another makes that
    needs it too: a trade or a gift that helps it at least a little (EPS), as the
    partner or as the active player."""
    if not isinstance(a, Trade) or seat not in (a.player, a.partner):
        return True
    gain_active, gain_partner = _trade_gains(_View(state), a)
    return (gain_active if seat == a.player else gain_partner) >= EPS


def _trade_gains(view: _View, a: Trade) -> tuple[float, float]:
    """What a trade is worth to the active player and to the partner."""
    state = view.state
    me, partner = state.players[a.player], state.players[a.partner]
    mine = view.projected(a.player, with_face_up=True)
    theirs = view.projected(a.partner)
    gain_me = gain_them = 0.0
    for i in a.face_up:
        bean = state.face_up[i]
        # Without it the active player plants one card fewer from the face-up ones.
        rest = [f[:] for f in view.projected(a.player)]
        others = [b for k, b in enumerate(state.face_up) if k != i]
        _plant_greedy(rest, others)
        gain_me -= _fit(me, rest, bean)
        gain_them += _fit(partner, theirs, bean)
    for pos in a.give:  # the bot plays a known deck: every card in hand is known
        bean = str(me.hand[pos])
        gain_me -= _hand_value(me, mine, pos, bean)
        gain_them += _fit(partner, theirs, bean)
    for pos in a.receive:
        bean = str(partner.hand[pos])
        gain_them -= _hand_value(partner, theirs, pos, bean)
        gain_me += _fit(me, mine, bean)
    return gain_me, gain_them


def _score_optional(state: State, seat: int, bean: str | None, field: int) -> float:
    """Bean duel: plant an offered or drawn card (or leave it, scored OPTIONAL)."""
    p = state.players[seat]
    fields = _fields(p)
    column = p.fields[field]
    if bean is None:
        return OPTIONAL - 0.5
    if column:
        return OPTIONAL + 1.0 + _fit(p, fields, bean)
    value = _fit(p, fields, bean)
    return OPTIONAL + value if value > 0 else OPTIONAL - 0.5


def _score(view: _View, a: Action, plants: set[int]) -> float:
    state = view.state
    if isinstance(a, Harvest):
        return _score_harvest(view, a, plants)
    if isinstance(a, BuyField):
        return _score_buy(view, a)
    if isinstance(a, Plant):
        p = state.players[a.player]
        bean = a.bean if a.bean is not None else (p.hand[0] if p.hand else None)
        score = _score_plant(state, a.player, bean, a.field)
        if state.planted >= 1 and bean is not None and not p.fields[a.field]:
            # The second card into an empty field: worth it unless the field is
            # better kept for what the turn brings.
            score -= 0.5
        return score
    if isinstance(a, PlantTraded):
        bean = state.players[a.player].set_aside[a.index]
        return _score_plant(state, a.player, bean, a.field)
    if isinstance(a, PlantOffered):
        return _score_optional(state, a.player, state.offer[a.index], a.field)
    if isinstance(a, PlantDrawn):
        score = _score_optional(state, a.player, state.face_up[a.index], a.field)
        # Left, the card goes to the opponent as an offer: keep what would help them.
        other = (a.player + 1) % len(state.players)
        opp = state.players[other]
        return score + 0.3 * max(0.0, _fit(opp, _fields(opp), state.face_up[a.index]))
    if isinstance(a, DiscardOffered):
        return OPTIONAL
    if isinstance(a, DiscardFromHand):
        p = state.players[a.player]
        bean = p.hand[a.position]
        worth = _hand_value(p, _fields(p), a.position, bean)
        return PROCEED + 0.5 - worth if worth < -0.2 else NEVER
    if isinstance(a, Trade):
        return _score_trade(view, a)
    if isinstance(a, EndTurn):
        return OPTIONAL if state.step == "plant-drawn" else PROCEED
    if isinstance(a, DrawFaceUp | EndTrading):
        return PROCEED
    return 0.0


def choose(
    state: State, legal: list[Action], rng: random.Random, *, may_wait: bool = False
) -> Action | None:
    """The move a sensible player makes now (ties broken by `rng`).

    With `may_wait`, None when no move is worth making: `legal` holds only moves a
    player may make at any time and would rather not now (e.g. a harvest of its
    fields while a person plays their turn, when a table hands a bot only its own
    seats' moves). Without it, the least bad of those moves.
    """
    view = _View(state)
    plants = {a.player for a in legal if isinstance(a, Plant | PlantTraded)}
    best, best_key = legal[0], None
    for a in legal:
        key = (_score(view, a, plants), rng.random())
        if best_key is None or key > best_key:
            best, best_key = a, key
    if may_wait and best_key is not None and best_key[0] < 0:
        return None
    return best
