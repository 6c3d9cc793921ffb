"""Every invariant of a position, as code.

`position_problems` lists what is inconsistent in a state, each problem a `Message` naming the
space or unit: a unit in two places or in a place its kind cannot be, cargo or carrier over
capacity, negative treasuries, enemy land units left in a territory after combat, a pending
decision nobody can answer, a winner where no victory condition holds. Loading a save, an
edit, a scenario and the random-game tests all call it; an empty list means the position is one
the rules can reach or continue from.

Each problem is a message id with its values: places as `Place`,
units as `Units` or unit types, nations and powers as their enums, so that a save's or an edit's
refusal names the problem in the player's language (`pacific.text`); ``reason`` is the English
sentence. The rule a problem breaks is cited at the end of its template, "(R-TRANS-1)": the edit
refusal takes its rule from there (`pacific.rules.editing.common`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pacific.rules.board_map import BoardMap
from pacific.rules.errors import Message, Place, Sentences, Units, plural
from pacific.rules.files.jsonfile import excerpt
from pacific.rules.nations import NATION_POWER, Nation, are_enemies
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    CARRIER_CAPACITY,
    JAPANESE_DESTROYER_CAPACITY,
    TRANSPORT_CAPACITY,
    UNIT_SPECS,
    UnitType,
    is_air,
    is_land,
    is_sea,
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
# A power's own patrols: taken up in its phase 6 (R-CAP-1), aloft until its next phase 2, when
# each lands or is lost (R-CAP-2, R-CAP-7). In its phases 3 to 5 it has none.
_OWN_PATROLS = (Phase.PURCHASE, Phase.CAP_LANDING, Phase.NONCOMBAT_MOVE, Phase.PLACE,
                Phase.RESET, Phase.INCOME)
MAX_PROBLEMS = 20


def listing(problems: Sequence[Message], shown: int) -> Sentences:
    """The first ``shown`` problems as one message value, and how many more there are."""
    more = len(problems) - shown
    if more <= 0:
        return Sentences(tuple(problems))
    return Sentences((*problems[:shown], Message(plural("and {count} more problem",
                                                        "and {count} more problems"),
                                                 count=more)))


def _where(board: BoardMap, space: str) -> Place | str:
    return board.place(space) if space in board.neighbours else excerpt(space)


def _unit(board: BoardMap, unit: Unit) -> Message:
    return Message("{nation} {unit} #{id} in {place}", nation=unit.owner, unit=unit.type,
                   id=unit.id, place=_where(board, unit.space))


def cargo_problem(board: BoardMap, ship: Unit, cargo: list[Unit]) -> Message | None:
    """Cargo a ship may not hold: the wrong kind or too much (R-TRANS-1, R-CARRIER-1,
    R-JDD-1); None when it may hold it all."""
    aboard = Message("{cargo} aboard one {ship} (#{id}) in {place}",
                     cargo=Units.of(c.type for c in cargo), ship=ship.type, id=ship.id,
                     place=_where(board, ship.space))
    if any(are_enemies(c.owner, ship.owner) for c in cargo):
        return Message("{aboard}: units board only their own side's ships (R-TRANS-13)",
                       aboard=aboard)
    # R-TRANS-2 forbids Chinese infantry only: a Chinese fighter lands on an allied carrier
    # like any allied fighter (R-MOVE-6).
    if any(c.owner is Nation.CHINA and c.type is UnitType.INFANTRY for c in cargo):
        return Message("{aboard}: Chinese infantry never boards a ship (R-TRANS-2)",
                       aboard=aboard)
    if ship.type is UnitType.TRANSPORT:
        # An industrial complex is a land unit that never moves: it takes no room aboard
        # because it never boards (R-TRANS-1 lists what a transport carries).
        if any(not is_land(c.type) or not UNIT_SPECS[c.type].transport_size for c in cargo):
            return Message("{aboard}: a transport carries infantry, marines, artillery, armor "
                           "and AA guns only (R-TRANS-1)", aboard=aboard)
        used = sum(UNIT_SPECS[c.type].transport_size for c in cargo)
        if used > TRANSPORT_CAPACITY:
            return Message("{aboard}: room for 2, or 1 armor (R-TRANS-1)", aboard=aboard)
        return None
    if ship.type is UnitType.CARRIER:
        if any(c.type is not UnitType.FIGHTER for c in cargo):
            return Message("{aboard}: a carrier carries fighters only (R-CARRIER-1)",
                           aboard=aboard)
        if len(cargo) > CARRIER_CAPACITY:
            return Message("{aboard}: room for {capacity} (R-CARRIER-1)", aboard=aboard,
                           capacity=CARRIER_CAPACITY)
        return None
    if ship.type is UnitType.DESTROYER and ship.owner is Nation.JAPAN:
        if len(cargo) > JAPANESE_DESTROYER_CAPACITY or any(
                c.type is not UnitType.INFANTRY or c.owner is not Nation.JAPAN for c in cargo):
            return Message("{unit} may carry one Japanese infantry only (R-JDD-1)",
                           unit=_unit(board, ship))
        return None
    return Message(plural("{unit} cannot carry units, yet {count} is aboard (R-TRANS-1)",
                          "{unit} cannot carry units, yet {count} are aboard (R-TRANS-1)"),
                   unit=_unit(board, ship), count=len(cargo))


def _carried_problem(board: BoardMap, state: GameState, unit: Unit) -> Message | None:
    """What is wrong with where a unit aboard a ship is; None when it may be there."""
    ship = state.units.get(unit.carried_by) if unit.carried_by is not None else None
    if ship is None:
        return Message("{unit} is aboard unit #{ship}, which does not exist",
                       unit=_unit(board, unit), ship=unit.carried_by)
    if ship.space != unit.space:
        return Message("{unit} is aboard #{ship}, which is in {place}: a unit is in two "
                       "places", unit=_unit(board, unit), ship=ship.id,
                       place=_where(board, ship.space))
    if ship.carried_by is not None:
        return Message("{unit} is aboard #{ship}, itself aboard another ship",
                       unit=_unit(board, unit), ship=ship.id)
    return None


def cap_problem(board: BoardMap, state: GameState, unit: Unit) -> Message | None:
    """What is wrong with a unit marked as on combat air patrol; None when it may patrol: a
    fighter (R-CAP-1), aloft over a sea zone, not aboard a carrier (R-CAP-2), and, if it
    belongs to the power playing, only outside that power's phases 3 to 5 (R-CAP-7)."""
    if unit.type is not UnitType.FIGHTER:
        return Message("{unit} is marked on combat air patrol; only fighters patrol (R-CAP-1)",
                       unit=_unit(board, unit))
    if unit.carried_by is not None or not board.is_sea(unit.space):
        return Message("{unit} is marked on combat air patrol but is not aloft over a sea "
                       "zone (R-CAP-2)", unit=_unit(board, unit))
    if NATION_POWER[unit.owner] is state.power and state.phase not in _OWN_PATROLS:
        return Message("{unit} is still on combat air patrol in phase {phase} of its own "
                       "turn: every patrol lands or is lost in phase 2 (R-CAP-7)",
                       unit=_unit(board, unit), phase=state.phase.number)
    return None


