"""From a stream of frames to one reading per roll."""

from companion.sim.dice_scenes import BEANS, RollingTable, render_scene
from companion.vision.dataset import match
from companion.vision.teach import TeachMode
from companion.vision.watch import settled_readings


def test_one_reading_per_roll_once_the_dice_rest():
    table = RollingTable(seed=3, size=(640, 480), moving=4, resting=8, die_px=36)
    empty = table.empty()
    # Teach at this table first.
    teach = TeachMode(list(BEANS), empty, target=10)
    for face in range(len(BEANS)):
        while teach.progress()[BEANS[face]] < 1.0:
            scene = render_scene(
                table.rng,
                table.size,
                faces=[face] * 5,
                hand=False,
                die_px=36,
                table=table.table,
                camera_seed=table.camera_seed,
            )
            teach.add(scene.image, face)
    reader = teach.reader()
    rolls = 5
    frames = (table.frame(i) for i in range(rolls * table.period))
    readings = list(settled_readings(frames, reader, empty=empty))
    assert len(readings) == rolls  # no reading while tumbling, one per rest
    found = right = 0
    for r in readings:
        truth = table.truth(r.frame)
        assert truth is not None  # read only from still frames
        pairs = match(truth, r.dice)
        found += len(pairs)
        right += sum(truth[i].face == r.dice[j].face for i, j in pairs)
        assert len(r.dice) == len(truth)
    assert found == 5 * rolls
    assert right >= 0.8 * found
