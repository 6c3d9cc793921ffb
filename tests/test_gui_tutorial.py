"""Acceptance: the whole guided tutorial walked with the real GUI on the real board.

Help ▸ Tutorial opens it; the map gestures are real mouse drags in the view (a wrong one
first: its hint, and nothing applied), the purchase goes through the dialog, phases end with
the turn panel's button, the placement drops come from the tray, and battle decisions go
through the battle board's public signal (`action_chosen`) with the step's own answer. Midway
the window is closed as the app would be, and a new window resumes the tutorial at the step
reached. The last step's button ends it.
"""

from __future__ import annotations

from pathlib import Path

from gui_helpers import _move, make_window
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from pacific.ai.levels import NORMAL
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.gui.rule_wrap import as_typed
from pacific.gui.stacks import group_stacks
from pacific.gui.tutorial import TutorialHint, TutorialRunner, tutorial_of
from pacific.gui.tutorial.runner import ui_terms
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map
from pacific.rules.nations import POWER_NATIONS, Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import gettext, refusal_text, using_language
from pacific.tutorial import STEPS, UI_LABELS

J, US = Nation.JAPAN, Nation.USA
T = UnitType
LEFT = Qt.MouseButton.LeftButton
SIZE = (1024, 700)   # the smallest window the app supports: the steps fit there too


def at(runner: TutorialRunner, step_id: str) -> None:
    """The runner is at ``step_id``, the panel shows it and the window mirrors the engine."""
    QApplication.processEvents()   # the map frames the step after the event loop turns
    assert runner.step is not None and runner.step.id == step_id, runner.step
    assert runner.panel.title.text() == gettext(runner.step.title)
    handover = runner.window.dialogs.handover
    assert handover is None or not handover.isVisible()
    mirrors(runner.window)


def mirrors(window: MainWindow) -> None:
    """What the window shows is the engine's state: one item per stack with its units, the
    current phase marked in the turn panel, the treasury of the power to play."""
    assert window.controller is not None and window.pieces is not None
    state = window.controller.state
    assert window.controller.history.state is state
    stacks = group_stacks(state)
    shown = {key: sorted(item.unit_ids) for key, item in window.pieces.items.items()}
    assert shown == {key: sorted(u.id for u in units) for key, units in stacks.items()}
    marked = [phase for phase, label in window.turn_panel.phase_labels.items()
              if label.text().startswith("▶")]
    assert marked == [state.phase]
    treasury = window.turn_panel.treasury.text()
    for nation in POWER_NATIONS[state.power]:
        if nation is not Nation.CHINA:
            assert f"<b>{state.treasury.get(nation, 0)}</b>" in treasury


def next_phase(qtbot: QtBot, window: MainWindow, times: int = 1) -> None:
    for _ in range(times):
        qtbot.mouseClick(window.turn_panel.next_button, LEFT)


def drag(qtbot: QtBot, window: MainWindow, key: StackKey, target: str) -> None:
    """Drag the stack ``key`` onto ``target`` as a player would: both must be in sight, the
    stack drawn on its own (not inside a nation's summary marker)."""
    assert window.view is not None and window.pieces is not None
    item = window.pieces.items[key]
    begin = window.view.mapFromScene(item.scenePos())
    assert item.isVisible(), f"{key} is not drawn on its own"
    drag_point(qtbot, window, begin, target)


def drag_point(qtbot: QtBot, window: MainWindow, begin: QPoint, target: str) -> None:
    """A mouse drag in the view from ``begin`` (viewport pixels) to the centre of ``target``."""
    assert window.view is not None and window.board_scene is not None
    view = window.view
    end = view.mapFromScene(window.board_scene.centre_of(target))
    viewport = view.viewport()
    assert viewport.rect().contains(begin) and viewport.rect().contains(end)
    qtbot.mousePress(viewport, LEFT, Qt.KeyboardModifier.NoModifier, begin)
    for i in range(1, 5):
        _move(viewport, begin + (end - begin) * i / 4, Qt.KeyboardModifier.NoModifier)
    qtbot.mouseRelease(viewport, LEFT, Qt.KeyboardModifier.NoModifier, end)
    QApplication.processEvents()


