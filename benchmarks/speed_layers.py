"""What each layer of movement listing's speed machinery buys (`pacific/rules/movement/fast/`):
the same random self-play on the real board is listed with every layer on, then with one
layer off at a time, and with the memory off altogether (`Game(board, remember=False)`, the
reference). Prints the processor time spent listing, the median of ``--runs`` runs of each,
and its ratio to everything on. Asserts nothing.

    python benchmarks/speed_layers.py [--actions 600] [--seeds 1 2] [--runs 3]

The layers kept from one listing to the next in the game's `Memory`:
- ``incremental``: a stack's moves listed again only when something they depend on changed
  (`fast.incremental`; the memory's ``snapshots``);
- ``check memo``: path checks remembered with a signature of what they read
  (`fast.checkmemo`; ``checks``);
- ``routes and readings``: air routes, home distances and the readings of control and of the
  world facts (``routes``, ``home_distances``, ``by_control``, ``world_readings``);
- ``shared actions``: listed moves and other actions made once and shared (``moves``,
  ``actions``).
A layer is turned off by giving the memory a table that keeps nothing. The actions played are
found once, with everything on, and replayed for each configuration: every configuration lists
the same positions. Each run starts from a freshly loaded board (the board's own tables are
built again).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent


class _Forgetful(dict[Any, Any]):
    """A table that keeps nothing."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def _off(*names: str) -> Callable[[Game], None]:
    def apply(game: Game) -> None:
        for name in names:
            setattr(game.memory, name, _Forgetful())
    return apply


LAYERS: dict[str, Callable[[Game], None] | None] = {
    "everything on": _off(),
    "incremental off": _off("snapshots"),
    "check memo off": _off("checks"),
    "routes and readings off": _off("routes", "home_distances", "by_control", "world_readings"),
    "shared actions off": _off("moves", "actions"),
    "memory off (reference)": None,
}


def _games(actions: int, seeds: list[int]) -> list[tuple[GameState, list[Action]]]:
    """Each seed's start and the actions played from it: the player ends the phase half the
    time it can, otherwise plays a uniformly random action."""
    game = Game(load_board(ROOT / "maps" / "pacific"))
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        start = state = game.new_game(players=3, seed=seed)
        played: list[Action] = []
        while len(played) < actions and state.winner is None:
            legal = list(game.play_actions(state))
            ends = [a for a in legal if a.kind == "end_phase"]
            action = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
            state = game.apply(state, action)[0]
            played.append(action)
        out.append((start, played))
    return out


def _listing_time(layer: Callable[[Game], None] | None,
                  games: list[tuple[GameState, list[Action]]]) -> float:
    """Processor seconds spent listing along the games, with ``layer`` applied to the game
    (None: the memory off)."""
    board = load_board(ROOT / "maps" / "pacific")
    game = Game(board, remember=layer is not None)
    if layer is not None:
        layer(game)
    spent = 0.0
    for start, played in games:
        state = start
        for action in played:
            t0 = time.process_time()
            list(game.play_actions(state))
            spent += time.process_time() - t0
            state = game.apply(state, action)[0]
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    games = _games(args.actions, args.seeds)
    times: dict[str, list[float]] = {name: [] for name in LAYERS}
    for _ in range(args.runs):   # interleaved: a slow minute of the machine hits every one
        for name, layer in LAYERS.items():
            times[name].append(_listing_time(layer, games))
    base = statistics.median(times["everything on"])
    print(f"listing {sum(len(p) for _, p in games)} positions, processor time, "
          f"median of {args.runs} runs (spread)")
    for name, spent in times.items():
        median = statistics.median(spent)
        print(f"{name:26} {median:7.2f} s ({min(spent):.2f}-{max(spent):.2f})  "
              f"{median / base:5.2f}x")


if __name__ == "__main__":
    main()
