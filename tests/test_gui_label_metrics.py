"""A label font is resolved once for all the texts measured in it: a start measures some six
hundred label texts in six fonts, and resolving the font was most of each measure."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication

from pacific.gui import map_labels
from pacific.gui import map_style as style


def test_a_label_font_is_resolved_once_for_all_its_texts(
        qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []

    def counted(font: QFont) -> QFontMetricsF:
        made.append(font.pixelSize())
        return QFontMetricsF(font)

    monkeypatch.setattr(map_labels, "QFontMetricsF", counted)
    map_labels._text_width.cache_clear()
    if hasattr(map_labels, "_metrics"):
        map_labels._metrics.cache_clear()
    texts = [f"NAME {i}" for i in range(20)]
    widths = [map_labels._text_width(text, 11, True) for text in texts]
    map_labels._text_width.cache_clear()
    assert made == [11]
    # (the same widths as a font resolved for each text)
    assert widths == [QFontMetricsF(style.label_font(11, True)).horizontalAdvance(text)
                      for text in texts]


def test_a_label_s_boxes_are_measured_once_and_handed_out_as_copies(
        qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    from pacific.gui.map_labels import LabelItem, LabelVariants, Variant

    variants = [Variant([("KWEICHOW", 11, True), ("1", 13, True)]),
                Variant([("KWEICHOW 1", 9, True)], inline=True)]
    label = LabelItem([("capital", None)], LabelVariants(variants))
    fresh = LabelItem([("capital", None)], LabelVariants(variants))
    measured: list[object] = []
    real = LabelItem._measure

    def counted(self: LabelItem, *args: object) -> object:
        measured.append(args[0])
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(LabelItem, "_measure", counted)
    for marker in (False, True, False, True):
        for variant in variants:
            box = label.box_of(variant, marker)
            assert box == real(fresh, variant, marker, variant.lines,
                               fresh._symbols_of(variant))
            box.setLeft(-1000)  # (the caller's copy)
    assert len(measured) == 4  # (two variants, with and without a marker)
    label.symbols = []  # (a convoy zone's symbols change: its boxes are measured again)
    label.box_of(variants[0], False)
    assert len(measured) == 5
