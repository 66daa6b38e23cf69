"""From camera frames to dice readings: wait for the picture to settle, read a few
still frames, and merge them (voting), so that one roll gives one reading."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from .dataset import Detection
from .dice_reader import DiceReader
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
