"""Amphibious assaults, strategic bombing and kamikazes, one test per rule: R-AMPH-*,
R-MARINE-2, R-SBR-*, R-KAMI-* (mini board)."""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, hit_values, play, production, shift
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    Intercept,
    Kamikaze,
    PressOn,
    Retreat,
    SelectBattle,
)
from pacific.rules.actions.economy import ChooseOwner
from pacific.rules.battle_records import BattleKind
from pacific.rules.events import DiceRolled, Event
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA


def _purposes(events: list[Event]) -> list[str]:
    return [e.purpose.split(" ")[0] for e in events if isinstance(e, DiceRolled)]


def burma_assault(ships: str, defence: str = "1 infantry india", extra: str = ""):  # type: ignore[no-untyped-def]
    """Japan lands 1 infantry in Burma from a transport in zone 2 (with ``ships``)."""
    units = {"sz_2": "1 transport japan, 1 infantry japan" + (", " + ships if ships else ""),
             "burma": defence}
    if extra:
        units["siam"] = extra
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, units=units)
    tr = u(st, "sz_2", "transport", J)[0]
    inf = u(st, "sz_2", "infantry", J)[:1]
    for i in inf:
        st.unit(i).carried_by = tr
    came(st, [x.id for x in st.units.values() if x.space == "sz_2"], "sz_10", "sz_2")
    for x in [x for x in st.units.values() if x.space == "siam"]:
        x.space = "burma"
        came(st, [x.id], "siam", "burma")
    st.amphibious_assaults = [AmphibiousAssault(target="burma", sea_zones=["sz_2"],
                                                ships=[tr], landing_units=inf)]
    return game, begin_combat(game, st), tr, inf


def test_r_amph_1_call_off_then_no_landing_and_no_redirect() -> None:
    game, st, tr, inf = burma_assault("")
    start = st
    before = snapshot(st)
    refused = game.why_illegal(st, CallOffAssault(target="siam"))
    assert refused is not None and refused.rule == "R-AMPH-1"
    assert snapshot(st) == before
    st, _, _ = play(game, st, [CallOffAssault(target="burma"), SelectBattle(space="burma")], [])
    assert st.units[inf[0]].carried_by == tr and st.battles[0].outcome == "X"
    end_combat(game, start, st)


def test_r_amph_2_and_6_cover_fire_then_adjacent_units_join() -> None:
    """R-AMPH-2: Cover fire: battleship at 4, destroyer at 2; a casualty set aside fires in round 1;
    infantry from adjacent Siam joins the landing."""
    game, st, _, inf = burma_assault("1 battleship japan, 1 destroyer japan",
                                     defence="2 infantry india", extra="1 infantry japan")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [2, 6])
    assert hit_values(ev) == [(2, 1), (4, 1)] and _purposes(ev) == ["Cover", "Cover"]
    hit = u(st, "burma", "infantry", IN)[0]
    st, ev, _ = play(game, st, [ChooseCasualties(units=(hit,))], [1, 6, 6, 6])
    assert hit_values(ev) == [(1, 2), (2, 2)]       # the set-aside defender fires (R-AMPH-6)
    assert st.battles[0].attackers == sorted([*inf, u(st, "burma", "infantry", J)[-1]])
    assert all(st.units[s].fought for s in u(st, "sz_2", "battleship") + u(st, "sz_2",
                                                                          "destroyer"))
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_amph_5_unloading_japanese_destroyer_gives_no_cover_fire() -> None:
    game, st, _tr, inf = burma_assault("1 destroyer japan, 1 infantry japan")
    dd = u(st, "sz_2", "destroyer", J)[0]
    extra = next(i for i in u(st, "sz_2", "infantry", J) if i not in inf)
    st.unit(extra).carried_by = dd
    st.amphibious_assaults[0].ships.append(dd)
    st.amphibious_assaults[0].landing_units.append(extra)
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 6, 6])
    assert "Cover" not in _purposes(ev)
    assert hit_values(ev) == [(1, 2), (2, 1)]
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_amph_3_land_units_cannot_retreat() -> None:
    game, st, _, _ = burma_assault("")
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 6, 1, 6])
    # Three rounds run without any retreat decision until the landing wins.
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_amph_4_transport_that_retreated_cannot_unload() -> None:
    game, st, tr, inf = burma_assault("1 destroyer japan, 1 destroyer india")
    start = st
    refused = game.why_illegal(st, SelectBattle(space="burma"))
    assert refused is not None and refused.rule == "R-AMPH-6"
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 6])
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [])
    assert st.units[inf[0]].carried_by == tr and st.units[tr].space == "sz_10"
    assert next(b for b in st.battles if b.space == "burma").outcome == "X"
    end_combat(game, start, st)


