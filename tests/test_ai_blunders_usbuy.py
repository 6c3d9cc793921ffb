"""Blunder class 5 at its source, the purchase: the United States' capital has one coastal
zone, Sea Zone 5, and no land route to the enemy. While Japan's ships hold that zone no
American transport can sail from it (R-MOVE-7): infantry bought for the capital's safety stay
there, idle, when the danger has passed. The hard United States buy the safety as fighters
when fighters make the capital hold within the money: they defend it this turn and fly out
over the blockade afterwards."""

from __future__ import annotations

from scenario import aboard, scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def _capital_part(level: Level, blockade: str) -> dict[T, int]:
    """What the United States' purchase spends on the capital's safety, Japan's fleet with two
    loaded transports in ``blockade``."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, round=5,
                        units={"united_states": "2 infantry usa",
                               blockade: "2 battleship japan, 2 destroyer japan, "
                                         "1 transport japan, 1 infantry japan, "
                                         "1 artillery japan",
                               "japan": "4 infantry japan"},
                        treasury={Nation.USA: 60})
    aboard(st, blockade, "transport", "infantry", Nation.JAPAN)
    aboard(st, blockade, "transport", "artillery", Nation.JAPAN)
    _bought, reason = purchase_with_reason(Turn(game, st, level, Judge()), Nation.USA)
    assert reason is not None
    return dict(next((units for part, units in reason.parts if part == "capital"), ()))


def test_the_capital_behind_a_blockade_is_defended_with_fighters() -> None:
    """Japan's fleet in Sea Zone 5 with a loaded transport: the hard United States defend the
    capital with fighters; the normal level buys infantry as before."""
    hard = _capital_part(HARD, "sz_5")
    assert hard.get(T.FIGHTER, 0) >= 1
    assert T.INFANTRY not in hard
    assert T.INFANTRY in _capital_part(NORMAL, "sz_5")
