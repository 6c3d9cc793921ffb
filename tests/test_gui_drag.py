"""Dragging pieces on the map (the GUI sends actions, never changes the state): legal destinations
light up from the engine's reachable(), a drop becomes one action, an illegal drop snaps back with
the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import dice_from_the_table, drag_stack, make_window
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.pieces import StackKey
from pacific.rules.actions.economy import EndPhase
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import using_language

MANCHURIA_INF = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)


def combat_move_window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    game, state = scenario(phase=Phase.COMBAT_MOVE)
    return make_window(qtbot, tmp_path, game, state)


def _press(qtbot: QtBot, window, key: StackKey):  # type: ignore[no-untyped-def]
    """Presses the mouse on the stack ``key``: its drag begins (the caller moves and drops
    it through ``window.drag``). Returns the stack's item."""
    view = window.view
    item = window.pieces.items[key]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(item.scenePos()))
    QApplication.processEvents()
    return item


def test_drag_and_drop_sends_the_move_r_move_3(qtbot: QtBot, tmp_path: Path) -> None:
    window = combat_move_window(qtbot, tmp_path)
    infantry = u(window.controller.state, "manchuria", "infantry")
    drag_stack(qtbot, window, MANCHURIA_INF, "suiyuan")
    state = window.controller.state
    assert sorted(x.id for x in state.units_at("suiyuan") if x.owner is Nation.JAPAN) == infantry
    assert window.controller.history.records[-1].action.describe() == \
        "Move 2 unit(s) manchuria → suiyuan"
    # The view mirrors the state: the stack is now drawn in Suiyuan.
    assert window.pieces.items[StackKey("suiyuan", UnitType.INFANTRY, Nation.JAPAN)].count == 2
    assert MANCHURIA_INF not in window.pieces.items


