"""The legal combat actions now (STYLE habit 5). Casualty choices can be many; the lister
offers the default suggestion and a newest-units-first alternative, while `choose_casualties`
accepts any legal list."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pacific.rules.actions.base import ActionBase
from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    Intercept,
    Kamikaze,
    LandFighter,
    PressOn,
    Retreat,
    SelectBattle,
    Submerge,
)
from pacific.rules.battle_records import Battle, PendingHits
from pacific.rules.board import BoardMap
from pacific.rules.combat.casualties import assignable, eligible, required, suggest
from pacific.rules.combat.forces import category, hit_slots
from pacific.rules.combat.handlers import selectable
from pacific.rules.combat.kamikaze import allowed_targets
from pacific.rules.combat.retreat import retreat_options
from pacific.rules.phases import Phase
from pacific.rules.registry import lists
from pacific.rules.state import GameState, Unit


def _battle(state: GameState, battle_id: object) -> Battle | None:
    return next((b for b in state.battles if b.id == battle_id), None)


def newest_first(state: GameState, battle: Battle, hits: PendingHits) -> list[int]:
    """Another legal casualty list: the newest units first (gives random games variety)."""
    need = required(state, battle, hits)
    chosen: list[Unit] = []
    for u in sorted(eligible(state, battle, hits), key=lambda x: -x.id):
        for _ in range(hit_slots(u)):
            trial = [*chosen, u]
            if len(chosen) < need and \
                    assignable(hits.pools, [category(x) for x in trial]) == len(trial):
                chosen = trial
    return [u.id for u in chosen]


@lists(Phase.COMBAT)
def list_combat(board: BoardMap, state: GameState) -> Iterator[ActionBase]:
    pending = state.pending
    if pending is not None:
        yield from _decisions(board, state, pending)
        return
    seen: list[str] = []
    for b in state.battles:
        if b.status == "waiting" and selectable(state, b) is None and b.space not in seen:
            seen.append(b.space)
            yield SelectBattle(space=b.space)
    for b in state.battles:
        if b.status == "waiting" and b.assault is not None \
                and not state.amphibious_assaults[b.assault].called_off:
            yield CallOffAssault(target=b.space)


def _decisions(board: BoardMap, state: GameState,
               pending: dict[str, Any]) -> Iterator[ActionBase]:
    decision = pending.get("decision")
    battle = _battle(state, pending.get("battle"))
    if decision == "casualties" and battle is not None and battle.hits is not None:
        first = suggest(state, battle, battle.hits)
        yield ChooseCasualties(units=tuple(first))
        other = newest_first(state, battle, battle.hits)
        if sorted(other) != sorted(first):
            yield ChooseCasualties(units=tuple(other))
    elif decision in ("round", "defender_submerge") and battle is not None:
        yield PressOn()
        if decision == "round" and "retreat" in pending["kinds"]:
            for to in retreat_options(board, state, battle):
                yield Retreat(to=to)
        if "submerge" in pending["kinds"] and pending.get("units"):
            yield Submerge(units=tuple(pending["units"]))
    elif decision == "kamikaze":
        yield Kamikaze(targets=())
        targets = allowed_targets(board, state, battle)
        if targets and state.kamikaze_tokens > 0:
            yield Kamikaze(targets=(targets[0],))
    elif decision == "intercept" and battle is not None:
        yield Intercept(fighters=())
        if pending.get("units"):
            yield Intercept(fighters=tuple(pending["units"]))
    elif decision == "land_fighter":
        for to in pending.get("options", []):
            yield LandFighter(unit=pending["unit"], to=to)
