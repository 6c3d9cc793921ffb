"""The map's labels: a region's name, IPC value and symbols, drawn in screen pixels, and the
ways to write it, from the full name down to an abbreviation for a cramped place at a small
zoom. Where each label goes is `pacific.gui.label_layout`'s business.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from pacific.gui import map_style as style
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation
from pacific.text import place_name

Z_LABEL = 10.0


Lines = list[tuple[str, float, bool]]  # (text, pixel size, bold), top to bottom
MARKER_R = 7.0  # the control marker's radius, in pixels
STAR_R = 7.0  # a capital's star's radius, in pixels, among the symbols ...
ALONE_R = 5.0  # ... and alone, apart from its name (a small zoom's cramped capital)
STAR_BOX = QRectF(-ALONE_R - 1, -ALONE_R - 1, 2 * ALONE_R + 2, 2 * ALONE_R + 2)  # its ink
SYMBOL_STEP = 18.0  # pixels from one symbol to the next in a row under the text ...
INLINE_STEP = 15.0  # ... and after the text on its row


@lru_cache(maxsize=4096)
def _text_width(text: str, size: float, bold: bool) -> float:
    """Pixels a line of label text takes (asked at every layout: kept)."""
    return _metrics(size, bold).horizontalAdvance(text)


@lru_cache(maxsize=64)
def _metrics(size: float, bold: bool) -> QFontMetricsF:
    """The metrics of a label font: made once per size, not once per text (resolving the
    font is most of a measure, and a start measures some six hundred texts in six fonts)."""
    return QFontMetricsF(style.label_font(size, bold))


class Variant(NamedTuple):
    """A way to write a label: its lines; whether the symbols follow the text on its one row
    (compact, for cramped places) instead of sitting in a row under it; whether the
    symbols are left out (the last resort at a small zoom: the hover label shows them); and
    for a capital, whether its star stands ``apart`` from the name, alone on the capital's
    land at the end of the name's leader line (no lines: the star alone, its name hidden)."""

    lines: Lines
    inline: bool = False
    bare: bool = False
    apart: bool = False


