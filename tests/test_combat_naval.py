"""Naval battles, one test per rule: R-NAVAL-*, R-SUB-*, R-BB-*, R-MULTI-*, R-CONVOY-6,
R-CARRIER-8 (mini board)."""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, hit_values, play, production
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import (
    ChooseCasualties,
    LandFighter,
    PressOn,
    Retreat,
    SelectBattle,
    Submerge,
)
from pacific.rules.battle_views import battle_result
from pacific.rules.combat.events import BattleEnded
from pacific.rules.events import DiceRolled
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.text.events import describe_event
from pacific.text.values import message_text

J, IN, AU, US = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA


def sea(zone: str, units: str, power: Power = Power.JAPAN, origin: str = "sz_10", **kw: object):  # type: ignore[no-untyped-def]
    """A naval battle in ``zone``; the phasing power's units came from ``origin``."""
    game, st = scenario(power=power, phase=Phase.COMBAT, units={zone: units}, **kw)  # type: ignore[arg-type]
    mine = [x.id for x in st.units.values()
            if (x.owner is J) == (power is Power.JAPAN) and x.carried_by is None]
    came(st, mine, origin, zone)
    return game, st


def siam_route_taken(game, start):  # type: ignore[no-untyped-def]
    """The production levels once the Allies take zone 2, Siam's convoy route: Japan holds
    Siam but no longer counts it (R-CONVOY-13)."""
    levels = production(game, start)
    return {"japan": levels["japan"] - game.board.territory_by_id["siam"].ipc}


def test_r_naval_1_order_first_strike_attack_defence() -> None:
    game, st = sea("sz_2", "1 submarine japan, 1 battleship japan, 1 carrier india")
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [])
    assert st.pending is not None and st.pending.decision == "round"   # submerge first?
    assert not getattr(st.pending, "retreat_to", ())                         # OQ3-10
    st, ev, _ = play(game, st, [PressOn()], [6, 6, 6])
    assert [e.purpose.split(" in ")[0] for e in ev if isinstance(e, DiceRolled)] == \
        ["First strike", "Attack", "Defence"]
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    end_combat(game, start, st)


def test_r_naval_2_transports_never_attack_and_cargo_sinks() -> None:
    """R-NAVAL-2: transports never attack; cargo is never a casualty and sinks."""
    game, st = sea("sz_2", "1 transport japan, 1 destroyer japan, 1 destroyer india, "
                           "1 transport india, 1 infantry india")
    cargo = u(st, "sz_2", "infantry", IN)[0]
    st.unit(cargo).carried_by = u(st, "sz_2", "transport", IN)[0]
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    assert hit_values(ev) == [(3, 1)]               # the Japanese transport does not roll
    before = snapshot(st)
    refused = game.why_illegal(st, ChooseCasualties(units=(cargo,)))
    assert refused is not None and refused.rule == "R-COMBAT-6"
    assert snapshot(st) == before
    tr = u(st, "sz_2", "transport", IN)[0]
    st, ev, _ = play(game, st, [ChooseCasualties(units=(tr,))], [6, 6])
    assert hit_values(ev) == [(1, 1), (3, 1)]       # the transport set aside fires; cargo never
    assert cargo not in st.units and tr not in st.units
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    end_combat(game, start, st)


def test_r_naval_3_retreat_to_a_friendly_zone_came_from() -> None:
    game, st = sea("sz_2", "1 destroyer japan, 1 destroyer india", origin="sz_10")
    st.add_unit(st.units[2].type, IN, "sz_1")     # enemies in sz_1
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 6])
    assert st.pending is not None and list(st.pending.retreat_to) == ["sz_10"]
    before = snapshot(st)
    refused = game.why_illegal(st, Retreat(to="sz_1"))
    assert refused is not None and refused.rule == "R-LAND-2"
    assert snapshot(st) == before
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    assert st.units[1].space == "sz_10" and st.battles[0].outcome == "A"
    end_combat(game, start, st)


def test_r_naval_4_d_both_sides_destroyed() -> None:
    game, st = sea("sz_2", "1 destroyer japan, 1 destroyer india")
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 1])
    assert st.battles[0].outcome == "D" and list(st.units_at("sz_2")) == []
    end_combat(game, start, st)                  # R-CONVOY-6: nobody captures the zone


def test_r_naval_4_d_is_said_as_sunk_or_submerged_at_sea() -> None:
    """At sea, outcome D counts a side's submerged submarines as gone (R-NAVAL-4 D): the log
    and the battle board must not say "destroyed" of a side whose submarine is still there."""
    game, st = sea("sz_2", "1 destroyer japan, 1 destroyer india")
    st = begin_combat(game, st)
    st, events, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 1])
    ended = next(e for e in events if isinstance(e, BattleEnded))
    logged = describe_event(ended, game.board)
    shown = message_text(battle_result(game.board, st.battles[0]), game.board)
    assert "sunk or submerged" in logged and "destroyed" not in logged
    assert "sunk or submerged" in shown and "destroyed" not in shown


