"""The mass of the pairs of states a chain has reached, kept by band of levels for the solver
(solver.py).

A round either takes health from the battle or changes nothing (every hit lands on a unit or
is lost, OQ3-7): mass only flows from a level of total health to lower ones. The solver
expands the highest band of `BAND` levels first, one batch per band, so only the pairs its
mass reaches are stored, by band and then by (round, air flag): memory follows the mass, not
the product of the two sides' states.
"""

from __future__ import annotations

import heapq
import itertools

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
# (round, air flag) -> chunks of (pair keys, mass), as stored: a key may come more than once.
Groups = dict[tuple[int, int], list[tuple[Ints, Floats]]]

# The levels of one batch of the solver (`Bands.pop`), measured on the battles of
# benchmarks/odds_vs_vectorised.py (docs/odds.md): wider bands mean fewer expansions, and
# numpy's cost per call dominates; bands of 16 levels took 27 expansions for the land battle
# of 80 a side, bands of 24 take 22, for 2% more pairs expanded.
BAND = 24


class Bands:
    """Pair keys (attacker state x defender states + defender state) with their mass, by band
    of `BAND` levels of the pair's total health, highest band first."""

    def __init__(self, att_health: Ints, dfn_health: Ints) -> None:
        """`att_health[i]`, `dfn_health[j]`: the health of each side's states."""
        self.att_health, self.dfn_health = att_health, dfn_health
        self.dfn_n = len(dfn_health)
        self._bands: dict[int, Groups] = {}
        self._heap: list[int] = []
        self._queued: set[int] = set()

    def __bool__(self) -> bool:
        return bool(self._heap)

    def add(self, r: int, w: int, i: Ints, j: Ints, values: Floats) -> None:
        """Keep the mass `values` of the pairs (i, j) for round r, air flag w."""
        key = i * self.dfn_n + j
        band = (self.att_health[i] + self.dfn_health[j]) // BAND
        # Bands are small numbers: a stable sort of 16-bit keys is a radix sort (linear).
        order = np.argsort(band.astype(np.int16), kind="stable")
        band, key, values = band[order], key[order], values[order]
        bounds = [0, *(np.flatnonzero(np.diff(band)) + 1).tolist(), len(band)]
        for a, b in itertools.pairwise(bounds):
            lv = int(band[a])
            self._bands.setdefault(lv, {}).setdefault((r, w), []).append((key[a:b], values[a:b]))
            if lv not in self._queued:
                self._queued.add(lv)
                heapq.heappush(self._heap, -lv)

    def pop(self) -> tuple[int, Groups]:
        """The next batch: the mass of the highest band of `BAND` levels (total health).
        A round takes a pair to a lower level (or back to itself, folded in), so a batch of
        one level would expand each pair once; a band expands in one batch what flows past
        it, and the mass that stays within the band (a round of one or two hits) is expanded
        in the band's next batch (the chain is linear: the order of expansion changes the
        work, not the answer). Few large batches instead of one per level: the cost of
        numpy's calls per batch dominates."""
        band = -heapq.heappop(self._heap)
        self._queued.discard(band)
        return band, self._bands.pop(band, {})

    def take_back(self, band: int, here_by: Groups, later: list[tuple[int, int]]) -> None:
        """Move the mass stored in the batch's own band for the groups still `later` in it
        (a later round, or the aircraft withdrawn) into it; the rest waits for the band's
        next batch."""
        found = self._bands.get(band)
        if not found:
            return
        for rw in later:
            more = found.pop(rw, None)
            if more:
                here_by.setdefault(rw, []).extend(more)
        if not found:
            del self._bands[band]


def summed(chunks: list[tuple[Ints, Floats]]) -> tuple[Ints, Floats]:
    """The pairs of some stored chunks and their mass summed per pair, in key order (a pair
    reached from several pairs of a batch is stored once per batch that reached it).

    When the keys span few more values than there are keys (on land, where a side's states
    are few hundred), one count over that span instead of sorting them (np.unique): the same
    sums, each added up in the same order."""
    keys = np.concatenate([k for k, _ in chunks])
    mass = np.concatenate([v for _, v in chunks])
    low = int(keys.min())
    span = int(keys.max()) - low + 1
    if span <= _DENSE * len(keys):
        total = np.bincount(keys - low, weights=mass, minlength=span)
        there = np.flatnonzero(total)  # stored mass is positive
        return there + low, np.asarray(total[there], dtype=np.float64)
    unique, inverse = np.unique(keys, return_inverse=True)
    return unique, np.asarray(np.bincount(inverse, weights=mass), dtype=np.float64)


# The most values per key that `summed` counts over instead of sorting.
_DENSE = 8
