"""Das Würfelspiel's rules: setup, apply, legal_actions, checks, harvests, the end.

Pure functions over the immutable `DiceState`; the readings chosen where the
rulebook is silent are listed in docs/rules.md."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

from .. import words as w
from ..actions import dispatch
from ..cards import replaced, require_active, require_step
from ..errors import Rule, RuleError
from ..setup import check_knowledge, check_seed, check_start
from .actions import Action, Harvest, PassPiece, RepeatRoll, Roll, Save
from .cards import ORDERS_PER_CARD, HarvestCard, make_card, synthetic_cards
from .dice import DEFAULT_DICE, DiceSet, Die, dice_from_data, load_dice
from .odds import orders_met
from .state import DicePlayer, DiceState

HARVEST_CARDS = 55
AID_CARDS = 5
GOAL = 10  # dollars after a harvest that start the final phase
PAY = {3: 1, 4: 2, 5: 3}  # completed orders -> dollars


def _dice(faces: object) -> DiceSet:
    if faces is None:
        return DEFAULT_DICE
    if isinstance(faces, DiceSet):
        return faces
    if isinstance(faces, str | Path):
        return load_dice(faces)
    return dice_from_data(faces)


def new_game(
    players: int,
    *,
    seed: int = 0,
    knowledge: str = "known",
    start: int = 0,
    faces: object = None,
    cards: list | None = None,
) -> DiceState:
    """A new game for 2–5 players. With `knowledge="known"` the 55 harvest cards
    are the synthetic stand-ins, shuffled with `seed`; with `"hidden"` the deck is
    a count and `cards` gives each player's two cards as entered at the table:
    [[top, bottom], ...], each card five orders (bottom first) or {"number", "orders"}."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise RuleError(Rule.SETUP, f"Das Würfelspiel is for 2–5 players, not {players!r}")
    check_start(start, players)
    check_seed(seed)
    check_knowledge(knowledge)
    dice = _dice(faces)
    if knowledge == "known":
        deck = list(synthetic_cards())
        random.Random(seed).shuffle(deck)
        hands = [(deck[2 * i], deck[2 * i + 1]) for i in range(players)]
        rest: tuple | None = tuple(deck[2 * players :])
        hidden = 0
    else:
        if not isinstance(cards, list) or len(cards) != players:
            raise RuleError(Rule.SETUP, "enter each player's two harvest cards (top, bottom)")
        hands = []
        for seat, pair in enumerate(cards):
            if not isinstance(pair, list | tuple) or len(pair) != 2:
                raise RuleError(Rule.SETUP, f"seat {seat + 1}: give two cards, the top one first")
            try:
                top, bottom = (HarvestCard.from_json(c) for c in pair)
                hands.append((top, bottom))
            except RuleError as err:
                raise RuleError(Rule(err.code), f"seat {seat + 1}'s cards: {err.message}") from None
        rest, hidden = None, HARVEST_CARDS - 2 * players
    return DiceState(
        dice=dice,
        players=tuple(DicePlayer(top=t, bottom=b) for t, b in hands),
        start=start,
        active=start,
        turn=1,
        step="roll",
        faces=(None,) * len(dice.dice),
        saved=(False,) * len(dice.dice),
        rolled=(),
        piece=True,
        deck=rest,
        hidden_deck=hidden,
        aids_left=AID_CARDS,
        final=None,
        seed=seed,
        rolls=0,
        shuffles=0,
    )


# ---------------------------------------------------------------- checks


def _with(state: DiceState, seat: int, **changes: Any) -> DiceState:
    return replace(
        state, players=replaced(state.players, seat, replace(state.players[seat], **changes))
    )


def _check(state: DiceState, seat: int, beans: tuple[str, ...], new_top: bool = False) -> DiceState:
    """The player's bottom-most uncovered order, and the ones after it one by one,
    are checked against `beans`; the completed ones are covered. `new_top`: the card
    checked is the new top card, at once after a harvest."""
    p = state.players[seat]
    if p.top is None:
        return _with(state, seat, last_check=0, new_top=new_top)
    done = orders_met(p.top.orders[p.completed :], beans)
    return _with(state, seat, completed=p.completed + done, last_check=done, new_top=new_top)


def _others_check(state: DiceState) -> DiceState:
    """After every roll, before the active player saves: everyone else checks the
    dice just rolled, never the bean field."""
    rolled = tuple(state.faces[i] for i in state.rolled)
    for seat in range(len(state.players)):
        if seat != state.active:
            state = _check(state, seat, rolled)  # type: ignore[arg-type]
    return state


