"""The position before turn 1, built from a board's setup (R-SETUP-6..8, R-SETUP-14)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, cast

from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation, are_allied
from pacific.rules.state import GameState
from pacific.rules.units import CARRIER_CAPACITY, UnitType


def new_game(board: BoardMap, players: Literal[2, 3] = 3, seed: int = 0) -> GameState:
    """A new game at round 1, Japan's purchase phase, with every starting unit placed."""
    # Constructed, not validated: the three values are the caller's own and the rest are the
    # fields' defaults, and the state's validator (built on its first use, defer_build) need
    # not be built before a new game's window is painted; the first save or load builds it.
    given = {"map_id", "players", "seed"}
    state = GameState.model_construct(_fields_set=given, map_id=board.id, players=players,
                                      seed=seed, **_defaults(given))
    for t in board.territories:
        if t.owner is not None and not t.impassable:
            state.territory_owner[t.id] = t.owner
    for item in board.setup.units:
        for _ in range(item.count):
            state.add_unit(item.type, item.owner, item.space, start_space=item.space)
    _board_carriers(board, state)
    state.treasury = {n: board.setup.ipcs.get(n, 0) for n in Nation if n is not Nation.CHINA}
    state.victory_points = board.setup.victory_points
    state.kamikaze_tokens = board.setup.kamikaze_tokens
    state.owner_at_turn_start = dict(state.territory_owner)
    return state


def _defaults(given: set[str]) -> dict[str, Any]:
    """The state's other fields' defaults, as `model_construct` makes them. Its own way asks
    each default factory (``dict``, ``list``) whether it takes the validated data, by its
    signature: a built-in's is parsed with `tokenize`, whose regular expression is compiled
    then (about 0.01 s of the start, docs/performance.md). The state's factories take none."""
    defaults: dict[str, Any] = {}
    for name, field in GameState.model_fields.items():
        if name in given:
            continue
        factory = cast("Callable[[], object] | None", field.default_factory)
        defaults[name] = factory() if factory is not None else field.get_default()
    return defaults


def _board_carriers(board: BoardMap, state: GameState) -> None:
    """Starting fighters at sea stand on carriers there (R-CARRIER-1: two per carrier, the
    carrier's own nation's first, then an ally's). The map check guarantees there is room."""
    for zone in board.sea_zones:
        here = list(state.units_at(zone.id))
        carriers = [c for c in here if c.type is UnitType.CARRIER]
        for fighter in (f for f in here if f.type is UnitType.FIGHTER):
            candidates = sorted(
                (c for c in carriers if are_allied(c.owner, fighter.owner)
                 and len(state.cargo_of(c.id)) < CARRIER_CAPACITY),
                key=lambda c: (c.owner is not fighter.owner, c.id),
            )
            if candidates:
                state.unit(fighter.id).carried_by = candidates[0].id
