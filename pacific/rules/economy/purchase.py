"""Phase 1: buying units (R-PURCH-1..6) and China's infantry allotment (R-CHINA-1..4)."""

from __future__ import annotations

from collections.abc import Iterator

from pacific.rules.actions.economy import Purchase
from pacific.rules.board_map import BoardMap
from pacific.rules.economy.control import holds_own_capital
from pacific.rules.economy.events import ChinaInfantryAllotted
from pacific.rules.errors import IllegalAction, NotYourTurn
from pacific.rules.events import IpcChanged
from pacific.rules.nations import POWER_NATIONS, Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles, lists, on_enter
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType


def purchase_cost(units: dict[UnitType, int]) -> int:
    """The total price of a purchase (R-SETUP-16, EX-3)."""
    return sum(UNIT_SPECS[t].cost * n for t, n in units.items())


def buys_units(nation: Nation) -> bool:
    """Whether ``nation`` ever buys units: China never does, it receives infantry instead
    (R-CHINA-1, R-CHINA-2)."""
    return any(nation in spec.buyers for spec in UNIT_SPECS.values())


def check_purchase(board: BoardMap, state: GameState, action: Purchase) -> None:
    """Refuse a purchase the rules forbid now.

    Raises:
        IllegalAction: the rule broken (R-PURCH-1, -2, -5, -6, R-CHINA-1).
    """
    nation = action.nation
    if not buys_units(nation):
        raise IllegalAction("R-CHINA-1", "China never buys units: it receives infantry "
                            "instead.")
    if nation not in POWER_NATIONS[state.power]:
        raise NotYourTurn("R-PURCH-1", "{nation} cannot buy in the turn of {power}: each "
                          "player buys only for their own nations.",
                          nation=nation, power=state.power)
    for unit_type, count in action.units.items():
        if count < 1:
            raise IllegalAction("R-PURCH-2", "Buy at least one {unit} or leave it out, not "
                                "{count}.", unit=unit_type, count=count)
        if nation not in UNIT_SPECS[unit_type].buyers:
            raise IllegalAction("R-PURCH-5", "Only the United States may buy this unit: "
                                "{unit}.", unit=unit_type)
    if not holds_own_capital(board, state, nation):
        raise IllegalAction("R-PURCH-6", "{nation} cannot buy while its capital {capital} is "
                            "in enemy hands.", nation=nation,
                            capital=board.place(board.capitals[nation]))
    cost = purchase_cost(action.units)
    held = state.treasury.get(nation, 0)
    if cost > held:
        raise IllegalAction("R-PURCH-1", "{nation} has {held} IPC and cannot pay {cost} IPC "
                            "for these units.", nation=nation, held=held, cost=cost)


@handles("purchase")
def purchase(ctx: Context, action: Purchase) -> None:
    """Pay for the units and hold them until phase 7 (R-PURCH-2); a nation may buy in several
    steps during phase 1, each paid from its own IPCs (R-PURCH-4)."""
    check_purchase(ctx.board, ctx.state, action)
    state = ctx.state
    cost = purchase_cost(action.units)
    state.own("treasury")[action.nation] -= cost
    held = state.purchased.setdefault(action.nation, {})
    for unit_type, count in action.units.items():
        held[unit_type] = held.get(unit_type, 0) + count
    ctx.emit(IpcChanged(nation=action.nation, delta=-cost, reason=action.describe(),
                        cause="purchase", units=tuple(action.units.items())))


@lists(Phase.PURCHASE)
def list_purchases(board: BoardMap, state: GameState) -> Iterator[Purchase]:
    """One unit of each type each nation of the player may buy and afford now."""
    for nation in POWER_NATIONS[state.power]:
        if not buys_units(nation) or not holds_own_capital(board, state, nation):
            continue
        held = state.treasury.get(nation, 0)
        for unit_type, spec in UNIT_SPECS.items():
            if nation in spec.buyers and spec.cost <= held:
                yield Purchase(nation=nation, units={unit_type: 1})


def burma_road_open(board: BoardMap, state: GameState) -> bool:
    """R-CHINA-3: open while Japan controls none of the Burma Road's territories."""
    return not any(state.territory_owner.get(t) is Nation.JAPAN for t in board.burma_road)


def china_allotment(board: BoardMap, state: GameState) -> tuple[int, str]:
    """China's infantry for this turn and why, in English (R-CHINA-2..4), from control at the
    start of the turn."""
    valued, road = china_allotment_parts(board, state)
    if valued is None:
        return 0, "Szechwan is not Chinese, so no infantry this turn (R-CHINA-4)"
    why = f"{valued} territories with IPC value" + (", +1 for the open Burma Road" if road else
                                                     ", the Burma Road is closed")
    return valued + road, why + " (R-CHINA-2, R-CHINA-3)"


def china_allotment_parts(board: BoardMap, state: GameState) -> tuple[int | None, bool]:
    """What China's allotment counts: its territories with an IPC value at the start of the
    turn (None while the placement territory, Szechwan, is not Chinese: R-CHINA-4), and
    whether the Burma Road is open (R-CHINA-3)."""
    place = board.chinese_infantry_placement
    if place is None or state.owner_at_turn_start.get(place) is not Nation.CHINA:
        return None, False
    valued = sum(
        1 for tid, owner in state.owner_at_turn_start.items()
        if owner is Nation.CHINA and board.territory_by_id[tid].ipc >= 1
    )
    return valued, burma_road_open(board, state)


@on_enter(Phase.PURCHASE)
def allot_china_infantry(ctx: Context) -> None:
    """In phase 1 of each American turn China is allotted its infantry (R-CHINA-2)."""
    state = ctx.state
    if state.power is not Power.US:
        return
    count, why = china_allotment(ctx.board, state)
    valued, road = china_allotment_parts(ctx.board, state)
    state.china_infantry_due = count
    ctx.emit(ChinaInfantryAllotted(count=count, reason=why, territories=valued, burma_road=road))
