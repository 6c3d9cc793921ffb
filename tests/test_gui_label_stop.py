"""A later label layout stops as soon as it can no longer be kept (`label_layout._Enough`):
every label stands where the layouts laid out to their end put it, after fewer searches."""

from __future__ import annotations

from typing import Any

import pytest

from pacific.gui import label_layout, label_search
from pacific.gui.geometry_cache import SceneGeometry
from pacific.gui.map_scene import MapScene
from pacific.rules.board_map import BoardMap


def places(plan: dict[str, label_search.Placement]) -> dict[str, tuple[object, ...]]:
    """Each label's exact place, variant, leader and whether it is hidden."""
    return {rid: (where.point.x(), where.point.y(), where.variant, where.leader, where.hidden)
            for rid, where in plan.items()}


# Map widths in pixels where a later layout hides as many labels as the best before it and
# none may follow it (the second, hiding more than `FEW_HIDDEN` territories, or the last).
@pytest.mark.parametrize("width", [1133, 1191])
def test_a_later_layout_that_cannot_be_kept_stops_with_the_same_places(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry,
        monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    scene = MapScene(pacific_board, pacific_geometry)
    frame = scene.sceneRect()
    requests = [scene._label_request(rid) for rid in scene.labels]
    scale = width / frame.width()
    searches: list[str] = []
    real = label_search._beside_spot

    def counting(req: label_search.LabelRequest, *args: Any) -> label_search.Placement | None:
        searches.append(req.region)
        return real(req, *args)

    monkeypatch.setattr(label_search, "_beside_spot", counting)  # (`label_search.find`'s)
    stopped = places(label_layout.place(requests, scale, frame))
    with_stop = len(searches)
    searches.clear()
    monkeypatch.setattr(label_layout._Enough, "reached", lambda _self, _hidden: False)
    to_the_end = places(label_layout.place(requests, scale, frame))
    assert stopped == to_the_end
    assert with_stop < len(searches)


def test_enough_is_reached_only_where_the_layout_can_no_longer_be_kept() -> None:
    """Hidden labels (territories, all) against the best layout's: more is enough; as many
    is enough when no layout may follow (the last, or more than `FEW_HIDDEN` territories)."""
    few = label_layout.FEW_HIDDEN
    enough = label_layout._Enough((few + 3, few + 9), last=False)
    assert not enough.reached((few + 2, few + 20))   # (fewer territories: it may be kept)
    assert not enough.reached((few + 3, few + 8))
    assert enough.reached((few + 3, few + 9))         # (as many: not kept, none follows)
    assert enough.reached((few + 4, few + 4))
    small = label_layout._Enough((2, 5), last=False)
    assert not small.reached((2, 5))  # (a third layout may follow a second this good)
    assert small.reached((2, 6)) and small.reached((3, 0))
    assert label_layout._Enough((2, 5), last=True).reached((2, 5))


def test_a_crowded_first_layout_is_not_made_again(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The map 560 pixels wide, without the small spaces' markers (as crowded as a 1024x700
    window's fit, 707 pixels, with them): the first layout hides more than `CROWDED`
    territories, and no second one is made (the whole map would choose again, as dear as
    the first, for one name at most)."""
    scene = MapScene(pacific_board, pacific_geometry)
    frame = scene.sceneRect()
    requests = [scene._label_request(rid) for rid in scene.labels]
    layouts: list[int] = []
    real = label_layout._place

    def counting(*args: Any, **kwargs: Any) -> label_layout.Placing:
        plan = yield from real(*args, **kwargs)
        layouts.append(sum(1 for req in requests if plan[req.region].hidden and req.rank <= 0))
        return plan

    monkeypatch.setattr(label_layout, "_place", counting)
    label_layout.place(requests, 560 / frame.width(), frame)
    assert layouts[0] > label_layout.CROWDED
    assert len(layouts) == 1
