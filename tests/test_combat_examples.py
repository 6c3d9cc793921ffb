"""Every worked example of Part 3 as a test with fixed dice (RULES.md EX-7 ... EX-24).

Dice order (pacific.rules.combat.fire): each side's units grouped by hit value, lowest value
first, one roll per group in unit-id order.
"""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, hit_values, play, production, shift
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import (
    ChooseCasualties,
    Intercept,
    PressOn,
    Retreat,
    SelectBattle,
    Submerge,
)
from pacific.rules.economy.control import production_level
from pacific.rules.errors import IllegalAction
from pacific.rules.events import DiceRolled
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid
from pacific.rules.units import UnitType

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA


def _hit_values(events: list) -> list[int | None]:  # type: ignore[type-arg]
    return [e.hit_on for e in events if isinstance(e, DiceRolled)]


# ---- EX-7 Dice: who hits, who chooses ----

def test_ex_7_a_to_e_dice_choices_and_simultaneous_fire() -> None:
    """EX-7 a-e: infantry attacks on 1, fighter on 3, defending infantry on 2; the side hit
    chooses; defenders hit still fire; AA fire one die per aircraft, owner picks."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": "2 infantry india, 1 aa_gun india",
                               "shan_state": "2 infantry japan, 2 fighter japan"})
    inf_j = u(st, "shan_state", "infantry", J)
    ftr = u(st, "shan_state", "fighter", J)
    for uid in inf_j + ftr:
        st.unit(uid).space = "burma"
    came(st, inf_j + ftr, "shan_state", "burma")
    st = start = begin_combat(game, st)
    # AA: 2 aircraft, 2 dice, one 1 (EX-7e) → Japan picks which fighter is lost.
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 4])
    assert st.pending is not None and st.pending.power == "japan"
    assert st.pending.decision == "casualties"
    before = snapshot(st)
    refused = game.why_illegal(st, ChooseCasualties(units=(inf_j[0],)))
    assert refused is not None and refused.rule == "R-SUB-4"  # AA hits only aircraft
    assert snapshot(st) == before
    # Round 1: infantry 1, 2 (EX-7a: 1 hits) then fighter 3 (EX-7b: 3 hits): 2 hits; India
    # chooses (2 infantry: both lost, forced); both still fire (EX-7d): 2, 2 → 2 hits.
    st, ev, _rolls = play(game, st, [ChooseCasualties(units=(ftr[1],))], [1, 2, 3, 2, 2])
    assert _hit_values(ev) == [1, 3, 2]
    assert st.pending is not None and st.pending.power == "japan"  # EX-7c
    st, ev, _ = play(game, st, [ChooseCasualties(units=(*tuple(inf_j[:1]), ftr[0]))], [])
    assert u(st, "burma", "infantry", IN) == []
    assert u(st, "burma", "infantry", J) == inf_j[1:]
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_ex_7f_first_turn_british_infantry_defends_at_1() -> None:
    """EX-7f / R-FIRSTTURN-1: on Japan's first turn a British infantry in Burma rolling 2
    misses; R-FIRSTTURN-2: in a Chinese territory it would keep its 2."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT, round=1,
                        units={"burma": "1 infantry india", "shan_state": "1 infantry japan",
                               "yunnan": "1 infantry china", "kwangsi": "1 infantry japan"})
    assert st.japan_first_turn
    for src, dst in (("shan_state", "burma"), ("kwangsi", "yunnan")):
        ids = u(st, src, "infantry", J)
        st.units[ids[0]].space = dst
        came(st, ids, src, dst)
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 2, 1, 2])
    assert _hit_values(ev) == [1, 1, 1, 1]
    assert len(u(st, "burma", "infantry", J)) == 1
    assert st.territory_owner["burma"] is J
    st, ev, _ = play(game, st, [SelectBattle(space="yunnan")], [6, 2])
    assert _hit_values(ev) == [1, 2]
    assert u(st, "yunnan", "infantry", J) == []
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


# ---- EX-8 Amphibious assault 1: Guam ----

