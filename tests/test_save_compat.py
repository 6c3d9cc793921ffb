"""Old saves keep opening: every file under tests/fixtures/saves was
written by an older Pacific and is never regenerated."""

from __future__ import annotations

from pathlib import Path

import pytest

from pacific.rules.decisions import RoundChoice
from pacific.rules.files.maps import board_resolver
from pacific.rules.files.savefile import load_game
from pacific.rules.invariants import position_problems

SAVES = sorted((Path(__file__).parent / "fixtures" / "saves").glob("*.json"))


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_an_old_save_opens_and_can_be_played_on(path: Path) -> None:
    history = load_game(path, board_resolver())
    state = history.state
    assert position_problems(history.game.board, state) == []
    assert state.winner is not None or list(history.game.legal_actions(state))


def test_a_schema_1_save_waiting_in_a_battle_opens_with_a_typed_decision() -> None:
    path = next(p for p in SAVES if p.name == "v1-main-22f82c4-battle.json")
    history = load_game(path, board_resolver())
    pending = history.state.pending
    assert isinstance(pending, RoundChoice) and pending.retreat_to
    assert len(history.records) == 308 and history.notes == []


def test_a_stuck_game_saved_by_an_older_version_opens_from_its_replayed_actions() -> None:
    """The fighter of a sunk carrier with nowhere to land left the game waiting for
    a decision with no answer; under today's rules it is lost (R-CARRIER-8) and the game goes
    on."""
    path = Path(__file__).parent / "fixtures" / "repro" / "stuck_seed2005_step101.json"
    history = load_game(path, board_resolver())
    assert "no action answers it" in str(history.notes[0])
    assert len(history.records) == 100 and list(history.game.legal_actions(history.state))


def test_japanese_units_left_in_chinese_territory_by_an_older_version_are_replayed_away() -> None:
    """Impossible positions: a territory held only by an industrial
    complex is captured by the land units that walked in (R-COMBAT-11, R-CAPTURE-5); the save
    an older version left inconsistent opens from its actions under today's rules."""
    path = Path(__file__).parent / "fixtures" / "repro" / "invariant_seed2017_step361.json"
    history = load_game(path, board_resolver())
    assert "stands in a territory China controls" in str(history.notes[0])
    state = history.state
    assert state.territory_owner["kwangsi"].value == "japan"
    assert position_problems(history.game.board, state) == []


def test_a_battle_saved_with_the_flags_no_rule_read_opens_without_them() -> None:
    """Earlier versions kept ``cover_fire_done`` and ``aa_fire_done`` in every battle (R-AMPH-6,
    R-AA-2: the battle's step already says whether those volleys were fired). A save holding
    them opens, its replay matches its position (no note), and a new save leaves them out."""
    from pacific.rules.battle_records import Battle
    from pacific.rules.files.savefile import to_save

    path = next(p for p in SAVES if p.name == "v1-main-22f82c4-battle.json")
    assert '"cover_fire_done"' in path.read_text("utf-8")
    history = load_game(path, board_resolver())
    history.rebuild()
    assert history.notes == [] and history.state.battles
    assert not {"cover_fire_done", "aa_fire_done"} & set(Battle.model_fields)
    assert "fire_done" not in to_save(history).model_dump_json()
