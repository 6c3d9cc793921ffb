"""The event log follows the game's order and says each thing once: a move before the
territory it takes on entry (R-CAPTURE-1), and one line for an amphibious assault's landing,
naming the cargo of every ship that lands (R-AMPH-1); a battle won before the capture it
brings, said once (R-COMBAT-9)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.event_log import EventLog
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move, Unload
from pacific.rules.dice import FixedDice
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J = Nation.JAPAN


def _log(qtbot: QtBot, history: History) -> EventLog:
    log = EventLog()
    qtbot.addWidget(log)
    log.set_board(history.game.board)
    log.show_history(history)
    return log


def test_r_capture_1_a_move_is_told_before_the_territory_it_takes(qtbot: QtBot) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "1 armor japan"})
    history = History(game, state)
    log = _log(qtbot, history)
    history.apply(Move(units=tuple(u(state, "manchuria", "armor")),
                       path=("manchuria", "suiyuan")))
    log.show_history(history)
    assert log.lines()[-2:] == ["Japan moved 1 armor Manchuria → Suiyuan",
                                "Japan takes Suiyuan from China"]


def test_r_amph_1_an_assault_landed_by_two_ships_is_one_log_line(qtbot: QtBot) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units={
        "sz_2": "2 transport japan, 2 infantry japan, 1 artillery japan",
        "manchuria": "1 armor japan", "burma": "1 infantry india"})
    first, second = u(state, "sz_2", "transport", J)
    infantry = u(state, "sz_2", "infantry", J)
    artillery = u(state, "sz_2", "artillery", J)[0]
    for uid, ship in ((infantry[0], first), (artillery, first), (infantry[1], second)):
        state.unit(uid).carried_by = ship
    history = History(game, state)
    log = _log(qtbot, history)
    landing = "Japan: 2 infantry, 1 artillery land in Burma: an amphibious assault"
    # Another action between the two ships' landings, as the window shows after each.
    for action in (Unload(transport=first, units=(infantry[0], artillery), territory="burma"),
                   Move(units=tuple(u(state, "manchuria", "armor")),
                        path=("manchuria", "suiyuan")),
                   Unload(transport=second, units=(infantry[1],), territory="burma")):
        history.apply(action)
        log.show_history(history)
    told = log.lines()
    assert [line for line in told if " land in " in line] == [landing]
    assert told[-3:] == [landing, "Japan moved 1 armor Manchuria → Suiyuan",
                         "Japan takes Suiyuan from China"]
    # Undone, the second ship's cargo leaves the line; a log made afresh says the same.
    history.undo()
    log.show_history(history)
    assert "Japan: 1 infantry, 1 artillery land in Burma: an amphibious assault" in log.lines()
    history.redo()
    log.show_history(history)
    assert log.lines() == told
    assert _log(qtbot, history).lines() == told


def test_r_combat_9_a_battle_won_is_told_before_the_capture_once(qtbot: QtBot) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "3 armor japan", "suiyuan": "1 infantry china"})
    history = History(game, state)
    log = _log(qtbot, history)
    history.apply(Move(units=tuple(u(state, "manchuria", "armor")),
                       path=("manchuria", "suiyuan")))
    history.apply(EndPhase())
    history.apply(SelectBattle(space="suiyuan"), FixedDice([1, 1, 1, 6]))
    log.show_history(history)
    told = log.lines()
    assert [line for line in told if "takes" in line or "wins" in line] == [
        "Japan wins the battle in Suiyuan", "Japan takes Suiyuan from China"]
