"""The story of whole saved games (pacific.story): every battle and every die of the log is
read once, the samples follow the position turn by turn, and `pacific luck` and the report
tell the same numbers; the 3,000-action game of benchmarks/save_load.py (slow)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from scenario import board
from story_games import self_play

from pacific.cli.main import main
from pacific.rules.combat.events import BattleEnded, BattleStarted
from pacific.rules.engine import Game
from pacific.rules.events import DiceRolled
from pacific.rules.files.maps import board_resolver
from pacific.rules.files.savefile import load_game, save_game
from pacific.rules.history import History
from pacific.rules.nations import Power
from pacific.story import GameStory, read_story
from pacific.story.report import report
from pacific.story.turns import board_value, production, territories_held, treasury
from pacific.text import using_language

MINI = Path(__file__).parent / "maps" / "mini"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 400-action game on the mini board, with flyover AA fire and battles, saved."""
    path = tmp_path_factory.mktemp("story") / "game.json"
    save_game(path, self_play(Game(board("mini")), 400, seed=2))
    return path


def _check(story: GameStory) -> None:
    """The story agrees with its log: one battle per battle begun, every die with a value to
    hit counted once, the last sample the final position."""
    events = [e for r in story.records for e in r.events]
    assert len(story.battles) == sum(isinstance(e, BattleStarted) for e in events) \
        == sum(isinstance(e, BattleEnded) for e in events)
    thrown = sum(len(e.values) for e in events if isinstance(e, DiceRolled)
                 and e.hit_on is not None and e.label is not None)
    hits = sum(e.hits or 0 for e in events if isinstance(e, DiceRolled)
               and e.hit_on is not None and e.label is not None)
    assert sum(luck.dice for luck in story.luck.values()) == thrown
    assert sum(luck.hits for luck in story.luck.values()) == hits
    assert sum(r.dice for b in story.battles for r in b.rolls) + \
        sum(r.dice for r in story.loose_rolls) == thrown
    final, last = story.final, story.samples[-1]
    assert last.records == len(story.records)
    assert last.production == production(story.board, final)
    assert last.treasury == treasury(final) and last.board_value == board_value(final)
    assert last.territories == territories_held(final)
    assert last.victory_points == final.victory_points
    for power in Power:
        assert last.battles_won[power] == story.luck[power].battles_won
        assert last.battles_lost[power] == story.luck[power].battles_lost
    # Every turn of every power is sampled once, in order.
    turns = [(s.round, s.power) for s in story.samples[1:]]
    assert len(turns) == len(set(turns)) and turns == sorted(
        turns, key=lambda t: (t[0], list(Power).index(t[1])))


def test_the_story_of_a_saved_game_agrees_with_its_log(saved: Path) -> None:
    story = read_story(load_game(saved, board_resolver(MINI)))
    assert len(story.battles) > 10 and story.loose_rolls   # AA fire at aircraft flying over
    assert any(b.odds is not None for b in story.battles)
    _check(story)


def test_pacific_luck_json_tells_what_the_story_reads(saved: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    story = read_story(load_game(saved, board_resolver(MINI)))
    assert main(["luck", str(saved), "--map", str(MINI), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["battles"]) == len(story.battles)
    for power, luck in story.luck.items():
        shown = data["powers"][power.value]
        assert (shown["dice"], shown["hits"], shown["battles_won"]) == (
            luck.dice, luck.hits, luck.battles_won)
        assert shown["ipc_luck"] == pytest.approx(luck.ipc_luck, abs=1e-3)
    first = data["battles"][0]
    assert first["attacker"] == story.battles[0].attacker.value
    assert main(["--lang", "it", "luck", str(saved), "--map", str(MINI)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Potenza") and "Giro " in out and "battaglia al" in out


def test_the_report_has_every_part_in_the_active_language(saved: Path) -> None:
    story = read_story(load_game(saved, board_resolver(MINI)))
    with using_language("en"):
        english = report(story, ['<svg id="c1"></svg>'])
    with using_language("it"):
        italian = report(story, ['<svg id="c1"></svg>'])
    for text, words in ((english, ("Summary", "Charts", "Luck", "The game turn by turn",
                                   "Round 1: Japan")),
                        (italian, ("Riepilogo", "Grafici", "Fortuna",
                                   "La partita turno per turno", "Giro 1: Giappone"))):
        assert text.startswith("<!DOCTYPE html>") and '<svg id="c1"></svg>' in text
        for word in words:
            assert word in text, word
    assert '<html lang="it">' in italian
    # Self-contained: nothing is fetched from elsewhere.
    assert "src=" not in english and "<link" not in english and "<script" not in english


def test_pacific_report_writes_the_html_without_a_display(saved: Path, tmp_path: Path) -> None:
    import os
    import subprocess

    out = tmp_path / "game.html"
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "pacific", "--lang", "it", "report",
                           str(saved), "--map", str(MINI), "-o", str(out)],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert text.count("<svg") == 6 and "Produzione (IPC)" in text


def test_an_unreadable_save_is_refused_with_its_name(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["luck", str(bad)]) == 1
    assert "bad.json" in capsys.readouterr().err
    assert main(["report", str(bad), "-o", str(tmp_path / "x.html")]) == 1
    assert not (tmp_path / "x.html").exists()


@pytest.mark.slow
def test_the_story_of_the_3000_action_game(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from save_load import make_save

    path = tmp_path / "long.json"
    assert make_save(path, 3000, 7) == 3000
    history: History = load_game(path, board_resolver())
    story = read_story(history)
    assert len(story.records) == 3000 and len(story.battles) > 100
    _check(story)
    with using_language("it"):
        text = report(story, [])
    assert text.count("<h3>") == len(story.samples) - 1
