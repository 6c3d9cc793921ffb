"""Positions from a file (docs/scenarios.md): the scenarios shipped under
maps/pacific/scenarios/ load, are consistent and round-trip; a scenario is validated strictly
and against every invariant, and a refusal names the file and the space."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scenario import REPO_MAPS, board

from pacific.rules.decisions import ConvoySplit
from pacific.rules.engine import Game
from pacific.rules.files.scenario import (
    ScenarioError,
    load_scenario,
    parse_scenario,
    read_scenario,
    scenario_json,
    scenario_of,
    scenario_state,
)
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

SCENARIOS = REPO_MAPS / "pacific" / "scenarios"
SHIPPED = sorted(p.name for p in SCENARIOS.glob("*.json"))


def _load(name: str) -> tuple[Game, GameState]:
    real = board("pacific")
    return Game(real), load_scenario(SCENARIOS / name, real, seed=3)


def test_the_scenarios_are_shipped() -> None:
    """The standard positions, the tutorials' starts and the lessons' small positions."""
    assert SHIPPED == ["britain_first_turn.json", "japan_first_turn.json",
                       "japan_purchase.json", "late_game.json", "lesson_amphibious.json",
                       "lesson_bases.json", "lesson_bombing.json", "lesson_cap.json",
                       "lesson_convoys.json", "lesson_kamikaze.json", "lesson_submarines.json",
                       "standard_start.json", "usa_first_turn.json"]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_scenario_is_consistent_playable_and_round_trips(name: str) -> None:
    game, state = _load(name)
    assert list(game.play_actions(state)), f"{name}: nothing to play"
    written = read_scenario(SCENARIOS / name)
    again = scenario_of(game.board, state, written.title, written.description)
    assert again == written
    assert scenario_json(again) == (SCENARIOS / name).read_text(encoding="utf-8")
    assert written.title and written.description


def test_r_setup_6_the_standard_start_is_the_position_of_a_new_game() -> None:
    game, state = _load("standard_start.json")
    new = game.new_game(players=3, seed=3)
    assert scenario_of(game.board, state) == scenario_of(game.board, new)
    assert state.pending == ConvoySplit(power=Power.UK, amount=12)   # R-SETUP-8


def test_r_firstturn_1_japans_first_turn_after_its_purchase() -> None:
    game, state = _load("japan_first_turn.json")
    assert (state.round, state.power, state.phase) == (1, Power.JAPAN, Phase.COMBAT_MOVE)
    assert state.japan_first_turn and state.pending is None
    assert state.purchased == {Nation.JAPAN: {UnitType.TRANSPORT: 1, UnitType.INFANTRY: 2,
                                              UnitType.ARTILLERY: 1}}
    assert state.treasury[Nation.JAPAN] == 19 - 18
    assert any(a.kind == "move" for a in game.play_actions(state))


def test_r_bb_1_the_late_game_has_carriers_loaded_transports_and_a_damaged_battleship() -> None:
    _, state = _load("late_game.json")
    assert (state.round, state.power, state.phase) == (6, Power.UK, Phase.NONCOMBAT_MOVE)
    units = state.units.values()
    damaged = [x for x in units if x.damaged]
    assert [(x.type, x.owner, x.space) for x in damaged] == [
        (UnitType.BATTLESHIP, Nation.INDIA, "sz_54")]
    carriers = [x for x in units if x.type is UnitType.CARRIER]
    assert len(carriers) == 4 and all(state.cargo_of(c.id) for c in carriers)
    loaded = [x for x in units if x.type is UnitType.TRANSPORT and state.cargo_of(x.id)]
    assert {x.owner for x in loaded} == {Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA,
                                         Nation.USA}
    assert state.victory_points == 14 and state.kamikaze_tokens == 2
    assert state.convoy_holder["sz_38"] is Nation.JAPAN


def _mini(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "pacific-scenario", "schema_version": 1, "map_id": "mini",
        "round": 3, "power": "japan", "phase": "purchase",
        "treasury": {"japan": 20},
        "units": {"sz_6": [{"nation": "japan", "type": "transport",
                            "cargo": [{"type": "infantry", "count": 2}]}],
                  "korea": [{"nation": "japan", "type": "infantry", "count": 2}]},
    }
    data.update(changes)
    return data


def _build(data: dict[str, Any]) -> GameState:
    raw = json.dumps(data).encode("utf-8")
    return scenario_state(board("mini"), parse_scenario(raw, "hand.json"), source="hand.json")


def test_a_small_hand_written_scenario_builds_its_position() -> None:
    state = _build(_mini())
    transport = next(x for x in state.units.values() if x.type is UnitType.TRANSPORT)
    assert len(state.cargo_of(transport.id)) == 2
    assert state.treasury == {Nation.JAPAN: 20, Nation.INDIA: 0, Nation.AUSTRALIA: 0,
                              Nation.USA: 0}
    assert state.territory_owner["korea"] is Nation.JAPAN        # from the board's setup


def test_r_trans_1_three_infantry_aboard_one_transport_are_refused_naming_the_space() -> None:
    data = _mini(units={"sz_6": [{"nation": "japan", "type": "transport",
                                  "cargo": [{"type": "infantry", "count": 3}]}]})
    with pytest.raises(ScenarioError) as info:
        _build(data)
    message = str(info.value)
    assert message.startswith("hand.json: the position is inconsistent: ")
    assert "3 infantry aboard one transport (#1) in Sea Zone 6: room for 2, or 1 armor " \
           "(R-TRANS-1)" in message


@pytest.mark.parametrize(("changes", "expected"), [
    ({"colour": "red"}, "hand.json: colour: Extra inputs are not permitted"),
    ({"round": "3"}, "hand.json: round: Input should be a valid integer"),
    ({"round": 0}, "hand.json: round: Input should be greater than or equal to 1"),
    ({"phase": "lunch"}, "hand.json: phase: Input should be"),
    ({"units": {"korea": [{"nation": "japan", "type": "infantry", "count": 101}]}},
     "hand.json: units.korea.0.count: Input should be less than or equal to 100"),
    ({"units": {"korea": [{"nation": "japan", "type": "infantry", "damaged": 1}]}},
     "hand.json: units.korea.0.damaged: Input should be a valid boolean"),
    ({"units": {"atlantis": [{"nation": "japan", "type": "infantry"}]}},
     "hand.json: units: 'atlantis' is not a space of map 'mini'"),
    ({"control": {"sz_6": "japan"}}, "hand.json: control: Sea Zone 6 is not a land territory"),
    ({"convoys": {"sz_1": "australia"}},
     "hand.json: convoys: Sea Zone 1 is a convoy zone of India"),
    ({"treasury": {"china": 3}}, "hand.json: China has no treasury"),
    ({"map_id": "pacific"}, "hand.json: the scenario is for map 'pacific', not 'mini'"),
    ({"units": {"india": [{"nation": "japan", "type": "infantry"}]}},
     "India stands in a territory India controls after combat"),
    ({"units": {"korea": [{"nation": "japan", "type": "battleship"}]}},
     "a ship on land (R-UNIT-1)"),
    # The position rules of what is carried and who patrols (pacific.rules.invariants).
    ({"units": {"sz_6": [{"nation": "japan", "type": "transport",
                          "cargo": [{"type": "industrial_complex"}]}]}},
     "industrial complex aboard one transport (#1) in Sea Zone 6: a transport carries "
     "infantry, marines, artillery, armor and AA guns only (R-TRANS-1)"),
    ({"units": {"burma": [{"nation": "japan", "type": "infantry", "cap": True}]}},
     "Japan infantry #1 in Burma is marked on combat air patrol; only fighters patrol "
     "(R-CAP-1)"),
    ({"units": {"korea": [{"nation": "japan", "type": "fighter", "cap": True}]}},
     "Japan fighter #1 in Korea is marked on combat air patrol but is not aloft over a sea "
     "zone (R-CAP-2)"),
    ({"phase": "combat_move", "units": {"sz_6": [{"nation": "japan", "type": "fighter",
                                                   "cap": True}]}},
     "still on combat air patrol in phase 3 of its own turn: every patrol lands or is lost in "
     "phase 2 (R-CAP-7)"),
    ({"power": "us", "phase": "combat_move",
      "control": {"burma": "japan"}, "units": {"burma": [{"nation": "india",
                                                           "type": "infantry"}]}},
     "India infantry #1 in Burma stands in a territory Japan controls, but only the units of "
     "United States attack in its turn (R-MULTI-3)"),
])
def test_a_scenario_is_validated_strictly_with_messages_naming_the_entry(
        changes: dict[str, Any], expected: str) -> None:
    with pytest.raises(ScenarioError) as info:
        _build(_mini(**changes))
    assert expected in str(info.value)


def test_a_fighter_on_patrol_in_another_powers_turn_is_a_sound_position() -> None:
    state = _build(_mini(power="uk", phase="combat_move",
                         units={"sz_6": [{"nation": "japan", "type": "fighter", "cap": True}]}))
    assert [u.cap for u in state.units.values()] == [True]


def test_a_key_given_twice_in_a_scenario_is_refused_naming_it() -> None:
    """JSON keeps the second "burma" and drops the first list without a word: a person who
    wrote it twice made a mistake."""
    raw = b'{"format": "pacific-scenario", "schema_version": 1, "map_id": "mini", ' \
          b'"round": 1, "power": "japan", "phase": "purchase", "units": {\n' \
          b'  "burma": [{"nation": "india", "type": "infantry"}],\n' \
          b'  "burma": [{"nation": "india", "type": "armor"}]}}'
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, "hand.json")
    assert str(info.value) == "hand.json: line 3, column 3: the key 'burma' appears twice in " \
                              "one object; JSON would keep only the second value: give each " \
                              "key once"


def test_hostile_scenario_files_are_refused_before_reading_them_whole(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50 + "]" * 50)
    with pytest.raises(ScenarioError, match="nested more than"):
        read_scenario(deep)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (1024 * 1024 + 1))
    with pytest.raises(ScenarioError, match="more than the"):
        read_scenario(big)
    with pytest.raises(ScenarioError, match="cannot read"):
        read_scenario(tmp_path / "missing.json")


@pytest.mark.parametrize(("changes", "expected"), [
    ({"control": {"sz_6": "japan"}}, "hand.json: control: la Zona marina 6 non è un territorio"),
    ({"convoys": {"sz_1": "australia"}},
     "hand.json: convoys: la Zona marina 1 è in origine una zona convoglio dell'India, della sua "
     "stessa parte"),
    ({"purchased": {"japan": {"marine": 1}}},
     "hand.json: purchased: il Giappone non può comprare Marines (R-PURCH-5)"),
    ({"units": {"korea": [{"nation": "japan", "type": "battleship"}]}},
     "hand.json: la posizione è incoerente: "),
])
def test_issue_17_a_scenario_error_under_italian_is_italian_and_names_the_entry(
        changes: dict[str, Any], expected: str) -> None:
    """The file, the entry and the space at fault, in the player's language."""
    from pacific.text import error_text, using_language

    with pytest.raises(ScenarioError) as info:
        _build(_mini(**changes))
    with using_language("it"):
        text = error_text(info.value)
    assert text.startswith(expected), text


def test_issue_17_a_scenario_file_refused_before_reading_is_named_in_italian(
        tmp_path: Path) -> None:
    from pacific.text import error_text, using_language

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50 + "]" * 50)
    with pytest.raises(ScenarioError) as info:
        read_scenario(deep)
    with using_language("it"):
        text = error_text(info.value)
    assert text.startswith(f"{deep}: ") and "livelli" in text, text
