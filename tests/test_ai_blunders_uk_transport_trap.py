"""Blunder class 2 a turn deep, drawn by a transport: the British non-combat movement of round 6
of seed 9 (hard against hard), saved at its start (tests/fixtures/repro).

The Indian battleship and the Australian destroyer raided Japan's empty route in Sea Zone 46
in combat movement and cannot sail on (R-NONCOMBAT-2); the Indian carrier joins them. Then the
Australian transport in Sea Zone 41, loaded, sails on to Sea Zone 40: its threat of a landing
draws Japan's fighters from the Marshall Islands to the Philippines in Japan's turn between (its
planner's `noncombat.grounded_landing`), and from that air base (R-AIRBASE-1) every zone the
force in Sea Zone 46 can reach next is lost: the force was counted a round later. The careful
United Kingdom asks Japan's planner before each transport's move (`british.uk_transport_trap`)
and keeps the transport where it is."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pacific.ai.forecast import cornered
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Memory, Turn
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Power, power_of
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

REPRO = Path(__file__).parent / "fixtures" / "repro"
PACIFIC = Path(__file__).parent.parent / "maps" / "pacific"
TRANSPORT = 158     # the Australian transport in Sea Zone 41, two infantry aboard


def _phase_end(level: Level) -> tuple[Game, GameState]:
    game = Game(load_board(PACIFIC))
    state = GameState.model_validate_json((REPRO / "uk_fleet_seed9_round6.json").read_text())
    assert state.power is Power.UK and state.phase is Phase.NONCOMBAT_MOVE
    assert state.units[TRANSPORT].space == "sz_41" and state.cargo_of(TRANSPORT)
    player = ComputerPlayer(game, level)
    while state.phase is Phase.NONCOMBAT_MOVE:
        state, _ = game.apply(state, player.choose(state))
    return game, state


def _force_cornered(game: Game, state: GameState) -> bool:
    force = [u for u in state.units.values() if u.space == "sz_46" and u.carried_by is None
             and power_of(u.owner) is Power.UK and u.type is not T.TRANSPORT]
    assert {u.type for u in force} >= {T.BATTLESHIP, T.CARRIER, T.DESTROYER}
    return cornered(Turn(game, state, HARD, Judge(), Memory()), "sz_46", force)


def test_the_hard_united_kingdom_keeps_the_transport_and_the_force_in_46_is_no_trap() -> None:
    game, state = _phase_end(HARD)
    assert state.units[TRANSPORT].space == "sz_41"
    assert not _force_cornered(game, state)


def test_without_the_forecast_the_transport_sails_and_corners_the_force() -> None:
    game, state = _phase_end(replace(HARD, fleet_forecast=False))
    assert state.units[TRANSPORT].space == "sz_40"
    assert _force_cornered(game, state)
