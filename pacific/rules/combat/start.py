"""The start and end of phase 4: finding every battle (R-COMBAT-1/2, R-NAVAL-1, R-SUB-8,
R-AMPH-1, R-SBR-1) and refusing to leave while one is unresolved."""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.combat import kamikaze
from pacific.rules.economy.control import capture_territory
from pacific.rules.errors import IllegalAction
from pacific.rules.movement.spaces import enemy_controlled
from pacific.rules.nations import POWER_NATIONS, are_enemies, power_of
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, on_enter, on_leave
from pacific.rules.state import GameState, Unit
from pacific.rules.units import AIR_TYPES, LAND_TYPES, UnitType, can_capture, is_air


def _raid_units(state: GameState) -> set[int]:
    return {i for r in state.raids for i in (*r.bombers, *r.escorts)}


def battle_chosen(state: GameState, space: str) -> Battle | None:
    """The battle that choosing ``space`` starts, None when none waits there: a raid and a
    normal attack on one territory, the raid first (R-COMBAT-2)."""
    waiting = [b for b in state.battles if b.space == space and b.status == "waiting"]
    return min(waiting, key=lambda b: (b.kind is not BattleKind.RAID, b.id), default=None)


# Units that never fire in a battle of their own: AA guns fire only at aircraft (OQ3-13) and
# complexes never (R-CAPTURE-2).
_STILL = frozenset((UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX))
# The attackers of a land battle: land units and aircraft (ships only bombard, in the
# amphibious assault records).
_LAND_OR_AIR = LAND_TYPES | AIR_TYPES


def _fights(unit: Unit, raiders: set[int]) -> bool:
    """A phasing unit that fights where it stands: not cargo (R-NAVAL-2, R-CARRIER-2), not a
    raider (R-SBR-2), not an AA gun or complex, not submerged."""
    return unit.carried_by is None and unit.id not in raiders and not unit.submerged \
        and unit.type not in _STILL


def _defends(unit: Unit, naval: bool) -> bool:
    """An enemy unit that defends where it stands: not submerged (R-SUB-6/8)."""
    if unit.submerged:
        return False
    if unit.carried_by is not None:
        # A defending carrier's fighters fight with it (R-NAVAL-5); other cargo never does.
        return naval and is_air(unit.type)
    return True


def find_battles(board: BoardMap, state: GameState) -> list[Battle]:
    """Every battle of the phasing power, raids first (R-COMBAT-2)."""
    return _scan(board, state)[0]


def taken_without_dice(board: BoardMap, state: GameState) -> list[str]:
    """Enemy territories the phasing power's land units entered that hold no enemy unit able
    to fight and see no battle: only AA guns and/or an industrial complex, with no aircraft
    for the guns to fire at (R-CAPTURE-2, R-BLITZ-4, R-COMBAT-11, R-MOVE-9)."""
    return _scan(board, state)[1]


