"""The movement parts of the rulebook's worked examples, on the real board (maps/pacific),
with the exact places, counts and paths the examples give (EX-2, 5, 6, 8, 9, 11, 15, 17, 19,
21, 22). EX-16 and EX-20 are in test_movement_cap.py and test_movement_transport.py."""

from __future__ import annotations

from movement_helpers import kinds, ok, refused, where
from scenario import scenario, u

from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.dice import FixedDice
from pacific.rules.movement import reachable
from pacific.rules.movement.landing import escape_places
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J, IN, A, US, C = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def board_game(**kw):
    return scenario("pacific", **kw)


def test_ex_2_r_move_4_islands_are_spaces_apart_from_their_zone() -> None:
    game, state = board_game(power=Power.US, phase=NCM, units={
        "sz_25": "1 carrier usa, 1 fighter usa"})
    assert {"guam", "mariana_islands"} <= set(game.board.neighbours["sz_25"])
    ftr, cv = u(state, "sz_25", "fighter"), u(state, "sz_25", "carrier")
    after, _ = ok(game, state, Move(units=tuple(ftr), path=("sz_25", "guam")))
    assert after.units[ftr[0]].moves_used == 1 and where(after, ftr) == {"guam"}
    refused(game, state, Move(units=tuple(cv), path=("sz_25", "guam")), "R-MOVE-5")


def test_ex_5a_r_move_3_burma_to_shan_state_is_one_move() -> None:
    game, state = board_game(power=Power.UK, phase=NCM, units={"burma": "1 infantry india"})
    inf = u(state, "burma", "infantry")
    after, _ = ok(game, state, Move(units=tuple(inf), path=("burma", "shan_state")))
    assert after.units[inf[0]].moves_used == 1


def test_ex_5b_zone_34_to_38_is_one_move() -> None:
    game, state = board_game(phase=NCM, units={"sz_34": "1 destroyer japan"})
    dd = u(state, "sz_34", "destroyer")
    after, _ = ok(game, state, Move(units=tuple(dd), path=("sz_34", "sz_38")))
    assert after.units[dd[0]].moves_used == 1


EX5_PATH = ("yunnan", "french_indo_china", "sz_46", "sz_47", "sumatra")


def test_ex_5c_yunnan_to_sumatra_is_four_moves_by_air() -> None:
    game, state = board_game(phase=NCM, units={"yunnan": "1 fighter japan, 1 bomber japan"},
                             owners={"yunnan": J, "sumatra": J})
    ftr, bmb = u(state, "yunnan", "fighter"), u(state, "yunnan", "bomber")
    after, _ = ok(game, state, Move(units=tuple(ftr + bmb), path=EX5_PATH))
    assert after.units[ftr[0]].moves_used == 4 and after.units[bmb[0]].moves_used == 4
    assert 6 - after.units[bmb[0]].moves_used == 2   # a bomber has 2 moves left


def test_ex_5c_r_air_2_the_same_flight_as_an_attack_is_refused() -> None:
    game, state = board_game(phase=CM, units={"yunnan": "1 fighter japan",
                                              "sumatra": "1 infantry australia"},
                             owners={"yunnan": J})
    ftr = u(state, "yunnan", "fighter")
    refused(game, state, Move(units=tuple(ftr), path=EX5_PATH), "R-AIR-2")
    assert "sumatra" not in reachable(game.board, state, ftr)


def test_ex_6_r_airbase_3_new_britain_to_the_gilberts_and_back() -> None:
    """R-AIRBASE-3: EX-6 on the real board."""
    game, state = board_game(power=Power.UK, phase=CM, owners={"gilbert_islands": J}, units={
        "new_britain": "1 fighter australia", "gilbert_islands": "1 infantry japan"})
    ftr = u(state, "new_britain", "fighter")
    path = ("new_britain", "sz_27", "sz_16", "gilbert_islands")
    state, _ = ok(game, state, Move(units=tuple(ftr), path=path))
    assert state.units[ftr[0]].moves_used == 2
    state.phase = NCM
    state.unit(u(state, "gilbert_islands", "infantry")[0]).space = "sz_16"  # (battle over)
    after, _ = ok(game, state, Move(units=tuple(ftr), path=tuple(reversed(path))))
    assert after.units[ftr[0]].moves_used == 4 and where(after, ftr) == {"new_britain"}


