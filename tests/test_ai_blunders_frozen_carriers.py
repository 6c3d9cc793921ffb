"""Blunder class 2 at its source in the hard Allies' task forces: a carrier on which a fighter
has landed this turn may not move (R-CARRIER-5). A task force read where a group of identical
ships can sail from the group's first ship (`fleet.FleetMove`): seed 31's eight American
carriers, five of them decks for the fighters back from Japan, were read free from the first,
the task force was sent where the priced look holds it with them, and the destroyers and
submarines sailed there alone (256 IPC at 1.00). The careful Allies read the whole group
(`us_fleet.group_reach`). docs/ai-journal.md."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def _plan(level: Level) -> tuple[set[int], set[int]]:
    """Two American carriers, two destroyers and four submarines in Sea Zone 22, a fighter
    landed this turn on the second carrier: the ids the task force sends, and the carriers'."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, round=10,
                        units={"sz_22": "2 carrier usa, 2 destroyer usa, 4 submarine usa",
                               "japan": "4 infantry japan", "united_states": "4 infantry usa"})
    carriers = sorted(u.id for u in st.units.values() if u.type is UnitType.CARRIER)
    st = st.model_copy(update={"frozen_carriers": [carriers[1]]})
    turn = Turn(game, st, level, Judge())
    plan = FleetMove(turn, "sz_22", {"japan": 100.0}).plan(game, turn)
    return {i for ids, _ in plan for i in ids}, set(carriers)


def test_the_hard_task_force_sails_without_the_carriers_that_cannot() -> None:
    sent, carriers = _plan(HARD)
    assert sent
    assert not sent & carriers


def test_the_normal_task_force_reads_the_first_ship_as_before() -> None:
    sent, carriers = _plan(NORMAL)
    assert carriers <= sent
