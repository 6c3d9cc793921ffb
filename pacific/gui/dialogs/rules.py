"""Help ▸ Rules (F1): the rules reference, searchable, grouped as the rulebook groups them.

Every rule of the catalogue is listed by id under its part and section with its one-line
summary; the pane on the right shows the chosen rule's page, summary and explanation, in the
active language, with the rule ids it cites as links. ``open_rules(window, "R-SBR-4")`` opens
it at a rule: refusals and the turn panel use it to send the player to the rule.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.rule_wrap import unbroken
from pacific.text import (
    Rule,
    UnknownRule,
    _,
    active_language,
    all_rules,
    ngettext,
    rule,
    search_rules,
)
from pacific.text.rulebook import RULE_ID_IN_TEXT, normalize_rule_id

OBJECT_NAME = "rules_reference"
# Tree items keep the rule id (or None for a part or section heading) under this role.
RULE_ID_ROLE = Qt.ItemDataRole.UserRole


def _link(rule_id: str) -> str:
    # A non-breaking hyphen, so that a line never ends in the middle of an id.
    return f"<a href='rule:{rule_id}'>{unbroken(rule_id)}</a>"


def _link_ids(text: str) -> str:
    """HTML of ``text`` with every rule id it cites made a link to that rule."""
    return RULE_ID_IN_TEXT.sub(lambda m: _link(m.group(0)), html.escape(text, quote=False))


class RulesDialog(QDialog):
    """The rules reference window; one per main window (see ``open_rules``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(OBJECT_NAME)
        self.resize(1000, 680)
        layout = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self._select_first)
        self.count = QLabel()
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._link_clicked)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([560, 440])
        layout.addWidget(self.search)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.count)
        self._items: dict[str, QTreeWidgetItem] = {}
        # Each section heading with its rule ids; each part heading with its sections.
        self._sections: list[tuple[QTreeWidgetItem, list[str]]] = []
        self._parts: list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = []
        self._language = ""
        self._shown: str | None = None
        self._build()

    # ---- building, in the active language ----

    def _build(self) -> None:
        """(Re)fill the tree from the reference; keeps the chosen rule and the search."""
        current = self.current_rule_id()
        self._language = active_language()
        self.setWindowTitle(_("Rules of the game"))
        self.search.setPlaceholderText(
            _("Search by rule id or words, e.g. R-SBR-4, carrier, blitz"))
        self.tree.clear()
        self._items.clear()
        self._sections.clear()
        self._parts.clear()
        part_item: QTreeWidgetItem | None = None
        section_item: QTreeWidgetItem | None = None
        for found in all_rules():
            if part_item is None or part_item.text(0) != found.part:
                part_item = self._heading(self.tree.invisibleRootItem(), found.part, bold=True)
                part_item.setExpanded(True)
                self._parts.append((part_item, []))
                section_item = None
            if section_item is None or section_item.data(0, RULE_ID_ROLE) != found.group_key:
                section_item = self._heading(part_item, found.group)
                section_item.setData(0, RULE_ID_ROLE, found.group_key)
                self._sections.append((section_item, []))
                self._parts[-1][1].append(section_item)
            item = QTreeWidgetItem(section_item, [found.rule_id, found.summary])
            item.setData(0, RULE_ID_ROLE, found.rule_id)
            item.setToolTip(1, found.summary)
            self._items[found.rule_id] = item
            self._sections[-1][1].append(found.rule_id)
        # Wide enough for the longest id under two levels of headings (items under collapsed
        # headings do not count for resizeColumnToContents).
        id_width = max(self.tree.fontMetrics().horizontalAdvance(i) for i in self._items)
        self.tree.header().resizeSection(0, id_width + 3 * self.tree.indentation() + 12)
        self._filter(self.search.text())
        if current is not None:
            self.show_rule(current)
        elif not self.search.text():
            self.view.setHtml(self._welcome_html())

    def _heading(self, parent: QTreeWidgetItem, text: str, bold: bool = False
                 ) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [text])
        item.setFirstColumnSpanned(True)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        if bold:
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)
        return item

    def showEvent(self, event: QShowEvent) -> None:
        if self._language != active_language():  # the language changed in Preferences
            self._build()
        super().showEvent(event)

    # ---- searching ----

    def _filter(self, query: str) -> None:
        matches = search_rules(query)
        visible = {found.rule_id for found in matches}
        searching = bool(query.strip())
        for rule_id, item in self._items.items():
            item.setHidden(rule_id not in visible)
        for section, rule_ids in self._sections:
            shown = not visible.isdisjoint(rule_ids)
            section.setHidden(not shown)
            section.setExpanded(searching and shown)
        for part, sections in self._parts:
            part.setHidden(all(section.isHidden() for section in sections))
        if searching:
            self.count.setText(ngettext("{count} of {total} rules matches.",
                                        "{count} of {total} rules match.", len(matches)).format(
                count=len(matches), total=len(self._items)))
            current = self.current_rule_id()
            if matches and (current is None or current not in visible):
                self.show_rule(matches[0].rule_id)
        else:
            self.count.setText(_("{total} rules. Type an id or some words to search.").format(
                total=len(self._items)))

    def _select_first(self) -> None:
        matches = search_rules(self.search.text())
        if matches:
            self.show_rule(matches[0].rule_id)
            self.tree.setFocus()

    def visible_rule_ids(self) -> list[str]:
        """The ids the list shows now, in its order."""
        return [rule_id for rule_id, item in self._items.items() if not item.isHidden()]

    # ---- showing a rule ----

    def current_rule_id(self) -> str | None:
        item = self.tree.currentItem()
        value = item.data(0, RULE_ID_ROLE) if item is not None else None
        return str(value) if value in self._items else None

    def show_rule(self, rule_id: str) -> bool:
        """Select and show ``rule_id`` (typed loosely: "sbr-4" works). Clears a search that
        hides it. Returns False, showing nothing new, when no rule has that id."""
        key = normalize_rule_id(rule_id)
        item = self._items.get(key)
        if item is None:
            return False
        if item.isHidden():
            self.search.clear()
        parent = item.parent()
        if parent is not None:
            parent.setExpanded(True)
        self.tree.setCurrentItem(item, 1)
        self.tree.scrollToItem(item)
        self._render(key)
        return True

    def shown_rule_id(self) -> str | None:
        """The id of the rule the right-hand pane shows."""
        return self._shown

    def _current_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        value = current.data(0, RULE_ID_ROLE) if current is not None else None
        if value in self._items:
            self._render(str(value))

    def _render(self, rule_id: str) -> None:
        self._shown = rule_id
        self.view.setHtml(self.rule_html(rule(rule_id)))

    def rule_html(self, found: Rule) -> str:
        """The right-hand pane for one rule."""
        where = _("{part} › {section} · {page} of the rulebook").format(
            part=html.escape(found.part), section=html.escape(found.group),
            page=html.escape(found.page))
        others = [rule_id for rule_id in self._items
                  if rule_id != found.rule_id
                  and self._items[rule_id].parent() is self._items[found.rule_id].parent()]
        links = " · ".join(_link(i) for i in others)
        also_label = html.escape(_("Also in this section:"))
        also = f"<p style='color:#555'>{also_label} {links}</p>" if others else ""
        return (f"<h2>{found.rule_id}</h2>"
                f"<p style='color:#555'>{where}</p>"
                f"<p style='font-size:large'><b>{_link_ids(found.summary)}</b></p>"
                f"<p>{_link_ids(found.explanation)}</p><hr>{also}")

    def _welcome_html(self) -> str:
        return "<h2>{}</h2><p>{}</p>".format(
            html.escape(_("Rules of the game")),
            html.escape(_("Every rule of the game by its id, grouped as the rulebook groups "
                          "them. Choose one on the left, or type an id or some words above. "
                          "A refused move names its rule: the same id finds it here.")))

    def _link_clicked(self, url: QUrl) -> None:
        target = url.toString()
        if target.startswith("rule:"):
            self.show_rule(target.removeprefix("rule:"))


def open_rules(parent: QWidget, rule_id: str | None = None) -> RulesDialog:
    """Open the rules reference of ``parent``'s window (one per window, kept between uses),
    at ``rule_id`` if given; otherwise with the cursor in the search box.

    Raises:
        UnknownRule: ``rule_id`` is no rule's id (nothing is opened then).
    """
    if rule_id is not None:
        rule(rule_id)  # refuse an unknown id before anything appears
    window = parent.window()
    dialog = window.findChild(RulesDialog, OBJECT_NAME)
    if dialog is None:
        dialog = RulesDialog(window)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    if rule_id is not None:
        dialog.show_rule(rule_id)
    else:
        dialog.search.setFocus()
        dialog.search.selectAll()
    return dialog


__all__ = ["RulesDialog", "UnknownRule", "open_rules"]
