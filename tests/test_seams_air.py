"""Where aircraft pass from movement to combat and back (mini board): no staying where they
fought (R-COMBAT-10, R-AIR-5, OQ2-5, OQ3-11), retreating aircraft (R-AIR-4, R-AIR-6, R-LAND-3,
R-AAFLY-6), AA fire over flown territory against the battle's own AA (R-AA-4, R-AAFLY-3,
R-AAFLY-5), and the raid's aircraft afterwards (R-SBR-6, R-SBR-7, R-NONCOMBAT-9)."""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, play, shift
from movement_helpers import ok, refused
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import Intercept, Retreat, SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.combat.events import UnitsLost
from pacific.rules.events import DiceRolled, Event
from pacific.rules.movement.events import AircraftLost
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import BombingRaid

J, IN, CN, US = Nation.JAPAN, Nation.INDIA, Nation.CHINA, Nation.USA


def _rolls(events: list[Event]) -> list[tuple[str, list[int]]]:
    return [(e.purpose, list(e.values)) for e in events if isinstance(e, DiceRolled)]


def _air_attack_on_burma(moves_used: int = 1, yunnan: str = "1 aa_gun china"):  # type: ignore[no-untyped-def]
    """A Japanese fighter alone attacks Burma (2 Indian infantry) from Siam."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": "2 infantry india", "siam": "1 fighter japan",
                               "yunnan": yunnan})
    ftr = u(st, "siam", "fighter", J)[0]
    st.unit(ftr).space = "burma"
    came(st, [ftr], "siam", "burma")
    st.unit(ftr).moves_used = moves_used
    start = begin_combat(game, st)
    # Round 1: the fighter misses (6), the infantry miss (6, 6); the attacker decides.
    st, _, _ = play(game, start, [SelectBattle(space="burma")], [6, 6, 6])
    return game, start, st, ftr


# ---- retreating aircraft (R-AIR-6, R-LAND-3, R-AAFLY-6, R-AIR-4) ----

def test_r_land_3_aircraft_alone_retreat_to_places_held_at_turn_start_in_range() -> None:
    """R-LAND-3 / R-AIR-6: a fighter with 3 moves left may retreat to Siam (1), or over the
    air bases to Japan and the Marianas (3 each); never to Chinese Yunnan."""
    game, start, st, ftr = _air_attack_on_burma()
    assert st.pending is not None and list(st.pending.retreat_to) == ["japan", "marianas", "siam"]
    before = snapshot(st)
    refusal = game.why_illegal(st, Retreat(to="yunnan"))
    assert refusal is not None and refusal.rule == "R-AIR-6"
    assert snapshot(st) == before
    st, _, rolls = play(game, st, [Retreat(to="marianas")], [])
    assert rolls == []                     # the cheapest route crosses no AA territory
    fighter = st.units[ftr]
    assert (fighter.space, fighter.moves_used) == ("marianas", 4)
    assert fighter.path == ["siam", "burma", "sz_2", "sz_10", "sz_5", "marianas"]
    assert st.battles[0].outcome == "A"
    end_combat(game, start, st)


def test_r_air_6_a_flight_that_ends_nowhere_to_land_is_refused() -> None:
    """R-AIR-6: the aircraft's own path must be adjacent steps ending at a landing place."""
    game, start, st, _ = _air_attack_on_burma()
    before = snapshot(st)
    for path in (("burma", "india", "siam"), ("burma", "yunnan"), ("siam", "burma", "siam")):
        refusal = game.why_illegal(st, Retreat(to="siam", air_path=path))
        assert refusal is not None and refusal.rule == "R-AIR-6", path
    assert snapshot(st) == before
    end_combat(game, start, play(game, st, [Retreat(to="siam")], [])[0])


def test_r_aafly_6_retreating_aircraft_are_fired_at_over_enemy_aa() -> None:
    """R-AAFLY-6: flying back over Yunnan's Chinese AA gun costs one die (a 1 hits)."""
    game, start, st, ftr = _air_attack_on_burma()
    st, ev, rolls = play(game, st, [Retreat(to="siam", air_path=("burma", "yunnan", "siam"))],
                         [1])
    assert rolls == [[1]]
    assert ftr not in st.units
    assert any(isinstance(e, UnitsLost) and "R-AAFLY-6" in e.reason for e in ev)
    assert st.battles[0].outcome == "A"
    end_combat(game, start, st)


def test_r_aafly_6_survivor_lands_with_the_flight_recorded() -> None:
    game, start, st, ftr = _air_attack_on_burma()
    st, _, rolls = play(game, st, [Retreat(to="siam", air_path=("burma", "yunnan", "siam"))],
                        [2])
    assert rolls == [[2]]
    fighter = st.units[ftr]
    assert (fighter.space, fighter.moves_used) == ("siam", 3)
    assert fighter.path == ["siam", "burma", "yunnan", "siam"]
    end_combat(game, start, st)