# A die's kind in a refusal ("die 2 (darker)"), as data/dice.toml names the kinds.
_KIND: dict[str, dict[str, str]] = {"en": {}, "de": {"darker": "dunkler", "lighter": "heller"}}


def _no_face(i: int, die: Die, bean: str, lang: str) -> str:
    """A face the die does not have, refused in beans' names (a host's friend read
    "('blue', 'garden', 'stink', …)", and in German the rule's "say for each die")."""
    kind = _KIND[lang].get(die.kind, die.kind)
    shows = w.join([w.bean(b, lang) for b in dict.fromkeys(die.faces)], lang)
    if lang == "de":
        return f"Würfel {i + 1} ({kind}) zeigt keine {w.bean(bean, lang)}: nur {shows}"
    return f"die {i + 1} ({kind}) shows no {w.bean(bean, lang)}: only {shows}"


def _roll(state: DiceState, dice: tuple[int, ...], faces: object) -> DiceState:
    """Roll `dice`: with `faces` as the table saw them, or with the game's own dice."""
    if faces is None:
        rng = random.Random(f"{state.seed}/roll/{state.rolls}")
        shown = tuple(rng.choice(state.dice.dice[i].faces) for i in dice)
    else:
        if not isinstance(faces, tuple | list) or len(faces) != len(dice):
            raise RuleError(
                Rule.WRONG_FACES, f"{len(dice)} dice were rolled; say the bean each one shows"
            )
        for i, bean in zip(dice, faces, strict=True):
            die = state.dice.dice[i]
            if bean not in die.faces:
                raise RuleError(
                    Rule.WRONG_FACES, _no_face(i, die, bean, "en"), _no_face(i, die, bean, "de")
                )
        shown = tuple(faces)
    new_faces = list(state.faces)
    for i, bean in zip(dice, shown, strict=True):
        new_faces[i] = bean
    state = replace(state, faces=tuple(new_faces), rolled=dice, rolls=state.rolls + 1, step="save")
    return _others_check(state)


# ---------------------------------------------------------------- drawing and harvesting


def _draw_card(state: DiceState, seat: int) -> tuple[DiceState, HarvestCard | None, bool]:
    """Draw a harvest card. When the deck has run out, a player turns a player aid
    to its five-dollar side in exchange for five single dollars, which become the
    new deck (the drawing player if able, else the next one able clockwise).
    Returns (state, card or None when hidden, whether a card could be drawn)."""
    if state.deck_size == 0:
        n = len(state.players)
        giver = next(
            (s for s in ((seat + k) % n for k in range(n)) if len(state.players[s].dollars) >= 5),
            None,
        )
        if giver is None or state.aids_left == 0:
            return state, None, False
        p = state.players[giver]
        five = p.dollars[-5:]
        state = _with(state, giver, dollars=p.dollars[:-5], aids=p.aids + 1)
        state = replace(state, aids_left=state.aids_left - 1, shuffles=state.shuffles + 1)
        if state.deck is not None:  # a known deck: its dollar cards are known too
            pile = [c for c in five if c is not None]
            random.Random(f"{state.seed}/aid/{state.shuffles}").shuffle(pile)
            state = replace(state, deck=tuple(pile))
        else:
            state = replace(state, hidden_deck=5)
    if state.deck is not None:
        return replace(state, deck=state.deck[1:]), state.deck[0], True
    return replace(state, hidden_deck=state.hidden_deck - 1), None, True


def _pay(state: DiceState, seat: int) -> DiceState:
    """Harvest the top card: it turns into the first dollar, one or two more dollar
    cards come from the deck; the bottom card becomes the top card. (The orders
    the last check completed went with it: "You just completed 3 orders!" stood
    beside "0 orders done".)"""
    p = state.players[seat]
    earned = PAY[min(p.completed, ORDERS_PER_CARD)]
    state = _with(
        state,
        seat,
        dollars=p.dollars + (p.top,),
        top=p.bottom,
        bottom=None,
        completed=0,
        last_check=0,
        new_top=False,
    )
    for _ in range(earned - 1):
        state, card, ok = _draw_card(state, seat)
        if ok:
            state = _with(state, seat, dollars=state.players[seat].dollars + (card,))
    return state