def _guam() -> tuple:  # type: ignore[type-arg]
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_25": "1 transport japan, 1 destroyer japan, 1 armor japan",
                               "guam": "1 fighter japan, 1 marine usa"})
    tr = u(st, "sz_25", "transport", J)[0]
    armor = u(st, "sz_25", "armor", J)[0]
    ftr = u(st, "guam", "fighter", J)[0]
    st.unit(armor).carried_by = tr
    came(st, [armor, tr], "mariana_islands", "sz_25")
    came(st, [ftr], "mariana_islands", "sz_25", "guam")
    st.amphibious_assaults = [AmphibiousAssault(target="guam", sea_zones=["sz_25"], ships=[tr],
                                                landing_units=[armor], land_aircraft=[ftr])]
    return game, begin_combat(game, st), armor, ftr


def test_ex_8_guam_cover_fire_then_fighter_retreats() -> None:
    """EX-8: destroyer cover fire 3 misses (≤2); armor 5, fighter 5 miss; Marine 2 hits; Japan
    loses the armor; the fighter retreats (aircraft may, after one round); Guam stays US."""
    game, st, armor, ftr = _guam()
    start = st
    st, ev, rolls = play(game, st, [SelectBattle(space="guam")], [3, 5, 5, 2])
    assert rolls == [[3], [5, 5], [2]]
    assert _hit_values(ev) == [2, 3, 2]          # cover fire at 2 (R-AMPH-6), not 3
    assert st.pending is not None and st.pending.decision == "casualties"
    st, _, _ = play(game, st, [ChooseCasualties(units=(armor,))], [])
    assert armor not in st.units
    # R-AMPH-3: only aircraft may retreat; the fighter flies back where it came from, a
    # territory held since the start of the turn (R-AIR-6).
    assert st.pending is not None and bool(st.pending.retreat_to)
    st, _, _ = play(game, st, [Retreat(to="mariana_islands")], [])
    assert st.units[ftr].space == "mariana_islands"
    assert st.battles[0].outcome == "A"
    end_combat(game, start, st)                  # Guam stays American


# ---- EX-9 Amphibious assault 2: Queensland ----

def test_ex_9_queensland_naval_battle_then_landing_both_wiped() -> None:
    """EX-9: no first strike against a destroyer; battleship damaged; no cover fire after a
    naval battle in the landing zone, none from zone 29; no land retreat; both wiped out:
    Queensland stays British (R-AMPH-8)."""
    game, st = scenario(
        "pacific", power=Power.JAPAN, phase=Phase.COMBAT,
        units={"sz_32": "1 transport japan, 2 infantry japan, 1 battleship japan, "
                        "1 submarine japan, 1 destroyer india",
               "sz_29": "1 destroyer japan", "queensland": "1 infantry australia"})
    tr = u(st, "sz_32", "transport", J)[0]
    inf = u(st, "sz_32", "infantry", J)
    bb = u(st, "sz_32", "battleship", J)[0]
    sub = u(st, "sz_32", "submarine", J)[0]
    for i in inf:
        st.unit(i).carried_by = tr
    came(st, [tr, bb, sub, *inf], "sz_27", "sz_28", "sz_32")
    st.amphibious_assaults = [AmphibiousAssault(target="queensland", sea_zones=["sz_32"],
                                                ships=[tr], landing_units=inf)]
    st = start = begin_combat(game, st)
    # R-AMPH-6: the landing waits for the naval battle.
    refused = game.why_illegal(st, SelectBattle(space="queensland"))
    assert refused is not None and refused.rule == "R-AMPH-6"
    # Naval round: sub 4 (no first strike: destroyer), battleship 4 hit; destroyer 1 hit.
    st, _, rolls = play(game, st, [SelectBattle(space="sz_32"), PressOn()], [4, 4, 1])
    assert rolls == [[4], [4], [1]]
    st, _, _ = play(game, st, [ChooseCasualties(units=(bb,))], [])
    assert st.units[bb].damaged and u(st, "sz_32", "destroyer", IN) == []
    # Land round 1: infantry 3, 4 miss; British 2 hits; round 2: 1 vs 2, both hit.
    st, _, rolls = play(game, st, [SelectBattle(space="queensland")], [3, 4, 2])
    assert rolls == [[3, 4], [2]]                # no cover-fire dice (R-AMPH-6 step 2)
    assert st.pending is not None and st.pending.decision == "casualties"
    assert not getattr(st.pending, "retreat_to", ())
    st, _ev, rolls = play(game, st, [ChooseCasualties(units=(inf[0],))], [1, 2])
    assert next(b for b in st.battles if b.space == "queensland").outcome == "D"
    assert list(st.units_at("queensland")) == []
    end_combat(game, start, st)                  # Queensland stays Australian


