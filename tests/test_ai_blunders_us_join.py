"""Blunder class 2 on a small position: the hard United States' task force, held home by the
ships bought this turn (placed after the movement, R-PLACE-1), sends to a fleet stuck after a
battle (R-NONCOMBAT-2) only the ships it needs there; the rest waits for the new ships."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import LOST, fleets_at_risk, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

US, J = Nation.USA, Nation.JAPAN


def test_the_task_force_held_home_by_new_ships_sends_a_detachment_to_a_stuck_fleet() -> None:
    """Two submarines that sank a Japanese one in Sea Zone 3 cannot sail on; five bombers on
    Wake reach them (by the plain look the join reads). The task force in Sea Zone 5 waits for
    the destroyer and submarine bought this turn, which Japan's carrier fighters in Sea Zone
    22 would sink alone there. The whole force joined the submarines and the new ships were
    placed alone; now a battleship joins them and the rest stays: no fleet at risk."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, round=10,
                        units={"sz_5": "4 battleship usa, 2 carrier usa, 10 destroyer usa, "
                                       "6 submarine usa",
                               "sz_3": "2 submarine usa",
                               "sz_22": "4 carrier japan, 8 fighter japan, "
                                        "3 battleship japan, 4 destroyer japan",
                               "wake": "5 bomber japan", "united_states": "6 infantry usa",
                               "japan": "4 infantry japan"})
    carriers = [u.id for u in st.units.values() if u.type is T.CARRIER and u.owner is J]
    fighters = [u.id for u in st.units.values() if u.type is T.FIGHTER]
    for index, fighter in enumerate(fighters):
        st.units[fighter].carried_by = carriers[index // 2]
    for unit in st.units.values():
        if unit.space == "sz_3":
            unit.fought = unit.combat_moved = True
    st.purchased = {US: {T.DESTROYER: 1, T.SUBMARINE: 1}}
    assert Turn(game, st, HARD, Judge()).danger("sz_3") >= LOST
    player = ComputerPlayer(game, HARD)
    state = st
    while state.power is Power.US and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    assert sum(1 for u in state.units.values() if u.owner is US and is_sea(u.type)
               and u.space == "sz_3") > 2
    assert sum(1 for u in state.units.values() if u.owner is US and is_sea(u.type)
               and u.space == "sz_5") > 2
    assert fleets_at_risk(turn_of(game, state, Power.US, Judge())) == []
