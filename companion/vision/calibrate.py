"""Table calibration with the mats' ArUco markers: every marker found, and per mat
the homography from the camera's pixels to the mat's millimetres (top-down).

Once calibrated, a mat is followed as long as two of its four markers stay in
view (a hand over the others): eight corners still fix a homography, so a small
shift of the mat or the camera is followed; with fewer the last one is kept."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .mats import MatLayout, aruco_dictionary


def detect_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """{marker id: its 4 corners in pixels (top-left, top-right, bottom-right,
    bottom-left)}, with OpenCV 4.7+'s ArucoDetector or 4.6's functions."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    dictionary = aruco_dictionary()
    if hasattr(cv2.aruco, "ArucoDetector"):
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, params).detectMarkers(gray)
    else:  # OpenCV 4.6
        params = cv2.aruco.DetectorParameters_create()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        corners, ids, _ = cv2.aruco.detectMarkers(gray, dictionary, parameters=params)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}


def homography(
    layout: MatLayout, found: dict[int, np.ndarray], min_markers: int = 2
) -> tuple[np.ndarray | None, list[int]]:
    """Pixels -> mat millimetres from the layout's markers that were found."""
    used = [m for m in layout.markers if m.id in found]
    if len(used) < min_markers:
        return None, [m.id for m in used]
    src = np.concatenate([found[m.id] for m in used]).astype(np.float32)
    dst = np.concatenate([m.corners for m in used]).astype(np.float32)
    h, _ = cv2.findHomography(src, dst, 0)
    return h, [m.id for m in used]


@dataclass
class MatTracker:
    """Keeps each mat's homography, updating it whenever two markers or more show."""

    layouts: list[MatLayout]
    homographies: dict[str, np.ndarray] = field(default_factory=dict)
    seen: dict[str, list[int]] = field(default_factory=dict)

    def update(self, image: np.ndarray) -> dict[str, np.ndarray]:
        found = detect_markers(image)
        for layout in self.layouts:
            h, used = homography(layout, found)
            self.seen[layout.name] = used
            if h is not None:
                self.homographies[layout.name] = h
        return self.homographies

    def calibrated(self) -> bool:
        return all(layout.name in self.homographies for layout in self.layouts)


def to_mat(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Pixels -> mat millimetres."""
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32), h).reshape(-1, 2)


def to_image(h: np.ndarray, points_mm: np.ndarray) -> np.ndarray:
    """Mat millimetres -> pixels."""
    return to_mat(np.linalg.inv(h), points_mm)


def calibration_report(image: np.ndarray, layouts: list[MatLayout]) -> dict:
    """What `companion vision calibrate IMAGE --json` prints."""
    found = detect_markers(image)
    mats = []
    for layout in layouts:
        h, used = homography(layout, found)
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
