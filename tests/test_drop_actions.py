"""What a drop means when one action is not enough (`Game.drop_actions`): loads spread over
the transports with room (R-TRANS-3/4), a loaded stack unloading where it is dropped, after a
move when the coast is not next to it (R-TRANS-5), and a refusal naming the rule that really
forbids the drop."""

from __future__ import annotations

import pytest
from scenario import scenario, u

from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.phases import Phase
from pacific.rules.state import GameState


def _loaded(state: GameState, zone: str) -> list[int]:
    ships = u(state, zone, "transport")
    for ship, infantry in zip(ships, u(state, zone, "infantry"), strict=True):
        state.units[infantry].carried_by = ship
    return ships


def _first_refusal(game, state, actions):  # type: ignore[no-untyped-def]
    for action in actions:
        refusal = game.why_illegal(state, action)
        if refusal is not None:
            return refusal
        state, _ = game.apply(state, action)
    return None


def test_r_trans_3_land_units_dropped_on_a_zone_fill_the_transports_there() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"korea": "4 infantry japan", "sz_6": "2 transport japan"})
    infantry = u(state, "korea", "infantry")
    first, second = u(state, "sz_6", "transport")
    actions = game.drop_actions(state, infantry, "sz_6")
    assert actions == (Load(transport=first, units=tuple(infantry[:2])),
                       Load(transport=second, units=tuple(infantry[2:])))
    assert _first_refusal(game, state, actions) is None


@pytest.mark.parametrize("dropped", ["transport", "infantry"])
def test_r_trans_5_loaded_transports_or_their_cargo_dropped_on_the_coast_land_from_each(
        dropped: str) -> None:
    """The stack of loaded transports, or the unit picker's line of their cargo, dragged
    onto the coast: each ship unloads its own (one unloading asked of the first ship for all
    the cargo landed half: "Unit 30 is not aboard this ship")."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "2 transport japan, 2 infantry japan"})
    ships = _loaded(state, "sz_6")
    cargo = u(state, "sz_6", "infantry")
    group = u(state, "sz_6", dropped)
    actions = game.drop_actions(state, group, "korea")
    assert actions == tuple(Unload(transport=s, units=(c,), territory="korea")
                            for s, c in zip(ships, cargo, strict=True))
    assert _first_refusal(game, state, actions) is None
    assert game.largest_drop(state, group, "korea").units == tuple(group)


def test_r_trans_5_a_transport_dropped_on_a_coast_further_off_moves_then_unloads() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_10": "1 transport japan, 1 infantry japan"})
    ships = _loaded(state, "sz_10")
    cargo = u(state, "sz_10", "infantry")
    actions = game.drop_actions(state, ships, "korea")
    assert actions == (Move(units=tuple(ships), path=("sz_10", "sz_6")),
                       Unload(transport=ships[0], units=tuple(cargo), territory="korea"))
    assert _first_refusal(game, state, actions) is None


def test_r_move_2_a_coast_out_of_reach_is_refused_for_the_distance() -> None:
    """Not R-MOVE-5 (ships on land) nor R-MOVE-7: the coast is three zones away."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_3": "1 transport japan, 1 infantry japan"})
    ships = _loaded(state, "sz_3")
    refusal = _first_refusal(game, state, game.drop_actions(state, ships, "korea"))
    assert refusal is not None and refusal.rule == "R-MOVE-2", refusal


def test_r_amph_1_cargo_committed_to_an_assault_is_picked_last() -> None:
    """Dragging the cargo badge again takes the infantry not yet committed to an assault."""
    from pacific.rules.records import AmphibiousAssault

    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "2 transport japan, 2 infantry japan"})
    _loaded(state, "sz_6")
    committed, free = u(state, "sz_6", "infantry")
    state.amphibious_assaults.append(AmphibiousAssault(target="anhwe",
                                                       landing_units=[committed]))
    assert game.pick_units(state, (committed, free), 1) == (free,)


def test_r_trans_1_more_infantry_than_the_transports_carry_boards_the_most_they_take() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"korea": "5 infantry japan", "sz_6": "2 transport japan"})
    infantry = u(state, "korea", "infantry")
    drop = game.largest_drop(state, infantry, "sz_6")
    assert len(drop.units) == 4 and set(drop.units) <= set(infantry)
    assert _first_refusal(game, state, drop.actions) is None
    assert drop.refusal is not None and drop.refusal.rule.startswith("R-")   # why not the fifth
    whole = game.largest_drop(state, infantry[:4], "sz_6")
    assert whole.units == tuple(infantry[:4]) and whole.refusal is None


def test_a_drop_none_of_the_group_may_make_keeps_its_refusal() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE, units={"korea": "3 infantry japan"})
    drop = game.largest_drop(state, u(state, "korea", "infantry"), "sz_6")   # no ship there
    assert drop.units == () and drop.actions and drop.refusal is not None


def test_r_trans_1_a_zone_where_only_some_of_a_group_may_board_is_a_part_drop() -> None:
    """`part_drops` names the zone `drop_targets` leaves out (no one action boards five on
    two transports), with what a drop there does: four board, and why not the fifth."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"korea": "5 infantry japan", "sz_6": "2 transport japan"})
    infantry = u(state, "korea", "infantry")
    assert "sz_6" not in game.drop_targets(state, infantry)
    part = game.part_drops(state, infantry)["sz_6"]
    assert part.target.meaning == "load"
    largest = game.largest_drop(state, infantry, "sz_6")
    assert part.drop.units == largest.units and part.drop.actions == largest.actions
    assert len(part.drop.units) == 4 and part.drop.refusal is not None
    assert largest.refusal is not None and part.drop.refusal.rule == largest.refusal.rule
    four = game.part_drops(state, infantry[:4])["sz_6"]   # (two and two: all go)
    assert len(four.drop.units) == 4 and four.drop.refusal is None
    assert game.part_drops(state, infantry[:2]) == {}   # (one transport takes them: listed)


def test_r_move_5_an_island_s_infantry_dropped_on_the_mainland_has_no_land_route() -> None:
    """Hainan's infantry dropped on Kwangsi did not try to enter Sea Zone 45: the refusal says
    no land route leads there (the sea is crossed only aboard a ship), not that the zone
    between may not be entered."""
    game, state = scenario("pacific", phase=Phase.COMBAT_MOVE,
                           units={"hainan": "1 infantry japan"})
    infantry = u(state, "hainan", "infantry")
    refusal = _first_refusal(game, state, game.drop_actions(state, infantry, "kwangsi"))
    assert refusal is not None and refusal.rule == "R-MOVE-5"
    assert "Kwangsi" in refusal.message and "Sea Zone" not in refusal.message, refusal.message
