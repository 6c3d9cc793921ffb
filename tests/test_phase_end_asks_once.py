"""A risk taken on at a drop is not asked about again when the phase ends: a carrier dropped
into a sea battle with its fighters as cargo, "Move anyway", then "End the phase" asked the
same question in the same words (R-NAVAL-5). A certain loss, and a risk not taken on yet, are
still told."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from scenario import scenario, u

from pacific.gui.phase_end import PhaseEnd
from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase
from pacific.rules.board_map import BoardMap
from pacific.rules.engine import Game
from pacific.rules.phases import Phase
from pacific.rules.state import GameState


@dataclass
class _Controller:
    game: Game
    state: GameState

    @property
    def board(self) -> BoardMap:
        return self.game.board


@dataclass
class _Dialogs:
    warned: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)

    def ask(self, title: str, question: str, then: Callable[[], object]) -> object:
        self.asked.append(question)
        return then()

    def warn(self, title: str, text: str, proceed: str, then: Callable[[], object],
             cancelled: Callable[[], object] | None = None) -> object:
        self.warned.append(text)
        return then()


def _carrier_into_battle() -> tuple[_Controller, _Dialogs, PhaseEnd, list[Action], list[int]]:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 2 fighter japan, 1 transport japan",
                                  "sz_5": "1 destroyer usa", "sz_10": "1 destroyer usa"})
    carrier = u(state, "sz_6", "carrier")[0]
    for fighter in u(state, "sz_6", "fighter"):
        state.units[fighter].carried_by = carrier
    controller, dialogs, sent = _Controller(game, state), _Dialogs(), []

    def submit(actions: Sequence[Action]) -> None:
        for action in actions:
            controller.state, _events = game.apply(controller.state, action)
            sent.append(action)

    phase_end = PhaseEnd(lambda: controller, dialogs,  # type: ignore[arg-type,return-value]
                         lambda: True, submit, lambda: None)
    drop = game.drop_actions(state, [carrier], "sz_5")
    assert drop
    return controller, dialogs, phase_end, sent, list(drop)


def test_a_risk_taken_at_the_move_is_not_asked_again_at_the_phase_end_r_naval_5() -> None:
    _controller, dialogs, phase_end, sent, drop = _carrier_into_battle()
    phase_end.drop(drop)
    assert len(dialogs.warned) == 1 and "cargo" in dialogs.warned[0]
    phase_end.end_phase()
    assert len(dialogs.warned) == 1
    assert sent[-1] == EndPhase()


def test_a_risk_not_taken_yet_is_still_told_at_the_phase_end_r_naval_2() -> None:
    controller, dialogs, phase_end, _sent, drop = _carrier_into_battle()
    phase_end.drop(drop)
    transport = u(controller.state, "sz_6", "transport")
    # (moved without the warning: the transport alone in another battle is a new risk)
    controller.state, _events = controller.game.apply(
        controller.state, controller.game.drop_actions(controller.state, transport, "sz_10")[0])
    phase_end.end_phase()
    assert len(dialogs.warned) == 2
    assert "cargo" not in dialogs.warned[1]
