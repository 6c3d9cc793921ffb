"""Refusals and errors in the active language ("Every refusal, in the GUI and the
CLI, carries the rule's id, a one-line summary and the page").

The rules layer raises an error with an English template and its values (`pacific.rules.
errors`); here the template is translated and the values shown by their names::

    refusal_text(exc, board)
    # "Solo gli Stati Uniti possono comprare Marines. [R-PURCH-5, pag. 8: ...]"
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalAction, Message
from pacific.text.language import gettext
from pacific.text.rulebook import UnknownRule, rule_summary
from pacific.text.values import message_text


def error_text(error: Message, board: BoardMap | None = None) -> str:
    """An error's or a note's sentence in the active language (a refusal without its rule),
    after the file it is about when it names one."""
    return message_text(error, board)


def exception_text(exc: BaseException, board: BoardMap | None = None) -> str:
    """What an error says, in the active language: a `Message` (an error of pacific.rules or
    pacific.odds) through `error_text`, also when a pydantic model's check raised it and
    ``exc`` is the ValidationError wrapping it (the odds models); pydantic's own messages
    (the JSON format's terms) and any other error by its first line, as they are."""
    if isinstance(exc, ValidationError):
        problems = []
        for err in exc.errors():
            cause = (err.get("ctx") or {}).get("error")
            problems.append(error_text(cause, board) if isinstance(cause, Message)
                            else err["msg"].removeprefix("Value error, "))
        return "; ".join(problems) or type(exc).__name__
    if isinstance(exc, Message):
        return error_text(exc, board)
    text = str(exc)
    return text.splitlines()[0] if text else type(exc).__name__


@dataclass(frozen=True)
class RefusalText:
    """A refusal as a person reads it: the sentence, the rule's id, and, when the rules
    reference has the rule, its one-line summary and rulebook page."""

    sentence: str
    rule_id: str
    summary: str | None = None
    page: str | None = None

    def __str__(self) -> str:
        if self.summary is None or self.page is None:
            return gettext("{sentence} [{rule_id}]").format(sentence=self.sentence,
                                                              rule_id=self.rule_id)
        return gettext("{sentence} [{rule_id}, {page}: {summary}]").format(
            sentence=self.sentence, rule_id=self.rule_id, page=self.page,
            summary=self.summary)


def refusal(exc: IllegalAction, board: BoardMap | None = None) -> RefusalText:
    """A refusal's sentence, rule id, summary and page in the active language."""
    sentence = error_text(exc, board)
    try:
        found = rule_summary(exc.rule)
    except UnknownRule:
        return RefusalText(sentence, exc.rule)
    return RefusalText(sentence, found.rule_id, found.summary, found.page)


def refusal_text(exc: IllegalAction, board: BoardMap | None = None) -> str:
    """A refusal in one line, in the active language: the sentence, then in brackets the
    rule's id, its rulebook page and a one-line summary of the rule."""
    return str(refusal(exc, board))


def short_refusal_text(exc: IllegalAction, board: BoardMap | None = None) -> str:
    """A refusal where a line has little room (a drop's note under the map): the sentence in
    the active language and the rule's id, without the rule's summary."""
    sentence = error_text(exc, board)
    if exc.rule in sentence:
        return sentence
    return gettext("{sentence} [{rule_id}]").format(sentence=sentence, rule_id=exc.rule)
