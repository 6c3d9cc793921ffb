"""What the computer-player tests share: the computer playing out a phase of a position."""
from __future__ import annotations

from pacific.ai import HARD, ComputerPlayer
from pacific.ai.levels import Level
from pacific.rules.engine import Game
from pacific.rules.state import GameState


def play_phase(game: Game, state: GameState, level: Level = HARD) -> GameState:
    """The computer at ``level`` plays the rest of the phase of the power to act (until the
    phase or the power changes, or the game is won)."""
    player = ComputerPlayer(game, level)
    phase, power = state.phase, state.power
    while state.phase is phase and state.power is power and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    return state
