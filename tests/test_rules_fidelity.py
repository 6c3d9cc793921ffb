"""On the real board with the dice fixed: five departures from the rulebook, played
through the public API (`Game.apply`) from combat movement to the end of the combat phase,
and the books checked afterwards (`end_combat`: control, captured pieces, production,
treasuries).

1. Territories held only by AA guns and/or a factory are taken at combat resolution by the
   land units that walked in (p. 37: "ne prenderà possesso automaticamente, senza tirare
   dadi"), with their pieces, and a capital so taken hands over its IPCs (p. 28).
2. An assault's cargo stays aboard until the landing (p. 20 step 1; p. 27): a transport sunk
   first takes it down; a landing called off leaves it aboard.
3. Allied fighters aboard a defending carrier defend with it and look for a place to land
   when it sinks (p. 41-42).
4. The naval base bonus survives a trip made in steps, with stops to load (p. 30, p. 38).
The refusals (departure 5) are in tests/test_movement_refusals.py.
"""

from __future__ import annotations

from combat_helpers import end_combat, play, production
from movement_helpers import ok, refused
from scenario import scenario, u

from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    Kamikaze,
    LandFighter,
    PressOn,
    SelectBattle,
)
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.battle_records import BattleKind
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.events import TerritoryCaptured
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def real(**kwargs):  # type: ignore[no-untyped-def]
    return scenario("pacific", **kwargs)


def ipc(game: Game, *territories: str) -> int:
    return sum(game.board.territory_by_id[t].ipc for t in territories)


def to_combat(game: Game, state: GameState, dice: list[int] | None = None) -> GameState:
    """End combat movement: phase 4 begins (its battles listed, undefended lands taken)."""
    state, _ = game.apply(state, EndPhase(), FixedDice(dice or []))
    assert state.phase is Phase.COMBAT
    return state


def to_noncombat(game: Game, state: GameState) -> GameState:
    while state.phase is not NCM:
        state, _ = game.apply(state, EndPhase(), FixedDice([]))
    return state


# ---- 1. undefended territories are taken at combat resolution ----

def test_r_capital_2_r_capital_3_india_holding_only_its_factory_falls_to_walking_infantry() -> None:
    """R-CAPITAL-2 / R-CAPITAL-3 / R-COMBAT-11: India holds only its industrial complex. The
    Japanese infantry that walked in from Burma takes it without dice when combat is resolved:
    control, the chart, and all India's IPCs to Japan at once (counted for VP, R-VP-2)."""
    game, start = real(power=Power.JAPAN, phase=CM, owners={"burma": J},
                       units={"burma": "2 infantry japan"}, treasury={IN: 17, J: 20})
    inf = u(start, "burma", "infantry")
    st, _ = ok(game, start, Move(units=(inf[0],), path=("burma", "india")))
    assert st.territory_owner["india"] is IN     # occupied by its factory (R-CAPTURE-2)
    st, events = game.apply(st, EndPhase(), FixedDice([]))
    assert st.battles == []                      # no dice (R-COMBAT-11)
    assert [e.space for e in events if isinstance(e, TerritoryCaptured)] == ["india"]
    assert st.ipcs_seized_this_turn == 17
    before = production(game, start)
    end = end_combat(game, start, st, owners={"india": J}, ipcs={IN: -17, J: 17}, levels={
        "japan": before["japan"] + ipc(game, "india"),
        "india": before["india"] - ipc(game, "india")})
    assert end.units[inf[0]].space == "india"


