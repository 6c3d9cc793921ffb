"""Nation colours, as the rulebook gives them (R-SETUP-11): China beige; Japan brown; India dark
green; Australia light green (the Dutch East Indies light violet); the USA blue.

Pieces use a slightly deeper tone than the territories so that a stack stands out on its own
nation's land."""

from __future__ import annotations

from PySide6.QtGui import QColor

from pacific.rules.nations import Nation

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

# The board's chips: grey counts 1, red counts 5 (EX-1).
CHIP_GREY = "#9a9a9a"
CHIP_RED = "#c4362c"


def land_colour(nation: Nation | None) -> QColor:
    return QColor(LAND_COLOURS[nation]) if nation is not None else QColor("#8c8c8c")


def piece_colour(nation: Nation) -> QColor:
    return QColor(PIECE_COLOURS[nation])
