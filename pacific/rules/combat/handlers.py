"""The handlers of every battle decision. Each validates everything before its first roll
(the engine's why_illegal relies on that), then changes the working copy of the state."""

from __future__ import annotations

from typing import TypeVar

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
from pacific.rules.battle_records import Battle, BattleKind, BattleStep
from pacific.rules.combat import kamikaze
from pacific.rules.combat.amphibious import landing_zones
from pacific.rules.combat.casualties import check_choice, check_partial
from pacific.rules.combat.conclusion import ask_landing, carrier_with_room, landing_options
from pacific.rules.combat.events import FightersIntercepted, UnitsSubmerged
from pacific.rules.combat.flow import settle
from pacific.rules.combat.forces import fighting_attackers, fighting_defenders
from pacific.rules.combat.raid import intercept_candidates
from pacific.rules.combat.retreat import (
    check_air_path,
    check_casualty_order,
    retreat,
    retreat_options,
    retreating_units,
)
from pacific.rules.combat.start import battle_chosen
from pacific.rules.combat.steps import advance
from pacific.rules.decisions import (
    CasualtyChoice,
    DecisionBase,
    DefenderSubmergeChoice,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    RoundChoice,
)
from pacific.rules.errors import N_, IllegalCombatChoice, Term
from pacific.rules.events import count_units
from pacific.rules.registry import Context, handles, resumes_battles
from pacific.rules.state import GameState
from pacific.rules.units import UnitType, is_air


def active_battle(ctx: Context) -> Battle | None:
    return next((b for b in ctx.state.battles if b.status == "active"), None)


P = TypeVar("P", bound=DecisionBase)

_NO_CASUALTIES = N_("No casualties are to be chosen now.")
_NO_KAMIKAZE = N_("No kamikaze declaration is awaited now.")
_NOWHERE = Term(N_("nowhere"))


def _awaited(ctx: Context, kind: type[P], rule: str, refusal: str) -> P:
    """The pending decision, if it is a ``kind``; else the ``refusal`` (a message id marked
    with N_) naming ``rule``."""
    pending = ctx.state.pending
    if not isinstance(pending, kind):
        raise IllegalCombatChoice(rule, refusal)
    return pending


def _round_or_submerge(ctx: Context, rule: str,
                       refusal: str) -> RoundChoice | DefenderSubmergeChoice:
    """The attacker's round decision or the defender's submersion, whichever is pending."""
    pending = ctx.state.pending
    if not isinstance(pending, RoundChoice | DefenderSubmergeChoice):
        raise IllegalCombatChoice(rule, refusal)
    return pending


def _battle_of(ctx: Context, battle_id: int | None) -> Battle:
    return next(b for b in ctx.state.battles if b.id == battle_id)


def _resume(ctx: Context, battle: Battle) -> None:
    ctx.state.pending = None
    advance(ctx, battle)
    _after(ctx)


def resume_after_dice(ctx: Context, battle_id: int) -> None:
    """Go on with a battle once the dice its step waited for are given (`roll_dice`)."""
    _resume(ctx, _battle_of(ctx, battle_id))


resumes_battles(resume_after_dice)


def _after(ctx: Context) -> None:
    """After a battle ends: fighters of a sunk carrier still to land are asked next."""
    state = ctx.state
    if state.pending is None:
        for b in state.battles:
            if b.status == "over" and b.homeless_fighters:
                ask_landing(ctx, b)
                return


def selectable(state: GameState, battle: Battle) -> IllegalCombatChoice | None:
    """Why ``battle`` cannot be fought now (the refusal), or None."""
    if battle.status != "waiting":
        return IllegalCombatChoice("R-COMBAT-2", "That battle has already been fought.")
    if battle.kind is not BattleKind.RAID and any(
            b.kind is BattleKind.RAID and b.status != "over" for b in state.battles):
        return IllegalCombatChoice("R-COMBAT-2", "Strategic bombing raids are resolved "
                                   "before every other battle.")
    if battle.assault is not None:
        assault = state.amphibious_assaults[battle.assault]
        zones = set(landing_zones(state, assault))
        if any(b.kind is BattleKind.NAVAL and b.space in zones and b.status != "over"
               for b in state.battles):
            return IllegalCombatChoice("R-AMPH-6", "The naval battle in the landing zone "
                                       "must be fought before the landing.")
    return None


