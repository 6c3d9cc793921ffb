"""The battle board opens at its top with its title in view, and scrolls no further than the
question it asks; the list of the next battles calls each battle as the board's title does
(an amphibious assault by that name, R-AMPH-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import in_view, make_window, to_battle
from movement_helpers import ok
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui import battle_text as words
from pacific.gui.dialogs import battle
from pacific.gui.dialogs.battle_parts import fill_battle_choice
from pacific.gui.main_window import MainWindow
from pacific.rules.actions.combat import RollDice
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move, Unload
from pacific.rules.battle_views import next_battle_view
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase


def _opened_on_casualties(qtbot: QtBot, tmp_path: Path, defenders: str,
                          dice: tuple[int, ...] = (1, 2, 1, 1, 1)) -> MainWindow:
    """At 1024x700, Japan's carriers and battleships attack Sea Zone 9; the board, closed
    during the roll, is opened (F) on the United States' casualty choice (R-COMBAT-6)."""
    game, state = scenario(phase=Phase.COMBAT_MOVE, round=2, units={
        "sz_8": "3 carrier japan, 2 battleship japan", "sz_9": defenders})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    ships = tuple(u(state, "sz_8", "carrier")) + tuple(u(state, "sz_8", "battleship"))
    to_battle(window, Move(units=ships, path=("sz_8", "sz_9")), "sz_9", typed=True)
    window.battle_board.reject()
    assert window.submit(RollDice(values=dice)) is None
    window.show_battle_board()
    qtbot.wait(100)   # (the board lays itself out and scrolls)
    return window


def test_the_board_opens_with_its_title_and_the_question_in_view(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _opened_on_casualties(qtbot, tmp_path, "2 battleship usa, 1 destroyer usa, "
                                                    "1 transport usa")
    board = window.battle_board
    assert board.isVisible() and board.casualty_table.isVisible()
    assert "Naval battle in Sea Zone 9" in board.title.text()
    assert in_view(board.title, board)
    # The question's first row is in view too (the rest of the table scrolls).
    viewport = board.scroller.viewport()
    table = board.casualty_table
    first = table.visualRect(table.model().index(0, 0))
    top = table.viewport().mapTo(viewport, first.bottomLeft()).y()
    assert 0 <= top <= viewport.height()


def test_a_question_just_below_the_fold_scrolls_no_further_than_its_first_rows(
        qtbot: QtBot, tmp_path: Path) -> None:
    """From the top, the count over the table is in view but the first row is not (it read
    as "in view" once, and the player saw a header with no units under it): the board
    scrolls by less than the question's first rows, and its title stays in view."""
    window = _opened_on_casualties(qtbot, tmp_path, "2 battleship usa, 1 destroyer usa")
    board = window.battle_board
    viewport, table = board.scroller.viewport(), board.casualty_table
    assert table.isVisible()
    assert 0 < board.scroller.verticalScrollBar().value() <= battle.ASKING_ROWS
    row = table.visualRect(table.model().index(0, 0))
    assert 0 <= table.viewport().mapTo(viewport, row.bottomLeft()).y() <= viewport.height()
    assert in_view(board.title, board)


def test_r_amph_1_the_next_battles_call_an_assault_as_the_title_does(qapp: object) -> None:
    """Malaya's battle is an amphibious assault in the list as on the board's title."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_2": "1 transport japan, 1 infantry japan",
                               "burma": "1 infantry india"})
    transport = u(st, "sz_2", "transport", Nation.JAPAN)[0]
    infantry = u(st, "sz_2", "infantry", Nation.JAPAN)[0]
    st.unit(infantry).carried_by = transport
    st, _ = ok(game, st, Unload(transport=transport, units=(infantry,), territory="burma"))
    st, _ = ok(game, st, EndPhase())
    box = QComboBox()
    fill_battle_choice(box, game.board, st, ["burma"])
    assert box.itemText(0) == "Burma (amphibious assault)"
    view = next_battle_view(game.board, st, "burma")
    assert view is not None
    assert words.battle_title(game.board, view) == "Amphibious assault on Burma"


def test_the_casualty_table_stays_under_the_pointer_while_the_odds_follow_the_choice(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1024x700 a count lowered in the table changes the odds line above it, which took
    one line or two: the table moved 14 pixels under the pointer between two clicks on the
    same arrow. It stays where it was; the count still to choose shows over it."""
    window = _opened_on_casualties(qtbot, tmp_path, "1 battleship usa, 1 destroyer usa",
                                   (1, 2, 2, 1, 5))
    board = window.battle_board
    viewport, table, total = board.scroller.viewport(), board.casualty_table, \
        board.casualty_total
    assert table.isVisible()
    # (the odds of a choice with fewer casualties named take three lines: as a longer
    # sentence, or a narrower board, would)
    monkeypatch.setattr(battle, "odds_text", lambda _b, _s, _v, named=None: (
        "Odds from here: attacker wins 50%" + ("\nboth destroyed 1%\nexact" if named and
                                               len(named) < 2 else "")))
    heights = {board.odds.height()}
    for _group, spin in board.casualty_spins:
        if spin.value() == 0:
            continue
        before = table.mapTo(viewport, QPoint(0, 0)).y()
        for step in (spin.stepDown, spin.stepUp):   # (as clicks on its arrows do)
            step()
            QApplication.processEvents()
            heights.add(board.odds.height())
            assert table.mapTo(viewport, QPoint(0, 0)).y() == before
            assert 0 <= total.mapTo(viewport, QPoint(0, 0)).y() < before
        assert "more to choose" not in total.text()
    assert len(heights) > 1


def test_the_count_chosen_agrees_with_one_casualty_in_italian_r_combat_6() -> None:
    """"1 scelte su 1" was read on the board in Italian."""
    from pacific.gui.dialogs.battle_choices import chosen_text
    from pacific.text import using_language

    with using_language("it"):
        assert chosen_text(1, 1) == "1 scelta su 1"
        assert chosen_text(1, 2) == "1 scelta su 2: ne manca 1"
        assert chosen_text(2, 3) == "2 scelte su 3: ne manca 1"
    with using_language("en"):
        assert chosen_text(1, 2) == "1 of 2 chosen: 1 more to choose"


def test_the_casualty_question_scrolls_to_its_first_row_not_only_its_count(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The board scrolled so that the count over the casualty table ("1 of 1 chosen") and the
    table's header are in view but not its first row (as at 1024x700 with the computer's
    panel open below the map): asking the question again brings the first row into view
    (R-COMBAT-6: the player must see which units can be taken)."""
    window = _opened_on_casualties(qtbot, tmp_path, "2 battleship usa, 1 destroyer usa, "
                                                    "1 transport usa")
    board = window.battle_board
    viewport, table, bar = board.scroller.viewport(), board.casualty_table, \
        board.scroller.verticalScrollBar()
    header = table.horizontalHeader().height()
    first = table.mapTo(board.content, QPoint(0, 0)).y()
    # The viewport's bottom edge between the header's bottom and the first row's bottom.
    bar.setValue(first + header + table.rowHeight(0) // 2 - viewport.height())
    row = table.visualRect(table.model().index(0, 0))
    assert table.viewport().mapTo(viewport, row.bottomLeft()).y() > viewport.height()
    board._scroll_to(table)
    bottom = table.viewport().mapTo(viewport, row.bottomLeft()).y()
    assert 0 <= bottom <= viewport.height()
    assert in_view(board.casualty_total, board)
