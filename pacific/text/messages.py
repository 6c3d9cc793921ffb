"""Messages by id, with named placeholders, formatted in the active language.

A layer that must not build sentences (the rules engine) reports a message id
and its parameters; the presentation formats it here::

    render("rule.unknown", rule_id="sbr-99")   # -> "No rule is called sbr-99."

Templates use ``{name}`` placeholders (``str.format``); a translation must keep exactly the
same names, which tests/test_text_catalogue.py checks. Parameters that are engine values are
shown by their display names in the active language (`pacific.text.values.shown`).
"""

from __future__ import annotations

from collections.abc import Mapping

from pacific.text.grammar import fill
from pacific.text.language import N_, Nn_, gettext, ngettext
from pacific.text.values import shown

# A template, or a (singular, plural) pair chosen by the ``count`` parameter.
MESSAGES: dict[str, str | tuple[str, str]] = {
    # pacific rule
    "rule.unknown": N_("No rule is called {rule_id}."),
    "rule.did_you_mean": N_("Did you mean {rule_ids}?"),
    "rule.see_list": N_("Run 'pacific rule' for the list of every rule."),
    "rule.no_match": N_("No rule matches \"{query}\"."),
    "rule.matches": Nn_("{count} rule matches \"{query}\".", "{count} rules match \"{query}\"."),
}


class UnknownMessage(KeyError):
    """A message id no template has (a programming error, named in the exception)."""


def render(message_id: str, params: Mapping[str, object] | None = None, /,
           **more: object) -> str:
    """The message ``message_id`` in the active language, with its placeholders filled.

    Raises:
        UnknownMessage: no message has that id.
        KeyError: a placeholder of the template has no parameter (or a plural message has
            no integer ``count``).
    """
    try:
        template = MESSAGES[message_id]
    except KeyError:
        raise UnknownMessage(f"no message has the id {message_id!r}") from None
    values = {**(params or {}), **more}
    if isinstance(template, tuple):
        count = values.get("count")
        if not isinstance(count, int):
            raise KeyError(f"message {message_id!r} needs an integer 'count' parameter")
        text = ngettext(template[0], template[1], count)
    else:
        text = gettext(template)
    return fill(text, {k: shown(v) for k, v in values.items()})
