"""The dice reader: finds every die in a picture and names the face it shows.

It knows nothing of what is printed on a face, pips or beans, nor what colour the
dice or the table are: all of it is learned at enrolment from a few pictures of
the player's own dice on the player's own table, each die labelled with its face
("teach mode" collects these; a dataset folder in the dice-real format works too).
The dice are taught once and read on other evenings: nearer to the camera or
farther, under another lamp. So nothing the reader learns depends on the size the
dice had, nor on the light, at enrolment.

Finding dice: a colour model (die pixels against table pixels: a ratio of
histograms, learned at enrolment, of each pixel's lightness and colour as
logarithms against the median of the table around, so a lamp's level and colour
cancel; see colour_planes) gives a die-likeness map; its blobs from a fifth to
three and a half times the enrolled size are candidates (a calibrated mat may
tell the size instead: `die_px`; untold, dice found far smaller than taught
make the reader look again at their size); a blob is cut to its core without
the table's specks; touching dice are split at the peaks of the distance transform, and a
blob too large for a die is searched for solid parts up to four and a half times
the enrolled size (each also read as
large as its share of the blob, or with its pips filled: the larger is kept when
it reads as a die); a verifier (HOG of the die and its surround at the die's own
size, nearest enrolled examples of "die" and "not a die", blurred ones too)
drops cables, labels, hands.

Naming the face: the top face (found inside the blob) is cut from the picture at
its own resolution and brought to one scale, NORM pixels a side, whatever the
camera's height; its colours are balanced by the die's own body (a die is its own
white card, see `balanced`). A few looks at it (smaller, larger, shifted, turned),
each normalised in turn and contrast, are compared with every enrolled crop: the
enrolled dice in quarter turns and small jitters, and each also as another
evening may show it (half as large, another lamp, blur, noise, JPEG). The
classifier is nearest neighbours: each face scores the mean likeness of its five
nearest crops (in the 64 directions of the feature space that carry the enrolled
crops), and a softmax of those scores, on the scale of how far apart that face's
enrolled dice are from the others, is the confidence. Nearest neighbours because
there are only a few examples of each face (10-20): nothing to fit, nothing to
overfit, enrolment in seconds on a Pi, and a new die or face is taught by adding
its crops; what has to generalise (the size, the light, the blur) is taken out by
the normalisation or put in by the augmented crops. A blob that looks like no
enrolled face (less than the enrolled dice look like each other, and less than
anything else on the enrolment pictures did) is no die."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

import cv2
import numpy as np

from .dataset import Box, Detection, Sample, match
from .shrink import shrink

CROP = 32  # crops are compared at 32 x 32
WORK_SIDE = 34.0  # a die's top face, in pixels of the picture as the reader works on it
FACE_SCALE = 1.0  # the face crop, in top-face sides
LUT_SIZE = 16 * 16 * 16  # the colour model: relative lightness, a, b in 16 bins each
ROTATIONS = 24
# Blobs from MIN_AREA to MAX_AREA times a die's expected top face (side 0.26x-3.5x;
# see SMALLEST and LARGEST for smaller blobs and larger parts):
# the dice may lie nearer the camera or farther than at enrolment. (A small die's
# blob is only its light body, not what is printed on it: 0.12, side 0.35x, lost a
# quarter of the dice taught at 64 px and read at 20.)
MIN_AREA = 0.07
# Blobs down to SMALLEST of a face (side 0.22x) where the cut of thin bits at a
# die's scale erased them (see DiceReader._smallest): dice a third of the taught
# size, their light bodies 8-9 px where the reader works.
SMALLEST = 0.05
MAX_AREA = 12.0
# A blob larger than that is searched for die-sized parts up to LARGEST times the
# expected side (a die 4-4.5 times the taught one: taught from a high camera, read
# from a low one, 3.5 lost three of 220 such dice).
LARGEST = 4.5
CLOSE = 0.12  # a blob's gaps closed up to this share of a die's side
SMOOTH = 3  # the die-likeness averaged over SMOOTH x SMOOTH pixels before its threshold
SPECK = 3  # die-like specks of the table narrower than this (pixels): see _candidates
DIE_BLUR = (0.6, 1.4)  # the verifier's examples, half of them blurred by so many crop pixels
PIPS = 0.15  # holes under this share of a die's top face are its pips (see _split)
CORE = 0.8  # a blob is cut to its speck-free core when that is under this share of it
NORM = 32.0  # every die's top face is read at this many pixels a side
VIEW = 2.4  # a face view: the top face and around it, in face sides
BODY = 200.0  # a face view's die body, each channel (see balanced)
AUGMENT = 2  # views of every enrolled die as another evening may show it
FACE_DIMS = 64  # enrolled crops and looks compared in this many directions (see _learn_faces)
# A die is at least FACE_GATE as alike to the enrolled faces as they are to each other
# (their median), or less but more alike than anything else on the enrolment
# pictures, and never under LEAST; SURE times the gate is a die whatever the verifier
# says.
FACE_GATE = 0.8
LEAST = 0.7
SURE = 1.1
OFF_FACE = 0.5  # of a side: a label this far from the face the reader finds is another's
MISFIT = LEAST  # an enrolled die less alike to its face's others than this (of their median)
# Dice by their outlines too (see _outlined): Canny's levels, the regions' areas
# in top faces, at most so long, filling at least so much of their rectangle.
EDGES = True
EDGE_LEVELS = (20, 50)
EDGE_BRIGHT = 140.0  # at a median grey under this, the levels as much lower
EDGE_AREA = (0.05, 2.5)
EDGE_LONG = 2.2
EDGE_FILL = 0.7
EDGE_RIM = 3.0  # a clump of edges is so much wider than the face it outlines
EDGE_CLUMP = 0.35  # and only small dice are clumps (a larger one's edges close a region)
EDGE_SMALLEST = 0.25  # a die's side at least, in the expected one's
EDGE_SURE = 0.6  # a die found by its outline only: its face's confidence at least
# Untold, dice found under SELF_SCALE of the taught side: the picture is looked at
# again as if told their size (see read).
SELF_SCALE = 0.5
GLANCE = 0.3  # all the looks at a face score hardly ever more than this above the first
# The looks at a found face: (scale, shift x, shift y, turn), shifts in face sides.
# The face's turn is read from the blob's outline, which a slanted view or a
# touching die can throw off: three looks turned by an eighth and a sixteenth of
# a turn catch a face read diagonally.
LOOKS = (
    (1.0, 0, 0, 0),
    (0.9, 0, 0, 0),
    (1.15, 0, 0, 0),
    (1.0, 0.12, 0, 0),
    (1.0, -0.12, 0, 0),
    (1.0, 0, 0.12, 0),
    (1.0, 0, -0.12, 0),
    (1.0, 0, 0, 22.5),
    (1.0, 0, 0, -22.5),
    (1.0, 0, 0, 45),
)
# (turn, scale, shift x, shift y) variations of every enrolled face crop
JITTER = (
    (0, 1.0, 0, 0),
    (7, 1.0, 0, 0),
    (-7, 1.0, 0, 0),
    (14, 1.0, 0, 0),
    (-14, 1.0, 0, 0),
    (0, 1.1, 0, 0),
    (0, 0.9, 0, 0),
    (0, 1.0, 0.06, 0),
    (0, 1.0, 0, 0.06),
    (0, 1.0, -0.06, 0),
    (0, 1.0, 0, -0.06),
)
# The second look at a die whose face the first looks did not find (see _read):
# the top face three quarters of the blob's estimate, at its centre and shifted to
# its sides and corners, or 0.6 of it at its centre.
# Only for a blob at least SECOND_SIDE of the expected side (not a speck's).
SECOND_LOOK = True
# When the dice's size is known (told, or measured on the dice found), a blob the
# verifier takes for a die whose face is under WHOLE of a die's expected top face
# (its side) is also read as large as that face; the more alike reading is kept
# (see _read).
WHOLE = 0.8
SECOND_SIDE = 0.5
SECOND_LOOKS = tuple((0.75, dx, dy, 0) for dx in (-0.25, 0, 0.25) for dy in (-0.25, 0, 0.25)) + (
    (0.6, 0, 0, 0),
)
NEAREST = 5  # a face's score: the mean likeness of its 5 nearest enrolled crops
SOFTMAX_T = 0.05  # and its confidence a softmax of the scores at this temperature
CELL = 8
ORIENT = 9
# Which cell each pixel of a 32 x 32 crop falls in (OpenCV 5 has no HOGDescriptor,
# the Pi's OpenCV 4.6 has one: our own few lines work with both).
_CELLS = (
    (np.arange(CROP)[:, None] // CELL) * (CROP // CELL) + np.arange(CROP)[None, :] // CELL
).astype(np.int64)


def _orientation_bins(ang: np.ndarray) -> np.ndarray:
    """The unsigned orientation bin (of ORIENT) of every gradient angle (degrees, 0
    to 360): `((ang % 180) * (ORIENT / 180)).astype(int) % ORIENT`, exactly, in a
    third of the time (numpy's float modulo is slow; ang - 180 is exact there)."""
    a = ang.copy()
    np.subtract(a, 180, out=a, where=a >= 180)
    a *= ORIENT / 180
    bins = a.astype(np.int64)
    bins[bins >= ORIENT] -= ORIENT
    return bins


def hog(gray32: np.ndarray) -> np.ndarray:
    """A histogram of oriented gradients: 4 x 4 cells of 9 unsigned orientations,
    square-rooted and normalised to a unit vector."""
    g = gray32.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=1)
    mag, ang = cv2.cartToPolar(gx, gy, angleInDegrees=True)
    bins = _orientation_bins(ang)
    idx = _CELLS * ORIENT + bins
    v = np.sqrt(
        np.bincount(idx.ravel(), weights=mag.ravel(), minlength=(CROP // CELL) ** 2 * ORIENT)
    ).astype(np.float32)
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def tint_feature(patch: np.ndarray) -> np.ndarray:
    """The face's colours, wherever they lie: a 12-bin hue histogram of its coloured
    pixels (beans of one shape in different colours; nothing for black pips)."""
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    sat = hsv[..., 1].astype(np.float32) / 255.0
    hue = (hsv[..., 0].astype(np.int64) * 12 // 180).ravel()
    tint = np.bincount(hue, weights=np.where(sat > 0.25, sat, 0).ravel(), minlength=12)
    return np.sqrt(tint / (CROP * CROP * 0.25))  # a quarter of the face in colour counts 1


def face_feature(patch: np.ndarray, tint: np.ndarray | None = None) -> np.ndarray:
    """What is printed on a face, whatever it is: a 12 x 12 picture of it (where the
    marks lie), its HOG (their shapes), a 4 x 4 picture of its colours and its hue
    histogram (`tint`, computed here unless given), each about a unit long."""
    return face_features(patch[None], tint)[0]


# The 32 -> 12 area resize as a matrix (OpenCV's resize takes at most 4 channels:
# every look's picture is shrunk at once by two matrix products).
_SHRINK = np.ascontiguousarray(
    cv2.resize(np.eye(CROP, dtype=np.float32), (12, CROP), interpolation=cv2.INTER_AREA).T
)


def face_features(patches: np.ndarray, tint: np.ndarray | None = None) -> np.ndarray:
    """`face_feature` of n patches (n x 32 x 32 x 3) at once: one call of each
    OpenCV function for all of them (a die's looks cost a fifth as much)."""
    n = patches.shape[0]
    if n > 128:  # OpenCV takes a picture of at most 128 channels here
        tints = None if tint is None else np.broadcast_to(np.asarray(tint).reshape(-1, 12), (n, 12))
        return np.concatenate(
            [
                face_features(patches[i : i + 128], None if tints is None else tints[i : i + 128])
                for i in range(0, n, 128)
            ]
        )
    gray = cv2.cvtColor(patches.reshape(n * CROP, CROP, 3), cv2.COLOR_BGR2GRAY)
    gray = gray.reshape(n, CROP * CROP)
    # Contrast-stretched between the 2nd and 98th percentiles (see _normalise).
    lo_i, hi_i = int(0.02 * (CROP * CROP - 1)), int(0.98 * (CROP * CROP - 1))
    part = np.partition(gray, (lo_i, hi_i), axis=1)
    lo = part[:, lo_i : lo_i + 1].astype(np.float32)
    hi = part[:, hi_i : hi_i + 1].astype(np.float32)
    span = hi - lo
    gain = np.where(span >= 1, 255.0 / np.maximum(span, 1), 0.0).astype(np.float32)
    g32 = np.clip((gray - lo) * gain, 0, 255).astype(np.uint8)
    g32 = np.ascontiguousarray(g32.reshape(n, CROP, CROP).transpose(1, 2, 0))  # looks as channels
    # Where the marks lie: blurred, 12 x 12, zero mean, unit length.
    blurred = cv2.GaussianBlur(g32, (5, 5), 1.0).reshape(CROP, CROP, n).astype(np.float32)
    small = (_SHRINK @ blurred.transpose(2, 0, 1) @ _SHRINK.T).reshape(n, 144)
    small -= small.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(small, axis=1, keepdims=True)
    small = np.divide(small, norm, out=np.zeros_like(small), where=norm > 0)
    # Their shapes: the HOG of every look (see hog).
    f = g32.astype(np.float32)
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0, ksize=1).reshape(CROP, CROP, n)
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1, ksize=1).reshape(CROP, CROP, n)
    mag, ang = cv2.cartToPolar(gx.reshape(CROP, -1), gy.reshape(CROP, -1), angleInDegrees=True)
    mag, ang = mag.reshape(CROP, CROP, n), ang.reshape(CROP, CROP, n)
    bins = _orientation_bins(ang)
    size = (CROP // CELL) ** 2 * ORIENT
    idx = (_CELLS * ORIENT)[..., None] + bins + np.arange(n) * size
    h = np.sqrt(np.bincount(idx.ravel(), weights=mag.ravel(), minlength=n * size))
    h = h.reshape(n, size).astype(np.float32)
    norm = np.linalg.norm(h, axis=1, keepdims=True)
    h = np.divide(h, norm, out=np.zeros_like(h), where=norm > 0)
    # A 4 x 4 picture of the colours (8 x 8 blocks averaged).
    stacked = patches.reshape(n * CROP, CROP, 3)
    blocks = cv2.resize(stacked, (4, n * 4), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(blocks, cv2.COLOR_BGR2LAB).astype(np.float32)
    colour = ((lab.reshape(n, 16, 3)[..., 1:] - 128.0) / 48.0).reshape(n, 32)
    if tint is None:
        tint = np.stack([tint_feature(p) for p in patches])
    tint = np.broadcast_to(np.asarray(tint, np.float32).reshape(-1, 12), (n, 12))
    return np.concatenate([small, 0.7 * h, 0.25 * colour, 0.5 * tint], axis=1).astype(np.float32)


def _normalise(patch: np.ndarray) -> np.ndarray:
    """Gray, contrast-stretched, 32 x 32."""
    gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    gray = cv2.resize(gray, (CROP, CROP), interpolation=cv2.INTER_AREA)
    # The 2nd and 98th percentiles (np.percentile takes ten times as long).
    flat = gray.ravel()
    lo_i, hi_i = int(0.02 * (flat.size - 1)), int(0.98 * (flat.size - 1))
    part = np.partition(flat, (lo_i, hi_i))
    lo, hi = float(part[lo_i]), float(part[hi_i])
    if hi - lo < 1:
        return np.zeros_like(gray)
    return np.clip((gray.astype(np.float32) - lo) * (255.0 / (hi - lo)), 0, 255).astype(np.uint8)


def _lamp(rng) -> tuple[float, float, float]:
    """Another lamp's gains on blue, green and red: half to 1.3 times as bright,
    from a warm bulb's to a cold ceiling light's colour."""
    level = float(np.exp(rng.uniform(math.log(0.5), math.log(1.3))))
    warm = float(rng.uniform(-1.0, 1.0))
    blue, green, red = (level * math.exp(warm * w) for w in (-0.3, -0.1, 0.15))
    return blue, green, red


def balanced(view: np.ndarray) -> np.ndarray:
    """A face view under a neutral light of one level: every channel scaled so the
    die's body (the lighter half of its top face) is BODY. A die is its own white
    card: a warmer, cooler, dimmer or brighter lamp changes the body and what is
    printed on it alike, so their ratio, what the face shows, stays."""
    n = view.shape[0]
    a, b = int(n / 2 - NORM / 2), int(n / 2 + NORM / 2)
    face = view[max(a, 0) : b, max(a, 0) : b].reshape(-1, 3)
    gray = face.sum(axis=1)
    body = face[gray >= np.median(gray)].mean(axis=0)
    gains = BODY / np.maximum(body, 8.0)
    scale = (float(gains[0]), float(gains[1]), float(gains[2]), 0.0)
    # (through Any: OpenCV 4's stubs reject a scalar here, OpenCV 5's accept it)
    multiply: Any = cv2.multiply
    return multiply(view, scale, dtype=cv2.CV_8U)


def check_frame(img: object) -> None:
    """A frame the reader can read: a colour picture (height x width x 3 bytes)."""
    if not isinstance(img, np.ndarray) or img.ndim != 3 or img.shape[2] != 3:
        shape = getattr(img, "shape", None)
        raise ValueError(f"not a colour picture (height x width x 3), got {shape or type(img)}")
    if img.dtype != np.uint8 or img.shape[0] < 16 or img.shape[1] < 16:
        raise ValueError(f"not a readable picture: {img.dtype}, {img.shape[1]}x{img.shape[0]}")


def _resize(img: np.ndarray, k: float) -> np.ndarray:
    """`img` scaled by k <= 1 (see `shrink`)."""
    if k == 1.0:
        return img
    return shrink(img, (max(1, round(img.shape[1] * k)), max(1, round(img.shape[0] * k))))


def _around_face(full: np.ndarray, k: float, c: Candidate) -> np.ndarray:
    """The die's top face and a little around it (VIEW face sides), cut from the
    picture at its own size (`full`; `c` found in it scaled by k)."""
    fs = max(c.fside / k, 2.0)
    size = int(math.ceil(VIEW * fs))
    return cv2.getRectSubPix(full, (size, size), (c.fx / k, c.fy / k))


def _scaled(sample: Sample, k: float) -> Sample:
    boxes = [Box(b.face, b.cx * k, b.cy * k, b.w * k, b.h * k) for b in sample.boxes]
    return Sample(sample.path, boxes)


def _core(piece: np.ndarray, area: int, least: float):
    """The largest speck-free part of a blob (`piece`: its pixels left after the
    table's specks went) when it is clearly smaller than the blob (`area`) yet
    large enough to be a die: (its pixels, (x, y, w, h, area) within the blob, its
    centroid), else None."""
    n, labels, stats, cents = cv2.connectedComponentsWithStats(piece, connectivity=8)
    if n < 2:
        return None
    j = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, a = (int(v) for v in stats[j])
    if a >= CORE * area or a < least:
        return None
    blob = (labels[y : y + h, x : x + w] == j).astype(np.uint8)
    return blob, (x, y, w, h, a), (float(cents[j][0]) - x, float(cents[j][1]) - y)


def _shares(blob: np.ndarray, x0: int, y0: int, dice: list[Candidate]) -> list[Candidate]:
    """Touching dice as large as their shares of the blob (each pixel goes to the
    nearest die's centre): the widest circle in a die's part of a blob is a part
    of its face when the dice lie corner to edge or a die's side is shaded."""
    ys, xs = np.nonzero(blob)
    centres = np.array([(c.cx - x0, c.cy - y0) for c in dice], np.float32)
    d = (xs[:, None] - centres[None, :, 0]) ** 2 + (ys[:, None] - centres[None, :, 1]) ** 2
    nearest = np.argmin(d, axis=1)
    out = []
    for i, c in enumerate(dice):
        mine = nearest == i
        area = float(mine.sum())
        side = math.sqrt(area)
        if side > 1.2 * c.w:
            cx, cy = float(xs[mine].mean()) + x0, float(ys[mine].mean()) + y0
            out.append(Candidate(cx, cy, side, side, area))
    return out


def _outlined(img: np.ndarray, s: float) -> list[Candidate]:
    """Dice found by their outlines: the regions the picture's edges (Canny) close
    in (the holes of the edges' contours: a contour tree costs a fifth of labelling
    the regions), of a die's top face's size (EDGE_AREA times the expected one) and
    about square, or a parallelogram as long as a slanted view makes it. Each is a
    candidate part: it must pass the verifier (see DiceReader._read)."""
    gray = cv2.GaussianBlur(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    # A dim picture's edges are as much fainter as it is darker.
    dim = min(1.0, max(0.4, float(np.median(gray[::4, ::4])) / EDGE_BRIGHT))
    lo, hi = (v * dim for v in EDGE_LEVELS)
    edges = cv2.dilate(cv2.Canny(gray, lo, hi), np.ones((2, 2), np.uint8))
    contours, tree = cv2.findContours(edges, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if tree is None:
        return []
    top = s * s
    lo, hi = EDGE_AREA[0] * top, EDGE_AREA[1] * top
    out = []
    for c, t in zip(contours, tree[0], strict=True):
        # A hole of the edges is a region they close in; an outer contour a clump
        # of edges (a die so small that what is printed on it fills its outline).
        _, _, w, h = cv2.boundingRect(c)
        if w * h < lo or max(w, h) > EDGE_LONG * min(w, h) or w * h > 2 * hi:
            continue
        area = float(cv2.contourArea(c))
        if not lo <= area <= (hi if t[3] >= 0 else EDGE_CLUMP * top):
            continue
        (cx, cy), (rw, rh), _ = cv2.minAreaRect(c)
        if area < EDGE_FILL * rw * rh or max(rw, rh) > EDGE_LONG * min(rw, rh):
            continue
        # A region is the top face inside its edges, a clump the face and its edges
        # around; a candidate's side is 0.75 of its blob's (see Candidate.side).
        side = math.sqrt(area) + (1.0 if t[3] >= 0 else -EDGE_RIM)
        if side < EDGE_SMALLEST * s:
            continue  # smaller than the colour model's least die: a speck's edges
        out.append(Candidate(float(cx), float(cy), side, side, (side / 0.75) ** 2, part=True))
    return out


def _on(x: float, y: float, dice) -> bool:
    """Whether (x, y) lies on one of `dice` (their boxes)."""
    return any(abs(x - d.cx) < d.w / 2 and abs(y - d.cy) < d.h / 2 for d in dice)


def _pips_filled(blob: np.ndarray, largest: float) -> np.ndarray:
    """`blob` with its holes smaller than `largest` pixels filled."""
    contours, tree = cv2.findContours(blob, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if tree is None:
        return blob
    holes = [
        c
        for c, t in zip(contours, tree[0], strict=True)
        if t[3] >= 0 and cv2.contourArea(c) < largest
    ]
    if not holes:
        return blob
    out = blob.copy()
    cv2.drawContours(out, holes, -1, 1, -1)
    return out


def _crop(img: np.ndarray, cx: float, cy: float, side: float, angle: float = 0.0) -> np.ndarray:
    """A square of `side` pixels around (cx, cy), turned by `angle` degrees."""
    m = cv2.getRotationMatrix2D((cx, cy), angle, CROP / side)
    m[0, 2] += CROP / 2 - cx
    m[1, 2] += CROP / 2 - cy
    return cv2.warpAffine(
        img, m, (CROP, CROP), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


@dataclass
class Candidate:
    cx: float  # the blob (the whole die as seen)
    cy: float
    w: float
    h: float
    area: float
    # The top face, found inside the blob (see DiceReader._top_face).
    fx: float = 0.0
    fy: float = 0.0
    fside: float = 0.0
    fangle: float = 0.0
    part: bool = False  # a die-sized part of a blob too large for a die

    @property
    def side(self) -> float:
        """The top face's side, estimated from the blob (top face plus the sides
        a slanted view shows)."""
        return 0.75 * math.sqrt(self.area)


@dataclass
class DiceReader:
    classes: list[str]
    side: float = 0.0  # a die's top face, in pixels of the enrolment pictures
    lut: np.ndarray | None = None  # histogram ratio: die-likeness per colour cell
    face_feats: np.ndarray | None = None
    face_labels: np.ndarray | None = None
    face_columns: dict[int, np.ndarray] = field(default_factory=dict)  # face -> its crops
    face_basis: np.ndarray | None = None  # (features, FACE_DIMS): where crops are compared
    die_feats: np.ndarray | None = None
    die_labels: np.ndarray | None = None  # 1 die, 0 not a die
    crops_per_face: dict[int, int] = field(default_factory=dict)
    k: int = 7
    scale: float = 1.0  # pictures are read at this scale (see WORK_SIDE)
    _empty: np.ndarray | None = None
    _empty_cache: tuple | None = None
    _likeness_cache: tuple | None = None
    _later: tuple | None = None  # see _candidates(smallest=False)
    _enrolment_finds: dict | None = None  # while enrolling: each picture's dice found (_matched)
    _table: Any = None  # see _face_table
    _backproject: tuple | None = None  # the colour model as OpenCV looks it up
    lean: np.ndarray | None = None  # (3, 2): the top face's offset in a blob, over the picture
    face_gate: float = 0.0  # the least likeness to the enrolled faces a die has
    # A found die's top face (Candidate.side) in its labelled side: the enrolled
    # dice's median (see _learn_faces).
    face_ratio: float = 0.85
    # face -> the softmax temperature of its confidence (see _learn_faces)
    softmax_t: dict[int, float] = field(default_factory=dict)

    # ------------------------------------------------------------ enrolment

    @classmethod
    def enrol(
        cls,
        classes: list[str],
        samples: list[Sample],
        per_face: int = 20,
        seed: int = 0,
        empty: np.ndarray | None = None,
    ) -> DiceReader:
        """Learn from labelled pictures, using at most `per_face` dice of each face.
        `empty`: the place without dice (teach mode), to find dice by difference."""
        rng = np.random.default_rng(seed)
        reader = cls(list(classes))
        labelled = [s for s in samples if s.boxes]
        if not labelled:
            raise ValueError("enrolment needs pictures with labelled dice")
        # Work at a scale where a die's face is about WORK_SIDE pixels: small enough to
        # be fast at 1280 x 960, large enough for what is printed on a face.
        side = float(np.median([max(b.w, b.h) for s in labelled for b in s.boxes]))
        reader.scale = min(1.0, WORK_SIDE / side)
        pictures = [(_scaled(s, reader.scale), _resize(s.image(), reader.scale)) for s in labelled]
        reader._empty = None if empty is None else _resize(empty, reader.scale)
        reader._enrolment_finds = {}
        # Take dice face by face until each face has its share, spreading over pictures.
        chosen: dict[int, list[tuple[np.ndarray, Box]]] = {i: [] for i in range(len(classes))}
        full: dict[int, Sample] = {}  # the enrolment picture at its own size, by picture
        order = rng.permutation(len(pictures))
        for i in order:
            sample, img = pictures[i]
            for b in sample.boxes:
                if len(chosen[b.face]) < per_face:
                    chosen[b.face].append((img, b))
                    full[id(img)] = labelled[i]
        boxes = [b for v in chosen.values() for _, b in v]
        # The top face's size: the median box (a few labels wrap only a pip).
        reader.side = float(np.median([max(b.w, b.h) for b in boxes]))
        used = {id(img) for v in chosen.values() for img, _ in v}
        reader._learn_colours([(s, img) for s, img in pictures if id(img) in used])
        chosen = reader._seen_where_labelled(chosen, pictures)
        reader.crops_per_face = {f: len(v) for f, v in chosen.items()}
        reader._learn_faces(chosen, full, rng)
        reader._learn_dieness(chosen, pictures, rng)
        reader._empty = None  # only for enrolment: reading is told its own empty picture
        reader._enrolment_finds = None
        return reader

    def _seen_where_labelled(self, chosen, pictures) -> dict:
        """The chosen dice less those the reader would learn from another place than
        the label's: a blob that holds more labelled dice than one (a heap), or
        whose top face, where the reader puts it, lies more than OFF_FACE of a side
        from the labelled die's centre (dice_20 of dice-real: a heap of three seen
        very slantwise, each labelled by its top pip). Learnt as a One, such a view
        taught that a speck on the table is one: the random split's precision fell
        from 100 to 77 % whenever those two dice were among the chosen."""
        heaps: set[tuple[int, float, float]] = set()
        for sample, img in pictures:
            blobs = [(c.cx, c.cy) for b in sample.boxes if (c := self._matched(img, b)) is not None]
            heaps |= {(id(img), *xy) for xy in blobs if blobs.count(xy) > 1}
        out: dict[int, list] = {}
        for face, items in chosen.items():
            out[face] = []
            for img, b in items:
                c = self._matched(img, b)
                if c is not None:
                    self._top_face(img, c)
                    off = math.hypot(b.cx - c.fx, b.cy - c.fy) / max(c.side, 1e-6)
                    if (id(img), c.cx, c.cy) in heaps or off > OFF_FACE:
                        continue
                out[face].append((img, b))
        return out

    def _matched(self, img: np.ndarray, box: Box) -> Candidate | None:
        """The candidate the reader itself finds for a labelled die: enrolment learns
        from the same crops reading will see. (A picture's dice are found once for all
        its labels, while enrolling: the colour model does not change meanwhile.)"""
        finds = self._enrolment_finds
        found = finds.get(id(img)) if finds is not None else None
        if found is None:
            found = self._find(img)
            if finds is not None:
                finds[id(img)] = found
        best = None
        for c in found:
            if box.contains(c.cx, c.cy) or (
                abs(box.cx - c.cx) <= c.w / 2 and abs(box.cy - c.cy) <= c.h / 2
            ):
                d = (box.cx - c.cx) ** 2 + (box.cy - c.cy) ** 2
                if best is None or d < best[0]:
                    best = (d, c)
        return None if best is None else replace(best[1])  # (a copy: _top_face sets it)

    def _learn_colours(self, pictures) -> None:
        """The colour model: for every colour cell, the share of die pixels among die
        and table pixels of the enrolment pictures."""
        die = np.ones(LUT_SIZE, np.float64)  # one of each: no cell is certain
        bg = np.ones(LUT_SIZE, np.float64)
        s = self.side
        for sample, img in pictures:
            cells = colour_index(img, s)
            h, w = cells.shape
            for b in sample.boxes:
                x0, x1 = int(max(b.cx - 0.35 * s, 0)), int(min(b.cx + 0.35 * s, w))
                y0, y1 = int(max(b.cy - 0.35 * s, 0)), int(min(b.cy + 0.35 * s, h))
                die += np.bincount(cells[y0:y1, x0:x1].ravel(), minlength=LUT_SIZE)
            # The table: pixels well away from every labelled die of this picture.
            yy, xx = np.mgrid[0:h:4, 0:w:4]
            keep = np.ones(yy.shape, bool)
            for b in sample.boxes:
                keep &= (np.abs(xx - b.cx) > 1.5 * s) | (np.abs(yy - b.cy) > 1.5 * s)
            bg += np.bincount(cells[yy[keep], xx[keep]], minlength=LUT_SIZE)
        die /= die.sum()
        bg /= bg.sum()
        self.lut = (die / (die + bg)).astype(np.float32)

    def _face_view(self, full: np.ndarray, k: float, c: Candidate) -> np.ndarray:
        """The die's top face and a little around it, cut from the picture at its
        own size (`full`; `c` found in it scaled by k) and brought to NORM pixels a
        side: every face is read at one scale, whatever the camera's height."""
        return self._normalised(_around_face(full, k, c), k, c)

    @staticmethod
    def _normalised(view: np.ndarray, k: float, c: Candidate) -> np.ndarray:
        """A face's surroundings as cut (`_around_face`) brought to NORM a side."""
        fs = max(c.fside / k, 2.0)
        size = view.shape[0]
        out = max(8, int(round(size * NORM / fs)))
        inter = cv2.INTER_AREA if out < size else cv2.INTER_LINEAR
        return balanced(cv2.resize(view, (out, out), interpolation=inter))

    def _face_patch(
        self,
        view: np.ndarray,
        angle: float = 0.0,
        scale: float = 1.0,
        dx: float = 0.0,
        dy: float = 0.0,
    ) -> np.ndarray:
        """A look at the face in its view (see _face_view): turned by `angle` from
        the blob's own turn, `scale` times the face, shifted by dx, dy face sides."""
        side = FACE_SCALE * NORM * scale
        centre = view.shape[1] / 2 - 0.5
        return _crop(view, centre + dx * side, centre + dy * side, side, angle)

    def _top_face(self, img: np.ndarray, c: Candidate) -> None:
        """Where the top face lies in a die's blob: a camera not straight above shows
        the sides facing it too, so the face sits off the blob's centre, by an
        amount that depends on where in the picture the die is (learned at
        enrolment, see _learn_lean). Its size comes from the blob, its turn from the
        blob's rotated rectangle."""
        c.fx, c.fy, c.fside, c.fangle = c.cx, c.cy, c.side, 0.0
        if self.lean is not None:
            h, w = img.shape[:2]
            ox, oy = np.clip(np.array([c.cx / w, c.cy / h, 1.0]) @ self.lean, -0.4, 0.4)
            c.fx, c.fy = c.cx + ox * c.side, c.cy + oy * c.side
        half = int(0.8 * math.sqrt(c.area)) + 2
        x0, y0 = max(int(c.cx) - half, 0), max(int(c.cy) - half, 0)
        roi = self.likeness(img)[y0 : int(c.cy) + half, x0 : int(c.cx) + half]
        if roi.size == 0:
            return
        die: np.ndarray = (cv2.blur(roi, (SMOOTH, SMOOTH)) > 127).astype(np.uint8)
        k = max(3, int(0.3 * c.side) | 1)
        die = cv2.morphologyEx(
            die, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        )
        n, labels, stats, _ = cv2.connectedComponentsWithStats(die, connectivity=8)
        if n < 2:
            return
        biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        pts = np.column_stack(np.nonzero(labels == biggest))[:, ::-1].astype(np.float32)
        c.fangle = cv2.minAreaRect(pts)[2]

    def _learn_lean(self, chosen) -> None:
        """Where the top face lies in a die's blob depends on where the die is in the
        picture (a camera not straight above shows the sides facing it): learn that
        as a plane over the picture from the labelled dice."""
        rows, targets = [], []
        for items in chosen.values():
            for img, b in items:
                c = self._matched(img, b)
                if c is None:
                    continue
                h, w = img.shape[:2]
                rows.append([c.cx / w, c.cy / h, 1.0])
                targets.append([(b.cx - c.cx) / c.side, (b.cy - c.cy) / c.side])
        if len(rows) >= 8:
            self.lean, *_ = np.linalg.lstsq(np.array(rows), np.array(targets), rcond=None)

    def _learn_faces(self, chosen, full: dict[int, Sample], rng) -> None:
        """Every enrolled die as reading will see it (its face view), in quarter
        turns and small jitters; and AUGMENT more views of it as a later evening may
        show it (see _another_evening): farther away, under another lamp, blurred,
        compressed. Then how alike a die and the enrolled faces must be at least."""
        self._learn_lean(chosen)
        patches: list[np.ndarray] = []
        labels: list[int] = []
        groups: list[int] = []
        plain: list[tuple] = []
        ratios: list[float] = []
        found = []  # (face, its scaled picture, its label, where the reader finds it)
        for face, items in chosen.items():
            for img, b in items:
                c = self._matched(img, b)
                if c is not None:  # (else the reader can't find it: nothing to learn)
                    self._top_face(img, c)
                    found.append((face, img, b, c))
        # What lies around each die, cut from its picture at its own size: each
        # picture read from its file once, not once a face (a Pi's SD card is slow).
        by_picture: dict[int, list[int]] = {}
        for n, (_, img, _, _) in enumerate(found):
            by_picture.setdefault(id(img), []).append(n)
        around: dict[int, np.ndarray] = {}
        for key, ns in by_picture.items():
            picture = full[key].image()
            for n in ns:
                around[n] = _around_face(picture, self.scale, found[n][3])
        for n, (face, _, b, c) in enumerate(found):
            view = self._normalised(around[n], self.scale, c)
            plain.append((view, c.fangle, face, len(plain)))
            ratios.append(c.side / max(b.w, b.h))
            # The crop is turned square to the face's edges: what is left is a
            # quarter turn either way, and a little slack in the face's outline.
            for quarter in range(4):
                for angle, scale, dx, dy in JITTER:
                    patches.append(
                        self._face_patch(view, c.fangle + 90 * quarter + angle, scale, dx, dy)
                    )
            for _ in range(AUGMENT):
                other = self._another_evening(around[n], c, rng)
                for quarter in range(4):
                    angle, scale = rng.uniform(-10, 10), float(np.exp(rng.normal(0, 0.07)))
                    dx, dy = rng.uniform(-0.06, 0.06, 2)
                    patches.append(
                        self._face_patch(other, c.fangle + 90 * quarter + angle, scale, dx, dy)
                    )
            more = len(patches) - len(labels)
            labels += [face] * more
            groups += [len(plain) - 1] * more
        if ratios:
            self.face_ratio = float(np.median(ratios))
        feats = face_features(np.stack(patches))
        # The enrolled crops span few directions of the feature space: compared in
        # the FACE_DIMS that carry most of them, a look costs a fraction as much.
        if FACE_DIMS and feats.shape[1] > FACE_DIMS:
            _, _, vt = np.linalg.svd(feats[:: max(1, len(feats) // 4000)], full_matrices=False)
            self.face_basis = np.ascontiguousarray(vt[:FACE_DIMS].T)
            feats = feats @ self.face_basis
        group_of = np.array(groups)
        labels_of = np.array(labels, np.int32)
        alike, margins = self._learn_alike(feats, labels_of, group_of, plain)
        # An enrolled die as far from its face's others as clutter is (a label on the
        # wrong die, a heap seen slantwise) is not learnt: one such view, nearest to
        # every speck on the table, made a speck a die (dice-real, 40 dice a face:
        # precision 100 -> 86 %). Learnt once more without them.
        misfits = {g for g, a in alike.items() if a < MISFIT * self._alike}
        if misfits and len(misfits) <= len(plain) // 10:
            keep = ~np.isin(group_of, list(misfits))
            plain = [p for p in plain if p[3] not in misfits]
            _, margins = self._learn_alike(feats[keep], labels_of[keep], group_of[keep], plain)
        # How sure a reading is, on the scale of how far ahead of the runner-up the
        # enrolled dice of that face typically are: that far ahead is 99 % (faces
        # that differ only by their colour lie closer together than faces of
        # different shapes, and are read as surely when they are as far apart).
        self.softmax_t = {}
        for f in self.face_columns:
            ahead = [m for g, m in margins if g == f]
            if ahead:
                t = float(np.median(ahead)) / math.log(99)
                self.softmax_t[f] = min(SOFTMAX_T, max(0.01, t))

    def _learn_alike(
        self, feats, labels_of, group_of, plain
    ) -> tuple[dict[int, float], list[tuple[int, float]]]:
        """The enrolled crops (face by face, each face's side by side), and how alike
        to the enrolled faces a die is: each enrolled die (`plain`) read against the
        others, its own crops left out (`_alike`: their median). A blob far less
        alike than the enrolled dice are to each other is no die (a label, a key, a
        cable's plug). Returns each die's likeness to its own face, and each die's
        (face, lead over the runner-up face)."""
        self.face_feats = np.ascontiguousarray(feats)
        self._table = None  # (its enrolled crops changed)
        self.face_labels = labels_of
        self.face_columns = {
            int(f): np.flatnonzero(self.face_labels == f) for f in np.unique(self.face_labels)
        }
        alike: dict[int, float] = {}
        margins = []
        for view, angle, face, g in plain:
            scores = self._face_scores(view, angle, group_of != g)
            alike[g] = float(scores[face])
            margins.append((face, float(scores[face] - np.delete(scores, face).max())))
        self._alike = float(np.median(list(alike.values()))) if plain else 0.0
        return alike, margins

    def _another_evening(self, cut: np.ndarray, c: Candidate, rng) -> np.ndarray:
        """The face view of an enrolled die (`cut`: its surroundings as
        `_around_face` cuts them) as another evening may show it: the camera up to
        twice as far (the die half as large), another lamp (brighter or dimmer,
        warmer or cooler), a little blur and sensor noise, JPEG."""
        k = self.scale
        fs = max(c.fside / k, 2.0)
        size = cut.shape[0]
        view: np.ndarray = cut.astype(np.float32)
        view = view * np.array(_lamp(rng), np.float32)
        far = float(np.exp(rng.uniform(math.log(0.5), 0.0)))
        small = max(6, int(round(size * far)))
        view = cv2.resize(view, (small, small), interpolation=cv2.INTER_AREA)
        sigma = rng.uniform(0.0, 1.0) * max(1.0, small / size * fs / NORM)
        if sigma > 0.3:
            view = cv2.GaussianBlur(view, (0, 0), sigma)
        view = view + rng.normal(0, rng.uniform(0, 5), view.shape).astype(np.float32)
        view = np.clip(view, 0, 255).astype(np.uint8)
        if rng.random() < 0.5:
            quality = int(rng.integers(35, 90))
            ok, data = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, quality])
            decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
            if decoded is not None:
                view = decoded
        out = max(8, int(round(size * NORM / fs)))
        inter = cv2.INTER_AREA if out < small else cv2.INTER_LINEAR
        return balanced(cv2.resize(view, (out, out), interpolation=inter))

    def _learn_dieness(self, chosen, pictures, rng) -> None:
        """Examples of dice and of everything else the colour model lets through."""
        feats, labels, others = [], [], []
        for items in chosen.values():
            for img, b in items:
                # Seen at its own size, as reading sees it (a die found is cropped by
                # the size of its blob), a little larger or smaller.
                c = self._matched(img, b)
                side = self.side if c is None else c.side
                x, y = (b.cx, b.cy) if c is None else (c.cx, c.cy)
                for r in range(0, ROTATIONS, 4):
                    jx, jy = rng.normal(0, 0.08 * side, 2)
                    js = float(np.exp(rng.normal(0, 0.1)))
                    # Every other one blurred: a die shaken, rolling or out of focus.
                    sigma = rng.uniform(*DIE_BLUR) if r % 8 else 0.0
                    feats.append(self._die_feature(img, x + jx, y + jy, side * js, r * 15.0, sigma))
                    labels.append(1)
        for sample, img in pictures:
            for c in self._candidates(img):
                if not any(
                    b.contains(c.cx, c.cy)
                    or (abs(b.cx - c.cx) <= c.w / 2 and abs(b.cy - c.cy) <= c.h / 2)
                    for b in sample.boxes
                ):
                    for r in range(0, ROTATIONS, 6):
                        sigma = rng.uniform(*DIE_BLUR) if r % 12 else 0.0  # as the dice
                        feats.append(self._die_feature(img, c.cx, c.cy, c.side, r * 15.0, sigma))
                        labels.append(0)
                    self._top_face(img, c)
                    others.append(
                        float(self._face_scores(self._face_view(img, 1.0, c), c.fangle).max())
                    )
        self.die_feats = np.array(feats, np.float32)
        self.die_labels = np.array(labels, np.int32)
        # How alike a die must be to the enrolled faces: more than anything else on
        # the enrolment pictures was (a label, a key, a cable's plug), and at least
        # LEAST of what the enrolled dice are to one another (their median).
        beyond = max(others, default=0.0) + 0.02
        self.face_gate = max(LEAST * self._alike, min(FACE_GATE * self._alike, beyond))

    def _die_feature(
        self,
        img: np.ndarray,
        cx: float,
        cy: float,
        side: float,
        angle: float = 0.0,
        sigma: float = 0.0,
    ) -> np.ndarray:
        """A die and its surround, `side` the die's top face: cropped at its own size
        (`sigma`: blurred by so many pixels of the crop, to teach a blurred die)."""
        crop = _crop(img, cx, cy, 1.8 * side, angle)
        if sigma > 0:
            crop = cv2.GaussianBlur(crop, (0, 0), sigma)
        return hog(_normalise(crop))

    # ------------------------------------------------------------ reading

    def likeness(self, img: np.ndarray, s: float | None = None) -> np.ndarray:
        """How die-like every pixel is (0..255), from its colour and from how much
        lighter or darker than the table around it it is (kept for the last picture:
        finding dice and their top faces both ask)."""
        # Keyed by the picture itself, held: an id alone could be a new picture's.
        if self._likeness_cache is not None and self._likeness_cache[0] is img:
            return self._likeness_cache[1]
        assert self.lut is not None, "read only once taught"
        if self._backproject is None or self._backproject[0] is not self.lut:
            self._backproject = (self.lut, _backprojector(self.lut))
        prob = self._backproject[1](colour_planes(img, self.side if s is None else s))
        self._likeness_cache = (img, prob)
        return prob

    def _find(self, img: np.ndarray) -> list[Candidate]:
        """Dice in an enrolment picture: by difference from the empty place when teach
        mode gave one, else by the colour model."""
        if self._empty is not None and self._empty.shape == img.shape:
            return [
                Candidate(x, y, v / 0.8, v / 0.8, (v / 0.75) ** 2)
                for x, y, v in dice_against_empty(img, self._empty)
            ]
        return self._candidates(img)

    def _candidates(
        self, img: np.ndarray, s: float | None = None, smallest: bool = True
    ) -> list[Candidate]:
        """Die-coloured blobs from about a fifth to three and a half times `s` (the
        die's side expected at this scale: the enrolled one unless told): a die
        nearer or farther from the camera than at enrolment is still a die. A blob
        is split into touching dice when it is long or hollowed (two dice side by
        side), not merely because it is large. `smallest`: the blobs far smaller
        than a die too (see _smallest); without, what they need is kept for
        `_smallest_later`."""
        s = self.side if s is None else s
        prob = self.likeness(img, s)
        raw = (cv2.blur(prob, (SMOOTH, SMOOTH)) > 127).astype(np.uint8)
        k = max(1, int(round(s * CLOSE)))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))

        def shut(m: np.ndarray) -> np.ndarray:  # gaps (pips) closed, then thin bits cut
            return cv2.morphologyEx(
                cv2.morphologyEx(m, cv2.MORPH_CLOSE, kernel), cv2.MORPH_OPEN, kernel
            )

        closed = cv2.morphologyEx(raw, cv2.MORPH_CLOSE, kernel)
        mask = cv2.morphologyEx(closed, cv2.MORPH_OPEN, kernel)  # shut(raw)
        top = s * s
        out = self._smallest(closed, mask, k, top) if smallest and SMALLEST < MIN_AREA else []
        self._later = None if smallest else (img, closed, mask, k, top)
        # The same without the table's specks: on a dark or noisy table, closing the
        # gaps first joins a die to the specks around it (a blob half again as large
        # and off the die's centre). A die's blob is cut down to its speck-free core.
        clean = (
            shut(cv2.morphologyEx(raw, cv2.MORPH_OPEN, np.ones((SPECK, SPECK), np.uint8)))
            if SPECK > 1
            else mask
        )
        n, labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for i in range(1, n):
            x, y, w, h, area = stats[i]
            if area < MIN_AREA * top:
                continue  # a speck
            blob = (labels[y : y + h, x : x + w] == i).astype(np.uint8)
            if area > MAX_AREA * top:
                # A sheet of paper, a hand, or a die that a bright streak of the
                # table runs into: only its die-sized solid parts can be dice.
                out.extend(self._split(blob, x, y, s))
                continue
            if clean is not mask:
                core = _core(blob & clean[y : y + h, x : x + w], area, MIN_AREA * top)
                if core is not None:
                    blob, (dx, dy, w, h, area), (ccx, ccy) = core
                    x, y = x + dx, y + dy
                    cents[i] = (x + ccx, y + ccy)
            # The outline, not the pixel count: pips and shade make holes.
            contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            outline = max(contours, key=cv2.contourArea)
            filled = float(cv2.contourArea(outline))
            hull = float(cv2.contourArea(cv2.convexHull(outline)))
            (_, _), (rw, rh), _ = cv2.minAreaRect(outline)
            long = max(rw, rh) / max(min(rw, rh), 1.0)
            if area > 1.6 * top:
                cv2.drawContours(blob, [outline], -1, 1, -1)
                # As wide as one die at its widest, yet covering two or more.
                wide = 2.0 * float(cv2.distanceTransform(blob, cv2.DIST_L2, 3).max())
                if long > 1.45 or filled < 0.86 * hull or filled > 1.9 * wide * wide:
                    parts = self._split(blob, x, y)
                    out.extend(parts)
                    # One part is no split: a large die whose blob is ragged (its
                    # shaded side under the threshold) may be that die, as large as
                    # its blob, not the widest circle in it (a Four read from two
                    # pips); or its top face, in a slanted view, that part. Both
                    # are read: the larger is kept when it reads as a die.
                    if len(parts) > 1 or long > 1.45:
                        continue
            out.append(
                Candidate(
                    float(cents[i][0]), float(cents[i][1]), float(w), float(h), max(filled, hull)
                )
            )
        return out

    def _smallest_later(self, img: np.ndarray) -> list[Candidate]:
        """The smallest blobs of the picture `_candidates` last looked at without
        them (see _smallest)."""
        if self._later is None or self._later[0] is not img or SMALLEST >= MIN_AREA:
            return []
        return self._smallest(*self._later[1:])

    @staticmethod
    def _smallest(closed: np.ndarray, mask: np.ndarray, k: int, top: float) -> list[Candidate]:
        """Dice far smaller than expected (SMALLEST to MIN_AREA of a top face; side
        0.22-0.26 times): the thin bits cut at a die's scale (see _candidates) cut
        such a die's blob, its light body only, away whole. Cut at half that
        scale, the blobs the other cut erased are candidates too."""
        r = max(1, k // 2)
        half = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
        gone = cv2.morphologyEx(closed, cv2.MORPH_OPEN, half) & (1 - mask)
        n, _, stats, cents = cv2.connectedComponentsWithStats(gone, connectivity=8)
        out = []
        for i in range(1, n):
            x, y, w, h, area = (int(v) for v in stats[i])
            if SMALLEST * top <= area < MIN_AREA * top and max(w, h) <= 2 * min(w, h):
                cx, cy = float(cents[i][0]), float(cents[i][1])
                # The blob is the top face (no sides seen at this size).
                out.append(Candidate(cx, cy, float(w), float(h), float(area) / 0.75**2))
        return out

    def _split(self, blob: np.ndarray, x0: int, y0: int, s: float | None = None) -> list[Candidate]:
        """Dice that touch: one candidate per peak of the distance transform, each
        as large as the blob is wide there. `s`: only die-sized parts of a large
        blob (a die's expected side: parts from a third to 2.8 times as wide)."""
        dist = cv2.distanceTransform(blob, cv2.DIST_L2, 3)
        widest = float(dist.max())
        lo, hi = (0.3 * widest, widest) if s is None else (0.17 * s, 0.5 * LARGEST * s)
        r = max(1, int(0.7 * min(widest, hi)))
        peaks = (dist == cv2.dilate(dist, np.ones((2 * r + 1, 2 * r + 1), np.uint8))) & (
            (dist >= lo) & (dist <= hi)
        )
        ys, xs = np.nonzero(peaks)
        out: list[Candidate] = []
        filled = None
        for x, y in sorted(zip(xs, ys, strict=True), key=lambda p: -dist[p[1], p[0]]):
            a = 2.0 * float(dist[y, x])  # a die's width across the blob here
            if all(math.hypot(x + x0 - c.cx, y + y0 - c.cy) > 0.7 * max(a, c.w) for c in out):
                c = Candidate(float(x + x0), float(y + y0), a, a, a * a, part=s is not None)
                out.append(c)
                if s is not None and PIPS:
                    if filled is None:
                        filled = cv2.distanceTransform(
                            _pips_filled(blob, PIPS * s * s), cv2.DIST_L2, 3
                        )
                    # A die's pips are holes in its blob: the widest circle between
                    # them is a part of its face. The die as wide as the blob with
                    # its pips filled is read too (the larger kept if it is a die).
                    r2 = max(1, int(a / 2))
                    win = filled[max(y - r2, 0) : y + r2 + 1, max(x - r2, 0) : x + r2 + 1]
                    j = int(np.argmax(win))
                    wy, wx = divmod(j, win.shape[1])
                    a2 = 2.0 * float(win[wy, wx])
                    if a2 > 1.2 * a:
                        gx, gy = max(x - r2, 0) + wx + x0, max(y - r2, 0) + wy + y0
                        out.append(Candidate(float(gx), float(gy), a2, a2, a2 * a2, part=True))
        if s is None and len(out) > 1:  # touching dice: also as large as their shares
            out += _shares(blob, x0, y0, out)
        return out

    def _vote(self, feats: np.ndarray, labels: np.ndarray, q: np.ndarray) -> tuple[int, float]:
        d = feats @ q  # features are unit vectors: a larger dot is nearer
        nearest = np.argpartition(-d, self.k)[: self.k]
        votes = np.bincount(labels[nearest], minlength=int(labels.max()) + 1)
        best = int(np.argmax(votes))
        return best, float(votes[best] / self.k)

    def _face_scores(
        self, view: np.ndarray, angle: float, keep: np.ndarray | None = None, looks=LOOKS
    ) -> np.ndarray:
        """Each face's score for the face in `view`: from a few looks at it
        (smaller, larger, shifted, turned), the mean likeness of the face's NEAREST
        enrolled crops to the look that suits it best, so one stray look or one odd
        enrolled crop can't carry a face. `keep`: the enrolled crops to compare with."""
        # The colours don't move with a small shift: one histogram serves every look.
        centre = view.shape[1] / 2 - 0.5
        tint = tint_feature(_crop(view, centre, centre, FACE_SCALE * NORM, angle))
        patches = [self._face_patch(view, angle + t, sc, dx, dy) for sc, dx, dy, t in looks]
        queries = face_features(np.stack(patches), tint)
        if self.face_basis is not None:
            queries = queries @ self.face_basis
        table = self._face_table()
        sims = queries @ self._table[2]  # (looks, enrolled)
        if keep is None and table is not None:
            # Every face's crops at once: (looks, faces, crops), padded with nothing.
            faces, index = table
            padded = np.concatenate([sims, np.full((len(sims), 1), -2.0, np.float32)], axis=1)
            per_face = padded[:, index]
            m = index.shape[1]
            best = np.partition(per_face, m - NEAREST, axis=2)[:, :, m - NEAREST :]
            scores = np.full(len(self.classes), -np.inf)
            scores[faces] = best.mean(axis=2).max(axis=0)
            return scores
        scores = np.full(len(self.classes), -np.inf)
        for f, columns in self.face_columns.items():
            if keep is not None:
                face_sims = sims[:, columns[keep[columns]]]
            else:  # a face's crops lie side by side: a view, not a copy
                face_sims = sims[:, columns[0] : columns[-1] + 1]
            near = min(NEAREST, face_sims.shape[1])
            if near == 0:
                continue
            best = -np.partition(-face_sims, near - 1, axis=1)[:, :near]
            scores[f] = float(best.mean(axis=1).max())
        return scores

    def _face_table(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The enrolled faces and, row by row, the columns of their crops (padded
        with the column after the last: nothing), or None when a face has fewer
        than NEAREST crops. Kept with the enrolled crops transposed."""
        assert self.face_feats is not None and self.face_labels is not None, "taught first"
        key = id(self.face_feats)
        if self._table is None or self._table[0] != key:
            columns = self.face_columns
            table = None
            if columns and min(len(c) for c in columns.values()) >= NEAREST:
                m = max(len(c) for c in columns.values())
                index = np.full((len(columns), m), len(self.face_labels), np.int64)
                for row, c in enumerate(columns.values()):
                    index[row, : len(c)] = c
                table = (np.array(list(columns), np.int64), index)
            # The enrolled crops column by column: a product with it is twice as fast.
            self._table = (key, table, np.ascontiguousarray(self.face_feats.T))
        return self._table[1]

    def _face(self, view: np.ndarray, c: Candidate, looks=LOOKS) -> tuple[int, float, float]:
        """The face in `view` (see _face_view), its confidence (the winner's share
        of a softmax of the faces' scores) and its score."""
        scores = self._face_scores(view, c.fangle, looks=looks)
        face = int(np.argmax(scores))
        share = np.exp((scores - scores[face]) / self.softmax_t.get(face, SOFTMAX_T))
        return face, float(1.0 / share.sum()), float(scores[face])

    def read(
        self,
        img: np.ndarray,
        region: np.ndarray | None = None,
        empty: np.ndarray | None = None,
        die_px: float | None = None,
        expected: int | None = None,
    ) -> list[Detection]:
        """Every die in `img` (BGR), with its face. `region`: an optional mask of where
        dice may lie (the rolling area and the bean-field tray of a calibrated mat).
        `empty`: a picture of the same place without dice (taken at calibration):
        then dice are found by the difference from it, whatever their colour.
        `die_px`: a die's side in this picture's pixels when something tells it (a
        calibrated mat: the die's millimetres times the mat's pixels per mm); the
        reader then works at the scale that suits that size. Without it dice from a
        fifth to four and a half times the enrolled size are found, and when the
        dice found are under SELF_SCALE of the enrolled size (a camera hung higher
        than at teaching) the picture is looked at again as if told their size
        (their median): the dice of that size the enrolled scale lost are added.
        Either way each face is read at its own size (see _face_view). `expected`: how many dice
        there are, when something tells it (a number: the reader knows no game):
        when the colour model finds as many, the search by outlines (see
        _outlined) is skipped; when fewer are found in the end, the dice the
        verifier took for dice but whose faces were less alike to the enrolled
        ones than a die untold must be (at least LEAST of the enrolled dice's
        likeness, read surely) fill the gap, the most alike first, never more
        than are missing."""
        check_frame(img)
        self._likeness_cache = None  # the same array may hold a new picture
        if empty is not None:
            check_frame(empty)
            if empty.shape != img.shape:
                raise ValueError(
                    f"the empty picture is {empty.shape[1]}x{empty.shape[0]}, "
                    f"the frame {img.shape[1]}x{img.shape[0]}"
                )
        if die_px:
            # Never finer than the taught dice are read at: a die told half the
            # taught size would otherwise make the whole frame be read at full
            # size (hundreds of ms) for no better reading.
            k = min(1.0, WORK_SIDE / die_px, self.scale)
            side = die_px * k
        else:
            k, side = self.scale, self.side
        small = _resize(img, k)
        if region is not None:
            region = cv2.resize(
                region.astype(np.uint8), small.shape[1::-1], interpolation=cv2.INTER_NEAREST
            )
        found = self._look(img, small, k, side, region, empty, expected, sized=bool(die_px))
        if SELF_SCALE and empty is None and not die_px and (not expected or len(found) < expected):
            # Told nothing of the dice's size, and the dice found are far smaller
            # than the taught ones (a camera hung higher than at teaching): the
            # picture is looked at again as if told their size, for the dice of
            # that size the taught scale lost (a blob of 8 px erased by cutting
            # thin bits at the taught die's scale). What this finds is added.
            sides = sorted(d.w for d in found)
            est = sides[len(sides) // 2] if sides else 0.0
            if 0 < est < SELF_SCALE * side:
                self._likeness_cache = None  # the table's median over the dice's sides
                more = self._look(
                    img,
                    small,
                    k,
                    est,
                    region,
                    None,
                    expected and expected - len(found),
                    found,
                    True,
                )
                found += [d for d in more if not _on(d.cx, d.cy, found)]
        return [
            Detection(d.cx / k, d.cy / k, d.w / k, d.h / k, d.face, d.confidence, d.dieness)
            for d in found
        ]

    def _look(
        self,
        img: np.ndarray,
        small: np.ndarray,
        k: float,
        side: float,
        region: np.ndarray | None,
        empty: np.ndarray | None,
        expected: int | None,
        known: list[Detection] | None = None,
        sized: bool = False,
    ) -> list[Detection]:
        """The dice in `small` (`img` scaled by k), a die's side expected to be
        `side` pixels there (see read). `known`: dice found already (a second
        look, see read): only the colour model's blobs off them are read.
        `sized`: the dice's size is known (told, or measured on the dice found)."""
        if empty is not None:
            cands = [
                Candidate(x, y, s / 0.8, s / 0.8, (s / 0.75) ** 2)
                for x, y, s in dice_against_empty(
                    small, self._empty_at(empty, k), empty_blurred=True
                )
            ]
        else:
            # Told how many dice there are, the smallest blobs are looked at only
            # when the others are not enough (a fifth of the taught size or less).
            cands = self._candidates(small, side, smallest=not expected and known is None)
            if known is not None:  # dice found already: not read again
                cands = [c for c in cands if not _on(c.cx, c.cy, known)]
        doubted: list[tuple[float, Detection]] | None = [] if expected else None
        found = self._read(small, region, cands, empty is not None, img, k, side, doubted, sized)
        if empty is None and expected and len(found) < expected:
            tiny = [c for c in self._smallest_later(small) if not _on(c.cx, c.cy, found)]
            if tiny:
                found += self._read(small, region, tiny, False, img, k, side, doubted, sized)
        self._later = None
        if (
            known is None
            and empty is None
            and EDGES
            and (expected is None or len(found) < expected)
        ):
            # A second way to find dice: by their outlines, where the colour model
            # found none (a pale die on a pale table shows only its edges and pips).
            more = [c for c in _outlined(small, side) if not _on(c.cx, c.cy, found)]
            if more:
                # Found only by its outline, a die is one whose face is read surely:
                # a small die's face half read is a die missed in this frame, not
                # a wrong face.
                found += [
                    d
                    for d in self._read(small, region, more, False, img, k, side, doubted, sized)
                    if d.confidence >= EDGE_SURE
                ]
        if expected and doubted and len(found) < expected:
            # Told how many dice there are and some are missing: the dice doubted
            # for their faces alone, the most alike first, as many as are missing
            # (a pale die on a pale table, its face read surely but faintly).
            for _, d in sorted(doubted, key=lambda ad: -ad[0]):
                if len(found) >= expected:
                    break
                if not _on(d.cx, d.cy, found):
                    found.append(d)
        return found

    def _empty_at(self, empty: np.ndarray, k: float) -> np.ndarray:
        """The empty picture at the working scale, blurred once (it rarely changes)."""
        key = (id(empty), empty.shape, k)
        if self._empty_cache is None or self._empty_cache[0] != key:
            self._empty_cache = (key, blur(_resize(empty, k)))
        return self._empty_cache[1]

    def _read(
        self,
        img: np.ndarray,
        region: np.ndarray | None,
        cands: list[Candidate],
        changed: bool = False,
        full: np.ndarray | None = None,
        k: float = 1.0,
        side: float | None = None,
        doubted: list[tuple[float, Detection]] | None = None,
        sized: bool = False,
    ) -> list[Detection]:
        """`changed`: the candidates are what differs from the empty place; then one of
        a die's size is a die (the verifier is for the colour model's look-alikes).
        `doubted`: where to put the dice the verifier took for dice whose faces
        were less alike to the enrolled ones than the gate asks (and their
        likeness)."""
        found = []
        for c in cands:
            if region is not None and not region[int(c.cy), int(c.cx)]:
                continue
            if changed and abs(c.side / (side or self.side) - 1) < 0.35:
                is_die, dieness = 1, 1.0
            else:
                assert self.die_feats is not None and self.die_labels is not None
                is_die, dieness = self._vote(
                    self.die_feats, self.die_labels, self._die_feature(img, c.cx, c.cy, c.side)
                )
            if is_die != 1 and c.part:
                continue  # a part of a larger blob must pass the verifier
            self._top_face(img, c)
            view = self._face_view(img if full is None else full, 1.0 if full is None else k, c)
            if is_die != 1:
                # Doubted: it is a die only if very like a face. One look tells most
                # clutter (a label, a key) at a tenth of the cost of all the looks.
                glance = float(self._face_scores(view, c.fangle, looks=LOOKS[:1]).max())
                if glance < SURE * self.face_gate - GLANCE:
                    continue
            face, conf, alike = self._face(view, c)
            expect = WHOLE * self.face_ratio * (side or self.side)
            if sized and WHOLE and is_die == 1 and not c.part and c.side < expect:
                # A die, says the verifier, whose blob is far smaller than a die of
                # the size known (a small die's light middle, the rest of it under
                # the threshold, or fragments of a pale die): looked at as large as
                # a die's face is expected too, the more alike reading kept.
                whole = replace(c, fside=self.face_ratio * (side or self.side))
                wview = self._face_view(
                    img if full is None else full, 1.0 if full is None else k, whole
                )
                again = self._face(wview, whole)
                if again[2] >= max(alike, self.face_gate) and again[1] >= EDGE_SURE:
                    c, (face, conf, alike) = whole, again
            if (
                SECOND_LOOK
                and is_die == 1
                and dieness >= 1.0
                and c.side >= SECOND_SIDE * (side or self.side)
                and alike < self.face_gate
            ):
                # A die, says the verifier, whose face its blob placed wrong: a die seen
                # slantwise shows two or three of its sides, its top face smaller than
                # the blob tells and off its centre. Looked for again, smaller, in the
                # blob's corners; a die only when read surely there, and as the same
                # face (a smaller look at a Two's corner may see a One).
                again = self._face(view, c, looks=SECOND_LOOKS)
                if again[0] == face and again[2] >= self.face_gate and again[1] >= EDGE_SURE:
                    face, conf, alike = again
            # A die looks like one of the enrolled faces, and the verifier takes it for
            # a die too, unless it looks very like a face (a die the verifier doubts:
            # blurred, half in view, beside another).
            if alike < self.face_gate or (is_die != 1 and alike < SURE * self.face_gate):
                # A die by the verifier, its face read surely but less like the
                # enrolled ones than the gate asks: one more die only when the reader
                # is told that dice are missing (see read).
                sure = conf >= EDGE_SURE and alike >= LEAST * self._alike
                if doubted is not None and is_die == 1 and sure:
                    w, h = max(c.w, c.side), max(c.h, c.side)
                    doubted.append((alike, Detection(c.fx, c.fy, w, h, face, conf, dieness)))
                continue
            found.append(
                Detection(c.fx, c.fy, max(c.w, c.side), max(c.h, c.side), face, conf, dieness)
            )
        # One die, once: a smaller find whose centre lies on a larger one is part of it.
        kept: list[Detection] = []
        for d in sorted(found, key=lambda d: -d.w * d.h):
            if not any(abs(d.cx - k.cx) < k.w / 2 and abs(d.cy - k.cy) < k.h / 2 for k in kept):
                kept.append(d)
        return kept


# A pixel's value as a logarithm (LOG_UNIT a factor e): a lamp's level and colour
# multiply the channels, so against the table around they cancel. DARK is added
# first: a nearly black channel's noise would otherwise be as large as a die.
DARK = 16.0
LOG_UNIT = 255.0 / math.log((255.0 + DARK) / DARK)
_LOG = np.round(LOG_UNIT * np.log((np.arange(256) + DARK) / DARK)).astype(np.uint8)
LIGHT_GAIN = 2.0  # the relative lightness, then its colour, in cells of 16 (see colour_planes)
TINT_GAIN = 3.0
_PLANES = np.array(
    [
        [LIGHT_GAIN / 3, LIGHT_GAIN / 3, LIGHT_GAIN / 3, 128.0 - 128.0 * LIGHT_GAIN],
        [0.0, -TINT_GAIN, TINT_GAIN, 128.0],  # red against green
        [-TINT_GAIN, TINT_GAIN, 0.0, 128.0],  # green against blue
    ],
    np.float32,
)


def colour_planes(img: np.ndarray, side: float) -> np.ndarray:
    """Every pixel's lightness and colour against the table around it, as three
    bytes: the logarithm of each channel against the median of the table over a
    few dice sides (a die, even one three times as large, is a small part of it;
    a hand or a coloured box beside a die is too), then their mean (lightness)
    and their differences (red against green, green against blue). A brighter or
    dimmer, warmer or cooler lamp multiplies a channel everywhere alike, the die
    and the table around it: its logarithm cancels. So a white die on a bright
    patch of table, or under a warmer or a dimmer lamp, looks the same as one on
    a dark patch under a cold one."""
    # A pixel with its neighbours: the camera's noise, in a dark channel's
    # logarithm, would otherwise speckle the table with die-like pixels.
    logs = cv2.blur(cv2.LUT(img, _LOG), (3, 3))
    k = 8
    small = cv2.resize(logs, None, fx=1 / k, fy=1 / k, interpolation=cv2.INTER_AREA)
    ksize = min(2 * int(round(4 * side / k)) + 1, 2 * ((min(small.shape[:2]) - 1) // 2) + 1)
    around = cv2.medianBlur(small, ksize) if ksize >= 3 else small
    around = cv2.resize(cv2.blur(around, (3, 3)), logs.shape[1::-1])
    rel = cv2.addWeighted(logs, 1.0, around, -1.0, 128.0)  # saturates at 0 and 255
    return cv2.transform(rel, _PLANES)


def _backprojector(lut: np.ndarray):
    """A function from colour planes to every pixel's die-likeness (bytes: 255 is
    certain): OpenCV's back projection, one pass, where this OpenCV takes a 3-d
    histogram from Python (checked on a small picture), else numpy's lookup."""
    table = np.round(lut * 255.0).astype(np.uint8)

    def by_numpy(planes: np.ndarray) -> np.ndarray:
        return table[_cells(planes)]

    ranges = [0, 256, 0, 256, 0, 256]
    try:
        hist = cv2.Mat(table.reshape(16, 16, 16).astype(np.float32), wrap_channels=False)

        def by_opencv(planes: np.ndarray) -> np.ndarray:
            return cv2.calcBackProject([planes], [0, 1, 2], hist, ranges, 1.0)

        probe = np.random.default_rng(0).integers(0, 256, (16, 16, 3)).astype(np.uint8)
        if np.array_equal(by_opencv(probe), by_numpy(probe)):
            return by_opencv
    except (AttributeError, TypeError, cv2.error):
        return by_numpy  # this OpenCV takes no 3-d histogram from Python
    return by_numpy


def _cells(planes: np.ndarray) -> np.ndarray:
    light, a, b = cv2.split(planes)
    light, a, b = (np.asarray(p, np.uint8) for p in (light, a, b))
    index = (light >> 4).astype(np.uint16) << 8
    index |= (a >> 4).astype(np.uint16) << 4
    index |= b >> 4
    return index


def colour_index(img: np.ndarray, side: float) -> np.ndarray:
    """Every pixel's cell of the colour model (see colour_planes): 16 steps of
    lightness, then of each colour, against the table around."""
    return _cells(colour_planes(img, side))


def blur(img: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(img, (5, 5), 0)


def dice_against_empty(
    frame: np.ndarray, empty: np.ndarray, min_side: float = 8.0, empty_blurred: bool = False
) -> list[tuple[float, float, float]]:
    """(cx, cy, side) of every die-sized blob that differs from the empty table."""
    diff = cv2.absdiff(blur(frame), empty if empty_blurred else blur(empty))
    b, g, r = cv2.split(diff)  # (numpy's max over the last axis of three is slow)
    change = cv2.max(cv2.max(b, g), r)
    # Above the picture's own noise (most of it is the unchanged table), and at least 15.
    level = max(15.0, 3.0 * float(np.median(change[::4, ::4])) + 10.0)
    mask: np.ndarray = (change > level).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, _, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    areas = [stats[i, cv2.CC_STAT_AREA] for i in range(1, n)]
    if not areas:
        return []
    typical = float(np.median(areas))
    out = []
    for i in range(1, n):
        area = stats[i, cv2.CC_STAT_AREA]
        side = float(np.sqrt(area))
        # Dice are alike: a blob far larger than the others (a hand) is not one.
        if side >= min_side and area < 3 * typical:
            out.append((float(cents[i][0]), float(cents[i][1]), 0.8 * side))
    return out


def evaluate_folders(enroll_dir: str, test_dir: str, per_face: int = 20) -> dict:
    """Enrol from one dataset folder, read every picture of another, score as the
    dice-real README says: the JSON of `companion vision eval-dice`."""
    import time

    from .dataset import read_dataset, score

    classes, enrol_samples = read_dataset(enroll_dir)
    test_classes, test_samples = read_dataset(test_dir)
    if test_classes != classes:
        raise ValueError("the enrolment and test folders name their faces differently")
    started = time.perf_counter()
    reader = DiceReader.enrol(classes, enrol_samples, per_face=per_face)
    enrol_s = time.perf_counter() - started
    results, elapsed = [], 0.0
    for sample in test_samples:
        img = sample.image()
        t = time.perf_counter()
        found = reader.read(img)
        elapsed += time.perf_counter() - t
        results.append((sample.boxes, found))
    out: dict[str, Any] = {"images": len(test_samples), **score(results)}
    out["ms_per_image"] = round(1000 * elapsed / max(len(test_samples), 1), 2)
    out["enrolment_seconds"] = round(enrol_s, 2)
    out["crops_per_face"] = {classes[f]: n for f, n in reader.crops_per_face.items()}
    out.update(breakdown(classes, results))
    return out


SIZE_BINS = (0, 20, 30, 46, 60, 10_000)  # a labelled die's longer side, px


def breakdown(classes: list[str], results) -> dict:
    """Where a reading fails: labelled dice, found and read right by the labelled
    die's size (px), and the faces most often taken for others."""
    from .dataset import match

    bins = {f"{a}-{b - 1}" if b < 10_000 else f"{a}+": [0, 0, 0] for a, b in pairwise(SIZE_BINS)}
    names = list(bins)
    confused: dict[str, int] = {}
    for boxes, found in results:
        pairs = dict(match(boxes, found))
        for i, b in enumerate(boxes):
            k = names[int(np.searchsorted(SIZE_BINS, max(b.w, b.h), side="right")) - 1]
            bins[k][0] += 1
            if i in pairs:
                bins[k][1] += 1
                face = found[pairs[i]].face
                if face == b.face:
                    bins[k][2] += 1
                else:
                    pair = f"{classes[b.face]} as {classes[face]}"
                    confused[pair] = confused.get(pair, 0) + 1
    return {
        "by_size": {
            k: dict(zip(("dice", "found", "right"), v, strict=True)) for k, v in bins.items()
        },
        "confused": dict(sorted(confused.items(), key=lambda kv: -kv[1])[:5]),
    }


__all__ = ["DiceReader", "evaluate_folders", "match"]
