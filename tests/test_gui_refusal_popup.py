"""Refusals where the player is looking (issue 16, point 8): a refused drop shows a note
beside the drop point with the rule's id and the engine's sentence, and the rules reference's
summary and page through its one hook; the note fades, and the next drag dismisses it."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import drag_stack, make_window
from PySide6.QtCore import QPoint, QPointF, QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot

from pacific.gui import refusal_popup
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

MANCHURIA_INF = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)


def window_at(qtbot: QtBot, tmp_path: Path, phase: Phase = Phase.COMBAT_MOVE) -> MainWindow:
    game, state = scenario(phase=phase)
    return make_window(qtbot, tmp_path, game, state)


def gap(rect: QRect, point: QPoint) -> int:
    """Pixels from ``point`` to the nearest edge of ``rect`` (0 inside)."""
    dx = max(rect.left() - point.x(), 0, point.x() - rect.right())
    dy = max(rect.top() - point.y(), 0, point.y() - rect.bottom())
    return max(dx, dy)


def test_a_refused_drop_is_explained_beside_the_drop_point(qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    """R-MOVE-3: Manchuria and Szechwan are not adjacent."""
    window = window_at(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, MANCHURIA_INF, "szechwan")
    assert snapshot(window.controller.state) == before
    popup = window.refusal_popup
    assert popup is not None and popup.isVisible()
    assert "R-MOVE-3" in popup.rule.text()
    assert "not adjacent" in popup.message.text()
    assert "(R-MOVE-3)" not in popup.message.text()  # the id is said once, on top
    drop = window.view.mapFromScene(window.board_scene.centre_of("szechwan"))
    assert gap(popup.geometry(), drop) <= refusal_popup.GAP + 2
    assert window.view.viewport().rect().contains(popup.geometry())
    assert not popup.reference.isVisible()  # no rules reference installed yet
    # Still in the status bar and the log too.
    assert "(R-MOVE-3)" in window.status_strip.text()


def test_the_rules_reference_hook_adds_the_summary_and_page(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def note(rule: str) -> refusal_popup.RuleNote:
        asked.append(rule)
        return refusal_popup.RuleNote("Land units move to adjacent spaces only.", 17)

    monkeypatch.setattr(refusal_popup, "rule_note", note)
    window = window_at(qtbot, tmp_path)
    drag_stack(qtbot, window, MANCHURIA_INF, "szechwan")
    popup = window.refusal_popup
    assert asked == ["R-MOVE-3"]
    assert popup.reference.isVisible()
    assert "Land units move to adjacent spaces only." in popup.reference.text()
    assert "rulebook p. 17" in popup.reference.text()


def test_without_the_reference_package_the_hook_says_nothing() -> None:
    import importlib.util

    if importlib.util.find_spec("pacific.text") is not None:
        pytest.skip("the rules reference is installed: the hook answers")
    assert refusal_popup.rule_note("R-MOVE-3") is None


def test_the_note_fades_and_the_next_drag_dismisses_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_at(qtbot, tmp_path)
    popup = window.refusal_popup
    popup.show_at(QPoint(100, 100), "R-MOVE-3", "Not adjacent.", shown_ms=10)
    assert popup.isVisible()
    qtbot.waitUntil(lambda: not popup.isVisible(), timeout=refusal_popup.FADE_MS + 2000)
    drag_stack(qtbot, window, MANCHURIA_INF, "szechwan")
    assert popup.isVisible()
    drag_stack(qtbot, window, MANCHURIA_INF, "suiyuan")  # a new drag: the old note goes
    assert not popup.isVisible()
    assert [u.space for u in window.controller.state.units_at("suiyuan")
            if u.owner is Nation.JAPAN]


def test_a_refused_placement_is_explained_where_it_was_dropped(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    """Placing in the purchase phase is not allowed (R-TURN-3): the note is at the drop."""
    window = window_at(qtbot, tmp_path, Phase.PURCHASE)
    point = window.board_scene.centre_of("japan")
    assert window.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, point) is not None
    popup = window.refusal_popup
    assert popup.isVisible() and "R-TURN-3" in popup.rule.text()
    assert gap(popup.geometry(), window.view.mapFromScene(point)) <= refusal_popup.GAP + 2
    window.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, QPointF(-99999, -99999))
    assert "territory or a sea zone" in popup.message.text()
    QApplication.processEvents()
