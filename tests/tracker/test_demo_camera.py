"""The dice demo's whole stack without a server: simulated players throw and save
synthetic dice, the synthetic camera films them, the reader and tracker tell the
table; the game moves on by what the camera saw."""

from companion.sim.clock import FakeClock
from companion.sim.worlds import CameraBots, dice_camera

from .helpers import ending_the_game_while_read


def test_the_dice_demo_plays_through_the_camera(store, service):
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 11})
    service.start_game(code)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=11, clock=clock)
    bots = CameraBots(service, code, 0.0, 11, world, live, clock=clock)
    for _ in range(60):
        bots.step()
        for _ in range(12):  # the camera at 10 fps: tumbling, then still
            clock.t += 0.1
            feed.step()
    state = service.table(code).state
    log = store.log(service.table(code).game_id)
    assert state.turn >= 3 and state.rolls >= 6
    assert {a.source for a in log} <= {"camera", "demo"}
    assert sum(a.source == "camera" for a in log) >= 10
    # A misread now and then is corrected by the player on the phone.
    assert bots.corrections <= 2
    store.close()


def test_a_roll_read_while_a_phone_ends_the_game_is_no_illegal_move(store, service):
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 11})
    service.start_game(code)
    clock = FakeClock(0.0)
    world, feed, live = dice_camera(service, code, seed=11, clock=clock)
    bots = CameraBots(service, code, 0.0, 11, world, live, clock=clock)
    for _ in range(12):  # the camera looks at the dice lying before the first throw
        clock.t += 0.1
        feed.step()
    assert bots.step() and service.table(code).state.step == "roll"  # thrown, not read
    ending_the_game_while_read(live, service, code)
    for _ in range(12):
        clock.t += 0.1
        feed.step()
    assert service.table(code).state.over
    assert [n for n in service.snapshot(code)["notices"] if n["kind"] == "illegal"] == []
    store.close()
