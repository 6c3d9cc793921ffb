"""Difficulty levels. A level changes only how the computer player judges: the odds it wants
before it commits an attack, how much of the enemy's answer it looks at, how far ahead it plans
its transports and purchases. It never changes the dice or the rules: every level plays the
same game through the same engine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    # Exact P(attacker wins) wanted before an attack is committed (land captures: P(captured)).
    attack_odds: float
    # The same for an attack on a capital, where a failure costs the game.
    capital_attack_odds: float
    # Extra units sent beyond the threshold, to cut losses (0: stop at the threshold).
    overkill: int
    # Look at the enemy's answer to each capture: units left where the counter-attack would
    # destroy them for nothing are not sent (ProAI's "can this territory be held?").
    counter_attack: bool
    # P(hold) wanted for the power's own capitals against everything that can reach them.
    capital_safety: float
    # Plan transports over two turns: stage empty transports next to waiting land units and
    # load them in non-combat movement, so the next combat movement can land them.
    two_turn_transports: bool
    # Purchases answer the threats and targets seen (else a fixed mix by nation).
    threat_purchases: bool
    # Retreat from a battle when P(attacker wins) from here falls below this.
    retreat_below: float
    # Bombing raids and convoy raiding judged with exact odds (else never tried).
    raids: bool
    # Danger a fleet or transport accepts where it ends its move (1: goes anywhere).
    fleet_safety: float
    # How many zones a transport sails to land units in the same combat movement (0: only
    # from where it stands).
    landing_reach: int
    # Exact odds asked for the enemy's answers in one phase, at most (past it the strength
    # estimate answers): more is a deeper look at what the enemy can do.
    threat_budget: int = 40
    # Checks its own turn for the blunders of `pacific.ai.blunders` before it ends: garrisons
    # a conquest or a territory its units left against a walk-in, moves a capital's surplus
    # units out, counts a stuck fleet's whole value against a sea attack that leaves it
    # where the enemy wins.
    careful: bool = False
    # Searches whole plans of the combat movement (`pacific.ai.search`): the greedy plan and
    # its variants, each played on a copy with the engine and weighed whole, instead of the
    # greedy plan alone.
    plan_search: bool = False
    # Weighs a whole plan by the victory conditions as well as by production: Japan's
    # victory points in its next Phase 9 (one per full 10 IPC, R-VP-2), each worth more as
    # Japan nears the points it needs (R-VICTORY-2), and the chance that its income ends
    # below 10 (R-VICTORY-4) from the plan's captures together; a bombing raid's lost points
    # (R-SBR-5) at the same worth.
    victory_conditions: bool = False
    # The care (`careful`) in Japan's own combat movement: guards kept home against
    # walk-ins, a sea attack's stuck survivors counted whole, submarines off a convoy zone
    # where they would be sunk. A per-power setting, measured rather than derived: against
    # the hard Allies, whose fleet and aircraft reach most of Japan's seas, that care kept
    # Japan's fleet and army out of the fights that hold its income, and Japan lost the
    # Indies (docs/ai.md, "Japan's combat movement without the care").
    japan_attack_care: bool = True
    # The Allies go for Japan's convoy routes (`pacific.ai.strategy`, R-CONVOY-3/-6/-13,
    # R-VP-2): their task forces are drawn to the routes whose loss costs Japan income, the
    # more when it costs a victory point; a route that one ship would not hold is taken by its
    # whole task force; the United States buy submarines for the routes.
    convoy_goals: bool = False
    # The purchase counts no landing on a capital from a coastal zone this power's warships
    # can screen this turn (the enemy's transports would have to beat them first, R-AMPH-6),
    # and those warships then end the turn in that zone (`noncombat.KeepScreen`): the capital
    # buys infantry only against the landings its fleet does not stop.
    capital_screen: bool = False
    # The Allies' margin under Japan's starving line (R-VICTORY-4): Japan moves before its
    # Phase 9 and takes back a few IPC of income in its own turn, so an Allied turn that ends
    # with Japan's income just under 10 has not won yet. Each IPC lower, down to this many
    # under the line, is worth a share of the line's own worth (`values.Economy`); 0: none.
    starve_margin: int = 0
    # The United Kingdom's main fleet checks the zone it ends its turn in against where
    # Japan's own planner bases its aircraft in the turn between (`pacific.ai.forecast`): a
    # zone from which every zone of the fleet's next reach is then lost gives way to one
    # that is not (R-AIRBASE-1).
    fleet_forecast: bool = False


EASY = Level("easy", attack_odds=0.5, capital_attack_odds=0.6, overkill=0,
             counter_attack=False, capital_safety=0.0, two_turn_transports=False,
             threat_purchases=False, retreat_below=0.0, raids=False, fleet_safety=1.0,
             landing_reach=0)
NORMAL = Level("normal", attack_odds=0.7, capital_attack_odds=0.85, overkill=1,
               counter_attack=True, capital_safety=0.8, two_turn_transports=True,
               threat_purchases=True, retreat_below=0.25, raids=True, fleet_safety=0.35,
               landing_reach=2)
HARD = Level("hard", attack_odds=0.8, capital_attack_odds=0.9, overkill=1,
             counter_attack=True, capital_safety=0.9, two_turn_transports=True,
             threat_purchases=True, retreat_below=0.35, raids=True, fleet_safety=0.25,
             landing_reach=2, threat_budget=200, careful=True, plan_search=True,
             victory_conditions=True, japan_attack_care=False, convoy_goals=True,
             capital_screen=True, starve_margin=4, fleet_forecast=True)

LEVELS: dict[str, Level] = {level.name: level for level in (EASY, NORMAL, HARD)}


def parse_level(name: str) -> Level:
    """The level called ``name`` (easy, normal, hard).

    Raises:
        ValueError: naming the unknown level and the known ones.
    """
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown level {name!r} (known: {', '.join(LEVELS)})") from None
