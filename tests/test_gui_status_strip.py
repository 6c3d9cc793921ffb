"""The status strip under the map: a long refusal is cut after the strip's two lines with "…"
and shown whole in the tooltip, at any width; `text()` keeps the whole message (R-COMBATMOVE-1's
refusal, with its rule's summary, is three lines at 1024x700)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.gui.event_log import StatusStrip
from pacific.gui.rule_wrap import as_typed

REFUSAL = ("No battle will be fought in Shansi: aircraft fly to a battle, a bombing raid or an "
           "amphibious assault in combat movement [R-COMBATMOVE-1, p. 13: In phase 3 you move "
           "units into spaces held by the enemy, starting battles, or out of them.]")


def lines_needed(strip: StatusStrip, text: str) -> int:
    metrics = strip.label.fontMetrics()
    bounds = metrics.boundingRect(0, 0, strip.label.contentsRect().width(), 10_000,
                                  Qt.TextFlag.TextWordWrap, text)
    return round(bounds.height() / metrics.lineSpacing())


def strip_of_width(qtbot: QtBot, width: int) -> StatusStrip:
    strip = StatusStrip()
    qtbot.addWidget(strip)
    strip.resize(width, strip.height())
    strip.show()
    QApplication.processEvents()
    return strip


@pytest.mark.parametrize("width", [300, 724, 1400])
def test_a_long_refusal_fits_the_strip_whole_in_the_tooltip(qtbot: QtBot, width: int) -> None:
    strip = strip_of_width(qtbot, width)
    strip.show_refusal(REFUSAL)
    assert lines_needed(strip, strip.label.text()) <= StatusStrip.LINES
    shown = as_typed(strip.label.text())   # (a rule id is shown unbroken: `rule_wrap`)
    assert strip.text() == "✖ " + REFUSAL
    if shown != strip.text():
        assert shown.endswith("…")
        assert strip.text().startswith(shown[:-1].rstrip())
        assert strip.label.toolTip() == strip.text()
    else:
        assert strip.label.toolTip() == ""


def test_a_narrower_strip_cuts_again_and_a_wider_one_shows_more(qtbot: QtBot) -> None:
    strip = StatusStrip()
    qtbot.addWidget(strip)
    strip.resize(1000, strip.height())
    strip.show()
    QApplication.processEvents()
    strip.show_refusal(REFUSAL)
    wide = strip.label.text()
    strip.resize(320, strip.height())
    QApplication.processEvents()
    narrow = strip.label.text()
    assert len(narrow) < len(wide)
    assert lines_needed(strip, narrow) <= StatusStrip.LINES
    strip.show_info("")
    assert strip.label.text() == "" and strip.label.toolTip() == ""


WHY_NOT = ("India: 6 unità di fanteria · 6 non hanno ancora mosso. Nessuna mossa possibile ora: "
           "Una mossa di combattimento deve entrare in un territorio nemico; tra territori "
           "amici si muove nel Movimento di Non Combattimento (OQ2-3) (R-COMBATMOVE-1)")


@pytest.mark.parametrize("width", [300, 724])
def test_a_cut_message_keeps_the_rule_id_that_closes_it(qtbot: QtBot, width: int) -> None:
    """Seen at 1024x700 in Italian: the message of units that cannot move was cut at "(R-…",
    which names no rule; the "…" now comes before the id, which stays whole."""
    strip = strip_of_width(qtbot, width)
    strip.show_info(WHY_NOT)
    shown = as_typed(strip.label.text())
    assert shown != WHY_NOT and shown.endswith("… (R-COMBATMOVE-1)")
    assert WHY_NOT.startswith(shown[:-len("… (R-COMBATMOVE-1)")].rstrip())
    assert lines_needed(strip, strip.label.text()) <= StatusStrip.LINES
    assert strip.label.toolTip() == WHY_NOT and strip.text() == WHY_NOT