# ---- EX-10 Multi-national force: Japanese subs in zone 30 ----

def test_ex_10_allied_bystanders_destroyer_lets_fighters_hit_subs() -> None:
    """EX-10 / R-MULTI-4/5: the Australian destroyer lets US fighters hit the subs; British
    ships do not roll but can be chosen as casualties; the US sub keeps first strike."""
    game, st = scenario(
        "pacific", power=Power.US, phase=Phase.COMBAT,
        units={"sz_30": "2 submarine japan, 1 destroyer australia, 1 transport australia, "
                        "1 submarine usa, 2 fighter usa"})
    jsubs = u(st, "sz_30", "submarine", J)
    au_tr = u(st, "sz_30", "transport", AU)[0]
    us = u(st, "sz_30", "submarine", US) + u(st, "sz_30", "fighter", US)
    came(st, us, "sz_29", "sz_30")
    st = start = begin_combat(game, st)
    assert st.battles[0].bystanders == sorted([*u(st, "sz_30", "destroyer", AU), au_tr])
    # Before round 1 the US may submerge its sub: press on. First strike 2 → hit.
    st, ev, _ = play(game, st, [SelectBattle(space="sz_30"), PressOn()], [2])
    assert _hit_values(ev) == [2]
    st, ev, _ = play(game, st, [ChooseCasualties(units=(jsubs[0],)),  # removed at once
                                    ], [4, 4])
    assert jsubs[0] not in st.units
    assert _hit_values(ev) == [3]                # fighters may hit subs (pool "any")
    assert st.pending is not None and st.pending.decision == "defender_submerge"
    st, ev, _ = play(game, st, [PressOn()], [1])
    assert st.pending is not None and st.pending.power == "us"
    refused = game.why_illegal(st, ChooseCasualties(units=(us[1],)))
    assert refused is not None and refused.rule == "R-SUB-4"   # never on a fighter
    st, _, _ = play(game, st, [ChooseCasualties(units=(au_tr,))], [])
    assert au_tr not in st.units
    st, ev, _rolls = play(game, st, [PressOn()], [3, 1, 6, 6])
    assert jsubs[1] not in st.units
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st)                  # aircraft and a sub take no convoy zone


def test_ex_10_fighters_alone_cannot_hit_subs_battle_ends() -> None:
    """EX-10 (2), R-SUB-5, R-NAVAL-4 E: without a friendly destroyer, fighters against subs
    only: the battle ends at once, no die rolled."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                        units={"sz_30": "2 submarine japan, 2 fighter usa"})
    came(st, u(st, "sz_30", "fighter", US), "sz_29", "sz_30")
    st = start = begin_combat(game, st)
    st, _ev, rolls = play(game, st, [SelectBattle(space="sz_30")], [])
    assert rolls == [] and st.battles[0].outcome == "E"
    assert len(u(st, "sz_30", "submarine", J)) == 2
    end_combat(game, start, st)


# ---- EX-12, EX-13 Strategic bombing ----

def test_ex_12_sbr_damage_capped_at_treasury_one_vp() -> None:
    """EX-12 / R-SBR-4/5: 25 rolled against 19 IPC: Japan pays 19 and loses 1 VP."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                        units={"japan": "1 industrial_complex japan, 5 bomber usa"},
                        treasury={J: 19}, victory_points=5)
    bombers = u(st, "japan", "bomber", US)
    st.raids = [BombingRaid(target="japan", bombers=bombers)]
    st = start = begin_combat(game, st)
    st, _ev, _rolls = play(game, st, [SelectBattle(space="japan")], [6, 6, 6, 6, 1])
    assert st.treasury[J] == 0
    assert st.victory_points == 4
    end_combat(game, start, st, ipcs={J: -19}, vp=-1)


