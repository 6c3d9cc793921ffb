"""Combat movement (phase 3): the attacks `pacific.ai.attacks` chose, as steps in the order the
rules need them: aircraft first (fighters take off before their carrier moves, R-CARRIER-2),
then warships, then landings (board, sail, unload: R-TRANS-3), then land units. Ships caught in
a zone with enemy ships sail away when they would lose the battle that staying means
(R-COMBATMOVE-6)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from pacific.ai.attack_plan import plan_attacks
from pacific.ai.attacks import HOLD_TURNS, Attack, reason, threshold, win_chance, without
from pacific.ai.blunders import LOST, is_fleet
from pacific.ai.cornered import sell_main_fleet_dear
from pacific.ai.cover import kept_aboard
from pacific.ai.doomed import sell_dear, sells_dear
from pacific.ai.explain import AttackReason
from pacific.ai.pairs import spare_pairs
from pacific.ai.search import SearchReport, search_attacks
from pacific.ai.stacks import Stack
from pacific.ai.steps import LoadStep, MoveStep, Step, UnloadStep
from pacific.ai.stuck import stuck_at, vetoes_stuck_fleet
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.odds import OddsResult
from pacific.rules.actions.movement import HoldConvoy
from pacific.rules.engine import Game
from pacific.rules.nations import Side
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    UNIT_SPECS,
    UnitType,
    can_capture,
    is_air,
    is_land,
    is_sea,
    is_warship,
)


def combat_steps(turn: Turn, stacks: list[Stack]
                 ) -> tuple[list[Step], list[tuple[Attack, AttackReason]], SearchReport | None]:
    """The steps of the combat movement, each attack chosen with why, and what the search
    weighed: the greedy plan, or at a level with `plan_search` the best whole plan the search
    found (`pacific.ai.search`)."""
    report = None
    guards = turn.level.careful and not turn.level.japan_attack_care \
        and turn.view.side is Side.AXIS
    careful = turn.level.careful
    as_played = turn
    if guards:
        turn = Turn(turn.game, turn.state, replace(turn.level, careful=False), turn.judge,
                    turn.memory)
    if turn.level.plan_search:
        attacks, report = search_attacks(turn, stacks, attack_steps)
    else:
        attacks = plan_attacks(turn, stacks)
    if guards:
        attacks = keep_guards(turn, attacks)
        attacks = spare_fleets(turn, attacks, keep_odds=True)
        # Japan's small pairs are read at the level's own care (`pacific.ai.pairs`).
        attacks = spare_pairs(as_played, attacks)
    if careful and not guards:
        # Not for Japan's combat movement without the care: with it, the hard Japan lost
        # games against normal's Allies it won without it (docs/ai-journal.md).
        attacks = spare_fleets(turn, attacks)
    # A fleet's fighters stay aboard where it is lost without them (`pacific.ai.cover`).
    attacks = keep_cover(as_played, attacks)
    if sells_dear(as_played):
        # At the level's own care: the careful Japan plans without it (above), but a fleet
        # lost wherever it ends is judged with it (`pacific.ai.doomed`).
        attacks = sell_main_fleet_dear(as_played, sell_dear(as_played, attacks))
    return (*_steps(turn, stacks, attacks, careful), report)


def keep_cover(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """The attacks without the fighters `cover.kept_aboard` keeps on their fleet's carriers:
    an attack that no longer wins at the level's odds without them is not made, with the
    landings through its zone (`attacks.without`)."""
    kept = kept_aboard(turn, attacks)
    if not kept:
        return attacks
    out = list(attacks)
    for attack in attacks:
        trimmed: Attack | None = attack
        for unit_id in sorted(kept & attack.unit_ids()):
            trimmed = _without(turn, trimmed, unit_id) if trimmed is not None else None
        if trimmed is None:
            out = without(turn, out, attack)
        elif trimmed is not attack:
            out = [trimmed if a is attack else a for a in out]
    return out


def keep_guards(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """The attacks with one land unit kept home in each territory of this side that they
    would leave empty where an enemy land unit could walk in (R-COMBATMOVE-5; a unit that
    fought cannot come back in non-combat movement, R-NONCOMBAT-2): the cheapest one leaving
    it whose attack still wins at the level's odds without it (`_keep_one`). An attack that
    needs every unit keeps them all, a neighbour then keeping a unit to walk over
    (`_guards_next_door`, as for a territory already empty); where none can, the attack is
    not made for a target worth no more, over the turns it is held, than the territory it
    opens (`_not_for_less`). Japan's combat movement without the care plans its attacks with no
    guards; this keeps the attacks and most guards."""
    board, view = turn.board, turn.view
    out = list(attacks)
    leaving: dict[str, list[tuple[int, Unit]]] = {}
    for index, attack in enumerate(out):
        if attack.raid:
            continue
        units = [u for u, _ in attack.units] + [u for ld in attack.landings for u in ld.load]
        for unit in units:
            if is_land(unit.type) and can_capture(unit.type) and board.is_land(unit.space):
                leaving.setdefault(unit.space, []).append((index, unit))
    left_open = []
    for territory in sorted(leaving):
        if not view.mine(view.owner(territory)) or not turn.needs_a_guard(territory):
            continue
        moving = {i for a in out for i in a.unit_ids()}
        if any(_guard(u) and u.id not in moving for u in view.friends_at(territory)):
            continue
        if not _keep_one(turn, out, leaving[territory]):
            left_open.append(territory)
    _guards_next_door(turn, out, leaving)
    for territory in left_open:
        if not _covered(turn, territory, {i for a in out for i in a.unit_ids()}):
            _not_for_less(turn, out, territory, leaving[territory])
    return [a for a in out if a.units or a.landings]


def _not_for_less(turn: Turn, attacks: list[Attack], territory: str,
                  leaving: list[tuple[int, Unit]]) -> None:
    """The attacks that need the last guards of ``territory``, with no neighbour to send a
    garrison after them, not made where their target is worth no more than the territory
    they open to a walk-in (R-COMBATMOVE-5): taking it would cost as much as it gains. Each
    is worth its printed IPC over the turns it is held (`_held_worth`); the territory opened
    is held by the enemy for all of them, since an empty territory is taken without a
    battle. The least valuable target first, until a guard stays. A dropped attack is left
    with no units (the caller removes it)."""
    board = turn.board
    worth = board.territory_by_id[territory].ipc * (1 + HOLD_TURNS)
    for index in sorted({i for i, _ in leaving}, key=lambda i: (
            _held_worth(turn, attacks[i]), i)):
        target = attacks[index].target
        if not attacks[index].unit_ids() or target in board.capital_nation \
                or _held_worth(turn, attacks[index]) > worth:
            continue
        attacks[index] = replace(attacks[index], units=[], landings=[])
        moving = {i for a in attacks for i in a.unit_ids()}
        if any(_guard(u) and u.id not in moving for u in turn.view.friends_at(territory)):
            return


def _held_worth(turn: Turn, attack: Attack) -> float:
    """The IPC ``attack``'s target is worth to its captor, counted as `attacks.score` counts
    them: this turn's income (R-INCOME-1), and `HOLD_TURNS` more while the enemy does not take
    it back (`Attack.feared`; not judged: held). A target the enemy retakes at once pays for
    one turn only: Siam's last infantry sent against French Indo-China (3 IPC), which the
    Allies retake at 0.99, gains less than Siam (2 IPC) opened to a walk-in costs."""
    held = 1.0 - (attack.feared or 0.0)
    return _printed(turn, attack.target) * (1 + HOLD_TURNS * held)


def _printed(turn: Turn, space: str) -> int:
    """The IPC printed on ``space`` (none at sea)."""
    return turn.board.territory_by_id[space].ipc if turn.board.is_land(space) else 0


def _keep_one(turn: Turn, attacks: list[Attack], leaving: list[tuple[int, Unit]]) -> bool:
    """One of ``leaving`` (attack index, unit) kept home: the cheapest whose attack still
    wins at the level's odds without it. False if every attack needs its unit."""
    ordered = sorted((p for p in leaving if p[1].id in attacks[p[0]].unit_ids()),
                     key=lambda p: (UNIT_SPECS[p[1].type].cost, p[1].id))
    for index, unit in ordered:
        trimmed = _without(turn, attacks[index], unit.id)
        if trimmed is not None:
            attacks[index] = trimmed
            return True
    return False


