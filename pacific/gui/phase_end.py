"""The questions asked before something is lost: ending a phase (a purchase phase with nothing
bought, the end of the turn, aircraft with no landing place...) and a drop that puts units at
risk (fighters riding as cargo into a battle, transports attacking alone). What the rules will
destroy or risk is the engine's answer (`Game.phase_end_costs`, `Game.action_costs`);
this module only asks, and sends the action on the player's word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from pacific.gui.controller import GameController
from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase
from pacific.rules.nations import POWER_NATIONS
from pacific.rules.phase_costs import Cost
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.text import gettext
from pacific.text.costs import costs_text
from pacific.text.names import nation_name


class Asker(Protocol):
    def ask(self, title: str, question: str, then: Callable[[], object]) -> object: ...

    def warn(self, title: str, text: str, proceed: str, then: Callable[[], object],
             cancelled: Callable[[], object] | None = None) -> object: ...


class PhaseEnd:
    """Asks before a phase ends or a drop applies, when ``confirm()`` (the preference "Ask
    before ending a phase") is on; ``submit`` sends actions in order, ``snap_back`` puts a dropped
    stack back where it was.

    A risk the player took on at a drop ("Move anyway": fighters riding as cargo into a
    battle) is not asked about again, in the same words, when the phase ends: only the
    certain losses and the risks not yet taken are."""

    def __init__(self, controller: Callable[[], GameController | None], dialogs: Asker,
                 confirm: Callable[[], bool], submit: Callable[[Sequence[Action]], object],
                 snap_back: Callable[[], None]) -> None:
        self.controller = controller
        self.dialogs = dialogs
        self.confirm = confirm
        self.submit = submit
        self.snap_back = snap_back
        # The risks taken on at a drop in this phase: (round, power, phase), and each
        # (kind, unit) of them.
        self._taken: tuple[tuple[object, ...], set[tuple[str, int]]] = ((), set())

    def end_phase(self) -> None:
        """End the phase (R-TURN-4); first, with confirmations on, say what the end loses or
        risks, with a way back."""
        controller = self.controller()
        if controller is None:
            return
        state = controller.state
        if not self.confirm():
            self.submit((EndPhase(),))
            return
        costs = self._not_taken(state, controller.game.phase_end_costs(state))
        question = None
        if state.phase is Phase.PURCHASE and \
                not any(state.purchased.get(n) for n in POWER_NATIONS[state.power]):
            question = gettext("Nothing was bought. End the purchase phase anyway?")
        elif state.phase is Phase.PURCHASE and (waiting := [
                o for o in controller.game.purchase_offers(state) if o.waiting]):
            # India and Australia buy each from its own treasury (R-PURCH-1): one that has
            # not bought is easily forgotten once the other has.
            question = gettext("{nations} bought nothing yet ({ipcs}). End the purchase phase "
                               "anyway?").format(
                nations=", ".join(nation_name(o.nation) for o in waiting),
                ipcs=", ".join(f"{o.treasury} IPC" for o in waiting))
        elif state.phase is Phase.INCOME:
            # The income was collected when the phase began (R-INCOME-1): the log says so
            # already, and the question must not ask for it again.
            question = gettext("The income is collected. End the turn?")
        if costs:
            self.dialogs.warn(gettext("End the phase"), gettext(
                "Ending the phase now:\n{costs}").format(
                    costs=costs_text(costs, controller.board, state)),
                gettext("End the phase anyway"), lambda: self.submit((EndPhase(),)))
        elif question is not None:
            self.dialogs.ask(gettext("End the phase"), question, lambda: self.submit((EndPhase(),)))
        else:
            self.submit((EndPhase(),))

    def drop(self, actions: Sequence[Action]) -> None:
        """A drop's actions: sent, unless they put units at risk; then the player reads what,
        and may take the drop back (the stack slides home)."""
        controller = self.controller()
        if controller is None:
            return
        state = controller.state
        costs = controller.game.action_costs(state, actions) if self.confirm() else ()
        if not costs:
            self.submit(actions)
            return

        def anyway() -> None:
            self._take(state, costs)
            self.submit(actions)

        self.dialogs.warn(gettext("Units at risk"), gettext(
            "This move:\n{costs}").format(costs=costs_text(costs, controller.board, state)),
            gettext("Move anyway"), anyway, self.snap_back)

    def _take(self, state: GameState, costs: Sequence[Cost]) -> None:
        """The player moved anyway: ``costs``' risks are taken on for this phase."""
        when, taken = self._taken
        if when != _phase_of(state):
            when, taken = _phase_of(state), set()
        taken.update((cost.kind, unit) for cost in costs if not cost.certain
                     for unit in cost.units)
        self._taken = (when, taken)

    def _not_taken(self, state: GameState, costs: Sequence[Cost]) -> list[Cost]:
        """``costs`` but the risks the player took on at a drop in this phase."""
        when, taken = self._taken
        if when != _phase_of(state):
            return list(costs)
        return [cost for cost in costs
                if cost.certain or any((cost.kind, unit) not in taken for unit in cost.units)]


def _phase_of(state: GameState) -> tuple[object, ...]:
    return (state.round, state.power, state.phase)
