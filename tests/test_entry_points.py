"""The program's entry points (issue: foundation)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pacific import __version__
from pacific.cli.main import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--offscreen" in out and "--screenshot" in out


def test_python_dash_m(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pacific", "--version"], capture_output=True, text=True, check=True
    )
    assert __version__ in out.stdout


def test_no_display_is_a_clear_message(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("PACIFIC_OFFSCREEN", raising=False)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    if not sys.platform.startswith("linux"):
        pytest.skip("display detection is Linux-only")
    assert main([]) == 2
    assert "no display" in capsys.readouterr().err


def test_screenshot_writes_png(tmp_path: Path) -> None:
    png = tmp_path / "window.png"
    proc = subprocess.run(
        [sys.executable, "-m", "pacific", "--offscreen", "--screenshot", str(png)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
