"""The controller hands each action to the engine once: the engine checks it as it applies it,
and a refused action changes nothing."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.controller import GameController
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_a_submitted_action_is_checked_once(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    """R-PURCH-1: a purchase Japan can pay is applied after one check; one it cannot pay is
    refused with the rule's id after one check, and the game is as it was."""
    game, state = scenario("mini", phase=Phase.PURCHASE, treasury={Nation.JAPAN: 10})
    controller = GameController(History(game, state))
    runs: list[str] = []
    real = Game._run

    def counting(self: Game, *args: object, **kwargs: object) -> object:
        runs.append(type(args[1]).__name__)
        return real(self, *args, **kwargs)   # type: ignore[arg-type]

    monkeypatch.setattr(Game, "_run", counting)
    refused: list[object] = []
    controller.refused.connect(refused.append)
    assert controller.submit(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 3})) is None
    assert runs == ["Purchase"]
    before = controller.state
    refusal = controller.submit(Purchase(nation=Nation.JAPAN, units={UnitType.FIGHTER: 1}))
    assert refusal is not None and refusal.rule == "R-PURCH-1" and refused == [refusal]
    assert runs == ["Purchase", "Purchase"] and controller.state is before
    assert controller.submit(EndPhase()) is None and len(runs) == 3


def test_one_undo_takes_back_a_whole_drop_and_one_redo_makes_it_again(qtbot: QtBot) -> None:
    """A drop may take several actions (a stack loaded onto two ships, R-TRANS-1): it is one
    gesture, so one Ctrl+Z takes it back whole and one Ctrl+Shift+Z makes it again; a single
    action still undoes alone."""
    game, state = scenario("mini", phase=Phase.PURCHASE, treasury={Nation.JAPAN: 30})
    controller = GameController(History(game, state))
    first = Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 1})
    assert controller.submit(first) is None
    after_first = controller.state
    drop = (Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 1}),
            Purchase(nation=Nation.JAPAN, units={UnitType.ARMOR: 1}))
    assert controller.submit_all(drop) is None
    after_drop = controller.state
    assert len(controller.history.records) == 3
    assert controller.undo() and controller.state == after_first
    assert controller.redo() and controller.state == after_drop
    assert controller.undo() and controller.undo() and controller.state == state
    assert controller.redo() and controller.state == after_first
