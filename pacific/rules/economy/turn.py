"""The turn sequence: `end_phase`, the change of power after phase 9, and phase 8's reset.

The phases are a table (`pacific.rules.engine.PHASE_ACTIONS`); this module only moves along it
(R-TURN-3: never reordered or repeated; R-TURN-4: any phase may be left at once). Every change
of phase runs the areas' hooks: the leave hooks of the phase being left (they may refuse, e.g.
battles still open), then the enter hooks of the phase begun.
"""

from __future__ import annotations

from operator import attrgetter

from pacific.rules.actions.economy import EndPhase
from pacific.rules.board_map import BoardMap
from pacific.rules.copying import clone_state
from pacific.rules.economy.events import UnitsRestored
from pacific.rules.economy.victory import check_turn_start
from pacific.rules.errors import IllegalAction
from pacific.rules.events import PhaseStarted
from pacific.rules.nations import TURN_ORDER, Nation, Power
from pacific.rules.phases import PHASE_ORDER, Phase, next_phase
from pacific.rules.registry import (
    Context,
    enter_hooks,
    handles,
    leave_hooks,
    lists,
    on_enter,
)
from pacific.rules.shared import SharedDict
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType

# Unit fields that describe what a unit did this turn; they go back to their defaults when a
# power's turn ends. `cap` is not among them: a fighter on combat air patrol stays aloft through
# the enemy's turns until its own phase 2 (R-CAP-1). `damaged` and `submerged` are cleared in
# phase 8 (R-RESET-1). Other areas that add per-turn fields append their names here.
PER_TURN_UNIT_FIELDS: list[str] = [
    "moves_used", "combat_moved", "noncombat_moved", "fought", "path", "landing",
    "loaded_this_turn", "unloaded_this_turn", "cargo_locked", "captured_this_turn",
    "placed_this_turn",
]
_UNIT_DEFAULTS = Unit(id=0, type=UnitType.INFANTRY, owner=Nation.JAPAN, space="")
_PER_TURN_DEFAULTS = [(name, getattr(_UNIT_DEFAULTS, name)) for name in PER_TURN_UNIT_FIELDS]
# Every per-turn field of a unit read in one call, and their values on a unit that did nothing.
_per_turn = attrgetter(*PER_TURN_UNIT_FIELDS)
_UNTOUCHED = tuple(default for _, default in _PER_TURN_DEFAULTS)
_MARKABLE = (UnitType.SUBMARINE, UnitType.BATTLESHIP)


@handles("end_phase")
def end_phase(ctx: Context, action: EndPhase) -> None:
    """Leave the current phase and begin the next one; after phase 9 the next power's turn
    begins (R-TURN-1, R-TURN-3). Leave hooks may refuse with IllegalAction before anything
    changes in the caller's state."""
    state = ctx.state
    for hook in leave_hooks(state.phase):
        hook(ctx)
    if state.winner is not None:  # R-TURN-7: e.g. Japan's VP reached in phase 9
        return
    following = next_phase(state.phase)
    if following is None:
        _end_turn(state)
        _start_turn(ctx)
        if state.winner is not None:
            return
        following = PHASE_ORDER[0]
    enter_phase(ctx, following)


# Actions are frozen: every listing offers this one (the history keeps the action of
# each record, and one object instead of one per phase ended is two fewer for the garbage
# collector to visit per record).
_END_PHASE = EndPhase()


@lists(*PHASE_ORDER)
def list_end_phase(board: BoardMap, state: GameState) -> list[EndPhase]:
    """End the phase, when its leave hooks allow it (they are tried on a copy)."""
    hooks = leave_hooks(state.phase, refusing=True)
    if not hooks:   # nothing can refuse: no copy needed (one state copy per listing saved)
        return [_END_PHASE]
    trial = Context(board=board, state=clone_state(state), dice=_NoDice())
    try:
        for hook in hooks:
            hook(trial)
    except IllegalAction:
        return []
    except _DiceAsked:
        pass
    return [_END_PHASE]


class _DiceAsked(Exception):
    pass


class _NoDice:
    """Leave hooks validate before rolling; reaching a roll means the phase may end."""

    def roll(self, count: int, purpose: str) -> list[int]:
        raise _DiceAsked


def enter_phase(ctx: Context, phase: Phase) -> None:
    """Begin ``phase``: set it, announce it, run its enter hooks."""
    state = ctx.state
    state.phase = phase
    ctx.emit(_phase_started(state.round, state.power, phase))
    for hook in enter_hooks(phase):
        hook(ctx)
        if state.winner is not None:
            return


def _phase_started(round_: int, power: Power, phase: Phase) -> PhaseStarted:
    """The event of a phase begun, made from values already checked (the state's own), so
    not validated again."""
    return PhaseStarted.model_construct(round=round_, power=power, phase=phase)


def _end_turn(state: GameState) -> None:
    """Clear what only mattered during the power's turn that ends now, and note every unit's
    space as where it starts the next turn (R-CONTROL-5's "at the start of the turn", retreat
    and landing rules): no unit moves in between, so one pass over the units does both."""
    for unit in tuple(state.units.values()):
        # Most units did nothing this turn and start the next one where they began this one.
        if unit.start_space == unit.space and _per_turn(unit) == _UNTOUCHED:
            continue
        # Only units that did something this turn are copied (copy on write).
        own = state.unit(unit.id)
        for name, default in _PER_TURN_DEFAULTS:
            if getattr(own, name) != default:
                # A fresh list per unit: a shared `path` would let one unit's moves appear in
                # every other unit's path.
                setattr(own, name, list(default) if isinstance(default, list) else default)
        if own.start_space != own.space:
            own.start_space = own.space
    state.captured_this_turn = []
    state.ipcs_seized_this_turn = 0
    state.placed_at = {}
    state.purchased = {}
    state.china_infantry_due = 0
    state.amphibious_assaults = []
    state.raids = []
    state.battles = []


def _start_turn(ctx: Context) -> None:
    """The next power begins its turn (R-TURN-1): a new round after the United States. Control
    is noted for "controlled since the start of the turn" (R-CONTROL-5), and the victory
    conditions judged at the start of a turn are checked (R-VICTORY-1, R-VICTORY-3)."""
    state = ctx.state
    i = TURN_ORDER.index(state.power)
    if i + 1 == len(TURN_ORDER):
        state.round += 1
    state.power = TURN_ORDER[(i + 1) % len(TURN_ORDER)]
    # Shared by the copies to come at once, without a second copy (`GameState.own`).
    state.owner_at_turn_start = SharedDict(state.territory_owner)
    # Every unit's starting space was noted as the last turn ended (`_end_turn`).
    check_turn_start(ctx)


@on_enter(Phase.RESET)
def reset_units(ctx: Context) -> None:
    """R-RESET-1 (OQ-21): in phase 8 every submerged submarine surfaces and every damaged
    battleship is repaired, whoever owns them."""
    surfaced = 0
    repaired: list[int] = []
    state = ctx.state
    # Only submarines submerge (R-SUB-6) and only battleships are damaged (R-BB-1): no
    # position the engine takes holds another unit so marked (`invariants`, and the edits
    # mark only these), so only they are looked at, through the index by type.
    for unit in state.units_of_types(_MARKABLE):
        if unit.submerged:
            state.unit(unit.id).submerged = False
            surfaced += 1
        if unit.damaged:
            state.unit(unit.id).damaged = False
            repaired.append(unit.id)
    if surfaced or repaired:
        ctx.emit(UnitsRestored(surfaced=surfaced, repaired=len(repaired),
                               repaired_units=tuple(repaired)))