def test_r_blitz_4_r_capture_5_armor_stops_at_a_lone_aa_gun_and_takes_it_in_combat() -> None:
    """R-BLITZ-4 / R-CAPTURE-5 / R-CAPTURE-6: Japanese armor blitzes through empty Shan State
    into Burma, held only by an Indian AA gun; it cannot go on, and when combat is resolved it
    takes Burma and the gun, which may not move this turn."""
    game, start = real(power=Power.JAPAN, phase=CM,
                       units={"siam": "1 armor japan", "burma": "1 aa_gun india"})
    arm = u(start, "siam", "armor")
    gun = u(start, "burma", "aa_gun")[0]
    refused(game, start, Move(units=tuple(arm), path=("siam", "shan_state", "burma", "india")),
            "R-MOVE-2")
    st, _ = ok(game, start, Move(units=tuple(arm), path=("siam", "shan_state", "burma")))
    assert st.territory_owner["shan_state"] is J and st.territory_owner["burma"] is IN
    st = to_combat(game, st)
    before = production(game, start)
    taken = ipc(game, "shan_state", "burma")
    end = end_combat(game, start, st, owners={"shan_state": J, "burma": J}, levels={
        "japan": before["japan"] + taken, "india": before["india"] - taken})
    assert end.units[gun].owner is J and end.units[gun].captured_this_turn
    st = to_noncombat(game, end)
    refused(game, st, Move(units=(gun,), path=("burma", "shan_state")), "R-NONCOMBAT-4")


def test_r_combat_11_factory_and_aa_gun_pass_to_the_walking_captor() -> None:
    """R-COMBAT-11 / R-CAPTURE-5: Yunnan holds a Chinese AA gun and a factory built there; the
    Japanese infantry from French Indo-China take both, without dice."""
    game, start = real(power=Power.JAPAN, phase=CM, units={
        "french_indo_china": "1 infantry japan",
        "yunnan": "1 aa_gun china, 1 industrial_complex china"})
    inf = u(start, "french_indo_china", "infantry")
    st, _ = ok(game, start, Move(units=tuple(inf), path=("french_indo_china", "yunnan")))
    st = to_combat(game, st)
    before = production(game, start)
    end = end_combat(game, start, st, owners={"yunnan": J},
                     levels={"japan": before["japan"] + ipc(game, "yunnan")})
    assert {x.owner for x in end.units_at("yunnan")} == {J}


def test_r_combat_11_aircraft_over_a_board_factory_alone_do_not_prevent_the_capture() -> None:
    """R-COMBAT-11 / OQ3-13: Szechwan, China's capital, holds only the board's factory; a
    fighter joins the infantry: nothing there can fire, so it is taken without dice
    (R-CAPITAL-6: China has no IPCs to hand over)."""
    game, start = real(power=Power.JAPAN, phase=CM, owners={"kweichow": J, "yunnan": J},
                       units={"kweichow": "1 infantry japan", "yunnan": "1 fighter japan"})
    inf, ftr = u(start, "kweichow", "infantry"), u(start, "yunnan", "fighter")
    st, _ = ok(game, start, Move(units=tuple(inf), path=("kweichow", "szechwan")))
    st, _ = ok(game, st, Move(units=tuple(ftr), path=("yunnan", "szechwan")))
    st = to_combat(game, st)
    assert st.battles == []
    before = production(game, start)
    end_combat(game, start, st, owners={"szechwan": J},
               levels={"japan": before["japan"] + ipc(game, "szechwan")})


def test_r_combat_2_a_raid_strikes_before_the_walking_infantry_take_india() -> None:
    """R-COMBAT-2 / R-SBR-4 / R-CAPITAL-3: India holds only an AA gun; a Japanese bomber
    raids it while infantry walk in. The raid comes first (AA 6 misses, the bomb costs India
    4 IPCs); India falls when combat ends and hands Japan what is left."""
    game, start = real(power=Power.JAPAN, phase=CM, owners={"burma": J},
                       units={"burma": "1 infantry japan, 1 bomber japan",
                              "india": "1 aa_gun india"}, treasury={IN: 17, J: 0})
    inf, bmb = u(start, "burma", "infantry"), u(start, "burma", "bomber")
    st, _ = ok(game, start, Move(units=tuple(bmb), path=("burma", "india"), raid=True))
    st, _ = ok(game, st, Move(units=tuple(inf), path=("burma", "india")))
    st = to_combat(game, st)
    assert [b.kind for b in st.battles] == [BattleKind.RAID]
    assert st.territory_owner["india"] is IN     # not before the raid
    st, _, rolls = play(game, st, [SelectBattle(space="india")], [6, 4])
    assert rolls == [[6], [4]] and st.treasury[IN] == 13
    before = production(game, start)
    end = end_combat(game, start, st, owners={"india": J}, ipcs={IN: -17, J: 13}, levels={
        "japan": before["japan"] + ipc(game, "india"),
        "india": before["india"] - ipc(game, "india")})
    gun = u(end, "india", "aa_gun")[0]
    assert end.units[gun].owner is J


