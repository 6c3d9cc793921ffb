"""A small store of the values made most recently (pictures, layouts), by key: at most
``limit`` of them, the least recently used dropped first."""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._values: dict[K, V] = {}  # least recently used first

    def get(self, key: K) -> V | None:
        value = self._values.pop(key, None)
        if value is not None:
            self._values[key] = value
        return value

    def put(self, key: K, value: V) -> None:
        self._values.pop(key, None)
        if len(self._values) >= self.limit:
            del self._values[next(iter(self._values))]
        self._values[key] = value

    def clear(self) -> None:
        self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
