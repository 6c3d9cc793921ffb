"""Map labels at ordinary window sizes: at fit-to-window every label sits
on its region or just beside it, none overlaps another, a label with no room is shortened or
hidden, and a hidden one shows while the pointer is over its region."""

from __future__ import annotations

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent, QPainterPath, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_gui_battle_markers import on_another_territory
from test_gui_names_on_their_land import hidden_with_room
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.label_room import ring_offsets
from pacific.gui.label_search import NEAR
from pacific.gui.main_window import MainWindow
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_view import WHEEL_STEP
from pacific.rules.engine import Game

SIZES = [(1024, 700), (1300, 850), (1600, 960), (1920, 1080)]


@pytest.fixture(scope="module")
def window(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One window on the real board, resized to each size in turn (building it is slow)."""
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("labels"), game,
                       game.new_game(players=3, seed=4))
    yield win
    close_quietly(win)


def fitted(window: MainWindow, size: tuple[int, int]) -> float:
    window.resize(*size)
    QApplication.processEvents()
    window.fit_map()
    QApplication.processEvents()
    return window.view.scale_factor


def label_rect(window: MainWindow, rid: str, scale: float, margin: float = 0.0) -> QRectF:
    """A label's ink in scene units, grown by ``margin`` pixels."""
    label = window.board_scene.map.labels[rid]
    box = label.text_box()
    m = margin / scale
    p = label.pos()
    return QRectF(p.x() + box.left() / scale - m, p.y() + box.top() / scale - m,
                  box.width() / scale + 2 * m, box.height() / scale + 2 * m)


def distance_px(window: MainWindow, rid: str, scale: float) -> float:
    """Pixels between a label's ink and its region (0 when they touch), to 0.5 px. A region
    too small for a token has its one marker there and its name beside that: the marker
    counts as the region."""
    scene = window.board_scene.map
    shape = QPainterPath(scene.regions[rid].shape())
    marker = scene._keep_out.get(rid)
    if marker is not None:
        box = QPainterPath()
        box.addRect(QRectF(marker[0], marker[1], marker[2] - marker[0], marker[3] - marker[1]))
        shape = shape.united(box)
    lo, hi = 0.0, 400.0
    if shape.intersects(label_rect(window, rid, scale)):
        return 0.0
    while hi - lo > 0.5:
        mid = (lo + hi) / 2
        if shape.intersects(label_rect(window, rid, scale, mid)):
            hi = mid
        else:
            lo = mid
    return hi


@pytest.mark.parametrize("size", SIZES)
def test_every_label_sits_on_its_region_or_just_beside_it(window: MainWindow,
                                                          size: tuple[int, int]) -> None:
    scale = fitted(window, size)
    labels = window.board_scene.map.labels
    shown = [rid for rid, label in labels.items() if not label.hidden]
    far = {rid: d for rid in shown if (d := distance_px(window, rid, scale)) > NEAR + 0.5}
    assert far == {}, f"labels away from their regions at {size}: {far}"
    boxes = sorted((rid, label_rect(window, rid, scale)) for rid in shown)
    clashes = [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:]
               if ra.intersects(rb)]
    assert clashes == []
    hidden = sorted(rid for rid, label in labels.items() if label.hidden)
    territories = [rid for rid in hidden if not BOARD.is_sea(rid)]
    if size[0] < 1900:  # small territories of crowded China and the islands: their names
        # give way to the markers of the spaces too small for a token (those have no other
        # place; a hidden name shows while its region is hovered), to the territories
        # whose names a neighbour's name beside its own space would stand on, and to their
        # neighbours (a name over a neighbour's land reads as its: `label_lands`)
        share = {1024: 0.6, 1300: 0.35, 1600: 0.15}[size[0]]
        assert len(territories) <= share * len(BOARD.territories), territories
    capitals = [rid for rid in BOARD.capital_nation if labels[rid].hidden]
    assert capitals == [], "a capital's label is never hidden"


def test_no_name_is_hidden_at_full_hd_but_where_it_has_no_room(window: MainWindow) -> None:
    """At 1920x1080 every name shows but three small Chinese provinces' between their
    stacks, where a name on their land would stand over a neighbour's (`label_lands`):
    those show while hovered."""
    fitted(window, (1920, 1080))
    window.pieces.layout()
    QApplication.processEvents()
    hidden = sorted(rid for rid, label in window.board_scene.map.labels.items() if label.hidden)
    assert set(hidden) <= {"anhwe", "hunan", "kwangsi"}, hidden
    assert hidden_with_room(window) == []


