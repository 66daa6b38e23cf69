"""Table calibration with the mats' ArUco markers: every marker found, and per mat
the homography from the camera's pixels to the mat's millimetres (top-down).

Once calibrated, a mat is followed as long as two of its four markers stay in
view (a hand over the others): eight corners still fix a homography, so a small
shift of the mat or the camera is followed; with fewer the last one is kept. A mat
seen by some of its markers only is fitted on the table the mats seen whole lie on
(see `_on_one_table`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from .mats import PAPERS, Marker, MatLayout, aruco_dictionary, card_mat, dice_mat, face_up_mat

MAX_SIDE_RATIO = 1.7  # a marker's longest side to its shortest (the camera <= ~20 deg off)
MIN_SIDE_PX = 8.0  # a smaller square is too few pixels to be a mat's marker
SIZE_SPREAD = 0.35  # a mat's markers are one size on paper: this far off the median is not one
RANSAC_MM = 2.5  # a marker corner further than this from the mat's fit is not the mat's
ONE_TABLE_ROUNDS = 4  # turns of the fit of every mat on one table (see _on_one_table)
# A mat's table fit this far (mm, at its corners) from its own fit is not kept: the
# mats do not lie on one plane (one lifted, resting on cards). (Its own fit from two
# markers is 3-5 mm off at 12-15 degrees; a mat seen whole tilted 15 degrees put the
# table's fit 17 mm off.)
ONE_TABLE_DISAGREE_MM = 10.0


def _plausible(corners: np.ndarray) -> bool:
    """A marker's outline as the camera can see a printed square: convex, sides
    alike, corners near right angles, not a speck."""
    q = corners.astype(np.float32)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    if sides.min() < MIN_SIDE_PX or sides.max() > MAX_SIDE_RATIO * sides.min():
        return False
    if not cv2.isContourConvex(q.reshape(-1, 1, 2)):
        return False
    a, b = q - np.roll(q, 1, axis=0), np.roll(q, -1, axis=0) - q
    cos = np.abs((a * b).sum(1)) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))
    return bool(cos.max() < 0.5)  # every corner 60..120 degrees


def _refined(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A marker's corners refined to the sub-pixel as OpenCV 4.7+ refines them: in a
    window of 0.3 of a module (the marker's side over 6: 4 x 4 bits and a border),
    2 to 5 px. 4.6's fixed 5 px window reaches past a module of the small markers a
    table camera sees (30-40 px) and pulled corners 3-4 px off: the mats' fits
    measured slots 7 % short on the Pi's OpenCV."""
    q = corners.reshape(-1, 1, 2).astype(np.float32)
    side = float(np.linalg.norm(q[:, 0] - np.roll(q[:, 0], -1, axis=0), axis=1).mean())
    win = int(min(max(round(0.3 * side / 6), 2), 5))
    stop = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.1)
    return cv2.cornerSubPix(gray, q, (win, win), (-1, -1), stop).reshape(corners.shape)


def detect_marker_candidates(image: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """Every marker-like square in the picture with a plausible outline, as (id,
    4 corners in pixels: top-left, top-right, bottom-right, bottom-left); an id may
    come twice (a card's art can hold a marker-like pattern). OpenCV 4.7+'s
    ArucoDetector or 4.6's functions."""
    if image is None or not hasattr(image, "ndim") or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("not a picture (an empty or unreadable frame)")
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    dictionary = aruco_dictionary()
    if hasattr(cv2.aruco, "ArucoDetector"):
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, params).detectMarkers(gray)
    else:  # OpenCV 4.6 (Debian Bookworm's, the Pi's)
        params = cv2.aruco.DetectorParameters_create()  # type: ignore[attr-defined]  # 4.6 only
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        corners, ids, _ = cv2.aruco.detectMarkers(  # type: ignore[attr-defined]  # 4.6 only
            gray, dictionary, parameters=params
        )
        corners = [_refined(gray, c) for c in corners]
    if ids is None:
        return []
    out = []
    for i, c in zip(ids.ravel(), corners, strict=True):
        q = c.reshape(4, 2)
        if _plausible(q):
            out.append((int(i), q))
    return out


def detect_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """{marker id: its 4 corners in pixels (top-left, top-right, bottom-right,
    bottom-left)}: the plausible squares; of an id seen twice, the larger."""
    return _largest(detect_marker_candidates(image))


def _largest(candidates: list[tuple[int, np.ndarray]]) -> dict[int, np.ndarray]:
    found: dict[int, np.ndarray] = {}
    for i, q in candidates:
        if i not in found or cv2.contourArea(q) > cv2.contourArea(found[i]):
            found[i] = q
    return found


