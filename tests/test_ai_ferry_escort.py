"""The hard ferry's escorted zones (`ferry.escort_zones`): a loaded transport waits aboard only
where the warships there keep it afloat."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.ferry import escort_zones
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase


def _escorts(ships: str) -> list[str]:
    """The escorted zones within two of Sea Zone 5 with ``ships`` in Sea Zone 4, where two
    Japanese fighters on the Hawaiian Islands reach."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_4": ships,
                               "hawaiian_islands": "2 fighter japan, 1 infantry japan",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"},
                        owners={"hawaiian_islands": Nation.JAPAN})
    return escort_zones(Turn(game, st, HARD, Judge()), ["sz_5"], 2)


def test_submarines_alone_are_no_escort_against_aircraft() -> None:
    """Aircraft cannot hit a submarine without a destroyer of their side there (R-SUB-5):
    against two fighters, submarines and a transport are a battle the fighters never "win",
    while they sink the transport (R-TRANS-14). A battleship is an escort."""
    assert _escorts("2 submarine usa") == []
    assert _escorts("1 battleship usa") == ["sz_4"]
