"""The movement area of the rules. Its handlers, listers and phase hooks (`move`,
`transport`, `cap`, `listers`) register when the engine's registry is first read
(`pacific.rules.registry.complete`), not when this package is imported.

Modules:
- `spaces`: what a space is to a moving nation (friendly, occupied, air step costs, landing).
- `check`: validating a `move` (land, sea, air) into a `MovePlan`; `landing`: no suicide
  flights and risky missions; `move`: the move handler (blitz captures, convoy captures, AA
  fire over flown territory, raids).
- `transport`: load / unload and amphibious assaults; `cap`: combat air patrols, submarines
  holding convoy zones, the end-of-phase landing checks.
- `reach`: `reachable()` for the GUI and the AI; `listers`: `legal_actions`.
- `tables`: facts of a board computed once (passable neighbours, air bases), kept with the
  board.
- `fast`: the speed machinery, which decides no rule: the `Memory` a `Game` owns (answers
  kept from one listing to the next), the read view of a state (units indexed by space,
  repeated answers remembered while a state is only read), incremental listing and
  remembered path checks. Listing without it (`Game(board, remember=False)`) is the reference
  tests/test_movement_incremental.py compares with; tests/test_movement_fast.py checks the
  other fast paths against slow references; CONTRIBUTING.md says what rule code must keep
  in mind.

Decisions (each also at the code that applies it):
- A `move` is one group of one element (land, sea or air) along an explicit path; the whole
  move is checked before anything changes or any die is rolled.
- Combat movement must enter an enemy space for land units and must end at a battle, a raid
  target or an assault target for aircraft (OQ2-3). Ships move freely in phase 3: they may be
  placing for an assault or a bombardment; their battles follow from where they stop.
- Land units and aircraft make one combat move each; ships may move in several steps (a
  transport picking up cargo, R-TRANS-3) until they enter an enemy-occupied zone.
- AA fire over flown territory (R-AAFLY-1..3): hits remove aircraft in the move's
  `casualty_order`, then in the order of `units`. Once per territory per aircraft per turn.
- Risky missions (R-AIR-3, OQ2-18): `landing` declares a territory held since the start of the
  turn or a zone a friendly carrier can reach in phase 6 (2 fighters per carrier, counting the
  declarations already made). Without a declaration a territory must be in reach.
- Loading takes the land unit's whole move; boarding in combat movement prepares an assault,
  so such cargo lands only in an assault that turn (R-NONCOMBAT-2). Cargo that may not land
  this turn (other nation's troops, R-TRANS-9/13; loaded after the ship fought, R-TRANS-12)
  is marked `cargo_locked`.
- Unloading in combat movement is always an amphibious assault (R-TRANS-7, rulebook p. 33);
  into an empty enemy territory with no enemy ships in the zone it captures on landing
  (OQ2-19). With enemy units in the zone the naval battle comes first: the cargo stays aboard,
  listed in the assault record, and combat lands it.
- Aircraft still without a landing place when non-combat movement ends are lost (fighters at
  sea first land on a friendly carrier there); patrols not landed in phase 2 are lost.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacific.rules.movement.reach import Destination, reachable

__all__ = ["Destination", "reachable"]


def __getattr__(name: str) -> Any:
    """`reachable` and `Destination`, imported on first use (PEP 562): the events of movement
    are imported without the movement rules."""
    if name in __all__:
        return getattr(import_module("pacific.rules.movement.reach"), name)
    raise AttributeError(f"module 'pacific.rules.movement' has no attribute {name!r}")