Found = dict[int, np.ndarray] | list[tuple[int, np.ndarray]]


def _one_size(cands: list[tuple[int, np.ndarray]]) -> list[tuple[int, np.ndarray]]:
    """The candidates of one size (within SIZE_SPREAD of one of them) that hold the
    most of the mat's ids, the larger size on a tie. (Not the median's: a card's
    art with a marker-like tile of the mat's id, laid three times, outnumbers the
    mat's own markers and its size would leave the mat's out.)"""
    sides = [float(np.sqrt(max(cv2.contourArea(q.astype(np.float32)), 1.0))) for _, q in cands]
    best: tuple[tuple[int, float], list[int]] | None = None
    for ref in sides:
        group = [k for k, s in enumerate(sides) if abs(s - ref) <= SIZE_SPREAD * ref]
        key = (len({cands[k][0] for k in group}), ref)
        if best is None or key > best[0]:
            best = (key, group)
    assert best is not None
    return [cands[k] for k in best[1]]


def homography(
    layout: MatLayout, found: Found, min_markers: int = 2
) -> tuple[np.ndarray | None, list[int]]:
    """Pixels -> mat millimetres from the layout's markers that were found. Only
    markers that agree are used: ids of this mat, of one size (see `_one_size`),
    and whose corners a RANSAC fit over all of them puts within RANSAC_MM of their
    printed place; a square in a card's art that reads as one of
    the mat's ids is left out (and with fewer than `min_markers` agreeing, no
    homography)."""
    fit = _fit(layout, found, min_markers)
    return fit.h, fit.used


@dataclass
class _MatFit:
    """A mat's fit: its homography (None: too few markers agree), the markers it
    used and their corners in the picture."""

    h: np.ndarray | None
    used: list[int]
    corners: dict[int, np.ndarray] = field(default_factory=dict)


def _fit(layout: MatLayout, found: Found, min_markers: int = 2) -> _MatFit:
    items = list(found.items()) if isinstance(found, dict) else list(found)
    printed = _printed(layout)
    cands = [(i, q) for i, q in items if i in printed]
    if len({i for i, _ in cands}) < min_markers:
        return _MatFit(None, sorted({i for i, _ in cands}))
    if len(cands) > 2:
        cands = _one_size(cands)
    if len({i for i, _ in cands}) < min_markers:
        return _MatFit(None, sorted({i for i, _ in cands}))
    src = np.concatenate([q for _, q in cands]).astype(np.float32)
    dst = np.concatenate([printed[i].corners for i, _ in cands]).astype(np.float32)
    h, _ = cv2.findHomography(src, dst, cv2.RANSAC, RANSAC_MM)
    if h is None:
        return _MatFit(None, [])
    # The markers whose four corners all agree with the fit; of an id twice, the nearer.
    best: dict[int, tuple[float, np.ndarray]] = {}
    for i, q in cands:
        err = float(np.linalg.norm(to_mat(h, q) - printed[i].corners, axis=1).max())
        if err <= RANSAC_MM and (i not in best or err < best[i][0]):
            best[i] = (err, q)
    if len(best) < min_markers:
        return _MatFit(None, sorted(best))
    used = [m.id for m in layout.markers if m.id in best]
    src = np.concatenate([best[i][1] for i in used]).astype(np.float32)
    dst = np.concatenate([printed[i].corners for i in used]).astype(np.float32)
    h, _ = cv2.findHomography(src, dst, 0)
    if h is None or np.linalg.det(h[:2, :2]) <= 0:  # a mirrored fit is no mat seen from above
        return _MatFit(None, [])
    return _MatFit(h, used, {i: best[i][1] for i in used})


def _printed(layout: MatLayout) -> dict[int, Marker]:
    return {m.id: m for m in layout.markers}


