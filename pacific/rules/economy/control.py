"""Control of territories and convoy zones, capture, and the production levels they give.

Production levels are never stored: they are computed from control every time they are needed
(R-CONVOY-8..13, R-CAPTURE-13), so a capture, a liberation or a convoy battle can never leave
the chart out of step with the board (R-INCOME-2).

Movement calls `capture_territory` for empty enemy territories entered in combat movement
(blitz included) and `capture_convoy_zone` for empty enemy convoy zones; combat calls both after
a battle is won.
"""

from __future__ import annotations

from typing import Literal

from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import OwnerDecision
from pacific.rules.economy.events import ConvoyZoneCaptured, VictoryPointsChanged
from pacific.rules.errors import IllegalAction
from pacific.rules.events import IpcChanged, TerritoryCaptured
from pacific.rules.nations import Nation, Power, are_allied, are_enemies, power_of
from pacific.rules.registry import Context
from pacific.rules.state import GameState, OwnerChoice
from pacific.rules.units import UNIT_SPECS, Domain, UnitType

# Units that belong to whoever controls their territory (R-SETUP-15, R-CAPTURE-5).
_FOLLOW_CONTROL = (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)


# ---- friendliness ----

def is_friendly(board: BoardMap, state: GameState, space: str, nation: Nation) -> bool:
    """Whether ``space`` is friendly to ``nation``.

    A land territory is friendly when its controller is the nation or an ally; China's
    territories count as friendly to every Allied nation (R-CHINA-6). Impassable territories
    (no controller, R-SETUP-12) are never friendly. A sea zone is friendly when it holds no enemy
    unit other than submerged submarines (R-MOVE-8).

    Raises:
        KeyError: ``space`` is not a space of ``board``.
    """
    if board.is_land(space):
        owner = state.territory_owner.get(space)
        return owner is not None and are_allied(owner, nation)
    if not board.is_sea(space):
        raise KeyError(space)
    return not any(
        are_enemies(u.owner, nation) and not u.submerged for u in state.units_at(space)
    )


# ---- convoy zones ----

def convoy_original_controller(board: BoardMap, zone: str) -> Nation:
    """The nation whose icon a convoy zone bears (R-CONVOY-1/2). British centres count as
    India's for the side they belong to; their value goes to the British Convoy marker.

    Raises:
        KeyError: ``zone`` is not a convoy zone.
    """
    sz = board.sea_zone_by_id[zone]
    if sz.convoy_route is not None:
        return sz.convoy_route.nation
    if sz.convoy_center is not None:
        return Nation.USA if sz.convoy_center.pays == "usa" else Nation.INDIA
    raise KeyError(f"{zone} is not a convoy zone")


def convoy_controller(board: BoardMap, state: GameState, zone: str) -> Nation:
    """Who holds a convoy zone now: its NCM holder, else its original controller (R-CONVOY-7).

    Raises:
        KeyError: ``zone`` is not a convoy zone.
    """
    return state.convoy_holder.get(zone) or convoy_original_controller(board, zone)


def capture_convoy_zone(ctx: Context, zone: str, captor: Nation) -> None:
    """``captor`` captures the convoy route or centre ``zone`` (R-CONVOY-3..8).

    A zone retaken by an Ally from Japan goes back to its original Allied controller: its entry
    in ``state.convoy_holder`` (the NCM) is removed (R-CONVOY-7/8). Capturing a zone the captor's
    side already holds changes nothing. The production effects follow from control
    (`production_level`, `british_convoy_level`). Emits `ConvoyZoneCaptured`.

    Raises:
        IllegalAction: ``zone`` is not a convoy zone (R-CONTROL-4: other sea zones are never
            controlled).
    """
    sz = ctx.board.sea_zone_by_id.get(zone)
    if sz is None or (sz.convoy_route is None and sz.convoy_center is None):
        raise IllegalAction("R-CONTROL-4", "{zone} is not a convoy zone and cannot be "
                            "captured.", zone=ctx.board.place(zone))
    state = ctx.state
    holder = convoy_controller(ctx.board, state, zone)
    if are_allied(holder, captor):
        return
    original = convoy_original_controller(ctx.board, zone)
    if are_allied(original, captor):
        # R-CONVOY-7: back to the original controller, whichever ally retook it.
        state.own("convoy_holder").pop(zone, None)
        ctx.emit(ConvoyZoneCaptured(zone=zone, captor=captor, new_holder=None))
    else:
        state.own("convoy_holder")[zone] = captor
        ctx.emit(ConvoyZoneCaptured(zone=zone, captor=captor, new_holder=captor))


# ---- production levels ----

