"""The demo's synthetic tables and simulated players: dice thrown and saved on a
synthetic dice mat, cards laid in synthetic bean fields, each filmed by a
synthetic camera and read by the real readers; players at human pace who do
on the phone what a camera can't see, and hand a seat to a phone that takes it.
Used by `companion demo` and the tests."""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import time
from dataclasses import dataclass

import numpy as np

from ..engine import RuleError
from ..engine import words as w
from ..engine.actions import Action
from ..engine.games import GAMES
from ..errors import CompanionError
from ..table import YOU
from ..tables import TableError, TableService

log = logging.getLogger("companion.demo")


def bot_choice(game: str, state, legal: list, rng: random.Random, may_wait: bool = False):
    """A simulated player's move: each game's own bot (`players.choose`), which
    plays as a sensible person would. `may_wait`: None when no move is worth
    making now (a bot doesn't harvest its fields for nothing while a person plays)."""
    bot = GAMES[game].bot
    if bot is None:
        raise TypeError(f"{GAMES[game].title} has no simulated player")
    return bot(state, legal, rng, may_wait=may_wait)


# A phone gone this long (its screen locked, its player away from the table) hands
# its seat back to the bot until it comes back: the table never waits on it.
AWAY_AFTER = 30.0
# A game over is shown this long before the demo deals again; with a person
# seated, long enough to read their standings on the phone and talk it over.
REDEAL_AFTER = 15.0
REDEAL_WITH_PEOPLE = 120.0
# A person's move that another's move closes (see Action.window) is left open this
# long before a simulated player's move closes it: time to read the phone and tap;
# while the person's phone has a list of moves open, up to LOOKING_GRACE.
# (8 s was too short to read a list of deals and tap one; 12 s too short for a
# newcomer to read the sheet, open "Trade with Seat 2 › 17 choices" and choose)
WINDOW_GRACE = 18.0
LOOKING_GRACE = 30.0
# The first person to sit down at a table the simulated players had to themselves
# gets a game from its start (a newcomer sat down two turns before the Duel's end):
# dealt once the last simulated move has been seen, or after this long anyway.
DEAL_FOR_A_PERSON_WITHIN = 5.0
# News for the people seated ("a new game was dealt for you") stays this long though
# the bots move on (a warning goes with the next move).
NEWS_KEPT = 30.0


# A person back at a seat a bot played meanwhile is told so this long.
RETURN_KEPT = 60.0


def result_text(t, lang: str) -> str:
    """How the game at `t` ended, in `lang` ("Seat 3 wins with 11 dollars.")."""
    from ..views import game_view

    view = game_view(t.game, t.state, t.names, advise=False, lang=lang)
    return str(view.get("result_text") or "")


