"""The event log of a strategic bombing raid sent in combat movement (R-COMBATMOVE-9)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from pacific.gui.app import new_controller
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from tests.gui_helpers import make_window

BOMBER_PATH = ["french_indo_china", "shan_state", "burma", "india"]


def test_the_log_tells_a_raid_from_an_attack(qtbot: QtBot, tmp_path: Path) -> None:
    """Japan's bomber flown to India on a raid and as an attack: the map shows the same
    move, so the log's line is where the player reads which one the engine was sent."""
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, size=(1024, 700))
    for action in (SplitConvoyIncome(india=6, australia=6), EndPhase(), EndPhase()):
        assert window.submit(action) is None
    bomber = next(u.id for u in window.controller.state.units.values()
                  if u.space == "french_indo_china" and u.type.value == "bomber")
    assert window.submit(Move(units=[bomber], path=BOMBER_PATH, raid=True)) is None
    assert [r.target for r in window.controller.state.raids] == ["india"]
    assert window.log.lines()[-1] == ("Japan moved 1 bomber French Indo-China → Shan State → "
                                      "Burma → India (strategic bombing raid)")
    window.controller.undo()
    assert window.submit(Move(units=[bomber], path=BOMBER_PATH)) is None
    assert not window.controller.state.raids
    assert window.log.lines()[-1] == ("Japan moved 1 bomber French Indo-China → Shan State → "
                                      "Burma → India")
