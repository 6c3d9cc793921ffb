"""Exact battle odds (issue 9): `calculate(BattleSpec) -> OddsResult`, `bombing(SbrSpec)`."""

from pacific.odds.calculate import calculate
from pacific.odds.model import (
    BattleKind,
    BattleSpec,
    ForceSpec,
    OddsResult,
    Outcome,
    SbrResult,
    SbrSpec,
    Survivors,
)

__all__ = [
    "BattleKind",
    "BattleSpec",
    "ForceSpec",
    "OddsResult",
    "Outcome",
    "SbrResult",
    "SbrSpec",
    "Survivors",
    "calculate",
]
