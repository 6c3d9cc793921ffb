"""Two kamikaze tokens at one ship, seen in the window: the log names that ship once
(R-KAMI-5, R-KAMI-6, OQ3-4)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from pacific.gui.app import new_controller
from pacific.rules.actions.combat import Kamikaze, SelectBattle
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text.decisions import describe_action
from tests.gui_helpers import make_window


def test_two_tokens_at_one_destroyer_name_one_destroyer(qtbot: QtBot, tmp_path: Path) -> None:
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, size=(1024, 700))
    state = window.controller.state
    while not (state.power is Power.US and state.phase is Phase.COMBAT_MOVE):
        # (Great Britain splits its convoy income at the start of the game and at its end)
        split = window.submit(SplitConvoyIncome(india=6, australia=6)) is None
        assert split or window.submit(EndPhase()) is None, state.phase
        state = window.controller.state
    destroyer = next(u.id for u in state.units.values() if u.space == "sz_38"
                     and u.owner is Nation.USA and u.type is UnitType.DESTROYER)
    declared = Kamikaze(targets=[destroyer, destroyer])
    assert window.submit(Move(units=[destroyer], path=["sz_38", "sz_35"])) is None
    # (the line the history and the command line give the declaration)
    assert describe_action(declared, history.game.board, window.controller.state) == \
        "Kamikaze attack: 2 tokens on 1 destroyer"
    for action in (EndPhase(),
                   declared, SelectBattle(space="sz_35")):
        assert window.submit(action) is None, action
    lines = window.log.lines()
    assert any(line.startswith("Kamikaze in Sea Zone 35, each die at its ship, hit on 2: ")
               and line.count("at destroyer (United States) → ") == 2
               for line in lines), lines[-6:]