def _guards_next_door(turn: Turn, attacks: list[Attack],
                      leaving: dict[str, list[tuple[int, Unit]]]) -> None:
    """A territory of this side left empty where an enemy land unit could walk in (empty
    already, or its last guard needed by an attack) gets its garrison in non-combat movement
    from a neighbour that can spare one (`noncombat._garrisons`: never a territory's last
    guard): where the attacks would leave no neighbour a unit to spare, one more stays in
    the neighbour they leave, so that the garrison can walk over (R-COMBATMOVE-5; a unit
    that fought cannot, R-NONCOMBAT-2)."""
    view = turn.view
    for territory in sorted(view.my_territories()):
        moving = {i for a in attacks for i in a.unit_ids()}
        if not turn.needs_a_guard(territory) or _covered(turn, territory, moving):
            continue
        for space in _near(turn, territory):
            if space in leaving and _spares(turn, space, moving, 1) \
                    and _keep_one(turn, attacks, leaving[space]):
                break


def _near(turn: Turn, territory: str) -> list[str]:
    """The neighbours of ``territory`` a garrison may walk from: this side's, not a capital
    (whose surplus the non-combat movement counts on its own)."""
    board, view = turn.board, turn.view
    return [n for n in sorted(board.neighbours[territory]) if board.is_land(n)
            and view.mine(view.owner(n)) and n not in board.capital_nation]


