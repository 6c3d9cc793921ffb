"""The GUI on the real board with its real geography: the map scene answers the
window's questions (which space is here, where stacks go), a drag on the real map sends the
engine's move, and an illegal drop snaps back with the reason."""

from __future__ import annotations

import pytest
from gui_helpers import build_window, close_quietly, drag_stack, drag_stack_to
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import snapshot

from pacific.gui.pieces import StackKey
from pacific.gui.scene import has_geometry
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

BOARD = load_board(find_map("pacific"))
pytestmark = pytest.mark.skipif(has_geometry(BOARD) is None,
                                reason="maps/pacific has no geometry file")


@pytest.fixture(scope="module")
def shared(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One window on the real board for the module, at Japan's combat movement (building a
    window on the real board is the costly part of each test)."""
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("real_board"), game,
                       game.new_game(players=3, seed=4))
    assert win.submit(SplitConvoyIncome(india=6, australia=6)) is None
    for _ in range(2):
        assert win.submit(EndPhase()) is None
    assert win.controller.state.phase is Phase.COMBAT_MOVE
    yield win, len(win.controller.history.records)
    close_quietly(win)


@pytest.fixture
def window(shared):  # type: ignore[no-untyped-def]
    """The module's window as each test finds it: the moves of earlier tests undone, zoomed
    in on Manchuria as a player would (at "fit to window" the stacks of a crowded region
    overlap)."""
    win, records = shared
    while len(win.controller.history.records) > records:
        assert win.controller.undo()
    win.board_scene.highlight({})
    win.fit_map()
    win.view.zoom_by(5.0)
    win.view.centerOn(win.board_scene.centre_of("manchuria"))
    win.pieces.layout()
    return win


def test_every_space_is_found_where_its_stacks_stand(window) -> None:  # type: ignore[no-untyped-def]
    scene = window.board_scene
    assert type(scene).__name__ == "GeoBoardScene"
    wrong = {s: scene.space_at(scene.centre_of(s)) for s in BOARD.space_ids
             if not BOARD.territory_by_id.get(s, None) or
             not BOARD.territory_by_id[s].impassable}
    wrong = {s: found for s, found in wrong.items() if found != s}
    assert wrong == {}


def test_drag_on_the_real_map_moves_and_marks_the_battle(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    key = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)
    count = window.pieces.items[key].count
    drag_stack(qtbot, window, key, "suiyuan")
    state = window.controller.state
    assert len([x for x in state.units_at("suiyuan") if x.owner is Nation.JAPAN]) == count
    assert window.board_scene.highlighted() == {}
    assert window.status_strip.text() == ""


def test_illegal_drop_on_the_real_map_snaps_back(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    key = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)
    state = window.controller.state
    before = snapshot(state)
    origin = window.pieces.items[key].pos()
    # What the drop means and why it is refused are the engine's answers.
    meant = window.controller.game.drop_action(state, window.pieces.items[key].unit_ids, "india")
    refusal = window.controller.why_illegal(meant)
    assert refusal is not None
    drag_stack(qtbot, window, key, "india")
    assert snapshot(window.controller.state) == before
    assert window.pieces.items[key].pos() == origin
    # The engine's refusal, then the rule's page and summary.
    sentence = refusal.message.removesuffix(f" ({refusal.rule})")
    assert window.status_strip.text().startswith(f"✖ {sentence} [{refusal.rule}, p")


def test_hovering_a_region_lists_its_units(window) -> None:  # type: ignore[no-untyped-def]
    from pacific.gui.map_scene import RegionItem

    scene = window.board_scene
    point = scene.centre_of("manchuria")
    # The region's own hover text (a stack under the pointer names only itself).
    tips = [item.toolTip() for item in scene.scene.items(point)
            if isinstance(item, RegionItem) and item.toolTip()]
    assert tips and tips[0].splitlines()[0] == "Manchuria (Japan)"
    assert "  Japan: 6 × Infantry" in tips[0].splitlines()


def test_a_lit_sea_zone_leaves_out_its_islands(window) -> None:  # type: ignore[no-untyped-def]
    """Sea zone 25's polygon holds the Mariana Islands, and zone 24's the Bonin Islands. A drop
    on an island lands on the island (land wins over its zone, R-MOVE-4: a separate
    territory), so a lit zone does not cover its islands: the player is not shown a place the
    drop will not reach."""
    scene = window.board_scene
    scene.highlight({"sz_25": "move", "sz_24": "attack"})
    lit = {space: item.path() for space, item in scene._lit.items()}
    for zone, island in (("sz_25", "mariana_islands"), ("sz_24", "bonin_islands")):
        points = scene.map.regions[island].slots
        assert points and all(scene.space_at(p) == island for p in points)
        assert all(scene.map.regions[zone].shape().contains(p) for p in points)
        assert not any(lit[zone].contains(p) for p in points)
        assert lit[zone].contains(scene.centre_of(zone))   # the zone itself is lit
    scene.highlight({})
    assert scene.highlighted() == {}


def test_a_drop_on_an_island_stack_goes_to_its_island(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    """Guam is a speck: its US marines stand on it, their token overflowing onto sea zone 26.
    A player dropping Japanese aircraft on those marines means to attack Guam
    (R-COMBATMOVE-1): the drop goes to the space of the stack under the pointer when the
    units may go there."""
    window.fit_map()
    window.zooming.zoom_to_space("caroline_islands")  # a click on its marker: its stacks
    scene = window.board_scene
    window.view.centerOn((scene.centre_of("guam") + scene.centre_of("caroline_islands")) / 2)
    window.pieces.layout()
    marines = window.pieces.items[StackKey("guam", UnitType.MARINE, Nation.USA)]
    point = marines.scenePos()
    assert window.board_scene.space_at(point) == "guam"   # on the island itself
    state = window.controller.state
    game = window.controller.game
    flyers = [key for key, item in window.pieces.items.items()
              if key.owner is Nation.JAPAN and item.isVisible()
              and window.view.viewport().rect().contains(window.view.mapFromScene(item.pos()))
              and "guam" in game.drop_targets(state, item.unit_ids)]
    assert flyers, [k for k, i in window.pieces.items.items() if k.owner is Nation.JAPAN and
                    "guam" in game.drop_targets(state, i.unit_ids)]
    drag_stack_to(qtbot, window, flyers[0], point)
    moved = window.controller.history.records[-1].action
    assert moved.kind == "move" and moved.path[-1] == "guam"
