"""The legal combat actions now: every choice a player can make, in
steps small enough to list. Identical units (`pacific.rules.groups`) are offered once.

- Between battles: every battle that may be fought next, and every landing that may be called
  off.
- Casualties: one more casualty of each kind of unit that can still take a hit, then the
  confirmation; and the engine's suggestion as one `choose_casualties`.
- Retreat, submerge or press on: every retreat destination, every number of submarines of each
  kind that may submerge.
- Kamikaze: one more token at each kind of target ship, or the end of the declaration.
- Interception: every number of fighters of each kind. A fighter of a sunk carrier: every
  landing place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

from pacific.rules.actions.base import ActionBase
from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    ConfirmCasualties,
    Intercept,
    Kamikaze,
    KamikazeTarget,
    LandFighter,
    PressOn,
    Retreat,
    SelectBattle,
    SelectCasualty,
    Submerge,
)
from pacific.rules.battle_records import Battle
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.casualties import completable, eligible, suggest
from pacific.rules.combat.forces import hit_slots
from pacific.rules.combat.handlers import selectable
from pacific.rules.combat.kamikaze import allowed_targets
from pacific.rules.combat.retreat import retreat_options
from pacific.rules.decisions import (
    CasualtyChoice,
    DefenderSubmergeChoice,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    RoundChoice,
)
from pacific.rules.groups import cargo_index, identical_groups
from pacific.rules.phases import Phase
from pacific.rules.registry import lists, lists_decision
from pacific.rules.state import GameState, Unit


def _battle(state: GameState, battle_id: int | None) -> Battle | None:
    return next((b for b in state.battles if b.id == battle_id), None)


@lists(Phase.COMBAT)
def list_combat(board: BoardMap, state: GameState) -> Iterator[ActionBase]:
    seen: list[str] = []
    for b in state.battles:
        if b.status == "waiting" and selectable(state, b) is None and b.space not in seen:
            seen.append(b.space)
            yield SelectBattle(space=b.space)
    for b in state.battles:
        if b.status == "waiting" and b.assault is not None \
                and not state.amphibious_assaults[b.assault].called_off:
            yield CallOffAssault(target=b.space)


@lists_decision("casualties")
def list_casualties(board: BoardMap, state: GameState,
                    pending: CasualtyChoice) -> Iterator[ActionBase]:
    battle = _battle(state, pending.battle)
    if battle is None or battle.hits is None:
        return
    hits = battle.hits
    if not pending.selected:
        yield ChooseCasualties(units=tuple(suggest(state, battle, hits)))
    if len(pending.selected) == pending.count:
        yield ConfirmCasualties()
        return
    named = Counter(pending.selected)
    open_units = [u for u in eligible(state, battle, hits) if named[u.id] < hit_slots(u)]
    # A unit already named once (a battleship's first hit) differs from its twins.
    groups = identical_groups(open_units, cargo_index(state),
                              extra={u.id: (named[u.id], u.id in battle.landed)
                                     for u in open_units})
    for group in groups:
        unit = group[0]
        if completable(state, battle, hits, (*pending.selected, unit.id)):
            yield SelectCasualty(unit=unit.id)


def _counts(groups: Sequence[list[Unit]]) -> Iterator[tuple[int, ...]]:
    """Every choice of how many units to take from each group of identical units, taking the
    lowest ids of each group."""
    for counts in product(*(range(len(g) + 1) for g in groups)):
        yield tuple(sorted(u.id for g, n in zip(groups, counts, strict=True) for u in g[:n]))


def _submersions(state: GameState, submarines: Sequence[int]) -> Iterator[Submerge]:
    subs = [state.units[i] for i in submarines if i in state.units]
    for ids in _counts(identical_groups(subs)):
        if ids:
            yield Submerge(units=ids)


@lists_decision("round")
def list_round(board: BoardMap, state: GameState, pending: RoundChoice) -> Iterator[ActionBase]:
    battle = _battle(state, pending.battle)
    if battle is None:
        return
    yield PressOn()
    if pending.retreat_to:
        for to in retreat_options(board, state, battle):
            yield Retreat(to=to)
    yield from _submersions(state, pending.submarines)


@lists_decision("defender_submerge")
def list_defender_submerge(board: BoardMap, state: GameState,
                           pending: DefenderSubmergeChoice) -> Iterator[ActionBase]:
    yield PressOn()
    yield from _submersions(state, pending.submarines)


@lists_decision("kamikaze")
def list_kamikaze(board: BoardMap, state: GameState,
                  pending: KamikazeChoice) -> Iterator[ActionBase]:
    yield Kamikaze(targets=())
    if len(pending.targets) >= state.kamikaze_tokens:
        return
    battle = _battle(state, pending.battle) if pending.battle is not None else None
    aimed = Counter(pending.targets)
    ships = [state.units[i] for i in allowed_targets(board, state, battle)]
    for group in identical_groups(ships, cargo_index(state),
                                  extra={u.id: aimed[u.id] for u in ships}):
        yield KamikazeTarget(unit=group[0].id)


@lists_decision("intercept")
def list_intercept(board: BoardMap, state: GameState,
                   pending: InterceptChoice) -> Iterator[ActionBase]:
    fighters = [state.units[i] for i in pending.fighters if i in state.units]
    for ids in _counts(identical_groups(fighters)):
        yield Intercept(fighters=ids)


@lists_decision("land_fighter")
def list_fighter_landing(board: BoardMap, state: GameState,
                         pending: FighterLanding) -> Iterator[ActionBase]:
    for to in pending.options:
        yield LandFighter(unit=pending.unit, to=to)
