"""Small windows: at 1024×700 the side panel folds away, the minimap
scales with the view and can be hidden, the convoy and production tables fit the panel, and
a dark desktop theme stays readable (every text colour from the palette)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QTableWidget
from pytestqt.qtbot import QtBot
from scenario import board, scenario
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.minimap import Minimap
from pacific.gui.palette import READABLE, contrast
from pacific.rules.actions.economy import SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase


@pytest.fixture(scope="module")
def small(small_window: MainWindow) -> MainWindow:
    """The module's 1024×700 window on the real board (`small_window`), past the convoy
    split; each test leaves it as it found it."""
    assert small_window.submit(SplitConvoyIncome(india=6, australia=6)) is None
    return small_window


def test_the_side_panel_folds_away_and_back(small: MainWindow) -> None:
    """View ▸ Side panel (F9) folds the whole right column (the game panel and the log) to
    give the map the window's width, and brings back what was shown."""
    width = small.view.viewport().width()
    assert small.side_dock.isVisible() and small.log_dock.isVisible()
    small.menus.side_panel.trigger()
    QApplication.processEvents()
    assert not small.side_dock.isVisible() and not small.log_dock.isVisible()
    assert small.view.viewport().width() > width + 250
    small.menus.side_panel.trigger()
    QApplication.processEvents()
    assert small.side_dock.isVisible() and small.log_dock.isVisible()
    assert abs(small.view.viewport().width() - width) <= 2
    small.menus.event_log.trigger()  # the log alone off: it stays off across a fold
    small.menus.side_panel.trigger()
    small.menus.side_panel.trigger()
    QApplication.processEvents()
    assert small.side_dock.isVisible() and not small.log_dock.isVisible()
    small.menus.event_log.trigger()


def test_the_minimap_scales_and_can_be_hidden(small: MainWindow) -> None:
    view, mini = small.view, small.view.minimap
    small.fit_map()
    assert not mini.isVisible()  # the whole map is in sight: nothing to show
    view.zoom_by(3.0)
    assert mini.isVisible()
    assert Minimap.MIN_WIDTH <= mini.width() <= view.viewport().width() * 0.2 + 1
    small.menus.minimap.trigger()  # View ▸ Minimap: off
    assert not mini.isVisible() and not small.prefs.minimap
    small.menus.minimap.trigger()
    assert mini.isVisible() and small.prefs.minimap
    small.fit_map()


def test_the_convoy_and_production_tables_fit_the_panel(small: MainWindow) -> None:
    small.tabs.setCurrentWidget(small.convoys)
    QApplication.processEvents()
    table = small.convoys
    assert table.rowCount() == len(BOARD.convoy_zones())
    assert table.horizontalHeader().length() <= table.viewport().width()
    for row in range(table.rowCount()):  # what does not fit is on hover
        assert table.item(row, 1).toolTip() == table.item(row, 1).text()
    small.tabs.setCurrentWidget(small.chart)
    QApplication.processEvents()
    assert small.chart.minimumSizeHint().width() <= small.chart.width()
    assert small.side.width() <= 320


def dark_palette() -> QPalette:
    palette = QPalette()
    colours = {QPalette.ColorRole.Window: "#2b2b2b", QPalette.ColorRole.WindowText: "#e6e6e6",
               QPalette.ColorRole.Base: "#1e1e1e", QPalette.ColorRole.AlternateBase: "#262626",
               QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#353535",
               QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.Link: "#2a82da",
               QPalette.ColorRole.PlaceholderText: "#8a8a8a"}
    for role, name in colours.items():
        palette.setColor(role, QColor(name))
    return palette


COLOUR = re.compile(r"color:\s*(#[0-9a-fA-F]{6})")
SPAN = re.compile(r"<span style='color:(#[0-9a-fA-F]{6})'>([^<]*)</span>")


def unreadable(window: MainWindow) -> list[str]:
    """Every text of the window's panels whose colour does not read on its background."""
    bad = []
    widgets = [window, window.battle_board, *window.dialogs.open]
    labels = [lab for w in widgets for lab in w.findChildren(QLabel)]
    for label in labels:
        if not label.isVisibleTo(label.window()) or not label.text() or not label.isEnabled():
            continue  # (a disabled control is dim on purpose)
        back = label.palette().color(QPalette.ColorRole.Window)
        sheet = COLOUR.search(label.styleSheet())
        fore = QColor(sheet.group(1)) if sheet else label.palette().color(
            QPalette.ColorRole.WindowText)
        if contrast(fore, back) < READABLE:
            bad.append(f"{label.text()[:40]!r}: {fore.name()} on {back.name()}")
        for colour, text in SPAN.findall(label.text()):
            if text.strip() != "■" and contrast(QColor(colour), back) < READABLE:
                bad.append(f"{text[:40]!r}: {colour} on {back.name()}")
    for view in [lst for w in widgets for lst in w.findChildren(QListWidget)]:
        back = view.palette().color(QPalette.ColorRole.Base)
        for i in range(view.count()):
            brush = view.item(i).foreground()
            if brush.style() != Qt.BrushStyle.NoBrush and contrast(brush.color(), back) < READABLE:
                bad.append(f"{view.item(i).text()[:40]!r}: {brush.color().name()}")
    for table in [t for w in widgets for t in w.findChildren(QTableWidget)]:
        back = table.palette().color(QPalette.ColorRole.Base)
        for row in range(table.rowCount()):
            for col in range(table.columnCount()):
                item = table.item(row, col)
                brush = item.foreground() if item is not None else None
                if brush is not None and brush.style() != Qt.BrushStyle.NoBrush and \
                        contrast(brush.color(), back) < READABLE:
                    bad.append(f"{item.text()[:40]!r}: {brush.color().name()}")
    return bad


def test_a_dark_theme_stays_readable(qtbot: QtBot, tmp_path: Path, qapp: QApplication) -> None:
    """Built under a dark palette, with a prompt, a refusal, a captured convoy zone and the
    battle board open, no text is drawn in a colour that does not read on its background."""
    before = qapp.palette()
    qapp.setPalette(dark_palette())
    try:
        game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                               units={"sz_9": "1 destroyer japan"},
                               owners={"burma": Nation.JAPAN})
        window = make_window(qtbot, tmp_path, game, state)
        window.status_strip.show_refusal("Not now (R-TURN-3)")
        window.log.add_line("Refused: Not now (R-TURN-3)", warning=True)
        window.show_battle_board()
        window.odds_action.trigger()
        window.odds_panel.attacker.setText("3 zebras")  # an error line
        QApplication.processEvents()
        assert window.palette().color(QPalette.ColorRole.Window).name() == "#2b2b2b"
        assert unreadable(window) == []
    finally:
        qapp.setPalette(before)


def test_the_same_texts_read_on_a_light_theme(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    window.status_strip.show_refusal("Not now (R-TURN-3)")
    window.show_battle_board()
    assert unreadable(window) == []
