"""The live table: camera frames in, the table's actions out, for the dice game
(LiveDice) and the card games (LiveFields). Every frame goes to the settle
detector; a settled picture is read (the dice reader on the mat's rolling area and
tray; the field reader on every field slot and face-up place), the tracker turns
the look into the engine's actions, and the table service applies them as the
camera's. A problem or an unsure reading becomes a notice on the phones and the
status light; an unsure one waits for the player's one tap (`confirm`) or a
correction (`correct`, `correct_field`)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from ..engine import words
from ..engine.errors import RuleError
from ..engine.games import game_of
from ..engine.sightings import Outcome, Reads, Seen, SeenDie
from ..errors import Refusal
from ..vision.camera import Camera, CameraError
from ..vision.settle import SettleDetector, for_dice
from .dice import DiceTracker
from .fields import FieldsOutcome, SeenField, interpret_fields
from .link import ReadingError, TableLink, TableView

log = logging.getLogger(__name__)

# Quiet frames after motion before a picture counts as settled, at the camera's 10
# frames a second: the first frame of dice at rest still differs from the last of
# them rolling, so one quiet frame more is 100 ms of stillness. A hand that stops
# over the table is quiet too: the detector holds the settle while an arm reaches in
# from the picture's edge (SettleDetector.reaching_in).
STILL_FRAMES = 1


def settle_detector(laid=()) -> SettleDetector:
    """The live table's settle detector; `laid`: where cards are laid (the field
    slots and face-up places, in picture pixels), whose changes are no arm's."""
    return SettleDetector(still_frames=STILL_FRAMES, laid=[np.float32(q) for q in laid])


def dice_settle_detector(die_px: float, frame: tuple[int, int]) -> SettleDetector:
    """The dice mat's settle detector, when the mat's calibration tells a die's side
    in the picture (`die_px`, pictures of `frame`: width, height): one small die
    thrown again is motion (see `settle.for_dice`)."""
    return for_dice(die_px, frame, still_frames=STILL_FRAMES)


SURROUND = (0.8, 1.2)  # a die's surround: this many of its sides from its centre


def _tone(gray: np.ndarray, cx: float, cy: float, w: float, h: float) -> float:
    """How light a die's body is (its 80th percentile: the body, not its bean) against
    the table right around it (the median of a ring SURROUND of its side from its
    centre): a lamp lights one side of the table more than the other, and a lighter
    die in the dim part is darker, as a level, than a darker die in the bright part
    (a demo table: 3 % of looks judged the kinds wrong, every die's face read right)."""
    import cv2

    body = cv2.getRectSubPix(gray, (max(int(w), 1), max(int(h), 1)), (cx, cy))
    side = max(w, h)
    r = int(SURROUND[1] * side) + 1
    around = cv2.getRectSubPix(gray, (2 * r + 1, 2 * r + 1), (cx, cy))
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    ring = np.hypot(xx, yy)
    ring = around[(ring >= SURROUND[0] * side) & (ring <= SURROUND[1] * side)]
    return float(np.percentile(body, 80)) / max(float(np.median(ring)), 1.0)


