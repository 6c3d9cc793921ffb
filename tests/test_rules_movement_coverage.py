"""Movement and unit rules not tested elsewhere (RULES.md Part 2: general, non-combat move,
Japanese destroyers, units), on the mini board."""

from __future__ import annotations

import pytest
from movement_helpers import ok, refused, where
from scenario import scenario, snapshot, u

from pacific.rules.actions import Action
from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def refused_saying(game: Game, state: GameState, action: Action, words: str) -> None:
    """Refused, state unchanged, and the reason says ``words``. Used where the refusal cites a
    rule id that another pass is still testing (tests/rule_ids_pending.txt)."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action, FixedDice([]))
    assert snapshot(state) == before
    assert words in info.value.message, info.value.message


def test_r_china_5_chinese_infantry_never_boards() -> None:
    """R-CHINA-5: a US transport beside Burma cannot take Chinese infantry aboard."""
    game, state = scenario(power=Power.US, phase=NCM, units={
        "sz_1": "1 transport usa", "burma": "1 infantry china, 1 infantry usa"})
    tr = u(state, "sz_1", "transport")[0]
    refused(game, state, Load(transport=tr, units=tuple(u(state, "burma", "infantry", CN))),
            "R-TRANS-2")
    after, _ = ok(game, state, Load(transport=tr, units=tuple(u(state, "burma", "infantry", US))))
    assert after.units[u(state, "burma", "infantry", US)[0]].carried_by == tr


def test_r_move_12_no_entering_or_overflying_neutral_territory() -> None:
    """R-MOVE-12 (OQ2-17: the neutral territories are the impassable ones): infantry may not
    enter the Soviet Union, and a fighter may not fly over it."""
    game, state = scenario(phase=NCM, units={"manchuria": "1 infantry japan, 1 fighter japan"},
                           owners={"szechwan": J})
    inf = u(state, "manchuria", "infantry")
    ftr = u(state, "manchuria", "fighter")
    refused(game, state, Move(units=tuple(inf), path=("manchuria", "soviet_union")),
            "R-MOVE-10")
    refused(game, state, Move(units=tuple(ftr),
                              path=("manchuria", "soviet_union", "szechwan")), "R-MOVE-10")


def test_r_noncombat_8_unloading_only_into_friendly_territory() -> None:
    """R-NONCOMBAT-8: in non-combat movement a transport unloads into Indian Burma but not
    into Japanese Siam."""
    game, state = scenario(power=Power.UK, phase=NCM, units={
        "sz_2": "1 transport india", "india": "1 infantry india"})
    tr = u(state, "sz_2", "transport")[0]
    inf = u(state, "india", "infantry")
    state.units[inf[0]].space = "sz_2"
    state.units[inf[0]].carried_by = tr
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="siam"), "R-TRANS-7")
    after, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"))
    assert where(after, inf) == {"burma"} and after.territory_owner["siam"] is J


def test_r_capture_4_aircraft_never_land_where_captured_this_turn() -> None:
    """R-CAPTURE-4: Anhwe, taken this turn, is no landing place for a fighter."""
    game, state = scenario(phase=NCM, owners={"anhwe": J}, captured_this_turn=["anhwe"],
                           units={"manchuria": "1 fighter japan"})
    ftr = u(state, "manchuria", "fighter")
    refused_saying(game, state, Move(units=tuple(ftr), path=("manchuria", "anhwe")),
                   "captured this turn")
    after, _ = ok(game, state, Move(units=tuple(ftr), path=("manchuria", "korea")))
    assert where(after, ftr) == {"korea"}


def test_r_jdd_3_destroyer_that_fought_cannot_load_and_land() -> None:
    """R-JDD-3: a Japanese destroyer that fought this turn loads infantry but may not land it
    this turn."""
    game, state = scenario(phase=CM, units={"sz_6": "1 destroyer japan",
                                            "korea": "1 infantry japan"})
    dd = u(state, "sz_6", "destroyer")[0]
    inf = u(state, "korea", "infantry")
    state.unit(dd).fought = True
    state.phase = NCM
    state, _ = ok(game, state, Load(transport=dd, units=tuple(inf)))
    refused_saying(game, state, Unload(transport=dd, units=tuple(inf), territory="korea"),
                   "on a ship that has not fought")


def test_r_unit_1_infantry_moves_one_and_fills_half_a_transport() -> None:
    """R-UNIT-1: infantry moves one space; two fill a transport; one rides a Japanese
    destroyer."""
    game, state = scenario(phase=NCM, units={
        "korea": "3 infantry japan", "sz_6": "1 transport japan, 1 destroyer japan"},
        owners={"anhwe": J})
    inf = u(state, "korea", "infantry")
    tr, dd = u(state, "sz_6", "transport")[0], u(state, "sz_6", "destroyer")[0]
    refused(game, state, Move(units=(inf[0],), path=("korea", "manchuria", "anhwe")),
            "R-MOVE-2")
    state, _ = ok(game, state, Load(transport=tr, units=(inf[0], inf[1])))
    state, _ = ok(game, state, Load(transport=dd, units=(inf[2],)))
    assert [state.units[i].carried_by for i in inf] == [tr, tr, dd]


def test_r_unit_2_marines_and_artillery_each_fill_half_a_transport() -> None:
    """R-UNIT-2: a Marine and an artillery share one transport; each moves one space."""
    game, state = scenario(power=Power.US, phase=NCM, units={
        "united_states": "1 marine usa, 1 artillery usa, 1 infantry usa",
        "sz_8": "1 transport usa"})
    tr = u(state, "sz_8", "transport")[0]
    pair = tuple(u(state, "united_states", "marine") + u(state, "united_states", "artillery"))
    state, _ = ok(game, state, Load(transport=tr, units=pair))
    refused(game, state, Load(transport=tr, units=tuple(u(state, "united_states", "infantry"))),
            "R-TRANS-1")
    assert {state.units[i].carried_by for i in pair} == {tr}


def test_r_unit_3_armor_moves_two_and_fills_a_transport() -> None:
    """R-UNIT-3: armor crosses two territories; alone it fills a transport."""
    game, state = scenario(phase=NCM, units={
        "korea": "1 armor japan, 1 infantry japan", "sz_6": "1 transport japan"})
    arm = u(state, "korea", "armor")
    tr = u(state, "sz_6", "transport")[0]
    refused(game, state, Load(transport=tr, units=(*arm, *u(state, "korea", "infantry"))),
            "R-TRANS-1")
    state.phase = CM
    after, _ = ok(game, state, Move(units=tuple(arm), path=("korea", "manchuria", "anhwe")))
    assert where(after, arm) == {"anhwe"}


def test_r_unit_4_aa_gun_never_attacks() -> None:
    """R-UNIT-4: an AA gun may not enter enemy territory in combat movement."""
    game, state = scenario(phase=CM, units={"manchuria": "1 aa_gun japan, 1 infantry japan",
                                            "anhwe": "1 infantry china"})
    aa = u(state, "manchuria", "aa_gun")
    refused(game, state, Move(units=tuple(aa), path=("manchuria", "anhwe")), "R-COMBATMOVE-7")


def test_r_unit_7_fighters_fly_four_bombers_six_and_land_only_on_land() -> None:
    """R-UNIT-7: a fighter flies 4 and a bomber 6 spaces; a bomber may not land on a
    carrier."""
    game, state = scenario(power=Power.US, phase=NCM, units={
        "united_states": "1 fighter usa, 1 bomber usa", "sz_9": "1 carrier usa",
        "sz_3": "1 carrier usa"})
    ftr, bmb = u(state, "united_states", "fighter"), u(state, "united_states", "bomber")
    five = ("united_states", "sz_8", "sz_9", "sz_5", "sz_4", "sz_3")
    refused(game, state, Move(units=tuple(ftr), path=five), "R-MOVE-2")
    refused(game, state, Move(units=tuple(bmb), path=("united_states", "sz_8", "sz_9")),
            "R-AIR-7")
    six = ("united_states", "sz_8", "sz_9", "sz_5", "sz_4", "sz_3", "queensland")
    after, _ = ok(game, state, Move(units=tuple(bmb), path=six))
    assert where(after, bmb) == {"queensland"}
