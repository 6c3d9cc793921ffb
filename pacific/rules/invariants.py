"""Every invariant of a position, as code (issues 13 and 19).

`position_problems` lists what is inconsistent in a state, each problem a sentence naming the
space or unit: a unit in two places or in a place its kind cannot be, cargo or carrier over
capacity, negative treasuries, enemy land units left in a territory after combat, a pending
decision nobody can answer, a winner where no victory condition holds. Loading a save, an
edit, a scenario and the random-game tests all call it; an empty list means the position is one
the rules can reach or continue from.
"""

from __future__ import annotations

from collections import Counter

from pacific.rules.board import BoardMap
from pacific.rules.jsonfile import excerpt
from pacific.rules.nations import Nation, are_enemies
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    CARRIER_CAPACITY,
    JAPANESE_DESTROYER_CAPACITY,
    TRANSPORT_CAPACITY,
    UNIT_SPECS,
    UnitType,
    count_phrase,
    is_air,
    is_land,
    is_sea,
    unit_noun,
)

# Phases in which attacking land units may stand in enemy territory: combat movement has put
# them there and combat has not resolved it yet (R-COMBAT-1).
_BATTLE_PENDING = (Phase.COMBAT_MOVE, Phase.COMBAT)
# Aircraft stay where they fought until non-combat movement flies them home (R-COMBAT-10).
_AIRCRAFT_ABROAD = (*_BATTLE_PENDING, Phase.PRODUCTION_CHART, Phase.NONCOMBAT_MOVE)
# Phases in which every aircraft has landed (R-NONCOMBAT-1); fighters on combat air patrol
# stay aloft until their own phase 2 (R-CAP-1).
_AIRCRAFT_LANDED = (Phase.PLACE, Phase.RESET, Phase.INCOME, Phase.PURCHASE, Phase.CAP_LANDING)
# Battleships are damaged and submarines submerge in combat, and phase 8 sets them upright
# again (R-RESET-1/2): the marks exist only from phase 4 to phase 7.
_MARKS_STAND = (Phase.COMBAT, Phase.PRODUCTION_CHART, Phase.NONCOMBAT_MOVE, Phase.PLACE)
MAX_PROBLEMS = 20


def _where(board: BoardMap, space: str) -> str:
    return board.name(space) if space in board.neighbours else excerpt(space)


def _unit(board: BoardMap, unit: Unit) -> str:
    return f"{unit.owner.value} {UNIT_SPECS[unit.type].name.lower()} #{unit.id} in " \
           f"{_where(board, unit.space)}"


def cargo_problem(board: BoardMap, ship: Unit, cargo: list[Unit]) -> str | None:
    """Cargo a ship may not hold: the wrong kind or too much (R-TRANS-1, R-CARRIER-1,
    R-JDD-1); None when it may hold it all."""
    aboard = f"{count_phrase(c.type for c in cargo)} aboard one " \
             f"{unit_noun(ship.type)} (#{ship.id}) in {_where(board, ship.space)}"
    if any(are_enemies(c.owner, ship.owner) for c in cargo):
        return f"{aboard}: units board only their own side's ships (R-TRANS-13)"
    # R-TRANS-2 forbids Chinese infantry only: a Chinese fighter lands on an allied carrier
    # like any allied fighter (R-MOVE-6).
    if any(c.owner is Nation.CHINA and c.type is UnitType.INFANTRY for c in cargo):
        return f"{aboard}: Chinese infantry never boards a ship (R-TRANS-2)"
    if ship.type is UnitType.TRANSPORT:
        if any(not is_land(c.type) for c in cargo):
            return f"{aboard}: a transport carries land units only (R-TRANS-1)"
        used = sum(UNIT_SPECS[c.type].transport_size for c in cargo)
        if used > TRANSPORT_CAPACITY:
            return f"{aboard}: room for 2, or 1 armor (R-TRANS-1)"
        return None
    if ship.type is UnitType.CARRIER:
        if any(c.type is not UnitType.FIGHTER for c in cargo):
            return f"{aboard}: a carrier carries fighters only (R-CARRIER-1)"
        if len(cargo) > CARRIER_CAPACITY:
            return f"{aboard}: room for {CARRIER_CAPACITY} (R-CARRIER-1)"
        return None
    if ship.type is UnitType.DESTROYER and ship.owner is Nation.JAPAN:
        if len(cargo) > JAPANESE_DESTROYER_CAPACITY or any(
                c.type is not UnitType.INFANTRY or c.owner is not Nation.JAPAN for c in cargo):
            return f"{_unit(board, ship)} may carry one Japanese infantry only (R-JDD-1)"
        return None
    return f"{_unit(board, ship)} cannot carry units, yet {len(cargo)} are aboard (R-TRANS-1)"


