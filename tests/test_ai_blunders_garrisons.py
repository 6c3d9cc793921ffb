"""Blunder class 3 on a small position: the hard Japan's garrisons for territories open to a
walk-in (R-COMBATMOVE-5) come first from the stack that can garrison fewer of them."""

from __future__ import annotations

from scenario import aboard, scenario

from pacific.ai.blunders import open_conquests, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.player import ComputerPlayer
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J, CH, US = Nation.JAPAN, Nation.CHINA, Nation.USA


def test_the_one_unit_that_alone_reaches_an_open_territory_is_not_sent_elsewhere() -> None:
    """Hong Kong (an American transport with cargo next to it) and Shantung (a Chinese
    infantry in Anhwe) are Japan's and empty. Kiangsi's one infantry reaches both; Kwangsi's
    three reach only Hong Kong. One of Kwangsi's garrisons Hong Kong and Kiangsi's goes to
    Shantung: sent to Hong Kong, it left Shantung to the walk-in."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"kiangsi": "1 infantry japan", "kwangsi": "3 infantry japan",
                               "anhwe": "1 infantry china",
                               "sz_45": "1 transport usa, 1 infantry usa",
                               "japan": "6 infantry japan"},
                        owners={"shantung": J, "hong_kong": J, "kiangsi": J, "kwangsi": J,
                                "anhwe": CH})
    aboard(st, "sz_45", "transport", "infantry", US)
    player = ComputerPlayer(game, HARD)
    state = st
    while state.phase is Phase.NONCOMBAT_MOVE and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    japanese = {u.space for u in state.units.values() if u.owner is J}
    assert {"hong_kong", "shantung"} <= japanese
    turn = turn_of(game, state, Power.JAPAN, Judge())
    assert not [b for b in open_conquests(turn, st) if b.kind == "walk_in"]