def dice_look(
    reader,
    classes: list[str],
    empty: np.ndarray | None,
    tray_y: float | Callable[[float, float], bool],
    state,
    die_px: float | None = None,
    region: np.ndarray | None = None,
) -> Callable[[np.ndarray], Seen]:
    """How a settled picture of the dice mat is read: every die (the dice reader,
    against the empty mat when there is one), in the rolling area above `tray_y` or
    in the tray below it (or where `tray_y(x, y)` says it is in the tray), its kind
    from how light it looks against the table around it (the game's
    `kinds_by_tone`). The reader is told how many dice there are when the game says
    how many lie on the mat (`on_mat`): a plain number, the reader knows no rule.
    `die_px`: a die's side in the picture's pixels where the dice lie, when a
    calibrated mat tells it (another plain number: the reader then reads every die
    at one scale, however high the camera hangs); without it the reader guesses the
    size from the taught dice. `region`: a mask of the picture where a die's centre
    may lie (the mat's rolling area and tray), if known."""
    import cv2

    # Below a line across the picture, or (a calibrated mat) inside the tray's outline.
    in_tray = tray_y if callable(tray_y) else (lambda _x, y: y >= tray_y)
    dice_on_mat = game_of(state).dice_sightings.on_mat(state)  # once: the dice don't change

    def read(image: np.ndarray) -> Seen:
        found = reader.read(image, region=region, empty=empty, die_px=die_px, expected=dice_on_mat)
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        tones = [_tone(gray, d.cx, d.cy, d.w, d.h) for d in found]
        kinds = game_of(state).dice_sightings.kinds_by_tone(tones, state)
        dice = [
            SeenDie(classes[d.face], d.cx, d.cy, d.confidence, kind)
            for d, kind in zip(found, kinds, strict=True)
        ]
        return Seen(
            tuple(d for d in dice if not in_tray(d.x, d.y)),
            tuple(d for d in dice if in_tray(d.x, d.y)),
            float(np.median([d.w for d in found])) if found else 1.0,
        )

    return read


@dataclass(frozen=True)
class Applied:
    """What the camera last applied to the game from one look: how many actions,
    the log's length after them, and (dice) the look and the reading before it. A
    correction takes back exactly these while nothing came after."""

    actions: int
    log_after: int
    look: Any = None
    before: Any = None


def _said(outcome: Outcome | FieldsOutcome) -> words.Words:
    """A look's problem in both languages (a notice on every phone)."""
    assert outcome.problem is not None
    return words.both(outcome.problem, outcome.problem_de)