def test_r_naval_5_defending_carrier_fighters_fight_attacking_cargo_does_not() -> None:
    game, st = sea("sz_2", "1 destroyer japan, 1 carrier japan, 1 fighter japan, "
                           "1 carrier india, 1 fighter india")
    jcv, icv = u(st, "sz_2", "carrier", J)[0], u(st, "sz_2", "carrier", IN)[0]
    st.units[u(st, "sz_2", "fighter", J)[0]].carried_by = jcv
    st.units[u(st, "sz_2", "fighter", IN)[0]].carried_by = icv
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 6, 6, 6])
    # Japan: carrier (1), destroyer (3); its cargo fighter does not fire (R-CARRIER-2).
    # India: carrier (3), fighter (4).
    assert hit_values(ev) == [(1, 1), (3, 1), (3, 1), (4, 1)]
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    end_combat(game, start, st)


def test_r_carrier_8_landing_decision_after_the_battle() -> None:
    game, st = sea("sz_1", "1 submarine japan, 1 carrier india, 1 fighter india",
                   origin="sz_2")
    cv = u(st, "sz_1", "carrier", IN)[0]
    ftr = u(st, "sz_1", "fighter", IN)[0]
    st.unit(ftr).carried_by = cv
    st = start = begin_combat(game, st)
    # First strike sinks the carrier at once; the fighter cannot hit the sub: outcome E.
    st, _, _ = play(game, st, [SelectBattle(space="sz_1"), PressOn()], [1])
    assert st.battles[0].outcome == "E"
    assert st.pending is not None and st.pending.decision == "land_fighter"
    assert list(st.pending.options) == ["burma", "india"]
    before = snapshot(st)
    refused = game.why_illegal(st, LandFighter(unit=ftr, to="sz_2"))
    assert refused is not None and refused.rule == "R-CARRIER-8"
    assert snapshot(st) == before
    st, _, _ = play(game, st, [LandFighter(unit=ftr, to="india")], [])
    assert st.units[ftr].space == "india" and st.pending is None
    # Outcome E: the unsubmerged submarine takes the British convoy centre (R-CONVOY-6).
    levels = production(game, start)
    end_combat(game, start, st, convoys={"sz_1": J},
               levels={"british_convoy": levels["british_convoy"] - 4})


def test_r_sub_8_and_r_naval_6_submerged_subs_only_no_battle() -> None:
    """R-SUB-8: a zone with only submerged subs is not occupied."""
    game, st = sea("sz_2", "1 submarine india, 1 destroyer japan")
    st.units[u(st, "sz_2", "submarine")[0]].submerged = True
    st = begin_combat(game, st)
    assert st.battles == []
    end_combat(game, st, st)


def test_r_sub_1_and_2_first_strike_removed_at_once() -> None:
    """R-SUB-1, R-SUB-2: an attacking sub hits on 2 first; the casualty never fires."""
    game, st = sea("sz_2", "1 submarine japan, 1 transport india")
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2"), PressOn()], [2])
    assert hit_values(ev) == [(2, 1)]               # the transport never fires back
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st)                  # a submarine alone takes no convoy zone


def test_r_sub_3_no_first_strike_with_enemy_destroyer_even_allied_r_multi_5() -> None:
    """R-SUB-3, R-MULTI-5: a US destroyer cancels first strike against India's foe."""
    game, st = sea("sz_2", "1 submarine japan, 1 transport india, 1 destroyer usa")
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2"), PressOn()], [6, 6, 6])
    assert [e.purpose.split(" in ")[0] for e in ev if isinstance(e, DiceRolled)] == \
        ["Attack", "Defence", "Defence"]
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    end_combat(game, start, st)


def test_r_sub_6_defender_submerges_instead_of_firing() -> None:
    game, st = sea("sz_2", "1 destroyer japan, 2 submarine india")
    subs = u(st, "sz_2", "submarine", IN)
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    st, _, _ = play(game, st, [ChooseCasualties(units=(subs[0],))], [])
    assert st.pending is not None and st.pending.decision == "defender_submerge"
    before = snapshot(st)
    refused = game.why_illegal(st, Submerge(units=(subs[0],)))   # OQ3-8: already a casualty
    assert refused is not None and refused.rule == "R-SUB-6"
    assert snapshot(st) == before
    st, ev, _ = play(game, st, [Submerge(units=(subs[1],))], [6])
    assert hit_values(ev) == [(2, 1)]               # only the set-aside sub fires
    assert st.units[subs[1]].submerged and subs[0] not in st.units
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st)


