"""The games the engine knows, each described as data: how to set one up, its
actions, how to apply them, and how to read the result. Everything outside the
engine (simulation, store, web) goes through this table and never through a
game's internals."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from . import bohnanza, dice, duel
from .actions import Action, ActionCodec
from .beans import VARIETIES
from .bohnanza import view as bohnanza_view
from .dice import view as dice_view
from .duel import view as duel_view
from .setup import checked_new_game
from .sightings import DiceSightings, FieldSightings, Reads
from .view import DealCard


class TableEntries(Protocol):
    """What players enter on their phones before a real table's game starts."""

    def trial_setup(self, setup: dict[str, Any]) -> dict[str, Any]: ...

    def waits_for_entries(self, setup: dict[str, Any]) -> bool: ...

    def entry(self, cards: object, library_path: str | None) -> list[dict[str, Any]]: ...

    def library(self, library_path: str | None) -> dict[int, Any]: ...

    def with_entries(
        self, setup: dict[str, Any], players: int, entered: dict[int, list]
    ) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameDef:
    name: str
    title: str
    new_game: Callable[..., Any]
    legal_actions: Callable[[Any], list[Action]]
    apply: Callable[[Any, Action], Any]
    summary: Callable[[Any], dict]
    invariants: Callable[[Any], list[str]]
    codec: ActionCodec
    state_from_json: Callable[[dict], Any]
    # Checks across one action (before, action, after), e.g. that hand order holds.
    step_invariants: Callable[[Any, Action, Any], list[str]]
    # What the rest of the product asks a game (boardgame.io's Game hooks), so no
    # code outside a game's folder asks which game it has:
    # the state as the phones and the dashboard show it: (state, seat names, lang,
    # the reading seat or None, work out odds now) -> JSON
    view: Callable[..., dict[str, Any]]
    # what only one seat's phone shows: (state, seat, lang) -> {"hand", "bonus"}
    private: Callable[[Any, int, str], dict[str, Any]]
    # a move in the third person, and as a button says it to its player (label's
    # seat=: to another seat the move needs, a trade's partner)
    describe: Callable[..., str]
    label: Callable[..., str]
    # the heading a phone groups a move under: (state, action, names, lang, the
    # phone's seat) -> words or None (the move stands alone)
    group: Callable[..., str | None]
    # what a move the table saw still lacks: (state, action JSON) -> {field: count}
    needs: Callable[[Any, dict[str, Any]], dict[str, int]]
    titles: tuple[str, str]  # the box's name in English and German
    # the odds a phone shows, worked out beside the updates (None: no odds)
    advice_key: Callable[[Any], tuple | None] = lambda state: None
    advice: Callable[[tuple], dict[str, Any]] | None = None
    # a move one tap could regret (a field harvested for nothing): (state, action,
    # lang) -> the question a phone asks before making it, or None
    ask_again: Callable[..., str | None] = lambda state, action, lang="en": None
    # a move that may cost its player more than it says at a glance (the Duel's
    # bluff): (state, action, seat) -> bool; a phone shows it apart
    risky: Callable[[Any, Action, int], bool] = lambda state, action, seat: False
    players: tuple[int, ...] = ()  # the player counts a table may have
    # What a real table enters on the phones before the start (the dice game's
    # harvest cards): None for a game without. See dice/table.py.
    entries: TableEntries | None = None
    # The seats a view says must act now (the panel blinks their LEDs).
    must_act: Callable[[dict[str, Any]], set[int]] = lambda view: set()
    # A simulated player: (state, legal actions, rng, may_wait=) -> an action or None.
    bot: Callable[..., Any] | None = None
    # Whether a simulated player agrees to another's move that needs its seat too
    # (a trade): (state, action, seat) -> bool. None: the game has no such moves.
    agrees: Callable[[Any, Action, int], bool] | None = None
    # The one move that parts of a deal make together (see Action.part): (state,
    # parts) -> the move (RuleError if they make none). None: the game has no deals.
    combine: Callable[[Any, list[Action]], Action] | None = None
    # A move as a phone that cannot see the hands of some seats lists it: (state,
    # action, those seats) -> the move with their hand cards unnamed (a phone names
    # them); and such a move named by beans, put where a known hand holds them:
    # (state, action) -> the move (RuleError: the hand holds none).
    unseen_hands: Callable[[Any, Action, frozenset[int]], Action] = lambda state, action, seats: (
        action
    )
    named_cards: Callable[[Any, Action], Action] = lambda state, action: action
    # One card of a deal as a phone lists it when a deal is built: (state, action,
    # names, lang, seat) -> the card (which way it goes, in words) or None.
    part_words: Callable[..., DealCard | None] | None = None
    # What the camera reads at this game's table: bean fields or dice; and the bean
    # varieties its cards (or dice) show (what the camera is taught).
    reads: Reads = Reads.FIELDS
    varieties: tuple[str, ...] = ()
    default_players: int = 2
    # The players rebuilt the draw deck: None if the count agrees, else what the
    # companion counts (None as a hook: the game has no deck to rebuild).
    reshuffled: Callable[[Any], str | None] | None = None
    # What the camera's sightings mean to the game (its camera.py): a FieldSightings
    # when it reads fields, a DiceSightings when it reads dice.
    sightings: FieldSightings | DiceSightings | None = None
    state_type: type | None = None
    editions: tuple[str, ...] = ()  # the editions a table may choose (the first by default)
    # each edition's name on the host's form, in English and German
    edition_labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the player counts an edition is for, where they differ from the game's
    edition_players: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # The game's own command-line tools: adds its subcommands to the CLI's
    # (argparse subparsers). None: the game has none.
    commands: Callable[[Any], None] | None = None

    @property
    def settings(self) -> frozenset[str]:
        """The setup's settings by name (edition, knowledge, seed, ...)."""
        return frozenset(inspect.signature(self.new_game).parameters)

    @property
    def field_sightings(self) -> FieldSightings:
        if self.reads != Reads.FIELDS or self.sightings is None:
            raise TypeError(f"{self.title}: its camera reads no bean fields")
        return cast(FieldSightings, self.sightings)

    @property
    def dice_sightings(self) -> DiceSightings:
        if self.reads != Reads.DICE or self.sightings is None:
            raise TypeError(f"{self.title}: its camera reads no dice")
        return cast(DiceSightings, self.sightings)

    def title_in(self, lang: str = "en") -> str:
        return self.titles[1] if lang == "de" else self.titles[0]

    def edition_in(self, edition: str, lang: str = "en") -> str:
        labels = self.edition_labels.get(edition, (edition, edition))
        return labels[1] if lang == "de" else labels[0]

    def players_in(self, edition: str | None = None) -> tuple[int, ...]:
        """The player counts a table of `edition` (None: the game's first) may have."""
        return self.edition_players.get(edition or "", self.players)

    def setup_for(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The engine's setup for a table of `players` (a game for a fixed number
        takes no 'players' setting)."""
        setup = dict(options)
        if self.fixed_players is None:
            setup["players"] = players
        return setup

    @property
    def fixed_players(self) -> int | None:
        return self.players[0] if len(self.players) == 1 else None

    def action_from_json(self, data: object) -> Action:
        return self.codec.from_json(data)


def _from_package(
    name: str,
    package: Any,
    view: Any,
    state: Any,
    players: tuple[int, ...],
    default_players: int,
    reads: Reads,
    varieties: tuple[str, ...],
) -> GameDef:
    """Every game package offers the same functions under the same names, and its
    `view` module what the phones show. A setup that lacks a setting or names an
    unknown one is a RuleError, not a TypeError."""
    title = view.TITLE[0]
    fixed = players[0] if len(players) == 1 else None
    return GameDef(
        name=name,
        title=title,
        new_game=checked_new_game(package.new_game, title, fixed),
        legal_actions=package.legal_actions,
        apply=package.apply,
        summary=package.summary,
        invariants=package.invariants,
        codec=package.CODEC,
        state_from_json=state.from_json,
        step_invariants=package.step_invariants,
        view=view.view,
        private=view.private,
        describe=view.describe_action,
        label=view.label,
        group=view.group,
        needs=view.needs,
        titles=view.TITLE,
        advice_key=getattr(view, "advice_key", lambda state: None),
        advice=getattr(view, "advice", None),
        ask_again=getattr(view, "ask_again", lambda state, action, lang="en": None),
        risky=getattr(view, "risky", lambda state, action, seat: False),
        players=players,
        entries=_part(package, "table"),
        must_act=view.must_act,
        bot=_part(package, "players").choose,
        agrees=getattr(_part(package, "players"), "agrees", None),
        combine=getattr(package, "combine", None),
        unseen_hands=getattr(package, "unseen_hands", lambda state, action, seats: action),
        named_cards=getattr(package, "named_cards", lambda state, action: action),
        part_words=getattr(view, "part_words", None),
        reads=reads,
        varieties=varieties,
        default_players=default_players,
        reshuffled=getattr(view, "reshuffled", None),
        sightings=_part(package, "camera"),
        state_type=state,
        commands=getattr(_part(package, "commands"), "add_commands", None),
        editions=tuple(getattr(package, "EDITIONS", ())),
        edition_labels=dict(getattr(package, "EDITION_LABELS", {})),
        edition_players=dict(getattr(package, "EDITION_PLAYERS", {})),
    )


def _part(package: Any, name: str) -> Any:
    """A module of a game's folder (None: the game has none)."""
    module = f"{package.__name__}.{name}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name != module:
            raise  # the part is there but something it imports is missing: say so
        return None


