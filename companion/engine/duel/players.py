"""A simulated player of Bohnanza: The Duel for the demo table, that plays the way
a sensible person does: it claims every bo(h)nus card it can at once, plants
along the ladder where a card adds most (its own bean first, a step up the
ladder when that pays, towards the patterns of its bo(h)nus cards), plans the
turned-over cards together (which to plant where, in climbing order, and which
one to discard), harvests a field at the top of its beanometer or to make room
(the field that pays most and loses least), gives away as gifts the cards it
does not want and takes the gifts that fit its fields, bluffs only with beans
the other player won't want, and discards a bo(h)nus card it has little hope
of fulfilling.

`choose(state, legal, rng)` scores every legal action and takes the best; the
rng breaks ties only. It never looks at what the other player hides (hand,
bo(h)nus cards): only the fields, piles and cards on the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from ..beans import VARIETIES
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
from .game import fits
from .state import RANK, BonusCard, DuelPlayer, DuelState

Column = tuple[str, ...]

CLAIM = 20.0  # a bo(h)nus card fulfilled: take it now, before the field changes
TOP_HARVEST = 15.0  # a field at the top of its beanometer
MOVE = 5.0  # the plan's moves: their scores compare positions reached
NEVER = -10.0
EMPTY_FIELD = 0.3  # an empty field's worth: room for what comes


# ---------------------------------------------------------------- valuations


@lru_cache(maxsize=50_000)
def _coins(column: Column) -> int:
    if not column:
        return 0
    return min(VARIETIES[column[-1]].coins_for(len(column)), len(column))


def _at_top(column: Column) -> bool:
    return bool(column) and VARIETIES[column[-1]].cards_to_next_coin(len(column)) is None


@lru_cache(maxsize=50_000)
def _progress(column: Column) -> float:
    """A field's coins plus a part of the next coin, the nearer the more."""
    if not column:
        return EMPTY_FIELD
    v = VARIETIES[column[-1]]
    k = v.cards_to_next_coin(len(column))
    coins = _coins(column)
    return float(coins) if k is None else coins + 0.8 / k


def _bonus_worth(card: BonusCard) -> float:
    return 1 + card.cents / 100


@lru_cache(maxsize=100_000)
def _pattern_progress(column: Column, pattern: tuple[str, ...]) -> float:
    """How far a field is along a bo(h)nus pattern: 1 when its last cards are the
    pattern, else the share of the pattern's first cards it ends with (the next
    card of the pattern must still fit on top)."""
    n = len(pattern)
    if len(column) >= n and tuple(column[-n:]) == tuple(pattern):
        return 1.0
    for m in range(min(n - 1, len(column)), 0, -1):
        if tuple(column[-m:]) == tuple(pattern[:m]):
            return m / n
    if not column or fits(column, pattern[0]):
        return 0.0
    return -1.0  # this field can't take the pattern any more


def _bonus_potential(fields: Sequence[Column], bonus: Sequence[BonusCard | None]) -> float:
    total = 0.0
    for card in bonus:
        if card is None:
            continue
        best = max(_pattern_progress(c, card.pattern) for c in fields)
        if best >= 1.0:
            total += _bonus_worth(card)
        elif best > 0:
            total += 0.5 * _bonus_worth(card) * best
    return total


def _position(
    fields: Sequence[Column], hand: Sequence[str | None], bonus, front_weight: float = 0.6
) -> float:
    """A seat's fields and the front of its hand, in dollars (rules of thumb)."""
    value = sum(_progress(c) for c in fields) + _bonus_potential(fields, bonus)
    front = hand[0] if hand else None
    if front is not None and not any(fits(c, front) for c in fields):
        value -= front_weight  # the next turn starts with a harvest
    return value


def _fit_for(fields: Sequence[Column], bean: str) -> float:
    """What one card of `bean`, to be planted now, adds to these fields (the other
    player's as seen across the table: fields only)."""
    best = None
    for i, c in enumerate(fields):
        if fits(c, bean):
            after = list(fields)
            after[i] = c + (bean,)
            gain = _progress(after[i]) - _progress(c)
            best = gain if best is None else max(best, gain)
    if best is not None:
        return best
    # Fits nowhere: a harvest first, of the field that loses least.
    return -0.5 - min(_progress(c) - _coins(c) for c in fields)


# ---------------------------------------------------------------- planning a phase


