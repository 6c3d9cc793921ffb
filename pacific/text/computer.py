"""The computer player's reasoning in words: for an attack, the odds it expected, what it
wanted (the income and units at stake) and the enemy's answer it feared; for a turn, the income
change it expects. The values come from `pacific.ai.explain`; this layer only words them, so
it reads them through a narrow protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Power
from pacific.text.language import _, ngettext
from pacific.text.names import place_name, power_name


class AttackReasonLike(Protocol):
    @property
    def target(self) -> str: ...
    @property
    def odds(self) -> float: ...
    @property
    def income(self) -> int: ...
    @property
    def worth(self) -> float: ...
    @property
    def trade(self) -> float: ...
    @property
    def feared(self) -> float | None: ...
    @property
    def feared_loss(self) -> float: ...
    @property
    def raid(self) -> bool: ...
    @property
    def capital(self) -> bool: ...
    @property
    def at_sea(self) -> bool: ...


class TurnPlanLike(Protocol):
    @property
    def power(self) -> Power: ...
    @property
    def attacks(self) -> Sequence[AttackReasonLike]: ...
    @property
    def income_change(self) -> float: ...


def attack_reason_text(reason: AttackReasonLike, board: BoardMap) -> str:
    """One attack's reasoning: "Attack on Malaya: expected odds 86%; wanted: +3 IPC a turn,
    unit trade +4 IPC; feared: the enemy retakes it at 20% (cost 5 IPC)"."""
    where = place_name(board, reason.target)
    if reason.raid:
        return _("Bombing raid on {where}: expected damage worth {worth:+.0f} IPC after the "
                 "bombers' losses.").format(where=where, worth=reason.worth)
    parts = [_("Attack on {where}: expected odds {odds:.0%}.").format(
        where=where, odds=reason.odds)]
    wanted = [_("{income:+d} IPC a turn").format(income=reason.income)] if reason.income \
        else []
    if reason.capital:
        wanted.append(_("a capital that decides the game"))
    if abs(reason.trade) >= 0.5:
        wanted.append(_("a unit trade of {trade:+.0f} IPC").format(trade=reason.trade))
    if not wanted:
        wanted.append(_("the enemy units there"))
    parts.append(_("Wanted: {what}.").format(what=", ".join(wanted)))
    if reason.feared is None:
        parts.append(_("It did not weigh the enemy's answer (easy level)."))
    elif reason.feared < 0.05:
        parts.append(_("Feared: nothing the enemy can bring there next turn wins."))
    elif reason.at_sea:
        parts.append(_("Feared: the enemy wins there next turn at {chance:.0%}.").format(
            chance=reason.feared))
    else:
        parts.append(_("Feared: the enemy retakes it next turn at {chance:.0%}.").format(
            chance=reason.feared))
    if reason.feared is not None and reason.feared_loss >= 0.5:
        parts.append(_("That answer would cost {loss:.0f} IPC of units more than the "
                       "enemy's.").format(loss=reason.feared_loss))
    return " ".join(parts)


def turn_plan_text(plan: TurnPlanLike, board: BoardMap) -> str:
    """A turn's combat movement in a few lines: each attack's reasoning and the income change
    expected."""
    who = power_name(plan.power)
    if not plan.attacks:
        return _("{who} (computer) attacks nothing this turn: no attack reached its odds or "
                 "was worth the enemy's answer.").format(who=who)
    lines = [ngettext("{who} (computer) plans {count} attack; expected income change "
                      "{change:+.1f} IPC a turn.",
                      "{who} (computer) plans {count} attacks; expected income change "
                      "{change:+.1f} IPC a turn.", len(plan.attacks)).format(
        who=who, count=len(plan.attacks), change=plan.income_change)]
    lines.extend("• " + attack_reason_text(a, board) for a in plan.attacks)
    return "\n".join(lines)
