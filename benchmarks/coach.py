"""How long the coach (Turn ▸ Hint) takes to answer: the target is 3 s on this two-core machine.

A game is played by the normal computer player for every power; at the start of every phase
of the first rounds, and at every decision, the coach is asked what the hard player would do,
as a person pressing Hint there would. Printed: the number of questions, the median, spread
(lowest and highest) and the 90th percentile of the wall time and of the processor time, and
the slowest phase.

    .venv/bin/python benchmarks/coach.py [--rounds 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from statistics import median, quantiles

from pacific.ai.levels import NORMAL
from pacific.ai.player import ComputerPlayer
from pacific.coach import Coach
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Game(load_board(find_map("pacific")))
    state = game.new_game(players=3, seed=args.seed)
    player = ComputerPlayer(game, NORMAL)
    coach = Coach(game)
    walls: list[float] = []
    cpus: list[float] = []
    slowest = (0.0, "")
    seen = None
    while state.winner is None and state.round <= args.rounds:
        where = (state.round, state.power, state.phase, state.pending is not None)
        if where != seen:
            seen = where
            wall, used = time.monotonic(), cpu()
            advice = coach.advise(state)
            wall, used = time.monotonic() - wall, cpu() - used
            walls.append(wall)
            cpus.append(used)
            label = f"round {state.round} {state.power.value} {state.phase.value}" + \
                (f" ({state.pending.decision})" if state.pending is not None else "") + \
                f": {len(advice.actions)} actions"
            slowest = max(slowest, (wall, label))
        state, _events = game.apply(state, player.choose(state))
    load = os.getloadavg()[0]
    print(f"coach answers: {len(walls)} questions over {args.rounds} round(s), seed "
          f"{args.seed}, load average {load:.1f}")
    for name, values in (("wall", walls), ("processor", cpus)):
        p90 = quantiles(values, n=10)[-1] if len(values) > 1 else values[0]
        print(f"  {name:9} median {median(values):.3f} s, spread {min(values):.3f}–"
              f"{max(values):.3f} s, 90th percentile {p90:.3f} s")
    print(f"  slowest: {slowest[0]:.3f} s at {slowest[1]}")


if __name__ == "__main__":
    main()
