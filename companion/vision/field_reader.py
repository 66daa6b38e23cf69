"""The field reader: how many cards lie in a field slot, and which bean each is.

The slot (its corners in the picture, from the calibrated mat) is warped to a
top-down rectangle at 2 px/mm. Cards lie in a column from the slot's top, each
next card lower by one strip; the last lies whole. The column's end is where the
slot stops differing from its own bare margins; its length gives the count. Each
strip is compared with the top strips of the enrolled card faces (one upright
picture per variety, taken with the same camera or given as files), the top card
with their whole faces: the nearest wins, and how much nearer it is than the next
gives the confidence. No card artwork is built in."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .calibrate import sizes_on_table
from .dataset import IMAGE_SUFFIXES

PX_PER_MM = 2.0
CARD = (112, 174)  # 56 x 87 mm at 2 px/mm
STRIP = 22  # the 11 mm each later card leaves showing of the one before
SLOT = (CARD[0] + 16, CARD[1] + 15 * STRIP)  # room for 15 cards, 4 mm margins
MAX_CARDS = 15
OFF_MAT = 28  # a colour this far from the bare mat (in any channel) is a card
EDGE_SLACK = 12  # px (6 mm) around its place where a card's top edge is looked for
SEARCH = 8  # px (4 mm) around a strip's place where its marks are looked for
CLOSE = 0.7  # the nearest by colour is sure when the next is this much further off
MARKS_WEIGHT = 4.0  # a correlation short of 1 by 0.25 weighs as the farthest colour


def rectify(image: np.ndarray, quad) -> np.ndarray:
    """The slot as a top-down SLOT-sized picture (top = the first card's end)."""
    src = np.array(quad, np.float32)
    dst = np.array([[0, 0], [SLOT[0], 0], [SLOT[0], SLOT[1]], [0, SLOT[1]]], np.float32)
    return cv2.warpPerspective(
        image, cv2.getPerspectiveTransform(src, dst), SLOT, flags=cv2.INTER_AREA
    )


def slot_picture(image: np.ndarray, quad) -> np.ndarray:
    """The field slot in `quad` as a SLOT-sized top-down picture. A slot is a card
    and 4 mm each side wide, and as long as the mat has room for (up to 15 cards); a
    shorter one (an A4 mat holds 13) is a full slot whose far end is bare mat."""
    q = np.array(quad, np.float32)
    wide = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    long = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    length = int(round(SLOT[0] * long / max(wide, 1.0)))
    if length >= 0.95 * SLOT[1]:  # a full slot (perspective may shorten it a little)
        return rectify(image, quad)
    dst = np.array([[0, 0], [SLOT[0], 0], [SLOT[0], length], [0, length]], np.float32)
    part = cv2.warpPerspective(
        image, cv2.getPerspectiveTransform(q, dst), (SLOT[0], length), flags=cv2.INTER_AREA
    )
    mat = np.median(np.concatenate([part[:, 4:9], part[:, -9:-4]], axis=1).reshape(-1, 3), 0)
    slot = np.empty((SLOT[1], SLOT[0], 3), np.uint8)
    slot[:length] = part
    slot[length - 6 :] = mat.astype(np.uint8)  # the printed end of the slot, and beyond
    return slot


def _lightest_agreeing(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """The mat's colour from a slot's two margins: the lightest of the rows whose
    two sides agree (both bare: a card laid off centre covers one side only; the
    mat is printed paper, lighter than a card's shade or a hand)."""
    agree = np.abs(left - right).max(axis=1) < 12
    both = np.concatenate([left[agree], right[agree]]) if agree.sum() > 20 else left
    light = both.sum(axis=1)
    return np.median(both[light >= np.percentile(light, 90) - 60], axis=0)


def _margins(slot: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The slot's left and right margins (a mean colour a row, inside the printed
    edge) and the mat's colour."""
    left = cv2.reduce(slot[:, 4:9], 1, cv2.REDUCE_AVG, dtype=cv2.CV_32F)[:, 0]
    right = cv2.reduce(slot[:, -9:-4], 1, cv2.REDUCE_AVG, dtype=cv2.CV_32F)[:, 0]
    return left, right, _lightest_agreeing(left, right)


def _off_mat(region: np.ndarray, bare: np.ndarray) -> np.ndarray:
    """Where a slot's region (full length) differs from the bare mat (`bare`: a
    colour a row, or one colour); never on the slot's printed ends."""
    diff = cv2.absdiff(region, np.broadcast_to(bare, region.shape).copy())
    b, g, r = cv2.split(diff)
    differs = cv2.max(cv2.max(b, g), r) > OFF_MAT  # (numpy's max over 3 channels is slow)
    differs[:6] = differs[-8:] = False  # the slot's printed edge
    return differs


_SUM3 = np.ones((1, 3), np.float32)


def _top_edge(slot: np.ndarray, expected: int) -> np.ndarray:
    """A card's top edge across the slot's inner columns (row per column), found
    near where it should lie as the strongest change from row to row, then fitted
    with a straight line (a card is straight; one column's noise is not)."""
    lo, hi = max(expected - EDGE_SLACK, 1), min(expected + EDGE_SLACK, slot.shape[0] - 1)
    band = slot[lo - 1 : hi + 1, 12:-12]
    # The change over two rows, summed over the colours (OpenCV: numpy's reductions
    # over three channels are slow).
    step = cv2.transform(cv2.absdiff(band[2:], band[:-2]).astype(np.float32), _SUM3)
    rows = lo + np.argmax(step, axis=0)
    strong = step.max(axis=0) > 60
    xs = np.arange(rows.size)
    if strong.sum() < rows.size // 3:
        return np.full(rows.size, float(expected))
    slope, at = _line(xs[strong], rows[strong])
    keep = strong & (np.abs(at + slope * xs - rows) < 3)
    if keep.sum() >= rows.size // 4:
        slope, at = _line(xs[keep], rows[keep])
    slope = float(np.clip(slope, -0.2, 0.2))  # at most about 11 degrees
    return at + slope * xs


def _line(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least squares y = at + slope * x (np.polyfit costs ten times as much)."""
    mx, my = x.mean(), y.mean()
    var = float(((x - mx) ** 2).sum())
    slope = float(((x - mx) * (y - my)).sum() / var) if var else 0.0
    return slope, float(my - slope * mx)


def _visible(slot: np.ndarray, edge: np.ndarray, next_edge: np.ndarray, top: int) -> np.ndarray:
    """A strip's window (rows top+3 .. top+STRIP-2, the inner columns but 2 px each
    side) with what the next card hides filled by the strip's visible mean colour."""
    y0, y1 = top + 3, top + STRIP - 2
    patch = slot[y0:y1, 14:-14].copy()
    ys = np.arange(y0, y1)[:, None]
    shows = (ys > edge[2:-2][None, :] + 1) & (ys < next_edge[2:-2][None, :] - 1)
    if shows.sum() < 0.15 * shows.size:
        return patch  # hardly anything shows: read the window as it is
    patch[~shows] = patch[shows].mean(axis=0).astype(np.uint8)
    return patch


def _feature(patch: np.ndarray) -> np.ndarray:
    """Colours and layout of a card part: its colour (which the light along the table
    changes least) weighs most, its lightness less, then a small picture of it."""
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    mean = np.array(cv2.mean(lab)[:3])
    shape = (8, 4) if patch.shape[0] < patch.shape[1] else (4, 8)
    small = cv2.resize(lab, shape, interpolation=cv2.INTER_AREA)
    return np.concatenate(
        [[mean[0] * 0.5], mean[1:] * 3, small[..., 1:].ravel() * 0.5, small[..., 0].ravel() * 0.15]
    )


# ---------------------------------------------------------------- cards as they are built
# Issue 16: a published card has a white rounded border (~3 mm) and a white band at its
# bottom (the beanometer). Each card's top edge is therefore a thin white band across
# the card between the earlier card's art above and its own name band below; the
# column is counted from those edges, not from a fixed pitch, and read in colours
# balanced against the white of the cards and the mat paper.

ALONG = 2.0  # px per mm along the slot in a slot's view (edges want rows) ...
ACROSS = 1.0  # ... and across it (bands, and the marks matched at 1 px/mm)
MARGIN_MM = (12.0, 10.0)  # the view's room beside and above/below the slot (cards off it)
BAND_MM = 8  # the view is cut into bands this wide along the slot for the edges
WHITE_RUN_MM = (0.8, 6.5)  # a card's top border as seen (3 mm, blurred, a little turned)
CARD_MM_LONG = 87
ART_MM = 30.0  # the top card's art is the last run of rows this long or longer
ART_GAP_MM = 50.0  # a white bean in the art is at most this long
ART_BANDS = 4  # 32 mm of a card's width
MIN_STRIP_MM = 6.0  # two card tops lie at least this far apart
BIN_PX = 1  # rows: card tops are binned so, a bin either side taken as on the line
# (coarser bins let a line through two cards' tops, one seen at the left bands,
# the next at the right, outvote both where strips are 8-10 mm)
GAP_FILL = 1.7  # two tops this many usual strips apart have a card between them
GAP_WEAK = 1.6  # ... this many shortest strips apart, a weakly seen top between
# Two card tops that meet or come nearer than CROSS_MM within CROSS_HALF_MM of the
# slot's middle (a card's width less its borders) are one card's.
CROSS_MM, CROSS_HALF_MM = 1.5, 24.0
MIN_BANDS = 4  # a card's top edge is seen in at least this many bands
WEAK_BANDS = 3  # ... or this many, where the column's steps say a top was missed
# Rows per mm across: card tops turned up to 8.5 degrees; straight first (a tie keeps
# the straighter line).
SLOPES = np.array(sorted(np.linspace(-0.3, 0.3, 15), key=abs))
WHITE_MIN, WHITE_CHROMA, PAPER_NEAR = 175, 45, 30  # balanced levels (white is 240)
# The printed slot: a colour no more coloured than this, darker than this, over
# this share of the slot's bare sides.
GROUND_CHROMA, GROUND_MAX, GROUND_SHARE = 45, 170, 0.08
# The printed slot's lightness against the paper's, at least: SLOT_GREY is half of
# it, each printer's up to 15 % off, glare lifting the paper beside it (a dark grey
# card's art is darker). (No upper bound: as printed and filmed, slots were seen
# up to 0.69 of the paper, and an old mat's outline blurred into cream paper at
# 0.71-0.81: too close to tell apart.)
GROUND_OF_PAPER = 0.33
GLARE_STEEP = 64  # levels (a 3x3 Sobel, across and along): steeper is an edge
GROUND_CHROMA_SLACK = 20  # balanced levels more coloured than the bare slot still is it
# ... more where the balance multiplies a channel's noise and JPEG's colour fringes: a
# candle-warm lamp (2200 K) leaves blue a seventh of white's level, balanced back 5x
# the other channels' gain; past this spread of gains the slack grows with it.
GAIN_SPREAD = 2.0
RIDGE = 8  # levels: a pixel this much lighter than both sides is a (blurred) white line
GROUND_LIGHTER = 0.3  # of its level: lighter than the bare slot by this is not it
GROUND_NEAR = 0.2  # of its level: the bare slot (a shadow, the light along it)
GROUND_ROWS_MM = 10.0  # along the slot: its colour row by row, from its sides
BAND_END_MM = 20.0  # a card's bottom edge to its beanometer's coins, at most
ART_SEEN_MM = 2.0  # a card's art (content across the slot's middle) this long is a card
EDGE_OFF_MM = 3.0  # the slot's printed ends as seen: up to this far from where calibrated
BARE_RUN_MM, BARE_AFTER_MM = 3.0, 70.0  # bare slot this long this soon after a top: no card
CARD_MM_SLACK = 0.12  # cards as the slots show them: up to this share longer or shorter
CARD_LENGTH_SLOTS = 3  # a picture's slots that must agree on the cards' length
CARD_LENGTH_OFF = 1.5  # mm: cards measured this much longer or shorter are read so
# A card's length measured from its top as seen (where its white border is seen to
# start, through blur) to its bottom edge is this much short of its own (mm).
LENGTH_SEEN_SHORT = 0.6


def slot_view(image: np.ndarray, quad, size_mm=None) -> np.ndarray:
    """The slot in `quad` (corners in the picture: top-left, top-right, bottom-right,
    bottom-left) seen from straight above, ACROSS px/mm across and ALONG px/mm along,
    with MARGIN_MM of room around it. `size_mm`: the slot's printed size (from the
    calibrated mat): the view is then true to scale however the camera looks at the
    table; without it the slot is taken as a card and 4 mm each side wide and as long
    as its shape in the picture says (right only for a camera straight above)."""
    if image is None or getattr(image, "ndim", 0) != 3 or image.shape[2] not in (3, 4):
        raise ValueError("not a colour picture (an empty or unreadable frame)")
    q = np.array(quad, np.float32).reshape(4, 2)
    if size_mm is None:
        wide = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
        long = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
        w_mm = SLOT[0] / PX_PER_MM
        l_mm = w_mm * long / max(wide, 1.0)
        if l_mm >= 0.95 * SLOT[1] / PX_PER_MM:
            l_mm = SLOT[1] / PX_PER_MM
    else:
        w_mm, l_mm = float(size_mm[0]), float(size_mm[1])
    if not (20 <= w_mm <= 200 and 60 <= l_mm <= 600):
        raise ValueError(f"a field slot of {w_mm:g} x {l_mm:g} mm holds no column of cards")
    mx, my = MARGIN_MM
    dst = np.array([[mx, my], [mx + w_mm, my], [mx + w_mm, my + l_mm], [mx, my + l_mm]], np.float32)
    dst *= np.array([ACROSS, ALONG], np.float32)
    size = (int(round((w_mm + 2 * mx) * ACROSS)), int(round((l_mm + 2 * my) * ALONG)))
    m = cv2.getPerspectiveTransform(q, dst)
    view = cv2.warpPerspective(
        image, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    # (A BGRA picture, see `FieldReader.read_all`, warps the same pixels in half the
    # time: OpenCV's bilinear warp is vectorised for four channels, not for three.)
    return view if view.shape[2] == 3 else cv2.cvtColor(view, cv2.COLOR_BGRA2BGR)


def _white_balance(img: np.ndarray, share: float = 0.05) -> np.ndarray:
    """Per channel gains that bring the picture's whitest `share` to 240: the cards'
    white borders and bands (or the paper) under whatever lamp."""
    return _white_balance_gray(img, share)[0]


def _white_balance_gray(img: np.ndarray, share: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """`_white_balance`, and the picture's every other row in gray (as it was used)."""
    small = img[::2]
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    hist = cv2.calcHist([gray], [0], None, [256], [0, 256]).ravel()
    above = np.cumsum(hist[::-1])
    cut = 255 - int(np.searchsorted(above, share * gray.size))
    white = np.array(cv2.mean(small, mask=(gray >= cut).view(np.uint8))[:3])
    return 240.0 / np.maximum(white, 20.0), gray


EMPTY_SPREAD = 12.0  # gray levels: a slot or place more even than this holds no card
EVEN_GAIN_MAX = 4.0  # (a picture this much darker than white at 240 is judged so)
LAMP_OFF = 0.05  # a slot's white this far (a share, in any channel) from the table's ...
LAMP_SLOTS = 3  # ... as seen in this many slots or more (with cards) is a reflection's


def lamp_colour(views: list[np.ndarray]) -> np.ndarray | None:
    """The colour of the light over the table, from the slots' views (`slot_view`):
    the median over the slots that hold cards of each one's white (as gains, their
    mean 1). A lamp's reflection over a slot lifts its whitest pixels towards white
    (on a glossy card, over the borders' lamp-coloured white), so that slot's own
    white is not the lamp's. None: too few slots with cards to tell."""
    whites = []
    for view in views:
        gains, gray = _white_balance_gray(view[::4, ::4])  # (a 16th of it does)
        if not _even(gray, 4, gains):
            whites.append(gains / gains.mean())
    if len(whites) < LAMP_SLOTS:
        return None
    return np.median(np.array(whites), axis=0)


def _under(gains: np.ndarray, lamp: np.ndarray | None, view: np.ndarray) -> np.ndarray:
    """A slot's gains (`_white_balance`), or, where their colour is LAMP_OFF or more
    off the table's `lamp` (a reflection over the slot), the lamp's: at the level of
    the slot's whitest share of the pixels that are white under the lamp (the
    cards' borders as it colours them, not the reflection's whiter light)."""
    if lamp is None:
        return gains
    level = float(gains.mean())
    if float(np.abs(gains / level / lamp - 1).max()) < LAMP_OFF:
        return gains
    small = view[::2, ::2].reshape(-1, 3).astype(np.float32) * lamp.astype(np.float32)
    grey = small.max(axis=1) - small.min(axis=1) < 0.1 * small.max(axis=1) + 4
    lit = small[grey].mean(axis=1)
    if lit.size < 50:
        return lamp * level
    top = np.sort(lit)[-max(int(0.05 * lit.size), 1) :]
    return lamp * max(240.0 / max(float(top.mean()), 20.0), level)


def _even(gray: np.ndarray, scale: int = 1, gains: np.ndarray | None = None) -> bool:
    """A slot's view (`gray`: every other row, as `_white_balance_gray` gives it; of
    a view taken every `scale`th pixel) is even inside the slot: a bare slot (a card
    has its border, its art, its number). `gains`: the view's white balance; the
    spread is judged as balanced (a dim picture's cards differ in fewer levels: in
    a picture half as bright, cards were taken for a bare slot)."""
    mx, my = MARGIN_MM
    r_in, c_in = int((my + 2) * ALONG) // (2 * scale), int(mx + 2) // scale
    inside = gray[r_in : gray.shape[0] - r_in, c_in : -c_in : max(2 // scale, 1)]
    gain = 1.0 if gains is None else min(max(float(gains.mean()), 1.0), EVEN_GAIN_MAX)
    return bool(inside.size) and cv2.meanStdDev(inside)[1][0, 0] * gain < EMPTY_SPREAD


def _balanced(img: np.ndarray, gains: np.ndarray) -> np.ndarray:
    return cv2.transform(img, np.diag(gains).astype(np.float32))


def _classes(bal: np.ndarray, paper: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel (0/1, uint8): white (a card's border or band, or white paper) and
    content (a card's art: neither white nor the paper)."""
    planes = cv2.split(bal)
    white = _white_mask(planes)
    content = 1 - white
    if paper is not None:
        content &= 1 - _near_mask(planes, paper, PAPER_NEAR)
    return white, content


def _white_mask(planes, hi_lo=None) -> np.ndarray:
    """0/1: white (light and without colour), from a picture's three planes (or
    `hi_lo`: their largest and smallest, per pixel)."""
    hi, lo = hi_lo or _hi_lo(planes)
    light = cv2.compare(lo, WHITE_MIN, cv2.CMP_GT)  # type: ignore[call-overload]  # a number as scalar
    grey = cv2.compare(cv2.subtract(hi, lo), WHITE_CHROMA, cv2.CMP_LT)  # type: ignore[call-overload]  # a number as scalar
    return cv2.bitwise_and(light, grey) >> 7  # (OpenCV: numpy's three-channel work is slow)


# A card's top border, 3 mm of white, comes out of a blurred camera (and the warp)
# as a light ridge short of WHITE_MIN, the more so under a lamp's glare (which sets
# the slot's white): a column's tops then go unseen. Where two tops seen lie
# further apart than any strip a hand lays, the ridges are looked at too.
GAP_MM = 28.0  # tops this far apart have one unseen between them (strips: 8-25 mm)
RIDGE_ROWS = 5  # rows (2.5 mm) either side a ridge is lighter than
RIDGE_STEP = 20  # levels lighter than both sides (the smallest channel, balanced) ...
RIDGE_MIN = 110  # ... and at least this light, and as colourless as white
RIDGE_BANDS = 5  # a top seen only as a ridge: in this many bands (text is shorter)
RIDGE_SEP_MM = 8.0  # ... and this far from every other top (a name band's text)
BAND_SHARE = 0.15  # of a card's length: its beanometer's white band, at the bottom
BAND_SLACK_MM = 8.0  # a top seen this near to where the top card's band starts is it


def _with_ridges(white: np.ndarray, hi: np.ndarray, lo: np.ndarray) -> np.ndarray:
    """`white` (0/1), with light colourless ridges across the slot as white too."""
    r = RIDGE_ROWS
    side = cv2.max(lo[: -2 * r], lo[2 * r :])
    ridge = cv2.compare(cv2.subtract(lo[r:-r], side), RIDGE_STEP, cv2.CMP_GT)  # type: ignore[call-overload]  # a number as scalar
    grey = cv2.compare(cv2.subtract(hi[r:-r], lo[r:-r]), WHITE_CHROMA, cv2.CMP_LT)  # type: ignore[call-overload]  # a number as scalar
    light = cv2.compare(lo[r:-r], RIDGE_MIN, cv2.CMP_GT)  # type: ignore[call-overload]  # a number as scalar
    out = white.copy()
    part = out[r:-r]
    part |= cv2.bitwise_and(cv2.bitwise_and(ridge, grey), light) >> 7
    return out


def _gaps(lines: list, top: float, card_mm: float = CARD_MM_LONG) -> list[tuple[float, float]]:
    """The stretches (from, to) of a column from the slot's `top` on where a card's
    top must lie unseen: between two tops further apart than GAP_MM, or the whole
    slot when no top was seen. Not the top card's own, from its top to where its
    beanometer's white band starts (seen as a top: the coins break the band), the
    most of its art: a light ridge in a card's art is no top."""
    if not lines:
        return [(top, float("inf"))]
    ys = [top] + [y for y, _ in lines]
    gaps = [(a, b) for a, b in zip(ys[:-1], ys[1:], strict=True) if b - a > GAP_MM * ALONG]
    if gaps and len(lines) >= 2 and gaps[-1][1] == ys[-1]:
        band = (1 - BAND_SHARE) * card_mm * ALONG
        if abs(gaps[-1][1] - gaps[-1][0] - band) <= BAND_SLACK_MM * ALONG:
            gaps.pop()
    return gaps


def _into_gaps(lines: list, ridged: list, gaps: list[tuple[float, float]]) -> list:
    """`lines` with the tops of `ridged` that lie in a gap, RIDGE_SEP_MM or more from
    its ends and from every top kept."""
    sep = RIDGE_SEP_MM * ALONG
    out = list(lines)
    for y, sl in ridged:
        inside = any(a + sep <= y <= b - sep for a, b in gaps)
        if inside and all(abs(y - z) >= sep for z, _ in out):
            out.append((y, sl))
    return sorted(out)


def _hi_lo(planes) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel, the largest and the smallest of a picture's three planes."""
    b, g, r = planes
    return cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r)


def _bare(gmask: np.ndarray, left: int, right: int, light: np.ndarray) -> np.ndarray:
    """Of the pixels of the printed slot's colour, those of the bare slot: joined to
    the slot's sides (1 to 3 mm inside its edges, where its colour was found). A
    card's grey art is not: its white border lies between it and the slot, a light
    ridge however blurred (its sides are 3 px wide in the view)."""
    open_ = gmask.copy()  # (where no ridge across the slot crosses)
    side = cv2.max(light[:, :-4], light[:, 4:])
    ridge = cv2.compare(cv2.subtract(light[:, 2:-2], side), RIDGE, cv2.CMP_GT)  # type: ignore[call-overload]  # a number as scalar
    inner = open_[:, 2:-2]
    cv2.subtract(inner, ridge, dst=inner)  # (0/1 less 255 where a ridge: 0)
    n, labels = cv2.connectedComponents(open_, connectivity=4, ltype=cv2.CV_16U)
    if n <= 2:
        return gmask
    seeds = np.concatenate([labels[:, left + 1 : left + 3], labels[:, right - 3 : right - 1]])
    keep = np.zeros(max(n, 256), np.uint8)
    keep[seeds.ravel()] = 1
    keep[0] = 0
    if n <= 256:  # (a lookup table is faster than indexing)
        return cv2.LUT(np.asarray(labels).astype(np.uint8), keep)
    return np.take(keep[:n], np.asarray(labels))


def _near_mask(planes, colour: np.ndarray, tol: float) -> np.ndarray:
    """0/1: within `tol` of `colour` in every channel."""
    # (OpenCV takes a number as its scalar; its type stubs have no such overload. It
    # rounds a fraction to the planes' integers first: the same, as an int, is faster.)
    near = [cv2.absdiff(planes[k], int(np.rint(colour[k]))) for k in range(3)]  # type: ignore[call-overload]
    d = cv2.max(cv2.max(near[0], near[1]), near[2])
    return cv2.compare(d, float(tol), cv2.CMP_LT) >> 7  # type: ignore[call-overload]


def _median_rows(px: np.ndarray) -> np.ndarray:
    """np.median(px, axis=0) of a small (n, 3) or (n,) array, at a fraction of its cost."""
    s = np.sort(px, axis=0)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def _paper(bal: np.ndarray) -> np.ndarray:
    """The mat paper's colour (balanced): from the room above and below the slot, the
    more even of the two."""
    my = int(MARGIN_MM[1] * ALONG)
    mx = int(MARGIN_MM[0] * ACROSS)
    best, spread = None, 1e9
    for part in (bal[2 : my - 4 : 3, mx:-mx:3], bal[-my + 4 : -2 : 3, mx:-mx:3]):
        px = part.reshape(-1, 3).astype(np.float32)
        med = _median_rows(px)
        dev = float(np.abs(px - med).sum() / len(px))
        if dev < spread:
            best, spread = med, dev
    return best  # type: ignore[return-value]  # (a slot always has its margins)


def _slot_ground(bal: np.ndarray, paper: np.ndarray) -> np.ndarray | None:
    """The colour (balanced) of the bare slot, found inside the slot: its printed
    mid-grey (`mats.SLOT_GREY`; on grey paper the paper's own grey). From the
    slot's inner 4 mm each side (a card covers one of them at most, its white
    border first) and 1 to 3 mm inside its two ends (a column covers both sides
    now and then, a card laid off its middle and the next the other way, seldom
    both ends too) the most common colour that is neither white nor coloured.
    None: the slot is not printed (white or cream paper, the old mats), or what
    was found is darker against the `paper` (balanced) than printed grey is: a
    dark grey card's art laid over a side."""
    mx, my = MARGIN_MM
    w = bal.shape[1] - 2 * mx
    y0, y1 = int((my + 2) * ALONG), int(bal.shape[0] - (my + 2) * ALONG)
    a, b = int(mx + 1), int(mx + w - 4)
    e0, e1 = int((my + 1) * ALONG), int((my + 3) * ALONG)  # an end's rows, from the slot's
    n_rows = bal.shape[0]
    sides = np.concatenate(
        [
            bal[y0:y1:2, a : a + 3].reshape(-1, 1, 3),
            bal[y0:y1:2, b : b + 3].reshape(-1, 1, 3),
            bal[e0:e1:2, a + 3 : b].reshape(-1, 1, 3),
            bal[n_rows - e1 : n_rows - e0 : 2, a + 3 : b].reshape(-1, 1, 3),
        ]
    )
    planes = cv2.split(sides)
    hi = cv2.max(cv2.max(planes[0], planes[1]), planes[2])
    lo = cv2.min(cv2.min(planes[0], planes[1]), planes[2])
    light = cv2.transform(sides, np.full((1, 3), 1 / 3, np.float32)).astype(np.int16)
    grey = (cv2.subtract(hi, lo) < GROUND_CHROMA) & (light > 30) & (light < GROUND_MAX)
    if grey.sum() < GROUND_SHARE * grey.size:
        return None
    hist = np.bincount(light[grey] // 8, minlength=32)
    peak = int(np.argmax(np.convolve(hist, [1, 1, 1], "same"))) * 8 + 4
    near = grey & (np.abs(light - peak) <= 20)
    if near.sum() < GROUND_SHARE * grey.size:
        return None
    ground = np.array(cv2.mean(sides, mask=near.view(np.uint8))[:3])
    if float(ground.mean()) < GROUND_OF_PAPER * float(np.mean(paper)):
        return None
    return ground


def _ground_rows(
    bal: np.ndarray, ground: np.ndarray, slack: float = GROUND_CHROMA_SLACK
) -> list[tuple[int, np.ndarray]]:
    """How much lighter than `ground` the bare slot is row by row (rows, 3; uint8), as
    each of its inner sides (1 to 4 mm in, 2 mm from its ends on) shows it where it
    looks like it (about as colourless, no lighter than halfway to a card's white):
    glare, the light along the slot. Each side apart (one may see the paper beside
    the slot, a calibration a little off, or glare the other does not), as a running
    median over GROUND_ROWS_MM in 2 mm steps (a card's blurred border beside it now
    and then is not the slot), across the view's width, from its first row lifted
    to its last: (that row, the lifts). Darker is allowed anyway. A side never
    lighter: left out."""
    mx, my = MARGIN_MM
    n_rows = bal.shape[0]
    w = bal.shape[1] - 2 * mx
    level = float(ground.mean())
    top = level + 0.5 * max(240.0 - level, 0.0)
    chroma = float(ground.max() - ground.min()) + slack
    step = int(2 * ALONG)
    n_blocks = n_rows // step
    m = n_blocks * step
    a, b = int(mx + 1), int(mx + w - 4)
    # Both sides at once, in 2 mm blocks: (blocks, side, colour).
    sides = np.concatenate(
        [
            cv2.resize(bal[:m, a : a + 3], (1, n_blocks), interpolation=cv2.INTER_AREA),
            cv2.resize(bal[:m, b : b + 3], (1, n_blocks), interpolation=cv2.INTER_AREA),
        ],
        axis=1,
    ).astype(np.float32)
    if not (sides > ground + 4).any():  # (nothing lighter than the slot: done)
        return []
    # (numpy's reductions over a last axis of three are slow: the planes apart)
    c0, c1, c2 = sides[..., 0], sides[..., 1], sides[..., 2]
    light = (c0 + c1 + c2) / 3
    spread = np.maximum(np.maximum(c0, c1), c2) - np.minimum(np.minimum(c0, c1), c2)
    ok = (spread < chroma) & (light > level - max(GROUND_NEAR * level, 16.0)) & (light < top)
    ok[: int((my + 2) / 2)] = ok[-int((my + 2) / 2) :] = False  # the paper
    blocks = np.where(ok[:, :, None], sides, ground)
    if not (blocks > ground + 4).any():
        return []
    k = int(GROUND_ROWS_MM / 2) | 1  # blocks
    # (no more than 255: blocks are levels; np.clip costs several times as much)
    lifts = np.maximum(blocks - ground, 0).astype(np.uint8)  # (blocks, side, colour)
    out = []
    for i in range(2):
        lift = cv2.medianBlur(np.ascontiguousarray(lifts[:, i : i + 1, :]), k)
        if lift.max() > 4:
            lifted = np.nonzero((lift[:, 0, 0] > 0) | (lift[:, 0, 1] > 0) | (lift[:, 0, 2] > 0))[0]
            a, b = int(lifted[0]), int(lifted[-1]) + 1  # (blocks)
            across = (bal.shape[1], (b - a) * step)
            out.append((a * step, cv2.resize(lift[a:b], across, interpolation=cv2.INTER_NEAREST)))
    return out


def _box_means(prof: np.ndarray, spans: list[tuple[int, int]]) -> list[np.ndarray]:
    """Per band and row r, the mean of `prof` over rows r+a .. r+b-1 (0 off the ends),
    for each (a, b) of `spans`. (`prof`'s shares are eighths of a band, so its sums
    are exact however taken: one OpenCV filter a span, a fraction of numpy's running
    sums' time.)"""
    rows_first = np.ascontiguousarray(prof.T)
    out = []
    for a, b in spans:
        lo, hi = min(a, 0), max(b, 1)  # the kernel's rows, from r+lo to r+hi-1
        kernel = np.zeros((hi - lo, 1), np.float32)
        kernel[a - lo : b - lo] = 1
        sums = cv2.filter2D(rows_first, -1, kernel, anchor=(0, -lo), borderType=cv2.BORDER_CONSTANT)
        out.append((sums / max(b - a, 1)).T)
    return out


def _ground_edges(gp: np.ndarray, wp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per band, where the printed slot meets a card: a card's top (bare slot above,
    its white border below) and a card's bottom (its white band above, bare slot
    below). (band, row) candidates, tops and bottoms."""
    k = int(round(2.0 * ALONG))
    # (a row's slack between them: the edge blurred, a card's shadow just below it)
    # Both profiles at once (their shares are eighths: the sums are exact in any order).
    g_above, g_below = _box_means(np.concatenate([gp, wp]), [(-k - 1, -1), (1, k + 1)])
    n_b = gp.shape[0]
    g_above, w_above = g_above[:n_b], g_above[n_b:]
    g_below, w_below = g_below[:n_b], g_below[n_b:]
    tops = (g_above > 0.6) & (w_below > 0.6) & (gp < 0.5)
    bottoms = (w_above > 0.6) & (g_below > 0.6) & (wp < 0.5)
    tops[:, 1:] &= ~tops[:, :-1]  # each edge once: its first row
    bottoms[:, 1:] &= ~bottoms[:, :-1]
    return np.argwhere(tops), np.argwhere(bottoms)


def _bare_along(share: np.ndarray) -> bool:
    """Bare slot along a band's rows (`share`: of bare slot, row by row): no card
    lies there. A speck (a crumb, a shadow's edge) a little over the bare slot is
    no card; a card covers BARE_RUN_MM of rows or more, as the slot's width does."""
    if share.size == 0:
        return True
    covered = share <= 0.5
    if not covered.any():
        return True
    return len(_runs(covered)) <= 2 and max(b - a for a, b in _runs(covered)) < BARE_RUN_MM * ALONG


class _Glare:
    """Where a lamp's reflection lifts the bare slot (its band profile, made when
    first asked): pixels about as colourless as the slot, lighter than it, and
    smooth (a reflection's light falls off over millimetres; a card's border meets
    the slot in a step, its art in edges). A reflection in the middle of the slot
    that its sides do not show (see `_ground_rows`) is bare slot all the same."""

    def __init__(
        self, bal, ground, hi_px, lo_px, n_b: int, x0: int, slack: float = GROUND_CHROMA_SLACK
    ) -> None:
        self._args = bal, ground, hi_px, lo_px, n_b, x0
        self._slack = slack
        self._p: np.ndarray | None = None

    def profile(self) -> np.ndarray:
        if self._p is None:
            bal, ground, hi_px, lo_px, n_b, x0 = self._args
            gray = cv2.cvtColor(bal, cv2.COLOR_BGR2GRAY)
            gx = cv2.Sobel(gray, cv2.CV_16S, 1, 0, ksize=3)
            gy = cv2.Sobel(gray, cv2.CV_16S, 0, 1, ksize=3)
            steep = cv2.add(cv2.convertScaleAbs(gx), cv2.convertScaleAbs(gy))
            steep = cv2.dilate(steep, np.ones((5, 3), np.uint8))  # (an edge's blur around it)
            chroma = float(ground.max() - ground.min()) + self._slack
            smooth = cv2.compare(steep, GLARE_STEEP, cv2.CMP_LT)  # type: ignore[call-overload]
            colourless = cv2.compare(cv2.subtract(hi_px, lo_px), chroma, cv2.CMP_LT)  # type: ignore[call-overload]
            lighter = cv2.compare(gray, float(ground.mean()), cv2.CMP_GT)  # type: ignore[call-overload]
            mask = cv2.bitwise_and(cv2.bitwise_and(smooth, colourless), lighter) >> 7
            self._p = _band_profiles(mask, n_b, x0, BAND_MM)
        return self._p


def _bare_spans(gp: np.ndarray, bands: range, spans: list, glare: _Glare) -> bool:
    """Bare slot along each band of `bands` over its span of rows (see `_bare_along`),
    or, where not, bare slot under a lamp's reflection (`glare`)."""
    if all(_bare_along(gp[b, r0:r1]) for b, (r0, r1) in zip(bands, spans, strict=True)):
        return True
    lit = np.minimum(gp + glare.profile(), 1.0)
    return all(_bare_along(lit[b, r0:r1]) for b, (r0, r1) in zip(bands, spans, strict=True))


def _bottom_at_end(
    wp: np.ndarray,
    cp: np.ndarray,
    band_x: np.ndarray,
    xc: float,
    slot_end: float,
    tops: list,
    card_mm: float = CARD_MM_LONG,
) -> tuple[float, float] | None:
    """The top card's bottom edge where it lies at the printed slot's end (no bare slot
    below it to meet): its white band above, the slot's printed outline or the paper
    beyond below, no card's art (a card going on) after that, its coins within
    BAND_END_MM above, and a card's top seen (of `tops`) a card's length above it;
    (row, slope) or None."""
    p = ALONG
    k = int(round(2.0 * p))
    lo, hi = int(slot_end - EDGE_OFF_MM * p), int(slot_end + EDGE_OFF_MM * p)
    # (only the rows around the slot's end, and the rows their means take)
    r0, r1 = max(lo - k - 2, 0), min(hi + int(6 * p) + 1, wp.shape[1])
    w, c = wp[:, r0:r1], cp[:, r0:r1]
    (w_above,) = _box_means(w, [(-k - 1, -1)])
    (c_after,) = _box_means(c, [(int(2 * p), int(6 * p))])
    ends = (w_above > 0.6) & (w < 0.5) & (c_after < 0.5)
    ends[:, 1:] &= ~ends[:, :-1]
    ends[:, : lo - r0] = False
    ends[:, hi - r0 :] = False
    cands = np.argwhere(ends)
    cands[:, 1] += r0
    found = _lines(cands, band_x, xc, wp.shape[1], 3)
    if not found:
        return None
    y, sl = found[-1]
    # A card's band, not a white slot: its coins (or its art) shortly above.
    n_b = cp.shape[0]
    above = cp[n_b // 2 - 2 : n_b // 2 + 2, max(int(y - BAND_END_MM * p), 0) : int(y - 2 * p)]
    if not ((above > 0.5).sum(axis=0) >= 2).any():
        return None
    top_y = y - card_mm * p * float(np.hypot(1.0, sl / p))
    return (y, sl) if any(abs(t - top_y) <= 4 * p for t, _ in tops) else None


def _band_profiles(mask: np.ndarray, n_bands: int, x0: int, band_px: int) -> np.ndarray:
    """The share of `mask` (0/1) in each band, row by row: (bands, rows)."""
    part = mask[:, x0 : x0 + n_bands * band_px]
    if band_px == 8 and part.dtype in (np.uint8, np.bool_):
        # A band's eight bytes a row as one 64-bit word, summed by one multiplication
        # (into its top byte): the count of eight, exact, as OpenCV's area resize
        # gives it, in a third of the time.
        words = np.ascontiguousarray(part).view(np.uint8).view(np.uint64)
        counts = (words * np.uint64(0x0101010101010101)) >> np.uint64(56)
        return (counts.astype(np.float32) / np.float32(8)).T
    part = part.astype(np.float32)
    return cv2.resize(part, (n_bands, part.shape[0]), interpolation=cv2.INTER_AREA).T


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of every run of True."""
    d = np.diff(np.concatenate([[0], flags.astype(np.int8), [0]]))
    return list(zip(np.nonzero(d == 1)[0].tolist(), np.nonzero(d == -1)[0].tolist(), strict=True))


def _top_candidates(
    white_p: np.ndarray, content_p: np.ndarray, soft: list | None = None
) -> np.ndarray:
    """Per band: where a thin white band starts between something not white above and
    content below (a card's top border over the card before, or over the paper):
    (band, row) rows. `soft`: if given, gets the same rows where what lies below the
    band is neither white nor content: a light area of the art that meets the border
    (the count's light disc) is as light as cream paper."""
    lo, hi = WHITE_RUN_MM[0] * ALONG, WHITE_RUN_MM[1] * ALONG
    near = int(round(2.0 * ALONG))
    n_rows = white_p.shape[1]
    flags = np.zeros((white_p.shape[0], n_rows + 2), np.int8)
    flags[:, 1:-1] = white_p > 0.55
    d = np.diff(flags, axis=1)
    bs, ss = np.nonzero(d == 1)  # runs in order, band by band: starts and ends pair up
    ee = np.nonzero(d == -1)[1]
    length = ee - ss
    ok = (length >= lo) & (length <= hi) & (ss >= 1) & (ee < n_rows - 1)
    bs, ss, ee = bs[ok], ss[ok], ee[ok]
    # The least white of the `near` rows before each run, the most content of the
    # `near` rows from its end on (within the profile; only at the runs).
    steps = np.arange(near)
    before = np.maximum(ss[:, None] - 1 - steps, 0)
    after = np.minimum(ee[:, None] + steps, n_rows - 1)
    wmin = white_p[bs[:, None], before].min(axis=1, initial=np.inf)
    cmax = content_p[bs[:, None], after].max(axis=1, initial=-np.inf)
    above = wmin < 0.3
    ok = above & (cmax > 0.5)
    if soft is not None:
        light = above & ~ok
        soft.append(np.stack([bs[light], ss[light]], axis=1))
    return np.stack([bs[ok], ss[ok]], axis=1)


_KEYS_NEAR = np.ones((1, 3), np.uint8)
_SLOPES_COL, _SLOPE_I = SLOPES[:, None], np.arange(len(SLOPES))[:, None]


def _support(
    bands: np.ndarray, ys: np.ndarray, xs: np.ndarray, n_b: int, n_keys: int, bin_px: int
) -> np.ndarray:
    """Per slope and key (a line's row at the middle, in bins): the bands with a
    candidate on it or a key either side (the keys of a slope lie apart from the
    next slope's: 1 .. n_keys - 2)."""
    keys = np.floor((ys[None, :] - _SLOPES_COL * xs[None, :]) / bin_px).astype(int) + 1
    np.maximum(keys, 1, out=keys)  # (np.clip costs several times as much)
    np.minimum(keys, n_keys - 2, out=keys)
    width = len(SLOPES) * n_keys
    hist = np.zeros((n_b, width), np.uint8)
    keys += _SLOPE_I * n_keys + bands * width
    hist.ravel()[keys.ravel()] = 1
    near = cv2.dilate(hist, _KEYS_NEAR)
    support = cv2.reduce(near, 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S).reshape(len(SLOPES), n_keys)
    support[:, 0] = support[:, -1] = 0
    return support


def _lines(
    cands,
    band_x: np.ndarray,
    xc: float,
    n_rows: int,
    bin_px: int,
    weak: list | None = None,
    soft: np.ndarray | None = None,
    least: int | None = None,
) -> list:
    """Card top edges: straight lines (row at the slot's middle, slope in rows per mm
    across) through the candidates of at least MIN_BANDS bands, the best supported
    first, no two nearer than MIN_STRIP_MM. `weak`: if given, gets the lines of
    WEAK_BANDS bands too (that no better line is near). `soft`: candidates that
    count towards a line only beside those of WEAK_BANDS bands (a card's top
    border over a light part of its own art, on the bands of a column where the
    art is lighter)."""
    least = least or (MIN_BANDS if weak is None else WEAK_BANDS)
    if len(cands) < least:
        return []
    c = np.asarray(cands)
    n_keys = n_rows // bin_px + 3
    n_b = len(band_x)
    bands, ys = c[:, 0], c[:, 1].astype(np.float32)
    xs = band_x[bands] - xc
    support = _support(bands, ys, xs, n_b, n_keys, bin_px)
    slope_i = support.argmax(axis=0)
    best = support[slope_i, np.arange(n_keys)]
    rank = best.astype(np.float32)
    if soft is not None and len(soft) and (best == WEAK_BANDS).any():
        # Soft candidates lift only a line of WEAK_BANDS bands, which then ranks
        # below every line of MIN_BANDS strict ones; a line's slope and place are
        # still its strict candidates' alone.
        b2 = np.concatenate([bands, soft[:, 0]])
        y2 = np.concatenate([ys, soft[:, 1].astype(np.float32)])
        both = _support(b2, y2, band_x[b2] - xc, n_b, n_keys, bin_px)[slope_i, np.arange(n_keys)]
        lifted = (best == WEAK_BANDS) & (both >= MIN_BANDS)
        best = np.where(lifted, both, best)
        rank[lifted] = MIN_BANDS - 0.5
    sep = max(int(round(MIN_STRIP_MM * ALONG / bin_px)), 1)
    strong = np.nonzero(best >= least)[0]
    kept: list[int] = []
    taken = bytearray(n_keys + 2 * sep + 1)  # (shifted by sep)
    for k in strong[np.argsort(-rank[strong], kind="stable")].tolist():
        if 1 not in taken[k : k + 2 * sep + 1]:
            kept.append(k)
            taken[k + sep] = 1
    if not kept:
        return []
    ks = np.array(kept)
    s = SLOPES[slope_i[ks]]
    y0 = ys[None, :] - s[:, None] * xs[None, :]
    sel = np.abs(y0 - ((ks - 0.5) * bin_px)[:, None]) <= 1.5 * bin_px
    at = (y0 * sel).sum(axis=1) / np.maximum(sel.sum(axis=1), 1)
    if len(ks) > 1:
        # Two tops that meet or cross across a card's middle are one card's (a
        # turned card's top and a band inside it, 5 mm apart at the middle and
        # crossing at its edge): the better supported stays (ks is in that order).
        ends = np.array([-CROSS_HALF_MM, CROSS_HALF_MM])
        edge = at[:, None] + s[:, None] * ends[None, :]
        d = edge[:, None, :] - edge[None, :, :]  # (i, j, either end)
        one = ((d[..., 0] * d[..., 1] <= 0) | (np.abs(d).min(axis=2) < CROSS_MM * ALONG)).tolist()
        alone: list[int] = []
        for i in range(len(ks)):
            if not any(one[i][j] for j in alone):
                alone.append(i)
        keep_i = np.array(sorted(alone))
        at, s, ks = at[keep_i], s[keep_i], ks[keep_i]
    out = sorted(zip(at.tolist(), s.tolist(), best[ks].tolist(), strict=True))
    if weak is not None:
        weak += [(y, sl) for y, sl, n in out if n < MIN_BANDS]
    return [(y, sl) for y, sl, n in out if n >= max(MIN_BANDS, least)]


def _not_over_bare(lines: list, gp: np.ndarray, start: int, end: int) -> list:
    """The card tops of `lines` below which no bare printed slot shows for a card's
    art's length: a card lies there (this one, or later ones over it). A white
    band inside a card (its beanometer's, over the coins) seen as a top has bare
    slot right under the card. Bare: BARE_RUN_MM of rows over half printed slot in
    each of the middle four bands (32 mm across, more than a card leaves)."""
    if not lines:
        return lines
    n_b = gp.shape[0]
    bare = (gp[n_b // 2 - 2 : n_b // 2 + 2] > 0.5).all(axis=0)
    bare = np.asarray(bare)
    bare[: start + 2] = bare[end - 2 :] = False
    run = int(BARE_RUN_MM * ALONG)
    # rows where a run of bare rows starts
    c = np.concatenate([[0], np.cumsum(bare, dtype=np.int32)])
    runs = np.zeros(bare.size, bool)
    runs[: bare.size - run + 1] = (c[run:] - c[:-run]) == run
    covered = int(BARE_AFTER_MM * ALONG)
    keep = []
    for y, sl in lines:
        a, b = int(y + 4 * ALONG), int(min(y + covered, end - run))
        if a < b and runs[a:b].any():
            continue
        keep.append((y, sl))
    return keep


def _between(
    lines: list, first: tuple | None, bottom: tuple | None, card_mm: float = CARD_MM_LONG
) -> list:
    """The card tops from `lines` (row, slope) that lie from the first card's top
    (`first`, seen where the printed slot meets it) to the top card's, a card's
    length (`card_mm`) above its bottom (`bottom`, seen so): the first and the top
    card's own tops added if no line was found there."""
    p = ALONG
    if first is not None:
        lines = [ln for ln in lines if ln[0] >= first[0] - 3 * p]
        if not any(abs(y - first[0]) < MIN_STRIP_MM * p for y, _ in lines):
            lines = sorted([first, *lines])
    if bottom is not None:
        y, sl = bottom
        top_y = y - card_mm * p * float(np.hypot(1.0, sl / p))
        lines = [ln for ln in lines if ln[0] <= top_y + 4 * p] or [(top_y, sl)]
        if lines[-1][0] < top_y - 4 * p:
            # A top seen less than a strip above the top card's is not a card's (the
            # slot's printed edge, paper above it): no hand lays a strip that short.
            if top_y - lines[-1][0] < MIN_STRIP_MM * p:
                lines = lines[:-1]
            lines.append((top_y, sl))
    return lines[:MAX_CARDS]


def _lengths_seen(lines: list, bottom: tuple) -> list[float]:
    """The card lengths (mm) a slot may show: from the top card's bottom edge
    (`bottom`, seen against the bare slot) up to each card top of `lines` that lies
    a published card's length give or take CARD_MM_SLACK above it. The top card's
    own top is one of them in nearly every slot; the card before's lies a strip
    (8-25 mm, as hands lay them) further, a different length in each slot."""
    y, sl = bottom
    along = ALONG * float(np.hypot(1.0, sl / ALONG))
    lo, hi = CARD_MM_LONG * (1 - CARD_MM_SLACK), CARD_MM_LONG * (1 + CARD_MM_SLACK)
    return [d for t, _ in lines if lo <= (d := (y - t) / along) <= hi]


def _card_length(seen: list[list[float]]) -> float | None:
    """The cards' length (mm) that most slots of a picture show (`seen`: each slot's
    `_lengths_seen`), if at least CARD_LENGTH_SLOTS of them and half of those that
    show any agree within a millimetre; else None."""
    seen = [s for s in seen if s]
    if len(seen) < CARD_LENGTH_SLOTS:
        return None
    centres = np.arange(CARD_MM_LONG * (1 - CARD_MM_SLACK), CARD_MM_LONG * (1 + CARD_MM_SLACK), 0.5)
    votes = np.zeros(len(centres))
    for s in seen:
        near = np.abs(np.asarray(s)[None, :] - centres[:, None]).min(axis=1)
        votes += near <= 1.0
    best = int(np.argmax(votes))
    if votes[best] < max(CARD_LENGTH_SLOTS, len(seen) / 2):
        return None
    c = centres[best]
    own = [min(s, key=lambda d: abs(d - c)) for s in seen]
    return float(np.median([d for d in own if abs(d - c) <= 1.5])) + LENGTH_SEEN_SHORT


def _fill_gaps(
    lines: list,
    covered: float | None,
    art: np.ndarray | None = None,
    bare: np.ndarray | None = None,
    head: float = 0.0,
) -> list:
    """Card tops missed between those seen (a top edge under glare, a turned card's
    edge): where two tops lie nearly twice the column's usual strip apart or more,
    the cards between them evenly; and a card above the first top seen if cards
    cover the printed slot's top (`covered`, its row) more than a strip above it,
    or a card's art shows above it in the slot, ART_SEEN_MM or more of rows
    (`art`) down to it with no bare slot (`bare`) between: that card's top border
    is not seen on white paper; its top is `head` rows above its art's start."""
    if len(lines) >= 3:
        ys = np.array([y for y, _ in lines])
        gaps = np.diff(ys)
        # The lower median: the gaps that hold missed cards are the long ones, and
        # with as many of them as strips the median lies between the two kinds.
        strip = float(np.sort(gaps)[(len(gaps) - 1) // 2])
        out = [lines[0]]
        for (y0, s0), (y1, s1), gap in zip(lines, lines[1:], gaps.tolist(), strict=False):
            n = int(round(gap / strip))
            if gap > GAP_FILL * strip and gap >= 2 * MIN_STRIP_MM * ALONG and n >= 2:
                out += [(y0 + gap * j / n, s0 + (s1 - s0) * j / n) for j in range(1, n)]
            out.append((y1, s1))
        lines = out
    if covered is not None and lines:
        y0, s0 = lines[0]
        strip = lines[1][0] - y0 if len(lines) >= 2 else y0 - covered + 2 * ALONG
        if y0 - covered > 0.6 * strip and y0 - covered > MIN_STRIP_MM * ALONG:
            lines = [(min(y0 - strip, covered), s0), *lines]
        elif art is not None and bare is not None:
            # (to a millimetre short of the next top: a first card laid above the
            # slot's top may show only 4 mm of its name band in the slot)
            r0, r1 = int(covered + ALONG), int(y0 - ALONG)
            seen = np.nonzero(art[r0:r1])[0] if r1 > r0 else np.zeros(0, int)
            if seen.size >= ART_SEEN_MM * ALONG and not bare[r0 + seen[0] : r1].any():
                top = r0 + float(seen[0]) - head
                lines = [(min(top, y0 - MIN_STRIP_MM * ALONG), s0), *lines]
    return lines[:MAX_CARDS]


def _missed_tops(lines: list, weak: list) -> list:
    """Card tops seen in fewer bands (`weak`: a turned card's edge, one laid off
    its place under the card before's side border) where the column says a card's
    top was missed: between two tops at least GAP_WEAK times the column's shortest
    step apart, near the middle (a quarter of the gap), both steps a strip long."""
    if len(lines) < 3 or not weak:
        return lines
    ys = [y for y, _ in lines]
    shortest = min(b - a for a, b in zip(ys, ys[1:], strict=False))
    added = []
    for a, b in zip(ys, ys[1:], strict=False):
        if b - a < GAP_WEAK * shortest:
            continue
        mid = [(y, sl) for y, sl in weak if abs(y - (a + b) / 2) <= (b - a) / 4]
        if mid and min(mid[0][0] - a, b - mid[0][0]) >= MIN_STRIP_MM * ALONG:
            added.append(mid[0])
    return sorted(lines + added)[:MAX_CARDS] if added else lines


def _art_rows(content_p: np.ndarray, white_p: np.ndarray) -> np.ndarray:
    """Rows across which a card's art lies: content in ART_BANDS bands or more (the
    beanometer's coins on white are not art; a printed line is too thin), and the
    gaps up to ART_GAP_MM between such rows where the card goes on (content or
    white in ART_BANDS bands, not white right across: a white bean in the art is
    art; a card's white border, or paper, is not)."""
    content = (content_p > 0.5).sum(axis=0)
    white = (white_p > 0.55).sum(axis=0)
    art = content >= ART_BANDS
    for a, b in _runs(art):
        if b - a < 2.5 * ALONG:
            art[a:b] = False
    card = (content + white >= ART_BANDS) & (white < ART_BANDS + 2)
    for a, b in _runs(~art):
        if a > 0 and b < art.size and b - a <= ART_GAP_MM * ALONG and card[a:b].all():
            art[a:b] = True
    return art


def _lab_rows(img: np.ndarray) -> np.ndarray:
    """Mean Lab of each row (float)."""
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    return cv2.reduce(lab, 1, cv2.REDUCE_AVG, dtype=cv2.CV_32F)[:, 0]


COLOUR_W = np.array([0.4, 1.5, 1.5], np.float32)  # L, a, b: the hue weighs most
HUE_W, CHROMA_W, MIXED = 1.5, 0.6, 0.4  # (see _colour_distance)
# A colour this far off (weighted Lab) weighs as much as marks matching this much worse:
# colours move with the lamp and the paper, marks less; near varieties differ by marks.
# (Marks weighed twice as much, and a change cost 1.0, until strips of 8-12 mm were
# measured: a narrow strip shows its name band's letters cut, and its marks misled;
# r1-r3, 1,211 fields counted right: one-variety fields 9 -> 2 read wrong, mixed 41 -> 33.)
COLOUR_SCALE, MARKS_SCALE = 10.0, 0.04
SHORTLIST = 3
CHANGE = 1.4  # a change of variety from one card of a column to the next costs this
ART_LIGHTER = 25  # L levels (of 255): art this much lighter than most of it is a reflection
SHIFT_SURE, SHIFT_SHARE = 2.0, 0.5  # the top card sure enough to set the slot's light by
# Lab units: a lamp moves a white-balanced card's colours this much at most; a top
# card seen further off its face (a reflection across its art, a light bean character
# filling its middle) says little of the strips' light (garden strips read as green
# under a 3100 K lamp: held out, lamps 2700-3300 K, 95.0 -> 96.1 % exact).
SHIFT_MAX = 8.0
SURE_GAP = 3.0  # colours this many COLOUR_SCALEs apart need no marks compared
# mm of a card matched by its marks, at most: a top card's name band, corners and
# upper art (its whole length read the same, held out and tuned, in 5 % more time).
MARKS_MM = 45


def _colour_distance(faces: np.ndarray, lab: np.ndarray) -> np.ndarray:
    """How far a colour seen (Lab) lies from each face's (weighted): its hue most,
    then its lightness and how coloured it is. A narrow strip seen through blur and
    JPEG's coarse colour is mixed with the white borders around it: less coloured,
    of the same hue; so the hue weighs as an arc at the less coloured of the two,
    and a difference in colourfulness weighs less."""
    return _colour_distances(faces[None], np.asarray(lab)[None])[0]


def _colour_distances(faces: np.ndarray, labs: np.ndarray) -> np.ndarray:
    """`_colour_distance` of several colours seen at once: `faces` (seen, faces, 3),
    `labs` (seen, 3); (seen, faces)."""
    f = faces.astype(np.float64) - (0.0, 128.0, 128.0)
    x = labs.astype(np.float64)[:, None, :] - (0.0, 128.0, 128.0)
    cf, cx = np.hypot(f[..., 1], f[..., 2]), np.hypot(x[..., 1], x[..., 2])
    turn = np.arctan2(f[..., 2], f[..., 1]) - np.arctan2(x[..., 2], x[..., 1])
    turn = np.abs(np.mod(turn + np.pi, 2 * np.pi) - np.pi)
    hue = np.minimum(cf, cx) * turn
    # Less coloured than the face by up to MIXED of it is mixing; beyond, a colour.
    beyond = np.maximum(cf * (1 - MIXED) - cx, 0) + np.maximum(cx - cf, 0)
    chroma = CHROMA_W * np.abs(cf - cx) + beyond
    w_l, w_ab = float(COLOUR_W[0]), float(COLOUR_W[1])
    return w_l * np.abs(f[..., 0] - x[..., 0]) + w_ab * (HUE_W * hue + chroma)


def _column(lists: list[tuple[list[int], list[float]]], change: float) -> list[tuple[int, float]]:
    """The column's varieties, first planted first, from each card's shortlist (ids,
    scores: lower is nearer): the sequence of least total score where each change of
    variety from one card to the next costs `change` (a field holds one variety in
    most games; a ladder changes, seldom between two near-alike varieties). Only
    the varieties less than `change` behind a card's best are its own: a card read
    surely is not changed to suit the cards beside it. With each card's variety, its
    margin: how much more the best column costs with that card another variety (its
    own reading's, where no other is near)."""
    own = [sorted(vals)[1] - min(vals) if len(vals) > 1 else 4.0 for _, vals in lists]
    near = []
    for ids, vals in lists:
        best = min(vals)
        near.append({i: v for i, v in zip(ids, vals, strict=True) if v < best + change})

    def step(prev: dict[int, float], here: dict[int, float]) -> dict[int, float]:
        """Each variety of `here`: its score plus the best way from `prev` to it."""
        least = min(prev.values()) + change
        return {i: v + min(least, prev.get(i, least)) for i, v in here.items()}

    # Min-sum both ways: the best column up to a card, and from it on.
    fwd = [near[0]]
    for here in near[1:]:
        fwd.append(step(fwd[-1], here))
    bwd = [dict.fromkeys(near[-1], 0.0)]
    for k in range(len(near) - 2, -1, -1):
        after = {i: v + bwd[0][i] for i, v in near[k + 1].items()}
        bwd.insert(0, step(after, dict.fromkeys(near[k], 0.0)))
    out = []
    for f, b, alone in zip(fwd, bwd, own, strict=True):
        total = sorted((f[i] + b[i], i) for i in f)
        gap = total[1][0] - total[0][0] if len(total) > 1 else alone
        out.append((total[0][1], float(gap)))
    return out


class _Faces:
    """The enrolled faces as the edge-counting reader uses them: balanced against
    their own white, at 1 px/mm, with each row's mean colour over the card's middle;
    where a card's name band starts and its art ends, as the reader sees them."""

    def __init__(self, upright: list[np.ndarray]) -> None:
        self.marks, rows, first, last, border = [], [], [], [], []
        whole, row_lab = [], []
        for f in upright:
            bal = _balanced(f, _white_balance(f, 0.1))
            small = cv2.resize(bal, (56, CARD_MM_LONG), interpolation=cv2.INTER_AREA)
            # The art's colour (a whole card's, see `_art_colour`), rows 12 to 70 mm.
            whole.append(_art_colour(small[12:70, 12:44]))
            self.marks.append(_marks(small))
            r = _lab_rows(small[:, 12:44])
            row_lab.append(r)
            rows.append(np.vstack([np.zeros((1, 3), np.float32), np.cumsum(r, axis=0)]))
            view = cv2.resize(bal, (56, int(CARD_MM_LONG * ALONG)), interpolation=cv2.INTER_AREA)
            white, content = _classes(view, None)
            c = _art_rows(_band_profiles(content, 7, 0, 8), _band_profiles(white, 7, 0, 8))
            runs = [(a, b) for a, b in _runs(c) if b - a >= 3 * ALONG]
            long = [b for a, b in runs if b - a >= ART_MM * ALONG]
            first.append(runs[0][0] if runs else 3 * ALONG)
            # The top border: the first rows white across, down to where that ends
            # (none seen: the name band's start stands for it).
            across = (_band_profiles(white, 7, 0, 8) > 0.55).sum(axis=0) >= ART_BANDS
            top = int(np.argmax(across[: int(6 * ALONG)])) if across[: int(6 * ALONG)].any() else -1
            end = top + int(np.argmax(~across[top:])) if top >= 0 else first[-1]
            border.append(end)
            last.append(long[-1] if long else 71 * ALONG)
        self.first_mm = float(np.median(first)) / ALONG  # a card's top to its name band
        self.border_mm = float(np.median(border)) / ALONG  # a card's top to its border's end
        self.last_mm = float(np.median(last)) / ALONG  # a card's top to its art's end
        self.rows = np.stack(rows)
        self.row_lab = np.stack(row_lab)  # (faces, rows, 3): each mm row's mean Lab
        self.whole = np.stack(whole)

    def colour(self, r0: int, r1: int) -> np.ndarray:
        """Every face's mean Lab over rows r0..r1 (mm from its top): (faces, 3)."""
        r1 = max(r1, r0 + 1)
        return (self.rows[:, r1] - self.rows[:, r0]) / (r1 - r0)

    def weighted(self, r0: int, weights: list[np.ndarray]) -> np.ndarray:
        """Every face's mean Lab over rows r0, r0 + 1, ... (mm from its top), each
        row weighing as much as `weights` says, for each of `weights`: (len, faces, 3).
        A card laid turned shows a wedge of itself: its rows show unequally."""
        w = np.zeros((len(weights), self.row_lab.shape[1]), np.float64)
        for k, wk in enumerate(weights):
            n = min(len(wk), w.shape[1] - r0)
            w[k, r0 : r0 + n] = wk[:n]
        w /= np.maximum(w.sum(axis=1, keepdims=True), 1e-9)
        return np.einsum("sr,frc->sfc", w, self.row_lab)


def _art_colour(part: np.ndarray) -> np.ndarray:
    """The mean colour (Lab) of a card's art (BGR), without what is much lighter than
    most of it: a lamp's reflection washes part of a card out (and, the same in the
    enrolled face and the card seen, a white bean's light parts)."""
    return _art_lab(cv2.cvtColor(part, cv2.COLOR_BGR2LAB))


def _art_lab(lab: np.ndarray) -> np.ndarray:
    """`_art_colour` of art already in Lab."""
    light = lab[..., 0]
    hist = cv2.calcHist([light], [0], None, [256], [0, 256]).ravel()
    median = int(np.searchsorted(np.cumsum(hist), light.size / 2))
    keep = cv2.compare(light, median + ART_LIGHTER, cv2.CMP_LT)  # type: ignore[call-overload]  # a number as scalar
    if cv2.countNonZero(keep) < light.size // 3:
        return np.array(cv2.mean(lab)[:3], np.float32)
    return np.array(cv2.mean(lab, mask=keep)[:3], np.float32)


MARKS_CHROMA_SHADE = 6.0  # mm (px): a colour's broad shading, taken off its pattern


def _marks(bgr: np.ndarray) -> np.ndarray:
    """What is printed on a card less its smooth shading (the light, the art's
    gradients), in Lab: in its lightness the digits, letters, outlines; in its two
    colour planes the pattern of its colours (a bean in miniature in a corner, a
    name band's hue), whatever tint the lamp lays over all of it. (Lightness alone
    read a strip of a Blue Bean, orange like the Coffee Bean's, as coffee beside
    coffee: tuned, lamps 2700-3400 K, 1,546 -> 1,552 of 1,575 exact, blue read as
    coffee 13 -> 5; seed 2024, 1,862 -> 1,869 of 1,890.)"""
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    light, a, b = cv2.split(lab)
    planes = [light - cv2.GaussianBlur(light, (0, 0), 2.5)]
    for c in (a, b):
        c = cv2.GaussianBlur(c, (0, 0), 0.8)  # (JPEG's colour is coarse)
        planes.append(c - cv2.GaussianBlur(c, (0, 0), MARKS_CHROMA_SHADE))
    return cv2.merge(planes)


def _strip_crop(
    view: np.ndarray, y0: float, slope: float, xc: float, rows_mm: float, scale: float = 1.0
):
    """Part of a slot's (balanced; BGR or BGRA) view from 2 mm above a card's top edge (row y0 at
    x = xc mm, `slope` rows per mm), `rows_mm` long, turned straight, at 1 px/mm. `scale`:
    the card's length as laid to a published card's: the crop is in a published card's
    mm (the enrolled faces')."""
    t = np.arctan(slope / ALONG)
    c, s = scale * float(np.cos(t)), scale * float(np.sin(t))
    # crop (u, v) -> view (x, y): x = xc + (u - xc) c - (v - 2) s,
    #                              y = y0 + ALONG ((u - xc) s + (v - 2) c)
    m = np.array(
        [
            [c, -s, xc - xc * c + 2 * s],
            [ALONG * s, ALONG * c, y0 - ALONG * (xc * s + 2 * c)],
        ],
        np.float32,
    )
    size = (view.shape[1], int(round(rows_mm + 4)))
    crop = cv2.warpAffine(
        view,
        m,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    # (a BGRA view warps the same pixels faster: see `slot_view`)
    return crop if crop.shape[2] == 3 else cv2.cvtColor(crop, cv2.COLOR_BGRA2BGR)


def _on_white(picture: np.ndarray) -> np.ndarray:
    """A face's picture in BGR: gray made colour, and a transparent outside (a
    card cut out with its rounded corners) laid on white, as a card's surround."""
    if picture.dtype != np.uint8:  # (16 bits a channel)
        picture = cv2.convertScaleAbs(picture, alpha=255.0 / 65535.0)
    if picture.ndim == 2:
        return cv2.cvtColor(picture, cv2.COLOR_GRAY2BGR)
    if picture.shape[2] == 4:
        alpha = picture[..., 3:].astype(np.float32) / 255
        return (picture[..., :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)
    return picture


CARD_ASPECT = (1.35, 1.8)  # a card's length to its width (87 / 56 = 1.55), found in a picture
BACKGROUND_OFF = 40  # levels: a colour this far from the picture's rim is no background
RIM_WHITE = 25  # levels: a picture's rim this near its lightest is the card's white border


def card_in(picture: np.ndarray) -> np.ndarray:
    """The card in a picture of one (an enrolled face), upright: a scan or photo
    with background around the card (a scanner's lid, a table) is cut to the
    card and turned straight; a picture whose rim is the card's own white border
    (cut to the card) is kept as it is. The reader takes a face to be the card
    edge to edge: 6 mm of table around it moved every row it measures (56 % of
    fields read right against 98 %)."""
    rim = np.concatenate(
        [picture[:2].reshape(-1, 3), picture[-2:].reshape(-1, 3)]
        + [picture[:, :2].reshape(-1, 3), picture[:, -2:].reshape(-1, 3)]
    )
    ground = np.median(rim, axis=0).astype(np.float32)
    # The card's white (its border, its coin band) is the picture's lightest; a rim
    # as light is that border (or white around it, which looks the same).
    white = float(np.percentile(picture.min(axis=2), 95))
    if ground.min() >= white - RIM_WHITE and ground.max() - ground.min() < 30:
        return picture
    off = np.abs(picture.astype(np.float32) - ground).max(axis=2) > BACKGROUND_OFF
    mask = cv2.morphologyEx(off.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return picture
    outline = max(contours, key=cv2.contourArea)
    (cx, cy), (w, h), angle = cv2.minAreaRect(outline)
    if h < w:  # the long side upright, by the smaller turn
        w, h, angle = h, w, angle - 90 if angle > 0 else angle + 90
    if not (
        CARD_ASPECT[0] <= h / max(w, 1.0) <= CARD_ASPECT[1]
        and w * h >= 0.25 * picture.shape[0] * picture.shape[1]
    ):
        return picture  # no card-shaped thing on a background: as it is
    turn = cv2.getRotationMatrix2D((cx, cy), angle, 1.0)
    turn[:, 2] += np.array([w / 2 - cx, h / 2 - cy])
    return cv2.warpAffine(
        picture,
        turn,
        (int(round(w)), int(round(h))),
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_REPLICATE,
    )


@dataclass
class FieldReading:
    cards: list[str]
    confidence: float  # the least sure card's margin, 0..1
    margins: list[float] = field(default_factory=list)  # each card's, first planted first


class FieldReader:
    def __init__(self, faces: dict[str, np.ndarray], slot_mm=None) -> None:
        """`faces`: an upright picture of a card of each variety; `slot_mm`: the
        printed size of the mats' field slots (width, length), which makes every slot
        true to scale through the calibration (see `slot_view`)."""
        if not faces:
            raise ValueError("enrol at least one card face")
        self.ids = list(faces)
        self.slot_mm = None if slot_mm is None else (float(slot_mm[0]), float(slot_mm[1]))
        # A card's length as the slots show it (mm): the published cards' 87, unless
        # the table's pictures measure otherwise (see `read_all`): sleeved cards, or
        # mats printed "fit to page", a few per cent smaller than their markers say.
        self.card_mm = float(CARD_MM_LONG)
        upright = [cv2.resize(f, CARD, interpolation=cv2.INTER_AREA) for f in faces.values()]
        self.real = _Faces(upright)
        inner = [f[4:-4, 4:-4] for f in upright]
        self.strips = np.stack([_feature(f[4 : STRIP - 2, 4:-4]) for f in upright])
        self.wholes = np.stack([_feature(f) for f in inner])
        # Each card's top end in gray, with room around for a card laid a little off
        # or turned: where colours leave two or three varieties close, the marks
        # printed on the strip (the number) decide.
        self.tops = [
            cv2.copyMakeBorder(
                cv2.cvtColor(f, cv2.COLOR_BGR2GRAY)[: STRIP + SEARCH],
                SEARCH,
                0,
                SEARCH,
                SEARCH,
                cv2.BORDER_REPLICATE,
            )
            for f in upright
        ]

        # Each whole face in gray, half size, without its rim: where a whole card
        # shows (the top card, a face-up card) and colours leave varieties close, the
        # drawing on it decides (a pod is not a kidney, whatever the light).
        self.faces = [
            cv2.resize(cv2.cvtColor(f, cv2.COLOR_BGR2GRAY)[6:-6, 6:-6], None, fx=0.5, fy=0.5)
            for f in upright
        ]

    @classmethod
    def from_folder(cls, folder: str | Path, slot_mm=None) -> FieldReader:
        faces = {}
        for p in sorted(Path(folder).iterdir()):
            if p.suffix.lower() in IMAGE_SUFFIXES:
                img = cv2.imread(str(p), cv2.IMREAD_UNCHANGED)
                if img is None or img.ndim not in (2, 3) or min(img.shape[:2]) < 16:
                    raise ValueError(f"can't read the card face {p}")
                faces[p.stem] = card_in(_on_white(img))
        if not faces:
            raise ValueError(f"{folder}: no card faces (ID.png or ID.jpg, one per variety)")
        return cls(faces, slot_mm)

    def _card(
        self, feats: np.ndarray, q: np.ndarray, top_end: np.ndarray, whole: np.ndarray | None = None
    ) -> tuple[int, float]:
        """A card's variety, from a strip or a whole face: the nearest enrolled by
        colour and layout (`feats` against `q`); when the next is close, the three
        nearest are told apart by the marks printed at the card's top end (the
        number; `top_end` is that part of the card as seen)."""
        d = np.linalg.norm(feats - q, axis=1)
        order = np.argsort(d)
        if len(order) < 2:
            return int(order[0]), 0.0
        if d[order[0]] < CLOSE * d[order[1]]:
            return int(order[0]), float(1 - d[order[0]] / max(d[order[1]], 1e-6))
        gray = cv2.cvtColor(top_end, cv2.COLOR_BGR2GRAY)
        few = order[:3]
        marks = np.array(
            [float(cv2.matchTemplate(self.tops[i], gray, cv2.TM_CCOEFF_NORMED).max()) for i in few]
        )
        score = d[few] / d[few].max() + MARKS_WEIGHT * (1 - marks)
        if whole is not None:  # the whole card as seen, 8 px around it (a card's place)
            small = cv2.resize(cv2.cvtColor(whole, cv2.COLOR_BGR2GRAY), None, fx=0.5, fy=0.5)
            drawn = np.array(
                [
                    float(cv2.matchTemplate(small, self.faces[i], cv2.TM_CCOEFF_NORMED).max())
                    for i in few
                ]
            )
            score = score + MARKS_WEIGHT * (1 - drawn)
        ranked = np.argsort(score)
        best, second = score[ranked[0]], score[ranked[1]]
        return int(few[ranked[0]]), float(1 - best / max(second, 1e-6))

    def card_tops(
        self, view: np.ndarray, lamp: np.ndarray | None = None, lengths: list | None = None
    ) -> tuple[list[tuple[float, float]], np.ndarray]:
        """Each card's top edge in a slot's view (from `slot_view`), first planted
        first, as (row at the slot's middle, slope in rows per mm across); and the
        view balanced against the white of the cards and paper. The column is counted
        from the cards themselves: each card's top border (a thin white band between
        what lies above it and its own name band), the first card's name band or its
        top against the printed slot, the top card's art or its bottom against the
        printed slot. `lengths`: if given, gets the card lengths (mm) this slot may
        show (see `_lengths_seen`)."""
        lines, bal, covered, weak = self._card_tops(view, lamp, lengths)
        return _missed_tops(_fill_gaps(lines, *(covered or (None,))), weak), bal

    def _card_tops(
        self, view: np.ndarray, lamp: np.ndarray | None = None, lengths: list | None = None
    ) -> tuple[list, np.ndarray, tuple | None, list]:
        """`card_tops` (`lamp`: see `read_slot`), and where a card covers the printed
        slot's top while no card top was seen against the slot there (None: not so;
        else the arguments of `_fill_gaps` after the lines: that row, the rows of art
        and of bare slot, a card's top to its art); and the card tops seen in fewer
        bands (see `_missed_tops`)."""
        p = ALONG
        mx, my = MARGIN_MM
        card_mm = self.card_mm
        # (the enrolled faces' rows, in mm of a published card's length, as laid here)
        face_px = p * card_mm / CARD_MM_LONG
        gains, gray = _white_balance_gray(view)
        under = _under(gains, lamp, view)
        bal = _balanced(view, under)
        spread = float(np.max(under) / max(float(np.min(under)), 1e-6))
        slack = GROUND_CHROMA_SLACK * max(1.0, spread / GAIN_SPREAD)
        if _even(gray, 1, gains):
            return [], bal, None, []
        paper = _paper(bal)
        ground = _slot_ground(bal, paper)
        planes = cv2.split(bal)
        hi_px, lo_px = _hi_lo(planes)
        white = _white_mask(planes, (hi_px, lo_px))
        # (masks of 0 and 1 combined by OpenCV: numpy's operators cost several times as
        # much on a whole view) Content: neither white nor the paper.
        content = cv2.compare(
            cv2.bitwise_or(white, _near_mask(planes, paper, PAPER_NEAR)), 0, cv2.CMP_EQ
        )  # type: ignore[call-overload]  # a number as scalar
        cv2.bitwise_and(content, 1, dst=content)  # type: ignore[call-overload]
        if ground is not None:  # neither the paper nor the printed slot is a card's art
            # Up to a fifth darker (a shadow, the light along the slot; a card's dark
            # grey art is darker still), only a little lighter: a card's white
            # border, however blurred, is not the slot. Or, row by row, as much
            # lighter as the slot's sides show it there (glare, the light along it).
            level = float(ground.mean())
            # (a channel balanced back far more than the others: its noise, as wide)
            noisy = np.maximum(1.0, under / (GAIN_SPREAD * float(np.min(under))))
            margin_lo = max(GROUND_NEAR * level, 16.0) * noisy
            margin_hi = max(GROUND_LIGHTER * level, 10.0) * noisy
            lo_hi = (tuple((ground - margin_lo).tolist()), tuple((ground + margin_hi).tolist()))
            gmask: np.ndarray = cv2.inRange(bal, *lo_hi)
            for y, lift in _ground_rows(bal, ground, slack):
                # (shifting the picture down by the lift: one range for every row;
                # rows not lifted are as the range above found them)
                part = gmask[y : y + len(lift)]
                part |= cv2.inRange(cv2.subtract(bal[y : y + len(lift)], lift), *lo_hi)
            # ... and about as colourless (a dark olive bean is near in every channel).
            chroma = float(ground.max() - ground.min()) + slack
            colourless = cv2.compare(cv2.subtract(hi_px, lo_px), chroma, cv2.CMP_LT)  # type: ignore[call-overload]  # a number as scalar
            cv2.bitwise_and(gmask, colourless, dst=gmask)
            cv2.bitwise_and(gmask, 1, dst=gmask)  # type: ignore[call-overload]  # (0 or 1)
            gmask = _bare(gmask, int(mx), int(bal.shape[1] - mx), hi_px)
            cv2.subtract(content, gmask, dst=content)  # (content and not bare slot)
        w_mm = bal.shape[1] - 2 * mx
        n_b = int((w_mm + 16) // BAND_MM)
        x0 = int(round(mx + w_mm / 2 - n_b * BAND_MM / 2))
        wp = _band_profiles(white, n_b, x0, BAND_MM)
        cp = _band_profiles(content, n_b, x0, BAND_MM)
        band_x = x0 + BAND_MM * (np.arange(n_b) + 0.5)
        xc = mx + w_mm / 2
        weak: list = []
        soft: list = []
        strict = _top_candidates(wp, cp, soft)
        lines = _lines(strict, band_x, xc, bal.shape[0], BIN_PX, weak, soft[0])
        gaps = _gaps(lines, my * p, card_mm)
        if gaps:
            ridged = _top_candidates(
                _band_profiles(_with_ridges(white, hi_px, lo_px), n_b, x0, BAND_MM), cp
            )
            more = _lines(ridged, band_x, xc, bal.shape[0], BIN_PX, least=RIDGE_BANDS)
            lines = _into_gaps(lines, more, gaps)
        # On a printed slot: the first card's top and the top card's bottom where the
        # slot's bare grey meets them (not where they lie over the paper beyond it).
        ground_top = ground_bottom = None
        covered: tuple | None = None
        over_slot = False  # a card's top seen above the slot's top is the first card's
        slot_end = bal.shape[0] - my * p
        if ground is not None:
            gp = _band_profiles(gmask, n_b, x0, BAND_MM)
            glare = _Glare(bal, ground, hi_px, lo_px, n_b, x0, slack)
            lines = _not_over_bare(lines, gp, int(my * p), int(slot_end))
            tops, bottoms = _ground_edges(gp, wp)
            r = tops[:, 1]
            inside = tops[(r >= my * p + 1.5 * p) & (r < slot_end - 20 * p)]
            found = _lines(inside, band_x, xc, bal.shape[0], 3)
            mids = range(n_b // 2 - 2, n_b // 2 + 2)
            mid_g = gp[mids.start : mids.stop]
            if found:
                y, sl = found[0]
                # Bare slot above it (along it), up to the slot's top: no card lies
                # before it. (The slot's top 3 mm aside: a calibration a little off
                # puts the slot's printed edge, or the paper, there.)
                spans = [
                    (int(my * p + EDGE_OFF_MM * p), int(y + sl * (band_x[b] - xc) - 1.5 * p))
                    for b in mids
                ]
                if _bare_spans(gp, mids, spans, glare):
                    ground_top = found[0]
            r = bottoms[:, 1]
            inside = bottoms[(r >= my * p + 20 * p) & (r < slot_end - 1.5 * p)]
            found = _lines(inside, band_x, xc, bal.shape[0], 3)
            if found:
                y, sl = found[-1]
                # Bare slot below it, down to the slot's end (no card lies further;
                # its last 3 mm aside, as its top's).
                spans = [
                    (int(y + sl * (band_x[b] - xc) + 3 * p), int(slot_end - EDGE_OFF_MM * p))
                    for b in mids
                ]
                if _bare_spans(gp, mids, spans, glare):
                    ground_bottom = found[-1]
                    if lengths is not None:
                        lengths.append(_lengths_seen(lines, ground_bottom))
            if ground_bottom is None:
                ground_bottom = _bottom_at_end(wp, cp, band_x, xc, slot_end, lines, card_mm)
            if ground_top is None and mid_g[:, int(my * p + p) : int(my * p + 3 * p)].mean() < 0.3:
                # A card lies over the slot's top.
                # Rows of a card's art across the slot's middle, and of bare slot:
                # art in the slot above the first top seen, with no bare slot
                # between, is a card's whose top is not seen (see _fill_gaps).
                bare_n = (mid_g > 0.5).sum(axis=0)
                art_seen = ((cp[mids.start : mids.stop] > 0.5).sum(axis=0) >= 3) & (bare_n < 2)
                covered = (my * p, art_seen, bare_n >= 3, self.real.first_mm * face_px)
            elif ground_top is None:
                # A turned first card laid over the slot's top leaves a corner of it
                # bare: its top, seen on the paper above the slot (up to 7 mm), is
                # a card's if no bare slot shows from the slot's top (its printed
                # edge aside) down to the next top seen.
                on_paper = [y for y, _ in lines if (my - 7) * p <= y < (my - 1.5) * p]
                in_slot = [y for y, _ in lines if y >= (my - 1.5) * p]
                if on_paper and in_slot and in_slot[0] - on_paper[-1] >= MIN_STRIP_MM * p:
                    rows = mid_g[:, int((my + EDGE_OFF_MM) * p) : int(in_slot[0] - 1.5 * p)]
                    over_slot = rows.size > 0 and float(rows.mean()) < 0.1
            # The printed slot bare down its middle (its ends aside, as the top's:
            # a calibration a little off; and a few rows, a printed tick): no card
            # in it. A card laid even 10 mm aside covers the middle, its white
            # borders and bands far more than that; tops seen there are the next
            # field's cards, laid into this slot's side.
            middle = mid_g[:, int((my + EDGE_OFF_MM) * p) : int(slot_end - EDGE_OFF_MM * p)]
            if middle.size and (middle.min(axis=0) <= 0.5).sum() <= EDGE_OFF_MM * p:
                return [], bal, None, []
            if ground_top is not None and ground_bottom is not None:
                return _between(lines, ground_top, ground_bottom, card_mm), bal, None, weak
        # Where cards lie at all: rows of card art (see _art_rows), along the first
        # card's slope for where the column starts, along the last one's for its end.
        lo, hi = int((my - 7) * p), int(bal.shape[0] - (my - 2) * p)
        dx = band_x[1:-1] - xc
        cpi, wpi = cp[1:-1], wp[1:-1]

        n_rows = cpi.shape[1]
        band_i = np.arange(cpi.shape[0])[:, None]

        def art(slope: float) -> tuple[list[tuple[int, int]], np.ndarray]:
            """Runs of art rows along `slope`, and the rows white right across."""
            shift = np.round(slope * dx).astype(int)  # rows, per band
            if shift.any():
                idx = np.clip(np.arange(n_rows)[None, :] + shift[:, None], 0, n_rows - 1)
                c, w = cpi[band_i, idx], wpi[band_i, idx]
            else:
                c, w = cpi, wpi
            rows = _art_rows(c, w)
            # Within the slot (a card laid up to 7 mm above its top), not the mat beyond.
            rows[:lo] = False
            rows[hi:] = False
            runs = [(a, b) for a, b in _runs(rows) if b - a >= 4 * p]
            return runs, (w > 0.55).sum(axis=0)

        printed = ground is not None
        if printed:
            # The first card: its top against the printed slot, or (laid over the
            # slot's top) the first top seen in the slot: not on the paper above it
            # (a card's white top on white paper is not seen there; a marker's
            # white quiet zone would be taken for one).
            if ground_top is not None:
                lines = _between(lines, ground_top, None)
            else:
                over_top = [ln for ln in lines if ln[0] < (my - 1.5) * p]
                lines = [ln for ln in lines if ln[0] >= (my - 1.5) * p]
                if (not lines and over_top and ground_bottom is not None) or over_slot:
                    # One card laid over the slot's top (turned, its top higher
                    # still): its top is where its bottom against the slot says;
                    # or the first card's, over the slot's top (`over_slot`).
                    lines = over_top[-1:] + lines
            if lines and ground_bottom is not None:
                return _between(lines, None, ground_bottom, card_mm), bal, covered, weak
            printed = bool(lines)
        runs, whites = art(lines[0][1] if lines else 0.0)
        if not runs and not printed:
            return [], bal, None, weak
        # The column starts with a card's name band under its white top border (what
        # lies above the slot, a table or another mat, is no card's).
        across = whites >= ART_BANDS
        framed = [
            a
            for a, b in runs
            if across[max(a - int(5 * p), 0) : a].any() and b >= (my + 2) * p  # into the slot
        ]
        if not framed and not printed:
            return [], bal, None, weak
        if not printed:
            # The first card's top: its white top border ends where the rows stop
            # being white across (the name band may start lower, under a light disc
            # or a sky).
            first = framed[0]
            head = self.real.first_mm * face_px
            if head - self.real.border_mm * face_px > 2 * p:  # the name band starts lower
                above = across[max(first - int(12 * p), 0) : first]
                if above.any():
                    border_end = first - int(np.argmax(above[::-1]))
                    first = int(border_end + head - self.real.border_mm * face_px)
            lines = [ln for ln in lines if ln[0] >= first - head - 2 * p]
            if not any(abs(y - (first - head)) <= 4 * p for y, _ in lines):
                lines.insert(0, (first - head, 0.0))
                lines.sort()
        if ground_bottom is not None:
            return _between(lines, None, ground_bottom, card_mm), bal, covered, weak
        tail = self.real.last_mm * face_px
        last_runs, whites = art(lines[-1][1])
        if not (last_runs or runs):
            return lines[:1], bal, covered, weak
        white_across = whites >= ART_BANDS + 2  # a card's border, not a white bean
        runs = last_runs or runs
        long = [i for i, (a, b) in enumerate(runs) if b - a >= ART_MM * p]
        k = long[-1] if long else len(runs) - 1
        end = runs[k][1]
        # The top card's art goes on past a break in it that is not white across (a
        # white bean): not past its own beanometer band.
        for a, b in runs[k + 1 :]:
            if a - end > 15 * p or white_across[end:a].any():
                break
            end = b
        lines = [ln for ln in lines if ln[0] <= end - tail + 10 * p] or lines[:1]
        if lines[-1][0] < end - tail - 10 * p:  # the top card's own top was not seen
            lines.append((end - tail, 0.0))
        return lines[:MAX_CARDS], bal, covered, weak

    def count(self, view: np.ndarray) -> int:
        """Cards in a slot's view (from `slot_view`)."""
        return len(self.card_tops(view)[0])

    def read_slot(
        self, view: np.ndarray, lamp: np.ndarray | None = None, lengths: list | None = None
    ) -> FieldReading:
        """The column in a slot's view (from `slot_view`), card by card. `lamp`: the
        colour of the light over the whole table (see `lamp_colour`); `lengths`: see
        `card_tops`."""
        lines, bal = self.card_tops(view, lamp, lengths)
        if not lines:
            return FieldReading([], 1.0, [])
        xc = bal.shape[1] / 2
        half_w = xc - MARGIN_MM[0]
        cards, margins = [], []
        scored = []
        u = np.arange(bal.shape[1], dtype=np.float32) - xc
        inner = slice(int(xc - half_w), int(xc + half_w))
        bal4 = cv2.cvtColor(bal, cv2.COLOR_BGR2BGRA)  # (for the strips' warps: faster)
        mid = bal.shape[1] // 2
        size = self.card_mm / CARD_MM_LONG  # (the strips in the enrolled faces' mm)
        # The top card first, whole: how its colour differs from its enrolled face's
        # is how this slot's light (its lamp, its shadow) moves every card's in it.
        y0, slope = lines[-1]
        crop = _strip_crop(bal4, y0, slope, xc, float(CARD_MM_LONG), size)
        top_order, top_score, seen = self._which(crop, float(CARD_MM_LONG), True)
        ranked = np.argsort(top_score)
        shift = None
        if len(ranked) < 2 or top_score[ranked[1]] - top_score[ranked[0]] > SHIFT_SURE:
            shift = SHIFT_SHARE * (seen - self.real.colour(12, 70)[top_order[ranked[0]]])
            moved = float(np.linalg.norm(shift))
            if moved > SHIFT_MAX:
                shift = shift * (SHIFT_MAX / moved)
        crops, strip_rows, showing = [], [], []
        for k, (y0, slope) in enumerate(lines[:-1]):
            ny, ns = lines[k + 1]
            # What shows of this card: down to the next card's edge, column by
            # column (a card laid turned hides a wedge); the hidden part is filled
            # with what shows, so it neither matches nor mismatches.
            ends = 2 + ((ny - y0) + (ns - slope) * u * size) / (ALONG * size) - 0.7
            rows = min(max(float(ends[inner].max()) - 2, 6.0), 40.0)
            crop = _strip_crop(bal4, y0, slope, xc, rows, size)
            hidden = np.arange(crop.shape[0], dtype=np.float32)[:, None] > ends[None, :]
            shows = (~hidden).view(np.uint8)
            shows[:5] = 0  # (the top border says nothing)
            r1 = max(int(rows), 5)
            # What shows of the card's middle, where its colour is read (`_seen`):
            # beside it, a card laid aside shows the slot and the next field.
            middle = np.zeros_like(shows)
            middle[5 : 2 + r1, mid - 16 : mid + 16] = shows[5 : 2 + r1, mid - 16 : mid + 16]
            if cv2.countNonZero(middle) <= 20:
                middle = shows
            if cv2.countNonZero(middle) > 20:
                fill = np.array(cv2.mean(crop, mask=middle)[:3]).astype(np.uint8)
                crop[hidden] = fill
                # The hidden part seen as the mean of what shows: the face's rows
                # weigh as much as they show (a wedge shows more of its top).
                showing.append(middle[5 : 2 + r1].sum(axis=1, dtype=np.float64))
            else:
                showing.append(np.ones(r1 - 3))
            crops.append(crop)
            strip_rows.append(rows)
        if crops:
            # Every strip's colour against every face's at once.
            labs = np.stack([self._seen(c, r) for c, r in zip(crops, strip_rows, strict=True)])
            if shift is not None:
                labs = labs - shift
            dists = _colour_distances(self.real.weighted(3, showing), labs)
            for crop, rows, d in zip(crops, strip_rows, dists, strict=True):
                scored.append(self._rank(crop, rows, d))
        scored.append((top_order, top_score))
        # (up to SHORTLIST varieties a card: Python's lists, not numpy's arrays)
        lists = [(o.tolist(), v.tolist()) for o, v in scored]
        for i, gap in _column(lists, CHANGE):
            cards.append(self.ids[i])
            margins.append(min(max(gap / 4, 0.0), 1.0))
        return FieldReading(cards, min(margins), margins)

    def _which(
        self, crop: np.ndarray, rows: float, whole: bool, shift: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The varieties the card whose top lies 2 mm down `crop` (1 px/mm, straight),
        `rows` mm of it showing, may be, and how far each is (lower is nearer): the
        nearest faces by colour, then by the marks printed on it (the count in its
        corners, its name, its bean: the picture less its smooth shading), found
        anywhere across the slot's width. `shift`: how the slot's light moves colours
        (Lab), taken off what is seen. Also the colour seen (Lab)."""
        if whole:  # (what a lamp's reflection leaves of the art: see _art_colour)
            mid = crop.shape[1] // 2
            art = cv2.cvtColor(crop[2 + 12 : 2 + 70, mid - 16 : mid + 16], cv2.COLOR_BGR2LAB)
            seen_lab = np.array(cv2.mean(art)[:3], np.float32)
            lab, faces = _art_lab(art), self.real.whole
        else:
            seen_lab = lab = self._seen(crop, rows)
            faces = self.real.colour(3, max(int(rows), 5))
        if shift is not None:
            lab = lab - shift
        order, score = self._rank(crop, rows, _colour_distance(faces, lab))
        return order, score, seen_lab

    @staticmethod
    def _seen(crop: np.ndarray, rows: float) -> np.ndarray:
        """The mean colour (Lab) of the middle of the strip of a card in `crop`, `rows`
        mm of it showing (see `_which`)."""
        mid = crop.shape[1] // 2
        seen = crop[2 + 3 : 2 + max(int(rows), 5), mid - 16 : mid + 16]
        if not seen.size:
            return np.zeros(3, np.float32)
        return np.array(cv2.mean(cv2.cvtColor(seen, cv2.COLOR_BGR2LAB))[:3], np.float32)

    def _rank(self, crop: np.ndarray, rows: float, d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The nearest varieties by colour (`d`, every face's distance), the near ones
        then told apart by the marks printed on the card (see `_which`)."""
        faces = self.real
        order = np.argsort(d)[:SHORTLIST]
        if len(order) == 1:
            return order, np.zeros(1)
        if d[order[1]] - d[order[0]] > SURE_GAP * COLOUR_SCALE:  # no near variety: sure
            return order, d[order] / COLOUR_SCALE
        order = order[d[order] - d[order[0]] <= SURE_GAP * COLOUR_SCALE]  # the near ones
        h = min(int(rows), MARKS_MM, crop.shape[0] - 4)
        marks_in = _marks(crop[4 : h + 4])
        marks = np.array(
            [
                cv2.minMaxLoc(
                    cv2.matchTemplate(marks_in, faces.marks[i][4:h], cv2.TM_CCOEFF_NORMED)
                )[1]
                for i in order
            ]
        )
        return order, d[order] / COLOUR_SCALE + (1 - marks) / MARKS_SCALE

    def read(
        self, image: np.ndarray, quad, size_mm=None, lamp: np.ndarray | None = None
    ) -> FieldReading:
        """The field slot at `quad` in the picture; `size_mm` (or the reader's
        `slot_mm`; else as the mats in the picture measure it, see `read_all`): its
        printed size; `lamp`: the table's (see `lamp`)."""
        size = size_mm or self.slot_mm
        if size is None and getattr(image, "ndim", 0) == 3:
            size = sizes_on_table(image, [quad])[0]
        return self.read_slot(slot_view(image, quad, size), lamp)

    def lamp(self, image: np.ndarray, quads: list, sizes_mm: list | None = None):
        """The colour of the light over the field slots at `quads` in the picture
        (see `lamp_colour`), for `read`."""
        sizes = sizes_mm if sizes_mm is not None else [None] * len(quads)
        return lamp_colour(
            [slot_view(image, q, s or self.slot_mm) for q, s in zip(quads, sizes, strict=True)]
        )

    def read_all(self, image: np.ndarray, quads: list, sizes_mm: list | None = None) -> list:
        """`read` of several field slots of one picture (a quad None: None), the
        picture's work shared: each slot's view is warped from one BGRA copy of it
        (the same pixels as from the picture, in about half the time), and the
        lamp's colour is the table's (`lamp_colour`). A slot whose
        printed size is not given (nor the reader's `slot_mm`) is measured through
        the mats the picture shows (`calibrate.sizes_on_table`): its shape in the
        picture is not its shape on the table once the camera leans a little. The
        cards' length is measured in the slots (`_card_length`): a sleeved card, or a
        mat printed a little smaller than its markers say, shows longer than 87 mm;
        a table's pictures are then read with the length measured."""
        if image is None or getattr(image, "ndim", 0) != 3 or image.shape[2] != 3:
            raise ValueError("not a colour picture (an empty or unreadable frame)")
        sizes = list(sizes_mm) if sizes_mm is not None else [None] * len(quads)
        if self.slot_mm is None and any(
            q is not None and s is None for q, s in zip(quads, sizes, strict=True)
        ):
            measured = sizes_on_table(image, quads)
            sizes = [s if s is not None else m for s, m in zip(sizes, measured, strict=True)]
        bgra = cv2.cvtColor(image, cv2.COLOR_BGR2BGRA) if len(quads) > 4 else image
        views = [
            None if q is None else slot_view(bgra, q, size or self.slot_mm)
            for q, size in zip(quads, sizes, strict=True)
        ]
        lamp = lamp_colour([v for v in views if v is not None])
        seen: list[list[float]] = []
        readings = [None if v is None else self.read_slot(v, lamp, seen) for v in views]
        # The cards' length as this picture's slots show it: read again if it is not
        # what the reader took (the next pictures are read with it from the start).
        length = _card_length(seen)
        if length is not None and abs(length - self.card_mm) > CARD_LENGTH_OFF:
            self.card_mm = length
            readings = [None if v is None else self.read_slot(v, lamp) for v in views]
        return readings


SPOT = (CARD[0] + 16, CARD[1] + 16)  # a card's place: the card and 4 mm around


@dataclass
class SpotReading:
    card: str | None  # None: the place is empty
    confidence: float


def read_spot(reader: FieldReader, image: np.ndarray, quad) -> SpotReading:
    """The one card lying in a card's place: a face-up card of the turned-over
    pair, or a card set aside across beside a field (traded or gifted, not planted
    yet). The place's quad runs along its long side or across it: a card lying
    across is turned upright first; either way up is tried."""
    src = np.array(quad, np.float32)
    long_first = np.linalg.norm(src[1] - src[0]) > np.linalg.norm(src[3] - src[0])
    size = (SPOT[1], SPOT[0]) if long_first else SPOT
    dst = np.array([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]], np.float32)
    spot = cv2.warpPerspective(
        image, cv2.getPerspectiveTransform(src, dst), size, flags=cv2.INTER_AREA
    )
    if long_first:
        spot = cv2.rotate(spot, cv2.ROTATE_90_CLOCKWISE)
    # Empty: the bare place is even (a card has its border, its bean, its number)
    # and of the colour of the place's own rim (a dark, plain card is not).
    inner = spot[12:-12, 12:-12]
    spread = float(cv2.cvtColor(inner, cv2.COLOR_BGR2GRAY).std())
    rim = np.concatenate([spot[:3].reshape(-1, 3), spot[-3:].reshape(-1, 3)])
    off = float(_off_mat(inner, np.median(rim, axis=0).astype(np.uint8)[None, None, :]).mean())
    if spread < EMPTY_SPREAD and off < 0.5:
        return SpotReading(None, float(min(1 - spread / EMPTY_SPREAD, 1 - 2 * off)))
    # Either way up: the one nearer an enrolled face; then as a column's top card.
    ways = (spot, cv2.rotate(spot, cv2.ROTATE_180))
    feats = [_feature(w[12:-12, 12:-12]) for w in ways]
    nearest = [float(np.linalg.norm(reader.wholes - f, axis=1).min()) for f in feats]
    # A card alike both ways up (a bean drawn straight along the card) is told by
    # its printed number, which reads right only one way: then both are tried.
    order = np.argsort(nearest)
    tries = order if nearest[order[1]] < 1.15 * nearest[order[0]] else order[:1]
    reads = [
        reader._card(reader.wholes, feats[w], ways[w][8 + 3 : 8 + STRIP - 2, 14:-14], ways[w])
        for w in tries
    ]
    i, confidence = max(reads, key=lambda r: r[1])
    return SpotReading(reader.ids[i], confidence)


def _outline(slot: np.ndarray) -> np.ndarray:
    """The strong edges inside a slot (a card's border), off its printed edges."""
    edges = cv2.Canny(cv2.cvtColor(slot, cv2.COLOR_BGR2GRAY), 40, 120)
    edges[:8], edges[-10:], edges[:, :6], edges[:, -6:] = 0, 0, 0, 0
    edges = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    # Only long edges: a card's sides, not specks of noise.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(edges)
    short = (
        1
        + np.nonzero(np.maximum(stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT]) < 40)[
            0
        ]
    )
    edges[np.isin(labels, short)] = 0
    return edges


def face_from_slot(image: np.ndarray, quad) -> np.ndarray:
    """Teach mode for cards: the upright face of the one card laid in a field slot
    (the same camera and light as the game), to enrol as its variety. The card is
    found where the slot differs from its bare mat, so a card laid a little off is
    cut out right."""
    slot = slot_picture(image, quad)
    mat = np.median(np.concatenate([slot[:, 4:9], slot[:, -9:-4]], axis=1).reshape(-1, 3), axis=0)
    card: np.ndarray = _off_mat(slot, mat.astype(np.uint8)[None, None, :]).astype(np.uint8)
    card = cv2.morphologyEx(card, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    # The card is what is off the mat but specks (of glare, of dirt, a lamp's edge).
    n, labels, stats, _ = cv2.connectedComponentsWithStats(card)
    specks = 1 + np.nonzero(stats[1:, cv2.CC_STAT_AREA] < 60)[0]
    card[np.isin(labels, specks)] = 0
    pts = cv2.findNonZero(card)
    if pts is None or cv2.contourArea(cv2.convexHull(pts)) < 0.6 * CARD[0] * CARD[1]:
        # A pale card on pale paper differs from the mat only by its art: its
        # outline (the border's edges) says where it lies.
        card = cv2.bitwise_or(card, _outline(slot))
        pts = cv2.findNonZero(card)
    if pts is None or cv2.contourArea(cv2.convexHull(pts)) < 0.6 * CARD[0] * CARD[1]:
        raise ValueError("no card in the slot: lay one card in it, face up")
    (cx, cy), (w, h), angle = cv2.minAreaRect(pts)
    box = cv2.boxPoints(((cx, cy), (w, h), angle))
    if max(w, h) > CARD[1] + 0.8 * STRIP:  # a second card shows a strip
        raise ValueError("more than one card in the slot: lay just one")
    # A card laid a little turned is turned upright: its corners, top ones first.
    top = box[np.argsort(box[:, 1])]
    tl, tr = sorted(top[:2].tolist())
    bl, br = sorted(top[2:].tolist())
    quad = np.array([tl, tr, br, bl], np.float32)
    # A card with a white border (as published cards have) is placed by its art: on
    # white paper the border does not differ from the mat; the name band starts
    # below the top border, and a card is CARD big.
    framed = _card_around_art(slot)
    if framed is not None:
        quad = framed
    dst = np.array([[0, 0], [CARD[0], 0], [CARD[0], CARD[1]], [0, CARD[1]]], np.float32)
    m = cv2.getPerspectiveTransform(quad, dst)
    return cv2.warpPerspective(slot, m, CARD, flags=cv2.INTER_AREA)


BORDER_MM = 3.0  # a published card's white border


def _card_around_art(slot: np.ndarray) -> np.ndarray | None:
    """The corners (top-left, top-right, bottom-right, bottom-left) of the one card in
    a slot picture (2 px/mm) whose white border does not differ from the mat: from
    its art (the rows of content across the card, not the beanometer's coins). None
    if the art has no white frame (a card not built so)."""
    bal = _balanced(slot, _white_balance(slot))
    mat = np.median(np.concatenate([bal[:, 4:9], bal[:, -9:-4]], axis=1).reshape(-1, 3), 0)
    white, content = _classes(bal, mat)
    n_b = content.shape[1] // 16
    rows = _art_rows(
        _band_profiles(content[:, ::2], n_b, 0, BAND_MM),
        _band_profiles(white[:, ::2], n_b, 0, BAND_MM),
    )
    art = content.copy()
    art[~np.repeat(rows, 1)] = 0
    art[:8], art[-8:] = 0, 0
    art = cv2.morphologyEx(art, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(art)
    if n < 2:
        return None
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    pts = cv2.findNonZero((labels == biggest).astype(np.uint8))
    box = cv2.boxPoints(cv2.minAreaRect(pts))
    top = box[np.argsort(box[:, 1])]
    tl, tr = (np.float32(p) for p in sorted(top[:2].tolist()))
    bl, _ = (np.float32(p) for p in sorted(top[2:].tolist()))
    ex = (tr - tl) / max(float(np.linalg.norm(tr - tl)), 1.0)
    ey = (bl - tl) / max(float(np.linalg.norm(bl - tl)), 1.0)
    # Framed: white between the art's top and the card's.
    above = [tl + ex * t - ey * BORDER_MM for t in np.linspace(0, np.linalg.norm(tr - tl), 12)]
    xy = np.clip(
        np.round(np.array(above, np.float32)).astype(int), 0, [slot.shape[1] - 1, slot.shape[0] - 1]
    )
    if white[xy[:, 1], xy[:, 0]].mean() < 0.6:
        return None
    centre_x = (tl + tr) / 2 - BORDER_MM * PX_PER_MM * ey  # the card's top edge, middle
    half = CARD[0] / 2 * ex
    c_tl, c_tr = centre_x - half, centre_x + half
    return np.array([c_tl, c_tr, c_tr + CARD[1] * ey, c_tl + CARD[1] * ey], np.float32)


class CardTeach:
    """Enrol the card faces at the table: a card of each variety laid in turn in a
    field slot, then `reader()`."""

    def __init__(self, varieties: list[str]) -> None:
        self.varieties = list(varieties)
        self.faces: dict[str, np.ndarray] = {}

    def add(self, image: np.ndarray, quad, variety: str) -> None:
        if variety not in self.varieties:
            raise ValueError(f"{variety!r} is not one of {', '.join(self.varieties)}")
        self.faces[variety] = face_from_slot(image, quad)

    def missing(self) -> list[str]:
        return [v for v in self.varieties if v not in self.faces]

    def reader(self) -> FieldReader:
        if self.missing():
            raise ValueError(f"still needs a card of: {', '.join(self.missing())}")
        return FieldReader(self.faces)


def score_fields(reader: FieldReader, test_dir: str | Path) -> tuple[dict, list[float]]:
    """Read every labelled scene of a folder: the figures of `eval-fields`, and the
    ms each scene took."""
    fields = exact = counted = top_ok = 0
    times: list[float] = []
    for img_path in sorted(Path(test_dir).iterdir()):
        if img_path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        label = img_path.with_suffix(".json")
        if not label.exists():
            continue
        image = cv2.imread(str(img_path), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError(f"can't read {img_path}")
        truth = json.loads(label.read_text())["fields"]
        t = time.perf_counter()
        readings = reader.read_all(
            image, [f["quad"] for f in truth], [f.get("size_mm") for f in truth]
        )
        times.append(1000 * (time.perf_counter() - t))
        for f, r in zip(truth, readings, strict=True):
            fields += 1
            exact += r.cards == f["cards"]
            counted += len(r.cards) == len(f["cards"])
            top_ok += r.cards[-1:] == f["cards"][-1:]
    figures = {
        "scenes": len(times),
        "fields": fields,
        "exact": exact,
        "exact_rate": exact / fields if fields else 0.0,
        "count_rate": counted / fields if fields else 0.0,
        "top_variety_rate": top_ok / fields if fields else 0.0,
        "ms_per_scene": round(sum(times) / max(len(times), 1), 2),
    }
    return figures, times


def evaluate_fields(enroll_dir: str, test_dir: str) -> dict:
    """`companion vision eval-fields --json`: scenes, fields, exact, exact_rate,
    count_rate, top_variety_rate, ms_per_scene."""
    return score_fields(FieldReader.from_folder(enroll_dir), test_dir)[0]
