"""Blunder class 5 on a small position: the United States' capital has one coastal zone, Sea
Zone 5; Japan's ships there keep every American transport in (R-MOVE-7), and the capital's land
units idle however many there are. Fighters alone cannot hit Japan's submarine there without an
American destroyer (R-SUB-5), so the battle never counts as the attacker's win; it ends with
the submarine against the aircraft (R-NAVAL-4 E) after the surface ships are sunk, which
breaks the blockade. The hard level counts that end as won off a capital's only coast."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.attacks import blockade
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def test_fighters_sink_the_surface_ships_that_blockade_the_capital_s_only_coast() -> None:
    """Eight fighters and a bomber on the United States, two destroyers and a submarine of
    Japan's in Sea Zone 5: three fighters sink the surface ships at 0.85, the submarine never
    (the attacker's win at 0.00). The hard United States send the aircraft; Sea Zone 5 is the
    capital's only coast, Sea Zone 6 is not one."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"united_states": "10 infantry usa, 8 fighter usa, 1 bomber usa",
                               "sz_5": "2 destroyer japan, 1 submarine japan",
                               "japan": "4 infantry japan"})
    turn = Turn(game, st, HARD, Judge())
    assert blockade(turn, "sz_5")
    assert not blockade(turn, "sz_6")
    player = ComputerPlayer(game, HARD)
    state = st
    while state.phase is Phase.COMBAT_MOVE and state.power is Power.US:
        state, _ = game.apply(state, player.choose(state))
    attackers = [u for u in state.units.values() if u.space == "sz_5" and u.owner is Nation.USA]
    assert sum(1 for u in attackers if u.type is T.FIGHTER) >= 1
