"""The purchase's line in the event log names the units bought and their cost (R-PURCH-1),
in English and Italian, each count in the singular or the plural."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.rules.actions.economy import Purchase
from pacific.rules.events import IpcChanged
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import describe_event, using_language


@pytest.mark.parametrize(("language", "line"), [
    ("en", "Japan buys 2 infantry, 1 destroyer for 18 IPC"),
    ("it", "Il Giappone compra 2 unità di fanteria, 1 cacciatorpediniere per 18 IPC"),
])
def test_the_purchase_line_names_the_units_bought_r_purch_1(language: str, line: str) -> None:
    game, state = scenario(treasury={Nation.JAPAN: 30})
    action = Purchase(nation=Nation.JAPAN,
                      units={UnitType.INFANTRY: 2, UnitType.DESTROYER: 1})
    _after, events = game.apply(state, action)
    (paid,) = [e for e in events if isinstance(e, IpcChanged)]
    with using_language(language):
        assert describe_event(paid, game.board, state) == line


def test_one_unit_bought_is_named_in_the_singular_r_purch_1() -> None:
    game, state = scenario(treasury={Nation.JAPAN: 30})
    _after, events = game.apply(state, Purchase(nation=Nation.JAPAN,
                                                units={UnitType.FIGHTER: 1}))
    (paid,) = [e for e in events if isinstance(e, IpcChanged)]
    with using_language("en"):
        assert describe_event(paid, game.board, state) == "Japan buys 1 fighter for 12 IPC"
