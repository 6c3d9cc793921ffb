"""Phase 7: placing the units bought in phase 1 (R-PLACE-1..7).

Industrial complexes are the board's starting ones (``Territory.industrial_complex``) plus the
IC units the USA places later (R-PLACE-5). Either way an IC belongs to whoever controls its
territory (R-SETUP-15).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pacific.rules.actions.economy import Place
from pacific.rules.board_map import BoardMap
from pacific.rules.economy.events import PurchasesForfeited
from pacific.rules.errors import IllegalAction, NotYourTurn, Template, Units, plural
from pacific.rules.events import UnitsChanged
from pacific.rules.nations import POWER_NATIONS, Nation
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles, lists, on_leave
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, Domain, UnitType

UNLIMITED = 10**9
_COMPLEX = (UnitType.INDUSTRIAL_COMPLEX,)


def has_industrial_complex(board: BoardMap, state: GameState, territory: str,
                           usable_only: bool = False) -> bool:
    """Whether ``territory`` holds an IC; with ``usable_only``, one that was there before this
    turn (an IC placed this turn works from the next one, R-PLACE-5)."""
    t = board.territory_by_id.get(territory)
    if t is None:
        return False
    if t.industrial_complex:
        return True
    return any(u.space == territory and not (usable_only and u.placed_this_turn)
               for u in state.units_of_types(_COMPLEX))


def held_since_turn_start(state: GameState, territory: str, nation: Nation) -> bool:
    """R-CONTROL-5: held when the turn began and never lost since."""
    return (state.territory_owner.get(territory) is nation
            and state.owner_at_turn_start.get(territory) is nation
            and territory not in state.captured_this_turn)


def usable_complexes(board: BoardMap, state: GameState, nation: Nation) -> list[str]:
    """The ICs ``nation`` may place at this turn (R-PLACE-2, R-CAPTURE-7, R-PLACE-6)."""
    return usable_among(board, state, nation, board.territory_by_id)


def usable_among(board: BoardMap, state: GameState, nation: Nation,
                 spaces: Iterable[str]) -> list[str]:
    """Those of ``spaces`` that are `usable_complexes`, in the order given. The units are
    looked at (once) only when a territory without an IC of the board's own is held: most
    placements ask about one territory or the few next to a sea zone."""
    held = [t for t in map(board.territory_by_id.get, spaces)
            if t is not None and held_since_turn_start(state, t.id, nation)]
    if all(t.industrial_complex for t in held):
        return [t.id for t in held]
    # has_industrial_complex(usable_only=True) for every territory, the complexes looked at
    # once (the state's index by type: not every unit).
    built = {u.space for u in state.units_of_types(_COMPLEX) if not u.placed_this_turn}
    return [t.id for t in held if t.industrial_complex or t.id in built]


def capacity(board: BoardMap, state: GameState, nation: Nation, complex_at: str) -> int:
    """Units still placeable at one IC this turn: no limit at the nation's capital, else the
    territory's IPC value (R-PLACE-3, OQ-15), ships next to it included (OQ-14)."""
    if board.capitals.get(nation) == complex_at:
        return UNLIMITED
    return max(board.territory_by_id[complex_at].ipc - state.placed_at.get(complex_at, 0), 0)


def _refuse(rule: str, template: Template, **params: Any) -> IllegalAction:
    """A refusal of a placement (the template is the message id; see pacific.rules.errors)."""
    return IllegalAction(rule, template, **params)


