"""Strict, bounded types: in actions, saves, maps and the JSON reader, a boolean, a
string or a float is never a number, every integer has a range, and a message quotes at most
~80 characters of the input. In-process: nothing here can hang (the cases that could run in a
bounded child, test_hostile_cli.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hostile import ECHO_LIMIT
from scenario import board

from pacific.rules.actions import ActionFormatError, parse_action
from pacific.rules.errors import SaveFileError
from pacific.rules.files.jsonfile import JsonFileError, decode_json, excerpt, loc_text
from pacific.rules.files.mapfile import check_board_data
from pacific.rules.files.savefile import range_problems, validate_snapshot


def decode(text: str) -> Any:
    return decode_json(text.encode(), "f.json", what="file", max_bytes=1 << 20)


# ---- the JSON reader: integers are range-checked before conversion ---------------------------

@pytest.mark.parametrize("token", ["9" * 19, "-" + "9" * 19, "0", "-0"])
def test_integers_up_to_19_digits_are_read(token: str) -> None:
    assert decode(f"[{token}]") == [int(token)]


@pytest.mark.parametrize(("token", "digits"), [("1" * 20, 20), ("-" + "7" * 5000, 5000),
                                               ("9" * 100_000, 100_000)])
def test_longer_integers_are_a_clear_error_not_a_value_error(token: str, digits: int) -> None:
    """Python refuses int() past 4,300 digits with a ValueError (and below it the conversion
    costs quadratic time): the reader refuses at the token's length, naming where it is."""
    with pytest.raises(JsonFileError) as caught:
        decode('{"a": [1,\n  ' + token + "]}")
    message = str(caught.value)
    assert message.startswith(f"f.json: line 2, column 3: an integer of {digits:,} digits "
                              "(at most 19)")
    assert len(message) < 160


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_non_finite_numbers_are_refused(token: str) -> None:
    with pytest.raises(JsonFileError, match=r"not a number JSON allows|too large for a float"):
        decode(f'{{"x": {token}}}')


def test_floats_stay_floats() -> None:
    assert decode("[1.5, -2e3, 0.0]") == [1.5, -2000.0, 0.0]


def test_the_value_count_is_bounded_before_decoding() -> None:
    with pytest.raises(JsonFileError, match="more than 10 values"):
        decode_json(b"[" + b"0," * 10 + b"0]", "f", what="file", max_bytes=100, max_values=10)
    assert decode_json(b"[0,0,0]", "f", what="file", max_bytes=100, max_values=10) == [0, 0, 0]


def test_quotes_are_cut() -> None:
    assert excerpt("abc") == "'abc'"
    long = excerpt("x" * 10_000)
    assert long.startswith("'xxx") and long.endswith("… (10,000 characters)")
    assert len(long) <= ECHO_LIMIT + 25
    assert loc_text(("units", "y" * 500, "[key]")).count("y") <= ECHO_LIMIT
    assert loc_text(("a\x00b",)) == "'a\\x00b'"  # control characters are escaped


# ---- actions ---------------------------------------------------------------------------------

# (kind and fields, field to spoil). Every integer and boolean field of every kind.
NUMBER_FIELDS = [
    ({"kind": "purchase", "nation": "japan", "units": {"infantry": 2}}, ("units", "infantry")),
    ({"kind": "place", "nation": "japan", "unit_type": "infantry", "space": "japan",
      "count": 2}, ("count",)),
    ({"kind": "split_convoy_income", "india": 1, "australia": 3}, ("india",)),
    ({"kind": "move", "units": [1], "path": ["japan", "sz_6"]}, ("units", 0)),
    ({"kind": "move", "units": [1], "path": ["japan", "sz_6"], "carrier": 4}, ("carrier",)),
    ({"kind": "load", "transport": 3, "units": [1]}, ("transport",)),
    ({"kind": "unload", "transport": 3, "units": [1], "territory": "korea"}, ("units", 0)),
    ({"kind": "hold_convoy", "units": [2]}, ("units", 0)),
    ({"kind": "start_cap", "units": [2], "sea_zone": "sz_6"}, ("units", 0)),
    ({"kind": "land_cap", "units": [2], "space": "japan", "carrier": 5}, ("carrier",)),
    ({"kind": "choose_casualties", "units": [2]}, ("units", 0)),
    ({"kind": "retreat", "to": "japan", "casualty_order": [2]}, ("casualty_order", 0)),
    ({"kind": "submerge", "units": [2]}, ("units", 0)),
    ({"kind": "kamikaze", "targets": [2]}, ("targets", 0)),
    ({"kind": "intercept", "fighters": [2]}, ("fighters", 0)),
    ({"kind": "land_fighter", "unit": 2, "to": "japan"}, ("unit",)),
]


