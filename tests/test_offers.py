"""What the dialogs offer comes from the engine (`Game.purchase_offers`,
`Game.control_choices`): the GUI shows it and decides no rule."""

from __future__ import annotations

from scenario import scenario

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_r_china_1_the_american_turn_offers_purchases_to_the_usa_only() -> None:
    """R-CHINA-1: China never buys; R-PURCH-5: Marines are the USA's."""
    game, state = scenario("mini", power=Power.US, phase=Phase.PURCHASE,
                           treasury={Nation.USA: 20})
    offers = game.purchase_offers(state)
    assert [o.nation for o in offers] == [Nation.USA]
    usa = offers[0]
    assert usa.treasury == 20 and UnitType.MARINE in usa.types and not usa.bought
    assert dict(usa.prices)[UnitType.INFANTRY] == 3


def test_r_purch_1_an_offer_says_what_the_treasury_can_pay() -> None:
    """R-PURCH-1: India pays from its own IPCs only, never more than it holds."""
    game, state = scenario("mini", power=Power.UK, phase=Phase.PURCHASE,
                           treasury={Nation.INDIA: 10, Nation.AUSTRALIA: 4})
    india, australia = game.purchase_offers(state)
    assert (india.nation, australia.nation) == (Nation.INDIA, Nation.AUSTRALIA)
    assert india.cost({UnitType.INFANTRY: 2, UnitType.ARTILLERY: 1}) == 10
    assert india.affordable({UnitType.INFANTRY: 2, UnitType.ARTILLERY: 1})
    assert not australia.affordable({UnitType.INFANTRY: 2})
    assert australia.left({UnitType.INFANTRY: 2}) == -2


def test_r_convoy_7_a_convoy_zone_is_held_by_its_original_controller_or_the_other_side() -> None:
    """R-CONVOY-7, R-CONVOY-3: Japan's convoy zone is Japan's or taken by an Ally with warships
    (never China, R-CHINA-1); an Ally's zone is its own or Japan's. Territories may be anyone's;
    a sea zone without a convoy is no one's (R-CONTROL-4)."""
    game, state = scenario("mini")
    assert game.control_choices(state, "sz_2") == (
        Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA)
    assert game.control_choices(state, "sz_8") == (Nation.USA, Nation.JAPAN)
    assert game.control_choices(state, "japan") == tuple(Nation)
    plain = next(z.id for z in game.board.sea_zones if not game.board.is_convoy_zone(z.id))
    assert game.control_choices(state, plain) == ()
