"""The game turn by turn: one sample of the position at the end of each power's turn (and one
at the start), with what the charts show per power: production and treasury, Japan's victory
points, the value of the units on the board, the territories held, the battles won and lost
so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pacific.rules.board_map import BoardMap
from pacific.rules.history import Record
from pacific.rules.nations import Power, power_of
from pacific.rules.queries import production_report
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.story.luck import BattleLuck


@dataclass(frozen=True)
class TurnSample:
    """The position after ``records`` actions: the end of ``power``'s turn of ``round`` (the
    start of the game when ``records`` is 0)."""

    records: int
    round: int
    power: Power
    production: dict[Power, int]
    treasury: dict[Power, int]
    victory_points: int
    board_value: dict[Power, int]
    territories: dict[Power, int]
    battles_won: dict[Power, int]
    battles_lost: dict[Power, int]


def board_value(state: GameState) -> dict[Power, int]:
    """The IPC cost of each power's units on the board. Industrial complexes are left out:
    they are never lost in battle (R-COMBAT-6), so they would only hide the armies' swings."""
    value = dict.fromkeys(Power, 0)
    for unit in state.units.values():
        if unit.type is not UnitType.INDUSTRIAL_COMPLEX:
            value[power_of(unit.owner)] += UNIT_SPECS[unit.type].cost
    return value


def territories_held(state: GameState) -> dict[Power, int]:
    held = dict.fromkeys(Power, 0)
    for owner in state.territory_owner.values():
        held[power_of(owner)] += 1
    return held


def production(board: BoardMap, state: GameState) -> dict[Power, int]:
    """Each power's production: its nations' levels, and for Great Britain the British
    Convoy marker (R-CONVOY-2)."""
    report = production_report(board, state)
    levels = dict.fromkeys(Power, 0)
    for nation, level in report.levels.items():
        levels[power_of(nation)] += level
    levels[Power.UK] += report.british_convoys
    return levels


def treasury(state: GameState) -> dict[Power, int]:
    money = dict.fromkeys(Power, 0)
    for nation, ipcs in state.treasury.items():
        money[power_of(nation)] += ipcs
    return money


def turn_ends(initial: GameState, records: Sequence[Record]) -> list[tuple[int, int, Power]]:
    """Where each power's turn ends: (the number of records, the round, the power). A turn
    ends with the action that hands the game to the next power (income collected, R-INCOME-1);
    the game's last turn ends with its last record."""
    ends: list[tuple[int, int, Power]] = []
    before = initial
    for i, record in enumerate(records):
        state = record.state
        if state.round != before.round or state.power is not before.power:
            ends.append((i + 1, before.round, before.power))
        before = state
    if records and (not ends or ends[-1][0] != len(records)):
        ends.append((len(records), before.round, before.power))
    return ends


def sample_turns(board: BoardMap, initial: GameState, records: Sequence[Record],
                 battles: Sequence[BattleLuck]) -> list[TurnSample]:
    """A sample at the start and at the end of each power's turn."""
    samples = [_sample(board, initial, 0, initial.round, initial.power, battles)]
    for end, round_, power in turn_ends(initial, records):
        samples.append(_sample(board, records[end - 1].state, end, round_, power, battles))
    return samples


def _sample(board: BoardMap, state: GameState, records: int, round_: int, power: Power,
            battles: Sequence[BattleLuck]) -> TurnSample:
    won = dict.fromkeys(Power, 0)
    lost = dict.fromkeys(Power, 0)
    for battle in battles:
        if battle.end >= records:
            break
        for p in (battle.attacker, *battle.defenders):
            result = battle.won_by(p)
            if result is True:
                won[p] += 1
            elif result is False:
                lost[p] += 1
    return TurnSample(records=records, round=round_, power=power,
                      production=production(board, state), treasury=treasury(state),
                      victory_points=state.victory_points, board_value=board_value(state),
                      territories=territories_held(state), battles_won=won, battles_lost=lost)
