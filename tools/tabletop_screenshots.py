"""Regenerate the tabletop companion's screenshots, offscreen:

- docs/screenshot-edit.png: edit mode on the late-game scenario, a damaged battleship's menu;
- docs/screenshot-dice.png: dice typed in on the battle board, one die chosen for correction.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/tabletop_screenshots.py [--out docs]

The positions come from maps/pacific/scenarios/; nothing is random.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from gui_screenshots import SIZE, settle, with_dialog
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QApplication

from pacific.gui.app import scenario_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import Condition, StackKey
from pacific.gui.settings import DiceMode, Preferences
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.edit import EditMode
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

SCENARIOS = Path(__file__).parent.parent / "maps" / "pacific" / "scenarios"


def window_on(app: QApplication, scenario: str, typed_dice: bool) -> MainWindow:
    import tempfile

    prefs = Preferences(QSettings(str(Path(tempfile.mkdtemp()) / "p.ini"),
                                  QSettings.Format.IniFormat))
    prefs.handover_screen = False
    prefs.dice_mode = DiceMode.TABLETOP if typed_dice else DiceMode.COMPUTER
    window = MainWindow(scenario_controller(SCENARIOS / scenario, seed=1942), prefs=prefs)
    window.resize(*SIZE)
    window.show()
    settle(app)
    return window


def edit_picture(app: QApplication, out: Path) -> None:
    window = window_on(app, "late_game.json", typed_dice=False)
    window.submit(EditMode(on=True))
    assert window.view is not None and window.board_scene is not None
    window.fit_map()
    window.view.zoom_by(2.4)
    window.view.centerOn(window.board_scene.centre_of("burma"))
    settle(app, window)
    window.pieces.layout() if window.pieces is not None else None
    settle(app, window)
    menu = window.editing.stack_menu(StackKey("sz_54", UnitType.BATTLESHIP, Nation.INDIA,
                                              Condition.DAMAGED))
    assert menu is not None
    menu.adjustSize()
    assert window.pieces is not None
    item = window.pieces.items.get(StackKey("sz_54", UnitType.BATTLESHIP, Nation.INDIA,
                                            Condition.DAMAGED))
    at = window.view.mapFromScene(item.scenePos()) if item is not None else QPoint(600, 400)
    at = window.view.mapTo(window, at) + QPoint(18, 10)
    with_dialog(window, menu.grab(), at).save(str(out / "screenshot-edit.png"))


def dice_picture(app: QApplication, out: Path) -> None:
    window = window_on(app, "japan_first_turn.json", typed_dice=True)
    controller = window.controller
    assert controller is not None and window.view is not None and window.board_scene is not None
    state = controller.state
    attackers = [u.id for u in state.units_at("manchuria")
                 if u.type in (UnitType.INFANTRY, UnitType.ARTILLERY, UnitType.ARMOR)]
    window.submit(Move(units=tuple(attackers[:6]), path=("manchuria", "anhwe")))
    window.submit(Move(units=tuple(u.id for u in state.units_at("shantung")),
                       path=("shantung", "anhwe")))
    window.submit(EndPhase())
    window.fit_map()
    window.view.zoom_by(3.2)
    window.view.centerOn(window.board_scene.centre_of("anhwe"))
    window.submit(SelectBattle(space="anhwe"))
    settle(app, window)
    entry = window.battle_board.dice_entry
    entry.field.setText("1 3 5 6 2 2 4 1 6 2 3")
    entry._typed(entry.field.text())
    entry.choose(2)
    board = window.battle_board
    board.adjustSize()
    settle(app, window)
    with_dialog(window, board.grab(), QPoint(40, 40)).save(str(out / "screenshot-dice.png"))


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    edit_picture(app, out)
    dice_picture(app, out)
    print(f"wrote {out}/screenshot-edit.png, {out}/screenshot-dice.png")


if __name__ == "__main__":
    main()
