"""Refusals that count fighters say "fighter" or "fighters" as the number asks, in English
and Italian (R-CARRIER-1, R-CAP-7): no "fighter(s)"."""

from __future__ import annotations

from movement_helpers import refused
from scenario import scenario, u

from pacific.rules.actions.movement import LandCap, Move
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.text import refusal_text
from pacific.text.language import using_language


def _full_carrier_refusal(fighters: int, aboard: int) -> str:
    game, state = scenario(power=Power.US, phase=Phase.NONCOMBAT_MOVE, units={
        "sz_9": f"1 carrier usa, {aboard} fighter usa" if aboard else "1 carrier usa",
        "hawaii": f"{fighters} fighter usa"})
    carrier = u(state, "sz_9", "carrier")[0]
    for fighter in u(state, "sz_9", "fighter"):
        state.unit(fighter).carried_by = carrier
    error = refused(game, state, Move(units=tuple(u(state, "hawaii", "fighter")),
                                      path=("hawaii", "sz_9")), "R-CARRIER-1")
    return refusal_text(error, game.board)


def test_r_carrier_1_the_room_left_is_counted_in_words() -> None:
    assert "has room on carriers for 0 fighters, not 1 [R-CARRIER-1" \
        in _full_carrier_refusal(1, 2)
    assert "has room on carriers for 1 fighter, not 3 [R-CARRIER-1" \
        in _full_carrier_refusal(3, 1)
    with using_language("it"):
        text = _full_carrier_refusal(3, 1)
    assert "posto per 1 caccia, non 3" in text and "(s)" not in text


def test_r_cap_7_no_room_for_the_patrol_counted_in_words() -> None:
    for count, words in ((1, "room for 1 fighter ["), (2, "room for 2 fighters [")):
        game, state = scenario(power=Power.US, phase=Phase.CAP_LANDING, units={
            "sz_9": f"1 carrier usa, {count + 2} fighter usa"})
        carrier = u(state, "sz_9", "carrier")[0]
        fighters = u(state, "sz_9", "fighter")
        for fighter in fighters[:2]:   # the carrier is full
            state.unit(fighter).carried_by = carrier
        patrol = tuple(fighters[2:])
        for fighter in patrol:
            state.unit(fighter).cap = True
        error = refused(game, state, LandCap(units=patrol, space="sz_9", carrier=carrier),
                        "R-CAP-7")
        assert words in refusal_text(error, game.board)
