"""The odds under their default budget against a vectorised 10,000-run simulation, side by side
in one run, at 5, 10, 20, 40, 80 and 100 units a side, land and naval.

Each (kind, size) is measured in a fresh child process (so one size's caches and memory do not
help or hurt the next), after a warm-up battle of 3 units a side (imports, numpy's first
calls). It prints, for each:
- odds: `pacific.odds.calculate` with the default budget (50 ms, 50 MB): processor ms (median
  of 3 calls), peak MB of the call (tracemalloc, numpy's arrays included), the method it chose
  and P(attacker wins) with its stated bound;
- simulation: `pacific.odds.calculate.simulated` with 10,000 runs (the vectorised numpy
  simulation, same rules, casualties cheapest first): the same figures, with its 99% interval;
- speed (simulation ms / odds ms) and whether the odds' P(win) lies inside the simulation's
  99% interval.
Targets: the odds at most 50 ms and 50 MB, faster than the simulation at every size,
inside its interval.

    python benchmarks/odds_vs_vectorised.py [--runs 10000] [--sizes 5 10 20 40 80 100]
    python benchmarks/odds_vs_vectorised.py --smoke     # one tiny naval battle, 500 runs
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy: one core, as measured

ROOT = Path(__file__).resolve().parent.parent


def land(n: int) -> Any:
    """A land battle of n units a side: infantry, artillery, armor, fighters and bombers
    against infantry, artillery, armor, fighters and an AA gun (R-AA-2)."""
    from pacific.odds import BattleSpec, ForceSpec
    from pacific.odds.model import BattleKind
    from pacific.rules.units import UnitType as U

    att = {U.INFANTRY: n * 4 // 10, U.ARTILLERY: n * 2 // 10, U.ARMOR: n * 2 // 10,
           U.FIGHTER: n // 10}
    att[U.BOMBER] = n - sum(att.values())
    dfn = {U.INFANTRY: n * 5 // 10, U.ARTILLERY: n // 10, U.ARMOR: n * 2 // 10}
    dfn[U.FIGHTER] = n - sum(dfn.values())
    dfn[U.AA_GUN] = 1
    return BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn))


def naval(n: int) -> Any:
    """A naval battle of n units a side: submarines, destroyers, battleships (two hits) and
    fighters against the same with carriers."""
    from pacific.odds import BattleSpec, ForceSpec
    from pacific.odds.model import BattleKind
    from pacific.rules.units import UnitType as U

    att = {U.SUBMARINE: n // 4, U.DESTROYER: n // 4, U.BATTLESHIP: n // 5}
    att[U.FIGHTER] = n - sum(att.values())
    dfn = {t: n // 5 for t in (U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER)}
    dfn[U.FIGHTER] = n - sum(dfn.values())
    return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn))


def _measure(call: Any) -> tuple[float, float, Any]:
    """(median processor ms of 3 calls, peak MB of one traced call, the answer)."""
    times = []
    for _ in range(3):
        start = time.process_time()
        result = call()
        times.append((time.process_time() - start) * 1000)
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times), peak / 2**20, result


def child(kind: str, n: int, runs: int) -> dict[str, Any]:
    from pacific.odds import calculate
    from pacific.odds.calculate import simulated

    make = land if kind == "land" else naval
    calculate(make(3))  # warm-up: imports and numpy's first calls
    spec = make(n)
    odds_ms, odds_mb, odds = _measure(lambda: calculate(spec))
    sim_ms, sim_mb, sim = _measure(lambda: simulated(spec, runs, seed=2026))
    return {"odds_ms": odds_ms, "odds_mb": odds_mb, "method": odds.method,
            "p": odds.attacker_wins, "bound": odds.bound, "sim_ms": sim_ms, "sim_mb": sim_mb,
            "sim_p": sim.attacker_wins, "ci": sim.bound}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10_000, help="simulation runs")
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 10, 20, 40, 80, 100])
    parser.add_argument("--kinds", nargs="+", default=["land", "naval"])
    parser.add_argument("--smoke", action="store_true",
                        help="one tiny naval battle, 500 runs (tests/test_benchmarks.py)")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.smoke:
        args.runs, args.sizes, args.kinds = 500, [3], ["naval"]
    if args.child:
        print(json.dumps(child(args.child[0], int(args.child[1]), args.runs)))
        return
    print(f"{'kind':<6}{'size':>5} | {'odds ms':>8}{'MB':>6}  {'method':<10} "
          f"{'P(win) ± bound':<18} | {'sim ms':>7}{'MB':>6}  {'P(win) ± 99% CI':<17} | "
          f"{'speed':>6}  inside")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for kind in args.kinds:
        for n in args.sizes:
            out = subprocess.run(
                [sys.executable, __file__, "--child", kind, str(n), "--runs", str(args.runs)],
                capture_output=True, text=True, check=True, env=env)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            inside = abs(r["p"] - r["sim_p"]) <= r["ci"]
            print(f"{kind:<6}{n:>5} | {r['odds_ms']:8.1f}{r['odds_mb']:6.1f}  "
                  f"{r['method']:<10} {r['p']:.4f} ± {r['bound']:<8.1e} | "
                  f"{r['sim_ms']:7.0f}{r['sim_mb']:6.1f}  {r['sim_p']:.4f} ± {r['ci']:.4f}  | "
                  f"{r['sim_ms'] / r['odds_ms']:5.1f}x  {'yes' if inside else 'NO'}",
                  flush=True)


if __name__ == "__main__":
    main()
