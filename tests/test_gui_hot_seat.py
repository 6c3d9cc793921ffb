"""The hot-seat screen shows exactly when the person who must act changes (R-SETUP-2 seats):
for a question asked of another seat in a turn (Britain's interception in Japan's raid,
R-SBR-3) and back after it, and never between Great Britain's and the United States' turns
when one person holds both (two players)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.rules.actions.combat import Intercept, SelectBattle
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from tests.gui_helpers import make_window
from tests.scenario import scenario

BOMBER_PATH = ["french_indo_china", "shan_state", "burma", "india"]


def _take_seat(window: MainWindow, player: int) -> None:
    dialog = window.dialogs.handover
    assert dialog is not None and dialog.isVisible(), f"no screen for player {player}"
    assert f"Player {player}" in dialog.message.text()
    dialog.accept()
    assert not window.dialogs.handing_over()


def test_a_question_of_another_seat_hands_the_computer_over_and_back(
        qtbot: QtBot, tmp_path: Path) -> None:
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, handover=True,
                         size=(1024, 700))
    window.dialogs.hand_over()   # as a game opens: Britain's convoy split first
    _take_seat(window, 2)
    assert window.submit(SplitConvoyIncome(india=6, australia=6)) is None
    _take_seat(window, 1)        # Japan's turn goes on
    assert window.controller.undo()   # the question back: to Britain's player, and again
    _take_seat(window, 2)
    assert window.submit(SplitConvoyIncome(india=6, australia=6)) is None
    _take_seat(window, 1)
    for action in (EndPhase(), EndPhase()):
        assert window.submit(action) is None
        assert not window.dialogs.handing_over()
    state = window.controller.state
    bomber = next(u.id for u in state.units.values()
                  if u.space == "french_indo_china" and u.type is UnitType.BOMBER)
    for action in (Move(units=[bomber], path=BOMBER_PATH, raid=True), EndPhase(),
                   SelectBattle(space="india")):
        assert window.submit(action) is None
    # India's interception is Britain's to decide (R-SBR-3), in Japan's turn.
    assert window.controller.state.pending is not None
    _take_seat(window, 2)
    assert window.submit(Intercept(fighters=[])) is None
    _take_seat(window, 1)


@pytest.mark.parametrize(("ending", "next_power", "next_seat"), [
    (Power.UK, Power.US, None),        # one person holds both: no screen
    (Power.US, Power.JAPAN, 1),        # another person's turn: the screen
])
def test_a_turn_ends_with_a_screen_only_for_another_person(
        qtbot: QtBot, tmp_path: Path, ending: Power, next_power: Power,
        next_seat: int | None) -> None:
    game, state = scenario(power=ending, phase=Phase.INCOME, players=2)
    window = make_window(qtbot, tmp_path, game, state, handover=True)
    window.dialogs.hand_over()
    _take_seat(window, 2)
    window.next_phase()
    assert window.controller.state.power is next_power
    if next_seat is None:
        assert not window.dialogs.handing_over()
    else:
        _take_seat(window, next_seat)
