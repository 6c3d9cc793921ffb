"""Formosa's name at the 1600x960 fit: a later layout let the names hidden in the first choose
first, and Kwangsi's, beside its land over the sea, took the room below Formosa's marker that
Formosa's name had found in the first; the layout was kept (it showed more names), and
Formosa's was hidden, though it stood over nothing but the sea. A name hidden in the layout
kept now takes the place an earlier layout showed it at where the names in its way find other
places (`label_layout._make_way`): no name is hidden for it, none stands over another's land."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtWidgets import QApplication
from test_gui_names_on_their_land import names_over_neighbours, zoomed
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.rules.engine import Game

# The names the layout hid at this fit before Formosa's was (none of them may show now: their
# land has no room; the test asks that no other name is hidden).
HIDDEN_BEFORE = {"anhwe", "hong_kong", "hopei", "hunan", "malaya", "shantung"}


@pytest.fixture(scope="module")
def window(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[MainWindow]:
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("formosa"), game,
                       game.new_game(players=3, seed=4), size=(1600, 960))
    yield win
    close_quietly(win)


def test_formosa_is_named_at_the_1600x960_fit(window: MainWindow) -> None:
    zoomed(window, 0)
    labels = window.board_scene.map.labels
    assert not labels["formosa"].hidden
    hidden = {rid for rid, label in labels.items() if label.hidden}
    assert hidden <= HIDDEN_BEFORE, sorted(hidden - HIDDEN_BEFORE)
    assert not names_over_neighbours(window)
