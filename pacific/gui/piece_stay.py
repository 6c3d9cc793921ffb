"""Which of a space's slots each of its stacks takes (`PieceLayer.layout`): a stack drawn
before keeps its place when another comes or goes, and a stack with cargo stands where the
card of its cargo icons, hanging below its footprint, covers no name (`Layout.card_clear`: a
sea zone's number just under the slot nearest it)."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from pacific.gui.piece_layout import Layout
from pacific.gui.stacks import StackKey


def card_slots(plan: Layout, space: str, want: int, slots: list[QPointF],
               cards: int) -> list[QPointF]:
    """``slots`` (the first ``want`` of ``space``'s in ``plan``) and, while fewer than
    ``cards`` of them leave their card room (`Layout.card_clear`), the space's next ones: at
    most one more for each stack with cargo. The slots asked are the same whatever stood
    before, so a layout made ahead of time asks what this one does (`layout_ahead`)."""
    asked = want
    while sum(map(plan.card_clear, slots)) < cards and asked < want + cards:
        asked += 1
        more = plan.slots(space, asked)
        if len(more) <= len(slots):
            break   # no more room in the space: a card may cover a name there
        slots = more
    return slots


def stay(keys: list[StackKey], points: list[QPointF], before: dict[StackKey, QPointF],
         slot_of: dict[StackKey, int], carded: set[StackKey],
         clear: list[bool]) -> list[QPointF]:
    """Which of ``points`` (a space's slots) each of ``keys`` takes: a stack drawn before
    at this zoom the one nearest where it stood, so that it keeps its place when another
    comes or goes; the others their own slot (``slot_of``) when free, else the first free.
    A stack of ``carded`` (its cargo drawn under it) takes only a slot whose card is
    ``clear`` while one is free. A stack's slot index follows it (``slot_of`` is updated)."""
    chosen: dict[int, int] = {}
    used: set[int] = set()

    def fits(n: int, i: int, strict: bool) -> bool:
        return i not in used and (not strict or keys[n] not in carded or clear[i])

    pairs = sorted(((was.x() - p.x()) ** 2 + (was.y() - p.y()) ** 2, n, i)
                   for n, key in enumerate(keys) if (was := before.get(key)) is not None
                   for i, p in enumerate(points))
    for strict in (True, False):
        for _distance, n, i in pairs:
            if n not in chosen and fits(n, i, strict):
                chosen[n] = i
                used.add(i)
    # (the stacks with cargo first: a slot whose card is clear is theirs before another's)
    for n in sorted(range(len(keys)), key=lambda n: keys[n] not in carded):
        if n in chosen:
            continue
        own = slot_of[keys[n]]
        for strict in (True, False):
            if own < len(points) and fits(n, own, strict):
                chosen[n] = own
                break
            free = [j for j in range(len(points)) if fits(n, j, strict)]
            if free:
                chosen[n] = free[0]
                break
        used.add(chosen[n])
    for n, key in enumerate(keys):
        slot_of[key] = chosen[n]
    return [points[chosen[n]] for n in range(len(keys))]
