"""The retreat's line in the event log names every nation whose units retreat: India's and
Australia's fighters leaving a sea battle together are not "India retreats 4 fighters"
(R-COMBAT-8)."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.rules.combat.events import UnitsRetreated
from pacific.text import describe_event, using_language


@pytest.mark.parametrize(("language", "line"), [
    ("en", "India and Australia retreat 4 fighters from Sea Zone 43 to Java"),
    ("it", "L'India e l'Australia ritirano 4 caccia dalla Zona marina 43 a Giava"),
])
def test_a_retreat_of_two_nations_names_both_r_combat_8(language: str, line: str) -> None:
    game, state = scenario("pacific", units={"sz_43": "1 fighter india, 3 fighter australia"})
    fighters = tuple(u.id for u in state.units_at("sz_43"))
    event = UnitsRetreated(space="sz_43", to="java", units=fighters)
    with using_language(language):
        assert describe_event(event, game.board, state) == line


def test_a_retreat_of_one_nation_keeps_its_sentence_r_combat_8() -> None:
    game, state = scenario("pacific", units={"sz_43": "3 fighter australia"})
    fighters = tuple(u.id for u in state.units_at("sz_43"))
    event = UnitsRetreated(space="sz_43", to="java", units=fighters)
    with using_language("en"):
        assert describe_event(event, game.board, state) == \
            "Australia retreats 3 fighters from Sea Zone 43 to Java"


@pytest.mark.parametrize(("language", "line"), [
    ("en", "India and Australia lost 4 fighters over Sea Zone 43 (R-AIR-3)"),
    ("it", "L'India e l'Australia hanno perso 4 caccia sulla Zona marina 43 (R-AIR-3)"),
])
def test_aircraft_of_two_nations_lost_name_both_r_air_3(language: str, line: str) -> None:
    from pacific.rules.movement.events import AircraftLost

    game, state = scenario("pacific", units={"sz_43": "1 fighter india, 3 fighter australia"})
    fighters = tuple(u.id for u in state.units_at("sz_43"))
    event = AircraftLost(space="sz_43", units=fighters, rule="R-AIR-3")
    with using_language(language):
        assert describe_event(event, game.board, state) == line
