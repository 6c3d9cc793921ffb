"""`refused(game, state, action)`: assert that an action is refused and changed nothing."""

from __future__ import annotations

import pytest
from scenario import snapshot

from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.state import GameState


def refused(game: Game, state: GameState, action: object, rule: str) -> IllegalAction:
    """Apply ``action``, expect IllegalAction citing ``rule`` in its id and its message, and
    check that ``state`` is byte-for-byte unchanged and why_illegal agrees."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action)  # type: ignore[arg-type]
    assert info.value.rule == rule, info.value.message
    assert f"({rule})" in info.value.message
    assert snapshot(state) == before
    probe = game.why_illegal(state, action)  # type: ignore[arg-type]
    assert probe is not None and probe.rule == rule
    return info.value