def test_r_amph_7_committed_aircraft_fight_a_round_though_called_off() -> None:
    game, st, _, _ = burma_assault("", extra="1 fighter japan")
    start = st
    st, ev, _ = play(game, st, [CallOffAssault(target="burma"),
                                SelectBattle(space="burma")], [6, 6])
    assert hit_values(ev) == [(3, 1), (2, 1)]
    assert st.pending is not None and bool(st.pending.retreat_to)
    st, _, _ = play(game, st, [Retreat(to="siam")], [])
    end_combat(game, start, st)


def test_r_marine_2_marine_from_adjacent_territory_at_2_when_someone_lands() -> None:
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_2": "1 transport usa, 1 infantry usa",
                               "burma": "1 marine usa", "siam": "1 infantry japan"})
    tr = u(st, "sz_2", "transport")[0]
    inf = u(st, "sz_2", "infantry")
    st.units[inf[0]].carried_by = tr
    mar = u(st, "burma", "marine")[0]
    st.unit(mar).space = "siam"
    came(st, [mar], "burma", "siam")
    st.amphibious_assaults = [AmphibiousAssault(target="siam", sea_zones=["sz_2"],
                                                ships=[tr], landing_units=inf)]
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="siam")], [6, 1, 6])
    assert hit_values(ev) == [(1, 1), (2, 1), (2, 1)]   # infantry 1, Marine 2, defender 2
    # Siam taken in the US turn: the USA or China (R-CAPTURE-11); Japan keeps its route, so
    # Siam counts for nobody (R-CONVOY-13).
    st, _, _ = play(game, st, [ChooseOwner(territory="siam", nation=US)], [])
    levels = production(game, start)
    end_combat(game, start, st, owners={"siam": US},
               levels={"japan": levels["japan"] - game.board.territory_by_id["siam"].ipc})


# ---- strategic bombing ----

def raid(units: str, bombers: int = 1, escorts: int = 0, **kw: object):  # type: ignore[no-untyped-def]
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"japan": "1 industrial_complex japan, " + units},
                        treasury={J: 40}, **kw)  # type: ignore[arg-type]
    b = u(st, "japan", "bomber", US)[:bombers]
    e = u(st, "japan", "fighter", US)[:escorts]
    st.raids = [BombingRaid(target="japan", bombers=b, escorts=e)]
    return game, begin_combat(game, st)


def test_r_sbr_1_only_bombers_bomb() -> None:
    game, st = raid("1 bomber usa, 1 fighter usa", escorts=1)
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="japan")], [5])
    assert hit_values(ev) == [(None, 1)] and st.treasury[J] == 35
    end_combat(game, start, st, ipcs={J: -5})


def test_r_sbr_2_raiders_stay_out_of_the_normal_attack() -> None:
    game, st = raid("1 bomber usa, 1 infantry japan, 1 infantry usa")
    came(st, u(st, "japan", "infantry", US), "sz_6", "japan")
    from pacific.rules.combat.start import find_battles
    battles = find_battles(game.board, st)
    land = next(b for b in battles if b.kind is BattleKind.LAND)
    assert u(st, "japan", "bomber")[0] not in land.attackers
    # The raid (the bomber rolls 4), then the landing fails (US 6 misses, Japan 1 hits).
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="japan"), SelectBattle(space="japan")],
                    [4, 6, 1])
    end_combat(game, start, st, ipcs={J: -4})


def test_r_sbr_3_interceptors_named_by_defender_only_from_the_territory() -> None:
    game, st = raid("1 bomber usa, 1 fighter japan, 1 fighter japan")
    st.add_unit(st.units[u(st, "japan", "fighter", J)[0]].type, J, "korea")
    st, _, _ = play(game, st, [SelectBattle(space="japan")], [])
    elsewhere = u(st, "korea", "fighter", J)[0]
    before = snapshot(st)
    refused = game.why_illegal(st, Intercept(fighters=(elsewhere,)))
    assert refused is not None and refused.rule == "R-SBR-3"
    assert snapshot(st) == before
    first = u(st, "japan", "fighter", J)[0]
    start = st
    st, ev, _ = play(game, st, [Intercept(fighters=(first,))], [6, 3])
    assert hit_values(ev) == [(2, 1), (None, 1)]
    end_combat(game, start, st, ipcs={J: -3})


def test_r_sbr_4_aa_hits_are_chosen_by_the_attacker() -> None:
    game, st = raid("1 aa_gun japan, 2 bomber usa", bombers=2)
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="japan")], [1, 6])
    assert st.pending is not None and st.pending.power == "us"
    lost = u(st, "japan", "bomber", US)[0]
    st, _, _ = play(game, st, [ChooseCasualties(units=(lost,))], [4])
    assert lost not in st.units
    end_combat(game, start, st, ipcs={J: -4})


