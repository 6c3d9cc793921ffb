"""Phase 9 income (R-INCOME-1..5), victory points (R-VP-1..5, EX-4), victory (R-VICTORY-1..4)
and the capital example EX-14. Mini board levels: Japan 14, India 4, Australia 6, USA 15,
British convoys 4."""

from __future__ import annotations

from refusals import refused
from scenario import scenario, u

from pacific.rules.actions.economy import EndPhase, Purchase, SplitConvoyIncome
from pacific.rules.dice import FixedDice
from pacific.rules.economy.control import (
    capture_territory,
    lose_victory_points,
    production_level,
)
from pacific.rules.economy.income import vp_for
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.registry import Context
from pacific.rules.units import UnitType

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA


def into_income(power: Power, **kw: object):  # type: ignore[no-untyped-def]
    game, state = scenario(power=power, phase=Phase.RESET, **kw)  # type: ignore[arg-type]
    after, events = game.apply(state, EndPhase())
    assert after.phase is Phase.INCOME
    return game, after, events


def test_r_income_1_japan_collects_its_level_and_scores_vp() -> None:
    _, state, _ = into_income(Power.JAPAN, treasury={J: 3})
    assert state.treasury[J] == 17 and state.victory_points == 1


def test_r_income_1_china_never_collects() -> None:
    _, state, _ = into_income(Power.US, treasury={US: 0})
    assert state.treasury[US] == 15 and Nation.CHINA not in state.treasury


def test_r_income_3_british_convoys_split_freely() -> None:
    game, state, _ = into_income(Power.UK, treasury={IN: 0, AU: 0})
    assert (state.treasury[IN], state.treasury[AU], state.convoy_split_due) == (4, 6, 4)
    refused(game, state, EndPhase(), "R-INCOME-3")
    refused(game, state, SplitConvoyIncome(india=4, australia=1), "R-INCOME-3")
    listed = [a for a in game.legal_actions(state) if isinstance(a, SplitConvoyIncome)]
    assert SplitConvoyIncome(india=4, australia=0) in listed
    assert SplitConvoyIncome(india=0, australia=4) in listed
    after, _ = game.apply(state, SplitConvoyIncome(india=3, australia=1))
    assert (after.treasury[IN], after.treasury[AU], after.convoy_split_due) == (7, 7, 0)
    refused(game, after, SplitConvoyIncome(india=3, australia=1), "R-INCOME-3")
    after, _ = game.apply(after, EndPhase())
    assert after.power is Power.US


def test_r_income_4_oq_4_capital_lost_collects_nothing_convoys_to_the_other() -> None:
    """R-INCOME-4: no income and no convoy share without the capital."""
    _, state, _ = into_income(Power.UK, owners={"new_south_wales": J}, treasury={IN: 0, AU: 0})
    assert (state.treasury[IN], state.treasury[AU], state.convoy_split_due) == (8, 0, 0)
    _, state, _ = into_income(Power.UK, owners={"new_south_wales": J, "india": J},
                              treasury={IN: 0, AU: 0})
    assert (state.treasury[IN], state.treasury[AU], state.convoy_split_due) == (0, 0, 0)


def test_r_capital_4_no_income_without_the_capital() -> None:
    """R-CAPITAL-4: the USA collects nothing while its capital is enemy-held."""
    _, state, _ = into_income(Power.US, owners={"united_states": J}, treasury={US: 1})
    assert state.treasury[US] == 1


def test_ex_4_and_r_vp_2_one_vp_per_full_ten() -> None:
    assert (vp_for(12), vp_for(29), vp_for(9), vp_for(0)) == (1, 2, 0, 0)
    # 14 income + 15 seized from a capital this turn = 29 → 2 VP (R-VP-2).
    _, state, _ = into_income(Power.JAPAN, ipcs_seized_this_turn=15, victory_points=3)
    assert state.victory_points == 5 and state.winner is None


def test_r_vp_1_only_japan_scores() -> None:
    """R-VP-1: an Allied income never scores VP."""
    _, state, _ = into_income(Power.US, victory_points=4)
    assert state.victory_points == 4


