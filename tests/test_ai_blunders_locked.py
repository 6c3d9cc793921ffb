"""Blunder class 5 read with its cause: a capital whose land units cannot leave it (no land
route to the enemy, and the enemy's ships in every zone of its coast, R-MOVE-7) is counted
as before, and the count says in how many of its turns the capital was locked in, so that a
list tells an army left idle from one the enemy's fleet keeps home."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import IDLE_TURNS, BlunderCounter, locked_in, turn_of
from pacific.ai.judge import Judge
from pacific.rules.nations import Power
from pacific.rules.phases import Phase

US_HOME = {"united_states": "14 infantry usa, 4 fighter usa", "japan": "4 infantry japan"}
BLOCKADE = "2 battleship japan, 2 destroyer japan"


def test_a_capital_whose_coast_the_enemy_holds_is_locked_in() -> None:
    """Japan's two battleships and two destroyers hold the United States' only coast; with
    them gone, or with a land route to the enemy (India next to Burma), the land units could
    leave."""
    game, held = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                          units={**US_HOME, "sz_5": BLOCKADE})
    _, free = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, units=US_HOME)
    _, india = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"india": "14 infantry india", "burma": "1 infantry japan",
                               "sz_54": BLOCKADE, "japan": "4 infantry japan"})
    assert locked_in(turn_of(game, held, Power.US, Judge()), "united_states")
    assert not locked_in(turn_of(game, free, Power.US, Judge()), "united_states")
    assert not locked_in(turn_of(game, india, Power.UK, Judge()), "india")


def test_the_idle_count_says_how_many_of_its_turns_the_capital_was_locked_in() -> None:
    """Fourteen American infantry idle three turns, the blockade there in the last two."""
    game, held = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                          units={**US_HOME, "sz_5": BLOCKADE})
    _, free = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, units=US_HOME)
    counter = BlunderCounter(game)
    for state in (free, held, held):
        counter.turn_ended(state, Power.US)
    idle = [b for b in counter.found if b.kind == "idle_capital"]
    assert [b.where for b in idle] == ["united_states"]
    assert idle[0].detail.endswith(f"locked in 2 of {IDLE_TURNS} turns")


def test_a_count_carries_the_round_of_the_turn_counted() -> None:
    """The United States move last in a round: their turn ends in the next round's first
    position (Japan's), and the count is the round the United States played, not the next."""
    game, held = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                          units={**US_HOME, "sz_5": BLOCKADE})
    counter = BlunderCounter(game)
    for round_ in (3, 4, 5):
        last = held.model_copy(update={"round": round_})
        after = held.model_copy(update={"round": round_ + 1, "power": Power.JAPAN,
                                        "phase": Phase.PURCHASE})
        counter.turn_ended(after, Power.US, last)
    idle = [b for b in counter.found if b.kind == "idle_capital"]
    assert [(b.where, b.round) for b in idle] == [("united_states", 5)]
