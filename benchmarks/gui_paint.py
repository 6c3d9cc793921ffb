"""GUI speed: repainting the map and the map's picture repainted after a zoom, in processor
time, against their targets. Prints figures; asserts nothing. (The cold start to the first
painted window is benchmarks/start_up.py's.)

    QT_QPA_PLATFORM=offscreen python benchmarks/gui_paint.py [--frames 30]
    QT_QPA_PLATFORM=offscreen python benchmarks/gui_paint.py --digest pause|wheel

Targets: a full repaint under 16 ms; the repaint after a zoom (the map picture painted afresh
at the new zoom, then the frame) at most 50 ms, and the labels and pieces laid out at a zoom
not seen before (the wait after a wheel step, before that repaint) at most 50 ms, all at window
sizes 1920×1080 and 1024×700.

Frames: the two windows are built once, then measured in turn (interleaved, so that a busy
machine weighs on both alike); each figure is the median of the samples with its spread (the
10th to the 90th percentile). A full repaint is ``viewport().repaint()`` (the map picture
blitted, the pieces drawn over it). A zoom is a wheel step from the fit: the old picture is
shown scaled at once, and once the zooming pauses the labels and pieces are laid out for the
zoom, the picture is painted again (`render_map_picture`) and the frame repainted: "repaint
after a zoom". Each frame zooms twice: to a zoom no frame has shown yet ("new zoom": nothing
laid out or painted at it, the pieces at a size not painted yet) and to one shown before
("zoom seen before": its layouts and the pieces' pictures are kept). The labels and pieces are
laid out per band of zooms (`piece_shapes.layout_zoom`), so a new zoom often falls in a band laid
out before; three more figures lay out with every layout forgotten: "new band" (a wheel step to a
band never laid out), "wheel step into the next band after idle" (the window left idle first,
its neighbouring bands laid out then, their labels, names moved off hemmed spaces and pieces'
slots: `idle_bands`) and "first fit" (the fit at start-up: the labels' requests made too).
A band never laid out is laid out over several turns of the event loop after the pause
(`IdleBands.hurry`): "new band" counts them all. What the player feels is the longest turn:
"N notches in/out, new band: longest event-loop turn" (a quick turn of the wheel by three
notches, one gesture, into a band never laid out, its timers firing as they come; the processor
time between two of the event dispatcher's wake-ups or waits, target 50 ms), until the band is
shown and in the idle work after it; and the longest part of a band's steps in them (between
two of a step's stops: `idle_bands._run` ends a turn before a part that would pass its
budget, not within one).
"""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import os
import statistics
import time
from collections.abc import Callable, Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZES = ((1920, 1080), (1024, 700))
REPAINT_TARGET_MS = 16.0
ZOOM_TARGET_MS = 50.0
LAYOUT_TARGET_MS = 50.0  # the labels and pieces laid out at a zoom not seen before
# Zoom factors from the fit: a new one at every frame (never seen before), and two that the
# frames go back to.
NEW_FIRST, NEW_STEP = 1.3, 1.037
SEEN = (1.5, 2.5)


def cpu_ms(action: Callable[[], object]) -> float:
    t0 = time.process_time()
    action()
    return (time.process_time() - t0) * 1000


def forget_layouts(window, requests: bool = False,  # type: ignore[no-untyped-def]
                   per_map: bool = True) -> None:
    """Forget every label and piece layout made (and, with ``requests``, the labels' requests,
    made once per label at start-up; without ``per_map``, not the spaces' candidates' depth
    order, made once per map at the first fit, `piece_shapes._deep`: only what a session
    makes per band)."""
    import importlib

    scene = window.board_scene.map
    scene._label_plans.clear()
    scene._label_scale = None
    # (getattr: the benchmark also runs against older revisions, without some of these)
    if requests:
        getattr(scene, "_label_requests", {}).clear()
    kept = getattr(window.board_scene, "_keep_outs", None)  # (the small spaces' markers)
    if kept is not None:
        kept.clear()
    for module in ("piece_layout", "small_spaces", "piece_shapes"):
        try:
            found = importlib.import_module(f"pacific.gui.{module}")
        except ImportError:
            continue
        for name in ("_layouts", "_small", "_deep") if per_map else ("_layouts", "_small"):
            cache = getattr(found, name, None)
            if cache is not None:
                cache.clear()
    window.pieces._laid_out_at = None


