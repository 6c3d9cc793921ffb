"""The event log's lines of a history's records: each event told in the active language, a
battle's luck after it, and a phase's placements in a space said on one line (R-PLACE-1).

The events and the save keep one placement per action; only the lines the log shows are
grouped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pacific.rules.board_map import BoardMap
from pacific.rules.events import UnitsChanged
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import describe_event
from pacific.text.events import placed_text


@dataclass
class LogLine:
    """A line of the log: its text, whether it starts a phase, and the records it tells of
    (``first`` and ``last`` counted from 1: the records up to the line's first and last)."""

    text: str
    bold: bool
    first: int
    last: int
    placed: tuple[Nation, str] | None = None   # a placement's nation and space
    units: list[tuple[UnitType, int]] = field(default_factory=list)


def story_lines(history: History, board: BoardMap, start: int, limit: int) -> list[LogLine]:
    """The lines of the records from ``start`` (an index) on, at most ``limit`` of the newest:
    consecutive placements (a phase's, as a phase's start is a line between them) grouped by
    nation and space, each space's line where its first placement stood."""
    records = history.records
    told: list[LogLine] = []
    # From the newest back, as many lines as the log keeps (a long game opened).
    for index in range(len(records) - 1, start - 1, -1):
        if len(told) >= limit:
            break
        before = records[index - 1].state if index else history.initial
        lines = []
        for event in records[index].events:
            line = LogLine(describe_event(event, board, before), event.kind == "phase_started",
                           index + 1, index + 1)
            if isinstance(event, UnitsChanged) and event.count > 0:
                line.placed = (event.nation, event.space)
                line.units = [(event.unit_type, event.count)]
            lines.append(line)
        # A battle that ended: its luck against its odds (pacific.story).
        if any(event.kind == "battle_ended" for event in records[index].events):
            # Imported here: the luck asks the odds, which the first paint does not need.
            from pacific.story.words import luck_line
            luck = luck_line(board, history.initial, records, index)
            if luck is not None:
                lines.append(LogLine(luck, False, index + 1, index + 1))
        told[:0] = lines
    return _grouped(told, board)[-limit:]


def _grouped(lines: list[LogLine], board: BoardMap) -> list[LogLine]:
    shown: list[LogLine] = []
    run: dict[tuple[Nation, str], LogLine] = {}   # the current run's line of each space
    for line in lines:
        if line.placed is None:
            run = {}
            shown.append(line)
            continue
        same = run.get(line.placed)
        if same is None:
            run[line.placed] = line
            shown.append(line)
            continue
        same.units.extend(line.units)
        same.first, same.last = min(same.first, line.first), max(same.last, line.last)
        nation, space = line.placed
        same.text = placed_text(nation, same.units, space, board)
    return shown
