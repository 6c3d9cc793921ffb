"""The Qt binding itself: PySide6 6.12.0 under Python 3.11 loses a reference to None on every
call of a void method, so a long session (or the interpreter's exit) dies with "Fatal Python
error: none_dealloc". pyproject.toml excludes that release; this test fails on a binding that
has the fault."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject, QPointF


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12")
def test_void_calls_keep_the_reference_count_of_none() -> None:
    obj = QObject()
    point = QPointF(1, 2)
    before = sys.getrefcount(None)
    for _ in range(500):
        obj.setObjectName("x")
        point.setX(3)
    after = sys.getrefcount(None)
    assert after - before > -100, f"None lost {before - after} references in 1000 void calls"
