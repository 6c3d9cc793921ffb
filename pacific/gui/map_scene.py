"""MapScene: the whole board drawn from real geography (a QGraphicsScene over BoardMap + geometry).

The scene only draws: it never touches game state. The GUI places pieces
at `RegionItem.slots`, recolours with `set_control` and highlights legal destinations with
`RegionItem.set_highlight`. Shapes are vector paths in scene units (`pacific.board.projection`)
and cached per item (DeviceCoordinateCache), so a full repaint costs one blit per item; labels
and symbols ignore the view's zoom, so they stay readable at any scale.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPixmapCache
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
)

from pacific.gui import label_cache, label_lands, label_layout, label_refit, label_search
from pacific.gui import map_style as style
from pacific.gui.geometry_cache import SceneGeometry, scene_geometry
from pacific.gui.label_layout import Placing
from pacific.gui.map_items import (
    Z_LAND,
    Z_SEA,
    CoastItem,
    LinesItem,
    RegionItem,
)
from pacific.gui.map_labels import STAR_BOX, LabelItem, LabelVariants, Variant, label_variants
from pacific.gui.piece_shapes import Box, zoom_key
from pacific.gui.planned_labels import PlannedLabel, moving_off, planned, star_point
from pacific.gui.recent import Recent
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation

if TYPE_CHECKING:
    from pacific.board.geometry import MapGeometry

MAX_LABEL_PLANS = 32  # label layouts kept, one per zoom (a few kB each)
Z_HOVER_LABEL = 30.0  # a hidden label shown while hovered: over the pieces
# Item caches live in QPixmapCache (10 MB by default): a zoomed 1920x1080 map needs more, or
# big regions (the Soviet Union, the open Pacific) would be repainted from paths every frame.
PIXMAP_CACHE_KB = 192 * 1024

# The places left for the stacks of the spaces hemmed in by names, found from the labels as
# laid out (`MapScene.keep_labels_off`).
Hemmed = Callable[[Mapping[str, PlannedLabel]], Mapping[str, Sequence[Box]]]

# (the items are drawn with `map_items`; imported from here too)
__all__ = ["LinesItem", "MapScene", "RegionItem"]


def _plan_key(band: float, keep_out: Mapping[str, Box]) -> tuple[object, ...]:
    """A label layout's key: its band and what its labels keep off."""
    return (zoom_key(band), tuple(sorted(keep_out.items())))


