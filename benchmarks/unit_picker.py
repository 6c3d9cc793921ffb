"""What opening the unit picker costs, from every stack and merged marker in sight
(`tests/test_gui_unit_picker_place.py`).

    QT_QPA_PLATFORM=offscreen python benchmarks/unit_picker.py [--runs 5]

Japan's combat movement in round 1 of a two-player game (seed 3): at 1024x700 four wheel
steps in over Anhwe, and at 640x480 fitted. For each, prints the processor time of one opening
(filled, laid out and placed beside what was clicked): median and quartiles over every stack
in sight and every run. Run it from two trees in turn to compare them.
"""

from __future__ import annotations

import argparse
import time

from _real_window import application, main_window, spread_ms


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    app = application()
    from test_gui_drop_trail import zoom_on

    from pacific.gui.app import new_controller
    from pacific.gui.piece_items import StackItem
    from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome

    state = new_controller(players=2, seed=3).history.state
    window = main_window(state, "1024x700")
    for action in (SplitConvoyIncome(india=6, australia=6), EndPhase(), EndPhase()):
        assert window.submit(action) is None
    for size, zoom in (((1024, 700), 1.0015 ** 480), ((640, 480), 1.0)):
        window.resize(*size)
        zoom_on(window, "anhwe", zoom)
        app.processEvents()
        view, picker = window.view, window.picker
        centre = view.mapToScene(view.viewport().rect().center())
        items = [item for item in (*window.pieces.items.values(),
                                   *window.pieces.summaries.values())
                 if item.isVisible()
                 and view.viewport().rect().contains(view.mapFromScene(item.scenePos()))]
        times = []
        for _run in range(args.runs):
            for item in items:
                view.centerOn(centre)   # (an opening may move the map to make room)
                start = time.process_time()
                if isinstance(item, StackItem):
                    picker.open_stack(item)
                else:
                    window.gestures.summary_clicked(item.space)
                times.append((time.process_time() - start) * 1000)
                picker.close_picker()
                app.processEvents()
        print(f"{size[0]}x{size[1]}: {spread_ms(times)} ({len(items)} stacks and markers)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
