"""A simulated player of Das Würfelspiel for the demo table, that plays the way a
sensible person does.

Rolling, it saves the dice that serve its bottom-most open orders: every choice
of dice it may save is judged by the chance that the bean field it leads to
meets the bottom-most open order (and, less, the next two), were the dice left
rolled once more; it repeats a roll with the bean piece when that is better than
any save. The exact adviser (`odds.Advisor`, 60–100 ms a card) is too slow to
ask at every roll of a simulated game; this one-roll look ahead takes well under
a millisecond (rolls are counted with the beans no open order asks for lumped
together, and remembered).

Harvesting, it waits for more orders, since the fourth and fifth orders pay a
dollar each and the first three one between them, unless the card is done, the
next order is a long shot, or the harvest ends the game with a win. A harvest
not done at once waits for dice on the table: the new top card is checked
against them.

`choose(state, legal, rng)`: the rng breaks ties only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from .actions import Action, Harvest, PassPiece, RepeatRoll, Roll, Save
from .game import GOAL, PAY
from .orders import Order
from .state import DiceState

OTHER = ""  # every bean no order looked at counts as this one
WEIGHTS = (1.0, 0.35, 0.12)  # the bottom-most open order, the next, the one after
# Harvest before the card is done when the next order is this much of a long
# shot (its chance on a first roll of all five dice), by orders completed.
LONG_SHOT = {3: 0.06, 4: 0.10}


# ---------------------------------------------------------------- odds


def _beans_of(orders: Sequence[Order]) -> frozenset[str]:
    return frozenset(b for o in orders for alt in o.alternatives for slot in alt for b in slot)


@lru_cache(maxsize=4096)
def _kind_rolls(faces: tuple[str, ...], n: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every multiset of faces `n` dice with these faces show, with its chance."""
    weights = Counter(faces)
    out = []
    for combo in combinations_with_replacement(sorted(weights), n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(c) for c in counts.values())
        p = ways * prod(weights[b] ** c for b, c in counts.items()) / len(faces) ** n
        out.append((combo, p))
    return tuple(out)


@lru_cache(maxsize=4096)
def _rolls(kinds: tuple[tuple[str, ...], ...], counts: tuple[int, ...]):
    """Every roll of `counts[k]` dice of kind k (faces `kinds[k]`): (beans, chance)."""
    out: list[tuple[tuple[str, ...], float]] = [((), 1.0)]
    for faces, n in zip(kinds, counts, strict=True):
        if n == 0:
            continue
        out = [(a + b, p * q) for a, p in out for b, q in _kind_rolls(faces, n)]
    return tuple(out)


@lru_cache(maxsize=200_000)
def _worth(orders: tuple[Order, ...], beans: tuple[str, ...]) -> float:
    """Weighted orders the beans meet, one after the other from the bottom-most."""
    total = 0.0
    for order, w in zip(orders, WEIGHTS, strict=False):
        if not order.met(beans):
            break
        total += w
    return total


@lru_cache(maxsize=200_000)
def _value(
    orders: tuple[Order, ...],
    kinds: tuple[tuple[str, ...], ...],
    field: tuple[str, ...],
    left: tuple[int, ...],
) -> float:
    """What the bean field is worth if the dice `left` (per kind) are rolled once
    more and all kept: the orders' weighted chance."""
    if not any(left):
        return _worth(orders, field)
    return sum(p * _worth(orders, tuple(sorted(field + beans))) for beans, p in _rolls(kinds, left))


@lru_cache(maxsize=4096)
def first_roll_chance(order: Order, kinds: tuple[tuple[str, ...], ...], sizes: tuple[int, ...]):
    """The chance one roll of all the dice meets `order` (the number printed beside it)."""
    keep = _beans_of((order,))
    lumped = tuple(tuple(f if f in keep else OTHER for f in faces) for faces in kinds)
    return sum(p for beans, p in _rolls(lumped, sizes) if order.met(beans))


