"""A space's slots are its candidates, nearest its label first, whose marker is off every
label, the slots found and the other spaces' centres: `Layout` asks the labels of the few
boxes near the space's candidates, found once per space, and finds the slots the plain
definition (every candidate asked of the whole grid of labels) finds."""

from __future__ import annotations

import random
from array import array

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.piece_layout import Layout
from pacific.gui.piece_shapes import Grid, SpaceShape


class PlainLayout(Layout):
    """`Layout` with its slots found by the definition, a candidate at a time."""

    def _extend(self, space: str, count: int) -> None:
        known = self._slots.get(space, [])
        if len(known) >= count or space in self._full:
            return
        spots, r, h, a = self.spaces[space].spots, self.inside, self.half, self.apart
        i = self._next.get(space, 0)
        while i < len(spots):
            x, y = spots[i], spots[i + 1]
            if spots[i + 2] >= r and not self.labels.hits((x - h, y - h, x + h, y + h)) and \
                    not self.taken.hits((x - a, y - a, x + a, y + a)) and \
                    not self._on_a_centre(space, x, y):
                self._take(space, x, y)
                if len(self._slots[space]) >= count:
                    break
            i += 3
        self._next[space] = i + 3
        if i >= len(spots):
            self._full.add(space)
        if space not in self._slots:
            self._take(space, *self._best_spot(space))


def spaces_of(seed: int) -> dict[str, SpaceShape]:
    """Twenty spaces side by side, their candidates nearest their label first, most of the
    nearest under a label (theirs or a neighbour's)."""
    rng = random.Random(seed)
    out = {}
    for n in range(20):
        cx, cy = (n % 5) * 60.0 + rng.uniform(0, 10), (n // 5) * 40.0 + rng.uniform(0, 10)
        points = [(cx + rng.uniform(-40, 40), cy + rng.uniform(-25, 25), rng.uniform(4, 40))
                  for _ in range(rng.randrange(0, 80))]
        points.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
        labelled = rng.random() < 0.8
        out[f"s{n}"] = SpaceShape(
            array("f", [v for p in points for v in p]), QPointF(cx, cy) if labelled else None,
            QRectF(-rng.uniform(20, 70), -rng.uniform(6, 14), rng.uniform(40, 140),
                   rng.uniform(12, 28)) if labelled else QRectF(),
            holds_units=rng.random() < 0.9, centre=QPointF(cx + 3, cy + 2))
    return out


def test_the_slots_are_those_of_the_definition() -> None:
    for seed in range(30):
        spaces = spaces_of(seed)
        for zoom in (0.5, 1.0, 2.0):
            made, plain = Layout(spaces, zoom, 18), PlainLayout(spaces, zoom, 18)
            assert made.first == plain.first, (seed, zoom)
            for sid in spaces:  # (more slots, found as they are asked for)
                assert made.slots(sid, 4) == plain.slots(sid, 4), (seed, zoom, sid)


def test_the_labels_are_asked_once_per_space_not_per_candidate(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    asked: list[object] = []
    hits = Grid.hits

    def counted(self: Grid, box: object, but: object = None) -> bool:
        asked.append(self)
        return hits(self, box, but)  # type: ignore[arg-type]

    monkeypatch.setattr(Grid, "hits", counted)
    # (at this zoom every space finds a slot: none looks for the least bad candidate, which
    # asks the labels of each)
    made = Layout(spaces_of(3), 2.0, 18)
    assert all(made.first.slots.values())
    assert sum(1 for grid in asked if grid is made.labels) <= len(made.spaces)