def _scan(board: BoardMap, state: GameState) -> tuple[list[Battle], list[str]]:
    power = state.power
    nations = POWER_NATIONS[power]
    me = nations[0]
    raiders = _raid_units(state)
    battles: list[Battle] = []
    taken: list[str] = []
    for raid in state.raids:
        battles.append(Battle(id=len(battles) + 1, space=raid.target, kind=BattleKind.RAID,
                              attacker=power, attackers=sorted([*raid.bombers, *raid.escorts]),
                              bombers=list(raid.bombers)))
    assault_targets = {a.target: i for i, a in enumerate(state.amphibious_assaults)}
    # Two passes over the units (this runs when phase 4 begins and ends, and after
    # each battle): the spaces where the power's units fight, then the other powers' units in
    # those spaces only. The power's own units are never defenders or bystanders.
    fighting: dict[str, list[Unit]] = {target: [] for target in assault_targets}
    units = state.units.values()
    for unit in units:
        # `_fights`, read here without a call per unit.
        if unit.owner in nations and unit.carried_by is None and not unit.submerged \
                and unit.type not in _STILL and unit.id not in raiders:
            group = fighting.get(unit.space)
            if group is None:
                fighting[unit.space] = [unit]
            else:
                group.append(unit)
    others: dict[str, list[Unit]] = {}
    for unit in units:
        if unit.space in fighting and unit.owner not in nations:
            group = others.get(unit.space)
            if group is None:
                others[unit.space] = [unit]
            else:
                group.append(unit)
    for space in sorted(fighting):
        naval = board.is_sea(space)
        here = others.get(space, ())
        attackers = fighting[space]
        defenders = [u for u in here if are_enemies(u.owner, me) and _defends(u, naval)]
        if not naval:
            attackers = [u for u in attackers if u.type in _LAND_OR_AIR]
        elif defenders and all(d.cap for d in defenders):
            # R-UNIT-9, OQ2-14: submarines ignore a combat air patrol and never fight it;
            # surface ships that entered fight it (R-CAP-3, OQ2-12), aircraft may (R-CAP-4).
            attackers = [u for u in attackers if u.type is not UnitType.SUBMARINE]
            if not attackers:
                continue
        assault = assault_targets.get(space)
        if not naval and assault is None and not any(
                d.type not in _STILL for d in defenders) and not (
                any(is_air(a.type) for a in attackers) and any(
                    d.type is UnitType.AA_GUN for d in defenders)):
            # R-COMBAT-11 / R-CAPTURE-2 / R-BLITZ-4: nothing there can fight or be fired at
            # (AA guns fire only at aircraft, OQ3-13): the land units that entered take it
            # without dice (`take_undefended`). A factory alone may be the board's own, with
            # no unit standing for it (R-MOVE-9 with R-CAPTURE-2).
            if enemy_controlled(board, state, space, me) and any(
                    can_capture(a.type) for a in attackers):
                taken.append(space)
            continue
        if not defenders and assault is None:
            continue
        bystanders = [u.id for u in here if not are_enemies(u.owner, me)
                      and _fights(u, raiders)] if naval else []
        battles.append(Battle(id=len(battles) + 1, space=space,
                              kind=BattleKind.NAVAL if naval else BattleKind.LAND,
                              attacker=power, attackers=[u.id for u in attackers],
                              defenders=[d.id for d in defenders],
                              bystanders=bystanders, assault=assault))
    return battles, taken


def take_undefended(ctx: Context, taken: list[str] | None = None) -> None:
    """Capture every territory `taken_without_dice` lists (R-COMBAT-11, R-CAPTURE-2,
    R-BLITZ-4): control, its AA guns and its factory pass to the nation of the first land unit
    there able to capture (R-CAPTURE-5), and a capital goes through the whole capital capture,
    IPCs handed over included (R-CAPITAL-2, R-CAPITAL-3). A territory that a bombing raid
    still waits to strike is taken once the raid is over (R-COMBAT-2: raids first).
    ``taken``: `taken_without_dice` when the caller has just found it on the same units."""
    state = ctx.state
    raided = {b.space for b in state.battles if b.kind is BattleKind.RAID and b.status != "over"}
    for space in taken if taken is not None else taken_without_dice(ctx.board, state):
        if space in raided:
            continue
        captor = min((u for u in state.units_at(space) if u.carried_by is None
                      and can_capture(u.type) and power_of(u.owner) is state.power),
                     key=lambda u: u.id)
        capture_territory(ctx, space, captor.owner)


@on_enter(Phase.COMBAT)
def start_combat(ctx: Context) -> None:
    """Phase 4 begins: list the battles; in an Allied turn Japan may declare kamikazes first
    (R-KAMI-3/4)."""
    battles, taken = _scan(ctx.board, ctx.state)   # one look at the units for both
    ctx.state.battles = battles
    kamikaze.ask_at_phase_start(ctx)   # only asks: no unit changes before the captures
    take_undefended(ctx, taken)


@on_leave(Phase.COMBAT)
def end_combat(ctx: Context) -> None:
    """Refuse to end phase 4 while a battle is unresolved (R-COMBAT-2)."""
    open_battles = [b for b in ctx.state.battles if b.status != "over"]
    if open_battles:
        raise IllegalAction("R-COMBAT-2", "Every battle must be fought before combat ends; "
                            "still open: {spaces}.",
                            spaces=tuple(ctx.board.place(b.space) for b in open_battles))


@on_leave(Phase.COMBAT, refuses=False)
def take_held_back(ctx: Context) -> None:
    """Once every battle is over (`end_combat`), take the undefended territories a bombing
    raid held back (`take_undefended`, R-COMBAT-2: raids first). Apart from `end_combat`
    because it never refuses: listing `end_phase` need not try it on a copy."""
    take_undefended(ctx)
