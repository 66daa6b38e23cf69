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
    dst = np.float32([[0, 0], [SLOT[0], 0], [SLOT[0], SLOT[1]], [0, SLOT[1]]])
    return cv2.warpPerspective(
        image, cv2.getPerspectiveTransform(src, dst), SLOT, flags=cv2.INTER_AREA
    )


def slot_picture(image: np.ndarray, quad) -> np.ndarray:
    """The field slot in `quad` as a SLOT-sized top-down picture. A slot is a card
    and 4 mm each side wide, and as long as the mat has room for (up to 15 cards); a
    shorter one (an A4 mat holds 13) is a full slot whose far end is bare mat."""
    q = np.array(quad, np.float32)
    wide = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    long = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    length = int(round(SLOT[0] * long / max(wide, 1.0)))
    if length >= 0.95 * SLOT[1]:  # a full slot (perspective may shorten it a little)
        return rectify(image, quad)
    dst = np.float32([[0, 0], [SLOT[0], 0], [SLOT[0], length], [0, length]])
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


@dataclass
class FieldReading:
    cards: list[str]
    confidence: float  # the least sure card's margin, 0..1
    margins: list[float] = field(default_factory=list)  # each card's, first planted first


class FieldReader:
    def __init__(self, faces: dict[str, np.ndarray]) -> None:
        if not faces:
            raise ValueError("enrol at least one card face")
        self.ids = list(faces)
        upright = [cv2.resize(f, CARD, interpolation=cv2.INTER_AREA) for f in faces.values()]
        inner = [f[4:-4, 4:-4] for f in upright]
        self.strips = np.stack([_feature(f[4 : STRIP - 2, 4:-4]) for f in upright])
        self.wholes = np.stack([_feature(f) for f in inner])
        # Each card's top end in gray, with room around for a card laid a little off
        # or turned: where colours leave two or three varieties close, the marks
        # printed on the strip (the number) decide.
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
    def from_folder(cls, folder: str | Path) -> FieldReader:
        faces = {}
        for p in sorted(Path(folder).iterdir()):
            if p.suffix.lower() in IMAGE_SUFFIXES:
                img = cv2.imread(str(p), cv2.IMREAD_COLOR)
                if img is None:
                    raise ValueError(f"can't read the card face {p}")
                faces[p.stem] = img
        if not faces:
            raise ValueError(f"{folder}: no card faces (ID.png or ID.jpg, one per variety)")
        return cls(faces)

    def count(self, slot: np.ndarray) -> int:
        """Cards in the slot, from where the column stops differing from the bare
        mat, row by row (the light changes along a slot)."""
        # The mat beside the cards, inside the slot's printed edge. A card laid off
        # centre covers one side's margin: the mat's colour comes from the rows
        # whose two margins agree, each row takes the side nearer it, and the rows
        # are smoothed along the slot.
        left, right, mat = _margins(slot)
        nearer = (np.abs(left - mat).sum(1) <= np.abs(right - mat).sum(1))[:, None]
        bare = np.where(nearer, left, right).astype(np.uint8)[:, None, :]
        bare = cv2.medianBlur(bare, 31)
        differs = _off_mat(slot[:, 12:-12:2], bare)  # every other column is enough
        rows = np.count_nonzero(differs, axis=1) > 0.5 * differs.shape[1]
        if not rows[: CARD[1] // 2].any():
            return 0
        covered = np.nonzero(rows)[0]
        end = int(covered.max())
        n = round((end - 8 - CARD[1]) / STRIP) + 1
        return int(min(max(n, 1), MAX_CARDS))

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

    def read_slot(self, slot: np.ndarray) -> FieldReading:
        n = self.count(slot)
        cards, margins = [], []
        # Where each card's top edge really lies: a card laid turned hides a wedge of
        # the strip below it, and only what shows of a strip is read.
        edges = [np.full(CARD[0] - 8, 8.0)] + [_top_edge(slot, 8 + k * STRIP) for k in range(1, n)]
        for k in range(n):
            top = 8 + k * STRIP
            if k < n - 1:
                top_end = _visible(slot, edges[k], edges[k + 1], top)
                i, m = self._card(self.strips, _feature(top_end), top_end)
            else:
                whole = _feature(slot[top + 4 : top + CARD[1] - 4, 12:-12])
                i, m = self._card(
                    self.wholes,
                    whole,
                    slot[top + 3 : top + STRIP - 2, 14:-14],
                    slot[top - 8 : top + CARD[1] + 8],
                )
            cards.append(self.ids[i])
            margins.append(m)
        return FieldReading(cards, min(margins) if margins else 1.0, margins)

    def read(self, image: np.ndarray, quad) -> FieldReading:
        return self.read_slot(slot_picture(image, quad))


SPOT = (CARD[0] + 16, CARD[1] + 16)  # a card's place: the card and 4 mm around
EMPTY_SPREAD = 12.0  # gray levels: a place more even than this holds no card


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
    dst = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
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
    card = _off_mat(slot, mat.astype(np.uint8)[None, None, :]).astype(np.uint8)
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
    dst = np.float32([[0, 0], [CARD[0], 0], [CARD[0], CARD[1]], [0, CARD[1]]])
    m = cv2.getPerspectiveTransform(np.float32([tl, tr, br, bl]), dst)
    return cv2.warpPerspective(slot, m, CARD, flags=cv2.INTER_AREA)


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
        readings = [reader.read(image, f["quad"]) for f in truth]
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
