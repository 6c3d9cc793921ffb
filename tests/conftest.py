"""Shared test set-up."""

from __future__ import annotations

import os
import tempfile

import pytest

# Tests never write into the user's home: the GUI's caches go to a folder of this test session
# (made once, so each cache is built once per run and reused by later tests). pytest-xdist's
# workers inherit the folder of the run that started them and share it: a cache file is written
# whole under a hidden name, then renamed (`geometry_cache.write_atomically`).
if "PACIFIC_CACHE_DIR" not in os.environ:
    os.environ["PACIFIC_CACHE_DIR"] = tempfile.mkdtemp(prefix="pacific-test-cache-")


@pytest.fixture(autouse=True)
def _english_text():  # type: ignore[no-untyped-def]
    """Every test starts in English, whatever the machine's locale or an earlier test chose
    (``pacific --lang it``, Preferences): the active language is process-wide."""
    from pacific.text import set_language

    set_language("en")
    yield
    set_language("en")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only when asked for (``-m slow``): the default run stays
    within its five minutes, and the long runs repeat the same checks at scale."""
    marks = config.getoption("-m") or ""
    if "slow" in marks and "not slow" not in marks:
        return
    skip = pytest.mark.skip(reason="run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
