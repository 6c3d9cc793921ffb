"""Action kinds and decisions are typed: the literal `ActionKind` names exactly the
kinds of the action union, so a misspelt kind in the phase table, the decision table or a
handler's registration does not pass mypy; every kind has a handler."""

from __future__ import annotations

from typing import get_args

from pacific.rules.actions import ACTION_KINDS, ActionKind, action_kinds
from pacific.rules.decisions import DECISION_KINDS, Decision
from pacific.rules.engine import PHASE_ACTIONS
from pacific.rules.registry import decision_listers, handler, handlers


def test_the_kind_literal_and_the_action_union_agree() -> None:
    assert set(get_args(ActionKind)) == set(action_kinds()) == ACTION_KINDS


def test_every_kind_has_a_handler_and_every_table_names_real_kinds() -> None:
    # (The edits register on first use: `registry.handler` imports their area.)
    assert all(handler(kind) is not None for kind in ACTION_KINDS - {"roll_dice"})
    assert set(handlers()) | {"roll_dice"} == ACTION_KINDS
    for kinds in [*PHASE_ACTIONS.values(), *DECISION_KINDS.values()]:
        assert kinds <= ACTION_KINDS


def test_every_decision_has_its_kinds_and_its_lister() -> None:
    union = get_args(get_args(Decision)[0])
    names = {cls.model_fields["decision"].default for cls in union}
    assert names == set(DECISION_KINDS)
    assert set(decision_listers()) | {"dice"} == names
