"""An odds query runs with the garbage collector paused (pacific/odds/heap.py): the chain's
short-lived objects are freed by their reference counts, and a full collection over them cost
about 20 ms of some queries (docs/performance.md). The collector is left as the caller had it,
also when the query raises."""

from __future__ import annotations

import gc
import importlib
from collections.abc import Iterator
from typing import Any

import pytest

from pacific.odds import BattleSpec, ForceSpec
from pacific.odds.heap import collector_paused
from pacific.odds.model import BattleKind
from pacific.rules.units import UnitType as U

# The module, not the function of the same name that pacific.odds exports.
calc = importlib.import_module("pacific.odds.calculate")

SPEC = BattleSpec(
    kind=BattleKind.LAND,
    attacker=ForceSpec(units={U.INFANTRY: 3, U.ARMOR: 2}),
    defender=ForceSpec(units={U.INFANTRY: 4}),
)


@pytest.fixture
def collector_enabled() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def _record(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    seen: list[bool] = []
    evaluate = calc.evaluate

    def recording(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return evaluate(*args, **kwargs)

    monkeypatch.setattr(calc, "evaluate", recording)
    return seen


@pytest.mark.usefixtures("collector_enabled")
def test_the_solver_and_the_simulation_run_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _record(monkeypatch)
    calc.calculate(SPEC)
    calc.simulated(SPEC, 1000, seed=1)
    assert seen == [False, False]
    assert gc.isenabled()


def test_a_caller_that_paused_the_collector_keeps_it_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _record(monkeypatch)
    was = gc.isenabled()
    gc.disable()
    try:
        calc.calculate(SPEC)
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()
    assert seen == [False]


@pytest.mark.usefixtures("collector_enabled")
def test_a_query_that_raises_leaves_the_collector_running() -> None:
    @collector_paused
    def failing() -> None:
        assert not gc.isenabled()
        raise ValueError("bad battle")

    with pytest.raises(ValueError, match="bad battle"):
        failing()
    assert gc.isenabled()