def _harvest(state: DiceState, a: Harvest) -> DiceState:
    p = state.players[a.player]
    if p.top is None or p.completed < 3:
        raise RuleError(
            Rule.HARVEST_TOO_EARLY,
            f"a harvest needs at least 3 completed orders; seat {a.player + 1} has {p.completed}",
        )
    entered = None
    if a.card is not None:
        entered = make_card(list(a.card), a.number)
    state = _pay(state, a.player)
    # The new bottom card: drawn from the deck and revealed.
    state, card, ok = _draw_card(state, a.player)
    if ok:
        if card is None:
            if entered is None:
                # The log replays without the card library: a number names no orders.
                if a.number is not None:
                    raise RuleError(
                        Rule.CARD_UNSEEN,
                        f"card {a.number}: enter its five orders too, bottom first; "
                        "the game can't look a card up by its number",
                    )
                raise RuleError(
                    Rule.CARD_UNSEEN,
                    "enter the new bottom harvest card drawn: its five orders, bottom first",
                )
            card = entered
        elif entered is not None and entered.orders != card.orders:
            raise RuleError(Rule.WRONG_CARD, "that is not the card drawn from the deck")
        elif a.number is not None and card.number is not None and a.number != card.number:
            raise RuleError(
                Rule.WRONG_CARD,
                f"the card drawn from the deck is card {card.number}, not {a.number}",
            )
    state = _with(state, a.player, bottom=card)
    state = _check_new_top(state, a.player)
    if state.players[a.player].total >= GOAL and state.final is None:
        state = replace(state, final=a.player)
        if a.player != state.active and state.step in ("roll", "save"):
            # Someone else reached the goal: the active player stops rolling now.
            return _stop_and_finish(state)
        if state.step == "turn-end":
            return _finish(state)
    return state


def _check_new_top(state: DiceState, seat: int) -> DiceState:
    """The new top card is checked at once against the same dice the player may use
    now: the dice just rolled for the others, the bean field for the active player
    whose turn is done; at other moments there are no such dice."""
    if seat != state.active and state.step == "save":
        beans = tuple(state.faces[i] for i in state.rolled)
    elif seat == state.active and state.step == "turn-end":
        beans = state.field
    else:
        return state
    return _check(state, seat, beans, new_top=True)  # type: ignore[arg-type]


def _stop_and_finish(state: DiceState) -> DiceState:
    """The active player places every die in the bean field as it lies, checks the
    field a final time; then the final harvests."""
    state = replace(state, saved=tuple(f is not None for f in state.faces))
    if state.field:
        state = _check(state, state.active, state.field)
    return _finish(state)


def _finish(state: DiceState) -> DiceState:
    """Every player with three or more completed orders harvests; the game is over."""
    for seat, p in enumerate(state.players):
        if p.top is not None and p.completed >= 3:
            state = _pay(state, seat)
    return replace(state, step="over")


# ---------------------------------------------------------------- the turn


def _roll_action(state: DiceState, a: Roll) -> DiceState:
    require_active(state.active, a.player, "roll the dice")
    require_step(state.step, "roll", "roll now (save a die from the last roll first)")
    dice = tuple(i for i, s in enumerate(state.saved) if not s)
    return _roll(state, dice, a.faces)


def _repeat(state: DiceState, a: RepeatRoll) -> DiceState:
    require_active(state.active, a.player, "use the bean piece")
    if state.step == "roll":
        raise RuleError(
            Rule.WRONG_STEP,
            "the bean piece repeats only the roll just made, before any of it is saved"
            if any(state.saved)
            else "roll first: the bean piece repeats the roll just made",
        )
    require_step(state.step, "save", "repeat a roll")
    if not state.piece:
        raise RuleError(Rule.PIECE_USED, "the bean piece repeats a roll only once per turn")
    return _roll(replace(state, piece=False), state.rolled, a.faces)


def _save(state: DiceState, a: Save) -> DiceState:
    require_active(state.active, a.player, "save dice")
    require_step(state.step, "save", "save dice (roll first)")
    if not a.dice:
        raise RuleError(Rule.SAVE_ONE, "after every roll at least one die goes to the bean field")
    if len(set(a.dice)) != len(a.dice):
        raise RuleError(Rule.MALFORMED_ACTION, "a die is named twice")
    for i in a.dice:
        if type(i) is not int or not 0 <= i < len(state.saved):
            raise RuleError(
                Rule.MALFORMED_ACTION,
                f"there is no die {i + 1 if type(i) is int else repr(i)} "
                f"(the dice are 1 to {len(state.saved)})",
            )
        if i not in state.rolled:
            raise RuleError(
                Rule.SAVE_ROLLED,
                f"die {i + 1} was not just rolled: only those can be saved",
            )
    saved = tuple(s or i in a.dice for i, s in enumerate(state.saved))
    state = replace(state, saved=saved)
    if not all(saved):
        return replace(state, step="roll")
    # All five in the bean field: the active player checks the field.
    state = replace(_check(state, state.active, state.field), step="turn-end")
    if state.final is not None:
        return _finish(state)
    return state


