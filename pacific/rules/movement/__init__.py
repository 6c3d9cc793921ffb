"""The movement area of the rules (issue 6). Importing it registers its handlers, listers and
phase hooks.

- `spaces`: what a space is to a moving nation (friendly, occupied, air step costs).
- `check`: validating a `move` (land, sea, air) into a `MovePlan`; `landing`: no suicide
  flights and risky missions; `move`: the move handler (blitz captures, convoy captures, AA fire
  over flown territory, raids).
- `transport`: load / unload, amphibious assaults; `cap`: combat air patrols, submarines
  holding convoy zones, end-of-phase landing.
- `reach`: `reachable()` for the GUI and the AI; `listers`: `legal_actions`.
"""

from pacific.rules.movement import cap, listers, move, transport  # noqa: F401
from pacific.rules.movement.reach import Destination, reachable

__all__ = ["Destination", "reachable"]