def test_ex_13_strategic_bombing_of_japan() -> None:
    """EX-13: AA 1, 3, 4 → a US fighter lost; interceptor 2 hits, escort 3 misses; the US loses
    its second fighter; the bomber rolls 6: Japan pays 6, no VP lost."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                        units={"japan": "1 industrial_complex japan, 1 aa_gun japan, "
                                        "1 fighter japan, 1 bomber usa, 2 fighter usa"},
                        treasury={J: 30}, victory_points=7)
    bomber = u(st, "japan", "bomber", US)[0]
    escorts = u(st, "japan", "fighter", US)
    jf = u(st, "japan", "fighter", J)[0]
    st.raids = [BombingRaid(target="japan", bombers=[bomber], escorts=escorts)]
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="japan")], [])
    assert st.pending is not None and st.pending.decision == "intercept"
    assert st.pending.power == "japan"
    st, ev, _ = play(game, st, [Intercept(fighters=(jf,))], [1, 3, 4])
    assert st.pending is not None and st.pending.power == "us"   # attacker picks (R-SBR-4)
    st, ev, _ = play(game, st, [ChooseCasualties(units=(escorts[0],))], [2, 3])
    assert _hit_values(ev) == [2, 1]             # interceptor on 2, escort on 1
    st, ev, _rolls = play(game, st, [ChooseCasualties(units=(escorts[1],))], [6])
    assert st.treasury[J] == 24 and st.victory_points == 7
    assert jf in st.units and escorts[0] not in st.units and escorts[1] not in st.units
    end_combat(game, start, st, ipcs={J: -6})


# ---- EX-14 Capital captured and liberated: New South Wales ----

def test_ex_14_nsw_captured_then_liberated() -> None:
    """EX-14 / R-COMBAT-9: Japan takes NSW and Australia's IPCs; Britain retakes it with 2
    armor, 1 infantry, 1 artillery; it returns to Australia; the IC changes hands each time."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"new_south_wales": "1 industrial_complex australia, "
                                                  "1 infantry australia, 2 infantry japan"},
                        treasury={AU: 12, J: 20})
    jinf = u(st, "new_south_wales", "infantry", J)
    came(st, jinf, "queensland", "new_south_wales")
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="new_south_wales")], [1, 6, 6])
    assert st.territory_owner["new_south_wales"] is J
    assert st.treasury[AU] == 0 and st.treasury[J] == 32
    ic = u(st, "new_south_wales", "industrial_complex")[0]
    assert st.units[ic].owner is J
    end_combat(game, start, st, owners={"new_south_wales": J}, ipcs={AU: -12, J: 12},
               levels=shift(game, start, J, AU, "new_south_wales"))
    # Britain's turn: the counter-attack.
    st.power, st.round = Power.UK, st.round
    st.phase = Phase.COMBAT
    st.battles = []
    for t in ("armor", "armor", "infantry", "artillery"):
        new = st.add_unit(UnitType(t), AU, "new_south_wales")
        came(st, [new.id], "queensland", "new_south_wales")
    st.owner_at_turn_start = dict(st.territory_owner)
    st = start = begin_combat(game, st)
    # values: infantry (2 with artillery), artillery 2 → one roll; armor 3, 3 → one roll.
    st, ev, _rolls = play(game, st, [SelectBattle(space="new_south_wales")], [1, 2, 6, 6, 6, 6])
    assert _hit_values(ev) == [2, 3, 2]
    assert st.units[ic].owner is AU
    # Liberated, it returns to Australia (R-CAPTURE-9); Japan keeps the IPCs (R-CAPITAL-5).
    end_combat(game, start, st, owners={"new_south_wales": AU},
               levels=shift(game, start, AU, J, "new_south_wales"))


# ---- EX-17 AA guns: Japan invades Burma ----

