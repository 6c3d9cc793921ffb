"""tools/blunder_diff.py compares two saved runs of `benchmarks/blunders.py --list` game by
game: the games that changed, and each run's totals per class."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "blunder_diff.py"

BEFORE = """seed 1: allies win in round 11: Allies.; blunders axis 0 0 0 0 0; allies 0 1 0 0 0
    round 7 uk: fleet sz_43 54 IPC at 1.00 (3 sailed)
    round 7 uk: unlanded sz_36 2 aircraft
seed 2: axis win in round 9: Japan wins.; blunders axis 0 0 1 0 0; allies 0 0 0 0 0
    round 3 japan: walk_in siam stood there
"""
AFTER = """seed 1: allies win in round 11: Allies.; blunders axis 0 0 0 0 0; allies 0 0 0 0 0
    round 7 uk: unlanded sz_36 2 aircraft
seed 2: axis win in round 9: Japan wins.; blunders axis 0 0 1 0 0; allies 0 0 0 0 0
    round 3 japan: walk_in siam stood there
"""


def test_only_the_changed_games_are_shown_with_both_runs_totals(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "bl1.txt").write_text(BEFORE, encoding="utf-8")
    after = tmp_path / "after.txt"
    after.write_text(AFTER, encoding="utf-8")
    done = subprocess.run([sys.executable, str(TOOL), str(tmp_path / "a"), str(after)],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "seed 1"                      # seed 2 is the same in both runs
    assert "    - round 7 uk: fleet sz_43 54 IPC at 1.00 (3 sailed)" in lines
    assert not any("unlanded" in line for line in lines)  # a figure, not a class
    assert not any(line.startswith("seed 2") for line in lines)
    assert lines[-2] == ("before: transports 0/0, fleets 0/1, walk-ins 1/0, purchase 0/0, "
                         "idle 0/0; total 2; Japan won 1 of 2")
    assert lines[-1].startswith("after:  transports 0/0, fleets 0/0, walk-ins 1/0")
    assert lines[-1].endswith("total 1; Japan won 1 of 2")
