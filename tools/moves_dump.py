"""Every stack's and merged marker's place after each of 25 moves of Japan's first turn (seed
3; each drawn by a fixed random choice among the legal moves), in the main window at 1024x700
zoomed 3 and 1.6 times in over Formosa and at 1920x1080 fitted, one line each. A change to how
the pieces are laid out after a move is judged by what it moves: compare the two trees' files

    PACIFIC_CACHE_DIR=$(mktemp -d) QT_QPA_PLATFORM=offscreen \\
        python tools/moves_dump.py <tree> before.txt      (the old tree, then the new one)
    diff before.txt after.txt

(``<tree>``: the checkout whose `pacific` and tests' helpers are read).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

if len(sys.argv) != 3:
    print(__doc__)
    sys.exit(2)
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/tests")
from PySide6.QtWidgets import QApplication

app = QApplication.instance() or QApplication([])
from gui_helpers import build_window  # noqa: E402

from pacific.rules.actions.movement import Move  # noqa: E402
from pacific.rules.engine import Game  # noqa: E402
from pacific.rules.files.mapfile import load_board  # noqa: E402
from pacific.rules.files.maps import find_map  # noqa: E402
from pacific.rules.files.scenario import load_scenario  # noqa: E402

out: list[str] = []
for size, zoom in (((1024, 700), 3.0), ((1920, 1080), 1.0), ((1024, 700), 1.6)):
    board = load_board(find_map("pacific") / "board.json")
    game = Game(board)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", board,
                          seed=3)
    win = build_window(Path(tempfile.mkdtemp()), game, state, size=size)
    win.dialogs.handover = None
    if zoom != 1.0:
        win.view.zoom_by(zoom)
        win.view.centerOn(win.board_scene.centre_of("formosa"))
    win.pieces.layout()
    app.processEvents()
    rng = random.Random(7)
    for step in range(25):
        st = win.controller.state
        moves = [a for a in game.legal_actions(st) if isinstance(a, Move)]
        if not moves:
            break
        move = rng.choice(sorted(moves, key=repr))
        if win.controller.submit(move) is not None:
            continue
        app.processEvents()
        for key, item in sorted(win.pieces.items.items(), key=lambda kv: repr(kv[0])):
            p = item.scenePos()
            out.append(f"{size} {zoom} {step} S {key.space} {key.unit_type.value} "
                       f"{key.owner.value} {key.condition.value} {p.x()!r} {p.y()!r} "
                       f"{item.isVisible()} {item.size!r}")
        for key, item in sorted(win.pieces.summaries.items(), key=lambda kv: repr(kv[0])):
            p = item.scenePos()
            out.append(f"{size} {zoom} {step} M {key!r} {p.x()!r} {p.y()!r} "
                       f"{item.isVisible()}")
    win.close()
    app.processEvents()
Path(sys.argv[2]).write_text("\n".join(out) + "\n")
print(len(out))
