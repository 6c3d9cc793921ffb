"""Monte-Carlo simulation of a battle with random dice, for the benchmark and as a check.

It runs the very same round logic as the exact solver (`Battle.round_once`, the same casualty
tables and ends); the steps before round 1 (AA fire, cover fire, kamikazes) are drawn from their
exact distribution, and an amphibious assault's land battle is simulated for each naval result
with runs in proportion to its probability.
"""

from __future__ import annotations

import random

from pacific.odds.calculate import evaluate
from pacific.odds.chain import Battle, Node, Terminal
from pacific.odds.model import BattleSpec, OddsResult, Outcome


class MonteCarlo:
    """An engine for `evaluate` that samples `runs` battles instead of solving the chain."""

    def __init__(self, runs: int, seed: int | None = None) -> None:
        self.runs = runs
        self.rng = random.Random(seed)

    def _roll(self, dice: int, value: int) -> int:
        rnd = self.rng.random
        return sum(1 for _ in range(dice) if rnd() * 6 < value)

    def __call__(
        self, battle: Battle, start: dict[Node, float], weight: float
    ) -> tuple[dict[Terminal, float], float, float]:
        runs = max(1, round(self.runs * weight))
        nodes = list(start)
        picks = self.rng.choices(nodes, weights=[start[n] for n in nodes], k=runs)
        terminals: dict[Terminal, float] = {}
        rounds = 0
        for att, dfn, _, _, aside_att, aside_def in picks:
            withdrawn = False
            fought = 0
            if any(aside_att) or any(aside_def):
                # Units set aside before round 1 fire in it whatever else is left.
                att, dfn = battle.round_once(att, dfn, False, aside_att, aside_def, self._roll)
                aside_att, aside_def = (0,) * len(att), (0,) * len(dfn)
                fought = 1
            while True:
                outcome = battle.end(att, dfn, withdrawn)
                if outcome is None and fought >= 1 and battle.wants_retreat(att, withdrawn, fought):
                    if battle.air_only_retreat:
                        withdrawn = True  # R-AMPH-3: only aircraft leave
                        continue
                    outcome = Outcome.RETREAT
                submerged = False
                if outcome is None and battle.attacker_submerges(att, withdrawn):
                    outcome, submerged = Outcome.DEFENDER_WINS, True  # R-NAVAL-4 B
                elif outcome is None and battle.defender_submerges(dfn):
                    att, dfn = battle.round_once(
                        att, dfn, withdrawn, aside_att, aside_def, self._roll, diving=True
                    )
                    fought += 1
                    submerged = any(dfn)  # R-NAVAL-4 C, or D if the attacker is gone too
                    outcome = (
                        Outcome.ATTACKER_WINS
                        if battle.active_attackers(att, withdrawn)
                        else Outcome.BOTH_DESTROYED
                    )
                if outcome is not None:
                    key = (outcome, att, dfn, withdrawn, submerged)
                    terminals[key] = terminals.get(key, 0.0) + 1.0 / runs
                    break
                att, dfn = battle.round_once(att, dfn, withdrawn, aside_att, aside_def, self._roll)
                aside_att, aside_def = (0,) * len(att), (0,) * len(dfn)
                fought += 1
            rounds += fought
        return terminals, rounds / runs, 0.0


def simulate(spec: BattleSpec, runs: int = 10_000, seed: int | None = None) -> OddsResult:
    """Estimate the odds with `runs` random battles (same fields as `calculate`)."""
    return evaluate(spec, MonteCarlo(runs, seed))
