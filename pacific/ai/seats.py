"""Who plays a side: ``ai``, ``ai:LEVEL`` (easy, normal, hard) or ``random``; the text form the
command line takes (`pacific play --japan ai:hard --allies random`)."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.ai.levels import NORMAL, Level, parse_level
from pacific.ai.match import Player
from pacific.ai.player import ComputerPlayer
from pacific.ai.random_player import RandomPlayer
from pacific.rules.engine import Game
from pacific.rules.nations import Side


@dataclass(frozen=True)
class Seat:
    kind: str                 # "ai" or "random"
    level: Level = NORMAL

    @property
    def label(self) -> str:
        return f"ai:{self.level.name}" if self.kind == "ai" else "random"

    def player(self, game: Game, seed: int, side: Side) -> Player:
        """A fresh player for one game; a random player's choices depend only on ``seed`` and
        the side, so a game is the same every time it is played with the same seed."""
        if self.kind == "ai":
            return ComputerPlayer(game, self.level)
        return RandomPlayer(game, seed * 2 + (0 if side is Side.AXIS else 1))


def parse_seat(text: str) -> Seat:
    """Read ``ai``, ``ai:easy|normal|hard`` or ``random``.

    Raises:
        ValueError: naming what was not understood.
    """
    word, _, level = text.strip().lower().partition(":")
    if word == "random" and not level:
        return Seat("random")
    if word == "ai":
        try:
            return Seat("ai", parse_level(level) if level else NORMAL)
        except ValueError:
            pass
    raise ValueError(f"unknown player {text!r}: use {SEAT_WORDS}")


SEAT_WORDS = "ai, ai:easy, ai:normal, ai:hard or random"
