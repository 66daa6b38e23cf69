"""What a phone (its seat) or the dashboard shows of a table, in its language:
the table and its seats, the game's view, the moves the seat may make with their
words, the warnings (each once), and the odds once worked out."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from . import views
from .advice import Adviser
from .engine import words as w
from .table import Notice, Partners, Table, may_make, objected


class Snapshots:
    def __init__(
        self,
        adviser: Adviser,
        find: Callable[[str], Table | None],
        changed: Callable[[str], None],
        store_problem: Callable[[], str | None],
        look: Callable[[Table], dict | None],
        partners: Callable[[str], Partners | None] = lambda code: None,
    ) -> None:
        self.adviser = adviser
        self._find, self._changed = find, changed
        self._store_problem, self._look = store_problem, look
        self._partners = partners

    def of(self, t: Table, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
        """Everything a phone (its `seat`) or the dashboard (None) shows, in `lang`
        ("en" or "de"): every text it holds is said in that language."""
        lang = w.lang_of(lang)
        partners = self._partners(t.code)
        with t.lock:
            out: dict[str, Any] = {
                "table": {
                    "code": t.code,
                    "game": t.game.name,
                    "title": views.title(t.game, lang),
                    "players": t.players,
                    "seats": [
                        {
                            "seat": s,
                            "name": t.seats[s].name if s in t.seats else None,
                            "away": s in t.away,
                            # A simulated player plays it now (the demo): a phone
                            # may take it over.
                            "bot": bool(partners and partners.answers_for(t, s)),
                            # Seconds until the demo's bot plays a seat whose phone
                            # is gone, and anyone may take it (a newcomer waited
                            # half a minute with no word of how long).
                            "bot_in": None if partners is None else partners.takes_seat_in(t, s),
                        }
                        for s in range(t.players)
                    ],
                    "started": t.state is not None,
                    # The log's length this shows: a phone's move says what it saw
                    # (a move another's came before is told "too late").
                    "n": t.next_n,
                    # A seat no phone holds is a bot's (the demo): one left is played
                    # on at once, not waited for.
                    "bots_take_seats": partners is not None,
                    # The game under way is the demo's own: a person sitting down
                    # gets a new one (the join page says so, not how far it got).
                    "new_game_on_join": bool(partners and partners.deals_for_a_person(t)),
                    # Seconds a simulated player still waits before its move closes a
                    # person's open choices (counted down on the phones).
                    "goes_on_in": partners.goes_on_in(t) if partners else None,
                    # The players enter their own cards on the phones before the start
                    # (the dice game's harvest cards at a real table).
                    "enters_cards": t.game.entries is not None
                    and t.game.entries.waits_for_entries(t.setup),
                    "varieties": list(t.game.varieties),
                    "setup": {k: v for k, v in t.setup.items() if k not in ("cards", "seed")},
                },
                "you": None if seat is None else {"seat": seat, "name": t.names.get(seat)},
                "lang": lang,
                "log": [w.text(line, lang) for line in t.log],
                "notices": [
                    n.to_json(lang) for n in t.notices + _manual(t) + self._store_notices()
                ],
                "view": None,
                "legal": [],
            }
            if seat is not None:
                out["private"] = (
                    {"hand": None, "bonus": None}
                    if t.state is None
                    else views.private(t.game, t.state, seat, lang)
                )
                # The dice game at a real table: this seat has entered its harvest cards.
                out["private"]["cards_entered"] = seat in t.cards
            if t.state is not None:
                out["view"] = views.game_view(
                    t.game, t.state, t.names, advise=False, lang=lang, you=seat
                )
                self._with_advice(t, out["view"])
                # The seats the table waits for (the panel blinks them; a phone with
                # nothing to do says whom it waits for).
                out["view"]["waiting_for"] = sorted(t.game.must_act(out["view"]))
                fresh = [n for n in out["notices"] if time.time() - n["at"] < 120]
                out["view"]["warnings"] = _once(out["view"]["warnings"] + fresh)
                if seat is not None:
                    out["legal"] = legal_for(t, seat, lang, partners)
                offer = t.offer if t.offer is not None and t.offer.n == t.next_n else None
                if offer is not None:
                    # A move waiting for another phone's yes: said to each from its
                    # side; to the others (the big screen) as the log will say it
                    # ("Trade your Coffee Bean for Bob's Soy Bean" was the maker's).
                    party = seat is not None and seat in offer.action.seats
                    out["offer"] = {
                        "by": offer.by,
                        "to": sorted(offer.to),
                        "label": views.label(t.game, t.state, offer.action, t.names, lang, seat)
                        if party
                        else views.describe(t.game, t.state, offer.action, t.names, lang=lang),
                    }
                    out["view"]["waiting_for"] = sorted(set(out["view"]["waiting_for"]) | offer.to)
                look = self._look(t)
                if look is not None:
                    out["camera"] = look  # what a correction starts from
            return out

    def _with_advice(self, t: Table, view: dict[str, Any]) -> None:
        """The odds, when worked out; else they are worked out now, beside the
        update, and the phones updated again when ready."""
        known = self.adviser.ask(t.game, t.state, lambda done: self._advice_ready(t.code, done))
        if known is not None:
            view["advice"] = known

    def _advice_ready(self, code: str, situation: tuple) -> None:
        """Odds worked out: the phones hear them if the table still stands there."""
        t = self._find(code)
        if t is not None and t.state is not None and t.game.advice_key(t.state) == situation:
            self._changed(code)

    def _store_notices(self) -> list[Notice]:
        """The store can't save: every phone and the status light say so until a
        write goes through again."""
        problem = self._store_problem()
        if problem is None:
            return []
        words = w.both(
            f"moves can't be saved: {problem}; tell the host",
            f"Züge können nicht gespeichert werden: {problem}; sagt es dem Gastgeber",
        )
        return [Notice("store", "store", words, None, time.time())]


def _manual(t: Table) -> list[Notice]:
    """Manual mode (the camera is gone), said on every phone while it lasts."""
    if t.manual is None:
        return []
    words = w.each(
        lambda lang: (
            f"Handbetrieb: {w.text(t.manual, lang)}; gebt die Züge auf den Handys ein"
            if lang == "de"
            else f"manual mode: {w.text(t.manual, lang)}; enter the moves on the phones"
        )
    )
    return [Notice("waiting", "manual", words, None, time.time())]


def legal_for(
    t: Table, seat: int, lang: str = "en", partners: Partners | None = None
) -> list[dict[str, Any]]:
    """The seat's legal actions, each with its words (said to the player: "Plant
    Soy Bean in field 2") and what the phone must still fill in (a bean the table
    saw, a new card). With `partners` (see TableService.answer_for): also the
    deals a bot offers it, and none a bot would say no to (see objected), but
    as one card of a deal to build."""
    out = []
    state = t.state
    # The seats whose hands this phone may not see: every other but a bot's (the
    # demo's bots trade in the open; a seat with no phone is a person across the
    # table).
    others = {s for s in range(t.players) if not (partners and partners.answers_for(t, s))}
    others -= {seat}
    listed: set[str] = set()  # (another person's hand cards unnamed: one entry for all)
    for action in t.game.legal_actions(state):
        if not may_make(t, action, seat, partners):
            continue
        # One card of a deal a bot says no to alone may still make a deal it takes
        # with others ("this Chili Bean and that one for your Soy Bean"): listed
        # for building deals only.
        alone = not objected(t, action, seat, partners)
        if not alone and not (action.part and t.game.combine):
            continue
        data = action.to_json()
        needs = t.game.needs(state, data)
        hidden = action.hands & others
        if hidden and not needs:
            # It names another person's hand cards (a known deck: the demo): no
            # phone may list what another person holds. Listed as at a real
            # table, the cards of their hand unnamed: this phone names the beans
            # asked for, and the companion finds them in that hand (named_cards).
            action = t.game.unseen_hands(state, action, hidden)
            data = action.to_json()
            needs = t.game.needs(state, data)
            key = json.dumps(data, sort_keys=True)
            if not needs or key in listed:
                continue
            listed.add(key)
        out.append(
            {
                "action": data,
                "label": views.label(t.game, state, action, t.names, lang, seat),
                "group": t.game.group(state, action, t.names, lang, seat),
                "needs": needs,
                "ask_again": t.game.ask_again(state, action, lang),
                "ends_step": action.ends_step,
                "any_time": action.any_time,
                "optional": action.optional,
                "risky": t.game.risky(state, action, seat),
                # another's move would close it (a trade with the active player):
                # the phone may say it wants none of these
                "window": action.window,
                # one card of a deal (see Action.part); False: not a move alone
                "part": action.part and t.game.combine is not None,
                "alone": alone,
                # that card alone, and which way it goes (the deal builder's list)
                "card": t.game.part_words(state, action, t.names, lang, seat)
                if action.part and t.game.part_words
                else None,
            }
        )
    return out


def _once(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each warning once (by its key; the latest kept)."""
    latest = {item.get("key", id(item)): i for i, item in enumerate(items)}
    return [item for i, item in enumerate(items) if latest[item.get("key", id(item))] == i]
