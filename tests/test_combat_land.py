"""Land battles, one test per rule: R-COMBAT-*, R-LAND-*, R-FIRSTTURN-*, R-AA-*, R-ART-*,
R-MARINE-1 (mini board)."""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, hit_values, play, shift
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import (
    ChooseCasualties,
    PressOn,
    Retreat,
    SelectBattle,
)
from pacific.rules.battle_records import BattleKind
from pacific.rules.events import DiceRolled
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import BombingRaid

J, IN, CN, US = Nation.JAPAN, Nation.INDIA, Nation.CHINA, Nation.USA


def burma(defence: str, attack: str, origin: str = "siam", **kw: object):  # type: ignore[no-untyped-def]
    """Japan attacks Burma (India) from ``origin`` with ``attack``."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": defence, origin: attack}, **kw)  # type: ignore[arg-type]
    movers = [x.id for x in st.units.values() if x.space == origin and x.owner is J]
    for i in movers:
        st.unit(i).space = "burma"
    came(st, movers, origin, "burma")
    return game, begin_combat(game, st)


def test_r_combat_1_no_reinforcements_after_combat_starts() -> None:
    """R-COMBAT-1: a unit arriving after phase 4 starts never joins the battle."""
    game, st = burma("1 infantry india", "1 infantry japan")
    late = st.add_unit(st.units[u(st, "burma", "infantry", J)[0]].type, J, "burma")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 6])
    assert hit_values(ev) == [(1, 1), (2, 1)]       # the late infantry never rolls
    assert late.id not in st.battles[0].attackers
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_combat_2_raids_first_refusal_changes_nothing() -> None:
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"japan": "1 industrial_complex japan, 1 bomber usa",
                               "marianas": "1 infantry japan, 1 infantry usa"})
    st.raids = [BombingRaid(target="japan", bombers=u(st, "japan", "bomber"))]
    came(st, u(st, "marianas", "infantry", US), "guam", "marianas")
    st = begin_combat(game, st)
    assert [b.kind for b in st.battles] == [BattleKind.RAID, BattleKind.LAND]
    before = snapshot(st)
    refused = game.why_illegal(st, SelectBattle(space="marianas"))
    assert refused is not None and refused.rule == "R-COMBAT-2"
    assert snapshot(st) == before
    assert [a.space for a in game.legal_actions(st) if a.kind == "select_battle"] == ["japan"]
    # The raid (no AA gun: the bomber rolls 3), then the Marianas (US 1 hits, Japan 6 misses).
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="japan"), SelectBattle(space="marianas")],
                    [3, 1, 6])
    end_combat(game, start, st, owners={"marianas": US}, ipcs={J: -3},
               levels=shift(game, start, US, J, "marianas"))


def test_r_combat_2_phase_cannot_end_with_battles_open() -> None:
    from pacific.rules.actions.economy import EndPhase
    game, st = burma("1 infantry india", "1 infantry japan")
    before = snapshot(st)
    refused = game.why_illegal(st, EndPhase())
    assert refused is not None and refused.rule == "R-COMBAT-2"
    assert snapshot(st) == before
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 1])
    end_combat(game, start, st)                  # attacker wiped out: nothing changes


def test_r_combat_3_units_that_fought_are_marked() -> None:
    """R-COMBAT-3: units that fought are marked, so they fight once a turn."""
    game, st = burma("1 infantry india", "2 infantry japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [1, 6, 6])
    assert all(x.fought for x in st.units_at("burma"))
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_combat_4_allies_never_fight_each_other() -> None:
    """R-COMBAT-4: Allied units in one territory start no battle."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"burma": "1 infantry india, 1 infantry usa"})
    came(st, u(st, "burma", "infantry", US), "india", "burma")
    st = begin_combat(game, st)
    assert st.battles == []
    end_combat(game, st, st)


