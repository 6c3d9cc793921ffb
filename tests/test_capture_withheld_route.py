"""A territory taken while the enemy holds its convoy route adds nothing to its new
controller's production level (R-CONVOY-12): the capture's line in the log says so, for a
player who took Borneo and looked for its IPCs on the chart in vain."""

from __future__ import annotations

from scenario import scenario, u

from pacific.rules.actions.movement import Move
from pacific.rules.economy.control import production_level
from pacific.rules.events import TerritoryCaptured
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.text import using_language
from pacific.text.events import describe_event


def _capture(route_holder: Nation | None):  # type: ignore[no-untyped-def]
    """Australia's infantry walks from Papua into an empty Dutch New Guinea held by Japan,
    whose convoy route is Sea Zone 33."""
    game, state = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE,
                           units={"papua": "1 infantry australia"},
                           owners={"dutch_new_guinea": Nation.JAPAN})
    if route_holder is not None:
        state.convoy_holder["sz_33"] = route_holder
    before = state
    infantry = tuple(u(state, "papua", "infantry"))
    state, events = game.apply(state, Move(units=infantry, path=("papua", "dutch_new_guinea")))
    captured, = (e for e in events if isinstance(e, TerritoryCaptured))
    return game, before, state, captured


def test_a_capture_under_an_enemy_held_route_says_why_the_level_stays_r_convoy_12() -> None:
    game, before, after, captured = _capture(Nation.JAPAN)
    assert captured.new_owner is Nation.AUSTRALIA and captured.route_withheld == "sz_33"
    assert production_level(game.board, after, Nation.AUSTRALIA) == \
        production_level(game.board, before, Nation.AUSTRALIA)
    text = describe_event(captured, game.board, before)
    assert text == ("Australia takes Dutch New Guinea from Japan: its IPCs count for "
                    "Australia only once its convoy route, Sea Zone 33, is held by "
                    "Australia's side (R-CONVOY-12)")
    with using_language("it"):
        italian = describe_event(captured, game.board, before)
    assert "Rotta dei Convogli" in italian and "R-CONVOY-12" in italian


def test_a_capture_with_the_route_in_friendly_hands_says_only_the_capture() -> None:
    game, before, after, captured = _capture(None)
    assert captured.route_withheld is None
    assert production_level(game.board, after, Nation.AUSTRALIA) == \
        production_level(game.board, before, Nation.AUSTRALIA) + 1
    assert describe_event(captured, game.board, before) == \
        "Australia takes Dutch New Guinea from Japan"
