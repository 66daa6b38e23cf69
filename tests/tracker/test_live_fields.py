"""The card table's camera side (LiveFields) with a hand over the table: a hand
that lays a card and stays there, still, is not read; the card is, once the hand
has gone."""

from companion.demo import cards_camera
from companion.store import Store
from companion.tables import TableService

from .helpers import Clock


def test_a_hand_resting_over_a_field_is_not_read_the_card_it_laid_is():
    store = Store(":memory:")
    service = TableService(store)
    code = service.open_table("bohnanza", 3, {"knowledge": "known", "seed": 5})
    service.start_game(code)
    clock = Clock()
    world, _feed, live = cards_camera(service, code, seed=5, clock=clock)
    table = world.table
    dealt = table.look()  # (every look is another photograph: take each once)
    assert [live.frame(dealt) is not None for _ in range(3)] == [False, True, False]
    state = service.table(code).state
    seat, card = state.active, state.players[state.active].hand[0]
    n = service.table(code).next_n
    # The player lays the first card of the hand in field 1 and leaves the hand on it.
    slot = table.slot(seat, 0)
    table.columns[slot] = [card]
    held = table.reaching(slot)
    for _ in range(8):  # 0.8 s of a hand held still over the table
        assert live.frame(held) is None
    assert service.table(code).next_n == n and service.snapshot(code)["notices"] == []
    # The hand goes: the card planted, read once.
    planted = table.look()
    outcomes = [live.frame(planted) for _ in range(3)]
    assert [o is not None for o in outcomes] == [False, True, False]
    after = service.table(code).state
    assert after.players[seat].fields[0] == (card,)
    assert service.snapshot(code)["notices"] == []
    store.close()