def _plant_plan(
    fields: Sequence[Column],
    cards: Sequence[str],
    may_discard: Sequence[bool],
    value,
) -> tuple[float, tuple | None] | None:
    """The best way to place `cards` (each in a field or, where `may_discard`, at
    most one discarded): (value of the fields reached, the first move as
    ("discard", i) or ("plant", i, field)). Within a field cards go in climbing
    order, so each assignment is tried in that order. None: no way at all (a
    field must be harvested first)."""
    n = len(cards)
    options = []
    for i in range(n):
        opts = list(range(len(fields)))
        if may_discard[i]:
            opts.append(-1)
        options.append(opts)
    order = sorted(range(n), key=lambda i: RANK[cards[i]])
    best: tuple[float, tuple | None] | None = None
    seen: set = set()
    for assign in product(*options):
        if sum(1 for f in assign if f == -1) > 1:
            continue
        key = tuple(sorted((cards[i], assign[i]) for i in range(n)))
        if key in seen:
            continue
        seen.add(key)
        cols = list(fields)
        ok = True
        first: tuple[str, int] | tuple[str, int, int] | None = None
        for i in order:
            f = assign[i]
            if f == -1:
                continue
            if not fits(cols[f], cards[i]):
                ok = False
                break
            cols[f] = cols[f] + (cards[i],)
            if first is None:
                first = ("plant", i, f)
        if not ok:
            continue
        discarded = [i for i in range(n) if assign[i] == -1]
        if discarded:
            first = ("discard", discarded[0])
        v = value(cols)
        if best is None or v > best[0] + 1e-9:
            best = (v, first)
    return best


class _Seat:
    """One seat's view: its fields, hand and bo(h)nus cards."""

    def __init__(self, state: DuelState, seat: int, front_weight: float = 0.6) -> None:
        self.state, self.seat = state, seat
        self.front_weight = front_weight
        self.p: DuelPlayer = state.players[seat]
        self._plans: dict = {}
        self._values: dict = {}
        self._pending: tuple | None = None

    def value(self, fields: Sequence[Column], hand=None) -> float:
        if hand is not None:
            return _position(fields, hand, self.p.bonus, self.front_weight)
        key = tuple(fields)
        found = self._values.get(key)
        if found is None:
            found = _position(key, self.p.hand, self.p.bonus, self.front_weight)
            self._values[key] = found
        return found

    def pending(self) -> tuple[list[str], list[bool], list[tuple]]:
        """Cards this seat must plant in phase 3: (beans, may be discarded, sources)."""
        if self._pending is not None:
            return tuple(list(x) for x in self._pending)  # type: ignore[return-value]
        st = self.state
        beans: list[str] = []
        may: list[bool] = []
        src: list[tuple] = []
        if st.step in ("gift", "give", "plant-drawn") and self.seat == st.active:
            # The turned-over cards: planted in phase 3 (those not given away).
            for i, b in enumerate(st.face_up):
                if b is None:
                    continue
                beans.append(b)
                may.append(not st.discarded_drawn)
                src.append(("face_up", i))
        mine = self.seat == st.active or st.step == "plant-gift"
        if st.step in ("plant-drawn", "plant-gift") and self.p.gift and mine:
            beans.append(self.p.gift[0])
            may.append(False)
            src.append(("gift", 0))
        self._pending = (tuple(beans), tuple(may), tuple(src))
        return beans, may, src

    def plan(self, fields=None, extra: Sequence[str] = (), without: int | None = None):
        """The best placement of the pending cards (plus `extra`, minus pending
        card `without`) on `fields`: (value, first move, sources) or None."""
        beans, may, src = self.pending()
        if without is not None:
            del beans[without], may[without], src[without]
        beans += list(extra)
        may += [False] * len(extra)
        src += [("extra", k) for k in range(len(extra))]
        fields = tuple(self.p.fields if fields is None else fields)
        key = (fields, tuple(beans), tuple(may))
        if key in self._plans:
            found = self._plans[key]
        elif not beans:
            found = self._plans[key] = (self.value(fields), None)
        else:
            found = self._plans[key] = _plant_plan(fields, beans, may, self.value)
        if found is None:
            return None
        return found[0], found[1], src

    def plan_value(self, fields=None, extra=(), without=None) -> float:
        """The plan's value; when no placement exists, harvest the best field first."""
        fields = self.p.fields if fields is None else fields
        found = self.plan(fields, extra, without)
        if found is not None:
            return found[0]
        best = None
        for f, c in enumerate(fields):
            if not c:
                continue
            after = list(fields)
            after[f] = ()
            inner = self.plan(after, extra, without)
            v = (inner[0] if inner is not None else -5.0) + _coins(c)
            best = v if best is None else max(best, v)
        return -5.0 if best is None else best

    def fit(self, bean: str) -> float:
        """What receiving a gift of `bean` now is worth to this seat."""
        return self.plan_value(extra=(bean,)) - self.plan_value()

    def hand_worth(self, pos: int) -> float:
        """What keeping hand card `pos` is worth (it must be planted in its turn)."""
        bean = self.p.hand[pos]
        if bean is None:
            return 0.0
        good = max(
            (_progress(c + (bean,)) - _progress(c) for c in self.p.fields if fits(c, bean)),
            default=None,
        )
        weight = (1.0, 0.7, 0.5)[pos] if pos < 3 else 0.3
        if good is None:
            return -weight
        return good * (1.0 - 0.1 * min(pos, 5))


