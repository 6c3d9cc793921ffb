"""Regenerate the README's screenshots of the main window (docs/screenshot-*.png), offscreen:
the start of a game, fitted and zoomed in; the unit picker of a sea zone; a battle on the
battle board before any die is known, its dice being typed in from the table; the same
battle's result in words; and the production chart phase.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/gui_screenshots.py [--out docs]
        [--size 1024x700]

The window is 1920x1080 unless --size says otherwise; with --size the files are named
screenshot-*-WxH.png.

The game is played through the GUI's controller with dice typed in (the tabletop preference):
the values are the game's own seeded dice ("Roll for me"), so the pictures are the same on
every run.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

from pacific.gui.app import new_controller
from pacific.gui.controller import GameController
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import DiceMode, Preferences
from pacific.rules.actions.combat import RollDice
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.actions.movement import Move
from pacific.rules.decisions import DiceRoll
from pacific.rules.dice import SeededDice
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

SIZE = (1920, 1080)
SUFFIX = ""  # after the file names' kind: "-1024x700" with --size


def name(kind: str) -> str:
    return f"screenshot-{kind}{SUFFIX}.png"


def settle(app: QApplication, window: MainWindow | None = None) -> None:
    for _ in range(5):
        app.processEvents()
    if window is not None and window.view is not None:
        # Names laid out over several turns of the event loop (a start that found none kept,
        # a wheel's pause in a band not laid out): shown now.
        window.zooming.wait_until_laid_out()
        # The view shows a scaled stand-in for a moment after a zoom; paint the map now.
        window.view.render_map_picture()
        window.view.viewport().repaint()


def with_dialog(window: MainWindow, dialog_pixmap: QPixmap, at: QPoint) -> QPixmap:
    """The window with a dialog drawn over it (offscreen, dialogs are separate windows)."""
    picture = window.grab()
    painter = QPainter(picture)
    painter.drawPixmap(at, dialog_pixmap)
    painter.end()
    return picture


def shoot(app: QApplication, window: MainWindow, board: QWidget, kind: str, out: Path) -> None:
    """The window with the battle board over it, where and as large as the window puts it."""
    settle(app, window)
    at = board.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
    with_dialog(window, board.grab(), at).save(str(out / name(kind)))


def fight_out(window: MainWindow) -> None:
    """Answer the battle's decisions: the game's own dice, the suggested casualties, on."""
    for _ in range(60):
        pending = window.controller.state.pending if window.controller else None
        if pending is None:
            return
        if isinstance(pending, DiceRoll):
            window.submit(RollDice(values=None))
            continue
        legal = window.decision_actions()
        preferred = [a for a in legal if a.kind in ("choose_casualties", "press_on")]
        window.submit((preferred or legal)[0])


def start(doc: str) -> tuple[Path, QApplication, GameController, MainWindow]:
    """Read --out and --size, and open the window on a new seeded three-player game (shown,
    not fitted)."""
    global SUFFIX
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", default="docs")
    parser.add_argument("--size", help="the window's size, WxH (default 1920x1080)")
    args = parser.parse_args()
    size = SIZE
    if args.size:
        width, height = (int(v) for v in args.size.lower().split("x"))
        size, SUFFIX = (width, height), f"-{width}x{height}"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    prefs = Preferences(QSettings(str(Path(tempfile.mkdtemp()) / "p.ini"),
                                  QSettings.Format.IniFormat))
    prefs.handover_screen = False
    controller = new_controller(players=3, seed=1941)
    window = MainWindow(controller, prefs=prefs)
    window.resize(*size)
    window.show()
    settle(app)
    return out, app, controller, window


def main() -> None:
    out, app, controller, window = start(__doc__)
    window.fit_map()
    settle(app, window)
    if window.dialogs.convoy is not None:
        window.dialogs.convoy.accept()
    settle(app)
    window.grab().save(str(out / name("start")))
    # Zoomed in on Japan and China, where the stacks crowd: every stack on its own space.
    assert window.view is not None and window.board_scene is not None
    window.view.zoom_by(3.0)
    window.view.center_on_scene_point(window.board_scene.centre_of("japan"))
    settle(app, window)
    window.zooming.paused()
    settle(app, window)
    window.grab().save(str(out / name("zoomed")))
    window.fit_map()
    settle(app, window)

    state = controller.state
    window.submit(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 3,
                                                       UnitType.ARTILLERY: 1}))
    window.submit(EndPhase())
    window.submit(EndPhase())
    # The unit picker of Sea Zone 20 (a click on its carriers), zoomed in a little: it
    # opens where it covers the least of the neighbouring spaces' stacks.
    assert window.view is not None and window.board_scene is not None
    window.view.zoom_by(1.5)
    window.view.center_on_scene_point(window.board_scene.centre_of("sz_20"))
    window.zooming.paused()
    settle(app, window)
    carriers = next(item for key, item in window.pieces.items.items()
                    if key.space == "sz_20" and key.unit_type is UnitType.CARRIER)
    window.picker.open_stack(carriers)
    settle(app, window)
    window.grab().save(str(out / name("unit-picker")))
    window.picker.close_picker()
    window.fit_map()
    settle(app, window)
    state = controller.state
    attackers = [u.id for u in state.units_at("manchuria")
                 if u.type in (UnitType.INFANTRY, UnitType.ARTILLERY, UnitType.ARMOR)]
    window.submit(Move(units=tuple(attackers[:6]), path=("manchuria", "anhwe")))
    shantung = [u.id for u in state.units_at("shantung")]
    window.submit(Move(units=tuple(shantung), path=("shantung", "anhwe")))
    window.submit(EndPhase())
    assert window.view is not None and window.board_scene is not None
    window.view.zoom_by(3.2)
    window.view.centerOn(window.board_scene.centre_of("anhwe"))
    settle(app, window)
    # Dice from the table: the board shows the battle, then asks for the dice of the roll.
    window.prefs.dice_mode = DiceMode.TABLETOP
    window._install_dice()
    board = window.battle_board
    board.select_box.setCurrentIndex(board.select_box.findData("anhwe"))
    board.select_button.click()
    pending = controller.state.pending
    assert isinstance(pending, DiceRoll)
    seeded = SeededDice(controller.state.seed, controller.state.dice_drawn).roll(
        pending.count, "")
    board.dice_entry.field.setText(" ".join(map(str, seeded[:-2])))
    board.dice_entry.field.textEdited.emit(board.dice_entry.field.text())
    settle(app)
    shoot(app, window, board, "battle", out)
    board.dice_entry.roll_button.click()   # the same values as the game's own dice
    fight_out(window)
    settle(app)
    shoot(app, window, board, "result", out)

    # Finish the other battles, then go to the production chart phase.
    while controller.state.pending is None and any(
            b.status != "over" for b in controller.state.battles):
        next_battle = [a for a in window.decision_actions() if a.kind == "select_battle"]
        window.submit(next_battle[0])
        fight_out(window)
    window.submit(EndPhase())
    window.tabs.setCurrentWidget(window.chart)
    settle(app, window)
    window.grab().save(str(out / name("production")))
    print(f"wrote {out}/{name('start')}, {name('zoomed')}, {name('unit-picker')}, "
          f"{name('battle')}, {name('result')}, {name('production')}; phase now "
          f"{controller.state.phase.label}")


if __name__ == "__main__":
    main()
