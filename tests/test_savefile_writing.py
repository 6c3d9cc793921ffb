"""Writing saves safely : saving over a file keeps its
permissions and follows a symlink; a device, a FIFO or a folder is never replaced; temporary
files a killed save left behind are removed by the next save and at GUI start, and only those."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
from hostile import MINI
from scenario import board

from pacific.cli.main import main
from pacific.rules.engine import Game
from pacific.rules.errors import SaveFileError
from pacific.rules.files.savefile import MAX_SAVE_ACTIONS, load_game, remove_stale_temps, save_game
from pacific.rules.history import History


def history() -> History:
    game = Game(board("mini"))
    return History(game, game.new_game(players=3, seed=5))


def resolve(_map_id: str):  # type: ignore[no-untyped-def]
    return board("mini")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_saving_over_a_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)
    save_game(path, history())
    assert mode(path) == 0o640
    assert load_game(path, resolve).state.seed == 5


def test_a_new_save_gets_the_umask_permissions(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        save_game(tmp_path / "new.json", history())
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.json") == 0o640  # not tempfile's 0600


def test_a_symlink_is_followed_not_replaced(tmp_path: Path) -> None:
    real = tmp_path / "saves" / "game.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_game(link, history())
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert load_game(real, resolve).state.seed == 5
    assert sorted(p.name for p in real.parent.iterdir()) == ["game.json"]  # temp beside it


def test_a_dangling_symlink_gets_its_file(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    save_game(link, history())
    assert link.is_symlink() and (tmp_path / "target.json").is_file()


@pytest.mark.parametrize("kind", ["fifo", "folder", "link_to_fifo"])
def test_a_non_regular_target_is_refused_and_kept(tmp_path: Path, kind: str) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    target = {"fifo": fifo, "folder": tmp_path / "folder", "link_to_fifo": tmp_path / "link"}[kind]
    if kind == "folder":
        target.mkdir()
    if kind == "link_to_fifo":
        target.symlink_to(fifo)
    with pytest.raises(SaveFileError, match="not a file: a game is only saved into a regular "
                                            "file"):
        save_game(target, history())
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


@pytest.mark.parametrize("command", [["new", "--map", str(MINI), "-o", "OUT"],
                                     ["apply", "GAME", "ACTIONS", "-o", "OUT"]])
def test_cli_output_onto_a_fifo_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           command: list[str]) -> None:
    """`-o` onto a device node or a FIFO does not replace it (a device is not made in a test:
    replacing /dev/null by mistake would break the machine; the check is the same)."""
    game, actions, out = tmp_path / "game.json", tmp_path / "a.jsonl", tmp_path / "out"
    save_game(game, history())
    actions.write_text("", encoding="utf-8")
    os.mkfifo(out)
    words = {"OUT": str(out), "GAME": str(game), "ACTIONS": str(actions)}
    argv = [words.get(w, w) for w in command] + (["--map", str(MINI)] if "apply" in command
                                                  else [])
    assert main(argv) == 1
    assert "is a pipe (FIFO), not a file" in capsys.readouterr().err
    assert stat.S_ISFIFO(out.stat().st_mode)


def test_cli_output_follows_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert main(["new", "--map", str(MINI), "--seed", "9", "-o", str(link)]) == 0
    assert link.is_symlink() and load_game(real, resolve).state.seed == 9


def test_cli_seed_and_players_are_range_checked(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    for seed in ("-1", str(2**63), "1" * 5000, "٣", "1_0", "2.0"):
        with pytest.raises(SystemExit):
            main(["new", "--map", str(MINI), "--seed", seed, "-o", str(tmp_path / "g.json")])
        err = capsys.readouterr().err
        assert "is not a whole number from 0 to" in err and len(err) < 800
    for players in ("4", "2.0", "1" * 5000):
        with pytest.raises(SystemExit):
            main(["new", "--map", str(MINI), "--players", players, "-o", str(tmp_path / "g.json")])
        err = capsys.readouterr().err
        assert "is not 2 or 3" in err and len(err) < 800
    assert not (tmp_path / "g.json").exists()


def test_a_game_too_long_to_reload_is_not_written(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves never write what loading refuses (MAX_SAVE_ACTIONS)."""
    game = history()
    monkeypatch.setattr(game, "records", [None] * (MAX_SAVE_ACTIONS + 1))
    with pytest.raises(SaveFileError, match="more than the 20,000 a saved game may hold"):
        save_game(tmp_path / "g.json", game)
    assert not (tmp_path / "g.json").exists()


