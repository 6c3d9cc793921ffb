"""Preferences kept in QSettings: dice mode, animation speed, the computer's pace,
confirmations, language, recent
files, the last folder of a file dialog, the minimap and the window's geometry. One small typed
wrapper so that keys are spelled once."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

from pacific.text.language import LANGUAGES, SYSTEM

MAX_RECENT = 8


class DiceMode(StrEnum):
    COMPUTER = "computer"    # the game's seeded dice
    TABLETOP = "tabletop"    # typed in from the table


class ComputerPace(StrEnum):
    """How fast the computer's actions follow one another in the window."""

    INSTANT = "instant"    # no pause, the views redrawn a few times a second
    FAST = "fast"          # a short pause per move, the views redrawn a few times a second
    READABLE = "readable"  # slow enough to follow every move on the map


# Milliseconds between two actions of the computer, by pace (ending a phase, rolling or
# confirming takes a quarter of it).
PACE_MS = {ComputerPace.INSTANT: 0, ComputerPace.FAST: 60, ComputerPace.READABLE: 600}


class Preferences:
    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings if settings is not None else QSettings()

    def _get(self, key: str, default: object) -> object:
        return self.settings.value(key, default)

    @property
    def dice_mode(self) -> DiceMode:
        value = str(self._get("play/dice_mode", DiceMode.COMPUTER.value))
        return DiceMode(value) if value in DiceMode._value2member_map_ else DiceMode.COMPUTER

    @dice_mode.setter
    def dice_mode(self, mode: DiceMode) -> None:
        self.settings.setValue("play/dice_mode", mode.value)

    @property
    def animation_ms(self) -> int:
        """Length of a piece's slide back after a refused drop, in ms (0: no animation)."""
        try:
            return max(0, min(2000, int(str(self._get("view/animation_ms", 250)))))
        except ValueError:
            return 250

    @animation_ms.setter
    def animation_ms(self, ms: int) -> None:
        self.settings.setValue("view/animation_ms", int(ms))

    @property
    def computer_pace(self) -> ComputerPace:
        value = str(self._get("play/computer_pace", ComputerPace.FAST.value))
        return ComputerPace(value) if value in ComputerPace._value2member_map_ \
            else ComputerPace.FAST

    @computer_pace.setter
    def computer_pace(self, pace: ComputerPace) -> None:
        self.settings.setValue("play/computer_pace", pace.value)

    @property
    def confirm_end_phase(self) -> bool:
        return str(self._get("play/confirm_end_phase", "true")).lower() in ("true", "1")

    @confirm_end_phase.setter
    def confirm_end_phase(self, on: bool) -> None:
        self.settings.setValue("play/confirm_end_phase", "true" if on else "false")

    @property
    def handover_screen(self) -> bool:
        return str(self._get("play/handover_screen", "true")).lower() in ("true", "1")

    @handover_screen.setter
    def handover_screen(self, on: bool) -> None:
        self.settings.setValue("play/handover_screen", "true" if on else "false")

    @property
    def coach(self) -> bool:
        """Whether Turn ▸ Hint may ask the coach: off for a game that counts."""
        return str(self._get("play/coach", "true")).lower() in ("true", "1")

    @coach.setter
    def coach(self, on: bool) -> None:
        self.settings.setValue("play/coach", "true" if on else "false")

    @property
    def language(self) -> str:
        """"en", "it", or "system" (follow the system locale, the default)."""
        value = str(self._get("view/language", SYSTEM))
        return value if value in LANGUAGES or value == SYSTEM else SYSTEM

    @language.setter
    def language(self, code: str) -> None:
        self.settings.setValue("view/language", code)

    # ---- players' names by seat (R-SETUP-2), for the hand-over screen ----

    def seat_names(self) -> dict[int, str]:
        out = {}
        for seat in (1, 2, 3):
            name = str(self._get(f"players/seat{seat}", "") or "")
            if name:
                out[seat] = name
        return out

    def set_seat_names(self, names: dict[int, str]) -> None:
        for seat in (1, 2, 3):
            self.settings.setValue(f"players/seat{seat}", names.get(seat, ""))

    def seat_players(self) -> dict[int, str]:
        """Who sat in each seat last time: "" a person, else the computer's level."""
        return {seat: str(self._get(f"players/seat{seat}_computer", "") or "")
                for seat in (1, 2, 3)}

    def set_seat_players(self, choices: dict[int, str]) -> None:
        for seat in (1, 2, 3):
            self.settings.setValue(f"players/seat{seat}_computer", choices.get(seat, ""))

    # ---- recent files and window geometry ----

    def recent_files(self) -> list[str]:
        value = self._get("files/recent", [])
        if isinstance(value, str):
            return [value] if value else []
        return [str(v) for v in value] if isinstance(value, list) else []

    def add_recent(self, path: str) -> None:
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("files/recent", files[:MAX_RECENT])
        self.last_folder = Path(path).parent

    @property
    def last_folder(self) -> Path:
        """Where the open and save dialogs start: the folder of the last game opened or saved
        (the documents folder at first)."""
        value = str(self._get("files/last_folder", "") or "")
        if value and Path(value).is_dir():
            return Path(value)
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation)
        return Path(documents) if documents and Path(documents).is_dir() else Path.home()

    @last_folder.setter
    def last_folder(self, folder: Path) -> None:
        self.settings.setValue("files/last_folder", str(folder))

    @property
    def minimap(self) -> bool:
        """Is the overview shown in the map's corner?"""
        return str(self._get("view/minimap", "true")).lower() in ("true", "1")

    @minimap.setter
    def minimap(self, on: bool) -> None:
        self.settings.setValue("view/minimap", "true" if on else "false")

    def geometry(self) -> QByteArray | None:
        value = self._get("window/geometry", None)
        return value if isinstance(value, QByteArray) else None

    def save_geometry(self, geometry: QByteArray, state: QByteArray) -> None:
        self.settings.setValue("window/geometry", geometry)
        self.settings.setValue("window/state", state)

    def window_state(self) -> QByteArray | None:
        value = self._get("window/state", None)
        return value if isinstance(value, QByteArray) else None
