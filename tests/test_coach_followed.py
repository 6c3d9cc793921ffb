"""A hint of several moves is followed move by move: once the player makes one of its moves
(in any order, by any path to the same place), the rest of the advice stays, with its pieces
where they stand now; a move that is none of the hint's, or the last of them, ends it."""

from __future__ import annotations

from scenario import scenario
from test_coach import HOMES

from pacific.coach.advice import Coach
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


def _three_moves():  # type: ignore[no-untyped-def]
    """Two American warships at Hawaii and a destroyer in Sea Zone 4, a lone Japanese
    transport in Sea Zone 10: the hard player sends all three (three moves)."""
    game, state = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE, units={
        **HOMES, "hawaiian_islands": "2 infantry usa",
        "sz_9": "1 battleship usa, 1 destroyer usa", "sz_10": "1 transport japan",
        "sz_4": "1 destroyer usa", "sz_3": "1 transport japan"})
    advice = Coach(game).advise(state)
    moves = [a for a in advice.actions if isinstance(a, Move)]
    assert len(moves) == len(advice.actions) >= 3, advice.actions
    return game, state, advice


def test_one_of_its_moves_made_leaves_the_rest_marked() -> None:
    game, state, advice = _three_moves()
    last = advice.actions[-1]
    assert isinstance(last, Move)
    after, _ = game.apply(state, last)          # made out of order
    left = advice.followed(last, after)
    assert left is not None and left.actions == advice.actions[:-1]
    assert left.units == advice.units - set(last.units)
    assert left.phase is advice.phase and left.reasons == advice.reasons
    moved = set(last.units)
    assert {after.units[i].space for i in moved} == {last.path[-1]}


def test_another_move_or_the_last_one_ends_the_hint() -> None:
    _game, state, advice = _three_moves()
    first = advice.actions[0]
    assert isinstance(first, Move)
    assert advice.followed(EndPhase(), state) is None
    elsewhere = Move(units=first.units, path=(first.path[0], "sz_8"))
    assert advice.followed(elsewhere, state) is None
    fewer = Move(units=(*first.units[:1], 9999), path=first.path)
    assert advice.followed(fewer, state) is None
    one = advice
    while len(one.actions) > 1:
        step = one.followed(one.actions[0], state)
        assert step is not None
        one = step
    assert one.followed(one.actions[0], state) is None   # the hint's moves are all made
