"""Ships on the mini board: stopping, submerged submarines, leaving a hostile zone, convoy
capture, naval bases, CAP zones (R-MOVE-5/7/8, R-COMBATMOVE-6/10, R-CONVOY-3/4/5,
R-NONCOMBAT-2/6/7, R-NAVALBASE-1, R-CAP-3/5, R-UNIT-8/9)."""

from __future__ import annotations

from typing import Any

import pytest
from movement_helpers import ok, refused, where
from scenario import scenario, u

from pacific.rules.actions.movement import HoldConvoy, Move
from pacific.rules.movement import confirm
from pacific.rules.movement.check import check_path
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def test_r_move_5_ships_stay_at_sea() -> None:
    game, state = scenario(phase=NCM, units={"sz_6": "1 destroyer japan"})
    dd = u(state, "sz_6", "destroyer")
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "japan")), "R-MOVE-5")


def test_r_move_7_ships_stop_in_an_occupied_zone() -> None:
    game, state = scenario(phase=CM, units={"sz_6": "1 destroyer japan",
                                            "sz_5": "1 submarine usa"})
    dd = u(state, "sz_6", "destroyer")
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "sz_5", "sz_9")), "R-MOVE-7")
    state, _ = ok(game, state, Move(units=tuple(dd), path=("sz_6", "sz_5")))
    refused(game, state, Move(units=tuple(dd), path=("sz_5", "sz_9")), "R-MOVE-7")


def test_r_move_8_submerged_submarines_leave_a_zone_unoccupied() -> None:
    """R-MOVE-8: a transport crosses a zone holding a submerged sub."""
    game, state = scenario(phase=NCM, units={"sz_6": "1 transport japan",
                                            "sz_5": "1 submarine usa"})
    state.units[u(state, "sz_5", "submarine")[0]].submerged = True
    tr = u(state, "sz_6", "transport")
    after, _ = ok(game, state, Move(units=tuple(tr), path=("sz_6", "sz_5", "sz_4")))
    assert where(after, tr) == {"sz_4"}


def test_r_combatmove_6_ships_may_leave_a_hostile_zone() -> None:
    game, state = scenario(phase=CM, units={"sz_5": "1 transport japan, 1 destroyer usa"})
    tr = u(state, "sz_5", "transport")
    after, _ = ok(game, state, Move(units=tuple(tr), path=("sz_5", "sz_4")))
    assert where(after, tr) == {"sz_4"}


def test_r_combatmove_10_r_convoy_3_warships_capture_empty_convoy_zones() -> None:
    """R-COMBATMOVE-10: a destroyer crossing sz_2 in phase 3 captures it."""
    game, state = scenario(power=Power.UK, phase=CM, units={"sz_1": "1 destroyer india"})
    dd = u(state, "sz_1", "destroyer")
    after, events = ok(game, state, Move(units=tuple(dd), path=("sz_1", "sz_2", "sz_10")))
    assert after.convoy_holder.get("sz_2") is IN
    assert "convoy_zone_captured" in [e.kind for e in events]


def test_r_unit_8_transports_capture_no_convoy_zone() -> None:
    game, state = scenario(power=Power.UK, phase=CM, units={"sz_1": "1 transport india"})
    tr = u(state, "sz_1", "transport")
    after, _ = ok(game, state, Move(units=tuple(tr), path=("sz_1", "sz_2")))
    assert "sz_2" not in after.convoy_holder


def test_r_convoy_5_r_noncombat_7_no_capture_in_noncombat_movement() -> None:
    """R-CONVOY-5, R-NONCOMBAT-7: no convoy capture in phase 6."""
    game, state = scenario(power=Power.UK, phase=NCM, units={"sz_1": "1 destroyer india"})
    dd = u(state, "sz_1", "destroyer")
    after, _ = ok(game, state, Move(units=tuple(dd), path=("sz_1", "sz_2", "sz_10")))
    assert "sz_2" not in after.convoy_holder


def test_r_convoy_4_a_submarine_stays_to_capture_then_moves_one() -> None:
    game, state = scenario(power=Power.UK, phase=CM,
                           units={"sz_2": "1 submarine india, 1 destroyer india"})
    sub, dd = u(state, "sz_2", "submarine"), u(state, "sz_2", "destroyer")
    refused(game, state, HoldConvoy(units=tuple(dd)), "R-CONVOY-4")
    state, _ = ok(game, state, HoldConvoy(units=tuple(sub)))
    assert state.convoy_holder.get("sz_2") is IN and state.units[sub[0]].moves_used == 1
    refused(game, state, Move(units=tuple(sub), path=("sz_2", "sz_10", "sz_6")), "R-MOVE-2")
    after, _ = ok(game, state, Move(units=tuple(sub), path=("sz_2", "sz_10")))
    assert where(after, sub) == {"sz_10"}


def test_r_noncombat_6_no_ship_enters_an_occupied_zone_in_phase_6() -> None:
    game, state = scenario(phase=NCM, units={"sz_6": "1 battleship japan",
                                            "sz_5": "1 transport usa"})
    bb = u(state, "sz_6", "battleship")
    refused(game, state, Move(units=tuple(bb), path=("sz_6", "sz_5")), "R-NONCOMBAT-6")


