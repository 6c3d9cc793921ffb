"""Games played at random for the story tests: the same self-play as benchmarks/save_load.py
(one time in twenty the player ends the phase when it can, otherwise a random action of
`Game.play_actions`, so that the game lasts)."""

from __future__ import annotations

import random

from pacific.rules.engine import Game
from pacific.rules.history import History


def self_play(game: Game, actions: int, seed: int) -> History:
    rng = random.Random(seed)
    history = History(game, game.new_game(players=3, seed=seed))
    while len(history.records) < actions and history.state.winner is None:
        legal = list(game.play_actions(history.state))
        ends = [a for a in legal if a.kind == "end_phase"]
        history.apply(ends[0] if ends and rng.random() < 0.05 else rng.choice(legal))
    return history