@handles("select_battle")
def select_battle(ctx: Context, action: SelectBattle) -> None:
    """Start the battle in a space (R-COMBAT-2).

    Raises:
        IllegalCombatChoice: no battle waits there, a raid is still open, or an assault's
            naval battle comes first.
    """
    if active_battle(ctx) is not None:
        raise IllegalCombatChoice("R-COMBAT-2", "A battle is being fought: finish it before "
                                  "starting another.")
    battle = battle_chosen(ctx.state, action.space)
    if battle is None:
        raise IllegalCombatChoice("R-COMBAT-2", "There is no battle waiting in {space}.",
                                  space=ctx.board.place(action.space))
    refusal = selectable(ctx.state, battle)
    if refusal is not None:
        raise refusal
    # R-SBR-3: interceptors defend against nothing else this turn.
    interceptors = {i for b in ctx.state.battles if b.kind is BattleKind.RAID
                    and b.space == battle.space for i in b.defenders}
    battle.defenders = [d for d in battle.defenders if d not in interceptors]
    battle.status = "active"
    advance(ctx, battle)
    _after(ctx)


@handles("choose_casualties")
def choose_casualties(ctx: Context, action: ChooseCasualties) -> None:
    """The side that was hit names all its casualties at once (R-COMBAT-6); units named one
    at a time before are replaced by this list.

    Raises:
        IllegalCombatChoice: no choice is awaited, or the list is not a legal choice.
    """
    pending = _awaited(ctx, CasualtyChoice, "R-COMBAT-6", _NO_CASUALTIES)
    _take_casualties(ctx, pending, action.units)


@handles("select_casualty")
def select_casualty(ctx: Context, action: SelectCasualty) -> None:
    """Name one more casualty (R-COMBAT-6); `confirm_casualties` takes them.

    Raises:
        IllegalCombatChoice: no choice is awaited, the unit cannot be a casualty, enough are
            named already, or the hits could then not all land (R-SUB-4/5, R-AA-2).
    """
    pending = _awaited(ctx, CasualtyChoice, "R-COMBAT-6", _NO_CASUALTIES)
    battle = _battle_of(ctx, pending.battle)
    assert battle.hits is not None
    selected = (*pending.selected, action.unit)
    check_partial(ctx.state, battle, battle.hits, selected)
    ctx.state.pending = pending.model_copy(update={"selected": selected})


@handles("confirm_casualties")
def confirm_casualties(ctx: Context, action: ConfirmCasualties) -> None:
    """Take the casualties named one at a time (R-COMBAT-6).

    Raises:
        IllegalCombatChoice: no choice is awaited, or fewer casualties are named than hits
            that can land.
    """
    pending = _awaited(ctx, CasualtyChoice, "R-COMBAT-6", _NO_CASUALTIES)
    _take_casualties(ctx, pending, pending.selected)


def _take_casualties(ctx: Context, pending: CasualtyChoice, units: tuple[int, ...]) -> None:
    battle = _battle_of(ctx, pending.battle)
    assert battle.hits is not None
    check_choice(ctx.state, battle, battle.hits, units)
    settle(ctx, battle, list(units))
    _resume(ctx, battle)


@handles("press_on")
def press_on(ctx: Context, action: PressOn) -> None:
    """Decline a retreat, a submersion or an interception; the battle goes on.

    Raises:
        IllegalCombatChoice: no such decision is awaited.
    """
    pending = _round_or_submerge(ctx, "R-COMBAT-8", N_(
        "There is no retreat or submersion to decline now."))
    _resume(ctx, _battle_of(ctx, pending.battle))