def _spoil(action: dict[str, Any], where: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(action))
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return data


@pytest.mark.parametrize("bad", [True, False, "2", 2.0, [2]])
@pytest.mark.parametrize(("action", "where"), NUMBER_FIELDS,
                         ids=[f"{a['kind']}.{w[0]}" for a, w in NUMBER_FIELDS])
def test_a_number_is_only_a_json_integer(action: dict[str, Any], where: tuple[Any, ...],
                                         bad: Any) -> None:
    """`{"infantry": true}` bought one infantry; "2" and 2.0 were counts. Both the save's
    decoded form and the text `pacific apply` reads are strict."""
    parse_action(action)  # the unspoilt action is well formed
    spoilt = _spoil(action, where, bad)
    for form in (spoilt, json.dumps(spoilt)):
        with pytest.raises(ActionFormatError, match=r"valid integer|valid tuple"):
            parse_action(form)


@pytest.mark.parametrize("bad", [1, 0, "true", "yes", None])
def test_a_flag_is_only_true_or_false(bad: Any) -> None:
    action = {"kind": "move", "units": [1], "path": ["japan", "sz_6"], "raid": bad}
    with pytest.raises(ActionFormatError, match=r"move\.raid: Input should be a valid boolean"):
        parse_action(action)


@pytest.mark.parametrize(("action", "message"), [
    ({"kind": "move", "units": [0], "path": ["a", "b"]}, "greater than or equal to 1"),
    ({"kind": "move", "units": [1_000_000], "path": ["a", "b"]}, "less than or equal to 999999"),
    ({"kind": "move", "units": list(range(1, 1002)), "path": ["a", "b"]}, "at most 1000 items"),
    ({"kind": "move", "units": [1], "path": ["a"] * 33}, "at most 32 items"),
    ({"kind": "purchase", "nation": "usa", "units": {"infantry": 1000}},
     "less than or equal to 999"),
    ({"kind": "place", "nation": "usa", "unit_type": "infantry", "space": "a", "count": 0},
     "greater than or equal to 1"),
    ({"kind": "split_convoy_income", "india": -1, "australia": 3}, "greater than or equal to 0"),
    ({"kind": "split_convoy_income", "india": 10**6, "australia": 3}, "less than or equal"),
    ({"kind": "move", "units": [1], "path": ["a", "b"], "landing": ""}, "should match pattern"),
    ({"kind": "move", "units": [1], "path": ["a", "b"], "landing": "sz_1\x00"}, "pattern"),
    ({"kind": "move", "units": [1], "path": ["a", "b"], "landing": "s" * 300}, "pattern"),
    ({"kind": "select_battle", "space": "Burma"}, "should match pattern"),
])
def test_integers_and_ids_are_bounded(action: dict[str, Any], message: str) -> None:
    with pytest.raises(ActionFormatError, match=message) as caught:
        parse_action(action)
    assert len(str(caught.value)) < 300


def test_purchase_of_zero_is_left_to_the_rule_R_PURCH_2() -> None:
    """0 is within the type's range: the rules refuse it with their own message."""
    parse_action({"kind": "purchase", "nation": "japan", "units": {"infantry": 0}})


def test_an_unknown_kind_is_quoted_short() -> None:
    with pytest.raises(ActionFormatError) as caught:
        parse_action(json.dumps({"kind": "x" * 20_000}))
    assert "unknown kind 'xxx" in str(caught.value) and len(str(caught.value)) < 500


# ---- saves: the snapshot is strict too ----------------------------------------------------------

def _snapshot() -> dict[str, Any]:
    from pacific.rules.engine import Game

    state = Game(board("mini")).new_game(seed=3)
    data: dict[str, Any] = json.loads(state.model_dump_json())
    return data