def test_r_capital_4_india_taken_by_walking_infantry_cannot_buy() -> None:
    """R-CAPITAL-4: the whole capital sequence: after India fell to infantry walking in, the
    British player buys nothing for India in his next turn."""
    game, start = real(power=Power.JAPAN, phase=CM, owners={"burma": J},
                       units={"burma": "1 infantry japan"}, treasury={IN: 17})
    st, _ = ok(game, start, Move(units=tuple(u(start, "burma", "infantry")),
                                 path=("burma", "india")))
    st = to_combat(game, st)
    st.phase, st.power = Phase.PURCHASE, Power.UK   # the British turn begins
    refused(game, st, Purchase(nation=IN, units={"infantry": 1}), "R-PURCH-6")


# ---- 2. an assault's cargo stays aboard until it lands ----

def test_r_kami_7_r_trans_14_a_kamikaze_sinks_the_transport_and_its_assault_troops() -> None:
    """R-KAMI-7 / R-TRANS-14 / R-AMPH-6: a US transport enters kamikaze zone 37 and lands 2
    infantry on Korea. They wait aboard: the kamikaze (a 1, hit) sinks the transport with them,
    and the landing has nobody left to land (outcome X): Korea stays Japanese."""
    game, start = real(power=Power.US, phase=CM, units={
        "sz_38": "1 transport usa, 2 infantry usa", "korea": "1 infantry japan"})
    tr = u(start, "sz_38", "transport")[0]
    inf = u(start, "sz_38", "infantry")
    for i in inf:
        start.unit(i).carried_by = tr
    st, _ = ok(game, start, Move(units=(tr,), path=("sz_38", "sz_37")))
    st, _ = ok(game, st, Unload(transport=tr, units=tuple(inf), territory="korea"))
    assert all(st.units[i].space == "sz_37" and st.units[i].carried_by == tr for i in inf)
    st = to_combat(game, st)
    assert st.pending is not None and st.pending.decision == "kamikaze"
    st, _, rolls = play(game, st, [Kamikaze(targets=(tr,)), SelectBattle(space="korea")], [1])
    assert rolls == [[1]]
    assert tr not in st.units and not any(i in st.units for i in inf)
    assert st.battles[0].outcome == "X"
    end_combat(game, start, st)


def landing_on_india():  # type: ignore[no-untyped-def]
    """Japan's transport (2 infantry aboard) and destroyer enter zone 54, held by an Indian
    destroyer, and the transport lands its infantry on India (1 Indian infantry, 17 IPCs);
    phase 4 begins."""
    game, start = real(power=Power.JAPAN, phase=CM, units={
        "sz_53": "1 transport japan, 2 infantry japan, 1 destroyer japan",
        "sz_54": "1 destroyer india", "india": "1 infantry india"}, treasury={IN: 17, J: 0})
    tr = u(start, "sz_53", "transport")[0]
    dd = u(start, "sz_53", "destroyer")[0]
    inf = u(start, "sz_53", "infantry")
    for i in inf:
        start.unit(i).carried_by = tr
    st, _ = ok(game, start, Move(units=(tr, dd), path=("sz_53", "sz_54")))
    st, _ = ok(game, st, Unload(transport=tr, units=tuple(inf), territory="india"))
    return game, start, to_combat(game, st), tr, inf


def test_r_amph_6_a_transport_sunk_in_the_naval_battle_takes_its_cargo_down() -> None:
    """R-AMPH-6 step 1 / R-TRANS-14: a Japanese transport and destroyer enter zone 54, held by
    an Indian destroyer, and the transport lands 2 infantry on India. The naval battle comes
    first: the Indian destroyer hits, Japan loses the transport, and its infantry with it;
    the Japanese destroyer then sinks the Indian one. Nobody lands: India stays Indian."""
    game, start, st, tr, inf = landing_on_india()
    # Round 1: the Japanese destroyer misses (6), the Indian one hits (1): Japan names the
    # transport; round 2: the Japanese destroyer hits (1), the Indian one misses (6).
    st, _, _ = play(game, st, [SelectBattle(space="sz_54")], [6, 1])
    st, _, _ = play(game, st, [ChooseCasualties(units=(tr,)), PressOn()], [1, 6])
    assert tr not in st.units and not any(i in st.units for i in inf)
    st, _, _ = play(game, st, [SelectBattle(space="india")], [])
    assert {b.space: b.outcome for b in st.battles} == {"sz_54": "C", "india": "X"}
    end_combat(game, start, st)


