"""The words of a warning say what the rules will really do: a fighter riding as cargo of its
own side's carrier is not sunk with it but must land within 1 space (R-CARRIER-8), and an
aircraft over a territory it fought for may not stay there, captured or not (R-COMBAT-10)."""

from __future__ import annotations

import pytest
from scenario import scenario, u

from pacific.rules.phase_costs import Cost
from pacific.rules.phases import Phase
from pacific.text import using_language
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
    assert text == "• Japan: 1 fighter in Burma will be lost: it may stay neither where " \
        "it just fought nor in a territory captured this turn (R-COMBAT-10)"


@pytest.mark.parametrize(("language", "line"), [
    ("en", "• Japan: 1 fighter rides as cargo into the battle in Sea Zone 6: it neither "
           "fights nor can be chosen as a casualty, and if its carrier sinks it must land "
           "within 1 space or is lost (R-NAVAL-5)"),
    ("it", "• Giappone: 1 caccia: l'unità entra come carico nella battaglia nella Zona "
           "marina 6: non combatte né può essere scelta come perdita, e se la sua portaerei "
           "affonda deve atterrare entro 1 spazio o è persa (R-NAVAL-5)"),
])
def test_one_cargo_fighter_is_told_in_the_singular_r_naval_5(language: str, line: str) -> None:
    """One fighter aboard a carrier sent into a battle: "1 fighter ride ... they" was read
    before a move at 1024x700."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 1 fighter japan"})
    fighter = tuple(u(state, "sz_6", "fighter"))
    with using_language(language):
        assert costs_text((Cost("cargo_in_battle", "sz_6", fighter, "R-NAVAL-5"),),
                          game.board, state) == line


def test_one_transport_alone_is_told_in_the_singular_r_naval_2() -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE, units={"sz_6": "1 transport japan"})
    transport = tuple(u(state, "sz_6", "transport"))
    with using_language("en"):
        assert costs_text((Cost("transports_alone", "sz_6", transport, "R-NAVAL-2"),),
                          game.board, state) == \
            "• Japan: 1 transport attacks Sea Zone 6 with no warship: transports never " \
            "fire, and the enemy's ships fire at it alone (R-NAVAL-2)"
