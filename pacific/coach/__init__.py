"""The coach: what the computer player at its strongest level would do next in this phase, and
why, with the odds of each attack and the enemy's likely answer. It asks the computer player
(`pacific.ai.ComputerPlayer`, through `choose`, as the window's computer seats do) and the
exact odds (`pacific.odds`); it never applies anything to the game it is asked about."""

from __future__ import annotations

from pacific.coach.advice import COACH_LEVEL, Advice, AttackOdds, Coach

__all__ = ["COACH_LEVEL", "Advice", "AttackOdds", "Coach"]