def test_r_amph_1_a_landing_called_off_leaves_the_troops_aboard() -> None:
    """R-AMPH-1 (docs/actions.md, call_off_assault): Japan calls off its landing on Burma; the
    infantry stay aboard the transport in zone 54 for the rest of the turn."""
    game, start = real(power=Power.JAPAN, phase=CM, units={
        "sz_54": "1 transport japan, 2 infantry japan", "burma": "1 infantry india"})
    tr = u(start, "sz_54", "transport")[0]
    inf = u(start, "sz_54", "infantry")
    for i in inf:
        start.unit(i).carried_by = tr
    st, _ = ok(game, start, Unload(transport=tr, units=tuple(inf), territory="burma"))
    st = to_combat(game, st)
    st, _, _ = play(game, st, [CallOffAssault(target="burma"), SelectBattle(space="burma")], [])
    assert st.battles[0].outcome == "X"
    assert all(st.units[i].carried_by == tr and st.units[i].space == "sz_54" for i in inf)
    end = end_combat(game, start, st)
    st = to_noncombat(game, end)
    refused(game, st, Unload(transport=tr, units=tuple(inf), territory="burma"),
            "R-NONCOMBAT-2")


def test_r_amph_6_cargo_lands_when_the_naval_battle_is_won() -> None:
    """R-AMPH-6: the same landing on India, the naval battle won at once (the Japanese
    destroyer hits, the Indian one misses): the infantry land and take India (2 dice each
    round: 1 and 1 hit, the defender's 6 misses)."""
    game, start, st, _, inf = landing_on_india()
    st, _, _ = play(game, st, [SelectBattle(space="sz_54"), SelectBattle(space="india")],
                    [1, 6, 1, 1, 6])
    assert all(st.units[i].space == "india" and st.units[i].carried_by is None for i in inf)
    before = production(game, start)
    end_combat(game, start, st, owners={"india": J}, ipcs={IN: -17, J: 17}, levels={
        "japan": before["japan"] + ipc(game, "india"),
        "india": before["india"] - ipc(game, "india")})


# ---- 3. allied fighters aboard a defending carrier ----

def carrier_in_zone_54(attacker: str):  # type: ignore[no-untyped-def]
    """Japan attacks from zone 53 a US carrier in zone 54 with a US and an Indian fighter
    aboard."""
    game, start = real(power=Power.JAPAN, phase=CM, units={
        "sz_53": attacker, "sz_54": "1 carrier usa, 1 fighter usa, 1 fighter india"})
    cv = u(start, "sz_54", "carrier")[0]
    us_ftr, in_ftr = u(start, "sz_54", "fighter", US)[0], u(start, "sz_54", "fighter", IN)[0]
    start.unit(us_ftr).carried_by = start.unit(in_ftr).carried_by = cv
    return game, start, cv, us_ftr, in_ftr


def test_r_carrier_8_allied_fighters_of_a_sunk_defending_carrier_land_nearby() -> None:
    """R-CARRIER-8 / R-NAVAL-5: a Japanese submarine sinks the US carrier (first strike, 1).
    In Japan's turn every fighter aboard, the Indian one too, must find a place to land
    within 1 space: India or Burma, British since the turn began. Each owner chooses."""
    game, start, cv, us_ftr, in_ftr = carrier_in_zone_54("1 submarine japan")
    sub = u(start, "sz_53", "submarine")
    st, _ = ok(game, start, Move(units=tuple(sub), path=("sz_53", "sz_54")))
    st = to_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_54"), PressOn()], [1])
    assert cv not in st.units and st.battles[0].outcome == "E"
    assert st.pending is not None and st.pending.unit == us_ftr
    assert list(st.pending.options) == ["burma", "india"] and st.pending.power == "us"
    st, _, _ = play(game, st, [LandFighter(unit=us_ftr, to="india")], [])
    assert st.pending is not None and st.pending.unit == in_ftr
    assert st.pending.power == "uk"
    st, _, _ = play(game, st, [LandFighter(unit=in_ftr, to="burma")], [])
    assert (st.units[us_ftr].space, st.units[in_ftr].space) == ("india", "burma")
    end_combat(game, start, st)


