"""Helpers for the combat tests: start phase 4 on a scenario, play scripted actions, and end
phase 4 checking the books (`end_combat`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase
from pacific.rules.combat.start import start_combat
from pacific.rules.dice import FixedDice
from pacific.rules.economy.control import british_convoy_level, production_level
from pacific.rules.engine import Game
from pacific.rules.events import DiceRolled, Event
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.registry import Context
from pacific.rules.state import GameState
from pacific.rules.units import UnitType


def begin_combat(game: Game, state: GameState) -> GameState:
    """Enter phase 4 as the engine does after combat movement (runs the on_enter hook)."""
    work = state.model_copy(deep=True)
    work.phase = Phase.COMBAT
    start_combat(Context(board=game.board, state=work, dice=FixedDice([])))
    return work


def japan_in_burma() -> tuple[Game, GameState]:
    """Phase 4: 3 Japanese infantry have come from Siam into Burma, where 2 Indian infantry
    and an artillery defend; the battle is not chosen yet."""
    from scenario import scenario, u

    from pacific.rules.nations import Power

    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "2 infantry india, 1 artillery india",
                               "siam": "3 infantry japan"})
    for uid in u(st, "siam", "infantry", Nation.JAPAN):
        st.units[uid].space = "burma"
    came(st, u(st, "burma", "infantry", Nation.JAPAN), "siam", "burma")
    return game, begin_combat(game, st)


def came(state: GameState, unit_ids: Sequence[int], *path: str) -> None:
    """Record that units moved along ``path`` this turn (what movement writes in phase 3)."""
    for uid in unit_ids:
        unit = state.units[uid]
        unit.path = list(path)
        unit.start_space = path[0]
        unit.combat_moved = True


def moved_in(state: GameState, unit_ids: Sequence[int], *path: str) -> None:
    """Units that moved along ``path`` this turn, standing at its end (`came`, and there)."""
    came(state, unit_ids, *path)
    for uid in unit_ids:
        state.units[uid].space = path[-1]


def play(game: Game, state: GameState, actions: Sequence[Action],
         dice: Sequence[int]) -> tuple[GameState, list[Event], list[list[int]]]:
    """Apply ``actions`` in order with one list of scripted dice, which must all be used.
    Returns the state, every event, and the dice of each roll in order."""
    fixed = FixedDice(dice)
    events: list[Event] = []
    for action in actions:
        state, new = game.apply(state, action, fixed)
        events.extend(new)
    assert fixed.remaining == 0, f"{fixed.remaining} scripted dice unused"
    rolls = [list(e.values) for e in events if isinstance(e, DiceRolled)]
    return state, events, rolls


def hit_values(events: Sequence[Event]) -> list[tuple[int | None, int]]:
    """Each roll among ``events``: the number its dice must not exceed, and how many dice."""
    return [(e.hit_on, len(e.values)) for e in events if isinstance(e, DiceRolled)]


def production(game: Game, state: GameState) -> dict[str, int]:
    """Every nation's production level, and the British convoy marker, from control."""
    levels = {n.value: production_level(game.board, state, n) for n in Nation}
    levels["british_convoy"] = british_convoy_level(game.board, state)
    return levels


def shift(game: Game, start: GameState, gainer: Nation, loser: Nation, *territories: str
          ) -> dict[str, int]:
    """Production levels once ``territories`` pass from ``loser`` to ``gainer``: each one's
    IPC value moves across the chart (R-CAPTURE-13); China has no level (R-CHINA-1)."""
    levels = production(game, start)
    value = sum(game.board.territory_by_id[t].ipc for t in territories)
    for nation, sign in ((gainer, 1), (loser, -1)):
        if nation is not Nation.CHINA:
            levels[nation.value] += sign * value
    return levels


def pieces_follow_control(state: GameState) -> None:
    """Every AA gun and factory on land belongs to its territory's controller, and a gun in a
    territory that changed hands this turn is marked captured (R-CAPTURE-5, R-CAPTURE-6,
    R-SETUP-15)."""
    for unit in state.units.values():
        if unit.type in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX) and \
                unit.carried_by is None and unit.space in state.territory_owner:
            assert unit.owner is state.territory_owner[unit.space], (unit, "R-CAPTURE-5")
            taken = unit.type is UnitType.AA_GUN and \
                state.owner_at_turn_start.get(unit.space) is not unit.owner
            assert unit.captured_this_turn == taken, (unit, "R-CAPTURE-6")


def end_combat(game: Game, start: GameState, state: GameState, *,
               owners: Mapping[str, Nation] | None = None,
               convoys: Mapping[str, Nation | None] | None = None,
               ipcs: Mapping[Nation, int] | None = None,
               levels: Mapping[str, int] | None = None,
               vp: int = 0) -> GameState:
    """End phase 4 through the engine (refused while a battle is open, R-COMBAT-2) and check
    the books against ``start``, the position before the test's first action:

    - control: every territory as in ``start`` but ``owners`` (R-CONTROL-6), every convoy zone
      as in ``start`` but ``convoys`` (zone → holder, None: back to its original controller);
    - captured pieces: every AA gun and factory belongs to its territory's controller, and an
      AA gun in a territory that changed hands is marked captured (R-CAPTURE-5, R-CAPTURE-6);
    - treasuries: as in ``start`` plus ``ipcs`` (nation → change: R-CAPITAL-3, R-SBR-4);
    - production: every level as in ``start`` but ``levels`` (see `production`);
    - victory points: as in ``start`` plus ``vp``.

    Returns the state in phase 5."""
    after, _ = game.apply(state, EndPhase(), FixedDice([]))
    assert after.phase is Phase.PRODUCTION_CHART
    expected = {**start.territory_owner, **(owners or {})}
    changed = {t: (expected.get(t), o) for t, o in after.territory_owner.items()
               if expected.get(t) is not o}
    assert changed == {}, f"control (expected, found): {changed}"
    holders = dict(start.convoy_holder)
    for zone, holder in (convoys or {}).items():
        if holder is None:
            holders.pop(zone, None)
        else:
            holders[zone] = holder
    assert after.convoy_holder == holders
    pieces_follow_control(after)
    money = {n: start.treasury.get(n, 0) + (ipcs or {}).get(n, 0)
             for n in {*start.treasury, *(ipcs or {})}}
    assert {n: after.treasury.get(n, 0) for n in money} == money
    assert production(game, after) == {**production(game, start), **(levels or {})}
    assert after.victory_points == start.victory_points + vp
    return after
