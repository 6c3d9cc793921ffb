"""`refused(game, state, action)`: assert that an action is refused and changed nothing, and
that the refusal reads in Italian."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from scenario import snapshot

from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction, Message, Sentences, Template
from pacific.rules.state import GameState
from pacific.text import gettext, ngettext, refusal_text, using_language


def refused(game: Game, state: GameState, action: object, rule: str) -> IllegalAction:
    """Apply ``action``, expect IllegalAction citing ``rule`` in its id and its message, and
    check that ``state`` is byte-for-byte unchanged and why_illegal agrees."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action)  # type: ignore[arg-type]
    assert info.value.rule == rule, info.value.message
    assert f"({rule})" in info.value.message
    assert snapshot(state) == before
    probe = game.why_illegal(state, action)  # type: ignore[arg-type]
    assert probe is not None and probe.rule == rule
    in_italian(info.value, game)
    return info.value


def templates(value: object) -> Iterator[Template]:
    """The message ids of a message and of every message among its values (the problems an
    edit would leave, `pacific.rules.invariants`)."""
    if isinstance(value, Message):
        yield value.template
        for param in value.params.values():
            yield from templates(param)
    elif isinstance(value, Sentences):
        for message in value.messages:
            yield from templates(message)


def in_italian(refusal: IllegalAction, game: Game) -> str:
    """The refusal in Italian: its message id and those of the messages among its values have
    a translation, every value is filled in, and the rule's id and page follow it."""
    with using_language("it"):
        for template in templates(refusal):
            if isinstance(template, tuple):
                translated = ngettext(template[0], template[1], 2) != template[1]
            else:
                translated = gettext(template) != template
            assert translated, f"no Italian for {template!r}"
        text = refusal_text(refusal, game.board)
    assert "{" not in text, text
    if refusal.rule.startswith("EDIT-"):
        # The companion's own ids (docs/actions.md, "Edit") are no rule of the rulebook: no
        # page to cite.
        assert text.endswith(f"[{refusal.rule}]"), text
    else:
        assert f"[{refusal.rule}, pag" in text, text
    return text


def named_not_numbered(refusal: IllegalAction, game: Game, start: str, unit: int,
                       italian_word: str) -> None:
    """The refusal starts with ``start`` in English and names ``italian_word`` in Italian, and
    neither quotes the number of ``unit`` (a player names units by their type and place)."""
    text = refusal_text(refusal, game.board)
    assert text.startswith(start), text
    assert str(unit) not in text.split("[")[0]
    italian = in_italian(refusal, game)
    assert italian_word in italian and str(unit) not in italian.split("[")[0], italian
