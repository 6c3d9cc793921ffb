"""`reachable` and the movement listers as a whole ("perft"-like checks, as chess engines test their
move generators): every destination returned is accepted by the engine, every path the engine
accepts ends at a returned destination, and random sequences of listed actions keep the movement
invariants."""

from __future__ import annotations

import random
from itertools import pairwise, product

import pytest
from scenario import scenario, u

from pacific.rules.actions.movement import Move
from pacific.rules.board_map import BoardMap
from pacific.rules.dice import SeededDice
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.movement import reachable
from pacific.rules.movement.check import check_move
from pacific.rules.movement.listers import stacks
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, Domain, is_land, is_sea

CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE
CASES = list(product([Power.JAPAN, Power.UK, Power.US], [CM, NCM]))


def walks(board: BoardMap, start: str, length: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    level = [(start,)]
    for _ in range(length):
        level = [(*p, n) for p in level for n in sorted(board.neighbours[p[-1]])]
        out.extend(level)
    return out


def accepted(board: BoardMap, state: GameState, move: Move) -> bool:
    try:
        check_move(board, state, move)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(("power", "phase"), CASES)
def test_every_destination_is_accepted(power: Power, phase: Phase) -> None:
    game, state = scenario(power=power, phase=phase)
    for stack in stacks(state):
        ids = [x.id for x in stack]
        for space, dest in reachable(game.board, state, ids).items():
            assert game.why_illegal(state, dest.action) is None, (ids, space, dest)
            after, _ = game.apply(state, dest.action, SeededDice(1))
            survivors = [i for i in ids if i in after.units]
            assert {after.units[i].space for i in survivors} <= {space, dest.path[-2]}


@pytest.mark.parametrize(("power", "phase"), CASES)
def test_every_accepted_path_ends_at_a_destination(power: Power, phase: Phase) -> None:
    """Walks up to the allowance (3 for ships, for naval bases; 4 for aircraft) along every
    adjacent chain; any the checks accept must end at a destination `reachable` returns."""
    game, state = scenario(power=power, phase=phase)
    for stack in stacks(state):
        first = stack[0]
        if first.carried_by is not None:
            continue
        ids = tuple(x.id for x in stack)
        dests = reachable(game.board, state, ids)
        spec = UNIT_SPECS[first.type]
        length = 3 if is_sea(first.type) else min(spec.move, 4)
        landings: list[str | None] = [None]
        if spec.domain is Domain.AIR and phase is CM:
            landings += [z.id for z in game.board.sea_zones]
        for path in walks(game.board, first.space, length):
            for landing in landings:
                if accepted(game.board, state, Move(units=ids, path=path, landing=landing)):
                    assert path[-1] in dests, (ids, path, landing)
                    break


@pytest.mark.parametrize(("power", "phase"), CASES)
def test_every_listed_action_is_legal(power: Power, phase: Phase) -> None:
    game, state = scenario(power=power, phase=phase)
    actions = [a for a in game.legal_actions(state) if a.kind != "end_phase"]
    assert actions
    for action in actions:
        assert game.why_illegal(state, action) is None, action.describe()


def check_invariants(game: Game, before: GameState, after: GameState) -> None:
    board = game.board
    for unit in after.units.values():
        if unit.carried_by is not None:
            # Cargo stays with its ship (R-TRANS-3).
            assert unit.space == after.units[unit.carried_by].space
        elif is_land(unit.type):
            assert board.is_land(unit.space)
        if is_sea(unit.type):
            assert board.is_sea(unit.space)
        assert unit.moves_used <= max(UNIT_SPECS[unit.type].move, 3)
        old = before.units.get(unit.id)
        if old is not None and old.space != unit.space:
            # It moved along adjacent spaces it recorded (R-MOVE-3).
            trail = [old.space, *unit.path[len(old.path):]]
            assert trail[-1] == unit.space
            assert all(board.adjacent(a, b) for a, b in pairwise(trail))


@pytest.mark.parametrize("seed", range(6))
def test_random_movement_keeps_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    power = [Power.JAPAN, Power.UK, Power.US][seed % 3]
    game, state = scenario(power=power, phase=CM, seed=seed)
    for phase in (CM, NCM):
        state.phase = phase
        for _ in range(12):
            actions = [a for a in game.legal_actions(state) if a.kind != "end_phase"]
            if not actions or state.pending is not None:
                break
            action = rng.choice(actions)
            after, _ = game.apply(state, action, SeededDice(seed, state.dice_drawn))
            check_invariants(game, state, after)
            state = after


def test_reachable_of_an_unknown_or_scattered_group_is_empty() -> None:
    game, state = scenario()
    assert reachable(game.board, state, [9999]) == {}
    spread = u(state, "japan", "infantry")[:1] + u(state, "korea", "infantry")[:1]
    assert reachable(game.board, state, spread, CM) == {}