def test_r_combat_6_aa_guns_are_never_casualties() -> None:
    game, st = burma("2 infantry india, 1 aa_gun india", "2 armor japan")
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [1, 6])
    assert st.pending is not None and st.pending.power == "uk"
    assert game.current_power(st) is Power.UK      # the defender chooses its casualties
    before = snapshot(st)
    refused = game.why_illegal(st, ChooseCasualties(units=tuple(u(st, "burma", "aa_gun"))))
    assert refused is not None and refused.rule == "R-COMBAT-6"
    assert snapshot(st) == before
    too_many = game.why_illegal(st, ChooseCasualties(units=tuple(u(st, "burma", "infantry"))))
    assert too_many is not None and too_many.rule == "R-COMBAT-6"
    # One infantry lost, both fire back and miss (6, 6); round 2: both armor hit (1, 1), the
    # last infantry misses (6); the gun is no casualty and passes to Japan (R-CAPTURE-5).
    start = st
    st, _, _ = play(game, st, [ChooseCasualties(units=(u(st, "burma", "infantry")[0],)),
                               PressOn()], [6, 6, 1, 1, 6])
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_combat_7_units_hit_still_fire_that_round() -> None:
    game, st = burma("1 infantry india", "1 infantry japan")
    start = st
    st, _ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 2])
    assert st.battles[0].outcome == "D"          # both hit: simultaneous fire
    end_combat(game, start, st)                  # the defender keeps Burma


def test_r_combat_8_only_the_attacker_decides_retreat() -> None:
    """R-COMBAT-8: the retreat decision goes to the attacker only."""
    game, st = burma("2 infantry india", "2 infantry japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 6])
    assert st.pending is not None and st.pending.power == "japan"
    assert st.pending.decision == "round" and bool(st.pending.retreat_to)
    st, _, _ = play(game, st, [Retreat(to="siam")], [])
    end_combat(game, start, st)


def test_r_combat_9_aircraft_alone_never_capture() -> None:
    game, st = burma("1 infantry india", "1 fighter japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [1, 6])
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st)                  # Burma stays Indian


def test_r_combat_11_lone_aa_gun_taken_without_dice() -> None:
    """R-COMBAT-11 / R-CAPTURE-5: a territory with only an AA gun is taken without dice when
    combat begins, its gun with it."""
    game, start = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                           units={"burma": "1 aa_gun india", "siam": "1 infantry japan"})
    inf = u(start, "siam", "infantry")
    start.units[inf[0]].space = "burma"
    came(start, inf, "siam", "burma")
    st = begin_combat(game, start)
    assert st.battles == []                      # no battle, no dice
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_combat_11_aa_fires_then_defender_counts_as_wiped_out() -> None:
    """R-COMBAT-11:
    OQ3-13: AA guns only, attacked with aircraft and a land unit: AA fires, then capture."""
    game, st = burma("1 aa_gun india", "1 infantry japan, 1 fighter japan")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [4])
    assert hit_values(ev) == [(1, 1)]
    assert st.territory_owner["burma"] is J
    assert st.units[u(st, "burma", "aa_gun")[0]].owner is J
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_land_1_order_aa_attacker_defender() -> None:
    game, st = burma("1 infantry india, 1 aa_gun india",
                     "1 infantry japan, 1 fighter japan")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 1, 3, 6])
    purposes = [e.purpose.split(" in ")[0] for e in ev if isinstance(e, DiceRolled)]
    assert purposes == ["AA fire", "Attack", "Attack", "Defence"]
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_land_2_retreat_to_a_territory_a_unit_came_from() -> None:
    game, st = burma("2 infantry india", "2 infantry japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 6])
    before = snapshot(st)
    refused = game.why_illegal(st, Retreat(to="yunnan"))
    assert refused is not None and refused.rule == "R-LAND-2"
    assert snapshot(st) == before
    st, _, _ = play(game, st, [Retreat(to="siam")], [])
    assert len(u(st, "siam", "infantry", J)) == 2
    assert st.battles[0].outcome == "A"
    end_combat(game, start, st)                  # Burma stays Indian


def test_r_land_2_no_retreat_into_a_territory_not_held_at_turn_start() -> None:
    game, st = burma("2 infantry india", "2 infantry japan", origin="yunnan",
                     owners={"yunnan": J})
    st.owner_at_turn_start["yunnan"] = CN        # taken this turn (blitzed through)
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 6, 1, 1, 6, 6])
    assert st.battles[0].outcome == "C"          # no decision was offered between rounds
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_land_3_aircraft_retreat_with_the_force() -> None:
    game, st = burma("2 infantry india", "1 infantry japan, 1 fighter japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 6])
    st, _, _ = play(game, st, [Retreat(to="siam")], [])
    assert u(st, "siam", "fighter", J) and u(st, "siam", "infantry", J)
    end_combat(game, start, st)


def test_r_land_4_outcomes_b_attacker_wiped_out() -> None:
    game, st = burma("2 infantry india", "1 infantry japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 2, 6])
    assert st.battles[0].outcome == "B"
    end_combat(game, start, st)                  # Burma stays Indian


def test_r_land_4_outcome_c_press_on_then_capture() -> None:
    game, st = burma("1 infantry india", "2 infantry japan")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6])
    st, _, _ = play(game, st, [PressOn()], [1, 6, 6])
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_firstturn_1_and_3_japan_attack_unaffected_allies_at_1() -> None:
    game, st = burma("1 fighter india", "1 armor japan", round=1)
    assert st.japan_first_turn
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [3, 2])
    assert hit_values(ev) == [(3, 1), (1, 1)]
    # The armor hit (3), the surprised fighter missed (2 > 1): Japan takes Burma.
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_firstturn_2_chinese_territory_keeps_values() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, round=1,
                        units={"yunnan": "1 infantry china, 1 infantry usa, 1 infantry japan"})
    came(st, u(st, "yunnan", "infantry", J), "siam", "yunnan")
    st = begin_combat(game, st)
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="yunnan")], [6, 6, 6])
    assert hit_values(ev) == [(1, 1), (2, 2)]
    st, _, _ = play(game, st, [Retreat(to="siam")], [])
    end_combat(game, start, st)


