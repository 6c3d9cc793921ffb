"""Blunder class 2 on a small position: a task force of the hard Japan that is not its main
fleet (a battleship and a destroyer in Sea Zone 45, beside four American fighters on New
Britain and two bombers on New Guinea) which a destroyer joined this phase with one move left
(the round-2 raider of Sea Zone 44: the task forces move in their zones' order). The joiner's
move bounded where the whole force could sail, and it sailed where the plain look held it (in
the game read, Sea Zone 45 beside the transports; Sea Zone 37 here), which the blunder
counter's look loses. The careful Japan leaves the joiner where it is and sails the rest to
Sea Zone 36, where that look holds it, as its main fleet does
(`fleet.FleetMove._joiners_left`); in its opening (rounds 1-2) and at the normal level the
force keeps its joiner as before."""

from __future__ import annotations

from scenario import scenario, u

from pacific.ai.blunders import counter_look
from pacific.ai.fleet import FleetMove, force_lost
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.noncombat import fleet_goals
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

UNITS = {"sz_45": "1 battleship japan, 2 destroyer japan",
         "sz_22": "3 battleship japan, 4 carrier japan, 5 destroyer japan",
         "new_britain": "4 fighter usa", "new_guinea": "2 bomber usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _plan(level: Level, round: int) -> tuple[list[tuple[tuple[int, ...], str]], int, Turn]:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        round=round, units=UNITS)
    joiner = u(st, "sz_45", "destroyer", Nation.JAPAN)[0]
    st.units[joiner].moves_used = 1
    st.units[joiner].noncombat_moved = True
    turn = Turn(game, st, level, Judge())
    return FleetMove(turn, "sz_45", fleet_goals(turn)).plan(game, turn), joiner, turn


def test_a_task_force_leaves_the_joiner_that_bounds_its_reach() -> None:
    plan, joiner, turn = _plan(HARD, 3)
    assert {zone for _, zone in plan} == {"sz_36"}
    assert joiner not in {i for ids, _ in plan for i in ids}
    rest = [turn.state.units[i] for ids, _ in plan for i in ids]
    assert len(rest) == 2
    assert not force_lost(counter_look(turn), "sz_36", rest)


def test_the_opening_and_the_normal_level_keep_the_force_with_its_joiner() -> None:
    for level, round in ((HARD, 2), (NORMAL, 3)):
        plan, joiner, turn = _plan(level, round)
        zones = {zone for _, zone in plan} or {"sz_45"}
        assert len(zones) == 1, (level, round, plan)
        zone = zones.pop()
        assert zone == "sz_45" or joiner in {i for ids, _ in plan for i in ids}
        force = [x for x in turn.state.units.values() if x.space == "sz_45"]
        assert force_lost(counter_look(turn), zone, force), (level, round, zone)
