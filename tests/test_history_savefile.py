"""History (undo/redo) and save files (atomic write, validated replay, hostile input)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scenario import board

from pacific.rules.actions.economy import EndPhase, Purchase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.errors import SaveFileError
from pacific.rules.files.savefile import (
    MAX_SAVE_BYTES,
    SaveFile,
    digest,
    dumps,
    load_game,
    offers_edited,
    parse_save,
    save_game,
    validate_snapshot,
)
from pacific.rules.history import History, Record, UndoError
from pacific.rules.nations import Nation, Power
from pacific.rules.units import UnitType


def started() -> History:
    game = Game(board("mini"))
    history = History(game, game.new_game(players=3, seed=11))
    history.apply(SplitConvoyIncome(india=1, australia=3))
    history.apply(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 2}))
    return history


def resolve(map_id: str):  # type: ignore[no-untyped-def]
    if map_id != "mini":
        raise SaveFileError(f"unknown map {map_id!r}")
    return board("mini")


def test_undo_and_redo_within_the_turn() -> None:
    history = started()
    bought = history.state
    history.apply(EndPhase())
    history.undo()
    assert history.state == bought and history.can_redo()
    history.redo()
    assert history.state.phase.number == 2
    history.undo()
    history.apply(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 1}))
    assert not history.can_redo()  # a new action ends redo
    with pytest.raises(UndoError):
        history.redo()


def test_undo_never_past_a_dice_roll() -> None:
    history = started()
    last = history.records[-1]
    history.records.append(Record(action=EndPhase(), dice=(4, 2), events=(),
                                  state=last.state))
    with pytest.raises(UndoError, match="rolled dice"):
        history.undo()


def test_undo_stays_within_the_current_turn() -> None:
    game = Game(board("mini"))
    state = game.new_game(seed=1)
    state.pending, state.convoy_split_due = None, 0
    state.phase = state.phase.__class__.INCOME
    history = History(game, state)
    history.apply(EndPhase())  # Japan's turn ends; the British turn begins
    assert str(history.why_no_undo()) == "Undo stays within the current turn."
    with pytest.raises(UndoError):
        history.undo()


def test_save_and_load_give_an_equal_state(tmp_path: Path) -> None:
    history = started()
    path = tmp_path / "game.json"
    save_game(path, history)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    data = json.loads(path.read_text())
    assert data["format"] == "pacific-save" and data["schema_version"] == 3
    assert data["computer"] is None   # people in every seat
    assert data["map_id"] == "mini" and data["seed"] == 11 and data["players"] == 3
    assert data["actions"][0] == {"action": {"kind": "split_convoy_income", "india": 1,
                                             "australia": 3}, "dice": []}
    loaded = load_game(path, resolve)
    assert loaded.state == history.state and len(loaded.records) == 2


def test_save_overwrites_atomically(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    save_game(path, started())
    assert json.loads(path.read_text())["format"] == "pacific-save"


def _bad(text: str | bytes, match: str) -> None:
    raw = text.encode() if isinstance(text, str) else text
    with pytest.raises(SaveFileError, match=match):
        parse_save(raw, resolve, "game.json")


def _edited(**changes: object) -> str:
    data = json.loads(dumps(started()))
    data.update(changes)
    return json.dumps(data)


def test_corrupt_truncated_oversized_and_hostile_files_are_refused() -> None:
    good = dumps(started())
    _bad(good[: len(good) // 2], "not valid JSON")
    _bad(b"\xff\xfe{}", "not UTF-8")
    _bad(b" " * (MAX_SAVE_BYTES + 1), "more than")
    _bad("[" * 100_000 + "]" * 100_000, "nested")
    _bad("[" * 40 + "]" * 40, "nested more than")
    _bad(_edited(__class__="os.system"), "__class__: Extra inputs are not permitted")
    _bad(_edited(format="pickle"), "format")
    _bad(_edited(schema_version=4), "schema_version")
    _bad(_edited(map_id="atlantic"), "unknown map 'atlantic'")
    _bad(json.dumps({"format": "pacific-save"}), "schema_version: Field required")


def _opened(text: str) -> History:
    return parse_save(text.encode(), resolve, "game.json")


def test_malformed_actions_and_dice_are_refused() -> None:
    data = json.loads(dumps(started()))
    data["actions"][0]["action"]["kind"] = "launch_missiles"
    _bad(json.dumps(data), r"actions\[0\]\.action\.")
    data = json.loads(dumps(started()))
    data["actions"][0]["dice"] = [7]
    _bad(json.dumps(data), "less than or equal to 6")
    data = json.loads(dumps(started()))
    data["snapshot"]["units"]["1"]["hp"] = 3
    _bad(json.dumps(data), "snapshot.units.1.hp")


def test_the_saved_position_is_the_truth_when_another_version_replays_differently() -> None:
    """across versions a replay that differs (a rules fix since) is reported,
    not refused; the game opens from the saved position."""
    history = started()
    data = _other_version(history)
    data["actions"][1]["action"]["units"] = {"battleship": 1}     # not affordable (R-PURCH-1)
    opened = _opened(json.dumps(data))
    assert opened.state == history.state and opened.records == []
    assert "saved with version 0.0.9 of Pacific; replaying its actions under today's rules " \
           "differs from action 2 (round 1, Japan, phase 1)" in str(opened.notes[0])
    data = _other_version(history)
    data["snapshot"]["treasury"]["japan"] = 99                    # the position says otherwise
    opened = _opened(json.dumps(data))
    assert opened.state.treasury[Nation.JAPAN] == 99
    assert "differs at the end" in str(opened.notes[0])
    assert _opened(dumps(history)).notes == []


def _other_version(history: History) -> dict[str, Any]:
    data = json.loads(dumps(history))
    data["version"] = "0.0.9"
    return data


@pytest.mark.parametrize("change", ["treasury", "unit_type", "owner", "seed", "dice_drawn"])
def test_a_position_changed_outside_the_game_opens_where_its_actions_lead(change: str) -> None:
    """Within one version the log is the record: a snapshot edited by hand
    (the seed or the dice drawn edited to choose the coming dice, too) opens at the replay,
    and the note says so and offers the changed position; it never blames the version."""
    history = started()
    data = json.loads(dumps(history))
    snapshot = data["snapshot"]
    unit = next(u for u in snapshot["units"].values() if u["type"] == "infantry")
    if change == "treasury":
        snapshot["treasury"]["japan"] += 1
    elif change == "unit_type":
        unit["type"] = "armor"
    elif change == "owner":
        ally = next(u for u in snapshot["units"].values() if u["owner"] == "india")
        ally["owner"] = "australia"
    else:
        snapshot[change] += 7
    opened = _opened(json.dumps(data))
    assert opened.state == history.state and len(opened.records) == 2
    note = str(opened.notes[0])
    assert "changed outside the game after round 1" in note and "version" not in note
    assert offers_edited(opened)
    edited = parse_save(json.dumps(data).encode(), resolve, "game.json", edited=True)
    assert edited.state == validate_snapshot(snapshot) != history.state
    assert not offers_edited(edited) and "as asked" in str(edited.notes[0])


def test_a_log_changed_outside_the_game_opens_at_the_saved_position_saying_so() -> None:
    history = started()
    data = json.loads(dumps(history))
    data["actions"][0]["dice"] = [3]                              # a die nobody rolled
    opened = _opened(json.dumps(data))
    assert opened.state == history.state
    assert "actions of this game were changed outside the game: replaying them stops from " \
           "action 1" in str(opened.notes[0])


def test_a_save_of_this_version_as_written_opens_at_once_without_a_note() -> None:
    text = dumps(started())
    assert json.loads(text)["digest"] == digest(SaveFile.model_validate(json.loads(text)))
    opened = _opened(text)
    assert opened.rebuilding and opened.notes == []
    # The same record written otherwise (spacing, order of keys) opens without a note too.
    data = json.loads(text)
    opened = _opened(json.dumps(dict(reversed(list(data.items())))))
    assert opened.notes == []


@pytest.mark.parametrize("key", ["units", "treasury", "territory_owner", "round", "pending"])
def test_a_save_missing_a_required_part_of_its_position_is_refused_naming_it(key: str) -> None:
    data = json.loads(dumps(started()))
    del data["snapshot"][key]
    _bad(json.dumps(data), rf"snapshot\.{key} is missing")


def test_a_snapshot_on_another_map_than_its_save_names_both() -> None:
    data = json.loads(dumps(started()))
    data["snapshot"]["map_id"] = "pacific"
    _bad(json.dumps(data), "snapshot.map_id is 'pacific', but the game's map_id is 'mini'")


def test_an_inconsistent_saved_position_is_refused_naming_what_is_wrong() -> None:
    """Loading checks the position's invariants. An inconsistent position whose
    actions still replay opens from them, with a note; nothing is lost."""
    data = json.loads(dumps(started()))
    data["snapshot"]["treasury"]["japan"] = -5
    opened = _opened(json.dumps(data))
    assert "Japan has a negative treasury" in str(opened.notes[0]) and len(opened.records) == 2
    data["actions"][1]["action"]["units"] = {"battleship": 1}
    _bad(json.dumps(data), "inconsistent: Japan has a negative treasury")
    data = json.loads(dumps(started()))
    place = {"kind": "place", "nation": "japan", "unit_type": "infantry", "space": "japan"}
    data["actions"] = [*data["actions"][:1], {"action": place, "dice": []}]
    unit = next(iter(data["snapshot"]["units"].values()))
    unit["space"] = "atlantis"
    _bad(json.dumps(data), f"unit #{unit['id']} is in an unknown space 'atlantis'")


def test_a_save_refusal_lists_five_problems_and_counts_the_rest_in_the_active_language(
        ) -> None:
    """The refusal names the first five problems and how many more there are, in
    the player's language (`pacific.text.error_text`)."""
    from pacific.text import error_text, using_language

    data = json.loads(dumps(started()))
    data["actions"][1]["action"]["units"] = {"battleship": 1}   # the replay stops here
    units = list(data["snapshot"]["units"].values())[:7]
    for unit in units:
        unit["space"] = "atlantis"
    with pytest.raises(SaveFileError) as info:
        parse_save(json.dumps(data).encode(), resolve, "game.json")
    assert str(info.value).count("is in an unknown space 'atlantis'") == 5
    assert str(info.value).endswith("; and 2 more problems")
    with using_language("it"):
        italian = error_text(info.value)
    assert italian.startswith("game.json: la posizione salvata non è coerente: l'unità #")
    assert italian.count("è in uno spazio sconosciuto, 'atlantis'") == 5
    assert italian.endswith("; e altri 2 problemi")