@dataclass
class LiveDice:
    """A dice game at the table: settled pictures of the dice mat in, the table's
    actions out (a roll, a save, the bean piece passed), through the game's
    DiceSightings; an unsure face waits for its player's tap (`confirm`) or a
    correction (`correct`)."""

    reads: ClassVar[Reads] = Reads.DICE
    service: TableLink
    code: str
    read: Callable[[np.ndarray], Seen]  # a settled picture -> what lies where
    detector: SettleDetector = field(default_factory=settle_detector)
    tracker: DiceTracker = field(default_factory=DiceTracker)
    pending: Outcome | None = None  # waiting for the player's confirmation
    problem: str | None = None  # the last look didn't fit the game: waiting for a correction
    asked: Seen | None = None  # the look a question (confirm, or correct) is about
    _last: Applied | None = None  # the last look applied (undone by a correction)
    _agreed: int | None = None  # the log's length when the game last agreed with a look
    _judged: int | None = None  # the log's length the last look was judged against
    _game: int | None = None  # the game all of the above belongs to
    # The camera's thread judges a look while a phone's answers one (confirm,
    # correct): one at a time, or both apply the same look.
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    def _follow_game(self, t: TableView) -> None:
        """A new game at the table: the old game's question and problem are no part
        of it. The last look stays: it is how the dice lie (the new game's first
        throw is read against it)."""
        if t.game_id == self._game:
            return
        self._game = t.game_id
        self.pending = self.problem = None
        self.asked = None
        self._last = None
        self._agreed = self._judged = None

    def frame(self, image: np.ndarray) -> Outcome | None:
        """One camera frame; the outcome when the picture settled, else None."""
        if self.detector.update(image) != "settled":
            return None
        t = self.service.table(self.code)
        state = t.state
        if state is None or state.over:  # nothing more to read until the next game
            return None
        seen = self.read(image)
        with self._lock:
            return self._judge(seen)

    def _judge(self, seen: Seen) -> Outcome | None:
        t = self.service.table(self.code)
        state = t.state
        if state is None or state.over:  # a phone made the last move while it was read
            return None
        self._follow_game(t)
        self._judged = t.next_n
        if self._agreed != t.next_n and game_of(state).dice_sightings.agrees(state, seen):
            # The game moved on without the camera (a move entered on a phone) and
            # the dice now lie as it has them: the camera compares against the game,
            # so this is how the table lies, not a move. A problem the camera said
            # about this table (a hand over the tray hid two dice) is over.
            if self.problem is not None:
                self.service.clear_notices(self.code)
            self.tracker.last, self.asked, self.problem, self.pending = seen, None, None, None
            self._agreed = t.next_n
            return Outcome()
        outcome = self.tracker.see(state, seen)
        self.asked = seen if (outcome.problem or outcome.needs_confirmation) else None
        seat = state.active
        self.problem = outcome.problem
        if outcome.problem:
            self.service.notice(self.code, "illegal", _said(outcome), seat=seat)
        elif outcome.needs_confirmation:
            self.pending = outcome
            faces = [d.face for d in outcome.unsure]
            self.service.notice(
                self.code,
                "uncertain",
                words.both(
                    f"the camera isn't sure of {words.beans(faces, 'en')}: confirm or correct",
                    f"die Kamera ist sich bei {words.beans(faces, 'de')} nicht sicher: "
                    "bestätige oder korrigiere",
                ),
                seat,
            )
        else:
            self._apply(outcome)
        return outcome

    def answers(self, seat: int, state) -> bool:
        """The player whose dice they are answers the camera's questions."""
        return state.active == seat

    def look_json(self) -> dict | None:
        """What the camera last saw (or asks about), for the phone's correction form:
        the faces in the rolling area and in the bean field."""
        self._follow_game(self.service.table(self.code))
        seen = self.asked or self.tracker.last
        if seen is None:
            return None
        return {"rolled": [d.face for d in seen.rolled], "field": [d.face for d in seen.field]}

    def confirm(self) -> None:
        """The player tapped: the unsure look is right."""
        with self._lock:
            self._follow_game(self.service.table(self.code))
            if self.pending is None:
                raise ReadingError(
                    Refusal.NOTHING_TO_CONFIRM, "no reading waits for a confirmation"
                )
            outcome, self.pending = self.pending, None
            self._apply(outcome)

    def correct_field(self, seat: int, f: int, cards: list[str]) -> FieldsOutcome:
        raise ReadingError(Refusal.WRONG_GAME, "this table's camera reads dice, not bean fields")

    def correct_faces(self, rolled: list[str], field: list[str]) -> Outcome:
        """The player says the faces (rolling area, bean field) of the look the
        camera asked about, or of its last look: the dice stay where they were
        seen, their faces are the player's."""
        with self._lock:
            return self._correct_faces(rolled, field)

    def _correct_faces(self, rolled: list[str], field: list[str]) -> Outcome:
        self._follow_game(self.service.table(self.code))
        seen = self.asked or self.tracker.last
        if seen is None:
            raise ReadingError(Refusal.NOTHING_TO_CORRECT, "the camera has not read the dice yet")
        if len(rolled) != len(seen.rolled) or len(field) != len(seen.field):
            raise ReadingError(
                Refusal.WRONG_COUNT,
                f"the camera sees {len(seen.rolled)} dice rolled and {len(seen.field)} "
                "in the bean field: name each one",
            )
        fixed = Seen(
            tuple(
                SeenDie(f, d.x, d.y, 1.0, d.kind) for f, d in zip(rolled, seen.rolled, strict=True)
            ),
            tuple(
                SeenDie(f, d.x, d.y, 1.0, d.kind) for f, d in zip(field, seen.field, strict=True)
            ),
            seen.side,
        )
        return self.correct(fixed)

    def correct(self, seen: Seen) -> Outcome:
        """The player said what really lies where: the game follows that. When the
        camera's last reading was wrong (a face misread), what the camera applied
        from it is taken back first and the corrected look read in its place."""
        with self._lock:
            return self._correct(seen)

    def _correct(self, seen: Seen) -> Outcome:
        self.pending = None
        t = self.service.table(self.code)
        self._follow_game(t)
        about = self.asked if self.asked is not None else self.tracker.last
        # Only what the camera applied from the very look put right is taken back: a
        # later look that didn't fit (a save misread) leaves the roll before it be.
        last = self._last
        if last is not None and last.log_after == t.next_n and last.look is about:
            for _ in range(last.actions):
                self.service.undo(self.code, source="camera")
            self.tracker.last = last.before
        self._last = None
        state = t.state
        self._judged = self.service.table(self.code).next_n
        sure = Seen(
            tuple(SeenDie(d.face, d.x, d.y, 1.0, d.kind) for d in seen.rolled),
            tuple(SeenDie(d.face, d.x, d.y, 1.0, d.kind) for d in seen.field),
            seen.side,
        )
        if game_of(state).dice_sightings.agrees(state, sure):
            # The player says the dice lie as the game has them (a die nudged by a
            # hand, not rolled): that is how the table lies now, not a move.
            self.tracker.last, self.asked, self.problem = sure, None, None
            self._agreed = t.next_n
            self.service.clear_notices(self.code)
            return Outcome()
        outcome = self.tracker.see(state, sure)
        self.problem = outcome.problem
        self.asked = sure if outcome.problem else None
        if outcome.problem:
            self.service.notice(self.code, "illegal", _said(outcome), seat=state.active)
        else:
            self._apply(outcome)
        return outcome

    def _apply(self, outcome: Outcome) -> None:
        before = self.tracker.last
        if outcome.actions:
            try:  # one look, one update: all its actions or none
                self.service.act_all(
                    self.code, [a.to_json() for a in outcome.actions], source="camera"
                )
            except RuleError as err:
                if self.service.table(self.code).next_n == self._judged:
                    self.service.notice(self.code, "illegal", words.both(err.message, err.de))
                # (else a phone moved the game on since the look was judged: its
                # refusal says nothing of the table; the next look is judged anew)
                return
        self.tracker.accepted()
        if outcome.actions:  # what a correction would take back, while nothing came after
            n = self.service.table(self.code).next_n
            self._last = Applied(len(outcome.actions), n, self.tracker.last, before)
        self._agreed = self.service.table(self.code).next_n


