"""Exact odds for Das Würfelspiel.

`first_roll(order)` is the chance that one roll of all five dice meets an order:
the small number printed beside every order (as a percentage). `Advisor` is the
active player's adviser: the chance of completing the bottom-most order, and the
expected number of orders completed, by the end of the turn, from the current
bean field, under the best saving policy, with or without the bean piece.

Both are exact: they sum over every outcome, using only that dice of one kind
are interchangeable (a roll is a multiset of faces per kind, with its
multinomial probability). The adviser is an expectimax over turn states
(bean field, dice left per kind, bean piece), memoised."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial, prod

from .dice import DEFAULT_DICE, DiceSet
from .orders import Order

Roll = tuple[tuple[str, ...], ...]  # per kind, the sorted faces rolled


@lru_cache(maxsize=256)
def _kind_rolls(faces: tuple[str, ...], n: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every multiset of faces that n dice with these faces can show, with its chance."""
    weights = Counter(faces)
    beans = sorted(weights)
    out = []
    for combo in combinations_with_replacement(beans, n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(c) for c in counts.values())
        p = Fraction(ways * prod(weights[b] ** c for b, c in counts.items()), len(faces) ** n)
        out.append((combo, p))
    return tuple(out)


@lru_cache(maxsize=256)
def _rolls(
    kinds: tuple[tuple[str, ...], ...], counts: tuple[int, ...]
) -> tuple[tuple[Roll, Fraction, float], ...]:
    """Every roll of `counts[k]` dice of each kind k, with its exact and float chance."""
    per_kind = [_kind_rolls(faces, n) for faces, n in zip(kinds, counts, strict=True)]
    out = []
    for parts in product(*per_kind):
        p = prod((q for _, q in parts), start=Fraction(1))
        out.append((tuple(m for m, _ in parts), p, float(p)))
    return tuple(out)


def roll_distribution(dice: DiceSet = DEFAULT_DICE) -> dict[tuple[str, ...], Fraction]:
    """The chance of every multiset of faces one roll of all the dice shows."""
    kinds = tuple(f for _, f, _ in dice.kinds)
    counts = tuple(n for _, _, n in dice.kinds)
    dist: dict[tuple[str, ...], Fraction] = {}
    for roll, p, _ in _rolls(kinds, counts):
        key = tuple(sorted(b for part in roll for b in part))
        dist[key] = dist.get(key, Fraction(0)) + p
    return dist


def first_roll(order: Order, dice: DiceSet = DEFAULT_DICE) -> Fraction:
    """The exact chance that the first roll of all the dice meets `order`."""
    return sum((p for beans, p in roll_distribution(dice).items() if order.met(beans)), Fraction(0))


def orders_met(orders: Sequence[Order], beans: Sequence[str]) -> int:
    """How many orders, from the bottom-most on, the dice meet one after the other."""
    n = 0
    for order in orders:
        if not order.met(beans):
            break
        n += 1
    return n


def _saves(roll: Roll) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """Every non-empty choice of dice to save from a roll: (dice saved per kind, beans)."""
    per_kind = []
    for part in roll:
        counts = Counter(part)
        beans = sorted(counts)
        options = set()
        for ks in product(*(range(counts[b] + 1) for b in beans)):
            options.add(tuple(b for b, k in zip(beans, ks, strict=True) for _ in range(k)))
        per_kind.append(sorted(options))
    out = []
    for choice in product(*per_kind):
        n = tuple(len(c) for c in choice)
        if sum(n):
            out.append((n, tuple(b for c in choice for b in c)))
    return out