class MapScene(QGraphicsScene):
    """Every territory and sea zone of ``board`` drawn from ``geometry``.

    ``territory_owner`` (territory id -> nation) and ``convoy_holder`` (sea zone id -> nation
    holding a convoy zone) default to the board's starting position.
    """

    def __init__(self, board: BoardMap, geometry: SceneGeometry | MapGeometry,
                 territory_owner: Mapping[str, Nation | None] | None = None,
                 convoy_holder: Mapping[str, Nation | None] | None = None) -> None:
        super().__init__()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.board = board
        if not isinstance(geometry, SceneGeometry):
            geometry = scene_geometry(geometry)
        self.geometry = geometry
        x, y, w, h = geometry.scene_rect
        self.setSceneRect(QRectF(x, y, w, h))
        self.setBackgroundBrush(QBrush(style.SEA))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.regions: dict[str, RegionItem] = {}
        self.labels: dict[str, LabelItem] = {}
        self._owner: dict[str, Nation | None] = {t.id: t.owner for t in board.territories}
        self._convoy: dict[str, Nation | None] = {}
        self._draw_neutral()
        for zone in board.sea_zones:
            self._add_region(zone.id, is_sea=True)
        for terr in board.territories:
            self._add_region(terr.id, is_sea=False)
        self._draw_coast()
        # (extent, hit area) of every land territory: sea zone numbers keep off them.
        self._land_shapes = [(self.regions[t.id].boundingRect(), self.regions[t.id].shape())
                             for t in self.board.territories]
        self._label_points = {rid: item.label_point for rid, item in self.regions.items()}
        # Where each capital's star apart from its name stands (scene), as last placed.
        self._stars: dict[str, QPointF] = {}
        self._label_scale: float | None = None
        self._label_band: float | None = None  # the zoom the labels were laid out for
        # The label layouts made, by zoom (`zoom_key`): zooming back to a zoom seen before
        # finds its layout made (see place_labels).
        self._label_plans: Recent[tuple[object, ...], dict[str, label_search.Placement]] = \
            Recent(MAX_LABEL_PLANS)
        self._label_requests: dict[str, label_search.LabelRequest] = {}
        self._keep_out: dict[str, Box] = {}  # what the labels keep clear of (place_labels)
        self._plan: dict[str, label_search.Placement] = {}  # the layout shown, and its key
        self._plan_key: tuple[object, ...] = ()
        # The layouts whose labels were kept off their regions' only places
        # (`keep_labels_off`), by key and the pieces' size: done once per layout.
        self._kept_off: Recent[tuple[object, ...], dict[str, label_search.Placement]] = \
            Recent(MAX_LABEL_PLANS)
        # The first layout is looked for on disk, and kept there (`label_cache`): a start in
        # a window of the last start's size lays no label out.
        self._first = label_cache.FirstLayout(geometry.digest)
        self._hovered: str | None = None
        # The other spaces' stacks shown, as scene boxes at a scale, that a hovered name
        # keeps off (the pieces' layer tells them: `PieceLayer.boxes_off`).
        self.piece_boxes: Callable[[str, float], dict[str, Box]] | None = None
        self.hover_label: LabelItem | None = None
        # Counts the labels' changes (a layout, a marker): what is placed beside a label
        # (a battle marker) is placed again only when it moved on.
        self.labels_version = 0
        self.set_control(territory_owner or {}, convoy_holder or {})

    # ---- building

    def _draw_neutral(self) -> None:
        neutral = self.geometry.regions.get("neutral")
        if neutral is None:
            return
        if self.geometry.detail:  # at the zoom's level of detail, its borders drawn apart
            lod = RegionItem(neutral, style.NEUTRAL_LAND, False, self._detail_of("neutral"),
                             self.geometry.tolerances())
            lod.setZValue(Z_LAND - 0.5)
            lod.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(lod)
            return
        item = QGraphicsPathItem(neutral.shape)
        item.setBrush(QBrush(style.NEUTRAL_LAND))
        pen = QPen(style.COAST, 0.6)
        pen.setCosmetic(True)
        item.setPen(pen)
        item.setZValue(Z_LAND - 0.5)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)

    def _detail_of(self, rid: str) -> Sequence[QPainterPath] | None:
        return self.geometry.level_shapes(rid) if self.geometry.detail else None

    def _draw_lines(self) -> None:
        """The coast (a dark line over the land's edge), the white borders between
        territories over the land, and the dashed borders between sea zones, each line once."""
        detail, tolerances = self.geometry.detail, self.geometry.tolerances()
        # Every line one pixel wide at most: Qt strokes a cosmetic pen of up to a pixel with
        # its fast line drawer, dashes included; a wider one goes through its general
        # stroker, three to six times slower. The coast goes over the land's edge, half on
        # the sea, half on the land, so that its one pixel shows whole.
        coast = QPen(style.COAST, 1.0)
        land = QPen(style.LAND_BORDER, 0.9)
        sea = QPen(style.SEA_BORDER, 1.0)
        sea.setStyle(Qt.PenStyle.DashLine)
        # The lines lie on the regions' edges: within the lands' extent, or the sea zones'.
        lands, seas = QRectF(), QRectF()
        for region in self.geometry.regions.values():
            if region.kind == "sea_zone":
                seas = seas.united(region.shape.boundingRect())
            else:
                lands = lands.united(region.shape.boundingRect())
        for pen, lines, bounds, z in (
                (coast, [lambda d=d: d.coast for d in detail], lands, Z_LAND + 0.25),
                (land, [lambda d=d: d.land_borders for d in detail], lands, Z_LAND + 0.5),
                (sea, [lambda d=d: d.sea_borders for d in detail], seas, Z_SEA + 0.5)):
            pen.setCosmetic(True)
            item = LinesItem(lines, tolerances, pen, bounds)
            item.setZValue(z)
            self.addItem(item)

    def _draw_coast(self) -> None:
        """A dark line under every land shape: on the coast half of it shows over the sea;
        between two territories the fills cover it and the white border remains."""
        if self.geometry.detail:
            self._draw_lines()
            return
        item = CoastItem([self.regions[t.id].path() for t in self.board.territories])
        item.setZValue(Z_LAND - 0.25)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)

    def _add_region(self, rid: str, is_sea: bool) -> None:
        region = self.geometry.regions[rid]
        item = RegionItem(region, self._base_fill(rid), is_sea, self._detail_of(rid),
                          self.geometry.tolerances())
        self.addItem(item)
        self.regions[rid] = item
        symbols = self._symbols(rid)
        label = LabelItem(symbols, label_variants(self.board, rid, bool(symbols)))
        label.setPos(item.label_point)
        self.addItem(label)
        self.labels[rid] = label

    def _symbols(self, rid: str) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        if self.board.is_sea(rid):
            zone = self.board.sea_zone_by_id[rid]
            if zone.convoy_center is not None:
                out.append(("convoy_centre", (zone.convoy_center.ipc, self._convoy.get(rid))))
            if zone.convoy_route is not None:
                out.append(("convoy_route", zone.convoy_route.nation))
            if zone.kamikaze:
                out.append(("kamikaze", None))
            return out
        terr = self.board.territory_by_id[rid]
        if rid in self.board.capital_nation:
            out.append(("capital", None))
        if terr.naval_base:
            out.append(("naval_base", None))
        if terr.air_base:
            out.append(("air_base", None))
        return out

    def _base_fill(self, rid: str) -> QColor:
        if self.board.is_sea(rid):
            zone = self.board.sea_zone_by_id[rid]
            return style.SEA_KAMIKAZE if zone.kamikaze else style.SEA
        terr = self.board.territory_by_id[rid]
        if terr.impassable:
            return style.IMPASSABLE
        owner = self._owner.get(rid, terr.owner)
        if owner is None:
            return style.IMPASSABLE
        # R-SETUP-11: the Dutch East Indies are light violet while their original owner holds them.
        if terr.dutch_east_indies and owner == terr.original_owner:
            return style.DUTCH_EAST_INDIES
        return style.NATION_COLOURS[owner]

    # ---- public API

    def set_control(self, territory_owner: Mapping[str, Nation | None],
                    convoy_holder: Mapping[str, Nation | None]) -> None:
        """Recolour after captures: territory id -> holder; convoy zone id -> holder (or None).

        A territory held by someone other than its original owner gets a control marker (the
        holder's roundel, with the original owner's emblem beside it). A marker that comes or
        goes changes its label's size: the label stays where it is when it fits there
        (`label_refit`), else the labels are laid out again at the last scale.
        """
        markers_before = {rid: label.marker for rid, label in self.labels.items()}
        self._owner.update(territory_owner)
        self._convoy.update(convoy_holder)
        for terr in self.board.territories:
            item = self.regions[terr.id]
            item.set_fill(self._base_fill(terr.id))
            owner = self._owner.get(terr.id)
            marker = None
            original = terr.original_owner
            if owner is not None and original is not None and owner != original:
                marker = (owner, original)
            self.labels[terr.id].set_marker(marker)
        for zone in self.board.sea_zones:
            if zone.convoy_center is not None:
                label = self.labels[zone.id]
                label.symbols = self._symbols(zone.id)
                label.update()
        changed = [rid for rid, label in self.labels.items()
                   if label.marker != markers_before[rid]]
        if changed:
            self.labels_version += 1
        if self._label_scale is not None and changed:
            self._refit_labels(self._label_scale, changed)

    def _refit_labels(self, scale: float, changed: list[str]) -> None:
        """The labels of ``changed`` (their markers came or went) fitted among the others
        where they stand (`label_refit`), or all laid out again when one has no room; the
        layouts kept for the zooms are dropped (their labels had the old sizes)."""
        for rid in changed:  # (their requests measured the old label)
            self._label_requests.pop(rid, None)
        fitted = label_refit.refit(self.labels, self._label_request, changed, scale,
                                   self.sceneRect(), self._keep_out)
        if fitted is None:
            self.place_labels(scale, force=True)
            return
        self._label_plans.clear()
        self._apply_plan(fitted, scale)

    @property
    def label_scale(self) -> float | None:
        """The scale the labels were last laid out for (pixels per scene unit), or None."""
        return self._label_scale

    def place_labels(self, scale: float, force: bool = False,
                     keep_out: Mapping[str, Box] | None = None,
                     band: float | None = None, pixels: float | None = None) -> bool:
        """Lay the labels out for a view showing the map at ``scale`` (pixels per scene unit)
        so that no two overlap, each over its own region or just beside it, shortened or
        hidden where there is no room (`pacific.gui.label_layout`), off ``keep_out`` (the
        small spaces' markers; those of the last call when None). The layout is made for
        ``band`` (`piece_shapes.layout_zoom`: at most ``scale``, so that the labels drawn at
        ``scale`` are smaller in the scene than laid out), or ``scale``; their leader lines
        are drawn for ``scale``. Nothing is done at the scale last laid out unless ``force``.
        ``pixels``: the pieces' size, when the labels are then kept off the places left for
        the stacks (`keep_labels_off`: the first layout is kept on disk as that leaves it).
        Returns True when any label moved or changed."""
        if keep_out is not None:
            self._keep_out = dict(keep_out)
        if not force and self._label_scale is not None and \
                abs(scale / self._label_scale - 1) < 1e-9 and keep_out is None:
            return False
        if band is None:
            band = self._label_band if force and self._label_band is not None else scale
        self._label_scale, self._label_band = scale, band
        if force:  # a control marker came or went: the labels' sizes changed
            self._label_plans.clear()
            self._label_requests.clear()
        key, plan = self._plan_for(band, self._keep_out, pixels)
        self._plan, self._plan_key = plan, key
        if plan is self._first.read_plan and pixels is not None:
            self._kept_off.put((key, pixels), plan)  # (as `keep_labels_off` left it)
        return self._apply_plan(plan, scale)

    def _plan_for(self, band: float, keep_out: Mapping[str, Box], pixels: float | None
                  ) -> tuple[tuple[object, ...], dict[str, label_search.Placement]]:
        """The label layout for ``band`` off ``keep_out``, made once (kept by both)."""
        key = _plan_key(band, keep_out)
        plan = self._label_plans.get(key)
        if plan is None:
            requests = [self._label_request(rid) for rid in self.labels]
            plan = self._layout(requests, band, keep_out, pixels)
            self._label_plans.put(key, plan)
        return key, plan

    def laying_out(self, band: float, keep_out: Mapping[str, Box], pixels: float | None = None
                   ) -> Placing:
        """Lay the labels out for ``band`` off ``keep_out`` ahead (`idle_bands`) a label at a
        time (`label_layout.placing`), kept where `place_labels` looks first unless a label's
        look changed meanwhile (its request made anew: `_refit_labels`); nothing shown moves.
        The scene's first layout is looked for on disk first (`_layout`)."""
        key = _plan_key(band, keep_out)
        if self._label_plans.get(key) is not None:
            return {}
        requests = [self._label_request(rid) for rid in self.labels]
        frame = self.sceneRect()
        plan = self._first.read(requests, band, frame, keep_out, pixels)
        if plan is None:
            plan = yield from label_layout.placing(requests, band, frame, dict(keep_out))
            self._first.made(plan, requests, band, keep_out)
        elif pixels is not None:  # (as `keep_labels_off` left it)
            self._kept_off.put((key, pixels), plan)
        if all(self._label_requests.get(req.region) is req for req in requests):
            self._label_plans.put(key, plan)
        return plan

    def kept(self, band: float, keep_out: Mapping[str, Box], pixels: float) -> bool:
        """Is ``band``'s layout off ``keep_out`` made, or the scene's first kept on disk by an
        earlier start for pieces ``pixels`` wide (read now: `_layout`)?"""
        key = _plan_key(band, keep_out)
        if self._label_plans.get(key) is None and not self._first.none_kept():
            requests = [self._label_request(rid) for rid in self.labels]
            plan = self._first.read(requests, band, self.sceneRect(), keep_out, pixels)
            if plan is not None:
                self._label_plans.put(key, plan)
        return self._label_plans.get(key) is not None

    def made(self, band: float, keep_out: Mapping[str, Box], pixels: float) -> bool:
        """Is ``band``'s layout off ``keep_out`` made and kept off (`keeping_off`)?"""
        plan = self._label_plans.get(key := _plan_key(band, keep_out))
        return plan is not None and self._kept_off.get((key, pixels)) is plan

    def planned(self, band: float, keep_out: Mapping[str, Box]
                ) -> dict[str, PlannedLabel] | None:
        """The labels as the layout made for ``band`` off ``keep_out`` (`laying_out`)
        places them, or None when none is made; nothing shown moves."""
        plan = self._label_plans.get(_plan_key(band, keep_out))
        return None if plan is None else self._planned(plan, band)

    def _planned(self, plan: Mapping[str, label_search.Placement], band: float
                 ) -> dict[str, PlannedLabel]:
        return planned(self.labels, plan, self._label_points, band)

    def labels_kept_off(self, pixels: float) -> bool:
        """Were the labels shown kept off their regions' only places (`keep_labels_off`) for
        pieces ``pixels`` wide?"""
        return self._kept_off.get((self._plan_key, pixels)) is self._plan

    def keep_labels_off(self, hemmed: Hemmed, pixels: float) -> bool:
        """Move each label of ``hemmed(labels)`` (scene boxes by region: the only places left
        for its stacks, `small_spaces.hemmed_boxes`, with the labels as laid out) off its
        region's marker at the first of its places where it finds room among the other
        labels where they stand (`planned_labels.moving_off`); a label with no room stays.
        The layout kept for this zoom keeps the moves (for pieces ``pixels`` wide:
        `labels_kept_off`). True when a label moved."""
        self._kept_off.put((self._plan_key, pixels), self._plan)
        moved = False
        if self._label_band is not None:
            fitted = label_layout.finish(
                self._moving_off(self._plan, self._label_band, self._keep_out, hemmed))
            self._plan.update(fitted)
            moved = bool(fitted) and \
                self._apply_plan(fitted, self._label_scale or self._label_band)
        self._first.kept_off(self._plan, pixels)
        return moved

    def keeping_off(self, band: float, keep_out: Mapping[str, Box], hemmed: Hemmed,
                    pixels: float) -> Iterator[None]:
        """`keep_labels_off` ahead (`idle_bands`), a label at a time, for the layout made for
        ``band`` off ``keep_out`` (`laying_out`), kept where `labels_kept_off` looks (unless
        the layout was dropped or kept off meanwhile); nothing shown moves."""
        key = _plan_key(band, keep_out)
        plan = self._label_plans.get(key)
        if plan is None or self._kept_off.get((key, pixels)) is plan:
            return
        fitted = yield from self._moving_off(plan, band, keep_out, hemmed)
        if self._label_plans.get(key) is plan and self._kept_off.get((key, pixels)) is not plan:
            self._kept_off.put((key, pixels), plan)
            plan.update(fitted)
            self._first.kept_off(plan, pixels)

    def _moving_off(self, plan: dict[str, label_search.Placement], band: float,
                    keep_out: Mapping[str, Box], hemmed: Hemmed) -> Placing:
        """The labels of ``plan`` moved off the places ``hemmed`` finds (`moving_off`)."""
        labels = self._planned(plan, band)
        return (yield from moving_off(labels, self._label_request, band, self.sceneRect(),
                                      keep_out, hemmed(labels), self._label_points))

    def _layout(self, requests: list[label_search.LabelRequest], band: float,
                keep_out: Mapping[str, Box], pixels: float | None = None
                ) -> dict[str, label_search.Placement]:
        """The labels laid out for ``band``, off ``keep_out``: the scene's first layout is read
        from the disk when an earlier start kept the same one, else laid out and kept
        (`label_cache.FirstLayout`).
        With ``pixels`` (the pieces' size), it is kept as `keep_labels_off` leaves it."""
        frame = self.sceneRect()
        plan = self._first.read(requests, band, frame, keep_out, pixels)
        if plan is None:
            plan = label_layout.place(requests, band, frame, keep_out)
            self._first.made(plan, requests, band, keep_out)
        return plan

    def _apply_plan(self, plan: Mapping[str, label_search.Placement], scale: float) -> bool:
        """Put the labels of ``plan`` where it says; True when any moved or changed."""
        changed = False
        for rid, where in plan.items():
            label = self.labels[rid]
            if where.hidden != label.hidden:
                label.hidden = where.hidden
                label.setVisible(not where.hidden)
                changed = True
            if where.hidden:
                continue
            # (a capital's star apart from its name stands at its leader line's end)
            anchor = where.star if where.star is not None else self.regions[rid].label_point
            leader = None
            if where.leader:
                leader = QPointF((anchor.x() - where.point.x()) * scale,
                                 (anchor.y() - where.point.y()) * scale)
            changed |= label.set_variant(where.variant, leader)
            self._stars[rid] = star_point(where, self._label_points[rid])
            if label.pos() != where.point:
                label.setPos(where.point)
                changed = True
        if changed:
            self.labels_version += 1
        self._show_hover_label(self._hovered)
        return changed

    def lone_stars(self) -> list[tuple[QPointF, QRectF]]:
        """The capitals' stars drawn apart from their names, as (scene point, pixel box): a
        token over one would hide the capital's mark (R-VICTORY-1/3)."""
        return [(QPointF(self._stars[rid]), QRectF(STAR_BOX))
                for rid, label in self.labels.items()
                if label.lone_star() is not None and rid in self._stars]

    def on_small_marker(self, rect: QRectF) -> bool:
        """Does ``rect`` (scene) overlap the marker of a space too small for a token (what
        the labels keep clear of, `place_labels`)?"""
        return any(rect.left() < b[2] and b[0] < rect.right() and rect.top() < b[3] and
                   b[1] < rect.bottom() for b in self._keep_out.values())

    def small_marker(self, rid: str) -> Box | None:
        """The marker of ``rid`` when it is too small for a token (scene box), else None."""
        return self._keep_out.get(rid)

    def _label_request(self, rid: str) -> label_search.LabelRequest:
        """``rid``'s label request, made once while its label's look stays (its outline
        tests and the points found inside it are kept with it)."""
        request = self._label_requests.get(rid)
        if request is None:
            request = self._label_requests[rid] = self._new_label_request(rid)
        return request

    def _new_label_request(self, rid: str) -> label_search.LabelRequest:
        item, label = self.regions[rid], self.labels[rid]
        marker = label.marker is not None
        boxes = tuple(label.box_of(variant, marker) for variant in label.variants)
        shape = item.shape()  # an island's encircling outline counts as the island
        if item.is_sea:
            # A sea zone's number sits on open water, not on an island in it.
            path = item.path()
            bounds = shape.boundingRect()
            lands = [(rect, land) for rect, land in self._land_shapes if rect.intersects(bounds)]

            def contains(p: QPointF) -> bool:
                return path.contains(p) and not any(
                    rect.contains(p) and land.contains(p) for rect, land in lands)
        else:
            def contains(p: QPointF) -> bool:
                return shape.contains(p)
        # Capitals choose first (R-VICTORY-1/3: the game turns on them), then territories, then
        # sea zones: a zone's number matters less (a drag shows where a move goes).
        rank = 1 if item.is_sea else -1 if rid in self.board.capital_nation else 0
        # (an island's own land, not the outline around its group: a name over the sea
        # between islands does not stand on one)
        land = None if item.is_sea else item.path().intersects
        # (a territory's name keeps off its neighbours' land; an island group inside its
        # outline is named by its marker, its zone's number giving way)
        known = None if item.is_sea else label_lands.lands_of(
            self.regions, [t.id for t in self.board.territories], self.geometry)
        astray = known.astray(rid) if known is not None else None
        zone = self.board.territory_by_id[rid].sea_zone if item.ringed else None
        # (the other spaces' first places, by x: a name's ink finds those across it at once)
        firsts = sorted((other.slots[0].x(), other.slots[0].y()) for oid, other in
                        self.regions.items() if oid != rid and other.slots) if zone else []
        xs = [x for x, _y in firsts]

        def on_slot(ink: QRectF) -> bool:
            top, bottom = ink.top(), ink.bottom()
            return any(top <= y <= bottom for _x, y in firsts[bisect_left(xs, ink.left()):
                                                               bisect_right(xs, ink.right())])

        return label_search.LabelRequest(rid, item.label_point, shape.boundingRect(),
                                         contains, boxes, shape.intersects, label.short, rank,
                                         land, label.stars(), label.alone, astray,
                                         sea=known.sea if known is not None else None, zone=zone,
                                         on_slot=on_slot if zone else None)

    # ---- a hidden label shows while the pointer is over its region

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseMoveEvent(event)
        region = self.region_at(event.scenePos())
        if region != self._hovered:
            self._show_hover_label(region, event.scenePos())

    def event(self, event: QEvent) -> bool:
        # The pointer left the map (for the panels, a menu, another window): no move comes to
        # hide the name shown for the space it was over, which stood over a neighbour's name.
        if event.type() == QEvent.Type.GraphicsSceneLeave and self._hovered is not None:
            self._show_hover_label(None)
        return super().event(event)

    def _show_hover_label(self, region: str | None, pointer: QPointF | None = None) -> None:
        """Show ``region``'s label over everything when the layout hid it (no room at this
        zoom), where it covers no other name (`label_refit.Refit.hover`); hide the one shown
        before."""
        self._hovered = region
        label = self.labels.get(region) if region is not None else None
        if region is None or label is None or not label.name_hidden:
            if self.hover_label is not None:
                self.hover_label.hide()
            return
        if self.hover_label is None:
            # Made at first use, so that it is not part of the static map layer.
            self.hover_label = LabelItem([], LabelVariants([Variant([])]))
            self.hover_label.setZValue(Z_HOVER_LABEL)
            self.addItem(self.hover_label)
        self.hover_label.copy_of(label)
        scale = self._label_scale
        if scale is None:
            self.hover_label.setPos(self.regions[region].label_point)
        else:
            # Off the names shown: over one it would read as a word of both.
            pieces = self.piece_boxes(region, scale) if self.piece_boxes is not None \
                else None
            where = label_refit.Refit(self.labels, self._label_request, scale,
                                      self.sceneRect()).hover(region, self._keep_out,
                                                              pointer, pieces)
            self.hover_label.set_variant(where.variant, None)
            self.hover_label.setPos(where.point)
        self.hover_label.show()

    def owner_of(self, territory: str) -> Nation | None:
        return self._owner.get(territory)

    def region_at(self, point: QPointF) -> str | None:
        """The territory or sea zone under a scene point (islands win over their sea zone)."""
        best: str | None = None
        for item in self.items(point):
            if isinstance(item, RegionItem) and item.region_id in self.regions:  # not neutral
                if not item.is_sea:
                    return item.region_id
                best = best or item.region_id
        return best

    def slot_points(self, region: str) -> tuple[QPointF, ...]:
        return self.regions[region].slots
