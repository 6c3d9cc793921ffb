"""Hostile files through the GUI's Open: the main window's `open_path_with` (which
reads through `GameController.open_history` → `load_game`) must come back at once with a
warning dialog, never freeze on a FIFO or fill memory from /dev/zero.

The window runs in a child process (`hostile_child.py gui`) under the same address-space limit
and timeout as the command-line corpus, with the warning dialog recorded instead of shown.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hostile import (
    CASE_SECONDS,
    MINI,
    ChildRun,
    assert_no_echo,
    edited_save,
    good_save,
    run_child,
    special_files,
    tiny_actions_save,
)

SPECIAL = ["fifo", "link_to_fifo", "folder", "sparse_10gb", "dev_zero", "dev_urandom",
           "proc_pagemap"]
# The GUI reads a map's geometry through its cache (hashing the file first), tools through
# load_geometry: both refuse special files at once.
GEOMETRY_READERS = ["cached", "load_geometry"]
SAVES = {
    "seed_5000_digits": "integer of 5,000 digits",
    "count_true": "purchase.units.infantry: Input should be a valid integer",
    "tiny_actions_900k": "values",
}


def _ship_on_land(folder: Path) -> Path:
    data = json.loads((MINI / "board.json").read_text(encoding="utf-8"))
    data["setup"]["units"].append({"space": "india", "owner": "india", "type": "destroyer"})
    path = folder / "ship_on_land" / "board.json"
    path.parent.mkdir()
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.parent


def _set_count(data: dict[str, Any]) -> None:
    data["actions"][1]["action"]["units"]["infantry"] = True


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> ChildRun:
    folder = tmp_path_factory.mktemp("hostile_gui")
    specials = special_files(folder / "special")
    good = good_save(folder)
    paths = {name: specials[name] for name in SPECIAL if name in specials}
    builds = {
        "seed_5000_digits": edited_save(good, lambda d: f'{{"seed": {"1" * 5000}}}'),
        "count_true": edited_save(good, _set_count),
        "tiny_actions_900k": tiny_actions_save(900_000),
    }
    for name, content in builds.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_bytes(content)
    paths["good"] = good
    cases = [{"id": name, "path": str(path), "map": str(MINI)} for name, path in paths.items()]
    # A good save whose map now fails a map check (a ship on land): refused like check-map.
    cases.append({"id": "broken_map", "path": str(good), "map": str(_ship_on_land(folder))})
    cases += [{"id": f"geometry:{reader}:{name}", "path": str(specials[name]), "reader": reader}
              for reader in GEOMETRY_READERS for name in SPECIAL if name in specials]
    return run_child("gui", cases, folder)


def _check(opened: ChildRun, name: str) -> dict[str, Any]:
    if name not in opened.results:
        pytest.skip(f"no {name} on this system")
    found = opened.results[name]
    assert found["err"] == "", found["err"]
    assert found["seconds"] < CASE_SECONDS, f"{name}: {found['seconds']:.1f} s"
    return found


@pytest.mark.parametrize("name", SPECIAL)
def test_open_refuses_special_files_at_once(opened: ChildRun, name: str) -> None:
    found = _check(opened, name)
    assert found["ok"] is False
    assert len(found["messages"]) == 1, found["messages"]
    message = found["messages"][0]
    assert any(w in message for w in ("not a file", "more than", "cannot read")), message
    assert_no_echo(message)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_open_refuses_hostile_saves(opened: ChildRun, name: str) -> None:
    found = _check(opened, name)
    assert found["ok"] is False and SAVES[name] in found["messages"][0], found["messages"]


@pytest.mark.parametrize("reader", GEOMETRY_READERS)
@pytest.mark.parametrize("name", SPECIAL)
def test_geometry_readers_refuse_special_files_at_once(opened: ChildRun, name: str,
                                                      reader: str) -> None:
    found = _check(opened, f"geometry:{reader}:{name}")
    assert found["ok"] is False, found
    message = found["messages"][0]
    assert "map geometry file" in message and \
        any(w in message for w in ("not a file", "more than", "cannot read")), message


def test_open_checks_the_map_like_check_map(opened: ChildRun) -> None:
    found = _check(opened, "broken_map")
    assert found["ok"] is False
    assert "destroyer is a ship and must start at sea" in found["messages"][0]


def test_a_new_game_on_a_broken_map_is_refused(tmp_path: Path) -> None:
    """The GUI's new game runs the map checks too."""
    from pacific.gui.app import new_controller
    from pacific.rules.errors import MapError

    with pytest.raises(MapError, match="destroyer is a ship and must start at sea"):
        new_controller(map_path=_ship_on_land(tmp_path))


def test_open_still_opens_a_good_save(opened: ChildRun) -> None:
    found = _check(opened, "good")
    assert found["ok"] is True and found["messages"] == []


def test_the_window_stays_within_memory(opened: ChildRun) -> None:
    """The whole run, Qt included, peaked far below the limit (/dev/zero once reached 6 GB)."""
    peak_mb = max(r["peak_kb"] for r in opened.results.values()) / 1024
    assert peak_mb < 600, f"peak {peak_mb:.0f} MB"
