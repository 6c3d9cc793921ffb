"""The computer in the desktop game: a seat of the New game dialog can be the
computer at a level; it thinks in a worker thread while the window keeps processing events;
its moves go through the controller one by one (log, map, battle board); a person cannot
move its pieces; "skip to the end of its turn" plays on without pauses."""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.ai import EASY, HARD, NORMAL
from pacific.gui.computer import seats_to_powers
from pacific.gui.dialogs.new_game import NewGameDialog
from pacific.gui.main_window import MainWindow
from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase
from pacific.rules.engine import Game
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState


def test_the_new_game_dialog_offers_a_person_or_the_computer_for_each_seat(
        qtbot: QtBot) -> None:
    dialog = NewGameDialog({1: "Ann"}, players={1: "", 2: "hard", 3: "easy"})
    qtbot.addWidget(dialog)
    assert dialog.seat_levels() == {1: None, 2: HARD, 3: EASY}
    assert not dialog.names[2].isEnabled() and dialog.names[1].isEnabled()
    assert dialog.seat_names() == {1: "Ann"}
    # R-SETUP-2: with two players the Allies are one seat, Great Britain and the USA.
    dialog.two.setChecked(True)
    assert set(dialog.seat_levels()) == {1, 2}
    assert seats_to_powers(2, dialog.seat_levels()) == {Power.UK: HARD, Power.US: HARD}
    assert seats_to_powers(3, {1: NORMAL, 2: None, 3: None}) == {Power.JAPAN: NORMAL}
    assert dialog.seat_choices() == {1: "", 2: "hard"}


