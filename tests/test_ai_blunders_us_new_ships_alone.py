"""Blunder class 2 at its source, the United States' purchase once its task force has gone
west: new ships appear in the shipyard's zone, Sea Zone 5, after the fleet has moved
(R-PLACE-1), with no American warship there. Japan's fleet in reach outweighs the United States'
(none at home), so the fleet's part buys warships. Japan's carrier fighters sink the destroyer
and leave the submarines, which aircraft cannot hit (R-SUB-5): a stalemate counted as the fleet
lost (R-NAVAL-4 E), as the priced look (`Turn.priced`) and the blunder counter read it, where
the plain look reads them held. The hard United States buys aircraft with that money; the
normal level buys the warships as before."""

from __future__ import annotations

from scenario import aboard, scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.shipyard import warship
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import Unit
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_air

US = Nation.USA


def _turn(level: Level) -> Turn:
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, round=10,
                        units={"united_states": "4 infantry usa",
                               "sz_6": "2 carrier japan, 4 fighter japan",
                               "japan": "4 infantry japan"},
                        treasury={US: 60})
    aboard(st, "sz_6", "carrier", "fighter", Nation.JAPAN)
    return Turn(game, st, level, Judge())


def test_the_united_states_buy_no_warships_that_japans_aircraft_sink_alone_off_its_coast(
) -> None:
    new = [moved(Unit(id=-1 - i, type=t, owner=US, space=""), "sz_5")
           for i, t in enumerate((T.DESTROYER, T.SUBMARINE, T.SUBMARINE))]
    turn = _turn(HARD)
    assert turn.danger("sz_5", extra=new) < 0.8            # the plain look: held
    assert turn.priced().danger("sz_5", extra=new) >= 0.8  # the stalemate: lost
    bought, reason = purchase_with_reason(turn, US)
    assert not any(warship(t) for t in bought)
    assert any(is_air(t) for t in bought)
    assert reason is not None and reason.ships_sunk
    normal, _ = purchase_with_reason(_turn(NORMAL), US)
    assert any(warship(t) for t in normal)


def test_the_rest_of_the_money_buys_aircraft_not_ships_for_japans_fleet_off_the_coast() -> None:
    """The task force far west outweighs Japan's fleet, so the fleet's part buys nothing; the
    rest of the money bought warships (`_air_and_sea`) that Japan's main fleet two zones off
    the coast sinks alone in Sea Zone 5. The hard United States buy aircraft with it."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, round=10,
                        units={"united_states": "1 infantry usa",
                               "sz_10": "4 carrier japan, 6 fighter japan, 3 battleship japan, "
                                        "4 destroyer japan",
                               "sz_23": "9 carrier usa, 18 fighter usa, 12 destroyer usa, "
                                        "12 submarine usa, 2 battleship usa",
                               "japan": "4 infantry japan"},
                        treasury={US: 74})
    aboard(st, "sz_10", "carrier", "fighter", Nation.JAPAN)
    aboard(st, "sz_23", "carrier", "fighter", US)
    bought, reason = purchase_with_reason(Turn(game, st, HARD, Judge()), US)
    assert reason is not None and reason.fleet_gap == 0
    assert not any(warship(t) for t in bought)
    assert sum(n for t, n in bought.items() if is_air(t)) >= 4
    assert reason is not None and reason.ships_sunk
    normal, _ = purchase_with_reason(Turn(game, st, NORMAL, Judge()), US)
    assert any(warship(t) for t in normal)
