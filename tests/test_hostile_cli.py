"""Hostile input through the `pacific` command (bounded saves).

Every case runs in one child process limited in address space (`hostile.MEMORY_LIMIT`) and
time, so a defect that comes back fails a test instead of freezing the run: each case must be
refused in one clear line (no traceback), within `CASE_SECONDS`, quoting at most ~80
characters of the input. The corpus is built at test time: special files (FIFO, devices, a
folder, an endless "regular" file, a sparse 10 GB file), saves and action files edited from a
good one, and the broken maps of tests/maps/broken (static files and ``edits.json``) on which
`pacific check-map` and `pacific new --map` must agree.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hostile import (
    BROKEN,
    CASE_SECONDS,
    LONG,
    MINI,
    ChildRun,
    assert_no_echo,
    edited_save,
    good_save,
    run_child,
    run_pacific,
    special_files,
    tiny_actions_save,
)

HUGE = "1" * 5000  # past Python's 4,300-digit limit for int()
# What one case may add to the child's peak memory: the largest input here is 29 MB, read once.
CASE_MEMORY = 64 * 1024 * 1024

# ---- the corpus ----------------------------------------------------------------------------

SPECIAL = ["fifo", "link_to_fifo", "folder", "map_folder_with_fifo", "sparse_10gb", "dev_zero",
           "dev_urandom", "dev_null", "proc_pagemap"]
# How each command meets a special file: SRC is the special file, GOOD a valid save.
COMMANDS = {
    "show": ["show", "SRC"],
    "legal": ["legal", "SRC"],
    "apply_save": ["apply", "SRC", "ACTIONS"],
    "apply_actions": ["apply", "GOOD", "SRC", "-o", "OUT", "--map", str(MINI)],
    "show_map": ["show", "GOOD", "--map", "SRC"],
    "new_map": ["new", "--map", "SRC", "-o", "OUT"],
    "check_map": ["check-map", "SRC"],
}
SPECIAL_WORDS = ("not a file", "more than", "cannot read")


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _both(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    """Set ``path`` and make the second action illegal (Japan cannot pay for a battleship)."""
    def change(data: dict[str, Any]) -> None:
        _set(path, value)(data)
        data["actions"][1]["action"]["units"] = {"battleship": 1}
    return change


def _drop(entry: str, key: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        del data[entry][key]
    return change


def _unit(kind: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    """Change the snapshot's first unit of type ``kind`` and make the log unplayable, so that
    only the snapshot could be opened."""
    def change(data: dict[str, Any]) -> None:
        unit = next(u for u in data["snapshot"]["units"].values() if u["type"] == kind)
        unit.update(fields)
        data["actions"][1]["action"]["units"] = {"battleship": 1}
    return change


def _huge_seed(data: dict[str, Any]) -> str:
    return json.dumps(data).replace('"seed": 11', f'"seed": {HUGE}', 1)


def _text(old: str, new: str) -> Callable[[dict[str, Any]], str]:
    return lambda data: json.dumps(data).replace(old, new, 1)


def _deep(data: dict[str, Any]) -> str:
    return json.dumps(data).replace('"snapshot": {', '"snapshot": {"x": ' + "[" * 50 + "]" * 50
                                    + ", ", 1)


PURCHASE = ["actions", 1, "action", "units", "infantry"]


def _edit_mode_at_start(_data: dict[str, Any]) -> str:
    """A save made in edit mode while the first decision (the convoy split) waits."""
    from pacific.rules.actions.edit import EditMode
    from pacific.rules.engine import Game
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.files.savefile import dumps
    from pacific.rules.history import History

    game = Game(load_board(MINI))
    history = History(game, game.new_game(players=3, seed=11))
    history.apply(EditMode(on=True))
    return dumps(history)
SAVES: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    # Integers of 5,000 digits: a clear error, never int()'s ValueError.
    "seed_5000_digits": (_huge_seed, "an integer of 5,000 digits (at most 19)"),
    "round_5000_digits": (_text('"round": 1', f'"round": -{HUGE}'), "integer of 5,000 digits"),
    "dice_5000_digits": (_text('"dice": []', f'"dice": [{HUGE}]'), "integer of 5,000 digits"),
    "nan": (_text('"seed": 11', '"seed": NaN'), "NaN (not a number JSON allows)"),
    "infinity": (_text('"seed": 11', '"seed": -Infinity'), "-Infinity (not a number"),
    "float_overflow": (_text('"round": 1', '"round": 1e999'), "a number too large for a float"),
    # Strict types: a boolean, a string or a float is never a number.
    "seed_true": (_set(["seed"], True), "seed: Input should be a valid integer"),
    "seed_string": (_set(["seed"], "11"), "seed: Input should be a valid integer"),
    "seed_float": (_set(["seed"], 11.0), "seed: Input should be a valid integer"),
    "players_float": (_set(["players"], 3.0), "players: Input should be a valid integer"),
    "players_true": (_set(["players"], True), "players: Input should be a valid integer"),
    "schema_true": (_set(["schema_version"], True), "schema_version: Input should be a valid"),
    "die_string": (_set(["actions", 0, "dice"], ["3"]), "dice.0: Input should be a valid int"),
    "die_true": (_set(["actions", 0, "dice"], [True]), "dice.0: Input should be a valid int"),
    "count_true": (_set(PURCHASE, True), "purchase.units.infantry: Input should be a valid int"),
    "count_string": (_set(PURCHASE, "2"), "purchase.units.infantry: Input should be a valid"),
    "count_float": (_set(PURCHASE, 2.0), "purchase.units.infantry: Input should be a valid"),
    "treasury_true": (_set(["snapshot", "treasury", "japan"], True),
                      "snapshot.treasury.japan: Input should be a valid integer"),
    "treasury_string": (_set(["snapshot", "treasury", "japan"], "10"),
                        "snapshot.treasury.japan: Input should be a valid integer"),
    "unit_id_float": (_set(["snapshot", "units", "1", "id"], 1.0),
                      "snapshot.units.1.id: Input should be a valid integer"),
    # Ranges.
    "seed_negative": (_set(["seed"], -1), "seed: Input should be greater than or equal to 0"),
    "seed_2_63": (_set(["seed"], 2**63), "seed: Input should be less than or equal to"),
    "players_4": (_set(["players"], 4), "players: Input should be 2 or 3"),
    "die_7": (_set(["actions", 0, "dice"], [7]), "dice.0: Input should be less than or equal"),
    "count_1000": (_set(PURCHASE, 1000), "infantry: Input should be less than or equal to 999"),
    "split_10000": (_set(["actions", 0, "action", "india"], 10_000),
                    "india: Input should be less than or equal to 9999"),
    # A position out of range, whose actions do not replay either (else it opens from them).
    "snapshot_kamikaze_7": (_both(["snapshot", "kamikaze_tokens"], 7),
                            "inconsistent: Japan has 7 kamikaze tokens (R-KAMI-1)"),
    "snapshot_unit_id_huge": (_both(["snapshot", "units", "1", "id"], 10**18),
                              "units.1.id is 1,000,000,000,000,000,000, outside 1 to 999,999"),
    "snapshot_text_long": (_set(["snapshot", "win_reason"], "L" * LONG),
                           "snapshot.win_reason: text longer than 300 characters"),
    # Required parts of a position are never taken as defaults; one map per game.
    "snapshot_units_missing": (_drop("snapshot", "units"),
                               "snapshot.units is missing: every saved position holds it"),
    "snapshot_treasury_missing": (_drop("snapshot", "treasury"), "snapshot.treasury is missing"),
    "snapshot_on_another_map": (_set(["snapshot", "map_id"], "pacific"),
                                "snapshot.map_id is 'pacific', but the game's map_id is 'mini'"),
    # The position rules: who may patrol, where (the log broken, so only the snapshot counts).
    "snapshot_cap_infantry": (_unit("infantry", cap=True), "only fighters patrol (R-CAP-1)"),
    "snapshot_cap_on_land": (_unit("fighter", cap=True, space="japan"),
                             "not aloft over a sea zone (R-CAP-2)"),
    # Echo: long strings are quoted to ~80 characters at most.
    "extra_key_long": (_set(["A" * LONG], 1), "Extra inputs are not permitted"),
    "map_id_long": (_set(["map_id"], "B" * LONG), "map_id: String should match pattern"),
    "kind_long": (_set(["actions", 0, "action", "kind"], "C" * LONG), "unknown kind 'CCC"),
    "space_long": (_set(["actions", 1, "action"], {"kind": "place", "nation": "japan",
                   "unit_type": "infantry", "space": "D" * LONG}), "String should match"),
    "snapshot_key_long": (_set(["snapshot", "E" * LONG], 1), "(100,000 characters)"),
    "unit_key_long": (_set(["snapshot", "units", "F" * LONG], {}), "(100,000 characters)"),
    "die_long_string": (_set(["actions", 0, "dice"], ["G" * LONG]), "Input should be a valid"),
    # Structure.
    "nested_deep": (_deep, "nested more than 32 levels deep"),
    "not_utf8": (lambda data: json.dumps(data).encode().replace(b'"mini"', b'"mini\xff"', 1),
                 "not UTF-8 text"),
}
# Saves that open (exit 0), and what the note on standard error says (empty: no note).
OPENS: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "edit_mode_while_a_decision_waits": (_edit_mode_at_start, ""),
    "treasury_edited_by_hand": (_set(["snapshot", "treasury", "japan"], 99),
                                "changed outside the game after round 1"),
    "seed_edited_by_hand": (_set(["snapshot", "seed"], 12), "changed outside the game"),
    "dice_drawn_edited_by_hand": (_set(["snapshot", "dice_drawn"], 40),
                                  "changed outside the game"),
    "keys_reordered": (lambda data: json.dumps(dict(reversed(list(data.items())))), ""),
}
# Built as bytes: (content, expected part of the message, allowed memory growth in bytes).
BIG_SAVES: dict[str, tuple[Callable[[], bytes], str]] = {
    "tiny_actions_900k": (lambda: tiny_actions_save(900_000), "more than 1,000,000 values"),
    "actions_20001": (lambda: tiny_actions_save(20_001), "20,001 actions, more than the 20,000"),
    "values_1_1m": (lambda: b'{"snapshot": [' + b"0," * 1_100_000 + b"0]}", "values"),
}
ACTIONS: dict[str, tuple[bytes | Callable[[], bytes], str]] = {
    "action_5000_digits": (b'{"kind": "split_convoy_income", "india": ' + HUGE.encode()
                           + b', "australia": 3}', "integer of 5,000 digits"),
    "action_nan": (b'{"kind": "split_convoy_income", "india": NaN, "australia": 3}',
                   "NaN (not a number JSON allows)"),
    "action_count_true": (b'{"kind": "split_convoy_income", "india": true, "australia": 3}',
                          "split_convoy_income.india: Input should be a valid integer"),
    "action_count_string": (b'{"kind": "split_convoy_income", "india": "1", "australia": 3}',
                            "split_convoy_income.india: Input should be a valid integer"),
    "action_count_float": (b'{"kind": "split_convoy_income", "india": 1.0, "australia": 3}',
                           "split_convoy_income.india: Input should be a valid integer"),
    "action_raid_one": (b'{"kind": "move", "units": [1], "path": ["japan", "sz_6"], "raid": 1}',
                        "move.raid: Input should be a valid boolean"),
    "action_kind_long": (b'{"kind": "' + b"H" * 10_000 + b'"}', "unknown kind 'HHH"),
    "action_line_too_long": (b'{"kind": "' + b"J" * LONG + b'"}', "more than the 65,536"),
    "action_deep": (b"[" * 100 + b"]" * 100, "nested more than 4 levels deep"),
    "action_many_values": (b"[" + b"0," * 5_000 + b"0]", "more than 4,000 values"),
    "action_lines_20001": (lambda: b'{"kind": "end_phase"}\n' * 20_001,
                           "20,001 actions, more than the 20,000"),
    "action_file_9mb": (lambda: b"#" * (9 * 1024 * 1024), "more than the 8,388,608"),
}


def _load_edits() -> dict[str, dict[str, Any]]:
    cases: dict[str, dict[str, Any]] = json.loads((BROKEN / "edits.json").read_text("utf-8"))
    return {k: v for k, v in cases.items() if not k.startswith("_")}


EDITS = _load_edits()


def _pick(node: Any, step: Any) -> Any:
    if isinstance(step, dict):
        return next(x for x in node if all(x.get(k) == v for k, v in step.items()))
    return node[step]


def apply_edits(board: dict[str, Any], edits: list[dict[str, Any]]) -> dict[str, Any]:
    """The mini board with the edits of one edits.json case (see its "_format")."""
    data = copy.deepcopy(board)
    for edit in edits:
        path = edit.get("set") or edit.get("append") or edit["remove"]
        parent = data
        for step in path[:-1]:
            parent = _pick(parent, step)
        last = path[-1]
        if "set" in edit:
            parent[last] = edit["value"]
        elif "append" in edit:
            _pick(parent, last).extend([edit["value"]] * edit.get("times", 1))
        else:
            del parent[last]
    return data


HOSTILE_MAPS: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "map_ipc_5000_digits": (lambda d: json.dumps(d).replace('"ipc": 2', f'"ipc": {HUGE}', 1),
                            "integer of 5,000 digits"),
    "map_ipc_nan": (lambda d: json.dumps(d).replace('"ipc": 2', '"ipc": NaN', 1), "NaN"),
    "map_id_long": (lambda d: json.dumps(apply_edits(d, [{"set": ["territories", 0, "id"],
                                                          "value": "K" * LONG}])),
                    "(100,000 characters)"),
    "map_values_300k": (lambda d: json.dumps(apply_edits(d, [{
        "append": ["adjacency"], "value": ["japan", "korea"], "times": 100_000}])),
        "more than 200,000 values"),
}
STATIC_MAPS = ["not_json.json", "wrong_types.json", "bad_references.json"]
MAP_CASES = STATIC_MAPS + sorted(EDITS) + sorted(HOSTILE_MAPS)


# ---- running the corpus once ----------------------------------------------------------------

def _cases(folder: Path) -> tuple[list[dict[str, Any]], dict[str, int]]:
    specials = special_files(folder / "special")
    (folder / "out").mkdir()
    good = good_save(folder)
    actions = folder / "actions.jsonl"
    actions.write_text('{"kind": "end_phase"}\n', encoding="utf-8")
    cases: list[dict[str, Any]] = []
    sizes: dict[str, int] = {}

    def add(case_id: str, argv: list[str], stdin: str | None = None) -> None:
        out = str(folder / "out" / f"{case_id}.json")
        words = {"GOOD": str(good), "ACTIONS": str(actions), "OUT": out}
        cases.append({"id": case_id, "argv": [words.get(a, a) for a in argv], "stdin": stdin})

    # The big ones first, while the child's peak memory is still its baseline.
    for name, (build, _) in BIG_SAVES.items():
        path = folder / f"{name}.json"
        path.write_bytes(build())
        sizes[name] = path.stat().st_size
        add(f"save:{name}", ["show", str(path), "--map", str(MINI)])
    for name, (content, _) in ACTIONS.items():
        path = folder / f"{name}.jsonl"
        path.write_bytes(content() if callable(content) else content)
        add(f"actions:{name}", ["apply", "GOOD", str(path), "-o", "OUT", "--map", str(MINI)])
    add("actions:stdin_dev_zero", ["apply", "GOOD", "-", "-o", "OUT", "--map", str(MINI)],
        stdin="/dev/zero")
    for source in SPECIAL:
        if source not in specials:
            continue
        for command, argv in COMMANDS.items():
            add(f"special:{source}:{command}",
                [str(specials[source]) if a == "SRC" else a for a in argv])
    for name, (change, _) in [*SAVES.items(), *OPENS.items()]:
        path = folder / f"{name}.json"
        path.write_bytes(edited_save(good, change))
        add(f"save:{name}", ["show", str(path), "--map", str(MINI)])
    mini = json.loads((MINI / "board.json").read_text(encoding="utf-8"))
    (folder / "maps").mkdir()
    for name in MAP_CASES:
        if name in STATIC_MAPS:
            path = BROKEN / name
        else:
            path = folder / "maps" / f"{name}.json"
            text = HOSTILE_MAPS[name][0](mini) if name in HOSTILE_MAPS else \
                json.dumps(apply_edits(mini, EDITS[name]["edits"]))
            path.write_text(text, encoding="utf-8")
        add(f"map:{name}:check", ["check-map", str(path)])
        add(f"map:{name}:new", ["new", "--map", str(path), "-o", "OUT"])
    add("map:mini:check", ["check-map", str(MINI)])
    add("map:mini:new", ["new", "--map", str(MINI), "-o", "OUT"])
    return cases, sizes


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[ChildRun, dict[str, int]]:
    folder = tmp_path_factory.mktemp("hostile_cli")
    cases, sizes = _cases(folder)
    return run_child("cli", cases, folder), sizes


def result(corpus: tuple[ChildRun, dict[str, int]], case_id: str) -> dict[str, Any]:
    """A case's result, after the bounds every case must keep: time, memory and echo."""
    found = corpus[0].results[case_id]
    assert found["seconds"] < CASE_SECONDS, f"{case_id}: {found['seconds']:.1f} s"
    grown = (found["peak_kb"] - found["memory_before_kb"]) * 1024
    assert grown < CASE_MEMORY, f"{case_id}: grew {grown:,} bytes"
    assert_no_echo(found["err"])
    return found


