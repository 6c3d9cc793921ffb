"""Exact odds against simulations of the same battles, side by side in one run.

For each battle it prints:
- exact: `pacific.odds.calculate`, CPU ms, best of 3 (time.process_time, with BLAS held to one
  thread, so other programs on a shared machine do not distort it);
- plain: benchmarks/plain_simulation.py, a straightforward simulator that rolls a die for every
  unit each round and removes casualties from a list, as the best-known engine does: CPU ms
  for --runs battles (10,000) and the ratio plain / exact;
- engine: the rules engine's own battles (Game.apply with seeded dice, benchmarks/
  engine_simulation.py), where it can set the battle up: --engine-runs battles timed and
  scaled to --runs (the engine takes minutes for 10,000), and the ratio engine / exact;
- P(attacker wins) from each, and the probability the exact answer left out (neglected).
Targets: exact >= 20x faster than a 10,000-run simulation, <= 50 ms for the 20-vs-20 battles.

    /work/venv-dev/bin/python benchmarks/odds_vs_simulation.py [--runs 10000] [--engine-runs 200]
                                                               [--smoke]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy: see the docstring

from engine_simulation import engine_covers, engine_simulation
from plain_simulation import plain_simulation

from pacific.odds import BattleSpec, ForceSpec, calculate
from pacific.odds.budget import UNLIMITED
from pacific.odds.model import BattleKind
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


def _exact_ms(spec: BattleSpec) -> tuple[float, float, float]:
    """Best of 3 CPU ms, P(attacker wins), neglected probability."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        result = calculate(spec, UNLIMITED)
        best = min(best, time.process_time() - start)
    return best * 1000, result.attacker_wins, result.neglected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--engine-runs", type=int, default=200,
                        help="engine battles actually fought (0: skip); time scaled to --runs")
    parser.add_argument("--smoke", action="store_true",
                        help="two battles, 50 runs, 1 engine battle (tests/test_benchmarks.py)")
    args = parser.parse_args()
    battles = BATTLES
    if args.smoke:
        args.runs, args.engine_runs, battles = 50, 1, BATTLES[:1] + BATTLES[4:5]
    runs = args.runs
    print(f"{'battle':<50} {'exact':>7} {'plain':>8} {'ratio':>6} {'engine':>8} {'ratio':>6}"
          f"  P(win) exact / plain / engine   neglected")
    print(f"{'':<50} {'ms':>7} {'ms':>8} {'':>6} {'ms':>8} {'':>6}")
    for name, spec in battles:
        exact_ms, p_exact, neglected = _exact_ms(spec)
        start = time.process_time()
        plain = plain_simulation(spec, runs, seed=1)
        plain_ms = (time.process_time() - start) * 1000
        engine_col, p_engine = f"{'n/a':>8} {'':>6}", "  n/a "
        if args.engine_runs and engine_covers(spec):
            start = time.process_time()
            engine = engine_simulation(spec, args.engine_runs, seed=1)
            engine_ms = (time.process_time() - start) * 1000 * runs / args.engine_runs
            engine_col = f"{engine_ms:8.0f} {engine_ms / exact_ms:5.0f}x"
            p_engine = f"{engine['A']:.4f}"
        print(f"{name[:50]:<50} {exact_ms:7.1f} {plain_ms:8.0f} {plain_ms / exact_ms:5.0f}x "
              f"{engine_col}  {p_exact:.4f} / {plain['A']:.4f} / {p_engine}   {neglected:.0e}")
    print(f"plain: {runs} battles each; engine: {args.engine_runs} battles, time scaled to "
          f"{runs} (its P(win) from {args.engine_runs} battles)")


if __name__ == "__main__":
    main()
