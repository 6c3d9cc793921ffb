"""The tutorials of the United States (with China) and of Great Britain, and the lessons,
walked with the real window, in English and in Italian: Help ▸ Tutorials and Help ▸ Lessons
open each, the map gestures are real mouse drags (a wrong one first in each tutorial, refused
with the step's hint), purchases go through the dialog, phases end with the turn panel's
button, placements come from the tray, battles through the battle board's signal with the
step's own answer. Finishing a course ticks it in the menu.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import pytest
from gui_helpers import build_window, close_quietly, drag_picker_line, make_window
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_gui_tutorial import SIZE, at, cargo_point, decide, drag, drag_point, next_phase

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.gui.rule_wrap import as_typed
from pacific.gui.tutorial import TutorialRunner, tutorial_of
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import gettext, using_language
from pacific.tutorial import Step
from pacific.tutorial.course import BRITAIN, COURSES, LESSONS, USA, Course
from pacific.tutorial.goals import (
    Aim,
    Ashore,
    Board,
    Buy,
    EndPhases,
    Fight,
    Land,
    MoveTo,
    Patrol,
    Pieces,
    PlaceAll,
    Raid,
    Read,
)

LEFT = Qt.MouseButton.LeftButton


def key(pieces: Pieces) -> StackKey:
    return StackKey(pieces.space, pieces.unit_type, pieces.nation)


def drag_as_seen(qtbot: QtBot, window: MainWindow, stack: StackKey, target: str) -> None:
    """Move ``stack`` onto ``target`` the way a player sees it: a drag of the stack where it
    is drawn on its own; where its small space shows one merged marker instead, a click on
    that marker and a drag of the stack's line from the unit picker it opens."""
    assert window.pieces is not None and window.view is not None
    if window.pieces.items[stack].isVisible():
        drag(qtbot, window, stack, target)
        return
    marker = next(m for (space, _owner), m in window.pieces.summaries.items()
                  if space == stack.space and m.isVisible())
    qtbot.mouseClick(window.view.viewport(), LEFT,
                     pos=window.view.mapFromScene(marker.scenePos()))
    QApplication.processEvents()
    picker = window.picker
    assert picker is not None and picker.isVisible() and picker.space == stack.space
    line = next(i for i, row in enumerate(picker.rows) if row.aboard is None
                and (row.key.unit_type, row.key.owner) == (stack.unit_type, stack.owner))
    drag_picker_line(qtbot, window, line, target)


def play(qtbot: QtBot, window: MainWindow, runner: TutorialRunner) -> None:
    """The current step, played with the window's own controls."""
    step = runner.step
    assert step is not None and window.controller is not None
    goal = step.goal
    if isinstance(goal, Read) or goal.auto:
        qtbot.mouseClick(runner.panel.go_button, LEFT)
    elif isinstance(goal, Buy):
        qtbot.mouseClick(window.turn_panel.buy_button, LEFT)
        purchase = window.dialogs.purchase
        assert purchase is not None and purchase.nation is goal.nation
        for unit_type, count in goal.units.items():
            purchase.set_count(unit_type, count)
        purchase.accept()
    elif isinstance(goal, EndPhases):
        while runner.step is step:
            if window.dialogs.convoy is not None:
                window.dialogs.convoy.accept()   # the convoy split it proposes (R-INCOME-3)
            else:
                next_phase(qtbot, window)
            QApplication.processEvents()
    elif isinstance(goal, Raid):
        # Alt held at the drop makes it a bombing raid (R-COMBATMOVE-9).
        with patch.object(QGuiApplication, "keyboardModifiers",
                          staticmethod(lambda: Qt.KeyboardModifier.AltModifier)):
            drag_as_seen(qtbot, window, key(goal.pieces), goal.to)
    elif isinstance(goal, Land):
        drag_point(qtbot, window, cargo_point(window, key(goal.ship)), goal.target)
    elif isinstance(goal, Aim):
        decide(window, runner)
    elif isinstance(goal, MoveTo | Board | Patrol):
        pieces = goal.pieces
        target = goal.to if isinstance(goal, MoveTo) else goal.zone
        drag_as_seen(qtbot, window, key(pieces), target)
    elif isinstance(goal, Ashore):
        drag_point(qtbot, window, cargo_point(window, key(goal.ship)), goal.territory)
    elif isinstance(goal, Fight):
        decide(window, runner)
    elif isinstance(goal, PlaceAll):
        assert window.board_scene is not None
        while runner.step is step:
            nation, unit_type = next(e for e in window.tray.entries() if e[0] is goal.nation)
            window.new_units.drop_from_tray(nation, unit_type,
                                            window.board_scene.centre_of(goal.where[unit_type]))
    else:
        raise AssertionError(f"{step.id}: no gesture for {goal}")


