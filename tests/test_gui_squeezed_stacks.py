"""A space too thin for its stacks' whole tokens (Japan: Honshu is narrower than a token, and
its name sits on its widest part) draws them smaller, down to a readable size, each at its own
place inside the space (Kyushu, Shikoku and Hokkaido included), rather than one merged marker:
Japan's moves, most of a first turn, are drags of its own stacks, not of the unit picker's.
A small window shows them from three times its fit: where a whole token's clearance leaves too
little room, the smaller tokens stand along Honshu's spine, their centres well inside it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import crowded, misplaced, zoom_to

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import SQUEEZED_PIXELS
from pacific.rules.engine import Game


@pytest.fixture(scope="module",
                params=[((1920, 1080), 3.0), ((1024, 700), 3.0), ((1024, 700), 6.0)],
                ids=["1920x1080-zoom3", "1024x700-zoom3", "1024x700-zoom6"])
def zoomed(request: pytest.FixtureRequest, qapp: QApplication,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    size, zoom = request.param
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("squeezed"), game,
                       game.new_game(players=2, seed=3), size=size)
    zoom_to(win, zoom)
    yield win
    close_quietly(win)


def test_japan_shows_each_of_its_stacks_smaller(zoomed: MainWindow) -> None:
    pieces = zoomed.pieces
    assert not pieces.summarised("japan")
    shown = [item for item in pieces.at("japan") if item.isVisible()]
    assert len(shown) == 6
    assert len({(item.scenePos().x(), item.scenePos().y()) for item in shown}) == 6
    scale = pieces.squeezed("japan")
    assert scale < 1.0
    for item in shown:
        assert item.size == pytest.approx(pieces.pixels() * scale)
        assert item.size >= SQUEEZED_PIXELS


def test_japan_s_smaller_stacks_stand_inside_it_off_the_rest(zoomed: MainWindow) -> None:
    wrong = [line for line in misplaced(zoomed) + crowded(zoomed) if "japan" in line]
    assert not wrong, "\n".join(wrong)
