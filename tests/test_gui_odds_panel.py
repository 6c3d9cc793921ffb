"""The battle odds panel : typed forces, pre-fill from the battle being
fought and from map stacks, exact odds shown as text and as a bar chart."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.pieces import StackKey
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def window_for(qtbot: QtBot, tmp_path: Path, units: dict[str, str]):  # type: ignore[no-untyped-def]
    game, state = scenario(phase=Phase.COMBAT_MOVE, units=units)
    window = make_window(qtbot, tmp_path, game, state)
    window.odds_action.trigger()
    QApplication.processEvents()
    return window


def test_one_infantry_against_one_infantry_exact_odds_r_combat(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    """1 inf (attacks at 1) vs 1 inf (defends at 2), R-COMBAT: exactly 1/4 attacker wins,
    5/8 defender holds, 1/8 both destroyed; the attacker's infantry captures (R-COMBAT-9)."""
    window = window_for(qtbot, tmp_path, {"sz_5": "1 destroyer usa"})
    panel = window.odds_panel
    assert window.odds_dock.isVisible()
    qtbot.keyClicks(panel.attacker, "1 inf")
    qtbot.keyClicks(panel.defender, "1 inf")
    assert panel.kind.currentData() == "land"
    panel.calculate_button.click()
    result = panel.result
    assert result is not None
    assert result.attacker_wins == pytest.approx(1 / 4, abs=1e-12)
    assert result.defender_holds == pytest.approx(5 / 8, abs=1e-12)
    assert result.both_destroyed == pytest.approx(1 / 8, abs=1e-12)
    text = panel.summary.text()
    assert "Attacker wins: 25%" in text
    assert "Defender holds: 62.5%" in text
    assert "Both destroyed: 12.5%" in text
    assert "Captured: 25%" in text
    assert "Method: exact (error less than 0.01%)" in text  # how it was found, its bound
    names = [name for name, _ in panel.chart.outcomes]
    assert names == ["Attacker wins", "Defender holds", "Both destroyed", "Captured"]
    assert [v for _, v in panel.chart.outcomes] == pytest.approx([1 / 4, 5 / 8, 1 / 8, 1 / 4])
    panel.chart.grab()  # paints without error


def test_a_bad_word_shows_the_parser_message_and_no_result(qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, {"sz_5": "1 destroyer usa"})
    panel = window.odds_panel
    qtbot.keyClicks(panel.attacker, "2 tonks")
    panel.defender.setText("1 inf")
    assert not panel.attacker_error.isHidden()
    assert "unknown unit type 'tonks'" in panel.attacker_error.text()
    assert not panel.calculate_button.isEnabled()
    assert panel.calculate() is None
    assert panel.result is None and panel.chart.outcomes == []
    assert "tonks" in panel.error.text()
    panel.attacker.setText("2 arm")
    assert panel.attacker_error.isHidden() and panel.calculate_button.isEnabled()
    assert panel.calculate() is not None


def test_an_empty_side_is_refused_without_a_crash(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, {"sz_5": "1 destroyer usa"})
    panel = window.odds_panel
    panel.attacker.setText("1 inf")
    assert panel.calculate() is None
    assert "both sides" in panel.error.text()


