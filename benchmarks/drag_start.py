"""What a drag asks the engine as it starts, on Japan's first combat movement of the real board:
the places a stack may go (`drop_targets` and `unload_targets`, as before), and the same with
the places a drop reaches in steps or with fewer units (`part_drops`: eight infantry onto
ships with room for seven). Interleaved runs, processor time; prints the median, the spread
and the ratio per stack. Asserts nothing.

    python benchmarks/drag_start.py [--runs 15]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map
from pacific.rules.files.scenario import load_scenario
from pacific.rules.nations import Nation
from pacific.rules.state import GameState

BOARD = Path(__file__).resolve().parent.parent / "maps" / "pacific"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    board = load_board(BOARD)
    game = Game(board)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", board,
                          seed=3)
    stacks: dict[str, tuple[int, ...]] = {}
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.owner is Nation.JAPAN and unit.carried_by is None:
            stacks.setdefault(f"{unit.space} {unit.type.value}", ())
            stacks[f"{unit.space} {unit.type.value}"] += (unit.id,)
    shown = [name for name in ("japan infantry", "japan fighter", "sz_37 transport",
                               "manchuria infantry") if name in stacks]

    def before(s: GameState, ids: tuple[int, ...]) -> object:
        return {**game.unload_targets(s, ids), **game.drop_targets(s, ids)}

    def after(s: GameState, ids: tuple[int, ...]) -> object:
        return game.part_drops(s, ids), before(s, ids)

    ways: dict[str, Callable[[GameState, tuple[int, ...]], object]] = {
        "before": before, "after": after}
    for name in shown:
        ids = stacks[name]
        times: dict[str, list[float]] = {way: [] for way in ways}
        for _ in range(runs):
            for way, ask in ways.items():
                t0 = time.process_time()
                ask(state, ids)
                times[way].append((time.process_time() - t0) * 1000)
        med = {way: statistics.median(t) for way, t in times.items()}
        print(f"{name} ({len(ids)} units): " + "; ".join(
            f"{way} {med[way]:.2f} ms ({min(t):.2f}-{max(t):.2f})" for way, t in times.items())
            + f"; after/before {med['after'] / med['before']:.2f}")


if __name__ == "__main__":
    main()