def _covered(turn: Turn, territory: str, moving: set[int]) -> bool:
    """Whether ``territory`` keeps a guard once the ``moving`` units have left, or a
    neighbour keeps one to spare for it."""
    return any(_guard(u) and u.id not in moving for u in turn.view.friends_at(territory)) \
        or any(_spares(turn, n, moving) for n in _near(turn, territory))


def _spares(turn: Turn, space: str, moving: set[int], kept: int = 0) -> bool:
    """Whether ``space`` keeps a land unit to spare once the ``moving`` units have left, with
    ``kept`` more staying: two, or one where no guard is needed (`noncombat._garrisons`)."""
    left = kept + sum(1 for u in turn.view.friends_at(space) if _guard(u)
                      and u.id not in moving)
    return left >= 2 or (left == 1 and not turn.needs_a_guard(space))


def _guard(unit: Unit) -> bool:
    """A land unit that holds a territory against a walk-in (an AA gun does not)."""
    return is_land(unit.type) and can_capture(unit.type)


def spare_fleets(turn: Turn, attacks: list[Attack], keep_odds: bool = False) -> list[Attack]:
    """The attacks with fewer ships where a sea attack's ships, once they win, would stay as
    a fleet (two warships, or a battleship or a carrier) in a zone the enemy then wins at >=
    `LOST`: ships that fought cannot move on in non-combat movement (R-NONCOMBAT-2). The
    cheapest ship that the attack still wins without (at the level's odds) stays home, one
    at a time, until those left are no fleet; where the attack needs them all, aircraft no
    attack sends may take a ship's place (`_swap_for_aircraft`), or one warship with
    aircraft may fight it instead (`_lone_ship`), and failing that it keeps them (the plan
    judged it worth the loss), or for a power that vetoes it (`stuck.vetoes_stuck_fleet`)
    leaves the attack out, with the landings through its zone. Its aircraft fly home.

    With ``keep_odds`` (Japan's combat movement without the care) a ship stays home only
    where aircraft this side sends nowhere else take its place and the attack wins at least
    as likely and loses no more (`_swap_for_aircraft`), and only if the ships left are then
    no fleet: a ship dropped at the level's odds alone cost the hard Japan games
    (docs/ai-journal.md)."""
    out = list(attacks)
    vetoed = []
    for index, attack in enumerate(out):
        target = attack.target
        if attack.raid or not turn.board.is_sea(target):
            continue
        while True:
            ships = [u for u, _ in out[index].units if is_sea(u.type)]
            staying = [moved(u, target) for u in ships]
            if not is_fleet(staying):
                break
            if turn.danger(target, defenders=staying) < LOST:
                if vetoes_stuck_fleet(turn, staying) and stuck_at(turn, target, staying) >= LOST:
                    vetoed.append(out[index])
                break
            if keep_odds:
                trimmed = _swap_for_aircraft(turn, out, index)
            else:
                trimmed = next((t for u in sorted(ships, key=lambda u: (
                    UNIT_SPECS[u.type].cost, u.id)) if (t := _without(turn, out[index], u.id))
                    is not None), None)
                if trimmed is None:
                    trimmed = _swap_for_aircraft(turn, out, index)
                if trimmed is None:
                    trimmed = _lone_ship(turn, out, index)
            if trimmed is None:
                if keep_odds:
                    out[index] = attack     # still a fleet left to be sunk: no swap gains
                elif vetoes_stuck_fleet(turn, staying):
                    vetoed.append(out[index])
                break
            out[index] = trimmed
    for attack in vetoed:
        out = without(turn, out, attack)
    return out


