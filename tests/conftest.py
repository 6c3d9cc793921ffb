"""Shared test set-up."""

from __future__ import annotations

import os
import tempfile

# Tests never write into the user's home: the GUI's geometry cache goes to a folder of this
# test session (made once, so the cache is built once per run and reused by later tests).
os.environ.setdefault("PACIFIC_CACHE_DIR", tempfile.mkdtemp(prefix="pacific-test-cache-"))