def _unit_problems(board: BoardMap, state: GameState) -> list[str]:
    out: list[str] = []
    aboard: dict[int, list[Unit]] = {}
    for key, unit in state.units.items():
        if key != unit.id:
            out.append(f"unit #{unit.id} is filed under id {key}")
        if unit.id >= state.next_unit_id:
            out.append(f"unit #{unit.id} has an id not below next_unit_id "
                       f"({state.next_unit_id})")
        if unit.space not in board.neighbours:
            out.append(f"unit #{unit.id} is in an unknown space {excerpt(unit.space)}")
            continue
        sea = board.is_sea(unit.space)
        if unit.carried_by is not None:
            ship = state.units.get(unit.carried_by)
            if ship is None:
                out.append(f"{_unit(board, unit)} is aboard unit #{unit.carried_by}, which "
                           "does not exist")
            elif ship.space != unit.space:
                out.append(f"{_unit(board, unit)} is aboard #{ship.id}, which is in "
                           f"{_where(board, ship.space)}: a unit is in two places")
            elif ship.carried_by is not None:
                out.append(f"{_unit(board, unit)} is aboard #{ship.id}, itself aboard "
                           "another ship")
            else:
                aboard.setdefault(ship.id, []).append(unit)
            continue
        if is_sea(unit.type) and not sea:
            out.append(f"{_unit(board, unit)}: a ship on land (R-UNIT-1)")
        elif is_land(unit.type) and sea:
            out.append(f"{_unit(board, unit)}: a land unit at sea but not aboard a ship "
                       "(R-TRANS-1)")
        elif not sea and board.territory_by_id[unit.space].impassable:
            out.append(f"{_unit(board, unit)}: in a territory no unit may enter (R-MOVE-10)")
        elif sea and is_air(unit.type) and not unit.cap and state.phase in _AIRCRAFT_LANDED:
            out.append(f"{_unit(board, unit)}: aircraft at sea must be aboard a carrier once "
                       "non-combat movement is over (R-NONCOMBAT-1)")
        if unit.damaged and unit.type is not UnitType.BATTLESHIP:
            out.append(f"{_unit(board, unit)} is marked damaged; only battleships take two hits "
                       "(R-BB-1)")
        if unit.submerged and unit.type is not UnitType.SUBMARINE:
            out.append(f"{_unit(board, unit)} is marked submerged; only submarines submerge "
                       "(R-SUB-6)")
        if (unit.damaged or unit.submerged) and state.phase not in _MARKS_STAND:
            out.append(f"{_unit(board, unit)} is still {'damaged' if unit.damaged else 'submerged'}"
                       f" in phase {state.phase.number}: every battleship is repaired and every "
                       "submarine surfaces in phase 8 (R-RESET-1)")
    for ship_id, cargo in aboard.items():
        problem = cargo_problem(board, state.units[ship_id], cargo)
        if problem is not None:
            out.append(problem)
    return out


