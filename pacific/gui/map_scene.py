"""MapScene: the whole board drawn from real geography (a QGraphicsScene over BoardMap + geometry).

The scene only draws: it never touches game state (STYLE.md habit 8). The GUI places pieces
at `RegionItem.slots`, recolours with `set_control` and highlights legal destinations with
`RegionItem.set_highlight`. Shapes are vector paths in scene units (`pacific.board.projection`)
and cached per item (DeviceCoordinateCache), so a full repaint costs one blit per item; labels
and symbols ignore the view's zoom, so they stay readable at any scale.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmapCache,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui import label_layout
from pacific.gui import map_style as style
from pacific.gui.geometry_cache import RegionPaths, SceneGeometry, scene_geometry
from pacific.rules.board import BoardMap
from pacific.rules.nations import Nation

if TYPE_CHECKING:
    from pacific.board.geometry import MapGeometry

HighlightKind = Literal["none", "legal", "illegal", "hover"]

Z_SEA, Z_LAND, Z_LABEL = 0.0, 1.0, 10.0
# Item caches live in QPixmapCache (10 MB by default): a zoomed 1920x1080 map needs more, or
# big regions (the Soviet Union, the open Pacific) would be repainted from paths every frame.
PIXMAP_CACHE_KB = 192 * 1024


class RegionItem(QGraphicsPathItem):
    """One territory or sea zone: its fill, border, island outline and highlight."""

    def __init__(self, region: RegionPaths, fill: QColor, is_sea: bool) -> None:
        super().__init__(region.shape)
        self.region_id = region.id
        self.is_sea = is_sea
        self.slots: tuple[QPointF, ...] = tuple(QPointF(x, y) for x, y in region.slots)
        self.label_point = QPointF(*region.label) if region.label else QPointF()
        self._outline_path = region.outline
        self._hit_path = region.hit_area
        self.highlight: HighlightKind = "none"
        self.setZValue(Z_SEA if is_sea else Z_LAND)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(False)
        self.set_fill(fill)
        # The rulebook's white borders, for sea zones and land territories alike; the dark
        # coastline is drawn underneath by MapScene (see _draw_coast).
        border = style.SEA_BORDER if is_sea else style.LAND_BORDER
        pen = QPen(border, 1.2 if is_sea else 0.9)
        pen.setCosmetic(True)
        if is_sea:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)

    def set_fill(self, colour: QColor) -> None:
        self._fill = QColor(colour)
        self.setBrush(QBrush(self._fill))
        self.update()

    def fill(self) -> QColor:
        return QColor(self._fill)

    def set_highlight(self, kind: HighlightKind) -> None:
        """Tint the region: "legal", "illegal", "hover" or "none".

        Raises:
            ValueError: for an unknown kind.
        """
        if kind not in style.HIGHLIGHTS:
            raise ValueError(f"unknown highlight {kind!r}")
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def shape(self) -> QPainterPath:  # hit-testing: the island outline counts
        return self._hit_path

    def boundingRect(self) -> QRectF:
        return self._hit_path.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._outline_path is not None:
            # The encircling outline of an island group: clickable and visible at any zoom.
            # R-SETUP-10: an island territory is ringed by a white line.
            ring = QPen(style.ISLAND_RING, 1.6)
            ring.setCosmetic(True)
            painter.setPen(ring)
            # A wash of the owner's colour: reads as the owner's at a glance (brown for the
            # Japanese mandates, blue for Wake) while the real islands stay visible on it.
            tint = QColor(self._fill)
            tint.setAlpha(170)
            painter.setBrush(QBrush(tint))
            painter.drawPath(self._outline_path)
        painter.setPen(self.pen())
        painter.setBrush(self.brush())
        painter.drawPath(self.path())
        colour = style.HIGHLIGHTS[self.highlight]
        if colour is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(colour))
            painter.drawPath(self._hit_path)


Lines = list[tuple[str, float, bool]]  # (text, pixel size, bold), top to bottom
# A way to write a label: its lines, and whether the symbols follow the text on its one row
# (the most compact form, for cramped places) instead of sitting in a row under it.
Variant = tuple[Lines, bool]
MARKER_R = 7.0  # the control marker's radius, in pixels
SYMBOL_STEP = 18.0  # pixels from one symbol to the next in a row under the text ...
INLINE_STEP = 15.0  # ... and after the text on its row


class LabelItem(QGraphicsItem):
    """A region's name, IPC value and symbols, drawn in screen pixels at its label point.

    ``variants`` are the ways to write it, best first (smaller fonts, two-line names, the
    symbols beside the text); the scene's label placement (`MapScene.place_labels`) picks one
    and may move the label off its region, with a leader line back to it (``leader``, in
    pixels from the label)."""

    def __init__(self, lines: Lines, symbols: list[tuple[str, object]],
                 marker: tuple[Nation, Nation | None] | None = None,
                 variants: list[Variant] | None = None) -> None:
        super().__init__()
        self.variants: list[Variant] = variants or [(lines, False)]
        self.lines = lines
        self.inline = False
        self.symbols = symbols
        self.marker = marker
        self.leader: QPointF | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(Z_LABEL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        rect = self.text_box().adjusted(-4, -4, 4, 4)
        if self.leader is not None:
            rect = rect.united(QRectF(self.leader, self.leader).adjusted(-4, -4, 4, 4))
        return rect

    def _name_width(self, lines: Lines) -> float:
        return max((QFontMetricsF(style.label_font(size, bold)).horizontalAdvance(text)
                    for text, size, bold in lines), default=0.0)

    def _text_left(self, lines: Lines, inline: bool) -> float:
        """Where the text's ink starts, left of the label point."""
        if inline:
            return -(self._name_width(lines) + 4 + len(self.symbols) * INLINE_STEP) / 2
        return -self._name_width(lines) / 2 - 2

    def box_of(self, variant: Variant, marker: bool) -> QRectF:
        """The ink of the label written as ``variant``: the name and value lines, the
        symbols and, with ``marker``, the control marker left of the text."""
        lines, inline = variant
        total = sum(size for _, size, _ in lines)
        if inline:
            width = self._name_width(lines) + 4 + len(self.symbols) * INLINE_STEP
            height = max(total, 16.0 if self.symbols else 0.0)
            box = QRectF(-width / 2, -height / 2, width, height)
        else:
            width = max(self._name_width(lines) + 4, len(self.symbols) * SYMBOL_STEP)
            bottom = total / 2 + (16 if self.symbols else 0)
            box = QRectF(-width / 2, -total / 2, width, total / 2 + bottom)
        if marker:
            box.setLeft(min(box.left(), self._text_left(lines, inline) - 2 * MARKER_R - 3))
            box.setTop(min(box.top(), -total / 2))
            box.setBottom(max(box.bottom(), -total / 2 + 2 * MARKER_R + 4))
        return box

    def text_box(self) -> QRectF:
        """The part of the label that ink covers, in pixels around the label point (pieces
        are laid out clear of it, and labels clear of each other)."""
        return self.box_of((self.lines, self.inline), self.marker is not None)

    def set_variant(self, index: int, leader: QPointF | None) -> bool:
        """Write the label as variant ``index`` with an optional leader line; True if that
        changed anything."""
        lines, inline = self.variants[index]
        if lines == self.lines and inline == self.inline and leader == self.leader:
            return False
        self.prepareGeometryChange()
        self.lines, self.inline = lines, inline
        self.leader = leader
        self.update()
        return True

    def set_marker(self, marker: tuple[Nation, Nation | None] | None) -> None:
        if marker != self.marker:
            self.prepareGeometryChange()
            self.marker = marker
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self.leader is not None:
            self._paint_leader(painter)
        total = sum(size for _, size, _ in self.lines)
        text_left = self._text_left(self.lines, self.inline)
        x_text = text_left + self._name_width(self.lines) / 2 + 2 if self.inline else 0.0
        y = -total / 2
        for text, size, bold in self.lines:
            style.draw_halo_text(painter, QPointF(x_text, y + size / 2), text,
                                 style.label_font(size, bold))
            y += size
        if self.inline:
            x, sy, step = x_text + self._name_width(self.lines) / 2 + 2 + INLINE_STEP / 2, 0.0, \
                INLINE_STEP
        else:
            x, sy, step = -(len(self.symbols) - 1) * SYMBOL_STEP / 2, y + 8, SYMBOL_STEP
        for kind, arg in self.symbols:
            self._paint_symbol(painter, QPointF(x, sy), kind, arg)
            x += step
        if self.marker is not None:
            holder, original = self.marker
            left = text_left - MARKER_R - 2
            top = -total / 2 + MARKER_R
            style.draw_roundel(painter, QPointF(left, top), MARKER_R, holder)
            if original is not None:
                style.draw_roundel(painter, QPointF(left + 6, top + 7), 4, original)

    @staticmethod
    def _paint_symbol(painter: QPainter, centre: QPointF, kind: str, arg: object) -> None:
        if kind == "capital":
            style.draw_star(painter, centre, 7)
        elif kind == "naval_base":
            style.draw_anchor(painter, centre, 6)
        elif kind == "air_base":
            style.draw_plane(painter, centre, 6)
        elif kind == "kamikaze":
            style.draw_kamikaze(painter, centre, 5)
        elif kind == "convoy_centre":
            assert isinstance(arg, tuple)
            style.draw_convoy_centre(painter, centre, 7, int(arg[0]), arg[1])
        elif kind == "convoy_route":
            style.draw_convoy_route(painter, centre, 5, arg)  # type: ignore[arg-type]

    def _paint_leader(self, painter: QPainter) -> None:
        """A thin line from the label's edge to its (tiny) region, with a dot at the end."""
        assert self.leader is not None
        box = self.text_box()
        end = self.leader
        start = QPointF(min(max(end.x(), box.left()), box.right()),
                        min(max(end.y(), box.top()), box.bottom()))
        painter.setPen(QPen(style.HALO, 3))
        painter.drawLine(start, end)
        painter.setPen(QPen(style.TEXT, 1))
        painter.drawLine(start, end)
        painter.setBrush(QBrush(style.TEXT))
        painter.drawEllipse(end, 1.8, 1.8)


