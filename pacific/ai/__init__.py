"""A computer opponent for any power (issue 15): `ComputerPlayer` at a `Level`, the
`RandomPlayer` yardstick, and `play_game` for whole headless games. Pure Python over the rules
engine's public API and the exact odds (`pacific.odds`); see docs/ai.md."""

from pacific.ai.levels import EASY, HARD, LEVELS, NORMAL, Level, parse_level
from pacific.ai.match import GameReport, Player, play_game
from pacific.ai.player import ComputerPlayer
from pacific.ai.random_player import RandomPlayer

__all__ = [
    "EASY",
    "HARD",
    "LEVELS",
    "NORMAL",
    "ComputerPlayer",
    "GameReport",
    "Level",
    "Player",
    "RandomPlayer",
    "parse_level",
    "play_game",
]
