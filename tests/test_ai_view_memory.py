"""The computer player's distance tables live with their board: a process that plays game
after game, each on a board loaded afresh (`benchmarks/ai.py`, a player starting new games in
one window), must not keep every board it ever saw."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from pacific.ai.view import distances
from pacific.rules.files.mapfile import load_board

MAP = Path(__file__).resolve().parents[1] / "maps" / "pacific"


def test_distances_are_kept_once_per_board() -> None:
    board = load_board(MAP)
    assert distances(board) is distances(board)
    # A second board of the same map gets its own tables, never another board's.
    other = load_board(MAP)
    assert distances(other) is not distances(board)
    assert distances(other).board is other


def test_a_board_no_longer_used_is_freed_with_its_distances() -> None:
    board = load_board(MAP)
    tables = distances(board)
    assert tables.sea  # built
    gone = weakref.ref(board)
    del board, tables
    gc.collect()
    assert gone() is None
