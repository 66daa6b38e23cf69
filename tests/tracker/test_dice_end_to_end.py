"""End to end, the dice game: a whole game of Das Würfelspiel played on the
synthetic dice mat (dice thrown, saved to the bean field, the next player's
throw), filmed by the synthetic camera, read by the dice reader taught at that
table, turned into moves by the tracker, judged by the engine, written to the
store, and watched by a phone over a real Socket.IO connection.

The script is what the simulated players truly did: every throw's faces as the
dice landed, every save, the bean piece passed, the harvests done on the phone.
The ground truth is that script played on the engine alone: the table's log must
say the same thing move by move, every player's check after every move must be
the script's, and the game must end where and as the script's does."""

import pytest

from companion.engine.dice import actions as da
from companion.engine.games import GAMES
from companion.sim.clock import FakeClock
from companion.sim.worlds import CameraBots, dice_camera
from companion.store import Store
from companion.tables import TableService

from .helpers import distinct, phone_watching, wait_for_end

DICE = GAMES["dice"]


def told(start, log) -> list[tuple]:
    """The table's log in the script's words."""
    state, out = start, []
    kinds = [d.kind for d in start.dice.dice]
    for action in log:
        after = DICE.apply(state, action)
        if isinstance(action, da.Roll | da.RepeatRoll):
            how = "roll" if isinstance(action, da.Roll) else "repeat"
            out.append((how, tuple(sorted((after.faces[i], kinds[i]) for i in after.rolled))))
        elif isinstance(action, da.Save):
            out.append(("save", tuple(sorted(state.faces[i] for i in action.dice))))
        elif isinstance(action, da.PassPiece):
            out.append(("pass",))
        else:
            out.append(("phone", action))
        state = after
    return out


def truth(start, script) -> tuple[object, list]:
    """The script played on the engine alone: the end state, and every player's
    (completed orders, dollars) after every move. Dice of a kind are alike: a
    throw's faces go to the thrown dice kind by kind."""
    state, checks = start, []
    kinds = [d.kind for d in start.dice.dice]
    for entry in script:
        if entry[0] in ("roll", "repeat"):
            thrown = [i for i, s in enumerate(state.saved) if not s]
            if entry[0] == "repeat":
                thrown = list(state.rolled)
            landed = list(entry[1])
            faces = []
            for i in thrown:
                face = next(f for f, k in landed if k == kinds[i])
                landed.remove((face, kinds[i]))
                faces.append(face)
            cls = da.Roll if entry[0] == "roll" else da.RepeatRoll
            action = cls(state.active, tuple(faces))
        elif entry[0] == "save":
            left, dice = list(entry[1]), []
            for i in state.rolled:
                if state.faces[i] in left:
                    left.remove(state.faces[i])
                    dice.append(i)
            action = da.Save(state.active, tuple(dice))
        elif entry[0] == "pass":
            action = da.PassPiece(state.active)
        else:
            action = entry[1]
        state = DICE.apply(state, action)
        checks.append([(p.completed, p.total) for p in state.players])
    return state, checks


@pytest.mark.long(26)
def test_a_whole_dice_game_through_the_camera_while_a_phone_watches(tmp_path):
    store = Store(tmp_path / "dice.db")
    service = TableService(store)
    code = service.open_table("dice", 2, {"knowledge": "known", "seed": 11})
    try:
        with phone_watching(service, code) as states:
            service.start_game(code)
            start = service.table(code).state
            clock = FakeClock(0.0)
            world, feed, live = dice_camera(service, code, seed=11, clock=clock)
            bots = CameraBots(service, code, 0.0, 11, world, live, clock=clock)
            for _ in range(3000):
                bots.step()
                for _ in range(12):  # the camera at 10 fps: tumbling, then still
                    clock.t += 0.1
                    feed.step()
                if service.table(code).state.over:
                    break
            view = wait_for_end(states)
        table = service.table(code).state
        # Move by move, the table's log says what the players truly did: every
        # throw's faces, every save, the piece passed, the harvests.
        logged = [DICE.action_from_json(a.action) for a in store.log(service.table(code).game_id)]
        assert bots.corrections == 0
        assert told(start, logged) == bots.script
        # The end trigger: a player reached 10 dollars, the final round was played.
        end, checks = truth(start, bots.script)
        assert end.over and table.over and end.final is not None
        # Every player's check after every move, and the end, as the script's.
        _, table_checks = truth(start, told(start, logged))
        assert table_checks == checks
        assert [p.to_json() for p in table.players] == [p.to_json() for p in end.players]
        assert table.final == end.final
        # The phone last saw the game over, every player's orders and dollars.
        assert [(p["completed"], p["dollars"]) for p in view["players"]] == checks[-1]
        assert view["final"] == end.final and view["winners"] is not None
        # ...and every check as it happened, one update after another.
        seen = [
            [(p["completed"], p["dollars"]) for p in s["view"]["players"]]
            for s in states
            if s["view"]
        ]
        assert distinct(seen) == distinct([[(0, 0)] * 2, *checks])
        assert sum(a.source == "camera" for a in store.log(service.table(code).game_id)) > 100
    finally:
        store.close()
