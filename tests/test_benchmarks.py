"""Every script in benchmarks/ runs, in a tiny mode, so that none rots unnoticed (two did when
the engine's pending decision became a typed model). The scripts only print figures; here they
must simply finish without an error. The quick ones run by default (about 8 s in all); those
that play games, open windows or build files are marked slow (`pytest -m slow`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"

QUICK: dict[str, list[str]] = {
    "bench_board.py": ["--smoke"],
    "odds_vs_simulation.py": ["--smoke"],  # runs plain_simulation and engine_simulation too
    "odds_vs_vectorised.py": ["--smoke"],
    "battles.py": ["--battles", "2"],
    "drag_start.py": ["--runs", "1"],
}
SLOW: dict[str, list[str]] = {
    "ai.py": ["--games", "1", "--rounds", "2", "--only", "normal-easy"],
    "blunders.py": ["--games", "1", "--rounds", "2", "--level", "easy"],
    "story.py": ["--actions", "60", "--runs", "1"],
    # (it opens the replay window: tests/test_gui_story_windows.py steps and jumps it quickly)
    "story_replay.py": ["--actions", "40", "--steps", "3", "--jumps", "3", "--runs", "1"],
    "plain_simulation.py": ["--smoke"],
    "engine_simulation.py": ["--smoke"],
    "coach.py": ["--rounds", "1"],
    # Fewer actions than a game round leave a figure at 0 (a ratio by zero).
    "engine_core.py": ["--actions", "300", "--seeds", "1", "--repeat", "1", "--now-runs", "1"],
    "gui_paint.py": ["--frames", "2"],
    "start_up.py": ["--starts", "1"],
    "names_after_paint.py": ["--starts", "1"],
    "gui_computer_turn.py": ["--runs", "1", "--paces", "instant", "--actions", "3"],
    "hostile_input.py": [],
    "label_layout.py": ["--runs", "1"],
    "battle_markers.py": ["--runs", "1"],
    "island_stacks.py": ["--runs", "2"],
    "unit_picker.py": ["--runs", "1"],
    "legal_moves.py": ["--repeat", "1"],
    "map_load.py": ["--runs", "1"],
    "save_load.py": ["--actions", "30", "--runs", "1"],
    "selfplay.py": ["--actions", "30"],
    "speed_layers.py": ["--actions", "30", "--seeds", "1", "--runs", "1"],
    "stress.py": ["--minutes", "0.01", "--steps", "10"],
    "bundle_start.sh": ["1"],
}
# Without hyperfine or a built bundle the start-up script says so and stops (status 2).
NEEDS_SETUP = {"bundle_start.sh": 2}


def _run(script: str, args: list[str]) -> None:
    command = ["bash"] if script.endswith(".sh") else [sys.executable]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([*command, str(BENCHMARKS / script), *args], cwd=BENCHMARKS,
                          capture_output=True, text=True, env=env, timeout=900, check=False)
    allowed = {0, NEEDS_SETUP.get(script, 0)}
    assert done.returncode in allowed, f"{script}: {done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr, done.stderr[-2000:]


def test_every_benchmark_script_has_a_tiny_run() -> None:
    # (a module whose name starts with "_" is shared by scripts, not one itself)
    scripts = {p.name for p in BENCHMARKS.iterdir()
               if p.suffix in (".py", ".sh") and not p.name.startswith("_")}
    assert scripts == set(QUICK) | set(SLOW)


@pytest.mark.parametrize("script", sorted(QUICK))
def test_benchmark_runs(script: str) -> None:
    _run(script, QUICK[script])


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(SLOW))
def test_slow_benchmark_runs(script: str) -> None:
    _run(script, SLOW[script])