# ---- the tests -------------------------------------------------------------------------------

@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("source", SPECIAL)
def test_special_files_are_refused_at_once(corpus: tuple[ChildRun, dict[str, int]],
                                           source: str, command: str) -> None:
    """A FIFO, a device, a folder, an endless or a sparse 10 GB file: one line, exit 1, at once
    (today a FIFO blocks for ever and /dev/zero grows to 6 GB)."""
    case_id = f"special:{source}:{command}"
    if case_id not in corpus[0].results:
        pytest.skip(f"no {source} on this system")
    found = result(corpus, case_id)
    assert found["rc"] == 1, found
    assert any(word in found["err"] for word in SPECIAL_WORDS), found["err"]


@pytest.mark.parametrize("name", sorted(SAVES))
def test_hostile_saves_are_refused(corpus: tuple[ChildRun, dict[str, int]], name: str) -> None:
    found = result(corpus, f"save:{name}")
    assert found["rc"] == 1, found
    assert SAVES[name][1] in found["err"], found["err"]


@pytest.mark.parametrize("name", sorted(OPENS))
def test_saves_made_at_any_moment_or_edited_by_hand_open(
        corpus: tuple[ChildRun, dict[str, int]], name: str) -> None:
    """A save in edit mode while a decision waits opens; one edited by hand opens where its
    actions lead, and the note says the position was changed outside the game."""
    found = result(corpus, f"save:{name}")
    assert found["rc"] == 0, found["err"]
    note = OPENS[name][1]
    assert note in found["err"] if note else found["err"] == "", found["err"]
    assert "version" not in found["err"]