def test_r_vp_3_and_r_vp_5_losses_never_below_zero() -> None:
    """R-VP-5: VP never fall below 0."""
    game, state = scenario(victory_points=1)
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    lose_victory_points(ctx, 25 // 10, "SBR (R-VP-3)", "bombing")
    assert state.victory_points == 0
    lose_victory_points(ctx, 1, "SBR (R-VP-3)", "bombing")
    assert state.victory_points == 0 and len(ctx.events) == 1


def test_r_victory_4_japan_income_of_nine_or_less() -> None:
    game, state, events = into_income(Power.JAPAN, owners={"korea": CN, "manchuria": CN,
                                                           "siam": IN})
    assert state.winner is Side.ALLIES and "R-VICTORY-4" in (state.win_reason or "")
    assert events[-1].describe() == state.win_reason
    assert list(game.legal_actions(state)) == []


def test_r_victory_2_twenty_two_vp() -> None:
    _, state, _ = into_income(Power.JAPAN, victory_points=21)
    assert state.victory_points == 22 and state.winner is Side.AXIS
    assert state.win_reason == "Japan wins with 22 victory points, reaching 22 (R-VICTORY-2)."


def end_turn(power: Power, **kw: object):  # type: ignore[no-untyped-def]
    game, state = scenario(power=power, phase=Phase.INCOME, **kw)  # type: ignore[arg-type]
    after, _ = game.apply(state, EndPhase())
    return after


def test_r_victory_1_japan_holds_a_capital_until_its_next_turn() -> None:
    state = end_turn(Power.US, owners={"india": J})
    assert state.power is Power.JAPAN and state.winner is Side.AXIS
    assert "R-VICTORY-1" in (state.win_reason or "")
    assert end_turn(Power.US, owners={"szechwan": J}).winner is None  # Szechwan does not count
    assert end_turn(Power.US, owners={"india": J, "japan": US}).winner is None


def test_r_victory_3_allies_hold_japan_and_their_own_capitals() -> None:
    state = end_turn(Power.UK, owners={"japan": US})
    assert state.power is Power.US and state.winner is Side.ALLIES
    assert "R-VICTORY-3" in (state.win_reason or "")
    assert end_turn(Power.UK, owners={"japan": US, "united_states": J}).winner is None
    # Held by the Americans: the British turn does not win it for them.
    assert end_turn(Power.JAPAN, owners={"japan": US}).winner is None


def test_ex_14_capital_captured_and_liberated() -> None:
    """EX-14: Japan takes New South Wales and Australia's IPCs; the British liberate it, the
    IPCs handed over stay with Japan (R-CAPITAL-5) and Australia collects from that turn."""
    game, state = scenario(power=Power.JAPAN, phase=Phase.COMBAT, treasury={AU: 11, IN: 4},
                           units={"new_south_wales": "1 infantry japan, 1 aa_gun australia"})
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    capture_territory(ctx, "new_south_wales", J)
    gun = state.units[u(state, "new_south_wales", "aa_gun")[0]]
    assert state.treasury[AU] == 0 and state.treasury[J] == 25 and gun.owner is J
    assert production_level(game.board, state, AU) == 2
    assert production_level(game.board, state, J) == 18
    # Phase 9 of Japan's turn: 18 income + 11 seized = 29 → 2 VP (EX-4).
    state.phase = Phase.RESET
    state, _ = game.apply(state, EndPhase())
    assert state.victory_points == 2
    state, _ = game.apply(state, EndPhase())
    assert state.power is Power.UK and state.winner is None
    refused(game, state, Purchase(nation=AU, units={UnitType.INFANTRY: 1}), "R-PURCH-6")
    state, _ = game.apply(state, Purchase(nation=IN, units={UnitType.INFANTRY: 1}))
    # The British retake New South Wales: liberation (R-CAPTURE-9).
    state.phase = Phase.COMBAT
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    capture_territory(ctx, "new_south_wales", AU)
    assert state.territory_owner["new_south_wales"] is AU
    assert state.units[gun.id].owner is AU
    assert production_level(game.board, state, AU) == 6
    assert state.treasury[J] == 25 + 18 and state.treasury[AU] == 0  # kept (R-CAPITAL-5)
    state.phase = Phase.RESET
    state, _ = game.apply(state, EndPhase())
    assert state.treasury[AU] == 6  # income in the turn of recapture
    assert state.winner is None