def test_r_aa_1_aa_gun_never_rolls_in_rounds() -> None:
    """R-AA-1: an AA gun never rolls in the rounds of fire."""
    game, st = burma("1 infantry india, 1 aa_gun india", "1 infantry japan")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 6])
    assert hit_values(ev) == [(1, 1), (2, 1)]       # no AA die without aircraft
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_aa_2_one_die_per_aircraft_however_many_guns() -> None:
    game, st = burma("2 aa_gun india, 1 infantry india", "1 fighter japan, 1 infantry japan")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 1, 6])
    assert hit_values(ev) == [(1, 1), (1, 1), (2, 1)]
    fighter_gone = not u(st, "burma", "fighter", J)
    assert fighter_gone                          # removed at once: it never fired
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_art_2_pairing_redone_each_round() -> None:
    """OQ3-19: after the artillery dies, its infantry falls back to 1."""
    game, st = burma("2 infantry india", "1 artillery japan, 1 infantry japan, 1 armor japan")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 1, 6])
    assert hit_values(ev) == [(2, 2), (3, 1), (2, 2)]
    art = u(st, "burma", "artillery", J)[0]
    st, _, _ = play(game, st, [ChooseCasualties(units=(art,))], [])
    st, ev, _ = play(game, st, [PressOn()], [6, 6, 6, 6])
    assert hit_values(ev) == [(1, 1), (3, 1), (2, 2)]
    st, _, _ = play(game, st, [Retreat(to="siam")], [])
    end_combat(game, start, st)


def test_r_marine_1_marine_attacks_at_1_outside_an_assault() -> None:
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"guam": "1 marine usa", "marianas": "1 infantry japan"})
    st.unit(1).space = "marianas"
    came(st, [1], "guam", "marianas")
    st = begin_combat(game, st)
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="marianas")], [1, 6])
    assert hit_values(ev) == [(1, 1), (2, 1)]
    end_combat(game, start, st, owners={"marianas": US},
               levels=shift(game, start, US, J, "marianas"))
