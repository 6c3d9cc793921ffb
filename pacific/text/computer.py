"""The computer player's reasoning in words: for an attack, the odds it expected, what it
wanted (the income and units at stake) and the enemy's answer it feared; for a turn, the income
change it expects; for any other move, what kind of move it was and how safe the place it went
to is; for a purchase, what each part of the money was for. The values come from
`pacific.ai.explain`; this layer only words them, so it reads them through narrow protocols.
`reason_text` words any of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation, Power
from pacific.rules.units import UnitType
from pacific.text.language import _, ngettext
from pacific.text.names import named, nation_name, place_name, power_name, unit_count


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
    @property
    def plans_weighed(self) -> int: ...
    @property
    def chosen_value(self) -> float: ...
    @property
    def greedy_value(self) -> float: ...


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
    if plan.plans_weighed > 1:
        lines.append(ngettext(
            "It weighed {count} whole plan of its turn; the one it plays is worth {value:+.0f} "
            "IPC (expected), its first plan {first:+.0f} IPC.",
            "It weighed {count} whole plans of its turn; the one it plays is worth "
            "{value:+.0f} IPC (expected), its first plan {first:+.0f} IPC.",
            plan.plans_weighed).format(count=plan.plans_weighed, value=plan.chosen_value,
                                       first=plan.greedy_value))
    lines.extend("• " + attack_reason_text(a, board) for a in plan.attacks)
    return "\n".join(lines)


class MoveReasonLike(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def space(self) -> str | None: ...
    @property
    def danger(self) -> float | None: ...
    @property
    def before(self) -> float | None: ...
    @property
    def worth(self) -> float: ...


class PurchaseReasonLike(Protocol):
    @property
    def nation(self) -> Nation: ...
    @property
    def parts(self) -> Sequence[tuple[str, Sequence[tuple[UnitType, int]]]]: ...
    @property
    def capital(self) -> str | None: ...
    @property
    def capital_danger(self) -> float: ...
    @property
    def fleet_gap(self) -> float: ...
    @property
    def riders(self) -> int: ...
    @property
    def ships_sunk(self) -> bool: ...
    @property
    def crowded(self) -> bool: ...


def _move_kind(kind: str, where: str) -> str:
    texts = {
        "carrier": _("A carrier sails to {where}, where fighters declared they would land "
                     "(a fighter without a deck is lost)."),
        "air": _("Aircraft land in {where}: safe, and where they help most."),
        "garrison": _("A unit garrisons {where}: an enemy land unit could otherwise walk "
                      "into it unopposed."),
        "reinforce": _("Reinforcements go to {where}, which the enemy threatens, until it "
                       "holds."),
        "fleet": _("The task force sails to {where}: nearest the enemy's coasts and fleets "
                   "where it survives everything the enemy can send."),
        "transport": _("A transport loads or sails to {where}, ready for the next landing."),
        "advance": _("Land units advance to {where}, toward the most valuable enemy "
                     "territories."),
        "disengage": _("Ships leave for {where}: staying next to the enemy fleet meant a "
                       "lost battle."),
        "convoy": _("Submarines stay in {where} to take the enemy's convoy income."),
        "safety": _("Ships sail to {where}: where they were, the enemy would sink them."),
        "ferry": _("A transport carries land units the capital does not need to {where}, "
                   "nearer the front."),
    }
    return texts.get(kind, _("A move to {where}.")).format(where=where)


def move_reason_text(reason: MoveReasonLike, board: BoardMap) -> str:
    """One non-combat (or defensive) move's reasoning: "Reinforcements go to Burma, which the
    enemy threatens, until it holds. The enemy's chance of taking it next turn: 64% before
    this move, 20% after."."""
    # "its destination" takes an article in Italian too ("verso la sua destinazione").
    where = place_name(board, reason.space) if reason.space else named(_("its destination"))
    parts = [_move_kind(reason.kind, where)]
    # What the chance is a chance of: the planner's danger is P(the enemy takes the space
    # next turn), at sea P(the enemy wins a battle there).
    at_sea = reason.space is not None and not board.is_land(reason.space)
    if reason.danger is not None and reason.before is not None \
            and abs(reason.before - reason.danger) >= 0.01:
        template = _("The enemy's chance of winning a battle there next turn: {before:.0%} "
                     "before this move, {after:.0%} after.") if at_sea else \
            _("The enemy's chance of taking it next turn: {before:.0%} before this move, "
              "{after:.0%} after.")
        parts.append(template.format(before=reason.before, after=reason.danger))
    elif reason.danger is not None:
        template = _("The enemy's chance of winning a battle there next turn: {after:.0%}.") \
            if at_sea else _("The enemy's chance of taking it next turn: {after:.0%}.")
        parts.append(template.format(after=reason.danger))
    if reason.worth >= 0.5:
        parts.append(_("Losing it would cost {worth:.0f} IPC.").format(worth=reason.worth))
    return " ".join(parts)


def _units(units: Sequence[tuple[UnitType, int]]) -> str:
    return ", ".join(unit_count(t, n) for t, n in units)


def purchase_reason_text(reason: PurchaseReasonLike, board: BoardMap) -> str:
    """A purchase's reasoning, part by part: "India buys: 3 infantry to hold Calcutta (the
    enemy takes it at 35% now); 1 transport for 4 land units waiting for a ride; ..."."""
    capital = place_name(board, reason.capital) if reason.capital else ""
    lines = [_("{nation} buys:").format(nation=nation_name(reason.nation))]
    for part, units in reason.parts:
        what = _units(units)
        if part == "capital":
            line = _("{units} to hold {capital} (the enemy would take it at {chance:.0%})."
                     ).format(units=what, capital=capital, chance=reason.capital_danger)
        elif part == "fleet":
            line = _("{units}: the enemy fleet in reach of home waters is stronger by "
                     "{gap:.0f}.").format(units=what, gap=reason.fleet_gap)
        elif part == "raiders":
            line = _("{units} to take Japan's convoy routes, which carry its income and "
                     "victory points.").format(units=what)
        elif part == "transports":
            line = ngettext("{units} for {count} land unit waiting for a ride.",
                            "{units} for {count} land units waiting for a ride.",
                            reason.riders).format(units=what, count=reason.riders)
        elif part == "aircraft" and reason.ships_sunk:
            line = _("{units}: new ships would be sunk where they are placed; aircraft "
                     "reach the front from {capital}.").format(units=what, capital=capital)
        elif part == "aircraft":
            line = _("{units}: {capital} already holds more land units than it needs; "
                     "aircraft reach the front from there.").format(units=what,
                                                                    capital=capital)
        elif part == "fleet_air":
            line = _("{units} for the fleet and its carriers, far from every land front."
                     ).format(units=what)
        elif part == "mix":
            line = _("{units}: a fixed mix (easy level).").format(units=what)
        else:
            line = _("{units} with the rest of the money, for the land front.").format(
                units=what)
        lines.append("• " + line)
    return "\n".join(lines)


def reason_text(reason: AttackReasonLike | MoveReasonLike | PurchaseReasonLike,
                board: BoardMap) -> str:
    """Any of the computer player's reasons in words (`ComputerPlayer.reason`)."""
    if hasattr(reason, "parts"):
        return purchase_reason_text(cast(PurchaseReasonLike, reason), board)
    if hasattr(reason, "kind"):
        return move_reason_text(cast(MoveReasonLike, reason), board)
    return attack_reason_text(reason, board)