def test_r_noncombat_2_ships_that_moved_in_combat_stay() -> None:
    game, state = scenario(phase=CM, units={"sz_6": "1 battleship japan",
                                            "sz_5": "1 transport usa"})
    bb = u(state, "sz_6", "battleship")
    state, _ = ok(game, state, Move(units=tuple(bb), path=("sz_6", "sz_10")))
    state.phase = NCM
    refused(game, state, Move(units=tuple(bb), path=("sz_10", "sz_6")), "R-NONCOMBAT-2")


def test_r_trans_12_a_ship_that_fought_does_not_move() -> None:
    game, state = scenario(phase=NCM, units={"sz_6": "1 transport japan"})
    tr = u(state, "sz_6", "transport")
    state.units[tr[0]].fought = True
    refused(game, state, Move(units=tuple(tr), path=("sz_6", "sz_10")), "R-TRANS-12")


def test_r_navalbase_1_three_moves_base_to_base_in_phase_6() -> None:
    """R-NAVALBASE-2 on the mini board: Japan took New South Wales (base on zone 3) this turn;
    Japan's own base is on zone 6, three zones away."""
    game, state = scenario(phase=NCM, units={"sz_6": "1 destroyer japan"})
    dd = u(state, "sz_6", "destroyer")
    path = ("sz_6", "sz_5", "sz_4", "sz_3")
    refused(game, state, Move(units=tuple(dd), path=path), "R-MOVE-2")
    state.territory_owner["new_south_wales"] = J
    state.captured_this_turn.append("new_south_wales")
    after, _ = ok(game, state, Move(units=tuple(dd), path=path))
    assert where(after, dd) == {"sz_3"} and after.units[dd[0]].moves_used == 3
    # Not to a zone without a friendly base, and never in combat movement.
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "sz_5", "sz_4", "sz_9")),
            "R-MOVE-2")
    state.phase = CM
    state.unit(dd[0]).space = "sz_6"
    refused(game, state, Move(units=tuple(dd), path=path), "R-MOVE-2")


def test_r_navalbase_1_listing_checks_no_path_longer_than_the_ship_may_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The listing offers a ship 3 zones in phase 6 only where it ends beside
    another friendly naval base (R-NAVALBASE-1, as in the test above). Its other paths of 3
    are left out before any check: none is checked only to be refused (R-MOVE-2)."""
    game, state = scenario(phase=NCM, units={"sz_6": "1 destroyer japan"})
    state.territory_owner["new_south_wales"] = J
    state.captured_this_turn.append("new_south_wales")
    dd = tuple(u(state, "sz_6", "destroyer"))
    checked: list[tuple[str, ...]] = []

    def spy(*args: Any) -> Any:
        checked.append(args[3].path)
        return check_path(*args)

    game.memory.forget()   # every path is checked, none answered from memory
    monkeypatch.setattr(confirm, "check_path", spy)
    ends = {a.path[-1]: a.path for a in game.play_actions(state)
            if isinstance(a, Move) and a.units == dd}
    assert ends["sz_3"] == ("sz_6", "sz_5", "sz_4", "sz_3")
    assert {len(path) for path in checked} == {2, 3, 4}
    assert {path[-1] for path in checked if len(path) == 4} == {"sz_3"}
    assert all(len(path) < 4 for end, path in ends.items() if end != "sz_3")


def cap_zone(phase: Phase = CM):
    """A US fighter patrols zone 5 (R-CAP-2) during Japan's turn."""
    game, state = scenario(phase=phase, units={
        "sz_6": "1 destroyer japan, 1 submarine japan", "sz_5": "1 fighter usa",
        "marianas": "1 fighter japan", "guam": "1 infantry usa"})
    state.units[u(state, "sz_5", "fighter")[0]].cap = True
    return game, state


def test_r_cap_3_ships_entering_a_patrol_zone_stop() -> None:
    game, state = cap_zone()
    dd = u(state, "sz_6", "destroyer")
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "sz_5", "sz_4")), "R-CAP-3")
    after, _ = ok(game, state, Move(units=tuple(dd), path=("sz_6", "sz_5")))
    assert where(after, dd) == {"sz_5"}


def test_r_unit_9_oq2_14_submarines_ignore_patrols() -> None:
    """R-UNIT-9: a submarine sails past a CAP."""
    game, state = cap_zone(NCM)
    sub = u(state, "sz_6", "submarine")
    after, _ = ok(game, state, Move(units=tuple(sub), path=("sz_6", "sz_5", "sz_4")))
    assert where(after, sub) == {"sz_4"}


def test_r_cap_4_aircraft_pass_a_patrol_and_may_attack_the_island() -> None:
    game, state = cap_zone()
    ftr = u(state, "marianas", "fighter")
    after, _ = ok(game, state, Move(units=tuple(ftr), path=("marianas", "sz_5", "guam")))
    assert where(after, ftr) == {"guam"}


def test_r_cap_5_no_ship_enters_a_patrol_zone_in_phase_6() -> None:
    game, state = cap_zone(NCM)
    dd = u(state, "sz_6", "destroyer")
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "sz_5")), "R-CAP-5")