@handles("retreat")
def retreat_action(ctx: Context, action: Retreat) -> None:
    """The attacker retreats (R-LAND-2/3, R-NAVAL-3, R-AMPH-3, R-AIR-4/6, R-AAFLY-6).

    Raises:
        IllegalCombatChoice: no retreat is offered now, not to that space, or the aircraft's
            flight goes nowhere they may land.
    """
    pending = _awaited(ctx, RoundChoice, "R-COMBAT-8", N_("No retreat is offered now."))
    battle = _battle_of(ctx, pending.battle)
    options = retreat_options(ctx.board, ctx.state, battle)
    if not pending.retreat_to or action.to not in options:
        allowed = tuple(ctx.board.place(o) for o in options)
        if all(is_air(u.type) for u in retreating_units(ctx.board, ctx.state, battle)):
            raise IllegalCombatChoice(
                "R-AIR-6", "The aircraft cannot retreat to {space}: retreating alone they "
                "fly to a territory held since the start of the turn, or fighters to a "
                "friendly carrier with room, within their remaining moves (see also R-LAND-3, "
                "R-AMPH-3). Allowed now: {allowed}.", space=ctx.board.place(action.to),
                allowed=allowed or _NOWHERE)
        raise IllegalCombatChoice(
            "R-LAND-2", "The attacker cannot retreat to {space}: all units go together to "
            "one adjacent space at least one of them came from, friendly since the start of "
            "the turn (a sea zone with no enemy units); in an assault only aircraft retreat "
            "(see also R-NAVAL-3, R-AMPH-3). Allowed now: {allowed}.",
            space=ctx.board.place(action.to), allowed=allowed or _NOWHERE)
    if action.air_path:
        refusal = check_air_path(ctx.board, ctx.state, battle, action.to, action.air_path)
        if refusal is not None:
            raise refusal
    check_casualty_order(ctx.board, ctx.state, battle, action.casualty_order)
    retreat(ctx, battle, action.to, action.air_path, action.casualty_order)
    battle.step = BattleStep.ROUND_START
    if not fighting_attackers(ctx.state, battle):
        battle.outcome = "A"
        battle.step = BattleStep.CONCLUDE
    _resume(ctx, battle)


@handles("submerge")
def submerge(ctx: Context, action: Submerge) -> None:
    """Submarines submerge (R-SUB-6, OQ3-8).

    Raises:
        IllegalCombatChoice: no submersion is offered, or a unit named may not submerge now.
    """
    pending = _round_or_submerge(ctx, "R-SUB-6", N_("No submarine may submerge now."))
    if not pending.submarines:
        raise IllegalCombatChoice("R-SUB-6", "Submarines may submerge only before a round "
                                  "(attacker) or instead of firing (defender).")
    battle = _battle_of(ctx, pending.battle)
    if isinstance(pending, RoundChoice):
        allowed = {u.id for u in fighting_attackers(ctx.state, battle)
                   if u.type is UnitType.SUBMARINE}
    else:
        allowed = {u.id for u in fighting_defenders(ctx.state, battle)
                   if u.type is UnitType.SUBMARINE and u.id not in battle.set_aside}
    bad = [u for u in action.units if u not in allowed]
    if len(set(action.units)) != len(action.units):
        bad = bad or [action.units[0]]
    if bad:
        raise IllegalCombatChoice(
            "R-SUB-6", "This unit cannot submerge now: only a submarine of the deciding side "
            "still in the battle, not chosen as a casualty, can (see also OQ3-8).")
    for uid in action.units:
        ctx.state.unit(uid).submerged = True
        ctx.state.unit(uid).fought = True
    ctx.emit(UnitsSubmerged(units=tuple(action.units)))
    _resume(ctx, battle)


@handles("kamikaze")
def kamikaze_action(ctx: Context, action: Kamikaze) -> None:
    """Japan declares kamikaze attacks (R-KAMI-1..8).

    Raises:
        IllegalCombatChoice: no declaration is awaited, too many tokens, or a bad target.
    """
    pending = _awaited(ctx, KamikazeChoice, "R-KAMI-4", _NO_KAMIKAZE)
    battle = _battle_of(ctx, pending.battle) if pending.battle is not None else None
    targets = (*pending.targets, *action.targets)
    kamikaze.check(ctx.board, ctx.state, battle, targets)
    ctx.state.pending = None
    kamikaze.declare(ctx, battle, targets)
    if battle is not None:
        _resume(ctx, battle)
    else:
        _after(ctx)