def test_r_carrier_7_allied_fighter_aboard_defends_and_may_be_the_casualty() -> None:
    """R-CARRIER-7: a Japanese destroyer (1: hit) attacks; the British player may name the
    Indian fighter aboard the US carrier; the carrier and both fighters fire back (3 dice)."""
    game, start, cv, us_ftr, in_ftr = carrier_in_zone_54("1 destroyer japan")
    dd = u(start, "sz_53", "destroyer")
    st, _ = ok(game, start, Move(units=tuple(dd), path=("sz_53", "sz_54")))
    st = to_combat(game, st)
    assert sorted(st.battles[0].defenders) == sorted([cv, us_ftr, in_ftr])
    st, _, _ = play(game, st, [SelectBattle(space="sz_54")], [1])
    st, _, rolls = play(game, st, [ChooseCasualties(units=(in_ftr,))], [1, 6, 6])
    assert rolls == [[1], [6, 6]]      # the carrier at 3, both fighters at 4 (one set aside)
    assert in_ftr not in st.units and dd[0] not in st.units
    end_combat(game, start, st)


def test_oq3_6_in_the_owners_turn_an_allied_cargo_fighter_sinks_with_the_carrier() -> None:
    """OQ3-6 / R-CARRIER-2: in the US turn an Australian fighter aboard a US carrier is cargo:
    when a Japanese destroyer sinks the carrier it goes down with it, while the US fighter
    left aboard as cargo lands (OQ2-6): Burma, British since the turn began."""
    game, start = real(power=Power.US, phase=CM, units={
        "sz_53": "1 carrier usa, 1 fighter usa, 1 fighter australia",
        "sz_54": "1 destroyer japan"})
    cv = u(start, "sz_53", "carrier")[0]
    us_ftr, au_ftr = u(start, "sz_53", "fighter", US)[0], u(start, "sz_53", "fighter", AU)[0]
    start.unit(us_ftr).carried_by = start.unit(au_ftr).carried_by = cv
    st, _ = ok(game, start, Move(units=(cv,), path=("sz_53", "sz_54")))
    assert st.units[us_ftr].cargo_locked
    st = to_combat(game, st)
    # The carrier misses (6), the destroyer hits (1): the carrier is the only casualty.
    st, _, _ = play(game, st, [SelectBattle(space="sz_54")], [6, 1])
    assert cv not in st.units and au_ftr not in st.units
    assert st.pending is not None and st.pending.unit == us_ftr
    st, _, _ = play(game, st, [LandFighter(unit=us_ftr, to="burma")], [])
    end_combat(game, start, st)


# ---- 4. the naval base bonus, in steps ----

def test_r_navalbase_1_oq2_11_a_base_to_base_trip_in_two_moves() -> None:
    """R-NAVALBASE-1 / OQ2-11: a Japanese destroyer goes from zone 36 (Japan's base) to zone
    26 (the Carolines' base) in two moves, 1 then 2; a fourth space is still refused."""
    game, st = real(power=Power.JAPAN, phase=NCM, units={"sz_36": "1 destroyer japan"})
    dd = u(st, "sz_36", "destroyer")
    st, _ = ok(game, st, Move(units=tuple(dd), path=("sz_36", "sz_35")))
    refused(game, st, Move(units=tuple(dd), path=("sz_35", "sz_34", "sz_27")), "R-MOVE-2")
    st, _ = ok(game, st, Move(units=tuple(dd), path=("sz_35", "sz_34", "sz_26")))
    assert st.units[dd[0]].space == "sz_26" and st.units[dd[0]].moves_used == 3
    refused(game, st, Move(units=tuple(dd), path=("sz_26", "sz_27")), "R-MOVE-2")


