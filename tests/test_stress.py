"""The stress test in the default run: random legal actions interleaved with
mutated, random and malformed ones (tests/stress_play.py), on the mini board and, shorter, on
the real board. Every contract holds at every step: refusals carry a rule id and change
nothing, what `apply` accepts is what `legal_actions` lists (up to identical units, the steps
of a whole choice, and details such as a route), every listed action applies, positions stay
consistent (`position_problems`) and no game gets stuck. `benchmarks/stress.py` runs the long
version and prints the counts."""

from __future__ import annotations

import pytest
from scenario import board
from stress_play import Counts, run

from pacific.rules.engine import Game


def _check(counts: Counts) -> None:
    assert counts.failures == 0, "\n".join(counts.examples)
    assert counts.invariant_breaks == counts.stuck == counts.accepted_unlisted == 0
    assert counts.listed_refused == counts.refusal_changed_state == counts.reopen_failures == 0


# Two games in the default run (one with dice as decisions); all four with -m slow.
@pytest.mark.parametrize("seed", [12, 13, *(pytest.param(s, marks=pytest.mark.slow)
                                            for s in (11, 14))])
def test_stress_on_the_mini_board(seed: int) -> None:
    """R-TURN-3 and every rule behind a refusal: 200 legal actions, 600 others, per game;
    dice as decisions in one game of three (R-COMBAT-5); the position corrected in edit mode
    now and then, and the game saved and reopened at every decision and in edit mode."""
    counts = run(Game(board("mini")), seed=seed, steps=200, tries_per_step=3,
                 chance_dice=seed % 3 == 0, edits=True, save_every=10)
    _check(counts)
    assert counts.edits_tried >= 5 and counts.edits_accepted >= 1 and counts.saves_reopened > 20
    assert counts.legal_applied > 100 and counts.tried > 300
    assert counts.refused > 10 and counts.malformed > 100


def test_stress_on_the_real_board() -> None:
    counts = run(Game(board("pacific")), seed=21, steps=120, tries_per_step=2)
    _check(counts)
    assert counts.legal_applied == 120 and counts.refused > 5
