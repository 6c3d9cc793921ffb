"""The event log's lines of a turn's last phases: China's infantry (R-CHINA-2), units bought
that no industrial complex could take (R-PLACE-1), and phase 8's (R-RESET-1): the submarines
surfaced, each battleship repaired by its owner and place (a repair may be of another nation's
battleship, far from the battles of the turn)."""

from __future__ import annotations

from collections import Counter

from pacific.rules.board_map import BoardMap
from pacific.rules.economy.events import (
    ChinaInfantryAllotted,
    PurchasesForfeited,
    UnitsRestored,
)
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.events import _describes, _say, _with_rule
from pacific.text.grammar import fill
from pacific.text.language import N_, Nn_, gettext, ngettext
from pacific.text.names import nation_name, unit_count
from pacific.text.values import place_text


@_describes(ChinaInfantryAllotted)
def _china(event: ChinaInfantryAllotted, board: BoardMap, before: GameState | None) -> str:
    if event.territories is None:
        return _say(N_("China receives no infantry this turn: {space} is not Chinese"), board,
                    space=board.chinese_infantry_placement or "")
    template = N_("China receives {units}: {territories} territories with an IPC value, +1 "
                  "for the open Burma Road") if event.burma_road else \
        N_("China receives {units}: {territories} territories with an IPC value; the Burma "
           "Road is closed")
    return _say(template, board, units=unit_count(UnitType.INFANTRY, event.count),
                territories=event.territories)


_FORFEITED = Nn_("{nation} loses {count} unit bought this turn: no industrial complex could "
                 "take it", "{nation} loses {count} units bought this turn: no industrial "
                 "complex could take them")


@_describes(PurchasesForfeited)
def _forfeited(event: PurchasesForfeited, board: BoardMap, before: GameState | None) -> str:
    return _with_rule(ngettext(*_FORFEITED, event.count).format(
        nation=nation_name(event.nation), count=event.count), "R-PLACE-1")


_ORDER = list(Nation)
_REPAIRED = Nn_("{nation}: {count} battleship repaired in {space}",
                "{nation}: {count} battleships repaired in {space}")


def _repairs(event: UnitsRestored, board: BoardMap, before: GameState | None) -> list[str]:
    """Each owner's battleships repaired in each place, when ``before`` has them all (a log
    written before the event told them names none)."""
    ids = event.repaired_units
    if before is None or not ids or any(i not in before.units for i in ids):
        return []
    counts = Counter((before.units[i].owner, before.units[i].space) for i in ids)
    return [fill(ngettext(*_REPAIRED, count), {
        "count": count, "nation": nation_name(owner), "space": place_text(space, board)})
        for (owner, space), count in sorted(counts.items(),
                                            key=lambda c: (_ORDER.index(c[0][0]), c[0][1]))]


@_describes(UnitsRestored)
def _restored(event: UnitsRestored, board: BoardMap, before: GameState | None) -> str:
    if not event.surfaced and not event.repaired:
        return gettext("No submarine to surface, no battleship to repair")
    submarines = unit_count(UnitType.SUBMARINE, event.surfaced)
    repairs = _repairs(event, board, before)
    if repairs:
        surfaced = [fill(gettext(N_("{submarines} surfaced")), {"submarines": submarines})] \
            if event.surfaced else []
        return "; ".join(surfaced + repairs)
    # (only what the phase did: no "0 battleships repaired")
    template = N_("{submarines} surfaced, {battleships} repaired") \
        if event.surfaced and event.repaired else \
        N_("{submarines} surfaced") if event.surfaced else N_("{battleships} repaired")
    return fill(gettext(template), {
        "submarines": submarines, "battleships": unit_count(UnitType.BATTLESHIP, event.repaired)})
