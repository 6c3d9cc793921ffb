"""The tabletop companion's edits: the handlers of the `edit_...` actions
(`pacific.rules.actions.edit`). Importing this package registers them with the engine.

- `turn`: edit mode on and off, round / power / phase, the hits of a battle waiting for
  casualties;
- `units`: add and remove units, damaged battleships, submerged submarines;
- `books`: control, treasuries, production levels, the British Convoy marker, VP, kamikaze
  tokens, units bought.

Every edit is refused when edit mode is off (EDIT-1, in `pacific.rules.engine`), and when it
would leave the position inconsistent (`pacific.rules.invariants`).
"""

from pacific.rules.editing import books, turn, units

__all__ = ["books", "turn", "units"]