def _similarity(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The turn, shift and scale that best (least squares) take `src` points onto
    `dst` (Umeyama's), as a 3 x 3 matrix."""
    ms, md = src.mean(axis=0), dst.mean(axis=0)
    a, b = src - ms, dst - md
    u, sv, vt = np.linalg.svd(b.T @ a / len(src))
    d = np.diag([1.0, float(np.sign(np.linalg.det(u @ vt)))])
    r = u @ d @ vt
    scale = float(np.trace(np.diag(sv) @ d)) / float((a**2).sum() / len(src))
    out = np.eye(3)
    out[:2, :2] = scale * r
    out[:2, 2] = md - scale * r @ ms
    return out


def _on_one_table(
    fits: dict[str, tuple[MatLayout, _MatFit]], rounds: int = ONE_TABLE_ROUNDS
) -> dict[str, np.ndarray]:
    """Better fits for the mats seen by only some of their markers (cards laid over
    the others), from the table they all lie on: the picture of the table's plane is
    one homography (the camera's), and every mat only a turn and a shift (and a
    scale: a mat printed "fit to page") on that plane. A mat's own fit from two
    markers along one edge fixes its far end badly when the camera is off straight
    down (3-5 mm at 12-15 degrees: the markers' corners a fraction of a pixel off,
    magnified); fitted on the table, its markers fix only where it lies (4 numbers,
    not 8), and the camera's lean is fixed by every mat's corners. Needs a mat seen
    whole. A mat keeps its own fit where its markers end up over RANSAC_MM from the
    table's, or its corners over ONE_TABLE_DISAGREE_MM apart by the two fits (the
    mats not on one plane: one lifted, resting on cards; two markers along an edge
    fit any plane hinged on it, only the far corners tell). Fitted by turns: each
    mat's place on the table, then the camera's fit over every corner of every mat."""
    whole = [n for n, (layout, f) in fits.items() if len(f.used) == len(layout.markers)]
    partial = [n for n, (layout, f) in fits.items() if len(f.used) < len(layout.markers)]
    if not whole or not partial:
        return {}
    points = {}  # mat -> its markers' corners: (in the picture, printed in mm)
    for n, (layout, f) in fits.items():
        printed = _printed(layout)
        points[n] = (
            np.concatenate([f.corners[i] for i in f.used]).astype(np.float64),
            np.concatenate([printed[i].corners for i in f.used]).astype(np.float64),
        )
    camera = fits[whole[0]][1].h  # pixels -> the table's mm (that mat's, to start)
    assert camera is not None
    places: dict[str, np.ndarray] = {}
    for _ in range(rounds):
        for n, (px, mm) in points.items():
            places[n] = _similarity(to_mat(camera, px).astype(np.float64), mm)
        src = np.concatenate([px for px, _ in points.values()])
        dst = np.concatenate(
            [to_mat(np.linalg.inv(places[n]), mm) for n, (_, mm) in points.items()]
        )
        camera, _ = cv2.findHomography(src.astype(np.float32), dst.astype(np.float32), 0)
        if camera is None:
            return {}
    out = {}
    for n in partial:
        layout, fit = fits[n]
        assert fit.h is not None
        px, mm = points[n]
        h = _similarity(to_mat(camera, px).astype(np.float64), mm) @ camera
        if float(np.linalg.norm(to_mat(h, px) - mm, axis=1).max()) > RANSAC_MM:
            continue
        # (the mat's corners in the picture by its own fit, in mm by the table's)
        w, h_mm = layout.width, layout.height
        paper = np.array([[0, 0], [w, 0], [w, h_mm], [0, h_mm]], np.float32)
        apart = np.linalg.norm(to_mat(h, to_image(fit.h, paper)) - paper, axis=1)
        if float(apart.max()) <= ONE_TABLE_DISAGREE_MM:
            out[n] = h / h[2, 2]
    return out


@dataclass
class MatTracker:
    """Keeps each mat's homography, updating it whenever two markers or more show."""

    layouts: list[MatLayout]
    homographies: dict[str, np.ndarray] = field(default_factory=dict)
    seen: dict[str, list[int]] = field(default_factory=dict)

    def update(self, image: np.ndarray) -> dict[str, np.ndarray]:
        found = detect_marker_candidates(image)
        fits = {}
        for layout in self.layouts:
            fit = _fit(layout, found)
            self.seen[layout.name] = fit.used
            if fit.h is not None:
                self.homographies[layout.name] = fit.h
                fits[layout.name] = (layout, fit)
        self.homographies.update(_on_one_table(fits))
        return self.homographies

    def calibrated(self) -> bool:
        return all(layout.name in self.homographies for layout in self.layouts)


def to_mat(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Pixels -> mat millimetres."""
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32), h).reshape(-1, 2)


def to_image(h: np.ndarray, points_mm: np.ndarray) -> np.ndarray:
    """Mat millimetres -> pixels."""
    return to_mat(np.linalg.inv(h), points_mm)


def _square_side(project, at: tuple[float, float], side: float) -> float:
    """The side (the square root of the area) of a square of `side` centred at `at`,
    once `project` has taken its corners across (picture <-> mat)."""
    x, y, r = float(at[0]), float(at[1]), side / 2
    square = np.asarray(
        [[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]], np.float32
    )
    return float(np.sqrt(abs(cv2.contourArea(project(square)))))


def side_px(h: np.ndarray, at_mm: tuple[float, float], side_mm: float) -> float:
    """How many pixels a square of `side_mm` millimetres lying at `at_mm` on the mat
    measures in the picture (the square root of its area: a side however the camera
    leans)."""
    return _square_side(lambda square: to_image(h, square), at_mm, side_mm)


def side_mm(h: np.ndarray, at_px: tuple[float, float], side: float) -> float:
    """How many millimetres of the mat a square of `side` pixels centred at `at_px`
    in the picture covers (the square root of its area on the mat)."""
    return _square_side(lambda square: to_mat(h, square), at_px, side)


@cache
def _every_mat() -> list[list[MatLayout]]:
    """Every mat `companion mats` prints, grouped by its markers' ids: for each,
    one layout a paper size (the markers sit in the paper's corners)."""
    groups = [[card_mat(seat, 3, paper) for paper in PAPERS] for seat in range(10)]
    groups.append([dice_mat(paper) for paper in PAPERS])
    groups.append([face_up_mat(3, paper) for paper in PAPERS])
    return groups


def table_mats(image: np.ndarray) -> list[tuple[MatLayout, np.ndarray]]:
    """The mats a picture shows, whatever their seats and paper, each with its
    homography (pixels -> that mat's mm): of a mat's paper sizes, the one whose
    markers its fit puts nearest their printed corners."""
    found = detect_marker_candidates(image)
    ids = {i for i, _ in found}
    out = []
    for group in _every_mat():
        if len(ids & set(group[0].ids)) < 2:
            continue
        fits = []
        for layout in group:
            h, used = homography(layout, found)
            if h is not None:
                err = _fit_error(h, layout, found, used)
                fits.append((-len(used), err, layout.paper, layout, h))
        if fits:
            _, _, _, layout, h = min(fits, key=lambda f: f[:3])
            out.append((layout, h))
    return out


def _fit_error(h: np.ndarray, layout: MatLayout, found: list, used: list[int]) -> float:
    """How far (mm) the fit puts the used markers from their printed corners, on
    average (of an id seen twice, the nearer)."""
    printed = {m.id: m.corners for m in layout.markers}
    return float(
        np.mean(
            [
                min(
                    np.linalg.norm(to_mat(h, q) - printed[i], axis=1).max()
                    for j, q in found
                    if j == i
                )
                for i in used
            ]
        )
    )


def sizes_on_table(image: np.ndarray, quads: list) -> list[tuple[float, float] | None]:
    """Each quad's (corners in the picture: top-left, top-right, bottom-right,
    bottom-left) size on the table, (width, length) in mm, measured through the
    mat it lies on, or the nearest one the picture shows: every mat lies on the one
    table, so any of them is true to scale there, and a camera a little off
    straight down shortens in the picture what it does not on the mat. None for a
    quad None, or where no mat is seen."""
    mats = table_mats(image)
    out: list[tuple[float, float] | None] = []
    for quad in quads:
        if quad is None or not mats:
            out.append(None)
            continue
        q = np.asarray(quad, np.float32).reshape(4, 2)

        def off_paper(fit: tuple[MatLayout, np.ndarray], q=q) -> float:
            layout, h = fit
            x, y = to_mat(h, q.mean(axis=0, keepdims=True))[0]
            return float(np.hypot(max(-x, 0.0, x - layout.width), max(-y, 0.0, y - layout.height)))

        _, h = min(mats, key=off_paper)
        mm = to_mat(h, q)
        width = (np.linalg.norm(mm[1] - mm[0]) + np.linalg.norm(mm[2] - mm[3])) / 2
        length = (np.linalg.norm(mm[3] - mm[0]) + np.linalg.norm(mm[2] - mm[1])) / 2
        out.append((round(float(width), 1), round(float(length), 1)))
    return out


def calibration_report(image: np.ndarray, layouts: list[MatLayout]) -> dict:
    """What `companion vision calibrate IMAGE --json` prints."""
    candidates = detect_marker_candidates(image)
    found = _largest(candidates)
    mats = []
    for layout in layouts:
        h, used = homography(layout, candidates)
        mats.append(
            {
                "mat": layout.name,
                "markers_used": used,
                "homography": None
                if h is None
                else [[round(float(v), 8) for v in row] for row in h],
            }
        )
    return {
        "image": {"width": int(image.shape[1]), "height": int(image.shape[0])},
        "markers": [
            {"id": i, "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in c]}
            for i, c in sorted(found.items())
        ],
        "mats": mats,
    }
