"""The defender's submarines submerge (R-SUB-6, R-NAVAL-4 C) in the exact chain (solver.py):
their last round, with its dice enumerated (few pairs reach it)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pacific.odds.casualties import StateList
from pacific.odds.chain import Battle, Terminal, hit_distribution
from pacific.odds.model import Outcome
from pacific.odds.values import POOLS, Pool, unit_value
from pacific.rules.units import UnitType

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]


def last_round(
    battle: Battle,
    att_states: StateList,
    dfn_states: StateList,
    pairs: tuple[Ints, Ints, Floats],
    withdrawn: bool,
    terminals: dict[Terminal, float],
) -> float:
    """R-SUB-6, R-NAVAL-4 C: the defender's last units, submarines, take one more round of
    the attacker's fire; those it sinks in step 3 still fire back (simultaneous fire,
    R-COMBAT-7; a casualty cannot submerge, OQ3-8), those sunk by a first strike do not
    (R-SUB-2), the others submerge instead of firing. `pairs`: (attacker states, defender
    states, mass), indices into `att_states` and `dfn_states`; each end goes into
    `terminals`. Returns the rounds spent."""
    b = battle
    att_layout, def_layout = b.attacker, b.defender
    back_value = unit_value(UnitType.SUBMARINE, b.defense_ctx)
    ii, jj, m = pairs
    for i, j, p in zip(ii.tolist(), jj.tolist(), m.tolist(), strict=True):
        att, dfn = att_states[i], dfn_states[j]
        first = b._first_strike(att, dfn)
        zeros = (0,) * len(att)
        struck = hit_distribution(first) if first else (((0,) * len(POOLS), 1.0),)
        for fs_hits, q1 in struck:
            d1 = def_layout.allocate(dfn, fs_hits)
            groups = b._groups(True, att, zeros, withdrawn, bool(first))
            for hits, q2 in hit_distribution(groups):
                d2 = def_layout.allocate(d1, hits)
                sunk = sum(d1) - sum(d2)
                back = ((Pool.SHIPS, back_value, sunk),) if sunk else ()
                for back_hits, q3 in hit_distribution(back):
                    a2 = att_layout.allocate(att, back_hits, withdrawn_air=withdrawn)
                    outcome = (
                        Outcome.ATTACKER_WINS
                        if b.active_attackers(a2, withdrawn)
                        else Outcome.BOTH_DESTROYED  # R-NAVAL-4 D: wiped out or submerged
                    )
                    key = (outcome, a2, d2, withdrawn, any(d2))
                    terminals[key] = terminals.get(key, 0.0) + p * q1 * q2 * q3
    return float(m.sum())