def _place_problem(board: BoardMap, state: GameState, unit: Unit) -> Message | None:
    """A unit (not aboard a ship) in a place its kind cannot be; None when it may be there."""
    if unit.cap:
        problem = cap_problem(board, state, unit)
        if problem is not None:
            return problem
    sea = board.is_sea(unit.space)
    if is_sea(unit.type) and not sea:
        return Message("{unit}: a ship on land (R-UNIT-1)", unit=_unit(board, unit))
    if is_land(unit.type) and sea:
        return Message("{unit}: a land unit at sea but not aboard a ship (R-TRANS-1)",
                       unit=_unit(board, unit))
    if not sea and board.territory_by_id[unit.space].impassable:
        return Message("{unit}: in a territory no unit may enter (R-MOVE-10)",
                       unit=_unit(board, unit))
    if sea and is_air(unit.type) and not unit.cap and state.phase in _AIRCRAFT_LANDED:
        return Message("{unit}: aircraft at sea must be aboard a carrier once non-combat "
                       "movement is over (R-NONCOMBAT-1)", unit=_unit(board, unit))
    if sea and is_air(unit.type) and not unit.cap and not attacking(state, unit) and \
            state.phase is not Phase.COMBAT:
        # Only the power playing flies in its turn; every other power's aircraft landed at
        # the end of its own non-combat movement. A defending fighter whose carrier sank is
        # aloft until its battle ends and it lands (R-CARRIER-8).
        return Message("{unit}: aircraft at sea outside its own turn must be aboard a carrier "
                       "or on combat air patrol (R-NONCOMBAT-1)",
                       unit=_unit(board, unit))
    return None


