"""A landing's cover fire weighed by the hard level: the battleships and destroyers in the
landing's zone fire in support (R-AMPH-6) and then cannot sail on (R-NONCOMBAT-2)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.attacks import Attack, Landing, _covering
from pacific.ai.blunders import LOST
from pacific.ai.judge import Judge, value
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def _landing(ships: str) -> tuple[Turn, Attack]:
    """An American landing on the Japanese-held Hawaiian Islands from Sea Zone 9, where
    ``ships`` and a transport are, and six Japanese fighters on Johnston reach."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"sz_9": f"{ships}, 1 transport usa",
                               "hawaiian_islands": "1 infantry japan",
                               "johnston": "6 fighter japan", "midway": "2 infantry usa",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"},
                        owners={"hawaiian_islands": Nation.JAPAN, "johnston": Nation.JAPAN})
    turn = Turn(game, st, HARD, Judge())
    boat = next(u for u in st.units.values() if u.type is T.TRANSPORT)
    riders = [u for u in st.units.values() if u.space == "midway"]
    return turn, Attack(target="hawaiian_islands", units=[],
                        landings=[Landing(transport=boat, zone="sz_9", move=None, aboard=[],
                                          load=riders)])


def test_a_landing_counts_the_covering_fleet_it_leaves_to_be_sunk() -> None:
    """A battleship and a destroyer give cover fire and stay, as a fleet the fighters sink
    at >= 0.8: the landing counts them as lost at that chance. A lone destroyer is no
    fleet (the class's measure), and is not counted."""
    turn, attack = _landing("1 battleship usa, 1 destroyer usa")
    ships = [u for u in turn.state.units.values() if u.type in (T.BATTLESHIP, T.DESTROYER)]
    assert turn.danger("sz_9") >= LOST
    assert _covering(turn, attack) >= value(ships) * LOST
    turn, attack = _landing("1 destroyer usa")
    assert _covering(turn, attack) == 0.0
