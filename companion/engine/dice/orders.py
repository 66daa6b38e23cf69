"""Orders: what a harvest card asks of the dice, as data and as text.

The notation a player can type, a file can hold and a phone can render:

    stink + soy + red                 three dice: a Stink, a Soy and a Red Bean
    green*2 | soy*2                   two Green Beans, or two Soy Beans
    (soy|green) + red + garden        a Soy or a Green, plus a Red and a Garden
    (soy|green) + (garden|red)*2      a Soy or a Green, and two more dice each Garden or Red

`+` joins slots that distinct dice must fill; `*n` repeats a slot (or a bracketed
sub-order) n times; `|` inside brackets offers beans for one slot, and at the top
level (or around bracketed sub-orders) offers whole alternatives. A die may serve
several orders at once but only one slot inside an order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..beans import VARIETIES
from ..errors import Rule, RuleError

_TOKEN = re.compile(r"\s*(?:(?P<bean>[a-z][a-z-]*)|(?P<num>\d+)|(?P<op>[+*|()]))")

# An alternative is a tuple of slots; a slot is the frozenset of beans it accepts.
Slot = frozenset
Alternative = tuple


@dataclass(frozen=True)
class Order:
    text: str
    alternatives: tuple[Alternative, ...] = field(compare=False, repr=False)

    def met(self, beans) -> bool:
        """True when distinct dice among `beans` (the faces showing) fill every slot
        of one alternative."""
        return _met(self, tuple(sorted(beans)))

    @property
    def dice_needed(self) -> int:
        return min(len(a) for a in self.alternatives)

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=200_000)
def _met(order: Order, beans: tuple[str, ...]) -> bool:
    counts: dict[str, int] = {}
    for b in beans:
        counts[b] = counts.get(b, 0) + 1
    return any(_fill(sorted(alt, key=len), 0, counts) for alt in order.alternatives)


def _fill(slots: list, i: int, counts: dict[str, int]) -> bool:
    if i == len(slots):
        return True
    for bean in slots[i]:
        if counts.get(bean, 0) > 0:
            counts[bean] -= 1
            ok = _fill(slots, i + 1, counts)
            counts[bean] += 1
            if ok:
                return True
    return False


def _error(text: str, pos: int, what: str) -> RuleError:
    shown = repr(text[pos]) if pos < len(text) else "the end"
    return RuleError(
        Rule.ORDER_SYNTAX, f"{what} at character {pos + 1} ({shown}):\n  {text}\n  {' ' * pos}^"
    )


class _Parser:
    """Recursive descent over the grammar
    order := conj ('|' conj)* ; conj := factor ('+' factor)* ;
    factor := atom ('*' N)? ; atom := BEAN | '(' order ')'.
    Each rule returns (alternatives in disjunctive form, text)."""

    def __init__(self, text: str, beans: frozenset[str]) -> None:
        self.text = text
        self.beans = beans
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if not m:
                at = len(text) - len(text[pos:].lstrip())
                raise _error(text, at, "unexpected character")
            kind = m.lastgroup or ""
            self.tokens.append((kind, m.group(kind), m.start(kind)))
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def at(self) -> int:
        tok = self.peek()
        return tok[2] if tok else len(self.text)

    def parse(self):
        if not self.tokens:
            raise RuleError(Rule.ORDER_SYNTAX, "an order can't be empty")
        result = self.order()
        if self.peek() is not None:
            raise _error(self.text, self.at(), "expected '+', '|' or the end")
        return result

    def order(self):
        alts, text = self.conj()
        texts = [text]
        while (tok := self.peek()) and tok[1] == "|":
            self.i += 1
            more, t = self.conj()
            alts = alts + more
            texts.append(t)
        return alts, " | ".join(texts)

    def conj(self):
        alts, text = self.factor()
        texts = [text]
        while (tok := self.peek()) and tok[1] == "+":
            self.i += 1
            more, t = self.factor()
            alts = [a + b for a in alts for b in more]
            texts.append(t)
        return alts, " + ".join(texts)

    def factor(self):
        alts, text = self.atom()
        if (tok := self.peek()) and tok[1] == "*":
            self.i += 1
            tok = self.peek()
            if tok is None or tok[0] != "num" or not 1 <= int(tok[1]) <= 5:
                raise _error(self.text, self.at(), "expected a number of dice from 1 to 5")
            n = int(tok[1])
            self.i += 1
            product = [()]
            for _ in range(n):
                product = [a + b for a in product for b in alts]
            alts, text = product, f"{text}*{n}"
        return alts, text

    def atom(self):
        tok = self.peek()
        if tok is None:
            raise _error(self.text, len(self.text), "expected a bean")
        kind, value, pos = tok
        if kind == "bean":
            if value not in self.beans:
                known = ", ".join(sorted(self.beans))
                raise _error(self.text, pos, f"{value!r} is not a bean on these dice ({known})")
            self.i += 1
            return [(frozenset([value]),)], value
        if value == "(":
            self.i += 1
            alts, text = self.order()
            tok = self.peek()
            if tok is None or tok[1] != ")":
                raise _error(self.text, self.at(), "expected ')'")
            self.i += 1
            # A bracket of single beans is one slot that takes any of them.
            if all(len(a) == 1 for a in alts):
                alts = [(frozenset().union(*(a[0] for a in alts)),)]
                text = text.replace(" | ", "|")
            return alts, f"({text})"
        raise _error(self.text, pos, "expected a bean or '('")


# The six beans on the dice, in the order a taught dice folder lists its classes.
DICE_FACES = ("blue", "garden", "stink", "soy", "red", "green")
DICE_BEANS = frozenset(DICE_FACES)


def parse_order(text: object, beans: frozenset[str] = DICE_BEANS) -> Order:
    """Parse an order, or raise RuleError(Rule.ORDER_SYNTAX) pointing at the character."""
    if not isinstance(text, str):
        raise RuleError(Rule.ORDER_SYNTAX, f"an order is text, not {text!r}")
    unknown = beans - set(VARIETIES)
    if unknown:
        raise RuleError(Rule.ORDER_SYNTAX, f"unknown beans {sorted(unknown)}")
    alts, canonical = _Parser(text.strip().lower(), beans).parse()
    # Repeated alternatives (as `(a|b)*2` expands to) add nothing: keep one of each.
    unique = {tuple(sorted(a, key=lambda s: sorted(s))): None for a in alts}
    if any(len(a) > 5 for a in unique):
        raise RuleError(Rule.ORDER_SYNTAX, f"{text}: an order can ask for at most 5 dice")
    return Order(canonical, tuple(unique))
