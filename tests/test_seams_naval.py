"""Where ships, cargo and patrols pass from movement to combat (mini board): carrier fighters
(R-CARRIER-7, R-CARRIER-8, R-NAVAL-5, OQ2-6), combat air patrols in battles (R-CAP-3, R-CAP-4,
R-CAP-6), cargo (R-TRANS-14, R-JDD-2, OQ2-9), Japanese destroyers unloading (R-JDD-4,
R-AMPH-5), transports after a naval battle (R-TRANS-12, R-AMPH-4, R-AMPH-6, R-AMPH-7), and the
turn reset giving every unit its own path list."""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, play, shift
from movement_helpers import ok, refused
from scenario import scenario, snapshot, u

from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    LandFighter,
    PressOn,
    Retreat,
    SelectBattle,
)
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move, Unload
from pacific.rules.battle_records import BattleKind
from pacific.rules.combat.events import UnitsLost
from pacific.rules.events import DiceRolled, Event
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J, IN, AU, US = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA


def _rolls(events: list[Event]) -> list[tuple[str, int | None, list[int]]]:
    return [(e.purpose.split(" in ")[0].split(" on ")[0], e.hit_on, list(e.values))
            for e in events if isinstance(e, DiceRolled)]


# ---- fighters aboard a defending carrier (R-CARRIER-7, R-NAVAL-5, OQ2-6, R-CARRIER-8) ----

def _carrier_fleet(attack: str):  # type: ignore[no-untyped-def]
    """Japan attacks a US carrier in zone 2 carrying a US and an Indian fighter."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_2": attack + ", 1 carrier usa, 1 fighter usa, "
                                                "1 fighter india"})
    cv = u(st, "sz_2", "carrier", US)[0]
    us_ftr, in_ftr = u(st, "sz_2", "fighter", US)[0], u(st, "sz_2", "fighter", IN)[0]
    st.unit(us_ftr).carried_by = st.unit(in_ftr).carried_by = cv
    came(st, [x.id for x in st.units.values() if x.owner is J], "sz_10", "sz_2")
    return game, begin_combat(game, st), cv, us_ftr, in_ftr


def test_r_carrier_7_fighters_aboard_defend_and_can_be_casualties() -> None:
    """R-CARRIER-7 / R-NAVAL-5: the carrier's two fighters roll with it (3 dice) and the
    destroyer's hit may fall on one of them."""
    game, st, cv, us_ftr, in_ftr = _carrier_fleet("1 destroyer japan")
    start = st
    assert sorted(st.battles[0].defenders) == sorted([cv, us_ftr, in_ftr])
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    assert st.pending is not None and st.pending.decision == "casualties"
    st, ev, _ = play(game, st, [ChooseCasualties(units=(in_ftr,))], [6, 6, 6])
    # Carrier at 3 and fighters at 4: three dice, the fighter set aside firing too.
    assert [p for p, _, _ in _rolls(ev)] == ["Defence", "Defence"]
    assert sum(len(v) for _, _, v in _rolls(ev)) == 3
    assert in_ftr not in st.units and cv in st.units
    end_combat(game, start, play(game, st, [Retreat(to="sz_10")], [])[0])


def test_oq2_6_submarine_hits_never_fall_on_carrier_fighters() -> None:
    """OQ2-6 / R-CARRIER-7: the first strike's hit must take the carrier, which sinks; both
    fighters, the US one and the Indian one, defended with it in Japan's turn and land within 1
    space (R-CARRIER-8: India's Burma, held since the turn began). OQ3-6's "allied cargo
    fighters sink with it" holds only in the carrier owner's turn (R-CARRIER-2)."""
    game, st, cv, us_ftr, in_ftr = _carrier_fleet("1 submarine japan")
    start = st
    before = snapshot(st)
    st, ev, rolls = play(game, st, [SelectBattle(space="sz_2"), PressOn()], [1])
    assert rolls == [[1]]
    assert cv not in st.units and in_ftr in st.units and us_ftr in st.units
    lost = [e for e in ev if isinstance(e, UnitsLost)]
    assert [sorted(e.units) for e in lost] == [[cv]]
    # The sub cannot hit the fighters, the fighters not the sub (no US destroyer): over (E).
    assert st.battles[0].outcome == "E"
    assert st.pending is not None and st.pending.decision == "land_fighter"
    assert list(st.pending.options) == ["burma"] and st.pending.unit == us_ftr
    st, _, _ = play(game, st, [LandFighter(unit=us_ftr, to="burma")], [])
    assert st.units[us_ftr].space == "burma" and st.units[us_ftr].carried_by is None
    # The Indian fighter's owner, the British player, is asked next (R-CARRIER-8).
    assert st.pending is not None and st.pending.unit == in_ftr
    assert st.pending.power == Power.UK.value
    st, _, _ = play(game, st, [LandFighter(unit=in_ftr, to="burma")], [])
    assert st.units[in_ftr].space == "burma" and st.pending is None
    assert snapshot(st) != before
    end_combat(game, start, st)


