"""A refusal under the map speaks of the phase it was made in: once the next phase begins it
goes, rather than staying in red for half a minute over a phase it says nothing about."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.rules.actions.economy import EndPhase
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType


def _refused(qtbot: QtBot, tmp_path: Path) -> tuple[Game, GameState, MainWindow]:
    """A loaded transport in non-combat movement dragged onto land: refused (R-MOVE-2)."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_3": "1 transport japan, 1 infantry japan"})
    state.units[u(state, "sz_3", "infantry")[0]].carried_by = u(state, "sz_3", "transport")[0]
    window = make_window(qtbot, tmp_path, game, state)
    drag_stack(qtbot, window, StackKey("sz_3", UnitType.TRANSPORT, Nation.JAPAN), "korea")
    assert "[R-MOVE-2" in window.status_strip.text()
    return game, state, window


def test_a_refusal_goes_when_the_phase_ends(qtbot: QtBot, tmp_path: Path) -> None:
    _game, _state, window = _refused(qtbot, tmp_path)
    assert window.submit(EndPhase()) is None
    assert window.controller.state.phase is Phase.PLACE
    assert window.status_strip.text() == ""


def test_a_refusal_stays_while_its_phase_goes_on(qtbot: QtBot, tmp_path: Path) -> None:
    """A move made after the refusal, in the same phase, leaves it for its time."""
    game, _state, window = _refused(qtbot, tmp_path)
    text = window.status_strip.text()
    move = next(a for a in game.legal_actions(window.controller.state) if a.kind == "move")
    assert window.submit(move) is None
    assert window.controller.state.phase is Phase.NONCOMBAT_MOVE
    assert window.status_strip.text() == text


def test_an_undo_takes_the_note_of_the_move_it_took_back(qtbot: QtBot, tmp_path: Path) -> None:
    """The line under the map spoke of a move; once Ctrl+Z takes that move back it would
    describe a board that is no longer there."""
    game, state, window = _refused(qtbot, tmp_path)
    move = next(a for a in game.legal_actions(window.controller.state) if a.kind == "move")
    assert window.submit(move) is None and "[R-MOVE-2" in window.status_strip.text()
    window.undo()
    assert window.controller.state == state and window.status_strip.text() == ""
