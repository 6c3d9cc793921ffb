"""`edit_move_units`: a unit put on the wrong space at the table, moved where it belongs in
one edit (one undo). No movement rule applies; the board's facts do (R-UNIT-1, R-TRANS-1),
and the edit is checked, logged, saved and undone like the other edits (EDIT-1..4)."""

from __future__ import annotations

from refusals import refused
from scenario import board, scenario, snapshot, u

from pacific.rules.actions.economy import SplitConvoyIncome
from pacific.rules.actions.edit import EditMode, EditMoveUnits
from pacific.rules.engine import Game
from pacific.rules.files.savefile import dumps, parse_save
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

J, IN = Nation.JAPAN, Nation.INDIA
ON = EditMode(on=True)


def test_edit_move_units_moves_a_stack_anywhere_in_one_edit_and_one_undo() -> None:
    game = Game(board("mini"))
    history = History(game, game.new_game(players=3, seed=4))
    history.apply(SplitConvoyIncome(india=2, australia=2))
    history.apply(ON)
    before = snapshot(history.state)
    korea = u(history.state, "korea", "infantry", J)
    # Korea to Siam is no move of the game (not adjacent): an edit.
    events = history.apply(EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY, space="korea",
                                         to="siam", count=2))
    st = history.state
    assert set(korea) <= set(u(st, "siam", "infantry", J))
    assert not u(st, "korea", "infantry", J)
    assert [e.describe() for e in events] == [
        "Edit: 2 Japanese infantry moved from Korea to Siam"]
    loaded = parse_save(dumps(history).encode("utf-8"), lambda _id: game.board, "moved")
    assert loaded.state == st and loaded.records[-1].action.kind == "edit_move_units"
    history.undo()
    assert snapshot(history.state) == before


def test_r_unit_1_r_trans_1_a_moved_unit_keeps_to_its_element() -> None:
    game, st = scenario()
    st, _ = game.apply(st, ON)
    refusal = refused(game, st, EditMoveUnits(nation=J, unit_type=UnitType.DESTROYER,
                                              space="sz_6", to="korea"), "R-UNIT-1")
    assert "Korea" in str(refusal) and "land territory" in str(refusal)
    # Infantry to a zone with no ship of its side: no room aboard (R-TRANS-1).
    refused(game, st, EditMoveUnits(nation=IN, unit_type=UnitType.INFANTRY, space="burma",
                                    to="sz_9"), "R-TRANS-1")
    refused(game, st, EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY, space="korea",
                                    to="korea"), "EDIT-3")
    refused(game, st, EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY, space="korea",
                                    to="burma", count=3), "EDIT-3")
    refused(game, st.model_copy(update={"edit_mode": False}),
            EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY, space="korea", to="burma"),
            "EDIT-1")


def test_edit_move_units_boards_at_sea_and_a_ship_takes_its_cargo_along() -> None:
    game, st = scenario()
    st, _ = game.apply(st, ON)
    transport = u(st, "sz_6", "transport", J)[0]
    st, events = game.apply(st, EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY,
                                              space="korea", to="sz_6", count=2))
    assert [st.units[i].carried_by for i in u(st, "sz_6", "infantry", J)] == [transport] * 2
    assert events[0].describe() == \
        "Edit: 2 Japanese infantry moved from Korea to Sea Zone 6 aboard a transport"
    st, events = game.apply(st, EditMoveUnits(nation=J, unit_type=UnitType.TRANSPORT,
                                              space="sz_6", to="sz_5"))
    assert len(u(st, "sz_5", "infantry", J)) == 2 and not u(st, "sz_6", "infantry", J)
    assert events[0].describe() == "Edit: 1 Japanese transport moved from Sea Zone 6 to " \
                                   "Sea Zone 5, with 2 infantry aboard"
    # Off the ship onto land: the units stand there, aboard nothing.
    st, _ = game.apply(st, EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY, space="sz_5",
                                         to="manchuria", count=2))
    assert all(st.units[i].carried_by is None for i in u(st, "manchuria", "infantry", J))


def test_edit_move_units_is_told_in_the_players_language() -> None:
    from pacific.text import describe_action, describe_event, using_language

    game, st = scenario()
    st, _ = game.apply(st, ON)
    action = EditMoveUnits(nation=J, unit_type=UnitType.INFANTRY, space="korea", to="siam")
    _, events = game.apply(st, action)
    with using_language("it"):
        assert describe_action(action, game.board, st) == \
            "Correzione: sposta 1 unità di fanteria del Giappone dalla Corea nel Siam"
        assert describe_event(events[0], game.board, st) == \
            "Correzione: spostamento di 1 unità di fanteria del Giappone dalla Corea nel Siam"
