"""Ships that fought stay where they fought: they cannot move in non-combat movement
(R-NONCOMBAT-2). A sea attack whose survivors the enemy then sinks at >= `LOST` loses
them whole (blunder class 2, a fleet the enemy attacks at >= 0.8), so the hard level sends no
more ships there than pay for themselves: the cheap hits a battle needs at first (submarines
before aircraft) are worth their whole cost only if the attack is worth more with them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from pacific.ai.blunders import LOST
from pacific.ai.turn import Turn
from pacific.rules.queries import DropTarget
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, is_sea

if TYPE_CHECKING:
    from pacific.ai.attacks import Attack


def fewer_stuck_ships(turn: Turn, attack: Attack,
                      rescored: Callable[[Attack], Attack | None]) -> Attack:
    """``attack`` without the ships whose removal makes it worth more, one at a time, cheapest
    first, while its survivors would be sunk where they fought. ``rescored`` gives a version's
    odds and worth with the enemy's answer (None: it no longer wins at the level's odds)."""
    best = attack
    while turn.board.is_sea(best.target) and (best.feared or 0.0) >= LOST:
        ships = sorted((p for p in best.units if is_sea(p[0].type)),
                       key=lambda p: (UNIT_SPECS[p[0].type].cost, p[0].id))
        better = None
        for pair in ships:
            units = [p for p in best.units if p is not pair]
            if not units:
                continue
            trial = rescored(_with_units(best, units))
            if trial is not None and trial.score > best.score:
                better = trial
                break
        if better is None:
            break
        best = better
    return best


def _with_units(attack: Attack, units: list[tuple[Unit, DropTarget]]) -> Attack:
    return replace(attack, units=units, result=None, score=0.0)
