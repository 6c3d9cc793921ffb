"""What the computer player wanted, as values the presentation words: for each
attack the odds it expected, the target's worth, the enemy's answer it feared; for its turn the
income change it expects. `pacific.text.computer` words them in the player's language; the
desktop game shows them in the computer panel and behind "Why?" in the event log."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.rules.nations import Power


@dataclass(frozen=True)
class AttackReason:
    """Why one attack was sent.

    ``odds``: P(the space is captured), at sea P(the attacker wins), from the exact odds
    (1.0 for a walk-in). ``income``: the production this power gains if it holds the space
    (IPC a turn). ``worth``: the planner's score of the attack (IPC, expected). ``trade``:
    expected enemy unit value destroyed minus own. ``feared``: P(the enemy takes the space back
    next turn), None when the level does not look at the enemy's answer. ``feared_loss``: what
    that answer would cost this side (IPC, expected)."""

    target: str
    odds: float
    income: int
    worth: float
    trade: float
    feared: float | None = None
    feared_loss: float = 0.0
    raid: bool = False
    capital: bool = False
    at_sea: bool = False


@dataclass(frozen=True)
class TurnPlan:
    """The combat movement of one turn: its attacks, best first, and the income change this
    power expects from them (the sum of each capture's income times its odds)."""

    power: Power
    round: int
    attacks: tuple[AttackReason, ...]

    @property
    def income_change(self) -> float:
        return sum(a.income * a.odds for a in self.attacks if not a.raid)