def hover(window: MainWindow, point: QPointF) -> None:
    vp = window.view.viewport()
    pos = QPointF(window.view.mapFromScene(point))
    event = QMouseEvent(QEvent.Type.MouseMove, pos, QPointF(vp.mapToGlobal(pos)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)


def test_a_hidden_label_shows_while_its_region_is_hovered(window: MainWindow) -> None:
    fitted(window, SIZES[0])
    scene = window.board_scene.map
    hidden = [rid for rid, label in scene.labels.items() if label.hidden]
    assert hidden, "at 1024×700 some label has no room"
    rid = hidden[0]
    point = scene.regions[rid].label_point
    assert scene.region_at(point) == rid
    hover(window, point)
    shown = scene.hover_label
    assert shown is not None and shown.isVisible()
    # The name in one of its variants (the whole name unless none has room off the other
    # names and stacks: then shortened beside them, `Refit.hover`).
    assert shown.lines in [v.lines for v in scene.labels[rid].variants]
    assert shown.zValue() > max(item.zValue() for item in window.pieces.items.values())
    visible = [rid for rid, label in scene.labels.items() if not label.hidden]
    hover(window, scene.regions[visible[0]].label_point)
    assert not shown.isVisible()


def test_a_shortened_label_keeps_its_value(window: MainWindow) -> None:
    """Where the full name has no room the label says "PHIL. 3", not a bare name."""
    from pacific.gui.map_labels import short_name

    assert short_name("Philippines") == "PHIL."
    assert short_name("New South Wales") == "N.S.W."
    assert short_name("French Indo-China") == "F.I.C."
    assert short_name("Ryukyu Islands") == "RYUKYU IS."
    assert short_name("Manchuria") == "MANCH."
    assert short_name("Japan") == "JAPAN"
    scale = fitted(window, SIZES[1])
    scene = window.board_scene.map
    shortened = [rid for rid, label in scene.labels.items()
                 if not label.hidden and label.short is not None and label.index >= label.short
                 and label.variant.lines and not BOARD.is_sea(rid)]  # (not a star alone)
    assert shortened, f"at 1300×850 (scale {scale:.3f}) some name is shortened"
    for rid in shortened:
        text = " ".join(t for t, _, _ in scene.labels[rid].lines)
        ipc = BOARD.territory_by_id[rid].ipc
        assert text.startswith(short_name(BOARD.name(rid))), rid
        assert not ipc or text.endswith(str(ipc)), rid


def _crosses(a: QPointF, b: QPointF, box: QRectF) -> bool:
    """Does the segment from ``a`` to ``b`` pass through the inside of ``box``?"""
    t0, t1 = 0.0, 1.0
    dx, dy = b.x() - a.x(), b.y() - a.y()
    for p, q in ((-dx, a.x() - box.left()), (dx, box.right() - a.x()),
                 (-dy, a.y() - box.top()), (dy, box.bottom() - a.y())):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        t0, t1 = (max(t0, t), t1) if p < 0 else (t0, min(t1, t))
        if t0 >= t1:
            return False
    return True


def zoomed(window: MainWindow, size: tuple[int, int], zoom: float) -> None:
    fitted(window, size)
    if zoom != 1.0:
        window.view.zoom_by(zoom)
        window.view.centerOn(window.board_scene.centre_of("french_indo_china"))
    window.pieces.layout()
    QApplication.processEvents()


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_no_leader_line_crosses_another_name(window: MainWindow, size: tuple[int, int],
                                             zoom: float) -> None:
    """A leader line joins a name to its region: across another name it seems to point from
    that one (at 1024×700 sea zone 44's crossed "F.I.C.")."""
    zoomed(window, size, zoom)
    view = window.view
    shown = {rid: label for rid, label in window.board_scene.map.labels.items()
             if not label.hidden}
    corner = {rid: QPointF(view.mapFromScene(label.scenePos())) for rid, label in shown.items()}
    boxes = {rid: label.text_box().translated(corner[rid]) for rid, label in shown.items()}
    crossing = []
    for rid, label in shown.items():
        if label.leader is None:
            continue
        box, end = label.text_box(), label.leader
        start = QPointF(min(max(end.x(), box.left()), box.right()),
                        min(max(end.y(), box.top()), box.bottom()))
        crossing += [(rid, other) for other, ink in boxes.items() if other != rid and
                     _crosses(start + corner[rid], end + corner[rid],
                              ink.adjusted(0.5, 0.5, -0.5, -0.5))]
    assert crossing == []


# At fit to window (1024×700 and 1920×1080) tests/test_gui_battle_markers.py asks the same of
# the markers it has just placed: here only with the long checks (-m slow).
@pytest.mark.parametrize(("size", "zoom"), [
    pytest.param((1024, 700), 1.0, marks=pytest.mark.slow), ((1024, 700), 2.0),
    pytest.param((1920, 1080), 1.0, marks=pytest.mark.slow)])
def test_no_battle_marker_stands_on_another_territory(window: MainWindow,
                                                      size: tuple[int, int],
                                                      zoom: float) -> None:
    """A battle marker never stands on another territory's land (R-COMBAT-1: each space's
    battle is its own): beside Suiyuan's name it stood on the Soviet Union. A space too small
    for a token may have it at its own marker, the one place left."""
    zoomed(window, size, zoom)
    assert on_another_territory(window) == []


def _wheel(window: MainWindow, pos: QPointF) -> None:
    vp = window.view.viewport()
    event = QWheelEvent(pos, QPointF(vp.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                        QPoint(0, 120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, event)


def _shown(window: MainWindow) -> dict[str, tuple[int, bool, QPointF]]:
    """Every label shown: its variant, whether a leader line joins it, and its place."""
    return {rid: (label.index, label.leader is not None, label.pos())
            for rid, label in window.board_scene.map.labels.items() if not label.hidden}


def _ink(label: LabelItem, scale: float) -> QRectF:
    box, p = label.text_box(), label.pos()
    return QRectF(p.x() + box.left() / scale, p.y() + box.top() / scale,
                  box.width() / scale, box.height() / scale)


def _crowded(window: MainWindow, name: LabelItem, rid: str, scale: float) -> bool:
    """Is every place near ``rid``'s label point (`label_refit.HOVER_OFF_PIECES` rings) for
    its hovered name, in every variant, on another name or another space's stack?"""
    from pacific.gui import label_refit
    from pacific.gui.label_search import GAP, _extent

    scene = window.board_scene.map
    refit = label_refit.Refit(scene.labels, scene._label_request, scale, scene.sceneRect())
    pieces = window.pieces.boxes_off(rid, scale)
    room = refit.room(rid, {**scene._keep_out, **pieces})
    req = refit.request(rid)
    step = label_refit.HOVER_STEP / scale
    for v in range(len(req.variants)):
        e0, e1, e2, e3 = _extent(req.variants[v], scale, GAP)
        for dx, dy in ((0.0, 0.0), *ring_offsets(step, step, label_refit.HOVER_OFF_PIECES)):
            x, y = req.point.x() + dx, req.point.y() + dy
            if room((x + e0, y + e1, x + e2, y + e3)):
                return False
    return True


def test_a_fit_after_a_wheel_zoom_and_a_hovered_hidden_name(window: MainWindow) -> None:
    """Fit, two wheel steps around a point, fit again (Ctrl+0): the map is fitted at the first
    fit's scale with the first fit's labels. Then the pointer over each region whose name is
    hidden at this zoom: that name shows whole (with its symbols and marker), over no other
    name shown (sea zone 25's "25" drawn over "GUAM" read "GUA25")."""
    scale = fitted(window, SIZES[0])
    scene, view = window.board_scene.map, window.view
    first = _shown(window)
    for _step in range(2):
        _wheel(window, QPointF(250, 300))
        QTest.qWait(40)
    QTest.qWait(300)  # (the labels are laid out once the wheel pauses)
    assert view.scale_factor > scale * 1.2
    window.fit_map()
    QApplication.processEvents()
    assert view.scale_factor == scale and scene.label_scale == scale
    assert _shown(window) == first
    hidden = [rid for rid, label in scene.labels.items() if label.hidden]
    assert len(hidden) > 20  # (sea zone 25's among them once: its number now finds room)
    shown = {rid: _ink(label, scale) for rid, label in scene.labels.items() if not label.hidden}
    covered = []
    for rid in hidden:
        hover(window, scene.regions[rid].label_point)
        if scene._hovered != rid:
            continue  # (its label point under a neighbour's stack or island)
        name = scene.hover_label
        assert name is not None and name.isVisible()
        short = name.short if name.short is not None else len(name.variants)
        # (the name whole, or shortened where a whole one finds no room off the other names
        # and stacks: `Refit.hover`)
        assert name.index < short or short < len(name.variants)
        ink = _ink(name, scale).adjusted(0.01, 0.01, -0.01, -0.01)
        # (over another name or stack only where no place near the pointer is off both the
        # names and the other spaces' stacks, `Refit.hover`: Korea's, hidden at this zoom
        # rather than over Manchuria, between the Sea of Japan's stacks)
        if not _crowded(window, name, rid, scale):
            stacks = window.pieces.boxes_off(rid, scale).values()
            assert not any(ink.intersects(QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])))
                           for b in stacks), rid
            covered += [(rid, other) for other, box in shown.items() if ink.intersects(box)]
    assert covered == []
    hover(window, QPointF(scene.sceneRect().right() + 100, 0.0))


