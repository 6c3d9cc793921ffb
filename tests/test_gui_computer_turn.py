"""After the computer's turn the player can see what it did: a summary under the map of its
purchase, its attacks with the odds it expected and each battle's result, where its stacks
went and its income, until the player's first action; a click on a line shows its space. A
casualty question during its turn leaves its panel in view."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from pytestqt.qtbot import QtBot
from scenario import board
from test_gui_computer import answer_until_japans_turn_ends

from pacific.ai import EASY
from pacific.gui.computer_turn import SPACE
from pacific.rules.actions.economy import EndPhase
from pacific.rules.engine import Game
from pacific.rules.nations import Power


def test_the_computers_turn_stays_summarised_until_the_players_first_action(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=7))
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    window.computer.play({Power.JAPAN: EASY})
    driver = window.computer.driver
    driver.skip_turn()
    controller = window.controller
    assert controller is not None
    panel, summary = window.computer.panel, window.computer.last_turn.widget
    answered: list[bool] = []   # the panel in view at each of the person's answers
    answer_until_japans_turn_ends(qtbot, window, lambda: answered.append(
        panel.isVisible() and not summary.isVisible()))
    assert answered and all(answered), answered
    # The turn is over: the summary stays, with the computer's own words.
    assert summary.isVisible()
    assert "Japan" in summary.title.text() and "IPC" in summary.title.text()
    texts = [summary.lines.item(i).text() for i in range(summary.lines.count())]
    whys = [w for row in range(window.log.count()) if (w := window.computer.why_at(row))]
    assert any(w.startswith("Attack on") for w in whys)
    assert all(any(w in t for t in texts) for w in whys), (whys, texts)
    assert any(t.startswith("Luck:") for t in texts), texts
    # A click on a line shows its space: centred, outlined.
    row = next(i for i in range(summary.lines.count())
               if isinstance(summary.lines.item(i).data(SPACE), str))
    item = summary.lines.item(row)
    space = item.data(SPACE)
    summary.lines.itemClicked.emit(item)
    marks = window.computer.last_turn.marks
    assert marks is not None and set(marks.outlines) == {space}
    # The player's first action hides it.
    records = len(controller.history.records)
    assert window.submit(EndPhase()) is None
    assert len(controller.history.records) > records
    qtbot.waitUntil(lambda: not summary.isVisible(), timeout=5000)
    assert not marks.outlines