def test_r_sbr_5_vp_lost_per_ten_ipc_paid() -> None:
    """R-SBR-5: Japan loses 1 VP per 10 IPCs it pays for a raid."""
    game, st = raid("3 bomber usa", bombers=3, victory_points=3)
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="japan")], [6, 6, 6])
    assert st.treasury[J] == 22 and st.victory_points == 2
    end_combat(game, start, st, ipcs={J: -18}, vp=-1)


def test_r_sbr_7_interceptors_lost_when_the_territory_falls() -> None:
    game, st = raid("1 bomber usa, 1 fighter japan, 1 infantry japan, 2 infantry usa")
    came(st, u(st, "japan", "infantry", US), "sz_6", "japan")
    jf = u(st, "japan", "fighter", J)[0]
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="japan"), Intercept(fighters=(jf,))], [6, 6])
    st, _ev, _ = play(game, st, [SelectBattle(space="japan")], [1, 6, 6])
    land = next(b for b in st.battles if b.kind is BattleKind.LAND)
    assert jf not in land.defenders
    assert st.territory_owner["japan"] is US and jf not in st.units
    # The bomb cost Japan 6; the capital's fall hands the other 34 to the USA (R-CAPITAL-7).
    end_combat(game, start, st, owners={"japan": US}, ipcs={J: -40, US: 34},
               levels=shift(game, start, US, J, "japan"))


def test_oq3_21_first_turn_lowers_allied_interceptors() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, round=1,
                        units={"india": "1 industrial_complex india, 1 fighter india, "
                                        "1 bomber japan"}, treasury={IN: 10})
    st.raids = [BombingRaid(target="india", bombers=u(st, "india", "bomber"))]
    st = start = begin_combat(game, st)
    jf = u(st, "india", "fighter", IN)[0]
    st, ev, _ = play(game, st, [SelectBattle(space="india"), Intercept(fighters=(jf,))],
                     [6, 4])
    assert hit_values(ev) == [(1, 1), (None, 1)] and st.treasury[IN] == 6
    end_combat(game, start, st, ipcs={IN: -4})


def test_r_sbr_3_the_interception_is_told_in_the_log_and_so_is_none() -> None:
    """The defender's choice of interceptors is an event of its own, before their dice, in
    English and in the player's language; sending none up is told too."""
    from pacific.text import describe_event, using_language

    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, round=2,
                        units={"india": "1 industrial_complex india, 2 fighter india, "
                                        "1 bomber japan"}, treasury={IN: 10})
    st.raids = [BombingRaid(target="india", bombers=u(st, "india", "bomber"))]
    st = begin_combat(game, st)
    fighters = u(st, "india", "fighter", IN)
    asked, _, _ = play(game, st, [SelectBattle(space="india")], [])
    st, ev, _ = play(game, asked, [Intercept(fighters=tuple(fighters))], [6, 6, 4])
    told = [e for e in ev if e.kind == "fighters_intercepted"]
    assert [e.describe() for e in told] == [
        "india intercepts the bombing raid on india with 2 fighters (R-SBR-3)"]
    assert ev.index(told[0]) < next(i for i, e in enumerate(ev) if isinstance(e, DiceRolled))
    with using_language("it"):
        assert describe_event(told[0], game.board, asked) == \
            "L'India intercetta il bombardamento strategico dell'India con 2 caccia (R-SBR-3)"
    _, ev, _ = play(game, asked, [Intercept(fighters=())], [4])
    assert describe_event(next(e for e in ev if e.kind == "fighters_intercepted"),
                          game.board, asked) == \
        "India sends no fighter up against the bombing raid on India (R-SBR-3)"


# ---- kamikaze ----

def us_fleet_in_sz5(units: str = "1 battleship usa, 1 destroyer usa, 1 submarine usa",
                    extra: dict[str, str] | None = None, **kw: object):  # type: ignore[no-untyped-def]
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_5": units, **(extra or {})}, **kw)  # type: ignore[arg-type]
    came(st, [x.id for x in st.units.values() if x.space == "sz_5" and x.owner is US],
         "sz_9", "sz_5")
    return game, begin_combat(game, st)


def test_r_kami_3_4_japan_asked_after_allied_ship_moves_in() -> None:
    """R-KAMI-3, R-KAMI-4: Japan is asked in the US combat phase."""
    game, start = us_fleet_in_sz5()
    assert start.pending is not None and start.pending.decision == "kamikaze"
    assert start.pending.power == "japan" and list(start.pending.zones) == ["sz_5"]
    st, _, _ = play(game, start, [Kamikaze(targets=())], [])
    end_combat(game, start, st)


