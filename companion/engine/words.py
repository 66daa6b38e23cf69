"""The words the server sends a player, in English and German.

A phone says which language it reads (Socket.IO auth ``"lang"``); everything it
is sent is said in that language. This module holds what is not tied to one
game: the languages, the beans' names, counted nouns with their plurals, money,
names and lists, and the texts that are kept language-neutral until sent (the
log, notices): a `Words` pair of English and German."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from .beans import VARIETIES

LANGS = ("en", "de")
DEFAULT = "en"

# A text in every language: {"en": "...", "de": "..."}.
Words = dict[str, str]


def lang_of(value: object) -> str:
    """The language a phone asked for: "en" or "de" (anything else: English)."""
    if isinstance(value, str) and value.strip().lower()[:2] in LANGS:
        return value.strip().lower()[:2]
    return DEFAULT


# ---------------------------------------------------------------- beans

# The names printed on the German cards (Amigo): 22 is the Weinbrandbohne (English
# "Wax Bean"), 14 the Brechbohne (English "Green Bean").
BEANS_DE = {
    "coffee": "Kaffeebohne",
    "wax": "Weinbrandbohne",
    "blue": "Blaue Bohne",
    "chili": "Feuerbohne",
    "stink": "Saubohne",
    "green": "Brechbohne",
    "soy": "Sojabohne",
    "black-eyed": "Augenbohne",
    "red": "Rote Bohne",
    "garden": "Gartenbohne",
    "cocoa": "Kakaobohne",
}


def bean(bean_id: str | None, lang: str) -> str:
    """A bean variety's name, as printed on the cards of that language."""
    if bean_id is None:
        return "eine unbekannte Karte" if lang == "de" else "an unseen card"
    if lang == "de" and bean_id in BEANS_DE:
        return BEANS_DE[bean_id]
    v = VARIETIES.get(bean_id)
    return v.name if v else str(bean_id)


def beans(ids: Iterable[str | None], lang: str) -> str:
    """Several beans, said as a list: "Soy Bean, Red Bean and Blue Bean"."""
    return join([bean(b, lang) for b in ids], lang)


def join(items: list[str], lang: str) -> str:
    """ "a, b and c" / "a, b und c"."""
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    last = " und " if lang == "de" else " and "
    return ", ".join(items[:-1]) + last + items[-1]


# ---------------------------------------------------------------- counted nouns

# noun -> (English singular, plural, German singular, plural, plural after "mit")
NOUNS: dict[str, tuple[str, str, str, str, str]] = {
    "coin": ("coin", "coins", "Taler", "Taler", "Talern"),
    "card": ("card", "cards", "Karte", "Karten", "Karten"),
    "bo(h)nus card": (
        "bo(h)nus card",
        "bo(h)nus cards",
        "Bo(h)nuskarte",
        "Bo(h)nuskarten",
        "Bo(h)nuskarten",
    ),
    "hand-card": ("card in hand", "cards in hand", "Handkarte", "Handkarten", "Handkarten"),
    "dollar": ("dollar", "dollars", "Dollar", "Dollar", "Dollar"),
    "taler": ("dollar", "dollars", "Taler", "Taler", "Talern"),  # the dice game's
    "order": ("order", "orders", "Auftrag", "Aufträge", "Aufträgen"),
    "die": ("die", "dice", "Würfel", "Würfel", "Würfeln"),
    "field": ("field", "fields", "Feld", "Felder", "Feldern"),
    "minute": ("minute", "minutes", "Minute", "Minuten", "Minuten"),
    "second": ("second", "seconds", "Sekunde", "Sekunden", "Sekunden"),
}


SPELLED = {
    "en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "de": ("eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn"),
}


def spell_out(n: int, lang: str) -> str:
    """ "two", "zwei" up to ten; beyond, the digits."""
    return SPELLED["de" if lang == "de" else "en"][n - 1] if 1 <= n <= 10 else str(n)


def count(n: int, noun: str, lang: str, dative: bool = False, spelled: bool = False) -> str:
    """ "1 coin", "2 coins", "1 Taler", "2 Karten"; `dative`: German after "mit"
    ("mit 14 Talern"); `spelled`: "two cards", "zwei Karten" up to ten (after a
    name that ends in a number: "Seat 2 draws two cards", not "Seat 2 draws 2 cards")."""
    en1, en2, de1, de2, de3 = NOUNS[noun]
    de_lang = lang == "de"
    number = spell_out(n, lang) if spelled else str(n)
    if de_lang:
        return f"{number} {de1 if n == 1 else (de3 if dative else de2)}"
    return f"{number} {en1 if n == 1 else en2}"


def noun(n: int, noun_id: str, lang: str) -> str:
    """The noun alone, in the number `n` asks for."""
    return count(n, noun_id, lang).split(" ", 1)[1]


def cents(amount: int, lang: str) -> str:
    """Money in dollars and cents: "$3.40" / "3,40 $"."""
    whole, rest = divmod(amount, 100)
    if lang == "de":
        return f"{whole},{rest:02d} $"
    return f"${whole}.{rest:02d}"


# ---------------------------------------------------------------- people


def seat_name(names: Mapping[int, str] | list[str] | None, seat: int, lang: str) -> str:
    """A player's name, or their seat counted from 1."""
    if isinstance(names, Mapping):
        name = names.get(seat)
    elif names is not None and 0 <= seat < len(names):
        name = names[seat]
    else:
        name = None
    if name:
        return name
    return f"Platz {seat + 1}" if lang == "de" else f"Seat {seat + 1}"


def of(thing_en: str, thing_de: str, name: str, lang: str) -> str:
    """Something of a player: "Anna's Wax Bean" / "die Weinbrandbohne von Anna"
    (`thing_de` with its article; "von" suits every name, "Platz 3" too)."""
    if lang == "de":
        return f"{thing_de} von {name}"
    return f"{possessive(name, lang)} {thing_en}"


def possessive(name: str, lang: str) -> str:
    """ "Anna's" / "Annas" (German: "Max'" after s, x, z, ß)."""
    if lang == "de":
        return name + ("'" if name[-1:].lower() in ("s", "x", "z", "ß") else "s")
    return name + ("'" if name.endswith("s") else "'s")


# ---------------------------------------------------------------- language-neutral texts


def both(en: str, de: str | None = None) -> Words:
    """A text in both languages (German falls back to the English)."""
    return {"en": en, "de": en if de is None else de}


def each(make) -> Words:
    """A text made once per language: `make(lang)`."""
    return {lang: make(lang) for lang in LANGS}


def text(value: Any, lang: str) -> str:
    """A stored text said in `lang`: a `Words` pair, or a plain (English) string."""
    if isinstance(value, Mapping):
        return str(value.get(lang) or value.get(DEFAULT) or "")
    return "" if value is None else str(value)


def key_of(*parts: object) -> str:
    """A stable key for a notice: the same notice always gets the same key."""
    raw = "\x1f".join("" if p is None else str(p) for p in parts)
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:12]
