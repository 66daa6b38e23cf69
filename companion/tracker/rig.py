"""The camera over a served table (`companion serve` with a [camera] source): it
follows the table whose game the host started last, finds that game's printed mats
by their ArUco markers, and from then on reads the table through the live
trackers (LiveFields where the camera reads bean fields, LiveDice where it reads dice).

Until every mat is in view the table is played by hand, and the phones say what
the camera waits for; a camera that stops is manual mode (CameraFeed). The
watchdog asks `alive()`: whether the camera loop still turns (a hung driver),
not whether a camera is plugged in (that is manual mode, not a restart)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import cv2
import numpy as np

from ..engine import words
from ..engine.games import GameDef
from ..engine.sightings import Reads
from ..vision.calibrate import MatTracker, side_mm, side_px, to_image, to_mat
from ..vision.camera import Camera
from ..vision.mats import FACE_UP_MAT, MatLayout, mats_for
from .link import TableLink
from .live import (
    CameraFeed,
    LiveDice,
    LiveFields,
    card_reading,
    dice_look,
    dice_settle_detector,
)

FACE_UP_LOOK_EVERY = 20  # frames (2 s): how often a card table looks for a face-up mat
# A die's side in mm when the taught pictures can't tell it (no empty mat in view
# at teach time): the common small die's 16 mm ([camera] die_mm says otherwise).
DIE_MM = 16.0
REGION_INSET = 3.0  # mm: a die's centre lies this far inside the dice mat's outlines

if TYPE_CHECKING:
    from ..vision.dataset import Sample
    from ..vision.field_reader import FieldReader


class Following(NamedTuple):
    """The game the camera reads (the newest started), and at which table."""

    game_id: int
    code: str


class CardsRead(NamedTuple):
    """How a card table's fields are read: the reader, and each mat's field slots
    in picture pixels."""

    reader: FieldReader
    slots: list[list[np.ndarray]]


def taught_die_mm(
    samples: list[Sample], empty: np.ndarray | None, layout: MatLayout
) -> float | None:
    """The taught dice's side in millimetres: each taught die's side in pixels (as
    teach mode boxed it) through the calibration of the empty mat's photo taken at
    the same sitting (`companion vision teach-dice --empty`; the camera stays put
    while teaching, the photos are read against it); the median. None when there
    is no such photo, or it does not show the mat."""
    if empty is None:
        return None
    mats = MatTracker([layout])
    h = mats.update(empty).get(layout.name)
    if h is None:
        return None
    sides = [side_mm(h, (b.cx, b.cy), max(b.w, b.h)) for s in samples for b in s.boxes]
    return float(np.median(sides)) if sides else None


def die_px_on(layout: MatLayout, h: np.ndarray, die_mm: float) -> float:
    """A die's side in the picture's pixels where the dice lie on the dice mat (the
    mean over the centres of its areas: the rolling area and the tray)."""
    at = [np.mean(np.asarray(slot.quad, np.float64), axis=0) for slot in layout.slots]
    return float(np.mean([side_px(h, (float(x), float(y)), die_mm) for x, y in at]))


def dice_region(layout: MatLayout, h: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Where a die's centre may lie in the picture: the dice mat from the rolling
    area's top to the tray's bottom, REGION_INSET mm inside their printed outlines
    (a die whose centre lies on a line is mostly off the mat; the lines and the
    paper's edge are no dice)."""
    rolling, tray = layout.slots[0].quad, layout.slots[-1].quad
    x0, x1 = rolling[0][0] + REGION_INSET, rolling[1][0] - REGION_INSET
    y0, y1 = rolling[0][1] + REGION_INSET, tray[2][1] - REGION_INSET
    quad = to_image(h, np.asarray([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32))
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    return mask


def table_mats(game: GameDef, players: int, paper: str = "A4") -> list[MatLayout]:
    """The printed mats a table of `game` lays out: the dice mat, or a mat per seat
    with as many field slots as the game may have, and the face-up mat (optional at
    the table) with as many places as it turns cards over."""
    if game.reads != Reads.FIELDS:
        return mats_for(game.reads, players, paper)
    size = game.field_sightings.mats(players)
    return mats_for(game.reads, players, paper, fields=size.fields, face_up=size.face_up)


@dataclass
class Rig:
    service: TableLink
    camera: Camera
    paper: str = "A4"
    faces: str | None = None  # the taught card faces: ID.png, one per variety
    dice: str | None = None  # the dice reader's enrolment pictures (a labelled dataset)
    die_mm: float = DIE_MM  # a die's side, when the taught pictures don't tell it
    fps: float = 10.0
    clock: Callable[[], float] = time.monotonic
    code: str | None = None
    live: LiveDice | LiveFields | None = None
    mats: MatTracker | None = None
    feed: CameraFeed | None = None
    waiting: str | dict[str, str] | None = None  # what the camera waits for before it reads
    _beat: float = field(default=0.0)
    _game: Following | None = None  # the game being read, at which table
    _cards_read: CardsRead | None = None  # a card table's reader and its field slots
    _frames: int = 0
    die_px: float | None = None  # a die's side in the picture, once the dice mat is calibrated

    @property
    def _mats(self) -> MatTracker:
        assert self.mats is not None, "follow() a table first"
        return self.mats

    @property
    def _code(self) -> str:
        assert self.code is not None, "follow() a table first"
        return self.code

    def follow(self, code: str) -> None:
        """Read this table from now on (the host started its game)."""
        t = self.service.table(code)
        self.code, self.live, self.waiting, self._cards_read = code, None, None, None
        # The card games' face-up mat is optional: looked for, not waited for.
        self.mats = MatTracker(table_mats(t.game, t.players, self.paper))
        self.feed = CameraFeed(self.camera, self.frame, self.service, code, clock=self.clock)

    def _latest(self) -> Following | None:
        started = [
            Following(t.game_id, t.code)
            for t in self.service.open_tables()
            if t.state is not None and t.game_id is not None
        ]
        return max(started) if started else None

    def step(self) -> None:
        """One turn of the camera loop: the table to follow (a new game, even at the
        same table, starts over: its own trackers), then one frame."""
        self._beat = self.clock()
        latest = self._latest()
        if latest is not None and latest != self._game:
            self._game = latest
            self.follow(latest.code)
        if self.feed is not None:
            self.feed.step()

    def alive(self, within: float = 10.0) -> bool:
        return self.clock() - self._beat < within

    def run(self, stop: threading.Event) -> None:
        period = 1.0 / self.fps
        while not stop.is_set():
            started = self.clock()
            self.step()
            stop.wait(max(0.0, period - (self.clock() - started)))

    # ------------------------------------------------------------ reading

    def frame(self, image: np.ndarray) -> None:
        if self.live is None:
            self._calibrate(image)
            if self.live is None:
                return
        elif self._cards_read is not None and FACE_UP_MAT not in self._mats.homographies:
            self._look_for_face_up(image)
        self.live.frame(image)

    def _look_for_face_up(self, image: np.ndarray) -> None:
        """The face-up mat laid in view mid-game: looked for now and then (finding
        markers takes a reading's time), and read from then on."""
        self._frames += 1
        if self._frames % FACE_UP_LOOK_EVERY:
            return
        self._mats.update(image)
        if FACE_UP_MAT not in self._mats.homographies:
            return
        if self._cards_read is None:
            return
        reader, quads = self._cards_read
        places = self._places()
        assert isinstance(self.live, LiveFields)
        self.live.read, self.live.detector = card_reading(reader, quads, places)
        self.service.clear_notices(self._code)

    def _wait(self, why: str | dict[str, str]) -> None:
        if why != self.waiting:
            self.waiting = why
            self.service.notice(self._code, "waiting", why)

    def _calibrate(self, image: np.ndarray) -> None:
        assert self.mats is not None and self.code is not None
        self.mats.update(image)
        missing = [
            m.name
            for m in self.mats.layouts
            if m.name not in self.mats.homographies and m.name != FACE_UP_MAT
        ]
        if missing:
            mats = ", ".join(missing)
            self._wait(
                words.both(
                    f"the camera can't see the mats of {mats}: lay them in view",
                    f"die Kamera sieht die Matten von {mats.replace('seat', 'Platz')} nicht: "
                    "leg sie ins Bild",
                )
            )
            return
        t = self.service.table(self.code)
        try:
            self.live = self._dice(t, image) if t.game.reads == Reads.DICE else self._cards(t)
        except (OSError, ValueError) as err:
            self._wait(
                words.both(
                    f"the camera can't read yet: {err}", f"die Kamera kann noch nicht lesen: {err}"
                )
            )
            return
        self.live.detector.update(image)  # this picture is the one to compare with
        self.service.attach_tracker(self.code, self.live)
        if self.waiting is not None:
            self.waiting = None
            self.service.clear_notices(self.code)
        if t.game.reads == Reads.FIELDS and FACE_UP_MAT not in self.mats.homographies:
            self.service.notice(
                self.code,
                "waiting",
                words.both(
                    "the camera can't see the face-up mat: "
                    "cards turned over are entered on the phone",
                    "die Kamera sieht die Matte der aufgedeckten Karten nicht: aufgedeckte Karten "
                    "werden auf dem Handy eingegeben",
                ),
            )

    def _cards(self, t) -> LiveFields:
        from ..vision.field_reader import FieldReader

        if not self.faces or not Path(self.faces).is_dir():
            raise ValueError("no card faces taught (the [camera] faces folder)")
        card_mats = [m for m in self._mats.layouts if m.name != FACE_UP_MAT]
        # Every slot true to scale: the mats' printed slot size through the calibration.
        (x0, y0), (x1, _), _, (_, y3) = card_mats[0].slots[0].quad
        reader = FieldReader.from_folder(self.faces, slot_mm=(x1 - x0, y3 - y0))
        quads = [self._slots(m) for m in card_mats]
        self._cards_read = CardsRead(reader, quads)
        return LiveFields(self.service, t.code, *card_reading(reader, quads, self._places()))

    def _slots(self, layout) -> list[np.ndarray]:
        """A calibrated mat's slots, in picture pixels."""
        h = self._mats.homographies[layout.name]
        return [to_image(h, np.asarray(s.quad, np.float32)) for s in layout.slots]

    def _places(self) -> list[np.ndarray]:
        """The face-up places, if the face-up mat is in view."""
        return [
            q
            for m in self._mats.layouts
            if m.name == FACE_UP_MAT and m.name in self._mats.homographies
            for q in self._slots(m)
        ]

    def _dice(self, t, image: np.ndarray) -> LiveDice:
        from ..vision.dataset import read_dataset
        from ..vision.dice_reader import DiceReader

        if not self.dice or not Path(self.dice).is_dir():
            raise ValueError("no dice taught (the [camera] dice folder)")
        classes, samples = read_dataset(self.dice)
        # The empty mat, when teach-dice photographed it: the table the dice lie on.
        empty_file = Path(self.dice) / "empty.png"
        empty = cv2.imread(str(empty_file), cv2.IMREAD_COLOR) if empty_file.exists() else None
        reader = DiceReader.enrol(classes, samples, empty=empty)
        layout = self._mats.layouts[0]
        h = self._mats.homographies[layout.name]
        tray = next(s for s in layout.slots if s.name == "bean field")
        top = min(y for _, y in tray.quad)

        def in_tray(x: float, y: float) -> bool:
            return float(to_mat(h, np.asarray([[x, y]], np.float32))[0][1]) >= top

        # Every die read at one scale: its side in mm (measured on the taught
        # pictures, else configured) through the mat's calibration, told the reader.
        self.die_px = die_px_on(layout, h, taught_die_mm(samples, empty, layout) or self.die_mm)
        region = dice_region(layout, h, image.shape)
        look = dice_look(reader, classes, None, in_tray, t.state, self.die_px, region)
        frame = (image.shape[1], image.shape[0])
        return LiveDice(self.service, t.code, look, dice_settle_detector(self.die_px, frame))
