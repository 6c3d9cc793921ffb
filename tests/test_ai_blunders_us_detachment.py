"""Blunder class 2 on a small position: the hard United States' task force in Sea Zone 5 waits
for the carrier, destroyer and two submarines bought this turn (placed after the movement,
R-PLACE-1), and sends a detachment to the two submarines that attacked a Japanese one in Sea
Zone 3 and cannot sail on (R-NONCOMBAT-2). Japan's eight carrier fighters in Sea Zone 20
reach both zones. The detachment was sized by the plain look (a carrier and its fighters),
which the blunder counter's look loses; the gathering of stragglers (`repair.Gather`), which
reads that look, then sailed the whole task force to meet it and the new ships were placed
alone. The detachment is now sized by the look the gathering reads: no fleet at risk."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import fleets_at_risk, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.player import ComputerPlayer
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

US, J = Nation.USA, Nation.JAPAN


def test_the_detachment_holds_the_stuck_fleet_by_the_counters_look() -> None:
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, round=6,
                        units={"sz_5": "6 carrier usa, 6 fighter usa, 8 destroyer usa, "
                                       "10 submarine usa, 2 destroyer australia",
                               "sz_3": "2 submarine usa, 1 submarine japan",
                               "sz_20": "4 carrier japan, 8 fighter japan, "
                                        "3 battleship japan, 4 destroyer japan",
                               "marshall_islands": "1 bomber japan",
                               "united_states": "6 infantry usa", "japan": "4 infantry japan"})
    for owner, carrier_of in ((J, "sz_20"), (US, "sz_5")):
        carriers = [u.id for u in st.units.values() if u.type is T.CARRIER
                    and u.owner is owner and u.space == carrier_of]
        fighters = [u.id for u in st.units.values() if u.type is T.FIGHTER
                    and u.owner is owner and u.space == carrier_of]
        for index, fighter in enumerate(fighters):
            st.units[fighter].carried_by = carriers[index // 2]
    for unit in st.units.values():
        if unit.space == "sz_3" and unit.owner is US:
            unit.fought = unit.combat_moved = True
        elif unit.space == "sz_3":
            unit.fought = unit.submerged = True     # it submerged (R-SUB-6)
    st.purchased = {US: {T.CARRIER: 1, T.DESTROYER: 1, T.SUBMARINE: 2}}
    player = ComputerPlayer(game, HARD)
    state = st
    while state.power is Power.US and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    home = [u for u in state.units.values() if u.owner is US and is_sea(u.type)
            and u.space == "sz_5"]
    assert len(home) > 4
    assert fleets_at_risk(turn_of(game, state, Power.US, Judge())) == []
