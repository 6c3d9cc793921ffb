"""The tutorial's panel: which step of how many, what to do and why with the rules it teaches
as links to the rules reference, the hint after a move off the script, and the buttons
(Show me, Continue or the step's own, Leave the tutorial). A pure view: the runner fills it,
and its buttons only emit signals.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.palette import warning_colour
from pacific.gui.rule_wrap import unbroken
from pacific.text import _
from pacific.text.rulebook import RULE_ID_IN_TEXT


def rule_link(rule_id: str) -> str:
    # A non-breaking hyphen, so that a line never ends in the middle of an id.
    return f"<a href='{rule_id}'>{unbroken(rule_id)}</a>"


def step_html(text: str, rules: tuple[str, ...], labels: Mapping[str, str]) -> str:
    """The step's text with the controls it names (``{next_phase}``: ``labels``) in bold and
    every rule id in it made a link, and its rules listed under it."""
    bold = {name: f"<b>{html.escape(label, quote=False)}</b>" for name, label in labels.items()}
    body = html.escape(text, quote=False).format_map(bold)
    body = RULE_ID_IN_TEXT.sub(lambda m: rule_link(m.group(0)), body)
    links = " · ".join(rule_link(r) for r in rules)
    heading = html.escape(_("Rules:"), quote=False)
    # Tight paragraphs: at 1024x700 a five-line step and its rules fit without scrolling
    # (`TutorialPanel.MAX_LINES`).
    return (f"<p style='margin:0'>{body}</p>"
            f"<p style='margin:4px 0 0 0'><small>{heading} {links}</small></p>")


class TutorialPanel(QFrame):
    """A strip over the map: the step's title and text on the left, its buttons on the right.

    Signals: go_on() (the step's button), show_me() (frame the step on the map again),
    leave() (Leave the tutorial), rule_clicked(str) (a rule id to open), height_changed()."""

    go_on = Signal()
    show_me = Signal()
    leave = Signal()
    rule_clicked = Signal(str)
    height_changed = Signal()   # a step or a hint of another height: the map under it moved

    # Taller texts scroll (the map keeps its height in a small window). Six: a step and its
    # line of rule links, Italian's longest at 1024x700 included (five lines of text).
    MAX_LINES = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tutorial_panel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # The rulebook's paper colour, as the turn panel's phase explanation.
        self.setStyleSheet("#tutorial_panel { background:#f3efe2 } "
                           "#tutorial_panel QLabel, #tutorial_panel QTextBrowser "
                           "{ color:#2b2b2b; background:transparent }")
        self.counter = QLabel()
        self.title = QLabel()
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setFixedHeight(5)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: self.rule_clicked.emit(url.toString()))
        self.text.setFrameShape(QFrame.Shape.NoFrame)
        self.text.document().setDocumentMargin(2)
        self.text.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # The text re-wraps whenever its own width changes: the panel's, or the buttons'
        # beside it (a step's own button, "Play these phases", is wider than "Continue").
        self.text.installEventFilter(self)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(
            f"color:{warning_colour(self.palette()).name()}; font-weight:bold")
        self.hint.hide()
        self.note = QLabel()   # how to reach the step's pieces at this zoom
        self.note.setWordWrap(True)
        self.note.hide()
        self.go_button = QPushButton(_("Continue"))
        self.go_button.clicked.connect(self.go_on)
        self.show_button = QPushButton(_("Show me"))
        self.show_button.setToolTip(_("Frame the pieces and places of this step on the map"))
        self.show_button.clicked.connect(self.show_me)
        self.leave_button = QPushButton(_("Leave"))
        self.leave_button.setToolTip(_("Leave the tutorial: the game and the step reached are "
                                       "kept, and Help ▸ Tutorials resumes them"))
        self.leave_button.clicked.connect(self.leave)
        heading = QHBoxLayout()
        heading.addWidget(self.title, 1)
        heading.addWidget(self.counter)
        left = QVBoxLayout()
        left.setSpacing(2)
        left.addLayout(heading)
        left.addWidget(self.bar)
        left.addWidget(self.text)
        left.addWidget(self.note)
        left.addWidget(self.hint)
        buttons = QVBoxLayout()
        for button in (self.go_button, self.show_button, self.leave_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addLayout(left, 1)
        layout.addLayout(buttons)

    def show_step(self, number: int, total: int, title: str, text: str,
                  rules: tuple[str, ...], button: str | None,
                  labels: Mapping[str, str]) -> None:
        """Show step ``number`` of ``total`` (translated texts; ``labels`` fill the names of
        controls in ``text``); ``button``: the text of the button that goes on, or None for a
        step the player goes on from by playing."""
        self.counter.setText(_("Step {number} of {total}").format(number=number, total=total))
        self.bar.setRange(0, total)
        self.bar.setValue(number)
        self.title.setText(title)
        self.text.setHtml(step_html(text, rules, labels))
        self.go_button.setVisible(button is not None)
        if button is not None:
            self.go_button.setText(button)
        self.show_hint("")
        self._fit_text()

    def show_note(self, text: str) -> None:
        """How to reach the step's pieces where the map shows them now; empty hides it."""
        if text != self.note.text():
            self.note.setText(text)
            self.note.setVisible(bool(text))

    def show_hint(self, text: str) -> None:
        """The hint after a move off the script; empty hides it."""
        self.hint.setText(text)
        self.hint.setVisible(bool(text))

    def _fit_text(self) -> None:
        """As tall as its text, up to MAX_LINES lines; a longer one scrolls."""
        document = self.text.document()
        # The width it has without a scroll bar (a text that fits shows none), from its own
        # rect: its viewport follows only after the resize this may be called in.
        document.setTextWidth(self.text.contentsRect().width())
        full = int(document.size().height()) + 4
        most = self.MAX_LINES * self.fontMetrics().lineSpacing() + 8
        # A text that fits shows no scroll bar, not even one left from a taller step: the
        # bar would narrow the text, wrap it onto one more line and keep itself needed.
        self.text.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if full <= most
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.text.setFixedHeight(min(full, most))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().height() != event.oldSize().height():
            self.height_changed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.text and event.type() == QEvent.Type.Resize:
            self._fit_text()   # (its height only: the width that caused it stays)
        return super().eventFilter(watched, event)