def test_a_whole_stack_dropped_on_a_space_is_drawn_there_r_move_3(qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    """The whole stack leaves: the piece layer draws it in its new space with the very item
    it showed before (they look alike), and the end of the drag must not put that item back
    where the drag began (the map showed the stack still at home, its tooltip elsewhere)."""
    window = combat_move_window(qtbot, tmp_path)
    drag_stack(qtbot, window, MANCHURIA_INF, "anhwe")
    moved = StackKey("anhwe", UnitType.INFANTRY, Nation.JAPAN)
    assert MANCHURIA_INF not in window.pieces.items
    item = window.pieces.items[moved]
    assert window.board_scene.space_at(item.scenePos()) == "anhwe"
    assert item.opacity() == 1.0


def test_illegal_drop_snaps_back_and_shows_the_reason(qtbot: QtBot, tmp_path: Path) -> None:
    """R-MOVE-2: Szechwan is out of the infantry's reach (not "not adjacent", R-MOVE-3: the
    refusal names the rule that truly forbids the drop): the engine's drop, along
    the shortest path, is refused; the piece goes back, the reason shows."""
    window = combat_move_window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    origin = window.pieces.items[MANCHURIA_INF].pos()
    drag_stack(qtbot, window, MANCHURIA_INF, "szechwan")
    assert snapshot(window.controller.state) == before
    item = window.pieces.items[MANCHURIA_INF]
    assert item.pos() == origin and item.opacity() == 1.0
    assert "[R-MOVE-2" in window.status_strip.text()
    assert "can move only 1 space now, this path is 2" in window.status_strip.text()
    assert window.board_scene.highlighted() == {}


def test_legal_destinations_light_up_while_dragging(qtbot: QtBot, tmp_path: Path) -> None:
    """The highlights are the engine's drop targets, lit by what a drop there means: a move,
    an attack; the path label says so."""
    window = combat_move_window(qtbot, tmp_path)
    item = _press(qtbot, window, MANCHURIA_INF)
    assert window.board_scene.highlighted() == {"anhwe": "move", "suiyuan": "attack"}
    assert "yellow: move · orange: attack" in window.status_strip.text()
    window.drag.move(window.board_scene.centre_of("suiyuan"))
    assert window.drag._label.text() == "Manchuria → Suiyuan   (cost 1) · attack"
    window.drag.move(window.board_scene.centre_of("anhwe"))
    assert window.drag._label.text() == "Manchuria → Anhwe   (cost 1)"
    window.drag.finish(QPointF(-9999, -9999))  # dropped off the map: nothing happens
    assert window.board_scene.highlighted() == {}
    assert item.pos() == window.drag.origin


def test_the_status_strip_never_names_a_path_the_drop_will_not_take(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Dragged on from a place the infantry may go onto one it may not (Szechwan is 2 spaces
    away, R-MOVE-2), the status strip stops naming the last path and says a drop there is
    refused; back over their own space, it shows what the colours mean again."""
    window = combat_move_window(qtbot, tmp_path)
    _press(qtbot, window, MANCHURIA_INF)
    legend = window.status_strip.text()
    window.drag.move(window.board_scene.centre_of("suiyuan"))
    assert window.status_strip.text() == "Manchuria → Suiyuan: 1 move · attack"
    window.drag.move(window.board_scene.centre_of("szechwan"))
    assert window.drag._label.text() == ""
    assert window.status_strip.text() == \
        "These units cannot go to Szechwan: drop them there to see which rule forbids it"
    window.drag.move(window.board_scene.centre_of("manchuria"))
    assert window.status_strip.text() == legend and "yellow: move" in legend
    window.drag.move(window.board_scene.centre_of("szechwan"))
    window.drag.finish(window.board_scene.centre_of("szechwan"))
    assert "[R-MOVE-2" in window.status_strip.text()


def test_the_path_and_the_status_name_places_in_the_players_language(
        qtbot: QtBot, tmp_path: Path) -> None:
    """In Italian, the path beside a dragged stack and the status strip name the
    places as the map and the event log do (Manciuria, not Manchuria)."""
    with using_language("it"):
        window = combat_move_window(qtbot, tmp_path)
        _press(qtbot, window, MANCHURIA_INF)
        window.drag.move(window.board_scene.centre_of("suiyuan"))
        assert window.drag._label.text() == "Manciuria → Suiyuan   (costo 1) · attacco"
        window.drag.move(window.board_scene.centre_of("szechwan"))
        assert window.status_strip.text() == ("Queste unità non possono raggiungere lo Szechwan: "
                                              "rilasciatele lì per vedere quale regola lo vieta")
        window.drag.finish(QPointF(-9999, -9999))


def test_a_unit_picked_up_from_the_tray_lights_where_it_may_be_placed_r_place_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Phase 7: while a new submarine is dragged from the tray, the sea zones next to Japan's
    complex light up (the engine's placements, R-PLACE-3) and the status line says what the
    colour means; once it is dropped or let go, nothing stays lit."""
    game, state = scenario(phase=Phase.PLACE, purchased={Nation.JAPAN: {UnitType.SUBMARINE: 1}})
    window = make_window(qtbot, tmp_path, game, state)
    assert window.tray.entries() == [(Nation.JAPAN, UnitType.SUBMARINE)]
    with qtbot.waitSignal(window.tray.drag_started) as started:
        window.tray.drag_started.emit(Nation.JAPAN, UnitType.SUBMARINE)
    assert started.args == [Nation.JAPAN, UnitType.SUBMARINE]
    zones = game.placement_targets(state, Nation.JAPAN, UnitType.SUBMARINE)
    assert zones and window.board_scene.highlighted() == {z: "place" for z in zones}
    assert window.status_strip.text() == \
        "Placing a new Submarine (Japan): teal: place it here"
    window.tray.drag_finished.emit()
    assert window.board_scene.highlighted() == {}
    assert window.status_strip.text() == ""   # the drag is over
    window.new_units.tray_drag_started(Nation.JAPAN, UnitType.FIGHTER)   # none bought: nowhere
    assert window.board_scene.highlighted() == {}
    assert window.status_strip.text().endswith(": no place for it now")
    # Dropped on land off the coast (R-PLACE-4): the refusal stays on the status line after
    # the drag.
    assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.SUBMARINE,
                                 window.board_scene.centre_of("manchuria")) is not None
    window.new_units.tray_drag_finished()
    assert "[R-PLACE-4" in window.status_strip.text()


def test_a_tray_line_dropped_places_as_many_as_units_per_drag_and_the_rules_allow_r_place_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Dragging "5 × Infantry (Japan)" with "Units per drag" at "whole stack" places all the
    engine allows there, in one Place: three in India, a captured complex worth 3 IPC
    (R-PLACE-3), the other two at the capital (no limit). With a number N, up to N go.
    When none may go, the refusal of one is shown."""
    game, state = scenario(phase=Phase.PLACE, owners={"india": Nation.JAPAN},
                           purchased={Nation.JAPAN: {UnitType.INFANTRY: 5}})
    window = make_window(qtbot, tmp_path, game, state)
    assert window.move_count.value() == 0   # "whole stack"
    india = window.board_scene.centre_of("india")
    assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, india) is None
    placed = window.controller.history.records[-1].action
    assert (placed.kind, placed.space, placed.count) == ("place", "india", 3)
    refusal = window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, india)
    assert refusal is not None and refusal.rule == "R-PLACE-3"
    assert "[R-PLACE-3" in window.status_strip.text()
    assert window.controller.state.purchased[Nation.JAPAN] == {UnitType.INFANTRY: 2}
    window.move_count.setValue(1)
    japan = window.board_scene.centre_of("japan")
    assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, japan) is None
    assert window.controller.history.records[-1].action.count == 1
    window.move_count.setValue(0)
    assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, japan) is None
    assert window.controller.history.records[-1].action.count == 1
    assert window.controller.state.purchased == {} and window.tray.count() == 0


def test_a_new_unit_dropped_on_a_stack_goes_where_the_stack_is_r_place_1(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stacks of a small territory may stand on the sea around it: a new infantry
    dropped on Japan's stack, drawn over sea zone 6, is placed in Japan (R-PLACE-1), where
    it may go. Dropped on a stack where it may not be placed, it goes to the space under the
    pointer and is refused there (R-PLACE-2: land units go where a complex is, not at sea)."""
    game, state = scenario(phase=Phase.PLACE, purchased={Nation.JAPAN: {UnitType.INFANTRY: 2}})
    window = make_window(qtbot, tmp_path, game, state)
    window.move_count.setValue(1)   # one per drop: the second is left for Korea
    sea = window.board_scene.centre_of("sz_6")
    assert window.board_scene.space_at(sea) == "sz_6"
    marked = {"space": "japan"}
    monkeypatch.setattr(window, "marker_space_at", lambda pos, token=False: marked["space"])
    assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, sea) is None
    placed = window.controller.history.records[-1].action
    assert placed.kind == "place" and placed.space == "japan"
    marked["space"] = "korea"   # no industrial complex: no placement there (R-PLACE-2)
    refusal = window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY, sea)
    assert refusal is not None and refusal.rule == "R-PLACE-2"


