"""What the dialogs offer a player, asked of the engine (`Game.purchase_offers`,
`Game.control_choices`): the GUI shows these answers and never works the rules out itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pacific.rules.board_map import BoardMap
from pacific.rules.economy.control import convoy_original_controller
from pacific.rules.economy.purchase import buys_units, purchase_cost
from pacific.rules.nations import POWER_NATIONS, Nation, are_allied
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType, is_warship


@dataclass(frozen=True)
class PurchaseOffer:
    """What one nation may buy now: each unit type it may buy (R-PURCH-5) with its price
    (R-SETUP-16), paid from its own treasury only (R-PURCH-1). ``bought``: it has bought
    already this phase (it may buy again, R-PURCH-4)."""

    nation: Nation
    treasury: int
    prices: tuple[tuple[UnitType, int], ...]
    bought: bool = False

    @property
    def types(self) -> tuple[UnitType, ...]:
        return tuple(unit_type for unit_type, _ in self.prices)

    def cost(self, units: Mapping[UnitType, int]) -> int:
        """The price of ``units`` (R-SETUP-16)."""
        return purchase_cost(dict(units))

    def left(self, units: Mapping[UnitType, int]) -> int:
        """The treasury left after buying ``units``; below 0 when it cannot pay (R-PURCH-1)."""
        return self.treasury - self.cost(units)

    def affordable(self, units: Mapping[UnitType, int]) -> bool:
        """Whether the nation can pay for ``units`` from its own treasury (R-PURCH-1)."""
        return self.left(units) >= 0

    @property
    def waiting(self) -> bool:
        """Has the nation not bought yet, while its own treasury pays for a unit (R-PURCH-1)?
        (India's and Australia's purchases are separate: one is easily forgotten.)"""
        return not self.bought and any(price <= self.treasury for _, price in self.prices)


def purchase_offer(nation: Nation, treasury: int, bought: bool = False) -> PurchaseOffer:
    """The offer to ``nation`` holding ``treasury`` IPCs."""
    return PurchaseOffer(nation, treasury, tuple((unit_type, spec.cost)
                                                 for unit_type, spec in UNIT_SPECS.items()
                                                 if nation in spec.buyers), bought)


def purchase_offers(state: GameState) -> tuple[PurchaseOffer, ...]:
    """An offer to each nation of the power playing that buys units (India and Australia
    apart, R-PURCH-1; China never buys, R-CHINA-1), in the power's order of nations."""
    return tuple(purchase_offer(nation, state.treasury.get(nation, 0),
                                bool(state.purchased.get(nation)))
                 for nation in POWER_NATIONS[state.power] if buys_units(nation))


def control_choices(board: BoardMap, state: GameState, space: str) -> tuple[Nation, ...]:
    """The nations an edit may make control ``space``: any nation for a territory but an
    impassable one (R-SETUP-12); for a convoy zone its original controller first, then the
    nations of the other side that have warships to take it (R-CONVOY-3: an Ally's zone
    retaken from Japan goes back to its original controller, R-CONVOY-7; China has none,
    R-CHINA-1); none for a sea zone without a convoy (R-CONTROL-4)."""
    territory = board.territory_by_id.get(space)
    if territory is not None:
        return () if territory.impassable else tuple(Nation)
    if not board.is_convoy_zone(space):
        return ()
    original = convoy_original_controller(board, space)
    others = tuple(nation for nation in Nation
                   if not are_allied(nation, original) and _has_warships(nation))
    return (original, *others)


def _has_warships(nation: Nation) -> bool:
    return any(nation in spec.buyers for spec in UNIT_SPECS.values() if is_warship(spec.type))
