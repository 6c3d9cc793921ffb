"""The event log's lines of a history's records: each event told in the active language, a
battle's luck after it, a phase's placements in a space said on one line (R-PLACE-1), and
the landings of one amphibious assault on one line (R-AMPH-1).

The events and the save keep one placement and one ship's landing per action; only the lines
the log shows are grouped. A move is told before what it took on its way (a territory or a
convoy zone captured on entry, R-CAPTURE-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pacific.rules.board_map import BoardMap
from pacific.rules.events import UnitsChanged, count_units
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import describe_event
from pacific.text.events import landed_text, placed_text
from pacific.text.telling import assault_landing, told_order
from pacific.text.units import owned


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
    landed: str | None = None   # the territory of an amphibious assault's landing
    cargo: list[tuple[Nation, UnitType]] = field(default_factory=list)   # landed, one a unit
    # Told after an assault's landing in the same phase: another ship's landing may still
    # join that line, so the log tells this one again with the records that follow.
    after_landing: bool = False

    @property
    def joined(self) -> bool:
        """May the records that follow change this line (placements, an assault's landing)?
        The log tells it again with them."""
        return self.placed is not None or self.after_landing


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
        for event in told_order(records[index].events):
            line = LogLine(describe_event(event, board, before), event.kind == "phase_started",
                           index + 1, index + 1)
            if isinstance(event, UnitsChanged) and event.count > 0:
                line.placed = (event.nation, event.space)
                line.units = [(event.unit_type, event.count)]
            elif (landing := assault_landing(event, before)) is not None:
                line.landed, line.cargo = landing
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
    # The phase's line of each assault: every ship's landing there is told on it.
    assaults: dict[str, LogLine] = {}
    for line in lines:
        if line.bold:
            assaults = {}
        line.after_landing = bool(assaults) or line.landed is not None
        if line.landed is not None:
            first = assaults.setdefault(line.landed, line)
            if first is not line and line.cargo and first.cargo:
                first.cargo.extend(line.cargo)
                first.first, first.last = min(first.first, line.first), \
                    max(first.last, line.last)
                first.text = landed_text(owned(count_units(first.cargo)), len(first.cargo),
                                         line.landed, True, board)
                continue
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