@dataclass
class Covered:
    """A person's seat a bot plays while their phone is away."""

    token: str  # the seat's phone's (another phone taking the seat is not greeted)
    since: float  # (wall clock, as Table.away)
    result: w.Words | None = None  # how their game ended, if it did meanwhile

    def words(self, now: float) -> w.Words:
        gone = max(now - self.since, 0.0)
        minutes = int(gone // 60)

        def said(lang: str) -> str:
            spell = (
                w.count(minutes, "minute", lang)
                if minutes >= 1
                else w.count(int(gone), "second", lang)
            )
            if lang == "de":
                out = f"Während dein Handy weg war ({spell}), hat ein Bot für dich gespielt."
                if self.result:
                    out += f" Dein Spiel ist zu Ende: {self.result['de']} Dies ist ein neues."
                return out
            out = f"While your phone was away ({spell}), a bot played your seat."
            if self.result:
                out += f" Your game ended: {self.result['en']} This is a new one."
            return out

        return w.each(said)


class Bots:
    """Plays every seat no phone plays, one action per `pace` seconds: seats no
    phone has taken and seats whose phone has been gone for `away_after` seconds
    (the seat stays that phone's: when it reconnects, it plays again)."""

    def __init__(
        self,
        service: TableService,
        code: str,
        pace: float,
        seed: int,
        away_after: float = AWAY_AFTER,
        clock=None,
        window_grace: float = WINDOW_GRACE,
    ) -> None:
        self.service, self.code, self.pace = service, code, pace
        self.away_after = away_after
        self.window_grace = window_grace
        # (log length, when): a person's window move opened, or the person last moved
        self.window_opened: tuple[int, float] | None = None
        self.looking_since: float | None = None  # a person's phone opened a list of moves
        self.clock = clock or time.monotonic
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.woken = threading.Event()  # the table changed: look again now
        self.thread = threading.Thread(target=self._run, name="demo-bots", daemon=True)
        self.followed: int | None = None  # the log length the table was last laid out for
        # The games a person has sat down in (a person who leaves and sits down again
        # plays on), and since when a person waits for a new game to be dealt.
        t = service.find(code)
        self.people_in: set[int | None] = {t.game_id} if t is not None and t.seats else set()
        self.person_sat: float | None = None
        # The phones (seat, token) seen seated: one new to a game under way is told it
        # took over a bot's seat (see _greet_takeovers).
        self.seen: set[tuple[int, str]] = set() if t is None else self._held(t)
        # The people's seats a bot plays while their phone is away (see
        # _greet_returns): the seat's token, since when (wall clock, as Table.away),
        # and the results of the games that ended meanwhile.
        self.covered: dict[int, Covered] = {}

    def start(self) -> None:
        self.service.subscribe(self._table_changed)
        self.service.answer_for(self.code, self)
        self.thread.start()

    # The seats no phone plays answer for themselves when a person's move needs
    # them (a trade): see tables.Partners.
    def answers_for(self, t, seat: int) -> bool:
        return seat not in self.humans(t)

    def objection(self, t, action: Action, seat: int) -> str | None:
        """Why the bot at `seat` says no to a person's move that needs it, or None."""
        if t.game.agrees is None or t.game.agrees(t.state, action, seat):
            return None
        return f"{w.seat_name(t.names, seat, 'en')} says no: that deal does not help them"

    def takes_seat_in(self, t, seat: int) -> float | None:
        since = t.away.get(seat)
        if since is None or seat not in t.seats:
            return None
        left = since + self.away_after - time.time()
        return left if left > 0 else None

    def goes_on_in(self, t) -> float | None:
        """How long the wait of waits_for_a_person has left (said on the phones: a
        newcomer reading the deals saw them vanish with no warning). Worked out as
        that wait works it out, without changing it; called with the table held."""
        if t.state is None or t.state.over:
            return None
        now = self.clock()
        opened = self.window_opened
        start = now if opened is None or self._window_reopens(t) else opened[1]
        due = start + self.window_grace
        if t.looking & self.humans(t):
            since = self.looking_since if self.looking_since is not None else now
            due = max(due, since + LOOKING_GRACE)
        return max(due - now, 0.0)

    def deals_for_a_person(self, t) -> bool:
        """A game the simulated players had to themselves: see _deal_for_a_person."""
        return (
            not t.seats
            and t.state is not None
            and not t.state.over
            and t.next_n > 0
            and t.game_id not in self.people_in
        )

    def _table_changed(self, code: str) -> None:
        if code == self.code:
            self.woken.set()

    def humans(self, t) -> set[int]:
        """The seats phones play now (and those a person is sitting down at)."""
        return t.played_by_phones(self.away_after) | t.arriving

    def moved_elsewhere(self, t) -> bool:
        """The game moved on by a phone or the host since the table was last laid
        out: what lies on the table must follow it (one truth: the game's)."""
        if t.last_source in ("camera", "demo", None) or self.followed == t.next_n:
            return False
        self.followed = t.next_n
        return True

    def waits_for_a_person(self, t, legal: list[Action], humans: set[int]) -> bool:
        """Whether a person still has time for a move a bot's move would close (a
        trade the active bot would take, a bo(h)nus card to discard): WINDOW_GRACE
        from when it opened, or from the person's last move (see Action.window)."""
        # (a person who said "none for me" is not waited for in this step of this turn)
        now = (t.state.active, t.state.step)
        open_to = {s for s in humans if t.passed.get(s) != now}
        # (a card the bot takes only in a deal counts while the person's phone has a
        # list open: they may be building one)
        building = bool(t.looking & open_to) and t.game.combine is not None
        if not any(
            type(a).window
            and a.seats & open_to
            and (
                all(self.objection(t, a, s) is None for s in a.seats - humans)
                or (building and a.part)
            )
            for a in legal
        ):
            self.window_opened = None
            self.looking_since = None
            return False
        if t.state.active in open_to and any(
            type(a).window and t.state.active in a.seats for a in legal
        ):
            # The person's own turn, which waits for them anyway (they end it): a
            # choice of theirs a bot's move would close (The Duel's bo(h)nus card to
            # discard before the draws) stays until they make it or say "none for
            # me" (after WINDOW_GRACE it vanished while a newcomer read the cards).
            return True
        opened = self.window_opened
        if opened is None or self._window_reopens(t):
            opened = self.window_opened = (t.next_n, self.clock())
        if t.looking & humans:
            # A person is choosing among the moves (a list open on the phone): the
            # table waits while they read, up to LOOKING_GRACE.
            if self.looking_since is None:
                self.looking_since = self.clock()
            if self.clock() - self.looking_since < LOOKING_GRACE:
                return True
        else:
            self.looking_since = None
        return self.clock() - opened[1] < self.window_grace

    def _window_reopens(self, t) -> bool:
        """The wait for a person starts (again) now: none is open, or a person moved
        since it opened (they get the whole grace again)."""
        opened = self.window_opened
        return opened is None or (opened[0] != t.next_n and t.last_source == "phone")

    def step(self) -> bool:
        """Make one bot move if one is due; True if a move was made."""
        with self.service.holding(self.code) as t:
            state = t.state
            if state is None:
                return False
            if state.over:
                return False
            humans = self.humans(t)
            every = t.game.legal_actions(state)
            legal = [a for a in every if not a.seats & humans]
            waiting = self.waits_for_a_person(t, every, humans)
        if not legal or waiting:
            return False
        action = bot_choice(t.game.name, state, legal, self.rng, may_wait=True)
        if action is None:
            return False
        try:
            self.service.act(self.code, action.to_json(), source="demo")
        except CompanionError:
            return False  # the table moved on meanwhile (a phone acted)
        self._note_window()
        return True

    def _note_window(self) -> None:
        """A wait for a person starts with the move that opened it, as the phones are
        told (goes_on_in), not at the next look a `pace` later (their countdown went
        up by that much)."""
        with self.service.holding(self.code) as t:
            if t.state is not None and not t.state.over:
                self.waits_for_a_person(t, t.game.legal_actions(t.state), self.humans(t))

    def _deal_again_when_due(self, t) -> None:
        """Show the result, then deal again (unless the host dealt meanwhile). Said
        on the phones (a newcomer looked at the result for a minute and a half with
        nothing to say a new game would come)."""
        game, since = t.game_id, self.clock()
        if self.humans(t):  # (counted down on the phones: {left} is filled in there)
            self.service.notice(
                self.code,
                "demo",
                w.both(
                    "The demo deals a new game in {left}",
                    "Die Demo teilt in {left} ein neues Spiel aus",
                ),
                left=REDEAL_WITH_PEOPLE,
            )
        while not self.stop.is_set() and t.game_id == game and t.state.over:
            if t.seats and game not in self.people_in:
                # A person sat down at the bots' game over: theirs is dealt now, not
                # after the two minutes people get to look at their own result (a
                # newcomer was shown "Pat wins" of a game they never played, and
                # nothing to do).
                self._deal_for_a_person(t)
                self.stop.wait(0.2)
                continue
            self._greet_returns(t)
            wait = REDEAL_WITH_PEOPLE if self.humans(t) else REDEAL_AFTER
            if self.clock() - since >= wait:
                self.service.start_game(self.code)
                if t.seats:  # (the people seated play this one from its start)
                    self._people_play(self.service.table(self.code))
                return
            self.stop.wait(1.0)

    def at_rest(self) -> bool:
        """No simulated move is under way (thrown, laid, not yet seen)."""
        return True

    def dealt(self) -> None:
        """A new game was dealt mid-game: the table is laid out for it."""

    def _deal_for_a_person(self, t) -> bool:
        """A person sat down at a table the simulated players had to themselves, its
        game under way or over: a new game is dealt (once the last move was seen), and said.
        True: the loop waits for it."""
        if not t.seats:
            self.person_sat = None
            return False
        if t.game_id in self.people_in or t.state is None:
            return False
        if t.next_n == 0:  # (a game at its start: theirs already)
            self._people_play(t)
            return False
        now = self.clock()
        self.person_sat = self.person_sat if self.person_sat is not None else now
        if not self.at_rest() and now - self.person_sat < DEAL_FOR_A_PERSON_WITHIN:
            return True
        self.service.start_game(self.code)
        t = self.service.table(self.code)
        self._people_play(t)
        self.person_sat = None
        self.dealt()
        # (to the people seated now: one who sits down later, or the big screen, was
        # told "for you" of a game dealt for someone else)
        for seat in sorted(t.seats):
            self.service.notice(
                self.code,
                YOU,
                w.both(
                    "A new game was dealt for you: the bots had been playing on their own",
                    "Für dich wurde ein neues Spiel ausgeteilt: die Bots hatten allein gespielt",
                ),
                seat=seat,
                keep=NEWS_KEPT,
            )
        return True

    @staticmethod
    def _held(t) -> set[tuple[int, str]]:
        return {(s, seat.token) for s, seat in t.seats.items()}

    def _people_play(self, t) -> None:
        """The game now under way is the seated people's from its start: not dealt
        again for them, and nobody seated now took over a bot's seat in it."""
        self.people_in.add(t.game_id)
        self.seen |= self._held(t)

    def _greet_takeovers(self, t) -> None:
        """A person who takes over a bot's seat in a game under way is told so on
        their phone (a newcomer dropped into a gift exchange the bot had started, with
        nothing said); one who comes back to their seat is not."""
        held = self._held(t)
        new = held - self.seen
        self.seen |= held
        if not new or t.state is None or t.state.over or t.next_n == 0:
            return
        for seat, _ in sorted(new):
            self.service.notice(
                self.code,
                YOU,
                w.both(
                    "You took over this seat from a bot, in the game under way: "
                    "the log below says what happened so far",
                    "Du hast diesen Platz mitten im Spiel von einem Bot übernommen: "
                    "das Protokoll unten sagt, was bisher geschah",
                ),
                seat=seat,
                keep=NEWS_KEPT,
            )

    def _cover_the_away(self, t) -> None:
        """Note the seats whose phone is away and that a bot plays now, and what
        became of them: a person who comes back is told (a newcomer's phone, closed
        for a while, came back to a new game with nothing said)."""
        humans = self.humans(t)
        over = t.state is not None and t.state.over
        for seat, held in t.seats.items():
            c = self.covered.get(seat)
            if c is not None and c.token != held.token:
                c = None  # (another phone took the seat meanwhile)
                del self.covered[seat]
                self._drop_away_notice(t, seat)
            if c is None and seat not in humans:
                c = self.covered[seat] = Covered(held.token, t.away.get(seat, time.time()))
                # Said now, not at the seat's next move: the join page offers the
                # seat from now on (a person whose phone lost its data saw "the
                # host can free the seat" until a bot played their turn).
                name = held.name
                self.service.notice(
                    self.code,
                    "away",
                    w.both(
                        f"{name}'s phone is gone: a bot plays for {name} until it is back "
                        "(or until someone takes the seat on the join page)",
                        f"{name}s Handy ist weg: ein Bot spielt für {name}, bis es zurück "
                        "ist (oder jemand den Platz auf der Beitrittsseite nimmt)",
                    ),
                    key=f"away-{seat}",
                    keep=RETURN_KEPT,
                )
            if c is not None and over and c.result is None:  # (their game: the first)
                c.result = w.each(lambda lang: result_text(t, lang))
        for seat in set(self.covered) - set(t.seats):  # (the seat freed)
            del self.covered[seat]
            self._drop_away_notice(t, seat)

    def _drop_away_notice(self, t, seat: int) -> None:
        """The seat's "phone is gone" notice, once the seat is a phone's again."""
        self.service.drop_notice(self.code, f"away-{seat}")

    def _greet_returns(self, t) -> None:
        """A person whose phone comes back to a seat a bot played meanwhile is told
        so on it, with how their game ended if it did."""
        self._cover_the_away(t)
        # (not a seat someone is sitting down at: that is another phone taking it
        # over, told so apart; greeted as a return, the newcomer read "While your
        # phone was away (2 minutes), a bot played your seat")
        for seat in sorted(self.covered.keys() & (self.humans(t) - t.arriving)):
            c = self.covered.pop(seat)
            self._drop_away_notice(t, seat)
            self.service.notice(self.code, YOU, c.words(time.time()), seat=seat, keep=RETURN_KEPT)

    def _answer_offer(self) -> None:
        """An offer waiting for a seat a bot now plays (its phone went away after the
        offer was made) is answered as one made to the bot would be: its maker
        waited on "Waiting for Anna (bot) to answer", and no answer came."""
        with self.service.holding(self.code) as t:
            offer = t.offer
            if offer is None:
                return
            seats = [s for s in sorted(offer.to) if self.answers_for(t, s)]
            if not seats:
                return
            yes = self.objection(t, offer.action, seats[0]) is None
        # (an offer answered, taken back or lapsed meanwhile is no bot's slip)
        with contextlib.suppress(CompanionError):
            self.service.answer_offer(self.code, seats[0], yes, offer)

    def _run(self) -> None:
        while not self.stop.is_set():
            t = self.service.find(self.code)
            if t is None:
                return
            try:
                if t.state is not None and t.state.over:
                    self._deal_again_when_due(t)
                    continue
                if self._deal_for_a_person(t):
                    self.stop.wait(0.2)
                    continue
                self._greet_takeovers(t)
                self._greet_returns(t)
                self._answer_offer()
                self.step()
            except Exception:  # a bot's slip must not stop the demo table
                if self.stop.is_set():
                    # (the demo stopping closes the store after a bounded wait: a
                    # move it cut short is no slip)
                    return
                log.exception("demo: a simulated player's move failed; playing on")
            # The next move after `pace`, or at once when a phone moved (the table
            # follows what the phone did without waiting).
            self.woken.clear()
            self.woken.wait(self.pace)


LOOK_TIME = 1.2  # s: dice thrown land, lie still, and the camera has read them
LOOK_WAIT = 6.0  # s: the longest a player waits for the camera's look before correcting it
HAND_TIME = 0.5  # s: a hand laying a card or putting dice in the tray, in and out


def hand_frames(reach):
    """A hand's pictures, one a frame: coming in, resting still (for the settle
    detector to hold back), going."""
    return [np.roll(reach, 9, axis=1), reach, reach, reach, np.roll(reach, -9, axis=0)]


def unrolled(state) -> bool:
    """The dice game's turn has not been rolled yet (its dice lie where the last
    player left them)."""
    return all(face is None for face in state.faces)


def frame_at(frames: list, since: float, length: float):
    """Of `frames` spread over `length` seconds, the one `since` seconds in."""
    return frames[min(int(since / length * len(frames)), len(frames) - 1)]


class DiceWorld:
    """The dice game's table as things: five dice, each a (face, kind), lying in
    the rolling area or the bean-field tray. The simulated players move them; the
    camera films them (`frame`): tumbling for a moment after every throw; after a
    save, the player's hand, resting still a moment over the tray, then gone."""

    def __init__(
        self, state, seed: int, tumble: float = 0.4, size: tuple[int, int] = (960, 720)
    ) -> None:
        from .dice_scenes import DiceMatTable

        self.mat = DiceMatTable(seed=seed, size=size, die_px=0.058 * size[0])
        self.kinds = [d.kind for d in state.dice.dice]
        self.dice_faces = [d.faces for d in state.dice.dice]
        self.faces: list[str] = [faces[0] for faces in self.dice_faces]
        self.saved = [False] * len(self.faces)  # the start: the dice lie in the rolling area
        self.rng = random.Random(seed)
        self.tumble = tumble
        self.lock = threading.Lock()
        self._still = self._look(set(range(len(self.faces))))
        self._until = 0.0
        self.changed = 0.0  # when the dice last moved
        self._tumbling: list = []
        self._tumble = 0
        self._saving: list = []  # the hand's pictures after a save
        self._since = 0.0

    def _look(self, thrown: set[int]):
        return self.mat.look(list(zip(self.faces, self.kinds, strict=True)), self.saved, thrown)

    def _show(self, thrown: set[int], now: float) -> None:
        from .dice_scenes import _hand

        look = self._look(thrown)
        saving = []
        if not thrown:  # dice put in the tray by hand: coming in, resting, going
            reach = look.copy()
            _hand(reach, np.random.default_rng(self.rng.randrange(1 << 30)))
            saving = hand_frames(reach)
        with self.lock:
            self._still, self._saving = look, saving
            self._until = now + (self.tumble if thrown else HAND_TIME)
            self._since = self.changed = now

    @property
    def resting(self) -> float:
        """When the dice of the last move lie still (the first still picture)."""
        return self._until

    def throw(self, dice: list[int], now: float) -> None:
        for i in dice:
            self.faces[i] = self.rng.choice(self.dice_faces[i])
            self.saved[i] = False
        self._show(set(dice), now)

    def follow(self, state, now: float) -> None:
        """Lay the dice as the game has them (a move made on a phone): dice whose
        face changed are thrown, landing as the game rolled them; dice saved are
        put in the tray by hand. A turn not yet rolled moves nothing: the dice lie
        as the last player left them until this one throws (laid back into the
        rolling area after a harvest on the phone, the camera saw five dice there
        and read the person's roll)."""
        if unrolled(state):
            return
        thrown, moved = set(), False
        for i, (face, saved) in enumerate(zip(state.faces, state.saved, strict=True)):
            if face is not None and face != self.faces[i]:
                self.faces[i] = face
                thrown.add(i)
            moved = moved or self.saved[i] != saved
            self.saved[i] = saved
        if thrown or moved:
            self._show(thrown, now)

    def lies_as(self, state) -> bool:
        """The dice lie as the game has them (dice of a kind are alike)."""
        faces = [f for f, s in zip(state.faces, state.saved, strict=True) if not s]
        mine = [f for f, s in zip(self.faces, self.saved, strict=True) if not s]
        return None in state.faces or (
            sorted(faces) == sorted(mine) and sorted(state.field) == sorted(self.field)
        )

    @property
    def field(self) -> list[str]:
        return [f for f, s in zip(self.faces, self.saved, strict=True) if s]

    def save(self, faces: list[str], now: float) -> bool:
        """Move dice showing `faces` from the rolling area to the tray (False: no
        such dice lie there, and nothing moved)."""
        loose = [i for i, s in enumerate(self.saved) if not s]
        chosen: list[int] = []
        for face in faces:
            i = next((i for i in loose if self.faces[i] == face and i not in chosen), None)
            if i is None:
                return False
            chosen.append(i)
        for i in chosen:
            self.saved[i] = True
        self._show(set(), now)
        return True

    def seen(self):
        """What truly lies where (the player's correction when the camera misread)."""
        from ..engine.sightings import Seen, SeenDie
        from .dice_scenes import DiceMatTable

        tray = DiceMatTable.TRAY * self.mat.size[1]
        dice = [
            SeenDie(face, *self.mat.places[i][:2])
            for i, face in enumerate(self.faces)
            if i in self.mat.places
        ]
        return Seen(
            tuple(d for d in dice if d.y < tray),
            tuple(d for d in dice if d.y >= tray),
            self.mat.die_px,
        )

    def frame(self, now: float):
        with self.lock:
            if now < self._until and self._saving:
                return frame_at(self._saving, now - self._since, HAND_TIME)
            if now < self._until:
                # Dice in the air: any pictures of them will do, as long as each
                # differs from the one before (drawn once: drawing them is slow).
                if not self._tumbling:
                    self._tumbling = [self.mat.tumbling() for _ in range(3)]
                self._tumble = (self._tumble + 1) % len(self._tumbling)
                return self._tumbling[self._tumble]
            return self._still


class CameraBots(Bots):
    """The dice game's simulated players with the camera in the loop: they move the
    dice of a `DiceWorld`, and the camera side tells the table what happened. What
    the camera can't see (harvesting a card) they still do on the table directly."""

    def __init__(self, service, code, pace, seed, world: DiceWorld, live, clock=None) -> None:
        super().__init__(service, code, pace, seed, clock=clock)
        self.world, self.live = world, live
        self.corrections = 0
        # What the players truly did, in order: ("roll" or "repeat", (face, kind) of
        # every die thrown, as they landed), ("save", faces), ("pass",), or ("phone",
        # action) for what is done on the phone.
        self.script: list[tuple] = []

    def at_rest(self) -> bool:
        return self.clock() >= self.world.changed + LOOK_TIME and self.live.pending is None

    def _thrown(self, how: str, dice: list[int]) -> tuple:
        w = self.world
        return (how, tuple(sorted((w.faces[i], w.kinds[i]) for i in dice)))

    def step(self) -> bool:
        with self.service.holding(self.code) as t:
            state = t.state
            if state is None or state.over:
                return False
            humans = self.humans(t)
            # A phone rolled or saved: the dice follow (not while a bot's own throw
            # is still in the air, unread: a phone's harvest moves no dice).
            in_flight = self.clock() < self.world.changed + LOOK_TIME
            if (state.active in humans or not in_flight) and self.moved_elsewhere(t):
                self.world.follow(state, self.clock())
                return True
            if state.active in humans:
                return False
            legal = t.game.legal_actions(state)
        if self.clock() < self.world.changed + LOOK_TIME:
            return False  # the dice still roll, or the camera hasn't looked yet
        if self.live.pending is not None:  # the phone asks: the player confirms
            try:
                self.live.confirm()
            except CompanionError:
                return False  # the camera's next look answered it meanwhile
            return True
        # The player glances at the phone: what the camera read is what lies there,
        # or the player corrects it (a misread face, or a look that didn't fit).
        # A turn not rolled yet needs no correction: its throw takes all five dice,
        # from wherever they lie (a new game dealt while a bot's hand laid dice in
        # the tray: told to lay them as the game has them, the bot moved nothing).
        misread = not self.world.lies_as(state)
        if (self.live.problem is not None or misread) and not unrolled(state):
            self.live.correct(self.world.seen())
            self.corrections += 1
            if self.live.problem is not None:
                # Still no fit: the player lays the dice as the game has them.
                self.world.follow(self.service.table(self.code).state, self.clock())
            return True
        # The seats no phone plays move as their game's bot would (a harvest when
        # it pays); a harvest is a card, not the dice: done on the phone.
        ours = [a for a in legal if not a.seats & humans]
        game = self.service.table(self.code).game
        action = bot_choice(game.name, state, ours, self.rng, True)
        if action is None:
            return False
        move = game.dice_sightings.by_hand(state, action)
        # A move no camera sees (a harvest is a card), or the bean piece passed to a
        # person (they throw when they choose, on the phone; the table follows):
        # said on the phone.
        if not move.how or (move.how == "pass" and game.apply(state, action).active in humans):
            try:
                self.service.act(self.code, action.to_json(), source="demo")
            except CompanionError:
                return False
            self.script.append(("phone", action))
            return True
        with self.service.holding(self.code) as held:
            # (a person who took the seat meanwhile makes the move: see TableService.join)
            if held.state is not state or state.active in self.humans(held):
                return False
            return self._move_dice(state, move)

    def _move_dice(self, state, move) -> bool:
        now = self.clock()
        # The world's dice are its own: which one the engine calls die 2 it can't
        # know (dice of a kind are alike), so it throws what lies in its rolling area.
        if move.how in ("roll", "repeat"):
            # (a turn's first throw takes every die, from wherever the last player left it)
            dice = [i for i, s in enumerate(self.world.saved) if unrolled(state) or not s]
            self.world.throw(dice, now)
            self.script.append(self._thrown(move.how, dice))
        elif move.how == "save":
            if not self.world.save(list(move.faces), now):
                self.world.follow(state, now)  # the table and the game drifted: lay it right
                return True
            self.script.append(("save", tuple(sorted(move.faces))))
        elif move.how == "pass":
            dice = list(range(len(state.faces)))
            self.world.throw(dice, now)  # the next player throws
            self.script += [("pass",), self._thrown("roll", dice)]
        else:
            return False
        return True


def dice_camera(
    service: TableService,
    code: str,
    seed: int,
    size: tuple[int, int] = (960, 720),
    clock=None,
):
    """The synthetic dice table, the reader taught at it, the camera feed reading
    it into the table: (world, feed, live). `clock`: the time the world and the
    feed go by (a test's or a benchmark's own; the real one by default)."""
    from ..tracker.live import CameraFeed, LiveDice, dice_look
    from ..vision.camera import FunctionCamera
    from ..vision.teach import TeachMode
    from .dice_scenes import BEANS, DiceMatTable

    world = DiceWorld(service.table(code).state, seed, size=size)
    mat = world.mat
    empty = mat.empty()
    teach = TeachMode(list(BEANS), empty, target=12)
    for face in range(len(BEANS)):
        while teach.progress()[BEANS[face]] < 1.0:
            teach.add(mat.teaching(face), face)
    reader = teach.reader()
    tray_y = DiceMatTable.TRAY * mat.size[1]
    read = dice_look(reader, list(BEANS), empty, tray_y, service.table(code).state)
    live = LiveDice(service, code, read)
    service.attach_tracker(code, live)  # the phones answer its questions
    clock = clock or time.monotonic
    camera = FunctionCamera(lambda _t: world.frame(clock()))
    return world, CameraFeed(camera, live.frame, service, code, clock=clock), live


FIELD_SLOTS = 3  # every seat's mat has room for three fields (the most any card game lays)


class CardWorld:
    """A card game's table as things: every seat's bean fields and the face-up
    cards, lying on a synthetic table (`sim.card_scenes.CardTable`) that the
    camera films (`frame`): after every move, a hand coming in, resting still over
    the card it laid for a few frames, and going; then the table still."""

    def __init__(
        self, state, seed: int, reach: float = HAND_TIME, size: tuple[int, int] = (1280, 960)
    ) -> None:
        from .card_scenes import CardTable

        self.table = CardTable(len(state.players), FIELD_SLOTS, seed=seed, size=size)
        self.reach = reach
        self.lock = threading.Lock()
        self._still = self.table.look()
        self._moving = [self._still]
        self._until = self._since = 0.0
        self.changed = 0.0  # when the table last changed

    def fields(self) -> list[list[tuple[str, ...]]]:
        """What truly lies in every field, seat by seat."""
        t = self.table
        return [[tuple(t.columns[t.slot(s, f)]) for f in range(t.fields)] for s in range(t.seats)]

    def face_up(self) -> list[str]:
        return [c for c in self.table.face_up if c is not None]

    def show(self, state, now: float, hand: bool = True) -> None:
        """Lay the table out as `state` has it (a player's move, done by hand)."""
        t = self.table
        moved = None
        for s, player in enumerate(state.players):
            for f in range(t.fields):
                want = list(player.fields[f]) if f < len(player.fields) else []
                slot = t.slot(s, f)
                if t.columns[slot] != want:
                    if want[: len(t.columns[slot])] != t.columns[slot]:
                        t.harvest(slot)  # cleared (and maybe planted anew)
                    t.columns[slot] = want
                    moved = slot
        face_up = list(state.face_up[: t.PLACES])
        if sorted(self.face_up()) != sorted(face_up):
            kept = [c for c in t.face_up]
            for i, c in enumerate(kept):  # cards taken leave their place; new ones fill gaps
                if c is not None and c in face_up:
                    face_up.remove(c)
                else:
                    kept[i] = None
            for i in range(len(kept)):
                if kept[i] is None and face_up:
                    kept[i] = face_up.pop(0)
            t.face_up = kept
            moved = 0 if moved is None else moved
        if moved is None:
            return
        still = t.look()
        # A hand laying a card moves: a few pictures of it, one after another.
        if hand:
            reach = t.reaching(moved)
            moving = hand_frames(reach)
        else:
            moving = [still]
        with self.lock:
            self._still, self._moving = still, moving
            self._until, self.changed = now + (self.reach if hand else 0.0), now
            self._since = now

    @property
    def resting(self) -> float:
        """When the last move's hand left the table (the first still picture)."""
        return self._until

    def frame(self, now: float):
        with self.lock:
            if now < self._until:
                return frame_at(self._moving, now - self._since, self.reach)
            return self._still


class CardBots(Bots):
    """A card game's simulated players with the camera in the loop: they
    lay cards, clear fields and turn cards over on a `CardWorld`, and the camera
    tells the table; the rest they do on the phone. When the camera got a card
    wrong they put it right on the phone, as a player would. `script` is every
    move they made, in order (what the table must end up having done)."""

    def __init__(self, service, code, pace, seed, world: CardWorld, live, clock=None) -> None:
        super().__init__(service, code, pace, seed, clock=clock)
        self.world, self.live = world, live
        self.corrections = 0
        self.script: list = []
        self.expect: Action | None = None  # the move the camera should have seen
        self.look_before: object = None  # the camera's last look when that move was laid

    def at_rest(self) -> bool:
        # (the camera has seen the last cards laid: dealt now, it reads no old move
        # into the new game; `dealt` lets go of what it still expects)
        return self.clock() >= self.world.changed + LOOK_TIME and self.live.pending is None

    def dealt(self) -> None:
        self.expect = None
        self.live.pending = self.live.problem = None
        self.world.show(self.service.table(self.code).state, self.clock(), hand=False)

    def _matches(self, state, seats=None) -> bool:
        """The table lies as `state` has it (only `seats`' fields, if given)."""
        fields = [[tuple(c) for c in p.fields] for p in state.players]
        world = self.world.fields()
        same = all(
            world[s][f] == (fields[s][f] if f < len(fields[s]) else ())
            for s in range(len(world))
            if seats is None or s in seats
            for f in range(len(world[s]))
        )
        return same and sorted(self.world.face_up()) == sorted(state.face_up[:4])

    def step(self) -> bool:
        with self.service.holding(self.code) as t:
            state = t.state
            if state is None or state.over:
                return False
            # A player planted, harvested or turned cards over on the phone: the
            # table follows (their hand lays the cards), and the camera, which
            # compares against the game, sees nothing new to do.
            if self.expect is None and self.moved_elsewhere(t) and not self._matches(state):
                self.world.show(state, self.clock())
                return True
            humans = self.humans(t)
            every = t.game.legal_actions(state)
            legal = [a for a in every if not a.seats & humans]
            waiting = self.waits_for_a_person(t, every, humans)
        if self.clock() < self.world.changed + LOOK_TIME:
            return False  # the hand is still over the table, or the camera hasn't looked
        if self.expect is not None:
            return self._check(state)
        if not legal or waiting:
            return False
        choice = bot_choice(t.game.name, state, legal, self.rng, may_wait=True)
        if choice is None:
            return False
        sightings = t.game.field_sightings
        action = sightings.first_alike(state, choice)
        if sightings.sees(action):
            with self.service.holding(self.code) as held:
                # (a person who took the seat meanwhile makes the move: see
                # TableService.join)
                if held.state is not state or action.seats & self.humans(held):
                    return False
                self.world.show(t.game.apply(state, action), self.clock())
                self.expect, self.look_before = action, self.live.last
        else:
            try:
                self.service.act(self.code, action.to_json(), source="demo")
            except CompanionError:
                return False
            self.world.show(self.service.table(self.code).state, self.clock(), hand=False)
        self.script.append(action)
        return True

    def _check(self, state) -> bool:
        """The camera should have seen the last move: if the game doesn't hold what
        lies on the table, the player puts the field right on the phone (or, when
        it was the cards turned over, enters the move)."""
        expected = self.expect
        assert expected is not None, "checked only after a move"
        if self.live.last is self.look_before and self.clock() < self.world.changed + LOOK_WAIT:
            # The camera has not looked since (a loaded machine reads slower than
            # LOOK_TIME): nothing to put right yet.
            return False
        if self._matches(state) and self.live.pending is None and self.live.problem is None:
            self.expect = None
            return False
        pending = self.live.pending
        if pending is not None and self._matches_after(pending):
            try:
                self.live.confirm()
            except CompanionError:
                return False  # the camera's next look answered it meanwhile: checked again
            self.expect = None
            return True
        # Only the fields of the player who moved are this move's: another seat's
        # field that differs was changed on a phone, and the table follows it.
        mover = {expected.player}
        if self._matches(state, mover) and self.live.pending is None and self.live.problem is None:
            self.expect = None
            self.world.show(state, self.clock(), hand=False)
            return True
        self.corrections += 1
        fields = [[tuple(c) for c in p.fields] for p in state.players]
        for s, seat in enumerate(self.world.fields()):
            for f, cards in enumerate(seat):
                if s in mover and cards != (fields[s][f] if f < len(fields[s]) else ()):
                    # (refused, the camera never having read the table: the move
                    # is entered below)
                    with contextlib.suppress(CompanionError):
                        self.service.correct_field(self.code, s, f, list(cards))
        after = self.service.table(self.code).state
        if not self._matches(after, mover):
            # Not a field the camera got wrong: the move, entered on the phone.
            with contextlib.suppress(RuleError, TableError):
                self.service.act(self.code, expected.to_json(), source="demo")
        if not self._matches(self.service.table(self.code).state):
            self.world.show(self.service.table(self.code).state, self.clock(), hand=False)
        self.expect = None
        return True

    def _matches_after(self, outcome) -> bool:
        t = self.service.table(self.code)
        state = t.state
        try:
            for a in outcome.actions:
                state = t.game.apply(state, a)
        except RuleError:
            return False
        return self._matches(state)


def cards_camera(
    service: TableService,
    code: str,
    seed: int,
    size: tuple[int, int] = (1280, 960),
    clock=None,
):
    """The synthetic card table, the field reader taught at it (a card of each
    variety laid in the first field, as a player would), the camera feed reading
    it into the table: (world, feed, live)."""
    from ..tracker.live import CameraFeed, LiveFields, card_reading
    from ..vision.camera import FunctionCamera
    from ..vision.field_reader import CardTeach

    t = service.table(code)
    world = CardWorld(t.state, seed, size=size)
    table = world.table
    teach = CardTeach(list(t.game.varieties))
    for bean in teach.varieties:
        teach.add(table.teaching(bean), table.quads[0], bean)
    quads = [
        [table.quads[table.slot(s, f)] for f in range(table.fields)] for s in range(table.seats)
    ]
    live = LiveFields(service, code, *card_reading(teach.reader(), quads, table.place_quads))
    service.attach_tracker(code, live)
    clock = clock or time.monotonic
    camera = FunctionCamera(lambda _t: world.frame(clock()))
    return world, CameraFeed(camera, live.frame, service, code, clock=clock), live
