"""Help ▸ Tutorials and Help ▸ Lessons: a guided course run in the main window.

The runner shows the tutorial's game on the real board and follows its history with
`pacific.tutorial.Progress`; it judges play only through the engine's state and the actions
applied, never through widgets:

- before a legal action is applied, the controller asks the runner (`GameController.screen`):
  an action off the step's script is refused, its hint shown beside the drop and in the panel;
  nothing enters the history, so no undo is needed and no die is rolled;
- the battles roll the step's fixed dice (`GameController.dice_factory`), so what the text
  says happens is what happens;
- after every change (an action, an undo, a redo) the step follows the history, the panel and
  the marks on the map are redrawn, and the game and the step reached are saved
  (`store.TutorialStore`), so the tutorial survives being left and the app being closed.

Leaving the tutorial, or showing another game, keeps the saved tutorial: Help ▸ Tutorials
offers to resume it or to start over.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, QTimer
from PySide6.QtWidgets import QMessageBox, QVBoxLayout

from pacific.gui.controller import GameController
from pacific.gui.dialogs.rules import open_rules
from pacific.gui.piece_items import MarkerItem
from pacific.gui.tutorial.framing import Framer
from pacific.gui.tutorial.marks import MapMarks, piece_items
from pacific.gui.tutorial.panel import TutorialPanel
from pacific.gui.tutorial.store import TutorialStore
from pacific.rules.actions import Action
from pacific.rules.dice import DiceSource, FixedDice
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction, PacificError, Term
from pacific.rules.files.maps import board_resolver, find_map
from pacific.rules.files.scenario import load_scenario
from pacific.rules.history import History
from pacific.rules.state import GameState
from pacific.text import _, error_text, gettext, place_name, template_text
from pacific.tutorial import UI_LABELS, Progress, Step, TutorialMismatch
from pacific.tutorial.course import JAPAN, Course

if TYPE_CHECKING:
    from pacific.gui.tutorial.window import TutorialWindow

OBJECT_NAME = "tutorial"
Button = QMessageBox.StandardButton
FOCUS_MARGIN = 0.7     # the framed spaces fill this share of the view
FRAME_ZOOM = 3.5       # a step frames its spaces at most this many times the whole map's
                       # zoom, so a small space (Japan, at the purchase) keeps its neighbours
KEEP_ZOOM = 0.7        # the player's view stays when it shows the step's spaces at this share
                       # of the zoom the step would choose, or closer


def ui_labels() -> dict[str, str]:
    """The names of the controls the steps name, in the player's language."""
    return {name: gettext(label) for name, label in UI_LABELS.items()}


def ui_terms() -> dict[str, Term]:
    """The same names as a refusal's values: `pacific.text` translates them when it shows
    the refusal."""
    return {name: Term(label) for name, label in UI_LABELS.items()}


def reason_text(exc: Exception) -> str:
    """Why the tutorial could not be saved or resumed, in the player's language where the
    error is one of Pacific's messages (a file system error speaks the system's)."""
    return error_text(exc) if isinstance(exc, PacificError) else str(exc)


class TutorialHint(IllegalAction):
    """A move off the tutorial's script: refused like an illegal one, with the step's hint
    (a message id, its controls as `Term` values) and the rule the step teaches."""