def test_maps_are_found_by_id_and_a_wrong_map_is_refused(tmp_path: Path) -> None:
    from pacific.rules.errors import MapError
    from pacific.rules.files.maps import board_resolver, find_map

    assert (find_map("pacific") / "board.json").is_file()
    with pytest.raises(MapError, match="not a map id"):
        find_map("../etc")
    mini = Path(__file__).parent / "maps" / "mini"
    assert board_resolver(mini)("mini").id == "mini"
    with pytest.raises(SaveFileError, match="map given is 'mini'"):
        board_resolver(mini)("pacific")
    path = tmp_path / "game.json"
    save_game(path, started())
    with pytest.raises(SaveFileError, match="'mini' cannot be loaded"):
        load_game(path, board_resolver())  # no installed map called mini


def test_the_computer_seats_are_saved_and_opened_again(tmp_path: Path) -> None:
    """A game against the computer opens as one (schema 3): the powers it plays and at what
    level are kept with the history, whether its story is read yet or not."""
    history = started()
    history.computer = {Power.JAPAN: "hard", Power.US: "easy"}
    path = tmp_path / "game.json"
    save_game(path, history)
    assert json.loads(path.read_text())["computer"] == {"japan": "hard", "us": "easy"}
    loaded = load_game(path, resolve)
    assert loaded.computer == {Power.JAPAN: "hard", Power.US: "easy"}
    assert loaded.rebuilding   # known before the story is read
    assert len(loaded.records) == 2 and loaded.computer == history.computer


