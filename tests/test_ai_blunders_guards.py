"""Blunder classes 2 and 3 on small positions: a territory worth >= 2 IPC left open to a
walk-in (R-COMBATMOVE-5), one whose convoy route the enemy holds and one the hard Japan's
combat movement, which plans its attacks without keeping guards home, would empty; and a
fleet that fought and cannot sail on (R-NONCOMBAT-2)."""

from __future__ import annotations

from ai_helpers import play_phase
from scenario import scenario

from pacific.ai.attacks import Attack, threshold
from pacific.ai.blunders import fleets_at_risk, open_conquests, turn_of
from pacific.ai.combat_move import keep_guards
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.queries import DropTarget
from pacific.rules.state import Unit
from pacific.rules.units import UnitType as T

J, US, CH = Nation.JAPAN, Nation.USA, Nation.CHINA



def test_a_territory_whose_convoy_route_is_cut_still_gets_a_garrison() -> None:
    """Shantung (3 IPC) pays Japan nothing while the United States hold its convoy route
    (Sea Zone 37, R-CONVOY-13), so it looked worth no guard; an enemy walking in still takes
    it, and the income comes back with the route. Hard's non-combat movement sends one of
    Anhwe's infantry."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"anhwe": "3 infantry japan", "kiangsi": "1 infantry china",
                               "japan": "6 infantry japan"},
                        owners={"shantung": J, "anhwe": J, "kiangsi": CH})
    st.convoy_holder["sz_37"] = US
    turn = Turn(game, st, HARD, Judge())
    assert turn.importance("shantung") == 0 and turn.needs_a_guard("shantung")
    assert [b.where for b in open_conquests(turn_of(game, st, Power.JAPAN, Judge()), st)
            if b.where == "shantung"] == ["shantung"]
    after = play_phase(game, st)
    assert any(u.space == "shantung" and u.owner is J for u in after.units.values())


def _siam_attack(french_indo_china: str) -> tuple[Turn, list[tuple[Unit, DropTarget]]]:
    """Japan's turn with ``french_indo_china`` there, Siam held by one Indian infantry and
    a Chinese infantry next door in Yunnan; the whole army's moves against Siam."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"french_indo_china": french_indo_china,
                               "siam": "1 infantry india", "yunnan": "1 infantry china",
                               "japan": "6 infantry japan"},
                        owners={"siam": Nation.INDIA})
    turn = Turn(game, st, HARD, Judge())
    units = [(u, s.targets["siam"]) for s in my_stacks(game, st)
             if s.space == "french_indo_china" for u in s.units]
    return turn, units


def test_hard_japans_attacks_keep_a_guard_home_when_they_still_win_without_it() -> None:
    """French Indo-China's whole army sent against Siam's one infantry would leave it empty
    next to a Chinese infantry; the attack wins at the level's odds without one infantry, so
    that one stays."""
    turn, units = _siam_attack("4 infantry japan, 2 armor japan")
    assert turn.view.side is Side.AXIS
    kept = keep_guards(turn, [Attack(target="siam", units=units)])
    sent = {u.id for u, _ in kept[0].units}
    assert len(sent) == len(units) - 1
    assert kept[0].result is not None and kept[0].result.captured >= threshold(turn, "siam")


