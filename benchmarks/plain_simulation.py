"""A plain Monte-Carlo battle simulator: the honest baseline of benchmarks/odds_vs_simulation.py.

It does what the best-known engine does: every round it rolls one die for every unit, then
removes casualties one by one from a list in the order of loss. It shares nothing with the
exact solver's machinery (no casualty tables, no state indices, no dice grouping), only the
hit values (pacific.rules.combat.values, the one source of truth) and the default order of
loss, so that its P(win) can be set beside the exact answer. It covers what the benchmark
battles use: AA fire, artillery pairing, first strike (R-SUB-2/3), submarine and aircraft
target limits (R-SUB-4/5), two-hit battleships (R-BB-1), transports (R-NAVAL-2), outcome E,
kamikazes (each on its own ship) and cover fire.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pacific.odds.casualties import NOT_CASUALTIES, default_order
from pacific.odds.model import BattleKind, BattleSpec, KamikazeTarget
from pacific.odds.values import FireContext
from pacific.rules.combat.values import (
    AA_HIT,
    KAMIKAZE_HIT,
    SUB_FIRST_STRIKE_HIT,
    attack_values,
    cover_fire_value,
    defense_value,
)
from pacific.rules.units import UnitType, is_air, is_land, is_sea

SUB, DD, BB = UnitType.SUBMARINE, UnitType.DESTROYER, UnitType.BATTLESHIP


@dataclass
class Piece:
    type: UnitType
    damaged: bool = False


def _side(units: dict[UnitType, int], ctx: FireContext) -> list[Piece]:
    """The side's units as a list in the default order of loss (cheapest first)."""
    rank = {t: i for i, t in enumerate(default_order(list(units), ctx))}
    pieces = [Piece(t) for t, n in units.items() for _ in range(n) if t not in NOT_CASUALTIES]
    return sorted(pieces, key=lambda p: rank[p.type])


