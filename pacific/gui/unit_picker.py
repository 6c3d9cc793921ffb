"""The unit picker: what a space holds for the power acting, and how many of each kind to move.

A click on a stack, or on the marker a space's stacks merge into when the zoom is too small for
them, opens it beside the click, inside the map's viewport (so it never covers the side panel's
phase controls). One line per stack, and per kind of cargo aboard it: its token, what it is
(count, moved and not moved, damage, cargo: `pacific.text.stacks.stack_parts`) and, when the
engine lets some of it move now (`Game.movable_units`), a spin box of how many go. Dragging a
line's token onto the map drags that many (`Game.pick_units` chooses which) through the same
drag as the map's own (`DragController.begin_units`): the drop is what `Game.drop_actions` says,
and a click moves nothing. Escape, the close button or a press anywhere else closes it; after
every change of the position (an action, an undo) it shows the space again, and it closes when
the phase or the power acting changes, nothing of the space is left, or the map is zoomed or
resized. Its "Zoom in" button
zooms in on the space, where its stacks stand apart.

It opens beside the stack or marker clicked, where the player looks (opened far off, it is
easily missed), never over it, and where it covers the least of the map a player drops on
(`_place`): off the space it shows, its battle marker and the pointer, and off the
neighbouring spaces' stacks before the others'. In a window too small for it beside the stack
it is made smaller, on the side with the most room (its words narrower, its lines scrolling),
and where even that finds none the map moves to make room (`pacific.gui.picker_place`).
While it is open its lines and the picker itself stay where they are: a line whose stack left
the space stays, greyed ("none left"), until the picker closes, and a stack that arrives gets a
line at the end, as a board game's tray keeps its slots; a token under the pointer never jumps
to another kind between two drags.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import (
    QCursor,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsOpacityEffect,
    QGraphicsView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.picker_place import GAP, MARGIN, beside, inside, near, rooms, shift_for_room
from pacific.gui.picker_token import TOKEN, Token
from pacific.gui.piece_items import StackItem, SummaryItem
from pacific.gui.scene import BattleMarker
from pacific.gui.stacks import PickRow, StackKey, pick_rows
from pacific.gui.steady_rows import SteadyRows
from pacific.rules.board_map import BoardMap
from pacific.rules.engine import Game
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.text import _, place_name
from pacific.text.stacks import stack_parts

LABEL_WIDTH = 230  # a line's words, in pixels (they wrap)
# A picker too large for the room beside the stack: its words narrower (down to this), its
# lines scrolling, at least one line's token in sight.
NARROW_LABEL = 110
MARGINS = (8, 6, 8, 8)   # (left, top, right, bottom)
NARROW_MARGINS = (2, 2, 2, 2)
GHOST_PIXELS = 30.0  # the token dragged over the map
DRAG_OPACITY = 0.15  # the picker while a token is dragged: the map under it shows through
# What a place of the picker covers, weighed (`_place`): the space it shows or the pointer
# (never, where another place is left), a neighbouring space's stack (where a move goes first),
# any other stack.
COVERS_OWN = 1000
COVERS_NEIGHBOUR = 4
COVERS_OTHER = 1

def _row_id(row: PickRow) -> tuple[object, object]:
    """A line's stack and the ships its cargo is aboard."""
    return (row.key, row.aboard)


def _emptied(row: PickRow) -> PickRow:
    return PickRow(row.key, (), (), row.aboard)


class Drag(Protocol):
    """What the picker asks of the map's drag (`pacific.gui.drag.DragController`)."""

    def begin_units(self, ghost: StackItem, units: tuple[int, ...],
                    scene_pos: QPointF) -> None: ...

    def move(self, scene_pos: QPointF) -> None: ...

    @property
    def active(self) -> bool: ...


