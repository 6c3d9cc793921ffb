"""What putting up a battle costs and moves: a battle put up and taken down in each sea zone
with stacks, one at a time, in Japan's first turn.

    QT_QPA_PLATFORM=offscreen python benchmarks/battle_markers.py [--runs 3] [--size 1024x700]

For each zoom (fit, twice, three times in), prints the processor time of one put-up or
take-down (`show_state` and the pieces' `sync`, their layout included): median and quartiles
over every zone and run, and how many zones moved a stack or merged marker anywhere on the
map. Run it from two trees in turn to compare them.
"""

from __future__ import annotations

import argparse
import time

from _real_window import application, main_window, spread_ms


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--size", default="1024x700")
    args = ap.parse_args(argv)
    app = application()
    from test_gui_real_board import BOARD
    from test_gui_stacks_on_spaces import zoom_to

    from pacific.rules.files.maps import find_map
    from pacific.rules.files.scenario import load_scenario

    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", BOARD,
                          seed=3)
    window = main_window(state, args.size)
    zones = sorted({u.space for u in state.units.values() if BOARD.is_sea(u.space)})

    def drawn() -> dict[object, tuple[float, float, float]]:
        items = [*window.pieces.items.items(), *window.pieces.summaries.items()]
        return {key: (item.scenePos().x(), item.scenePos().y(), item.size)
                for key, item in items if item.isVisible()}

    for zoom in (1.0, 2.0, 3.0):
        zoom_to(window, zoom)   # (centred on Japan, laid out)
        app.processEvents()
        times: list[float] = []
        moved: set[str] = set()
        for _run in range(args.runs):
            for zone in zones:
                before = drawn()
                for battles in ([zone], []):
                    start = time.process_time()
                    window.board_scene.show_state(window.controller.state, battles)
                    window.pieces.sync(window.controller.state, lambda _key: False)
                    times.append((time.process_time() - start) * 1000)
                    if drawn() != before:
                        moved.add(zone)
        print(f"{args.size} zoom {zoom:g}: {spread_ms(times)}; zones moving stacks: "
              f"{len(moved)} of {len(zones)}")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
