"""Blunder class 2 at its source, Japan's purchase: Japan places new ships in one zone, Sea Zone
36, after its fleet has moved (R-PLACE-1). An American fleet three zones out with four fighters
aboard outweighs Japan's (none), so the fleet's part buys a destroyer and two submarines. The
plain look reads them as held (the submarines stall the battle); the fighters sink the destroyer
and the submarines neither fire nor are hit (R-SUB-5): a stalemate that counts as the fleet lost
(R-NAVAL-4 E), as the priced look (`Turn.priced`) and the blunder counter read it. The hard
Japan buys aircraft with that money; the normal level buys the warships as before."""

from __future__ import annotations

import pytest
from scenario import aboard, scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import Unit
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea


def _turn(level: Level, at_home: str = "2 infantry japan", fleet_zone: str = "sz_20") -> Turn:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE, round=4,
                        units={"japan": at_home, "united_states": "8 infantry usa",
                               "india": "4 infantry india",
                               fleet_zone: "2 carrier usa, 4 fighter usa, 2 destroyer usa, "
                                           "1 battleship usa"},
                        treasury={Nation.JAPAN: 30})
    aboard(st, fleet_zone, "carrier", "fighter", Nation.USA)
    return Turn(game, st, level, Judge())


def test_japan_buys_no_warships_the_enemy_aircraft_sink_where_they_are_placed() -> None:
    new = [moved(Unit(id=-1 - i, type=t, owner=Nation.JAPAN, space=""), "sz_36")
           for i, t in enumerate((T.DESTROYER, T.SUBMARINE, T.SUBMARINE))]
    turn = _turn(HARD)
    assert turn.danger("sz_36", extra=new) < 0.8            # the plain look: held
    assert turn.priced().danger("sz_36", extra=new) >= 0.8  # the stalemate: lost
    bought, reason = purchase_with_reason(turn, Nation.JAPAN)
    assert not any(is_sea(t) for t in bought)
    assert bought.get(T.FIGHTER, 0) >= 1
    assert reason is not None and reason.ships_sunk
    normal, _ = purchase_with_reason(_turn(NORMAL), Nation.JAPAN)
    assert normal.get(T.DESTROYER, 0) >= 1


@pytest.mark.parametrize("fleet_zone", ["sz_20", "sz_37"])
def test_the_money_of_the_ships_sunk_off_japan_buys_a_bomber_every_third_aircraft(
        fleet_zone: str) -> None:
    """Blunder class 4: the money of the ships that would be sunk off Japan (by the priced look
    three zones from the American fleet, by the plain look too next to it) bought the same
    fighters turn after turn, the same purchase four turns running while the threats changed
    ("2 fighter"): the bomber every third aircraft was counted from each turn's first.
    Counted over Japan's aircraft, the purchase follows the air force as it grows and is lost
    (two fighters at home: the next aircraft is the third, a bomber)."""
    none, _ = purchase_with_reason(_turn(HARD, fleet_zone=fleet_zone), Nation.JAPAN)
    assert none == {T.FIGHTER: 2}
    two, reason = purchase_with_reason(
        _turn(HARD, "2 infantry japan, 2 fighter japan", fleet_zone), Nation.JAPAN)
    assert two == {T.BOMBER: 1, T.FIGHTER: 1}
    assert reason is not None and reason.ships_sunk


def test_japan_buys_no_warships_where_the_ships_that_shield_them_sail_on() -> None:
    """The ships off Japan at the purchase (last turn's destroyer and two submarines) shield
    the new ones only if they stay: their task force sails on to the destroyer and submarine in
    Sea Zone 23 in non-combat movement, before the placement (R-PLACE-1), and the new destroyer
    and submarine are placed alone within reach of the Indian carrier's two fighters, which sink
    the destroyer and leave the submarine (R-SUB-5, R-NAVAL-4 E). The hard Japan foresees the
    move (`shipyard.left_alone`) and buys no warships; the normal level buys them."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE, round=6,
                        units={"japan": "4 infantry japan",
                               "sz_36": "1 destroyer japan, 2 submarine japan",
                               "sz_23": "1 destroyer japan, 1 submarine japan",
                               "sz_46": "1 carrier india, 2 fighter india, 1 battleship india",
                               "india": "4 infantry india", "united_states": "8 infantry usa"},
                        treasury={Nation.JAPAN: 27})
    aboard(st, "sz_46", "carrier", "fighter", Nation.INDIA)
    new = [moved(Unit(id=-1 - i, type=t, owner=Nation.JAPAN, space=""), "sz_36")
           for i, t in enumerate((T.DESTROYER, T.SUBMARINE))]
    turn = Turn(game, st, HARD, Judge())
    assert turn.priced().danger("sz_36", extra=new) < 0.8          # with the ships there
    assert turn.priced().danger("sz_36", defenders=new) >= 0.8     # alone
    bought, reason = purchase_with_reason(turn, Nation.JAPAN)
    assert not any(is_sea(t) and t is not T.TRANSPORT for t in bought)
    assert reason is not None and reason.ships_sunk
    normal, _ = purchase_with_reason(Turn(game, st, NORMAL, Judge()), Nation.JAPAN)
    assert normal.get(T.DESTROYER, 0) >= 1
