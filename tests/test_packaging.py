"""Packaging: the bundled build finds its data, the desktop entry's icon and file type
exist and agree with the window's save names and the save format, the icon files are well
formed, and every dependency is locked."""

from __future__ import annotations

import re
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from scenario import board

from pacific.gui import game_files, resource_files
from pacific.rules.engine import Game
from pacific.rules.files import maps
from pacific.rules.files.savefile import save_game
from pacific.rules.history import History

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def desktop_entry() -> dict[str, str]:
    lines = (PACKAGING / "pacific.desktop").read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line)


def test_a_bundle_finds_maps_and_resources_in_its_own_folder_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PyInstaller unpacks the data into sys._MEIPASS (packaging/pacific.spec)."""
    (tmp_path / "maps" / "pacific").mkdir(parents=True)
    (tmp_path / "maps" / "pacific" / "board.json").write_text("{}", encoding="utf-8")
    (tmp_path / "resources").mkdir()
    (tmp_path / "resources" / "pacific.svg").write_text("<svg/>", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert maps.map_roots()[0] == tmp_path / "maps"
    assert maps.find_map("pacific") == tmp_path / "maps" / "pacific"
    assert resource_files.resource_path("pacific.svg") == tmp_path / "resources" / "pacific.svg"


def test_outside_a_bundle_the_checkout_comes_first() -> None:
    assert not hasattr(sys, "_MEIPASS")
    assert maps.map_roots()[0] == ROOT / "maps"
    assert resource_files.resource_roots()[0] == ROOT / "resources"


def test_the_desktop_entry_names_an_icon_and_a_file_type_that_exist() -> None:
    entry = desktop_entry()
    assert (ROOT / "resources" / f"{entry['Icon']}.svg").is_file()
    mime = ET.parse(PACKAGING / "pacific-mime.xml").getroot()
    declared = [t.get("type") for t in mime.iter(f"{MIME_NS}mime-type")]
    assert entry["MimeType"] == ";".join(declared) + ";"


def test_the_file_type_matches_what_the_window_saves() -> None:
    """The glob is the window's save name; the magic matches a real save's first bytes."""
    mime = ET.parse(PACKAGING / "pacific-mime.xml").getroot()
    globs = [g.get("pattern") for g in mime.iter(f"{MIME_NS}glob")]
    assert globs == ["*.pacific"]
    assert game_files.SAVE_FILTER.startswith("Pacific saved games (*.pacific ")
    assert '.pacific"' in Path(game_files.__file__).read_text(encoding="utf-8")


def test_the_magic_matches_a_real_save(tmp_path: Path) -> None:
    mime = ET.parse(PACKAGING / "pacific-mime.xml").getroot()
    game = Game(board("mini"))
    save = tmp_path / "game.pacific"
    save_game(save, History(game, game.new_game(players=3, seed=1)))
    head = save.read_bytes()
    matched = False
    for match in mime.iter(f"{MIME_NS}match"):
        start, end = (int(n) for n in match.get("offset", "0").split(":"))
        value = match.get("value", "").encode()
        matched |= value in head[start:end + len(value)]
    assert matched, head[:80]


def test_the_ico_and_icns_writers_make_well_formed_files() -> None:
    sys.path.insert(0, str(PACKAGING))
    try:
        import icons
    finally:
        sys.path.remove(str(PACKAGING))
    pngs = {16: b"\x89PNG16", 256: b"\x89PNG256!"}
    ico = icons.ico_bytes(pngs)
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, 2)
    width, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16:6 + 32])
    assert width == 0 and ico[offset:offset + size] == pngs[256]  # 256 is written as 0
    all_sizes = {size: f"png{size}".encode() for _, size in icons.ICNS_TYPES}
    icns = icons.icns_bytes(all_sizes)
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert icns[8:12] == b"icp4" and icns[16:16 + 5] == b"png16"


def test_every_dependency_is_locked() -> None:
    """Every requirement of pyproject.toml (with the test and bundle extras) has an exact pin
    in constraints.txt, which scripts/bootstrap.sh installs with."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in ("test", "bundle"):
        wanted += project["optional-dependencies"][extra]
    pinned = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        found = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)", line)
        if found:
            pinned[found.group(1).lower().replace("_", "-")] = found.group(2)
    for requirement in wanted:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement)
        assert name is not None
        assert name.group(0).lower().replace("_", "-") in pinned, requirement
    assert {"pip", "setuptools", "wheel"} <= pinned.keys()
    assert pinned["pyside6-essentials"] != "6.12.0"  # tests/test_gui_binding.py
    bootstrap = (ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8")
    assert '-c "$PACIFIC_CONSTRAINTS"' in bootstrap


def test_the_desktop_entry_command_line_opens_the_saved_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Exec=pacific %f: a double-click starts `pacific PATH`, and PATH reaches the window (it
    is not taken for an unknown subcommand); --help still lists the subcommands."""
    import pacific.gui.app
    from pacific.cli.main import main

    assert desktop_entry()["Exec"] == "pacific %f"
    opened: list[tuple[str | None, str | None]] = []

    def run_gui(game_path: str | None = None, screenshot: str | None = None,
                **_options: object) -> int:
        opened.append((game_path, screenshot))
        return 0

    monkeypatch.setattr(pacific.gui.app, "run_gui", run_gui)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.delenv("QT_LOGGING_RULES", raising=False)
    save = str(tmp_path / "game.pacific")
    Path(save).write_text("{}", encoding="utf-8")   # opening it is the window's business
    assert main([save]) == 0
    assert main(["--offscreen", "--screenshot", "shot.png", save]) == 0
    assert opened == [(save, None), (save, "shot.png")]
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "odds" in capsys.readouterr().out
