"""Time to list every legal movement action, and to answer `reachable` for every stack, in the
starting position of the real board (each power's combat and non-combat movement) and in a busy
mid-game position reached by seeded random play. Prints figures; asserts nothing.

    /work/venv-dev/bin/python benchmarks/legal_moves.py [--seed 7] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.movement import reachable
from pacific.rules.movement.listers import stacks
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

BOARD = Path(__file__).resolve().parent.parent / "maps" / "pacific"


def measure(game: Game, state: GameState, label: str, repeat: int) -> None:
    best_list = best_reach = float("inf")
    count = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        count = sum(1 for _ in game.legal_actions(state))
        t1 = time.perf_counter()
        for stack in stacks(state):
            reachable(game.board, state, [u.id for u in stack])
        t2 = time.perf_counter()
        best_list, best_reach = min(best_list, t1 - t0), min(best_reach, t2 - t1)
    units = sum(1 for u in state.units.values() if u.owner.value)
    print(f"{label:<44} {count:5d} actions  legal_actions {best_list * 1000:8.1f} ms  "
          f"reachable/all stacks {best_reach * 1000:7.1f} ms  ({len(stacks(state))} stacks, "
          f"{units} units on the board)")


def mid_game(game: Game, seed: int) -> GameState:
    """Seeded random play until round 3's combat movement: a position with units spread out,
    some moved, transports loaded, territories changed hands."""
    rng = random.Random(seed)
    state = game.new_game(players=3, seed=seed)
    for _ in range(6000):
        if (state.round >= 3 and state.phase is Phase.COMBAT_MOVE) or state.winner is not None:
            break
        actions = list(game.legal_actions(state))
        ends = [a for a in actions if a.kind == "end_phase"]
        moves = [a for a in actions if a.kind != "end_phase"]
        action = ends[0] if ends and (not moves or rng.random() < 0.08) else rng.choice(moves)
        state, _ = game.apply(state, action)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = Game(load_board(BOARD))
    start = game.new_game(players=3, seed=args.seed)
    for power in (Power.JAPAN, Power.UK, Power.US):
        for phase in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
            state = start.model_copy(update={"power": power, "phase": phase, "round": 2,
                                             "pending": None})
            measure(game, state, f"start, {power.value}, {phase.value}", args.repeat)
    t0 = time.perf_counter()
    busy = mid_game(game, args.seed)
    made = time.perf_counter() - t0
    print(f"(mid-game position reached by random play in {made:.1f} s: round {busy.round}, "
          f"{busy.power.value}, {busy.phase.value})")
    measure(game, busy, f"mid-game, {busy.power.value}, {busy.phase.value}", args.repeat)
    after = busy.model_copy(update={"phase": Phase.NONCOMBAT_MOVE})
    measure(game, after, f"mid-game, {busy.power.value}, noncombat_move", args.repeat)


if __name__ == "__main__":
    main()
