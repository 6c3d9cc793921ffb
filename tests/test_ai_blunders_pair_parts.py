"""Blunder class 2, Japan's small pair lost wherever it ends together (hard against hard, real
positions saved in tests/fixtures/repro): its ships part (`pacific.ai.scatter`).

- Seed 19, round 10, Japan's non-combat movement: the destroyer and the submarine raiding since
  round 2 wait in Sea Zone 52 beside the transports. The Philippines fell to the Americans'
  fighters and a British carrier came to Sea Zone 40 where they can land after attacking
  (R-AIR-2, R-AIR-3): every zone of the pair's reach is lost by the counter's look.
- Seed 33, round 7, from Japan's combat movement: the destroyer sails to Sea Zone 52 (no
  battle) and cannot move on (R-NONCOMBAT-2); the submarine followed it there in non-combat
  movement, the two a fleet that look loses (as in every zone of the submarine's reach)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pacific.ai.fleet as fleet
from pacific.ai.blunders import counter_look, is_fleet
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Memory, Turn
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import is_warship

REPRO = Path(__file__).parent / "fixtures" / "repro"
PACIFIC = Path(__file__).parent.parent / "maps" / "pacific"
DESTROYER, SUBMARINE = 144, 149


def _japan_turn_moved(name: str) -> tuple[Game, GameState]:
    """The position saved in ``name`` played by the hard Japan to its placement phase (the
    Allies' decisions in between, a casualty choice, by the hard Allies)."""
    game = Game(load_board(PACIFIC))
    state = GameState.model_validate_json((REPRO / name).read_text())
    assert state.power is Power.JAPAN
    japan, allies = ComputerPlayer(game, HARD), ComputerPlayer(game, HARD)
    while state.phase is not Phase.PLACE:
        player = japan if Game.current_power(state) is Power.JAPAN else allies
        state, _ = game.apply(state, player.choose(state))
    return game, state


def _lost_fleets(game: Game, state: GameState) -> list[str]:
    """Japan's zones with a fleet (blunder class 2's measure) lost at >= 0.8 by the counter's
    look."""
    look = counter_look(Turn(game, state, HARD, Judge(), Memory()))
    zones = {state.units[i].space for i in (DESTROYER, SUBMARINE)}
    out = []
    for zone in sorted(zones):
        ships = [u for u in look.my_defenders(zone) if is_warship(u.type)]
        if is_fleet(ships) and look.danger(zone) >= 0.8:
            out.append(zone)
    return out


@pytest.mark.parametrize("name", ["japan_pair_seed19_round10.json",
                                  "japan_pair_seed33_round7.json"])
def test_the_pair_lost_everywhere_together_parts(name: str) -> None:
    game, state = _japan_turn_moved(name)
    assert state.units[DESTROYER].space == "sz_52"
    assert state.units[SUBMARINE].space != "sz_52"
    assert _lost_fleets(game, state) == []


@pytest.mark.parametrize("name", ["japan_pair_seed19_round10.json",
                                  "japan_pair_seed33_round7.json"])
def test_without_parting_the_pair_ends_together_where_it_is_lost(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fleet, "scattered", lambda turn, here, moving, plan: plan)
    game, state = _japan_turn_moved(name)
    assert state.units[SUBMARINE].space == state.units[DESTROYER].space == "sz_52"
    assert _lost_fleets(game, state) == ["sz_52"]