def test_oq2_6_attacking_carriers_cargo_fighter_lands_when_it_sinks() -> None:
    """OQ2-6 / R-CARRIER-8: a fighter that stayed aboard Japan's moving carrier is cargo: it
    cannot be named as a casualty (R-CARRIER-2); when the carrier sinks in Japan's own turn
    it lands within 1 space, in Japanese Siam."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_2": "1 carrier japan, 1 fighter japan, 1 destroyer japan, "
                                       "1 destroyer india"})
    cv, ftr = u(st, "sz_2", "carrier", J)[0], u(st, "sz_2", "fighter", J)[0]
    dd = u(st, "sz_2", "destroyer", J)[0]
    st.units[ftr].carried_by, st.unit(ftr).cargo_locked = cv, True
    came(st, [cv, dd], "sz_10", "sz_2")
    st = start = begin_combat(game, st)
    assert ftr not in st.battles[0].attackers
    # Carrier 1 and destroyer 3 miss (6, 6); the Indian destroyer hits (1).
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [6, 6, 1])
    before = snapshot(st)
    refusal = game.why_illegal(st, ChooseCasualties(units=(ftr,)))
    assert refusal is not None and refusal.rule == "R-COMBAT-6"
    assert snapshot(st) == before
    st, _, _ = play(game, st, [ChooseCasualties(units=(cv,)), Retreat(to="sz_10")], [])
    assert cv not in st.units and st.units[dd].space == "sz_10"
    assert st.pending is not None and st.pending.decision == "land_fighter"
    assert list(st.pending.options) == ["siam"]
    st, _, _ = play(game, st, [LandFighter(unit=ftr, to="siam")], [])
    assert st.units[ftr].space == "siam" and st.units[ftr].carried_by is None
    end_combat(game, start, st)


def test_r_carrier_8_fighter_with_nowhere_within_1_is_lost() -> None:
    """R-CARRIER-8: in zone 10 no territory or carrier is within 1 space: the fighter is
    lost with its carrier."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_10": "1 submarine japan, 1 carrier usa, 1 fighter usa"})
    cv, ftr = u(st, "sz_10", "carrier", US)[0], u(st, "sz_10", "fighter", US)[0]
    st.unit(ftr).carried_by = cv
    came(st, u(st, "sz_10", "submarine", J), "sz_2", "sz_10")
    st = start = begin_combat(game, st)
    st, ev, _ = play(game, st, [SelectBattle(space="sz_10"), PressOn()], [1])
    assert cv not in st.units and ftr not in st.units and st.pending is None
    assert any(isinstance(e, UnitsLost) and e.units == (ftr,) and "R-CARRIER-8" in e.reason
               for e in ev)
    end_combat(game, start, st)


# ---- combat air patrols in battle (R-CAP-3, R-CAP-4, R-CAP-6, OQ2-14) ----

def _cap(attackers: dict[str, str]):  # type: ignore[no-untyped-def]
    """A US fighter patrols zone 5 (Guam and the Marianas) in Japan's turn."""
    units = {"sz_5": "1 fighter usa", "guam": "1 marine usa"}
    for space, text in attackers.items():
        units[space] = f"{units[space]}, {text}" if space in units else text
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, units=units)
    patrol = u(st, "sz_5", "fighter", US)[0]
    st.unit(patrol).cap = True
    for space in attackers:
        came(st, [x.id for x in st.units.values() if x.space == space and x.owner is J],
             "sz_4" if space == "sz_5" else "marianas", space)
    return game, begin_combat(game, st), patrol