class _Ctx:
    """What one call of `choose` works out once: each seat's view and plans."""

    def __init__(self, state: DuelState) -> None:
        self.state = state
        self._seats: dict[tuple[int, float], _Seat] = {}

    def seat(self, seat: int, front_weight: float = 0.6) -> _Seat:
        """The seat's view; `front_weight` 0: never mind the hand's next card."""
        key = (seat, front_weight)
        if key not in self._seats:
            self._seats[key] = _Seat(self.state, seat, front_weight)
        return self._seats[key]


# ---------------------------------------------------------------- scoring by step


def _harvest_score(ctx: _Ctx, state: DuelState, a: Harvest, needs: dict[int, bool]) -> float:
    me = ctx.seat(a.player)
    column = me.p.fields[a.field]
    if _at_top(column):
        return TOP_HARVEST + _coins(column) / 10
    if state.step in ("final", "over"):
        return NEVER  # the end harvests every field anyway
    after = list(me.p.fields)
    after[a.field] = ()
    if needs.get(a.player):
        # A card must be planted and fits nowhere: the harvest that leaves the best.
        v = _coins(column) + me.plan_value(after)
        return MOVE + 0.01 * v
    # Worth it only when it pays and the cards to plant now go much better for it
    # (the hand's next card can wait: a harvest at the start of the turn will do).
    if _coins(column) == 0:
        return NEVER
    me = ctx.seat(a.player, front_weight=0.0)
    gain = _coins(column) + me.plan_value(after) - me.plan_value()
    return MOVE + 0.5 + gain if gain > 0.5 else NEVER + 0.01 * gain


def _needs_room(ctx: _Ctx, state: DuelState, seat: int) -> bool:
    """The seat must plant a card now that no field takes (however it is planned)."""
    me = ctx.seat(seat)
    if state.step == "plant" and seat == state.active and state.planted == 0 and me.p.hand:
        front = me.p.hand[0]
        return front is not None and not any(fits(c, front) for c in me.p.fields)
    if state.step not in ("plant-drawn", "plant-gift"):
        return False  # in the gift exchange a turned-over card may still be given away
    beans, _, _ = me.pending()
    return bool(beans) and me.plan() is None


def _plant_score(ctx: _Ctx, state: DuelState, a: Plant) -> float:
    me = ctx.seat(a.player)
    bean = a.bean if a.bean is not None else me.p.hand[0]
    if bean is None:
        return MOVE
    after = list(me.p.fields)
    after[a.field] = after[a.field] + (bean,)
    return MOVE + me.value(after, me.p.hand[1:])


def _draw_score(ctx: _Ctx, state: DuelState, a: DrawFaceUp) -> float:
    me = ctx.seat(a.player)
    # Planting a second card must beat keeping it (a little margin: keep options).
    return MOVE + me.value(me.p.fields) + 0.15


def _phase3_score(ctx: _Ctx, state: DuelState, a: Action) -> float:
    """PlantDrawn / DiscardDrawn / PlantGift: the plan's first move scores best."""
    me = ctx.seat(a.player)
    found = me.plan()
    if found is None:
        return NEVER  # a harvest comes first
    _, first, src = found
    if first is None:
        return NEVER
    want: tuple
    got: tuple
    if first[0] == "discard":
        want = ("discard", src[first[1]])
    else:
        want = ("plant", src[first[1]], first[2])
    if isinstance(a, DiscardDrawn):
        got = ("discard", ("face_up", a.index))
    elif isinstance(a, PlantDrawn):
        got = ("plant", ("face_up", a.index), a.field)
    elif isinstance(a, PlantGift):
        got = ("plant", ("gift", 0), a.field)
    else:
        return NEVER
    if got == want:
        return MOVE + 1.0
    # Alike cards are interchangeable: the same bean from the same kind of place.
    same_bean = _bean_of(state, me, got[1]) == _bean_of(state, me, want[1])
    if same_bean and got[0] == want[0] and got[2:] == want[2:]:
        return MOVE + 1.0
    return MOVE


