"""Combat invariants for the random games (`random_play`): checked after every action."""

from __future__ import annotations

from random_play import Step, invariant

from pacific.rules.combat.events import UnitsLost
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

COMBAT_STATS: dict[str, int] = {}


@invariant
def one_battle_at_a_time_and_none_left_open(step: Step) -> None:
    """R-COMBAT-2: battles are fought one at a time, and phase 4 never ends with one open."""
    after = step.after
    COMBAT_STATS[step.action.kind] = COMBAT_STATS.get(step.action.kind, 0) + 1
    assert sum(1 for b in after.battles if b.status == "active") <= 1
    if step.before.phase is Phase.COMBAT and after.phase is not Phase.COMBAT:
        assert all(b.status == "over" for b in step.before.battles)


@invariant
def combat_losses_are_announced(step: Step) -> None:
    """Every unit a battle removes is named in a UnitsLost event (R-COMBAT-6/7)."""
    if step.before.phase is not Phase.COMBAT:
        return
    lost = set(step.before.units) - set(step.after.units)
    named = {u for e in step.events if isinstance(e, UnitsLost) for u in e.units}
    assert lost <= named, f"{step.action.describe()} removed {sorted(lost - named)} silently"


@invariant
def damage_and_submerging_fit_the_unit(step: Step) -> None:
    """Only battleships are damaged (R-BB-1); only submarines submerge (R-SUB-6); the kamikaze
    track only goes down, and only by a kamikaze declaration (R-KAMI-1)."""
    for unit in step.after.units.values():
        assert not unit.damaged or unit.type is UnitType.BATTLESHIP
        assert not unit.submerged or unit.type is UnitType.SUBMARINE
    spent = step.before.kamikaze_tokens - step.after.kamikaze_tokens
    assert spent >= 0
    assert spent == 0 or step.action.kind == "kamikaze"


@invariant
def pending_combat_decisions_name_their_power(step: Step) -> None:
    pending = step.after.pending
    if pending is not None and "decision" in pending:
        assert pending.decision and pending.power in {"japan", "uk", "us"}
        if pending.battle is not None:
            assert any(b.id == pending.battle for b in step.after.battles)
