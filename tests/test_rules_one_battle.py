"""A unit takes part in at most one battle per turn (R-COMBAT-3, R-COMBATMOVE-3), with the
cases the rulebook names: cover fire (R-AMPH-6 step 2, OQ3-15), SBR escorts and interceptors
(R-SBR-2/3), aircraft committed to an assault's land attack (R-COMBATMOVE-8).

Decision recorded here (Italian rulebook p. 13, "un'unità può partecipare solo ad una battaglia
per turno", written in the combat-movement section about the units the player moves): the
limit binds every unit; a defender never chooses to join a battle, it only defends the space it
stands in. The one space attacked twice in a turn is a territory both raided and attacked
normally (p. 25): its interceptors do not defend again (R-SBR-3), its other units defend only
the normal attack, and its AA guns fire at both, as p. 25 step 4 and p. 16 both say they fire
at attacking aircraft.
"""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, play, production, shift
from movement_helpers import ok, refused
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import (
    ChooseCasualties,
    Intercept,
    LandFighter,
    Retreat,
    SelectBattle,
)
from pacific.rules.actions.economy import ChooseOwner
from pacific.rules.actions.movement import Load, Move
from pacific.rules.battle_records import BattleKind
from pacific.rules.events import DiceRolled, Event
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA


def _rolls(events: list[Event]) -> list[tuple[str, int | None, tuple[int, ...]]]:
    """Each roll as (purpose up to the colon, hit number, dice)."""
    return [(e.purpose.split(":")[0], e.hit_on, tuple(e.values))
            for e in events if isinstance(e, DiceRolled)]


# ---- combat movement: one battle per unit (R-COMBATMOVE-3) ----

def test_r_combatmove_3_land_unit_in_a_battle_cannot_move_on_to_another() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 armor japan", "burma": "1 infantry india",
                               "india": "1 infantry india"})
    armor = u(st, "siam", "armor", J)[0]
    st, _ = ok(game, st, Move(units=(armor,), path=("siam", "burma")))
    assert st.units[armor].space == "burma" and st.units[armor].combat_moved
    err = refused(game, st, Move(units=(armor,), path=("burma", "india")), "R-COMBATMOVE-3")
    assert "at most one battle per turn, R-COMBAT-3" in err.message


def test_r_combatmove_3_aircraft_in_a_battle_cannot_fly_on_to_another() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 fighter japan", "burma": "1 infantry india",
                               "yunnan": "1 infantry china"})
    fighter = u(st, "siam", "fighter", J)[0]
    st, _ = ok(game, st, Move(units=(fighter,), path=("siam", "burma")))
    refused(game, st, Move(units=(fighter,), path=("burma", "yunnan")), "R-COMBATMOVE-3")
    assert st.units[fighter].space == "burma" and st.units[fighter].moves_used == 1


def test_r_combat_3_ship_that_entered_a_battle_zone_cannot_sail_to_another() -> None:
    """A ship stops in the first enemy-occupied zone it enters (R-MOVE-7): it cannot go on to
    fight a second naval battle in the next zone."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_10": "1 destroyer japan", "sz_2": "1 destroyer india",
                               "sz_1": "1 transport india"})
    dd = u(st, "sz_10", "destroyer", J)[0]
    st, _ = ok(game, st, Move(units=(dd,), path=("sz_10", "sz_2")))
    err = refused(game, st, Move(units=(dd,), path=("sz_2", "sz_1")), "R-MOVE-7")
    assert "its one battle this turn, R-COMBAT-3" in err.message
    assert st.units[dd].space == "sz_2"


def test_r_combat_3_land_unit_in_a_battle_cannot_board_for_an_assault() -> None:
    """An infantry that attacked Burma cannot board a transport and be landed elsewhere: that
    would put it in two battles (R-TRANS-8 refuses the boarding)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 infantry japan", "burma": "1 infantry india",
                               "sz_2": "1 transport japan"})
    inf = u(st, "siam", "infantry", J)[0]
    tr = u(st, "sz_2", "transport", J)[0]
    st, _ = ok(game, st, Move(units=(inf,), path=("siam", "burma")))
    refused(game, st, Load(transport=tr, units=(inf,)), "R-TRANS-8")
    assert st.units[inf].carried_by is None and st.units[inf].space == "burma"


# ---- cover fire (R-AMPH-6 step 2, OQ3-15) ----