def test_pre_fill_from_the_battle_being_fought(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 destroyer japan", "sz_5": "2 destroyer usa"})
    window = make_window(qtbot, tmp_path, game, state)
    panel = window.odds_panel
    assert not panel.from_battle_button.isEnabled()
    ids = tuple(u(state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="sz_5")) is None
    assert panel.from_battle_button.isEnabled()
    panel.from_battle_button.click()
    assert panel.attacker.text() == "1 destroyer"   # the game's own names, read back too
    assert panel.defender.text() == "2 destroyers"
    assert panel.kind.currentData() == "naval"
    assert panel.result is not None
    # The fields stay editable after a pre-fill.
    panel.attacker.setText("2 destroyer")
    assert panel.calculate() is not None
    assert panel.spec().attacker.units == {UnitType.DESTROYER: 2}


def test_set_as_attacker_and_defender_from_map_stacks(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, {"sz_6": "3 destroyer japan", "sz_5": "2 carrier usa"})
    panel = window.odds_panel
    assert window.pieces is not None
    japan = StackKey("sz_6", UnitType.DESTROYER, Nation.JAPAN)
    usa = StackKey("sz_5", UnitType.CARRIER, Nation.USA)
    assert japan in window.pieces.items and usa in window.pieces.items
    menu = panel.stack_menu(japan)
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Odds: set as attacker", "Odds: set as defender"]
    menu.actions()[0].trigger()
    panel.stack_menu(usa).actions()[1].trigger()
    assert panel.attacker.text() == "3 destroyers"
    assert panel.defender.text() == "2 aircraft carriers"
    assert panel.kind.currentData() == "naval"  # a stack at sea makes it a naval battle
    result = panel.calculate()
    assert result is not None
    assert sum(v for name, v in panel.chart.outcomes) == pytest.approx(1.0)


def test_right_click_on_a_stack_opens_the_odds_menu(qtbot: QtBot, tmp_path: Path) -> None:
    """A real right-click in the view reaches the stack's context menu hook."""
    from PySide6.QtGui import QContextMenuEvent

    window = window_for(qtbot, tmp_path, {"sz_6": "3 destroyer japan"})
    assert window.pieces is not None and window.view is not None
    key = StackKey("sz_6", UnitType.DESTROYER, Nation.JAPAN)
    asked: list[StackKey] = []
    for item in window.pieces.items.values():
        item.context_requested.disconnect()
        item.context_requested.connect(lambda k, _pos: asked.append(k))
    item = window.pieces.items[key]
    view = window.view
    view.centerOn(item)
    QApplication.processEvents()
    pos = view.mapFromScene(item.sceneBoundingRect().center())
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos,
                              view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    assert asked == [key]


def test_issue_17_the_odds_panel_in_italian_reads_and_explains_in_italian(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Under Italian the example, the pre-fill and the parser's errors are Italian,
    and Italian words are read (English ones too)."""
    from pacific.text import set_language

    set_language("it")
    try:
        window = window_for(qtbot, tmp_path, {"sz_6": "3 destroyer japan"})
        panel = window.odds_panel
        assert panel.attacker.placeholderText() == "3 fan, 1 art, 1 cac"
        qtbot.keyClicks(panel.attacker, "2 tonks")
        assert not panel.attacker_error.isHidden()
        assert panel.attacker_error.text() == (
            "tipo di unità sconosciuto: 'tonks' (abbreviazioni note: fan, mar, art, uc, aa, "
            "cac, bom, cor, pa, ct, tr, sm)")
        panel.attacker.setText("-2 fan")
        assert panel.attacker_error.text() == \
            "un numero di unità non può essere negativo: '-2'"
        panel.attacker.setText("1 fan")
        panel.defender.setText("")
        assert panel.calculate() is None
        assert panel.error.text() == "scrivete le unità di entrambe le parti, ad es. " \
            "\"3 fan, 1 art\""
        panel.defender.setText("1 unità di fanteria")
        assert panel.attacker_error.isHidden() and panel.defender_error.isHidden()
        result = panel.calculate()
        assert result is not None and result.attacker_wins == pytest.approx(1 / 4, abs=1e-12)
        assert panel.spec().attacker.units == panel.spec().defender.units == {
            UnitType.INFANTRY: 1}
        panel.set_side("attacker", StackKey("sz_6", UnitType.DESTROYER, Nation.JAPAN))
        assert panel.attacker.text() == "3 cacciatorpediniere"
        assert panel.spec().attacker.units == {UnitType.DESTROYER: 3}
    finally:
        set_language("en")