def test_ex_17_burma_aa_miss_then_guns_captured() -> None:
    """EX-17: Burma's AA fires one die for the one fighter left: 4 misses; Japan wins; the two
    AA guns become Japanese and may not move this turn; India −1, Japan +1."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": "2 aa_gun india, 1 infantry india, 1 armor japan, "
                                        "3 infantry japan, 1 fighter japan"})
    attackers = u(st, "burma", "armor", J) + u(st, "burma", "infantry", J) + \
        u(st, "burma", "fighter", J)
    came(st, attackers, "shan_state", "burma")
    india, japan = production_level(game.board, st, IN), production_level(game.board, st, J)
    st = start = begin_combat(game, st)
    st, ev, rolls = play(game, st, [SelectBattle(space="burma")], [4, 1, 6, 6, 6, 6, 6])
    assert rolls[0] == [4] and _hit_values(ev)[0] == 1
    guns = u(st, "burma", "aa_gun")
    assert all(st.units[g].owner is J and st.units[g].captured_this_turn for g in guns)
    assert production_level(game.board, st, IN) == india - 1
    assert production_level(game.board, st, J) == japan + 1
    end_combat(game, start, st, owners={"burma": J},
               levels={"india": india - 1, "japan": japan + 1})


# ---- EX-18 Artillery support ----

def test_ex_18b_britain_attacks_siam_with_artillery() -> None:
    """EX-18b / R-ART-2/3: artillery ≤2, one infantry ≤2, one infantry ≤1; Japanese defenders
    ≤2 each (no artillery bonus on defence). Siam taken by Britain goes to India."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT,
                        units={"siam": "2 infantry japan, 2 infantry india, 1 artillery india"})
    brit = u(st, "siam", "infantry", IN) + u(st, "siam", "artillery", IN)
    came(st, brit, "burma", "shan_state", "siam")
    st = start = begin_combat(game, st)
    st, ev, _rolls = play(game, st, [SelectBattle(space="siam")], [1, 2, 2, 6, 6])
    assert hit_values(ev) == [(1, 1), (2, 2), (2, 2)]
    # Japan loses Siam's 2; India gains nothing while Japan holds Siam's convoy route
    # (R-CONVOY-13).
    levels = production(game, start)
    end_combat(game, start, st, owners={"siam": IN}, levels={"japan": levels["japan"] - 2})


def test_ex_18c_amphibious_marine_with_artillery_hits_on_3() -> None:
    """EX-18c / R-ART-4: in an assault, artillery lifts a landing Marine from 2 to 3."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                        units={"sz_25": "1 transport usa, 1 marine usa, 1 artillery usa",
                               "mariana_islands": "1 infantry japan"})
    tr = u(st, "sz_25", "transport", US)[0]
    land = u(st, "sz_25", "marine", US) + u(st, "sz_25", "artillery", US)
    for i in land:
        st.unit(i).carried_by = tr
    st.amphibious_assaults = [AmphibiousAssault(target="mariana_islands", sea_zones=["sz_25"],
                                                ships=[tr], landing_units=land)]
    st = start = begin_combat(game, st)
    st, ev, _rolls = play(game, st, [SelectBattle(space="mariana_islands")], [6, 3, 6])
    assert _hit_values(ev) == [2, 3, 2]
    end_combat(game, start, st, owners={"mariana_islands": US},
               levels=shift(game, start, US, J, "mariana_islands"))


# ---- EX-22 Carrier: zone 24, then zone 19 ----

def test_ex_22_fighters_hit_transport_not_sub_then_carrier_sunk_fighters_lost() -> None:
    """EX-22: 4 miss, 2 hit → the transport (no US destroyer: not the sub), cargo lost;
    transport 2 misses; sub vs aircraft: over. Then the sub sinks the carrier by first strike
    in zone 19; its fighters find nowhere friendly within 1 space and are lost."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                        units={"sz_24": "1 transport japan, 1 infantry japan, "
                                        "1 submarine japan, 2 fighter usa"})
    tr = u(st, "sz_24", "transport", J)[0]
    cargo = u(st, "sz_24", "infantry", J)[0]
    st.unit(cargo).carried_by = tr
    ftrs = u(st, "sz_24", "fighter", US)
    came(st, ftrs, "sz_25", "sz_24")
    st = start = begin_combat(game, st)
    st, _, rolls = play(game, st, [SelectBattle(space="sz_24"), PressOn()], [4, 2, 2])
    assert rolls == [[4, 2], [2]]
    assert tr not in st.units and cargo not in st.units
    assert st.battles[0].outcome == "E"
    end_combat(game, start, st)
    # Japan's turn: the US carrier with both fighters in zone 19, Wake Japanese.
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_19": "1 carrier usa, 2 fighter usa, 1 submarine japan"},
                        owners={"wake": J})
    cv = u(st, "sz_19", "carrier", US)[0]
    for f in u(st, "sz_19", "fighter", US):
        st.unit(f).carried_by = cv
    came(st, u(st, "sz_19", "submarine", J), "sz_24", "sz_19")
    st = start = begin_combat(game, st)
    st, _ev, rolls = play(game, st, [SelectBattle(space="sz_19"), PressOn()], [1])
    assert next(iter(st.units_at("sz_19"))).type is UnitType.SUBMARINE
    assert len(st.units) == 1 and st.pending is None
    end_combat(game, start, st)