def test_r_cap_6_patrol_does_not_defend_the_island() -> None:
    """R-CAP-6 / R-CAP-4: Japanese fighters attack Guam; the patrol in its zone neither
    defends it nor stops them: one land battle, the Marine alone defends."""
    game, st, patrol = _cap({"guam": "2 fighter japan"})
    start = st
    assert [(b.space, b.kind) for b in st.battles] == [("guam", BattleKind.LAND)]
    assert st.battles[0].defenders == u(st, "guam", "marine", US)
    st, ev, _ = play(game, st, [SelectBattle(space="guam")], [1, 6, 6])
    assert [len(v) for _, _, v in _rolls(ev)] == [2, 1]     # two fighters, the Marine
    assert patrol in st.units and st.units[patrol].space == "sz_5"
    end_combat(game, start, st)                  # aircraft alone take nothing (R-COMBAT-9)


def test_r_cap_4_aircraft_may_attack_the_patrol() -> None:
    """R-CAP-4: Japanese fighters entering the zone fight the patrol there."""
    game, st, patrol = _cap({"sz_5": "2 fighter japan"})
    start = st
    assert [(b.space, b.kind, b.defenders) for b in st.battles] == \
        [("sz_5", BattleKind.NAVAL, [patrol])]
    st, _, _ = play(game, st, [SelectBattle(space="sz_5")], [1, 6, 6])
    assert patrol not in st.units
    end_combat(game, start, st)


def test_r_cap_3_surface_ships_fight_the_patrol_submarines_ignore_it() -> None:
    """R-CAP-3 / OQ2-12: a destroyer that entered the patrol's zone fights it; OQ2-14 /
    R-UNIT-9: a submarine there never does."""
    game, start, patrol = _cap({"sz_5": "1 destroyer japan"})
    assert [(b.space, b.defenders) for b in start.battles] == [("sz_5", [patrol])]
    # The destroyer hits (1); the patrol, hit, misses (6).
    end_combat(game, start, play(game, start, [SelectBattle(space="sz_5")], [1, 6])[0])
    game, start, patrol = _cap({"sz_5": "1 submarine japan"})
    assert start.battles == []
    end_combat(game, start, start)


# ---- cargo (R-TRANS-14, R-JDD-2, OQ2-9) ----

def _cargo_fleet():  # type: ignore[no-untyped-def]
    """India attacks, in zone 2, a Japanese destroyer and a transport, each with an infantry."""
    game, st = scenario(power=Power.UK, phase=Phase.COMBAT,
                        units={"sz_2": "1 destroyer india, 1 destroyer japan, "
                                       "1 transport japan, 2 infantry japan"})
    dd, tr = u(st, "sz_2", "destroyer", J)[0], u(st, "sz_2", "transport", J)[0]
    on_dd, on_tr = u(st, "sz_2", "infantry", J)
    st.units[on_dd].carried_by, st.unit(on_tr).carried_by = dd, tr
    came(st, u(st, "sz_2", "destroyer", IN), "sz_1", "sz_2")
    return game, begin_combat(game, st), dd, tr, on_dd, on_tr


def test_r_trans_14_cargo_never_fires_and_is_never_a_casualty() -> None:
    """R-TRANS-14 / R-JDD-2: the infantry aboard are not in the battle; the defence rolls 2
    dice (destroyer 3, transport 1); naming an infantry as the casualty is refused."""
    game, st, dd, tr, on_dd, on_tr = _cargo_fleet()
    start = st
    assert sorted(st.battles[0].defenders) == sorted([dd, tr])
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    before = snapshot(st)
    for cargo in (on_dd, on_tr):
        refusal = game.why_illegal(st, ChooseCasualties(units=(cargo,)))
        assert refusal is not None and refusal.rule == "R-COMBAT-6"
    assert snapshot(st) == before
    st, ev, _ = play(game, st, [ChooseCasualties(units=(tr,))], [6, 6])
    assert [(h, len(v)) for _, h, v in _rolls(ev)] == [(1, 1), (3, 1)]
    end_combat(game, start, play(game, st, [Retreat(to="sz_1")], [])[0])


