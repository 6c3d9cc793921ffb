"""What a guided course asks of the main window it runs in, as a protocol: the runner puts its
game on the board, reads the board's view and pieces to frame a step, submits an auto step's
actions and shows its notes, and nothing else. A test can run a course in any window that
offers these."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QWidget

    from pacific.gui.controller import GameController
    from pacific.gui.dialogs.battle import BattleBoard
    from pacific.gui.event_log import StatusStrip
    from pacific.gui.game_dialogs import GameDialogs
    from pacific.gui.game_files import GameFiles
    from pacific.gui.map_view import MapView
    from pacific.gui.pieces import PieceLayer
    from pacific.gui.scene import BoardScene
    from pacific.gui.zooming import MapZoom
    from pacific.rules.actions import Action
    from pacific.rules.errors import IllegalAction
    from pacific.rules.history import History


class TutorialWindow(Protocol):
    """The main window, as the tutorial runner sees it."""

    @property
    def game_shown(self) -> SignalInstance:
        """Another game is on the board: the runner stops following one it did not show."""
    @property
    def files(self) -> GameFiles: ...
    @property
    def controller(self) -> GameController | None: ...
    @property
    def board_scene(self) -> BoardScene | None: ...
    @property
    def view(self) -> MapView | None: ...
    @property
    def pieces(self) -> PieceLayer | None: ...
    @property
    def zooming(self) -> MapZoom: ...
    @property
    def dialogs(self) -> GameDialogs: ...
    @property
    def status_strip(self) -> StatusStrip: ...

    def window(self) -> QWidget:
        """The top-level widget: the parent of the runner and of its dialogs."""
    def centralWidget(self) -> QWidget | None:
        """The map's column, where the tutorial's panel goes above the map."""
    def show_game(self, history: History, path: Path | None, saved: bool = ...,
                  untitled: str = ...) -> None: ...
    def show_modified(self) -> None: ...
    def visible_battle_board(self) -> BattleBoard | None:
        """The battle board when it is on the screen: it stands over the map, under the
        panel."""
    def submit(self, action: Action) -> IllegalAction | None: ...
