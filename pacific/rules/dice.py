"""Every die in the game comes from one injected source.

- `SeededDice`: normal play. Roll *n* of the game is a pure function of (seed, n), so a saved
  game that stores the seed and the count of rolls drawn continues exactly.
- `FixedDice`: tests and replays, a list of values used in order.
- `ChanceDice`: dice as decisions (chance nodes). Values already known are handed
  out in order; when none are left, the roll raises `NeedDice` and the engine stops, with a
  `DiceRoll` decision pending, until a `roll_dice` action brings the values (typed in at the
  table, or the game's seeded dice). Nothing waits or blocks inside `Game.apply`.

The engine asks for exactly the dice the rules call for, no more.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from pacific.rules.errors import DiceExhausted


class DiceSource(Protocol):
    def roll(self, count: int, purpose: str) -> list[int]:
        """Roll ``count`` six-sided dice for the stated purpose ("Japan attacks in Burma")."""
        ...


# One group of dice rolled together: (count, purpose, hit on or None).
DiceRequest = tuple[int, str, int | None]


class NeedDice(Exception):
    """Raised by `ChanceDice` when the rules call for dice whose values nobody has given yet.

    ``requests`` are the groups asked for now (all the dice of one roll); ``consumed`` are the
    values this source had already handed out, which the engine keeps in the pending decision
    so that the same step or action can be run again with all of them."""

    def __init__(self, requests: Sequence[DiceRequest], consumed: Sequence[int]) -> None:
        super().__init__(f"waiting for {sum(r[0] for r in requests)} dice")
        self.requests = tuple(requests)
        self.consumed = tuple(consumed)
        self.power: Any = None   # set by the context that asked: the power that rolls
        self.labels: tuple[Any, ...] = ()  # and what each group is for, as values


class ChanceDice:
    """Dice as decisions: hands out the ``values`` given, then raises `NeedDice`."""

    def __init__(self, values: Iterable[int] = ()) -> None:
        self.values = list(values)
        self.position = 0

    def roll(self, count: int, purpose: str) -> list[int]:
        return self.roll_groups([(count, purpose, None)])[0]

    def roll_groups(self, requests: Sequence[DiceRequest]) -> list[list[int]]:
        """Values for every group, or `NeedDice` for all of them when none are left.

        Raises:
            NeedDice: no value is left; the engine waits for a roll.
            DiceExhausted: some values are left but not enough: the values given do not match
                the dice asked for (a corrupt save or a bad replay).
        """
        total = sum(r[0] for r in requests)
        left = len(self.values) - self.position
        if left == 0 and total > 0:
            raise NeedDice(requests, self.values[:self.position])
        if left < total:
            raise DiceExhausted(f"{requests[0][1]}: needs {total} dice but only {left} "
                                "values were given")
        out = []
        for count, _purpose, _hit_on in requests:
            out.append(self.values[self.position:self.position + count])
            self.position += count
        return out


def _die(seed: int, index: int) -> int:
    # Counter-based: hash (seed, index) and reject the bias-causing top values.
    attempt = 0
    while True:
        digest = hashlib.blake2b(f"{seed}:{index}:{attempt}".encode(), digest_size=8).digest()
        value = int.from_bytes(digest, "big")
        limit = (2**64 // 6) * 6
        if value < limit:
            return value % 6 + 1
        attempt += 1


class SeededDice:
    """Deterministic dice: the n-th die of a game depends only on the seed and n."""

    def __init__(self, seed: int, drawn: int = 0) -> None:
        self.seed = seed
        self.drawn = drawn

    def roll(self, count: int, purpose: str) -> list[int]:
        out = [_die(self.seed, self.drawn + i) for i in range(count)]
        self.drawn += count
        return out


class FixedDice:
    """Dice from a list, in order. Running out is an error, never a silent extra roll."""

    def __init__(self, values: Iterable[int]) -> None:
        self.values = list(values)
        for v in self.values:
            if not 1 <= v <= 6:
                raise ValueError(f"a die shows 1 to 6, not {v}")
        self.position = 0
        self.log: list[tuple[str, list[int]]] = []

    def roll(self, count: int, purpose: str) -> list[int]:
        if self.position + count > len(self.values):
            raise DiceExhausted(
                f"{purpose}: needs {count} dice but only "
                f"{len(self.values) - self.position} fixed values are left"
            )
        out = self.values[self.position:self.position + count]
        self.position += count
        self.log.append((purpose, out))
        return out

    @property
    def remaining(self) -> int:
        return len(self.values) - self.position


class RecordingDice:
    """Wraps another source and remembers every value drawn, for history and save files."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.values: list[int] = []

    def roll(self, count: int, purpose: str) -> list[int]:
        out = self.inner.roll(count, purpose)
        self.values.extend(out)
        return out
