"""Das Würfelspiel's actions and steps in a player's words, in English and German:
`describe` for the log (third person, with names), `label` for the phone's
buttons (second person, to the player who makes the move)."""

from __future__ import annotations

from .. import words as w
from ..errors import RuleError
from .actions import Action, Harvest, PassPiece, RepeatRoll, Roll, Save
from .state import DiceState

PAY = {3: 1, 4: 2, 5: 3}  # completed orders -> dollars (as game.PAY)

# The dice's kinds as data/dice.toml names them.
KINDS_DE = {"darker": "dunkler Würfel", "lighter": "heller Würfel"}
KINDS_EN = {"darker": "darker die", "lighter": "lighter die"}
# (several of a kind: "the 2 darker dice", "die 2 dunklen Würfel")
KINDS_DE_MANY = {"darker": "dunklen Würfel", "lighter": "hellen Würfel"}
KINDS_EN_MANY = {"darker": "darker dice", "lighter": "lighter dice"}


def kind(name: str, lang: str, many: bool = False) -> str:
    if many:
        return (KINDS_DE_MANY if lang == "de" else KINDS_EN_MANY).get(name, name)
    return (KINDS_DE if lang == "de" else KINDS_EN).get(name, name)


def label(before: DiceState, action: Action, names=None, lang: str = "en") -> str:
    """A move still to make, said to the player who makes it."""
    return describe(before, action, names, upcoming=True, lang=lang, you=True)


def _after(before: DiceState, action: Action) -> DiceState | None:
    """The state `action` leads to (None: the engine refuses it), worked out once
    for the words that depend on it."""
    from .game import apply

    try:
        return apply(before, action)
    except RuleError:
        return None


def _game_end(before: DiceState, after: DiceState | None, action: Action, names, lang: str) -> str:
    """The words "; the game ends (final harvests: …)" when `action` (leading to
    `after`) ends the game: on the button that makes the move and in the log (a
    newcomer saw the game end on a save, the dollars change, and nothing that said
    why)."""
    if after is None or after.step != "over" or before.step == "over":
        return ""
    mover = action.player if isinstance(action, Harvest) else None  # (its own said)
    paid = [
        f"{w.seat_name(names, s, lang)} {w.count(a.total - b.total, 'taler', lang)}"
        for s, (b, a) in enumerate(zip(before.players, after.players, strict=True))
        if s != mover and a.total > b.total
    ]
    if lang == "de":
        more = f" (Schlussernten: {w.join(paid, lang)})" if paid else ""
        return f"; das Spiel endet{more}"
    more = f" (final harvests: {w.join(paid, lang)})" if paid else ""
    return f"; the game ends{more}"


def _orders_completed(before: DiceState, after: DiceState | None, names, lang: str) -> str:
    """The words "; Martina completes 1 order and Björn 2 orders" for the log, when a
    roll completes others' orders or the turn's last save the active player's (a
    newcomer went from 0 to 3 orders on others' turns with nothing in the log; then
    read "orders completed: Seat 3 2" as a riddle)."""
    if after is None:
        return ""
    done = [
        (s, w.count(a.completed - b.completed, "order", lang))
        for s, (b, a) in enumerate(zip(before.players, after.players, strict=True))
        if a.top is b.top and a.completed > b.completed
    ]
    if not done:
        return ""
    verb = "erfüllt" if lang == "de" else "completes"
    first, *rest = done
    said = [f"{w.seat_name(names, first[0], lang)} {verb} {first[1]}"]
    said += [f"{w.seat_name(names, s, lang)} {orders}" for s, orders in rest]
    return f"; {w.join(said, lang)}"


def _new_top(after: DiceState | None, seat: int, lang: str) -> str:
    """The words "; on the new top card 1 order is completed at once" (rulebook: after
    a harvest the new top card is checked at once; a newcomer saw a ✓ appear on it
    that the log did not explain)."""
    done = 0 if after is None else after.players[seat].completed
    if not done:
        return ""
    orders = w.count(done, "order", lang)
    if lang == "de":
        return f"; auf der neuen obersten Karte gleich {orders} erfüllt"
    return f"; on the new top card {orders} completed at once"