def placement_site(board: BoardMap, state: GameState, action: Place) -> str | None:
    """Check a placement and return the IC whose limit it uses (None: no limit applies).

    Raises:
        IllegalAction: the rule broken (R-PLACE-1..7, R-CHINA-4).
    """
    nation, unit_type, space, count = action.nation, action.unit_type, action.space, action.count
    if nation not in POWER_NATIONS[state.power]:
        raise NotYourTurn("R-PLACE-1", "{nation} does not place units in the turn of {power}.",
                          nation=nation, power=state.power)
    # Its name is made only for a refusal, and the space looked up by id.
    if not (board.is_land(space) or board.is_sea(space)):
        raise _refuse("R-PLACE-2", "There is no space called '{space}' on this board.",
                      space=space)
    if nation is Nation.CHINA:
        if unit_type is not UnitType.INFANTRY or count > state.china_infantry_due:
            raise _refuse("R-CHINA-2", "China may place only its allotted infantry: {count} "
                          "left this turn.", count=state.china_infantry_due)
        if space != board.chinese_infantry_placement:
            raise _refuse("R-PLACE-7", "China's infantry is placed only in {space}.",
                          space=board.place(board.chinese_infantry_placement or ""))
        if state.territory_owner.get(space) is not Nation.CHINA:
            raise _refuse("R-CHINA-4", "China cannot place infantry while {space} is not "
                          "Chinese.", space=board.place(space))
        return None
    waiting = state.purchased.get(nation, {}).get(unit_type, 0)
    if count > waiting:
        raise _refuse("R-PLACE-1", "{nation} has {waiting} of this unit ({unit}) bought this "
                      "turn to place, not {count}.", nation=nation, waiting=waiting,
                      unit=unit_type, count=count)
    if unit_type is UnitType.INDUSTRIAL_COMPLEX:
        _check_new_complex(board, state, space, count)
        return None
    domain = UNIT_SPECS[unit_type].domain
    if domain is Domain.SEA:
        return _naval_site(board, state, nation, space, count)
    if not board.is_land(space):
        if unit_type is UnitType.FIGHTER:
            raise _refuse("R-PLACE-2", "Fighters may not be placed directly on a carrier: "
                          "place them at an industrial complex.")
        raise _refuse("R-PLACE-2", "This unit ({unit}) is placed in a territory with an "
                      "industrial complex, not at sea.", unit=unit_type)
    if not usable_among(board, state, nation, (space,)):
        raise _refuse("R-PLACE-2", "{nation} has no industrial complex in {space} that it "
                      "has controlled since the start of the turn.", nation=nation,
                      space=board.place(space))
    if count > capacity(board, state, nation, space):
        raise _refuse("R-PLACE-3", "At most {limit} units a turn may be placed in {space}, "
                      "its IPC value; {left} are left.", limit=board.territory_by_id[space].ipc,
                      space=board.place(space), left=capacity(board, state, nation, space))
    return space


def _check_new_complex(board: BoardMap, state: GameState, space: str, count: int) -> None:
    """R-PLACE-5 (OQ-16): a new US IC, in a territory the USA (or China) has held since the
    start of the turn, at most one per territory."""
    if not board.is_land(space):
        raise _refuse("R-PLACE-5", "An industrial complex is placed in a territory, not at "
                      "sea.")
    if count != 1 or has_industrial_complex(board, state, space):
        raise _refuse("R-PLACE-5", "{space} may hold at most one industrial complex.",
                      space=board.place(space))
    if not (held_since_turn_start(state, space, Nation.USA)
            or held_since_turn_start(state, space, Nation.CHINA)):
        raise _refuse("R-PLACE-5", "An industrial complex goes only into a territory the "
                      "United States has controlled since the start of the turn; {space} is "
                      "not.", space=board.place(space))


def _naval_site(board: BoardMap, state: GameState, nation: Nation, space: str,
                count: int) -> str | None:
    """R-PLACE-4 (OQ-14): ships go into a sea zone next to a usable IC, within its limit. The
    capital's IC is used first (no limit), else the adjacent IC with the most room."""
    if not board.is_sea(space):
        raise _refuse("R-PLACE-4", "Naval units are placed in a sea zone, not on land.")
    sites = usable_among(board, state, nation, board.neighbours[space])
    if not sites:
        raise _refuse("R-PLACE-4", "{space} is not next to an industrial complex {nation} has "
                      "controlled since the start of the turn.", space=board.place(space),
                      nation=nation)
    best = max(sites, key=lambda c: (capacity(board, state, nation, c), c))
    room = capacity(board, state, nation, best)
    if count > room:
        raise _refuse("R-PLACE-3", plural("Only {count} more unit may be placed next to "
                                          "{space} this turn.",
                                          "Only {count} more units may be placed next to "
                                          "{space} this turn."),
                      count=room, space=board.place(best))
    return None if room == UNLIMITED else best