def _pixels(view, label) -> QRect:  # type: ignore[no-untyped-def]
    """The label's card on the view, in pixels (it ignores the view's zoom)."""
    return label.deviceTransform(view.viewportTransform()).mapRect(
        label.boundingRect()).toAlignedRect()


def test_the_path_label_stays_inside_the_view(qtbot: QtBot, tmp_path: Path) -> None:
    """The path label goes below and right of the pointer, clear of the dragged stack; near
    the right edge of a small window it moves left, so that its end (the cost and what the
    drop means) is not cut off, and near the bottom it goes above the pointer."""
    game, state = scenario(phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    item = _press(qtbot, window, MANCHURIA_INF)
    view, label = window.view, window.drag._label
    width = view.viewport().width()
    height = view.viewport().height()
    for x, y in ((width - 5, 60), (5, 60), (5, height - 5)):
        pointer = view.mapToScene(QPoint(x, y))
        window.drag.move(window.board_scene.centre_of("suiyuan"))   # the label's text
        window.drag._place_label(pointer)
        card = _pixels(view, label)
        assert label.text() and card.left() >= 0 and card.top() >= 0
        assert card.right() <= width and card.bottom() <= height
        assert (card.left() < x) is (x > width // 2)   # moved left only at the edge
        assert not card.contains(QPoint(x, y))   # the dragged stack under the pointer shows
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       pos=view.mapFromScene(item.scenePos()))


def test_shift_drags_one_piece_of_the_stack(qtbot: QtBot, tmp_path: Path) -> None:
    window = combat_move_window(qtbot, tmp_path)
    drag_stack(qtbot, window, MANCHURIA_INF, "anhwe", Qt.KeyboardModifier.ShiftModifier)
    state = window.controller.state
    assert len([x for x in state.units_at("anhwe") if x.type is UnitType.INFANTRY]) == 1
    assert window.pieces.items[MANCHURIA_INF].count == 1


def test_spin_box_chooses_how_many_move(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "4 infantry japan", "anhwe": "1 infantry japan"})
    window = make_window(qtbot, tmp_path, game, state)
    window.move_count.setValue(3)
    drag_stack(qtbot, window, MANCHURIA_INF, "anhwe")
    assert window.pieces.items[StackKey("anhwe", UnitType.INFANTRY, Nation.JAPAN)].count == 4
    assert window.pieces.items[MANCHURIA_INF].count == 1