def build(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from pacific.gui.app import new_controller
    from pacific.gui.main_window import MainWindow
    from pacific.gui.settings import Preferences

    app = QApplication.instance() or QApplication([])
    prefs = Preferences(QSettings(f"/tmp/pacific-bench-{size[0]}.ini",
                                  QSettings.Format.IniFormat))
    window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
    window.resize(*size)
    window.show()
    app.processEvents()
    window.fit_map()
    app.processEvents()
    # (names not kept on disk are laid out after the first paint: `MapZoom`)
    getattr(window.zooming, "wait_until_laid_out", lambda: None)()
    return window


NOTCH = 1.0015 ** 120  # one wheel notch (`map_view.WHEEL_STEP`)


def idle_for(window) -> None:  # type: ignore[no-untyped-def]
    """Leave ``window`` idle until its idle work is done (at most 6 s; a revision without
    it only waits)."""
    from PySide6.QtTest import QTest

    idle = getattr(window.zooming, "idle", None)
    for _ in range(60):
        QTest.qWait(100)
        if idle is not None and not idle._queue:
            break


def settled(window) -> bool:  # type: ignore[no-untyped-def]
    """Has the last wheel gesture's pause shown the band reached (nothing waits: the pause's
    timer, the pieces' own, the band laid out over several turns, `IdleBands.hurry`)?"""
    zooming = window.zooming
    return not (zooming._label_timer.isActive() or window.pieces._layout_timer.isActive() or
                getattr(zooming.idle, "hurrying", False))


def turns(until: Callable[[], bool]) -> list[float]:
    """Processor ms of each turn of the event loop (between two of the event dispatcher's
    wake-ups or waits) until ``until()``, at most 10 s."""
    from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QThread
    from PySide6.QtWidgets import QApplication

    marks = [time.process_time()]
    dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
    assert dispatcher is not None

    def mark() -> None:
        marks.append(time.process_time())

    dispatcher.awake.connect(mark)
    dispatcher.aboutToBlock.connect(mark)
    end = time.monotonic() + 10
    try:
        while not until() and time.monotonic() < end:
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
    finally:
        dispatcher.awake.disconnect(mark)
        dispatcher.aboutToBlock.disconnect(mark)
    mark()
    return [(b - a) * 1000 for a, b in itertools.pairwise(marks)]


def timed_parts(parts: list[float]) -> Callable[[], None]:
    """From now on, note in ``parts`` the processor ms of each part of a band's steps (between
    two of a step's stops: `idle_bands._run` is handed them through a timer); the call that
    is returned stops it (a revision without the steps notes nothing)."""
    try:
        from pacific.gui import idle_bands
    except ImportError:
        return lambda: None
    real = getattr(idle_bands, "_run", None)
    if real is None:
        return lambda: None

    def timed(steps: Iterator[None]) -> Iterator[None]:
        while True:
            t0 = time.process_time()
            try:
                step = next(steps)
            except StopIteration:
                parts.append((time.process_time() - t0) * 1000)
                return
            parts.append((time.process_time() - t0) * 1000)
            yield step

    idle_bands._run = lambda steps: real(timed(iter(steps)))
    return functools.partial(setattr, idle_bands, "_run", real)


def wheel_turns(name: str, window, start: float, notches: int,  # type: ignore[no-untyped-def]
                add: Callable[[str, float], None]) -> None:
    """A quick turn of ``notches`` wheel notches (one gesture) from ``start`` times the fit,
    every band's layout forgotten first (as in a session: not what is made once per map):
    the longest turn of the event loop from the gesture to its band shown (the pause and its
    timers as they come) and after it, while the window is left idle (its neighbouring bands
    laid out: `idle_bands`)."""
    from PySide6.QtWidgets import QApplication

    view = window.view
    view.fit_to_window()
    view.zoom_by(start)
    QApplication.processEvents()
    forget_layouts(window, per_map=False)
    for _ in range(abs(notches)):  # (a wheel event per notch, each its own turn)
        view.gesture_zoom(NOTCH if notches > 0 else 1 / NOTCH)
        QApplication.processEvents()
    which = f"{abs(notches)} notches {'in' if notches > 0 else 'out'}, new band"
    parts: list[float] = []
    stop = timed_parts(parts)
    try:
        shown = turns(functools.partial(settled, window))
        add(f"{name} {which}: longest event-loop turn to the band shown", max(shown))
        add(f"{name} {which}: all its turns to the band shown", sum(shown))
        idle = getattr(window.zooming, "idle", None)
        after = turns(lambda: idle is None or not idle._queue)
        add(f"{name} {which}: longest event-loop turn of the idle work after", max(after))
    finally:
        stop()
    if parts:
        add(f"{name} {which}: longest part of a band's steps, to the band shown and after",
            max(parts))


def frames(n: int) -> dict[str, list[float]]:
    from PySide6.QtWidgets import QApplication

    windows = {size: build(size) for size in SIZES}
    # What lives as long as the program set aside from the cyclic collector's passes, as the
    # program does after its start (`startup.collector_paused`): else a pass over it all, tens
    # of ms, lands in a turn of the event loop now and then.
    gc.collect()
    gc.freeze()
    app = QApplication.instance()
    assert app is not None
    results: dict[str, list[float]] = {}

    def add(label: str, ms: float) -> None:
        results.setdefault(label, []).append(ms)

    def zoom(name: str, window, factor: float, which: str) -> None:  # type: ignore[no-untyped-def]
        view = window.view
        view.fit_to_window()
        window.pieces.layout()
        view.render_map_picture()
        view.viewport().repaint()
        # A wheel step: the old picture scaled at once ...
        view.gesture_zoom(factor)
        add(f"{name} zoom step (old picture scaled), {which}", cpu_ms(view.viewport().repaint))
        # ... and, once the zooming pauses, the labels and pieces laid out for the zoom, then
        # the picture painted afresh and shown.
        add(f"{name} labels and pieces laid out, {which}", cpu_ms(window.zooming.paused))
        picture = cpu_ms(view.render_map_picture)
        frame = cpu_ms(view.viewport().repaint)  # the pieces at their new size
        add(f"{name} map picture painted, {which}", picture)
        add(f"{name} first frame, {which}", frame)
        add(f"{name} repaint after a zoom, {which}", picture + frame)

    for window in windows.values():  # the zooms "seen before" are seen once first
        for factor in SEEN:
            zoom("", window, factor, "warm-up")
    results.clear()
    for i in range(n):
        for size, window in windows.items():
            name = f"{size[0]}×{size[1]}"
            view = window.view
            view.fit_to_window()
            window.pieces.layout()
            view.render_map_picture()
            view.viewport().repaint()
            add(f"{name} full repaint, fit to window", cpu_ms(view.viewport().repaint))
            # A zoom no frame has shown yet (nothing laid out or painted at it) ...
            zoom(name, window, NEW_FIRST * NEW_STEP ** i, "new zoom")
            add(f"{name} full repaint, zoomed in", cpu_ms(view.viewport().repaint))
            # ... and one shown before (its layouts and pictures kept).
            zoom(name, window, SEEN[i % len(SEEN)], "zoom seen before")
            app.processEvents()
    # Then (every layout forgotten each time) a band of zooms never laid out, and the fit at
    # start-up.
    for i in range(n):
        for size, window in windows.items():
            name = f"{size[0]}×{size[1]}"
            view = window.view
            view.fit_to_window()
            window.pieces.layout()
            view.gesture_zoom(NEW_FIRST * NEW_STEP ** i)
            forget_layouts(window)
            # (the pause's call, and the turns after it until the band is shown: one turn
            # laid it all out, `IdleBands.hurry` lays it out over several)
            add(f"{name} labels and pieces laid out, new band",
                cpu_ms(window.zooming.paused) + sum(turns(functools.partial(settled, window))))
            # The same band after a pause: laid out, every layout forgotten, the window left
            # idle (its neighbours laid out then: `idle_bands`), then a wheel notch in.
            window.zooming.paused()
            forget_layouts(window)
            window.zooming.paused()
            idle_for(window)
            view.gesture_zoom(NOTCH)
            add(f"{name} labels and pieces laid out, wheel step into the next band after idle",
                cpu_ms(window.zooming.paused))
            # A quick turn of two notches after a pause (one gesture, one layout at its end).
            view.gesture_zoom(1 / NOTCH)
            window.zooming.paused()
            forget_layouts(window)
            window.zooming.paused()
            idle_for(window)
            view.gesture_zoom(NOTCH ** 2)
            add(f"{name} labels and pieces laid out, two notches at once after idle",
                cpu_ms(window.zooming.paused))
            forget_layouts(window, requests=True)
            add(f"{name} labels and pieces laid out, first fit", cpu_ms(view.fit_to_window))
            app.processEvents()
            # A quick turn of three notches in and out, each into a band never laid out.
            wheel_turns(name, window, 1.0, 3, add)
            wheel_turns(name, window, NOTCH ** 4, -3, add)
    for window in windows.values():
        window.close()
    return results


def spread(values: list[float], digits: int = 1) -> str:
    """The median with the 10th and 90th percentiles."""
    ordered = sorted(values)
    lo = ordered[int(len(ordered) * 0.1)]
    hi = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"median {statistics.median(ordered):.{digits}f} (p10 {lo:.{digits}f}, " \
           f"p90 {hi:.{digits}f})"


# Wheel gestures for `digest`: from this many times the fit, this many notches at once.
GESTURES = ((1.0, 3), (1.0, 1), (1.0, 2), (NOTCH ** 2, 3), (NOTCH ** 5, -3), (NOTCH ** 6, -1),
            (NOTCH ** 3, 4), (NOTCH ** 7, -4))


def shown_now(window) -> list[tuple[object, ...]]:  # type: ignore[no-untyped-def]
    """Every label's place, variant, leader line and hidden flag (a hidden one: the flag
    alone), every stack's and merged marker's place, size and visibility (a hidden one: the
    flag alone; it stands where it was last shown)."""
    out: list[tuple[object, ...]] = []
    for rid, label in window.board_scene.map.labels.items():
        lead = None if label.leader is None else (round(label.leader.x(), 3),
                                                  round(label.leader.y(), 3))
        out.append((rid, "hidden") if label.hidden else
                   (rid, round(label.pos().x(), 4), round(label.pos().y(), 4), label.index,
                    lead))
    pieces = window.pieces
    for key, item in [*pieces.items.items(), *pieces.summaries.items()]:
        out.append((str(key), True, round(item.pos().x(), 4), round(item.pos().y(), 4),
                    round(item.size, 3)) if item.isVisible() else (str(key), False))
    return out


def digest(how: str) -> None:
    """Print a digest of what is shown (`shown_now`) at the fit and after each of `GESTURES`
    into a band never laid out (then again with the fit's band laid out, one below at hand
    zooming out), at both sizes: ``how`` "pause" calls the gesture's pause at once, "wheel"
    lets the event loop's timers come (both wait until the band is shown). Two trees that
    lay out alike print the same."""
    import hashlib

    from PySide6.QtWidgets import QApplication

    for size in SIZES:
        window = build(size)
        view = window.view
        lines = [repr(shown_now(window))]
        for keep_fit, (start, notches) in [(k, g) for k in (False, True) for g in GESTURES]:
            view.fit_to_window()
            view.zoom_by(start)
            QApplication.processEvents()
            forget_layouts(window)
            if keep_fit:
                view.fit_to_window()
                view.zoom_by(start)
            getattr(window.zooming, "idle", window)._queue = []
            for _ in range(abs(notches) if how == "wheel" else 1):
                view.gesture_zoom(NOTCH ** (notches if how != "wheel" else notches // abs(notches)))
                QApplication.processEvents()
            if how != "wheel":
                window.zooming.paused()
            turns(functools.partial(settled, window))
            lines.append(repr(shown_now(window)))
        print(f"{size[0]}×{size[1]}", hashlib.sha1("\n".join(lines).encode()).hexdigest(),
              "(the fit and", len(lines) - 1, "gestures)")
        window.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--digest", choices=("pause", "wheel"),
                        help="print a digest of the layouts after wheel gestures instead")
    args = parser.parse_args()
    if args.digest:
        digest(args.digest)
        return
    for label, times in frames(args.frames).items():
        timed = "laid out" not in label or "new" in label or "after idle" in label
        timed = timed and "all its turns" not in label and "longest part" not in label
        if not timed or "picture painted" in label or "first frame" in label:
            print(f"{label}: {spread(times)} ms CPU over {len(times)} samples")
            continue
        target = ZOOM_TARGET_MS if "after a zoom" in label else \
            LAYOUT_TARGET_MS if "laid out" in label or "turn" in label else REPAINT_TARGET_MS
        verdict = "ok" if statistics.median(times) <= target else "OVER"
        print(f"{label}: {spread(times)} ms CPU over {len(times)} samples "
              f"(target {target:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
