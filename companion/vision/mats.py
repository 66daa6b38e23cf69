"""Printable calibration mats, at true scale, and their layout in millimetres.

A card-game mat is one player's: a slot per bean field, each long enough for a
column of overlapping cards, with tick marks where each next card's top edge
should lie; the dice mat has a rolling area and the bean-field tray. Four ArUco
markers (OpenCV's 4x4 dictionary) sit in a mat's corners; their ids say which mat
it is, and their corners in millimetres give the top-down homography.

The same layout draws the SVG (`companion mats`), tells calibration where each
marker lies, and tells the readers where each slot is."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0), "Letter": (215.9, 279.4)}
MARKER_MM = 24.0
MARGIN_MM = 8.0
CARD_MM = (56.0, 87.0)  # a bean card
STRIP_MM = 11.0  # how much of each earlier card shows in a column
DICE_MAT_BASE = 40  # dice mats use ids 40..43; card mats 4 * seat .. 4 * seat + 3
FACE_UP_MAT_BASE = 44  # the face-up mat: ids 44..47
FACE_UP_MAT = "face-up"
# Each field slot is printed filled with a neutral mid-grey (issue 16). A card's
# white border and its white coin band at the bottom then stand out from the slot
# under any lamp: the grey is neutral, so a lamp's colour moves it exactly as it
# moves the cards' white (after white balance it stays grey, never a card's
# coloured art), and at half the paper's lightness it stays well below the white
# even where the light falls off by a third across the table, and well above the
# markers' black and the cards' shadows. On white paper the white border and band
# would not differ from the mat (a column read one card short).
SLOT_GREY = 128  # 0..255 of the paper's white: #808080, half the paper's lightness


def aruco_dictionary():
    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def marker_bits(marker_id: int) -> np.ndarray:
    """The marker's cells, border included: 6 x 6 of 0 (black) / 1 (white)."""
    d = aruco_dictionary()
    if hasattr(cv2.aruco, "generateImageMarker"):
        img = cv2.aruco.generateImageMarker(d, marker_id, 6)
    else:  # OpenCV 4.6 (Pi OS Bookworm's python3-opencv)
        img = cv2.aruco.drawMarker(d, marker_id, 6)  # type: ignore[attr-defined]  # 4.6 only
    return (img > 127).astype(np.uint8)


@dataclass(frozen=True)
class Marker:
    id: int
    x: float  # top-left corner, mm
    y: float
    size: float

    @property
    def corners(self) -> np.ndarray:
        """Corners in mm, in ArUco's order: top-left, top-right, bottom-right, bottom-left."""
        x, y, s = self.x, self.y, self.size
        return np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], np.float32)


@dataclass(frozen=True)
class Slot:
    name: str
    quad: tuple[tuple[float, float], ...]  # mm: top-left, top-right, bottom-right, bottom-left
    ticks: tuple[float, ...] = ()  # mm from the slot's top where each next card's top lies
    filled: bool = False  # printed mid-grey (SLOT_GREY): a field slot


@dataclass
class MatLayout:
    name: str
    paper: str
    width: float
    height: float
    markers: list[Marker]
    slots: list[Slot] = field(default_factory=list)

    @property
    def ids(self) -> list[int]:
        return [m.id for m in self.markers]


def _corner_markers(base: int, w: float, h: float) -> list[Marker]:
    m, s = MARGIN_MM, MARKER_MM
    return [
        Marker(base, m, m, s),
        Marker(base + 1, w - m - s, m, s),
        Marker(base + 2, w - m - s, h - m - s, s),
        Marker(base + 3, m, h - m - s, s),
    ]


