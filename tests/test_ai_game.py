"""Whole games played by the computer player: on the real board against itself to
the end, every action legal; the same seed gives the same game; `pacific play` prints what the
issue asks for and is deterministic whatever Python's hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from scenario import board

from pacific.ai import EASY, ComputerPlayer, RandomPlayer, play_game
from pacific.ai.seats import parse_seat
from pacific.cli.main import main
from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.events import Event
from pacific.rules.nations import Side
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent
MINI = Path(__file__).resolve().parent / "maps" / "mini"
MOVEMENT = (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)


def test_the_computer_plays_a_whole_game_against_itself_with_legal_actions_only() -> None:
    """Real board, seeded, from the first turn to a winner (the easy level on both sides plays
    a whole game in a few seconds). Each action is accepted by `why_illegal` before it is
    applied, and every action outside the movement phases (where the computer builds moves
    from `drop_targets`) is one `legal_actions` lists, or a purchase of several units at once,
    which `why_illegal` accepts."""
    game = Game(board("pacific"))
    state = game.new_game(players=2, seed=11)
    kinds: Counter[str] = Counter()
    phases: set[Phase] = set()

    def observe(before: GameState, action: Action, after: GameState,
                events: list[Event]) -> None:
        assert game.why_illegal(before, action) is None, action.describe()
        kinds[action.kind] += 1
        phases.add(before.phase)
        if before.pending is not None or (before.phase not in MOVEMENT
                                          and action.kind != "purchase"):
            assert action in list(game.legal_actions(before)), action.describe()

    players = {Side.AXIS: ComputerPlayer(game, EASY), Side.ALLIES: ComputerPlayer(game, EASY)}
    report = play_game(game, players, 11, rounds=15, observe=observe, state=state)
    assert report.winner is not None, report.summary()
    assert set(Phase) <= phases
    for kind in ("purchase", "place", "move", "select_battle", "choose_casualties",
                 "split_convoy_income"):
        assert kinds[kind] > 0, kind


def _moves(game: Game, seed: int) -> list[str]:
    out: list[str] = []

    def observe(before: GameState, action: Action, after: GameState,
                events: list[Event]) -> None:
        out.append(action.to_json())

    play_game(game, {Side.AXIS: ComputerPlayer(game, EASY),
                     Side.ALLIES: RandomPlayer(game, seed)}, seed, rounds=2, observe=observe)
    return out


def test_the_same_seed_plays_the_same_game() -> None:
    game = Game(board("mini"))
    first = _moves(game, 4)
    assert first == _moves(game, 4)
    assert len(first) > 20


def _play_cli(*args: str, hash_seed: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, "-m", "pacific", "play", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_pacific_play_reports_each_game_and_the_total_and_is_deterministic() -> None:
    args = ("--map", str(MINI), "--japan", "ai:easy", "--allies", "random", "--games", "2",
            "--seed", "3", "--rounds", "1", "--json")
    one = _play_cli(*args, hash_seed="1")
    two = _play_cli(*args, hash_seed="2")
    assert one.returncode == 0, one.stderr
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    for data in (first, second):
        for game in data["games"]:
            game.pop("turn_seconds")
        data["total"].pop("turn_seconds")
    assert first == second
    games = first["games"]
    assert [g["seed"] for g in games] == [3, 4]
    for g in games:
        assert g["rounds"] == 1 and (g["winner"] is not None
                                     or g["reason"] == "undecided after 1 round")
        assert set(g["production"]) == {"japan", "allies"}


def test_pacific_play_prints_each_game_the_total_and_the_turn_times(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "--map", str(MINI), "--japan", "ai:easy", "--allies", "random",
            "--games", "1", "--seed", "3", "--rounds", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Japan: ai:easy; Allies: random; 1 game from seed 3, at most 1 round\n" in out
    assert "game 1 (seed 3): " in out and "Total: Japan won" in out
    assert "1 round played, median 1 a game" in out
    assert "computer turns of Japan: median" in out


def test_pacific_play_speaks_italian(capsys: pytest.CaptureFixture[str]) -> None:
    """`pacific --lang it play` prints every line in Italian."""
    from pacific.text import set_language

    try:
        assert main(["--lang", "it", "play", "--map", str(MINI), "--japan", "ai:easy",
                     "--allies", "random", "--games", "2", "--seed", "3", "--rounds", "1"]) == 0
    finally:
        set_language("en")
    out = capsys.readouterr().out
    assert "Giappone: ai:easy; Alleati: random; 2 partite dal seme 3, al massimo 1 giro\n" in out
    assert "partita 2 (seme 4): " in out and "; produzione Giappone " in out
    assert "Totale su 2: vittorie del Giappone " in out and "2 giri giocati" in out
    assert "turni del computer (Giappone): mediana" in out
    assert "Japan" not in out and "game" not in out


def test_pacific_play_refuses_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--japan", "ai:godlike"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "godlike" in err and "ai:hard" in err
    with pytest.raises(ValueError, match="human"):
        parse_seat("human")
