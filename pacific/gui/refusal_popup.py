"""Refusals where the player is looking: when a drop is refused, a small
frameless note beside the drop point names the rule and says why, then fades away.

The note shows the rule's id and the engine's sentence (`IllegalAction.rule` and
`.message`), and under them, when the rules reference can give them, a one-line summary of the
rule in the project's own words and the rulebook page: `rule_note` is the one place where
that reference is asked.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QPoint,
    QPropertyAnimation,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QEnterEvent, QMouseEvent, QPalette
from PySide6.QtWidgets import QFrame, QGraphicsOpacityEffect, QLabel, QVBoxLayout, QWidget

from pacific.gui.palette import warning_colour
from pacific.gui.picker_place import view_covers
from pacific.gui.rule_wrap import unbroken
from pacific.text import _

SHOWN_MS = 4000  # the note stays this long at least ...
WORD_MS = 300  # ... or this long a word it says (a learner reads some 200 words a minute) ...
FADE_MS = 600  # ... then fades out in this long
LEFT_MS = 1500  # after the pointer leaves it (it stays while the pointer is on it)
GAP = 14  # pixels between the drop point and the note
WIDTH = 340  # the note's width at most ...
MIN_WIDTH = 240  # ... and at least, in pixels


@dataclass(frozen=True)
class RuleNote:
    """What the rules reference says of a rule: a one-line summary and the rulebook page."""

    summary: str
    page: str | None = None


def rule_note(rule_id: str) -> RuleNote | None:
    """The rules reference's summary and rulebook page for ``rule_id``, or None when there is
    none.

    The rules reference (`pacific.text.rule_summary`) gives them in the active language, in
    the project's own words.
    """
    from pacific.text import UnknownRule, rule_summary

    try:
        found = rule_summary(rule_id)
    except UnknownRule:
        return None
    return RuleNote(found.summary, found.page or None)


def reading_ms(*texts: str) -> int:
    """How long a note saying ``texts`` stays before it fades: long enough to read it and
    reach for its rule link (a long Italian note, forty words, faded in 4 s)."""
    return max(SHOWN_MS, WORD_MS * sum(len(text.split()) for text in texts))


def without_rule(message: str, rule: str) -> str:
    """The engine's sentence without the rule id it ends with (the note shows the id on its
    own line): "Not adjacent (R-MOVE-3)." → "Not adjacent."."""
    text = message.strip()
    for tail, end in ((f" ({rule}).", "."), (f" ({rule})", "")):
        if rule and text.endswith(tail):
            return text[: -len(tail)] + end
    return text


class RefusalPopup(QFrame):
    """The note, a child of the map view's viewport, shown by `show_at`. A click on it opens
    the rule in the rules reference (`rule_clicked`)."""

    rule_clicked = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._rule = ""
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setObjectName("refusal_popup")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.ToolTipBase))
        palette.setColor(QPalette.ColorRole.WindowText,
                         palette.color(QPalette.ColorRole.ToolTipText))
        self.setPalette(palette)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        self.rule = QLabel()
        self.message = QLabel()
        self.reference = QLabel()
        for label in (self.rule, self.message, self.reference):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            layout.addWidget(label)
        self.setMinimumWidth(MIN_WIDTH)
        self.setMaximumWidth(WIDTH)
        self._opacity = QGraphicsOpacityEffect(self)
        self._opacity.setOpacity(1.0)
        self.setGraphicsEffect(self._opacity)
        self._fade = QPropertyAnimation(self._opacity, b"opacity", self)
        self._fade.setDuration(FADE_MS)
        self._fade.setEasingCurve(QEasingCurve.Type.InQuad)
        self._fade.setStartValue(1.0)
        self._fade.setEndValue(0.0)
        self._fade.finished.connect(self.hide)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fade.start)
        self.hide()

    def show_at(self, point: QPoint, rule: str, message: str,
                shown_ms: int | None = None, keep_off: QRect | None = None) -> None:
        """Show the refusal beside ``point`` (viewport pixels): the rule id, the sentence,
        and the reference's summary and page when it has them; it fades after ``shown_ms``
        (default: the time to read it, `reading_ms`), not while the pointer is on it. It
        stands off ``keep_off`` (viewport pixels) where a side of the point allows."""
        self._rule = rule
        colour = warning_colour(self.palette()).name()
        # A drop that moves nothing for want of a rule (where the units stand, on no space)
        # has no rule to name: no mark stands for one.
        self.rule.setText(f"<b style='color:{colour}'>✖ {html.escape(rule)}</b>")
        self.rule.setVisible(bool(rule))
        self.message.setText(html.escape(unbroken(message)))
        note = rule_note(rule) if rule else None
        if note is not None:
            page = " <i>({})</i>".format(html.escape(
                _("rulebook {page}").format(page=note.page))) if note.page else ""
            self.reference.setText(f"{html.escape(note.summary)}{page}")
        self.reference.setVisible(note is not None)
        if shown_ms is None:
            shown_ms = reading_ms(message, note.summary if note is not None else "")
        self._fade.stop()
        self._opacity.setOpacity(1.0)
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.adjustSize()
        self.show()
        self.adjustSize()  # its final size, now that it is shown: then its place
        self.move(self._beside(point, keep_off))
        self.raise_()
        self._timer.start(shown_ms)

    @property
    def shown_ms(self) -> int:
        """How long the note shown stays before it fades."""
        return self._timer.interval()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            # Not passed on to the map under it: the pointer is on the note, not on a stack.
            event.accept()
            return True
        return super().event(event)

    def enterEvent(self, event: QEnterEvent) -> None:
        # The player reads it, or reaches for the rule link: it stays, whole.
        self._timer.stop()
        self._fade.stop()
        self._opacity.setOpacity(1.0)
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self.isVisible():
            self._timer.start(LEFT_MS)
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._rule:
            self.rule_clicked.emit(self._rule)
        self.dismiss()
        event.accept()

    def _beside(self, point: QPoint, keep_off: QRect | None = None) -> QPoint:
        """Right of and below the point, or on whichever side keeps the note in sight: inside
        the view, and off what the view draws over its map (the overview in its corner),
        which would cover the note's last lines, and off ``keep_off``."""
        parent = self.parentWidget()
        area = parent.rect() if parent is not None else self.rect()
        covers = view_covers(parent) + ([keep_off] if keep_off is not None else [])
        size = self.size()
        places = [QPoint(x, y)
                  for y in (point.y() + GAP, point.y() - GAP - size.height())
                  for x in (point.x() + GAP, point.x() - GAP - size.width())]
        for place in places:
            rect = QRect(place, size)
            if area.contains(rect) and not any(rect.intersects(c) for c in covers):
                return place
        x = places[0].x() if places[0].x() + size.width() <= area.right() else places[1].x()
        y = places[0].y() if places[0].y() + size.height() <= area.bottom() else places[2].y()
        return QPoint(max(area.left(), x), max(area.top(), y))

    def dismiss(self) -> None:
        """Hide at once (the player started something else)."""
        self._timer.stop()
        self._fade.stop()
        self.hide()
