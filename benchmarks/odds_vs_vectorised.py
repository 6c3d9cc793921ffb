"""The odds under their default budget against a vectorised 10,000-run simulation, side by side
in one run, at 5, 10, 20, 40, 80 and 100 units a side, land and naval; with `--worst`, the
shapes that cost the odds most (three kinds of hit a side, kamikazes, many aircraft against an
AA gun, an amphibious assault with cover fire) at 40, 80 and 100.

Each (kind, size) is measured in `--repeat` fresh child processes (so one size's caches and
memory do not help or hurt the next), each after a warm-up battle of 3 units a side (imports,
numpy's first calls), the odds and the simulation called in turn (interleaved, 3 calls each).
It prints, for each:
- odds: `pacific.odds.calculate` with the default budget (50 ms, 50 MB): processor ms (median
  of all calls, and the range), peak MB of one call (tracemalloc, numpy's arrays included),
  the method it chose and P(attacker wins) with its stated bound;
- simulation: `pacific.odds.calculate.simulated` with 10,000 runs (the vectorised numpy
  simulation, same rules, casualties cheapest first): the same figures, with its 99% interval;
- speed (simulation ms / odds ms, medians) and whether the two answers agree: for an exact or
  pruned answer (the truth lies in [P, P + bound]) the simulation within its 99% interval of
  that range; for a simulated one the difference within the 99% interval of a difference of
  two simulations, sqrt(bound^2 + interval^2).
Targets: the odds at most 50 ms and 50 MB, faster than the simulation at every size, agreeing.
The load average is printed before and after: on the shared machine processor time grows with
it (docs/odds.md).

    python benchmarks/odds_vs_vectorised.py [--runs 10000] [--sizes 5 10 20 40 80 100]
        [--repeat 3]
    python benchmarks/odds_vs_vectorised.py --worst     # fleet3, kamikaze, aa, amphibious
    python benchmarks/odds_vs_vectorised.py --smoke     # tiny battles of each shape, 500 runs,
                                                        # all in one child process
"""

from __future__ import annotations

import argparse
import json
import math
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


def fleet3(n: int) -> Any:
    """A fleet battle with three kinds of hit on each side: submarines' (R-SUB-4), aircraft's
    that skip submarines (no destroyer on either side, R-SUB-5) and the others', on two-hit
    battleships (R-BB-1) and carriers: a pair's hit combinations multiply."""
    from pacific.odds import BattleSpec, ForceSpec
    from pacific.odds.model import BattleKind
    from pacific.rules.units import UnitType as U

    side = {U.BATTLESHIP: n // 4, U.CARRIER: n // 5, U.SUBMARINE: n // 4}
    side[U.FIGHTER] = n - sum(side.values())
    return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=side),
                      defender=ForceSpec(units=dict(side)))


