"""The rules' file formats: what Pacific reads from disk and writes to it, checked before use.

- Boards: `mapfile` reads a ``board.json`` into a `BoardMap` (`load_board`), `mapcheck` checks
  what its shape cannot say (adjacency, setup, production), `maps` finds a board by its id.
- Saved games: `savefile` (the versioned format, loading and saving), `saved_position` (a
  saved position checked as JSON), `migrations` (old positions brought to today's schema),
  `savewriting` (atomic writes, leftovers of killed saves).
- Scenarios: `scenario`, a position written for people (docs/scenarios.md).
- `jsonfile`: reading untrusted JSON safely, shared by all of the above.

Nothing here decides a rule: a file's position is checked against the rules' own invariants
(`pacific.rules.invariants`) and played by the engine (`pacific.rules.engine`).
"""
