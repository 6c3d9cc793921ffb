"""Refusals where the player is looking: a refused drop shows a note
beside the drop point with the rule's id and the engine's sentence, and the rules reference's
summary and page through its one hook; the note fades, and the next drag dismisses it."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, drag_stack_to, make_window
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QEnterEvent, QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot

from pacific.gui import refusal_popup
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackItem, StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import rule_summary, using_language

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
    """R-MOVE-2: Szechwan is out of reach of infantry in Manchuria."""
    window = window_at(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, MANCHURIA_INF, "szechwan")
    assert snapshot(window.controller.state) == before
    popup = window.refusals.popup
    assert popup is not None and popup.isVisible()
    assert "R-MOVE-2" in popup.rule.text()
    assert "can move only 1 space" in popup.message.text()
    assert "(R-MOVE-2)" not in popup.message.text()  # the id is said once, on top
    drop = window.view.mapFromScene(window.board_scene.centre_of("szechwan"))
    assert gap(popup.geometry(), drop) <= refusal_popup.GAP + 2
    assert window.view.viewport().rect().contains(popup.geometry())
    assert popup.reference.isVisible()  # the rule's summary and page
    # Still in the status bar and the log too.
    assert "[R-MOVE-2" in window.status_strip.text()


def test_the_refusal_carries_the_rule_summary_and_page_and_a_click_opens_the_rule(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Every refusal in the GUI carries the rule's id, a one-line summary in the
    project's own words and the rulebook page; a click opens the rule."""
    from pacific.gui.dialogs.rules import RulesDialog
    from pacific.text import rule_summary

    window = window_at(qtbot, tmp_path)
    drag_stack(qtbot, window, MANCHURIA_INF, "szechwan")
    popup = window.refusals.popup
    assert popup is not None and popup.reference.isVisible()
    rule = popup.rule.text().split("✖ ")[1].split("<")[0]
    summary = rule_summary(rule)
    assert summary.summary in popup.reference.text()
    assert f"rulebook {summary.page}" in popup.reference.text()
    qtbot.mouseClick(popup, Qt.MouseButton.LeftButton)
    dialog = window.findChild(RulesDialog)
    assert dialog is not None and dialog.shown_rule_id() == rule


def test_an_unknown_rule_id_gets_no_reference_note() -> None:
    assert refusal_popup.rule_note("not a rule") is None


def test_the_note_fades_and_the_next_drag_dismisses_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_at(qtbot, tmp_path)
    popup = window.refusals.popup
    popup.show_at(QPoint(100, 100), "R-MOVE-2", "Not adjacent.", shown_ms=10)
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
    assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, point) is not None
    popup = window.refusals.popup
    assert popup.isVisible() and "R-TURN-3" in popup.rule.text()
    assert gap(popup.geometry(), window.view.mapFromScene(point)) <= refusal_popup.GAP + 2
    window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, QPointF(-99999, -99999))
    assert "territory or a sea zone" in popup.message.text()
    QApplication.processEvents()


def test_a_long_note_stays_long_enough_to_read(qtbot: QtBot, tmp_path: Path) -> None:
    """The Italian note of a destroyer that carries only infantry (R-JDD-1) says some forty
    words with its rule's summary: it stays the time to read them, not the 4 s of a short one."""
    with using_language("it"):
        window = window_at(qtbot, tmp_path)
        popup = window.refusals.popup
        assert popup is not None
        message = ("Rilasciate su Zona marina 36: Un cacciatorpediniere giapponese porta una "
                   "fanteria giapponese e nient'altro")
        popup.show_at(QPoint(100, 100), "R-JDD-1", message)
        words = len(message.split()) + len(rule_summary("R-JDD-1").summary.split())
        assert words > 25
        assert popup.shown_ms >= refusal_popup.WORD_MS * words > refusal_popup.SHOWN_MS
        popup.show_at(QPoint(100, 100), "R-MOVE-2", "Non adiacente.")
        assert popup.shown_ms >= refusal_popup.SHOWN_MS


def test_the_note_stays_while_the_pointer_is_on_it(qtbot: QtBot, tmp_path: Path) -> None:
    """A learner who moves the pointer onto the note to read it or click its rule keeps it:
    it fades only once the pointer has left."""
    window = window_at(qtbot, tmp_path)
    popup = window.refusals.popup
    assert popup is not None
    popup.show_at(QPoint(100, 100), "R-MOVE-2", "Not adjacent.", shown_ms=10)
    inside = QPointF(popup.rect().center())
    QApplication.sendEvent(popup, QEnterEvent(inside, inside, QPointF(popup.mapToGlobal(
        popup.rect().center()))))
    qtbot.wait(refusal_popup.FADE_MS + 200)
    assert popup.isVisible()
    QApplication.sendEvent(popup, QEvent(QEvent.Type.Leave))
    qtbot.waitUntil(lambda: not popup.isVisible(),
                    timeout=refusal_popup.LEFT_MS + refusal_popup.FADE_MS + 2000)


