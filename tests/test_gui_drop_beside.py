"""A drop on the dragged units' own space within a few pixels of a space they may go to, lit,
means that space (the channel of Sea Zone 38 between the Philippines' coasts took a drop aimed
at the land: "nothing moves"); a drop well inside their own space still moves nothing."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack_to, make_window
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot
from scenario import scenario, u
from test_gui_drop_trail import zoom_on
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

MANCHURIA_INF = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)


def just_before(window: MainWindow, target: str, targets: dict[str, object], pixels: int = 2
                ) -> QPointF | None:
    """On the way from Manchuria's centre to ``target``'s, the point ``pixels`` before the
    first that a drop reads as ``target``, where the drop still reads Manchuria there and
    at every pixel between (None where the way passes another space first)."""
    scene, view = window.board_scene, window.view
    start = view.mapFromScene(scene.centre_of("manchuria"))
    end = view.mapFromScene(scene.centre_of(target))
    steps = int((end - start).manhattanLength())
    reads = [window.drop_space_at(view.mapToScene(start + (end - start) * i / steps), targets)
             for i in range(steps + 1)]
    first = reads.index(target) if target in reads else None
    if first is None or first < pixels + 1 or \
            any(space != "manchuria" for space in reads[first - pixels - 1:first]):
        return None
    return view.mapToScene(start + (end - start) * (first - pixels) / steps)


def test_a_drop_on_its_own_space_beside_a_lit_one_goes_there_r_move_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario("pacific", phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state)
    zoom_on(window, "manchuria", 3.0)
    infantry = u(state, "manchuria", "infantry")
    targets = dict(game.drop_targets(state, tuple(infantry)))
    beside = {target: (just_before(window, target, targets),
                       just_before(window, target, targets, 12)) for target in targets}
    target, (point, inside) = next((t, p) for t, p in beside.items() if None not in p)
    # Twelve pixels inside: nothing moves.
    assert inside is not None
    stayed: list[str] = []
    window.drag.stayed.connect(lambda _point, why: stayed.append(why))
    drag_stack_to(qtbot, window, MANCHURIA_INF, inside)
    assert stayed and "nothing moves" in stayed[-1]
    assert window.controller.state == state
    # Two pixels from a lit neighbour: the infantry go to it (R-MOVE-3).
    drag_stack_to(qtbot, window, MANCHURIA_INF, point)
    after = window.controller.state
    assert {after.units[uid].space for uid in infantry} == {target}