class UnitPicker(QFrame):
    """The picker, a child of the map view's viewport; `open_at` shows a space in it."""

    def __init__(self, view: QGraphicsView, drag: Drag, game: Callable[[], Game],
                 state: Callable[[], GameState], board: Callable[[], BoardMap],
                 release: Callable[[QPointF], None],
                 zoom_in: Callable[[str], None] | None = None) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.drag = drag
        self.game = game
        self.state = state
        self.board = board
        self.release = release   # the map's drop at a scene point (the main window's)
        # A line's right-click, as a stack's on the map (`MapGestures.stack_menu`).
        self.on_context_menu: Callable[[StackKey, QPoint], None] | None = None
        self.on_unmovable: Callable[[StackKey, tuple[int, ...]], None] | None = None
        self.space: str | None = None
        self.rows: list[PickRow] = []
        self.spins: list[QSpinBox | None] = []
        self._anchor = QPoint()
        self._around = QRect()   # the stack or marker clicked, in viewport pixels
        self._shown_for: tuple[Phase, object] | None = None
        # The lines in the order first shown (kept while the picker is open) and where it
        # was placed (None: placed when it is next filled).
        self._order: SteadyRows[PickRow] = SteadyRows(_row_id, _emptied)
        self._at: QPoint | None = None
        # Its lines' words' width and the largest size it may take, in a window too small for
        # it beside the stack (`_place`; None: its own); kept while open.
        self._narrow: int | None = None
        self._limit: QSize | None = None
        self.labels: list[QLabel] = []
        self.zoom_button: QToolButton | None = None
        # The last layout's lines (their natural size), all but them, and what of them shows.
        self._lines_size = self._chrome = self._seen = QSize()
        self.setObjectName("unit_picker")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.Base))
        self.setPalette(palette)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(*MARGINS)
        outer.setSpacing(4)
        top = QHBoxLayout()
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setMinimumWidth(TOKEN)   # (cut short where the picker is narrower)
        top.addWidget(self.title, 1)
        if zoom_in is not None:   # (a crowded space's stacks, each on its own at a closer zoom)
            zoom = QToolButton()
            zoom.setText(_("Zoom in"))
            zoom.setAutoRaise(True)
            zoom.setToolTip(_("Zoom in on this space"))
            zoom.clicked.connect(lambda: self._zoom_in(zoom_in))
            top.addWidget(zoom)
            self.zoom_button = zoom
        close = QToolButton()
        close.setText("×")
        close.setAutoRaise(True)
        close.setToolTip(_("Close (Esc)"))
        close.clicked.connect(self.close_picker)
        top.addWidget(close)
        outer.addLayout(top)
        self.grid_holder = QWidget()
        # The lines scroll where the picker is smaller than they are (`_place`).
        self.lines = QScrollArea()
        self.lines.setFrameShape(QFrame.Shape.NoFrame)
        self.lines.setWidgetResizable(False)   # (its lines as large as they are: `_sized`)
        self.lines.setWidget(self.grid_holder)
        outer.addWidget(self.lines)
        self.hint = QLabel(_("Choose how many, then drag a token onto the map."))
        self.hint.setWordWrap(True)
        hint_font = self.hint.font()
        hint_font.setPointSizeF(hint_font.pointSizeF() * 0.9)
        self.hint.setFont(hint_font)
        outer.addWidget(self.hint)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._fade = QGraphicsOpacityEffect(self)
        self._fade.setOpacity(1.0)
        self.setGraphicsEffect(self._fade)
        self.hide()

    # ---- showing a space ----

    def open_at(self, space: str, at: QPoint) -> None:
        """Show what ``space`` holds beside ``at`` (viewport pixels) and beside the stack or
        merged marker of ``space`` drawn there."""
        self.space = space
        self._anchor = QPoint(at)
        self._around = self._drawn_at(space, at)
        self._order.reset()
        self._at = None
        self._narrow, self._limit = None, None
        state = self.state()
        self._shown_for = (state.phase, self.game().current_power(state))
        self._fill(state)
        if not self._any_left():
            self.close_picker()
            return
        self.show()
        self.raise_()
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        first = next((spin for spin in self.spins if spin is not None), None)
        (first or self).setFocus(Qt.FocusReason.PopupFocusReason)
        # (the lines scrolled to the spin box focused, where they are cut short: the token,
        # which is dragged, is what must show)
        self.lines.horizontalScrollBar().setValue(0)

    def open_stack(self, item: StackItem) -> None:
        """Show the space of the stack ``item`` (a click on it) beside it."""
        self.open_at(item.key.space, self.view.mapFromScene(item.scenePos()))

    def refresh(self, state: GameState) -> None:
        """The position changed (an action, an undo): show the space again, or close when the
        phase or the power acting changed, or nothing is left there."""
        if not self.isVisible() or self.space is None:
            return
        if self._shown_for != (state.phase, self.game().current_power(state)):
            self.close_picker()
            return
        self._fill(state)
        if not self._any_left():
            self.close_picker()

    def _any_left(self) -> bool:
        return any(row.ids for row in self.rows)

    def _zoom_in(self, zoom_in: Callable[[str], None]) -> None:
        space = self.space
        self.close_picker()
        if space is not None:
            zoom_in(space)

    def close_picker(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.hide()
        self.space = None
        self._order.reset()
        self._at = None

    def _fill(self, state: GameState) -> None:
        assert self.space is not None
        game = self.game()
        # In edit mode every unit may be dragged where it belongs (`edit_moves`).
        movable = frozenset(state.units) if state.edit_mode else frozenset() \
            if state.pending is not None else game.movable_units(state)
        self.rows = self._order.arrange(pick_rows(state, self.space, game.current_power(state),
                                           movable))
        self.title.setText(place_name(self.board(), self.space))
        old = self.lines.takeWidget()
        self.grid_holder = QWidget()
        grid = QGridLayout(self.grid_holder)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        self.spins = []
        self.labels = []
        for line, row in enumerate(self.rows):
            spin: QSpinBox | None = None
            if row.movable:
                spin = QSpinBox()
                spin.setRange(0, len(row.movable))
                spin.setValue(len(row.movable))
                spin.setAccessibleName(_("How many go"))
                spin.setToolTip(_("How many go when the token is dragged"))
            text = " · ".join(stack_parts(state, row.ids)) if row.ids else _("none left")
            if row.aboard is not None:
                text = "↳ " + text   # cargo: under the ships that carry it
            label = QLabel(text)
            label.setEnabled(bool(row.ids))
            label.setWordWrap(True)
            label.setFixedWidth(LABEL_WIDTH if self._narrow is None else self._narrow)
            self.labels.append(label)
            # (at the top of its line: a picker that shows one line shows its token whole)
            grid.addWidget(Token(self, row, spin), line, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, line, 1)
            if spin is not None:
                grid.addWidget(spin, line, 2)
            self.spins.append(spin)
        self.lines.setWidget(self.grid_holder)
        if old is not None:
            old.setParent(self)
            old.hide()
            old.deleteLater()   # (a token of it may be sending the drop that refreshes us)
        self._place()

    def _drawn_at(self, space: str, at: QPoint) -> QRect:
        """What of ``space`` is drawn at ``at`` (viewport pixels): its stack or merged marker
        there, with its count, in viewport pixels (a token's width round ``at`` if none)."""
        half = TOKEN // 2
        around = QRect(at.x() - half, at.y() - half, 2 * half, 2 * half)
        transform = self.view.viewportTransform()
        for item in self.view.items(at):
            top = item.topLevelItem()
            where = top.key.space if isinstance(top, StackItem) else \
                top.space if isinstance(top, SummaryItem) else None
            if where == space and top.isVisible():
                return around.united(top.deviceTransform(transform).mapRect(
                    top.boundingRect()).toAlignedRect())
        return around

    def _place(self) -> None:
        """Beside the stack clicked (``_around``), where it covers the least (`_cover`): right
        of it, left, below or above, each at a few heights or widths along it; kept inside the
        viewport. In a window too small for the whole picker beside the stack it is made
        smaller (`_in_a_room`), and where even that finds no room the map moves to make it;
        only where the map cannot, the place that covers the least of the stack. Once placed
        it stays while open (its top left corner and size limit), so that a line does not
        move under the pointer between two drags."""
        parent = self.parentWidget()
        if parent is None:
            return
        viewport = parent.size()
        whole = QSize(viewport.width() - 2 * MARGIN, viewport.height() - 2 * MARGIN)
        if self._at is not None:
            size = self._sized(self._limit or whole)
            self.move(inside(self._at.x(), self._at.y(), size, viewport))
            return
        size = self._sized(whole)
        best = self._least_covering(beside(self._around, self._anchor, size, viewport), size)
        if size != self._sized(None) or QRect(best, size).intersects(self._around):
            placed = self._in_a_room(viewport)
            if placed is None and self._move_map(viewport):
                placed = self._in_a_room(viewport)
            if placed is not None:
                best, self._limit = placed
                self._sized(self._limit)
            else:   # (no room anywhere: the whole picker where it covers the least)
                self._narrow, self._limit = None, None
                size = self._sized(whole)
                best = self._least_covering(
                    beside(self._around, self._anchor, size, viewport), size)
        self._at = best
        self.move(best)

    def _least_covering(self, places: list[QPoint], size: QSize) -> QPoint:
        """Of ``places`` for the picker of ``size``, the one covering the least; among those,
        the nearest the anchor (the eye is there)."""
        parent = self.parentWidget()
        pointer = parent.mapFromGlobal(QCursor.pos()) if parent is not None else QPoint()
        ax, ay = self._anchor.x(), self._anchor.y()
        return min(places, key=lambda place: (
            self._cover(QRect(place, size), pointer),
            (place.x() + size.width() / 2 - ax) ** 2 + (place.y() + size.height() / 2 - ay) ** 2))

    def _sized(self, limit: QSize | None) -> QSize:
        """Lay the picker out, narrowed as ``_narrow`` says (its words that wide, its margins
        thin), no larger than ``limit`` (None: as large as its lines), its lines scrolling
        where they do not fit; its size."""
        for label in self.labels:
            label.setFixedWidth(LABEL_WIDTH if self._narrow is None else self._narrow)
        # "Choose how many" only where something can move now (never in the purchase phase)
        # and the picker has room for it (the tokens' tooltip says it too).
        self.hint.setVisible(any(spin is not None for spin in self.spins) and
                             self._narrow is None)
        layout = self.layout()
        assert layout is not None
        layout.setContentsMargins(*(MARGINS if self._narrow is None else NARROW_MARGINS))
        grid = self.grid_holder.layout()
        assert grid is not None
        grid.activate()
        lines = self.grid_holder.sizeHint()
        if grid.hasHeightForWidth():
            lines.setHeight(max(lines.height(), grid.heightForWidth(lines.width())))
        self.grid_holder.resize(lines)
        self._show_lines(lines, lines)
        layout.activate()
        natural = self.sizeHint().expandedTo(self.minimumSizeHint())
        margins = layout.contentsMargins()
        # (all but the lines: its margins and frame, its title and hint)
        chrome = QSize(margins.left() + margins.right() + 2 * self.frameWidth(),
                       natural.height() - lines.height())
        self._lines_size, self._chrome, self._seen = lines, chrome, lines
        if limit is not None and limit.expandedTo(natural) != limit:
            bar = self.lines.verticalScrollBar().sizeHint().width()
            room = limit - chrome
            width, height = min(lines.width(), room.width()), min(lines.height(), room.height())
            if height < lines.height():   # (a scroll bar beside the lines, if there is room)
                width = min(lines.width() + bar, room.width())
            if width < lines.width():     # (and one under them)
                height = min(lines.height() + bar, room.height())
            shown = QSize(max(width, 0), max(height, 0))
            self._seen = shown - QSize(bar if height < lines.height() else 0,
                                       bar if width < lines.width() else 0)
            self._show_lines(shown, lines)
            layout.activate()
            natural = (chrome + shown).expandedTo(QSize(natural.width(), 0)).boundedTo(limit)
        if self.zoom_button is not None:   # (a picker too narrow for it: the title and ×)
            self.zoom_button.setVisible(
                natural.width() >= self.zoom_button.sizeHint().width() + 2 * TOKEN)
        self.resize(natural)
        return natural

    def _show_lines(self, size: QSize, lines: QSize) -> None:
        """The lines' area ``size``, for lines of size ``lines``: a scroll bar where they do
        not fit, and none where they do (set here, not left to the scroll area's next event,
        so that the picker is whole as soon as it is placed)."""
        on, off = Qt.ScrollBarPolicy.ScrollBarAlwaysOn, Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        self.lines.setVerticalScrollBarPolicy(on if size.height() < lines.height() else off)
        self.lines.setHorizontalScrollBarPolicy(on if size.width() < lines.width() else off)
        self.lines.setFixedSize(size)

    def _in_a_room(self, viewport: QSize) -> tuple[QPoint, QSize] | None:
        """A smaller picker in the room one side of the stack leaves, its words narrower and
        its lines scrolling: on the side where it shows the most, at least one line's token
        whole (its top left corner and size); None if no side has room for that."""
        anchor = self._anchor
        least = self._least()
        # (all but the words)
        fixed = self._lines_size.width() - NARROW_LABEL + self._chrome.width()
        bar = self.lines.verticalScrollBar().sizeHint().width()
        found: list[tuple[tuple[int, ...], QPoint, QSize, int]] = []
        for room in rooms(self._around, viewport):
            if room.width() < least.width() or room.height() < least.height():
                continue
            words = max(NARROW_LABEL, min(LABEL_WIDTH, room.width() - fixed - bar))
            self._narrow = words
            size = self._sized(room.size())
            if self._seen.width() < TOKEN or self._seen.height() < TOKEN:
                continue   # (not even one token whole)
            corner = near(room, size, anchor)
            found.append(((-size.width() * size.height(),
                           self._cover(QRect(corner, size), QPoint(-1, -1))),
                          corner, size, words))
        if not found:
            self._narrow = None
            return None
        _key, corner, size, self._narrow = min(found, key=lambda f: f[0])
        return corner, size

    def _least(self) -> QSize:
        """The smallest picker that shows one line's token whole (laid out narrowest): its
        margins, title and one token, and a scroll bar beside and under it."""
        self._narrow = NARROW_LABEL
        self._sized(None)
        bar = self.lines.verticalScrollBar().sizeHint().width()
        return self._chrome + QSize(TOKEN + bar, TOKEN + bar)

    def _move_map(self, viewport: QSize) -> bool:
        """Move the map so that a side of the stack leaves room for a small picker
        (`shift_for_room`), the stack and the anchor following; whether it moved."""
        least = self._least()
        want = self._chrome + self._lines_size
        self._narrow = None
        shift = shift_for_room(self._around, viewport, least, want)
        if shift is None or shift.isNull():
            return False
        view = self.view
        anchor = view.mapToScene(self._anchor)
        centre = view.mapToScene(view.viewport().rect().center() + shift)
        move_to = getattr(view, "center_on_scene_point", view.centerOn)
        move_to(centre)
        moved = view.mapFromScene(anchor) - self._anchor
        self._anchor += moved
        self._around.translate(moved)
        return not moved.isNull()

    def _cover(self, box: QRect, pointer: QPoint) -> int:
        """How much of what a player drops on the picker would cover at ``box`` (viewport
        pixels): the stack clicked and the pointer, the neighbouring spaces' stacks and markers,
        the other stacks, and whether the overview would hide part of it (`COVERS_OWN` and
        the like)."""
        grown = box.adjusted(-GAP // 2, -GAP // 2, GAP // 2, GAP // 2)
        cost = COVERS_OWN if box.contains(pointer) else 0
        if grown.intersects(self._around):
            # (where every place covers it, in a small window, the one covering least)
            over = grown.intersected(self._around)
            cost += COVERS_OWN + over.width() * over.height()
        # The overview in the map's corner, a child of the view, stands over the viewport and
        # the picker in it: under it, the picker's last lines would be hidden.
        overview = getattr(self.view, "minimap", None)
        if isinstance(overview, QWidget) and overview.isVisible() and box.intersects(
                QRect(self.view.viewport().mapFrom(self.view, overview.pos()),
                      overview.size())):
            cost += COVERS_OWN
        space = self.space
        near = self.board().neighbours.get(space, frozenset()) if space else frozenset()
        for item in self.view.items(box):
            if not item.isVisible() or item.topLevelItem() is not item:
                continue
            if isinstance(item, StackItem):
                where = item.key.space
            elif isinstance(item, SummaryItem):
                where = item.space
            elif isinstance(item, BattleMarker) and item.space == space:
                where = space   # (its battle's burst, or its ring round the stack clicked)
            else:
                continue
            if where == space:
                cost += COVERS_OWN
            else:
                cost += COVERS_NEIGHBOUR if where in near else COVERS_OTHER
        return cost

    # ---- dragging from a line ----

    def chosen(self, line: int) -> tuple[int, ...]:
        """The units line ``line`` would drag now: as many as its spin box says, those the
        engine moves first."""
        spin = self.spins[line]
        row = self.rows[line]
        if spin is None or spin.value() == 0:
            return ()
        return self.game().pick_units(self.state(), row.movable, spin.value())

    def start_drag(self, token: Token, global_pos: QPoint) -> None:
        if token.spin is None or token.row not in self.rows:
            return
        units = self.chosen(self.rows.index(token.row))
        if not units:
            return
        state = self.state()
        cargo = [c for i in units for c in state.cargo_of(i)]
        ghost = StackItem(token.row.key, [state.units[i] for i in units], cargo,
                          GHOST_PIXELS, "")
        self.drag.begin_units(ghost, units, self._scene_at(global_pos))
        # The drop may well be on a space the picker covers: it fades while the token moves.
        self._fade.setOpacity(DRAG_OPACITY)

    def drag_to(self, global_pos: QPoint) -> None:
        if self.drag.active:
            self.drag.move(self._scene_at(global_pos))

    def drop_at(self, global_pos: QPoint) -> None:
        self._fade.setOpacity(1.0)
        if self.drag.active:
            self.release(self._scene_at(global_pos))

    def _scene_at(self, global_pos: QPoint) -> QPointF:
        return self.view.mapToScene(self.view.viewport().mapFromGlobal(global_pos))

    # ---- closing ----

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While open: Escape anywhere closes it, and so does a press outside it, a zoom of the
        map or a change of its size."""
        kind = event.type()
        if kind in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride) and \
                isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
            self.close_picker()
            return True
        if kind in (QEvent.Type.Resize, QEvent.Type.Wheel) and watched is self.parentWidget():
            # The map is fitted again or zoomed: the stack is no longer where the picker is.
            self.close_picker()
            return False
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick) and \
                isinstance(watched, QWidget) and watched.isWidgetType() and \
                not self.isAncestorOf(watched) and watched is not self:
            self.close_picker()
        return False

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()   # a press on the picker's own background is not one on the map

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.accept()   # (its lines scrolled to their end: not a zoom of the map under it)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_picker()
            return
        super().keyPressEvent(event)