def _two_assaults_from_zone_2():  # type: ignore[no-untyped-def]
    """US turn: two transports in zone 2 land 1 infantry each in Burma and in Siam (both
    Japanese, 1 infantry each); one battleship in zone 2 could cover either."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_2": "1 transport usa, 1 infantry usa, 1 transport usa, "
                                       "1 infantry usa, 1 battleship usa",
                               "burma": "1 infantry japan", "siam": "1 infantry japan"},
                        owners={"burma": J})
    t1, t2 = u(st, "sz_2", "transport")
    i1, i2 = u(st, "sz_2", "infantry")
    st.unit(i1).carried_by = t1
    st.unit(i2).carried_by = t2
    came(st, [t1, t2, i1, i2, *u(st, "sz_2", "battleship")], "sz_10", "sz_2")
    st.amphibious_assaults = [
        AmphibiousAssault(target="burma", sea_zones=["sz_2"], ships=[t1], landing_units=[i1]),
        AmphibiousAssault(target="siam", sea_zones=["sz_2"], ships=[t2], landing_units=[i2])]
    return game, st


def test_oq3_15_r_combat_3_a_ship_gives_cover_fire_for_one_assault_only() -> None:
    game, st = _two_assaults_from_zone_2()
    st = start = begin_combat(game, st)
    bb = u(st, "sz_2", "battleship")[0]
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 1, 6])
    assert _rolls(ev) == [("Cover fire on burma", 4, (6,)), ("Attack in burma", 1, (1,)),
                          ("Defence in burma", 2, (6,))]
    assert st.units[bb].fought
    # The second assault from the same zone gets no cover fire: the battleship fought.
    st, ev, _ = play(game, st, [SelectBattle(space="siam")], [1, 6])
    assert _rolls(ev) == [("Attack in siam", 1, (1,)), ("Defence in siam", 2, (6,))]
    assert [b.outcome for b in st.battles] == ["C", "C"]
    # Burma is liberated for India (R-CAPTURE-9); Siam taken in the US turn goes to the USA
    # (R-CAPTURE-11) and counts for nobody while Japan holds its convoy route (R-CONVOY-13).
    st, _, _ = play(game, st, [ChooseOwner(territory="siam", nation=US)], [])
    levels = production(game, start)
    end_combat(game, start, st, owners={"burma": IN, "siam": US}, levels={
        "japan": levels["japan"] - 3, "india": levels["india"] + 1})


def test_r_combat_3_ship_that_retreated_from_a_naval_battle_gives_no_cover_fire() -> None:
    """The battleship attacks zone 1, retreats to zone 2 (where it came from) and is then in
    the zone of the transport landing in Burma: having fought, it does not cover the landing;
    zone 2 saw no naval battle, so only R-COMBAT-3 bars it."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_2": "1 transport usa, 1 infantry usa",
                               "sz_1": "1 battleship usa, 1 destroyer japan",
                               "burma": "1 infantry japan"},
                        owners={"burma": J})
    tr = u(st, "sz_2", "transport")[0]
    inf = u(st, "sz_2", "infantry")[0]
    bb = u(st, "sz_1", "battleship")[0]
    st.unit(inf).carried_by = tr
    came(st, [tr, inf], "sz_10", "sz_2")
    came(st, [bb], "sz_2", "sz_1")
    st.amphibious_assaults = [AmphibiousAssault(target="burma", sea_zones=["sz_2"],
                                                ships=[tr], landing_units=[inf])]
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_1")], [6, 6])
    assert _rolls(ev) == [("Attack in sz_1", 4, (6,)), ("Defence in sz_1", 3, (6,))]
    st, _, _ = play(game, st, [Retreat(to="sz_2")], [])
    assert st.units[bb].space == "sz_2" and st.units[bb].fought
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 6])
    assert _rolls(ev) == [("Attack in burma", 1, (1,)), ("Defence in burma", 2, (6,))]
    end_combat(game, start, st, owners={"burma": IN}, levels=shift(game, start, IN, J, "burma"))


# ---- aircraft committed to an assault's land attack (R-COMBATMOVE-8, R-AMPH-6 step 1) ----