@handles("place")
def place(ctx: Context, action: Place) -> None:
    """Put bought units (or China's infantry) on the board (R-PLACE-1..7)."""
    state = ctx.state
    site = placement_site(ctx.board, state, action)
    if action.nation is Nation.CHINA:
        state.china_infantry_due -= action.count
    else:
        held = state.purchased[action.nation]
        held[action.unit_type] -= action.count
        if held[action.unit_type] == 0:
            del held[action.unit_type]
        if not held:
            del state.purchased[action.nation]
    if site is not None:
        state.placed_at[site] = state.placed_at.get(site, 0) + action.count
    for _ in range(action.count):
        state.add_unit(action.unit_type, action.nation, action.space, placed_this_turn=True)
    ctx.emit(UnitsChanged(nation=action.nation, space=action.space,
                          unit_type=action.unit_type, count=action.count))


def candidate_spaces(board: BoardMap, state: GameState, nation: Nation,
                     unit_type: UnitType) -> list[str]:
    """Spaces worth trying for one unit of this type (the handler has the last word)."""
    if nation is Nation.CHINA:
        return [board.chinese_infantry_placement] if board.chinese_infantry_placement else []
    if unit_type is UnitType.INDUSTRIAL_COMPLEX:
        return [t.id for t in board.territories if not t.impassable]
    sites = usable_complexes(board, state, nation)
    if UNIT_SPECS[unit_type].domain is Domain.SEA:
        return sorted({z for c in sites for z in board.neighbours[c] if board.is_sea(z)})
    return sites


def placements(board: BoardMap, state: GameState) -> Iterator[Place]:
    """Every legal single-unit placement now, plus all of China's infantry at once."""
    for nation in POWER_NATIONS[state.power]:
        if nation is Nation.CHINA:
            types = {UnitType.INFANTRY: state.china_infantry_due}
        else:
            types = state.purchased.get(nation, {})
        for unit_type, waiting in sorted(types.items()):
            if waiting <= 0:
                continue
            counts = [1] if waiting == 1 or nation is not Nation.CHINA else [waiting, 1]
            for space in candidate_spaces(board, state, nation, unit_type):
                for count in counts:
                    action = Place(nation=nation, unit_type=unit_type, space=space, count=count)
                    try:
                        placement_site(board, state, action)
                    except IllegalAction:
                        continue
                    yield action


@lists(Phase.PLACE)
def list_placements(board: BoardMap, state: GameState) -> Iterator[Place]:
    yield from placements(board, state)


def _most_placeable(board: BoardMap, state: GameState, action: Place) -> int:
    """How many of ``action``'s units may go to its space now (all those waiting, unless a
    complex's limit takes fewer): the refusal to end the phase names them all, not the one
    a single placement takes."""
    if action.nation is Nation.CHINA:
        waiting = state.china_infantry_due
    else:
        waiting = state.purchased.get(action.nation, {}).get(action.unit_type, 0)
    for count in range(waiting, action.count, -1):
        try:
            placement_site(board, state, action.model_copy(update={"count": count}))
        except IllegalAction:
            continue
        return count
    return action.count


@on_leave(Phase.PLACE)
def finish_placement(ctx: Context) -> None:
    """R-PLACE-1: the units bought this turn are placed in phase 7. The phase cannot end while
    one of them can still be placed; those that cannot be placed anywhere are lost (the
    rulebook is silent; their IPCs were spent at purchase)."""
    board, state = ctx.board, ctx.state
    for action in placements(board, state):
        raise _refuse("R-PLACE-1", "Place the units bought this turn first: {nation} can "
                      "still place {units} in {space}.", nation=action.nation,
                      units=Units(((action.unit_type, _most_placeable(board, state, action)),)),
                      space=board.place(action.space))
    for nation, held in sorted(state.purchased.items()):
        lost = sum(held.values())
        if lost:
            ctx.emit(PurchasesForfeited(nation=nation, count=lost,
                                        reason="no industrial complex could take them (R-PLACE-1)"))
    state.purchased = {}
    state.china_infantry_due = 0
