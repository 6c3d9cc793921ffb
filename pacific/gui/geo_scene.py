"""`GeoBoardScene`: the game's questions to the map answered over the geometry helper's
`MapScene` (real coastlines, `maps/<id>/geometry.json`), by composition: the map scene draws
the regions, this class places pieces at their slots, lights up destinations and marks battles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from pacific.gui.geometry_cache import load_scene_geometry
from pacific.gui.label_refit import ShownLabel
from pacific.gui.map_labels import STAR_BOX
from pacific.gui.map_scene import Hemmed, MapScene
from pacific.gui.palette import drop_tint
from pacific.gui.piece_cache import PieceStore
from pacific.gui.piece_shapes import MAX_LAYOUTS, Box, SpaceShape, zoom_key
from pacific.gui.recent import Recent
from pacific.gui.scene import BattleMarker, MarksMixin, PiecesDrawn, grid_slots
from pacific.gui.shown_names import ShownNames
from pacific.gui.small_spaces import hemmed_boxes, slots_ahead, small_space_boxes
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation
from pacific.rules.state import GameState

PIECE_SIZE = 17.0  # scene units; the map's slots are 20 apart (pacific.board.layout)
# Pixels a battle marker keeps from other spaces' names when a side of its own name has them.
MARKER_CLEARANCE = 6.0
# A space's candidate points beside its name (nearest its label first) a battle marker may
# stand on besides the sides of the name, and how near the name (pixels) they are.
BATTLE_SPOTS = 24
BESIDE = 3.0
# Pixels from its name (or its name's point) a battle marker may stand when no place beside
# the name is off the stacks (`_spare_spot`): farther off it reads as another space's.
SPARE_REACH = 40.0
FAR_SPOTS = 240  # the space's points tried farther from its name when none beside it will do
LAND_CELL = 100.0  # scene units: a grid cell about the size of a territory, for finding land


def _marker_sides(box: QRectF) -> tuple[QPointF, ...]:
    """Where a battle marker may go beside a name whose ink is ``box`` (pixels), in order of
    preference: left, right, above, below, then the corners, then the same a marker farther
    out (a name beside a small space's marker may have another territory all around it)."""
    r = BattleMarker.RADIUS
    sides = []
    for far in (0.0, 2 * r + 2):
        sides += [QPointF(box.left() - r - 2 - far, box.center().y()),
                  QPointF(box.right() + r + 2 + far, box.center().y()),
                  QPointF(box.center().x(), box.top() - r - 2 - far),
                  QPointF(box.center().x(), box.bottom() + r + 2 + far),
                  QPointF(box.left() - r - far, box.top() - r - far),
                  QPointF(box.right() + r + far, box.top() - r - far),
                  QPointF(box.left() - r - far, box.bottom() + r + far),
                  QPointF(box.right() + r + far, box.bottom() + r + far)]
    return tuple(sides)


def _cells(box: QRectF) -> list[tuple[int, int]]:
    """The cells of side `LAND_CELL` (scene) that ``box`` covers, its edges included."""
    return [(i, j) for i in range(math.floor(box.left() / LAND_CELL),
                                  math.floor(box.right() / LAND_CELL) + 1)
            for j in range(math.floor(box.top() / LAND_CELL),
                           math.floor(box.bottom() / LAND_CELL) + 1)]


class GeoBoardScene(MarksMixin):
    def __init__(self, board: BoardMap, geometry_file: Path) -> None:
        """Raises: GeometryError when the geometry file cannot be read."""
        self.board = board
        self.map = MapScene(board, load_scene_geometry(geometry_file))
        self.scene = self.map
        self.piece_size = PIECE_SIZE
        # The first fit's small spaces' slots and pieces' layout, kept on disk from one start
        # to the next (the pieces' layer finds it here: `PieceLayer`).
        self.piece_store = PieceStore()
        self._keep_outs: Recent[tuple[object, ...], dict[str, Box]] = Recent(MAX_LAYOUTS)
        self._markers: list[BattleMarker] = []
        self.pieces_drawn: PiecesDrawn = lambda _near: ([], 1.0)
        self.stacks_shown: Callable[[str], list[tuple[QPointF, float]]] = lambda _space: []
        self._lit: dict[str, QGraphicsPathItem] = {}
        self._lit_kind: dict[str, str] = {}
        self._lit_shapes: dict[str, QPainterPath] = {}   # made on first need (`_lit_shape`)
        self._name_boxes: dict[str, tuple[bool, QRectF]] = {}  # `_name_box`, by marker shown
        # The battle markers' places found (`battle_spot`), and for which labels and zoom.
        self._spots: dict[str, tuple[QPointF, QPointF]] = {}
        self._spots_of: tuple[int, float | None] = (-1, None)
        # The spaces whose marker frames their name, and the name's box (pixels), or rings
        # one of their stacks (`_ring`), and the ring's box.
        self._under_names: dict[str, QRectF] = {}
        self._rings: set[str] = set()
        # The names shown, as `_clearance` measures them, and for which labels and zoom.
        self._shown: ShownNames | None = None
        # The territories' outlines with their bounds, by the grid cells their bounds cover
        # (`_on_other_land`); the map's outlines never change.
        self._land: dict[tuple[int, int], list[tuple[str, QRectF, QPainterPath]]] | None = None
        # Everything the map scene drew is static: the view paints it as its background.
        self.static_items: list[QGraphicsItem] = list(self.map.items())

    def space_at(self, pos: QPointF) -> str | None:
        space = self.map.region_at(pos)
        return space if space in self.map.regions else None

    def centre_of(self, space: str) -> QPointF:
        item = self.map.regions[space]
        if item.slots:
            return QPointF(item.slots[0])
        if not item.label_point.isNull():
            return QPointF(item.label_point)
        return item.boundingRect().center()

    def slots(self, space: str, count: int) -> list[QPointF]:
        """The map's slot points first; more stacks than slots go on a grid next to them."""
        given = list(self.map.slot_points(space))
        if count <= len(given):
            return given[:count]
        extra = count - len(given)
        anchor = given[-1] if given else self.centre_of(space)
        more = grid_slots(anchor + QPointF(0, self.piece_size * 1.3), extra,
                          self.piece_size * 1.1)
        return given + more

    def battle_spot(self, space: str) -> tuple[QPointF, QPointF]:
        """`_battle_spot`, found again only when the labels changed (a layout, a marker) or
        the zoom did: a replay's step keeps the battles it does not end where they were."""
        key = (self.map.labels_version, self.map.label_scale)
        if key != self._spots_of:
            self._spots.clear()
            self._under_names.clear()
            self._rings.clear()
            self._spots_of = key
        spot = self._spots.get(space)
        if spot is None:
            spot = self._spots[space] = self._battle_spot(space)
        return QPointF(spot[0]), QPointF(spot[1])

    def _battle_spot(self, space: str) -> tuple[QPointF, QPointF]:
        """Beside the space's name (the name stays readable), on the space itself and clear
        of the other spaces' names (`MARKER_CLEARANCE`): a marker on a neighbour or against
        its name seems to mark that space's battle (left of zone 38's number it lay on the
        Philippines, above Suiyuan's on the Soviet Union). The pieces keep clear of a burst,
        so one on a slot the layout found would move stacks (`Layout.continued`): the places
        tried are the sides of the name, left first (`_marker_sides`), then the space's own
        points beside the name (`BATTLE_SPOTS`), and the first wholly on the space, clear
        and off those slots is taken. With none, the marker frames the name itself (the
        name shows through it; it is the space's own, even standing off the space) where the
        frame is off the slots and the other names, else takes the space's point nearest its
        name off the slots (`_spare_spot`), else frames the name all the same: a frame is no
        obstacle to the pieces (`obstacles`), so no stack moves. Without pieces drawn, the
        first place wholly on the space and clear, else centred on it and clear, else the
        space's point nearest its name wholly on it and clear, else centred on it and clear,
        else the first clear off the other territories, else the first clear, else the first
        centred on it, else the first off the other territories; a space too small for a
        token whose every such place is on another territory has it at a corner of its own
        marker. With the name hidden at this zoom: at the label point, else the nearest
        point off the slots, else a ring round the space's stack nearest it (`_ring`)."""
        label = self.map.labels[space]
        region = self.map.regions[space]
        scale = self.map.label_scale
        if scale is None:
            return (region.label_point, QPointF(0, 0)) if label.hidden else \
                (QPointF(label.pos()), _marker_sides(label.text_box())[0])
        own = region.shape()
        half = BattleMarker.RADIUS / scale   # the burst's half width, in scene units
        r = BattleMarker.RADIUS
        # The pieces drawn about the space, as the layout keeps them: a marker off them
        # leaves them where they stand (the pieces keep clear of the markers: one on a stack
        # would move it). The layout reads a marker's box in pixels at its own zoom (`band`).
        pieces, band = self.pieces_drawn(region.boundingRect().adjusted(
            -4 * r / scale, -4 * r / scale, 4 * r / scale, 4 * r / scale))

        def on_pieces(at: QPointF, box: QRectF) -> bool:
            left, top = at.x() + box.left() / band, at.y() + box.top() / band
            right, bottom = at.x() + box.right() / band, at.y() + box.bottom() / band
            return any(b[0] < right and left < b[2] and b[1] < bottom and top < b[3]
                       for b in pieces)

        def burst(side: QPointF) -> QRectF:
            return QRectF(side.x() - r, side.y() - r, 2 * r, 2 * r)

        def judged(centre: QPointF) -> tuple[bool, bool, bool, bool, bool, float]:
            room = self._clearance(space, QPointF(centre.x() * scale, centre.y() * scale),
                                   scale)
            square = QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half)
            dot = QRectF(centre.x() - 0.01, centre.y() - 0.01, 0.02, 0.02)   # the centre
            land = self._on_other_land(space, dot)
            on = not land and own.contains(centre)
            whole = on and own.contains(square) and not self._on_other_land(space, square)
            # (a small space's marker has no other place: the burst keeps off it)
            free = not self.map.on_small_marker(square)
            return on, land, whole, room >= MARKER_CLEARANCE and free, free, room

        if label.hidden:
            at = region.label_point
            if not on_pieces(at, burst(QPointF(0, 0))):
                return at, QPointF(0, 0)
            dot = QRectF(at.x() * scale, at.y() * scale, 0, 0)
            spare = self._spare_spot(space, dot, None, half, judged, on_pieces,
                                     burst(QPointF()))
            if spare is not None:
                return spare, QPointF(0, 0)
            # No room off the stacks, and no name to frame: a ring round the space's stack
            # nearest its name's point (the pieces do not keep clear of it: `obstacles`).
            ring = self._ring(space)
            if ring is not None:
                self._rings.add(space)
                self._under_names[space] = ring[1]
                return ring[0], QPointF(0, 0)
            return at, QPointF(0, 0)
        point = QPointF(label.pos())
        sides = _marker_sides(label.text_box())
        # The sides of the name, then the space's own points beside the name (a burst
        # within BESIDE pixels of it) off its name and off the small spaces' markers.
        name = label.text_box().translated(point.x() * scale, point.y() * scale)
        near = name.adjusted(-r - BESIDE, -r - BESIDE, r + BESIDE, r + BESIDE)
        away = name.adjusted(-r, -r, r, r)
        places = [(point, side) for side in sides]
        spots = self.map.regions[space].spots
        for i in range(0, len(spots), 3):
            px, py = spots[i] * scale, spots[i + 1] * scale
            if near.contains(px, py) and not away.contains(px, py) and \
                    len(places) < len(sides) + BATTLE_SPOTS:
                centre = QPointF(spots[i], spots[i + 1])
                if not self.map.on_small_marker(QRectF(centre.x() - half, centre.y() - half,
                                                       2 * half, 2 * half)):
                    places.append((centre, QPointF(0, 0)))
        ranked, seen = [], []
        farther = range(len(sides) // 2, len(sides))   # (the sides a marker farther out)
        for i, (at, side) in enumerate(places):
            centre = QPointF(at.x() + side.x() / scale, at.y() + side.y() / scale)
            seen.append(judged(centre))
            on, land, whole, clear, free, room = seen[-1]
            # (among the clear ones on the space the first is taken, not the clearest, one
            # against the name and off the pieces where one is; off the space, not on another
            # territory's land)
            ranked.append((clear and whole and i not in farther and
                           not on_pieces(at, burst(side)),
                           clear and whole, clear and on, clear and not land, clear, on,
                           not land, free, 0.0 if clear else room))
        # max keeps the first of equals: left first
        best = max(range(len(places)), key=ranked.__getitem__)
        if not ranked[best][0] and pieces:
            # Every place beside the name lies on a stack drawn (a marker there would move
            # it): the marker frames the name itself (`under_name`; it is the space's own,
            # even where it stands off the space), which the stacks keep clear of, and the
            # name stays readable through it; else it takes a place of the space's own off
            # the stacks, nearest the name.
            box = label.text_box()
            ink = box.translated(point.x() * scale, point.y() * scale)
            if not on_pieces(point, box) and not self.map.on_small_marker(QRectF(
                    point.x() + box.left() / scale, point.y() + box.top() / scale,
                    box.width() / scale, box.height() / scale)) and not any(
                    rid != space and left < ink.right() and ink.left() < right and
                    top < ink.bottom() and ink.top() < bottom
                    for rid, left, top, right, bottom in self.shown_names(scale).entries):
                self._under_names[space] = box
                return point, QPointF(0, 0)
            spare = self._spare_spot(space, name, away, half, judged, on_pieces,
                                     burst(QPointF()))
            if spare is not None:
                return spare, QPointF(0, 0)
            # No such place: the frame all the same (the pieces do not keep clear of it:
            # `obstacles`), so no stack moves.
            self._under_names[space] = box
            return point, QPointF(0, 0)
        if not ranked[best][2]:
            # None on the space and clear beside the name: the space's point nearest its
            # name where the burst lies wholly on it and clear, else centred on it and clear,
            # else, on the space all the same, the one as clear of the names as can be (off
            # the space it would seem to mark another space's battle: R-COMBAT-1).
            centred: QPointF | None = None
            crowded: list[tuple[tuple[bool, bool, float], QPointF, QPointF]] = [
                ((seen[i][4], seen[i][2], seen[i][5]), at, side)
                for i, (at, side) in enumerate(places) if seen[i][0]]
            for i in range(0, min(len(spots), 3 * FAR_SPOTS), 3):
                centre = QPointF(spots[i], spots[i + 1])
                if away.contains(centre.x() * scale, centre.y() * scale) or \
                        self.map.on_small_marker(QRectF(centre.x() - half, centre.y() - half,
                                                        2 * half, 2 * half)):
                    continue
                on, _land, whole, clear, free, room = judged(centre)
                if whole and clear:
                    return centre, QPointF(0, 0)
                if on and clear and centred is None:
                    centred = centre
                if on:
                    crowded.append(((free, whole, room), centre, QPointF(0, 0)))
            if centred is not None:
                return centred, QPointF(0, 0)
            marker = self.map.small_marker(space)
            if marker is not None:
                # A space too small for its stacks' marker and a burst beside it (its name
                # may stand away from it): the burst at a corner of that marker (it marks
                # that space there), on the space if one is, else off the other territories.
                corners = [QPointF(x, y) for x in (marker[0], marker[2])
                           for y in (marker[1], marker[3])]
                scored = [(judged(c), c) for c in corners]
                return max(scored, key=lambda sc: (sc[0][0], not sc[0][1], sc[0][3]))[1], \
                    QPointF(0, 0)
            if crowded:
                _rank, at, side = max(crowded, key=lambda c: c[0])
                return at, side
        return places[best]

    def _spare_spot(self, space: str, near: QRectF, away: QRectF | None, half: float,
                    judged: Callable[[QPointF], tuple[bool, bool, bool, bool, bool, float]],
                    on_pieces: Callable[[QPointF, QRectF], bool], burst: QRectF
                    ) -> QPointF | None:
        """The space's own point nearest its name, within `SPARE_REACH` pixels of ``near``
        (its name or its name's point, in pixels) and off ``away`` (its name), where a battle
        marker lies wholly on it, clear of the other names and off the pieces drawn
        (``on_pieces``: the stacks then keep their places), else centred on it so, or None.
        (Farther off, a marker reads as another space's.)"""
        spots, scale = self.map.regions[space].spots, self.map.label_scale or 1.0
        reach = near.adjusted(-SPARE_REACH, -SPARE_REACH, SPARE_REACH, SPARE_REACH)
        centred: QPointF | None = None
        for i in range(0, len(spots), 3):
            centre = QPointF(spots[i], spots[i + 1])
            x, y = centre.x() * scale, centre.y() * scale
            if not reach.contains(x, y) or (away is not None and away.contains(x, y)) \
                    or on_pieces(centre, burst):
                continue
            if spots[i + 2] < half and centred is not None:
                continue   # (too near its edge for a whole burst: judged for the first only)
            on, _land, whole, clear, _free, _room = judged(centre)
            if whole and clear:
                return centre
            if on and clear and centred is None:
                centred = centre
        return centred

    def _ring(self, space: str) -> tuple[QPointF, QRectF] | None:
        """Where a ring round ``space``'s stack (or merged marker) shown nearest its name's
        point stands, and its box (pixels about it); None when none of its stacks shows."""
        shown = self.stacks_shown(space)
        if not shown:
            return None
        anchor = self.map.regions[space].label_point
        at, size = min(shown, key=lambda s: (s[0] - anchor).manhattanLength())
        half = size * 0.62 + 3   # (round the token and its count)
        return QPointF(at), QRectF(-half, -half, 2 * half, 2 * half)

    def ringed(self, space: str) -> bool:
        return space in self._rings and space in self._under_names

    def follow_stacks(self) -> None:
        """A ring round a stack (`_ring`) follows it where the layout put it."""
        for marker in self._markers:
            if not self.ringed(marker.space):
                continue
            ring = self._ring(marker.space)
            if ring is not None:
                marker.prepareGeometryChange()
                marker.setPos(ring[0])
                marker.frame = self._under_names[marker.space] = ring[1]
                self._spots[marker.space] = (ring[0], QPointF(0, 0))

    def obstacles(self) -> list[tuple[QPointF, QRectF]]:
        """The battle markers and the capitals' stars apart from their names: the pieces
        keep clear of them."""
        return [*super().obstacles(), *self.map.lone_stars()]

    def under_name(self, space: str) -> QRectF | None:
        """The name's box (pixels about the marker's point) when ``space``'s battle marker
        frames it (`_battle_spot`), else None."""
        box = self._under_names.get(space)
        return QRectF(box) if box is not None else None

    def _on_other_land(self, space: str, box: QRectF) -> bool:
        """Whether ``box`` (scene) touches a territory other than ``space``: a sea zone's shape
        runs under its islands."""
        if self._land is None:
            self._land = {}
            for rid, item in self.map.regions.items():
                if not item.is_sea:
                    bounds = item.boundingRect()
                    for cell in _cells(bounds):
                        self._land.setdefault(cell, []).append((rid, bounds, item.shape()))
        return any(rid != space and bounds.intersects(box) and shape.intersects(box)
                   for cell in _cells(box) for rid, bounds, shape in self._land.get(cell, ()))

    def _clearance(self, space: str, centre: QPointF, scale: float) -> float:
        """Pixels between a battle marker centred at ``centre`` (view pixels at ``scale``) and
        the nearest name shown of another space (negative: it overlaps it)."""
        return self.shown_names(scale).clearance(space, centre.x(), centre.y(),
                                                 BattleMarker.RADIUS)

    def shown_names(self, scale: float) -> ShownNames:
        """The names shown, in view pixels at ``scale``: measured once while the labels stay
        as they are (a layout, a name shown, hidden, moved or given a marker makes a new
        labels version) and the zoom does; a space's battle marker tries hundreds of places
        against every name."""
        key = (self.map.labels_version, scale)
        if self._shown is None or self._shown.key != key:
            # (a capital's star apart from its name is part of it)
            stars = [(label.pos(), label.lone_star()) for label in self.map.labels.values()]
            self._shown = ShownNames(key, [
                *((rid, label.text_box().translated(label.pos().x() * scale,
                                                    label.pos().y() * scale))
                  for rid, label in self.map.labels.items() if not label.hidden),
                *((rid, STAR_BOX.translated(pos * scale + at))
                  for rid, (pos, at) in zip(self.map.labels, stars, strict=True)
                  if at is not None)])
        return self._shown

    def place_labels(self, zoom: float, pixels: float | None = None,
                     band: float | None = None) -> bool:
        """Lay the map's labels out for ``zoom`` (see `MapScene.place_labels`: for ``band``),
        clear of the markers of the spaces too small for a whole token when the pieces are
        ``pixels`` wide at ``band``; the battle markers follow their names."""
        keep_out = None if pixels is None else self._keep_out(band or zoom, pixels)
        moved = self.map.place_labels(zoom, keep_out=keep_out, band=band, pixels=pixels)
        if pixels is not None and keep_out is not None and \
                not self.map.labels_kept_off(pixels):
            # A space whose every place for its stacks is under a name has its own name
            # moved off one of them.
            moved = self.map.keep_labels_off(self._hemmed(band or zoom, pixels, keep_out),
                                             pixels) or moved
        if moved:
            self.move_marks()
        return moved

    def _keep_out(self, band: float, pixels: float) -> dict[str, Box]:
        """The markers of the spaces too small for a whole token, which the labels laid out
        for ``band`` keep clear of (pieces ``pixels`` wide). Found once per band, piece size
        and control markers (the names' boxes: the rest of what they are chosen from, the
        spaces' shapes and centres, never changes; the labels' places are not read)."""
        known = self._keep_outs.get(self._keep_out_key(band, pixels))
        if known is None:
            shapes = self.layout_shapes()
            # (the first fit's from the disk when an earlier start kept them: `piece_cache`)
            self.piece_store.small_space_slots(shapes, band, pixels)
            known = small_space_boxes(shapes, band, pixels)
            self._keep_outs.put(self._keep_out_key(band, pixels), known)
        return known

    def _keep_out_key(self, band: float, pixels: float) -> tuple[object, ...]:
        return (zoom_key(band), round(pixels, 6),
                tuple(label.marker for label in self.map.labels.values()))

    def _hemmed(self, band: float, pixels: float, keep_out: Mapping[str, Box]) -> Hemmed:
        """The spaces hemmed in by the labels laid out for ``band`` (`hemmed_boxes`)."""
        return lambda labels: hemmed_boxes(self.layout_shapes(labels), band, pixels, keep_out)

    def ready(self, band: float, pixels: float) -> bool:
        """Does `place_labels` in ``band`` find its layout made, with its names moved off the
        spaces they hem in, for pieces ``pixels`` wide?"""
        keep_out = self._keep_outs.get(self._keep_out_key(band, pixels))
        return keep_out is not None and self.map.made(band, keep_out, pixels)

    def kept(self, band: float, pixels: float) -> bool:
        """Is ``band``'s label layout made, or kept on disk by an earlier start, for pieces
        ``pixels`` wide (`MapScene.kept`)? The small spaces' markers are found first
        (`_keep_out`): the layout keeps clear of them."""
        return self.map.kept(band, self._keep_out(band, pixels), pixels)

    def hide_labels(self) -> None:
        """Every label hidden until a layout shows it (`MapScene.place_labels`): a window's
        first paint before its names are laid out (`zooming.MapZoom`)."""
        for label in self.map.labels.values():
            label.hidden = True
            label.setVisible(False)

    def laying_out(self, band: float, pixels: float) -> Iterator[None]:
        """Lay the labels out ahead of time for ``band`` (`place_labels` there will find
        them made), a part at a time: the small spaces' slots (`slots_ahead`), then the
        labels' layout a label at a time (`MapScene.laying_out`); nothing shown moves."""
        if self._keep_outs.get(self._keep_out_key(band, pixels)) is None:
            yield from slots_ahead(self.layout_shapes(), band, pixels)
            yield
        keep_out = self._keep_out(band, pixels)
        yield
        yield from self.map.laying_out(band, keep_out, pixels)

    def keeping_off(self, band: float, pixels: float) -> Iterator[None]:
        """After `laying_out`: the names of ``band``'s layout moved off the spaces they
        hem in, as `place_labels` there would, a name at a time (`MapScene.keeping_off`)."""
        keep_out = self._keep_out(band, pixels)
        return self.map.keeping_off(band, keep_out, self._hemmed(band, pixels, keep_out),
                                    pixels)

    def planned_shapes(self, band: float, pixels: float
                       ) -> tuple[dict[str, SpaceShape], list[tuple[QPointF, QRectF]]] | None:
        """What the pieces are laid out from at ``band`` once its labels are shown (after
        `keeping_off`): `layout_shapes` and `obstacles` then; None when its labels are
        not laid out, or a battle marker stands (it is put beside the names shown)."""
        labels = self.map.planned(band, self._keep_out(band, pixels))
        if labels is None or self._markers:
            return None
        stars = [(QPointF(label.star), QRectF(STAR_BOX)) for label in labels.values()
                 if label.star_apart()]
        return self.layout_shapes(labels), stars

    def layout_shapes(self, labels: Mapping[str, ShownLabel] | None = None
                      ) -> dict[str, SpaceShape]:
        """Every space's candidate points and label, for laying pieces out (pieces.PieceLayer):
        with the labels shown, or as ``labels`` places them."""
        out: dict[str, SpaceShape] = {}
        shown: Mapping[str, ShownLabel] = self.map.labels if labels is None else labels
        for rid, item in self.map.regions.items():
            label = shown.get(rid)
            if label is not None and label.hidden:
                label = None  # no room for it at this zoom: the pieces may use its place
            terr = self.board.territory_by_id.get(rid)
            out[rid] = SpaceShape(
                spots=item.spots,
                label=QPointF(label.pos()) if label is not None else None,
                label_box=label.text_box() if label is not None else QRectF(),
                holds_units=terr is None or not terr.impassable,
                name_at=item.label_point,
                name_box=self._name_box(rid),
                centre=self.centre_of(rid),
                land=terr is not None,
                ringed=item.ringed,
            )
        return out

    def _name_box(self, rid: str) -> QRectF:
        """``rid``'s name in its smallest variant that writes it whole (pixels around its
        label point)."""
        label = self.map.labels[rid]
        marker = label.marker is not None
        known = self._name_boxes.get(rid)
        if known is not None and known[0] == marker:
            return known[1]
        whole = label.variants[:label.short] if label.short is not None else label.variants
        boxes = [label.box_of(v, marker) for v in whole or label.variants]
        box = min(boxes, key=lambda b: b.width() * b.height())
        self._name_boxes[rid] = (marker, box)
        return box

    def highlight(self, spaces: Mapping[str, str]) -> None:
        for item in self._lit.values():
            self.map.removeItem(item)
        self._lit.clear()
        self._lit_kind.clear()
        for space, kind in spaces.items():
            # Items of their own over the cached map (see MapView.set_static_layer), in the
            # colour of what a drop there means.
            colour = drop_tint(kind)
            if colour is None or space not in self.map.regions:
                continue
            overlay = QGraphicsPathItem(self._lit_shape(space))
            overlay.setBrush(QBrush(colour))
            pen = QPen(colour.darker(160), 2)
            pen.setCosmetic(True)
            overlay.setPen(pen)
            overlay.setZValue(12)
            overlay.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.map.addItem(overlay)
            self._lit[space] = overlay
            self._lit_kind[space] = kind

    def highlighted(self) -> dict[str, str]:
        return dict(self._lit_kind)

    def _lit_shape(self, space: str) -> QPainterPath:
        """What a highlight of ``space`` covers: a sea zone without the land drawn over it
        (its islands and the coasts its polygon runs under). A drop there lands on the land
        (`MapScene.region_at`: land wins), so a lit zone must not seem to offer it."""
        shape = self._lit_shapes.get(space)
        if shape is None:
            item = self.map.regions[space]
            shape = item.shape()
            if item.is_sea:
                box = shape.boundingRect()
                for other in self.map.regions.values():
                    land = other.shape()
                    if not other.is_sea and land.boundingRect().intersects(box) and \
                            land.intersects(shape):
                        shape = shape.subtracted(land)
            self._lit_shapes[space] = shape
        return shape

    def outline(self, space: str) -> QPainterPath:
        """The space's clickable shape (an island's encircling outline included), in scene
        coordinates (the tutorial outlines destinations)."""
        return self.map.regions[space].shape()

    def _set_tooltip(self, space: str, text: str) -> None:
        self.map.regions[space].setToolTip(text)

    def show_state(self, state: GameState, battles: Iterable[str] | None = None) -> None:
        holders: dict[str, Nation | None] = {z.id: state.convoy_holder.get(z.id)
                                             for z in self.board.convoy_zones()}
        self.map.set_control(state.territory_owner, holders)
        self._show_marks(state, battles)
