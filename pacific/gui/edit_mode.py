"""Edit mode in the main window: Edit ▸ Edit mode, the banner, the edit panel's
dock, and the gestures of edit mode — a unit dropped from the palette, a right-click on a
stack (on the map or on a line of the unit picker), a click on a territory. A stack dragged
to another space is the map's drag (`pacific.gui.drag`), whose drop in edit mode is one
`edit_move_units` (`pacific.gui.edit_moves`). Each gesture becomes one edit action submitted
through the controller (`submit`); nothing here changes the game. The engine refuses what
would make the position inconsistent, with the rule and the space, and the main window shows
the refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QWidget,
)

from pacific.gui.pieces import Condition, StackKey
from pacific.rules.actions import Action
from pacific.rules.actions.edit import (
    MAX_EDIT_COUNT,
    EditAddUnits,
    EditControl,
    EditDamaged,
    EditMode,
    EditRemoveUnits,
    EditSubmerged,
)
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text import _, nation_name, place_name, unit_count, unit_noun

if TYPE_CHECKING:
    from PySide6.QtWidgets import QInputDialog

    from pacific.gui.edit_widgets import EditPanel

Submit = Callable[[Action], object]


class EditBanner(QFrame):
    """The strip across the top of the map while edit mode is on."""

    done = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("edit_banner")
        self.setStyleSheet("#edit_banner { background: #f6c343; border-bottom: 2px solid "
                           "#b7860b; } QLabel { color: #3a2a00; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 10, 4)
        self.text = QLabel(_("<b>✎ EDIT MODE</b> — every change is a correction recorded in "
                             "the game; play waits."))
        self.text.setToolTip(_("Drag units from the palette, drag a stack where it belongs, "
                               "right-click a stack to change it, click a territory to set its "
                               "controller"))
        self.text.setWordWrap(True)
        layout.addWidget(self.text, 1)
        self.done_button = QPushButton(_("Done editing"))
        self.done_button.clicked.connect(self.done.emit)
        layout.addWidget(self.done_button)
        self.hide()


class EditingUi(QObject):
    """Everything edit mode adds to a main window. ``submit`` applies one action through the
    controller; ``game`` and ``state`` give the rules and the position shown."""

    def __init__(self, window: QMainWindow, submit: Submit) -> None:
        super().__init__(window)
        self.window = window
        self.submit = submit
        self.game: Game | None = None
        self.state: GameState | None = None
        self.banner = EditBanner()
        self.banner.done.connect(lambda: self.submit(EditMode(on=False)))
        # The edit panel and its dock are built when edit mode first shows them (`dock`): a
        # game starts with edit mode off, and its first paint need not wait for them.
        self._panel: EditPanel | None = None
        self._dock: QDockWidget | None = None
        self.menu_action = QAction(_("Edit &mode"), window)
        self.menu_action.setCheckable(True)
        self.menu_action.setShortcut(QKeySequence("Ctrl+E"))
        self.menu_action.setToolTip(_("Correct the position: units, control, the books, the "
                                      "turn (a tabletop game's mistakes, or a game under way)"))
        self.menu_action.triggered.connect(lambda on: self.submit(EditMode(on=bool(on))))
        self.menu: QMenu | None = None      # the last context menu opened (tests drive it)

    @property
    def dock(self) -> QDockWidget:
        """The edit panel's dock, a tab beside the game's, built on first use."""
        return self._built()[1]

    @property
    def panel(self) -> EditPanel:
        """The edit panel, built with its dock on first use."""
        return self._built()[0]

    def _built(self) -> tuple[EditPanel, QDockWidget]:
        if self._panel is None or self._dock is None:
            # The panel's module, with its widgets' Qt classes (a list, spin boxes, a form...),
            # is imported here: most games never open edit mode.
            from pacific.gui.edit_widgets import EditPanel

            self._panel = panel = EditPanel()
            panel.action_requested.connect(self.submit)
            window = self.window
            dock = self._dock = QDockWidget(_("Edit"), window)
            dock.setObjectName("edit_dock")
            # On a short screen the panel scrolls rather than pushing its last fields away.
            scroll = QScrollArea()
            scroll.setWidget(panel)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QScrollArea.Shape.NoFrame)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setMaximumWidth(panel.maximumWidth() + 20)
            # Never narrower than the panel and its scroll bar: it does not scroll sideways,
            # and the dock it shares with the game's (a window saved narrow) cut its right
            # column.
            scroll.setMinimumWidth(panel.minimumSizeHint().width()
                                   + scroll.verticalScrollBar().sizeHint().width())
            dock.setWidget(scroll)
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
            # A tab beside the game's own dock: the map keeps its width on a small screen,
            # and the panel repeats the books the game dock shows.
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            game_dock = window.findChild(QDockWidget, "game_dock")
            if game_dock is not None:
                window.tabifyDockWidget(game_dock, dock)
            dock.hide()
        return self._panel, self._dock

    @property
    def editing(self) -> bool:
        return self.state is not None and self.state.edit_mode

    def show_state(self, game: Game, state: GameState) -> None:
        """Mirror ``state``: the banner, the dock and the menu's check follow edit mode."""
        self.game, self.state = game, state
        on = state.edit_mode
        self.banner.setVisible(on)
        if on and not self.dock.isVisible():
            self.dock.show()
            self.dock.raise_()
        elif not on and self._dock is not None:
            self._dock.hide()
        self.menu_action.blockSignals(True)
        self.menu_action.setChecked(on)
        self.menu_action.blockSignals(False)
        self.menu_action.setEnabled(state.winner is None)
        if on:
            self.panel.show_state(state, game.production_report(state))

    def refused(self) -> None:
        """An edit was refused: the panel shows the position again, not what was typed."""
        if self.game is not None and self.state is not None and self.state.edit_mode:
            self.panel.show_state(self.state, self.game.production_report(self.state))

    # ---- gestures ----

    def dropped(self, nation: Nation, unit_type: UnitType, space: str | None) -> None:
        """A unit dragged from the palette onto ``space`` (None: off the map)."""
        if space is not None:
            self.submit(EditAddUnits(nation=nation, unit_type=unit_type, space=space,
                                     count=self.panel.drop_count.value()))

    def stack_menu(self, key: StackKey) -> QMenu | None:
        """The right-click menu of a stack in edit mode: add, remove, set the number, damage,
        submersion, and the cargo aboard."""
        game, state = self.game, self.state
        if game is None or state is None or not state.edit_mode:
            return None
        board = game.board
        name = place_name(board, key.space)
        here = [u for u in state.units_at(key.space)
                if u.carried_by is None and u.type is key.unit_type and u.owner is key.owner]
        marked = key.condition is not Condition.READY
        stack = [u for u in here if (u.damaged or u.submerged) is marked]
        menu = QMenu(self.window)
        menu.addSection(_("{units} in {space}").format(
            units=_owned(key.owner, len(stack), key.unit_type), space=name))
        common = {"nation": key.owner, "unit_type": key.unit_type, "space": key.space}
        exact = {"marked": marked} if key.unit_type in (UnitType.BATTLESHIP,
                                                        UnitType.SUBMARINE) else {}
        self._item(menu, _("Add one"), EditAddUnits(**common))
        self._item(menu, _("Remove one"), EditRemoveUnits(**common, **exact))
        if len(stack) > 1:
            self._item(menu, _("Remove all {count}").format(count=len(stack)),
                       EditRemoveUnits(**common, **exact, count=len(stack)))
        number = menu.addAction(_("Set the number ({count})…").format(count=len(here)))
        number.triggered.connect(lambda: self._ask_number(key, len(here)))
        mark = {UnitType.BATTLESHIP: (_("Damaged"), EditDamaged),
                UnitType.SUBMARINE: (_("Submerged"), EditSubmerged)}.get(key.unit_type)
        if mark is not None:
            title, kind = mark
            now = sum(1 for u in here if u.damaged or u.submerged)
            sub = menu.addMenu(_("{mark}: {count} of {total}").format(
                mark=title, count=now, total=len(here)))
            for count in range(len(here) + 1):
                action = sub.addAction(str(count))
                action.setCheckable(True)
                action.setChecked(count == now)
                action.triggered.connect(lambda _=False, c=count, k=kind: self.submit(
                    k(nation=key.owner, space=key.space, count=c)))
        cargo = [c for u in stack for c in state.cargo_of(u.id)]
        if cargo:
            menu.addSection(_("Aboard"))
        for unit_type, owner in sorted({(c.type, c.owner) for c in cargo}):
            aboard = [c for c in cargo if (c.type, c.owner) == (unit_type, owner)]
            self._item(menu, _("Remove {unit} (of {count} aboard)").format(
                           unit=_owned(owner, 1, unit_type), count=len(aboard)),
                       EditRemoveUnits(nation=owner, unit_type=unit_type, space=key.space,
                                       aboard=aboard[0].carried_by))
        self.menu = menu
        return menu

    def _item(self, menu: QMenu, text: str, action: Action) -> None:
        item = menu.addAction(text)
        item.triggered.connect(lambda: self.submit(action))

    def _ask_number(self, key: StackKey, now: int) -> QInputDialog:
        from PySide6.QtWidgets import QInputDialog

        dialog = QInputDialog(self.window)
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(0, now + MAX_EDIT_COUNT)
        dialog.setIntValue(now)
        dialog.setWindowTitle(_("Set the number of units"))
        where = place_name(self.game.board, key.space) if self.game else key.space
        dialog.setLabelText(_("{nation}, {unit} in {space}:").format(
            nation=nation_name(key.owner), unit=unit_noun(key.unit_type), space=where))
        dialog.intValueSelected.connect(lambda value: self.set_number(key, now, value))
        dialog.open()
        return dialog

    def set_number(self, key: StackKey, now: int, wanted: int) -> None:
        """One action that brings the units of the stack's type and nation there to
        ``wanted``."""
        common = {"nation": key.owner, "unit_type": key.unit_type, "space": key.space}
        if wanted > now:
            self.submit(EditAddUnits(**common, count=min(wanted - now, MAX_EDIT_COUNT)))
        elif wanted < now:
            self.submit(EditRemoveUnits(**common, count=min(now - wanted, MAX_EDIT_COUNT)))

    def space_menu(self, space: str) -> QMenu | None:
        """A territory clicked in edit mode: who controls it. A convoy zone: who holds it."""
        game, state = self.game, self.state
        if game is None or state is None or not state.edit_mode:
            return None
        board = game.board
        options = game.control_choices(state, space)
        if not options:
            return None
        current = state.territory_owner.get(space) if board.is_land(space) else \
            state.convoy_holder.get(space, options[0])
        menu = QMenu(self.window)
        question = _("{space}: who holds the convoy zone") if board.is_sea(space) else \
            _("{space}: who holds the territory")
        menu.addSection(question.format(space=place_name(board, space)))
        for nation in options:
            item = menu.addAction(_("Held by {nation}").format(
                nation=nation_name(nation)))
            item.setCheckable(True)
            item.setChecked(nation is current)
            item.triggered.connect(lambda _=False, n=nation: self.submit(
                EditControl(space=space, nation=n)))
        self.menu = menu
        return menu

    def popup(self, menu: QMenu | None, where: QPoint | QPointF) -> None:
        if menu is not None:
            menu.popup(where if isinstance(where, QPoint) else where.toPoint())


def _owned(nation: Nation, count: int, unit_type: UnitType) -> str:
    """"Japan: 2 infantry" in the active language (a stack's heading in edit mode)."""
    return _("{nation}: {units}").format(nation=nation_name(nation),
                                         units=unit_count(unit_type, count))


__all__ = ["EditingUi"]
