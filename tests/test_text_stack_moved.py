"""A stack in words counts a transport that has unloaded as moved: unloading ends its move
for the turn (R-TRANS-5), so the picker never offers "not moved" for a ship that cannot."""

from __future__ import annotations

from scenario import scenario, u

from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.text import using_language
from pacific.text.stacks import stack_parts


def test_a_transport_that_unloaded_is_not_counted_as_not_moved_r_trans_5() -> None:
    _game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                            units={"sz_5": "2 transport japan"})
    first, second = u(state, "sz_5", "transport", Nation.JAPAN)
    state.transport_unloads[first] = "szechwan"   # it unloaded in place this turn
    with using_language("en"):
        parts = stack_parts(state, [first, second])
    assert "1 moved this turn" in parts and "1 not moved" in parts


def test_a_transport_marked_unloaded_counts_as_moved_r_trans_5() -> None:
    _game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                            units={"sz_5": "1 transport japan"})
    (ship,) = u(state, "sz_5", "transport", Nation.JAPAN)
    state.units[ship].unloaded_this_turn = True
    with using_language("en"):
        assert stack_parts(state, [ship])[1:] == ["1 moved this turn"]


def test_a_stack_in_its_own_homeland_names_its_nation_once() -> None:
    """The selection's line for Japan's infantry in Japan reads "Japan: 2 infantry", not
    "Japan: Japan: 2 infantry"; a foreign stack there still says whose it is."""
    from pacific.text.stacks import stack_contents

    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"japan": "2 infantry japan", "sz_5": "1 transport japan"})
    home = u(state, "japan", "infantry", Nation.JAPAN)
    ship = u(state, "sz_5", "transport", Nation.JAPAN)
    with using_language("en"):
        assert stack_contents(game.board, state, home).startswith("Japan: 2 infantry ·")
        assert stack_contents(game.board, state, ship).startswith("Sea Zone 5: Japan: 1 transport")


def test_in_italian_moved_and_not_moved_agree_with_any_unit() -> None:
    """Italian participles take the unit's gender: "6 unità di fanteria · 6 non mossi" read
    wrong (unità is feminine, caccia masculine). The counts say what the units did with a
    verb instead, right for both."""
    _game, state = scenario(phase=Phase.COMBAT_MOVE,
                            units={"manchuria": "6 infantry japan, 1 fighter japan"})
    infantry = u(state, "manchuria", "infantry", Nation.JAPAN)
    fighter = u(state, "manchuria", "fighter", Nation.JAPAN)
    state.units[infantry[0]].moves_used = 1
    with using_language("it"):
        assert stack_parts(state, infantry)[1:] == ["1 ha già mosso in questo turno",
                                                    "5 non hanno ancora mosso"]
        assert stack_parts(state, fighter)[1:] == ["1 non ha ancora mosso"]
