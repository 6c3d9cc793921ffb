"""Blunder class 2 on small positions: the warships the United States buy appear at the
capital's coast after their fleet has moved (R-PLACE-1). Where Japan's fleet can stand next to
them after its next move, they hold the turn they are placed and are caught the next: the hard
level buys aircraft instead, or its fleet waits with the new ships where together they hold."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.fleet import FleetMove, caught, new_ships
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.purchase import plan_purchase
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

US = Nation.USA


def _bought(japans_fleet_at: str) -> dict[T, int]:
    """The United States' purchase with 60 IPC, a destroyer off their coast (Sea Zone 5) and
    Japan's fleet (three battleships, two carriers with four fighters, two destroyers) in
    ``japans_fleet_at``."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE,
                        units={"united_states": "4 infantry usa", "sz_5": "1 destroyer usa",
                               japans_fleet_at: "3 battleship japan, 2 carrier japan, "
                                                "4 fighter japan, 2 destroyer japan",
                               "japan": "4 infantry japan"},
                        treasury={US: 60})
    return plan_purchase(Turn(game, st, HARD, Judge()), US)


def test_the_united_states_buy_no_warships_that_japans_fleet_catches_the_turn_after() -> None:
    """Japan's fleet in Sea Zone 20, three zones from Sea Zone 5: out of reach of the new
    ships next turn, next to them the turn after, when every zone they can reach is in its
    reach too. No warship is bought; the money goes to aircraft."""
    bought = _bought("sz_20")
    assert not any(is_sea(t) for t in bought)
    assert bought.get(T.FIGHTER, 0) > 0


def test_the_united_states_buy_warships_where_japans_fleet_is_two_turns_away() -> None:
    """The same fleet six zones away (Sea Zone 37): it outweighs the American ships within
    reach of their home waters, and the new warships have a turn to join the fleet."""
    assert any(is_sea(t) and t is not T.TRANSPORT for t in _bought("sz_37"))


def test_the_american_fleet_waits_for_new_ships_japans_fleet_would_catch_alone() -> None:
    """A carrier and a destroyer bought, to be placed in Sea Zone 5 where the American fleet
    (two battleships, two carriers, two destroyers) is; Japan's three battleships and three
    destroyers in Sea Zone 20 cannot reach them next turn but can stand next to them, and
    then catch them alone, not with the fleet. Drawn to the Philippines, the fleet waits for
    them instead of sailing off."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"united_states": "4 infantry usa",
                               "sz_5": "2 battleship usa, 2 carrier usa, 2 destroyer usa",
                               "sz_20": "3 battleship japan, 3 destroyer japan",
                               "japan": "4 infantry japan"},
                        purchased={US: {T.CARRIER: 1, T.DESTROYER: 1}})
    turn = Turn(game, st, HARD, Judge())
    new = [moved(u, "sz_5") for u in new_ships(turn, US, "sz_5")]
    fleet = [u for u in st.units.values() if u.space == "sz_5"]
    assert turn.danger("sz_5", defenders=new) < 0.8
    assert caught(turn, "sz_5", new) and not caught(turn, "sz_5", [*fleet, *new])
    step = FleetMove(turn, "sz_5", {"philippines": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {state.units[u.id].space for u in fleet} == {"sz_5"}