class TutorialRunner(QObject):
    """The tutorial of one main window (see the module)."""

    def __init__(self, window: TutorialWindow, store: TutorialStore) -> None:
        super().__init__(window.window())
        self.setObjectName(OBJECT_NAME)
        self.window = window
        self.top_level = window.window()   # the parent of the tutorial's dialogs
        self.store = store
        self.course: Course = store.course
        self.controller: GameController | None = None
        self.history: History | None = None
        self.progress: Progress | None = None
        self.question: QMessageBox | None = None   # "resume or start over?", while open
        self._showing = False      # the runner itself is putting its game on the board
        self._auto = False         # playing an auto step's phases for the player
        self._shown_step: int | None = None
        self.panel = TutorialPanel()
        self.panel.go_on.connect(self.go_on)
        self.panel.show_me.connect(self.focus)
        self.panel.leave.connect(self.leave)
        self.panel.rule_clicked.connect(lambda rule: open_rules(self.top_level, rule))
        # The battle board stands over the map: it moves with the map's top, clear of the
        # panel's hint (once the layout has placed the map).
        self.panel.height_changed.connect(lambda: QTimer.singleShot(0, self._board_clear))
        # A strip over the map, as edit mode's banner: read right above the pieces it rings,
        # and it leaves the side panel (whose buttons the steps use) as it is.
        centre = window.centralWidget()
        central = centre.layout() if centre is not None else None
        assert isinstance(central, QVBoxLayout)
        central.insertWidget(0, self.panel)
        self.panel.hide()
        self.marks: MapMarks | None = None
        window.game_shown.connect(self._game_shown)

    def _board_clear(self) -> None:
        board = self.window.visible_battle_board()
        area = board.area() if board is not None else None
        if board is not None and area is not None:
            board.fit_into(area)

    @property
    def active(self) -> bool:
        return self.progress is not None

    @property
    def step(self) -> Step | None:
        return self.progress.step if self.progress is not None else None

    # ---- opening, resuming, leaving ----

    def open(self, course: Course = JAPAN) -> None:
        """Help ▸ Tutorials and Help ▸ Lessons: bring the running course forward, or offer to
        resume the saved one, or start it. Another course running is left first (its game
        and step stay saved)."""
        if self.active and course is self.course:
            self._show_panel()
            self.focus()
            return
        if self.active:
            self.leave()
        self.course = course
        self.store = self.store.for_course(course)
        steps = course.steps
        saved = self.store.saved_step()
        if saved is None:
            self.start_over()
            return
        number = next((i + 1 for i, s in enumerate(steps) if s.id == saved), None)
        title = gettext(steps[number - 1].title) if number is not None else saved
        box = QMessageBox(QMessageBox.Icon.Question, _("Tutorial"),
                          _("Resume the tutorial at step {number} of {total} ({title}), or "
                            "start it over?").format(number=number or "?", total=len(steps),
                                                     title=title), Button.Cancel, self.top_level)
        resume = box.addButton(_("Resume"), QMessageBox.ButtonRole.AcceptRole)
        over = box.addButton(_("Start over"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(resume)
        self.question = box

        def answered(_result: int) -> None:
            self.question = None
            if box.clickedButton() is resume:
                self.resume()
            elif box.clickedButton() is over:
                self.start_over()

        box.finished.connect(answered)
        box.open()

    def start_over(self) -> None:
        """Start the tutorial from its first step, once the game shown is safe."""
        self.window.files.offer_to_save(self._begin, _("starting the tutorial"))

    def resume(self) -> None:
        """Go on with the saved tutorial, once the game shown is safe."""
        self.window.files.offer_to_save(self._resume, _("resuming the tutorial"))

    def _begin(self) -> None:
        course = self.course
        board = board_resolver()(course.map_id)
        state = load_scenario(find_map(course.map_id) / "scenarios" / course.scenario, board,
                              seed=secrets.randbelow(2**31))
        game = Game(board)
        self.store.clear()
        self._run(History(game, state), Progress(game, course.steps))

    def _resume(self) -> None:
        try:
            history, step_id, marks = self.store.load()
            progress = Progress.restore(history.game, history, step_id, marks,
                                        self.course.steps)
        except (PacificError, OSError, TutorialMismatch) as exc:
            QMessageBox.warning(self.top_level, _("Tutorial"),
                                _("The saved tutorial cannot be resumed ({reason}): it starts "
                                  "over.").format(reason=reason_text(exc)))
            self._begin()
            return
        self._run(history, progress)

    def _run(self, history: History, progress: Progress) -> None:
        self._showing = True
        try:
            self.window.show_game(history, None, saved=True, untitled=_("tutorial"))
        finally:
            self._showing = False
        controller = self.window.controller
        assert controller is not None and self.window.board_scene is not None
        self.controller, self.history, self.progress = controller, history, progress
        self._shown_step = None
        controller.screen = self._screen
        controller.dice_factory = self._dice
        handover = self.window.dialogs.handover
        if handover is not None:
            handover.close()   # one person plays the tutorial: no hot-seat screen (see hand_over)
        controller.state_changed.connect(self._changed)
        controller.refused.connect(self._refused)
        self.marks = MapMarks(self.window.board_scene.scene)
        self._show_panel()
        self._changed()

    def _show_panel(self) -> None:
        self.panel.show()
        self.panel.raise_()

    def leave(self) -> None:
        """Stop the tutorial; its game stays on the board as an ordinary game, and the saved
        tutorial stays for Help ▸ Tutorials to resume."""
        controller = self.controller
        if controller is not None:
            controller.screen = None
            controller.dice_factory = None
            controller.state_changed.disconnect(self._changed)
            controller.refused.disconnect(self._refused)
        if self.marks is not None:
            self.marks.clear()
        self.controller = self.history = self.progress = None
        self.marks = None
        self._auto = False
        self.panel.hide()

    def _game_shown(self) -> None:
        if not self._showing and self.active:
            self.leave()   # another game is on the board: the tutorial's is saved

    # ---- following the game ----

    def _changed(self, _state: object = None) -> None:
        controller, progress = self.controller, self.progress
        if controller is None or progress is None:
            return
        if controller.history is not self.history or self.window.controller is not controller:
            self.leave()
            return
        history = controller.history
        progress.follow(history)
        self._save()
        if progress.finished:
            self._finish()
            return
        self._show_step()
        if self._auto:
            QTimer.singleShot(0, self._play_auto)

    def _save(self) -> None:
        if self.history is None or self.progress is None or self.controller is None:
            return
        try:
            self.store.save(self.history, self.progress)
        except (PacificError, OSError) as exc:
            self.window.status_strip.show_refusal(
                _("The tutorial could not be saved: {reason}").format(
                    reason=reason_text(exc)))
            return
        self.controller.mark_saved()
        self.window.show_modified()

    def _show_step(self) -> None:
        """The panel and the marks for the current step; the map frames it when it is new."""
        progress = self.progress
        step = self.step
        if progress is None or step is None:
            return
        button = gettext(step.continue_label) if step.reads else None
        fresh = self._shown_step != progress.index
        if fresh:
            self._auto = False
            # A move off the script was refused in the strip: the step is done, so is that.
            self.window.status_strip.clear_refusal()
            self.panel.show_step(progress.index + 1, len(progress.script), gettext(step.title),
                                 gettext(step.text), step.rules, button, ui_labels())
            self._shown_step = progress.index
        self._mark(step)
        if fresh:
            QTimer.singleShot(0, self.focus)

    def _mark(self, step: Step) -> None:
        scene, pieces, history = self.window.board_scene, self.window.pieces, self.history
        if self.marks is None or scene is None or pieces is None or history is None \
                or self.progress is None:
            return
        self.marks.outline({space: scene.outline(space) for space in step.spaces})
        start = self.progress.start(history)
        state = history.state
        wanted: list[MarkerItem] = []
        for group in step.pieces:
            ids = group.ids(start) & {u.id for u in state.units.values()
                                      if u.carried_by is None}
            wanted += piece_items(pieces, ids)
        self.marks.ring(wanted)
        pieces.on_laid_out = self._note_merged
        self._note_merged()

    def _note_merged(self) -> None:
        """Where the pieces a step asks the player to drag are gathered in their space's
        merged marker at this zoom (a small space in a small window), the panel says how to
        reach them: by a click on the marker and a drag from the unit picker."""
        step, pieces, history = self.step, self.window.pieces, self.history
        if step is None or pieces is None or history is None or not self.active:
            return
        merged = [] if step.reads else list(dict.fromkeys(
            group.space for group in step.pieces if pieces.summarised(group.space)))
        names = ", ".join(place_name(history.game.board, space) for space in merged)
        self.panel.show_note(_(
            "At this zoom the pieces of {spaces} are gathered in one marker: click it and "
            "drag them from the unit picker, or zoom in.").format(spaces=names) if names
            else "")

    def focus(self) -> None:
        """Frame the step's pieces and places on the map (Show me): every one in sight, the
        pieces drawn as stacks of their own where a zoom allows it (`framing`)."""
        step, view, scene = self.step, self.window.view, self.window.board_scene
        if step is None or view is None or scene is None:
            return
        spaces = tuple(dict.fromkeys((*step.framed(), *step.spaces)))
        if not spaces:
            return
        rect = QRectF()
        for space in spaces:
            rect = rect.united(scene.outline(space).boundingRect())
        central = self.window.centralWidget()
        layout = central.layout() if central is not None else None
        if layout is not None:
            # The panel's new text sets its height now, not at the next event: the view's
            # size is the one the step is framed in.
            layout.activate()
        fit = view.fit_scale()
        area = view.viewport().rect()
        if fit is None or rect.isEmpty() or area.isEmpty():
            return
        wanted = min(area.width() / rect.width(), area.height() / rect.height()) * FOCUS_MARGIN
        wanted = max(fit, min(fit * FRAME_ZOOM, wanted))
        framer = self._framer(step, spaces)
        if framer is None:
            return
        if view.scale_factor >= wanted * KEEP_ZOOM and framer.shows():
            return   # already in sight and usable: the view stays as the player left it
        framer.frame(wanted, fit)

    def _framer(self, step: Step, spaces: tuple[str, ...]) -> Framer | None:
        """The step's framing over this window's view and pieces."""
        view, scene, pieces, history = (self.window.view, self.window.board_scene,
                                        self.window.pieces, self.history)
        if view is None or scene is None or pieces is None or history is None \
                or self.progress is None:
            return None
        start = self.progress.start(history)
        state = history.state
        loose = {u.id for u in state.units.values() if u.carried_by is None}
        ids = frozenset().union(*(group.ids(start) & loose for group in step.pieces))
        stacked = {group.space for group in step.pieces}

        def points() -> list[QPointF]:
            """The ringed stacks where the layout put them (the space's summary markers where
            the zoom shows them), and the centres of the other spaces."""
            found = [item.pos() for item in piece_items(pieces, ids) if item.isVisible()]
            found += [marker.pos() for (space, _owner), marker in pieces.summaries.items()
                      if space in stacked and marker.isVisible()]
            return [*found, *(scene.centre_of(s) for s in spaces if s not in stacked)]

        def hidden() -> bool:
            return any(pieces.summarised(space) for space in stacked)

        def zoom_to(zoom: float) -> None:
            view.zoom_by(zoom / view.scale_factor)
            pieces.layout()

        def avoid() -> QRectF | None:
            minimap = view.minimap
            if not minimap.isVisible():
                return None
            return QRectF(minimap.geometry().translated(-view.viewport().pos()))

        return Framer(zoom=lambda: view.scale_factor, zoom_to=zoom_to,
                      centre_on=view.center_on_scene_point, points=points, hidden=hidden,
                      viewport=lambda: QRectF(view.viewport().rect()), avoid=avoid,
                      piece=pieces.pixels, to_pixel=lambda p: QPointF(view.mapFromScene(p)))

    # ---- what the controller asks ----

    def _screen(self, action: Action) -> IllegalAction | None:
        step, progress, history = self.step, self.progress, self.history
        if step is None or progress is None or history is None:
            return None
        hint = progress.screen(history, action)
        if hint is None:
            return None
        return TutorialHint(step.cited, hint, **ui_terms())

    def _refused(self, refusal: IllegalAction) -> None:
        """Any refusal during a step, the engine's or the script's, shows the step's hint."""
        step = self.step
        if step is not None:
            self.panel.show_hint(template_text(step.hint, ui_terms()))

    def _dice(self, _state: GameState) -> DiceSource:
        if self.progress is None or self.history is None:
            return FixedDice([])
        return FixedDice(self.progress.dice(self.history))

    # ---- the step's button ----

    def go_on(self) -> None:
        """The step's button: go on from a step to read, or play an auto step's phases."""
        step, progress, history = self.step, self.progress, self.history
        if step is None or progress is None or history is None:
            return
        if step.goal.auto:
            self._auto = True
            self._play_auto()
            return
        progress.go_on(history)
        self._save()
        if progress.finished:
            self._finish()
        else:
            self._show_step()

    def _play_auto(self) -> None:
        """One phase of an auto step, then the next after the window has redrawn; it stops
        when the step is over, or waits while the player makes the convoy split."""
        progress, history = self.progress, self.history
        if not self._auto or progress is None or history is None:
            return
        action = progress.auto_action(history)
        if action is not None:
            self.window.submit(action)

    def _finish(self) -> None:
        """The last step is read: the tutorial is over and forgotten; the game stays."""
        self.leave()
        self.store.clear()
        self.store.mark_done()
        self.window.status_strip.show_info(_("Tutorial finished: the game is yours to play "
                                             "on."))