# Aircraft tried in place of one ship, at most.
SWAP_AIRCRAFT = 3
# Odds as high: the swapped attack may win this much less likely (rounding of the odds).
SAME_ODDS = 0.002


def _swap_for_aircraft(turn: Turn, attacks: list[Attack], index: int) -> Attack | None:
    """``attacks[index]`` with its cheapest ship replaced by up to `SWAP_AIRCRAFT` aircraft of
    this power that no attack sends and that can attack its zone (the engine's drop targets:
    they can still land afterwards, R-AIR-2), when it then wins at least as likely and
    loses no more: its losses in the battle plus the ships that survive it, which stay in
    the zone where the enemy sinks them (R-NONCOMBAT-2). None if no such swap exists."""
    attack = attacks[index]
    target = attack.target
    if attack.result is None or attack.landings:
        return None
    busy = {i for a in attacks for i in a.unit_ids()}
    idle = []
    for unit in sorted(turn.state.units.values(), key=lambda u: (UNIT_SPECS[u.type].cost,
                                                                   u.id)):
        if not turn.ours(unit) or not is_air(unit.type) or unit.id in busy:
            continue
        drop = turn.game.drop_targets(turn.state, [unit.id]).get(target)
        if drop is not None and drop.meaning == "attack":
            idle.append((unit, drop))
        if len(idle) >= SWAP_AIRCRAFT:
            break
    if not idle:
        return None
    before = (win_chance(turn, attack.result, target), _loss(attack.result))
    ships = sorted((u for u, _ in attack.units if is_sea(u.type)),
                   key=lambda u: (UNIT_SPECS[u.type].cost, u.id))
    for ship in ships:
        units = [p for p in attack.units if p[0].id != ship.id]
        for k in range(1, len(idle) + 1):
            tried = [*units, *idle[:k]]
            spec = turn.attack_spec(target, [u for u, _ in tried])
            if spec is None:
                break
            result = turn.judge.odds(spec)
            if win_chance(turn, result, target) >= before[0] - SAME_ODDS \
                    and _loss(result) <= before[1]:
                return replace(attack, units=tried, result=result)
    return None


# Warships tried as the lone ship of an attack: this many zones away at most.
LONE_SHIP_REACH = 2