def _bean_of(state: DuelState, me: _Seat, src: tuple) -> str | None:
    zone, i = src
    return state.face_up[i] if zone == "face_up" else me.p.gift[0]


def _offer_gain(ctx: _Ctx, state: DuelState, seat: int, bean: str) -> float:
    """What the offering seat expects from pushing `bean`'s gift card."""
    me = ctx.seat(seat)
    other = state.players[1 - seat]
    their_fit = _fit_for(other.fields, bean)
    sources = []
    if seat == state.active and bean in state.face_up:
        beans, _, _src = me.pending()
        i = next(k for k, s in enumerate(_src) if s[0] == "face_up" and beans[k] == bean)
        sources.append(me.plan_value(without=i) - me.plan_value())
    for pos, b in enumerate(me.p.hand):
        if b == bean:
            sources.append(-me.hand_worth(pos))
    if sources:
        # Glad to be rid of it; a little sorry if it helps them.
        return max(sources) - 0.4 * max(their_fit, 0.0)
    # A bluff: it costs a dollar if they accept, and they accept what fits.
    return -2.5 if their_fit > 0 else -0.4 + 0.1 * their_fit


def _gift_score(ctx: _Ctx, state: DuelState, a: Action) -> float:
    if isinstance(a, OfferGift):
        return MOVE + _offer_gain(ctx, state, a.player, a.bean)
    if isinstance(a, AcceptGift):
        me = ctx.seat(a.player)
        bean = state.offers[-1]
        worth = me.fit(bean)
        # The other player's own cards may be a bluff: then a dollar comes instead.
        return MOVE + worth + (0.2 if a.player == state.active else 0.0)
    if isinstance(a, DeclineGift):
        return MOVE
    return NEVER


def _give_score(ctx: _Ctx, state: DuelState, a: GiveGift) -> float:
    """Hand over the accepted gift from where it costs least."""
    me = ctx.seat(a.player)
    if a.source == "bluff":
        return MOVE
    if a.source == "face-up":
        _, _, src = me.pending()
        k = src.index(("face_up", a.index))
        return MOVE + me.plan_value(without=k)
    return MOVE + me.plan_value() - me.hand_worth(a.index)


def _bonus_hope(state: DuelState, seat: int, card: BonusCard | None) -> float:
    """How near a bo(h)nus card is to being fulfilled on any field (higher: nearer)."""
    if card is None:
        return 0.0
    best = max(_pattern_progress(c, card.pattern) for p in state.players for c in p.fields)
    return best - 0.15 * len(card.pattern) + 0.2 * card.cents / 100


def _score(ctx: _Ctx, state: DuelState, a: Action, needs: dict[int, bool]) -> float:
    if isinstance(a, ClaimBonus):
        return CLAIM + (a.cents or 0) / 100
    if isinstance(a, Harvest):
        return _harvest_score(ctx, state, a, needs)
    if isinstance(a, Plant):
        return _plant_score(ctx, state, a)
    if isinstance(a, DrawFaceUp):
        return _draw_score(ctx, state, a)
    if isinstance(a, PlantDrawn | DiscardDrawn | PlantGift):
        return _phase3_score(ctx, state, a)
    if isinstance(a, OfferGift | AcceptGift | DeclineGift):
        return _gift_score(ctx, state, a)
    if isinstance(a, GiveGift):
        return _give_score(ctx, state, a)
    if isinstance(a, DiscardBonus):
        card = state.players[a.player].bonus[a.index]
        hope = _bonus_hope(state, a.player, card)
        return MOVE + 0.5 if hope < -0.5 else NEVER + hope
    if isinstance(a, DrawBonus | EndTurn | EndGame):
        return MOVE
    return 0.0


def choose(
    state: DuelState, legal: list[Action], rng: random.Random, *, may_wait: bool = False
) -> Action | None:
    """The move a sensible player makes now (ties broken by `rng`).

    With `may_wait`, None when no move is worth making: `legal` holds only moves a
    player may make at any time and would rather not now (e.g. a harvest of its
    fields while a person plays their turn, when a table hands a bot only its own
    seats' moves). Without it, the least bad of those moves.
    """
    ctx = _Ctx(state)
    seats = {a.player for a in legal if isinstance(a, Harvest)}
    needs = {s: _needs_room(ctx, state, s) for s in seats}
    best, best_key = legal[0], None
    for a in legal:
        key = (_score(ctx, state, a, needs), rng.random())
        if best_key is None or key > best_key:
            best, best_key = a, key
    if may_wait and best_key is not None and best_key[0] <= NEVER / 2:
        return None
    return best
