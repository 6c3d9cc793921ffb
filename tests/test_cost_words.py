"""The words of a warning say what the rules will really do: a fighter riding as cargo of its
own side's carrier is not sunk with it but must land within 1 space (R-CARRIER-8), and an
aircraft over a territory it fought for may not stay there, captured or not (R-COMBAT-10)."""

from __future__ import annotations

from scenario import scenario, u

from pacific.rules.phase_costs import Cost
from pacific.rules.phases import Phase
from pacific.text.costs import costs_text


def test_cargo_fighters_are_told_they_must_land_if_their_carrier_sinks_r_naval_5() -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 2 fighter japan"})
    fighters = tuple(u(state, "sz_6", "fighter"))
    text = costs_text((Cost("cargo_in_battle", "sz_6", fighters, "R-NAVAL-5"),),
                      game.board, state)
    assert text == "• Japan: 2 fighters ride as cargo into the battle in Sea Zone 6: they " \
        "neither fight nor can be chosen as casualties, and if their carrier sinks they " \
        "must land within 1 space or are lost (R-NAVAL-5)"


def test_aircraft_over_a_space_they_fought_for_are_told_why_r_combat_10() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE, units={"burma": "1 fighter japan"})
    fighter = tuple(u(state, "burma", "fighter"))
    text = costs_text((Cost("lost", "burma", fighter, "R-COMBAT-10"),), game.board, state)
    assert text == "• Japan: 1 fighter in Burma will be lost: they may stay neither where " \
        "they just fought nor in a territory captured this turn (R-COMBAT-10)"