def test_ex_6_r_airbase_3_the_free_last_step_needs_no_move_left() -> None:
    """R-AIRBASE-3: the fighter comes back "via 27 (4), New Britain (free)": with all four
    moves spent over zone 27 it still lands on the base, and goes no farther (R-MOVE-2)."""
    game, state = board_game(power=Power.UK, phase=NCM, units={
        "sz_27": "1 fighter australia", "sz_16": "1 carrier australia"})
    ftr = u(state, "sz_27", "fighter")
    state.unit(ftr[0]).moves_used = 4
    refused(game, state, Move(units=tuple(ftr), path=("sz_27", "sz_16")), "R-MOVE-2")
    # The listing offers that step too (the computer player and the drag read it).
    listed = {a.path[-1] for a in game.legal_actions(state)
              if isinstance(a, Move) and set(a.units) == set(ftr)}
    assert listed == {"new_britain"}
    after, _ = ok(game, state, Move(units=tuple(ftr), path=("sz_27", "new_britain")))
    assert after.units[ftr[0]].moves_used == 4 and where(after, ftr) == {"new_britain"}


def test_ex_6_r_airbase_2_counter_case_from_the_gilberts() -> None:
    game, state = board_game(owners={"gilbert_islands": J}, phase=CM, units={
        "gilbert_islands": "1 fighter japan", "new_britain": "1 infantry australia"})
    ftr = u(state, "gilbert_islands", "fighter")
    path = ("gilbert_islands", "sz_16", "sz_27", "new_britain")
    refused(game, state, Move(units=tuple(ftr), path=path), "R-AIR-2")
    state.add_unit(UnitType.CARRIER, J, "sz_27")
    refused(game, state, Move(units=tuple(ftr), path=path), "R-AIR-3")
    after, _ = ok(game, state, Move(units=tuple(ftr), path=path, landing="sz_27"))
    assert after.units[ftr[0]].moves_used == 3 and after.units[ftr[0]].landing == "sz_27"


def test_ex_8_guam_assault_declared_with_its_target() -> None:
    game, state = board_game(phase=CM, units={
        "sz_25": "1 transport japan, 1 destroyer japan",
        "mariana_islands": "1 armor japan, 1 fighter japan", "guam": "1 marine usa"})
    tr = u(state, "sz_25", "transport")[0]
    arm, ftr = u(state, "mariana_islands", "armor"), u(state, "mariana_islands", "fighter")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(arm)))
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(arm), territory="guam"))
    state, _ = ok(game, state, Move(units=tuple(ftr), path=("mariana_islands", "sz_25", "guam")))
    (assault,) = state.amphibious_assaults
    assert (assault.target, assault.ships, assault.landing_units, assault.land_aircraft) == \
        ("guam", [tr], arm, ftr)
    # Same-nation units load and land in one turn; the armor waits aboard until combat lands
    # it (R-AMPH-6); the fighter spent 1 (air base free step).
    assert where(state, arm) == {"sz_25"} and where(state, ftr) == {"guam"}
    assert state.units[ftr[0]].moves_used == 1


def ex9():
    return board_game(phase=CM, owners={"new_guinea": J}, units={
        "sz_27": "1 transport japan, 1 battleship japan, 1 submarine japan",
        "new_guinea": "2 infantry japan", "sz_29": "1 destroyer japan",
        "sz_32": "1 destroyer australia", "queensland": "1 infantry australia"})


def test_ex_9_queensland_assault_from_zone_32() -> None:
    game, state = ex9()
    tr = u(state, "sz_27", "transport")[0]
    inf = u(state, "new_guinea", "infantry")
    fleet = [tr, *u(state, "sz_27", "battleship"), *u(state, "sz_27", "submarine")]
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    state, _ = ok(game, state, Move(units=tuple(fleet), path=("sz_27", "sz_28", "sz_32")))
    assert all(state.units[i].moves_used == 2 for i in fleet)
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="queensland"))
    (assault,) = state.amphibious_assaults
    assert assault.target == "queensland" and assault.sea_zones == ["sz_32"]
    # The naval battle comes first: the infantry waits aboard (R-AMPH-6).
    assert {state.units[i].carried_by for i in inf} == {tr}
    # Refused: switching the target, moving the transport further.
    refused(game, state, Unload(transport=tr, units=tuple(inf),
                                territory="northern_territory"), "R-TRANS-5")
    refused(game, state, Move(units=(tr,), path=("sz_32", "sz_33")), "R-TRANS-5")


