"""Nation colours, as the rulebook gives them (R-SETUP-11): China beige; Japan brown; India dark
green; Australia light green (the Dutch East Indies light violet); the USA blue.

Pieces use a slightly deeper tone than the territories so that a stack stands out on its own
nation's land."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from pacific.rules.nations import Nation
from pacific.text import N_, gettext

# Territory fill colours (R-SETUP-11).
LAND_COLOURS: dict[Nation, str] = {
    Nation.JAPAN: "#b0784a",
    Nation.CHINA: "#e3cfa2",
    Nation.INDIA: "#3f7a48",
    Nation.AUSTRALIA: "#9fcf7d",
    Nation.USA: "#5d86c4",
}
DUTCH_EAST_INDIES = "#b9a2d6"

# Piece colours: the same hues, deeper, with a light chip behind them.
PIECE_COLOURS: dict[Nation, str] = {
    Nation.JAPAN: "#8a4f22",
    Nation.CHINA: "#c9ab6b",
    Nation.INDIA: "#2c6236",
    Nation.AUSTRALIA: "#6fae48",
    Nation.USA: "#2f5fa8",
}

# The token under a piece: the deep nations' pieces (Japan, India, the USA) stand on a light
# token, the light ones (China, Australia) on a dark one. The owners' colours stay the
# rulebook's, and Japan's brown and China's beige, India's and Australia's greens, are told
# apart at a glance by their tokens.
TOKEN_LIGHT = "#f4f1e8"
TOKEN_DARK = "#383c42"
TOKEN_COLOURS: dict[Nation, str] = {
    Nation.JAPAN: TOKEN_LIGHT,
    Nation.CHINA: TOKEN_DARK,
    Nation.INDIA: TOKEN_LIGHT,
    Nation.AUSTRALIA: TOKEN_DARK,
    Nation.USA: TOKEN_LIGHT,
}

# The board's chips: grey counts 1, red counts 5 (EX-1).
CHIP_GREY = "#9a9a9a"
CHIP_RED = "#c4362c"


def land_colour(nation: Nation | None) -> QColor:
    return QColor(LAND_COLOURS[nation]) if nation is not None else QColor("#8c8c8c")


def token_colour(nation: Nation | None) -> QColor:
    """The token a nation's pieces stand on (an industrial complex, no one's: light)."""
    return QColor(TOKEN_COLOURS[nation] if nation is not None else TOKEN_LIGHT)


def luminance(colour: QColor) -> float:
    """Relative luminance (WCAG 2), 0 for black to 1 for white."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)



# ---- text colours that follow the desktop theme ----
#
# The panels' words are drawn in the palette's colours; the few that carry a meaning (a
# refusal, a captured convoy, a dimmed phase) start from a fixed hue and are made lighter or
# darker until they read on the palette's background, so a dark theme stays readable.

WARNING = QColor("#a01010")  # refusals, prompts, captured zones
READABLE = 4.5  # WCAG's contrast for normal text


def readable(colour: QColor, background: QColor, minimum: float = READABLE) -> QColor:
    """``colour``, lightened on a dark background or darkened on a light one until its
    contrast with ``background`` reaches ``minimum``."""
    out = QColor(colour)
    dark = luminance(background) < 0.18
    for _ in range(24):
        if contrast(out, background) >= minimum:
            return out
        out = out.lighter(118) if dark else out.darker(118)
    return QColor("white") if dark else QColor("black")


def warning_colour(palette: QPalette, role: QPalette.ColorRole = QPalette.ColorRole.Window
                   ) -> QColor:
    """The colour of a warning on ``role`` (Window for labels, Base for lists and tables)."""
    return readable(WARNING, palette.color(role))


def dim_colour(palette: QPalette, role: QPalette.ColorRole = QPalette.ColorRole.Window
               ) -> QColor:
    """Text less prominent than the rest (a phase not being played), still readable."""
    text = palette.color(QPalette.ColorRole.WindowText)
    back = palette.color(role)
    mixed = QColor.fromRgbF(*(0.55 * t + 0.45 * b for t, b in (
        (text.redF(), back.redF()), (text.greenF(), back.greenF()),
        (text.blueF(), back.blueF()))))
    return readable(mixed, back)


def accent_colour(palette: QPalette) -> QColor:
    """Information set apart from the text (the battle odds): the theme's link colour."""
    return readable(palette.color(QPalette.ColorRole.Link),
                    palette.color(QPalette.ColorRole.Window))


# ---- what a drop there means (the engine's `DropTarget.meaning`) ----
#
# While a stack is dragged, every place it can go is lit in the colour of what a drop there
# does; the status line names the colours shown (`drop_legend`).
DROP_TINTS: dict[str, tuple[QColor, str]] = {
    "move": (QColor(255, 235, 60, 130), N_("yellow: move")),
    "attack": (QColor(255, 120, 20, 145), N_("orange: attack")),
    "load": (QColor(40, 170, 255, 130), N_("blue: load or unload")),
    "unload": (QColor(40, 170, 255, 130), N_("blue: load or unload")),
    "assault": (QColor(215, 40, 150, 140), N_("magenta: amphibious assault")),
    "patrol": (QColor(60, 200, 90, 130), N_("green: combat air patrol")),
    "land_patrol": (QColor(60, 200, 90, 130), N_("green: land the patrol")),
    "illegal": (QColor(220, 40, 40, 100), N_("red: not allowed")),
    # A new unit dragged from the placement tray (phase 7, R-PLACE-1).
    "place": (QColor(0, 190, 170, 135), N_("teal: place it here")),
}


def drop_tint(meaning: str) -> QColor | None:
    """The highlight of a place where a drop means ``meaning``, or None for none."""
    entry = DROP_TINTS.get(meaning)
    return QColor(entry[0]) if entry is not None else None


def drop_legend(meanings: object) -> str:
    """"yellow: move · orange: attack": the colours lit for these meanings, in table order."""
    shown = set(meanings)  # type: ignore[call-overload]
    words = dict.fromkeys(gettext(text) for meaning, (_tint, text) in DROP_TINTS.items()
                          if meaning in shown)
    return " · ".join(words)
