"""The same small mid-game position entered two ways through the command line: with
`edit_...` actions (`pacific apply`) and from a scenario file (`pacific new --scenario`). They
are the same position, and `pacific legal` / `pacific apply` play on from both alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pacific.cli.main import main
from pacific.rules.files.scenario import Scenario

MINI = str(Path(__file__).parent / "maps" / "mini")

# Round 3, Great Britain's non-combat movement: Japan holds Burma, New Britain and the British
# convoy centre of Sea Zone 1; an Indian battleship was damaged this turn.
POSITION: dict[str, Any] = {
    "format": "pacific-scenario", "schema_version": 1, "map_id": "mini",
    "round": 3, "power": "uk", "phase": "noncombat_move",
    "control": {"burma": "japan", "new_britain": "japan"},
    "convoys": {"sz_1": "japan"},
    "treasury": {"japan": 25, "india": 7, "australia": 9, "usa": 30},
    "production_corrections": {"australia": -1},
    "purchased": {"india": {"infantry": 1}},
    "victory_points": 6, "kamikaze_tokens": 4,
    "units": {
        "korea": [{"nation": "japan", "type": "infantry", "count": 3}],
        "burma": [{"nation": "japan", "type": "infantry", "count": 2},
                  {"nation": "japan", "type": "armor"}],
        "sz_6": [{"nation": "japan", "type": "battleship"},
                 {"nation": "japan", "type": "carrier", "cargo": [{"type": "fighter"}]},
                 {"nation": "japan", "type": "transport",
                  "cargo": [{"type": "infantry", "count": 2}]}],
        "india": [{"nation": "india", "type": "infantry", "count": 2},
                  {"nation": "india", "type": "aa_gun"},
                  {"nation": "india", "type": "fighter"}],
        "sz_1": [{"nation": "india", "type": "battleship", "damaged": True},
                 {"nation": "india", "type": "transport", "cargo": [{"type": "artillery"}]}],
        "new_south_wales": [{"nation": "australia", "type": "infantry", "count": 2}],
        "united_states": [{"nation": "usa", "type": "infantry", "count": 2},
                          {"nation": "usa", "type": "bomber"}],
        "szechwan": [{"nation": "china", "type": "infantry", "count": 2}],
    },
}


def _add(space: str, nation: str, unit_type: str, count: int = 1) -> dict[str, Any]:
    return {"kind": "edit_add_units", "space": space, "nation": nation, "unit_type": unit_type,
            "count": count}


def _edits(start: Scenario) -> list[dict[str, Any]]:
    """The edits a tabletop group types to enter POSITION, from a new game whose convoy split
    is made: clear the board, go to the turn, then units and books."""
    edits: list[dict[str, Any]] = [{"kind": "edit_mode", "on": True}]
    for space, stacks in start.units.items():
        for stack in stacks:
            edits.append({"kind": "edit_remove_units", "space": space,
                          "nation": stack.nation.value, "unit_type": stack.type.value,
                          "count": stack.count})
    edits += [
        {"kind": "edit_turn", "round": 3, "power": "uk", "phase": "noncombat_move"},
        {"kind": "edit_control", "space": "burma", "nation": "japan"},
        {"kind": "edit_control", "space": "new_britain", "nation": "japan"},
        {"kind": "edit_control", "space": "sz_1", "nation": "japan"},
        _add("korea", "japan", "infantry", 3),
        _add("burma", "japan", "infantry", 2), _add("burma", "japan", "armor"),
        _add("sz_6", "japan", "battleship"), _add("sz_6", "japan", "carrier"),
        _add("sz_6", "japan", "transport"), _add("sz_6", "japan", "fighter"),
        _add("sz_6", "japan", "infantry", 2),
        _add("india", "india", "infantry", 2), _add("india", "india", "aa_gun"),
        _add("india", "india", "fighter"),
        _add("sz_1", "india", "battleship"), _add("sz_1", "india", "transport"),
        _add("sz_1", "india", "artillery"),
        {"kind": "edit_damaged", "space": "sz_1", "nation": "india", "count": 1},
        _add("new_south_wales", "australia", "infantry", 2),
        _add("united_states", "usa", "infantry", 2), _add("united_states", "usa", "bomber"),
        _add("szechwan", "china", "infantry", 2),
        *({"kind": "edit_treasury", "nation": n, "ipc": v}
          for n, v in POSITION["treasury"].items()),
        {"kind": "edit_production", "nation": "australia", "level": 5},
        {"kind": "edit_purchased", "nation": "india", "unit_type": "infantry", "count": 1},
        {"kind": "edit_victory_points", "points": 6},
        {"kind": "edit_kamikaze_tokens", "tokens": 4},
        {"kind": "edit_mode", "on": False},
    ]
    return edits


def _scenario(game: Path, capsys: pytest.CaptureFixture[str]) -> Scenario:
    capsys.readouterr()
    assert main(["show", str(game), "--scenario", "--map", MINI]) == 0
    return Scenario.model_validate_json(capsys.readouterr().out)


def _apply(game: Path, lines: list[dict[str, Any]], tmp_path: Path,
           capsys: pytest.CaptureFixture[str]) -> str:
    actions = tmp_path / f"{game.stem}.jsonl"
    actions.write_text("".join(json.dumps(a) + "\n" for a in lines))
    capsys.readouterr()
    code = main(["apply", str(game), str(actions), "-o", str(game), "--map", MINI])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_a_position_entered_by_edits_equals_the_same_position_from_a_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edited = tmp_path / "edited.json"
    assert main(["new", "--seed", "5", "-o", str(edited), "--map", MINI]) == 0
    _apply(edited, [{"kind": "split_convoy_income", "india": 2, "australia": 2}], tmp_path,
           capsys)
    printed = _apply(edited, _edits(_scenario(edited, capsys)), tmp_path, capsys)
    assert "  Edit: 2 infantry of Japan added to Burma\n" in printed
    assert "  Edit: 1 battleship of India damaged in Sea Zone 1\n" in printed

    file = tmp_path / "position.json"
    file.write_text(json.dumps(POSITION))
    loaded = tmp_path / "loaded.json"
    assert main(["new", "--scenario", str(file), "--seed", "5", "-o", str(loaded),
                 "--map", MINI]) == 0
    both = _scenario(edited, capsys)
    assert both == _scenario(loaded, capsys)
    # What the file says, with every other territory's controller from the board's setup.
    written = Scenario.model_validate_json(json.dumps(POSITION))
    assert both.units == written.units and both.control.items() >= written.control.items()
    assert both.model_dump(exclude={"units", "control"}) == \
        written.model_dump(exclude={"units", "control"})

    # `legal` and `apply` play on from both alike: phase 7, India places its infantry.
    for game in (edited, loaded):
        capsys.readouterr()
        assert main(["legal", str(game), "--json", "--map", MINI]) == 0
        kinds = [a["kind"] for a in json.loads(capsys.readouterr().out)]
        assert kinds[-1] == "edit_mode" and "end_phase" in kinds and "move" in kinds
        _apply(game, [{"kind": "end_phase"},
                      {"kind": "place", "nation": "india", "unit_type": "infantry",
                       "space": "india"}], tmp_path, capsys)
    after = _scenario(edited, capsys)
    assert after == _scenario(loaded, capsys) and after.phase.value == "place"
    # The save shows where the game was edited.
    saved = json.loads(edited.read_text())
    assert [a["action"]["kind"] for a in saved["actions"]].count("edit_mode") == 2
    assert json.loads(loaded.read_text())["start"]["round"] == 3


def test_new_refuses_an_inconsistent_scenario_naming_the_space(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = dict(POSITION, units={"sz_6": [{"nation": "japan", "type": "transport",
                                          "cargo": [{"type": "infantry", "count": 3}]}]})
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad))
    assert main(["new", "--scenario", str(file), "-o", str(tmp_path / "g.json"),
                 "--map", MINI]) == 1
    err = capsys.readouterr().err
    assert "bad.json: the position is inconsistent: 3 infantry aboard one transport (#1) " \
           "in Sea Zone 6: room for 2, or 1 armor (R-TRANS-1)" in err
    assert not (tmp_path / "g.json").exists()


def test_apply_refuses_an_edit_outside_edit_mode_with_its_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "g.json"
    assert main(["new", "--seed", "5", "-o", str(game), "--map", MINI]) == 0
    actions = tmp_path / "a.jsonl"
    actions.write_text(json.dumps(_add("korea", "japan", "armor")) + "\n")
    capsys.readouterr()
    assert main(["apply", str(game), str(actions), "--map", MINI]) == 2
    assert "illegal: Edit: add 1 armor of Japan to Korea is a correction: turn edit mode on " \
           "first. [EDIT-1]" in capsys.readouterr().err