def test_r_air_4_fighter_with_no_moves_left_is_lost_when_the_fleet_retreats() -> None:
    """R-AIR-4: a fighter that spent all 4 moves to reach the battle (to land on the carrier
    later) cannot retreat with the fleet; the one with moves left goes along, paying 1."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_2": "1 carrier japan, 2 fighter japan, 1 destroyer india"})
    carrier = u(st, "sz_2", "carrier", J)[0]
    spent, fresh = u(st, "sz_2", "fighter", J)
    came(st, [carrier, spent, fresh], "sz_10", "sz_2")
    st.units[spent].moves_used, st.unit(fresh).moves_used = 4, 2
    st = start = begin_combat(game, st)
    # Carrier 1 and fighters 3, 3 miss (6, 6, 6); the destroyer misses (6).
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 6, 6, 6])
    st, ev, _ = play(game, st, [Retreat(to="sz_10")], [])
    assert spent not in st.units
    assert any(isinstance(e, UnitsLost) and e.units == (spent,) and "R-AIR-4" in e.reason
               for e in ev)
    assert (st.units[fresh].space, st.units[fresh].moves_used) == ("sz_10", 3)
    assert st.units[carrier].space == "sz_10" and st.units[carrier].path[-1] == "sz_10"
    end_combat(game, start, st)


def _carrier_group(enemy: str, fighter_moves: int, bomber_moves: int):  # type: ignore[no-untyped-def]
    """Japan's carrier, fighter and bomber came from zone 10 to fight ``enemy`` in zone 2."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_2": f"1 carrier japan, 1 fighter japan, 1 bomber japan, "
                                       f"{enemy}"})
    carrier = u(st, "sz_2", "carrier", J)[0]
    ftr, bomber = u(st, "sz_2", "fighter", J)[0], u(st, "sz_2", "bomber", J)[0]
    came(st, [carrier, ftr, bomber], "sz_10", "sz_2")
    st.units[ftr].moves_used, st.unit(bomber).moves_used = fighter_moves, bomber_moves
    return game, begin_combat(game, st), carrier, ftr, bomber


def test_r_air_6_with_a_fleet_only_fighters_the_carriers_take_go_along() -> None:
    """R-AIR-6: the fleet retreats to zone 10; the fighter goes with its carrier, the bomber,
    which cannot land at sea, flies to the nearest territory held since the turn began
    (Siam, 1 space)."""
    game, st, carrier, ftr, bomber = _carrier_group("1 destroyer india", 2, 3)
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 6, 6, 6])
    st, _, rolls = play(game, st, [Retreat(to="sz_10")], [])
    assert rolls == []
    assert (st.units[carrier].space, st.units[ftr].space) == ("sz_10", "sz_10")
    assert (st.units[bomber].space, st.units[bomber].moves_used) == ("siam", 4)
    assert st.units[bomber].path[-2:] == ["sz_2", "siam"]
    end_combat(game, start, st)


# ---- AA fire over flown territory and in the battle (R-AA-4, R-AAFLY-3, R-AAFLY-5) ----

def test_r_aa_4_overflight_survivor_is_fired_at_again_in_the_battle() -> None:
    """R-AA-4: Yunnan's gun fires at the bomber flying over; Burma's gun fires again when the
    battle begins, and its 1 downs the bomber."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 bomber japan", "yunnan": "1 aa_gun china",
                               "burma": "1 infantry india, 1 aa_gun india"})
    start = st
    bomber = u(st, "siam", "bomber", J)[0]
    st, ev = ok(game, st, Move(units=(bomber,), path=("siam", "yunnan", "burma")), [6])
    assert [v for _, v in _rolls(ev)] == [[6]] and bomber in st.units
    st, _ = ok(game, st, EndPhase())
    st, ev, rolls = play(game, st, [SelectBattle(space="burma")], [1])
    assert rolls == [[1]]
    assert "AA fire in burma" in _rolls(ev)[0][0]
    assert bomber not in st.units
    end_combat(game, start, st)


def test_r_aafly_3_a_territory_entered_twice_fires_once() -> None:
    """R-AAFLY-3 / OQ2-4: Yunnan is crossed twice on the way; its gun rolls one die."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 bomber japan", "yunnan": "1 aa_gun china",
                               "burma": "1 infantry india"})
    bomber = u(st, "siam", "bomber", J)[0]
    st, ev = ok(game, st, Move(units=(bomber,),
                               path=("siam", "yunnan", "szechwan", "yunnan", "burma")), [6])
    assert [v for _, v in _rolls(ev)] == [[6]]
    assert st.units[bomber].space == "burma" and st.units[bomber].moves_used == 4


