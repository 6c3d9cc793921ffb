"""Each kamikaze die has a ship of its own (R-KAMI-6): the engine records which ship every die
was rolled at, and the log says, die by die, the ship, the value and whether it hit."""

from __future__ import annotations

from scenario import scenario, u

from pacific.rules.actions.combat import Kamikaze
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.events import DiceRolled
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.text import describe_event


def _declared() -> tuple[Game, GameState, list[int], int]:
    """Two American destroyers and a battleship moved into kamikaze zone sz_5: Japan is asked
    for its declaration at the start of phase 4 (R-KAMI-4)."""
    game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "2 destroyer usa, 1 battleship usa"})
    for kind in ("destroyer", "battleship"):
        state, _ = game.apply(state, Move(units=tuple(u(state, "sz_6", kind)),
                                          path=("sz_6", "sz_5")))
    state, _ = game.apply(state, EndPhase())
    assert state.pending is not None and state.pending.decision == "kamikaze"
    return game, state, u(state, "sz_5", "destroyer"), u(state, "sz_5", "battleship")[0]


def test_r_kami_6_the_roll_records_each_die_s_ship() -> None:
    game, state, (first, second), battleship = _declared()
    targets = (first, battleship, second, first)
    after, events = game.apply(state, Kamikaze(targets=targets), FixedDice([2, 5, 6, 1]))
    [roll] = [e for e in events if isinstance(e, DiceRolled)]
    assert roll.label is not None
    assert [a.unit for a in roll.label.aimed] == list(targets)
    assert {(a.nation, a.unit_type.value) for a in roll.label.aimed} == {
        (Nation.USA, "destroyer"), (Nation.USA, "battleship")}
    line = describe_event(roll, game.board, state)
    assert line == ("Kamikaze in Sea Zone 5, each die at its ship, hit on 2: "
                    "2 at destroyer 1 (United States) → hit; 5 at battleship (United States) "
                    "→ miss; 6 at destroyer 2 (United States) → miss; "
                    "1 at destroyer 1 (United States) → hit"), line
    assert first not in after.units and second in after.units
