"""Blunder class 2 on small positions: the warships the United States buy appear at the
capital's coast after their fleet has moved (R-PLACE-1). Where Japan's fleet can stand next to
them after its next move, they hold the turn they are placed and are caught the next (the
rest of the fleet sails where the goals are): the hard level buys aircraft instead."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.purchase import plan_purchase
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

US = Nation.USA


def _bought(japans_fleet_at: str) -> dict[T, int]:
    """The United States' purchase with 60 IPC, a destroyer off their coast (Sea Zone 5) and
    Japan's fleet (three battleships, two carriers with four fighters, two destroyers) in
    ``japans_fleet_at``."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE,
                        units={"united_states": "4 infantry usa", "sz_5": "1 destroyer usa",
                               japans_fleet_at: "3 battleship japan, 2 carrier japan, "
                                                "4 fighter japan, 2 destroyer japan",
                               "japan": "4 infantry japan"},
                        treasury={US: 60})
    return plan_purchase(Turn(game, st, HARD, Judge()), US)


def test_the_united_states_buy_no_warships_that_japans_fleet_catches_the_turn_after() -> None:
    """Japan's fleet in Sea Zone 20, three zones from Sea Zone 5: out of reach of the new
    ships next turn, next to them the turn after, when every zone they can reach is in its
    reach too. The destroyer there is no screen the purchase counted: it may sail. No warship
    is bought; the money goes to aircraft."""
    bought = _bought("sz_20")
    assert not any(is_sea(t) for t in bought)
    assert bought.get(T.FIGHTER, 0) > 0


def test_the_united_states_buy_warships_where_japans_fleet_is_two_turns_away() -> None:
    """The same fleet six zones away (Sea Zone 37): it outweighs the American ships within
    reach of their home waters, and the new warships have a turn to join the fleet."""
    assert any(is_sea(t) and t is not T.TRANSPORT for t in _bought("sz_37"))

