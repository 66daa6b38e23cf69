"""End to end, the card games: whole synthetic games of Bohnanza and The Duel
played on a synthetic table (cards laid by hand, fields cleared, cards turned
over), filmed by the synthetic camera, read by the field reader taught at that
table, turned into moves by the tracker, judged by the engine, written to the
store, and watched by a phone over a real Socket.IO connection.

The script is what the simulated players did. The ground truth is that script
applied to the engine directly: the table must end in exactly that state (every
field, every coin, the draw and discard piles, the deck cycles), every harvest
in the store's log must pay what the script's harvest paid, and the game must
end where the script's game ends."""

import pytest

from companion.engine.duel import cents as duel_cents
from companion.engine.games import GAMES
from companion.sim.clock import FakeClock
from companion.sim.worlds import CardBots, cards_camera
from companion.store import Store
from companion.tables import TableService

from .helpers import distinct, phone_watching, wait_for_end


def money(state) -> list[int]:
    """Each player's coins (Bohnanza) or dollar cards (The Duel)."""
    return [len(getattr(p, "coins", None) or getattr(p, "dollars", ())) for p in state.players]


def earnings(game, start, actions) -> tuple[object, list[tuple[int, int]]]:
    """Play `actions` on the engine alone: the final state, and every (player, coins
    earned) in order, as the harvests (and the final harvest) paid them."""
    state, paid = start, []
    for action in actions:
        after = GAMES[game].apply(state, action)
        paid += [
            (seat, b - a)
            for seat, (a, b) in enumerate(zip(money(state), money(after), strict=True))
            if b != a
        ]
        state = after
    return state, paid


def play(service, code, seed, steps=20000):
    service.start_game(code)
    start = service.table(code).state
    clock = FakeClock(0.0)
    world, feed, live = cards_camera(service, code, seed=seed, clock=clock)
    bots = CardBots(service, code, 0.0, seed, world, live, clock=clock)
    for _ in range(steps):
        bots.step()
        for _ in range(4):  # the camera at 10 fps
            clock.t += 0.1
            feed.step()
        if service.table(code).state.over:
            break
    return start, bots


def check_against_script(service, store, code, game, start, bots):
    table = service.table(code)
    truth, paid = earnings(game, start, bots.script)
    # The end trigger: the script's game is over, and so is the table's.
    assert truth.over and table.state.over
    # Every field, coin, card in hand, pile and deck cycle as the script has them.
    assert table.state.to_json() == truth.to_json()
    # The store's log replays to it, and its harvests paid what the script's did.
    logged = [GAMES[game].action_from_json(a.action) for a in store.log(table.game_id)]
    replayed, paid_logged = earnings(game, start, logged)
    assert replayed.to_json() == truth.to_json() and paid_logged == paid
    assert sum(n for _, n in paid) == sum(money(truth)) - sum(money(start)) > 0
    # The camera did what it could see: every card laid, field cleared, card turned.
    seen = sum(GAMES[game].field_sightings.sees(a) for a in bots.script)
    by_camera = sum(a.source == "camera" for a in store.log(table.game_id))
    assert by_camera >= seen - 2 * bots.corrections and bots.corrections <= 3
    return truth


@pytest.mark.parametrize(
    ("players", "seed"),
    # classic rules at 3; the two-player bean duel rules
    [
        pytest.param(3, 6, marks=pytest.mark.long(94)),
        pytest.param(2, 8, marks=pytest.mark.long(41)),
    ],
)
def test_a_whole_bohnanza_game_through_the_camera_while_a_phone_watches(tmp_path, players, seed):
    store = Store(tmp_path / "bohnanza.db")
    service = TableService(store)
    code = service.open_table("bohnanza", players, {"knowledge": "known", "seed": seed})
    try:
        with phone_watching(service, code) as states:
            start, bots = play(service, code, seed)
            truth = check_against_script(service, store, code, "bohnanza", start, bots)
            view = wait_for_end(states)
        # The deck cycles: the game ended on the rules' last exhaustion of the deck,
        # reshuffled after every one before it (classic: 3; the bean duel rules: 1).
        assert truth.exhaustions == truth.rules.exhaustions_to_end
        assert truth.shuffles == truth.exhaustions - 1
        # The phone saw it all: the deck cycles and the end, every player's coins,
        # and every harvest's coins as they were paid, one after another.
        assert view["forecast"]["exhaustions"] == truth.exhaustions
        assert [p["coins"] for p in view["players"]] == money(truth)
        assert view["winners"] is not None
        script_money, state = [money(start)], start
        for action in bots.script:
            state = GAMES["bohnanza"].apply(state, action)
            script_money.append(money(state))
        seen_money = [[p["coins"] for p in s["view"]["players"]] for s in states if s["view"]]
        assert distinct(seen_money) == distinct(script_money)
    finally:
        store.close()


@pytest.mark.long(44)
def test_a_whole_duel_through_the_camera_while_a_phone_watches(tmp_path):
    store = Store(tmp_path / "duel.db")
    service = TableService(store)
    code = service.open_table("duel", 2, {"knowledge": "known", "seed": 4})
    try:
        with phone_watching(service, code) as states:
            start, bots = play(service, code, 4)
            truth = check_against_script(service, store, code, "duel", start, bots)
            view = wait_for_end(states)
        # What the phone last received is the script's end: the game over, every
        # player's dollars as the script's harvests and bo(h)nus cards paid.
        for seat, player in enumerate(truth.players):
            assert view["players"][seat]["dollar_pile"] == len(player.dollars)
            assert view["players"][seat]["dollars"] == duel_cents(truth, seat) / 100
        assert len(states) > 100  # an update for every move, live
    finally:
        store.close()
