"""Teach mode, voting across frames, and reading dice on a calibrated mat.

Teach mode: the player shows the reader their own dice. First a picture of the
empty rolling area; then, face by face, the player turns every die to that face
(or rolls and says which face each die shows) and the reader takes the dice it
sees against the empty table as examples, until it has enough of every face. It
needs no knowledge of the dice or the table: the difference from the empty
picture finds the dice."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .dataset import Box, Detection, Sample
from .dice_reader import DiceReader, dice_against_empty


class PathlessSample(Sample):
    """A sample held in memory (teach mode has no files)."""

    def __init__(self, image: np.ndarray, boxes: list[Box]) -> None:
        super().__init__(path=None, boxes=boxes)  # type: ignore[arg-type]
        self._image = image

    def image(self) -> np.ndarray:
        return self._image


@dataclass
class TeachMode:
    classes: list[str]
    empty: np.ndarray
    target: int = 15  # crops per face wanted (10-20 is enough)
    samples: list[Sample] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)

    def add(self, frame: np.ndarray, face: int) -> int:
        """A still picture with every die showing `face`: returns how many dice it
        took from it."""
        if not 0 <= face < len(self.classes):
            raise ValueError(f"face {face} is not one of {self.classes}")
        dice = dice_against_empty(frame, self.empty)
        room = self.target - self.counts.get(face, 0)
        taken = dice[: max(room, 0)]
        if taken:
            boxes = [Box(face, cx, cy, side, side) for cx, cy, side in taken]
            self.samples.append(PathlessSample(frame, boxes))
            self.counts[face] = self.counts.get(face, 0) + len(taken)
        return len(taken)

    def progress(self) -> dict[str, float]:
        """Per face, the share of the wanted crops collected (for the phone)."""
        return {
            name: min(self.counts.get(i, 0) / self.target, 1.0)
            for i, name in enumerate(self.classes)
        }

    def done(self) -> bool:
        return all(v >= 1.0 for v in self.progress().values())

    def reader(self) -> DiceReader:
        if not self.done():
            missing = [n for n, v in self.progress().items() if v < 1.0]
            raise ValueError(f"teach mode still needs dice showing: {', '.join(missing)}")
        return DiceReader.enrol(self.classes, self.samples, per_face=self.target, empty=self.empty)


@dataclass
class Voter:
    """Several readings of one settled roll, merged: the dice are matched by place,
    each die's face is the one most readings gave, and its confidence the mean
    confidence of those readings times their share."""

    radius: float = 20.0
    readings: list[list[Detection]] = field(default_factory=list)

    def add(self, found: list[Detection]) -> None:
        self.readings.append(found)

    def result(self) -> list[Detection]:
        clusters: list[list[Detection]] = []
        for found in self.readings:
            for d in found:
                for cl in clusters:
                    if np.hypot(cl[0].cx - d.cx, cl[0].cy - d.cy) < self.radius:
                        cl.append(d)
                        break
                else:
                    clusters.append([d])
        out = []
        n = len(self.readings)
        for cl in clusters:
            if len(cl) * 2 <= n:
                continue  # seen in half the frames or fewer: not a die at rest
            faces = [d.face for d in cl]
            face = max(set(faces), key=faces.count)
            agreeing = [d for d in cl if d.face == face]
            conf = float(np.mean([d.confidence for d in agreeing])) * len(agreeing) / n
            first = agreeing[0]
            out.append(
                Detection(
                    float(np.mean([d.cx for d in cl])),
                    float(np.mean([d.cy for d in cl])),
                    first.w,
                    first.h,
                    face,
                    conf,
                    first.dieness,
                )
            )
        return out
