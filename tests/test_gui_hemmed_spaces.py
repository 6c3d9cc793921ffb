"""A hemmed space (every point deep enough for its stacks under a name, a small space's marker
or another space's centre) is found by asking its points of the names and markers near them,
listed once per space: the same spaces and the same places for their names' moves as when
every point is asked of all of them."""

from __future__ import annotations

from test_gui_piece_slots import spaces_of

from pacific.gui import small_spaces
from pacific.gui.piece_shapes import Box, Grid
from pacific.gui.small_spaces import hemmed_boxes, small_space_boxes


def every_box(grid: Grid, _area: Box) -> list[Box]:
    """All the grid's boxes, each once: a point asked of these is asked of every name."""
    return list(dict.fromkeys(box for bucket in grid.buckets.values() for box in bucket))


def test_the_hemmed_spaces_are_those_of_the_definition(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cases = [(spaces_of(seed), zoom) for seed in range(30) for zoom in (0.5, 1.0, 2.0)]
    keep_outs = [small_space_boxes(spaces, zoom, 18) for spaces, zoom in cases]
    made = [hemmed_boxes(spaces, zoom, 18, keep_out)
            for (spaces, zoom), keep_out in zip(cases, keep_outs, strict=True)]
    monkeypatch.setattr(Grid, "within", every_box)
    plain = [hemmed_boxes(spaces, zoom, 18, keep_out)
             for (spaces, zoom), keep_out in zip(cases, keep_outs, strict=True)]
    assert made == plain
    assert sum(map(len, made)) > 20  # (the cases hem some spaces in)


def test_the_names_are_listed_once_per_space_not_asked_per_point(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    asked: list[str] = []
    hits, within = Grid.hits, Grid.within

    def counted_hits(self: Grid, box: Box, but: Box | None = None) -> bool:
        asked.append("hits")
        return hits(self, box, but)

    def counted_within(self: Grid, box: Box) -> list[Box]:
        asked.append("within")
        return within(self, box)

    monkeypatch.setattr(Grid, "hits", counted_hits)
    monkeypatch.setattr(Grid, "within", counted_within)
    spaces = spaces_of(2)
    hemmed = hemmed_boxes(spaces, 0.5, 18, small_space_boxes(spaces, 0.5, 18))
    assert hemmed
    assert "hits" not in asked
    assert asked.count("within") <= len(spaces)
    assert small_spaces.hemmed_boxes is hemmed_boxes
