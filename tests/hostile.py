"""Hostile inputs for the tests: special files, files built at test time (nothing big
is committed), and a runner that bounds a child process in time and memory.

The cases that could hang or eat memory when a defect returns (a FIFO read, ``/dev/zero``, a
900,000-action save) run in a child process (`hostile_child.py`) under an address-space limit
(`MEMORY_LIMIT`, set with ``resource.setrlimit(RLIMIT_AS)``) and a timeout, so a regression
fails the test instead of freezing or swapping the machine. The child runs every case of a
corpus in one go and reports each one's exit status, output, time and peak memory.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "maps" / "mini"
BROKEN = ROOT / "tests" / "maps" / "broken"
CHILD = Path(__file__).resolve().parent / "hostile_child.py"

MEMORY_LIMIT = 1536 * 1024 * 1024  # address space of a child: Python, pydantic and Qt fit
CASE_SECONDS = 5.0   # each case must be refused well within this, on a loaded 2-core machine
LONG = 100_000       # the length of the long strings an error message must not echo
ECHO_LIMIT = 80      # characters of input a message may quote

# Special files every reader must refuse at once. A FIFO blocks for ever when opened for
# reading; /dev/zero and /dev/urandom never end; /proc/self/pagemap is a "regular" file that
# reports a size of 0 and reads on for terabytes (a size limit must count what is read).
DEVICE_SOURCES = {"dev_zero": "/dev/zero", "dev_urandom": "/dev/urandom", "dev_null": "/dev/null",
                  "proc_pagemap": "/proc/self/pagemap"}


def special_files(folder: Path) -> dict[str, Path]:
    """Every kind of file a reader must not trust, by name; FIFOs and folders made in
    ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    link = folder / "link_to_fifo.json"
    link.symlink_to(fifo)
    empty_folder = folder / "a_folder.json"
    empty_folder.mkdir()
    # A map folder whose board.json is a FIFO: `--map FOLDER` looks inside.
    map_folder = folder / "map_with_fifo"
    map_folder.mkdir()
    os.mkfifo(map_folder / "board.json")
    sparse = folder / "sparse.json"  # reports 10 GB, takes no disk space
    with sparse.open("wb") as f:
        f.truncate(10 * 1024**3)
    out = {"fifo": fifo, "link_to_fifo": link, "folder": empty_folder,
           "map_folder_with_fifo": map_folder, "sparse_10gb": sparse}
    out.update({k: Path(v) for k, v in DEVICE_SOURCES.items() if Path(v).exists()})
    return out


def good_save(folder: Path) -> Path:
    """A small valid save on the mini board (two actions)."""
    from pacific.rules.actions.economy import Purchase, SplitConvoyIncome
    from pacific.rules.engine import Game
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.files.savefile import save_game
    from pacific.rules.history import History
    from pacific.rules.nations import Nation
    from pacific.rules.units import UnitType

    game = Game(load_board(MINI))
    history = History(game, game.new_game(players=3, seed=11))
    history.apply(SplitConvoyIncome(india=1, australia=3))
    history.apply(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 2}))
    path = folder / "good.json"
    save_game(path, history)
    return path


def tiny_actions_save(count: int) -> bytes:
    """A save of ``count`` tiny actions, 32 bytes each, each decoded into two dicts (900,000 of
    them, 29 MB, cost 1.1 GB and 8 s before this was bounded)."""
    head = (b'{"format": "pacific-save", "schema_version": 1, "map_id": "mini", "seed": 1, '
            b'"players": 3, "snapshot": {}, "actions": [')
    one = b'{"action":{"kind":"end_phase"}}'
    return head + b",".join([one] * count) + b"]}"


def edited_save(good: Path, change: Any) -> bytes:
    """``good`` with ``change(data)`` applied; ``change`` may return the replacement (text or
    bytes) instead of changing ``data``."""
    data = json.loads(good.read_text(encoding="utf-8"))
    out = change(data)
    if isinstance(out, bytes):
        return out
    return (out if isinstance(out, str) else json.dumps(data)).encode("utf-8")


@dataclass(frozen=True)
class ChildRun:
    results: dict[str, dict[str, Any]]
    stderr: str


def run_child(mode: str, cases: list[dict[str, Any]], folder: Path,
              timeout: float = 240.0) -> ChildRun:
    """Run ``cases`` in a child process limited to `MEMORY_LIMIT` of address space; fail (with
    the case that was running) when it does not finish within ``timeout`` seconds."""
    case_file = folder / f"{mode}_cases.json"
    result_file = folder / f"{mode}_results.json"
    case_file.write_text(json.dumps(cases), encoding="utf-8")

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    try:
        proc = subprocess.run(
            [sys.executable, str(CHILD), mode, str(case_file), str(result_file)],
            preexec_fn=limit_memory, env=env, cwd=folder, capture_output=True, text=True,
            timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        started = [line for line in _text(exc.stderr).splitlines() if line.startswith("case ")]
        raise AssertionError(f"the {mode} child did not finish in {timeout} s; last started: "
                             f"{started[-1:] or 'none'}") from None
    if proc.returncode != 0 or not result_file.exists():
        raise AssertionError(f"the {mode} child failed ({proc.returncode}):\n"
                             f"{proc.stderr[-4000:]}")
    results = json.loads(result_file.read_text(encoding="utf-8"))
    return ChildRun({r["id"]: r for r in results}, proc.stderr)


def limit_memory() -> None:
    """For ``preexec_fn``: the child's address space is at most `MEMORY_LIMIT`."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_pacific(args: list[str], timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    """The real ``pacific`` command (``python -m pacific``), bounded in memory and time."""
    return subprocess.run([sys.executable, "-m", "pacific", *args], preexec_fn=limit_memory,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def _text(data: str | bytes | None) -> str:
    if data is None:
        return ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data


def assert_no_echo(text: str) -> None:
    """A message quotes at most `ECHO_LIMIT` characters of the long strings the corpus plants
    (runs of one letter), and never shows a traceback."""
    assert "Traceback" not in text, text[-2000:]
    for letter in "ABCDEFGHJKL":
        assert letter * (ECHO_LIMIT + 1) not in text, f"echoes a long input: {text[:300]}"
    for line in text.splitlines():
        assert len(line) < 800, f"a {len(line)}-character line: {line[:300]}"
