"""Synthetic tables as hard as a real one (issue 16), with cards of our own design
that are built like the published ones (never their art):

- a card 56 x 87 mm with a white rounded border (3 mm), a white band at the bottom
  (the beanometer: coin pictograms on white, about 15 % of the card), the card
  count in both top corners, a name band at the top, and art filling the middle (a
  coloured background, a pattern, a bean character);
- several art styles; in each, pairs of varieties whose backgrounds are of almost
  one hue (blue and coffee orange, stink and wax yellow-olive, black-eyed and red),
  told apart only by their numbers, names and characters; some styles hold
  marker-like tiles in their art (real ArUco patterns, even the mats' own ids);
- the printed mats (`mats.card_mat`, markers and all, the field slots printed
  mid-grey: grey ink on the paper, so a cream paper's slot is a creamy grey) on
  white, cream or grey paper, laid on a table, photographed by a camera 0-15
  degrees off straight down, under a lamp of 2700-6500 K with uneven light and
  glare, blurred, noisy, saved as JPEG 70;
- cards laid as hands lay them: strips of 8-25 mm, each card up to 10 mm and 8
  degrees off.

The reader is tuned on TUNED styles and measured on HELD_OUT ones. Labels:

    {"fields": [{"quad", "size_mm", "cards", "mat", "slot"}], "markers": {id: corners}}

`quad` is the slot's corners in the picture as the mat's true homography puts
them (the reader may instead calibrate from the markers in the picture),
`size_mm` the slot's printed size."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..engine.beans import VARIETIES
from ..vision.mats import CARD_MM, SLOT_GREY, MatLayout, card_mat, marker_bits
from .card_scenes import CARD_PX, NUMBERS, _warp_patch

TUNED = ("r1", "r2", "r3")
HELD_OUT = ("r4", "r5", "r6")
# "r0": the live demo's and the tracker tests' cards: built the same way, but every
# variety of its own clear hue (those test the tracker, not the reader's limits).
DEMO = "r0"
STYLES = (DEMO,) + TUNED + HELD_OUT

# Background (hue in degrees, saturation, value) and the bean's own colour, per variety.
# Near pairs on purpose: blue/coffee, stink/wax, black-eyed/red, soy/chili-ish.
_BACK = {
    "coffee": (27, 0.78, 0.80),
    "blue": (31, 0.80, 0.88),
    "wax": (52, 0.62, 0.86),
    "stink": (58, 0.58, 0.70),
    "chili": (8, 0.80, 0.85),
    "red": (352, 0.70, 0.70),
    "black-eyed": (345, 0.55, 0.62),
    "green": (115, 0.60, 0.65),
    "garden": (140, 0.50, 0.72),
    "soy": (42, 0.58, 0.92),
    "cocoa": (20, 0.62, 0.50),
}
_BEAN = {
    "coffee": (25, 0.7, 0.35),
    "blue": (215, 0.65, 0.75),
    "wax": (50, 0.45, 0.98),
    "stink": (75, 0.5, 0.45),
    "chili": (0, 0.85, 0.75),
    "red": (355, 0.8, 0.55),
    "black-eyed": (0, 0.0, 0.95),
    "green": (100, 0.75, 0.55),
    "garden": (90, 0.5, 0.85),
    "soy": (45, 0.4, 0.85),
    "cocoa": (25, 0.6, 0.28),
}
_STYLE_SEED = {s: i * 7919 + 13 for i, s in enumerate(STYLES)}
S = 4  # the faces are drawn at 4 px/mm, then brought to CARD_PX (2 px/mm)


def _hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    px = np.array(
        [[[int(h % 360) // 2, int(np.clip(s, 0, 1) * 255), int(np.clip(v, 0, 1) * 255)]]], np.uint8
    )
    b, g, r = cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0]
    return int(b), int(g), int(r)


def _shade(c, k: float) -> tuple[int, int, int]:
    return tuple(int(np.clip(v * k, 0, 255)) for v in c)  # type: ignore[return-value]


def rounded_mask(w: int, h: int, radius: float) -> np.ndarray:
    """A card's outline: a rectangle with rounded corners, 255 inside."""
    m = np.zeros((h, w), np.uint8)
    r = int(round(radius))
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return m


_FACES: dict[tuple[str, str], np.ndarray] = {}
CARD_MASK = rounded_mask(*CARD_PX, 3.5 * CARD_PX[0] / CARD_MM[0])


