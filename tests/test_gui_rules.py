"""Help ▸ Rules (F1), the phase explanations of the turn panel and the language preference
, with the real main window on the mini board."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QSettings, Qt, QUrl
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.gui.dialogs.preferences import PreferencesDialog
from pacific.gui.dialogs.rules import OBJECT_NAME, RulesDialog, open_rules
from pacific.gui.main_window import MainWindow
from pacific.gui.rule_wrap import as_typed
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.phases import Phase
from pacific.text import UnknownRule, active_language, phase_help, rule_ids, set_language


def new_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    from scenario import board

    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    assert window.dialogs.convoy is not None  # R-SETUP-8: the split comes first, modal
    window.dialogs.convoy.accept()
    return window


def rules_dialog(window: MainWindow) -> RulesDialog | None:
    return window.findChild(RulesDialog, OBJECT_NAME)


def test_f1_opens_the_rules_and_a_search_narrows_them(qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    assert rules_dialog(window) is None
    window.activateWindow()
    qtbot.waitActive(window)  # F1 is a window shortcut: it needs the active window
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = rules_dialog(window)
    assert dialog is not None and dialog.isVisible()
    assert window.menus.rules.shortcut().toString() == "F1"
    assert dialog.visible_rule_ids() == rule_ids()  # all of them, grouped as the rulebook
    qtbot.keyClicks(dialog.search, "carrier")
    shown = dialog.visible_rule_ids()
    assert "R-CARRIER-1" in shown and "R-SBR-4" not in shown and len(shown) < 60
    assert dialog.shown_rule_id() in shown
    assert "rules match" in dialog.count.text()
    dialog.search.clear()
    qtbot.keyClicks(dialog.search, "R-SBR-4")
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert dialog.shown_rule_id() == "R-SBR-4"
    page = dialog.view.toPlainText()
    assert "R-SBR-4" in page and "Strategic bombing raids" in page and "p. 25" in page
    assert "A raid: AA fire" in page
    # F1 again brings back the same window, not a second one.
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.findChildren(RulesDialog) == [dialog]


def test_open_at_a_rule_and_follow_a_cited_rule(qtbot: QtBot, tmp_path: Path) -> None:
    """What a refusal will call: open the reference at R-TRANS-12; the ids it cites link."""
    window = new_window(qtbot, tmp_path)
    dialog = open_rules(window, "R-NONCOMBAT-2")
    assert dialog.shown_rule_id() == "R-NONCOMBAT-2"
    assert dialog.tree.currentItem().text(0) == "R-NONCOMBAT-2"
    assert "rule:R-TRANS-12" in dialog.view.toHtml()  # R-NONCOMBAT-2 cites R-TRANS-12
    dialog.view.anchorClicked.emit(QUrl("rule:R-TRANS-12"))
    assert dialog.shown_rule_id() == "R-TRANS-12"
    # A search that hides the rule asked for is cleared.
    dialog.search.setText("kamikaze")
    assert open_rules(window, "R-CAPITAL-3").shown_rule_id() == "R-CAPITAL-3"
    assert dialog.search.text() == ""
    with pytest.raises(UnknownRule):
        open_rules(window, "r-capital-99")
    assert dialog.shown_rule_id() == "R-CAPITAL-3"


def test_the_reference_in_italian(qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    dialog = open_rules(window, "R-SBR-4")
    assert dialog.windowTitle() == "Rules of the game"
    dialog.hide()
    set_language("it")
    dialog = open_rules(window, "R-SBR-4")  # rebuilt in the new language when shown
    assert dialog.windowTitle() == "Regole del gioco"
    page = dialog.view.toPlainText()
    assert "Missioni di Bombardamento Strategico" in page and "pag. 25" in page
    dialog.search.setText("zona marina")
    assert "R-MOVE-4" in dialog.visible_rule_ids()
    assert "regole su" in dialog.count.text()


def test_turn_panel_explains_the_phase_and_links_its_rule(qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    panel = window.turn_panel
    state = window.controller.state
    assert state.phase is Phase.PURCHASE
    # (read as typed: the ids' hyphens are joined to what follows, so a wrap never cuts them)
    assert phase_help(Phase.PURCHASE) in as_typed(panel.phase_help.toPlainText())
    assert "R-PURCH-1" in as_typed(panel.phase_help.toPlainText())
    for phase, label in panel.phase_labels.items():
        assert phase_help(phase).split(";")[0] in label.toolTip()
    assert "▶" in panel.phase_labels[Phase.PURCHASE].text()
    panel.phase_help.anchorClicked.emit(QUrl("R-PURCH-1"))
    dialog = rules_dialog(window)
    assert dialog is not None and dialog.shown_rule_id() == "R-PURCH-1"
    set_language("it")
    panel.show_state(window.controller.board, state)
    assert "Acquisto di unità belliche" in panel.phase_labels[Phase.PURCHASE].text()
    assert "Regola R-PURCH-1" in as_typed(panel.phase_help.toPlainText())


def test_preferences_choose_the_language(qtbot: QtBot, tmp_path: Path) -> None:
    prefs = Preferences(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert prefs.language == "system"
    dialog = PreferencesDialog(prefs)
    qtbot.addWidget(dialog)
    assert [dialog.language.itemData(i) for i in range(dialog.language.count())] == [
        "system", "en", "it"]
    dialog.language.setCurrentIndex(dialog.language.findData("it"))
    dialog.accept()
    QApplication.processEvents()
    assert prefs.language == "it" and active_language() == "it"
    again = PreferencesDialog(prefs)
    qtbot.addWidget(again)
    assert again.language.currentData() == "it"
    prefs.settings.setValue("view/language", "klingon")
    assert prefs.language == "system"
