"""Blunder class 2 at its source, the purchase: new ships appear after the fleet has moved
(R-PLACE-1). The hard United States, their task force in Sea Zone 5, bought a carrier, a
destroyer and submarines there as if the task force stayed; it sailed, and Japan's carrier
fighters sank the new ships alone. The Allies now buy ships only where they hold without their
own power's ships, read with the priced look (`Turn.priced`); else aircraft."""

from __future__ import annotations

from scenario import aboard, scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.purchase import plan_purchase
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea


def _bought(japan_fleet: str) -> dict[T, int]:
    """The hard United States' purchase (70 IPC), their task force in Sea Zone 5 and two
    Japanese carriers with four fighters and a battleship in ``japan_fleet``."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, round=5,
                        units={"united_states": "6 infantry usa, 2 fighter usa",
                               "sz_5": "2 carrier usa, 2 destroyer usa, 4 submarine usa",
                               japan_fleet: "2 carrier japan, 4 fighter japan, "
                                            "1 battleship japan",
                               "japan": "4 infantry japan"},
                        treasury={Nation.USA: 70})
    aboard(st, japan_fleet, "carrier", "fighter", Nation.JAPAN)
    return plan_purchase(Turn(game, st, HARD, Judge()), Nation.USA)


def test_no_ships_are_bought_where_japans_carrier_fighters_sink_them_alone() -> None:
    """Japan's carriers in Sea Zone 22, their fighters in reach of Sea Zone 5: the ships the
    task force there would shield are placed after it sails, so the money goes to aircraft."""
    bought = _bought("sz_22")
    assert not [t for t in bought if is_sea(t)]
    assert bought.get(T.FIGHTER, 0) >= 1


def test_ships_are_bought_where_they_hold_alone() -> None:
    """Japan's carriers far off, in Sea Zone 36: the new ships hold alone, and are bought."""
    assert [t for t in _bought("sz_36") if is_sea(t)]
