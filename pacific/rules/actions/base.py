"""The base of every action: a small frozen value with a JSON form and a one-line description."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ActionBase(BaseModel):
    # Each kind's validator is built when first used (``defer_build``), not at import: the
    # window's start uses a few kinds out of forty (see docs/performance.md).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: str

    def describe(self) -> str:
        """One line a player understands, e.g. "Japan buys 2 infantry"."""
        return self.kind.replace("_", " ")

    def to_json(self) -> str:
        return self.model_dump_json()
