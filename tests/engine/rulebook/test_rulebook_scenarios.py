"""Rule scenarios written by an independent audit from the rulebooks and
GAME-DATA.md alone (not from the engine's code): each a named scenario that
sets up a position, plays the rulebook's move and checks what the text says
(the rulebooks' own examples where they have them); a move the rules forbid must
be a RuleError that leaves the state unchanged."""

import pytest

from . import scen_bohnanza, scen_dice, scen_duel, scen_extra, scen_extra2  # noqa: F401
from .harness import SCENARIOS


@pytest.mark.parametrize(("name", "scenario"), SCENARIOS, ids=[n for n, _ in SCENARIOS])
def test_a_rulebook_scenario(name, scenario):
    scenario()