def _control_problems(board: BoardMap, state: GameState) -> list[str]:
    out: list[str] = []
    for territory in state.territory_owner:
        t = board.territory_by_id.get(territory)
        if t is None:
            out.append(f"{excerpt(territory)} has a controller but is not a territory of the "
                       "board")
        elif t.impassable:
            out.append(f"{t.names.en} belongs to no one, yet has a controller (R-SETUP-12)")
    for zone in state.convoy_holder:
        z = board.sea_zone_by_id.get(zone)
        if z is None or (z.convoy_center is None and z.convoy_route is None):
            out.append(f"{_where(board, zone)} is held as a convoy zone but has no convoy "
                       "(R-CONVOY-1)")
    # The board's starting complexes are part of the board; built ones are units.
    complexes = Counter([*(t.id for t in board.territories if t.industrial_complex),
                         *(u.space for u in state.units.values()
                           if u.type is UnitType.INDUSTRIAL_COMPLEX)])
    out += [f"{_where(board, space)} holds {n} industrial complexes: at most one per territory "
            "(R-PLACE-5)" for space, n in complexes.items() if n > 1]
    after_combat = state.phase not in _BATTLE_PENDING
    landed = state.phase not in _AIRCRAFT_ABROAD
    for unit in state.units.values():
        if unit.carried_by is not None or unit.space not in board.territory_by_id:
            continue
        owner = state.territory_owner.get(unit.space)
        if owner is None:
            continue
        if unit.type in (UnitType.INDUSTRIAL_COMPLEX, UnitType.AA_GUN) and \
                are_enemies(unit.owner, owner):
            out.append(f"{_unit(board, unit)} belongs to an enemy of the territory's "
                       f"controller ({owner.value}); it changes hands with it (R-CAPTURE-5)")
        elif ((after_combat and is_land(unit.type)) or (landed and is_air(unit.type))) \
                and are_enemies(unit.owner, owner):
            out.append(f"{_unit(board, unit)} stands in a territory {owner.value} controls "
                       "after combat: it was captured or the unit is gone (R-COMBAT-9)")
    return out


def _economy_problems(board: BoardMap, state: GameState) -> list[str]:
    out: list[str] = []
    for nation, ipc in state.treasury.items():
        if ipc < 0:
            out.append(f"{nation.value} has a negative treasury ({ipc} IPC)")
    for nation, held in state.purchased.items():
        for unit_type, count in held.items():
            if count < 0:
                out.append(f"{nation.value} holds {count} {unit_type.value} bought")
    if state.victory_points < 0:
        out.append(f"Japan has {state.victory_points} victory points (R-VP-5)")
    if not 0 <= state.kamikaze_tokens <= max(board.setup.kamikaze_tokens, 6):
        out.append(f"Japan has {state.kamikaze_tokens} kamikaze tokens (R-KAMI-1)")
    if state.round < 1:
        out.append(f"round {state.round}: rounds start at 1")
    if state.convoy_split_due < 0 or state.china_infantry_due < 0:
        out.append("a negative amount is due (convoy split or China's infantry)")
    if state.winner is None and state.victory_points >= board.victory_points_to_win \
            and state.phase is not Phase.INCOME:
        out.append(f"Japan has {state.victory_points} victory points, enough to win, but the "
                   "game is not over (R-VICTORY-2)")
    if state.winner is not None and not state.win_reason:
        out.append("the game is over but says neither why nor how")
    if state.winner is not None and state.pending is not None:
        out.append("the game is over but still waits for a decision (R-TURN-7)")
    return out


def position_problems(board: BoardMap, state: GameState) -> list[str]:
    """What is inconsistent in ``state`` on ``board``: at most `MAX_PROBLEMS` sentences, each
    naming the unit or space; empty when the position is consistent. Never raises."""
    problems: list[str] = []
    if state.map_id != board.id:
        problems.append(f"the position is on map {excerpt(state.map_id)}, not {board.id!r}")
    ids = Counter(u.id for u in state.units.values())
    problems += [f"unit #{i} appears {n} times" for i, n in ids.items() if n > 1]
    problems += _unit_problems(board, state)
    problems += _control_problems(board, state)
    problems += _economy_problems(board, state)
    return problems[:MAX_PROBLEMS]


def decision_problems(answerable: bool, state: GameState) -> list[str]:
    """A pending decision must have at least one legal answer (a stuck game otherwise)."""
    if state.pending is not None and not answerable:
        return [f"{state.pending.power.value} must {state.pending.describe()}, but no action "
                "answers it: the game is stuck"]
    return []
