"""What the computer player wanted, as values the presentation words: for each
attack the odds it expected, the target's worth, the enemy's answer it feared; for its turn the
income change it expects; for every other move the reason the planner moved it (a garrison, a
reinforcement, a task force's safe zone...); for a purchase what each part of the money was for.
`pacific.text.computer` words them in the player's language (`reason_text`); the desktop game
shows them in the computer panel and behind "Why?" in the event log, and the coach reads them
from `ComputerPlayer.reason` after each `choose`."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.rules.nations import Nation, Power
from pacific.rules.units import UnitType


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
    """The combat movement of one turn: its attacks, best first, the income change this
    power expects from them (the sum of each capture's income times its odds), and what the
    plan search weighed."""

    power: Power
    round: int
    attacks: tuple[AttackReason, ...]
    # The whole plans the hard level's search weighed (`pacific.ai.search`): how many, the
    # value of the one played and of the greedy plan (IPC, expected); 0 plans: no search.
    plans_weighed: int = 0
    chosen_value: float = 0.0
    greedy_value: float = 0.0

    @property
    def income_change(self) -> float:
        return sum(a.income * a.odds for a in self.attacks if not a.raid)


# The kinds of move a `MoveReason` gives, in the order the non-combat movement plans them.
MOVE_KINDS = ("carrier", "air", "garrison", "reinforce", "fleet", "transport", "advance",
              "disengage", "convoy", "safety", "ferry")


@dataclass(frozen=True)
class MoveReason:
    """Why a move that is not an attack was made.

    ``kind`` (one of `MOVE_KINDS`): "carrier", a carrier sails to where fighters declared they
    would land (R-AIR-3); "air", aircraft land where they are safe and useful; "garrison", a
    territory worth something that an enemy land unit could walk into gets a defender
    (R-COMBATMOVE-5); "reinforce", a threatened territory gets the units that make it hold;
    "fleet", a task force sails where it survives everything the enemy can send; "transport",
    a transport stages or loads for the next landing; "advance", land units move toward the
    most valuable enemy territories; "disengage", ships leave a zone where staying means a lost
    battle (R-COMBATMOVE-6); "convoy", submarines stay on an enemy convoy zone (R-CONVOY-4);
    "safety", ships the enemy would sink where the plan left them sail where they are safe;
    "ferry", a transport carries land units an island capital does not need to a friendly
    coast nearer the front.
    ``space``: where the move ends (None: decided when the move is made). ``danger``: P(the
    enemy takes the space, or wins there at sea, next turn) with the move made; ``before``:
    the same without it (None: not judged). ``worth``: what losing the space would cost (IPC,
    a capital's weight included)."""

    kind: str
    space: str | None = None
    danger: float | None = None
    before: float | None = None
    worth: float = 0.0


# The parts of a purchase, in the order the planner spends (`pacific.ai.purchase`).
PURCHASE_PARTS = ("capital", "raiders", "fleet", "transports", "aircraft", "land", "fleet_air",
                  "mix")


@dataclass(frozen=True)
class PurchaseReason:
    """Why a nation bought what it bought: each part of the money with the units bought for it
    (`PURCHASE_PARTS`): "capital", infantry (fighters where the capital's land units could not
    leave it) until the capital holds (``capital_danger``:
    P(the enemy takes it next turn) before the purchase); "raiders", the United States'
    submarines for Japan's convoy routes (`pacific.ai.strategy`); "fleet", warships while the
    enemy's fleet in reach of home waters outweighs this side's (``fleet_gap``: the strength
    missing);
    "transports", transports for ``riders`` land units waiting for a ride; "aircraft",
    fighters and bombers because ships would be sunk where they are placed (``ships_sunk``) or
    the capital is crowded with units it does not need (``crowded``); "land", land units with
    the rest; "fleet_air", the United States' rest for its fleet and carrier fighters; "mix",
    the easy level's fixed mix."""

    nation: Nation
    parts: tuple[tuple[str, tuple[tuple[UnitType, int], ...]], ...]
    capital: str | None = None
    capital_danger: float = 0.0
    fleet_gap: float = 0.0
    riders: int = 0
    ships_sunk: bool = False
    crowded: bool = False


Reason = AttackReason | MoveReason | PurchaseReason