@dataclass
class CameraFeed:
    """Frames from the camera to `on_frame`, for one table. A camera that stops
    delivering (unplugged, a driver error) puts the table in manual mode with a
    notice on every phone; the feed keeps trying to reopen it every `retry`
    seconds, and when frames come again the table is read again. The service
    itself never stops for it."""

    camera: Camera
    on_frame: Callable[[np.ndarray], object]
    service: TableLink
    code: str
    retry: float = 2.0
    clock: Callable[[], float] = time.monotonic
    lost: str | words.Words | None = None
    _next_try: float = 0.0
    _slip: str | None = None  # the last frame's failure, said once

    def step(self) -> bool:
        """Take one frame and hand it on; False when there was none."""
        if self.lost is not None:
            if self.clock() < self._next_try:
                return False
            try:
                self.camera.stop()
                self.camera.start()
            except Exception as err:  # reopening is best effort: the next try comes
                return self._failed(CameraError(str(err)))
        try:
            frame = self.camera.read()
        except CameraError as err:
            return self._failed(err)
        if self.lost is not None:
            self.lost = None
            self.service.camera_lost(self.code, None)
        try:
            self.on_frame(frame.image)
        except Exception as err:  # noqa: BLE001 -- one bad frame must not stop the camera
            # (the store failing for a moment, a table ended under the tracker, a
            # reader's slip): said once in the journal, and the next frame is read.
            said = f"{type(err).__name__}: {err}"
            if said != self._slip:
                log.warning("camera: a frame could not be read into table %s: %s", self.code, said)
            self._slip = said
        else:
            self._slip = None
        return True

    def _failed(self, err: CameraError) -> bool:
        self._next_try = self.clock() + self.retry
        why = words.both(f"the camera stopped ({err})", f"die Kamera ist ausgefallen ({err})")
        if self.lost != why:
            self.lost = why
            self.service.camera_lost(self.code, why)
        return False

    def run(self, stop: threading.Event, fps: float = 10.0) -> None:
        """Step at `fps` until `stop` is set (the service's camera thread)."""
        period = 1.0 / fps
        while not stop.is_set():
            started = self.clock()
            self.step()
            stop.wait(max(0.0, period - (self.clock() - started)))


