"""A rule id is never cut at one of its hyphens where the side panel, the status strip or a
refusal wraps its text ("(R-" at a line's end, "COMBAT-8)" on the next), at any width; the
engine's messages are unchanged and an id copied from a label reads as typed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtGui import QFont, QTextDocument, QTextLayout
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui import panels
from pacific.gui.app import new_controller
from pacific.gui.event_log import StatusStrip
from pacific.gui.main_window import MainWindow
from pacific.gui.panels import TurnPanel
from pacific.gui.rule_wrap import as_typed, unbroken
from pacific.rules.actions.combat import Kamikaze
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.errors import IllegalMove
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.text import using_language

IDS = re.compile(r"(?:R|EX)(?:-[A-Z0-9]+)+")
QUESTION = "Japan: retreat from Sea Zone 9 or press on? (R-COMBAT-8)"
WIDTHS = range(90, 420, 3)


def _cuts(lines: list[str]) -> list[str]:
    """The ids of ``lines`` (one text, line by line) that a line's end cuts."""
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line)
    whole = "".join(lines)
    return [m.group(0) for m in IDS.finditer(whole.replace("\u2060", "\ufeff"))
            if any(m.start() < s < m.end() for s in starts)] + \
        [line for line in lines if as_typed(line).rstrip().endswith("R-")]


def _label_lines(text: str, font: QFont, width: int) -> list[str]:
    """``text`` wrapped at ``width`` pixels, as a word-wrapped label lays it out."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        lines.append(text[line.textStart():line.textStart() + line.textLength()])
    layout.endLayout()
    return lines


def _document_lines(document: QTextDocument, width: int) -> list[str]:
    document.setTextWidth(width)
    document.size()   # (laid out)
    lines, block = [], document.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            lines.append(block.text()[line.textStart():line.textStart() + line.textLength()])
        block = block.next()
    return lines


def test_unbroken_keeps_the_words_and_the_hyphens() -> None:
    assert as_typed(unbroken(QUESTION)) == QUESTION
    assert unbroken("no id here - or there") == "no id here - or there"
    assert as_typed(unbroken("R-PLACE-1..7, EX-3")) == "R-PLACE-1..7, EX-3"


def test_the_side_panels_question_never_cuts_its_rule_id(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    controller = new_controller(players=2, seed=3)
    assert controller.state.pending is not None   # (the convoy split: a question)
    monkeypatch.setattr(panels, "decision_prompt", lambda board, state, pending: QUESTION)
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.show_state(controller.board, controller.state)
    shown = panel.prompt.text()
    assert as_typed(shown) == QUESTION
    cut = [w for w in WIDTHS if _cuts(_label_lines(shown, panel.prompt.font(), w))]
    assert cut == [], cut


def test_the_phase_help_never_cuts_its_rules_link(qtbot: QtBot) -> None:
    """Combat movement's help ends in "Rule R-COMBATMOVE-1": cut as "Rule R-" and
    "COMBATMOVE-1" in a 1024x700 window."""
    from test_gui_cargo_grab import japans_combat_movement

    game, state = japans_combat_movement()
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.show_state(game.board, state)
    document = panel.phase_help.document().clone()
    assert "R-COMBATMOVE-1" in as_typed(document.toPlainText())
    cut = [w for w in WIDTHS if _cuts(_document_lines(document, w))]
    assert cut == [], cut


def test_the_status_strip_never_cuts_a_rule_id(qtbot: QtBot) -> None:
    strip = StatusStrip()
    qtbot.addWidget(strip)
    strip.show_refusal(QUESTION)
    assert strip.text() == "✖ " + QUESTION   # the message as the engine said it
    shown = strip.label.text()
    cut = [w for w in WIDTHS if _cuts(_label_lines(shown, strip.label.font(), w))]
    assert cut == [], cut


def _declaring_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """An American destroyer moved into kamikaze zone sz_5, phase 3 ended: the battle board
    asks Japan to declare (R-KAMI-5)."""
    game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 destroyer usa"})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    ids = tuple(u(window.controller.state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    return window


def test_the_battle_boards_question_never_cuts_its_rule_id(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    """The board's question ends in its rule: "... o nessuno (R-" and "KAMI-5)" on the next
    line, seen in a 1024x700 window in Italian."""
    with using_language("it"):
        window = _declaring_window(qtbot, tmp_path)
        prompt = window.battle_board.prompt
        assert "(R-KAMI-5)" in as_typed(prompt.text())
        cut = [w for w in WIDTHS if _cuts(_label_lines(prompt.text(), prompt.font(), w))]
        assert cut == [], cut


def test_the_event_log_never_cuts_a_rule_id(qtbot: QtBot, tmp_path: Path) -> None:
    """A line of the log that names its rule ("1 kamikaze token spent, 5 left (R-KAMI-1)")
    wraps with the id whole; `lines()` gives the lines as typed."""
    window = _declaring_window(qtbot, tmp_path)
    [ship] = u(window.controller.state, "sz_5", "destroyer")
    assert window.submit(Kamikaze(targets=(ship,))) is None
    window.refusals.show(IllegalMove("R-COMBATMOVE-1", "No battle there"))
    log = window.log
    shown = [log.item(i).text() for i in range(log.count())]
    named = [text for text in shown if IDS.search(as_typed(text))]
    assert any("R-KAMI-1" in as_typed(t) for t in named) and \
        any("R-COMBATMOVE-1" in as_typed(t) for t in named), shown
    cut = [(w, as_typed(text)) for text in named for w in WIDTHS
           if _cuts(_label_lines(text, log.font(), w))]
    assert cut == [], cut[:3]
    assert log.lines() == [as_typed(text) for text in shown]
