"""What ending the phase will cost, and what a move adds to it: the units the
rules will destroy or put at risk, so that a player is warned before they are gone.

- Certain losses: whatever the engine's own end of the phase removes, found by ending the phase
  on a copy of the state with dice as decisions (nothing is rolled): aircraft with no landing
  place (R-AIR-3, R-COMBAT-10), patrols that did not land (R-CAP-7).
- Of a drop in non-combat movement, also the aircraft it leaves with no landing place (a
  carrier's last room taken): lost at the phase's end anyway, but they could still land
  before it (R-AIR-3, R-CARRIER-1).
- At risk, at the end of combat movement: fighters riding as cargo of an attacking carrier into
  a sea battle, which neither fight nor can be chosen as casualties, and must land within 1
  space if it sinks or are lost (R-NAVAL-5, R-CARRIER-2, R-CARRIER-8); transports attacking
  with no warship beside them, which never fire (R-NAVAL-2) and so face the enemy's warships
  alone.

Every answer is a frozen value; nothing here changes a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase
from pacific.rules.battle_records import BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.events import UnitsLost
from pacific.rules.dice import ChanceDice
from pacific.rules.errors import IllegalAction
from pacific.rules.events import Event
from pacific.rules.movement.events import AircraftLost
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType, is_air

if TYPE_CHECKING:
    from pacific.rules.engine import Game

CostKind = Literal["lost", "stranded", "cargo_in_battle", "transports_alone"]


@dataclass(frozen=True)
class Cost:
    """Units that ending the phase destroys (``kind`` "lost") or puts at risk, where, and the
    rule that says so; of a drop, also aircraft it leaves with no landing place (``kind``
    "stranded")."""

    kind: CostKind
    space: str
    units: tuple[int, ...]
    rule: str

    @property
    def certain(self) -> bool:
        return self.kind == "lost"


def phase_end_costs(game: Game, state: GameState) -> tuple[Cost, ...]:
    """What ending the current phase now will destroy or put at risk (empty when nothing)."""
    if state.pending is not None or state.winner is not None or state.edit_mode:
        return ()
    costs = list(_certain(game, state))
    if state.phase is Phase.COMBAT_MOVE:
        costs.extend(_at_risk(game.board, state))
    return tuple(costs)


def action_costs(game: Game, state: GameState, actions: Sequence[Action]) -> tuple[Cost, ...]:
    """What ``actions`` (a drop: one action or a short sequence) add to the cost of ending the
    phase (a carrier stack dropped into a sea battle takes its fighters as cargo): the units
    lost or at risk after them that were not before. Empty when one is refused or waits for
    dice."""
    after = state
    for action in actions:
        try:
            after, _events = game.apply(after, action, ChanceDice())
        except IllegalAction:
            return ()
        if after.pending is not None:
            return ()
    # Unit by unit: landing one of two fighters leaves the other's loss as it was, though
    # the cost that lists it is then another value.
    before = {(cost.kind, unit) for cost in phase_end_costs(game, state) for unit in cost.units}
    out: list[Cost] = []
    ending = phase_end_costs(game, after)
    for cost in ending:
        added = tuple(unit for unit in cost.units if (cost.kind, unit) not in before)
        if added:
            out.append(Cost(cost.kind, cost.space, added, cost.rule))
    if state.phase is Phase.NONCOMBAT_MOVE and not _only_place(game, state, actions, before):
        moved = {unit for action in actions for unit in getattr(action, "units", ())}
        out.extend(_stranded(game, state, after, moved, [
            cost for cost in ending if cost.certain and cost.rule == "R-AIR-3"]))
    return tuple(out)


def _only_place(game: Game, state: GameState, actions: Sequence[Action],
                before: set[tuple[CostKind, int]]) -> bool:
    """Does the drop land aircraft that were to be lost where they had no other place to
    land? Then it takes no place from the others, it saves these (one room for two fighters
    at sea: one is lost whatever is done)."""
    for action in actions:
        units = tuple(getattr(action, "units", ()))
        path = tuple(getattr(action, "path", ()))
        if path and any(("lost", unit) in before for unit in units) and \
                not set(game.drop_targets(state, units)) - {path[-1]}:
            return True
    return False


def _stranded(game: Game, state: GameState, after: GameState, moved: set[int],
              lost: list[Cost]) -> list[Cost]:
    """Aircraft still in the air that the end of non-combat movement would lose anyway, that
    could land before the drop and cannot after it: the drop took their last landing place
    (a carrier's last room, R-CARRIER-1). In phase 6 a flight goes only where every aircraft
    may land (R-AIR-3), so "may land" is "has a place to drop on" (`Game.drop_targets`)."""
    out: list[Cost] = []
    # Identical aircraft in one space have the same places: asked once for each kind.
    answers: dict[tuple[object, ...], bool] = {}
    for cost in lost:
        stranded: list[int] = []
        for unit_id in cost.units:
            unit = state.units.get(unit_id)
            if unit is None or unit_id in moved:
                continue
            kind = (unit.space, unit.owner, unit.type, unit.moves_used)
            if kind not in answers:
                answers[kind] = bool(game.drop_targets(state, (unit_id,))) \
                    and not game.drop_targets(after, (unit_id,))
            if answers[kind]:
                stranded.append(unit_id)
        if stranded:
            out.append(Cost("stranded", cost.space, tuple(stranded), cost.rule))
    return out


def _certain(game: Game, state: GameState) -> list[Cost]:
    try:
        _after, events = game.apply(state, EndPhase(), ChanceDice())
    except IllegalAction:
        return []
    return [cost for event in events if (cost := _loss(event)) is not None]


def _loss(event: Event) -> Cost | None:
    if isinstance(event, AircraftLost):
        return Cost("lost", event.space, tuple(event.units), event.rule)
    if isinstance(event, UnitsLost):
        return Cost("lost", event.space, tuple(event.units), event.rule or "R-COMBAT-6")
    return None


def _at_risk(board: BoardMap, state: GameState) -> list[Cost]:
    from pacific.rules.combat.start import find_battles  # asked only at the end of a phase

    out: list[Cost] = []
    for battle in find_battles(board, state):
        if battle.kind is not BattleKind.NAVAL:
            continue
        attackers = [state.units[i] for i in battle.attackers if i in state.units]
        carriers = {u.id for u in attackers if u.type is UnitType.CARRIER}
        riding = tuple(sorted(u.id for u in state.units_at(battle.space)
                              if u.carried_by in carriers and is_air(u.type)))
        if riding:
            out.append(Cost("cargo_in_battle", battle.space, riding, "R-NAVAL-5"))
        if attackers and all(u.type is UnitType.TRANSPORT for u in attackers):
            out.append(Cost("transports_alone", battle.space,
                            tuple(sorted(u.id for u in attackers)), "R-NAVAL-2"))
    return out
