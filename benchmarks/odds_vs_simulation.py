"""Exact odds against a 10,000-run Monte-Carlo simulation of the same battles (issue 9).

Prints, side by side in one run, the exact time (best of 3), the simulation time, their ratio,
and P(attacker wins) from both. Times are CPU times of this process (time.process_time), so
other programs on a shared machine do not distort the ratio; wall-clock time is printed too.
Targets: exact >= 20x faster, <= 50 ms for the 20-vs-20 battle.

    /work/venv-dev/bin/python benchmarks/odds_vs_simulation.py [--runs 10000]
"""

from __future__ import annotations

import argparse
import time

from pacific.odds import BattleSpec, ForceSpec, calculate
from pacific.odds.model import BattleKind
from pacific.odds.simulate import simulate
from pacific.rules.units import UnitType as U

INF, ART, ARM, FTR, BMB = U.INFANTRY, U.ARTILLERY, U.ARMOR, U.FIGHTER, U.BOMBER
SUB, DD, BB, CV, TR = U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER, U.TRANSPORT


def _battle(kind: BattleKind, att: dict[U, int], dfn: dict[U, int], **kw: object) -> BattleSpec:
    return BattleSpec(kind=kind, attacker=ForceSpec(units=att), defender=ForceSpec(units=dfn),
                      **kw)  # type: ignore[arg-type]


BATTLES: list[tuple[str, BattleSpec]] = [
    ("land 7 v 5 (issue example)",
     _battle(BattleKind.LAND, {INF: 3, ART: 1, ARM: 2, FTR: 1}, {INF: 4, U.AA_GUN: 1})),
    ("land 20 v 20 mixed, AA",
     _battle(BattleKind.LAND, {INF: 8, ART: 4, ARM: 4, FTR: 3, BMB: 1},
             {INF: 12, ART: 2, ARM: 2, FTR: 4, U.AA_GUN: 1})),
    ("naval 20 v 20: subs, destroyers, battleships, carriers, fighters",
     _battle(BattleKind.NAVAL, {SUB: 5, DD: 5, BB: 4, FTR: 6},
             {SUB: 5, DD: 5, BB: 3, CV: 2, FTR: 5})),
    ("naval 20 v 20: subs first strike, bombers, transports",
     _battle(BattleKind.NAVAL, {SUB: 4, DD: 3, BB: 2, CV: 1, FTR: 6, BMB: 4},
             {SUB: 3, DD: 4, BB: 2, CV: 2, FTR: 4, TR: 5})),
    ("naval 8 v 8 with 2 kamikazes",
     _battle(BattleKind.NAVAL, {SUB: 2, DD: 2, BB: 2, CV: 1, FTR: 1},
             {SUB: 3, DD: 3, CV: 1, FTR: 1}, kamikazes=[BB, CV])),
    ("amphibious: cover fire, marines, artillery",
     BattleSpec(kind=BattleKind.AMPHIBIOUS, landing={INF: 2, U.MARINE: 2, ART: 2},
                bombard={BB: 1, DD: 1}, attacker=ForceSpec(units={FTR: 2}),
                defender=ForceSpec(units={INF: 5, U.AA_GUN: 1}))),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10_000)
    runs = parser.parse_args().runs
    print(f"{'battle':<64} {'exact ms':>9} {'(wall)':>7} {'sim ms':>8} {'(wall)':>7} "
          f"{'ratio':>6}  P(win) exact / sim")
    for name, spec in BATTLES:
        best = best_wall = float("inf")
        for _ in range(3):
            start, wall = time.process_time(), time.perf_counter()
            exact = calculate(spec)
            best = min(best, time.process_time() - start)
            best_wall = min(best_wall, time.perf_counter() - wall)
        start, wall = time.process_time(), time.perf_counter()
        sim = simulate(spec, runs, seed=1)
        sim_time, sim_wall = time.process_time() - start, time.perf_counter() - wall
        print(f"{name:<64} {best * 1000:9.1f} {best_wall * 1000:7.0f} {sim_time * 1000:8.0f} "
              f"{sim_wall * 1000:7.0f} {sim_time / best:5.0f}x"
              f"  {exact.attacker_wins:.4f} / {sim.attacker_wins:.4f}")


if __name__ == "__main__":
    main()