def _mark_problems(state: GameState, unit: Unit, named: Message) -> list[Message]:
    """Damage and submerged marks where they cannot be (R-BB-1, R-SUB-6, R-RESET-1)."""
    out: list[Message] = []
    if unit.damaged and unit.type is not UnitType.BATTLESHIP:
        out.append(Message("{unit} is marked damaged; only battleships take two hits (R-BB-1)",
                           unit=named))
    if unit.submerged and unit.type is not UnitType.SUBMARINE:
        out.append(Message("{unit} is marked submerged; only submarines submerge (R-SUB-6)",
                           unit=named))
    if state.phase not in _MARKS_STAND:
        if unit.damaged:
            out.append(Message("{unit} is still damaged in phase {phase}: every battleship is "
                               "repaired in phase 8 (R-RESET-1)", unit=named,
                               phase=state.phase.number))
        elif unit.submerged:
            out.append(Message("{unit} is still submerged in phase {phase}: every submarine "
                               "surfaces in phase 8 (R-RESET-1)", unit=named,
                               phase=state.phase.number))
    return out


def _unit_problems(board: BoardMap, state: GameState) -> list[Message]:
    out: list[Message] = []
    aboard: dict[int, list[Unit]] = {}
    for key, unit in state.units.items():
        if key != unit.id:
            out.append(Message("unit #{id} is filed under id {key}", id=unit.id, key=key))
        if unit.id >= state.next_unit_id:
            out.append(Message("unit #{id} has an id not below next_unit_id ({next_id})",
                               id=unit.id, next_id=state.next_unit_id))
        if unit.space not in board.neighbours:
            out.append(Message("unit #{id} is in an unknown space {space}", id=unit.id,
                               space=excerpt(unit.space)))
            continue
        if unit.carried_by is not None:
            problem = _carried_problem(board, state, unit) or (
                cap_problem(board, state, unit) if unit.cap else None)
            if problem is None:
                aboard.setdefault(unit.carried_by, []).append(unit)
            else:
                out.append(problem)
            continue
        problem = _place_problem(board, state, unit)
        if problem is not None:
            out.append(problem)
        out += _mark_problems(state, unit, _unit(board, unit))
    for ship_id, cargo in aboard.items():
        problem = cargo_problem(board, state.units[ship_id], cargo)
        if problem is not None:
            out.append(problem)
    return out


def _control_problems(board: BoardMap, state: GameState) -> list[Message]:
    out: list[Message] = []
    for territory in state.territory_owner:
        t = board.territory_by_id.get(territory)
        if t is None:
            out.append(Message("{space} has a controller but is not a territory of the board",
                               space=excerpt(territory)))
        elif t.impassable:
            out.append(Message("{place} belongs to no one, yet has a controller (R-SETUP-12)",
                               place=board.place(t.id)))
    for zone in state.convoy_holder:
        z = board.sea_zone_by_id.get(zone)
        if z is None or (z.convoy_center is None and z.convoy_route is None):
            out.append(Message("{place} is held as a convoy zone but has no convoy "
                               "(R-CONVOY-1)", place=_where(board, zone)))
    # The board's starting complexes are part of the board; built ones are units.
    complexes = Counter([*(t.id for t in board.territories if t.industrial_complex),
                         *(u.space for u in state.units.values()
                           if u.type is UnitType.INDUSTRIAL_COMPLEX)])
    out += [Message("{place} holds {count} industrial complexes: at most one per territory "
                    "(R-PLACE-5)", place=_where(board, space), count=n)
            for space, n in complexes.items() if n > 1]
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
            out.append(Message("{unit} belongs to an enemy of the territory's controller "
                               "({controller}); it changes hands with it (R-CAPTURE-5)",
                               unit=_unit(board, unit), controller=owner))
        elif not are_enemies(unit.owner, owner) or not (is_land(unit.type)
                                                         or is_air(unit.type)):
            continue
        elif after_combat if is_land(unit.type) else landed:
            out.append(Message("{unit} stands in a territory {controller} controls after "
                               "combat: it was captured or the unit is gone (R-COMBAT-9)",
                               unit=_unit(board, unit), controller=owner))
        elif not attacking(state, unit):
            out.append(Message("{unit} stands in a territory {controller} controls, but only "
                               "the units of {power} attack in its turn (R-MULTI-3)",
                               unit=_unit(board, unit), controller=owner, power=state.power))
    return out