GAMES: dict[str, GameDef] = {
    "bohnanza": _from_package(
        "bohnanza",
        bohnanza,
        bohnanza_view,
        bohnanza.State,
        players=(2, 3, 4, 5, 6, 7),
        default_players=4,
        reads=Reads.FIELDS,
        varieties=tuple(VARIETIES),
    ),
    "duel": _from_package(
        "duel",
        duel,
        duel_view,
        duel.DuelState,
        players=(2,),
        default_players=2,
        reads=Reads.FIELDS,
        varieties=duel.LADDER,
    ),
    "dice": _from_package(
        "dice",
        dice,
        dice_view,
        dice.DiceState,
        players=(2, 3, 4, 5),
        default_players=3,
        reads=Reads.DICE,
        varieties=dice.DICE_FACES,
    ),
}


def game_of(state: Any) -> GameDef:
    """The game a state is of."""
    for game in GAMES.values():
        if game.state_type is not None and isinstance(state, game.state_type):
            return game
    raise TypeError(f"no game plays {type(state).__name__}")


def dice_faces() -> tuple[str, ...]:
    """The beans bean dice show: the varieties of the game whose camera reads dice
    (teaching the dice reader, and the synthetic dice, ask no game by name)."""
    return next(g.varieties for g in GAMES.values() if g.reads == Reads.DICE)