def _lone_ship(turn: Turn, attacks: list[Attack], index: int) -> Attack | None:
    """``attacks[index]`` fought by one warship that is no fleet alone (a destroyer or a
    submarine), with the attack's aircraft and up to `SWAP_AIRCRAFT` more that no attack
    sends, when it then wins at the level's odds and loses no more (`_loss`): the one ship
    that survives stays (R-NONCOMBAT-2) and the aircraft fly on to land (R-AIR-2). A
    destroyer lets the aircraft hit a submarine (R-SUB-5): two submarines sent against one
    were left as a fleet the enemy sank, beside a destroyer and fighters that could have won
    the same battle. None if no such warship exists."""
    attack = attacks[index]
    target = attack.target
    if attack.result is None or attack.landings:
        return None
    busy = {i for a in attacks for i in a.unit_ids()}
    air = [p for p in attack.units if is_air(p[0].type)]
    ships: dict[UnitType, tuple[Unit, DropTarget]] = {
        u.type: (u, t) for u, t in reversed(attack.units) if not is_fleet([u]) and is_sea(u.type)}
    idle: list[tuple[Unit, DropTarget]] = []
    for unit in sorted(turn.state.units.values(), key=lambda u: (UNIT_SPECS[u.type].cost,
                                                                   u.id)):
        if not turn.ours(unit) or unit.id in busy or unit.carried_by is not None:
            continue
        if is_air(unit.type) and len(idle) < SWAP_AIRCRAFT:
            pass
        elif not (is_warship(unit.type) and unit.type not in ships and not is_fleet([unit])
                  and turn.board.is_sea(unit.space)
                  and turn.view.sea_distance(unit.space, target) <= LONE_SHIP_REACH):
            continue
        drop = turn.game.drop_targets(turn.state, [unit.id]).get(target)
        if drop is None or drop.meaning != "attack":
            continue
        if is_air(unit.type):
            idle.append((unit, drop))
        else:
            ships[unit.type] = (unit, drop)
    before = _loss(attack.result)
    for ship in sorted(ships.values(), key=lambda p: (UNIT_SPECS[p[0].type].cost, p[0].id)):
        for k in range(len(idle) + 1):
            tried = [ship, *air, *idle[:k]]
            spec = turn.attack_spec(target, [u for u, _ in tried])
            if spec is None:
                break
            result = turn.judge.odds(spec)
            if win_chance(turn, result, target) >= threshold(turn, target) \
                    and _loss(result) <= before:
                return replace(attack, units=tried, result=result)
    return None


def _loss(result: OddsResult) -> float:
    """What a sea attack costs its side: its expected losses in the battle plus the ships that
    survive it, as lost (they stay where the enemy sinks them)."""
    left = sum(s.probability * UNIT_SPECS[t].cost * n for s in result.survivors
               for t, n in s.attacker.items() if is_sea(t))
    return result.attacker_ipc_lost + left


def _without(turn: Turn, attack: Attack, unit_id: int) -> Attack | None:
    """``attack`` without the unit ``unit_id``, if it still wins at the level's odds."""
    units = [p for p in attack.units if p[0].id != unit_id]
    landings = [replace(ld, load=[u for u in ld.load if u.id != unit_id])
                for ld in attack.landings]
    landings = [ld for ld in landings if ld.cargo]
    if not units and not landings:
        return None
    spec = turn.attack_spec(attack.target, [u for u, _ in units],
                            landing=[u for ld in landings for u in ld.cargo])
    if spec is None:
        return None
    result = turn.judge.odds(spec)
    if win_chance(turn, result, attack.target) < threshold(turn, attack.target):
        return None
    return replace(attack, units=units, landings=landings, result=result)


def attack_steps(turn: Turn, stacks: list[Stack], attacks: list[Attack]) -> list[Step]:
    """The steps that send ``attacks``, in the order the rules need."""
    return _steps(turn, stacks, attacks, turn.level.careful)[0]


def _steps(turn: Turn, stacks: list[Stack], attacks: list[Attack], careful: bool
           ) -> tuple[list[Step], list[tuple[Attack, AttackReason]]]:
    reasons: list[tuple[Attack, AttackReason]] = []
    used = {uid for a in attacks for uid in a.unit_ids()}
    air: list[Step] = []
    sea: list[Step] = []
    boats: list[Step] = []
    land: list[Step] = []
    for attack in attacks:
        why = reason(turn, attack)
        reasons.append((attack, why))
        for ids, target in _grouped(attack.units):
            first = turn.state.units[ids[0]]
            step = MoveStep(ids, attack.target, target, raid=attack.raid, why=why)
            (air if is_air(first.type) else sea if is_sea(first.type) else land).append(step)
        for landing in attack.landings:
            if landing.load:
                boats.append(LoadStep(landing.transport.id,
                                      tuple(u.id for u in landing.load), why=why))
            if landing.move is not None:
                boats.append(MoveStep((landing.transport.id,), landing.zone, landing.move,
                                      why=why))
            boats.append(UnloadStep(landing.transport.id, attack.target, why=why))
    return [*air, *sea, *_disengage(turn, stacks, used), *boats, *land,
            *_hold_convoys(turn, stacks, used, careful)], reasons