class _Turn:
    """The active player's odds for this state: its open orders and the dice."""

    def __init__(self, state: DiceState) -> None:
        self.state = state
        p = state.players[state.active]
        self.orders: tuple[Order, ...] = ()
        if p.top is not None:
            self.orders = tuple(p.top.orders[p.completed : p.completed + len(WEIGHTS)])
        keep = _beans_of(self.orders)
        self.names = [k for k, _, _ in state.dice.kinds]
        self.kinds = tuple(
            tuple(f if f in keep else OTHER for f in faces) for _, faces, _ in state.dice.kinds
        )
        self.keep = keep

    def lump(self, bean: str | None) -> str:
        return bean if bean in self.keep else OTHER

    def value_after(self, saved: Sequence[int]) -> float:
        """The worth of saving dice `saved` (indices) now."""
        s = self.state
        chosen = set(saved)
        field = tuple(
            sorted(
                self.lump(f)
                for i, (f, kept) in enumerate(zip(s.faces, s.saved, strict=True))
                if kept or i in chosen
            )
        )
        left = Counter(
            s.dice.dice[i].kind for i, kept in enumerate(s.saved) if not kept and i not in chosen
        )
        counts = tuple(left.get(k, 0) for k in self.names)
        return _value(self.orders, self.kinds, field, counts)


# ---------------------------------------------------------------- harvesting


def wants_harvest(state: DiceState, seat: int) -> bool:
    """The seat would harvest its top card now (if it may)."""
    p = state.players[seat]
    if p.top is None or p.completed < 3:
        return False
    if p.completed >= len(p.top.orders):
        return True  # nothing more to gain on this card
    after = p.total + PAY[p.completed]
    if after >= GOAL:
        # The harvest starts the final phase: only to win it.
        others = max(
            o.total + (PAY[min(o.completed, 5)] if o.top is not None and o.completed >= 3 else 0)
            for s, o in enumerate(state.players)
            if s != seat
        )
        return after > others
    kinds = tuple(faces for _, faces, _ in state.dice.kinds)
    sizes = tuple(n for _, _, n in state.dice.kinds)
    nxt = p.top.orders[p.completed]
    return first_roll_chance(nxt, kinds, sizes) < LONG_SHOT.get(p.completed, 0.0)


def _harvest_score(state: DiceState, a: Harvest) -> float:
    if not wants_harvest(state, a.player):
        return -10.0
    p = state.players[a.player]
    if a.player == state.active or state.step == "save":
        return 10.0  # dice on the table: the new top card is checked against them
    if p.total + PAY[p.completed] >= GOAL:
        return 10.0  # the winning harvest: before anyone else's
    return -10.0  # wait for the next roll: it may complete an order of the new card


# ---------------------------------------------------------------- choose


def choose(
    state: DiceState, legal: list[Action], rng: random.Random, *, may_wait: bool = False
) -> Action | None:
    """The move a sensible player makes now (ties broken by `rng`).

    With `may_wait`, None when no move is worth making: `legal` holds only
    harvests the bot would rather put off (as when a table hands a bot only its
    own seats' moves while a person rolls). Without it, one of those harvests.
    """
    harvests = [a for a in legal if isinstance(a, Harvest)]
    scored = [(_harvest_score(state, a), rng.random(), a) for a in harvests]
    best = max(scored, key=lambda t: (t[0], t[1]), default=None)
    if best is not None and best[0] > 0:
        return best[2]
    moves = [a for a in legal if not isinstance(a, Harvest)]
    if not moves:
        if may_wait:
            return None
        return best[2] if best is not None else legal[0]
    saves = [a for a in moves if isinstance(a, Save)]
    if not saves:
        # Roll, or pass the bean piece: the only move of the active player.
        return next((a for a in moves if isinstance(a, Roll | PassPiece)), moves[0])
    turn = _Turn(state)
    best_save, best_key = saves[0], None
    for a in saves:
        # Among saves worth the same, keep the most dice to roll.
        key = (round(turn.value_after(a.dice), 9), -len(a.dice), rng.random())
        if best_key is None or key > best_key:
            best_save, best_key = a, key
    repeat = next((a for a in moves if isinstance(a, RepeatRoll)), None)
    if repeat is not None and best_key is not None:
        again = turn.value_after(())  # the dice just rolled, rolled once more
        if again > best_key[0] + 0.02:
            return repeat
    return best_save