def _pass(state: DiceState, a: PassPiece) -> DiceState:
    require_active(state.active, a.player, "pass the bean piece")
    require_step(state.step, "turn-end", "pass the bean piece (save all five dice first)")
    n = len(state.dice.dice)
    return replace(
        state,
        active=(state.active + 1) % len(state.players),
        turn=state.turn + 1,
        step="roll",
        faces=(None,) * n,
        saved=(False,) * n,
        rolled=(),
        piece=True,
    )


_HANDLERS: dict[type, Callable[[DiceState, Any], DiceState]] = {
    Roll: _roll_action,
    RepeatRoll: _repeat,
    Save: _save,
    Harvest: _harvest,
    PassPiece: _pass,
}


def apply(state: DiceState, action: Action) -> DiceState:
    """The state after `action`, or RuleError; `state` itself never changes."""
    return dispatch(_HANDLERS, state, action, "Das Würfelspiel")


def legal_actions(state: DiceState) -> list[Action]:
    """Every action `apply` accepts now. Rolls are listed without faces (the engine
    rolls; at the table the camera says what they show); with a hidden deck a
    harvest is listed without the new card, which the table enters."""
    if state.over:
        return []
    me = state.active
    out: list[Action] = []
    if state.step == "roll":
        out.append(Roll(me))
    elif state.step == "save":
        for k in range(1, len(state.rolled) + 1):
            out.extend(Save(me, c) for c in combinations(state.rolled, k))
        if state.piece:
            out.append(RepeatRoll(me))
    elif state.step == "turn-end":
        out.append(PassPiece(me))
    for seat, p in enumerate(state.players):
        if p.top is not None and p.completed >= 3:
            out.append(Harvest(seat))
    return out


# ---------------------------------------------------------------- reading the state


def winners(state: DiceState) -> list[int]:
    """Most dollars wins; a tie shares the win."""
    best = max(p.total for p in state.players)
    return [s for s, p in enumerate(state.players) if p.total == best]


def summary(state: DiceState) -> dict[str, Any]:
    return {
        "game": "dice",
        "over": state.over,
        "turns": state.turn,
        "players": [
            {"seat": s, "dollars": p.total, "completed": p.completed}
            for s, p in enumerate(state.players)
        ],
        "winners": winners(state) if state.over else None,
    }


def invariants(state: DiceState) -> list[str]:
    problems = []
    held = sum((p.top is not None) + (p.bottom is not None) + len(p.dollars) for p in state.players)
    if state.deck_size + held != HARVEST_CARDS:
        problems.append(f"{state.deck_size + held} harvest cards in play, the game has 55")
    if state.aids_left + sum(p.aids for p in state.players) != AID_CARDS:
        problems.append("player aid cards are not all accounted for")
    for seat, p in enumerate(state.players):
        if not 0 <= p.completed <= ORDERS_PER_CARD:
            problems.append(f"seat {seat} has {p.completed} completed orders")
    for i, (face, saved) in enumerate(zip(state.faces, state.saved, strict=True)):
        if face is not None and face not in state.dice.dice[i].faces:
            problems.append(f"die {i} shows {face!r}, which it does not have")
        if saved and face is None:
            problems.append(f"die {i} is in the bean field without a face")
    if state.step == "turn-end" and not all(state.saved):
        problems.append("the turn ended with dice outside the bean field")
    return problems


def step_invariants(before: DiceState, action: Action, after: DiceState) -> list[str]:
    """Saved dice are never rerolled: a die in the bean field keeps its face until
    the bean piece passes."""
    if isinstance(action, PassPiece) or after.turn != before.turn:
        return []
    return [
        f"die {i} in the bean field changed from {b!r} to {a!r}"
        for i, (s, b, a) in enumerate(zip(before.saved, before.faces, after.faces, strict=True))
        if s and a != b
    ]
