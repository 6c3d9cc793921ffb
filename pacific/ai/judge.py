"""Judging battles: exact odds (`pacific.odds`) cached by the makeup of the forces, and a quick
strength estimate used only to rank and prune before the exact odds decide.

Two attacks with the same units by type (and the same cargo, damage, first-turn surprise...)
have the same odds whatever their ids and places, so the cache key is the battle model itself:
a turn asks the same few hundred questions many times, and the next turn many of them again."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from pacific.odds import BattleSpec, OddsResult, SbrResult, SbrSpec, bombing, calculate
from pacific.rules.combat.values import attack_values, defense_value
from pacific.rules.state import Unit
from pacific.rules.units import BATTLESHIP_HITS, UNIT_SPECS, UnitType

CACHE_SIZE = 4000


class Judge:
    """Exact odds with a least-recently-used cache. Counts what it computed, for the report."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._odds: OrderedDict[str, OddsResult] = OrderedDict()
        self._raids: dict[str, SbrResult] = {}
        self.computed = 0
        self.asked = 0

    def odds(self, spec: BattleSpec) -> OddsResult:
        self.asked += 1
        key = spec.model_dump_json()
        hit = self._odds.get(key)
        if hit is not None:
            self._odds.move_to_end(key)
            return hit
        result = calculate(spec)
        self.computed += 1
        self._odds[key] = result
        if len(self._odds) > self._size:
            self._odds.popitem(last=False)
        return result

    def knows(self, spec: BattleSpec) -> bool:
        """Whether the odds of ``spec`` are in the cache (asking them costs nothing)."""
        return spec.model_dump_json() in self._odds

    def raid(self, spec: SbrSpec) -> SbrResult:
        key = spec.model_dump_json()
        if key not in self._raids:
            self._raids[key] = bombing(spec)
        return self._raids[key]


def hit_points(units: Iterable[Unit]) -> int:
    return sum(BATTLESHIP_HITS if u.type is UnitType.BATTLESHIP and not u.damaged else 1
               for u in units if u.type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX))


def firepower(units: Iterable[Unit], attacking: bool) -> float:
    """Expected hits a round, from the engine's own hit values (artillery support included)."""
    units = [u for u in units if u.type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)]
    if attacking:
        values = attack_values([u.type for u in units])
    else:
        values = [defense_value(u.type) for u in units]
    return sum(values) / 6


def strength(units: Iterable[Unit], attacking: bool) -> float:
    """A side's fighting strength in the sense of Lanchester's square law (firepower times
    hit points): a rough measure to rank and prune, never to decide."""
    units = list(units)
    return firepower(units, attacking) * hit_points(units)


def rough_win(attackers: Iterable[Unit], defenders: Iterable[Unit]) -> float:
    """A rough P(attacker wins) from the strength ratio (only to skip hopeless exact odds)."""
    a = strength(attackers, True)
    d = strength(defenders, False)
    if d <= 0:
        return 1.0 if a > 0 else 0.0
    ratio = a / d
    return ratio ** 2 / (1 + ratio ** 2)


def value(units: Iterable[Unit]) -> int:
    """Total unit value in IPCs (TUV)."""
    return sum(UNIT_SPECS[u.type].cost for u in units)
