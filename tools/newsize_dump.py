"""Newsize's dump: every label's, stack's, summary marker's and battle marker's place in the
main window at the fit and at 1.2, 1.44, 1.5, 2 and 4 times in (over Japan), at 1024x700 and
1920x1080, for the start (three players, seed 4) and scenarios/late_game.json, one line each
(6,036 lines). A change meant to lay out faster without moving anything must leave it byte
for byte as it was:

    PACIFIC_CACHE_DIR=$(mktemp -d) QT_QPA_PLATFORM=offscreen \\
        python tools/newsize_dump.py before.txt        (on the old tree, then the new one)
    cmp before.txt after.txt

An empty cache folder (or one holding only the geometry's cache) makes every layout anew, as
in a start in a new window size; the layouts kept on disk would be read back otherwise.

With ``--bands`` the zooms are the fit and the next thirteen bands of zooms in
(`piece_shapes.BAND`), each laid out after the one before, so that what is kept from a band
laid out before serves the next one (28 layouts per window size).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

SIZES = [(1024, 700), (1920, 1080)]
ZOOMS = [1.0, 1.2, 1.44, 1.5, 2.0, 4.0]
BANDS = [1.0, *(2 ** ((k + 0.5) / 6) for k in range(1, 14))]  # (one `piece_shapes.BAND` each)
POSITIONS = ["start", "late_game.json"]


def _number(x: float) -> str:
    return repr(float(x))


def dump(window: object, tag: str) -> list[str]:
    """The places of ``window``'s labels, stacks, summary and battle markers."""
    out = []
    scene = window.board_scene.map  # type: ignore[attr-defined]
    for rid, label in sorted(scene.labels.items()):
        p = label.pos()
        leader = None if label.leader is None else (_number(label.leader.x()),
                                                    _number(label.leader.y()))
        out.append(f"{tag} L {rid} {_number(p.x())} {_number(p.y())} {label.index} {leader} "
                   f"{label.hidden} {label.isVisible()}")
    pieces = window.pieces  # type: ignore[attr-defined]
    for key, item in sorted(pieces.items.items(), key=lambda kv: repr(kv[0])):
        p = item.scenePos()
        out.append(f"{tag} S {key!r} {_number(p.x())} {_number(p.y())} {item.isVisible()} "
                   f"{getattr(item, 'size', None)}")
    for key, item in sorted(pieces.summaries.items(), key=lambda kv: repr(kv[0])):
        p = item.scenePos()
        out.append(f"{tag} M {key!r} {_number(p.x())} {_number(p.y())} {item.isVisible()}")
    for item in window.view.scene().items():  # type: ignore[attr-defined]
        name = type(item).__name__
        if "Battle" in name:
            p = item.scenePos()
            out.append(f"{tag} B {name} {_number(p.x())} {_number(p.y())} {item.isVisible()}")
    return out


def main(argv: list[str]) -> int:
    zooms = ZOOMS
    if argv[:1] == ["--bands"]:
        argv, zooms = argv[1:], BANDS
    if len(argv) != 1:
        print(__doc__)
        return 2
    app = QApplication.instance() or QApplication([])
    from pacific.gui.autosave import Autosave
    from pacific.gui.controller import GameController
    from pacific.gui.main_window import MainWindow
    from pacific.gui.settings import Preferences
    from pacific.rules.engine import Game
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.files.maps import find_map
    from pacific.rules.files.scenario import load_scenario
    from pacific.rules.history import History

    folder = Path(tempfile.mkdtemp())
    lines: list[str] = []
    for size in SIZES:
        for position in POSITIONS:
            game = Game(load_board(find_map("pacific") / "board.json"))
            state = game.new_game(players=3, seed=4) if position == "start" else \
                load_scenario(find_map("pacific") / "scenarios" / position, game.board, seed=3)
            settings = QSettings(str(folder / f"{size}{position}.ini"),
                                 QSettings.Format.IniFormat)
            prefs = Preferences(settings)
            prefs.animation_ms = 0
            prefs.handover_screen = False
            window = MainWindow(GameController(History(game, state)), prefs=prefs,
                                autosave=Autosave(folder / "autosave", settings))
            window.resize(*size)
            window.show()
            QTest.qWaitForWindowExposed(window)
            app.processEvents()
            window.view.viewport().repaint()
            for zoom in zooms:
                window.fit_map()
                if zoom != 1.0:
                    window.view.zoom_by(zoom)
                    window.view.centerOn(window.board_scene.centre_of("japan"))
                app.processEvents()
                window.pieces.layout()
                lines += dump(window, f"{size[0]}x{size[1]} {position} z{zoom}")
            window.close()
            app.processEvents()
    Path(argv[0]).write_text("\n".join(lines) + "\n")
    print(len(lines), "lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