def test_the_map_shows_no_tooltip_through_the_note(qtbot: QtBot, tmp_path: Path) -> None:
    """The pointer resting on the note (to read it) is not on the stack under it: no tooltip
    of that stack comes up over the note."""
    window = window_at(qtbot, tmp_path)
    popup = window.refusals.popup
    assert popup is not None and window.view is not None and window.pieces is not None
    stack = window.view.mapFromScene(window.pieces.items[MANCHURIA_INF].scenePos())
    popup.show_at(stack - QPoint(30, 30), "R-MOVE-2", "Not adjacent.")
    assert popup.geometry().contains(stack)
    QToolTip.hideText()
    at = popup.mapFromParent(stack)
    QApplication.sendEvent(popup, QHelpEvent(QEvent.Type.ToolTip, at, popup.mapToGlobal(at)))
    assert QToolTip.text() == ""


def test_the_note_stands_off_the_overview_in_the_views_corner(qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    """Zoomed in, the overview covers the view's bottom right corner: a note beside a drop
    just above it goes to a side where its last lines stay readable (they were under it)."""
    window = window_at(qtbot, tmp_path)
    window.resize(1024, 700)
    window.view.zoom_by(3.0)
    QApplication.processEvents()
    minimap = window.view.minimap
    assert minimap.isVisible()
    viewport = window.view.viewport()
    corner = minimap.geometry().translated(-viewport.pos())
    point = QPoint(corner.left() + corner.width() // 2, corner.top() - 100)
    window.refusals.show_beside(QPointF(window.view.mapToScene(point)), "R-MOVE-5",
                                "Land units cannot enter Sea Zone 27 unless carried by a ship")
    popup = window.refusals.popup
    assert popup is not None and popup.isVisible()
    assert not popup.geometry().intersects(corner), (popup.geometry(), corner)
    assert viewport.rect().contains(popup.geometry())
    assert gap(popup.geometry(), point) <= refusal_popup.GAP + 2


def test_the_note_keeps_off_the_stack_the_refused_units_came_back_to(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A refused stack slides back to its place, where the player presses again to try
    another drop: the note beside a drop just above and left of it (a fighter dropped on the
    wrong side of a sea zone's line) stands off that stack, so the next press starts a drag
    rather than open the rules reference."""
    window = window_at(qtbot, tmp_path)
    view, item = window.view, window.pieces.items[MANCHURIA_INF]
    home = item.deviceTransform(view.viewportTransform()).mapRect(
        item.boundingRect()).toAlignedRect()
    drop = view.mapFromScene(item.scenePos()) - QPoint(40, 40)
    drag_stack_to(qtbot, window, MANCHURIA_INF, QPointF(view.mapToScene(drop)))
    popup = window.refusals.popup
    assert popup is not None and popup.isVisible()
    assert not popup.geometry().intersects(home), (popup.geometry(), home)
    assert gap(popup.geometry(), drop) <= refusal_popup.GAP + 2


def test_a_drag_from_the_tray_or_the_picker_dismisses_the_note(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    """A refused placement's note stayed its reading time while the next unit was dragged
    from the tray and placed: it read as that placement's refusal, over the map around it."""
    window = window_at(qtbot, tmp_path, Phase.PLACE)
    popup = window.refusals.popup
    popup.show_at(QPoint(100, 100), "R-PLACE-2", "Not at sea.")
    window.tray.drag_started.emit(Nation.JAPAN, UnitType.INFANTRY)
    assert not popup.isVisible()
    window.new_units.tray_drag_finished()
    popup.show_at(QPoint(100, 100), "R-MOVE-2", "Not adjacent.")
    window.drag.begin_units(StackItem(MANCHURIA_INF, [], [], 20.0, ""), (), QPointF(0, 0))
    assert not popup.isVisible()
    window.drag.cancel()


def test_a_drag_s_label_keeps_off_the_overview(qtbot: QtBot, tmp_path: Path) -> None:
    """At 1024x700, zoomed in, the label of a cargo dragged just left of the overview
    ("Sea Zone 38 → Philippines · amphibious assault") ran under it: its end, what the drop
    means, was hidden. It goes above the pointer, or left of it, where the overview is."""
    window = window_at(qtbot, tmp_path)
    window.resize(1024, 700)
    window.view.zoom_by(3.0)
    QApplication.processEvents()
    view, drag = window.view, window.drag
    viewport = view.viewport()
    corner = view.minimap.geometry().translated(-viewport.pos())
    assert view.minimap.isVisible()
    drag._ensure_overlay()
    for point in (QPoint(corner.left() - 200, corner.top() + 10),
                  QPoint(corner.left() - 120, corner.top() - 10)):
        drag._place_label(QPointF(view.mapToScene(point)),
                          "Sea Zone 38 → Philippines · amphibious assault")
        label = drag._label
        box = label.boundingRect()
        at = view.mapFromScene(label.scenePos())
        shown = QRectF(at.x() + box.x(), at.y() + box.y(), box.width(),
                       box.height()).toAlignedRect()
        assert not shown.intersects(corner), (shown, corner)
        assert viewport.rect().contains(shown)