def describe(
    before: DiceState,
    action: Action,
    names=None,
    upcoming: bool = False,
    lang: str = "en",
    you: bool = False,
) -> str:
    de = lang == "de"
    seat = action.player
    who = w.seat_name(names, seat, lang)

    def say(en_you: str, de_you: str, en_they: str, de_they: str) -> str:
        if you:
            return de_you if de else en_you
        return f"{who} {de_they}" if de else f"{who} {en_they}"

    # (what the move leads to: for the log, and for a save's button, which says
    # when it ends the game)
    after = _after(before, action) if not upcoming or isinstance(action, Save) else None
    if isinstance(action, Roll | RepeatRoll):
        faces = action.faces
        if faces is None and after is not None and before.deck is not None:
            # The engine's own dice (a simulated table): what they showed is known
            # only by rolling them, which is pure and the same every time.
            faces = tuple(str(after.faces[i]) for i in after.rolled)
        shown = "" if upcoming or not faces else ": " + w.beans(faces, lang)
        if not upcoming:
            shown += _orders_completed(before, after, names, lang)
        if isinstance(action, Roll):
            n = sum(1 for s in before.saved if not s)
            return say(
                "Roll 1 die" if n == 1 else f"Roll the {n} dice",
                "Würfle mit 1 Würfel" if n == 1 else f"Würfle mit den {n} Würfeln",
                f"rolls{shown}",
                f"würfelt{shown}",
            )
        n = len(before.rolled)
        dice = "the die" if n == 1 else f"the {n} dice"
        dice_de = "den Würfel" if n == 1 else f"die {n} Würfel"
        return say(
            f"Use the bean piece: roll {dice} again",
            f"Nutze die Bohnenfigur: würfle {dice_de} noch einmal",
            f"rolls again with the bean piece{shown}",
            f"würfelt mit der Bohnenfigur noch einmal{shown}",
        )
    if isinstance(action, Save):
        saved = w.join(
            [
                f"{w.bean(before.faces[i], lang)} ({kind(before.dice.dice[i].kind, lang)})"
                for i in action.dice
            ],
            lang,
        )
        end = _game_end(before, after, action, names, lang)
        if not upcoming:
            end = _orders_completed(before, after, names, lang) + end
        return say(
            f"Save {saved} in the bean field{end}",
            f"Lege {saved} ins Bohnenfeld{end}",
            f"saves {saved} in the bean field{end}",
            f"legt {saved} ins Bohnenfeld{end}",
        )
    if isinstance(action, Harvest):
        done = before.players[seat].completed
        orders = w.count(done, "order", lang)
        pay = w.count(PAY.get(min(done, 5), 0), "taler", lang)
        end = (
            ""
            if upcoming
            else _new_top(after, seat, lang) + _game_end(before, after, action, names, lang)
        )
        return say(
            f"Harvest your top card: {orders} for {pay}{end}",
            f"Ernte deine oberste Karte: {orders} für {pay}{end}",
            f"harvests {orders} for {pay}{end}",
            f"erntet {orders} für {pay}{end}",
        )
    if isinstance(action, PassPiece):
        # The piece marks whose turn it is, used or not (rulebook 004: "At the end of
        # your turn, hand the bean piece to the player on your left"); a newcomer
        # read "pass the bean piece" as about the repeat roll they never made.
        nxt = w.seat_name(names, (seat + 1) % len(before.players), lang)
        return say(
            f"End your turn: hand the bean piece to {nxt} on your left",
            f"Beende deinen Zug: gib die Bohnenfigur an {nxt} links von dir",
            f"ends the turn and hands the bean piece to {nxt}",
            f"beendet den Zug und gibt die Bohnenfigur an {nxt}",
        )
    return f"{who}: {action}"


def step_text(state: DiceState, lang: str = "en") -> str:
    de = lang == "de"
    if state.step == "over":
        return "Spiel vorbei" if de else "game over"
    if state.step == "roll":
        if any(state.saved):
            # (a newcomer, the bean field meeting the order already, asked why the
            # turn went on: the rulebook stops the rolling only with all five saved)
            # (no colon: the big screen says "Warten auf Anna: …")
            return (
                "weiterwürfeln (der Zug endet, wenn alle Würfel im Bohnenfeld liegen)"
                if de
                else "roll the dice left (the turn ends once every die is in the bean field)"
            )
        return "würfeln" if de else "roll the dice"
    if state.step == "save":
        if state.piece:
            return (
                "Würfel ins Bohnenfeld legen oder mit der Bohnenfigur noch einmal würfeln"
                if de
                else "save dice in the bean field or roll again with the bean piece"
            )
        return "Würfel ins Bohnenfeld legen" if de else "save dice in the bean field"
    if state.step == "turn-end":
        return (
            "den Zug beenden (die Bohnenfigur nach links weitergeben)"
            if de
            else "end the turn (hand the bean piece to the left)"
        )
    return state.step
