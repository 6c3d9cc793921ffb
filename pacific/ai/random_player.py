"""The random player: a yardstick for the computer player (first target). It picks
uniformly among the legal actions, and now and then ends the phase so that games move on (the
habit of the random self-play tests)."""

from __future__ import annotations

import random

from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.state import GameState

# How often the phase is ended when it may be: without it a random player would wander for
# hundreds of moves in every movement phase.
END_PHASE_CHANCE = 0.25


class RandomPlayer:
    """Chooses among `Game.legal_actions` with its own seeded generator (deterministic for a
    given seed and position sequence)."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """A listed action.

        Raises:
            RuntimeError: nothing is legal (the game is over).
        """
        actions = list(self.game.legal_actions(state))
        if not actions:
            raise RuntimeError("no legal action: the game is over")
        ends = [a for a in actions if a.kind == "end_phase"]
        if ends and (len(actions) == 1 or self._rng.random() < END_PHASE_CHANCE):
            return ends[0]
        others = [a for a in actions if a.kind != "end_phase"] or actions
        return self._rng.choice(others)
