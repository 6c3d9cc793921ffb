"""Resource files: the unit icons live in the top-level resources/ folder, found in a
checkout or under <sys.prefix>/share/pacific/resources where the wheel installs them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pacific.gui import resource_files
from pacific.gui.icons import svg_text
from pacific.rules.units import UnitType

ROOT = Path(__file__).resolve().parent.parent


def test_every_unit_type_has_an_icon_in_the_top_level_resources() -> None:
    for unit_type in UnitType:
        path = resource_files.resource_path("icons", f"{unit_type.value}.svg")
        assert path.parent == ROOT / "resources" / "icons"
        assert "#C0FFEE" in svg_text(unit_type)  # the placeholder the nation colour replaces


def test_an_installed_copy_is_found_under_share(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    installed = tmp_path / "share" / "pacific" / "resources" / "icons"
    installed.mkdir(parents=True)
    (installed / "extra.svg").write_text("<svg/>", encoding="utf-8")
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    assert resource_files.resource_path("icons", "extra.svg") == installed / "extra.svg"


def test_a_missing_resource_names_the_folders_searched() -> None:
    with pytest.raises(FileNotFoundError, match="looked in"):
        resource_files.resource_path("icons", "no_such_unit.svg")


def test_the_wheel_installs_the_icons_as_data_files() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"share/pacific/resources/icons" = ["resources/icons/*.svg"]' in text
    assert "gui/resources" not in text
