"""Phase 1: purchase (R-PURCH-1..6, EX-3) and China's infantry (R-CHINA-1..4)."""

from __future__ import annotations

from refusals import refused
from scenario import scenario

from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.economy.events import ChinaInfantryAllotted
from pacific.rules.economy.purchase import china_allotment
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UNIT_SPECS, UnitType

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
T = UnitType


def test_ex_3_unit_table_and_a_fighter_purchase() -> None:
    """R-SETUP-16: the unit table (cost, move, attack, defense); EX-3: a fighter bought."""
    table = {t: (s.cost, s.move, s.attack, s.defense) for t, s in UNIT_SPECS.items()}
    assert table == {
        T.INFANTRY: (3, 1, 1, 2), T.ARTILLERY: (4, 1, 2, 2), T.ARMOR: (5, 2, 3, 2),
        T.AA_GUN: (5, 1, 0, 1), T.FIGHTER: (12, 4, 3, 4), T.BOMBER: (15, 6, 4, 1),
        T.BATTLESHIP: (24, 2, 4, 4), T.CARRIER: (18, 2, 1, 3), T.DESTROYER: (12, 2, 3, 3),
        T.TRANSPORT: (8, 2, 0, 1), T.SUBMARINE: (8, 2, 2, 2), T.MARINE: (4, 1, 1, 2),
        T.INDUSTRIAL_COMPLEX: (15, 0, 0, 0),
    }
    game, state = scenario(power=Power.UK, treasury={IN: 20})
    after, _ = game.apply(state, Purchase(nation=IN, units={T.FIGHTER: 1}))
    assert after.treasury[IN] == 8
    assert after.purchased == {IN: {T.FIGHTER: 1}}  # R-PURCH-2: held until phase 7
    assert after.units == state.units


def test_r_purch_1_never_more_than_the_nation_holds() -> None:
    game, state = scenario(treasury={J: 14})
    refused(game, state, Purchase(nation=J, units={T.BATTLESHIP: 1}), "R-PURCH-1")
    refused(game, state, Purchase(nation=IN, units={T.INFANTRY: 1}), "R-PURCH-1")


def test_r_purch_2_counts_are_positive() -> None:
    game, state = scenario()
    refused(game, state, Purchase(nation=J, units={T.INFANTRY: 0}), "R-PURCH-2")


def test_r_purch_3_buying_is_optional_and_ipcs_carry_over() -> None:
    game, state = scenario(treasury={J: 14})
    after, _ = game.apply(state, EndPhase())
    assert after.treasury[J] == 14 and after.phase is Phase.CAP_LANDING


def test_r_purch_4_india_and_australia_pay_separately() -> None:
    """R-PURCH-4: India and Australia buy separately; each unit is its payer's."""
    game, state = scenario(power=Power.UK, treasury={IN: 4, AU: 6})
    state, _ = game.apply(state, Purchase(nation=AU, units={T.INFANTRY: 2}))
    assert state.treasury == {**state.treasury, IN: 4, AU: 0}
    refused(game, state, Purchase(nation=AU, units={T.INFANTRY: 1}), "R-PURCH-1")
    state, _ = game.apply(state, Purchase(nation=IN, units={T.INFANTRY: 1}))
    assert state.purchased == {AU: {T.INFANTRY: 2}, IN: {T.INFANTRY: 1}}


def test_r_purch_5_marines_and_complexes_are_for_the_usa() -> None:
    game, state = scenario(treasury={J: 30})
    refused(game, state, Purchase(nation=J, units={T.MARINE: 1}), "R-PURCH-5")
    refused(game, state, Purchase(nation=J, units={T.INDUSTRIAL_COMPLEX: 1}), "R-PURCH-5")
    game, state = scenario(power=Power.US, treasury={US: 30})
    after, _ = game.apply(state, Purchase(nation=US, units={T.MARINE: 1,
                                                            T.INDUSTRIAL_COMPLEX: 1}))
    assert after.treasury[US] == 11


def test_r_china_1_china_never_buys() -> None:
    game, state = scenario(power=Power.US)
    refused(game, state, Purchase(nation=CN, units={T.INFANTRY: 1}), "R-CHINA-1")


def test_r_purch_6_no_purchase_without_the_capital() -> None:
    game, state = scenario(power=Power.UK, owners={"new_south_wales": J}, treasury={AU: 9})
    refused(game, state, Purchase(nation=AU, units={T.INFANTRY: 1}), "R-PURCH-6")
    assert {a.nation for a in game.legal_actions(state) if isinstance(a, Purchase)} == {IN}


def test_purchase_lister_offers_affordable_single_units() -> None:
    game, state = scenario(treasury={J: 8})
    listed = {next(iter(a.units)) for a in game.legal_actions(state)
              if isinstance(a, Purchase)}
    assert listed == {T.INFANTRY, T.ARTILLERY, T.ARMOR, T.AA_GUN, T.TRANSPORT, T.SUBMARINE}


def _into_us_turn(**kw: object) -> tuple[object, list[object]]:
    game, state = scenario(power=Power.UK, phase=Phase.INCOME, **kw)  # type: ignore[arg-type]
    state.convoy_split_due = 0
    after, events = game.apply(state, EndPhase())
    assert after.power is Power.US and after.phase is Phase.PURCHASE
    return after, events


def test_r_china_2_one_infantry_per_valued_territory_plus_the_burma_road() -> None:
    # China holds Szechwan, Yunnan and Suiyuan (1 IPC each) and Anhwe (0): 3, +1 road open.
    state, events = _into_us_turn()
    assert state.china_infantry_due == 4  # type: ignore[attr-defined]
    assert any(isinstance(e, ChinaInfantryAllotted) and e.count == 4 for e in events)


def test_r_china_3_burma_road_closed() -> None:
    state, _ = _into_us_turn(owners={"burma": J})
    assert state.china_infantry_due == 3  # type: ignore[attr-defined]


def test_r_china_2_counts_control_at_the_start_of_the_turn() -> None:
    game, state = scenario(power=Power.US, owners={"yunnan": J})
    state.territory_owner["yunnan"] = CN  # retaken during the turn: does not count (OQ-17)
    count, _ = china_allotment(game.board, state)
    assert count == 3  # Szechwan and Suiyuan, +1: the road is open at the moment of allotment


def test_r_china_4_no_infantry_while_szechwan_is_lost() -> None:
    state, _ = _into_us_turn(owners={"szechwan": J})
    assert state.china_infantry_due == 0  # type: ignore[attr-defined]