@dataclass(frozen=True)
class CardsSeen:
    """One settled look at a card game's table."""

    fields: tuple[tuple[SeenField, ...], ...]  # seat by seat, field by field
    face_up: tuple[str | None, ...] = ()  # the face-up places (None: empty; (): none in view)
    face_up_sure: tuple[float, ...] = ()  # how sure each face-up place's reading is


# A slot whose picture (small, blurred) has fewer than CHANGED_PIXELS pixels that
# differ by CHANGED_BY gray levels or more from the last time it was read still holds
# what it held: sensor noise and a drifting light stay far below that; a card laid,
# even one more of the same bean (its column grows by a strip), changes 70 or more.
CHANGED_BY, CHANGED_PIXELS = 25, 10


def _thumbnail(image: np.ndarray, quad) -> np.ndarray:
    import cv2

    x, y, w, h = cv2.boundingRect(np.asarray(quad, np.float32))
    crop = image[max(y, 0) : y + h, max(x, 0) : x + w]
    if crop.size == 0:  # out of the picture
        return np.zeros((48, 24), np.int16)
    small = cv2.resize(crop, (24, 48), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (3, 3), 0).astype(np.int16)


def _unless_unchanged(read: Callable) -> Callable:
    """`read(image, quad)`, done again only where the picture changed: a move
    changes one slot or two, and a big table has twenty-one."""
    kept: dict[object, tuple[np.ndarray, object]] = {}

    def again(k, image: np.ndarray, quad):
        now = _thumbnail(image, quad)
        last = kept.get(k)
        if (
            last is not None
            and np.count_nonzero(np.abs(now - last[0]) >= CHANGED_BY) < CHANGED_PIXELS
        ):
            return last[1]
        reading = read(image, quad)
        kept[k] = (now, reading)
        return reading

    return again


def cards_look(reader, quads: list[list], places: list) -> Callable[[np.ndarray], CardsSeen]:
    """How a settled picture of a card table is read: every field slot of every
    seat (`quads[seat][field]`, from the calibrated mats) by the field reader, and
    the face-up places by `read_spot`; a slot or place that looks as it did when
    last read keeps that reading."""
    from ..vision.field_reader import read_spot

    every = [q for seat in quads for q in seat]
    look: dict = {}  # the look being read: the light over the table, once a slot is read

    def read_field(image: np.ndarray, quad):
        if "lamp" not in look:  # (a look where no slot changed warps none for it)
            # every slot's white: a lamp's reflection over one slot is not the lamp's
            look["lamp"] = reader.lamp(image, every)
        return reader.read(image, quad, lamp=look["lamp"])

    field = _unless_unchanged(read_field)
    spot = _unless_unchanged(lambda image, q: read_spot(reader, image, q))
    numbered = [[((i, f), q) for f, q in enumerate(seat)] for i, seat in enumerate(quads)]

    def read(image: np.ndarray) -> CardsSeen:
        look.clear()
        fields = tuple(
            tuple(
                SeenField(tuple(r.cards), r.confidence, tuple(r.margins))
                for r in (field(k, image, q) for k, q in seat)
            )
            for seat in numbered
        )
        spots = [spot(k, image, q) for k, q in enumerate(places)]
        return CardsSeen(fields, tuple(r.card for r in spots), tuple(r.confidence for r in spots))

    return read


def card_reading(reader, quads: list[list], places: list) -> tuple[Callable, SettleDetector]:
    """A card table's camera side, its two halves: how a settled picture is read
    (cards_look) and when a picture has settled (a detector told that the slots and
    places read are where cards are laid, not arms)."""
    laid = [q for seat in quads for q in seat] + list(places)
    return cards_look(reader, quads, places), settle_detector(laid)


