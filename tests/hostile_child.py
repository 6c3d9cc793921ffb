"""The child process of the hostile-input tests (see `hostile.py`): runs every case of a corpus
and writes what happened to each as JSON.

    python hostile_child.py cli CASES.json RESULTS.json   # each case: {"id", "argv", "stdin"?}
    python hostile_child.py gui CASES.json RESULTS.json   # each: {"id", "path", "map"|"reader"}

``cli`` runs `pacific.cli.main.main(argv)` (the ``pacific`` command, in this process); ``gui``
opens each path through the main window's Open (`GameFiles.open_path_with`, which reads the
file with `GameController.open_history` → `load_game`), with the warning dialog recorded
instead of shown. It prints "case ID" to stderr before each case, so that a hang names it.
"""

from __future__ import annotations

import contextlib
import io
import json
import resource
import sys
import time
import traceback
from pathlib import Path
from typing import Any


def _status_kb(field: str) -> int | None:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _memory_before() -> int:
    """Resident memory now (kB), with the peak reset to it, so that `_peak` after a case is
    that case's own. Linux's VmHWM, not ru_maxrss: ru_maxrss survives exec and would start at
    the forking pytest process's size."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")  # reset the peak resident size (Linux 4.0+)
    except OSError:
        pass
    return _status_kb("VmRSS") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _peak() -> int:
    return _status_kb("VmHWM") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _run_cli(case: dict[str, Any]) -> dict[str, Any]:
    from pacific.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    rc: int | None = None
    stdin = sys.stdin
    try:
        if case.get("stdin"):
            sys.stdin = open(case["stdin"], encoding="utf-8")  # noqa: SIM115 - closed below
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(case["argv"])
    except SystemExit as exc:  # argparse refusing an argument
        rc = exc.code if isinstance(exc.code, int) else 2
    except BaseException:  # a crash is a result to report, not the end of the run
        err.write(traceback.format_exc())
    finally:
        if sys.stdin is not stdin:
            sys.stdin.close()
            sys.stdin = stdin
    return {"rc": rc, "out": out.getvalue(), "err": err.getvalue()}


class _Gui:
    def __init__(self, folder: Path) -> None:
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QMessageBox

        from pacific.gui.app import make_application
        from pacific.gui.autosave import Autosave
        from pacific.gui.controller import GameController
        from pacific.gui.main_window import MainWindow
        from pacific.gui.settings import Preferences
        from pacific.rules.engine import Game
        from pacific.rules.files.mapfile import load_board
        from pacific.rules.history import History

        self.app = make_application()
        self.messages: list[str] = []
        QMessageBox.warning = self._warning  # type: ignore[method-assign,assignment]
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        game = Game(load_board(Path(__file__).parent / "maps" / "mini"))
        self.window = MainWindow(GameController(History(game, game.new_game(seed=1))),
                                 prefs=Preferences(settings),
                                 autosave=Autosave(folder / "autosave.json", settings))
        self.window.show()

    def _warning(self, _parent: object, _title: str, text: str, *_: object) -> int:
        self.messages.append(text)
        return 0

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        from pacific.rules.files.maps import board_resolver

        self.messages.clear()
        if "reader" in case:
            return self._read_geometry(case)
        try:
            ok = self.window.files.open_path_with(Path(case["path"]),
                                                  board_resolver(case["map"]))
        except BaseException:
            return {"ok": None, "err": traceback.format_exc(), "messages": []}
        self.app.processEvents()
        return {"ok": ok, "err": "", "messages": list(self.messages)}


    @staticmethod
    def _read_geometry(case: dict[str, Any]) -> dict[str, Any]:
        from pacific.board.geometry import GeometryError, load_geometry
        from pacific.gui.geometry_cache import load_scene_geometry

        read = load_scene_geometry if case["reader"] == "cached" else load_geometry
        try:
            read(Path(case["path"]))
        except GeometryError as exc:
            return {"ok": False, "err": "", "messages": [str(exc)]}
        except BaseException:
            return {"ok": None, "err": traceback.format_exc(), "messages": []}
        return {"ok": True, "err": "", "messages": []}


def main() -> int:
    mode, case_file, result_file = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    cases = json.loads(case_file.read_text(encoding="utf-8"))
    gui = _Gui(case_file.parent) if mode == "gui" else None
    # Imported before the first case is timed.
    import pacific.cli.game_commands
    import pacific.rules.files.maps
    import pacific.rules.files.savefile  # noqa: F401
    results = []
    for case in cases:
        print(f"case {case['id']}", file=sys.stderr, flush=True)
        before = _memory_before()
        start = time.perf_counter()
        result = gui.run(case) if gui is not None else _run_cli(case)
        result.update(case, seconds=time.perf_counter() - start,
                      memory_before_kb=before, peak_kb=_peak())
        results.append(result)
    result_file.write_text(json.dumps(results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