def test_a_fleet_that_fought_and_cannot_sail_on_is_joined_by_a_task_force() -> None:
    """Blunder class 2: two destroyers that fought off Hawaii cannot move on (R-NONCOMBAT-2)
    and three American fighters sink them there; Japan's battleships and carrier next door
    join them, and together they hold."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_9": "2 destroyer japan",
                               "sz_20": "2 battleship japan, 1 carrier japan, 2 fighter japan",
                               "hawaiian_islands": "3 fighter usa, 1 infantry usa",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"})
    carrier = next(u.id for u in st.units.values() if u.type is T.CARRIER)
    for unit in st.units.values():
        if unit.space == "sz_9":
            unit.fought = unit.combat_moved = True
        if unit.type is T.FIGHTER and unit.owner is J:
            unit.carried_by = carrier
    assert [b.where for b in fleets_at_risk(turn_of(game, st, Power.JAPAN, Judge()))] \
        == ["sz_9"]
    after = play_phase(game, st)
    assert fleets_at_risk(turn_of(game, after, Power.JAPAN, Judge())) == []
    assert after.units[carrier].space == "sz_9"


def test_the_last_guard_of_a_territory_the_class_counts_is_no_garrison_for_a_richer_one() -> None:
    """Class 3 asks for a garrison that was available: Shantung (3 IPC) is empty, and
    Manchuria's one infantry (2 IPC, open to the same Indian infantry) could walk in only by
    opening Manchuria, which the class would count in its turn; with two there, one could
    have gone."""
    found = {}
    for guards in (1, 2):
        game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                            units={"manchuria": f"{guards} infantry japan",
                                   "anhwe": "1 infantry india", "japan": "6 infantry japan"},
                            owners={"shantung": J, "manchuria": J, "anhwe": Nation.INDIA})
        turn = turn_of(game, st, Power.JAPAN, Judge())
        found[guards] = [b.where for b in open_conquests(turn, st)]
    assert found == {1: [], 2: ["shantung"]}


def test_an_attack_leaves_a_neighbour_a_unit_to_walk_into_an_empty_territory() -> None:
    """French Indo-China (2 IPC) is empty next to a Chinese infantry; Siam's whole army is
    sent against Malaya's one Indian infantry. Keeping Siam's last guard is not enough: the
    non-combat garrison never takes a territory's last guard, so a second unit stays in Siam
    to walk into French Indo-China (R-COMBATMOVE-5), while the attack still wins at the
    level's odds."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "4 infantry japan, 2 armor japan",
                               "malaya": "1 infantry india", "yunnan": "1 infantry china",
                               "japan": "6 infantry japan"},
                        owners={"french_indo_china": J, "malaya": Nation.INDIA})
    turn = Turn(game, st, HARD, Judge())
    assert turn.needs_a_guard("french_indo_china") and turn.needs_a_guard("siam")
    units = [(u, s.targets["malaya"]) for s in my_stacks(game, st)
             if s.space == "siam" for u in s.units]
    kept = keep_guards(turn, [Attack(target="malaya", units=units)])
    assert len(kept[0].units) == len(units) - 2
    assert kept[0].result is not None and kept[0].result.captured >= threshold(turn, "malaya")


def _malaya_attack() -> tuple[Turn, list[tuple[Unit, DropTarget]]]:
    """Japan's turn with Siam's infantry and armor, Malaya held by one Indian infantry and a
    Chinese infantry in French Indo-China; Siam's moves against Malaya."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 infantry japan, 1 armor japan",
                               "malaya": "1 infantry india",
                               "french_indo_china": "1 infantry china",
                               "japan": "6 infantry japan"},
                        owners={"french_indo_china": Nation.CHINA, "malaya": Nation.INDIA})
    turn = Turn(game, st, HARD, Judge())
    units = [(u, s.targets["malaya"]) for s in my_stacks(game, st)
             if s.space == "siam" for u in s.units]
    return turn, units


def test_an_attack_that_needs_a_last_guard_is_made_only_for_a_richer_target() -> None:
    """An attack that needs every unit of a territory it opens to a walk-in, with no
    neighbour to send a garrison (R-COMBATMOVE-5): French Indo-China's two infantry (3 IPC)
    are not sent against Siam (2 IPC) next to a Chinese infantry; Siam's infantry and armor
    are sent against Malaya (4 IPC), which is worth it, and keep every unit."""
    turn, units = _siam_attack("2 infantry japan")
    assert keep_guards(turn, [Attack(target="siam", units=units)]) == []
    turn, units = _malaya_attack()
    assert turn.needs_a_guard("siam")
    assert len(keep_guards(turn, [Attack(target="malaya", units=units)])[0].units) == 2


def test_an_attack_that_needs_a_last_guard_is_not_made_for_a_target_retaken_at_once() -> None:
    """Malaya (4 IPC) is worth Siam (2 IPC) opened to a walk-in only while Japan keeps it: a
    capture the enemy takes back at 0.99 (`Attack.feared`) pays this turn's income alone
    (R-INCOME-1), while the Chinese infantry next door walks into Siam for no battle
    (R-COMBATMOVE-5). Kept where the enemy's answer leaves Malaya held at 0.7."""
    turn, units = _malaya_attack()
    assert keep_guards(turn, [Attack(target="malaya", units=units, feared=0.99)]) == []
    kept = keep_guards(turn, [Attack(target="malaya", units=units, feared=0.3)])
    assert len(kept[0].units) == 2
