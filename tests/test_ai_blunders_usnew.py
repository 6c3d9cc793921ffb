"""Blunder class 2 at its source, the task force's move: new ships appear after the fleet has
moved (R-PLACE-1). The hard United States' task force in Sea Zone 5 sailed, and the carrier,
destroyer and submarines bought that turn were placed there alone, where Japan's carrier
fighters sank all but the submarines (which aircraft cannot hit, R-SUB-5: the plain look read
them holding). A home guard (the fewest ships that make the new ones hold by the priced look,
`Turn.priced`; the rest sails) was measured and not kept (docs/ai-journal.md, "The United States'
new ships in Sea Zone 5"): a strict expected failure. The hard task force waits whole instead,
reading its wait for the new ships by the priced look (`fleet.new_ships_look`)."""

from __future__ import annotations

import pytest
from scenario import aboard, scenario

from pacific.ai.blunders import LOST
from pacific.ai.fleet import FleetMove, new_ships
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

US = Nation.USA


def _position() -> tuple[Game, GameState, Turn]:
    """Four destroyers and two battleships in Sea Zone 5, drawn west; a carrier, a destroyer
    and two submarines bought; four Japanese carrier fighters in Sea Zone 22 reach Sea Zone 5."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, round=5,
                        units={"sz_5": "4 destroyer usa, 2 battleship usa",
                               "sz_22": "2 carrier japan, 4 fighter japan",
                               "united_states": "6 infantry usa",
                               "japan": "4 infantry japan"})
    aboard(st, "sz_22", "carrier", "fighter", Nation.JAPAN)
    st.purchased = {US: {T.CARRIER: 1, T.DESTROYER: 1, T.SUBMARINE: 2}}
    turn = Turn(game, st, HARD, Judge())
    return game, st, turn


@pytest.mark.xfail(strict=True, reason="the task force waits whole for the new ships that "
                   "Japan's carrier fighters would sink alone (R-PLACE-1, R-SUB-5)")
def test_the_task_force_leaves_a_guard_for_the_ships_bought_this_turn() -> None:
    """Four destroyers and two battleships in Sea Zone 5, drawn west; a carrier, a destroyer
    and two submarines bought; four Japanese carrier fighters in Sea Zone 22 reach Sea Zone 5.
    Some ships stay, the new ones hold with them by the priced look, and the rest sails."""
    game, st, turn = _position()
    step = FleetMove(turn, "sz_5", {"hawaiian_islands": 100.0, "japan": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    home = [u for u in state.units.values() if u.owner is US and u.space == "sz_5"
            and is_sea(u.type)]
    sailed = [u for u in state.units.values() if u.owner is US and is_sea(u.type)
              and u.space != "sz_5"]
    assert sailed
    after = Turn(game, state, HARD, Judge()).priced()
    new = new_ships(after, US, "sz_5")
    assert after.danger("sz_5", defenders=[*(moved(u, "sz_5") for u in home), *new]) < LOST


def test_the_task_force_waits_for_new_ships_that_the_priced_look_sinks_alone() -> None:
    """The same position: alone in Sea Zone 5 the new carrier and destroyer are sunk by the
    carrier fighters and the submarines are left (R-SUB-5), a battle the plain look reads as
    held and the priced look (the one the purchase bought them by) as lost (R-NAVAL-4 E). The
    hard United States' task force waits for them, and they hold together."""
    game, st, turn = _position()
    priced = turn.priced()
    assert priced.danger("sz_5", defenders=new_ships(priced, US, "sz_5")) >= LOST
    step = FleetMove(turn, "sz_5", {"hawaiian_islands": 100.0, "japan": 100.0})
    assert step.plan(game, turn) == []
    ships = [u for u in st.units.values() if u.owner is US and is_sea(u.type)]
    assert priced.danger("sz_5", defenders=[*ships, *new_ships(priced, US, "sz_5")]) < LOST
