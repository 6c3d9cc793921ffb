"""What a step of the tutorial asks for, as a judge over the engine's own state and actions.

Each goal answers three questions, all about positions and actions, never about widgets:

- ``allows(board, start, state, action)``: is this action part of the step (the tutorial lets
  the engine apply it) or a move off the script (the tutorial refuses it with the step's hint)?
- ``done(board, start, state)``: has the player done what the step asks?
- ``next_action(game, start, state)``: the action that takes the step one move further, as the
  script's own answer (the tests walk the whole tutorial with it; an ``auto`` step's phases are
  played with it for the player).

``start`` is the position when the step began: the units a step names ("the Japanese
infantry in Manchuria") are the ones standing there then, so that a later move or a casualty
cannot change what the step means.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pacific.rules.actions import Action
from pacific.rules.actions.combat import (
    ChooseCasualties,
    ConfirmCasualties,
    Intercept,
    Kamikaze,
    KamikazeTarget,
    PressOn,
    SelectBattle,
    SelectCasualty,
)
from pacific.rules.actions.economy import EndPhase, Place, Purchase, SplitConvoyIncome
from pacific.rules.actions.movement import Load, Move, StartCap, Unload
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import CasualtyChoice, ConvoySplit, InterceptChoice, KamikazeChoice
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power, power_of
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType


@dataclass(frozen=True)
class Pieces:
    """The units of one nation and type standing in one space (not aboard a ship), as a step
    names them; ``loaded``: only ships with cargo aboard."""

    space: str
    nation: Nation
    unit_type: UnitType
    loaded: bool = False

    def ids(self, state: GameState) -> frozenset[int]:
        return frozenset(
            u.id for u in state.units_at(self.space)
            if u.owner is self.nation and u.type is self.unit_type and u.carried_by is None
            and (not self.loaded or state.cargo_of(u.id)))


class Goal:
    """A step's aim; the base class is a step to read (see `Read`)."""

    # The tutorial plays the step's actions for the player (phases nobody has to think about).
    auto = False

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return False

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return False

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        return None


@dataclass(frozen=True)
class Read(Goal):
    """Nothing to play: the player reads the step and goes on (the panel's Continue)."""


@dataclass(frozen=True)
class Buy(Goal):
    """Buy exactly ``units`` for ``nation`` (R-PURCH-1..3), in one purchase or several."""

    nation: Nation
    units: dict[UnitType, int] = field(hash=False)

    def _left(self, state: GameState) -> dict[UnitType, int]:
        bought = state.purchased.get(self.nation, {})
        return {t: n - bought.get(t, 0) for t, n in self.units.items()}

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        if not isinstance(action, Purchase) or action.nation is not self.nation:
            return False
        left = self._left(state)
        return all(0 < n <= left.get(t, 0) for t, n in action.units.items() if n)

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return all(n == 0 for n in self._left(state).values())

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        left = {t: n for t, n in self._left(state).items() if n > 0}
        return Purchase(nation=self.nation, units=left) if left else None


