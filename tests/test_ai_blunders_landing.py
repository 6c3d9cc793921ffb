"""Aircraft sent to a battle that declare their landing on a carrier the non-combat movement
will not bring (R-AIR-3: an aircraft with no place to land at the end of non-combat movement
is lost): the careful combat movement counts only the decks that will come."""

from __future__ import annotations

from scenario import scenario, u

from pacific.ai.combat_move import combat_steps
from pacific.ai.fleet import deck_lost
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.stacks import my_stacks
from pacific.ai.steps import MoveStep
from pacific.ai.turn import Turn
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

J = Nation.JAPAN


def _off_midway() -> tuple[Game, GameState]:
    """Japan's combat movement: two carriers off Midway (sz_20) with two fighters each; two
    American destroyers in sz_3, which the fighters reach only to land after in sz_10, next
    to the American fleet off Hawaii (sz_9) and the battleships off the United States."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, players=2,
                        units={"sz_20": "2 carrier japan, 4 fighter japan",
                               "sz_3": "2 destroyer usa",
                               "sz_9": "2 carrier usa, 3 fighter usa, 5 submarine usa",
                               "sz_5": "2 battleship usa",
                               "united_states": "2 fighter usa, 3 infantry usa",
                               "hawaiian_islands": "2 infantry usa",
                               "japan": "4 infantry japan"})
    for zone in ("sz_20", "sz_9"):
        carriers = u(st, zone, T.CARRIER)
        for i, fighter in enumerate(u(st, zone, T.FIGHTER)):
            st.units[fighter].carried_by = carriers[i // 2]     # two to a deck (R-CARRIER-1)
    return game, st


def test_no_fighter_counts_on_a_carrier_that_would_not_sail_to_it() -> None:
    """The only landing after attacking sz_3 is a carrier sailing to sz_10, where the enemy
    sinks it with the fighters: the careful non-combat movement sends no deck there
    (`deck_lost`), so the combat movement sends no fighter to land there."""
    game, st = _off_midway()
    turn = Turn(game, st, HARD, Judge())
    carrier = st.units[u(st, "sz_20", T.CARRIER)[0]]
    assert deck_lost(turn, carrier, "sz_10")
    steps, _, _ = combat_steps(turn, my_stacks(game, st))
    landings = {step.target.action.landing for step in steps if isinstance(step, MoveStep)
                and step.target is not None and isinstance(step.target.action, Move)
                and st.units[step.ids[0]].type is T.FIGHTER}
    assert "sz_10" not in landings
