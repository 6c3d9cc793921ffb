"""Blunder class 5 (idle capitals) on a small position: the careful United Kingdom's surplus
in India, which moves one stack at a time, judges the front next door (Burma) with the rest of
its surplus that follows, and counts only its own land units as surplus (China's in India
move in their owner's turn, R-TURN-1, R-TURN-2)."""

from __future__ import annotations

from collections import Counter

from ai_helpers import play_phase
from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_land


def test_the_british_surplus_in_india_holds_burma_together_rather_than_waiting_at_home(
) -> None:
    """India holds 6 British infantry, 5 British artillery and 12 Chinese infantry; Japan's
    army in Siam takes Burma from either British stack alone (above `UNSAFE`), not from the
    eleven together. Judged stack by stack, the surplus waited at home (seed 19, rounds 8-10:
    12-20 British units idle in India); judged together, it holds Burma."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"india": "6 infantry india, 5 artillery india, "
                                        "12 infantry china",
                               "siam": "20 infantry japan, 6 armor japan, 4 artillery japan",
                               "japan": "4 infantry japan"})
    turn = Turn(game, st, HARD, Judge())
    british = [u for u in st.units.values() if u.space == "india" and u.owner is Nation.INDIA
               and is_land(u.type) and u.type is not T.AA_GUN]
    assert len(turn.surplus("india", own=True)) == 11
    for kind in (T.INFANTRY, T.ARTILLERY):
        alone = [moved(u, "burma") for u in british if u.type is kind]
        assert turn.danger("burma", extra=alone, exact=False) > 0.6
    together = [moved(u, "burma") for u in british]
    assert turn.danger("burma", extra=together, exact=False) < 0.6
    after = play_phase(game, st)
    where = Counter(u.space for u in after.units.values() if u.owner is Nation.INDIA
                    and is_land(u.type) and u.type is not T.AA_GUN)
    assert where["burma"] == 11
    assert sum(1 for u in after.units.values() if u.space == "india"
               and u.owner is Nation.CHINA) == 12