def _names_on_unnamed_land(window: MainWindow) -> list[tuple[str, str]]:
    """Each shown name with a leader line but a capital's, and each territory with a hidden
    name whose land its ink covers: there it names the wrong space."""
    scene = window.board_scene.map
    scale = scene.label_scale
    found = []
    for rid, label in scene.labels.items():
        if label.hidden or label.leader is None or rid in BOARD.capital_nation:
            continue
        ink = _ink(label, scale)
        found += [(rid, other) for other, name in scene.labels.items()
                  if other != rid and name.hidden and not BOARD.is_sea(other)
                  and scene.regions[other].path().intersects(ink)]
    return found


@pytest.mark.parametrize("notches", range(6))
def test_no_name_beside_its_space_stands_on_an_unnamed_territory(window: MainWindow,
                                                                 notches: int) -> None:
    """At 1024x700, two notches in from the fit, Shansi's name stood on Szechwan's land and
    Szechwan's name was hidden. (A capital's name, never hidden, keeps the place it chose
    first, R-VICTORY-1/3.)"""
    fitted(window, (1024, 700))
    if notches:
        window.view.zoom_by(WHEEL_STEP ** (120 * notches))
        QApplication.processEvents()
    assert window.board_scene.map.label_scale == window.view.scale_factor
    assert _names_on_unnamed_land(window) == []
    if notches == 2:  # (the case seen: China's capital named, Shansi's name not on it)
        assert not window.board_scene.map.labels["szechwan"].hidden


