"""The game's files: new game, open, save, save as, the autosave of every game, the restore after
a crash, and the offer to save changes before they are lost (no lost games).

- A game restored from an autosave (after a crash, or Game ▸ Open an autosave) has no file of
  its own: its first Save asks for a name, so it never writes into the autosave folder.
- Every game shown autosaves into a file of its own (`pacific.gui.autosave`).
- New game, Open and Quit offer to save a game that has changes (`offer_to_save`).
- The file dialogs start in the folder used last (`Preferences.last_folder`).

Questions are asked with ``open()``, never ``exec()``, like every dialog of the window, so
that tests can answer them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from pacific.gui.controller import GameController
from pacific.gui.qt_dialogs import file_dialog, message_box
from pacific.rules.errors import PacificError
from pacific.rules.files.maps import board_resolver
from pacific.text import N_, _, error_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from pacific.ai.levels import Level
    from pacific.gui.dialogs.new_game import NewGameDialog
    from pacific.gui.main_window import MainWindow
    from pacific.rules.files.savefile import BoardResolver
    from pacific.rules.history import History
    from pacific.rules.nations import Power

# NAME.pacific is the saved-game file type (packaging/pacific-mime.xml; JSON inside).
# Translated when a file dialog opens (gettext of the constant).
SAVE_FILTER = N_("Pacific saved games (*.pacific *.json);;All files (*)")
SCENARIO_FILTER = N_("Pacific scenarios (*.json);;All files (*)")


class GameFiles(QObject):
    """The file commands of ``window`` (Game menu)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.save_box: QMessageBox | None = None  # the open "save the changes?" question
        self.new_game_dialog: NewGameDialog | None = None

    # ---- the offer to save ----

    def offer_to_save(self, then: Callable[[], object], doing: str) -> None:
        """Run ``then`` once the game's changes are safe: at once when there are none, else
        after the player answers Save (and the save succeeds) or Discard; Cancel stops.
        ``doing`` ends the question "Save them before ...?", marked with N_ by the caller
        ("starting a new game") and translated here."""
        controller = self.window.controller
        if controller is None or not controller.modified:
            then()
            return
        from PySide6.QtWidgets import QMessageBox  # (imported when first shown: `qt_dialogs`)

        Button = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Warning, _("Unsaved changes"),
                          _("This game has changes that are not saved. Save them before "
                            "{doing}?").format(doing=_(doing)),
                          Button.Save | Button.Discard | Button.Cancel, self.window)
        box.setInformativeText(_("Discarded changes stay in the game's autosave "
                                 "(Game ▸ Open an autosave)."))
        box.setDefaultButton(Button.Save)
        self.save_box = box

        def answered(_result: int) -> None:
            self.save_box = None
            choice = box.standardButton(box.clickedButton())
            if choice == Button.Discard or (choice == Button.Save and self.save()):
                then()

        box.finished.connect(answered)
        box.open()

    # ---- new, open, restore ----

    def open_new_game(self) -> None:
        """Game ▸ New game: offer to save, then ask for the players."""
        self.offer_to_save(self._ask_new_game, N_("starting a new game"))

    def _ask_new_game(self) -> NewGameDialog:
        from pacific.gui.dialogs.new_game import NewGameDialog

        window = self.window
        dialog = NewGameDialog(window.prefs.seat_names(), window, window.prefs.seat_players())
        self.new_game_dialog = dialog

        def start() -> None:
            from pacific.gui.computer import seats_to_powers

            window.prefs.set_seat_names(dialog.seat_names())
            window.prefs.set_seat_players(dialog.seat_choices())
            self.new_game(dialog.players, seats_to_powers(dialog.players, dialog.seat_levels()))

        dialog.accepted.connect(start)
        dialog.open()
        return dialog

    def new_game(self, players: int = 3, computer: dict[Power, Level] | None = None,
                 seed: int | None = None) -> None:
        """A new game; ``computer`` gives the powers the computer plays, at its level."""
        from pacific.gui.app import new_controller

        controller = new_controller(players=3 if players == 3 else 2, seed=seed)
        self.window.show_game(controller.history, None, computer=computer)
        self._new_autosave("new game")

    def open_scenario(self) -> None:
        """Game ▸ New game from scenario: offer to save, then choose the file."""
        self.offer_to_save(self._ask_scenario, N_("starting a new game"))

    def _ask_scenario(self) -> None:
        path = file_dialog().getOpenFileName(self.window, _("New game from a scenario"),
                                             str(self.window.prefs.last_folder),
                                             _(SCENARIO_FILTER))[0]
        if path:
            self.new_game_from_scenario(Path(path), board_resolver())

    def new_game_from_scenario(self, path: Path, resolve: BoardResolver) -> bool:
        """Start a new game at the position of the scenario file ``path`` (docs/scenarios.md).
        A file refused (unreadable, inconsistent) is explained and the game shown stays."""
        from pacific.gui.app import scenario_controller

        try:
            controller = scenario_controller(path, resolve)
        except (PacificError, OSError) as exc:
            # In the player's language, naming the file, the entry and the space.
            why = error_text(exc) if isinstance(exc, PacificError) else str(exc)
            message_box().warning(self.window, _("Cannot start the scenario"), why)
            return False
        self.window.show_game(controller.history, None, saved=False, untitled=path.stem)
        self._new_autosave(path.stem)
        return True

    def open_file(self) -> None:
        """Game ▸ Open: offer to save, then choose a file in the folder used last."""
        self.offer_to_save(self._ask_open, N_("opening another game"))

    def _ask_open(self) -> None:
        path = file_dialog().getOpenFileName(self.window, _("Open a saved game"),
                                             str(self.window.prefs.last_folder),
                                             _(SAVE_FILTER))[0]
        if path:
            self.open_path(Path(path))

    def open_recent(self, path: Path) -> None:
        self.offer_to_save(lambda: self.open_path(path), N_("opening another game"))

    def open_path(self, path: Path) -> bool:
        return self.open_path_with(path, board_resolver())

    def open_path_with(self, path: Path, resolve: BoardResolver) -> bool:
        """Open the saved game at ``path``, finding its board with ``resolve``."""
        history = self._read(path, resolve)
        if history is None:
            return False
        self.window.show_game(history, path)
        self._new_autosave(path.stem)
        self.window.prefs.add_recent(str(path))
        self.window.menus.fill_recent()
        return True

    def open_autosave(self) -> None:
        """Game ▸ Open an autosave: choose one in the autosave folder; it opens as a restored
        game (its first save asks for a name). A saved game chosen elsewhere in the dialog
        opens as itself, under its own name."""
        autosave = self.window.autosave
        if autosave is None:
            return

        def ask() -> None:
            path = file_dialog().getOpenFileName(self.window, _("Open an autosave"),
                                                 str(autosave.directory), _(SAVE_FILTER))[0]
            if not path:
                return
            if Path(path).resolve().parent == autosave.directory.resolve():
                self.restore(Path(path))
            else:
                self.open_path(Path(path))

        self.offer_to_save(ask, N_("opening another game"))

    def restore(self, path: Path, resolve: BoardResolver | None = None) -> bool:
        """Open the autosave at ``path`` as a game with no file: Save asks for a name, and
        the game goes on autosaving into a new file, so the autosave stays as it was."""
        history = self._read(path, resolve or board_resolver())
        if history is None:
            return False
        self.window.show_game(history, None, saved=False, untitled=N_("restored game"))
        self._new_autosave("restored")
        self.window.status_strip.show_info(
            _("Restored the game saved automatically in {file}. Save it to keep it under a "
              "name of your own.").format(file=path.name))
        return True

    def _read(self, path: Path, resolve: BoardResolver) -> History | None:
        """The game at ``path``, or None after telling the player why it cannot be read. A
        save whose position was changed outside the game opens where its actions lead; the
        player is asked whether to open the changed position instead."""
        try:
            history = GameController.open_history(path, resolve)
            from PySide6.QtWidgets import QMessageBox

            from pacific.rules.files.savefile import offers_edited

            if offers_edited(history) and QMessageBox.question(
                    self.window, _("Open the changed position?"),
                    _("The position saved in {file} was changed outside the game: it is not "
                      "where the game's own actions lead. Open the changed position instead "
                      "of the record of what was played?").format(file=path.name),
                    QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                    QMessageBox.StandardButton.No) == QMessageBox.StandardButton.Yes:
                history = GameController.open_history(path, resolve, edited=True)
            return history
        except (PacificError, OSError) as exc:
            why = error_text(exc) if isinstance(exc, PacificError) else str(exc)
            message_box().warning(self.window, _("Cannot open the game"), f"{path}:\n{why}")
            return None

    # ---- autosave ----

    def _new_autosave(self, name: str) -> None:
        if self.window.autosave is not None:
            self.window.autosave.new_game(name)

    def autosave_now(self, _action: object = None) -> None:
        """After every action, undo and redo (the controller's ``applied`` and ``stepped``):
        a restored game is the position the player last saw."""
        autosave, controller = self.window.autosave, self.window.controller
        if autosave is not None and controller is not None and \
                not autosave.save(controller.history) and autosave.last_error:
            self.window.status_strip.show_refusal(autosave.last_error)

    # ---- save ----

    def save(self) -> bool:
        """Game ▸ Save: into the game's file; a game without one asks for a name."""
        controller = self.window.controller
        if controller is None:
            return False
        if controller.path is None:
            return self.save_as()
        return self.save_to(controller.path)

    def save_as(self) -> bool:
        controller = self.window.controller
        if controller is None:
            return False
        name = controller.path.name if controller.path is not None else \
            f"pacific-round-{controller.state.round}.pacific"
        path = file_dialog().getSaveFileName(self.window, _("Save the game"),
                                             str(self.window.prefs.last_folder / name),
                                             _(SAVE_FILTER))[0]
        if not path:
            return False
        chosen = Path(path)
        if not chosen.suffix:
            chosen = chosen.with_suffix(".json")
        return self.save_to(chosen)

    def save_to(self, path: Path) -> bool:
        """Write the game to ``path``; the autosave folder is refused (old autosaves are
        deleted there as new ones come)."""
        window = self.window
        controller = window.controller
        if controller is None:
            return False
        autosave = window.autosave
        if autosave is not None and path.resolve().parent == autosave.directory.resolve():
            message_box().warning(window, _("Cannot save there"),
                                _("{path}:\nthis is the autosave folder, where old autosaves "
                                  "are deleted. Choose another folder.").format(path=path))
            return False
        try:
            controller.save(path)
        except PacificError as exc:
            message_box().warning(window, _("Cannot save"), error_text(exc))
            return False
        window.prefs.add_recent(str(path))
        window.menus.fill_recent()
        window.status_strip.show_info(_("Saved to {path}").format(path=path))
        window.show_modified()
        return True
