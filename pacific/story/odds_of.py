"""The odds of a battle of the log as it was fought, before its first roll.

The calculator (`pacific.odds`) fights a battle to the end unless told otherwise, so a battle
is given the conduct its log shows: the attacker retreated after the rounds it fought
(``retreat_after``), a side's submarines submerged (the calculator's "when alone" policy,
R-SUB-6), the ships that gave cover fire to an assault (read from the cover-fire dice, R-AMPH-6),
AA fire at a raid (R-SBR-4). Land and naval battles are `pacific.odds.positions.battle_spec`
of the position (the battle board's own model); an amphibious assault is the calculator's
assault model (land units that landed, the others, cover fire); a strategic bombing raid is
`pacific.odds.bombing`. A lone kamikaze attack (R-KAMI-4) has no model in the calculator: its
dice count in hits only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

if TYPE_CHECKING:
    # The odds (and numpy) are imported when a battle's odds are first asked: the window
    # starts without them.
    from pacific.odds import OddsResult, SbrResult


@dataclass(frozen=True)
class Conduct:
    """How a battle was fought, as far as its odds care."""

    retreat_after: int | None = None      # rounds fought before the attacker retreated
    attacker_submerged: bool = False      # the attacker's submarines submerged (R-SUB-6)
    defender_submerged: bool = False
    bombard: dict[UnitType, int] = field(default_factory=dict)   # cover fire (R-AMPH-6)
    raid_aa_fire: bool = False            # AA fire at the raid (R-SBR-4 step 1)


def exact_odds(board: BoardMap, state: GameState, battle: Battle,
               conduct: Conduct = Conduct()) -> OddsResult | SbrResult | None:
    """The odds of ``battle`` as it stands in ``state``, fought as ``conduct`` says; None when
    a side is empty or the calculator has no model of it."""
    # Imported here: the window reads this module at start-up, the odds only for a battle.
    from pydantic import ValidationError

    from pacific.odds import BattleKind as OddsKind
    from pacific.odds import BattleSpec, SbrSpec, bombing
    from pacific.odds.model import OddsError
    from pacific.odds.positions import battle_spec, force
    from pacific.rules.combat.forces import surprise

    units = [state.units[i] for i in battle.attackers if i in state.units]
    defenders = [state.units[i] for i in battle.defenders if i in state.units]
    try:
        if battle.kind is BattleKind.RAID:
            owner = state.territory_owner.get(battle.space)
            return bombing(SbrSpec(
                bombers=sum(u.type is UnitType.BOMBER for u in units),
                escorts=sum(u.type is UnitType.FIGHTER for u in units),
                interceptors=len(defenders), aa_gun=conduct.raid_aa_fire,
                treasury=max(0, state.treasury.get(owner, 0)) if owner is not None else 0,
                first_turn=state.japan_first_turn))
        if battle.assault is not None:
            # Landed already, or still aboard as declared (the landing and the first roll
            # may come in one record).
            assault = state.amphibious_assaults[battle.assault]
            landing = [state.units[i] for i in battle.landed or assault.landing_units
                       if i in state.units]
            ashore = {u.id for u in landing}
            others = [u for u in units if u.id not in ashore] + [
                state.units[i] for i in assault.land_aircraft
                if i in state.units and i not in battle.attackers]
            if not defenders or not (landing or others):
                return None
            spec = BattleSpec(
                kind=OddsKind.AMPHIBIOUS, attacker=force(state, others),
                defender=force(state, defenders),
                landing=dict(Counter(u.type for u in landing)),
                bombard=dict(conduct.bombard),
                first_turn=any(surprise(board, state, battle, u) for u in defenders))
        else:
            found = battle_spec(board, state, battle)
            if found is None:
                return None
            spec = found
        update: dict[str, object] = {}
        if conduct.retreat_after is not None:
            update["retreat_after"] = conduct.retreat_after
        if spec.kind is OddsKind.NAVAL:
            if conduct.attacker_submerged:
                update["attacker_submerge"] = "when_alone"
            if conduct.defender_submerged:
                update["defender_submerge"] = "when_alone"
        return _calculated(BattleSpec.model_validate({**spec.model_dump(),
                                                      **update}).model_dump_json())
    except (ValidationError, OddsError):
        return None


@lru_cache(maxsize=1024)
def _calculated(spec: str) -> OddsResult:
    """The odds of the battle ``spec`` (JSON) says, worked out once: a long game fights the
    same small battles again and again, and a story is read again by each window and report
    that shows it."""
    from pacific.odds import BattleSpec, calculate

    return calculate(BattleSpec.model_validate_json(spec))


def forget_odds() -> None:
    """Forget the odds worked out (a benchmark times them afresh, as a new process would)."""
    _calculated.cache_clear()
