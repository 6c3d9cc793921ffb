"""Map checks (pacific.rules.files.mapcheck) and `pacific check-map` on good and broken maps
(issue #3).

Each broken case starts from a copy of the mini board, breaks one thing, and asserts the exact
error line part that names the entry and the field.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pacific.cli.main import main
from pacific.rules.files.mapfile import check_board_data, check_map_file

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "maps" / "mini" / "board.json"
BROKEN = ROOT / "tests" / "maps" / "broken"


def mini() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MINI.read_text(encoding="utf-8"))
    return data


def errors_after(change: Callable[[dict[str, Any]], None]) -> list[str]:
    data = copy.deepcopy(mini())
    change(data)
    return check_board_data(data, "m.json")


def territory(data: dict[str, Any], tid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in data["territories"] if t["id"] == tid)
    return found


def zone(data: dict[str, Any], n: int) -> dict[str, Any]:
    found: dict[str, Any] = next(z for z in data["sea_zones"] if z["number"] == n)
    return found


# ---- good maps -----------------------------------------------------------------------------

def test_mini_board_passes() -> None:
    board, errors = check_map_file(MINI)
    assert errors == [] and board is not None


def test_pacific_board_passes() -> None:
    board, errors = check_map_file(ROOT / "maps" / "pacific")
    assert errors == [] and board is not None


def test_cli_ok_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(ROOT / "maps" / "pacific")]) == 0
    out = capsys.readouterr().out
    assert out == "OK: 62 territories, 54 sea zones, 246 connections, 211 units\n"


def test_cli_ok_line_mini(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(MINI)]) == 0
    assert capsys.readouterr().out.startswith("OK: 18 territories, 10 sea zones, ")


# ---- ids and adjacency ---------------------------------------------------------------------

def test_duplicate_id() -> None:
    def change(d: dict[str, Any]) -> None:
        territory(d, "anhwe")["id"] = "korea"
    errors = errors_after(change)
    assert "m.json: territories[3] (korea).id: duplicate id 'korea' (already used by " \
           "territories[1] (korea))" in errors


def test_sea_zone_id_must_match_number() -> None:
    errors = errors_after(lambda d: zone(d, 4).update(number=11))
    assert any("sea_zones[3] (sz_4).id: a sea zone's id must be 'sz_11'" in e for e in errors)


def test_adjacency_unknown_id() -> None:
    errors = errors_after(lambda d: d["adjacency"].append(["burma", "atlantis"]))
    assert "m.json: adjacency[41] (burma, atlantis): unknown id 'atlantis'" in errors


def test_adjacency_reversed_duplicate_is_refused() -> None:
    errors = errors_after(lambda d: d["adjacency"].append(["manchuria", "korea"]))
    assert "m.json: adjacency[41] (manchuria, korea): duplicate of adjacency[0]: store each " \
           "pair once" in errors


def test_adjacency_self_loop() -> None:
    errors = errors_after(lambda d: d["adjacency"].append(["sz_3", "sz_3"]))
    assert "m.json: adjacency[41] (sz_3, sz_3): a space cannot border itself" in errors


def test_unreachable_sea_zone() -> None:
    def change(d: dict[str, Any]) -> None:
        d["adjacency"] = [p for p in d["adjacency"] if "sz_8" not in p]
    errors = errors_after(change)
    assert "m.json: sea_zones[7] (sz_8): cannot be reached by sea from sz_1" in errors


# ---- islands and references ----------------------------------------------------------------

def test_island_in_missing_zone() -> None:
    errors = errors_after(lambda d: territory(d, "guam").update(sea_zone="sz_99"))
    assert "m.json: territories[12] (guam).sea_zone: 'sz_99' is not a sea zone of this map" \
        in errors


def test_island_not_adjacent_to_its_zone() -> None:
    errors = errors_after(lambda d: territory(d, "guam").update(sea_zone="sz_4"))
    assert any(e.startswith("m.json: territories[12] (guam).sea_zone: the island lies in sz_4 "
                            "but does not border it") for e in errors)


def test_island_without_zone() -> None:
    errors = errors_after(lambda d: territory(d, "guam").pop("sea_zone"))
    assert "m.json: territories[12] (guam).sea_zone: an island must name the sea zone it lies " \
           "in (R-SETUP-10)" in errors


def test_capital_must_exist() -> None:
    errors = errors_after(lambda d: d["capitals"].update(china="peking"))
    assert "m.json: capitals.china: capital 'peking' is not a territory of this map" in errors


def test_burma_road_and_route_territories_must_exist() -> None:
    def change(d: dict[str, Any]) -> None:
        d["burma_road"].append("ledo")
        zone(d, 2)["convoy_route"]["territory"] = "hawaii"  # exists, but far from sz_2
    errors = errors_after(change)
    assert "m.json: burma_road[4]: territory 'ledo' is not a territory of this map" in errors
    assert "m.json: sea_zones[1] (sz_2).convoy_route.territory: 'hawaii' does not border " \
           "sz_2 (R-CONVOY-1)" in errors


def test_impassable_territory_has_no_owner() -> None:
    errors = errors_after(lambda d: territory(d, "soviet_union").update(owner="china"))
    assert "m.json: territories[17] (soviet_union).owner: an impassable territory belongs to " \
           "no one (R-SETUP-12)" in errors


# ---- production ----------------------------------------------------------------------------

def test_production_must_match_territory_values() -> None:
    errors = errors_after(lambda d: territory(d, "burma").update(ipc=2))
    assert "m.json: setup.production.india: is 4 but the territories and convoy centres india " \
           "holds add up to 5 (R-SETUP-6)" in errors


def test_usa_production_counts_its_convoy_centres() -> None:
    errors = errors_after(lambda d: zone(d, 8).update(convoy_center={"ipc": 4, "pays": "usa"}))
    assert any(e.startswith("m.json: setup.production.usa: is 15 but") and "add up to 16" in e
               for e in errors)


def test_british_convoy_ipcs_must_match_centres() -> None:
    errors = errors_after(lambda d: d["setup"].update(british_convoy_ipcs=12))
    assert "m.json: setup.british_convoy_ipcs: is 12 but the British convoy centres add up " \
           "to 4 (R-CONVOY-2)" in errors


def test_route_held_by_the_enemy_withholds_the_value_R_CONVOY_13() -> None:
    """Siam's route (sz_2) bearing an Allied icon: Japan's level must not count Siam."""
    errors = errors_after(lambda d: zone(d, 2)["convoy_route"].update(nation="india"))
    assert any(e.startswith("m.json: setup.production.japan: is 14 but") and "add up to 12" in e
               for e in errors)


def test_starting_ipcs_equal_production_OQ_3() -> None:
    errors = errors_after(lambda d: d["setup"]["ipcs"].update(japan=30))
    assert "m.json: setup.ipcs.japan: is 30 but the starting production is 14: they must be " \
           "equal (OQ-3)" in errors


# ---- starting units ------------------------------------------------------------------------

def add_unit(space: str, owner: str, type_: str, count: int = 1) -> Callable[[dict[str, Any]],
                                                                            None]:
    def change(d: dict[str, Any]) -> None:
        d["setup"]["units"].append({"space": space, "owner": owner, "type": type_,
                                    "count": count})
    return change


def test_ship_on_land() -> None:
    errors = errors_after(add_unit("india", "india", "destroyer"))
    assert "m.json: setup.units[42] (1 destroyer india in india).space: destroyer is a ship " \
           "and must start at sea" in errors


def test_land_unit_at_sea() -> None:
    errors = errors_after(add_unit("sz_3", "australia", "infantry"))
    assert "m.json: setup.units[42] (1 infantry australia in sz_3).space: infantry is a land " \
           "unit and must start on land" in errors


def test_bomber_at_sea() -> None:
    errors = errors_after(add_unit("sz_9", "usa", "bomber"))
    assert any("(1 bomber usa in sz_9).space: bomber cannot stand at sea" in e for e in errors)


def test_fighters_need_carrier_room_R_CARRIER_1() -> None:
    errors = errors_after(add_unit("sz_9", "usa", "fighter", 3))  # one US carrier there
    assert "m.json: setup.units[42] (3 fighter usa in sz_9).space: 3 fighters at sea in sz_9 " \
           "but friendly carriers there hold only 2 (R-CARRIER-1)" in errors
    assert errors_after(add_unit("sz_9", "usa", "fighter", 2)) == []
    # An allied fighter may use the US carrier (R-CARRIER-1: "its nation's or allied")...
    assert errors_after(add_unit("sz_9", "india", "fighter", 1)) == []
    # ...an enemy one may not.
    errors = errors_after(add_unit("sz_9", "japan", "fighter", 1))
    assert any("(1 fighter japan in sz_9).space: 1 fighters at sea in sz_9 but friendly "
               "carriers there hold only 0" in e for e in errors)


def test_unit_in_impassable_territory() -> None:
    errors = errors_after(add_unit("soviet_union", "china", "infantry"))
    assert "m.json: setup.units[42] (1 infantry china in soviet_union).space: 'soviet_union' " \
           "is impassable: no unit may stand there (R-SETUP-12)" in errors


def test_unit_on_enemy_land() -> None:
    errors = errors_after(add_unit("korea", "china", "infantry"))
    assert "m.json: setup.units[42] (1 infantry china in korea).space: 'korea' starts under " \
           "enemy control (japan)" in errors


# ---- the command on broken files: one line per error, exit 1, never a traceback ------------

@pytest.mark.parametrize(("fixture", "expected"), [
    ("not_json.json", ["not_json.json: line 5, column 1: Expecting value (not valid JSON)"]),
    ("wrong_types.json", [
        "wrong_types.json: territories[1] (korea).ipc: Input should be a valid integer",
        "wrong_types.json: sea_zones[0] (sz_1).convoy_center.pays: Input should be 'uk' or "
        "'usa'",
        "wrong_types.json: capitals.germany (the key): Input should be 'japan'",
        "wrong_types.json: setup.units[0] (japan).type: Input should be 'infantry'",
    ]),
    ("bad_references.json", [
        "bad_references.json: adjacency[41] (burma, atlantis): unknown id 'atlantis'",
        "bad_references.json: adjacency[42] (india, burma): duplicate of adjacency[11]",
        "bad_references.json: adjacency[43] (yunnan, yunnan): a space cannot border itself",
        "bad_references.json: territories[12] (guam).sea_zone: 'sz_99' is not a sea zone",
        "bad_references.json: setup.units[42] (1 infantry usa in atlantis).space: 'atlantis' "
        "is not a space of this map",
    ]),
])
def test_cli_lists_every_error(capsys: pytest.CaptureFixture[str], fixture: str,
                               expected: list[str]) -> None:
    assert main(["check-map", str(BROKEN / fixture)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert "Traceback" not in captured.err
    noun = "error" if len(expected) == 1 else "errors"
    assert lines[-1] == f"{len(expected)} {noun} in {BROKEN / fixture}"
    assert len(lines) == len(expected) + 1
    for line, want in zip(lines, expected, strict=False):
        assert line.startswith(str(BROKEN / fixture)), line
        assert want in line, (want, line)


def test_cli_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["check-map", str(tmp_path / "nothing")]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'nothing'}: cannot read the map file" in err
    assert "Traceback" not in err


def test_cli_directory_without_board(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["check-map", str(tmp_path)]) == 1
    assert f"{tmp_path / 'board.json'}: cannot read the map file" in capsys.readouterr().err


def test_cli_not_utf8_and_wrong_top_level(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"id": "caf\xe9"}')
    assert main(["check-map", str(bad)]) == 1
    assert f"{bad}: the map file is not UTF-8 text" in capsys.readouterr().err
    arr = tmp_path / "array.json"
    arr.write_text("[1, 2]", encoding="utf-8")
    assert main(["check-map", str(arr)]) == 1
    assert f"{arr}: (top level): Input should be a valid dictionary" in capsys.readouterr().err


def test_cli_deeply_nested_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["check-map", str(deep)]) == 1
    err = capsys.readouterr().err
    assert str(deep) in err and "Traceback" not in err


def test_cli_lists_all_shape_errors_not_just_twenty(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    data = mini()
    for t in data["territories"]:
        t["ipc"] = "many"  # 18 territories
    for z in data["sea_zones"]:
        z["number"] = "first"  # 10 sea zones
    bad = tmp_path / "board.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check-map", str(tmp_path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1] == f"28 errors in {tmp_path}"
    assert sum(".ipc: Input should be a valid integer" in line for line in lines) == 18
