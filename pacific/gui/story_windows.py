"""The story of a game in the GUI: Game ▸ Replay (this game or a saved one), Game ▸ Charts and
luck, Game ▸ Export report. Each reads the history it is given (`pacific.story`); none changes
the game being played. "Play from here" in a replay starts a new game through the host's
`show_game`, after its usual offer to save the game being played.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.game_files import SAVE_FILTER
from pacific.gui.qt_dialogs import file_dialog, message_box
from pacific.rules.errors import PacificError
from pacific.rules.files.maps import board_resolver
from pacific.rules.history import History
from pacific.text import N_, _, error_text, power_name

# The replay, the charts and the story they read are imported when first opened: the window's
# first paint needs none of them.
if TYPE_CHECKING:
    from pacific.gui.replay import ReplayWindow
    from pacific.story import GameStory

REPORT_FILTER = N_("Web pages (*.html);;All files (*)")


class _Files(Protocol):
    def offer_to_save(self, then: Callable[[], object], doing: str) -> None: ...


class _Prefs(Protocol):
    @property
    def last_folder(self) -> Path: ...


class StoryHost(Protocol):
    """What the story commands need of the main window."""

    @property
    def files(self) -> _Files: ...

    @property
    def prefs(self) -> _Prefs: ...

    def current_history(self) -> tuple[History, str] | None:
        """The history of the game shown and its name, or None without a game."""

    def show_game(self, history: History, path: Path | None, saved: bool = ...,
                  untitled: str = ...) -> None: ...


class _Busy:
    """The wait cursor while a story is read."""

    def __enter__(self) -> None:
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)

    def __exit__(self, *_exc: object) -> None:
        QGuiApplication.restoreOverrideCursor()


class StoryCommands:
    """Game ▸ Replay, Charts and luck, Export report, for ``host`` (its windows are kept
    here so that they stay open)."""

    def __init__(self, host: StoryHost, parent: QWidget) -> None:
        self.host = host
        self.parent = parent
        self.replays: list[ReplayWindow] = []
        self.charts: list[ChartsWindow] = []

    # ---- replay ----

    def replay_current(self) -> ReplayWindow | None:
        current = self.host.current_history()
        if current is None:
            return None
        history, name = current
        with _Busy():
            history.rebuild()
        return self.open_replay(history, name)

    def replay_file(self) -> ReplayWindow | None:
        path = file_dialog().getOpenFileName(self.parent, _("Replay a saved game"),
                                             str(self.host.prefs.last_folder),
                                             _(SAVE_FILTER))[0]
        return self.replay_path(Path(path)) if path else None

    def replay_path(self, path: Path) -> ReplayWindow | None:
        history = self._read(path)
        return self.open_replay(history, path.name) if history is not None else None

    def open_replay(self, history: History, name: str) -> ReplayWindow:
        from pacific.gui.replay import ReplayWindow

        with _Busy():
            window = ReplayWindow(history, name)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.play_from.connect(self._play_from)
        window.destroyed.connect(lambda _obj=None, w=window: self._forget(w))
        self.replays.append(window)
        _bring_up(window)
        return window

    def _forget(self, window: object) -> None:
        self.replays = [w for w in self.replays if w is not window]
        self.charts = [w for w in self.charts if w is not window]

    def _play_from(self, history: object) -> None:
        assert isinstance(history, History)
        self.host.files.offer_to_save(
            lambda: self.host.show_game(history, None, saved=False,
                                        untitled=N_("game from a replay")),
            N_("playing on from the replay"))

    def _read(self, path: Path) -> History | None:
        try:
            with _Busy():
                from pacific.rules.files.savefile import load_game

                history = load_game(path, board_resolver())
                history.rebuild()
                return history
        except (PacificError, OSError) as exc:
            why = error_text(exc) if isinstance(exc, PacificError) else str(exc)
            message_box().warning(self.parent, _("Cannot open the game"), f"{path}:\n{why}")
            return None

    # ---- charts and report ----

    def _story(self) -> tuple[GameStory, str] | None:
        current = self.host.current_history()
        if current is None:
            return None
        history, name = current
        from pacific.story import read_story

        with _Busy():
            return read_story(history), name

    def show_charts(self) -> ChartsWindow | None:
        read = self._story()
        if read is None:
            return None
        window = ChartsWindow(*read)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.destroyed.connect(lambda _obj=None, w=window: self._forget(w))
        self.charts.append(window)
        _bring_up(window)
        return window

    def export_report(self, path: Path | None = None) -> Path | None:
        """Game ▸ Export report: the report of the game shown, as one HTML file (``path``,
        else the one the player chooses)."""
        read = self._story()
        if read is None:
            return None
        story, name = read
        if path is None:
            chosen = file_dialog().getSaveFileName(
                self.parent, _("Export the report"),
                str(self.host.prefs.last_folder / (Path(name).stem + ".html")),
                _(REPORT_FILTER))[0]
            if not chosen:
                return None
            path = Path(chosen)
        from pacific.gui.chart_paint import report_html

        try:
            with _Busy():
                html = report_html(story)
            path.write_text(html, encoding="utf-8")
        except OSError as exc:
            message_box().warning(self.parent, _("Cannot write the report"),
                                  f"{path}:\n{exc.strerror or exc}")
            return None
        return path


def size_within_screen(window: QWidget, width: int, height: int) -> None:
    """Give ``window`` this size, or less where its screen has not the room (a 1024 x 700
    screen)."""
    screen = window.screen()
    room = screen.availableGeometry() if screen is not None else None
    window.resize(min(width, room.width() - 40) if room is not None else width,
                  min(height, room.height() - 60) if room is not None else height)


class ChartsWindow(QDialog):
    """The charts of a game and each power's luck, in one scrolled window."""

    def __init__(self, story: GameStory, name: str, parent: QWidget | None = None) -> None:
        from pacific.gui.chart_paint import ChartView
        from pacific.story.charts import game_charts

        super().__init__(parent)
        self.setWindowTitle(_("Charts and luck: {game}").format(game=name))
        self.setModal(False)
        inner = QWidget()
        grid = QGridLayout(inner)
        self.views = [ChartView(chart) for chart in game_charts(story)]
        for i, view in enumerate(self.views):
            grid.addWidget(view, i // 2, i % 2)
        from pacific.story.words import luck_note

        self.table = luck_table(story)
        self.table.setMaximumHeight(self.table.minimumHeight())   # its rows, no blank below
        row = (len(self.views) + 1) // 2
        grid.addWidget(self.table, row, 0, 1, 2)
        # What the table's numbers mean: "+18.2" says nothing to a learner by itself.
        self.luck_note = QLabel(luck_note())
        self.luck_note.setWordWrap(True)
        grid.addWidget(self.luck_note, row + 1, 0, 1, 2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        size_within_screen(self, 1340, 860)


def luck_table(story: GameStory) -> QTableWidget:
    """Each power's luck: dice, hits against expected, IPC lost against expected, battles."""
    from pacific.story.words import signed

    headers = [_("Dice"), _("Hits"), _("Expected hits"), _("Luck (hits)"), _("IPC lost"),
               _("Expected IPC lost"), _("Luck (IPC)"), _("Battles won"), _("Battles lost")]
    table = QTableWidget(len(story.luck), len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setVerticalHeaderLabels([power_name(p) for p in story.luck])
    for row, luck in enumerate(story.luck.values()):
        cells = (str(luck.dice), str(luck.hits), f"{luck.expected_hits:.1f}",
                 signed(luck.hit_luck), str(luck.ipc_lost), f"{luck.expected_ipc_lost:.1f}",
                 signed(luck.ipc_luck), str(luck.battles_won), str(luck.battles_lost))
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.setMinimumHeight(table.verticalHeader().length() + table.horizontalHeader().height()
                           + 8)
    return table


def _bring_up(window: QWidget) -> None:
    """Show a window of its own with the keyboard in it, so that Escape closes it at once
    (without a window manager, a bare X server, it has no title bar and the keyboard stayed
    with the main window: the charts could not be closed)."""
    window.show()
    window.raise_()
    window.activateWindow()

