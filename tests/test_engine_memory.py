"""The engine keeps no state at module level: what makes listing fast belongs to the `Game`
(its `Memory`), so two games never share answers, and one game asked from two threads (the
computer player thinks on a worker thread while the window lists) gives each the listing a
game remembering nothing gives."""

from __future__ import annotations

import importlib
import pkgutil
import random
import threading
from copy import copy
from types import ModuleType
from typing import Any

from scenario import board

import pacific.rules
from pacific.rules import registry
from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

MOVEMENT = (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)
_CONTAINERS = (dict, list, set, bytearray)


def _movement_states(game: Game, seed: int, wanted: int) -> list[GameState]:
    """Positions of a seeded random game in movement phases, a move made now and then."""
    rng = random.Random(seed)
    state = game.new_game(players=3, seed=seed)
    found: list[GameState] = []
    while len(found) < wanted and state.winner is None:
        actions = list(game.play_actions(state))
        if state.phase in MOVEMENT and state.pending is None:
            found.append(state)
        ends = [a for a in actions if a.kind == "end_phase"]
        others = [a for a in actions if a.kind != "end_phase"]
        action = ends[0] if ends and (not others or rng.random() < 0.3) else rng.choice(others)
        state = game.apply(state, action)[0]
    return found


def _rules_modules() -> list[ModuleType]:
    modules = [pacific.rules]
    for info in pkgutil.walk_packages(pacific.rules.__path__, "pacific.rules."):
        modules.append(importlib.import_module(info.name))
    return modules


def _module_containers() -> dict[tuple[str, str], Any]:
    """Every dict, list, set or bytearray a module of `pacific.rules` holds at its top level,
    as a shallow copy."""
    return {(module.__name__, name): copy(value)
            for module in _rules_modules() for name, value in vars(module).items()
            if type(value) in _CONTAINERS}


def test_listing_and_playing_change_nothing_at_module_level() -> None:
    """Tables at module level are filled when the modules are imported and only read later:
    a game listed and played on leaves every one as it was."""
    game = Game(board("mini"))
    state = game.new_game(players=3, seed=3)
    # Anything built on first use, built: the registry too, whose areas register on the first
    # listing that needs them (a new game's first answer, the convoy split, needs one area
    # only; run alone, this file would see the others register and sort later).
    registry.complete()
    list(game.legal_actions(state))
    before = _module_containers()
    for state in _movement_states(Game(board("mini")), seed=4, wanted=12):
        list(game.legal_actions(state))
        game.drop_targets(state, [u.id for u in state.units.values()][:1])
    changed = sorted(key for key, value in _module_containers().items()
                     if key not in before or before[key] != value)
    assert changed == []


def test_two_threads_listing_one_game_each_get_the_listing_made_from_scratch() -> None:
    """Two threads list positions of one game in turn on the same `Game`, each position after
    the other thread's: each listing equals the one a game remembering nothing makes."""
    game = Game(board("mini"))
    states = _movement_states(Game(board("mini")), seed=5, wanted=16)
    assert len(states) == 16
    expected = [list(Game(game.board, remember=False).legal_actions(s)) for s in states]
    found: dict[int, list[list[Action]]] = {0: [], 1: []}
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def work(which: int) -> None:
        try:
            start.wait()
            for _ in range(3):
                found[which].extend(list(game.legal_actions(s)) for s in
                                    (states if which == 0 else states[::-1]))
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(which,)) for which in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert found[0] == expected * 3
    assert found[1] == expected[::-1] * 3