def kamikaze(n: int) -> Any:
    """Battleships, carriers, destroyers and fighters against `naval(n)`'s defender, with six
    kamikazes before round 1 (R-KAMI-6/8): three on one battleship (OQ3-4), one on each of
    two carriers, one on a destroyer; the ships they sink fire in round 1, so the chain
    starts from 18 states."""
    from pacific.odds import BattleSpec, ForceSpec
    from pacific.odds.model import BattleKind, KamikazeTarget
    from pacific.rules.units import UnitType as U

    att = {U.BATTLESHIP: max(1, n // 4), U.CARRIER: max(2, n // 5), U.DESTROYER: max(1, n // 4)}
    att[U.FIGHTER] = max(0, n - sum(att.values()))
    return BattleSpec(
        kind=BattleKind.NAVAL, attacker=ForceSpec(units=att), defender=naval(n).defender,
        kamikazes=[KamikazeTarget(ship=U.BATTLESHIP, kamikazes=3), U.CARRIER, U.CARRIER,
                   U.DESTROYER],
        kamikaze_side="attacker")


def aa(n: int) -> Any:
    """A land battle whose attacker is half aircraft against an AA gun (R-AA-2): one chain of
    states per number of aircraft shot down (n / 2 + 1 chains)."""
    from pacific.odds import BattleSpec, ForceSpec
    from pacific.odds.model import BattleKind
    from pacific.rules.units import UnitType as U

    att = {U.INFANTRY: n // 4, U.ARMOR: n // 4, U.FIGHTER: n // 4}
    att[U.BOMBER] = n - sum(att.values())
    dfn = {U.INFANTRY: n // 2, U.ARTILLERY: n // 4, U.AA_GUN: 1}
    dfn[U.FIGHTER] = n - n // 2 - n // 4
    return BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn))


def amphibious(n: int) -> Any:
    """An amphibious assault of n units a side: land units and fighters from next door, Marines
    (R-MARINE-2), infantry and armor landing, four battleships and four destroyers giving cover
    fire (R-AMPH-6; their casualties fire back in round 1), against an AA gun (R-AA-2)."""
    from pacific.odds import BattleSpec, ForceSpec
    from pacific.odds.model import BattleKind
    from pacific.rules.units import UnitType as U

    att = {U.INFANTRY: n // 4, U.ARTILLERY: n // 8, U.FIGHTER: n // 8}
    landing = {U.MARINE: n // 4, U.INFANTRY: n // 8}
    landing[U.ARMOR] = n - sum(att.values()) - sum(landing.values())
    dfn = {U.INFANTRY: n // 2, U.ARTILLERY: n // 4, U.AA_GUN: 1}
    dfn[U.ARMOR] = n - n // 2 - n // 4
    return BattleSpec(kind=BattleKind.AMPHIBIOUS, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), landing=landing,
                      bombard={U.BATTLESHIP: 4, U.DESTROYER: 4})


BATTLES = {"land": land, "naval": naval, "fleet3": fleet3, "kamikaze": kamikaze, "aa": aa,
           "amphibious": amphibious}
# The worst shapes for the odds (--worst): more kinds of hit, more start states, more chains.
WORST = ["fleet3", "kamikaze", "aa", "amphibious"]


def child(kind: str, n: int, runs: int) -> dict[str, Any]:
    """The odds and the simulation of one battle, called in turn 3 times each (processor ms
    of every call), then each once under tracemalloc (peak MB)."""
    from pacific.odds import calculate
    from pacific.odds.calculate import simulated

    make = BATTLES[kind]
    calculate(naval(3))  # warm-up: imports and numpy's first calls
    spec = make(n)
    calls = {"odds": lambda: calculate(spec), "sim": lambda: simulated(spec, runs, seed=2026)}
    times: dict[str, list[float]] = {"odds": [], "sim": []}
    answers: dict[str, Any] = {}
    for _ in range(3):
        for name, call in calls.items():
            start = time.process_time()
            answers[name] = call()
            times[name].append((time.process_time() - start) * 1000)
    peaks = {}
    for name, call in calls.items():
        tracemalloc.start()
        call()
        peaks[name] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    odds, sim = answers["odds"], answers["sim"]
    return {"odds_ms": times["odds"], "odds_mb": peaks["odds"], "method": odds.method,
            "p": odds.attacker_wins, "bound": odds.bound, "sim_ms": times["sim"],
            "sim_mb": peaks["sim"], "sim_p": sim.attacker_wins, "ci": sim.bound}


def agree(r: dict[str, Any]) -> bool:
    """Whether the odds and the simulation agree (see the module docstring)."""
    if r["method"] == "simulation":
        return bool(abs(r["p"] - r["sim_p"]) <= math.hypot(r["bound"], r["ci"]))
    return bool(r["p"] - r["ci"] <= r["sim_p"] <= r["p"] + r["bound"] + r["ci"])


def _spread(ms: list[float]) -> str:
    return f"{statistics.median(ms):6.1f} [{min(ms):.0f}-{max(ms):.0f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10_000, help="simulation runs")
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 10, 20, 40, 80, 100])
    parser.add_argument("--kinds", nargs="+", default=["land", "naval"], choices=list(BATTLES))
    parser.add_argument("--worst", action="store_true",
                        help=f"the worst shapes instead: {', '.join(WORST)} (at 40, 80, 100)")
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per battle")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny battles of each shape, 500 runs (tests/test_benchmarks.py)")
    # KIND may name several kinds, comma-separated: one JSON line each, in one process.
    parser.add_argument("--child", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worst:
        args.kinds = WORST
        if args.sizes == parser.get_default("sizes"):
            args.sizes = [40, 80, 100]
    if args.smoke:
        args.runs, args.sizes, args.repeat = 500, [4], 1
        args.kinds = ["naval", *WORST]
    if args.child:
        for kind in args.child[0].split(","):
            print(json.dumps(child(kind, int(args.child[1]), args.runs)), flush=True)
        return
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'kind':<11}{'size':>5} | {'odds ms [range]':>18}{'MB':>6}  {'method':<10} "
          f"{'P(win) ± bound':<18} | {'sim ms [range]':>18}{'MB':>6}  {'P(win) ± 99% CI':<17} | "
          f"{'speed':>6}  agree")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def measured(kinds: list[str], n: int) -> list[dict[str, Any]]:
        out = subprocess.run(
            [sys.executable, __file__, "--child", ",".join(kinds), str(n), "--runs",
             str(args.runs)], capture_output=True, text=True, check=True, env=env)
        return [json.loads(line) for line in out.stdout.strip().splitlines()[-len(kinds):]]

    # The smoke run measures every kind in one child (its figures mean nothing: it only
    # checks that the script runs), the others each (kind, size) in fresh processes.
    together = dict(zip(args.kinds, measured(args.kinds, args.sizes[0]), strict=True)) \
        if args.smoke else {}
    for kind in args.kinds:
        for n in args.sizes:
            rows = [together[kind]] if args.smoke else \
                [measured([kind], n)[0] for _ in range(args.repeat)]
            r = rows[-1]
            odds_ms = [t for row in rows for t in row["odds_ms"]]
            sim_ms = [t for row in rows for t in row["sim_ms"]]
            speed = statistics.median(sim_ms) / statistics.median(odds_ms)
            print(f"{kind:<11}{n:>5} | {_spread(odds_ms):>18}{max(x['odds_mb'] for x in rows):6.1f}"
                  f"  {r['method']:<10} {r['p']:.4f} ± {r['bound']:<8.1e} | "
                  f"{_spread(sim_ms):>18}{max(x['sim_mb'] for x in rows):6.1f}  "
                  f"{r['sim_p']:.4f} ± {r['ci']:.4f}  | {speed:5.1f}x  "
                  f"{'yes' if agree(r) else 'NO'}", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