WRONG = {   # one wrong move per course: at which step, the stack dragged, and where
    USA.id: ("fleet", StackKey("sz_9", UnitType.TRANSPORT, Nation.USA), "sz_18"),
    BRITAIN.id: ("burma", StackKey("india", UnitType.INFANTRY, Nation.INDIA), "burma"),
}


def new_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    game = Game(load_board(find_map("pacific")))
    return make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=1), size=SIZE)


def open_course(window: MainWindow, course: Course) -> TutorialRunner:
    """Help ▸ Tutorials (or Lessons) ▸ ``course``, from its first step (a course of the
    same window left midway is forgotten first)."""
    runner = tutorial_of(window)
    runner.store.for_course(course).clear()
    window.menus.courses[course.id].trigger()
    assert runner.course is course and runner.step is course.steps[0]
    return runner


def walk(qtbot: QtBot, window: MainWindow, course: Course, until: str | None = None) -> None:
    """Open ``course`` from Help ▸ Tutorials and play it with the window's controls, with
    its wrong move on the way, to its end (or to the step after ``until``)."""
    runner = open_course(window, course)
    wrong_step, wrong_key, wrong_target = WRONG.get(course.id, ("", None, ""))
    while runner.step is not None:
        step = runner.step
        at(runner, step.id)
        if step.id == wrong_step:
            # A move off the script: refused with the step's hint, nothing applied.
            assert window.controller is not None
            before = len(window.controller.history.records)
            assert wrong_key is not None
            drag(qtbot, window, wrong_key, wrong_target)
            assert len(window.controller.history.records) == before
            assert runner.panel.hint.isVisible()
            assert runner.panel.hint.text() == gettext(step.hint)
            popup = window.refusals.popup
            assert popup is not None and popup.isVisible()
            # The rule the hint is about (shown unbroken: `rule_wrap`).
            assert step.cited in as_typed(popup.rule.text())
        play(qtbot, window, runner)
        QApplication.processEvents()
        if runner.step is step and step.goal.auto:
            def played(step: Step = step) -> bool:
                if window.dialogs.convoy is not None:
                    window.dialogs.convoy.accept()   # the split it proposes (R-INCOME-3)
                return runner.step is not step
            qtbot.waitUntil(played, timeout=20_000)
        if step.id == until:
            return
    assert not runner.active
    window.menus.show_done()
    assert window.menus.courses[course.id].isChecked()


