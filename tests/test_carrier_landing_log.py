"""Fighters flown onto a carrier in non-combat movement: the move's event names the carriers
they landed on (R-CARRIER-1, R-CARRIER-5), and the log says so, not only where they flew."""

from __future__ import annotations

from scenario import scenario, u

from pacific.rules.movement.events import UnitsMoved
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.text import describe_event


def test_r_carrier_5_the_log_says_the_fighters_landed_on_the_carrier() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_5": "1 carrier japan", "japan": "2 fighter japan"})
    [carrier] = u(state, "sz_5", "carrier")
    [drop] = game.drop_actions(state, u(state, "japan", "fighter"), "sz_5")
    _after, events = game.apply(state, drop)
    [moved] = [e for e in events if isinstance(e, UnitsMoved)]
    assert moved.carriers == (carrier,)
    assert describe_event(moved, game.board, state) == \
        "Japan moved 2 fighters Japan → Sea Zone 6 → Sea Zone 5, landing on 1 aircraft carrier"


def test_r_carrier_4_an_ally_s_carrier_is_named_by_its_owner() -> None:
    game, state = scenario(power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_9": "1 carrier australia", "hawaii": "1 fighter usa"})
    [drop] = game.drop_actions(state, u(state, "hawaii", "fighter"), "sz_9")
    _after, events = game.apply(state, drop)
    [moved] = [e for e in events if isinstance(e, UnitsMoved)]
    assert describe_event(moved, game.board, state) == \
        "United States moved 1 fighter Hawaii → Sea Zone 9, landing on 1 aircraft carrier of " \
        "Australia"


def test_a_flight_to_land_says_no_carrier() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_5": "1 carrier japan", "japan": "1 fighter japan"})
    [drop] = game.drop_actions(state, u(state, "japan", "fighter"), "korea")
    _after, events = game.apply(state, drop)
    [moved] = [e for e in events if isinstance(e, UnitsMoved)]
    assert moved.carriers == ()
    assert "carrier" not in describe_event(moved, game.board, state)
