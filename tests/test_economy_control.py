"""Control, capture, capitals and convoys on the mini board (RULES.md Part 1: Control, Capture,
Capital, Convoy). Mini board levels at the start: Japan 14, India 4, Australia 6, USA 15 (3 of
them the convoy centre sz_8), British convoys 4 (sz_1). Convoy routes: sz_2 (Siam, Japanese),
sz_9 (Hawaii, American)."""

from __future__ import annotations

import pytest
from scenario import scenario, snapshot, u

from pacific.rules.dice import FixedDice
from pacific.rules.economy.control import (
    british_convoy_level,
    capture_convoy_zone,
    capture_territory,
    is_friendly,
    production_level,
)
from pacific.rules.errors import IllegalAction
from pacific.rules.events import IpcChanged, TerritoryCaptured
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.registry import Context

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA


def ctx_for(**kw: object) -> Context:
    game, state = scenario(**kw)  # type: ignore[arg-type]
    return Context(board=game.board, state=state, dice=FixedDice([]))


def level(ctx: Context, nation: Nation) -> int:
    return production_level(ctx.board, ctx.state, nation)


def test_r_capture_1_and_r_capture_13_capture_moves_the_level() -> None:
    """R-CAPTURE-13: capture moves both levels by the territory's value."""
    ctx = ctx_for(phase=Phase.COMBAT_MOVE, units={"burma": "1 infantry japan"})
    capture_territory(ctx, "burma", J)
    assert ctx.state.territory_owner["burma"] is J
    assert (level(ctx, J), level(ctx, IN)) == (15, 3)
    assert ctx.state.captured_this_turn == ["burma"]
    assert ctx.events == [TerritoryCaptured(space="burma", old_owner=IN, new_owner=J)]


def test_r_capture_5_and_6_aa_guns_pass_to_the_captor_and_cannot_move() -> None:
    ctx = ctx_for(units={"yunnan": "1 aa_gun china", "japan": "1 aa_gun japan"})
    capture_territory(ctx, "yunnan", J)
    gun = ctx.state.units[u(ctx.state, "yunnan", "aa_gun")[0]]
    assert gun.owner is J and gun.captured_this_turn
    assert not ctx.state.units[u(ctx.state, "japan", "aa_gun")[0]].captured_this_turn


def test_r_capture_9_liberation_returns_to_the_original_nation() -> None:
    ctx = ctx_for(power=Power.UK, owners={"burma": J}, units={"burma": "1 infantry australia"})
    capture_territory(ctx, "burma", AU)
    assert ctx.state.territory_owner["burma"] is IN
    assert level(ctx, IN) == 4 and level(ctx, AU) == 6


def test_oq_8_liberation_even_without_the_capital() -> None:
    ctx = ctx_for(power=Power.US, owners={"burma": J, "india": J})
    capture_territory(ctx, "burma", US)
    assert ctx.state.territory_owner["burma"] is IN


def test_r_capture_10_korea_returns_to_china() -> None:
    ctx = ctx_for(power=Power.US)
    capture_territory(ctx, "korea", US)
    assert ctx.state.territory_owner["korea"] is CN
    assert level(ctx, J) == 12 and level(ctx, US) == 15  # R-CHINA-7: nobody's level rises


def test_r_china_7_china_has_no_level() -> None:
    ctx = ctx_for()
    capture_territory(ctx, "suiyuan", J)
    assert level(ctx, J) == 15 and level(ctx, CN) == 0
    ctx.state.power = Power.US
    capture_territory(ctx, "suiyuan", US)
    assert ctx.state.territory_owner["suiyuan"] is CN and level(ctx, J) == 14


def test_r_capture_11_siam_goes_to_india_in_the_british_turn() -> None:
    ctx = ctx_for(power=Power.UK, units={"siam": "1 infantry australia"})
    capture_territory(ctx, "siam", AU)
    assert ctx.state.territory_owner["siam"] is IN
    assert ctx.state.pending is None


def test_r_capture_11_siam_in_the_american_turn_is_the_players_choice() -> None:
    game, state = scenario(power=Power.US, phase=Phase.COMBAT,
                           units={"siam": "1 infantry usa, 1 aa_gun japan"})
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    capture_territory(ctx, "siam", US)
    assert state.pending is not None and state.pending.decision == "choose_owner"
    assert game.current_power(state) is Power.US
    listed = [a.nation for a in game.play_actions(state)]
    assert listed == [US, CN]
    from pacific.rules.actions.economy import ChooseOwner, EndPhase
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(state, ChooseOwner(territory="siam", nation=IN))
    assert refusal.value.rule == "R-CAPTURE-11" and snapshot(state) == before
    with pytest.raises(IllegalAction):
        game.apply(state, EndPhase())
    after, _ = game.apply(state, ChooseOwner(territory="siam", nation=CN))
    assert after.territory_owner["siam"] is CN and after.pending is None
    gun = after.units[u(after, "siam", "aa_gun")[0]]
    assert gun.owner is CN  # R-CAPTURE-5: the AA gun follows the territory


def test_r_capture_12_oq_6_joint_capture_lets_the_player_pick() -> None:
    game, state = scenario(power=Power.UK, phase=Phase.COMBAT,
                           units={"marianas": "1 infantry india, 1 infantry australia"})
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    capture_territory(ctx, "marianas", AU)
    assert [c.options for c in state.owner_choices] == [[AU, IN]]
    from pacific.rules.actions.economy import ChooseOwner
    after, _ = game.apply(state, ChooseOwner(territory="marianas", nation=IN))
    assert after.territory_owner["marianas"] is IN and not after.owner_choices