def test_ex_11_r_trans_13_us_troops_on_a_british_transport() -> None:
    game, state = board_game(power=Power.US, phase=NCM, units={
        "sz_29": "1 transport australia", "queensland": "1 infantry usa",
        "sz_36": "1 transport usa", "korea": "1 infantry china"})
    tr = u(state, "sz_29", "transport")[0]
    inf = u(state, "queensland", "infantry")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="queensland"),
            "R-TRANS-13")
    chinese = u(state, "korea", "infantry")
    refused(game, state, Load(transport=u(state, "sz_36", "transport")[0],
                              units=tuple(chinese)), "R-TRANS-2")


def test_ex_15_r_navalbase_2_three_moves_base_to_base() -> None:
    game, state = board_game(phase=NCM, owners={"new_britain": J, "midway": J,
                                                "new_guinea": J}, units={
        "sz_20": "1 destroyer japan", "sz_36": "1 transport japan", "japan": "2 infantry japan"})
    state.captured_this_turn += ["new_britain", "midway"]
    dd, tr = u(state, "sz_20", "destroyer"), u(state, "sz_36", "transport")[0]
    inf = u(state, "japan", "infantry")
    state, _ = ok(game, state, Move(units=tuple(dd), path=("sz_20", "sz_17", "sz_16", "sz_27")))
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    state, _ = ok(game, state, Move(units=(tr,), path=("sz_36", "sz_35", "sz_34", "sz_27")))
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="new_guinea"))
    assert where(state, inf) == {"new_guinea"} and where(state, dd) == {"sz_27"}


def test_ex_15_a_three_move_trip_not_ending_at_a_base_is_refused() -> None:
    game, state = board_game(phase=NCM, owners={"midway": J},
                             units={"sz_20": "1 destroyer japan"})
    dd = u(state, "sz_20", "destroyer")
    refused(game, state, Move(units=tuple(dd), path=("sz_20", "sz_17", "sz_16", "sz_15")),
            "R-MOVE-2")


def test_ex_17_r_aafly_4_5_fighters_over_yunnan_into_burma() -> None:
    game, state = board_game(phase=CM, owners={"kwangsi": J, "shan_state": J}, units={
        "kwangsi": "2 fighter japan", "shan_state": "1 armor japan, 3 infantry japan",
        "yunnan": "1 infantry china, 1 aa_gun china",
        "burma": "2 infantry india, 2 aa_gun india"})
    ftr = u(state, "kwangsi", "fighter")
    land = u(state, "shan_state", "armor") + u(state, "shan_state", "infantry")
    state, _ = ok(game, state, Move(units=tuple(land), path=("shan_state", "burma")))
    # Yunnan: one die per fighter, 1 and 5; Burma does not fire now (a third die would fail).
    state, events = game.apply(state, Move(units=tuple(ftr), path=("kwangsi", "yunnan",
                                                                    "burma")), FixedDice([1, 5]))
    assert ftr[0] not in state.units and where(state, ftr[1:]) == {"burma"}
    # Japan wins the battle (dice not given); in non-combat the fighter flies back unharmed.
    state.own("territory_owner")["burma"] = J
    state.own("captured_this_turn").append("burma")
    state.phase = NCM
    after, events = ok(game, state, Move(units=tuple(ftr[1:]),
                                         path=("burma", "yunnan", "kwangsi")))
    assert "dice_rolled" not in kinds(events) and where(after, ftr[1:]) == {"kwangsi"}


def test_ex_19_r_blitz_5_manchuria_anhwe_suiyuan() -> None:
    """R-BLITZ-5: EX-19 on the real board."""
    game, state = board_game(phase=CM, units={
        "manchuria": "1 infantry japan, 1 artillery japan, 1 armor japan",
        "suiyuan": "2 infantry china"})
    foot = u(state, "manchuria", "infantry") + u(state, "manchuria", "artillery")
    arm = u(state, "manchuria", "armor")
    state, _ = ok(game, state, Move(units=tuple(foot), path=("manchuria", "suiyuan")))
    state, _ = ok(game, state, Move(units=tuple(arm), path=("manchuria", "anhwe", "suiyuan")))
    assert state.territory_owner["anhwe"] is J and where(state, foot + arm) == {"suiyuan"}