def test_r_combatmove_8_aircraft_fight_the_naval_battle_or_the_landing_never_both() -> None:
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_2": "1 transport usa, 1 infantry usa, 1 destroyer usa, "
                                       "1 fighter usa, 1 destroyer japan",
                               "burma": "1 fighter usa, 1 infantry japan"},
                        owners={"burma": J})
    tr = u(st, "sz_2", "transport")[0]
    inf = u(st, "sz_2", "infantry")[0]
    dd = u(st, "sz_2", "destroyer", US)[0]
    sea_fighter = u(st, "sz_2", "fighter")[0]
    land_fighter = u(st, "burma", "fighter")[0]
    st.unit(inf).carried_by = tr
    came(st, [tr, inf, dd], "sz_10", "sz_2")
    came(st, [sea_fighter], "hawaii", "sz_2")
    came(st, [land_fighter], "india", "burma")
    st.amphibious_assaults = [AmphibiousAssault(target="burma", sea_zones=["sz_2"],
                                                ships=[tr], landing_units=[inf],
                                                land_aircraft=[land_fighter])]
    st = start = begin_combat(game, st)
    naval = next(b for b in st.battles if b.kind is BattleKind.NAVAL)
    assert naval.attackers == sorted([tr, dd, sea_fighter])
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 6, 6])
    # The destroyer and the zone's fighter fire (both at 3); the land fighter does not.
    assert _rolls(ev) == [("Attack in sz_2", 3, (1, 6)), ("Defence in sz_2", 3, (6,))]
    assert st.units[sea_fighter].fought and not st.units[land_fighter].fought
    # No cover fire (a naval battle was fought there); the land attack is the infantry that
    # landed and the committed fighter, never the fighter that fought at sea.
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 1, 6])
    land = next(b for b in st.battles if b.space == "burma")
    assert land.attackers == sorted([inf, land_fighter])
    assert _rolls(ev) == [("Attack in burma", 1, (6,)), ("Attack in burma", 3, (1,)),
                          ("Defence in burma", 2, (6,))]
    assert land.outcome == "C"
    # Burma back to India (R-CAPTURE-9); the US destroyer that won at sea takes zone 2,
    # Siam's convoy route, from Japan (R-CONVOY-6, R-CONVOY-13).
    levels = production(game, start)
    end_combat(game, start, st, owners={"burma": IN}, convoys={"sz_2": US}, levels={
        "japan": levels["japan"] - 3, "india": levels["india"] + 1})


# ---- strategic bombing: escorts and interceptors (R-SBR-2, R-SBR-3) ----

def _raid_and_attack_on_japan():  # type: ignore[no-untyped-def]
    """US turn: a bomber escorted by a fighter raids Japan; another fighter and an infantry
    attack Japan normally. Japan has 2 fighters, 1 infantry and an AA gun there."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"japan": "1 industrial_complex japan, 1 aa_gun japan, "
                                        "2 fighter japan, 1 infantry japan, 1 bomber usa, "
                                        "2 fighter usa, 1 infantry usa"},
                        treasury={J: 40})
    bomber = u(st, "japan", "bomber", US)[0]
    escort, attacker = u(st, "japan", "fighter", US)
    came(st, [bomber, escort, attacker], "sz_6", "japan")
    came(st, u(st, "japan", "infantry", US), "sz_6", "japan")
    st.raids = [BombingRaid(target="japan", bombers=[bomber], escorts=[escort])]
    return game, begin_combat(game, st)


def test_r_sbr_2_escort_and_bomber_stay_out_of_the_normal_attack() -> None:
    _game, st = _raid_and_attack_on_japan()
    bomber = u(st, "japan", "bomber", US)[0]
    escort, attacker = u(st, "japan", "fighter", US)
    raid, land = st.battles
    assert raid.kind is BattleKind.RAID and raid.attackers == sorted([bomber, escort])
    assert land.kind is BattleKind.LAND
    assert land.attackers == sorted([attacker, *u(st, "japan", "infantry", US)])


def test_r_sbr_3_interceptor_does_not_defend_against_the_normal_attack() -> None:
    game, st = _raid_and_attack_on_japan()
    start = st
    interceptor, other = u(st, "japan", "fighter", J)
    st, _, _ = play(game, st, [SelectBattle(space="japan")], [])
    # Raid: AA at bomber and escort, interceptor at 2, escort at 1, one bomber's damage.
    st, ev, _ = play(game, st, [Intercept(fighters=(interceptor,))], [6, 6, 6, 6, 3])
    assert [r[1:] for r in _rolls(ev)] == [(1, (6, 6)), (2, (6,)), (1, (6,)), (None, (3,))]
    assert st.treasury[J] == 37 and st.units[interceptor].fought
    # The normal attack: the AA gun fires again, at the one attacking fighter (decision in the
    # module docstring); the interceptor is not among the defenders.
    st, ev, _ = play(game, st, [SelectBattle(space="japan")], [6, 6, 1])
    land = st.battles[1]
    assert interceptor not in land.defenders and other in land.defenders
    assert _rolls(ev) == [("AA fire in japan at 1 aircraft, hit on 1", 1, (6,)),
                          ("Attack in japan", 1, (6,)), ("Attack in japan", 3, (1,))]
    # The defender may not name the interceptor as a casualty of this battle.
    before = snapshot(st)
    err = game.why_illegal(st, ChooseCasualties(units=(interceptor,)))
    assert err is not None and err.rule == "R-COMBAT-6"
    assert snapshot(st) == before
    infantry = u(st, "japan", "infantry", J)[0]
    st, ev, _ = play(game, st, [ChooseCasualties(units=(infantry,))], [6, 1])
    # Defence: the set-aside infantry at 2 and the one fighter still defending at 4 - one
    # die each; with the interceptor it would have been two fighter dice.
    assert sorted((r[1], len(r[2])) for r in _rolls(ev)) == [(2, 1), (4, 1)]
    assert st.pending is not None and st.pending.side == "attacker"
    assert st.pending.count == 1
    st, _, _ = play(game, st, [ChooseCasualties(units=u(st, "japan", "infantry", US)),
                               Retreat(to="anhwe")], [])
    end_combat(game, start, st, ipcs={J: -3})


def test_r_sbr_2_escort_stays_out_of_an_assault_on_the_raided_territory() -> None:
    """India, held by Japan, is raided (bomber and escort) and assaulted from zone 1: the
    landing's land attack is worked out after the landing; the raiders, still in India, are not
    part of it."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"india": "1 industrial_complex japan, 1 infantry japan, "
                                        "1 bomber usa, 1 fighter usa",
                               "sz_1": "1 transport usa, 1 infantry usa"},
                        owners={"india": J}, treasury={J: 40})
    bomber = u(st, "india", "bomber", US)[0]
    escort = u(st, "india", "fighter", US)[0]
    tr = u(st, "sz_1", "transport")[0]
    inf = u(st, "sz_1", "infantry")[0]
    st.unit(inf).carried_by = tr
    came(st, [bomber, escort], "sz_2", "sz_1", "india")
    came(st, [tr, inf], "sz_2", "sz_1")
    st.raids = [BombingRaid(target="india", bombers=[bomber], escorts=[escort])]
    st.amphibious_assaults = [AmphibiousAssault(target="india", sea_zones=["sz_1"],
                                                ships=[tr], landing_units=[inf])]
    st = start = begin_combat(game, st)
    # The raid: AA none (no gun), no interceptors, one bomber's damage.
    st, ev, _ = play(game, st, [SelectBattle(space="india")], [4])
    assert _rolls(ev) == [("Bombing of india", None, (4,))] and st.treasury[J] == 36
    st, ev, _ = play(game, st, [SelectBattle(space="india")], [6, 1])
    land = st.battles[1]
    assert land.attackers == [inf] and land.landed == [inf]
    assert _rolls(ev) == [("Attack in india", 1, (6,)), ("Defence in india", 2, (1,))]
    end_combat(game, start, st, ipcs={J: -4})


