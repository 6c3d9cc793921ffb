"""The event log says a phase's placements in a space on one line (R-PLACE-1)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.event_log import EventLog
from pacific.rules.actions.economy import Place
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def _placed(log: EventLog) -> list[str]:
    return [line for line in log.lines() if " placed " in line]


def test_a_spaces_placements_are_one_log_line_and_undo_takes_back_one_r_place_1(
        qtbot: QtBot) -> None:
    game, state = scenario(phase=Phase.PLACE, purchased={
        Nation.JAPAN: {UnitType.INFANTRY: 3, UnitType.ARTILLERY: 1, UnitType.TRANSPORT: 1}})
    history = History(game, state)
    log = EventLog()
    qtbot.addWidget(log)
    log.set_board(game.board)
    log.show_history(history)
    for unit_type, space in ((UnitType.INFANTRY, "japan"), (UnitType.ARTILLERY, "japan"),
                             (UnitType.TRANSPORT, "sz_6"), (UnitType.INFANTRY, "japan"),
                             (UnitType.INFANTRY, "japan")):
        history.apply(Place(nation=Nation.JAPAN, unit_type=unit_type, space=space))
        log.show_history(history)   # as the window does after each action
    both = ["Japan placed 3 infantry, 1 artillery in Japan",
            "Japan placed 1 transport in Sea Zone 6"]
    assert _placed(log) == both
    history.undo()
    log.show_history(history)
    assert _placed(log) == ["Japan placed 2 infantry, 1 artillery in Japan", both[1]]
    history.redo()
    log.show_history(history)
    assert _placed(log) == both
    # A log made afresh from the history (a game opened) says the same.
    fresh = EventLog()
    qtbot.addWidget(fresh)
    fresh.set_board(game.board)
    fresh.show_history(history)
    assert fresh.lines() == log.lines()


def test_a_refusal_between_two_placements_keeps_their_log_line_whole_r_place_1(
        qtbot: QtBot) -> None:
    game, state = scenario(phase=Phase.PLACE, purchased={
        Nation.JAPAN: {UnitType.INFANTRY: 3, UnitType.ARTILLERY: 1}})
    history = History(game, state)
    log = EventLog()
    qtbot.addWidget(log)
    log.set_board(game.board)
    log.show_history(history)
    refusal = "Refused: Dropped on Korea: placed in a territory with an industrial complex"

    def place(unit_type: UnitType) -> None:
        history.apply(Place(nation=Nation.JAPAN, unit_type=unit_type, space="japan"))
        log.show_history(history)

    place(UnitType.INFANTRY)
    log.add_line(refusal, warning=True)   # a refusal is no event of the game
    place(UnitType.INFANTRY)
    log.add_line(refusal, warning=True)
    place(UnitType.ARTILLERY)
    tail = log.lines()[-3:]
    assert tail == ["Japan placed 2 infantry, 1 artillery in Japan", refusal, refusal]
    history.undo()
    log.show_history(history)
    # The refusal made after the undone placement stays: its record before it stands.
    assert log.lines()[-3:] == ["Japan placed 2 infantry in Japan", refusal, refusal]
    history.undo()
    log.show_history(history)
    assert log.lines()[-2:] == ["Japan placed 1 infantry in Japan", refusal]
    history.redo()
    history.redo()
    log.show_history(history)
    assert log.lines()[-2:] == ["Japan placed 2 infantry, 1 artillery in Japan", refusal]
    fresh = EventLog()   # a game opened: its log tells the history, without the refusals
    qtbot.addWidget(fresh)
    fresh.set_board(game.board)
    fresh.show_history(history)
    assert [line for line in log.lines() if line != refusal] == fresh.lines()