@dataclass(frozen=True)
class EndPhases(Goal):
    """End phases until ``power``'s phase ``phase`` begins (R-TURN-3/4); the British convoy
    split a phase 9 asks for is part of it (R-INCOME-3). With ``auto`` the tutorial ends the
    phases itself and stops only for the split, which the player makes."""

    power: Power
    phase: Phase
    auto: bool = False

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return isinstance(action, EndPhase | SplitConvoyIncome)

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return state.power is self.power and state.phase is self.phase

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        if self.done(game.board, start, state):
            return None
        due = state.convoy_split_due
        if due and (state.phase is Phase.INCOME or isinstance(state.pending, ConvoySplit)):
            return SplitConvoyIncome(india=due - due // 2, australia=due // 2)
        return EndPhase()

    def auto_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        """The next phase the tutorial ends for the player; None when the step is over or
        waits for the player's convoy split (a real choice, in the window's dialog)."""
        action = self.next_action(game, start, state)
        return action if isinstance(action, EndPhase) else None


@dataclass(frozen=True)
class MoveTo(Goal):
    """Move ``pieces`` (all of them, in one drag or several) into ``to`` (R-MOVE-3)."""

    pieces: Pieces
    to: str

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return isinstance(action, Move) and action.path[-1] == self.to and \
            set(action.units) <= self.pieces.ids(start)

    def _left(self, start: GameState, state: GameState) -> tuple[int, ...]:
        return tuple(sorted(i for i in self.pieces.ids(start)
                            if i in state.units and state.units[i].space != self.to))

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return not self._left(start, state)

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        left = self._left(start, state)
        return game.drop_action(state, left, self.to) if left else None


@dataclass(frozen=True)
class Board(Goal):
    """Load ``pieces`` aboard a ship of their side in the sea zone ``zone`` (R-TRANS-3)."""

    pieces: Pieces
    zone: str

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        if not isinstance(action, Load) or not set(action.units) <= self.pieces.ids(start):
            return False
        ship = state.units.get(action.transport)
        return ship is not None and ship.space == self.zone

    def _left(self, start: GameState, state: GameState) -> tuple[int, ...]:
        return tuple(sorted(i for i in self.pieces.ids(start)
                            if i in state.units and state.units[i].carried_by is None))

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return not self._left(start, state)

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        left = self._left(start, state)
        return game.drop_action(state, left, self.zone) if left else None


@dataclass(frozen=True)
class Land(Goal):
    """Unload the cargo of ``ship`` into the enemy territory ``target``: an amphibious
    assault, declared with its target in combat movement (R-AMPH-1, R-TRANS-7)."""

    ship: Pieces
    target: str

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return isinstance(action, Unload) and action.territory == self.target and \
            action.transport in self.ship.ids(start)

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return any(a.target == self.target and a.landing_units
                   for a in state.amphibious_assaults)

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        return unload_next(self.ship.ids(start), state, self.target)


@dataclass(frozen=True)
class Fight(Goal):
    """Fight the battle in ``space`` to its end, choosing it on the battle board and answering
    its decisions (R-COMBAT-2..8). ``casualties``: when given, the only units the side that
    owns them may name as its casualties (the script's dice make the text come true only with
    that choice)."""

    space: str
    casualties: Pieces | None = None

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        if isinstance(action, SelectBattle):
            return action.space == self.space
        if isinstance(action, PressOn | ConfirmCasualties | Intercept):
            return True
        if isinstance(action, ChooseCasualties | SelectCasualty):
            named = action.units if isinstance(action, ChooseCasualties) else (action.unit,)
            return self._may_name(start, state, named)
        return False

    def _may_name(self, start: GameState, state: GameState, named: tuple[int, ...]) -> bool:
        if self.casualties is None:
            return True
        pending = state.pending
        if isinstance(pending, CasualtyChoice) and \
                pending.power is not power_of(self.casualties.nation):
            return True  # the other side's casualties: any legal choice
        return set(named) <= self.casualties.ids(start)

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return state.pending is None and any(
            b.space == self.space and b.status == "over" for b in state.battles)

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        if self.done(game.board, start, state):
            return None
        if isinstance(state.pending, InterceptChoice):
            # The script's raids are met by every fighter that may intercept (R-SBR-3).
            return Intercept(fighters=state.pending.fighters)
        return next((a for a in game.play_actions(state)
                     if self.allows(game.board, start, state, a)
                     and not isinstance(a, SelectCasualty | ConfirmCasualties)), None)


@dataclass(frozen=True)
class PlaceAll(Goal):
    """Place every unit ``nation`` bought this turn, each type where ``where`` says
    (R-PLACE-1..4); for China, its allotment of infantry (R-PLACE-7)."""

    nation: Nation
    where: dict[UnitType, str] = field(hash=False)

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return isinstance(action, Place) and action.nation is self.nation and \
            self.where.get(action.unit_type) == action.space

    def _left(self, state: GameState) -> dict[UnitType, int]:
        """What is still to place: China's allotment of infantry (R-CHINA-2, R-PLACE-7) or
        the units the nation bought."""
        if self.nation is Nation.CHINA:
            return {UnitType.INFANTRY: state.china_infantry_due}
        return dict(state.purchased.get(self.nation, {}))

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return not any(self._left(state).values())

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        for unit_type, count in sorted(self._left(state).items()):
            if count > 0:
                return Place(nation=self.nation, unit_type=unit_type,
                             space=self.where[unit_type])
        return None


@dataclass(frozen=True)
class Aim(Goal):
    """Japan's kamikaze declaration: exactly one token at each of ``targets``
    (R-KAMI-1..6), named together or one by one."""

    targets: Pieces

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        pending = state.pending
        if not isinstance(pending, KamikazeChoice):
            return False
        wanted = sorted(self.targets.ids(start))
        if isinstance(action, KamikazeTarget):
            return action.unit in wanted and action.unit not in pending.targets
        if isinstance(action, Kamikaze):
            return sorted((*pending.targets, *action.targets)) == wanted
        return False

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return not isinstance(state.pending, KamikazeChoice) and \
            state.kamikaze_tokens == start.kamikaze_tokens - len(self.targets.ids(start))

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        pending = state.pending
        if not isinstance(pending, KamikazeChoice):
            return None
        left = sorted(self.targets.ids(start) - set(pending.targets))
        return Kamikaze(targets=tuple(left))


@dataclass(frozen=True)
class Patrol(Goal):
    """Send ``pieces`` (fighters that have not moved) on a combat air patrol over ``zone``
    in non-combat movement (R-CAP-1)."""

    pieces: Pieces
    zone: str

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return isinstance(action, StartCap) and action.sea_zone == self.zone and \
            set(action.units) <= self.pieces.ids(start)

    def _left(self, start: GameState, state: GameState) -> tuple[int, ...]:
        return tuple(sorted(i for i in self.pieces.ids(start)
                            if i in state.units and state.units[i].space != self.zone))

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return not self._left(start, state)

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        left = self._left(start, state)
        return StartCap(units=left, sea_zone=self.zone) if left else None


@dataclass(frozen=True)
class Ashore(Goal):
    """Unload the cargo of ``ship`` into the friendly territory ``territory`` in non-combat
    movement (R-TRANS-7, R-NONCOMBAT-8)."""

    ship: Pieces
    territory: str

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return isinstance(action, Unload) and action.territory == self.territory and \
            action.transport in self.ship.ids(start)

    def done(self, board: BoardMap, start: GameState, state: GameState) -> bool:
        return not any(state.cargo_of(i) for i in self.ship.ids(start) if i in state.units)

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        return unload_next(self.ship.ids(start), state, self.territory)


def unload_next(ships: frozenset[int], state: GameState, territory: str) -> Action | None:
    """The unloading of the first of ``ships`` that still carries cargo into ``territory``."""
    for ship in sorted(ships):
        cargo = tuple(u.id for u in state.cargo_of(ship))
        if cargo:
            return Unload(transport=ship, units=cargo, territory=territory)
    return None


@dataclass(frozen=True)
class Raid(MoveTo):
    """Send ``pieces`` (bombers, or fighters escorting them) on a strategic bombing raid on
    ``to``, declared in combat movement (R-SBR-1, R-SBR-2, R-COMBATMOVE-9)."""

    def allows(self, board: BoardMap, start: GameState, state: GameState,
               action: Action) -> bool:
        return super().allows(board, start, state, action) and isinstance(action, Move) and \
            action.raid

    def next_action(self, game: Game, start: GameState, state: GameState) -> Action | None:
        left = self._left(start, state)
        return game.drop_action(state, left, self.to, raid=True) if left else None
