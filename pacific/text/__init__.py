"""Text a person reads, in English or Italian: the active language and gettext functions,
display names, phase explanations, the rules reference and messages by id.

Pure Python, no Qt: the GUI and the CLI both use it (import-linter keeps it that way). The
catalogues are gettext files made with Babel; ``bash scripts/i18n`` updates and compiles them.
"""

from __future__ import annotations

from pacific.text.decisions import describe_action, describe_decision, dice_group_text
from pacific.text.events import describe_event, roll_purpose, roll_step, roll_units, win_text
from pacific.text.language import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    N_,
    SYSTEM,
    Nn_,
    _,
    active_language,
    gettext,
    ngettext,
    pgettext,
    set_language,
    system_language,
    using_language,
)
from pacific.text.messages import MESSAGES, render
from pacific.text.names import nation_name, place_name, power_name, unit_count, unit_name
from pacific.text.phases import phase_help, phase_name, phase_rule
from pacific.text.refusals import (
    RefusalText,
    error_text,
    exception_text,
    refusal,
    refusal_text,
    short_refusal_text,
)
from pacific.text.rulebook import (
    Rule,
    RuleSummary,
    UnknownRule,
    all_rules,
    rule,
    rule_ids,
    rule_summary,
    search_rules,
    suggest_rule_ids,
)
from pacific.text.values import message_text, place_text, shown, template_text, unit_noun

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "MESSAGES",
    "N_",
    "SYSTEM",
    "Nn_",
    "RefusalText",
    "Rule",
    "RuleSummary",
    "UnknownRule",
    "_",
    "active_language",
    "all_rules",
    "describe_action",
    "describe_decision",
    "describe_event",
    "dice_group_text",
    "error_text",
    "exception_text",
    "gettext",
    "message_text",
    "nation_name",
    "ngettext",
    "pgettext",
    "phase_help",
    "phase_name",
    "phase_rule",
    "place_name",
    "place_text",
    "power_name",
    "refusal",
    "refusal_text",
    "render",
    "roll_purpose",
    "roll_step",
    "roll_units",
    "rule",
    "rule_ids",
    "rule_summary",
    "search_rules",
    "set_language",
    "short_refusal_text",
    "shown",
    "suggest_rule_ids",
    "system_language",
    "template_text",
    "unit_count",
    "unit_name",
    "unit_noun",
    "using_language",
    "win_text",
]