def test_r_control_6_phase_5_cannot_end_with_an_open_choice() -> None:
    """R-CONTROL-6: every chart adjustment is made before phase 5 ends."""
    from pacific.rules.actions.economy import EndPhase
    from pacific.rules.state import OwnerChoice
    game, state = scenario(power=Power.UK, phase=Phase.PRODUCTION_CHART,
                           owner_choices=[OwnerChoice(territory="marianas", power=Power.UK,
                                                      options=[AU, IN])],
                           owners={"marianas": AU})
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(state, EndPhase())
    assert refusal.value.rule == "R-CAPTURE-12" and snapshot(state) == before
    assert [a.kind for a in game.play_actions(state)] == ["choose_owner", "choose_owner"]


def test_r_control_2_friendly_territory_is_not_captured() -> None:
    ctx = ctx_for()
    before = snapshot(ctx.state)
    with pytest.raises(IllegalAction) as refusal:
        capture_territory(ctx, "szechwan", IN)
    assert refusal.value.rule == "R-CONTROL-2" and snapshot(ctx.state) == before


def test_r_capital_3_and_r_vp_4_japan_captured() -> None:
    """R-CAPITAL-7, R-VP-4: the captor takes all Japan's IPCs; Japan loses 1 VP per 10."""
    ctx = ctx_for(power=Power.US, victory_points=5, treasury={J: 23, US: 2})
    capture_territory(ctx, "japan", US)
    assert ctx.state.treasury[J] == 0 and ctx.state.treasury[US] == 25
    assert ctx.state.victory_points == 3
    assert IpcChanged(nation=US, delta=23, reason="capital japan captured (R-CAPITAL-3)",
                      cause="capital", space="japan") in ctx.events


def test_r_capital_6_szechwan_moves_no_ipcs() -> None:
    """R-CAPITAL-6: the fall of Szechwan moves no IPCs."""
    ctx = ctx_for()
    capture_territory(ctx, "szechwan", J)
    assert ctx.state.treasury[J] == 14
    assert not [e for e in ctx.events if isinstance(e, IpcChanged)]


def test_r_convoy_8_centre_taken_by_japan_and_retaken() -> None:
    """R-CONVOY-8: a centre taken by Japan lowers its owner's level; retaken by any ally it
    goes back to its original controller (R-CONVOY-7), restored."""
    ctx = ctx_for()
    capture_convoy_zone(ctx, "sz_1", J)
    assert british_convoy_level(ctx.board, ctx.state) == 0 and level(ctx, J) == 14
    capture_convoy_zone(ctx, "sz_8", J)
    assert level(ctx, US) == 12
    ctx.state.power = Power.US
    capture_convoy_zone(ctx, "sz_1", US)  # R-CONVOY-7: back to its original controller
    assert "sz_1" not in ctx.state.convoy_holder
    assert british_convoy_level(ctx.board, ctx.state) == 4


def test_r_convoy_10_and_11_route_captured_and_retaken() -> None:
    """R-CONVOY-9, R-CONVOY-10, R-CONVOY-11: Hawaii's value (2) withheld, then restored."""
    ctx = ctx_for()
    capture_convoy_zone(ctx, "sz_9", J)
    assert ctx.state.convoy_holder == {"sz_9": J}
    assert level(ctx, US) == 13 and level(ctx, J) == 14
    capture_convoy_zone(ctx, "sz_9", US)
    assert ctx.state.convoy_holder == {} and level(ctx, US) == 15


def test_r_convoy_12_territory_captured_while_route_is_enemy_held() -> None:
    """R-CONVOY-12: the captor's level does not rise; the loser's falls."""
    ctx = ctx_for()
    capture_territory(ctx, "hawaii", J)  # sz_9 is still American
    assert level(ctx, J) == 14 and level(ctx, US) == 13


def test_r_convoy_13_allied_siam_without_its_route() -> None:
    """R-CONVOY-13: Siam counts for India only once its route is Allied."""
    ctx = ctx_for(power=Power.UK)
    capture_territory(ctx, "siam", IN)  # sz_2 is Japanese
    assert level(ctx, IN) == 4 and level(ctx, J) == 12
    capture_convoy_zone(ctx, "sz_2", IN)
    assert level(ctx, IN) == 6


def test_r_control_4_plain_sea_zones_are_not_captured() -> None:
    ctx = ctx_for()
    with pytest.raises(IllegalAction) as refusal:
        capture_convoy_zone(ctx, "sz_3", J)
    assert refusal.value.rule == "R-CONTROL-4"


def test_r_move_8_and_r_china_6_friendly_spaces() -> None:
    """R-CHINA-6, R-MOVE-8: China is friendly to all Allies; submerged subs occupy nothing."""
    ctx = ctx_for(units={"sz_4": "1 submarine japan", "sz_3": "1 submarine japan"})
    b, s = ctx.board, ctx.state
    assert is_friendly(b, s, "szechwan", IN) and is_friendly(b, s, "india", US)
    assert not is_friendly(b, s, "korea", US) and not is_friendly(b, s, "soviet_union", J)
    s.units[u(s, "sz_4", "submarine")[0]].submerged = True
    assert is_friendly(b, s, "sz_4", US) and not is_friendly(b, s, "sz_3", US)
    assert is_friendly(b, s, "sz_3", J)
