"""Loaded transports and an ally's fleet: Australia's transports with their cargo aboard, in
the open Pacific, are not drawn across it to the American fleet off the United States (the
normal level's move), which sails in its own turn (R-TURN-1) wherever its goals lie and leaves
them there, the cargo far from any landing."""

from __future__ import annotations

from ai_helpers import play_phase
from scenario import scenario

from pacific.ai.levels import HARD, NORMAL, Level
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def test_loaded_australian_transports_do_not_sail_to_the_american_fleet() -> None:
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_11": "3 transport australia, 5 infantry australia",
                               "sz_5": "3 carrier usa, 4 destroyer usa, 6 fighter usa",
                               "new_south_wales": "2 infantry australia",
                               "india": "2 infantry india",
                               "japan": "4 infantry japan"})
    transports = sorted(u.id for u in st.units.values() if u.type is T.TRANSPORT)
    riders = sorted(u.id for u in st.units.values() if u.space == "sz_11"
                    and u.type is T.INFANTRY)
    for i, rider in enumerate(riders):
        st.units[rider].carried_by = transports[i // 2]

    def ends(level: Level) -> set[str]:
        after = play_phase(game, st, level)
        return {after.units[t].space for t in transports if t in after.units}

    assert ends(NORMAL) == {"sz_5"}
    assert "sz_5" not in ends(HARD)
