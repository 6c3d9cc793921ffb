"""`label_room.Room.blocked` answers, for a whole grid of points at once, what asking the
room point by point answers: the layout's search and the refits trust either, and the same
label places come of both. Leader lines ending on the outer edges of the points' boxes, or just
beyond them, are the cases a quick pass over a line's extent could get wrong."""

from __future__ import annotations

import random

import pytest

from pacific.gui.label_room import Room
from pacific.gui.piece_shapes import Box, Grid


def random_room(rnd: random.Random) -> tuple[Room, list[float], list[float], Box]:
    """A room with labels and leader lines, and a grid of points with a label's box."""
    room = Room(Grid(rnd.uniform(2, 6)), (0.0, 0.0, 40.0, 40.0) if rnd.random() < 0.5
                 else None)
    for _ in range(rnd.randrange(0, 12)):
        x, y = rnd.uniform(0, 40), rnd.uniform(0, 40)
        room.add((x, y, x + rnd.uniform(0.5, 5), y + rnd.uniform(0.5, 3)))
    for k in range(rnd.randrange(0, 8)):
        room.leaders[f"far {k}"] = (rnd.uniform(-10, 50), float(rnd.randrange(-10, 50)),
                                    float(rnd.randrange(-10, 50)), rnd.uniform(-10, 50))
    step = rnd.choice([1.0, 1.5, 2.0, rnd.uniform(0.5, 3)])
    xs = [5 + i * step for i in range(rnd.randrange(1, 15))]
    ys = [5 + j * step for j in range(rnd.randrange(1, 15))]
    kept = (-rnd.uniform(0.5, 3), -rnd.uniform(0.5, 2), rnd.uniform(0.5, 3), rnd.uniform(0.5, 2))
    edges_x = [xs[0] + kept[0], xs[-1] + kept[2]]
    edges_y = [ys[0] + kept[1], ys[-1] + kept[3]]

    def edge(edges: list[float]) -> float:
        return rnd.choice(edges) + rnd.choice([0.0, 0.0, -1e-3, 1e-3, -0.2, 0.2])

    for k in range(rnd.randrange(0, 6)):
        x0 = edge(edges_x) if rnd.random() < 0.7 else rnd.uniform(-10, 50)
        y0 = edge(edges_y) if rnd.random() < 0.7 else rnd.uniform(-10, 50)
        x1 = edge(edges_x) if rnd.random() < 0.5 else x0 + rnd.uniform(-5, 5)
        y1 = edge(edges_y) if rnd.random() < 0.5 else y0 + rnd.uniform(-5, 5)
        room.leaders[f"edge {k}"] = (x0, y0, x1, y1)
    return room, xs, ys, kept


@pytest.mark.parametrize("first", range(0, 300, 100))
def test_the_grid_s_answers_are_the_points_answers(first: int) -> None:
    wrong = []
    for seed in range(first, first + 100):
        room, xs, ys, kept = random_room(random.Random(seed))
        blocked = room.blocked(xs, ys, kept)
        for j, y in enumerate(ys):
            for i, x in enumerate(xs):
                free = room((x + kept[0], y + kept[1], x + kept[2], y + kept[3]))
                if bool(blocked[j * len(xs) + i]) == free:
                    wrong.append((seed, i, j))
    assert not wrong


def test_labels_added_at_once_are_the_labels_added_one_by_one() -> None:
    """`Room.add_all` (a refit's room of every label shown) fills the same buckets, in the
    same order, as adding the labels one by one."""
    rnd = random.Random(11)
    for _ in range(50):
        cell = rnd.uniform(1, 8)
        boxes = []
        for _ in range(rnd.randrange(0, 40)):
            x, y = rnd.uniform(-20, 60), rnd.uniform(-20, 60)
            boxes.append((x, y, x + rnd.uniform(0, 15), y + rnd.uniform(0, 9)))
        one, every = Room(Grid(cell)), Room(Grid(cell))
        for box in boxes:
            one.add(box)
        every.add_all(iter(boxes))
        assert dict(every.grid.buckets) == dict(one.grid.buckets)
        assert dict(every.names.buckets) == dict(one.names.buckets)
