"""Blunder class 2 at its source, the hard United States' purchase: new ships appear after the
fleet has moved (R-PLACE-1). The task force in Sea Zone 5 sails west this turn; a carrier, a
destroyer and two submarines bought then are placed alone where Japan's carrier fighters sink
all but the submarines (R-SUB-5), a stalemate that counts as the fleet lost (R-NAVAL-4 E), as
the priced look (`Turn.priced`) reads it. The hard United States keeps that money for a turn the
task force stays home, when warships are bought and placed with it; the normal level buys them
as before."""

from __future__ import annotations

from scenario import aboard, scenario

from pacific.ai.blunders import LOST
from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.noncombat import fleet_goals
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, is_sea
from pacific.rules.units import UnitType as T

US = Nation.USA


def _turn(level: Level, **more: str) -> Turn:
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, round=5,
                        units={"sz_5": "4 destroyer usa, 2 battleship usa, 6 submarine usa",
                               "sz_22": "2 carrier japan, 4 fighter japan",
                               "sz_36": "4 battleship japan",
                               "united_states": "1 infantry usa", "japan": "4 infantry japan",
                               **more},
                        treasury={US: 60})
    aboard(st, "sz_22", "carrier", "fighter", Nation.JAPAN)
    if "sz_20" in more:
        aboard(st, "sz_20", "carrier", "fighter", Nation.JAPAN)
    return Turn(game, st, level, Judge())


def _sails(turn: Turn, bought: dict[T, int]) -> bool:
    """Whether the task force sails with ``bought`` to place, as the purchase foresees its
    move (the wait for the new ships read by the plain look)."""
    later = turn.at(turn.state.model_copy(update={"phase": Phase.NONCOMBAT_MOVE,
                                                  "purchased": {US: bought}}))
    plan = FleetMove(later, "sz_5", fleet_goals(later), priced_wait=False).plan(later.game, later)
    return any(zone != "sz_5" for _ids, zone in plan)


def test_the_united_states_buy_no_warships_the_task_force_leaves_alone() -> None:
    normal, _ = purchase_with_reason(_turn(NORMAL), US)
    warships = [t for t, n in normal.items() if is_sea(t) for _ in range(n)]
    assert T.CARRIER in warships and T.DESTROYER in warships
    turn = _turn(HARD)
    assert _sails(turn, normal)
    alone = [Unit(id=-1 - i, type=t, owner=US, space="sz_5") for i, t in enumerate(warships)]
    assert turn.priced().danger("sz_5", defenders=alone) >= LOST
    bought, reason = purchase_with_reason(turn, US)
    assert not any(is_sea(t) for t in bought)
    assert reason is not None and reason.ships_sunk
    assert _sails(turn, bought)
    spent = sum(n * UNIT_SPECS[t].cost for t, n in bought.items())
    assert spent <= 30      # the rest is kept for the turn the warships join the fleet


def test_the_united_states_buy_warships_while_the_task_force_stays_home() -> None:
    """A Japanese fleet off the American coast keeps the task force home: the warships bought
    are placed with it."""
    turn = _turn(HARD, sz_20="2 battleship japan, 2 carrier japan, 4 fighter japan")
    bought, _ = purchase_with_reason(turn, US)
    assert not _sails(turn, bought)
    assert any(is_sea(t) and t is not T.TRANSPORT for t in bought)


def test_the_task_force_stays_home_with_the_new_ships_while_an_invasion_is_near() -> None:
    """A Japanese transport with cargo two sea zones off the coast: the task force that would
    sail west stays home, and the carrier and destroyer bought are placed with it, whose screen
    keeps the landing off the capital. An empty transport there does not hold it back."""
    loaded = _turn(HARD, sz_21="1 transport japan, 2 infantry japan")
    aboard(loaded.state, "sz_21", "transport", "infantry", Nation.JAPAN)
    bought, _ = purchase_with_reason(loaded, US)
    assert bought[T.CARRIER] >= 1 and bought[T.DESTROYER] >= 1
    assert not _sails(loaded, bought)
    empty = _turn(HARD, sz_21="1 transport japan")
    bought, _ = purchase_with_reason(empty, US)
    assert not any(is_sea(t) for t in bought)
    assert _sails(empty, bought)