@handles("kamikaze_target")
def kamikaze_target(ctx: Context, action: KamikazeTarget) -> None:
    """Aim one more kamikaze token (R-KAMI-5, OQ3-4); `kamikaze` ends the declaration.

    Raises:
        IllegalCombatChoice: no declaration is awaited, no token is left, or a bad target.
    """
    pending = _awaited(ctx, KamikazeChoice, "R-KAMI-4", _NO_KAMIKAZE)
    battle = _battle_of(ctx, pending.battle) if pending.battle is not None else None
    targets = (*pending.targets, action.unit)
    kamikaze.check(ctx.board, ctx.state, battle, targets)
    ctx.state.pending = pending.model_copy(update={"targets": targets})


@handles("intercept")
def intercept(ctx: Context, action: Intercept) -> None:
    """The raided territory's defender names its interceptors (R-SBR-3, OQ3-22).

    Raises:
        IllegalCombatChoice: no interception is asked, or a unit cannot intercept.
    """
    pending = _awaited(ctx, InterceptChoice, "R-SBR-3", N_("No interception is asked now."))
    battle = _battle_of(ctx, pending.battle)
    allowed = set(intercept_candidates(ctx.state, battle))
    if len(set(action.fighters)) != len(action.fighters) or \
            any(f not in allowed for f in action.fighters):
        raise IllegalCombatChoice(
            "R-SBR-3", "Only fighters in the raided territory, each named once, may intercept "
                       "(see also OQ3-22).")
    battle.defenders = sorted(action.fighters)
    battle.interceptors = sorted(action.fighters)
    state = ctx.state
    ctx.emit(FightersIntercepted(
        space=battle.space, nation=state.territory_owner[battle.space],
        fighters=count_units((state.units[f].owner, state.units[f].type)
                             for f in battle.interceptors)))
    _resume(ctx, battle)


@handles("call_off_assault")
def call_off_assault(ctx: Context, action: CallOffAssault) -> None:
    """Call off a declared landing before its land battle starts (R-AMPH-1, R-AMPH-6).

    Raises:
        IllegalCombatChoice: no such assault waits, or a battle is being fought.
    """
    state = ctx.state
    if active_battle(ctx) is not None or state.pending is not None:
        raise IllegalCombatChoice("R-AMPH-1", "A landing can be called off only between "
                                  "battles.")
    for battle in state.battles:
        if battle.assault is not None and battle.space == action.target \
                and battle.status == "waiting":
            assault = state.amphibious_assaults[battle.assault]
            if not assault.called_off:
                assault.called_off = True
                return
    raise IllegalCombatChoice("R-AMPH-1", "No landing in {space} waits to be called off; an "
                              "assault's target never changes.",
                              space=ctx.board.place(action.target))


@handles("land_fighter")
def land_fighter(ctx: Context, action: LandFighter) -> None:
    """A fighter whose carrier sank lands within 1 space (R-CARRIER-8, OQ3-6).

    Raises:
        IllegalCombatChoice: that fighter is not waiting to land, or cannot land there.
    """
    pending = _awaited(ctx, FighterLanding, "R-CARRIER-8",
                       N_("No fighter is waiting to land now."))
    battle = _battle_of(ctx, pending.battle)
    if action.unit != pending.unit:
        raise IllegalCombatChoice("R-CARRIER-8", "Another fighter of the sunk carrier, in "
                                  "{space}, must land first.",
                                  space=ctx.board.place(ctx.state.units[pending.unit].space))
    fighter = ctx.state.units[action.unit]
    if action.to not in landing_options(ctx.board, ctx.state, fighter):
        raise IllegalCombatChoice(
            "R-CARRIER-8", "The fighter cannot land in {space}: it needs a territory friendly "
            "since the start of the turn or a friendly carrier with room, within 1 space.",
            space=ctx.board.place(action.to))
    fighter = ctx.state.unit(action.unit)
    if ctx.board.is_sea(action.to):
        carrier = carrier_with_room(ctx.state, action.to, fighter.owner)
        fighter.carried_by = carrier.id if carrier is not None else None
    fighter.space = action.to
    battle.homeless_fighters.remove(action.unit)
    ctx.state.pending = None
    if battle.homeless_fighters:
        ask_landing(ctx, battle)
    else:
        _after(ctx)