class CoastItem(QGraphicsItem):
    """The coastline: every territory's outline stroked in the dark coast colour.

    Each path is stroked on its own: stroking all of them merged into one path took Qt's
    rasterizer half a second at fit-to-window zoom, one by one it takes a few tens of ms.
    """

    def __init__(self, paths: list[QPainterPath]) -> None:
        super().__init__()
        self.paths = paths
        self._bounds = QRectF()
        for path in paths:
            self._bounds = self._bounds.united(path.boundingRect())
        self._bounds.adjust(-2, -2, 2, 2)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(style.COAST, 2.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path in self.paths:
            painter.drawPath(path)


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
        self._label_scale: float | None = None
        self.set_control(territory_owner or {}, convoy_holder or {})

    # ---- building

    def _draw_neutral(self) -> None:
        neutral = self.geometry.regions.get("neutral")
        if neutral is None:
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

    def _draw_coast(self) -> None:
        """A dark line under every land shape: on the coast half of it shows over the sea;
        between two territories the fills cover it and the white border remains."""
        item = CoastItem([self.regions[t.id].path() for t in self.board.territories])
        item.setZValue(Z_LAND - 0.25)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)

    def _add_region(self, rid: str, is_sea: bool) -> None:
        region = self.geometry.regions[rid]
        item = RegionItem(region, self._base_fill(rid), is_sea)
        self.addItem(item)
        self.regions[rid] = item
        variants = self._label_variants(rid)
        label = LabelItem(variants[0][0], self._symbols(rid), variants=variants)
        label.setPos(item.label_point)
        self.addItem(label)
        self.labels[rid] = label

    def _label_variants(self, rid: str) -> list[Variant]:
        """The ways to write a region's label, best first: full size, then (for cramped
        places at the overview zoom) the name on two lines, a smaller font, and last the
        name, value and symbols on one row."""
        has_symbols = bool(self._symbols(rid))
        if self.board.is_sea(rid):
            number = str(self.board.sea_zone_by_id[rid].number)
            out: list[Variant] = [([(number, 15, True)], False), ([(number, 12, True)], False)]
            if has_symbols:
                out.append(([(number, 12, True)], True))
            return out
        terr = self.board.territory_by_id[rid]
        name = terr.names.en.upper()
        names = [[name]]
        words = name.split()
        if len(words) > 1:
            # Break where the two lines come out most even.
            cut = min(range(1, len(words)), key=lambda k: abs(
                len(" ".join(words[:k])) - len(" ".join(words[k:]))))
            names.append([" ".join(words[:cut]), " ".join(words[cut:])])
        value = str(terr.ipc) if terr.ipc else ""
        out = []
        for name_size, value_size in ((11, 13), (9, 11), (8, 9)):
            for parts in names:
                lines: Lines = [(part, name_size, True) for part in parts]
                if value:
                    lines.append((value, value_size, True))
                out.append((lines, False))
            if name_size < 11 and (has_symbols or value):
                out.append(([(f"{name} {value}".strip(), name_size, True)], True))
        return out

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
        goes changes its label's size, so the labels are laid out again at the last scale.
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
        markers_after = {rid: label.marker for rid, label in self.labels.items()}
        if self._label_scale is not None and markers_after != markers_before:
            self.place_labels(self._label_scale)

    def place_labels(self, scale: float) -> bool:
        """Lay the labels out for a view showing the map at ``scale`` (pixels per scene unit)
        so that no two overlap, each over its own region or beside it with a leader line
        (`pacific.gui.label_layout`). Returns True when any label moved or changed."""
        self._label_scale = scale
        requests = [self._label_request(rid) for rid in self.labels]
        plan = label_layout.place(requests, scale, self.sceneRect())
        changed = False
        for rid, where in plan.items():
            label = self.labels[rid]
            anchor = self.regions[rid].label_point
            leader = None
            if where.leader:
                leader = QPointF((anchor.x() - where.point.x()) * scale,
                                 (anchor.y() - where.point.y()) * scale)
            changed |= label.set_variant(where.variant, leader)
            if label.pos() != where.point:
                label.setPos(where.point)
                changed = True
        return changed

    def _label_request(self, rid: str) -> label_layout.LabelRequest:
        item, label = self.regions[rid], self.labels[rid]
        marker = label.marker is not None
        boxes = tuple(label.box_of(variant, marker) for variant in label.variants)
        if item.is_sea:
            # A sea zone's number sits on open water, not on an island in it.
            path = item.path()

            def contains(p: QPointF) -> bool:
                return path.contains(p) and not any(
                    rect.contains(p) and shape.contains(p) for rect, shape in self._land_shapes)
        else:
            shape = item.shape()  # an island's encircling outline counts as the island

            def contains(p: QPointF) -> bool:
                return shape.contains(p)
        return label_layout.LabelRequest(rid, item.label_point, item.shape().boundingRect(),
                                         contains, boxes)

    def owner_of(self, territory: str) -> Nation | None:
        return self._owner.get(territory)

    def region_at(self, point: QPointF) -> str | None:
        """The territory or sea zone under a scene point (islands win over their sea zone)."""
        best: str | None = None
        for item in self.items(point):
            if isinstance(item, RegionItem):
                if not item.is_sea:
                    return item.region_id
                best = best or item.region_id
        return best

    def slot_points(self, region: str) -> tuple[QPointF, ...]:
        return self.regions[region].slots