def _take(side: list[Piece], hits: int, may_hit, keep_land: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Remove `hits` casualties: an undamaged battleship's free hit first, then down the list
    (the attacker of a land battle keeps its last land unit as long as it can)."""
    for _ in range(hits):
        fresh = [p for p in side if p.type is BB and not p.damaged and may_hit(p)]
        if fresh:
            fresh[0].damaged = True
            continue
        targets = [p for p in side if may_hit(p)]
        if keep_land and len(targets) > 1:
            land = [p for p in targets if is_land(p.type)]
            if len(land) == 1 and len(targets) > 1:
                targets.remove(land[0])
        if not targets:
            return  # OQ3-7: a hit with no target is lost
        side.remove(targets[0])


class PlainSimulator:
    def __init__(self, spec: BattleSpec, seed: int) -> None:
        if spec.kind is BattleKind.AMPHIBIOUS and any(spec.sea_defender.units.values()):
            raise ValueError("the plain simulator has no naval battle before a landing")
        self.spec = spec
        self.rng = random.Random(seed)
        self.naval = spec.kind is BattleKind.NAVAL
        kind = BattleKind.NAVAL if self.naval else BattleKind.LAND
        self.marines = spec.kind is BattleKind.AMPHIBIOUS and bool(spec.landing)
        self.att_ctx = FireContext(kind, attacking=True, marine_bonus=self.marines)
        self.def_ctx = FireContext(kind, attacking=False, first_turn=spec.first_turn)

    def _hits(self, values: list[int]) -> int:
        rnd = self.rng.random
        return sum(1 for v in values if rnd() * 6 < v)  # a die showing v or less

    def battle(self) -> str:
        """One battle: 'A' attacker wins, 'D' defender holds, 'B' both destroyed, 'E'."""
        spec = self.spec
        units = dict(spec.attacker.units)
        for t, n in spec.landing.items():
            units[t] = units.get(t, 0) + n
        att = _side(units, self.att_ctx)
        dfn = _side(dict(spec.defender.units), self.def_ctx)
        keep = spec.keep_land_unit and not self.naval
        att_aside: list[Piece] = []
        def_aside: list[Piece] = []
        if spec.bombard:  # R-AMPH-6 step 2: cover fire; casualties fire back in round 1
            n = sum(self._hits([cover_fire_value(t)] * k) for t, k in spec.bombard.items())
            before = list(dfn)
            _take(dfn, n, lambda p: True)
            def_aside = [p for p in before if p not in dfn]
        if not self.naval and spec.defender.count(UnitType.AA_GUN):
            aircraft = sum(1 for p in att if is_air(p.type))
            _take(att, self._hits([AA_HIT] * aircraft), lambda p: is_air(p.type))
        victims = att if spec.kamikaze_side == "attacker" else dfn
        aimed: list[Piece] = []
        for k in spec.kamikazes:  # R-KAMI-6: one die each, on its own ship
            ship = k.ship if isinstance(k, KamikazeTarget) else k
            target = next(p for p in victims if p.type is ship and p not in aimed)
            aimed.append(target)
            if self._hits([KAMIKAZE_HIT]):
                if ship is BB and not target.damaged:
                    target.damaged = True
                else:
                    victims.remove(target)
                    (att_aside if victims is att else def_aside).append(target)
        rounds = 0
        while True:
            if not dfn and not def_aside:
                return "A" if att else "B"
            if not att and not att_aside:
                return "D"
            if not (att_aside or def_aside) and not self._can_fight(att, dfn):
                return "E"
            self._round(att, dfn, att_aside, def_aside, keep)
            att_aside, def_aside = [], []
            rounds += 1

    def _can_fight(self, att: list[Piece], dfn: list[Piece]) -> bool:
        def can(side: list[Piece], other: list[Piece]) -> bool:
            dd = any(p.type is DD for p in side)
            for p in side:
                if p.type is UnitType.TRANSPORT and side is att:
                    continue
                for q in other:
                    if p.type is SUB and is_air(q.type):
                        continue
                    if is_air(p.type) and q.type is SUB and self.naval and not dd:
                        continue
                    return True
            return False
        return can(att, dfn) or can(dfn, att)

    def _round(self, att: list[Piece], dfn: list[Piece], att_aside: list[Piece],
               def_aside: list[Piece], keep: bool) -> None:
        naval = self.naval
        struck = False
        subs = [p for p in att if p.type is SUB]
        if naval and subs and not any(p.type is DD for p in dfn):  # R-SUB-2/3
            _take(dfn, self._hits([SUB_FIRST_STRIKE_HIT] * len(subs)), lambda p: is_sea(p.type))
            struck = True
        firing = [p.type for p in att + att_aside if not (struck and p.type is SUB)]
        att_dd = any(p.type is DD for p in att)
        values = attack_values(firing, amphibious_marines=self.marines)
        sub_hits = air_hits = other_hits = 0
        for t, v in zip(firing, values, strict=True):
            if v and self.rng.random() * 6 < v:
                if naval and t is SUB:
                    sub_hits += 1
                elif naval and is_air(t) and not att_dd:
                    air_hits += 1
                else:
                    other_hits += 1
        def_dd = any(p.type is DD for p in dfn)
        d_sub = d_air = d_other = 0
        for p in dfn + def_aside:  # casualties fire back: simultaneous (R-COMBAT-7)
            if self.rng.random() * 6 < defense_value(p.type, surprise=self.spec.first_turn):
                if naval and p.type is SUB:
                    d_sub += 1
                elif naval and is_air(p.type) and not def_dd:
                    d_air += 1
                else:
                    d_other += 1
        _take(dfn, sub_hits, lambda p: is_sea(p.type))  # R-SUB-4
        _take(dfn, air_hits, lambda p: p.type is not SUB)  # R-SUB-5
        _take(dfn, other_hits, lambda p: True)
        _take(att, d_sub, lambda p: is_sea(p.type), keep)
        _take(att, d_air, lambda p: p.type is not SUB, keep)
        _take(att, d_other, lambda p: True, keep)


def plain_simulation(spec: BattleSpec, runs: int, seed: int = 1) -> dict[str, float]:
    """Outcome frequencies of `runs` plainly simulated battles.

    Raises:
        ValueError: for a battle it does not cover (a naval battle before a landing).
    """
    sim = PlainSimulator(spec, seed)
    counts = dict.fromkeys("ADBE", 0)
    for _ in range(runs):
        counts[sim.battle()] += 1
    return {k: v / runs for k, v in counts.items()}


def smoke(simulate: Callable[[BattleSpec, int], dict[str, float]], runs: int) -> None:
    """`--smoke`: one tiny battle of each kind through ``simulate``, so that
    tests/test_benchmarks.py runs the module (odds_vs_simulation.py uses it otherwise)."""
    import argparse

    from pacific.odds.model import ForceSpec
    from pacific.rules.units import UnitType

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", required=True)
    parser.parse_args()
    for kind, units in ((BattleKind.LAND, {UnitType.INFANTRY: 2}),
                        (BattleKind.NAVAL, {UnitType.DESTROYER: 1})):
        spec = BattleSpec(kind=kind, attacker=ForceSpec(units=units),
                          defender=ForceSpec(units=units))
        print(kind.value, simulate(spec, runs))


if __name__ == "__main__":
    smoke(plain_simulation, 20)