class LabelItem(QGraphicsItem):
    """A region's name, IPC value and symbols, drawn in screen pixels at its label point.

    ``variants`` are the ways to write it, best first (smaller fonts, two-line names, the
    symbols beside the text, then the abbreviated name); the scene's label placement
    (`MapScene.place_labels`) picks one and may move the label just beside its region, with
    a short leader line back to it (``leader``, in pixels from the label), or hide it."""

    def __init__(self, symbols: list[tuple[str, object]], variants: LabelVariants,
                 marker: tuple[Nation, Nation | None] | None = None) -> None:
        super().__init__()
        self.variants: list[Variant] = variants.all
        self.short = variants.short  # the first abbreviated variant, if any
        self.index = 0  # the variant written now
        self.hidden = False  # no room at this zoom: shown only while hovered
        self.symbols = symbols
        self.marker = marker
        self.leader: QPointF | None = None
        # `box_of`'s answers: (variant's id, marker, symbols) -> (the variant, its box)
        self._boxes: dict[tuple[int, bool, int], tuple[Variant, QRectF]] = {}
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(Z_LABEL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def variant(self) -> Variant:
        return self.variants[self.index]

    @property
    def lines(self) -> Lines:
        return self.variant.lines

    def picture_key(self) -> tuple[object, ...]:
        """Everything the label's picture (`paint_box`, its leader line left out) shows: two
        labels with the same key look the same (the view keeps one picture per key, so a
        label laid out again, or a leader's label at another zoom, is not painted again)."""
        variant = self.variant
        return (tuple(variant.lines), variant.inline, variant.bare, variant.apart,
                tuple(self.symbols), self.marker)

    def picture_rect(self) -> QRectF:
        """What `paint_box` covers, in pixels around the label point."""
        return self.text_box().adjusted(-4, -4, 4, 4)

    def boundingRect(self) -> QRectF:
        rect = self.text_box().adjusted(-4, -4, 4, 4)
        if self.leader is not None:
            end = ALONE_R + 2 if self.variant.apart else 4
            rect = rect.united(QRectF(self.leader, self.leader).adjusted(-end, -end, end, end))
        return rect

    @staticmethod
    def _name_width(lines: Lines) -> float:
        return max((_text_width(text, size, bold) for text, size, bold in lines), default=0.0)

    def _symbols_of(self, variant: Variant) -> list[tuple[str, object]]:
        if variant.apart:  # (the star stands apart, at the leader's end)
            return [symbol for symbol in self.symbols if symbol[0] != "capital"]
        return [] if variant.bare else self.symbols

    def star_at(self, variant: Variant) -> tuple[float, float] | None:
        """Where ``variant``'s capital star stands among its symbols, in pixels from the
        label point (None: no star there, or one apart)."""
        symbols = self._symbols_of(variant)
        at = next((n for n, (kind, _) in enumerate(symbols) if kind == "capital"), None)
        if at is None:
            return None
        if variant.inline:
            x = self._text_left(variant) + self._name_width(variant.lines) + 4
            return (x + INLINE_STEP / 2 + at * INLINE_STEP, 0.0)
        total = sum(size for _, size, _ in variant.lines)
        return (-(len(symbols) - 1) * SYMBOL_STEP / 2 + at * SYMBOL_STEP, total / 2 + 8)

    def stars(self) -> tuple[tuple[float, float] | None, ...]:
        """`star_at` of every variant; none for a label without a star."""
        if not any(kind == "capital" for kind, _ in self.symbols):
            return ()
        return tuple(self.star_at(variant) for variant in self.variants)

    def lone_star(self) -> QPointF | None:
        """Where a capital's star drawn apart from its name stands, in pixels from the label
        point (at its leader line's end, or the label point when it stands alone); None when
        no star stands apart."""
        if self.hidden or not self.variant.apart:
            return None
        return QPointF(self.leader) if self.leader is not None else QPointF(0.0, 0.0)

    @property
    def name_hidden(self) -> bool:
        """Is the name hidden at this zoom (the label, or all but a capital's star)?"""
        return self.hidden or (self.variant.apart and not self.variant.lines)

    @property
    def alone(self) -> int | None:
        """The variant that shows the star alone (a capital's name hidden), if any."""
        return next((k for k, v in enumerate(self.variants) if v.apart and not v.lines), None)

    def _text_left(self, variant: Variant) -> float:
        """Where the text's ink starts, left of the label point."""
        if variant.inline:
            symbols = len(self._symbols_of(variant))
            return -(self._name_width(variant.lines) + 4 + symbols * INLINE_STEP) / 2
        return -self._name_width(variant.lines) / 2 - 2

    def box_of(self, variant: Variant, marker: bool) -> QRectF:
        """The ink of the label written as ``variant``: the name and value lines, the
        symbols and, with ``marker``, the control marker left of the text. (Kept by the
        variant, the marker and the number of symbols, all it depends on: the layout, the
        pieces and the battle markers ask it again and again.)"""
        lines, symbols = variant.lines, self._symbols_of(variant)
        if variant.apart and not lines:  # (the star alone)
            return QRectF(STAR_BOX)
        key = (id(variant), marker, len(symbols))
        known = self._boxes.get(key)
        if known is not None and known[0] is variant:
            return QRectF(known[1])
        box = self._measure(variant, marker, lines, symbols)
        self._boxes[key] = (variant, QRectF(box))
        return box

    def _measure(self, variant: Variant, marker: bool, lines: Lines,
                 symbols: list[tuple[str, object]]) -> QRectF:
        total = sum(size for _, size, _ in lines)
        if variant.inline:
            width = self._name_width(lines) + 4 + len(symbols) * INLINE_STEP
            height = max(total, 16.0 if symbols else 0.0)
            box = QRectF(-width / 2, -height / 2, width, height)
        else:
            width = max(self._name_width(lines) + 4, len(symbols) * SYMBOL_STEP)
            bottom = total / 2 + (16 if symbols else 0)
            box = QRectF(-width / 2, -total / 2, width, total / 2 + bottom)
        if marker:
            box.setLeft(min(box.left(), self._text_left(variant) - 2 * MARKER_R - 3))
            box.setTop(min(box.top(), -total / 2))
            box.setBottom(max(box.bottom(), -total / 2 + 2 * MARKER_R + 4))
        return box

    def text_box(self) -> QRectF:
        """The part of the label that ink covers, in pixels around the label point (pieces
        are laid out clear of it, and labels clear of each other)."""
        return self.box_of(self.variant, self.marker is not None)

    def set_variant(self, index: int, leader: QPointF | None) -> bool:
        """Write the label as variant ``index`` with an optional leader line; True if that
        changed anything."""
        if index == self.index and leader == self.leader:
            return False
        self.prepareGeometryChange()
        self.index = index
        self.leader = leader
        self.update()
        return True

    def copy_of(self, other: LabelItem) -> None:
        """Say what ``other`` says, in its best variant (the hover copy of a hidden label)."""
        self.prepareGeometryChange()
        self.symbols, self.marker = other.symbols, other.marker
        self.variants, self.short = other.variants, other.short
        self.index = 0
        self.leader = None
        self.update()

    def set_marker(self, marker: tuple[Nation, Nation | None] | None) -> None:
        if marker != self.marker:
            self.prepareGeometryChange()
            self.marker = marker
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.leader is not None:
            self.paint_leader(painter)
        self.paint_box(painter)

    def paint_box(self, painter: QPainter) -> None:
        """The label without its leader line: its name, value, symbols and control marker."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        variant = self.variant
        lines, symbols = variant.lines, self._symbols_of(variant)
        if variant.apart and not lines:
            style.draw_star(painter, QPointF(0.0, 0.0), ALONE_R)
            return
        total = sum(size for _, size, _ in lines)
        text_left = self._text_left(variant)
        name_width = self._name_width(lines)
        x_text = text_left + name_width / 2 + 2 if variant.inline else 0.0
        y = -total / 2
        for text, size, bold in lines:
            style.draw_halo_text(painter, QPointF(x_text, y + size / 2), text,
                                 style.label_font(size, bold))
            y += size
        if variant.inline:
            x, sy, step = x_text + name_width / 2 + 2 + INLINE_STEP / 2, 0.0, INLINE_STEP
        else:
            x, sy, step = -(len(symbols) - 1) * SYMBOL_STEP / 2, y + 8, SYMBOL_STEP
        for kind, arg in symbols:
            self._paint_symbol(painter, QPointF(x, sy), kind, arg)
            x += step
        if self.marker is not None:
            holder, original = self.marker
            left = text_left - MARKER_R - 2
            top = -total / 2 + MARKER_R
            style.draw_roundel(painter, QPointF(left, top), MARKER_R, holder)
            if original is not None:
                style.draw_roundel(painter, QPointF(left + 6, top + 7), 4, original)

    @staticmethod
    def _paint_symbol(painter: QPainter, centre: QPointF, kind: str, arg: object) -> None:
        if kind == "capital":
            style.draw_star(painter, centre, STAR_R)
        elif kind == "naval_base":
            style.draw_anchor(painter, centre, 6)
        elif kind == "air_base":
            style.draw_plane(painter, centre, 6)
        elif kind == "kamikaze":
            style.draw_kamikaze(painter, centre, 5)
        elif kind == "convoy_centre":
            assert isinstance(arg, tuple)
            style.draw_convoy_centre(painter, centre, 7, int(arg[0]), arg[1])
        elif kind == "convoy_route":
            style.draw_convoy_route(painter, centre, 5, arg)  # type: ignore[arg-type]

    def paint_leader(self, painter: QPainter) -> None:
        """A thin line from the label's edge to its (tiny) region, with a dot at the end; a
        capital's star apart from its name at the end instead, the line stopping short of
        it (none when the name stands beside the star)."""
        assert self.leader is not None
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        box = self.text_box()
        end = self.leader
        start = QPointF(min(max(end.x(), box.left()), box.right()),
                        min(max(end.y(), box.top()), box.bottom()))
        apart = self.variant.apart
        if apart:
            length = math.hypot(end.x() - start.x(), end.y() - start.y())
            short = (length - ALONE_R - 1) / length if length > ALONE_R + 4 else 0.0
            line_end = start + (end - start) * short
        else:
            line_end, short = end, 1.0
        if short:
            painter.setPen(QPen(style.HALO, 3))
            painter.drawLine(start, line_end)
            painter.setPen(QPen(style.TEXT, 1))
            painter.drawLine(start, line_end)
        if apart:
            style.draw_star(painter, end, ALONE_R)
            return
        painter.setBrush(QBrush(style.TEXT))
        painter.drawEllipse(end, 1.8, 1.8)


@dataclass(frozen=True)
class LabelVariants:
    """The ways to write a label, best first; from ``short`` on, the name is abbreviated."""

    all: list[Variant]
    short: int | None = None


# Words shortened first in an abbreviation ("RYUKYU ISLANDS" → "RYUKYU IS."); Italian puts
# them first ("ISOLE RYUKYU" → "IS. RYUKYU") and joins words with "di" (left out).
GENERIC_WORDS = {"ISLANDS": "IS.", "ISLAND": "I."}
LEADING_GENERIC_WORDS = {"ISOLE": "IS.", "ISOLA": "I."}
JOINING_WORDS = {"DI", "DEL", "DELLA", "DELLE", "DEI", "DEGLI"}
SHORT_WORD = 6  # letters: a word this short is kept whole ...
CUT_WORD = 5  # ... of a longer one at most this many letters are kept


def short_word(word: str) -> str:
    """A long word cut after its first syllables: "PHILIPPINES" → "PHIL.", "MANCHURIA" →
    "MANCH.", "SZECHWAN" → "SZECH."; a short one whole."""
    if len(word) <= SHORT_WORD:
        return word
    # Four letters, then the consonants that follow, up to five: the cut falls before a
    # vowel, where a reader expects a syllable to end.
    cut = 4
    while cut < CUT_WORD and word[cut].isalpha() and word[cut] not in "AEIOUY":
        cut += 1
    return word[:cut] + "."


def short_name(name: str) -> str:
    """An abbreviation of a territory's name for a cramped place: the generic word shortened
    ("RYUKYU IS."), initials for a name of several words ("NEW SOUTH WALES" → "N.S.W.",
    "FRENCH INDO-CHINA" → "F.I.C."), a long single word cut ("PHIL.")."""
    words = name.upper().split()
    if len(words) > 1 and words[-1] in GENERIC_WORDS:
        return " ".join([*(short_word(w) for w in words[:-1]), GENERIC_WORDS[words[-1]]])
    words = [w for w in words if w not in JOINING_WORDS] or words
    if len(words) > 1 and words[0] in LEADING_GENERIC_WORDS:
        return " ".join([LEADING_GENERIC_WORDS[words[0]], *(short_word(w) for w in words[1:])])
    parts = [p for w in words for p in w.split("-") if p]
    if len(parts) > 1:
        return "".join(p[0] + "." for p in parts)
    return short_word(name.upper())


def label_variants(board: BoardMap, rid: str, has_symbols: bool) -> LabelVariants:
    """The ways to write a region's label, best first: full size, then (for cramped places
    at the overview zoom) the name on two lines, a smaller font, the name, value and symbols
    on one row; then the same with the name abbreviated, and last the abbreviated name and
    value alone."""
    if board.is_sea(rid):
        number = str(board.sea_zone_by_id[rid].number)
        out = [Variant([(number, 15, True)]), Variant([(number, 12, True)])]
        if has_symbols:
            out.append(Variant([(number, 12, True)], inline=True))
            return LabelVariants([*out, Variant([(number, 10, True)], bare=True)], len(out))
        return LabelVariants(out)
    terr = board.territory_by_id[rid]
    full_name = place_name(board, rid)  # in the active language
    name = full_name.upper()
    names = [[name]]
    words = name.split()
    if len(words) > 1:
        # Break where the two lines come out most even.
        cut = min(range(1, len(words)), key=lambda k: abs(
            len(" ".join(words[:k])) - len(" ".join(words[k:]))))
        names.append([" ".join(words[:cut]), " ".join(words[cut:])])
    value = str(terr.ipc) if terr.ipc else ""
    out = []
    for name_size, value_size in ((11, 13), (9, 11), (8, 9)):
        for parts in names:
            lines: Lines = [(part, name_size, True) for part in parts]
            if value:
                lines.append((value, value_size, True))
            out.append(Variant(lines))
        if name_size < 11 and (has_symbols or value):
            out.append(Variant([(f"{name} {value}".strip(), name_size, True)], inline=True))
    # A capital's star stands on its own land (R-VICTORY-1/3: the game turns on it): where
    # its name with the star fits nowhere inside, the star alone there and the name beside.
    capital = rid in board.capital_nation
    if capital:
        out += [v._replace(apart=True) for v in out]
    first_short = len(out)
    short = short_name(full_name)
    if short != name:
        shortened = [Variant([(f"{short} {value}".strip(), size, True)], inline=True)
                     for size in (9, 8)]
        out += shortened + [v._replace(apart=True) for v in shortened] if capital else shortened
    if capital:  # (its star never left out: alone, the name shown while hovered)
        out.append(Variant([], inline=True, apart=True))
    elif has_symbols:
        out.append(Variant([(f"{short} {value}".strip(), 8, True)], inline=True, bare=True))
    return LabelVariants(out, first_short if len(out) > first_short else None)