# ---- temporary files of killed saves ---------------------------------------------------------

def _temp(folder: Path, name: str, age: float, link: bool = False) -> Path:
    path = folder / name
    if link:
        path.symlink_to(folder / "elsewhere")
    else:
        path.write_text("half a save")
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def _locked(path: Path) -> int:
    """A save running now: it holds its temporary file's lock (closed by the caller)."""
    import fcntl

    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_only_unheld_temps_of_our_own_naming_are_removed(tmp_path: Path) -> None:
    minute = 60.0
    old = _temp(tmp_path, ".game.json.abcd_123.tmp", minute)   # a killed save's, one minute on
    running = _temp(tmp_path, ".game.json.wxyz9876.tmp", minute)
    kept = [
        running,                                                  # a save running now
        _temp(tmp_path, ".game.json.new00000.tmp", 0),           # just created, not yet locked
        _temp(tmp_path, ".other.json.abcd1234.tmp", minute),     # another file's
        _temp(tmp_path, ".game.json.abcd1234.tmp.bak", minute),  # not our pattern
        _temp(tmp_path, ".game.json.ABCD1234.tmp", minute),      # not tempfile's letters
        _temp(tmp_path, ".game.json.abc.tmp", minute),           # wrong length
        _temp(tmp_path, ".game.json.link0000.tmp", minute, link=True),  # a link, not ours
        _temp(tmp_path, "game.json.abcd1234.tmp", minute),       # no leading dot
    ]
    (tmp_path / ".game.json.dir_0000.tmp").mkdir()  # a folder
    fd = _locked(running)
    try:
        assert remove_stale_temps(tmp_path / "game.json") == [old]
    finally:
        os.close(fd)
    assert not old.exists()
    assert all(p.is_symlink() or p.exists() for p in kept)


def test_the_next_save_removes_a_killed_saves_temp(tmp_path: Path) -> None:
    stale = _temp(tmp_path, ".game.json.k1lled00.tmp", 3600)
    save_game(tmp_path / "game.json", history())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert not stale.exists()


def test_any_save_removes_the_temps_killed_saves_left_in_its_folder_at_once(
        tmp_path: Path) -> None:
    """A kill seconds ago, of a save to another name: gone at the next save into the folder,
    not ten minutes later and not only at the next save of the same name."""
    killed = [_temp(tmp_path, ".round-3.json.k1lled00.tmp", 5),
              _temp(tmp_path, ".mine.pacific.k1lled01.tmp", 5)]
    running = _temp(tmp_path, ".round-4.json.runn1ng0.tmp", 5)
    fd = _locked(running)
    try:
        save_game(tmp_path / "other.json", history())
    finally:
        os.close(fd)
    assert not any(p.exists() for p in killed) and running.exists()


def test_a_save_holds_its_temporary_files_lock_while_it_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What tells a running save from a killed one: the lock, held until the rename."""
    import fcntl

    seen: list[bool] = []
    real_replace = os.replace

    def replace(src: str, dst: object) -> None:
        fd = os.open(src, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            seen.append(False)
        except OSError:
            seen.append(True)
        finally:
            os.close(fd)
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replace)
    save_game(tmp_path / "game.json", history())
    assert seen == [True]


def test_gui_start_removes_temps_beside_the_autosave_and_recent_games(tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from pacific.gui.app import remove_killed_saves
    from pacific.gui.autosave import Autosave
    from pacific.gui.settings import Preferences

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    (tmp_path / "games").mkdir()
    prefs.add_recent(str(tmp_path / "games" / "mine.json"))
    (tmp_path / "autosaves").mkdir()
    autosave = Autosave(tmp_path / "autosaves", settings)
    stale = [_temp(tmp_path / "autosaves", ".round-3.json.a0000000.tmp", 3600),
             _temp(tmp_path / "games", ".mine.json.b0000000.tmp", 3600),
             _temp(tmp_path / "games", ".yours.json.b0000001.tmp", 10)]   # killed just now
    fresh = _temp(tmp_path / "autosaves", ".round-4.json.c0000000.tmp", 0.5)
    assert sorted(remove_killed_saves(autosave, prefs)) == sorted(stale)
    assert fresh.exists()
