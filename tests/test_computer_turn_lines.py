"""The lines of the computer's last-turn summary: a nation's placements in a space are said
on one line, and an attack's reason once, however many groups were sent to it."""

from __future__ import annotations

from scenario import scenario, u

from pacific.gui.computer_turn import turn_lines
from pacific.rules.actions.economy import Place
from pacific.rules.actions.movement import Move
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J, T = Nation.JAPAN, UnitType


def test_the_placements_of_a_space_are_one_line() -> None:
    game, state = scenario(phase=Phase.PLACE, purchased={J: {T.INFANTRY: 4, T.FIGHTER: 1}})
    history = History(game, state)
    for unit_type in (T.INFANTRY, T.INFANTRY, T.FIGHTER, T.INFANTRY, T.INFANTRY):
        history.apply(Place(nation=J, unit_type=unit_type, space="japan"))
    lines = turn_lines(history, 0, game.board, lambda position: None)
    assert lines == [("Japan places 4 infantry, 1 fighter in Japan", "japan")], lines


def test_an_attacks_reason_is_said_once_for_all_the_groups_sent_to_it() -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "2 infantry japan", "anhwe": "1 infantry china"})
    history = History(game, state)
    for unit in u(state, "manchuria", T.INFANTRY, J):
        history.apply(Move(units=(unit,), path=("manchuria", "anhwe")))
    reason = "Attack on Anhwe: expected odds 80%."
    lines = turn_lines(history, 0, game.board, lambda position: reason)
    texts = [text for text, _space in lines]
    assert len(texts) == 2 and sum(reason in text for text in texts) == 1, texts
    assert all(space == "anhwe" for _text, space in lines)
