"""Units of the player to act that cannot move now say why, in the engine's words: a click on
their stack, or a press on their greyed line in the unit picker (where nothing else happens: a
learner pressing India's infantry in combat movement met silence)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.pieces import StackKey
from pacific.gui.unit_picker import Token
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import using_language

INFANTRY = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)


def test_the_engine_says_why_units_have_no_move_now() -> None:
    """India's infantry in combat movement with only friendly land beside it: a combat move
    must enter an enemy territory (R-COMBATMOVE-1), the refusal most of its neighbours give;
    an AA gun never attacks (R-COMBATMOVE-7); in the purchase, the phase (R-TURN-3); units
    that can move, none."""
    game, state = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE,
                           units={"india": "2 infantry india, 1 aa_gun india",
                                  "burma": "1 infantry india",
                                  "shan_state": "1 infantry japan"},
                           owners={"shan_state": Nation.JAPAN})
    infantry = u(state, "india", "infantry")
    refusal = game.why_unmovable(state, infantry)
    assert refusal is not None and refusal.rule == "R-COMBATMOVE-1"
    gun = game.why_unmovable(state, u(state, "india", "aa_gun"))
    assert gun is not None and gun.rule == "R-COMBATMOVE-7"
    assert game.why_unmovable(state, u(state, "burma", "infantry")) is None   # it may attack
    state.phase = Phase.PURCHASE
    phase = game.why_unmovable(state, infantry)
    assert phase is not None and phase.rule == "R-TURN-3"


def _window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Three Japanese infantry in Manchuria in combat movement, every land beside it
    Japan's."""
    game, state = scenario(phase=Phase.COMBAT_MOVE, units={"manchuria": "3 infantry japan"},
                           owners={"anhwe": Nation.JAPAN, "suiyuan": Nation.JAPAN})
    return make_window(qtbot, tmp_path, game, state)


def test_a_click_on_a_stack_with_no_move_says_which_rule_keeps_it(
        qtbot: QtBot, tmp_path: Path) -> None:
    with using_language("it"):
        window = _window(qtbot, tmp_path)
        viewport, view = window.view.viewport(), window.view
        before = snapshot(window.controller.state)
        at = view.mapFromScene(window.pieces.items[INFANTRY].scenePos())
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)
        QApplication.processEvents()
        text = window.status_strip.text()
        assert "Nessuna mossa possibile ora: " in text and "R-COMBATMOVE-1" in text
        assert snapshot(window.controller.state) == before


def test_a_press_on_a_greyed_picker_line_says_why_it_stays(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    window.picker.open_stack(window.pieces.items[INFANTRY])
    assert window.picker.isVisible()
    window.status_strip.show_info("")
    token = next(t for t in window.picker.grid_holder.findChildren(Token)
                 if t.row.key == INFANTRY)
    assert token.spin is None   # greyed: nothing of it moves now
    qtbot.mousePress(token, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))
    qtbot.mouseRelease(token, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))
    QApplication.processEvents()
    text = window.status_strip.text()
    assert text.startswith("Manchuria: Japan: 3 infantry")
    assert "No move open now: " in text and "R-COMBATMOVE-1" in text
    assert snapshot(window.controller.state) == before
    assert not window.drag.active