def production_level(board: BoardMap, state: GameState, nation: Nation) -> int:
    """``nation``'s National Production Chart level, computed from control.

    The sum of the IPC values of the territories it controls whose convoy route (if any) its side
    holds (R-CAPTURE-13, R-CONVOY-9..13); the USA adds the American convoy centres not held by Japan
    (R-CONVOY-2, R-CONVOY-8, OQ-13); China has no level (R-CHINA-1, R-CHINA-7); never below 0
    (R-INCOME-5). A correction set by an edit (`GameState.production_corrections`) is added, so
    income and the chart always read the same level. The British convoy centres are
    `british_convoy_level`.

    Raises:
        nothing.
    """
    if nation is Nation.CHINA:
        return 0
    return max(controlled_level(board, state, nation)
               + state.production_corrections.get(nation, 0), 0)


def controlled_level(board: BoardMap, state: GameState, nation: Nation) -> int:
    """``nation``'s level from control alone, without an edit's correction (see
    `production_level`)."""
    if nation is Nation.CHINA:
        return 0
    total = 0
    # Only the territories worth IPCs are looked at (the income of every turn).
    owners, holders = state.territory_owner, state.convoy_holder
    for territory, ipc, route in board.valued_territories:
        # R-CONVOY-13: a territory with a convoy route counts for its controller only while
        # the route is held by the controller's side: its holder, else the nation it belongs
        # to (`convoy_controller`, R-CONVOY-7, read here without a call per territory).
        if owners.get(territory) is nation and (
                route is None or are_allied(holders.get(route[0]) or route[1], nation)):
            total += ipc
    if nation is Nation.USA:
        total += _convoy_centres_held(board, state, "usa", Nation.USA)
    return total


def british_convoy_level(board: BoardMap, state: GameState) -> int:
    """The British Convoy marker: the British convoy centres not held by Japan (R-CONVOY-2,
    R-CONVOY-8), plus the correction an edit set, never below 0.

    Raises:
        nothing.
    """
    return max(british_convoys_held(board, state) + state.british_convoy_correction, 0)


def british_convoys_held(board: BoardMap, state: GameState) -> int:
    """The British convoy centres not held by Japan, without an edit's correction."""
    return _convoy_centres_held(board, state, "uk", Nation.INDIA)


def _convoy_centres_held(board: BoardMap, state: GameState, pays: Literal["uk", "usa"],
                         ally: Nation) -> int:
    """The IPCs of the convoy centres that pay ``pays`` (R-CONVOY-2) and whose zone is held by
    ``ally``'s side (R-CONVOY-7)."""
    total = 0
    for sz in board.convoy_centres:
        c = sz.convoy_center
        if c is not None and c.pays == pays and \
                are_allied(convoy_controller(board, state, sz.id), ally):
            total += c.ipc
    return total


# ---- capture ----

def holds_own_capital(board: BoardMap, state: GameState, nation: Nation) -> bool:
    """Whether ``nation`` controls its capital (R-CAPITAL-4: else it cannot buy or collect)."""
    capital = board.capitals.get(nation)
    return capital is not None and state.territory_owner.get(capital) is nation


def _new_owner(ctx: Context, territory: str, captor: Nation) -> tuple[Nation, list[Nation]]:
    """The owner a capture gives, and the options when the capturing player must choose."""
    board, state = ctx.board, ctx.state
    t = board.territory_by_id[territory]
    if captor is Nation.JAPAN:
        return Nation.JAPAN, []
    original = t.original_owner
    # R-CAPTURE-10 / OQ-7: Japanese-held Chinese territories go to China when retaken.
    if territory in board.returns_to_china:
        return Nation.CHINA, []
    # R-CAPTURE-9: an Allied territory returns to its original nation (OQ-8: even without its
    # capital).
    if original is not None and are_allied(original, Nation.INDIA):
        return original, []
    # R-CAPTURE-11: Siam and French Indochina.
    if territory in board.allied_choice_on_capture:
        if state.power is Power.UK:
            return Nation.INDIA, []
        if state.power is Power.US:
            return captor, [Nation.USA, Nation.CHINA]
        return captor, []
    # R-CAPTURE-12 / OQ-6: land units of both nations of the captor's power survive there.
    power = power_of(captor)
    present = {
        u.owner for u in state.units_at(territory)
        if UNIT_SPECS[u.type].domain is Domain.LAND and u.type not in _FOLLOW_CONTROL
        and power_of(u.owner) is power
    }
    if len(present) > 1:
        ordered = [captor, *sorted(n for n in present if n is not captor)]
        return captor, ordered
    return captor, []


