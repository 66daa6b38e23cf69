"""Fixtures the tracker tests share."""

import pytest

from companion.sim.dice_scenes import BEANS, DiceMatTable
from companion.vision.teach import TeachMode


@pytest.fixture(scope="module")
def mat_and_reader():
    mat = DiceMatTable(seed=5)
    empty = mat.empty()
    teach = TeachMode(list(BEANS), empty, target=12)
    for face in range(len(BEANS)):
        while teach.progress()[BEANS[face]] < 1.0:
            teach.add(mat.teaching(face), face)
    return mat, empty, teach.reader()