def real_face(bean: str, style: str) -> np.ndarray:
    """An upright card of `bean` in art style `style` (CARD_PX, 2 px/mm), built like
    a published card; outside its rounded corners it is black (see CARD_MASK)."""
    if bean not in _BACK:
        raise ValueError(f"{bean!r} is not a bean variety")
    if style not in STYLES:
        raise ValueError(f"style is one of {', '.join(STYLES)}")
    key = (bean, style)
    if key not in _FACES:
        big = _draw_face(bean, style)
        face = cv2.resize(big, CARD_PX, interpolation=cv2.INTER_AREA)
        face[CARD_MASK == 0] = 0
        _FACES[key] = face
    return _FACES[key].copy()


# The demo style's backgrounds: eleven hues and tones apart.
_DEMO_BACK = {
    "coffee": (25, 0.75, 0.45),
    "wax": (55, 0.75, 0.95),
    "blue": (215, 0.7, 0.8),
    "chili": (0, 0.85, 0.85),
    "stink": (280, 0.45, 0.6),
    "green": (120, 0.7, 0.6),
    "soy": (35, 0.8, 0.95),
    "black-eyed": (0, 0.0, 0.3),
    "red": (340, 0.75, 0.6),
    "garden": (165, 0.6, 0.75),
    "cocoa": (190, 0.5, 0.45),
}


