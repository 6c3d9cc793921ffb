"""The dialogs of the game shown: the purchase table, the British convoy income split, the
hand-over screen, the victory screen, the end-of-phase question and the dice of a roll outside
a battle typed in at the table (a roll in a battle is typed in on the battle board).

Each one belongs to the game it was opened for: `GameDialogs` keeps it until it closes, and
`discard` closes them all, signals blocked, when another game is shown, so that an "OK" left
pending in one can never act on another game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDialog

from pacific.gui.battle_text import dice_group_text, dice_prompt
from pacific.gui.dialogs.simple import ConvoySplitDialog, HandOverDialog, VictoryDialog
from pacific.gui.rule_wrap import unbroken
from pacific.rules.actions.combat import RollDice
from pacific.rules.decisions import DiceRoll
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, seat_of
from pacific.rules.state import GameState
from pacific.text import _, win_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    # The purchase table and the dice typed in are imported when first opened: no start
    # shows them before its first paint (docs/performance.md).
    from pacific.gui.dialogs.purchase import PurchaseDialog
    from pacific.gui.dice_entry import DiceRollDialog
    from pacific.gui.main_window import MainWindow


class _NoPresses(QObject):
    """Eats the mouse presses of the widget it filters while ``active``."""

    PRESSES = frozenset({QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
                         QEvent.Type.MouseButtonDblClick})

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.active = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        return self.active and event.type() in self.PRESSES


class GameDialogs:
    """Opens the game's dialogs over ``window`` and turns their answers into actions."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.open: list[QDialog] = []
        self.purchase: PurchaseDialog | None = None
        self.handover: HandOverDialog | None = None
        self.convoy: ConvoySplitDialog | None = None
        self.victory: VictoryDialog | None = None
        self.confirm: QMessageBox | None = None
        self.dice: DiceRollDialog | None = None
        self.notes: QMessageBox | None = None
        # A question of the application's own is up (restore a crashed game?): the game's
        # questions wait for it.
        self.asking_first = False
        # The seat of the person who acts now (R-SETUP-2): the screen shows when it changes.
        self.seat: int | None = None
        self._presses: _NoPresses | None = None   # the map's presses, held behind a screen

    def _keep(self, dialog: QDialog, screen: bool = False) -> None:
        """Show ``dialog``, kept until it closes: modal over the window; or a ``screen`` (the
        hand-over screen, the convoy question), which leaves the Game, View and Help menus
        open (a person may open a saved game instead, Ctrl+O) while the side panel, the
        map's presses and the menus that play the game wait behind it (`_screen_game`)."""
        self.open.append(dialog)

        def closed(_result: int) -> None:
            if dialog in self.open:
                self.open.remove(dialog)
            if screen:
                self._screen_game()

        dialog.finished.connect(closed)
        if not screen:
            dialog.open()
            return
        dialog.setModal(False)
        dialog.addActions(self.window.menus.game_keys)   # Ctrl+O with the focus on it too
        dialog.show()
        self._screen_game()

    def _screen_game(self) -> None:
        """The game's own controls wait while a screen is up: the side panel and the Edit and
        Turn menus take no click nor key, the map no press (a drag would play behind the
        screen); the map may still be looked at, hovered and zoomed."""
        up = any(d is not None and d.isVisible() for d in (self.handover, self.convoy))
        window = self.window
        for part in (window.side_dock.widget(), *window.menus.game_menus):
            if part is not None:
                part.setEnabled(not up)
        view = window.view
        if view is not None:
            if self._presses is None:
                self._presses = _NoPresses(view.viewport())
                view.viewport().installEventFilter(self._presses)
            self._presses.active = up

    def _withdraw(self, dialog: QDialog) -> None:
        """Close ``dialog`` without letting it act (its signals blocked)."""
        dialog.blockSignals(True)
        dialog.close()
        dialog.deleteLater()
        if dialog in self.open:
            self.open.remove(dialog)
        self._screen_game()   # a screen withdrawn no longer holds the game

    def discard(self) -> None:
        """Close every dialog of the game shown without letting it act: its signals are
        blocked, so its accepted and finished handlers never run."""
        for dialog in list(self.open):
            self._withdraw(dialog)
        self.purchase = self.handover = self.convoy = self.victory = None
        self.window.turn_panel.offer_board(screened=False)
        self.confirm = None
        self.dice = None
        self.notes = None

    def open_purchase(self, nation: Nation | None = None) -> PurchaseDialog | None:
        """Open the purchase dialog for ``nation`` (default: the first of the power that has
        not bought yet). India and Australia buy separately (R-PURCH-1)."""
        controller = self.window.controller
        if controller is None:
            return None
        state = controller.state
        offers = controller.game.purchase_offers(state)
        if not offers:
            return None
        offer = next((o for o in offers if o.nation is nation), None) if nation is not None \
            else next((o for o in offers if not o.bought), offers[0])
        if offer is None:
            return None
        from pacific.gui.dialogs.purchase import PurchaseDialog

        dialog = PurchaseDialog(offer, self.window,
                                china_infantry_due=state.china_infantry_due)

        def bought() -> None:
            action = dialog.action()
            if action is not None:
                self.window.submit(action)
            # India and Australia buy one after the other (R-PURCH-1): the next nation's
            # dialog follows, once this one has closed, so that Australia is not forgotten.
            following = self._next_buyer(offer.nation)
            if following is not None:
                QTimer.singleShot(0, lambda: self._open_next(following))

        dialog.accepted.connect(bought)
        self.purchase = dialog
        self._keep(dialog)
        return dialog

    def _next_buyer(self, after: Nation) -> Nation | None:
        """The nation of the power playing after ``after`` that has not bought yet and can
        pay for a unit, in the engine's order of its offers (R-PURCH-1); None if none."""
        controller = self.window.controller
        if controller is None:
            return None
        offers = controller.game.purchase_offers(controller.state)
        nations = [o.nation for o in offers]
        if after not in nations:
            return None
        return next((o.nation for o in offers[nations.index(after) + 1:] if o.waiting), None)

    def _open_next(self, nation: Nation) -> None:
        """``nation``'s purchase, if the position still asks it of this window: nothing else
        opened meanwhile, and it has not bought (an undo, the phase's end, a new game)."""
        controller = self.window.controller
        if controller is None or self.open:
            return
        offer = next((o for o in controller.game.purchase_offers(controller.state)
                      if o.nation is nation), None)
        if offer is not None and not offer.bought:
            self.open_purchase(nation)

    def open_convoy_split(self, total: int) -> ConvoySplitDialog:
        """The British convoy income to split between India and Australia (R-INCOME-3)."""
        dialog = ConvoySplitDialog(total, self.window)
        self.convoy = dialog

        def done() -> None:
            self.convoy = None
            self.window.submit(dialog.action())

        dialog.accepted.connect(done)
        self._keep(dialog, screen=True)
        return dialog

    def follow_convoy(self, state: GameState, asked: bool) -> None:
        """The convoy question, open while the position asks it of a person (``asked``: a
        legal answer, not the computer's seat) and closed once it does not; it waits behind
        the hand-over screen and behind a question of the application's own."""
        if self.convoy is not None and not asked:
            self.close_convoy()   # answered already, or the computer's to answer
        if asked and state.convoy_split_due and self.convoy is None and \
                not self.handing_over() and not self.asking_first:
            self.open_convoy_split(state.convoy_split_due)

    def close_convoy(self) -> None:
        """Close the convoy question, unanswered: the position no longer asks it of a person
        (the computer's Britain answered it, or another game is shown)."""
        if self.convoy is not None:
            self._withdraw(self.convoy)
            self.convoy = None

    def ask(self, title: str, question: str, then: Callable[[], object]) -> QMessageBox:
        """A yes/no question; ``then`` runs on Yes."""
        from PySide6.QtWidgets import QMessageBox  # (imported when first shown: `qt_dialogs`)

        box = QMessageBox(QMessageBox.Icon.Question, title, question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.window)
        self.confirm = box

        def answered(result: int) -> None:
            if result == QMessageBox.StandardButton.Yes.value:
                then()

        box.finished.connect(answered)
        self._keep(box)
        return box

    def warn(self, title: str, text: str, proceed: str, then: Callable[[], object],
             cancelled: Callable[[], object] | None = None) -> QMessageBox:
        """A warning before units are lost: ``proceed`` (the button's words) runs ``then``;
        Cancel, the default, runs ``cancelled`` and nothing is lost."""
        from PySide6.QtWidgets import QMessageBox  # (imported when first shown: `qt_dialogs`)

        box = QMessageBox(QMessageBox.Icon.Warning, title, unbroken(text),
                          QMessageBox.StandardButton.Cancel, self.window)
        go = box.addButton(proceed, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        self.confirm = box

        def answered(_result: int) -> None:
            if box.clickedButton() is go:
                then()
            elif cancelled is not None:
                cancelled()

        box.finished.connect(answered)
        self._keep(box)
        return box

    def follow_seat(self, state: GameState) -> None:
        """The hot-seat screen whenever the person who must act changes: a question asked of
        another seat in a turn (Britain's interception in Japan's raid, R-SBR-3; the convoy
        split before Japan's first turn, R-SETUP-8) and the way back after it; none between
        Great Britain's and the United States' turns when one person holds both (R-SETUP-2)."""
        before = self.seat
        if self.sit(state) != before:
            self.hand_over()

    def sit(self, state: GameState) -> int | None:
        """The seat of the person who acts in ``state``, now `seat`; the computer acting leaves
        the seat of the person who acted last."""
        power = Game.current_power(state)
        if power not in self.window.computer.levels:
            self.seat = seat_of(power, state.players)
        return self.seat

    def hand_over(self, _power: object = None) -> None:
        """The hot-seat screen naming the next player (when the preference is on)."""
        window = self.window
        if window.controller is None:
            return
        state = window.controller.state
        self.sit(state)
        if self.handing_over() and self.handover is not None and \
                self.handover.seat == self.seat:
            return   # already asking this player to sit down
        # None while a tabletop group moves the turn in edit mode, nor in the
        # guided tutorial (its screen is on), where one person plays every side, nor once
        # the game is won: nobody's turn comes (R-VICTORY-1).
        if not window.prefs.handover_screen or state.edit_mode or \
                window.controller.screen is not None or state.winner is not None:
            return
        # Nobody to hand over to: the computer acts (a pending decision may be another
        # power's, R-SETUP-8), or one person plays against the computer.
        if Game.current_power(window.controller.state) in window.computer.levels or \
                window.computer.people() <= 1:
            return
        if self.handover is not None and self.handover.isVisible():
            self.handover.close()  # one hand-over screen at a time, the latest
        # Asked before the screen came up: asked again once the player has taken the seat.
        self.close_convoy()
        dialog = HandOverDialog(window.controller.state, window.prefs.seat_names(), window)
        self.handover = dialog
        # The screen hides the game from the player who is not to see it: a battle board,
        # a window of its own, could stand over it. It comes back after Start (`show_state`).
        window.turn_panel.offer_board(screened=True)
        board = window.visible_battle_board()
        if board is not None:
            board.hide()
        # A question the next player must answer (the convoy split) comes after the screen.
        dialog.finished.connect(lambda _r: self._handed_over(dialog))
        self._keep(dialog, screen=True)

    def handing_over(self) -> bool:
        """Whether the hot-seat screen is up, hiding the board from the next player."""
        return self.handover is not None and self.handover.isVisible()

    def _handed_over(self, dialog: HandOverDialog) -> None:
        if self.handover is dialog:
            self.handover = None
            self.window.turn_panel.offer_board(screened=False)
            # The keys go to the game again: a window manager gives the main window back its
            # focus when the screen closes, X without one does not (its shortcuts, Ctrl+0
            # among them, would reach nobody until a click on it). The map takes them, as a
            # click on it would: the arrows pan it, 0 fits it.
            self.window.activateWindow()
            if self.window.view is not None:
                self.window.view.setFocus()
        controller = self.window.controller
        if controller is not None:
            self.window.show_state(controller.state)

    def show_notes(self, notes: list[str]) -> QMessageBox:
        """What the history of a game opened says about it (e.g. its actions replay
        differently under today's rules: it goes on from the saved position), in
        the player's language. Not modal: the game can be played while it is read."""
        from PySide6.QtWidgets import QMessageBox  # (imported when first shown: `qt_dialogs`)

        box = QMessageBox(QMessageBox.Icon.Information, _("About this saved game"),
                          "\n\n".join(notes), QMessageBox.StandardButton.Ok, self.window)
        box.setWindowModality(Qt.WindowModality.NonModal)
        self.notes = box
        self.open.append(box)
        box.finished.connect(lambda _r: self.open.remove(box) if box in self.open else None)
        box.show()
        return box

    def show_victory(self, state: GameState) -> None:
        history = self.window.controller.history if self.window.controller else None
        dialog = VictoryDialog(state, self.window,
                               win_text(history) if history is not None else None)
        self.victory = dialog
        self._keep(dialog)

    def show_dice_roll(self, state: GameState | None) -> DiceRollDialog | None:
        """The dice of a roll outside a battle (AA fire over a territory flown over,
        R-AAFLY-2), typed in: asked for while ``state`` waits for them; None closes it."""
        pending = state.pending if state is not None else None
        # Play waits while edit mode is on (EDIT-2): no dice are asked for then.
        if state is None or not isinstance(pending, DiceRoll) or state.edit_mode:
            if self.dice is not None:
                dialog, self.dice = self.dice, None
                dialog.entry.blockSignals(True)  # closed by the game, not cancelled
                dialog.close()
            return None
        board = self.window.controller.board if self.window.controller is not None else None
        if board is None:
            return None
        if self.dice is None:
            from pacific.gui.dice_entry import DiceRollDialog

            dialog = DiceRollDialog(self.window)
            dialog.entry.rolled.connect(
                lambda values: self.window.submit(RollDice(values=values)))
            dialog.entry.cancelled.connect(self.window.cancel_roll)
            dialog.finished.connect(lambda _r: setattr(self, "dice", None)
                                    if self.dice is dialog else None)
            self.dice = dialog
            self._keep(dialog)
        self.dice.ask(dice_prompt(board, pending),
                      [(dice_group_text(board, g), g.count, g.hit_on) for g in pending.groups],
                      key=state)
        return self.dice
