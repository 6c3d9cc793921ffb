"""The ships a sea battle leaves where they fought (the hard level): ships that fought cannot
move on in non-combat movement (R-NONCOMBAT-2), so a fleet that wins a battle stays in its zone
through the enemy's next turn. The chance the enemy sinks it there is read by the lower of two
looks' "held": the planner's own answer (`Turn.threat`) and the blunder counter's
(`blunders.counter_look`: aircraft that reach over their island air bases, R-AIRBASE-1, battles
left to submarines, R-SUB-5, kamikazes, R-KAMI-8), one row per power (`STUCK_LOOKS`)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from pacific.ai.blunders import Seen, is_fleet
from pacific.ai.turn import Memory, Turn
from pacific.rules.nations import Power
from pacific.rules.state import Unit


@dataclass(frozen=True)
class Row:
    """How a power prices the fleet a sea battle leaves where it fought: ``mode`` "veto" (a
    battle that does not pay for it is not fought) or "price" (every score counts it), from
    round ``from_round``."""

    mode: str
    from_round: int = 1
    # "both": the higher of the planner's answer and the counter's look; "plain": the
    # planner's answer alone.
    look: str = "both"


_VARIANTS = {
    "main": {},
    "v4": {Power.UK: Row("price")},
    "v5": {Power.UK: Row("veto")},
    "all": {Power.JAPAN: Row("veto"), Power.UK: Row("veto"), Power.US: Row("veto")},
    "jp5": {Power.JAPAN: Row("veto", 5)},
    "ukjp5": {Power.UK: Row("veto"), Power.JAPAN: Row("veto", 5)},
    "ukus": {Power.UK: Row("veto"), Power.US: Row("veto")},
    "jpplain": {Power.JAPAN: Row("veto", look="plain")},
    "ukjpplain": {Power.UK: Row("veto"), Power.JAPAN: Row("veto", look="plain")},
}
STUCK_LOOKS: dict[Power, Row] = _VARIANTS[os.environ.get("FOUGHT_VARIANT", "main")]


def stuck_row(turn: Turn) -> str | None:
    """How the power to act prices a fleet left where it fought (`Row.mode`), or None (as
    before: every other power, level and round)."""
    row = STUCK_LOOKS.get(turn.state.power)
    if not turn.level.plan_search or row is None or turn.state.round < row.from_round:
        return None
    return row.mode


def stuck_chance(turn: Turn, target: str, survivors: list[Unit], counter: float) -> float:
    """The chance the enemy sinks ``survivors``, a fleet left in the sea zone ``target`` after
    its battle (R-NONCOMBAT-2): the higher of ``counter`` (the planner's own answer) and the
    counter's look with the enemy units ``turn`` counts (those of the battles this side is
    near sure to win are gone); 0.0 where they are no fleet (what blunder class 2 counts)."""
    if not is_fleet(survivors):
        return 0.0
    if STUCK_LOOKS[turn.state.power].look == "plain":
        return counter
    look = Seen(turn.game, turn.state, turn.level, turn.judge,
                Memory(exact_left=turn.memory.exact_left, enemies=list(turn.enemies)),
                enemy_kamikazes=True, air_bases=True)
    return max(counter, look.danger(target, defenders=survivors))