def _grouped(pairs: Iterable[tuple[Unit, DropTarget]]
             ) -> list[tuple[tuple[int, ...], DropTarget]]:
    """Units sent the same way (one stack, one drop target) move as one action."""
    groups: dict[int, tuple[list[int], DropTarget]] = {}
    for unit, target in pairs:
        groups.setdefault(id(target), ([], target))[0].append(unit.id)
    return [(tuple(sorted(ids)), target) for ids, target in groups.values()]


def _disengage(turn: Turn, stacks: list[Stack], used: set[int]) -> list[Step]:
    """Ships sharing a zone with enemy ships fight if they stay (R-COMBATMOVE-6, OQ2-2): when
    the exact odds are against them, they sail to the safest zone in reach."""
    out: list[Step] = []
    zones = sorted({s.space for s in stacks if is_sea(s.type) and s.first.carried_by is None})
    for zone in zones:
        enemies = [u for u in turn.view.enemies_at(zone) if not u.submerged]
        if not enemies:
            continue
        mine = [u for u in turn.view.friends_at(zone) if turn.ours(u) and is_sea(u.type)
                and u.id not in used]
        if not mine:
            continue
        spec = turn.attack_spec(zone, mine)
        if spec is not None and turn.judge.odds(spec).attacker_wins >= turn.level.attack_odds:
            continue
        for stack in stacks:
            if stack.space != zone or not is_sea(stack.type) or stack.first.carried_by:
                continue
            ids = tuple(u.id for u in stack.units if u.id not in used)
            options = [(t.space, t) for t in stack.targets.values() if t.meaning == "move"
                       and not turn.view.enemies_at(t.space)]
            if not ids or not options:
                continue
            space, target = min(options, key=lambda o: (turn.danger(o[0], exact=False),
                                                           o[1].cost, o[0]))
            out.append(MoveStep(ids, space, target, kind="disengage"))
    return out


# Ships where the enemy wins at least this likely are as good as lost.
LOST_THERE = 0.8


def _hold_convoys(turn: Turn, stacks: list[Stack], used: set[int], careful: bool
                  ) -> list[Step]:
    """Submarines that began the turn in an empty enemy convoy zone stay to take it
    (R-CONVOY-4), when nothing else needs them and, with ``careful`` (the hard level, Japan's
    combat movement without the care too), not where the enemy sinks them at >=
    `LOST_THERE`: a fleet that cannot sail away is a blunder of class 2."""
    out: list[Step] = []
    for stack in stacks:
        if stack.type is not UnitType.SUBMARINE or turn.economy.swing(stack.space) <= 0:
            continue
        ids = tuple(u.id for u in stack.units if u.id not in used)
        # Judged with the submarines and what cannot sail away in non-combat movement (an
        # ally's units, ships that moved or fought): this power's other ships there may
        # leave them, and a submarine that stayed cannot follow (R-NONCOMBAT-2).
        staying = [u for u in turn.my_defenders(stack.space) if u.id in ids
                   or not turn.ours(u) or u.combat_moved or u.fought]
        if ids and careful and turn.danger(
                stack.space, defenders=staying) >= LOST_THERE:
            continue   # they would be sunk before the convoy pays (R-CONVOY-4)
        if ids:
            out.append(_HoldStep(ids))
    return out


class _HoldStep:
    kind = "convoy"

    def __init__(self, ids: tuple[int, ...]) -> None:
        self.ids = ids

    def __call__(self, game: Game, state: GameState) -> HoldConvoy | None:
        ids = tuple(i for i in self.ids if i in state.units)
        if not ids:
            return None
        action = HoldConvoy(units=ids)
        return action if game.why_illegal(state, action) is None else None
