"""Pieces on the map: one stack item per (space, type, owner, condition), with its count shown
the way the board does it, with grey chips worth 1 and red chips worth 5 (EX-1).

Damaged battleships (R-BB-1) and submerged submarines (R-SUB-6) form their own stacks and are
drawn differently; units aboard a transport, carrier or Japanese destroyer are not stacks of
their own but small icons on the ship that carries them. The items are a mirror of the state:
`PieceLayer.sync(state)` rebuilds them; they hold no game data of their own
beyond the ids they show. The stacks themselves are `pacific.gui.stacks`, the items
`pacific.gui.piece_items`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QPoint, QPointF, QRectF, QTimer
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
)

from pacific.gui.piece_cache import PieceStore
from pacific.gui.piece_items import MarkerItem, StackItem, SummaryItem
from pacific.gui.piece_layout import Layout, layout_ahead, layout_for
from pacific.gui.piece_shapes import FOOTPRINT, TOKEN, Box, SpaceShape, layout_zoom
from pacific.gui.piece_sizes import (
    GROWTH,
    MAX_PIXELS,
    MIN_PIXELS,
    SQUEEZED_PIXELS,
    fit_pixels,
    pixels_at,
)
from pacific.gui.piece_stay import card_slots, stay
from pacific.gui.stacks import (
    TYPE_ORDER,
    Condition,
    StackKey,
    chips_for,
    condition_of,
    describe_owner,
    describe_space,
    describe_stack,
    group_stacks,
)
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation
from pacific.rules.state import GameState, Unit
from pacific.text import _

SlotFunction = Callable[[str, int], list[QPointF]]
K = TypeVar("K")
V = TypeVar("V")


LAYOUT_DELAY_MS = 100

class PieceLayer:
    """All stack items of a scene, rebuilt from the state.

    On screen a piece is `fit_pixels` wide when the whole map is shown (legible at "fit to
    window") and grows with the zoom from there (GROWTH) up to MAX_PIXELS; zoomed in further
    than FREE_GROWTH, never bigger than a full-HD window shows it at the same scale
    (SCALE_SPAN); without
    the view's fit zoom, ``size`` (scene units) times the zoom, within the same limits.

    With ``shapes`` (the spaces' candidate points and labels: `BoardScene.layout_shapes`), the
    pieces are laid out at every zoom inside their own space, clear of the labels
    (`pacific.gui.piece_layout`), each stack at the slot it keeps while it stays there; a
    space whose stacks do not fit at this zoom shows one marker per nation (`SummaryItem`), or
    one for the whole space, instead; without it the stacks go at ``slots`` as given.
    ``items`` always holds every stack (hidden while its space is summarised)."""

    def __init__(self, scene: QGraphicsScene, board: BoardMap, slots: SlotFunction,
                 size: float,
                 shapes: Callable[[], dict[str, SpaceShape]] | None = None,
                 obstacles: Callable[[], list[tuple[QPointF, QRectF]]] | None = None) -> None:
        self.scene = scene
        self.board = board
        self.slots = slots
        self.size = size
        self._shapes_source = shapes
        # The scene whose spaces these are keeps its first layout on disk (`piece_cache`).
        self._store: PieceStore | None = getattr(getattr(shapes, "__self__", None),
                                                 "piece_store", None)
        self._obstacles = obstacles  # what else the pieces keep clear of (battle markers)
        self._shapes: dict[str, SpaceShape] | None = None
        self._plan: Layout | None = None   # the layout last made (`drawn`)
        self.items: dict[StackKey, StackItem] = {}
        self.summaries: dict[tuple[str, Nation | None], SummaryItem] = {}
        self._slot_of: dict[StackKey, int] = {}  # each stack's slot in its space (_keep_slots)
        self._owners: dict[str, list[Nation]] = {}
        # How much smaller than the others a crowded space's stacks are drawn (`Layout.squeezed`).
        self._scale_of: dict[str, float] = {}
        # Where each stack was drawn at the zoom laid out last, and the spaces drawn smaller
        # there, how much (`layout`: they keep their places when other stacks move).
        self._placed: dict[StackKey, QPointF] = {}
        self._kept_scale: dict[str, float] = {}
        # The units and battle markers last drawn (see sync); kept alive, so compared by
        # identity safely.
        self._drawn: tuple[dict[int, Unit], object] | None = None
        # What each stack and summary shown was made of (see sync).
        self._made: dict[StackKey, tuple[Unit | None, ...]] = {}
        self._summed: dict[tuple[str, Nation | None], tuple[Unit, ...]] = {}
        self.zoom = 1.0
        self.fit_zoom: float | None = None
        self.fit_width = 0.0
        self._laid_out_at: float | None = None
        # Laid out without the labels, until they are laid out (`MapZoom`: the window's first
        # paint does not wait for them): not kept on disk, and no stack stays where it stood.
        self.interim = False
        self._band = 1.0  # the zoom laid out for (`layout_zoom`), when _laid_out_at is set
        # While the wheel zooms, laying out at every step would cost tens of ms a frame: the
        # pieces are resized at once and laid out when the gesture pauses (see scale_to).
        self._layout_timer = QTimer()
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(LAYOUT_DELAY_MS)
        self._layout_timer.timeout.connect(self.layout)
        self._scaled = False
        self.on_press: Callable[[StackItem, QGraphicsSceneMouseEvent], None] | None = None
        self.on_drag: Callable[[QPointF], None] | None = None
        self.on_release: Callable[[QPointF], None] | None = None
        self.on_laid_out: Callable[[], None] | None = None  # after a layout (`layout`)
        # After a layout, before `on_laid_out`: the battle markers drawn round a stack follow
        # it (`MarksMixin.follow_stacks`).
        self.markers_follow: Callable[[], None] | None = None
        self.on_summary_click: Callable[[str], None] | None = None
        # What a click on a space's merged marker does, told in its tooltip (None: the main
        # window's unit picker opens).
        self.summary_hint: str | None = None
        self.on_context_menu: Callable[[StackKey, QPoint], None] | None = None
        if hasattr(scene, "piece_boxes"):   # (a hovered name keeps off the stacks)
            scene.piece_boxes = self.boxes_off

    def sync(self, state: GameState, movable: Callable[[StackKey], bool]) -> None:
        """Make the items mirror ``state``: remove them all, draw the stacks again. When no
        unit changed and no battle marker moved since the last time (a phase ended, a battle
        was chosen), only which stacks may be dragged is updated: the layout stays as it is
        (laying the real board out takes a few tenths of a second)."""
        drawn = (dict(state.units), self._marks())
        if self._drawn is not None and self._same(drawn, self._drawn):
            for key, item in self.items.items():
                item.movable = movable(key)
                item.update()
            for (space, owner), summary in self.summaries.items():
                summary.movable = any(item.movable for key, item in self.items.items()
                                      if key.space == space and owner in (None, key.owner))
                summary.update()
            return
        self._drawn = drawn
        # A stack or a summary whose units (the very objects, and their cargo) are those it
        # was made of is kept with its painted cache; only the others are made again, so that
        # a move redraws the stacks it changed (a replay step, an action), not the board.
        old_items, old_summaries = self.items, self.summaries
        old_made, old_summed = self._made, self._summed
        self.items, self.summaries, self._made, self._summed = {}, {}, {}, {}
        self._owners.clear()
        stacks = group_stacks(state)
        # Each transport's and carrier's cargo, found in one pass over the units (asking the
        # state ship by ship reads every unit once per ship).
        aboard: dict[int, list[Unit]] = defaultdict(list)
        for unit in state.units.values():
            if unit.carried_by is not None:
                aboard[unit.carried_by].append(unit)
        by_space: dict[str, list[StackKey]] = defaultdict(list)
        for key in stacks:
            by_space[key.space].append(key)
        self._keep_slots(by_space)
        px = self.pixels()
        # The items shown before, by look: a new stack or marker that looks the same as one
        # not kept takes it over with its painted picture (a replay's jump across the game
        # moves many such stacks); see _claim.
        spares: dict[object, list[StackKey]] = defaultdict(list)
        for old_key, old_item in old_items.items():
            spares[old_item.shows()].append(old_key)
        spare_summaries: dict[object, list[tuple[str, Nation | None]]] = defaultdict(list)
        for summary_key, summed_item in old_summaries.items():
            spare_summaries[summed_item.shows()].append(summary_key)
        for space, keys in by_space.items():
            by_owner: dict[Nation, list[Unit]] = defaultdict(list)
            for key in keys:
                units = stacks[key]
                cargo = [c for u in units for c in aboard.get(u.id, ())]
                made = (*units, None, *cargo)
                kept = old_items.pop(key) if key in old_items else None
                if kept is not None and _same_objects(old_made.get(key), made):
                    item = kept
                else:
                    # (made when the stack is first hovered: `MarkerItem.tip`)
                    tooltip = partial(describe_stack, self.board, state, key, units, cargo)
                    look = StackItem.look_of(key, units, cargo)
                    if kept is not None and kept.shows() != look:
                        self.scene.removeItem(kept)
                        kept = None
                    if kept is None:
                        kept = _claim(spares, old_items, look)
                    if kept is not None:
                        item = kept
                        item.refill(key, units, cargo, tooltip)
                    else:
                        item = StackItem(key, units, cargo, px, tooltip)
                        self._connect(item)
                        self.scene.addItem(item)
                item.set_size(px * self._scale_of.get(space, 1.0))
                mobile = movable(key)
                if mobile != item.movable:
                    item.movable = mobile
                    item.update()
                self.items[key] = item
                self._made[key] = made
                by_owner[key.owner].extend(units)
                for unit in cargo:  # cargo counts for its own nation (allied fighters aboard)
                    by_owner[unit.owner].append(unit)
            if self._shapes_source is None:
                continue
            self._owners[space] = sorted(by_owner, key=lambda n: n.value)
            groups: list[tuple[Nation | None, list[Unit]]] = [
                (owner, by_owner[owner]) for owner in self._owners[space]]
            if len(groups) > 1:  # and one marker for them all, when even those do not fit
                groups.append((None, [u for _o, units in groups for u in units]))
            for owner, units in groups:
                summed = tuple(units)
                old = old_summaries.pop((space, owner)) \
                    if (space, owner) in old_summaries else None
                if old is not None and _same_objects(old_summed.get((space, owner)), summed):
                    summary = old
                    summary.set_size(px)
                else:
                    if old is not None:
                        self.scene.removeItem(old)
                    text = partial(describe_owner, self.board, state, space, owner, units) \
                        if owner is not None else partial(self._space_tip, state, space)
                    taken = _claim(spare_summaries, old_summaries,
                                   SummaryItem.look_of(owner, units))
                    if taken is not None:
                        summary = taken
                        summary.refill(space, text)
                        summary.set_size(px)
                    else:
                        summary = SummaryItem(space, owner, units, px, text)
                        if self.on_summary_click is not None:
                            summary.clicked.connect(self.on_summary_click)
                        self.scene.addItem(summary)
                    summary.setVisible(False)
                mobile = any(self.items[k].movable for k in keys
                             if owner is None or k.owner is owner)
                if mobile != summary.movable:
                    summary.movable = mobile
                    summary.update()
                self.summaries[(space, owner)] = summary
                self._summed[(space, owner)] = summed
        for gone in (*old_items.values(), *old_summaries.values()):
            self.scene.removeItem(gone)
        self._laid_out_at = None
        if self._shapes_source is None or self._scaled:
            self.layout()
        # else: the view has not told its zoom yet (the window is being built); the layout
        # waits for the first scale_to rather than placing everything twice.

    def _space_tip(self, state: GameState, space: str) -> str:
        """The tooltip of the marker of all of ``space``'s units."""
        return describe_space(self.board, state, space) + "\n" + (
            self.summary_hint or _("Click to see its units in the unit picker."))

    def _connect(self, item: StackItem) -> None:
        if self.on_press is not None:
            item.pressed.connect(self.on_press)
        if self.on_drag is not None:
            item.dragged.connect(self.on_drag)
        if self.on_release is not None:
            item.released.connect(self.on_release)
        if self.on_context_menu is not None:
            item.context_requested.connect(self.on_context_menu)

    def _marks(self) -> tuple[tuple[float, ...], ...]:
        """Where the battle markers are (the pieces keep clear of them)."""
        if self._obstacles is None:
            return ()
        return tuple((p.x(), p.y(), r.x(), r.y(), r.width(), r.height())
                     for p, r in self._obstacles())

    @staticmethod
    def _same(now: tuple[dict[int, Unit], object], before: tuple[dict[int, Unit], object]
              ) -> bool:
        """The same units (the very objects: a state shares the units it did not change with
        the state before it) and the same battle markers."""
        units, marks = now
        old_units, old_marks = before
        return marks == old_marks and len(units) == len(old_units) and \
            all(old_units.get(uid) is unit for uid, unit in units.items())

    def layout(self, band: float | None = None) -> None:
        """Put every marker where it goes at the current zoom, as for its band or ``band``."""
        self._layout_timer.stop()
        band = band or layout_zoom(self.zoom, self.fit_zoom)
        if self._laid_out_at is not None and abs(self._band / band - 1) < 1e-6:
            return  # the same band of zooms (`layout_zoom`): laid out alike
        # Laid out again at the same zoom (a stack came or went): every stack drawn before
        # takes the slot nearest where it stood (`_stay`).
        before = self._placed if abs(self._band / band - 1) < 1e-6 else {}
        if not before:
            self._kept_scale.clear()
        self._placed = {}
        self._laid_out_at, self._band = self.zoom, band
        by_space = self._by_space()
        if self._shapes_source is None:
            for space, keys in by_space.items():
                for key, point in zip(keys, self.slots(space, len(keys)), strict=False):
                    self.items[key].setPos(point)
            return
        if self._shapes is None:
            self._shapes = self._shapes_source()
        shapes = self._shapes
        lay_out = self._store.layout if self._store is not None and not self.interim \
            else layout_for
        obstacles = self._obstacles() if self._obstacles is not None else []
        plan = None
        if before and self._plan is not None and self._plan.spaces is shapes:
            # (a battle's marker came or went: the slots found stay as they are)
            plan = self._plan.continued(obstacles)
        if plan is None:
            plan = lay_out(shapes, band, self.pixels_at(band, None), obstacles,
                           asked=self._asked(by_space, shapes))
            # (one made ahead of time has its own: the same in all a layout reads)
            self._shapes = shapes = plan.spaces
        self._plan = plan
        for space, keys in by_space.items():
            owners = self._owners.get(space, [])
            if space not in shapes:
                self._show(space, keys, self.slots(space, len(keys)), full=True)
                continue
            # Drawn smaller before at this zoom: as small still while they fit (a stack that
            # leaves must not make the others grow and move), smaller only when they do not.
            kept = self._kept_scale.get(space)
            # (a stack that arrives where the others filled every whole slot: those stay)
            stood = [before[key] for key in keys if key in before]
            slots, squeezed = self._room(plan, space, keys, kept, stood)
            if squeezed is None and len(slots) >= len(keys):
                # every stack at its own slot, or closer together
                self._kept_scale.pop(space, None)
                self._show(space, keys, self._stay(keys, slots, before), full=True)
            elif squeezed is not None:
                # smaller, each at its own slot, rather than merged (Japan's thin islands)
                points, scale = squeezed
                self._kept_scale[space] = scale
                self._show(space, keys, self._stay(keys, points, before), full=True,
                           scale=scale)
            elif len(slots) >= len(owners) or len(owners) == 1:
                self._show(space, keys, slots, full=False, owners=owners)
            else:
                self._show(space, keys, slots, full=False, owners=[None])
        if self.markers_follow is not None:
            self.markers_follow()
        if self.on_laid_out is not None:
            self.on_laid_out()

    def _want(self, keys: list[StackKey]) -> int:
        """The slots a space's ``keys`` ask for: one each, and up to the highest they keep."""
        return max(len(keys), max(self._slot_of[key] for key in keys) + 1)

    def _room(self, plan: Layout, space: str, keys: list[StackKey], kept: float | None,
              stood: list[QPointF]) -> tuple[list[QPointF], tuple[list[QPointF], float] | None]:
        """``space``'s slots for ``keys`` in ``plan``, or when they do not all fit whole its
        smaller markers' (`Layout.squeezed`: at most ``kept``; ``stood``: where they stood)."""
        want = self._want(keys)
        squeezed = plan.squeezed(space, want, SQUEEZED_PIXELS, kept, stood=stood) \
            if kept is not None else None
        slots = plan.slots(space, want) if squeezed is None else []
        if squeezed is None and len(slots) >= len(keys):
            slots = card_slots(plan, space, want, slots, len(self._carded(keys)))
        if squeezed is None and len(slots) < len(keys):
            squeezed = plan.squeezed(space, want, SQUEEZED_PIXELS, keep=stood)
        return slots, squeezed

    def _asked(self, by_space: dict[str, list[StackKey]], shapes: dict[str, SpaceShape]
               ) -> tuple[tuple[str, int, int, int], ...]:
        """What a layout is asked for at a band laid out afresh (`_room`): its slots' cause."""
        return tuple((space, len(keys), self._want(keys), len(self._carded(keys)))
                     for space, keys in by_space.items() if space in shapes)

    def prepare(self, band: float, shapes: dict[str, SpaceShape], pixels: float,
                obstacles: list[tuple[QPointF, QRectF]]) -> Iterator[None]:
        """Lay the pieces out for ``band``, its labels and ``obstacles`` ahead of time, as
        `layout` there will, a part at a time (`piece_layout.layout_ahead`); nothing shown
        moves."""
        def ask(plan: Layout) -> None:
            for space, keys in self._by_space().items():
                if space in shapes:
                    self._room(plan, space, keys, None, [])

        return layout_ahead(shapes, band, pixels, obstacles,
                            lambda: self._asked(self._by_space(), shapes), ask)

    def _by_space(self) -> dict[str, list[StackKey]]:
        by_space: dict[str, list[StackKey]] = defaultdict(list)
        for key in self.items:
            by_space[key.space].append(key)
        return by_space

    def _keep_slots(self, by_space: dict[str, list[StackKey]]) -> None:
        """A stack keeps its slot index while it stays in its space; a new stack takes the
        lowest index free there (stacks of a space first seen together: land, air, sea, then
        the factory, by owner)."""
        present = {key for keys in by_space.values() for key in keys}
        for gone in set(self._slot_of) - present:
            del self._slot_of[gone]
        for keys in by_space.values():
            keys.sort(key=lambda k: (TYPE_ORDER[k.unit_type], k.owner.value, k.condition))
            used = {self._slot_of[k] for k in keys if k in self._slot_of}
            free = (i for i in range(len(keys) + len(used)) if i not in used)
            for key in keys:
                if key not in self._slot_of:
                    self._slot_of[key] = next(free)

    def _stay(self, keys: list[StackKey], points: list[QPointF],
              before: dict[StackKey, QPointF]) -> list[QPointF]:
        """Which of ``points`` (a space's slots) each of ``keys`` takes (`piece_stay.stay`:
        a stack with cargo where its card covers no name)."""
        plan = self._plan
        clear = [plan is None or plan.card_clear(p) for p in points]
        return stay(keys, points, before, self._slot_of, self._carded(keys), clear)

    def _carded(self, keys: list[StackKey]) -> set[StackKey]:
        """The stacks of ``keys`` with cargo drawn under them."""
        return {key for key in keys if self.items[key].cargo_types}

    def _show(self, space: str, keys: list[StackKey], points: list[QPointF], full: bool,
              owners: Sequence[Nation | None] = (), scale: float = 1.0) -> None:
        """Show the stacks of ``space`` at ``points`` (``full``), ``scale`` times their size,
        or else the summary markers of ``owners`` (None: the whole space's)."""
        if scale != 1.0:
            self._scale_of[space] = scale
        else:
            self._scale_of.pop(space, None)
        px = self.pixels() * scale
        for key in keys:
            self.items[key].setVisible(full)
            self.items[key].set_size(px)
        if full:
            for key, point in zip(keys, points, strict=False):
                self.items[key].setPos(point)
                self._placed[key] = point
        for (place, owner), summary in self.summaries.items():
            if place == space:
                summary.setVisible(not full and owner in owners)
        if not full:
            for owner, point in zip(owners, points, strict=False):
                self.summaries[(space, owner)].setPos(point)

    def summarised(self, space: str) -> bool:
        """Does ``space`` show one marker per nation (zoomed out) rather than its stacks?"""
        return any(marker.isVisible() for (place, _owner), marker in self.summaries.items()
                   if place == space)

    def drawn(self, near: QRectF) -> tuple[list[Box], float]:
        """The squares the layout keeps for the stacks and markers shown within ``near``
        (scene units), and the zoom it is made for (`layout_zoom`: a box in pixels about a
        point is that many times smaller in the scene, as the layout reads a battle marker):
        a battle marker that comes off them leaves them where they stand (`Layout`: a slot
        off every obstacle is found again where it was)."""
        band = layout_zoom(self.zoom, self.fit_zoom)
        half = self.pixels_at(band, None) * FOOTPRINT / 2 / band
        items: list[QGraphicsItem] = [*self.items.values(), *self.summaries.values()]
        area = near.adjusted(-half, -half, half, half)
        shown = [(p.x() - half, p.y() - half, p.x() + half, p.y() + half)
                 for item in items if item.isVisible()
                 for p in (item.scenePos(),) if area.contains(p)]
        # (and every slot the layout found, used or not: one moved moves those found after it)
        plan = self._plan if self._laid_out_at is not None else None
        found = plan.found((near.left(), near.top(), near.right(), near.bottom())) \
            if plan is not None else []
        return shown + found, band

    def shown_at(self, space: str) -> list[tuple[QPointF, float]]:
        """Where ``space``'s stacks or merged markers shown stand (scene), with their size
        (pixels)."""
        items: list[StackItem | SummaryItem] = [
            *(item for key, item in self.items.items() if key.space == space),
            *(item for (where, _owner), item in self.summaries.items() if where == space)]
        return [(item.scenePos(), item.size) for item in items if item.isVisible()]

    def squeezed(self, space: str) -> float:
        """How much smaller than the others ``space``'s stacks are drawn (1: as big)."""
        return self._scale_of.get(space, 1.0)

    def pixels(self) -> float:
        return self.pixels_at(self.zoom, None)

    def pixels_at(self, zoom: float, fit: tuple[float, float] | None) -> float:
        """A piece's size on screen at ``zoom``; ``fit``: the zoom that shows the whole map
        and the view's width (those last told when None)."""
        fit_zoom, fit_width = fit if fit is not None else (self.fit_zoom, self.fit_width)
        return pixels_at(zoom, fit_zoom, fit_width, self.size)

    def labels_moved(self) -> None:
        """The map's labels were laid out again: read them afresh at the next layout."""
        self._shapes = None
        self._laid_out_at = None
        if self.interim:  # (where the stacks stood without the labels is not kept)
            self._placed = {}
            self.interim = False

    def scale_to(self, zoom: float, gesture: bool = False,
                 fit: tuple[float, float] | None = None) -> None:
        """The view's zoom changed: resize every piece and lay them out again; during a wheel
        or pinch ``gesture`` the layout waits until the zooming pauses. ``fit``: the zoom
        that shows the whole map, and the view's width in pixels."""
        self.resize_to(zoom, fit)
        if gesture:
            self._layout_timer.start()  # restarted by every step: lays out when they pause
        else:
            self.layout()

    def resize_to(self, zoom: float, fit: tuple[float, float] | None = None) -> None:
        """`scale_to` without laying them out (the caller does, later)."""
        self.zoom = zoom
        if fit is not None:
            self.fit_zoom, self.fit_width = fit
        self._scaled = True
        px = self.pixels()
        for key, item in self.items.items():
            item.set_size(px * self._scale_of.get(key.space, 1.0))
        for summary in self.summaries.values():
            summary.set_size(px)

    def at(self, space: str) -> Iterable[StackItem]:
        return (item for key, item in self.items.items() if key.space == space)

    def boxes_off(self, space: str, scale: float) -> dict[str, Box]:
        """The markers shown of the spaces other than ``space``: each one's square (its
        token and count badge) in scene units at ``scale``, by a name of its own."""
        out: dict[str, Box] = {}
        half = self.pixels() * FOOTPRINT / 2 / scale
        shown = [(key.space, item) for key, item in self.items.items()] + \
            [(where, item) for (where, _owner), item in self.summaries.items()]
        for n, (where, item) in enumerate(shown):
            if where != space and item.isVisible():
                p = item.scenePos()
                out[f"{where} {n}"] = (p.x() - half, p.y() - half, p.x() + half, p.y() + half)
        return out

    def summary_pos(self, space: str) -> QPointF | None:
        """Where the marker ``space``'s stacks are merged into stands (scene), if one shows."""
        for (where, _owner), summary in self.summaries.items():
            if where == space and summary.isVisible():
                return summary.scenePos()
        return None

    def marker_space_at(self, view: QGraphicsView, pos: QPointF,
                        ignore: QGraphicsItem | None = None, token: bool = False
                        ) -> str | None:
        """The space of the stack or summary marker drawn at ``pos`` (scene) in ``view``, the
        item ``ignore`` (a dragged stack) left out; None over none. With ``token``, only where
        ``pos`` lies on the round token itself (not its count or cargo). A small island's
        stacks stand on the sea around it, so the space under a marker is not always its
        own."""
        # (asked of the view: the markers keep their size on screen, whatever the zoom)
        at = view.mapFromScene(pos)
        for item in view.items(at):
            top = item.topLevelItem()
            if top is ignore or not top.isVisible() or \
                    not isinstance(top, StackItem | SummaryItem):
                continue
            if token:
                off = QPointF(at) - QPointF(view.mapFromScene(top.scenePos()))
                if off.x() ** 2 + off.y() ** 2 > (top.size * TOKEN) ** 2:
                    continue
            return top.key.space if isinstance(top, StackItem) else top.space
        return None


__all__ = ["GROWTH", "MAX_PIXELS", "MIN_PIXELS", "SQUEEZED_PIXELS", "Condition",
           "MarkerItem", "PieceLayer", "StackItem", "StackKey", "SummaryItem", "chips_for",
           "condition_of", "describe_space", "fit_pixels", "group_stacks"]


def _claim(spares: dict[object, list[K]], old: dict[K, V], look: object) -> V | None:
    """An item shown before that looks like ``look`` and is not taken yet (still in
    ``old``), taken out of ``old``; None when there is none."""
    keys = spares.get(look)
    while keys:
        key = keys.pop()
        if key in old:
            return old.pop(key)
    return None


def _same_objects(before: tuple[object, ...] | None, now: tuple[object, ...]) -> bool:
    """The same objects in the same order (units are compared by identity: a state shares
    the units it did not change with the state before it)."""
    return before is not None and len(before) == len(now) and \
        all(a is b for a, b in zip(before, now, strict=True))