def test_r_combat_3_defending_fighter_of_a_sunk_carrier_does_not_defend_again() -> None:
    """An Indian fighter defends zone 1; its carrier sinks, it lands on the carrier in zone 2
    (R-CARRIER-8), where Japan attacks next: it took part in its battle and neither fires nor
    may be chosen as a casualty there (decision in the module docstring)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_1": "1 carrier india, 1 fighter india, 1 battleship japan",
                               "sz_2": "1 carrier india, 1 destroyer india, "
                                       "1 destroyer japan"})
    carrier = u(st, "sz_1", "carrier")[0]
    fighter = u(st, "sz_1", "fighter")[0]
    st.unit(fighter).carried_by = carrier
    came(st, u(st, "sz_1", "battleship"), "sz_10", "sz_2", "sz_1")
    came(st, u(st, "sz_2", "destroyer", J), "sz_10", "sz_2")
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_1"),
                               ChooseCasualties(units=(carrier,))], [1, 1, 1])
    assert st.pending is not None and st.pending.decision == "land_fighter"
    st, _, _ = play(game, st, [LandFighter(unit=fighter, to="sz_2")], [])
    assert st.units[fighter].space == "sz_2" and st.units[fighter].fought
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    assert fighter not in st.battles[1].defenders
    before = snapshot(st)
    err = game.why_illegal(st, ChooseCasualties(units=(fighter,)))
    assert err is not None and err.rule == "R-COMBAT-6"
    assert snapshot(st) == before
    st, ev, _ = play(game, st, [ChooseCasualties(units=(u(st, "sz_2", "destroyer", IN)[0],))],
                     [6, 6])
    # Carrier and destroyer defend at 3 (two dice, the set-aside destroyer included); no
    # fighter die at 4.
    assert _rolls(ev) == [("Defence in sz_2", 3, (6, 6))]
    end_combat(game, start, play(game, st, [Retreat(to="sz_10")], [])[0])