@pytest.mark.parametrize("name", sorted(BIG_SAVES))
def test_big_saves_cost_a_few_times_their_size(corpus: tuple[ChildRun, dict[str, int]],
                                               name: str) -> None:
    """900,000 tiny actions (29 MB) cost 1.1 GB and 8 s before refusal. Now the
    cheap checks come first and peak memory grows by at most 4 times the file's size."""
    found = result(corpus, f"save:{name}")
    assert found["rc"] == 1 and BIG_SAVES[name][1] in found["err"], found["err"]
    grown = (found["peak_kb"] - found["memory_before_kb"]) * 1024
    assert grown <= 4 * corpus[1][name] + 16 * 1024 * 1024, f"grew {grown:,} bytes"


@pytest.mark.parametrize("name", [*sorted(ACTIONS), "stdin_dev_zero"])
def test_hostile_action_files_are_refused(corpus: tuple[ChildRun, dict[str, int]],
                                          name: str) -> None:
    found = result(corpus, f"actions:{name}")
    assert found["rc"] in (1, 2), found
    want = ACTIONS[name][1] if name in ACTIONS else "more than the 8,388,608"
    assert want in found["err"], found["err"]


def _lines(err: str) -> list[str]:
    return [line.removeprefix("pacific: ") for line in err.splitlines()]


