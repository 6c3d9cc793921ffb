"""A saved game opens from its position at once; its story (the replay of its actions, for undo
and the event log) is rebuilt afterwards, a step at a time or when first needed."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path

import pytest
from scenario import board

from pacific.cli.main import main
from pacific.rules.actions.economy import EndPhase, Purchase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.errors import SaveFileError
from pacific.rules.files.savefile import dumps, parse_save, validate_snapshot
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

GAME = Game(board("mini"))
MINI = Path(__file__).parent / "maps" / "mini"


def resolve(map_id: str):  # type: ignore[no-untyped-def]
    if map_id != "mini":
        raise SaveFileError(f"unknown map {map_id!r}")
    return GAME.board


def played() -> History:
    """Three actions on the mini board, the last one within Japan's purchase phase."""
    history = History(GAME, GAME.new_game(players=3, seed=11))
    history.apply(SplitConvoyIncome(india=1, australia=3))
    history.apply(Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 2}))
    history.apply(Purchase(nation=Nation.JAPAN, units={UnitType.ARTILLERY: 1}))
    return history


def opened(data: dict[str, object] | str) -> History:
    text = data if isinstance(data, str) else json.dumps(data)
    return parse_save(text.encode(), resolve, "game.json")


def test_the_position_shows_at_once_and_the_story_follows_a_step_at_a_time() -> None:
    saved = played()
    text = dumps(saved)
    history = opened(text)
    assert history.rebuilding
    shown = history.state
    assert shown == validate_snapshot(json.loads(text)["snapshot"]) == saved.state
    # One action a step; the step that replays the last one ends the rebuild.
    assert history.rebuild(2) is False and history.rebuilding
    assert history.state is shown
    assert history.rebuild(1) is True and not history.rebuilding
    assert history.rebuild() is True
    # The same history as an eager replay, showing the very same position object (a caller
    # that compares positions by identity, "changed since opened?", sees no change).
    assert history.state is shown
    assert [r.action for r in history.records] == [r.action for r in saved.records]
    assert [r.state for r in history.records] == [r.state for r in saved.records]
    assert history.initial == saved.initial and history.notes == []
    assert history.standard_start


def test_a_replay_that_differs_gives_its_note_once_the_story_is_read_and_records_read_it() \
        -> None:
    """The saved position is the truth; the note comes with the story."""
    saved = played()
    data = json.loads(dumps(saved))
    data["version"] = "0.0.9"                                     # saved by another version
    data["actions"][1]["action"]["units"] = {"battleship": 1}     # not affordable (R-PURCH-1)
    history = opened(data)
    assert history.rebuilding and history.state == saved.state
    assert history.rebuild(1) is False   # the first action replays as it did
    assert history.records == []          # asking for the records reads the rest first
    assert not history.rebuilding and history.initial == saved.state
    assert "differs from action 2 (round 1, Japan, phase 1)" in str(history.notes[0])
    # `notes` itself reads the story too.
    assert "differs at the end" in str(opened(_edited_treasury(saved)).notes[0])


def _edited_treasury(saved: History) -> dict[str, object]:
    data = json.loads(dumps(saved))
    data["version"] = "0.0.9"                                     # saved by another version
    data["snapshot"]["treasury"]["japan"] = 99                    # the position says otherwise
    return data


def test_a_malformed_action_is_refused_at_open_even_after_one_the_replay_refuses() -> None:
    data = json.loads(dumps(played()))
    data["actions"][2]["action"]["kind"] = "launch_missiles"
    with pytest.raises(SaveFileError, match=r"actions\[2\]\.action\."):
        opened(data)
    # Not reached by the replay (it stops at action 2, refused, R-PURCH-1), but refused all
    # the same: every action's form is checked when the file is opened.
    data["actions"][1]["action"]["units"] = {"battleship": 1}
    with pytest.raises(SaveFileError, match=r"actions\[2\]\.action\."):
        opened(data)


def test_playing_on_while_the_story_is_read_plays_as_on_a_history_read_at_once() -> None:
    text = dumps(played())
    eager = opened(text)
    eager.rebuild()
    lazy = opened(text)
    assert lazy.rebuilding
    events = lazy.apply(EndPhase())
    assert not lazy.rebuilding
    assert events == eager.apply(EndPhase())
    assert lazy.state == eager.state and lazy.records == eager.records
    assert len(lazy.records) == 4


def test_undo_right_after_opening_reads_the_story_and_steps_back() -> None:
    saved = played()
    history = opened(dumps(saved))
    assert history.rebuilding
    assert history.can_undo()
    assert history.undo().action == saved.records[-1].action
    assert history.state == saved.records[-2].state and history.can_redo()
    history = opened(dumps(saved))
    history.undo()   # without asking first
    assert len(history.records) == 2


def test_a_scenario_save_opens_at_once_and_rebuilds_from_its_own_start() -> None:
    start = GAME.new_game(players=3, seed=4).model_copy(deep=True)
    start.treasury[Nation.JAPAN] = 40
    history = History(GAME, start)
    history.apply(SplitConvoyIncome(india=1, australia=3))
    history.apply(Purchase(nation=Nation.JAPAN, units={UnitType.BATTLESHIP: 1}))
    reopened = opened(dumps(history))
    assert reopened.rebuilding and reopened.state == history.state
    assert not reopened.standard_start and reopened.initial == start
    assert len(reopened.records) == 2 and reopened.notes == []


def test_an_inconsistent_saved_position_is_still_replayed_at_open() -> None:
    """Only the replay can tell whether such a game opens from its actions."""
    data = json.loads(dumps(played()))
    data["snapshot"]["treasury"]["japan"] = -5
    history = opened(data)
    assert not history.rebuilding and len(history.records) == 3
    assert "Japan has a negative treasury" in str(history.notes[0])


def test_a_history_built_directly_has_nothing_to_rebuild() -> None:
    history = History(GAME, GAME.new_game(players=3, seed=1))
    assert not history.rebuilding and history.rebuild(5) is True


def test_a_defect_in_the_replay_leaves_the_position_alone_and_is_raised() -> None:
    position = GAME.new_game(players=3, seed=1)

    def story() -> Generator[None, None, History]:
        yield
        raise KeyError("a defect")

    history = History.opened(GAME, position, story())
    assert history.rebuild(1) is False
    with pytest.raises(KeyError):
        history.rebuild()
    assert not history.rebuilding and history.records == [] and history.state is position


def test_pacific_show_prints_the_note_of_a_replay_that_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_edited_treasury(played())))
    assert main(["show", str(path), "--map", str(MINI)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("pacific: note: ") and "differs at the end" in err


def test_pacific_show_opens_a_hand_edited_save_where_its_actions_lead_or_as_edited(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(dumps(played()))
    data["snapshot"]["treasury"]["japan"] = 99
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert main(["show", str(path), "--map", str(MINI), "--json"]) == 0
    out, err = capsys.readouterr()
    assert "changed outside the game after round 1" in err and "--edited" in err
    assert json.loads(out)["treasury"]["japan"] != 99
    assert main(["show", str(path), "--map", str(MINI), "--json", "--edited"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["treasury"]["japan"] == 99 and "as asked" in err