def test_ex_21_british_transports() -> None:
    game, state = board_game(power=Power.UK, phase=CM, units={
        "sz_29": "1 transport australia", "sz_28": "1 transport australia, 1 submarine japan",
        "sz_43": "1 transport australia, 1 submarine japan", "sz_47": "1 submarine japan",
        "sz_48": "2 destroyer australia",
        "queensland": "4 infantry australia", "northern_territory": "1 infantry australia",
        "papua": "1 infantry australia", "malaya": "1 infantry india"})
    t1, t2, t3 = (u(state, z, "transport")[0] for z in ("sz_29", "sz_28", "sz_43"))
    q_inf = u(state, "queensland", "infantry")
    nt_inf = u(state, "northern_territory", "infantry")
    # T2 may not load among enemy ships, but may leave (in combat movement, avoiding the
    # battle); in 32 it loads one unit each from Queensland and the Northern Territory and
    # lands both in Dutch New Guinea (non-combat movement: R-TRANS-7).
    refused(game, state, Load(transport=t2, units=tuple(u(state, "papua", "infantry"))),
            "R-TRANS-6")
    state, _ = ok(game, state, Move(units=(t2,), path=("sz_28", "sz_32")))
    # T3 joins the destroyers' attack on the sub in 47 (the sub is sunk in combat).
    dds = u(state, "sz_48", "destroyer")
    state, _ = ok(game, state, Move(units=tuple(dds), path=("sz_48", "sz_47")))
    state, _ = ok(game, state, Move(units=(t3,), path=("sz_43", "sz_47")))
    for ship in (t3, *dds):
        state.unit(ship).fought = True
    del state.units[u(state, "sz_47", "submarine")[0]]
    state.phase = NCM
    state, _ = ok(game, state, Load(transport=t2, units=(q_inf[0], *nt_inf)))
    state, _ = ok(game, state, Unload(transport=t2, units=(q_inf[0], *nt_inf),
                                      territory="dutch_new_guinea"))
    # T1 loads 2 infantry from Queensland, goes to 33 and lands them in Dutch New Guinea.
    state, _ = ok(game, state, Load(transport=t1, units=tuple(q_inf[1:3])))
    state, _ = ok(game, state, Move(units=(t1,), path=("sz_29", "sz_32", "sz_33")))
    state, _ = ok(game, state, Unload(transport=t1, units=tuple(q_inf[1:3]),
                                      territory="dutch_new_guinea"))
    assert where(state, [q_inf[0], *nt_inf, *q_inf[1:3]]) == {"dutch_new_guinea"}
    # T3 fought: it may not move on; it loads the Malayan infantry, which lands later.
    refused(game, state, Move(units=(t3,), path=("sz_47", "sz_46")), "R-TRANS-12")
    malay = u(state, "malaya", "infantry")
    state, _ = ok(game, state, Load(transport=t3, units=tuple(malay)))
    refused(game, state, Unload(transport=t3, units=tuple(malay), territory="sumatra"),
            "R-TRANS-12")


def test_ex_22_carrier_zone_24_then_zone_19() -> None:
    game, state = board_game(power=Power.US, phase=CM, owners={"wake": J}, units={
        "sz_22": "1 carrier usa, 2 fighter usa",
        "sz_24": "1 transport japan, 1 infantry japan, 1 submarine japan"})
    cv = u(state, "sz_22", "carrier")[0]
    ftr = u(state, "sz_22", "fighter")
    for f in ftr:
        state.unit(f).carried_by = cv
    # The fighters take off before the carrier moves. With US Guam within reach afterwards the
    # mission is not risky: it declares no landing (R-AIR-3 declares one only for a flight
    # that could land nowhere else), and a declaration is refused.
    move = Move(units=tuple(ftr), path=("sz_22", "sz_24"))
    refused(game, state, move.model_copy(update={"landing": "sz_19"}), "R-AIR-3")
    state, _ = ok(game, state, move)
    # (Combat: the transport is sunk, the sub cannot fire at aircraft.)
    for x in u(state, "sz_24", "transport") + u(state, "sz_24", "infantry"):
        del state.units[x]
    state.phase = NCM
    state, _ = ok(game, state, Move(units=(cv,), path=("sz_22", "sz_19")))
    state, _ = ok(game, state, Move(units=tuple(ftr), path=("sz_24", "sz_19"), carrier=cv))
    assert all(state.units[f].moves_used == 2 for f in ftr)
    refused(game, state, Move(units=(cv,), path=("sz_19", "sz_20")), "R-CARRIER-5")
    # Japan's turn: the sub sinks the carrier; within 1 space there are only sea zones and
    # Japanese Wake: both fighters are lost (R-CARRIER-8).
    state.power = Power.JAPAN
    state.owner_at_turn_start = dict(state.territory_owner)
    assert escape_places(game.board, state, state.units[ftr[0]]) == []