def test_an_island_groups_name_is_its_markers_caption(window: MainWindow) -> None:
    """At the 1024x700 fit the Hawaiian Islands (too small to see, their stacks merged into
    one marker on them) had their name up and to the right of the marker, in Sea Zone 7's
    water across the zone's border, as if naming something there. An island's name beside
    its marker is its caption where there is room: centred under (or over) it, the whole
    name, over no other name or stack."""
    scale = fitted(window, (1024, 700))
    window.pieces.layout()
    QApplication.processEvents()
    scene, view = window.board_scene.map, window.view
    label = scene.labels["hawaiian_islands"]
    assert not label.hidden and label.short is not None and label.index < label.short
    m = scene._keep_out["hawaiian_islands"]
    marker = QRectF(QPointF(view.mapFromScene(QPointF(m[0], m[1]))),
                    QPointF(view.mapFromScene(QPointF(m[2], m[3]))))
    name = label.text_box().translated(QPointF(view.mapFromScene(label.scenePos())))
    assert abs(name.center().x() - marker.center().x()) <= 1.0, (name, marker)
    gap = max(name.top() - marker.bottom(), marker.top() - name.bottom())
    assert 0.0 <= gap <= NEAR, (name, marker)
    ink = _ink(label, scale).adjusted(0.01, 0.01, -0.01, -0.01)
    stacks = window.pieces.boxes_off("hawaiian_islands", scale)
    assert [key for key, b in stacks.items()
            if ink.intersects(QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])))] == []
    assert [rid for rid, other in scene.labels.items() if rid != "hawaiian_islands" and
            not other.hidden and _ink(other, scale).intersects(ink)] == []