def test_r_aafly_5_no_aa_fire_in_noncombat_movement() -> None:
    """R-AAFLY-5: in phase 6 a fighter flies over Yunnan's gun unharmed (no die at all)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"siam": "1 fighter japan", "yunnan": "1 aa_gun china"},
                        owners={"burma": J})
    ftr = u(st, "siam", "fighter", J)[0]
    st, ev = ok(game, st, Move(units=(ftr,), path=("siam", "yunnan", "burma")))
    assert _rolls(ev) == [] and st.units[ftr].space == "burma"


# ---- no staying where they fought (R-COMBAT-10, R-AIR-5, OQ2-5, OQ3-11) ----

def _won_burma():  # type: ignore[no-untyped-def]
    """Japan takes Burma with an infantry and a fighter; then phase 6 begins."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": "1 infantry india",
                               "siam": "1 infantry japan, 1 fighter japan, 1 fighter japan"})
    inf = u(st, "siam", "infantry", J)[0]
    ftr, other = u(st, "siam", "fighter", J)
    for i in (inf, ftr):
        st.unit(i).space = "burma"
    came(st, [inf, ftr], "siam", "burma")
    st.unit(ftr).moves_used = 1
    start = begin_combat(game, st)
    # Infantry 1 hits; fighter 6; the defender's 6 misses.
    st, _, _ = play(game, start, [SelectBattle(space="burma")], [1, 6, 6])
    st = end_combat(game, start, st, owners={"burma": J},
                    levels=shift(game, start, J, IN, "burma"))
    st, _ = ok(game, st, EndPhase())
    assert st.phase is Phase.NONCOMBAT_MOVE
    return game, st, ftr, other


def test_r_combat_10_no_aircraft_lands_in_a_territory_captured_this_turn() -> None:
    """R-COMBAT-10 / R-AIR-5 / OQ3-11: the attacking fighter may leave Burma but not come back
    to land there; another fighter may not land there either (R-NONCOMBAT-5)."""
    game, st, ftr, other = _won_burma()
    refused(game, st, Move(units=(other,), path=("siam", "burma")), "R-NONCOMBAT-5")
    st, _ = ok(game, st, Move(units=(ftr,), path=("burma", "siam")))
    assert st.units[ftr].space == "siam" and st.units[ftr].moves_used == 2
    refused(game, st, Move(units=(ftr,), path=("siam", "burma")), "R-COMBAT-10")


def test_r_combat_10_an_attacking_fighter_left_where_it_fought_is_lost() -> None:
    game, st, ftr, _ = _won_burma()
    st, ev = ok(game, st, EndPhase())
    assert ftr not in st.units
    assert [(e.units, e.rule) for e in ev if isinstance(e, AircraftLost)] == \
        [((ftr,), "R-COMBAT-10")]


def test_r_combat_10_a_fighter_left_over_a_territory_it_fought_for_but_did_not_take() -> None:
    """R-COMBAT-10 / R-AIR-5: aircraft alone never capture (R-COMBAT-9): the fighter that
    cleared Burma is left over it when non-combat movement ends, and is lost under the rule
    against staying where a battle has just been fought."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": "1 infantry india", "siam": "1 fighter japan"})
    ftr = u(st, "siam", "fighter", J)[0]
    st.unit(ftr).space = "burma"
    came(st, [ftr], "siam", "burma")
    st.unit(ftr).moves_used = 1
    start = begin_combat(game, st)
    # The fighter's 1 hits; the infantry's 6 misses.
    st, _, _ = play(game, start, [SelectBattle(space="burma")], [1, 6])
    st = end_combat(game, start, st)
    assert st.territory_owner["burma"] is not J
    st, _ = ok(game, st, EndPhase())
    assert st.phase is Phase.NONCOMBAT_MOVE
    st, ev = ok(game, st, EndPhase())
    assert ftr not in st.units
    assert [(e.units, e.rule) for e in ev if isinstance(e, AircraftLost)] == \
        [((ftr,), "R-COMBAT-10")]


def test_oq2_5_fighters_land_on_a_carrier_in_the_zone_just_fought_in() -> None:
    """OQ2-5 / OQ3-11: after the sea battle the attacking fighter lands on the friendly
    carrier there; the bomber that fought there cannot land at sea and is lost (R-AIR-5)."""
    game, start, carrier, ftr, bomber = _carrier_group("1 transport india", 4, 6)
    # Carrier 6; fighter 1 hits; bomber 6; the transport's 6 misses.
    st, _, _ = play(game, start, [SelectBattle(space="sz_2")], [6, 1, 6, 6])
    st = end_combat(game, start, st)
    st, _, _ = play(game, st, [EndPhase(), EndPhase()], [])
    assert st.phase is Phase.PLACE
    assert st.units[ftr].carried_by == carrier and st.units[ftr].space == "sz_2"
    assert bomber not in st.units


# ---- bombing raids (R-SBR-6, R-SBR-7, R-NONCOMBAT-9) ----

def test_r_sbr_6_japan_cannot_raid_a_complex_china_holds() -> None:
    """R-SBR-6 / OQ3-20: Szechwan is Chinese: no raid."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"anhwe": "1 bomber japan", "szechwan": "1 infantry china"},
                        owners={"anhwe": J})
    bomber = u(st, "anhwe", "bomber", J)[0]
    refused(game, st, Move(units=(bomber,), path=("anhwe", "szechwan"), raid=True), "R-SBR-6")


