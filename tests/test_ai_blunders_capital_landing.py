"""Blunder class 5 (idle capitals) on a small position: infantry bought for Japan's capital, an
island, against aircraft the rules do not let attack it. The hard Japan's capital buys no
infantry where it holds against the enemy aircraft that have somewhere to land after the
battle (R-AIR-2, `purchase._holds_within_rules`): infantry bought against bombers that could
not come back waited in the capital for transports (R-PLACE-2)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

J = Nation.JAPAN


def _bombers_on_wake(japan: str) -> tuple[Game, GameState]:
    """Four American bombers on Wake, six spaces from Japan with none left to fly back
    (R-AIR-2), and two American infantry aboard a transport in Sea Zone 35."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE,
                        units={"japan": japan, "wake": "4 bomber usa",
                               "kwangtung": "1 infantry china",
                               "sz_35": "1 transport usa, 2 infantry usa"},
                        treasury={J: 30})
    ship = next(u.id for u in st.units.values() if u.type is T.TRANSPORT and u.owner is not J)
    for unit in st.units.values():
        if unit.space == "sz_35" and unit.type is T.INFANTRY:
            unit.carried_by = ship
    return game, st


def test_japan_buys_no_infantry_against_bombers_with_nowhere_to_land() -> None:
    """Japan's three infantry hold against the landing alone: the purchase buys none for the
    capital. The planner's own look (every aircraft within its move less one) fears the
    bombers. Read from seeds 14 and 37 (rounds 7 and 8: 1 and 3 infantry bought at 0.16 and
    0.59, the rules' reach 0.01 and 0.03)."""
    game, st = _bombers_on_wake("3 infantry japan")
    turn = Turn(game, st, HARD, Judge())
    assert turn.danger("japan") > 0.5
    _, reason = purchase_with_reason(turn, J)
    assert reason is not None
    assert reason.capital_danger < 1 - HARD.capital_safety
    assert "capital" not in dict(reason.parts)