def capture_territory(ctx: Context, territory: str, captor: Nation) -> None:
    """``captor`` takes the land territory ``territory`` (R-CAPTURE-1..13, R-CAPITAL-1..7).

    Decides the new controller (liberation R-CAPTURE-9, return to China R-CAPTURE-10, the
    Siam / French Indochina choice R-CAPTURE-11, joint captures OQ-6). When the player must
    choose, the captor's nation holds the territory provisionally and a `choose_owner`
    decision is queued in ``state.owner_choices`` and, if nothing else is pending, put in
    ``state.pending``. AA guns and industrial complexes there pass to the new controller; AA
    guns so taken cannot move this turn (R-CAPTURE-5/6). A captured capital hands all its
    nation's IPCs to the new controller at once (R-CAPITAL-3); IPCs Japan seizes count for VP
    this turn (R-VP-2), and Japan captured loses VP (R-VP-4). Emits TerritoryCaptured,
    IpcChanged and VictoryPointsChanged events.

    Raises:
        IllegalAction: the territory is impassable or already held by the captor's side
            (R-CONTROL-2: entering a friendly territory never changes its controller).
        KeyError: ``territory`` is not a land territory of the board.
    """
    board, state = ctx.board, ctx.state
    t = board.territory_by_id[territory]
    old = state.territory_owner.get(territory)
    if t.impassable or old is None:
        raise IllegalAction("R-SETUP-12", "{space} belongs to no one and cannot be "
                            "captured.", space=board.place(territory))
    if are_allied(old, captor):
        raise IllegalAction("R-CONTROL-2", "{space} is already held by {owner}, an ally of "
                            "{captor}: entering a friendly territory does not change its "
                            "controller.", space=board.place(territory), owner=old,
                            captor=captor)
    new, options = _new_owner(ctx, territory, captor)
    _set_owner(ctx, territory, old, new, captured=True)
    if territory not in state.captured_this_turn:
        state.own("captured_this_turn").append(territory)
    _hand_over_capital(ctx, territory, old, new)
    if options:
        choice = OwnerChoice(territory=territory, power=power_of(captor), options=options)
        state.own("owner_choices").append(choice)
        if state.pending is None:
            state.pending = owner_choice_pending(board, choice)


def _set_owner(ctx: Context, territory: str, old: Nation | None, new: Nation,
               captured: bool) -> None:
    """Change the controller and pass AA guns and ICs along (R-CAPTURE-5, R-SETUP-15)."""
    state = ctx.state
    state.own("territory_owner")[territory] = new
    for unit in list(state.units_at(territory)):
        if unit.type is UnitType.INDUSTRIAL_COMPLEX:
            state.unit(unit.id).owner = new
        elif unit.type is UnitType.AA_GUN and unit.owner is not new and \
                (are_enemies(unit.owner, new) or not captured):
            # An AA gun taken from the enemy, or handed on by a choice of owner.
            gun = state.unit(unit.id)
            gun.owner = new
            gun.captured_this_turn = True  # R-CAPTURE-6
    route = ctx.board.route_for_territory(territory)
    withheld = route.id if route is not None and not are_allied(
        convoy_controller(ctx.board, state, route.id), new) else None
    ctx.emit(TerritoryCaptured(space=territory, old_owner=old, new_owner=new,
                               route_withheld=withheld))


def _hand_over_capital(ctx: Context, territory: str, old: Nation, new: Nation) -> None:
    """R-CAPITAL-3: the nation losing its capital hands all its IPCs to the new controller."""
    state = ctx.state
    loser = ctx.board.capital_nation.get(territory)
    if loser is None or loser is not old or loser is Nation.CHINA:
        # Not a capital, or already lost (IPCs are never returned, R-CAPITAL-5), or Szechwan
        # (China has no IPCs, R-CAPITAL-6).
        return
    amount = state.treasury.get(loser, 0)
    if amount <= 0:
        return
    treasury = state.own("treasury")
    treasury[loser] = 0
    treasury[new] = treasury.get(new, 0) + amount
    reason = f"capital {territory} captured (R-CAPITAL-3)"
    ctx.emit(IpcChanged(nation=loser, delta=-amount, reason=reason, cause="capital",
                        space=territory))
    ctx.emit(IpcChanged(nation=new, delta=amount, reason=reason, cause="capital",
                        space=territory))
    if new is Nation.JAPAN:
        state.ipcs_seized_this_turn += amount  # counts for VP in phase 9 (R-VP-2, EX-14)
    if loser is Nation.JAPAN:
        lose_victory_points(ctx, amount // 10, "Japan captured (R-VP-4)", "capital", territory)


def lose_victory_points(ctx: Context, points: int, reason: str, cause: str,
                        space: str | None = None) -> None:
    """Japan loses VP, never below 0 (R-VP-3/4, R-VP-5). Emits VictoryPointsChanged (its
    ``cause`` and ``space``)."""
    state = ctx.state
    loss = min(points, state.victory_points)
    if loss <= 0:
        return
    state.victory_points -= loss
    ctx.emit(VictoryPointsChanged(delta=-loss, total=state.victory_points, reason=reason,
                                  cause=cause, space=space))


def owner_choice_pending(board: BoardMap, choice: OwnerChoice) -> OwnerDecision:
    """The pending decision that asks for a `choose_owner` action."""
    return OwnerDecision(power=choice.power, territory=choice.territory,
                         options=tuple(choice.options))


def set_chosen_owner(ctx: Context, territory: str, nation: Nation) -> None:
    """Give a territory whose owner was chosen to ``nation`` (R-CAPTURE-11, OQ-6): control,
    AA guns and ICs pass to it; IPCs already handed over at a capital's capture stay put."""
    old = ctx.state.territory_owner[territory]
    if old is nation:
        return
    _set_owner(ctx, territory, old, nation, captured=False)
