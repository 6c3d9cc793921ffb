"""Combat air patrols on the mini board (R-CAP-1, -2, -7, OQ2-15, OQ2-16, EX-16)."""

from __future__ import annotations

from movement_helpers import kinds, ok, refused, where
from scenario import scenario, u

from pacific.rules.actions.movement import LandCap, Move, StartCap
from pacific.rules.dice import FixedDice
from pacific.rules.movement.cap import lose_unlanded_patrols
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.registry import Context

CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def hawaii(phase: Phase = NCM, **units: str):
    return scenario(power=Power.US, phase=phase, units={
        "hawaii": "2 fighter usa", "sz_9": "1 carrier usa", **units})


def test_r_cap_1_fighters_that_have_not_moved_patrol_an_adjacent_zone() -> None:
    game, state = hawaii()
    ftr = u(state, "hawaii", "fighter")
    after, _ = ok(game, state, StartCap(units=tuple(ftr), sea_zone="sz_9"))
    assert where(after, ftr) == {"sz_9"} and all(after.units[i].cap for i in ftr)
    refused(game, state, StartCap(units=tuple(ftr), sea_zone="sz_5"), "R-CAP-1")


def test_r_cap_1_oq2_16_not_after_moving_nor_over_enemy_units() -> None:
    game, state = hawaii()
    ftr = u(state, "hawaii", "fighter")
    state.units[ftr[0]].moves_used = 1
    refused(game, state, StartCap(units=tuple(ftr), sea_zone="sz_9"), "R-CAP-1")
    game, state = scenario(power=Power.US, phase=NCM, units={
        "united_states": "1 fighter usa", "sz_8": "1 destroyer japan"})
    ftr = u(state, "united_states", "fighter")
    refused(game, state, StartCap(units=tuple(ftr), sea_zone="sz_8"), "R-CAP-1")


def test_r_cap_1_ex_16_enemy_submarines_alone_cannot_fight_a_patrol() -> None:
    """The rulebook forbids only enemy units "that could cause a combat" (p. 32; EX-16)."""
    game, state = scenario(power=Power.US, phase=NCM, units={
        "united_states": "1 fighter usa", "sz_8": "1 submarine japan"})
    ftr = u(state, "united_states", "fighter")
    after, _ = ok(game, state, StartCap(units=tuple(ftr), sea_zone="sz_8"))
    assert after.units[ftr[0]].cap


def test_r_cap_1_oq2_16_not_from_a_carrier() -> None:
    game, state = hawaii()
    ftr = u(state, "hawaii", "fighter")
    state.units[ftr[0]].space = "sz_9"
    state.units[ftr[0]].carried_by = u(state, "sz_9", "carrier")[0]
    refused(game, state, StartCap(units=(ftr[0],), sea_zone="sz_5"), "R-CAP-1")


def test_r_cap_2_a_patrol_stays_until_phase_2() -> None:
    game, state = hawaii(CM, guam="1 infantry japan")
    ftr = u(state, "hawaii", "fighter")
    state.units[ftr[0]].space, state.units[ftr[0]].cap = "sz_9", True
    refused(game, state, Move(units=(ftr[0],), path=("sz_9", "sz_5", "guam")), "R-CAP-2")


def patrol():
    game, state = hawaii(Phase.CAP_LANDING)
    ftr = u(state, "hawaii", "fighter")
    for i in ftr:
        state.units[i].space, state.unit(i).cap = "sz_9", True
    return game, state, ftr


def test_r_cap_7_land_on_an_island_in_the_zone_then_move_normally() -> None:
    """EX-16: next US turn, phase 2, the patrol lands; it then has its full allowance."""
    game, state, ftr = patrol()
    state, _ = ok(game, state, LandCap(units=tuple(ftr), space="hawaii"))
    assert where(state, ftr) == {"hawaii"} and not any(state.units[i].cap for i in ftr)
    assert all(state.units[i].moves_used == 0 for i in ftr)


def test_r_cap_7_oq2_15_landing_on_a_carrier_freezes_it() -> None:
    game, state, ftr = patrol()
    cv = u(state, "sz_9", "carrier")[0]
    state, _ = ok(game, state, LandCap(units=tuple(ftr), space="sz_9", carrier=cv))
    assert {state.units[i].carried_by for i in ftr} == {cv} and cv in state.frozen_carriers


def test_r_cap_7_only_a_place_bordering_the_zone() -> None:
    game, state, ftr = patrol()
    refused(game, state, LandCap(units=tuple(ftr), space="united_states"), "R-CAP-7")
    refused(game, state, LandCap(units=tuple(ftr), space="sz_5"), "R-CAP-7")
    state.territory_owner["hawaii"] = Nation.JAPAN
    refused(game, state, LandCap(units=tuple(ftr), space="hawaii"), "R-CAP-7")


def test_r_cap_7_a_patrol_that_does_not_land_is_lost() -> None:
    game, state, ftr = patrol()
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    lose_unlanded_patrols(ctx)
    assert not any(i in state.units for i in ftr) and "aircraft_lost" in kinds(ctx.events)