def test_a_computer_japan_plays_its_turn_while_the_window_stays_responsive(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Japan is the computer, the Allies are people (their decisions in Japan's battles are
    answered here as a person would, with the battle board's first choice)."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    controller = window.controller
    assert controller is not None
    # R-SETUP-8: the British player (a person) splits the starting convoy income first.
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    window.computer.play({Power.JAPAN: NORMAL})
    driver = window.computer.driver
    driver.pace_ms = 50
    assert driver.acting() and driver.controls(Power.JAPAN) and not driver.controls(Power.UK)
    # The mini board plans in milliseconds: the combat movement is made to think as long as
    # a big turn on the real board does, busy in Python (holding the interpreter as the
    # planner does), to show that the window goes on meanwhile.
    player = driver.players[Power.JAPAN]
    plan = player.choose
    slowed: list[bool] = []

    def slow_choose(state: GameState) -> Action:
        if state.phase is Phase.COMBAT_MOVE and not slowed:
            slowed.append(True)
            until = time.monotonic() + 1.5
            while time.monotonic() < until:
                sum(range(1000))
        return plan(state)

    player.choose = slow_choose  # type: ignore[method-assign]
    ticks: list[tuple[float, bool]] = []
    seen: dict[str, object] = {"battle_board": False, "activity": ""}

    def tick() -> None:
        ticks.append((time.monotonic(), driver._thinking is not None))
        if window.battle_board.isVisible():
            seen["battle_board"] = True
        text = window.computer.panel.label.text()
        if "Japan" in text and window.computer.panel.isVisible():
            seen["activity"] = text
        if window.computer.panel.reasoning.text():
            seen["reasoning"] = window.computer.panel.reasoning.text()
        state = controller.state
        if state.pending is not None and not driver.controls(state.pending.power):
            window.submit(controller.legal_actions()[0])   # the person's answer

    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(tick)
    timer.start()
    # A person's gesture while the computer plays is not sent to the engine.
    before = controller.state
    assert window.submit(EndPhase()) is None
    assert controller.state is before
    assert "computer" in window.status_strip.text()
    qtbot.waitUntil(lambda: controller.state.power is Power.UK, timeout=120_000)
    timer.stop()
    # The event loop ran while the computer thought in its worker thread: the timer kept
    # firing, with no long gap, during the thinking.
    thinking = [(a, b) for (a, x), (b, y) in pairwise(ticks) if x and y]
    assert len(thinking) >= 20, len(thinking)
    assert max(b - a for a, b in thinking) < 1.0   # blocked, it would stop for 1.5 s
    assert seen["battle_board"], "Japan's battles were not shown on the battle board"
    assert "Japan (computer)" in str(seen["activity"])
    # Its moves went through the controller: the engine's history and the log have them.
    assert len(controller.history.records) > 10
    assert window.log.lines()
    # It explained its attacks in the panel (the odds it expected, what it wanted, what it
    # feared), and "Why?" on the log's lines of its attacking moves says the same; its other
    # moves and its purchase say why too.
    assert "expected" in str(seen.get("reasoning")), seen.get("reasoning")
    whys = [w for row in range(window.log.count()) if (w := window.computer.why_at(row))]
    attacks = [w for w in whys if w.startswith("Attack on")]
    assert attacks and all("odds" in w and "Feared" in w for w in attacks), whys
    assert any(w not in attacks for w in whys), whys
    box = window.computer.show_why(whys[0])
    assert box.text() == whys[0]
    box.close()
    # The UK is a person: the computer waits and its panel goes away.
    assert not driver.acting()
    qtbot.waitUntil(lambda: not window.computer.panel.isVisible(), timeout=5000)


def test_skip_plays_the_rest_of_the_computers_turn_at_once(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    game = Game(board("mini"))
    state = game.new_game(players=2, seed=7)
    window = make_window(qtbot, tmp_path, game, state)
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    window.computer.play({Power.JAPAN: EASY})
    driver = window.computer.driver
    driver.pace_ms = 60_000          # a minute between moves, unless skipped
    qtbot.waitUntil(lambda: driver._pending_action is not None, timeout=60_000)
    window.computer.panel.skip.click()
    assert driver.skipping()
    controller = window.controller
    assert controller is not None

    answer_until_japans_turn_ends(qtbot, window)
    # The last position is drawn once the turn is over.
    qtbot.waitUntil(lambda: window.turn_panel.isVisible(), timeout=5000)
    assert not driver.skipping()


def answer_until_japans_turn_ends(qtbot: QtBot, window: MainWindow,
                                  before_answer: Callable[[], None] | None = None) -> None:
    """Answer the people's decisions in the computer Japan's turn as a person would (the
    battle board's first choice), ``before_answer`` called first, until the turn is over."""
    controller, driver = window.controller, window.computer.driver
    assert controller is not None

    def answer() -> None:
        now = controller.state
        if now.pending is not None and not driver.controls(now.pending.power):
            if before_answer is not None:
                before_answer()
            window.submit(controller.legal_actions()[0])

    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(answer)
    timer.start()
    qtbot.waitUntil(lambda: controller.state.power is not Power.JAPAN, timeout=120_000)
    timer.stop()


def test_a_new_game_against_the_computer_shows_no_hand_over_screen(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    """One person against the computer: nobody to hand the computer over to (the hot-seat
    screen is for people sharing the computer, R-SETUP-2)."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=5),
                         handover=True)
    window.files.new_game(players=2, computer={Power.JAPAN: EASY}, seed=1)
    assert window.controller is not None and window.controller.board.id == "pacific"
    assert window.computer.people() == 1
    assert window.computer.driver.controls(Power.JAPAN)
    assert not window.computer.driver.controls(Power.UK)
    assert window.dialogs.handover is None or not window.dialogs.handover.isVisible()
    # The British player splits the starting convoy income: the computer waits for it.
    assert window.dialogs.convoy is not None and not window.computer.driver.acting()


def test_a_game_saved_against_the_computer_opens_against_the_computer(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Who sits where is saved with the game (schema 3): the United States stay the
    computer's, at the same level, after a save and an open; a game of people stays one."""
    from gui_helpers import MINI

    from pacific.rules.files.maps import board_resolver
    from pacific.rules.history import History

    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path / "first", game, game.new_game(players=3, seed=5))
    window.show_game(History(game, game.new_game(players=3, seed=5)), None,
                     computer={Power.US: EASY})
    assert window.controller is not None
    assert window.controller.history.computer == {Power.US: "easy"}
    path = tmp_path / "against.json"
    assert window.files.save_to(path)
    window.computer.driver.shutdown()

    other = make_window(qtbot, tmp_path / "second", game, game.new_game(players=3, seed=5))
    assert other.computer.levels == {}
    assert other.files.open_path_with(path, board_resolver(MINI))
    assert other.computer.levels == {Power.US: EASY}
    assert other.computer.driver.controls(Power.US)
    assert not other.computer.driver.controls(Power.JAPAN)
    other.computer.driver.shutdown()

    people = tmp_path / "people.json"
    window.show_game(History(game, game.new_game(players=3, seed=5)), None, computer={})
    assert window.files.save_to(people)
    assert other.files.open_path_with(people, board_resolver(MINI))
    assert other.computer.levels == {} and not other.computer.driver.controls(Power.US)


def test_the_computer_asks_again_when_a_new_game_comes_while_it_thinks(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another game shown (or the same seats given again) while the computer thinks: its
    answer about the old question is dropped, and it is asked about the position shown, not
    left "deciding" for ever. Here Great Britain, the computer, splits the starting convoy
    income (R-SETUP-8) and is given its seat again while it thinks."""
    from pacific.ai.player import ComputerPlayer

    choose = ComputerPlayer.choose

    def slow(self: ComputerPlayer, state: GameState) -> Action:
        time.sleep(0.3)   # (releases the interpreter: the window goes on)
        return choose(self, state)

    monkeypatch.setattr(ComputerPlayer, "choose", slow)
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    controller = window.controller
    assert controller is not None and controller.state.pending is not None
    window.computer.play({Power.UK: EASY})
    driver = window.computer.driver
    driver.pace_ms = 0
    assert driver._thinking is not None
    window.computer.play({Power.UK: EASY})   # (as a new game with the same seats does)
    qtbot.waitUntil(lambda: controller.state.pending is None, timeout=5000)
