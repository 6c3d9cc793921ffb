"""Rolling a side's dice. Dice order, so that tests can script them: the firing units are
grouped by (hit value, hit pool) and the groups rolled in increasing hit value (submarines'
group before others of the same value), each group's dice in unit id order. All the groups of
one volley are one roll (`Context.roll_groups`): at the table they are asked for at once. A
group whose hits could fall on no unit of the other side is not rolled at all (e.g. submarines
against aircraft only, R-SUB-4): the engine rolls only the dice the rules call for."""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.battle_records import HitPool
from pacific.rules.combat.forces import can_be_hit_by
from pacific.rules.events import DiceKind, DiceLabel, count_units
from pacific.rules.registry import Context
from pacific.rules.state import Unit
from pacific.rules.units import count_phrase

_POOL_RANK = {HitPool.NO_AIR: 0, HitPool.ANY: 1, HitPool.NO_SUB: 2, HitPool.AIR_ONLY: 3}

Firer = tuple[Unit, int, HitPool]


def fire(ctx: Context, firers: Sequence[Firer], targets: Sequence[Unit],
         purpose: str, kind: DiceKind, space: str) -> dict[HitPool, int]:
    """Roll for every firing unit with a value above 0 and count the hits per pool
    (R-COMBAT-5). ``purpose`` is the English of the step; ``kind`` and ``space`` label each
    group's roll with its units (`DiceLabel`)."""
    groups: dict[tuple[int, HitPool], list[Unit]] = {}
    for unit, value, pool in firers:
        if value <= 0:
            continue
        groups.setdefault((value, pool), []).append(unit)
    volley: list[tuple[HitPool, int, list[Unit]]] = []
    for (value, pool) in sorted(groups, key=lambda k: (k[0], _POOL_RANK[k[1]])):
        if any(can_be_hit_by(pool, t) for t in targets):
            volley.append((pool, value, sorted(groups[(value, pool)], key=lambda u: u.id)))
    if not volley:
        return {}
    rolled = ctx.roll_groups(
        [(len(units), f"{purpose}: {count_phrase(u.type for u in units)} hit on {value}", value)
         for _, value, units in volley], by=volley[0][2][0].owner,
        labels=[DiceLabel(kind=kind, space=space,
                          units=count_units((u.owner, u.type) for u in units))
                for _, _, units in volley])
    hits: dict[HitPool, int] = {}
    for (pool, value, _), dice in zip(volley, rolled, strict=True):
        scored = sum(1 for d in dice if d <= value)
        if scored:
            hits[pool] = hits.get(pool, 0) + scored
    return hits
