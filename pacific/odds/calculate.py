"""`calculate(BattleSpec) -> OddsResult`: the steps before round 1 (AA fire, cover fire,
kamikazes, the naval battle of an assault) as exact distributions, then the round chain."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from operator import mul

from pacific.odds.budget import Budget, TooLarge, WorkSpent
from pacific.odds.casualties import Counts, Layout
from pacific.odds.chain import Battle, Node, Terminal, binomial, hit_distribution
from pacific.odds.heap import collector_paused, keep_freed_memory
from pacific.odds.model import (
    BattleKind,
    BattleSpec,
    ForceSpec,
    OddsResult,
    Outcome,
    Units,
)
from pacific.odds.sampled import Vectorised, half_width
from pacific.odds.solver import NEGLIGIBLE, Solver
from pacific.odds.values import FireContext, Pool
from pacific.rules.combat.values import cover_fire_value
from pacific.rules.units import (
    AA_HIT,
    KAMIKAZE_HIT,
    UNIT_SPECS,
    UnitType,
    can_capture,
    is_air,
)

_Key = tuple[tuple[UnitType, int], ...]
# (battle, start nodes, weight of this branch) -> (terminals, expected rounds, neglected)
Engine = Callable[[Battle, dict[Node, float], float], tuple[dict[Terminal, float], float, float]]
Dist = dict[tuple[Counts, Counts, Counts, Counts], float]  # (att, def, aside att, aside def)
DEFAULT_BUDGET = Budget()
# An exact answer leaves out pairs below 1e-12 each: about 1e-9 at 80 units a side. More than
# this and the budget's pruning was at work (docs/odds.md).
_EXACT_NEGLECT = 1e-8


def _units_value(units: Mapping[UnitType, int]) -> int:
    return sum(UNIT_SPECS[t].cost * n for t, n in units.items())


def _cargo_value(loads: list[Units], transports: int) -> int:
    """Value of the cargo still afloat: the side loses its emptiest transports first."""
    values = sorted((_units_value(load) for load in loads), reverse=True)
    return sum(values[:transports])


def _landing(loads: list[Units], transports: int) -> Units:
    out: Units = {}
    for load in sorted(loads, key=_units_value, reverse=True)[:transports]:
        for t, n in load.items():
            out[t] = out.get(t, 0) + n
    return out


def _plus(a: Mapping[UnitType, int], b: Mapping[UnitType, int]) -> Units:
    out = dict(a)
    for t, n in b.items():
        out[t] = out.get(t, 0) + n
    return {t: n for t, n in out.items() if n}


@dataclass
class _Tally:
    """Weighted sums that become an OddsResult."""

    outcomes: dict[Outcome, float] = field(default_factory=lambda: dict.fromkeys(Outcome, 0.0))
    captured: float = 0.0
    att_lost: float = 0.0
    def_lost: float = 0.0
    rounds: float = 0.0
    neglected: float = 0.0
    submerged: float = 0.0
    survivors: dict[tuple[Outcome, _Key, _Key, bool], float] = field(default_factory=dict)

    def result(self) -> OddsResult:
        o = self.outcomes
        # As plain values, checked by the result's one validation (a large battle ends in
        # hundreds of states: one model each took a few ms).
        survivors = [
            {"attacker": dict(a), "defender": dict(d), "probability": p, "outcome": outcome,
             "submerged": sub}
            for (outcome, a, d, sub), p in sorted(self.survivors.items(), key=lambda kv: -kv[1])
            if p > 1e-12
        ]
        return OddsResult(
            attacker_wins=o[Outcome.ATTACKER_WINS],
            defender_wins=o[Outcome.DEFENDER_WINS],
            both_destroyed=o[Outcome.BOTH_DESTROYED],
            retreat=o[Outcome.RETREAT],
            stalemate=o[Outcome.STALEMATE],
            defender_holds=o[Outcome.DEFENDER_WINS] + o[Outcome.RETREAT],
            captured=self.captured,
            attacker_ipc_lost=self.att_lost,
            defender_ipc_lost=self.def_lost,
            expected_rounds=self.rounds,
            neglected=self.neglected,
            submerged=self.submerged,
            survivors=survivors,
        )


def _battle(
    spec: BattleSpec, kind: BattleKind, att: ForceSpec, dfn: ForceSpec, landing: Units
) -> Battle:
    amphibious = spec.kind is BattleKind.AMPHIBIOUS and kind is BattleKind.LAND
    # R-MARINE-2, OQ3-16: Marines attack at 2 when at least one unit lands from the sea.
    att_ctx = FireContext(kind, attacking=True, marine_bonus=amphibious and bool(landing))
    def_ctx = FireContext(kind, attacking=False, first_turn=spec.first_turn)
    keep_land = spec.keep_land_unit and kind is BattleKind.LAND
    att_types = [t for t, n in _plus(att.units, landing).items() if n]
    naval_of_assault = spec.kind is BattleKind.AMPHIBIOUS and kind is BattleKind.NAVAL
    bystanders = [t for t, n in att.bystanders.items() if n]
    return Battle(
        kind=kind,
        attacker=Layout.build(
            att_types, att_ctx, att.order, keep_land=keep_land, bystanders=bystanders
        ),
        defender=Layout.build([t for t, n in dfn.units.items() if n], def_ctx, dfn.order),
        attack_ctx=att_ctx,
        defense_ctx=def_ctx,
        # The naval battle of an assault has its own retreat options (R-NAVAL-3); the others
        # are for the land battle (R-AMPH-3: there only aircraft may retreat).
        retreat_after=spec.sea_retreat_after if naval_of_assault else spec.retreat_after,
        retreat_below=spec.sea_retreat_below if naval_of_assault else spec.retreat_below,
        air_only_retreat=amphibious,
        attacker_submerge=kind is BattleKind.NAVAL and spec.attacker_submerge == "when_alone",
        defender_submerge=kind is BattleKind.NAVAL and spec.defender_submerge == "when_alone",
    )


def _fire_before_round_one(
    groups: tuple[tuple[Pool, int, int], ...],
    target: Layout,
    dist: Dist,
    *,
    on_defender: bool,
    set_aside: bool,
) -> Dist:
    """Apply one volley fired before round 1. Casualties are removed at once (AA fire,
    R-AA-2) or set aside to fire in round 1 (cover fire, R-AMPH-6 step 2)."""
    out: Dist = {}
    for (att, dfn, a_aside, d_aside), p in dist.items():
        before = dfn if on_defender else att
        for hits, q in hit_distribution(groups):
            after = target.allocate(before, hits)
            aside = d_aside if on_defender else a_aside
            if set_aside:
                aside = tuple(x + b - c for x, b, c in zip(aside, before, after, strict=True))
            key = (att, after, a_aside, aside) if on_defender else (after, dfn, aside, d_aside)
            out[key] = out.get(key, 0.0) + p * q
    return out


def _kamikazes(spec: BattleSpec, layout: Layout, dist: Dist, *, on_defender: bool) -> Dist:
    """R-KAMI-6/8, OQ3-4/5: each kamikaze hits its declared ship on 2, no casualty choice;
    several may aim at one ship. A ship sunk is set aside and fires in round 1; a battleship
    needs two hits (R-BB-1): one hit on an undamaged one only damages it."""
    for target in spec.kamikaze_targets():
        hits = binomial(target.kamikazes, KAMIKAZE_HIT)
        if target.ship is UnitType.BATTLESHIP and not target.damaged:
            hit_cat, hurt_cat = layout.fresh_bb, layout.damaged_bb
            # (probability, category it becomes or -1 if sunk)
            fates = [(hits[0], hit_cat), (hits[1], hurt_cat), (sum(hits[2:]), -1)]
            aside_cat = hurt_cat
        else:
            hit_cat = layout.damaged_bb if target.damaged else layout.own_index(
                (target.ship, False)
            )
            fates = [(hits[0], hit_cat), (1.0 - hits[0], -1)]
            aside_cat = hit_cat
        out: Dist = {}
        for (att, dfn, a_aside, d_aside), p in dist.items():
            for q, becomes in fates:
                if not q:
                    continue
                c = list(dfn if on_defender else att)
                aside = list(d_aside if on_defender else a_aside)
                c[hit_cat] -= 1
                if becomes >= 0:
                    c[becomes] += 1
                else:
                    aside[aside_cat] += 1
                key = (
                    (att, tuple(c), a_aside, tuple(aside))
                    if on_defender
                    else (tuple(c), dfn, tuple(aside), d_aside)
                )
                out[key] = out.get(key, 0.0) + p * q
        dist = out
    return dist


def _run(
    battle: Battle,
    dist: Dist,
    weight: float,
    tally: _Tally,
    *,
    att_loads: list[Units],
    def_loads: list[Units],
    record: bool,
    engine: Engine,
    initial: tuple[int, int],
) -> dict[int, float]:
    """Run the chain from `dist` with `engine`, add its losses (and, if `record`, its
    outcomes) to the tally with `weight`. Returns P(attacker transports left) for a landing."""
    start: dict[Node, float] = {}
    for (att, dfn, a_aside, d_aside), p in dist.items():
        node: Node = (att, dfn, False, 0, a_aside, d_aside)
        start[node] = start.get(node, 0.0) + p
    terminals, rounds, neglected = engine(battle, start, weight)
    tally.rounds += weight * rounds
    tally.neglected += weight * neglected
    transports_left: dict[int, float] = {}
    # A side's state recurs in many terminals: what it has left is worked out once per state.
    left: dict[tuple[bool, Counts], tuple[int, int, _Key, bool]] = {}
    # Per side, each category's cost (a large battle ends in hundreds of states: what each
    # has left is worked out from its counts once).
    kinds = {
        attacking: (
            layout,
            [UNIT_SPECS[t].cost for t, _ in layout.categories],
            att_loads if attacking else def_loads,
        )
        for attacking, layout in ((True, battle.attacker), (False, battle.defender))
    }

    def what_is_left(attacking: bool, counts: Counts) -> tuple[int, int, _Key, bool]:
        """(transports, IPC lost, the survivors' key, whether one can capture, R-COMBAT-9)."""
        found = left.get((attacking, counts))
        if found is None:
            layout, cost, loads = kinds[attacking]
            types = layout.types(counts)
            transports = types.get(UnitType.TRANSPORT, 0)
            # Lost = what went in minus what is left, per outcome (no cancellation of sums).
            lost = initial[0 if attacking else 1] - sum(map(mul, counts, cost))
            if loads:
                lost -= _cargo_value(loads, transports)
            found = (
                transports, lost, tuple(sorted(types.items())), any(map(can_capture, types))
            )
            left[(attacking, counts)] = found
        return found

    for (outcome, att, dfn, _, submerged), p in terminals.items():
        w = weight * p
        att_tr, att_lost, att_key, captures = what_is_left(True, att)
        _, def_lost, def_key, _ = what_is_left(False, dfn)
        tally.att_lost += w * att_lost
        tally.def_lost += w * def_lost
        if outcome is Outcome.ATTACKER_WINS:
            transports_left[att_tr] = transports_left.get(att_tr, 0.0) + p
        if record:
            tally.outcomes[outcome] += w
            tally.submerged += w * submerged
            if outcome is Outcome.ATTACKER_WINS and captures:
                tally.captured += w  # R-COMBAT-9
            key = (outcome, att_key, def_key, submerged)
            tally.survivors[key] = tally.survivors.get(key, 0.0) + w
    return transports_left


def _start(
    battle: Battle, att: Units, att_damaged: int, dfn: ForceSpec, bystanders: Units | None = None
) -> Dist:
    a = battle.attacker.counts(att, att_damaged, bystanders)
    d = battle.defender.counts(dfn.units, dfn.damaged_battleships)
    return {(a, d, (0,) * len(a), (0,) * len(d)): 1.0}


def _land(
    spec: BattleSpec, landing: Units, weight: float, tally: _Tally, cover: bool, engine: Engine
) -> None:
    """A land battle, or the land part of an amphibious assault (R-LAND-1, R-AMPH-6)."""
    battle = _battle(spec, BattleKind.LAND, spec.attacker, spec.defender, landing)
    att_units = _plus(spec.attacker.units, landing)
    initial = (
        _units_value(att_units),
        _units_value(battle.defender.types(battle.defender.counts(spec.defender.units))),
    )
    dist = _start(battle, att_units, 0, spec.defender)
    if cover and spec.bombard:
        # R-AMPH-6 step 2, R-BB-5: battleships at 4, destroyers at 2; casualties fire back
        # in the first land round.
        groups = tuple(
            (Pool.ANY, cover_fire_value(t), n) for t, n in sorted(spec.bombard.items()) if n
        )
        dist = _fire_before_round_one(
            groups, battle.defender, dist, on_defender=True, set_aside=True
        )
    aircraft = sum(n for t, n in att_units.items() if is_air(t))
    if spec.defender.count(UnitType.AA_GUN) and aircraft:
        # R-AA-2: one die per attacking aircraft however many AA guns; removed at once.
        dist = _fire_before_round_one(
            ((Pool.AIR, AA_HIT, aircraft),),
            battle.attacker,
            dist,
            on_defender=False,
            set_aside=False,
        )
    _run(
        battle,
        dist,
        weight,
        tally,
        att_loads=[],
        def_loads=[],
        record=True,
        engine=engine,
        initial=initial,
    )


def _naval(
    spec: BattleSpec,
    att: ForceSpec,
    dfn: ForceSpec,
    tally: _Tally,
    *,
    record: bool,
    engine: Engine,
) -> dict[int, float]:
    battle = _battle(spec, BattleKind.NAVAL, att, dfn, {})
    initial = (
        _units_value(_plus(att.units, att.bystanders))
        + _cargo_value(att.transport_loads, 10**6),
        _units_value(dfn.units) + _cargo_value(dfn.transport_loads, 10**6),
    )
    dist = _start(battle, att.units, att.damaged_battleships, dfn, att.bystanders)
    if spec.kamikazes:
        on_defender = spec.kamikaze_side == "defender"
        layout = battle.defender if on_defender else battle.attacker
        dist = _kamikazes(spec, layout, dist, on_defender=on_defender)
    return _run(
        battle,
        dist,
        1.0,
        tally,
        att_loads=att.transport_loads,
        def_loads=dfn.transport_loads,
        record=record,
        engine=engine,
        initial=initial,
    )


def exact(
    battle: Battle,
    start: dict[Node, float],
    weight: float,
    budget: Budget | None = None,
    negligible: float = NEGLIGIBLE,
    cut: float = 0.0,
) -> tuple[dict[Terminal, float], float, float]:
    """The exact engine: terminal states, expected rounds, neglected probability (see
    Solver for `negligible` and `cut`).

    Raises:
        TooLarge: with a `budget`, the chain would not fit it (nothing large allocated).
    """
    del weight  # the exact answer does not depend on how much the branch weighs
    solver = Solver(battle, start, budget, negligible=negligible, cut=cut)
    terminals, rounds = solver.solve()
    return terminals, rounds, solver.neglected


def evaluate(spec: BattleSpec, engine: Engine) -> OddsResult:
    """Every step before round 1 exactly, then the rounds with `engine` (exact or sampled)."""
    tally = _Tally()
    if spec.kind is BattleKind.NAVAL:
        _naval(spec, spec.attacker, spec.defender, tally, record=True, engine=engine)
    elif spec.kind is BattleKind.LAND:
        _land(spec, {}, 1.0, tally, cover=False, engine=engine)
    elif not any(spec.sea_defender.units.values()):
        _land(spec, spec.landing, 1.0, tally, cover=True, engine=engine)
    else:
        # R-AMPH-6 step 1: the naval battle first; only cargo of surviving transports lands,
        # and there is no cover fire. Lost or drawn at sea, nothing lands (R-AMPH-7).
        left = _naval(
            spec, spec.sea_attacker, spec.sea_defender, tally, record=False, engine=engine
        )
        won = sum(left.values())
        loads = spec.sea_attacker.transport_loads
        for transports, p in left.items():
            _land(spec, _landing(loads, transports), p, tally, cover=False, engine=engine)
        if won < 1.0:
            _land(spec, {}, 1.0 - won, tally, cover=False, engine=engine)
    return tally.result()


@collector_paused
def calculate(spec: BattleSpec, budget: Budget = DEFAULT_BUDGET) -> OddsResult:
    """The odds of a battle within `budget` (the GUI odds panel, the battle board, the
    computer player and `pacific odds` call this): exact when the chain fits the budget,
    else the vectorised simulation with as many runs as the budget pays for. The answer
    says which (`method`) and how far each probability may be off (`bound`).

    Raises:
        pydantic.ValidationError: never here; a BattleSpec is checked when it is built.
    """
    keep_freed_memory()
    if budget.exact_only:
        result = evaluate(spec, exact)
    else:
        try:
            result = evaluate(spec, partial(exact, budget=budget))
        except WorkSpent:
            # The chain passed its work limit while solving (three kinds of hit at sea
            # multiply a pair's combinations past what the estimate sees). The simulation
            # gets the whole budget's runs, not the fifth left: a fifth gave an interval
            # of about 0.03 (docs/odds.md); the query then takes up to 1.8 times its budget.
            return simulated(spec, budget)
        except TooLarge:
            return simulated(spec, budget)
    # Pairs below 1e-12 leave about that much out of any answer; more means it was pruned.
    method = "pruned" if result.neglected > _EXACT_NEGLECT else "exact"
    return result.model_copy(update={"bound": result.neglected, "method": method})


@collector_paused
def simulated(spec: BattleSpec, runs: int | Budget, seed: int | None = None) -> OddsResult:
    """The odds from `runs` battles of the vectorised simulation (sampled.py), or as many
    as a Budget pays for (`Budget.simulated_runs`: fewer for the longer land battles), with
    the half-width of the 99% confidence interval of the least certain probability, from
    the runs actually fought, as `bound`. Without a `seed`, one drawn from the question:
    the same battle gets the same answer."""
    keep_freed_memory()
    if seed is None:
        seed = zlib.crc32(spec.model_dump_json().encode())
    if isinstance(runs, Budget):
        runs = runs.simulated_runs(spec.kind)
    engine = Vectorised(runs, seed)
    result = evaluate(spec, engine)
    shares = (
        result.attacker_wins, result.defender_wins, result.both_destroyed, result.retreat,
        result.stalemate, result.defender_holds, result.captured, result.submerged,
    )
    bound = max(half_width(p, engine.fought) for p in shares)
    return result.model_copy(
        update={"method": "simulation", "bound": bound, "runs": engine.fought}
    )