# ---- EX-23 Japanese sub among British and US ships ----

def test_ex_23_japanese_sub_hit_falls_on_british_ship() -> None:
    """EX-23 / R-SUB-9: the sub, hit that round, fires back; its hit may go to the British
    ship; Britain does not roll."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                        units={"sz_30": "1 submarine japan, 1 destroyer australia, "
                                        "1 destroyer usa"})
    us_dd = u(st, "sz_30", "destroyer", US)[0]
    au_dd = u(st, "sz_30", "destroyer", AU)[0]
    came(st, [us_dd], "sz_29", "sz_30")
    st = start = begin_combat(game, st)
    st, _ev, rolls = play(game, st, [SelectBattle(space="sz_30")], [1, 2])
    assert rolls == [[1], [2]]                   # only the US destroyer and the sub roll
    assert st.pending is not None and st.pending.power == "us"
    st, _, _ = play(game, st, [ChooseCasualties(units=(au_dd,))], [])
    assert au_dd not in st.units and us_dd in st.units
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st)


# ---- EX-24 Submarine combat ----

def test_ex_24_first_strike_lost_and_regained_then_submerge() -> None:
    """EX-24: round 1 no first strike (US destroyer): 2, 2 → battleship damaged, destroyer
    sunk (still fires: 5 miss), battleship 4 sinks a sub. Round 2 first strike back: 5 miss;
    battleship 6 miss. Japan submerges: battle over, battleship damaged until phase 8."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_30": "1 battleship usa, 1 destroyer usa, 2 submarine japan"})
    subs = u(st, "sz_30", "submarine", J)
    bb = u(st, "sz_30", "battleship", US)[0]
    dd = u(st, "sz_30", "destroyer", US)[0]
    came(st, subs, "sz_29", "sz_30")
    st = start = begin_combat(game, st)
    st, ev, rolls = play(game, st, [SelectBattle(space="sz_30"), PressOn()], [2, 2])
    assert st.pending is not None and st.pending.power == "us"
    before = snapshot(st)
    refused = game.why_illegal(st, ChooseCasualties(units=(dd, dd)))
    assert refused is not None and refused.rule == "R-BB-1"
    assert snapshot(st) == before
    st, ev, rolls = play(game, st, [ChooseCasualties(units=(bb, dd))], [5, 4])
    assert rolls == [[5], [4]]                   # destroyer (3) then battleship (4)
    st, _, _ = play(game, st, [ChooseCasualties(units=(subs[0],))], [])
    assert dd not in st.units and st.units[bb].damaged
    st, ev, rolls = play(game, st, [PressOn()], [5, 6])
    assert [e.purpose.startswith("First strike") for e in ev if isinstance(e, DiceRolled)] \
        == [True, False]
    st, ev, _ = play(game, st, [Submerge(units=(subs[1],))], [])
    assert st.units[subs[1]].submerged and st.units[bb].damaged
    assert st.battles[0].status == "over" and st.battles[0].outcome == "B"
    end_combat(game, start, st)


def test_r_amph_3_only_aircraft_retreat_from_an_assault() -> None:
    """R-AMPH-3: in an assault a retreat takes the aircraft only; the land units fight on."""
    game, st, armor, ftr = _guam()
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="guam")], [3, 5, 5, 6])
    assert st.pending is not None and bool(st.pending.retreat_to)
    st, _, _ = play(game, st, [Retreat(to="mariana_islands")], [1, 6])
    assert st.units[ftr].space == "mariana_islands" and st.units[armor].space == "guam"
    end_combat(game, start, st, owners={"guam": J}, levels=shift(game, start, J, US, "guam"))


def test_r_amph_3_no_retreat_offered_to_land_units_alone() -> None:
    game, st, _armor, ftr = _guam()
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="guam")], [3, 5, 5, 2])
    before = snapshot(st)
    assert isinstance(game.why_illegal(st, Retreat(to="sz_25")), IllegalAction)
    assert snapshot(st) == before
    # Rounds 2 and 3 run on without a retreat decision: armor alone cannot retreat.
    st, _, _ = play(game, st, [ChooseCasualties(units=(ftr,))], [6, 6, 1, 6])
    assert st.pending is None
    end_combat(game, start, st, owners={"guam": J}, levels=shift(game, start, J, US, "guam"))
