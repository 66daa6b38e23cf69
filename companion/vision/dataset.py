"""The dice dataset format (shared/data/dice-real): `classes.txt` (a face name a
line), `NAME.jpg|png` with `NAME.txt` (a die a line: `CLASS CX CY W H`, fractions of
the image), and the scoring its README defines (centre rule, nearest first)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


@dataclass(frozen=True)
class Box:
    face: int  # class index
    cx: float  # pixels
    cy: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return abs(x - self.cx) <= self.w / 2 and abs(y - self.cy) <= self.h / 2

    def yolo(self, width: int, height: int) -> str:
        return (
            f"{self.face} {self.cx / width:.6f} {self.cy / height:.6f} "
            f"{self.w / width:.6f} {self.h / height:.6f}"
        )


@dataclass
class Sample:
    path: Path
    boxes: list[Box]

    def image(self) -> np.ndarray:
        img = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"can't read the image {self.path}")
        return img


def read_classes(folder: str | Path) -> list[str]:
    path = Path(folder) / "classes.txt"
    if not path.exists():
        raise ValueError(f"{folder}: no classes.txt (a face name a line)")
    names = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    if not names:
        raise ValueError(f"{path} is empty")
    return names


def read_dataset(folder: str | Path) -> tuple[list[str], list[Sample]]:
    """classes and samples of a folder; a label line that is not five numbers, or a
    class out of range, is an error that names the file and line."""
    folder = Path(folder)
    classes = read_classes(folder)
    samples = []
    for img in sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        label = img.with_suffix(".txt")
        boxes: list[Box] = []
        if label.exists():
            size = cv2.imread(str(img), cv2.IMREAD_REDUCED_GRAYSCALE_2)
            if size is None:
                raise ValueError(f"can't read the image {img}")
            height, width = size.shape[0] * 2, size.shape[1] * 2
            for n, line in enumerate(label.read_text().splitlines(), 1):
                if not line.strip():
                    continue
                parts = line.split()
                try:
                    face, cx, cy, w, h = int(parts[0]), *map(float, parts[1:5])
                    if len(parts) != 5:
                        raise ValueError
                except (ValueError, IndexError):
                    raise ValueError(f"{label}:{n}: expected 'CLASS CX CY W H'") from None
                if not 0 <= face < len(classes):
                    raise ValueError(f"{label}:{n}: class {face} is not in classes.txt")
                boxes.append(Box(face, cx * width, cy * height, w * width, h * height))
        samples.append(Sample(img, boxes))
    return classes, samples


@dataclass(frozen=True)
class Detection:
    cx: float
    cy: float
    w: float
    h: float
    face: int  # class index
    confidence: float  # 0..1: how sure the face is (softmax share of the faces' scores)
    dieness: float = 1.0  # how sure it is a die at all


def match(labels: list[Box], found: list[Detection]) -> list[tuple[int, int]]:
    """Pairs (label index, detection index) by the centre rule, nearest centres first,
    each at most once."""
    pairs = []
    for i, b in enumerate(labels):
        for j, d in enumerate(found):
            if b.contains(d.cx, d.cy) or (
                abs(b.cx - d.cx) <= d.w / 2 and abs(b.cy - d.cy) <= d.h / 2
            ):
                pairs.append(((b.cx - d.cx) ** 2 + (b.cy - d.cy) ** 2, i, j))
    pairs.sort()
    used_l, used_d, out = set(), set(), []
    for _, i, j in pairs:
        if i not in used_l and j not in used_d:
            used_l.add(i)
            used_d.add(j)
            out.append((i, j))
    return out


def score(results: list[tuple[list[Box], list[Detection]]]) -> dict[str, float]:
    labels = detections = matched = right = 0
    for boxes, found in results:
        pairs = match(boxes, found)
        labels += len(boxes)
        detections += len(found)
        matched += len(pairs)
        right += sum(1 for i, j in pairs if boxes[i].face == found[j].face)
    return {
        "labels": labels,
        "detections": detections,
        "recall": matched / labels if labels else 1.0,
        "precision": matched / detections if detections else 1.0,
        "face_accuracy": right / matched if matched else 0.0,
    }
