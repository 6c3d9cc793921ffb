"""The nine phases of a turn (R-TURN-3). Which action kinds each phase allows is a table,
kept in `pacific.rules.engine.PHASE_ACTIONS`, not a cascade of ifs."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    PURCHASE = "purchase"                  # 1
    CAP_LANDING = "cap_landing"            # 2 land fighters on combat air patrol
    COMBAT_MOVE = "combat_move"            # 3
    COMBAT = "combat"                      # 4
    PRODUCTION_CHART = "production_chart"  # 5 National Production Chart adjustments
    NONCOMBAT_MOVE = "noncombat_move"      # 6
    PLACE = "place"                        # 7 place new units
    RESET = "reset"                        # 8 surface submarines, right battleships
    INCOME = "income"                      # 9 collect income

    @property
    def number(self) -> int:
        return PHASE_ORDER.index(self) + 1

    @property
    def label(self) -> str:
        return PHASE_TITLES[self]


PHASE_ORDER: tuple[Phase, ...] = tuple(Phase)

PHASE_TITLES: dict[Phase, str] = {
    Phase.PURCHASE: "Purchase units",
    Phase.CAP_LANDING: "Land combat air patrols",
    Phase.COMBAT_MOVE: "Combat movement",
    Phase.COMBAT: "Combat",
    Phase.PRODUCTION_CHART: "Production chart",
    Phase.NONCOMBAT_MOVE: "Non-combat movement",
    Phase.PLACE: "Place new units",
    Phase.RESET: "Surface submarines, repair battleships",
    Phase.INCOME: "Collect income",
}


def next_phase(phase: Phase) -> Phase | None:
    """The phase after this one, or None after phase 9 (R-TURN-4: never reordered)."""
    i = PHASE_ORDER.index(phase)
    return PHASE_ORDER[i + 1] if i + 1 < len(PHASE_ORDER) else None