def test_only_the_acting_powers_pieces_can_be_dragged(qtbot: QtBot, tmp_path: Path) -> None:
    """R-TURN-1: only the power whose turn it is moves."""
    window = combat_move_window(qtbot, tmp_path)
    assert window.pieces.items[MANCHURIA_INF].movable
    assert not window.pieces.items[StackKey("szechwan", UnitType.INFANTRY, Nation.CHINA)].movable


def test_dragging_land_units_onto_a_transport_loads_them_r_trans_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"korea": "2 infantry japan", "sz_6": "1 transport japan"})
    window = make_window(qtbot, tmp_path, game, state)
    ship = u(state, "sz_6", "transport")[0]
    drag_stack(qtbot, window, StackKey("korea", UnitType.INFANTRY, Nation.JAPAN), "sz_6")
    after = window.controller.state
    assert sorted(x.id for x in after.cargo_of(ship)) == u(state, "korea", "infantry")
    # The cargo is drawn on its transport, not as a stack of its own.
    item = window.pieces.items[StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN)]
    assert item.cargo_types == ((UnitType.INFANTRY, Nation.JAPAN),)
    assert StackKey("sz_6", UnitType.INFANTRY, Nation.JAPAN) not in window.pieces.items


def test_dragging_a_loaded_transport_onto_land_unloads_it_r_trans_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 transport japan, 1 infantry japan"})
    ship = u(state, "sz_6", "transport")[0]
    infantry = u(state, "sz_6", "infantry")
    state.units[infantry[0]].carried_by = ship
    window = make_window(qtbot, tmp_path, game, state)
    drag_stack(qtbot, window, StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN), "korea")
    after = window.controller.state
    assert after.units[infantry[0]].space == "korea"
    assert after.units[infantry[0]].carried_by is None
    assert after.units[ship].space == "sz_6"


