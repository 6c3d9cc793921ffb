"""The choices a battle asks of a side, as the engine answers them for the GUI, the command line
and a computer player (the battle itself is `pacific.rules.battle_views`):

- `casualty_options`: the casualties the side that was hit may name, by kind of unit, with the
  engine's suggestion (R-COMBAT-6).
- `retreat_landings`: where a retreat's aircraft would end (R-AIR-6).
- `kamikaze_options`: the ships Japan may aim its kamikaze tokens at, by group (R-KAMI-5).

Every answer is a frozen value; nothing here changes a state. The combat rules are imported
when a choice is first asked about.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pacific.rules.actions.combat import Retreat
from pacific.rules.battle_views import current_battle
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import CasualtyChoice, DiceRoll, KamikazeChoice
from pacific.rules.errors import IllegalAction
from pacific.rules.groups import cargo_index, identical_groups
from pacific.rules.nations import Nation, Power
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType, is_air

if TYPE_CHECKING:
    from pacific.rules.engine import Game


# ---- casualties ----

@dataclass(frozen=True)
class CasualtyGroup:
    """Identical units the side may lose: ``unit`` is the one `select_casualty` names next;
    ``hits`` is how many hits the group can still take (an undamaged battleship two)."""

    unit: int
    units: tuple[int, ...]
    unit_type: UnitType
    owner: Nation
    hits: int
    damaged: bool = False
    cargo: tuple[UnitType, ...] = ()   # a transport's load, lost with it (R-TRANS-14)
    landed: bool = False     # landed from the sea in this amphibious assault (R-AMPH-6)
    moves_left: int | None = None   # aircraft: the movement left to fly home after the battle
    came_from: str = ""      # where the units began the turn, when not here (attackers)

    def take(self, n: int) -> tuple[int, ...]:
        """The ids to name for ``n`` hits on this group: each unit once first (a battleship's
        first hit only damages it, R-BB-1), then the second hits."""
        ids = list(self.units)
        order = ids + [i for i in ids if not self.damaged and self.unit_type is
                       UnitType.BATTLESHIP]
        return tuple(order[:n])


@dataclass(frozen=True)
class CasualtyOptions:
    battle: int
    side: Literal["attacker", "defender"]
    power: Power
    count: int
    selected: tuple[int, ...]
    groups: tuple[CasualtyGroup, ...]
    suggestion: tuple[int, ...]

    def suggested_hits(self) -> dict[int, int]:
        """The suggestion as hits per group (keyed by the group's ``unit``)."""
        hits = Counter(self.suggestion)
        return {g.unit: sum(hits[i] for i in g.units) for g in self.groups}


def casualty_options(board: BoardMap, state: GameState) -> CasualtyOptions | None:
    """What the side that was hit may lose now (R-COMBAT-6), by kind of unit, with the
    engine's default (cheapest first, a battleship's free hit first); None when no casualty
    choice is pending."""
    pending = state.pending
    if not isinstance(pending, CasualtyChoice):
        return None
    battle = next((b for b in state.battles if b.id == pending.battle), None)
    if battle is None or battle.hits is None:
        return None
    from pacific.rules.combat.casualties import eligible, suggest
    from pacific.rules.combat.forces import hit_slots

    units = eligible(state, battle, battle.hits)
    aboard = cargo_index(state)
    groups = []
    for members in identical_groups(units, aboard,
                                    extra={u.id: u.id in battle.landed for u in units}):
        first = members[0]
        cargo = aboard.get(first.id, [])
        groups.append(CasualtyGroup(
            unit=first.id, units=tuple(u.id for u in members), unit_type=first.type,
            owner=first.owner, hits=sum(hit_slots(u) for u in members),
            damaged=first.damaged,
            cargo=tuple(c.type for c in cargo),
            landed=first.id in battle.landed,
            moves_left=UNIT_SPECS[first.type].move - first.moves_used
            if is_air(first.type) else None,
            came_from=first.start_space if first.start_space not in (None, first.space)
            else ""))
    return CasualtyOptions(
        battle=battle.id, side=pending.side, power=pending.power, count=pending.count,
        selected=pending.selected, groups=tuple(groups),
        suggestion=tuple(suggest(state, battle, battle.hits)))


# ---- where a retreat's aircraft land ----

@dataclass(frozen=True)
class RetreatLanding:
    """Retreating aircraft that end in ``space``: at sea they stay aboard its friendly
    carriers (``carriers``: there with room, they land at the end of non-combat movement,
    R-AIR-6, R-CARRIER-1); on land, in the territory."""

    space: str
    units: tuple[int, ...]
    carriers: tuple[int, ...] = ()


def retreat_landings(game: Game, state: GameState, retreat: Retreat
                     ) -> tuple[RetreatLanding, ...]:
    """Where the aircraft of ``retreat`` would end, by space: the engine applies it to a
    copy of the position (dice as decisions: nothing is rolled). Empty when no aircraft
    retreat, or when AA fire on the way must first be rolled (R-AAFLY-6)."""
    from pacific.rules.dice import ChanceDice
    from pacific.rules.movement.spaces import friendly_carriers

    battle = current_battle(state)
    if battle is None:
        return ()
    aircraft = [i for i in battle.attackers if i in state.units and is_air(state.units[i].type)]
    if not aircraft:
        return ()
    try:
        after, _events = game.apply(state, retreat, ChanceDice())
    except IllegalAction:
        return ()
    if isinstance(after.pending, DiceRoll):
        return ()
    ends: dict[str, list[int]] = {}
    for unit_id in aircraft:
        unit = after.units.get(unit_id)
        if unit is not None and unit.space != battle.space:
            ends.setdefault(unit.space, []).append(unit_id)
    return tuple(RetreatLanding(space, tuple(ids), tuple(
        c.id for c in friendly_carriers(after, space, after.units[ids[0]].owner))
        if game.board.is_sea(space) else ()) for space, ids in ends.items())


# ---- kamikaze targets ----

@dataclass(frozen=True)
class KamikazeGroup:
    """Identical Allied surface ships Japan may aim kamikaze tokens at (R-KAMI-5)."""

    units: tuple[int, ...]
    unit_type: UnitType
    owner: Nation
    space: str
    damaged: bool = False

    def aim(self, n: int) -> tuple[int, ...]:
        """The ship ids to name for ``n`` tokens on this group: one per ship first, then
        round again (several tokens may go at one ship, OQ3-4)."""
        return tuple(self.units[i % len(self.units)] for i in range(n))


@dataclass(frozen=True)
class KamikazeOptions:
    battle: int | None       # None: the declaration at the start of an Allied phase 4
    zones: tuple[str, ...]
    tokens: int              # tokens still free for this declaration (R-KAMI-1)
    aimed: tuple[int, ...]   # ships named so far with `kamikaze_target`
    groups: tuple[KamikazeGroup, ...]


def kamikaze_options(board: BoardMap, state: GameState) -> KamikazeOptions | None:
    """The ships Japan may aim its kamikaze tokens at now, by group of identical ships, and
    the tokens left; None when no kamikaze declaration is pending (R-KAMI-1..8)."""
    pending = state.pending
    if not isinstance(pending, KamikazeChoice):
        return None
    battle = next((b for b in state.battles if b.id == pending.battle), None) \
        if pending.battle is not None else None
    from pacific.rules.combat.kamikaze import allowed_targets

    ships = [state.units[i] for i in allowed_targets(board, state, battle)]
    groups = tuple(KamikazeGroup(tuple(u.id for u in members), members[0].type,
                                 members[0].owner, members[0].space, members[0].damaged)
                   for members in identical_groups(ships, cargo_index(state)))
    return KamikazeOptions(battle=pending.battle, zones=pending.zones,
                           tokens=max(0, min(pending.tokens, state.kamikaze_tokens)
                                      - len(pending.targets)),
                           aimed=pending.targets, groups=groups)


__all__ = [
    "CasualtyGroup",
    "CasualtyOptions",
    "KamikazeGroup",
    "KamikazeOptions",
    "RetreatLanding",
    "casualty_options",
    "kamikaze_options",
    "retreat_landings",
]