def _draw_face(bean: str, style: str) -> np.ndarray:
    rng = np.random.default_rng(_STYLE_SEED[style] + list(_BACK).index(bean))
    srng = np.random.default_rng(_STYLE_SEED[style])
    hue_shift = float(srng.uniform(-10, 10))
    sat_k, val_k = float(srng.uniform(0.85, 1.1)), float(srng.uniform(0.9, 1.05))
    if style == DEMO:
        hue_shift, sat_k, val_k = 0.0, 1.0, 1.0
    w, h = CARD_PX[0] * S // 2, CARD_PX[1] * S // 2  # 224 x 348
    border = 3 * S
    band = int(13 * S)  # the beanometer's white band
    img = np.full((h, w, 3), 250, np.uint8)  # the card's white
    x0, y0, x1, y1 = border, border, w - border, h - border - band
    hh, ss, vv = (_DEMO_BACK if style == DEMO else _BACK)[bean]
    back = _hsv(hh + hue_shift + rng.uniform(-3, 3), ss * sat_k, vv * val_k)
    art = np.zeros((y1 - y0, x1 - x0, 3), np.uint8)
    art[:] = back
    aw, ah = art.shape[1], art.shape[0]
    pattern = {
        "r0": "gradient",
        "r1": "gradient",
        "r2": "stripes",
        "r3": "dots",
        "r4": "rays",
        "r5": "horizon",
    }
    kind = pattern.get(style, "tiles")
    if kind == "gradient":
        ramp = np.linspace(1.12, 0.85, ah)[:, None, None]
        art = np.clip(art * ramp, 0, 255).astype(np.uint8)
    elif kind == "stripes":
        for x in range(-ah, aw, 18):
            cv2.line(art, (x, ah), (x + ah, 0), _shade(back, 0.86), 7)
    elif kind == "dots":
        for yy in range(10, ah, 22):
            for xx in range(10 + (yy // 22 % 2) * 11, aw, 22):
                cv2.circle(art, (xx, yy), 4, _shade(back, 1.15), -1)
    elif kind == "rays":
        c = (aw // 2, ah // 2)
        for a in range(0, 360, 20):
            t = np.deg2rad(a)
            p1 = (int(c[0] + 400 * np.cos(t)), int(c[1] + 400 * np.sin(t)))
            p2 = (int(c[0] + 400 * np.cos(t + 0.17)), int(c[1] + 400 * np.sin(t + 0.17)))
            cv2.fillPoly(art, [np.array([c, p1, p2], np.int32)], _shade(back, 0.88))
    elif kind == "horizon":
        cut = int(ah * rng.uniform(0.55, 0.7))
        art[cut:] = _shade(_hsv(hh + hue_shift + 25, ss * 0.8, vv * 0.8), 1.0)
        cv2.ellipse(art, (aw // 2, cut), (aw, 18), 0, 180, 360, _shade(back, 0.92), -1)
    else:  # tiles: a floor of squares, the kind of art a marker detector may misread
        for yy in range(ah // 2, ah, 24):
            for xx in range(0, aw, 24):
                if (xx // 24 + yy // 24) % 2:
                    cv2.rectangle(art, (xx, yy), (xx + 23, yy + 23), _shade(back, 0.7), -1)
    # Marker-like patterns in some varieties' art (styles r3, r6): a real 4x4 ArUco
    # code, now and then one of the mats' own ids.
    if style in ("r3", "r6") and rng.random() < 0.6:
        mid = int(rng.integers(0, 48))
        bits = marker_bits(mid)
        side = int(rng.uniform(10, 16) * S)
        tile = cv2.resize(bits * 255, (side, side), interpolation=cv2.INTER_NEAREST)
        tx = int(rng.uniform(4, aw - side - 4))
        ty = int(rng.uniform(ah * 0.55, ah - side - 4))
        q = 4 * S // 6
        cv2.rectangle(art, (tx - q, ty - q), (tx + side + q, ty + side + q), (245, 245, 245), -1)
        art[ty : ty + side, tx : tx + side] = cv2.merge([tile] * 3)
    body_box = _character(art, bean, style, rng)
    minis = style in MINIS
    if minis:
        _minis(art, body_box)
    # The name band at the top of the art: the count in both top corners, the name
    # (styles with the bean in miniature there: the count between them, over the name).
    title_h = int(rng.uniform(8.5, 10.5) * S)
    banner = style in ("r0", "r1", "r4", "r6")
    if banner:
        ban = _shade(back, float(rng.uniform(0.6, 0.75)))
        cv2.rectangle(art, (0, 0), (aw, title_h), ban, -1)
    font = {
        "r0": cv2.FONT_HERSHEY_SIMPLEX,
        "r1": cv2.FONT_HERSHEY_SIMPLEX,
        "r2": cv2.FONT_HERSHEY_DUPLEX,
        "r3": cv2.FONT_HERSHEY_TRIPLEX,
        "r4": cv2.FONT_HERSHEY_COMPLEX,
        "r5": cv2.FONT_HERSHEY_SIMPLEX,
        "r6": cv2.FONT_HERSHEY_COMPLEX_SMALL,
    }[style]
    number = str(NUMBERS[bean])
    ink = (245, 245, 245) if banner else (25, 25, 25)
    scale = 1.15 if style != "r6" else 1.6
    (tw, th), _ = cv2.getTextSize(number, font, scale, 3)
    for nx in ((aw - tw) // 2,) if minis else (6, aw - tw - 6):
        if style in DISCS:  # the count in a light disc
            cv2.circle(art, (nx + tw // 2, 4 + th // 2 + 4), th // 2 + 9, (215, 235, 245), -1)
        cv2.putText(art, number, (nx, th + 6), font, scale, ink, 3, cv2.LINE_AA)
    name = VARIETIES[bean].name
    nscale = 0.55
    room = aw - 2 * (MINI_MM + 2) * S if minis else aw - 2 * tw - 20
    (nw, nh), _ = cv2.getTextSize(name, font, nscale, 1)
    while nw > room and nscale > 0.3:
        nscale -= 0.05
        (nw, nh), _ = cv2.getTextSize(name, font, nscale, 1)
    name_y = th + 14 + nh if minis else nh + 10
    cv2.putText(art, name, ((aw - nw) // 2, name_y), font, nscale, ink, 1, cv2.LINE_AA)
    img[y0:y1, x0:x1] = art
    _beanometer(img, bean, style, y1, w, band, font)
    return img


# Styles drawn as the published cards are: the art in miniature in both top corners
# (what a fanned hand shows), the count and the name printed on the art between them.
MINIS = ("r2", "r5")
DISCS = ("r5",)  # styles with the count in a light disc that meets the top border
MINI_MM = 13  # the miniature's height


def _minis(art: np.ndarray, box: tuple[int, int, int, int]) -> None:
    """The bean figure (`box`: x0, y0, x1, y1 in `art`) small in both top corners,
    on its own background, mirrored on the right."""
    x0, y0, x1, y1 = box
    figure = art[max(y0, 0) : y1, max(x0, 0) : x1].copy()
    h = MINI_MM * S
    w = max(int(figure.shape[1] * h / max(figure.shape[0], 1)), 1)
    w = min(w, art.shape[1] // 3)
    mini = cv2.resize(figure, (w, h), interpolation=cv2.INTER_AREA)
    art[S : S + h, S : S + w] = mini
    art[S : S + h, art.shape[1] - S - w : art.shape[1] - S] = mini[:, ::-1]


def _character(
    art: np.ndarray, bean: str, style: str, rng: np.random.Generator
) -> tuple[int, int, int, int]:
    """The variety's bean as a little figure: a body, eyes, a mouth, arms and legs;
    the box it fills (x0, y0, x1, y1)."""
    ah, aw = art.shape[:2]
    hh, ss, vv = _BEAN[bean]
    body = _hsv(hh + rng.uniform(-5, 5), ss, vv)
    line = _shade(body, 0.45)
    cx = int(aw / 2 + rng.uniform(-20, 20))
    cy = int(ah * rng.uniform(0.52, 0.62))
    rx, ry = int(rng.uniform(38, 60)), int(rng.uniform(55, 80))
    tilt = float(rng.uniform(-35, 35))
    for side in (-1, 1):  # arms and legs
        cv2.line(art, (cx, cy), (cx + side * (rx + 22), cy - int(rng.uniform(-30, 30))), line, 5)
        cv2.line(
            art, (cx + side * rx // 2, cy + ry - 8), (cx + side * rx // 2, cy + ry + 22), line, 5
        )
    if style in ("r2", "r5"):  # a kidney
        cv2.ellipse(art, (cx, cy), (rx, ry), tilt, 0, 360, body, -1, cv2.LINE_AA)
        dent = (
            cx + int(rx * 0.9 * np.cos(np.deg2rad(tilt))),
            cy + int(rx * 0.9 * np.sin(np.deg2rad(tilt))),
        )
        cv2.ellipse(
            art, dent, (rx // 3, ry // 3), tilt, 0, 360, tuple(int(v) for v in art[2, 2]), -1
        )
    elif style in ("r3", "r6"):  # a pod with beans in it
        cv2.ellipse(art, (cx, cy), (rx // 2, ry + 10), tilt, 0, 360, body, -1, cv2.LINE_AA)
        for k in (-1, 0, 1):
            cv2.circle(
                art,
                (cx + int(k * 8 * np.sin(np.deg2rad(-tilt))), cy + k * ry // 2),
                rx // 4,
                _shade(body, 0.8),
                -1,
            )
    else:  # an oval
        cv2.ellipse(art, (cx, cy), (rx, ry), tilt, 0, 360, body, -1, cv2.LINE_AA)
    cv2.ellipse(
        art,
        (cx, cy),
        (rx, ry) if style not in ("r3", "r6") else (rx // 2, ry + 10),
        tilt,
        0,
        360,
        line,
        2,
        cv2.LINE_AA,
    )
    for side in (-1, 1):  # eyes and a mouth
        e = (cx + side * rx // 3, cy - ry // 3)
        cv2.circle(art, e, 9, (250, 250, 250), -1, cv2.LINE_AA)
        cv2.circle(art, (e[0] + 2, e[1] + 2), 4, (20, 20, 20), -1, cv2.LINE_AA)
    cv2.ellipse(
        art, (cx, cy + ry // 6), (rx // 3, ry // 6), 0, 10, 170, (30, 30, 30), 3, cv2.LINE_AA
    )
    if bean == "black-eyed":
        cv2.circle(art, (cx, cy + ry // 2), 10, (20, 20, 20), -1)
    reach = max(rx, ry) + 24
    return cx - reach, cy - reach, cx + reach, cy + ry + 26


def _beanometer(img, bean: str, style: str, top: int, w: int, band: int, font) -> None:
    """The white band at the bottom: four coin places, the cards needed over each."""
    coin = (40, 150, 205) if style in TUNED else (60, 170, 225)
    needed = dict(VARIETIES[bean].beanometer)  # coins -> cards needed
    for k in range(4):
        need = needed.get(k + 1)
        cx = int(w * (k + 1) / 5)
        label = "-" if need is None else str(need)
        (tw, th), _ = cv2.getTextSize(label, font, 0.5, 1)
        cv2.putText(
            img, label, (cx - tw // 2, top + 4 + th), font, 0.5, (30, 30, 30), 1, cv2.LINE_AA
        )
        if need is None:
            continue
        for j in range(k + 1):  # k + 1 coins, stacked a little
            c = (cx + (j - k / 2) * 3, top + band - 17 - j * 2)
            cv2.circle(img, (int(c[0]), int(c[1])), 12, coin, -1, cv2.LINE_AA)
            cv2.circle(img, (int(c[0]), int(c[1])), 12, _shade(coin, 0.6), 1, cv2.LINE_AA)


def write_real_enrolment(folder: str | Path, style: str) -> list[Path]:
    """One upright card face per variety in `style`: ID.png (the published card as
    a scanner would give it: white outside the rounded corners)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for bean in NUMBERS:
        face = real_face(bean, style)
        face[CARD_MASK == 0] = 255
        path = out / f"{bean}.png"
        cv2.imwrite(str(path), face)
        paths.append(path)
    return paths


# ----------------------------------------------------------------------------- tables

PAPER = {"white": (244, 246, 247), "cream": (208, 234, 247), "grey": (168, 168, 166)}


@dataclass
class Conditions:
    """What a table's picture may suffer; each scene draws its own within these."""

    kelvin: tuple[float, float] = (2700.0, 6500.0)
    tilt_deg: tuple[float, float] = (0.0, 15.0)
    strip_mm: tuple[float, float] = (8.0, 25.0)
    off_mm: float = 10.0
    turn_deg: float = 8.0
    papers: tuple[str, ...] = ("white", "cream", "grey")
    uneven: float = 0.35  # light falls off by up to this much across the table
    glare: float = 0.4  # share of scenes with a lamp's reflection
    jpeg: int = 70
    blur: float = 1.2  # Gaussian sigma up to
    noise: float = 4.0  # sd up to
    # The field slots' printed grey (of the paper's white, `mats.SLOT_GREY`; each
    # printer's a little lighter or darker); None: an old mat, its slots unprinted.
    slot_fill: int | None = SLOT_GREY
    # The cards as laid, to a published card's size: sleeved cards show a little
    # larger, and a mat printed "fit to page" makes every card look larger to its
    # markers (each table draws one size for all its cards).
    card_scale: tuple[float, float] = (1.0, 1.0)


EASY = Conditions(
    kelvin=(5500.0, 5500.0),
    tilt_deg=(0.0, 0.0),
    strip_mm=(11.0, 11.0),
    off_mm=2.0,
    turn_deg=2.0,
    papers=("white",),
    uneven=0.1,
    glare=0.0,
    jpeg=95,
    blur=0.5,
    noise=2.0,
)


def kelvin_rgb(k: float) -> np.ndarray:
    """A light's colour at `k` kelvin (a blackbody, Tanner Helland's fit), BGR 0..1."""
    t = k / 100
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * np.log(t) - 161.1 if t <= 66 else 288.1 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * np.log(t - 10) - 305.0)
    return np.clip(np.array([b, g, r]) / 255, 0.05, 1)


def lamp_gains(k: float) -> np.ndarray:
    """What a camera white-balanced for daylight (5500 K) makes of a lamp of `k`."""
    g = kelvin_rgb(k) / kelvin_rgb(5500)
    return g / g.max()


def random_columns(
    rng: np.random.Generator,
    n_slots: int,
    beans: list[str],
    length_mm: float,
    cond: Conditions,
    card_mm: float = CARD_MM[1],
) -> list[tuple[list[str], float]]:
    """Per slot: its cards (first planted first) and the strip hands leave showing
    (as many as the slot holds of cards `card_mm` long)."""
    out = []
    for _ in range(n_slots):
        strip = float(rng.uniform(*cond.strip_mm))
        most = 1 + int((length_mm + 6 - card_mm) // strip)
        n = int(rng.choice([0, 1, 1, 2, 3, 4, 5, 6, 8, 10, 12, 13, 15]))
        n = min(n, most, 15)
        if rng.random() < 0.7:
            cards = [str(rng.choice(beans))] * n
        else:
            cards = [str(rng.choice(beans)) for _ in range(n)]
        out.append((cards, strip))
    return out


def _table_pose(n: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Where each player's A4 mat lies on the table (3x3 affine, mat mm -> table mm):
    up to four near, the rest far and turned round (their players sit opposite)."""
    near = min(n, 4)
    far = n - near
    poses = []
    for i in range(n):
        row_far = i >= near
        k = i - near if row_far else i
        count = far if row_far else near
        x = (k - (count - 1) / 2) * (210 + rng.uniform(12, 28))
        y = -160 if row_far else 160
        if n <= 4:
            y = 0
        a = np.deg2rad(rng.normal(0, 2) + (180 if row_far else 0))
        c, s = np.cos(a), np.sin(a)
        cx, cy = x + rng.normal(0, 5), y + rng.normal(0, 5)
        # About the mat's centre (105, 148.5).
        m = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ np.array(
            [[1, 0, -105], [0, 1, -148.5], [0, 0, 1]]
        )
        m = np.array([[1, 0, cx], [0, 1, cy], [0, 0, 1]]) @ m
        poses.append(m)
    return poses


def _camera(
    rng: np.random.Generator, corners_mm: np.ndarray, size: tuple[int, int], tilt_deg: float
) -> np.ndarray:
    """Table mm -> picture pixels: a pinhole camera `tilt_deg` off straight down
    (about a random axis), framing the table's `corners_mm` with a little room."""
    az = rng.uniform(0, 2 * np.pi)
    axis = np.array([np.cos(az), np.sin(az), 0.0]) * np.deg2rad(tilt_deg)
    r, _ = cv2.Rodrigues(axis)
    dist = 1100.0
    h0 = np.column_stack([r[:, 0], r[:, 1], [0, 0, dist]])
    pts = cv2.perspectiveTransform(corners_mm.reshape(-1, 1, 2).astype(np.float64), h0).reshape(
        -1, 2
    )
    lo, hi = pts.min(0), pts.max(0)
    w, h = size
    k = min((w - 20) / (hi[0] - lo[0]), (h - 20) / (hi[1] - lo[1])) * rng.uniform(0.95, 1.0)
    off = np.array([w, h]) / 2 - k * (lo + hi) / 2 + rng.uniform(-5, 5, 2)
    fit = np.array([[k, 0, off[0]], [0, k, off[1]], [0, 0, 1]])
    return fit @ h0


def _mat_canvas(
    layout: MatLayout, paper: tuple, px: float, pad: float, fill: float | None
) -> np.ndarray:
    """The printed mat at `px` px/mm with `pad` mm of room around it (for cards
    hanging over its edge): paper, markers, slots and ticks."""
    w, h = int((layout.width + 2 * pad) * px), int((layout.height + 2 * pad) * px)
    img = np.zeros((h, w, 3), np.uint8)
    o = pad * px
    cv2.rectangle(
        img, (int(o), int(o)), (int(o + layout.width * px), int(o + layout.height * px)), paper, -1
    )
    ink = (42, 93, 47)
    for slot in layout.slots:
        q = (np.array(slot.quad) * px + o).astype(np.int32)
        if fill is not None and slot.filled:
            cv2.fillPoly(img, [q], _shade(paper, fill / 255))
        cv2.polylines(img, [q], True, ink, 1, cv2.LINE_AA)
        (x0, y0), (x1, _) = slot.quad[0], slot.quad[1]
        for t in slot.ticks:
            y = int(o + (y0 + t) * px)
            cv2.line(img, (int(o + x0 * px), y), (int(o + (x0 + 4) * px), y), ink, 1)
            cv2.line(img, (int(o + (x1 - 4) * px), y), (int(o + x1 * px), y), ink, 1)
    for m in layout.markers:
        bits = marker_bits(m.id)
        size = int(round(m.size * px))
        tile = cv2.resize(bits * 255, (size, size), interpolation=cv2.INTER_NEAREST)
        x, y = int(round(o + m.x * px)), int(round(o + m.y * px))
        dark = np.array(paper, np.float32) * 0.08
        img[y : y + size, x : x + size] = np.where(
            tile[..., None] > 0, np.array(paper, np.float32), dark
        ).astype(np.uint8)
    return img


def _lay_card(
    canvas: np.ndarray, cover: np.ndarray, face: np.ndarray, cx, cy, angle, scale: float = 1.0
) -> None:
    """A card (2 px/mm) laid on the canvas at (cx, cy) px, turned `angle` degrees,
    `scale` times its size, with its thin shadow, drawn only around where it lands."""
    h, w = face.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 2] += cx - w / 2
    m[1, 2] += cy - h / 2
    r = int(scale * np.hypot(w, h) / 2) + 6
    x0, y0 = max(int(cx) - r, 0), max(int(cy) - r, 0)
    x1, y1 = min(int(cx) + r, canvas.shape[1]), min(int(cy) + r, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    m[0, 2] -= x0
    m[1, 2] -= y0
    size = (x1 - x0, y1 - y0)
    mask = cv2.warpAffine(CARD_MASK, m, size, flags=cv2.INTER_LINEAR)
    warped = cv2.warpAffine(face, m, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1]
    shadow = cv2.GaussianBlur(np.roll(mask, 2, axis=0), (0, 0), 2).astype(np.float32) / 255
    roi[:] = (roi * (1 - 0.3 * shadow[..., None])).astype(np.uint8)
    a = (mask.astype(np.float32) / 255)[..., None]
    roi[:] = (warped * a + roi * (1 - a)).astype(np.uint8)
    cover[y0:y1, x0:x1] = np.maximum(cover[y0:y1, x0:x1], mask)


def render_table(
    rng: np.random.Generator,
    players: int = 7,
    style: str = "r1",
    cond: Conditions | None = None,
    size: tuple[int, int] = (1280, 960),
    columns: list[tuple[list[str], float]] | None = None,
) -> tuple[np.ndarray, dict]:
    """A photograph of `players` card mats (3 field slots each) with cards in their
    slots, and its labels (see the module's doc)."""
    cond = cond or Conditions()
    layouts = [card_mat(seat, 3, "A4") for seat in range(players)]
    n_slots = 3 * players
    length = layouts[0].slots[0].quad[2][1] - layouts[0].slots[0].quad[0][1]
    lo, hi = cond.card_scale
    scale = lo if lo == hi else float(rng.uniform(lo, hi))  # (one size: the stream as before)
    if columns is None:
        columns = random_columns(rng, n_slots, list(NUMBERS), length, cond, CARD_MM[1] * scale)
    poses = _table_pose(players, rng)
    corners = np.concatenate(
        [
            cv2.perspectiveTransform(
                np.array([[[0, 0]], [[210, 0]], [[210, 297]], [[0, 297]]], np.float64), p
            ).reshape(-1, 2)
            for p in poses
        ]
    )
    tilt = float(rng.uniform(*cond.tilt_deg))
    cam = _camera(rng, corners, size, tilt)
    w, h = size
    # The table: a wooden or cloth colour, a little uneven.
    table = np.array(
        [rng.choice([(60, 90, 130), (40, 60, 90), (90, 110, 120), (70, 120, 70), (160, 160, 165)])]
    )
    low = cv2.resize(
        rng.normal(0, 8, (6, 8, 3)).astype(np.float32), size, interpolation=cv2.INTER_CUBIC
    )
    img = np.clip(table.astype(np.float32) + low, 0, 255).astype(np.uint8)
    px, pad = 2.0, 16.0
    fields: list[dict[str, Any]] = []
    markers = {}
    paper_name = str(rng.choice(list(cond.papers)))
    paper = tuple(int(np.clip(v + rng.normal(0, 3), 0, 255)) for v in PAPER[paper_name])
    # The printer's grey: up to 15 % lighter or darker than asked.
    fill = None if cond.slot_fill is None else cond.slot_fill * float(rng.uniform(0.85, 1.15))
    for mi, (layout, pose) in enumerate(zip(layouts, poses, strict=True)):
        canvas = _mat_canvas(layout, paper, px, pad, fill)
        cover = np.zeros(canvas.shape[:2], np.uint8)
        o = pad * px
        cover[int(o) : int(o + layout.height * px), int(o) : int(o + layout.width * px)] = 255
        for si, slot in enumerate(layout.slots):
            cards, strip = columns[3 * mi + si]
            (sx0, sy0), (sx1, _) = slot.quad[0], slot.quad[1]
            top = sy0 + rng.uniform(-4, 8)
            for k, bean in enumerate(cards):
                wild = rng.random() < 0.12
                dx = (
                    rng.uniform(-cond.off_mm, cond.off_mm)
                    if wild
                    else np.clip(rng.normal(0, cond.off_mm / 3), -cond.off_mm, cond.off_mm)
                )
                turn = (
                    rng.uniform(-cond.turn_deg, cond.turn_deg)
                    if wild
                    else np.clip(rng.normal(0, cond.turn_deg / 3), -cond.turn_deg, cond.turn_deg)
                )
                if k:
                    # A strip as hands leave it; enough shows on the lower side.
                    step = strip + rng.normal(0, 1.0)
                    top += max(step, 6.5 + 28 * abs(np.tan(np.deg2rad(turn))), 7.0)
                cx = (sx0 + sx1) / 2 + dx
                cy = top + CARD_MM[1] * scale / 2
                _lay_card(
                    canvas,
                    cover,
                    real_face(bean, style),
                    o + cx * px,
                    o + cy * px,
                    float(turn),
                    scale,
                )
            fields.append(
                {
                    "cards": list(cards),
                    "mat": layout.name,
                    "slot": slot.name,
                    "size_mm": [sx1 - sx0, length],
                    "strip_mm": round(strip, 1),  # (as asked of the hand: ±1 mm card to card)
                    "quad": None,
                }
            )
        # Mat canvas pixels -> mat mm -> table mm -> picture.
        to_mm = np.array([[1 / px, 0, -pad], [0, 1 / px, -pad], [0, 0, 1]])
        m = cam @ pose @ to_mm
        src = np.array(
            [
                [0, 0],
                [canvas.shape[1], 0],
                [canvas.shape[1], canvas.shape[0]],
                [0, canvas.shape[0]],
            ],
            np.float32,
        )
        dst = cv2.perspectiveTransform(src.reshape(-1, 1, 2), m).reshape(-1, 2)
        x0, y0, warped, mask = _warp_patch(canvas, cover, src, dst, size)
        region = img[y0 : y0 + mask.shape[0], x0 : x0 + mask.shape[1]]
        region[mask > 0] = warped[mask > 0]
        for f, slot in zip(fields[-3:], layout.slots, strict=True):
            q = cv2.perspectiveTransform(
                np.array(slot.quad, np.float64).reshape(-1, 1, 2), cam @ pose
            )
            f["quad"] = [[round(float(x), 2), round(float(y), 2)] for x, y in q.reshape(-1, 2)]
        for mk in layout.markers:
            q = cv2.perspectiveTransform(np.float64(mk.corners).reshape(-1, 1, 2), cam @ pose)
            markers[mk.id] = [[round(float(x), 2), round(float(y), 2)] for x, y in q.reshape(-1, 2)]
    img, kelvin = _light(img, rng, cond)
    labels = {
        "kelvin": round(kelvin),
        "fields": fields,
        "markers": markers,
        "style": style,
        "paper": paper_name,
        "tilt_deg": round(tilt, 2),
        "card_scale": round(scale, 3),
    }
    return img, labels


def _light(img: np.ndarray, rng: np.random.Generator, cond: Conditions) -> tuple[np.ndarray, float]:
    """The lamp (its colour, its falloff, its reflection), then the camera (blur,
    noise, JPEG)."""
    h, w = img.shape[:2]
    k = float(rng.uniform(*cond.kelvin))
    gains = lamp_gains(k) * rng.uniform(0.85, 1.05)
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    lx, ly = rng.uniform(0, w), rng.uniform(0, h)
    fall = 1 - cond.uneven * np.clip(np.hypot(xx - lx, yy - ly) / np.hypot(w, h), 0, 1) * 1.6
    fall = cv2.resize(
        np.clip(fall, 1 - cond.uneven, 1).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR
    )
    light = fall[..., None] * gains[None, None, :].astype(np.float32)
    out = img.astype(np.float32) * light
    if rng.random() < cond.glare:
        spot = np.zeros((h, w), np.float32)
        for _ in range(int(rng.integers(1, 3))):
            cv2.ellipse(
                spot,
                (int(rng.uniform(0, w)), int(rng.uniform(0, h))),
                (int(rng.uniform(15, 50)), int(rng.uniform(10, 35))),
                float(rng.uniform(0, 180)),
                0,
                360,
                1.0,
                -1,
            )
        spot = cv2.GaussianBlur(spot, (0, 0), 10) * rng.uniform(0.3, 0.7)
        out = out + spot[..., None] * (255 - out) * (0.6 + 0.4 * gains)
    sigma = float(rng.uniform(0, cond.blur))
    if sigma > 0.2:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out = out + rng.normal(0, rng.uniform(1, cond.noise), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cond.jpeg])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    return (out if decoded is None else decoded), k


def write_table_dataset(
    folder: str | Path,
    scenes: int,
    seed: int = 0,
    style: str = "r1",
    players: int = 7,
    cond: Conditions | None = None,
) -> list[Path]:
    """`scenes` tables (JPEG 70 pictures, .jpg) with their labels (.json)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    paths = []
    for i in range(scenes):
        img, labels = render_table(rng, players, style, cond)
        path = out / f"table_{i + 1}.png"
        cv2.imwrite(str(path), img)  # already through JPEG; stored losslessly
        path.with_suffix(".json").write_text(json.dumps(labels))
        paths.append(path)
    return paths