def cargo_point(window: MainWindow, key: StackKey) -> QPoint:
    """The viewport point on the cargo icon of the stack ``key`` (what a player grabs to
    unload). A piece keeps its size on screen: its own coordinates are pixels from the point
    where its position is shown."""
    assert window.pieces is not None and window.view is not None
    item = window.pieces.items[key]
    assert item.isVisible(), f"{key} is not drawn on its own"
    origin = window.view.mapFromScene(item.scenePos())
    box = item.token_rect()
    hits = [point for i in range(20) for j in range(20)
            if item.cargo_at(point := QPointF(box.left() + box.width() * i / 19,
                                              box.top() + box.height() * j / 19))]
    assert hits, f"{key} shows no cargo"
    # The middle of the icon, where a player aims.
    middle = QPointF(sum(p.x() for p in hits) / len(hits), sum(p.y() for p in hits) / len(hits))
    assert item.cargo_at(middle)
    return origin + middle.toPoint()


def decide(window: MainWindow, runner: TutorialRunner) -> None:
    """Answer the battle steps through the battle board's signal with the steps' answers."""
    step = runner.step
    assert step is not None and window.controller is not None
    while runner.step is step:
        assert runner.progress is not None and runner.history is not None
        action = step.goal.next_action(window.controller.game,
                                       runner.progress.start(runner.history),
                                       window.controller.state)
        assert action is not None, step.id
        window.battle_board.action_chosen.emit(action)
        QApplication.processEvents()


def first_half(qtbot: QtBot, window: MainWindow) -> int:
    """From Help ▸ Tutorial to the amphibious assault; returns the number of actions."""
    window.computer.play({Power.UK: NORMAL})   # the game shown had a computer opponent
    window.menus.tutorial.trigger()
    runner = tutorial_of(window)
    at(runner, "welcome")
    assert window.computer.levels == {}   # the player plays every side of the tutorial
    assert "R-TURN-1" in as_typed(runner.panel.text.toPlainText())   # the rules, as links
    qtbot.mouseClick(runner.panel.go_button, LEFT)
    at(runner, "purchase")
    qtbot.mouseClick(window.turn_panel.buy_button, LEFT)
    purchase = window.dialogs.purchase
    assert purchase is not None
    for unit_type, count in ((T.TRANSPORT, 1), (T.INFANTRY, 2), (T.ARTILLERY, 1)):
        purchase.set_count(unit_type, count)
    purchase.accept()
    at(runner, "to_combat_move")
    next_phase(qtbot, window, 2)
    at(runner, "attack_anhwe")
    assert window.controller is not None and runner.marks is not None
    ringed = {item.key for item in runner.marks.ringed() if hasattr(item, "key")}
    assert StackKey("manchuria", T.INFANTRY, J) in ringed
    assert set(runner.marks.outlines) == {"anhwe"}
    # A wrong move: the artillery instead of the infantry. Refused with the step's hint,
    # nothing applied; the hint shows in the panel and beside the drop.
    before = len(window.controller.history.records)
    drag(qtbot, window, StackKey("manchuria", T.ARTILLERY, J), "anhwe")
    assert len(window.controller.history.records) == before
    hint = gettext(STEPS[3].hint)
    assert runner.panel.hint.isVisible() and runner.panel.hint.text() == hint
    assert window.refusals.popup is not None and window.refusals.popup.isVisible()
    at(runner, "attack_anhwe")
    drag(qtbot, window, StackKey("manchuria", T.INFANTRY, J), "anhwe")
    at(runner, "board_transport")
    assert not runner.panel.hint.isVisible()
    drag(qtbot, window, StackKey("french_indo_china", T.INFANTRY, J), "sz_45")
    at(runner, "assault_hong_kong")
    return len(window.controller.history.records)