@pytest.mark.parametrize("name", MAP_CASES)
def test_check_map_and_new_agree(corpus: tuple[ChildRun, dict[str, int]], name: str) -> None:
    """`new --map` runs the checks of `check-map` before a game starts (today 15
    broken maps start a game) and prints the same lines (at most 20, then a count)."""
    checked, new = result(corpus, f"map:{name}:check"), result(corpus, f"map:{name}:new")
    assert checked["rc"] == 1 and new["rc"] == 1, (checked, new)
    assert new["out"] == "" and not Path(new["argv"][-1]).exists()  # no game written
    listed = _lines(checked["err"])[:-1]  # the last line counts the errors
    shown = _lines(new["err"])
    assert shown[:20] == listed[:20]
    if len(listed) > 20:
        assert shown[20] == f"... and {len(listed) - 20} more errors"
    expect = EDITS[name]["expect"] if name in EDITS else \
        HOSTILE_MAPS[name][1] if name in HOSTILE_MAPS else ""
    assert expect in listed[0], listed


def test_good_map_both_accept(corpus: tuple[ChildRun, dict[str, int]]) -> None:
    checked, new = result(corpus, "map:mini:check"), result(corpus, "map:mini:new")
    assert checked["rc"] == 0 and checked["out"].startswith("OK: 18 territories")
    assert new["rc"] == 0 and "New 3-player game on map 'mini'" in new["out"]


def test_the_pacific_command_end_to_end(tmp_path: Path) -> None:
    """The real entry point, not only `main()`, on a FIFO: refused at once, bounded."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = run_pacific(["show", str(fifo)], timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"pacific: {fifo}: is a pipe (FIFO), not a file: a saved game must " \
                          "be a regular file\n"
