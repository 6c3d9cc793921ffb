"""An honest event log: every line names the units and their
owner in the active language; the log follows undo and redo, and is rebuilt from the history
after open and restore."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import MINI, make_window, to_battle
from pytestqt.qtbot import QtBot
from scenario import aboard, board, scenario, u

from pacific.rules.actions.combat import PressOn, RollDice, SelectBattle
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.files.maps import board_resolver
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import set_language, using_language

RESOLVE = board_resolver(MINI)


def _window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()  # R-SETUP-8: the British convoy split comes first
    return window


def _to_combat_move(window) -> None:  # type: ignore[no-untyped-def]
    window.submit(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 2}))
    window.submit(EndPhase())  # to phase 2
    window.submit(EndPhase())  # to phase 3, combat movement


def test_the_log_names_units_and_owners_and_follows_undo_and_redo(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _to_combat_move(window)
    state = window.controller.state
    infantry = tuple(u(state, "manchuria", "infantry"))
    window.submit(Move(units=infantry, path=("manchuria", "suiyuan")))
    lines = window.log.lines()
    assert "Japan buys 2 infantry for 6 IPC" in lines
    assert lines[-1] == "Japan moved 2 infantry Manchuria → Suiyuan"
    assert not any("#" in line or "_" in line for line in lines), lines
    # An illegal move: its refusal joins the log, with the rule's id.
    window.submit(Move(units=infantry, path=("suiyuan", "szechwan")))
    assert window.log.lines()[-1].startswith("Refused: ")
    # Undo: the move's line goes, and the refusal that came after it; redo brings it back.
    moved = window.log.lines()[:-1]
    window.undo_action.trigger()
    assert window.log.lines() == moved[:-1]
    window.redo_action.trigger()
    assert window.log.lines() == moved
    # Undo across a phase: the phase's heading goes too.
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.log.lines()[-1] == "Round 1, Japan: phase 2, Land combat air patrols"
    assert window.log.lines() == moved[:-2]


def test_the_log_is_rebuilt_from_the_history_after_open_and_restore(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _to_combat_move(window)
    state = window.controller.state
    window.submit(Move(units=tuple(u(state, "manchuria", "infantry")),
                       path=("manchuria", "suiyuan")))
    window.submit(EndPhase())
    window.submit(SelectBattle(space="suiyuan"))
    shown = window.log.lines()
    assert any(line.startswith("Attack in Suiyuan — Japan: 2 infantry hit on 1: rolled ")
               for line in shown), shown
    path = tmp_path / "game.json"
    assert window.files.save_to(path)
    (tmp_path / "other").mkdir()
    other = _window(qtbot, tmp_path / "other")
    assert other.files.open_path_with(path, RESOLVE)
    # The position at once, its story read after it: the log fills then.
    assert other.controller.history.rebuilding and len(other.log.lines()) == 1
    qtbot.waitUntil(lambda: other.log.lines() == shown)
    # A restored autosave: the same story, even after the window showed another game.
    other.files.new_game()
    assert other.log.lines() == []
    assert other.files.restore(path, RESOLVE)
    qtbot.waitUntil(lambda: other.log.lines() == shown)


def test_the_log_speaks_the_active_language(qtbot: QtBot, tmp_path: Path) -> None:
    set_language("it")
    try:
        window = _window(qtbot, tmp_path)
        _to_combat_move(window)
        lines = window.log.lines()
        assert "Il Giappone compra 2 unità di fanteria per 6 IPC" in lines
        assert "Giro 1, Giappone: fase 3, Movimento di Combattimento" in lines
        window.submit(Move(units=(1,), path=("japan", "sz_9")))
        refused = window.log.lines()[-1]
        assert refused.startswith("Rifiutato: ") and "[R-" in refused and "pag." in refused
        with using_language("en"):  # the log keeps the words it was written in
            assert window.log.lines()[-1] == refused
    finally:
        set_language("en")


def test_a_move_line_names_the_cargo_that_went_with_the_ships(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Cargo moves with its ship (R-TRANS-3, R-CARRIER-2): the line says what went along."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 2 fighter japan"})
    carrier = aboard(state, "sz_6", "carrier", "fighter")
    window = make_window(qtbot, tmp_path, game, state)
    assert window.submit(Move(units=(carrier,), path=("sz_6", "sz_10"))) is None
    assert window.log.lines()[-1] == \
        "Japan moved 1 aircraft carrier carrying 2 fighters Sea Zone 6 → Sea Zone 10"


def test_fighters_lost_with_their_carrier_make_one_line_r_carrier_8(
        qtbot: QtBot, tmp_path: Path) -> None:
    """R-CARRIER-8: a Japanese submarine sinks the US carrier in Sea Zone 10, where its two
    fighters find nowhere to land within 1 space: one line says both are lost."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_2": "1 submarine japan",
                                  "sz_10": "1 carrier usa, 2 fighter usa"})
    aboard(state, "sz_10", "carrier", "fighter")
    window = make_window(qtbot, tmp_path, game, state)
    to_battle(window, Move(units=tuple(u(state, "sz_2", "submarine")), path=("sz_2", "sz_10")),
              "sz_10", typed=True)
    assert window.submit(PressOn()) is None   # (the submarine could submerge, R-SUB-6)
    assert window.submit(RollDice(values=(1,))) is None   # the first strike sinks the carrier
    lines = [line for line in window.log.lines() if "R-CARRIER-8" in line]
    assert lines == ["United States lost 2 fighters in Sea Zone 10 (R-CARRIER-8)"], \
        window.log.lines()



def test_the_log_keeps_its_last_line_in_view_when_its_lines_wrap_anew(qtbot: QtBot) -> None:
    """A game opened behind the hand-over screen gets its log's lines at once, after its story
    is read: laid out before its scroll bar came, they wrap onto more rows once it narrows
    them. The log, scrolled to its end, stays there: its last line shows whole."""
    from pacific.gui.event_log import EventLog
    from pacific.rules.history import History

    game, state = scenario(phase=Phase.PURCHASE)
    history = History(game, state)
    for _phase in range(8):
        history.apply(EndPhase())
    log = EventLog()
    qtbot.addWidget(log)
    log.set_board(game.board)
    log.resize(300, 150)
    log.show()
    qtbot.waitExposed(log)
    log.show_history(history)   # every line at once, as a story read
    qtbot.wait(10)
    bar = log.verticalScrollBar()
    assert bar.isVisible()
    last = log.visualItemRect(log.item(log.count() - 1))
    assert last.bottom() < log.viewport().height()
    assert bar.value() == bar.maximum()