def test_r_trans_3_a_transport_stops_to_load_on_its_way_from_base_to_base() -> None:
    """R-TRANS-3 / R-NAVALBASE-1: a Japanese transport loads an infantry from Japan in zone 36,
    moves to zone 35, loads another from the Ryukyus, goes on to zone 26 and lands both on the
    Carolines: 3 spaces, base to base, with a stop on the way (p. 38)."""
    game, st = real(power=Power.JAPAN, phase=NCM, units={
        "sz_36": "1 transport japan", "japan": "1 infantry japan",
        "ryukyu_islands": "1 infantry japan"})
    tr = u(st, "sz_36", "transport")[0]
    a, b = u(st, "japan", "infantry")[0], u(st, "ryukyu_islands", "infantry")[0]
    st, _ = ok(game, st, Load(transport=tr, units=(a,)))
    st, _ = ok(game, st, Move(units=(tr,), path=("sz_36", "sz_35")))
    st, _ = ok(game, st, Load(transport=tr, units=(b,)))
    st, _ = ok(game, st, Move(units=(tr,), path=("sz_35", "sz_34", "sz_26")))
    st, _ = ok(game, st, Unload(transport=tr, units=(a, b), territory="caroline_islands"))
    assert {st.units[a].space, st.units[b].space} == {"caroline_islands"}


# ---- the decision: R-TRANS-11 over R-TRANS-12 ----

def zone_54_with_a_submarine():  # type: ignore[no-untyped-def]
    """The British turn: an Indian transport and destroyer begin it in zone 54 beside a
    Japanese submarine."""
    return real(power=Power.UK, phase=CM, units={
        "sz_54": "1 transport india, 1 destroyer india, 1 submarine japan",
        "india": "2 infantry india"})


def test_r_trans_11_no_loading_where_the_turn_began_among_enemy_ships_even_once_sunk() -> None:
    """R-TRANS-11 over R-TRANS-12 (p. 33): the destroyer sinks the submarine (1, the sub's 6
    misses); the transport fought beside it, yet it may not load in zone 54 this turn: it
    began the turn there among enemy ships and took part in no amphibious assault."""
    game, start = zone_54_with_a_submarine()
    tr = u(start, "sz_54", "transport")[0]
    st = to_combat(game, start)
    st, _, _ = play(game, st, [SelectBattle(space="sz_54")], [1, 6])
    assert st.battles[0].outcome == "C"
    st = to_noncombat(game, st)
    refused(game, st, Load(transport=tr, units=tuple(u(st, "india", "infantry"))),
            "R-TRANS-11")


def test_r_trans_11_the_amphibious_assault_from_that_zone_is_allowed() -> None:
    """R-TRANS-11: the exception: the transport, with infantry aboard since an earlier turn,
    lands them on Burma in combat movement: an amphibious assault from the zone."""
    game, st = zone_54_with_a_submarine()
    st.territory_owner["burma"] = st.owner_at_turn_start["burma"] = J
    tr = u(st, "sz_54", "transport")[0]
    inf = u(st, "india", "infantry")
    for i in inf:
        st.units[i].space, st.units[i].carried_by, st.unit(i).start_space = "sz_54", tr, "sz_54"
    st, _ = ok(game, st, Unload(transport=tr, units=tuple(inf), territory="burma"))
    assert st.amphibious_assaults[0].ships == [tr]


def test_r_trans_11_a_transport_that_leaves_loads_elsewhere() -> None:
    """R-TRANS-11: it may leave the zone for an empty one, zone 53, and load there (from Shan
    State) in non-combat movement: leaving is no combat."""
    game, st = real(power=Power.UK, phase=CM, units={
        "sz_54": "1 transport india, 1 submarine japan", "shan_state": "1 infantry india"})
    tr = u(st, "sz_54", "transport")[0]
    st, _ = ok(game, st, Move(units=(tr,), path=("sz_54", "sz_53")))
    st = to_combat(game, st)
    st = to_noncombat(game, st)
    st, _ = ok(game, st, Load(transport=tr, units=tuple(u(st, "shan_state", "infantry"))))
    assert len(st.cargo_of(tr)) == 1
