"""The `move` handler: check the whole move first, then move the units, capture what they
capture on entry, and let AA guns fire at aircraft flying over them (combat movement only)."""

from __future__ import annotations

from pacific.rules.actions.movement import Move
from pacific.rules.economy.control import capture_convoy_zone, capture_territory
from pacific.rules.events import DiceLabel, count_units
from pacific.rules.movement import spaces
from pacific.rules.movement.check import MovePlan, check_move
from pacific.rules.movement.events import AircraftLost, UnitsMoved
from pacific.rules.phases import Phase
from pacific.rules.records import BombingRaid
from pacific.rules.registry import Context, handles
from pacific.rules.state import Unit
from pacific.rules.units import AA_HIT, Domain, UnitType, can_capture, is_warship


@handles("move")
def move(ctx: Context, action: Move) -> None:
    """Move a group along its path (R-MOVE-*, R-COMBATMOVE-*, R-NONCOMBAT-*, R-BLITZ-*,
    R-AAFLY-*, R-AIR-*, R-NAVALBASE-1).

    Raises:
        IllegalMove: the move breaks a movement rule; nothing has changed.
    """
    state = ctx.state
    plan = check_move(ctx.board, state, action)
    plan.units = [state.unit(u.id) for u in plan.units]   # this state's own copies
    phase = state.phase
    survivors = _aa_fire(ctx, plan, action) if plan.aa_fire else list(plan.units)
    if plan.domain is Domain.LAND:
        _walk_land(ctx, plan)
    else:
        for unit in survivors:
            _advance(unit, plan.path, plan.cost, phase)
            unit.carried_by = None if plan.domain is Domain.AIR else unit.carried_by
    if plan.domain is Domain.SEA:
        _carry_cargo(ctx, plan)
        for zone in plan.convoy_captures:
            capture_convoy_zone(ctx, zone, next(u.owner for u in plan.units
                                                 if is_warship(u.type)))
    carriers = _after_flight(ctx, plan, action, survivors) \
        if plan.domain is Domain.AIR and survivors else ()
    ctx.emit(UnitsMoved(units=tuple(u.id for u in plan.units), path=plan.path,
                        raid=action.raid and plan.domain is Domain.AIR, carriers=carriers))


def _advance(unit: Unit, path: tuple[str, ...], cost: int, phase: Phase) -> None:
    unit.space = path[-1]
    unit.moves_used += cost
    unit.path = [*unit.path, *path[1:]]  # a new list: reset turns may share one
    if phase is Phase.COMBAT_MOVE:
        unit.combat_moved = True
    else:
        unit.noncombat_moved = True


def _walk_land(ctx: Context, plan: MovePlan) -> None:
    """Step by step, so that a blitzed territory is captured on entry (R-BLITZ-2,
    R-COMBATMOVE-5, R-CONTROL-6)."""
    captor = next((u.owner for u in plan.units if can_capture(u.type)), plan.nation)
    for i in range(1, len(plan.path)):
        step = plan.path[i - 1:i + 1]
        for unit in plan.units:
            _advance(unit, step, 1, ctx.state.phase)
        if step[1] in plan.captures and \
                spaces.enemy_controlled(ctx.board, ctx.state, step[1], plan.nation):
            capture_territory(ctx, step[1], captor)


def _carry_cargo(ctx: Context, plan: MovePlan) -> None:
    """Cargo stays with its ship (R-TRANS-3); fighters still aboard a carrier that moves are
    cargo for the rest of the turn (R-CARRIER-2)."""
    for ship in plan.units:
        for cargo in ctx.state.cargo_of(ship.id):
            cargo = ctx.state.unit(cargo.id)
            cargo.space = ship.space
            cargo.path = [*cargo.path, *plan.path[1:]]
            if ship.type is UnitType.CARRIER:
                cargo.cargo_locked = True


def _aa_fire(ctx: Context, plan: MovePlan, action: Move) -> list[Unit]:
    """R-AAFLY-1..3: one die per aircraft per enemy AA territory crossed, a 1 hits; each hit
    removes one aircraft crossing together, in the owner's `casualty_order` (then the order
    of `units`). Removed aircraft go no further."""
    order = [*action.casualty_order, *action.units]
    alive = {u.id: u for u in plan.units}
    for territory, targets in plan.aa_fire:
        fired_at = [t for t in targets if t in alive]
        if not fired_at:
            continue
        # The territory's owner fires its guns: at the table its player rolls (R-AAFLY-1).
        rolls = ctx.roll(len(fired_at), f"AA fire over {ctx.board.name(territory)}", AA_HIT,
                         by=ctx.state.owner_of(territory),
                         label=DiceLabel(kind="flyover_aa_fire", space=territory,
                                         units=count_units((alive[t].owner, alive[t].type)
                                                           for t in fired_at)))
        hits = sum(1 for r in rolls if r <= AA_HIT)
        lost: list[int] = []
        for uid in order:
            if len(lost) == hits:
                break
            if uid in fired_at and uid not in lost:
                lost.append(uid)
        for uid in lost:
            del alive[uid]
            ctx.state.remove_unit(uid)
        if lost:
            ctx.emit(AircraftLost(units=tuple(lost), space=territory, rule="R-AAFLY-2"))
    return [u for u in plan.units if u.id in alive]


def _after_flight(ctx: Context, plan: MovePlan, action: Move, flown: list[Unit]
                  ) -> tuple[int, ...]:
    """Declare the landings and raids of combat movement; land on carriers in non-combat
    movement. Returns the carriers landed on."""
    state = ctx.state
    dest = plan.path[-1]
    if state.phase is Phase.COMBAT_MOVE:
        for unit in flown:
            unit.landing = plan.landing
        if action.raid:
            _record_raid(ctx, dest, flown)
        elif plan.assault_target is not None:
            for assault in state.amphibious_assaults:
                if assault.target == dest:
                    assault.land_aircraft.extend(u.id for u in flown)
        return ()
    landed: dict[int, None] = {}
    if ctx.board.is_sea(dest):
        # Land on carriers with room, the chosen one or the mover's own power's first.
        carriers = [c for c in spaces.friendly_carriers(state, dest, plan.nation)
                    if plan.carrier is None or c.id == plan.carrier]
        for unit in flown:
            carrier = next(c for c in carriers if spaces.carrier_room(state, c) > 0)
            unit.carried_by = carrier.id
            landed[carrier.id] = None
            if carrier.id not in state.frozen_carriers:
                state.own("frozen_carriers").append(carrier.id)   # R-CARRIER-5
    return tuple(landed)


def _record_raid(ctx: Context, target: str, flown: list[Unit]) -> None:
    """R-COMBATMOVE-9: the raid is announced with its escorts."""
    raid = next((r for r in ctx.state.raids if r.target == target), None)
    if raid is None:
        raid = BombingRaid(target=target)
        ctx.state.own("raids").append(raid)
    for unit in flown:
        (raid.bombers if unit.type is UnitType.BOMBER else raid.escorts).append(unit.id)
