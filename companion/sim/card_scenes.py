"""Synthetic bean fields for the card reader: cards of our own design (never a
publisher's art), laid in overlapping columns on the field slots of a mat and
photographed from above, with exact labels in the field-reader evaluation format:

    NAME.png + NAME.json: {"fields": [{"quad": [[x, y] x 4], "cards": [ids...]}]}

The quad is the slot's corners in the picture (top-left, top-right, bottom-right,
bottom-left; "top" is where the first-planted card's strip shows), the cards run
from the first planted to the top card. An enrolment folder holds one upright card
face per variety, ID.png.

Three early families of designs ("a", "b", "c") draw every variety differently
but are not built like real cards; the styles "r1" .. "r6" (`hard_tables`) are: a
white rounded border, a white beanometer band at the bottom, the count in both top
corners. "r0", whose varieties are all of clearly different hues, is the default
(the demo, the tracker's tests); the reader is measured on r1 .. r6."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from ..vision.mats import SLOT_GREY

CARD_PX = (112, 174)  # a 56 x 87 mm card at 2 px/mm
STRIP_PX = 22  # an 11 mm strip of each earlier card

# The number printed on each variety's cards (its card count, which names it).
NUMBERS = {
    "coffee": 24,
    "wax": 22,
    "blue": 20,
    "chili": 18,
    "stink": 16,
    "green": 14,
    "soy": 12,
    "black-eyed": 10,
    "red": 8,
    "garden": 6,
    "cocoa": 4,
}

# Per variety: (card colour BGR, bean colour BGR, glyph) for design "a"; design "b"
# turns the palette and draws the glyph differently.
_STYLE = {
    "coffee": ((40, 70, 110), (20, 40, 70), "oval"),
    "wax": ((120, 220, 235), (60, 180, 210), "crescent"),
    "blue": ((190, 120, 60), (140, 60, 20), "kidney"),
    "chili": ((60, 60, 200), (30, 30, 150), "pod"),
    "stink": ((90, 130, 150), (40, 70, 90), "kidney"),
    "green": ((90, 180, 90), (40, 120, 40), "pod"),
    "soy": ((140, 210, 230), (90, 170, 200), "pair"),
    "black-eyed": ((225, 225, 225), (40, 40, 40), "eye"),
    "red": ((70, 70, 170), (30, 30, 120), "kidney"),
    "garden": ((120, 200, 140), (60, 150, 80), "pair"),
    "cocoa": ((60, 90, 120), (30, 45, 70), "oval"),
}


DEFAULT_DESIGN = "r0"  # (hard_tables.DEMO)


def card_face(bean: str, design: str = DEFAULT_DESIGN) -> np.ndarray:
    """An upright card of `bean`: our artwork, with the variety's card count (the
    number printed on real cards) in two corners. Designs "r0" .. "r6" are built
    like the published cards (`hard_tables.real_face`; white where its rounded
    corners leave the rectangle), "a", "b", "c" are the early flat ones."""
    if bean not in _STYLE:
        raise ValueError(f"{bean!r} is not a bean variety")
    if design.startswith("r"):
        from .hard_tables import CARD_MASK, real_face

        face = real_face(bean, design)
        face[CARD_MASK == 0] = 255
        return face
    w, h = CARD_PX
    card: tuple[int, ...]
    ink: tuple[int, ...]
    card, ink, glyph = _STYLE[bean]
    if design == "b":
        card = tuple(int(0.55 * c + 0.45 * 230) for c in card)
        ink = tuple(int(0.8 * c) for c in ink[::-1])
    elif design == "c":  # darker cards, the ink's and the card's colours swapped
        card, ink = tuple(int(0.85 * c) for c in ink), tuple(min(255, int(1.1 * c)) for c in card)
    elif design != "a":
        raise ValueError("design is 'a', 'b', 'c' or 'r0' .. 'r6'")
    img = np.full((h, w, 3), card, np.uint8)
    cv2.rectangle(img, (3, 3), (w - 4, h - 4), tuple(int(c * 0.6) for c in card), 2)
    cx, cy = w // 2, h // 2 + 8
    if glyph == "pair":
        for dx in (-18, 18):
            cv2.ellipse(img, (cx + dx, cy), (14, 24), 15, 0, 360, ink, -1)
    elif glyph == "pod":
        cv2.ellipse(img, (cx, cy), (40, 14), 60 if design == "a" else -60, 0, 360, ink, -1)
    elif glyph == "crescent":
        cv2.ellipse(img, (cx, cy), (34, 34), 0, 200, 340, ink, 14)
    elif glyph == "eye":
        cv2.ellipse(img, (cx, cy), (32, 22), 0, 0, 360, ink, -1)
        cv2.circle(img, (cx, cy), 9, (250, 250, 250), -1)
    elif glyph == "oval":
        cv2.ellipse(img, (cx, cy), (26, 36), 0, 0, 360, ink, -1)
        cv2.line(img, (cx, cy - 30), (cx, cy + 30), tuple(int(c * 0.5) for c in ink), 3)
    else:  # kidney
        cv2.ellipse(img, (cx, cy), (30, 38), 0, 0, 360, ink, -1)
        cv2.ellipse(img, (cx + 28, cy), (12, 16), 0, 0, 360, card, -1)
    if design == "b":  # a second family: a band across the top, the glyph framed
        cv2.rectangle(img, (6, 28), (w - 7, 34), ink, -1)
        cv2.circle(img, (cx, cy), 50, ink, 2)
    elif design == "c":  # a third: diagonal hatching over the card, a name bar on top
        for x in range(-h, w, 14):
            cv2.line(img, (x, h), (x + h, 0), tuple(int(0.9 * c) for c in card), 2)
        cv2.rectangle(img, (12, 6), (w - 13, 18), ink, 1)
    number = str(NUMBERS[bean])
    for x, y in ((8, 22), (w - 30, h - 8)):
        cv2.putText(img, number, (x, y), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (20, 20, 20), 2)
    return img


SLOT_MM = (64.0, 252.0)  # a field slot: a card and 4 mm each side, 15 cards long
PX = 2.0  # the canonical drawing scale, px/mm (a slot is drawn at this scale, then
# warped into the picture at the table's scale)


def slot_px() -> tuple[int, int]:
    return int(SLOT_MM[0] * PX), int(SLOT_MM[1] * PX)


def table_layout(
    n: int,
    size: tuple[int, int],
    rng: np.random.Generator,
    px_per_mm: float | None = None,
    margin: float = 10.0,
) -> tuple[list[np.ndarray], float]:
    """Where `n` field slots lie in the picture: rows of slots side by side; the rows
    on the far side of the table face the other way (their players sit opposite),
    every mat a little turned and off; `margin` mm between them and the picture's
    edge. Returns each slot's corners (top-left, top-right, bottom-right,
    bottom-left in the slot's own sense) and the scale."""
    w, h = size
    sw, sh = SLOT_MM
    gap = 8.0
    if px_per_mm is None:  # the largest scale at which they fit
        px_per_mm = 2.0
        while px_per_mm > 0.5:
            per_row = int((w / px_per_mm - 2 * margin) // (sw + gap))
            rows = -(-n // max(per_row, 1))
            if per_row >= 1 and rows * (sh + 20) + 2 * margin <= h / px_per_mm:
                break
            px_per_mm -= 0.05
    per_row = max(1, int((w / px_per_mm - 2 * margin) // (sw + gap)))
    rows = -(-n // per_row)
    quads = []
    for i in range(n):
        r, c = divmod(i, per_row)
        x0 = margin + c * (sw + gap) + rng.uniform(0, 4)
        y0 = margin + r * (sh + 20) + rng.uniform(0, 6)
        corners = np.array([[x0, y0], [x0 + sw, y0], [x0 + sw, y0 + sh], [x0, y0 + sh]], np.float32)
        centre = corners.mean(axis=0)
        turn = np.deg2rad(rng.normal(0, 1.5))
        rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]], np.float32)
        corners = (corners - centre) @ rot.T + centre
        if rows > 1 and r % 2 == 0:  # a far-side row: its slots' tops face the camera's bottom
            corners = corners[[2, 3, 0, 1]]
        quads.append(corners * px_per_mm)
    return quads, px_per_mm


def render_fields(
    rng: np.random.Generator,
    columns: list[list[str]],
    design: str = DEFAULT_DESIGN,
    size: tuple[int, int] = (1280, 960),
    px_per_mm: float | None = None,
    hand: bool = False,
    glare: bool | None = None,
    camera_seed: int | None = None,
) -> tuple[np.ndarray, list[dict]]:
    """A top-down picture of field slots (rows of them for a full table), each with
    its column of overlapping cards (first planted at the top), and the labels.
    `hand`: an arm reaching over the table (the labels of the slots it touches get
    `"covered": true`); `glare`: a lamp's reflection (about a third of the scenes
    unless told); `camera_seed`: the same light and lens for several pictures (the
    same table seen again)."""
    w, h = size
    img = np.full((h, w, 3), rng.integers(150, 220, 3), np.uint8)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    quads, scale = table_layout(len(columns), size, rng, px_per_mm)
    cw, ch = CARD_PX
    sw, sh = slot_px()
    pad = 40  # canvas room around the slot for cards a little off it
    fields = []
    for f, column in enumerate(columns):
        canvas = np.zeros((sh + 2 * pad, sw + 2 * pad, 3), np.uint8)
        cover = np.zeros(canvas.shape[:2], np.uint8)
        mat = tuple(int(v) for v in rng.integers(205, 240, 3))
        cv2.rectangle(canvas, (pad, pad), (pad + sw - 1, pad + sh - 1), mat, -1)
        cv2.rectangle(cover, (pad, pad), (pad + sw - 1, pad + sh - 1), 255, -1)
        cv2.rectangle(canvas, (pad, pad), (pad + sw - 1, pad + sh - 1), (90, 110, 90), 1)
        for k, bean in enumerate(column):
            card = card_face(bean, design)
            # Each card a little off and a little turned, as hands lay them; now and
            # then one further off (up to 3 mm) or turned (up to 6 degrees).
            wild = rng.random() < 0.1
            dx = rng.uniform(-6, 6) if wild else rng.normal(0, 2)
            turn = rng.uniform(-6, 6) if wild else rng.normal(0, 2)
            cy = pad + 8 + ch / 2 + k * STRIP_PX + rng.normal(0, 1.5)
            _place(canvas, card, pad + sw / 2 + dx, cy, float(turn), cover)
        label: dict = {"quad": None, "cards": list(column)}
        # Into the picture: the canonical slot corners go to the slot's quad.
        src = np.array(
            [[pad, pad], [pad + sw, pad], [pad + sw, pad + sh], [pad, pad + sh]], np.float32
        )
        m = cv2.getPerspectiveTransform(src, quads[f].astype(np.float32))
        warped = cv2.warpPerspective(canvas, m, (w, h), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(cover, m, (w, h), flags=cv2.INTER_NEAREST)
        _shadow(img, mask, 0.25)
        img[mask > 0] = warped[mask > 0]
        label["quad"] = [[float(x), float(y)] for x, y in quads[f]]
        fields.append(label)
    if hand:
        _hand(img, rng, fields)
    if glare if glare is not None else rng.random() < 0.3:
        _glare(img, rng)
    img = _photograph(
        img, rng if camera_seed is None else np.random.default_rng(camera_seed), fields
    )
    return img, fields


def render_spots(
    rng: np.random.Generator,
    cards: list[str | None],
    design: str = DEFAULT_DESIGN,
    across: list[bool] | None = None,
    size: tuple[int, int] = (1280, 960),
    px_per_mm: float = 1.4,
) -> tuple[np.ndarray, list[dict]]:
    """A picture of card places side by side, each with one card or none: the
    face-up pair, or cards set aside lying across (`across`). Labels:
    {"quad": corners, "card": id or None}, the quad along the place's own sides."""
    w, h = size
    across = across or [False] * len(cards)
    img = np.full((h, w, 3), rng.integers(150, 220, 3), np.uint8)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    cw, ch = CARD_PX
    sw, sh = cw + 16, ch + 16  # the place, at the drawing scale (2 px/mm)
    pad = 30
    spots = []
    x = 20.0
    for card, lying in zip(cards, across, strict=True):
        canvas = np.zeros((sh + 2 * pad, sw + 2 * pad, 3), np.uint8)
        cover = np.zeros(canvas.shape[:2], np.uint8)
        mat = tuple(int(v) for v in rng.integers(205, 240, 3))
        cv2.rectangle(canvas, (pad, pad), (pad + sw - 1, pad + sh - 1), mat, -1)
        cv2.rectangle(cover, (pad, pad), (pad + sw - 1, pad + sh - 1), 255, -1)
        if card is not None:
            face = card_face(card, design)
            if rng.random() < 0.5:
                face = cv2.rotate(face, cv2.ROTATE_180)  # laid either way up
            centre = (pad + sw / 2 + rng.normal(0, 2), pad + sh / 2 + rng.normal(0, 2))
            _place(canvas, face, *centre, float(rng.normal(0, 2.5)), cover)
        # Into the picture: upright, or turned a quarter (lying across).
        pw, ph = (sh, sw) if lying else (sw, sh)
        x0, y0 = x * px_per_mm, (60 + rng.uniform(0, 40)) * px_per_mm
        k = px_per_mm / PX
        corners = np.array(
            [[x0, y0], [x0 + pw * k, y0], [x0 + pw * k, y0 + ph * k], [x0, y0 + ph * k]], np.float32
        )
        # The place's own corners: along its sides as a card lies in it.
        quad = corners[[1, 2, 3, 0]] if lying else corners
        src = np.array(
            [[pad, pad], [pad + sw, pad], [pad + sw, pad + sh], [pad, pad + sh]], np.float32
        )
        m = cv2.getPerspectiveTransform(src, quad)
        warped = cv2.warpPerspective(canvas, m, (w, h), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(cover, m, (w, h), flags=cv2.INTER_NEAREST)
        _shadow(img, mask, 0.25)
        img[mask > 0] = warped[mask > 0]
        spots.append({"quad": [[float(a), float(b)] for a, b in quad], "card": card})
        x += pw / PX + 15
    img = _photograph(img, rng, spots)
    return img, spots


def _hand(img: np.ndarray, rng: np.random.Generator, fields: list[dict]) -> None:
    """An arm reaching in from an edge over a slot; the slots it touches are covered."""
    h, w = img.shape[:2]
    target = fields[int(rng.integers(len(fields)))]
    tx, ty = np.mean(target["quad"], axis=0)
    sx, sy = (tx, h + 50) if ty > h / 2 else (tx, -50)
    d = np.array([tx - sx, ty - sy]) / max(np.hypot(tx - sx, ty - sy), 1)
    n = np.array([-d[1], d[0]]) * 0.06 * w
    pts = np.array(
        [[sx, sy] + n, [tx, ty] + n * 0.8, [tx, ty] + d * 30, [tx, ty] - n * 0.8, [sx, sy] - n],
        np.int32,
    )
    skin = tuple(int(v) for v in rng.choice([(120, 160, 210), (90, 120, 170), (60, 85, 120)]))
    cv2.fillPoly(img, [pts], skin)
    arm = np.zeros((h, w), np.uint8)
    cv2.fillPoly(arm, [pts], 255)
    for f in fields:
        slot = np.zeros((h, w), np.uint8)
        cv2.fillPoly(slot, [np.array(f["quad"], np.int32)], 255)
        if (arm & slot).any():
            f["covered"] = True


def _glare(img: np.ndarray, rng: np.random.Generator) -> None:
    """A lamp's reflection: a soft, whitish spot."""
    h, w = img.shape[:2]
    spot = np.zeros((h, w), np.float32)
    cv2.ellipse(
        spot,
        (int(rng.uniform(0, w)), int(rng.uniform(0, h))),
        (int(rng.uniform(20, 60)), int(rng.uniform(10, 40))),
        float(rng.uniform(0, 180)),
        0,
        360,
        1.0,
        -1,
    )
    spot = cv2.GaussianBlur(spot, (0, 0), 12) * rng.uniform(0.3, 0.6)
    img[:] = np.clip(img + spot[..., None] * (255 - img.astype(np.float32)), 0, 255).astype(
        np.uint8
    )


def _shadow(img: np.ndarray, mask: np.ndarray, depth: float) -> None:
    """The soft shadow a thing covering `mask` casts just below it, `depth` dark."""
    shadow = cv2.GaussianBlur(np.roll(mask, 3, axis=0), (0, 0), 3).astype(np.float32) / 255
    img[:] = (img * (1 - depth * shadow[..., None])).astype(np.uint8)


def _place(
    img: np.ndarray,
    card: np.ndarray,
    cx: float,
    cy: float,
    angle: float,
    cover: np.ndarray | None = None,
) -> None:
    h, w = card.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[0, 2] += cx - w / 2
    m[1, 2] += cy - h / 2
    mask = cv2.warpAffine(np.full((h, w), 255, np.uint8), m, img.shape[1::-1])
    _shadow(img, mask, 0.35)
    warped = cv2.warpAffine(card, m, img.shape[1::-1])
    img[mask > 0] = warped[mask > 0]
    if cover is not None:
        cover[mask > 0] = 255


def _photograph(img: np.ndarray, rng: np.random.Generator, fields: list[dict]) -> np.ndarray:
    """Light, a little leftover perspective (the labels' quads move with it), blur
    and noise."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.25, 0.25, 2)
    light = 1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    out = np.clip(img * light[..., None], 0, 255).astype(np.uint8)
    d = 0.01 * w
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = src + rng.uniform(-d, d, (4, 2)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(out, m, (w, h), borderMode=cv2.BORDER_REFLECT)
    for f in fields:
        pts = np.array(f["quad"], np.float32).reshape(-1, 1, 2)
        f["quad"] = [
            [round(float(x), 1), round(float(y), 1)]
            for x, y in cv2.perspectiveTransform(pts, m).reshape(-1, 2)
        ]
    if rng.random() < 0.5:
        out = cv2.GaussianBlur(out, (3, 3), 0)
    return np.clip(out + rng.normal(0, rng.uniform(1, 4), out.shape), 0, 255).astype(np.uint8)


def random_columns(rng: np.random.Generator, fields: int, beans: list[str]) -> list[list[str]]:
    """Columns as a card game grows them (one variety a field) or as a ladder
    does (a mix), 0 to 15 cards."""
    out = []
    for _ in range(fields):
        n = int(rng.choice([0, 1, 2, 3, 4, 6, 9, 12, 15]))
        if rng.random() < 0.7:
            out.append([str(rng.choice(beans))] * n)
        else:
            out.append([str(rng.choice(beans)) for _ in range(n)])
    return out


def write_field_dataset(
    folder: str | Path,
    scenes: int,
    seed: int = 0,
    design: str = DEFAULT_DESIGN,
    fields: int = 3,
    size: tuple[int, int] = (1280, 960),
    glare: bool | None = None,
) -> list[Path]:
    """`scenes` pictures of `fields` slots (21 for 7 players x 3 fields) with their
    labels; a lamp's glare in about a third of them unless told."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    beans = list(NUMBERS)
    paths = []
    for i in range(scenes):
        columns = random_columns(rng, fields, beans)
        img, labels = render_fields(rng, columns, design, size, glare=glare)
        path = out / f"fields_{i + 1}.png"
        cv2.imwrite(str(path), img)
        path.with_suffix(".json").write_text(json.dumps({"fields": labels}))
        paths.append(path)
    return paths


def write_enrolment(folder: str | Path, design: str = DEFAULT_DESIGN) -> list[Path]:
    """One upright card face per variety: ID.png."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for bean in NUMBERS:
        path = out / f"{bean}.png"
        cv2.imwrite(str(path), card_face(bean, design))
        paths.append(path)
    return paths


def _sub_quad(quad: np.ndarray, v0: float, v1: float) -> np.ndarray:
    """The part of a slot's quad from `v0` to `v1` of its length (0: its top)."""
    tl, tr, br, bl = quad.astype(np.float32)
    left = (tl + (bl - tl) * v0, tl + (bl - tl) * v1)
    right = (tr + (br - tr) * v0, tr + (br - tr) * v1)
    return np.array([left[0], right[0], right[1], left[1]], np.float32)


MAT_MARGIN_MM = 24.0


class CardTable:
    """A card game's table, look by look, for the live demo and the end-to-end
    tests: every seat's bean fields (a slot each, seat by seat) and the places of
    the face-up cards, under one camera. A card once laid keeps where and how it
    lies (a little off, a little turned) until its field is harvested; `look()`
    draws the table as it is, `reaching(slot)` with a hand laying a card there.
    The field slots are drawn as the printed mats have them: mid-grey.

    `quads` (field slots, seat by seat) and `place_quads` (face-up places) are
    where they lie in the picture: what a calibrated mat gives the reader."""

    PLACES = 4  # face-up places: two a reserved slot's room

    def __init__(
        self,
        seats: int,
        fields: int = 3,
        seed: int = 0,
        design: str = DEFAULT_DESIGN,
        size: tuple[int, int] = (1280, 960),
    ) -> None:
        self.rng = np.random.default_rng(seed)
        self.seats, self.fields, self.design, self.size = seats, fields, design, size
        w, h = size
        base = np.full((h, w, 3), self.rng.integers(150, 220, 3), np.uint8)
        self.base = np.clip(base + self.rng.normal(0, 3, base.shape), 0, 255).astype(np.uint8)
        # As on printed mats, whose markers lie between the slots and the picture's
        # edge: no slot touches the edge (where an arm comes in).
        quads, self.scale = table_layout(seats * fields + 2, size, self.rng, margin=MAT_MARGIN_MM)
        self.camera_seed = int(self.rng.integers(1 << 30))
        slots, reserved = quads[:-2], quads[-2:]
        places = [_sub_quad(q, v, v + 0.38) for q in reserved for v in (0.04, 0.5)]
        self.mats = [tuple(int(v) for v in self.rng.integers(205, 240, 3)) for _ in quads]
        self.columns: list[list[str]] = [[] for _ in slots]
        self.face_up: list[str | None] = [None] * self.PLACES
        self._lay: dict[tuple, tuple[float, float, float, bool]] = {}  # card -> how it lies
        self._cache: dict[tuple, tuple] = {}
        self._shades: dict[int, tuple] = {}  # a patch mask id -> (mask, light let through)
        self._drawn: tuple | None = None  # (its patches, the table drawn)
        self._slots, self._places = slots, places
        # Where the camera sees them: its lens moves every corner a little.
        labels = [{"quad": q.tolist()} for q in slots + places]
        _photograph(self.base.copy(), np.random.default_rng(self.camera_seed), labels)
        seen = [np.float32(lab["quad"]) for lab in labels]
        self.quads, self.place_quads = seen[: len(slots)], seen[len(slots) :]
        self._lens = _Lens(size, self.camera_seed)

    def slot(self, seat: int, field: int) -> int:
        return seat * self.fields + field

    def _how(self, key: tuple) -> tuple[float, float, float, bool]:
        """How a card lies, drawn once when it is laid: off, turned, which way up."""
        if key not in self._lay:
            wild = self.rng.random() < 0.1
            dx = self.rng.uniform(-6, 6) if wild else self.rng.normal(0, 2)
            turn = self.rng.uniform(-6, 6) if wild else self.rng.normal(0, 2)
            self._lay[key] = (float(dx), float(turn), float(self.rng.normal(0, 1.5)), False)
        return self._lay[key]

    def harvest(self, slot: int) -> None:
        """A field cleared: the next cards laid there lie anew."""
        self.columns[slot] = []
        for key in [k for k in self._lay if k[:2] == ("field", slot)]:
            del self._lay[key]

    def _slot_patch(self, i: int) -> tuple:
        column = tuple(self.columns[i])
        lays = tuple(self._how(("field", i, k, bean)) for k, bean in enumerate(column))
        key = ("field", i, column, lays)
        if key not in self._cache:
            cw, ch = CARD_PX
            sw, sh = slot_px()
            pad = 40
            canvas = np.zeros((sh + 2 * pad, sw + 2 * pad, 3), np.uint8)
            cover = np.zeros(canvas.shape[:2], np.uint8)
            # The mat's field slot, printed mid-grey (`mats.SLOT_GREY`) on its paper.
            grey = tuple(int(c * SLOT_GREY / 255) for c in self.mats[i])
            cv2.rectangle(canvas, (pad, pad), (pad + sw - 1, pad + sh - 1), grey, -1)
            cv2.rectangle(cover, (pad, pad), (pad + sw - 1, pad + sh - 1), 255, -1)
            cv2.rectangle(canvas, (pad, pad), (pad + sw - 1, pad + sh - 1), (90, 110, 90), 1)
            for k, (bean, (dx, turn, dy, _)) in enumerate(zip(column, lays, strict=True)):
                cy = pad + 8 + ch / 2 + k * STRIP_PX + dy
                _place(canvas, card_face(bean, self.design), pad + sw / 2 + dx, cy, turn, cover)
            src = np.array(
                [[pad, pad], [pad + sw, pad], [pad + sw, pad + sh], [pad, pad + sh]], np.float32
            )
            self._cache[key] = _warp_patch(canvas, cover, src, self._slots[i], self.size)
        return self._cache[key]

    def _place_patch(self, i: int) -> tuple:
        bean = self.face_up[i]
        key = ("place", i, bean)
        if key not in self._cache:
            cw, ch = CARD_PX
            sw, sh = cw + 16, ch + 16
            pad = 30
            canvas = np.zeros((sh + 2 * pad, sw + 2 * pad, 3), np.uint8)
            cover = np.zeros(canvas.shape[:2], np.uint8)
            mat = self.mats[len(self._slots) + i // 2]
            cv2.rectangle(canvas, (pad, pad), (pad + sw - 1, pad + sh - 1), mat, -1)
            cv2.rectangle(cover, (pad, pad), (pad + sw - 1, pad + sh - 1), 255, -1)
            if bean is not None:
                face = card_face(bean, self.design)
                if self.rng.random() < 0.5:
                    face = cv2.rotate(face, cv2.ROTATE_180)  # turned over either way up
                centre = (
                    pad + sw / 2 + self.rng.normal(0, 2),
                    pad + sh / 2 + self.rng.normal(0, 2),
                )
                _place(canvas, face, *centre, float(self.rng.normal(0, 2.5)), cover)
            src = np.array(
                [[pad, pad], [pad + sw, pad], [pad + sw, pad + sh], [pad, pad + sh]], np.float32
            )
            self._cache[key] = _warp_patch(canvas, cover, src, self._places[i], self.size)
        return self._cache[key]

    def _draw(self) -> np.ndarray:
        """The table as it lies (before the camera): the mats' patches on the table,
        each over its shadow. Drawn again only when a patch changed (a look and a
        hand reaching over the same table draw it once)."""
        patches = [self._slot_patch(i) for i in range(len(self._slots))]
        patches += [self._place_patch(i) for i in range(self.PLACES)]
        key = tuple(id(p[2]) for p in patches)
        if self._drawn is not None and self._drawn[0] == key:
            return self._drawn[1].copy()
        img = self.base.copy()
        for x0, y0, warped, mask in patches:
            region = img[y0 : y0 + mask.shape[0], x0 : x0 + mask.shape[1]]
            # (OpenCV's product in float32, as numpy's; numpy's cast truncates)
            region[:] = cv2.multiply(region, self._shade(mask), dtype=cv2.CV_32F).astype(np.uint8)
            np.copyto(region, warped, where=(mask > 0)[..., None])
        self._drawn = (key, img)
        return img.copy()

    def _shade(self, mask: np.ndarray) -> np.ndarray:
        """How much light a patch's shadow lets through (as `_shadow`, 0.25 dark), in
        each of the three channels, worked out once per patch."""
        kept = self._shades.get(id(mask))
        if kept is None or kept[0] is not mask:
            shadow = cv2.GaussianBlur(np.roll(mask, 3, axis=0), (0, 0), 3).astype(np.float32)
            light = (1 - 0.25 * shadow / 255)[..., None]
            kept = (mask, np.repeat(light, 3, axis=2))
            self._shades[id(mask)] = kept
        return kept[1]

    def look(self) -> np.ndarray:
        """The table as it lies now, through the camera."""
        return self._lens(self._draw())

    def reaching(self, slot: int) -> np.ndarray:
        """The table with an arm reaching over field slot `slot` (laying a card)."""
        img = self._draw()
        _hand(img, self.rng, [{"quad": self._slots[slot].tolist()}])
        return self._lens(img)

    def teaching(self, bean: str) -> np.ndarray:
        """Teach mode: one card of `bean` alone in the first field slot."""
        kept, kept_lay = self.columns[0], dict(self._lay)
        self.harvest(0)
        self.columns[0] = [bean]
        try:
            return self.look()
        finally:
            self.columns[0], self._lay = kept, kept_lay


def _warp_patch(canvas, cover, src, quad, size) -> tuple:
    """The canvas warped onto `quad`, cut to where it lands: (x0, y0, image, mask)."""
    m = cv2.getPerspectiveTransform(src, np.array(quad, np.float32))
    h, w = canvas.shape[:2]
    corners = cv2.perspectiveTransform(
        np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32).reshape(-1, 1, 2), m
    ).reshape(-1, 2)
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int), size)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ m
    patch = cv2.warpPerspective(canvas, shift, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(cover, shift, (x1 - x0, y1 - y0), flags=cv2.INTER_NEAREST)
    return int(x0), int(y0), patch, mask


class _Lens:
    """`_photograph` with one camera's light, lens and noise worked out once: the
    same picture for the same table, a few times faster (a live table films many)."""

    def __init__(self, size: tuple[int, int], seed: int) -> None:
        w, h = size
        rng = np.random.default_rng(seed)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        gx, gy = rng.uniform(-0.25, 0.25, 2)
        self.light = (1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5))[..., None]
        d = 0.01 * w
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        dst = src + rng.uniform(-d, d, (4, 2)).astype(np.float32)
        self.m = cv2.getPerspectiveTransform(src, dst)
        self.size = size
        self.blur = rng.random() < 0.5
        self.noise = rng.normal(0, rng.uniform(1, 4), (h, w, 3)).astype(np.float32)
        # OpenCV's saturating arithmetic: a few times faster than numpy's clip.
        self._light3 = np.repeat(self.light, 3, axis=2).astype(np.float32)
        self._noise16 = np.round(self.noise).astype(np.int16)

    def __call__(self, img: np.ndarray) -> np.ndarray:
        out = cv2.multiply(img, self._light3, dtype=cv2.CV_8U)
        out = cv2.warpPerspective(out, self.m, self.size, borderMode=cv2.BORDER_REFLECT)
        if self.blur:
            out = cv2.GaussianBlur(out, (3, 3), 0)
        return cv2.add(out, self._noise16, dtype=cv2.CV_8U)