@dataclass
class LiveFields:
    """A card game at the table: camera frames in, the table's actions
    out. A settled picture is read (every field, the face-up places), the tracker
    turns it into plantings, harvests and cards turned over, and the table service
    applies them as the camera's. A look that breaks a rule becomes a notice (and
    nothing changes) until the table is put right; an unsure new card waits for
    its player's tap (`confirm`) or a correction (`correct_field`)."""

    reads: ClassVar[Reads] = Reads.FIELDS

    service: TableLink
    code: str
    read: Callable[[np.ndarray], CardsSeen]
    detector: SettleDetector = field(default_factory=settle_detector)
    pending: FieldsOutcome | None = None  # waiting for a confirmation
    problem: str | None = None  # the last look didn't fit the game
    last: CardsSeen | None = None  # the last look read
    _last: Applied | None = None
    # Every field as the game had it when the camera last looked: a field the game
    # changed since without the camera (a move entered on a phone) that still lies
    # as it did is the table not yet laid to match, not a move.
    _game_fields: tuple | None = None
    _lagging: dict = field(default_factory=dict)  # (seat, field) -> what still lies there
    _judged: int | None = None  # the log's length the last look was judged against
    # (as LiveDice's: a look judged, or answered, at a time)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    def frame(self, image: np.ndarray) -> FieldsOutcome | None:
        """One camera frame; the outcome when the picture settled, else None."""
        if self.detector.update(image) != "settled":
            return None
        state = self.service.table(self.code).state
        if state is None or state.over:  # nothing more to read until the next game
            return None
        seen = self.read(image)
        with self._lock:
            self.last = seen
            return self._see(seen)

    def _see(self, seen: CardsSeen) -> FieldsOutcome:
        t = self.service.table(self.code)
        state = t.state
        if state.over:  # a phone made the last move while the picture was read
            return FieldsOutcome()
        since = self._since_look(t)
        self._judged = t.next_n
        fields = self._as_the_game_moved(state, [list(s) for s in seen.fields], since)
        outcome = self._interpret(state, seen, fields)
        self._remember_game()
        return outcome

    def _since_look(self, t) -> list:
        """The states the game passed through since the camera's last look (moves
        made elsewhere: a phone's), the one it has now aside."""
        if self._judged is None:
            return []
        return [st for n, st in t.past if self._judged < n < t.next_n]

    def _as_the_game_moved(self, state, fields: list, since: list) -> list:
        """`fields` (a look) with every slot the game changed elsewhere since the
        camera's last look, and that still lies as it did then or as the game had it
        since (`since`: two phone moves, the hand laying the first), taken as the
        game has it: the table is not laid to match yet, which is no move."""
        was = self._game_fields
        for seat, p in enumerate(state.players):
            for f, cards in enumerate(p.fields):
                if seat >= len(fields) or f >= len(fields[seat]):
                    continue
                lies = fields[seat][f].cards
                if (seat, f) in self._lagging:
                    if lies == tuple(cards) or lies != self._lagging[(seat, f)]:
                        del self._lagging[(seat, f)]  # laid as the game has it, or moved
                    else:
                        fields[seat][f] = SeenField(tuple(cards), 1.0)
                    continue
                old = was[seat][f] if was is not None and f < len(was[seat]) else None
                if old is None or lies == tuple(cards):
                    continue
                had = {old} | {
                    tuple(st.players[seat].fields[f])
                    for st in since
                    if f < len(st.players[seat].fields)
                }
                if lies in had:
                    self._lagging[(seat, f)] = lies
                    fields[seat][f] = SeenField(tuple(cards), 1.0)
        return fields

    def _remember_game(self) -> None:
        state = self.service.table(self.code).state
        self._game_fields = tuple(tuple(tuple(c) for c in p.fields) for p in state.players)

    def _interpret(self, state, seen: CardsSeen, fields: list) -> FieldsOutcome:
        outcome = interpret_fields(
            state,
            fields,
            seen.face_up or None,  # () : no face-up places in view
            seen.face_up_sure,
        )
        self.pending = None
        if outcome.problem:
            self.problem = outcome.problem
            self.service.notice(self.code, "illegal", _said(outcome), seat=outcome.seat)
        elif outcome.unsure and outcome.actions:
            self.problem = None
            self.pending = outcome
            seat, f = outcome.unsure[0]
            self.service.notice(
                self.code,
                "uncertain",
                words.both(
                    f"the camera isn't sure of the new card in field {f + 1}: confirm or correct",
                    f"die Kamera ist sich bei der neuen Karte in Feld {f + 1} nicht sicher: "
                    "bestätige oder korrigiere",
                ),
                seat,
            )
        else:
            if self.problem is not None and not outcome.actions:
                self.service.clear_notices(self.code)
            self.problem = None
            self._apply(outcome)
        return outcome

    def answers(self, seat: int, state) -> bool:
        """Whose field the camera is unsure of confirms; any player puts their own
        field right."""
        if self.pending is not None:
            return seat in {s for s, _ in self.pending.unsure}
        return 0 <= seat < len(state.players)

    def confirm(self) -> None:
        """The player tapped: the unsure card is what the camera read."""
        with self._lock:
            if self.pending is None:
                raise ReadingError(
                    Refusal.NOTHING_TO_CONFIRM, "no reading waits for a confirmation"
                )
            outcome, self.pending = self.pending, None
            self._apply(outcome)

    def look_json(self) -> dict | None:
        """What a correction starts from: a card table's phones start from the
        game's own fields, so there is nothing to send."""
        return None

    def correct_faces(self, rolled: list[str], field: list[str]) -> Outcome:
        raise ReadingError(Refusal.WRONG_GAME, "this table's camera reads bean fields, not dice")

    def correct_field(self, seat: int, f: int, cards: list[str]) -> FieldsOutcome:
        """The player says what really lies in one field (first planted first): the
        camera's last look is taken with that field put right. What the camera
        applied from that look is taken back first."""
        with self._lock:
            return self._correct_field(seat, f, cards)

    def _correct_field(self, seat: int, f: int, cards: list[str]) -> FieldsOutcome:
        if self.last is None:
            raise ReadingError(Refusal.NOTHING_TO_CORRECT, "the camera has not read the table yet")
        if not 0 <= seat < len(self.last.fields) or not 0 <= f < len(self.last.fields[seat]):
            raise ReadingError(
                Refusal.NO_SUCH_FIELD, f"seat {seat + 1} has no field {f + 1} in view"
            )
        t = self.service.table(self.code)
        # Fields a phone changed since the camera's last look still wait to be laid
        # (noted before the camera takes anything back: its own undo is no move
        # made elsewhere); the field put right lies as the player says.
        self._as_the_game_moved(t.state, [list(s) for s in self.last.fields], self._since_look(t))
        if self._last is not None and self._last.log_after == t.next_n:
            for _ in range(self._last.actions):
                self.service.undo(self.code, source="camera")
        self._last = None
        self._remember_game()
        self._lagging.pop((seat, f), None)
        fields = [list(s) for s in self.last.fields]
        fields[seat][f] = SeenField(tuple(cards), 1.0)
        self.last = replace(self.last, fields=tuple(tuple(s) for s in fields))
        return self._see(self.last)

    def _apply(self, outcome: FieldsOutcome) -> None:
        if not outcome.actions:
            return
        try:  # one look, one update: all its actions or none
            self.service.act_all(self.code, [a.to_json() for a in outcome.actions], source="camera")
        except RuleError as err:
            if self.service.table(self.code).next_n == self._judged:
                self.service.notice(self.code, "illegal", words.both(err.message, err.de))
            # (else a phone moved the game on since the look was judged, or a
            # confirmation came after it: the refusal says nothing of the table)
            return
        n = self.service.table(self.code).next_n
        self._last = Applied(len(outcome.actions), n)