def second_half(qtbot: QtBot, window: MainWindow, runner: TutorialRunner) -> None:
    """From the amphibious assault to the end."""
    assert window.controller is not None and window.board_scene is not None
    drag_point(qtbot, window, cargo_point(window, StackKey("sz_45", T.TRANSPORT, J)),
               "hong_kong")
    at(runner, "attack_sea_zone_46")
    drag(qtbot, window, StackKey("sz_45", T.BATTLESHIP, J), "sz_46")
    at(runner, "to_combat")
    next_phase(qtbot, window)
    for step_id in ("fight_anhwe", "fight_hong_kong", "fight_sea_zone_46"):
        at(runner, step_id)
        assert window.battle_board.isVisible()
        decide(window, runner)
    state = window.controller.state
    assert state.owner_of("anhwe") is J and state.owner_of("hong_kong") is J
    at(runner, "production_chart")
    next_phase(qtbot, window, 2)
    at(runner, "noncombat")
    drag(qtbot, window, StackKey("korea", T.INFANTRY, J), "manchuria")
    at(runner, "to_place")
    next_phase(qtbot, window)
    at(runner, "place")
    places = {T.INFANTRY: "japan", T.ARTILLERY: "japan", T.TRANSPORT: "sz_36"}
    while window.tray.count():
        nation, unit_type = window.tray.entries()[0]
        window.new_units.drop_from_tray(nation, unit_type,
                              window.board_scene.centre_of(places[unit_type]))
    at(runner, "income")
    next_phase(qtbot, window, 3)
    state = window.controller.state
    assert (state.power, state.treasury[J], state.victory_points) == (Power.UK, 22, 2)
    at(runner, "allied_turns")
    assert runner.panel.go_button.text() == gettext(UI_LABELS["play_phases"])
    qtbot.mouseClick(runner.panel.go_button, LEFT)
    qtbot.waitUntil(lambda: window.dialogs.convoy is not None, timeout=10000)
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()   # Britain's convoy split (R-INCOME-3)
    qtbot.waitUntil(lambda: runner.step is not None and runner.step.id == "us_attack",
                    timeout=10000)
    at(runner, "us_attack")
    drag(qtbot, window, StackKey("sz_38", T.DESTROYER, US), "sz_37")
    at(runner, "us_to_combat")
    next_phase(qtbot, window)
    for step_id in ("kamikaze", "fight_sea_zone_37"):
        at(runner, step_id)
        decide(window, runner)
    state = window.controller.state
    assert state.kamikaze_tokens == 5 and state.phase is Phase.COMBAT
    assert [(u.owner, u.type) for u in state.units_at("sz_37")] == [(J, T.TRANSPORT)]
    at(runner, "done")
    qtbot.mouseClick(runner.panel.go_button, LEFT)   # Finish
    assert not runner.active and not runner.panel.isVisible()
    assert runner.store.saved_step() is None
    assert window.controller.screen is None and window.controller.dice_factory is None


def test_the_whole_tutorial_with_the_real_gui(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(load_board(find_map("pacific")))
    # The hot-seat screen is on, as by default: the tutorial, one person's, never shows it.
    first = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=1), handover=True,
                        size=SIZE)
    played = first_half(qtbot, first)
    runner = tutorial_of(first)
    saved = runner.store.path
    assert saved.is_file() and runner.store.saved_step() == "assault_hong_kong"
    assert first.controller is not None and not first.controller.modified
    first.close()   # the app is closed: no question, the tutorial is saved

    # Another session, with the same settings: Help ▸ Tutorial offers to resume.
    second = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=2), size=SIZE)
    second.menus.tutorial.trigger()
    runner = tutorial_of(second)
    question = runner.question
    assert question is not None and gettext("An amphibious assault") in question.text()
    resume = next(b for b in question.buttons()
                  if question.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole)
    qtbot.mouseClick(resume, LEFT)
    at(runner, "assault_hong_kong")
    assert second.controller is not None
    assert len(second.controller.history.records) == played
    assert len([u for u in second.controller.state.units_at("anhwe")
                if u.owner is J]) == 6
    second_half(qtbot, second, runner)


def test_a_hint_is_a_refusal_in_the_players_language() -> None:
    """The hint of a move off the script is a message id with the controls it names as
    values: the refusal reads in Italian, the control's label too, with the step's rule."""
    step = next(s for s in STEPS if s.id == "to_combat_move")
    hint = TutorialHint(step.cited, step.hint, **ui_terms())
    assert hint.reason == "Press Next phase until combat movement begins."
    with using_language("it"):
        text = refusal_text(hint)
        assert text.startswith(gettext(step.hint).format(next_phase="Fase successiva"))
        assert text != gettext(step.hint) and step.cited in text
