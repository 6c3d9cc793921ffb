"""What laying the pieces out costs with land units and aircraft on every island territory,
and how many island markers stand astray (`tests/test_gui_island_stacks.py`).

    QT_QPA_PLATFORM=offscreen python benchmarks/island_stacks.py [--runs 5] [--size 1920x1080]

For each zoom (fit, twice, four times in), prints the processor time of a layout made afresh
(the layouts and small spaces' slots kept in memory forgotten first, the disk's left out):
median and quartiles over the runs; how many spaces show merged markers, how many islands
among them, and how many island markers stand astray. Run it from two trees in turn to
compare them.
"""

from __future__ import annotations

import argparse
import time

from _real_window import application, main_window, spread_ms


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args(argv)
    app = application()
    from test_gui_island_stacks import ISLANDS, astray
    from test_gui_real_board import BOARD
    from test_gui_stacks_on_spaces import zoom_to

    from pacific.gui import piece_layout, small_spaces
    from pacific.gui.recent import Recent
    from pacific.rules.engine import Game
    from pacific.rules.units import UnitType

    state = Game(BOARD).new_game(players=2, seed=3)
    for island in ISLANDS:
        owner = state.owner_of(island)
        if owner is not None:
            for kind in (UnitType.INFANTRY, UnitType.INFANTRY, UnitType.ARTILLERY,
                         UnitType.FIGHTER, UnitType.FIGHTER, UnitType.FIGHTER, UnitType.BOMBER):
                state.add_unit(kind, owner, island)
    window = main_window(state, args.size)
    pieces = window.pieces
    pieces._store = None
    for zoom in (1.0, 2.0, 4.0):
        zoom_to(window, zoom)
        app.processEvents()
        times = []
        for _run in range(args.runs):
            piece_layout._layouts = Recent(piece_layout.MAX_LAYOUTS)
            small_spaces._small = Recent(small_spaces.MAX_LAYOUTS)
            pieces._laid_out_at, pieces._plan, pieces._placed = None, None, {}
            pieces._kept_scale.clear()
            start = time.process_time()
            pieces.layout()
            times.append((time.process_time() - start) * 1000)
        spaces = {key.space for key in pieces.items}
        merged = [space for space in spaces if pieces.summarised(space)]
        print(f"{args.size} zoom {zoom:g}: {spread_ms(times)}; merged {len(merged)} spaces, "
              f"{sum(1 for s in merged if s in ISLANDS)} islands; astray {len(astray(window))}")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
