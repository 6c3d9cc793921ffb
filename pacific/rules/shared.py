"""Containers that game states share until one of them writes (copy on write).

The history keeps one state per action, and most actions change neither control nor the
treasuries: a copy of a state (`pacific.rules.copying.clone_state`) shares such a container
with the state it was made from instead of copying it. The copy marks it ``shared``; from then
on the container refuses to be changed in place (`SharedDataError`), so the older state, which
the history keeps, can never be rewritten through it. A state writes only to a container of
its own: `GameState.own(name)` copies a shared one first.

A shared container is equal to, dumps as, pickles as and deep-copies as a plain one.
"""

from __future__ import annotations

from typing import Any, SupportsIndex, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class SharedDataError(RuntimeError):
    """A rule changed a container that an older state shares: change it through
    `GameState.own(name)`. Always a bug of the engine, never a player's mistake."""


class SharedDict(dict[K, V]):
    """A dict that refuses changes made to it in place while ``shared``."""

    __slots__ = ("shared",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shared = False

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled or deep-copied dict is nobody else's: it starts unshared.
        return (type(self), (dict(self),))

    def _refuse(self) -> None:
        if self.shared:
            raise SharedDataError("a dict of a state was changed in place while shared with "
                                  "another state: change it through GameState.own(name)")

    def __setitem__(self, key: K, value: V) -> None:
        self._refuse()
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        self._refuse()
        super().__delitem__(key)

    def __ior__(self, other: Any) -> SharedDict[K, V]:  # type: ignore[override,misc]
        self._refuse()
        super().update(other)
        return self

    def pop(self, *args: Any) -> Any:
        self._refuse()
        return super().pop(*args)

    def popitem(self) -> tuple[K, V]:
        self._refuse()
        return super().popitem()

    def clear(self) -> None:
        self._refuse()
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._refuse()
        super().update(*args, **kwargs)

    def setdefault(self, key: K, default: V) -> V:
        self._refuse()
        return super().setdefault(key, default)


class SharedList(list[T]):
    """A list that refuses changes made to it in place while ``shared``."""

    __slots__ = ("shared",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.shared = False

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (list(self),))

    def _refuse(self) -> None:
        if self.shared:
            raise SharedDataError("a list of a state was changed in place while shared with "
                                  "another state: change it through GameState.own(name)")

    def __setitem__(self, index: Any, value: Any) -> None:
        self._refuse()
        super().__setitem__(index, value)

    def __delitem__(self, index: Any) -> None:
        self._refuse()
        super().__delitem__(index)

    def __iadd__(self, other: Any) -> SharedList[T]:  # type: ignore[override,misc]
        self._refuse()
        super().extend(other)
        return self

    def __imul__(self, count: SupportsIndex) -> SharedList[T]:
        self._refuse()
        return super().__imul__(count)

    def append(self, value: T) -> None:
        self._refuse()
        super().append(value)

    def extend(self, values: Any) -> None:
        self._refuse()
        super().extend(values)

    def insert(self, index: SupportsIndex, value: T) -> None:
        self._refuse()
        super().insert(index, value)

    def pop(self, index: SupportsIndex = -1) -> T:
        self._refuse()
        return super().pop(index)

    def remove(self, value: T) -> None:
        self._refuse()
        super().remove(value)

    def clear(self) -> None:
        self._refuse()
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._refuse()
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self._refuse()
        super().reverse()