def test_r_bb_4_first_strike_on_damaged_battleship_sinks_at_once() -> None:
    """R-BB-4: two first-strike hits sink a battleship unanswered."""
    game, st = sea("sz_2", "2 submarine japan, 1 battleship india")
    bb = u(st, "sz_2", "battleship", IN)[0]
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2"), PressOn()], [1, 1])
    assert bb not in st.units and hit_values(ev) == [(2, 2)]   # never fires back
    end_combat(game, start, st)


def test_r_bb_1_and_2_battleship_absorbs_one_hit() -> None:
    game, st = sea("sz_2", "1 destroyer japan, 1 battleship india, 1 transport india")
    bb = u(st, "sz_2", "battleship", IN)[0]
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    from pacific.rules.combat.casualties import suggest
    battle = st.battles[0]
    assert battle.hits is not None and suggest(st, battle, battle.hits) == [bb]
    st, ev, _ = play(game, st, [ChooseCasualties(units=(bb,))], [6, 6])
    assert st.units[bb].damaged and hit_values(ev) == [(1, 1), (4, 1)]
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    end_combat(game, start, st)


def test_r_multi_3_and_4_other_ally_does_not_fire_and_battle_ends_with_attacker() -> None:
    """R-MULTI-3: only the attacking power's units fight."""
    game, st = sea("sz_2", "1 destroyer usa, 1 destroyer india, 1 destroyer japan",
                   power=Power.US)
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 1])
    assert hit_values(ev) == [(3, 1), (3, 1)]       # the Indian destroyer never rolls
    st, _, _ = play(game, st, [ChooseCasualties(units=(u(st, "sz_2", "destroyer", US)[0],))],
                    [])
    assert st.battles[0].outcome == "B"          # India does not carry the battle on
    assert u(st, "sz_2", "destroyer", IN) and u(st, "sz_2", "destroyer", J)
    end_combat(game, start, st)


def test_r_convoy_6_warship_survivor_captures_convoy_zone() -> None:
    game, st = sea("sz_2", "1 destroyer india, 1 transport japan", power=Power.UK)
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 6])
    assert st.convoy_holder.get("sz_2") is IN
    end_combat(game, start, st, convoys={"sz_2": IN}, levels=siam_route_taken(game, start))


def test_r_convoy_6_submarine_alone_does_not_capture() -> None:
    game, st = sea("sz_2", "1 submarine india, 1 transport japan", power=Power.UK)
    st = start = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_2"), PressOn()], [1])
    assert st.battles[0].outcome == "C" and "sz_2" not in st.convoy_holder
    end_combat(game, start, st)


def test_r_naval_6_units_staying_with_enemies_fight() -> None:
    """R-NAVAL-6 / OQ3-12: a ship that stays in a zone with a surfaced enemy sub fights."""
    game, st = scenario(power=Power.UK, phase=Phase.COMBAT,
                        units={"sz_2": "1 destroyer india, 1 submarine japan"})
    st = start = begin_combat(game, st)
    assert [b.space for b in st.battles] == ["sz_2"]
    # The destroyer hits (1), the submarine, hit, fires back and misses (6).
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 6])
    end_combat(game, start, st, convoys={"sz_2": IN}, levels=siam_route_taken(game, start))


def test_r_aa_3_aa_guns_aboard_transports_never_fire() -> None:
    """R-AA-3: an AA gun aboard a transport never fires."""
    game, st = sea("sz_2", "1 fighter japan, 1 transport india, 1 aa_gun india")
    tr = u(st, "sz_2", "transport", IN)[0]
    st.units[u(st, "sz_2", "aa_gun")[0]].carried_by = tr
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 6])
    assert hit_values(ev) == [(3, 1), (1, 1)]       # no AA die; the transport defends at 1
    assert st.battles[0].outcome == "C"
    end_combat(game, start, st)                  # aircraft take no convoy zone


def test_r_multi_1_and_2_allies_defend_together_one_power_decides() -> None:
    """India and Australia are both British (R-MULTI-1); all Allies present defend together and
    each fires (R-MULTI-2); the power with most units there answers for the casualties."""
    game, st = sea("sz_2", "2 destroyer japan, 1 destroyer india, 1 destroyer australia, "
                           "1 transport usa")
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 6])
    assert st.pending is not None and st.pending.power == "uk"
    assert game.current_power(st) is Power.UK
    us_tr = u(st, "sz_2", "transport", US)[0]
    st, ev, _ = play(game, st, [ChooseCasualties(units=(us_tr,))], [6, 6, 6])
    assert hit_values(ev) == [(1, 1), (3, 2)]       # the US transport (set aside) fires too
    st, _, _ = play(game, st, [Retreat(to="sz_10")], [])
    end_combat(game, start, st)