@pytest.fixture(scope="module")
def small_window(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[MainWindow]:
    """One window at the smallest size the app supports, shared by the quick tests: each
    opens its course from the menu, as a player going from one course to the next."""
    game = Game(load_board(find_map("pacific")))
    window = build_window(tmp_path_factory.mktemp("courses"), game,
                          game.new_game(players=3, seed=1), size=SIZE)
    # Nothing here looks at pixels: the window skips painting (the slow walks paint).
    window.setUpdatesEnabled(False)
    yield window
    close_quietly(window)


@pytest.mark.parametrize(("course", "language"),
                         [(USA, "it"), (BRITAIN, "en"), (LESSONS[0], "it")],
                         ids=["usa-it", "britain-en", "kamikaze-it"])
def test_the_first_steps_and_a_wrong_move_with_the_real_window(
        qtbot: QtBot, small_window: MainWindow, course: Course, language: str) -> None:
    """Quick: each tutorial opens from the menu and plays up to its wrong move and the step
    after it, a short lesson to its end and its tick in Help ▸ Lessons, one language each
    (the whole walks, in both languages, are marked slow)."""
    with using_language(language):
        walk(qtbot, small_window, course, until=WRONG.get(course.id, (None,))[0])


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("course", [USA, BRITAIN], ids=lambda c: c.id)
def test_the_whole_tutorial_with_the_real_window(qtbot: QtBot, tmp_path: Path, course: Course,
                                                 language: str) -> None:
    with using_language(language):
        walk(qtbot, new_window(qtbot, tmp_path), course)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("course", LESSONS, ids=lambda c: c.id)
def test_the_whole_lesson_with_the_real_window(qtbot: QtBot, tmp_path: Path, course: Course,
                                               language: str) -> None:
    with using_language(language):
        walk(qtbot, new_window(qtbot, tmp_path), course)


# ---- every step framed: its pieces and their places in sight ----

def out_of_sight(window: MainWindow, runner: TutorialRunner) -> list[str]:
    """What of the step the view does not show as a player needs it: a ringed stack
    outside the view (drawn on its own, or inside its small space's merged marker), another
    framed place's centre outside it (or under the overview in its corner)."""
    step, view, scene, pieces = runner.step, window.view, window.board_scene, window.pieces
    assert step is not None and view is not None and scene is not None and pieces is not None
    assert runner.progress is not None and runner.history is not None
    area = view.viewport().rect()
    minimap = view.minimap.geometry().translated(-view.viewport().pos()) \
        if view.minimap.isVisible() else None

    def unseen(point: QPointF) -> bool:
        pixel = view.mapFromScene(point)
        return not area.contains(pixel) or (minimap is not None and minimap.contains(pixel))

    start, state = runner.progress.start(runner.history), runner.history.state
    loose = {u.id for u in state.units.values() if u.carried_by is None}
    missing = []
    # A small space's merged marker stands for its stacks: a click on it opens the unit
    # picker, from which the stack is dragged (drag_as_seen).
    markers = {space for (space, _owner), marker in pieces.summaries.items()
               if marker.isVisible() and not unseen(marker.pos())}
    for group in step.pieces:
        ids = group.ids(start) & loose
        for key, item in pieces.items.items():
            shown = not unseen(item.pos()) if item.isVisible() else key.space in markers
            if set(item.unit_ids) & ids and not shown:
                missing.append(f"the stack {key}")
    stacked = {group.space for group in step.pieces}
    missing += [space for space in dict.fromkeys((*step.framed(), *step.spaces))
                if space not in stacked and unseen(scene.centre_of(space))]
    return missing


def merged_note(window: MainWindow, runner: TutorialRunner) -> str:
    """The panel's note on the step's ringed stacks inside their space's merged marker (how
    to reach them: a click on the marker, a drag from the unit picker), checked to be shown
    exactly when the step asks for a drag of such a stack."""
    step = runner.step
    assert step is not None and window.pieces is not None
    merged = [g.space for g in step.pieces if window.pieces.summarised(g.space)]
    note = runner.panel.note.text() if not runner.panel.note.isHidden() else ""
    assert bool(note) == (bool(merged) and not step.reads), (step.id, note)
    return note


def play_quickly(window: MainWindow, runner: TutorialRunner, shown: bool) -> None:
    """The current step played with its own answers, as the engine takes them. ``shown``:
    its last action goes through the window, which then draws the position and the next
    step; otherwise the window is not told (nothing is drawn)."""
    step, progress, history = runner.step, runner.progress, runner.history
    assert step is not None and progress is not None and history is not None
    if isinstance(step.goal, Read):
        if shown:
            runner.go_on()
        else:
            progress.go_on(history)
        return
    game = history.game
    while progress.step is step:
        action = step.goal.next_action(game, progress.start(history), history.state)
        assert action is not None, step.id
        after = game.apply(history.state, action, FixedDice(progress.dice(history)))[0]
        if shown and step.goal.done(game.board, progress.start(history), after):
            assert window.submit(action) is None, step.id
        else:
            history.apply(action, FixedDice(progress.dice(history)))
            progress.follow(history)


def test_every_step_shows_its_pieces_and_their_places_together(
        small_window: MainWindow) -> None:
    """At 1024x700, every step of the lessons that rings pieces shows them drawn on their
    own together with the places they go (the lessons' small islands merge their stacks
    into one marker zoomed out: zooming in on them alone lost the destination). The steps
    in between are played through the engine only. The slow test below frames every step
    of every course at two sizes; the quick walks drag the tutorials' first pieces."""
    window = small_window
    unseen: dict[str, list[str]] = {}
    noted: dict[str, str] = {}
    for course in LESSONS:
        runner = open_course(window, course)
        steps = course.steps
        while (step := runner.step) is not None:
            if step.pieces:
                runner.focus()
                if missing := out_of_sight(window, runner):
                    unseen[f"{course.id}/{step.id}"] = missing
                if note := merged_note(window, runner):
                    noted[f"{course.id}/{step.id}"] = note
            following = course.step_index(step.id) + 1
            play_quickly(window, runner,
                         shown=following == len(steps) or bool(steps[following].pieces))
        assert not runner.active   # the last step went through the window: finished
    assert unseen == {}
    # (a note names the merged space and the unit picker; zoomed in on a step, the small
    # islands now show their stacks: the Marshall Islands' fighters of cap/fly stand apart)
    assert all("unit picker" in note for note in noted.values()), noted
    assert "cap/fly" not in noted


@pytest.mark.slow
@pytest.mark.parametrize("size", [SIZE, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("course", COURSES.values(), ids=lambda c: c.id)
def test_every_step_is_framed_with_the_window_following(
        qtbot: QtBot, tmp_path: Path, course: Course, size: tuple[int, int]) -> None:
    """Every step of every course, each drawn by the window and framed by the step's own
    timer (as a player sees it): its ringed stacks and its places in sight."""
    game = Game(load_board(find_map("pacific")))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=1), size=size)
    runner = open_course(window, course)
    unseen: dict[str, list[str]] = {}
    while (step := runner.step) is not None:
        QApplication.processEvents()   # the step's timer frames it
        if missing := out_of_sight(window, runner):
            unseen[step.id] = missing
        merged_note(window, runner)
        play_quickly(window, runner, shown=True)
    assert unseen == {}
