"""Blunder class 2 at its source, on small positions: the hard Japan's purchase buys no
warships to match the enemy's fleet while its own main fleet is beyond a move of the waters
off Japan, where they would be placed (R-PLACE-1) and picked off alone before they could join
it; with the main fleet near home it buys them as before."""

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

J = Nation.JAPAN


def _bought(main_fleet_at: str) -> dict[T, int]:
    """Japan's purchase with its fleet (two battleships and a carrier with two fighters) in
    ``main_fleet_at`` while the United States' fleet (four battleships, two carriers) stands
    off Hawaii (Sea Zone 10): in reach of Japan's waters within a few turns, the enemy fleet
    outweighs Japan's, and ships placed off Japan would not be sunk at once."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE,
                        units={main_fleet_at: "2 battleship japan, 1 carrier japan, "
                                              "2 fighter japan",
                               "sz_10": "4 battleship usa, 2 carrier usa",
                               "japan": "8 infantry japan, 2 fighter japan",
                               "united_states": "4 infantry usa"},
                        treasury={J: 40})
    carrier = next(u for u in st.units.values() if u.type is T.CARRIER and u.owner is J)
    for unit in st.units.values():
        if unit.type is T.FIGHTER and unit.space == main_fleet_at:
            unit.carried_by = carrier.id
    return plan_purchase(Turn(game, st, HARD, Judge()), J)


def test_japan_buys_no_lone_warships_while_its_main_fleet_is_off_the_american_coast() -> None:
    """Japan's fleet is off the American coast (Sea Zone 5), far more than a move from Japan:
    warships placed off Japan could not join it and the American fleet outweighs them; the
    money goes to land units and aircraft. With the fleet in Sea Zone 36, off Japan, the same
    purchase buys warships for it."""
    away = _bought("sz_5")
    home = _bought("sz_36")
    assert not any(is_sea(t) and t is not T.TRANSPORT for t in away), away
    assert any(is_sea(t) and t is not T.TRANSPORT for t in home), home