class Advisor:
    """Best-policy odds for the active player's turn, for one set of orders
    (bottom-most first) and one set of dice. Values are memoised per state, so a
    turn's queries after the first are cheap."""

    def __init__(self, orders: Sequence[Order], dice: DiceSet = DEFAULT_DICE) -> None:
        if not orders:
            raise ValueError("the adviser needs at least the bottom-most order")
        self.orders = tuple(orders)
        self.kinds = tuple(f for _, f, _ in dice.kinds)
        self.sizes = tuple(n for _, _, n in dice.kinds)
        self.names = tuple(k for k, _, _ in dice.kinds)
        self._value: dict[tuple, tuple[float, float]] = {}
        self._save_cache: dict[Roll, list] = {}

    # The two objectives, solved together: index 0 is the chance of the bottom-most
    # order, index 1 the expected number of orders completed; each under its own
    # best policy.
    def _reward(self, field: tuple[str, ...]) -> tuple[float, float]:
        met = orders_met(self.orders, field)
        return (1.0 if met else 0.0, float(met))

    def _choices(self, roll: Roll) -> list:
        found = self._save_cache.get(roll)
        if found is None:
            found = self._save_cache[roll] = _saves(roll)
        return found

    def _best_save(self, field, left, roll: Roll, piece: bool) -> tuple[float, float]:
        best0 = best1 = 0.0
        seen = set()
        for n, beans in self._choices(roll):
            nxt = (tuple(sorted(field + beans)), tuple(a - b for a, b in zip(left, n, strict=True)))
            if nxt in seen:
                continue
            seen.add(nxt)
            v0, v1 = self.value(nxt[0], nxt[1], piece)
            if v0 > best0:
                best0 = v0
            if v1 > best1:
                best1 = v1
        return best0, best1

    def value(self, field: tuple[str, ...], left: tuple[int, ...], piece: bool):
        """(chance of the bottom-most order, expected orders) from this state, before
        the next roll of the `left` dice (per kind)."""
        key = (field, left, piece)
        found = self._value.get(key)
        if found is not None:
            return found
        if not any(left):
            result = self._reward(field)
        else:
            again = self.value(field, left, False) if piece else None
            v0 = v1 = 0.0
            for roll, _, p in _rolls(self.kinds, left):
                s0, s1 = self._best_save(field, left, roll, piece)
                if again is not None:
                    # The bean piece: repeat the whole roll, then go on without it.
                    s0, s1 = max(s0, again[0]), max(s1, again[1])
                v0 += p * s0
                v1 += p * s1
            result = (v0, v1)
        self._value[key] = result
        return result

    def _split(self, field: Sequence[str], left: Sequence[str] | None) -> tuple:
        """Field beans sorted, and dice left per kind (all dice not in the field when
        `left` is None: the kinds are then inferred from the field's beans)."""
        if left is None:
            raise ValueError("say which dice are left to roll (their kinds)")
        counts = tuple(sum(1 for k in left if k == name) for name in self.names)
        return tuple(sorted(field)), counts

    def advise(
        self,
        field: Sequence[str] = (),
        left: Sequence[str] | None = None,
        piece: bool = True,
        roll: Sequence[tuple[str, str]] | None = None,
    ) -> dict:
        """The odds from a turn state: `field` the beans saved, `left` the kinds of
        the dice still to roll (default: all dice). With `roll` (the (kind, bean) of
        each die just rolled) also the best dice to save, for each objective."""
        if left is None:
            left = [k for k, n in zip(self.names, self.sizes, strict=True) for _ in range(n)]
        fld, counts = self._split(field, left)
        with_piece = self.value(fld, counts, True) if piece else None
        without = self.value(fld, counts, False)
        out = {
            "p_bottom": _sure((with_piece or without)[0]),
            "expected_orders": (with_piece or without)[1],
            "p_bottom_without_piece": _sure(without[0]),
            "expected_orders_without_piece": without[1],
        }
        if roll is not None:
            out["best_save"] = self.best_save(fld, counts, roll, piece)
        return out

    def best_save(self, field, counts, roll, piece: bool) -> dict:
        """For a roll just made: which dice to save (as (kind, bean) pairs) for each
        objective, and whether repeating the roll with the bean piece is better."""
        parts = tuple(tuple(sorted(b for k, b in roll if k == name)) for name in self.names)
        best: list = [None, None]
        vals = [-1.0, -1.0]
        then = -1.0  # the expected orders of the save best for the bottom order
        # Fewest dice first: among equally good saves, keep the most dice to roll.
        # For the bottom order, of saves as good for it, the one that completes the
        # most orders (an order the bean field already meets leaves every save at
        # 100 %: the first of them, a bean in none of the orders, was named).
        for n, beans in sorted(self._choices(parts), key=lambda c: sum(c[0])):
            left = tuple(a - b for a, b in zip(counts, n, strict=True))
            v = self.value(tuple(sorted(field + beans)), left, piece)
            if _ahead(v, vals[0], then):
                vals[0], then, best[0] = v[0], v[1], _as_pairs(self.names, parts, n, beans)
            if v[1] > vals[1] + 1e-12:
                vals[1], best[1] = v[1], _as_pairs(self.names, parts, n, beans)
        again = self.value(field, counts, False) if piece else None
        return {
            "for_bottom": {
                "save": best[0],
                "p": _sure(vals[0]),
                # (as good for the bottom order, and more orders: the bean piece, too)
                "repeat_instead": bool(again and _ahead(again, vals[0], then)),
            },
            "for_orders": {
                "save": best[1],
                "expected": vals[1],
                "repeat_instead": bool(again and again[1] > vals[1] + 1e-12),
            },
        }


def _ahead(v: tuple[float, float], p: float, orders: float) -> bool:
    """A choice's (chance of the bottom order, expected orders) `v` beats the best so
    far for the bottom order (its chance `p`, its expected `orders`): a higher
    chance, or one as high and more orders."""
    return v[0] > p + 1e-12 or (v[0] > p - 1e-12 and v[1] > orders + 1e-12)


def _sure(p: float) -> float:
    """A chance that is 1 but for float rounding, as 1 (a sum of every roll's share of
    a sure thing is 0.9999999999999998: a met order read ">99.9%")."""
    return 1.0 if p > 1.0 - 1e-9 else p


def _as_pairs(names, parts, n, beans) -> list[tuple[str, str]]:
    out = []
    pos = 0
    for name, k in zip(names, n, strict=True):
        out += [(name, b) for b in beans[pos : pos + k]]
        pos += k
    return out
