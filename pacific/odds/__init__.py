"""Exact battle odds: `calculate(BattleSpec) -> OddsResult`, `bombing(SbrSpec)`."""

from pacific.odds.calculate import calculate
from pacific.odds.model import (
    BattleKind,
    BattleSpec,
    ForceSpec,
    KamikazeTarget,
    OddsResult,
    Outcome,
    SbrResult,
    SbrSpec,
    Survivors,
)
from pacific.odds.sbr import bombing

__all__ = [
    "BattleKind",
    "BattleSpec",
    "ForceSpec",
    "KamikazeTarget",
    "OddsResult",
    "Outcome",
    "SbrResult",
    "SbrSpec",
    "Survivors",
    "bombing",
    "calculate",
]