@pytest.mark.parametrize("bad", [True, "19", 19.0])
def test_snapshot_numbers_are_strict(bad: Any) -> None:
    data = _snapshot()
    assert validate_snapshot(data).treasury  # the unspoilt snapshot is valid
    data["treasury"]["japan"] = bad
    with pytest.raises(SaveFileError, match=r"snapshot\.treasury\.japan: Input should "
                                            r"be a valid integer"):
        validate_snapshot(data, "g.json")


@pytest.mark.parametrize(("where", "value", "problem"), [
    (("round",), 10_000, "round is 10,000, outside 0 to 9,999"),
    (("treasury", "japan"), 10**7, "treasury.japan is 10,000,000, outside 0 to 999,999"),
    (("seed",), -5, "seed is -5, outside 0 to 9,223,372,036,854,775,807"),
    (("next_unit_id",), 10**18,
     "next_unit_id is 1,000,000,000,000,000,000, outside 1 to 1,000,000"),
    (("units", "1", "id"), 10**6, "units.1.id is 1,000,000, outside 1 to 999,999"),
    (("units", "1", "moves_used"), 10**9, "units.1.moves_used is 1,000,000,000, outside 0 to 32"),
])
def test_snapshot_numbers_are_range_checked(where: tuple[str, ...], value: int,
                                            problem: str) -> None:
    """Beside the invariants' lower bounds (no negative treasury...), every number of a saved
    position has a range. Like an invariant, a number out of range makes the position
    inconsistent: it opens from its actions if they replay, else it is refused."""
    data = _snapshot()
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    assert [p.reason for p in range_problems(validate_snapshot(data))] == [problem]
    assert range_problems(validate_snapshot(_snapshot())) == []


def test_an_out_of_range_position_opens_from_its_actions_or_is_refused() -> None:
    from test_history_savefile import _opened, started

    from pacific.rules.files.savefile import dumps, parse_save

    data = json.loads(dumps(started()))
    data["snapshot"]["next_unit_id"] = 10**15
    opened = _opened(json.dumps(data))
    assert "next_unit_id is 1,000,000,000,000,000, outside" in str(opened.notes[0])
    assert opened.state.next_unit_id < 1000
    data["actions"][1]["action"]["units"] = {"battleship": 1}  # no longer replays
    with pytest.raises(SaveFileError, match="inconsistent: next_unit_id is 1,000,000,000,000"):
        parse_save(json.dumps(data).encode(), lambda _id: board("mini"), "g.json")


def test_snapshot_text_is_bounded() -> None:
    data = _snapshot()
    next(iter(data["units"].values()))["space"] = "A" * 301
    with pytest.raises(SaveFileError) as caught:
        validate_snapshot(data, "g.json")
    assert str(caught.value) == "g.json: snapshot.units.1.space: text longer than 300 characters"


def test_snapshot_keeps_enums_tuples_and_numeric_keys_readable() -> None:
    """Strict as the JSON it came from: "japan" is a Nation, "1" a unit id key."""
    data = _snapshot()
    state = validate_snapshot(data)
    assert state.model_dump(mode="json") == data


# ---- maps: every number strict and bounded (more in tests/maps/broken/edits.json) -------------

def _mini() -> dict[str, Any]:
    from hostile import MINI

    data: dict[str, Any] = json.loads((MINI / "board.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("field", "value", "message"), [
    ("british_convoy_ipcs", True, "british_convoy_ipcs: Input should be a valid integer"),
    ("british_convoy_ipcs", 81, "less than or equal to 80 (R-SETUP-6)"),
    ("kamikaze_tokens", "6", "kamikaze_tokens: Input should be a valid integer"),
    ("victory_points", 0.0, "victory_points: Input should be a valid integer"),
])
def test_map_setup_numbers(field: str, value: Any, message: str) -> None:
    data = _mini()
    data["setup"][field] = value
    errors = check_board_data(data, "m.json")
    assert any(message in line for line in errors), errors


def test_map_lists_are_bounded() -> None:
    data = _mini()
    data["burma_road"] = ["india"] * 501
    errors = check_board_data(data, "m.json")
    assert errors == ["m.json: burma_road: Tuple should have at most 500 items after "
                      "validation, not 501"]