def test_r_kami_4_no_declaration_when_no_ship_moved_in() -> None:
    """R-KAMI-4: no kamikaze decision when no Allied ship moved in."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_5": "1 battleship usa"})
    st = begin_combat(game, st)
    assert st.pending is None
    end_combat(game, st, st)


def test_r_kami_1_2_5_refusals() -> None:
    game, st = us_fleet_in_sz5(kamikaze_tokens=2)
    bb = u(st, "sz_5", "battleship")[0]
    sub = u(st, "sz_5", "submarine")[0]
    before = snapshot(st)
    for targets, rule in (((bb, bb, bb), "R-KAMI-1"), ((sub,), "R-KAMI-5")):
        refused = game.why_illegal(st, Kamikaze(targets=targets))
        assert refused is not None and refused.rule == rule
    assert snapshot(st) == before
    end = end_combat(game, st, play(game, st, [Kamikaze(targets=(bb, bb))], [6, 6])[0])
    assert end.kamikaze_tokens == 0


def test_r_kami_2_only_kamikaze_zones() -> None:
    game, st = us_fleet_in_sz5(extra={"sz_9": "1 destroyer usa"})
    other = u(st, "sz_9", "destroyer")[0]
    refused = game.why_illegal(st, Kamikaze(targets=(other,)))
    assert refused is not None and refused.rule == "R-KAMI-5"
    end_combat(game, st, play(game, st, [Kamikaze(targets=())], [])[0])


def test_r_kami_6_each_hits_its_target_on_2_spent_either_way() -> None:
    game, st = us_fleet_in_sz5()
    bb, dd = u(st, "sz_5", "battleship")[0], u(st, "sz_5", "destroyer")[0]
    start = st
    st, ev, _ = play(game, st, [Kamikaze(targets=(dd, bb, bb))], [2, 1, 3])
    assert hit_values(ev) == [(2, 3)]
    assert dd not in st.units and st.units[bb].damaged
    assert st.kamikaze_tokens == 3
    end_combat(game, start, st)


def test_r_kami_7_kamikaze_attack_bars_cover_fire() -> None:
    """R-KAMI-7: ships under kamikaze attack give no cover fire."""
    game, st = us_fleet_in_sz5("1 battleship usa, 1 transport usa, 1 infantry usa",
                               extra={"marianas": "1 infantry japan"})
    tr = u(st, "sz_5", "transport")[0]
    inf = u(st, "sz_5", "infantry", US)
    st.units[inf[0]].carried_by = tr
    st.amphibious_assaults = [AmphibiousAssault(target="marianas", sea_zones=["sz_5"],
                                                ships=[tr], landing_units=inf)]
    st = start = begin_combat(game, st)
    bb = u(st, "sz_5", "battleship")[0]
    st, ev, _ = play(game, st, [Kamikaze(targets=(bb,)), SelectBattle(space="marianas")],
                     [6, 1, 6])
    assert "Cover" not in _purposes(ev)
    end_combat(game, start, st, owners={"marianas": US},
               levels=shift(game, start, US, J, "marianas"))


def test_r_kami_8_in_a_naval_battle_sunk_ships_still_fire() -> None:
    """R-KAMI-8: a ship sunk by kamikazes still fires in round 1."""
    game, st = us_fleet_in_sz5("1 destroyer usa", extra={})
    st.add_unit(st.units[u(st, "sz_5", "destroyer")[0]].type, J, "sz_5")
    st = start = begin_combat(game, st)
    dd = u(st, "sz_5", "destroyer", US)[0]
    st, ev, _ = play(game, st, [Kamikaze(targets=(dd,)), SelectBattle(space="sz_5")], [1, 1])
    # The sunk destroyer still fires (and sinks its enemy); the Japanese destroyer has no
    # target left: it cannot fire at the kamikazes.
    assert _purposes(ev) == ["Kamikaze", "Attack"]
    assert st.battles[0].outcome == "D"
    end_combat(game, start, st)


def test_oq3_2_japan_turn_only_inside_its_naval_battle() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_5": "1 destroyer japan, 1 battleship usa"})
    came(st, u(st, "sz_5", "destroyer", J), "sz_6", "sz_5")
    st = start = begin_combat(game, st)
    assert st.pending is None
    st, _, _ = play(game, st, [SelectBattle(space="sz_5")], [])
    assert st.pending is not None and st.pending.decision == "kamikaze"
    bb = u(st, "sz_5", "battleship")[0]
    st, ev, _ = play(game, st, [Kamikaze(targets=(bb,))], [2, 6, 6])
    assert _purposes(ev) == ["Kamikaze", "Attack", "Defence"]
    assert st.kamikaze_tokens == 5
    st, _, _ = play(game, st, [Retreat(to="sz_6")], [])
    end_combat(game, start, st)


def test_press_on_refused_without_a_decision() -> None:
    game, st, _, _ = burma_assault("")
    before = snapshot(st)
    refused = game.why_illegal(st, PressOn())
    assert refused is not None and snapshot(st) == before
    refused = game.why_illegal(st, ChooseCasualties(units=()))
    assert refused is not None
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [1, 6])
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))
