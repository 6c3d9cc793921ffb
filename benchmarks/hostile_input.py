"""What hostile files cost the `pacific` command: time and peak memory of each refusal.

    python benchmarks/hostile_input.py

Each input is given to ``pacific show`` (saves) or ``pacific new --map`` (maps) in its own
process, under a 1.5 GB address-space limit (Linux); the figures are the process's wall time
and peak resident memory, next to a good save for the baseline (Python, pydantic, the
engine). The saves marked "opens" must open (exit 0), every other input be refused; the
script exits 1 when one does not. Before the input limits, /dev/zero grew to 6 GB and a FIFO
blocked for ever; 900,000 tiny actions (29 MB) cost 1.1 GB and 8 s.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from hostile import MINI, good_save, limit_memory, special_files, tiny_actions_save  # noqa: E402

from pacific.rules.actions.edit import EditMode  # noqa: E402
from pacific.rules.engine import Game  # noqa: E402
from pacific.rules.files.mapfile import load_board  # noqa: E402
from pacific.rules.files.savefile import dumps  # noqa: E402
from pacific.rules.history import History  # noqa: E402


def edit_mode_save() -> bytes:
    """A save made in edit mode while the first decision (the convoy split) waits: it must
    open (exit 0)."""
    game = Game(load_board(MINI))
    history = History(game, game.new_game(players=3, seed=11))
    history.apply(EditMode(on=True))
    return dumps(history).encode()

# The command runs in a child that reports its own peak resident memory (VmHWM): ru_maxrss
# would carry over the size of this process, which holds the big inputs, through fork and exec.
_CHILD = """
import sys
from pacific.cli.main import main
try:
    code = main(sys.argv[1:])
finally:
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    print(f"peak_kb={peak}", file=sys.stderr)
sys.exit(code)
"""


def measure(args: list[str]) -> tuple[float, float, int, str]:
    """(seconds, peak MB, exit status, first line of stderr) of ``pacific ARGS``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, *args], preexec_fn=limit_memory,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    seconds = time.perf_counter() - start
    lines = done.stderr.splitlines()
    peak = next((int(x.removeprefix("peak_kb=")) for x in lines if x.startswith("peak_kb=")), 0)
    first = next((x for x in lines if not x.startswith("peak_kb=")), "")
    return seconds, peak / 1024, done.returncode, first


def main() -> int:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        specials = special_files(folder / "special")
        good = good_save(folder)
        inputs: dict[str, tuple[list[str], int]] = {}

        def save(label: str, content: bytes) -> None:
            path = folder / f"{label}.json"
            path.write_bytes(content)
            inputs[label] = (["show", str(path), "--map", str(MINI)], len(content))

        inputs["good save (baseline)"] = (["show", str(good), "--map", str(MINI)],
                                          good.stat().st_size)
        for label in ("fifo", "dev_zero", "dev_urandom", "proc_pagemap", "sparse_10gb"):
            if label in specials:
                inputs[label] = (["show", str(specials[label])], 0)
        save("900,000 tiny actions", tiny_actions_save(900_000))
        save("20,001 tiny actions", tiny_actions_save(20_001))
        save("edit mode, a decision waiting (opens)", edit_mode_save())
        data = json.loads(good.read_text(encoding="utf-8"))
        edited = json.loads(good.read_text(encoding="utf-8"))
        edited["snapshot"]["treasury"]["japan"] += 1
        save("treasury edited by hand (opens)", json.dumps(edited).encode())
        del edited["snapshot"]["units"]
        save("snapshot without units", json.dumps(edited).encode())
        save("5,000-digit seed", json.dumps(data).replace(
            '"seed": 11', '"seed": ' + "1" * 5000, 1).encode())
        board = json.loads((MINI / "board.json").read_text(encoding="utf-8"))
        board["setup"]["units"][0]["count"] = 1e9
        bad_map = folder / "count_1e9.json"
        bad_map.write_text(json.dumps(board), encoding="utf-8")
        inputs["map with a count of 1e9 (new --map)"] = (
            ["new", "--map", str(bad_map), "-o", str(folder / "out.json")], 0)

        print(f"{'input':<40} {'size':>12} {'seconds':>8} {'peak MB':>8}  exit  message")
        wrong = 0
        for label, (args, size) in inputs.items():
            seconds, peak, code, first = measure(args)
            opens = "opens" in label or "baseline" in label
            flag = "" if (code == 0) is opens else "  WRONG EXIT"
            wrong += bool(flag)
            print(f"{label:<40} {size:>12,} {seconds:>8.2f} {peak:>8.0f}  {code:>4}  "
                  f"{first[:70]}{flag}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