def test_computer_seats_that_name_no_power_or_level_are_refused() -> None:
    _bad(_edited(computer={"japan": "impossible"}), r"computer\.japan")
    _bad(_edited(computer={"atlantis": "easy"}), r"computer\.atlantis")
    _bad(_edited(computer=["japan"]), "computer")


def test_the_save_files_computer_levels_are_the_computer_players() -> None:
    from typing import get_args

    from pacific.ai.levels import LEVELS
    from pacific.rules.files.savefile import ComputerLevel

    assert set(get_args(ComputerLevel)) == set(LEVELS)


def test_saves_of_schema_2_still_open() -> None:
    data = json.loads(dumps(started()))
    data["schema_version"] = 2
    del data["computer"]
    opened = _opened(json.dumps(data))
    assert opened.computer == {} and len(opened.records) == 2


def test_a_seed_changed_at_the_top_of_a_save_never_chooses_the_coming_dice() -> None:
    """The dice recorded were the game's seed's: a file whose seed was changed no longer
    replays, and the game keeps the seed it was played with."""
    import random

    game = Game(board("mini"))
    rng = random.Random(2)
    history = History(game, game.new_game(players=3, seed=2))
    while not any(r.dice for r in history.records):
        history.apply(rng.choice(list(game.play_actions(history.state))))
    data = json.loads(dumps(history))
    data["seed"] = 99
    opened = _opened(json.dumps(data))
    assert opened.state == history.state and opened.state.seed == 2
    assert "actions of this game were changed outside the game" in str(opened.notes[0])
