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
