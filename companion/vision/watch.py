"""From camera frames to readings: wait for the picture to settle (dice rolling, a
hand laying a card: motion), then read; one roll or one laid card gives one
reading."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from .dataset import Detection
from .dice_reader import DiceReader
from .field_reader import FieldReader, FieldReading
from .settle import SettleDetector
from .teach import Voter


@dataclass
class Reading:
    frame: int  # the index of the frame the reading was completed on
    dice: list[Detection]


def settled_readings(
    frames: Iterable[np.ndarray],
    reader: DiceReader,
    empty: np.ndarray | None = None,
    votes: int = 3,
    detector: SettleDetector | None = None,
) -> Iterator[Reading]:
    """One reading per settled roll: after the picture settles, `votes` still frames
    are read and merged; motion meanwhile (a hand) starts over."""
    detector = detector or SettleDetector()
    voter: Voter | None = None
    for i, image in enumerate(frames):
        state = detector.update(image)
        if state == "moving":
            voter = None
            continue
        if state == "settled":
            voter = Voter()
        if voter is None:
            continue
        voter.add(reader.read(image, empty=empty))
        if len(voter.readings) == votes:
            yield Reading(i, voter.result())
            voter = None


@dataclass
class FieldsReading:
    frame: int
    fields: list[FieldReading]  # one per quad, in order


def settled_fields(
    frames: Iterable[np.ndarray],
    reader: FieldReader,
    quads: list,
    detector: SettleDetector | None = None,
) -> Iterator[FieldsReading]:
    """Every field slot read once the picture has settled after motion: while a
    hand lays a card the picture moves and nothing is read."""
    detector = detector or SettleDetector()
    for i, image in enumerate(frames):
        if detector.update(image) == "settled":
            yield FieldsReading(i, reader.read_all(image, quads))