def test_unloading_into_an_enemy_territory_declares_an_assault_r_amph_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    """R-AMPH-1: in combat movement, a transport dropped on an enemy coast lands its cargo in
    an amphibious assault, fought in phase 4."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 transport japan, 1 infantry japan",
                                  "anhwe": "1 infantry china"})
    ship = u(state, "sz_6", "transport")[0]
    infantry = u(state, "sz_6", "infantry")[0]
    state.unit(infantry).carried_by = ship
    window = make_window(qtbot, tmp_path, game, state)
    drag_stack(qtbot, window, StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN), "anhwe")
    after = window.controller.state
    assert [a.target for a in after.amphibious_assaults] == ["anhwe"]
    assert window.status_strip.text() == ""


def test_alt_drop_sends_bombers_on_a_raid_r_combatmove_9(qtbot: QtBot, tmp_path: Path,
                                                        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QGuiApplication

    # A US bomber on Hawaii (an air base) raids Japan's complex and can fly home: Japan may
    # not raid China, which holds no IPCs (R-SBR-6), so the raid goes the other way.
    game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"hawaii": "1 bomber usa", "japan": "1 infantry japan"})
    window = make_window(qtbot, tmp_path, game, state)
    monkeypatch.setattr(QGuiApplication, "keyboardModifiers",
                        staticmethod(lambda: Qt.KeyboardModifier.AltModifier))
    drag_stack(qtbot, window, StackKey("hawaii", UnitType.BOMBER, Nation.USA), "japan")
    after = window.controller.state
    assert [r.target for r in after.raids] == ["japan"]


def test_a_cargo_icon_dragged_onto_land_unloads_that_cargo_r_trans_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Grabbing the infantry icon under a transport unloads the infantry only."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 transport japan, 1 infantry japan, 1 armor japan"})
    ship = u(state, "sz_6", "transport")[0]
    infantry, armor = u(state, "sz_6", "infantry")[0], u(state, "sz_6", "armor")[0]
    state.unit(infantry).carried_by = ship
    state.unit(armor).carried_by = ship
    window = make_window(qtbot, tmp_path, game, state)
    item = window.pieces.items[StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN)]
    icon = item._cargo_rects()[item.cargo_types.index((UnitType.INFANTRY, Nation.JAPAN))]
    assert item.cargo_at(icon.center()) == (infantry,)
    view = window.view
    start = view.mapFromScene(item.mapToScene(icon.center()))
    end = view.mapFromScene(window.board_scene.centre_of("korea"))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    window.drag.move(window.board_scene.centre_of("korea"))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    after = window.controller.state
    assert after.units[infantry].space == "korea" and after.units[infantry].carried_by is None
    assert after.units[armor].carried_by == ship


def test_a_phase_ended_keeps_the_pieces_and_changes_only_what_may_move(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Nothing moved: the stacks stay the same items at the same places (no new layout), and
    which of them may be dragged follows the engine (R-TURN-3: nothing moves in phase 4)."""
    window = combat_move_window(qtbot, tmp_path)
    item = window.pieces.items[MANCHURIA_INF]
    place = item.pos()
    assert item.movable
    assert window.submit(EndPhase()) is None
    assert window.controller.state.phase is Phase.COMBAT
    assert window.pieces.items[MANCHURIA_INF] is item and item.pos() == place
    assert not item.movable
    window.undo()
    assert window.pieces.items[MANCHURIA_INF] is item and item.movable


def test_a_drop_that_waits_for_dice_puts_the_stack_back_until_they_come_r_aafly_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Dice from the table: a fighter dropped beyond Yunnan's AA gun waits for its die; until
    then it is drawn where it stands, not where it was dropped."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"siam": "1 fighter japan", "szechwan": "1 infantry china",
                                  "yunnan": "1 aa_gun china"})
    window = make_window(qtbot, tmp_path, game, state)
    dice_from_the_table(window)
    key = StackKey("siam", UnitType.FIGHTER, Nation.JAPAN)
    item = window.pieces.items[key]
    origin = item.pos()
    drag_stack(qtbot, window, key, "szechwan")
    assert window.controller.state.pending is not None       # the AA die is awaited
    assert window.pieces.items[key] is item and item.pos() == origin
    assert item.opacity() == 1.0 and window.dialogs.dice is not None


def test_the_path_label_fits_the_view_with_its_bombing_raid_hint_r_combatmove_9(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A bomber's path onto a factory ends with the only hint that Alt makes the drop a
    bombing raid (R-COMBATMOVE-9): in a small window the label is wider than the map, so it
    goes onto more lines, each inside the view, and says all of it."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"siam": "1 bomber japan", "india": "1 infantry india"})
    window = make_window(qtbot, tmp_path, game, state, size=(760, 560))
    item = _press(qtbot, window, StackKey("siam", UnitType.BOMBER, Nation.JAPAN))
    view, label = window.view, window.drag._label
    window.drag.move(window.board_scene.centre_of("india"))
    text = label.text()
    said = "Siam → Burma → India (cost 2) · attack; with Alt: bombing raid"
    assert [w for w in text.split() if w != "·"] == [w for w in said.split() if w != "·"]
    card = _pixels(view, label)
    assert card.left() >= 0 and card.right() <= view.viewport().width(), (card, text)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       pos=view.mapFromScene(item.scenePos()))