def test_oq2_9_japanese_destroyers_infantry_sinks_with_it() -> None:
    """OQ2-9 / R-JDD-2: the loaded destroyer fights normally; sunk, its infantry goes down
    with it (R-TRANS-14)."""
    game, st, dd, tr, on_dd, on_tr = _cargo_fleet()
    start = st
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1])
    st, ev, _ = play(game, st, [ChooseCasualties(units=(dd,))], [6, 6])
    assert dd not in st.units and on_dd not in st.units
    assert tr in st.units and on_tr in st.units
    assert any(isinstance(e, UnitsLost) and set(e.units) == {dd, on_dd} for e in ev)
    end_combat(game, start, play(game, st, [Retreat(to="sz_1")], [])[0])


# ---- a Japanese destroyer unloading gives no cover fire (R-JDD-4, R-AMPH-5) ----

def test_r_jdd_4_unloading_destroyer_gives_no_cover_fire() -> None:
    """R-JDD-4 / R-AMPH-5: two Japanese destroyers in zone 2; one lands its infantry in Burma.
    Only the other fires cover fire (one die at 2)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_2": "2 destroyer japan, 1 infantry japan",
                               "burma": "1 infantry india"})
    start = st
    carrier_dd, other_dd = u(st, "sz_2", "destroyer", J)
    inf = u(st, "sz_2", "infantry", J)[0]
    st.unit(inf).carried_by = carrier_dd
    st, _ = ok(game, st, Unload(transport=carrier_dd, units=(inf,), territory="burma"))
    st, _ = ok(game, st, EndPhase())
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 1, 6])
    assert [(p, h, v) for p, h, v in _rolls(ev)] == \
        [("Cover fire", 2, [6]), ("Attack", 1, [1]), ("Defence", 2, [6])]
    assert st.units[other_dd].fought and not st.units[carrier_dd].fought
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


# ---- transports after an assault's naval battle (R-TRANS-12, R-AMPH-4, -6, -7) ----

def _assault_through_a_fleet(extra: str = ""):  # type: ignore[no-untyped-def]
    """Japan moves a transport (1 infantry) and a destroyer from zone 1 into zone 2, where an
    Indian destroyer waits, and declares the landing in Burma."""
    game, start = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                           units={"sz_1": "1 transport japan, 1 destroyer japan, "
                                          "1 infantry japan",
                                  "sz_2": "1 destroyer india", "burma": "1 infantry india",
                                  **({"siam": extra} if extra else {})})
    tr, dd = u(start, "sz_1", "transport", J)[0], u(start, "sz_1", "destroyer", J)[0]
    inf = u(start, "sz_1", "infantry", J)[0]
    start.unit(inf).carried_by = tr
    st, _ = ok(game, start, Move(units=(tr, dd), path=("sz_1", "sz_2")))
    st, _ = ok(game, st, Unload(transport=tr, units=(inf,), territory="burma"))
    assert st.units[inf].carried_by == tr          # aboard until the naval battle is won
    return game, start, st, tr, dd, inf


def test_r_amph_6_landing_follows_a_won_naval_battle() -> None:
    """R-AMPH-6 step 1: the destroyer sinks the Indian one; then the infantry lands (no cover
    fire: the zone saw a naval battle) and takes Burma."""
    game, start, st, _, _, inf = _assault_through_a_fleet()
    st, _ = ok(game, st, EndPhase())
    before = snapshot(st)
    refusal = game.why_illegal(st, SelectBattle(space="burma"))
    assert refusal is not None and refusal.rule == "R-AMPH-6"
    assert snapshot(st) == before
    # Naval: Japanese destroyer 1 hits, transport has no attack; Indian destroyer 6 misses.
    st, _, _ = play(game, st, [SelectBattle(space="sz_2")], [1, 6])
    st, ev, rolls = play(game, st, [SelectBattle(space="burma")], [1, 6])
    assert [p for p, _, _ in _rolls(ev)] == ["Attack", "Defence"] and rolls == [[1], [6]]
    assert st.units[inf].space == "burma" and st.units[inf].carried_by is None
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_amph_1_landing_called_off_after_the_naval_battle_stays_aboard() -> None:
    """R-AMPH-1 / R-AMPH-6 step 1: the naval battle won, the attacker calls the landing off:
    nobody attacks Burma and the infantry stays aboard in zone 2 (it boarded for the assault,
    so it may not land in non-combat movement, R-NONCOMBAT-2)."""
    game, start, st, tr, _, inf = _assault_through_a_fleet()
    st, _ = ok(game, st, EndPhase())
    st, _, _ = play(game, st, [SelectBattle(space="sz_2"), CallOffAssault(target="burma"),
                               SelectBattle(space="burma")], [1, 6])
    assert next(b for b in st.battles if b.space == "burma").outcome == "X"
    assert st.units[inf].carried_by == tr and st.units[tr].space == "sz_2"
    st = end_combat(game, start, st)             # Burma stays Indian
    st, _ = ok(game, st, EndPhase())
    refused(game, st, Unload(transport=tr, units=(inf,), territory="burma"), "R-NONCOMBAT-2")


def test_r_amph_4_transport_that_retreated_from_the_naval_battle_cannot_unload() -> None:
    """R-AMPH-4 / R-TRANS-12: the fleet retreats to zone 1; the landing does not happen and the
    infantry may not land in non-combat movement either."""
    game, start, st, tr, _dd, inf = _assault_through_a_fleet()
    st, _ = ok(game, st, EndPhase())
    st, _, _ = play(game, st, [SelectBattle(space="sz_2"), Retreat(to="sz_1"),
                               SelectBattle(space="burma")], [6, 6])
    assert st.units[tr].space == "sz_1" and st.units[tr].path[-2:] == ["sz_2", "sz_1"]
    assert st.units[inf].carried_by == tr and st.units[inf].cargo_locked
    assert next(b for b in st.battles if b.space == "burma").outcome == "X"
    st = end_combat(game, start, st)
    st, _ = ok(game, st, EndPhase())
    assert st.phase is Phase.NONCOMBAT_MOVE
    refused(game, st, Unload(transport=tr, units=(inf,), territory="burma"), "R-TRANS-12")


def test_r_amph_7_committed_aircraft_fight_a_round_after_the_fleet_retreats() -> None:
    """R-AMPH-7 / OQ3-14: the fighter sent to Burma's land attack fights one round although
    the transports retreated; then it may retreat."""
    game, start, st, tr, _dd, _inf = _assault_through_a_fleet(extra="1 fighter japan")
    ftr = u(st, "siam", "fighter", J)[0]
    st, _ = ok(game, st, Move(units=(ftr,), path=("siam", "burma")))
    assert st.amphibious_assaults[0].land_aircraft == [ftr]
    st, _ = ok(game, st, EndPhase())
    st, _, _ = play(game, st, [SelectBattle(space="sz_2"), Retreat(to="sz_1")], [6, 6])
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 6])
    assert [(p, h) for p, h, _ in _rolls(ev)] == [("Attack", 3), ("Defence", 2)]
    assert st.pending is not None and bool(st.pending.retreat_to)
    assert st.units[ftr].space == "burma" and st.units[tr].space == "sz_1"
    end_combat(game, start, play(game, st, [Retreat(to="siam")], [])[0])


# ---- turn reset (regression) ----

def test_turn_reset_gives_every_unit_its_own_path_list() -> None:
    """R-TURN-1: after a turn ends each unit's empty path is its own list, so one unit's move
    never shows in another's path (retreats read "came from" in it, R-LAND-2)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.INCOME,
                        units={"siam": "2 infantry japan", "burma": "1 infantry india"})
    a, b = u(st, "siam", "infantry", J)
    st.unit(a).path = ["siam"]
    st, _ = ok(game, st, EndPhase())
    assert st.power is Power.UK
    st.units[a].path.append("burma")
    assert st.units[b].path == []