def attacking(state: GameState, unit: Unit) -> bool:
    """Whether ``unit`` belongs to the power playing: only its units attack this turn, so only
    they may stand in enemy territory before combat resolves it (R-MULTI-3, R-COMBAT-1)."""
    return NATION_POWER[unit.owner] is state.power


def _economy_problems(board: BoardMap, state: GameState) -> list[Message]:
    out: list[Message] = []
    for nation, ipc in state.treasury.items():
        if ipc < 0:
            out.append(Message("{nation} has a negative treasury ({ipcs} IPC)", nation=nation,
                               ipcs=ipc))
    for nation, held in state.purchased.items():
        for unit_type, count in held.items():
            if count < 0:
                out.append(Message("{nation} holds {count} {unit} bought", nation=nation,
                                   count=count, unit=unit_type))
    if state.victory_points < 0:
        out.append(Message("Japan has {points} victory points (R-VP-5)",
                           points=state.victory_points))
    if not 0 <= state.kamikaze_tokens <= max(board.setup.kamikaze_tokens, 6):
        out.append(Message("Japan has {tokens} kamikaze tokens (R-KAMI-1)",
                           tokens=state.kamikaze_tokens))
    if state.round < 1:
        out.append(Message("round {round}: rounds start at 1", round=state.round))
    if state.convoy_split_due < 0 or state.china_infantry_due < 0:
        out.append(Message("a negative amount is due (convoy split or China's infantry)"))
    if state.winner is None and state.victory_points >= board.victory_points_to_win \
            and state.phase is not Phase.INCOME:
        out.append(Message("Japan has {points} victory points, enough to win, but the game is "
                           "not over (R-VICTORY-2)", points=state.victory_points))
    if state.winner is not None and not state.win_reason:
        out.append(Message("the game is over but says neither why nor how"))
    if state.winner is not None and state.pending is not None:
        out.append(Message("the game is over but still waits for a decision (R-TURN-7)"))
    return out


def position_problems(board: BoardMap, state: GameState) -> list[Message]:
    """What is inconsistent in ``state`` on ``board``: at most `MAX_PROBLEMS` messages, each
    naming the unit or space; empty when the position is consistent. Never raises."""
    problems: list[Message] = []
    if state.map_id != board.id:
        problems.append(Message("the position is on map {saved}, not {board}",
                                saved=excerpt(state.map_id), board=repr(board.id)))
    ids = Counter(u.id for u in state.units.values())
    problems += [Message("unit #{id} appears {count} times", id=i, count=n)
                 for i, n in ids.items() if n > 1]
    problems += _unit_problems(board, state)
    problems += _control_problems(board, state)
    problems += _economy_problems(board, state)
    return problems[:MAX_PROBLEMS]


def decision_problems(answerable: bool, state: GameState) -> list[Message]:
    """A pending decision must have at least one legal answer (a stuck game otherwise).

    While edit mode is on, play waits (EDIT-2): the decision is answered once edit mode is
    turned off, and turning it off is refused while nothing answers it (EDIT-6), so a decision
    waiting under edit mode is part of a valid position whatever its answers."""
    if state.pending is not None and not answerable and not state.edit_mode:
        return [Message("{power} must {decision}, but no action answers it: the game is stuck",
                        power=state.pending.power, decision=state.pending)]
    return []