def test_r_sbr_6_the_allies_may_raid_a_japanese_held_szechwan() -> None:
    """R-SBR-6: with Szechwan in Japanese hands, a US bomber raids it and Japan pays."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"suiyuan": "1 bomber usa", "szechwan": "1 infantry japan"},
                        owners={"szechwan": J, "suiyuan": US}, treasury={J: 10})
    bomber = u(st, "suiyuan", "bomber", US)[0]
    st, _ = ok(game, st, Move(units=(bomber,), path=("suiyuan", "szechwan"), raid=True))
    assert [r.target for r in st.raids] == ["szechwan"]
    st, _ = ok(game, st, EndPhase())
    start = st
    st, _, rolls = play(game, st, [SelectBattle(space="szechwan")], [4])
    assert rolls == [[4]] and st.treasury[J] == 6
    end_combat(game, start, st, ipcs={J: -4})


def _raid_then_assault(defence: str):  # type: ignore[no-untyped-def]
    """Japan raids India (bomber from Japanese-held Burma) and attacks it with an armor from
    Burma; India defends with ``defence``."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"india": defence, "burma": "1 bomber japan, 1 armor japan"},
                        owners={"burma": J}, treasury={IN: 10})
    bomber, armor = u(st, "burma", "bomber", J)[0], u(st, "burma", "armor", J)[0]
    for i in (bomber, armor):
        st.unit(i).space = "india"
    came(st, [bomber, armor], "burma", "india")
    st.unit(bomber).moves_used = st.unit(armor).moves_used = 1
    st.raids = [BombingRaid(target="india", bombers=[bomber])]
    return game, begin_combat(game, st), bomber, armor


def test_r_sbr_7_interceptors_lost_when_their_territory_falls() -> None:
    """R-SBR-7 / R-NONCOMBAT-9: the intercepting fighter fights only the raid; when the armor
    then takes India it is lost with it."""
    game, st, _bomber, _armor = _raid_then_assault("1 fighter india")
    start = st
    ftr = u(st, "india", "fighter", IN)[0]
    # Raid: intercept; interceptor 6 misses, the bomber does not escort-fire; bombing 3.
    st, _, rolls = play(game, st, [SelectBattle(space="india"), Intercept(fighters=(ftr,))],
                        [6, 3])
    assert rolls == [[6], [3]] and st.treasury[IN] == 7
    # The land battle: the interceptor is no defender; India falls without a die.
    st, ev, rolls = play(game, st, [SelectBattle(space="india")], [])
    assert rolls == [] and st.territory_owner["india"] is J
    assert ftr not in st.units
    assert any(isinstance(e, UnitsLost) and "R-SBR-7" in e.reason for e in ev)
    end_combat(game, start, st, owners={"india": J}, ipcs={IN: -10, J: 7},
               levels=shift(game, start, J, IN, "india"))


def test_r_sbr_7_raiders_return_in_phase_6_or_are_lost() -> None:
    """R-SBR-7 / R-NONCOMBAT-9: after the raid the bomber is still over India, which the armor
    then takes; the bomber flies home in non-combat movement, or is lost there."""
    game, start, bomber, _armor = _raid_then_assault("1 infantry india")
    # Raid: no interceptor, no AA: bombing 2. Land battle: armor 1 hits, infantry 6 misses.
    st, _, rolls = play(game, start, [SelectBattle(space="india"),
                                      SelectBattle(space="india")], [2, 1, 6])
    assert rolls == [[2], [1], [6]]
    st = end_combat(game, start, st, owners={"india": J}, ipcs={IN: -10, J: 8},
                    levels=shift(game, start, J, IN, "india"))
    st, _ = ok(game, st, EndPhase())
    assert st.phase is Phase.NONCOMBAT_MOVE
    moved, _ = ok(game, st, Move(units=(bomber,), path=("india", "burma")))
    assert moved.units[bomber].space == "burma" and moved.units[bomber].moves_used == 2
    left, ev = ok(game, st, EndPhase())
    assert bomber not in left.units
    assert [(e.units, e.rule) for e in ev if isinstance(e, AircraftLost)] == \
        [((bomber,), "R-COMBAT-10")]