def card_mat(seat: int, fields: int = 3, paper: str = "A4") -> MatLayout:
    """One player's mat for a card game: `fields` slots side by side."""
    if paper not in PAPERS:
        raise ValueError(f"paper is one of {', '.join(PAPERS)}")
    if not 0 <= seat < 10:
        raise ValueError("seats 0-9 have mats")
    w, h = PAPERS[paper]
    top = MARGIN_MM + MARKER_MM + 4
    bottom = h - MARGIN_MM - MARKER_MM - 4
    usable_w = w - 2 * MARGIN_MM
    slot_w = CARD_MM[0] + 8  # the field reader's slot: a card and 4 mm each side
    gap = (usable_w - fields * slot_w) / (fields + 1)
    if gap < 0.5:
        raise ValueError(f"{fields} field slots don't fit across {paper}")
    length = bottom - top
    cards = int((length - CARD_MM[1]) // STRIP_MM) + 1
    slots = []
    for f in range(fields):
        x0 = MARGIN_MM + gap + f * (slot_w + gap)
        quad = ((x0, top), (x0 + slot_w, top), (x0 + slot_w, bottom), (x0, bottom))
        ticks = tuple(2 + k * STRIP_MM for k in range(1, cards))
        slots.append(Slot(f"field {f + 1}", quad, ticks, filled=True))
    return MatLayout(f"seat {seat + 1}", paper, w, h, _corner_markers(4 * seat, w, h), slots)


def face_up_mat(places: int = 3, paper: str = "A4") -> MatLayout:
    """The card games' mat for the cards turned face up (two or three): a place
    each, side by side, on the paper turned sideways. Optional at the table:
    without it the cards turned over are entered on the phone."""
    if paper not in PAPERS:
        raise ValueError(f"paper is one of {', '.join(PAPERS)}")
    h, w = PAPERS[paper]  # landscape
    x0, x1 = MARGIN_MM + MARKER_MM + 4, w - MARGIN_MM - MARKER_MM - 4
    place_w, place_h = CARD_MM[0] + 8, CARD_MM[1] + 8
    gap = (x1 - x0 - places * place_w) / (places + 1)
    if gap < 0.5 or place_h > h - 2 * MARGIN_MM:
        raise ValueError(f"{places} face-up places don't fit on {paper}")
    top = (h - place_h) / 2
    slots = []
    for i in range(places):
        left = x0 + gap + i * (place_w + gap)
        quad = (
            (left, top),
            (left + place_w, top),
            (left + place_w, top + place_h),
            (left, top + place_h),
        )
        slots.append(Slot(f"face-up {i + 1}", quad))
    return MatLayout(FACE_UP_MAT, paper, w, h, _corner_markers(FACE_UP_MAT_BASE, w, h), slots)


def dice_mat(paper: str = "A3") -> MatLayout:
    """The dice game's mat: the rolling area and, below it, the bean-field tray."""
    if paper not in PAPERS:
        raise ValueError(f"paper is one of {', '.join(PAPERS)}")
    w, h = PAPERS[paper]
    x0, x1 = MARGIN_MM + MARKER_MM + 4, w - MARGIN_MM - MARKER_MM - 4
    tray_h = 45.0
    y_tray = h - MARGIN_MM - MARKER_MM - 4 - tray_h
    slots = [
        Slot(
            "rolling area", ((x0, MARGIN_MM), (x1, MARGIN_MM), (x1, y_tray - 6), (x0, y_tray - 6))
        ),
        Slot(
            "bean field", ((x0, y_tray), (x1, y_tray), (x1, y_tray + tray_h), (x0, y_tray + tray_h))
        ),
    ]
    return MatLayout("dice", paper, w, h, _corner_markers(DICE_MAT_BASE, w, h), slots)


def mats_for(
    reads: str, players: int, paper: str = "A4", fields: int = 3, face_up: int | bool = 0
) -> list[MatLayout]:
    """The mats for a table whose camera `reads` "dice" (the dice mat) or bean
    "fields" (a mat per seat of `fields` slots; with `face_up` places, the face-up
    mat after them). The game says how many of each (its sightings' `mats`)."""
    if reads == "dice":
        return [dice_mat("A3" if paper == "A4" else paper)]
    mats = [card_mat(seat, fields, paper) for seat in range(players)]
    if face_up is True:  # earlier releases' mats_for(..., face_up=True): three places
        face_up = 3
    return mats + [face_up_mat(int(face_up), paper)] if face_up else mats


def mat_svg(layout: MatLayout) -> str:
    """The mat as SVG in millimetres: printed at 100 % it is true to scale."""
    w, h = layout.width, layout.height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="#fff"/>',
    ]
    for m in layout.markers:
        bits = marker_bits(m.id)
        cell = m.size / bits.shape[0]
        # A white quiet zone around the marker, then its black cells.
        out.append(
            f'<rect x="{m.x - cell}" y="{m.y - cell}" width="{m.size + 2 * cell}" '
            f'height="{m.size + 2 * cell}" fill="#fff"/>'
        )
        for r, row in enumerate(bits):
            for c, bit in enumerate(row):
                if not bit:
                    out.append(
                        f'<rect x="{m.x + c * cell:.3f}" y="{m.y + r * cell:.3f}" '
                        f'width="{cell:.3f}" height="{cell:.3f}" fill="#000"/>'
                    )
    grey = f"#{SLOT_GREY:02x}{SLOT_GREY:02x}{SLOT_GREY:02x}"
    for slot in layout.slots:
        pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in slot.quad)
        fill = grey if slot.filled else "none"
        out.append(
            f'<polygon points="{pts}" fill="{fill}" stroke="#2f5d2a" stroke-width="0.6" '
            'stroke-dasharray="3 2"/>'
        )
        (x0, y0), (x1, _) = slot.quad[0], slot.quad[1]
        for t in slot.ticks:
            out.append(
                f'<line x1="{x0}" y1="{y0 + t}" x2="{x0 + 4}" y2="{y0 + t}" '
                'stroke="#2f5d2a" stroke-width="0.4"/>'
            )
            out.append(
                f'<line x1="{x1 - 4}" y1="{y0 + t}" x2="{x1}" y2="{y0 + t}" '
                'stroke="#2f5d2a" stroke-width="0.4"/>'
            )
        out.append(
            f'<text x="{(x0 + x1) / 2}" y="{y0 - 1.5}" font-size="4" '
            f'text-anchor="middle" fill="#2f5d2a">{slot.name}</text>'
        )
    out.append(
        f'<text x="{w / 2}" y="{h - 3}" font-size="3.5" text-anchor="middle" '
        f'fill="#555">Bohnanza companion mat — {layout.name} — print at 100 % '
        f"on {layout.paper}; the markers are {MARKER_MM:g} mm wide</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def mat_image(layout: MatLayout, px_per_mm: float = 4.0) -> np.ndarray:
    """The mat drawn as a picture (BGR), as the camera would see it printed."""
    w, h = int(layout.width * px_per_mm), int(layout.height * px_per_mm)
    img = np.full((h, w, 3), 255, np.uint8)
    for m in layout.markers:
        bits = marker_bits(m.id)
        size = int(round(m.size * px_per_mm))
        tile = cv2.resize(bits * 255, (size, size), interpolation=cv2.INTER_NEAREST)
        x, y = int(round(m.x * px_per_mm)), int(round(m.y * px_per_mm))
        img[y : y + size, x : x + size] = tile[..., None]
    for slot in layout.slots:
        pts = (np.array(slot.quad) * px_per_mm).astype(np.int32)
        if slot.filled:
            cv2.fillPoly(img, [pts], (SLOT_GREY,) * 3)
        cv2.polylines(img, [pts], True, (42, 93, 47), max(1, int(px_per_mm * 0.6)))
    return img


def write_mats(folder: str | Path, layouts: list[MatLayout], name: str = "mats") -> list[Path]:
    """The mats as SVG files named `name`-MAT-PAPER.svg (see `mats_for`)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for layout in layouts:
        path = out / f"{name}-{layout.name.replace(' ', '')}-{layout.paper}.svg"
        path.write_text(mat_svg(layout), "utf-8")
        paths.append(path)
    return paths
