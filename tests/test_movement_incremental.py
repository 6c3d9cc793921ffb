"""The incremental movement listing (issue 13) gives the very list a listing from scratch
gives, along seeded random games on the mini board and the real board, with refused actions
and undo in between (a listed state is then listed again, or an older one)."""

from __future__ import annotations

import random

import pytest
from scenario import board

from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.movement import incremental
from pacific.rules.phases import Phase

MOVEMENT = (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)


def _check_games(map_id: str, seeds: range, steps: int) -> int:
    game = Game(board(map_id))
    compared = 0
    for seed in seeds:
        rng = random.Random(seed)
        history = History(game, game.new_game(players=2 + seed % 2, seed=seed))
        for _ in range(steps):
            state = history.state
            if state.winner is not None:
                break
            legal = list(game.legal_actions(state))
            if state.phase in MOVEMENT and state.pending is None:
                with incremental.from_scratch():
                    fresh = list(game.legal_actions(state))
                assert legal == fresh, (seed, state.round, state.power, state.phase)
                compared += 1
            if history.can_undo() and rng.random() < 0.05:
                history.undo()
                continue
            ends = [a for a in legal if a.kind == "end_phase"]
            # Play only (edit mode is no choice of the game: Game.play_actions).
            play = [a for a in legal if a.kind != "edit_mode"]
            action = ends[0] if ends and rng.random() < 0.2 else rng.choice(play)
            history.apply(action)
    return compared


def test_incremental_listing_equals_a_fresh_one_on_the_mini_board() -> None:
    """R-MOVE-*: along random games every listing is the same as one from scratch."""
    assert _check_games("mini", range(1, 7), 220) > 200


@pytest.mark.parametrize("seed", [3, 4])
def test_incremental_listing_equals_a_fresh_one_on_the_real_board(seed: int) -> None:
    assert _check_games("pacific", range(seed, seed + 1), 160) > 40
