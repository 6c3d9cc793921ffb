"""`scenario(...)`: build a game position in a few lines.

    game, state = scenario(
        power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
        units={"burma": "2 infantry india, 1 aa_gun india", "siam": "3 infantry japan"},
        owners={"yunnan": Nation.JAPAN},
    )

With ``units`` given, the board's starting units are removed first and only those listed are
placed (in the order given; ids start at 1). ``u(state, space, type, owner)`` finds unit ids.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pacific.rules.board_map import BoardMap
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.setup import new_game
from pacific.rules.state import GameState
from pacific.rules.units import UnitType, parse_unit_type

MAPS = Path(__file__).parent / "maps"
REPO_MAPS = Path(__file__).parent.parent / "maps"


@cache
def board(name: str = "mini") -> BoardMap:
    for root in (MAPS, REPO_MAPS):
        if (root / name / "board.json").exists():
            return load_board(root / name)
    raise FileNotFoundError(f"no board {name!r} under {MAPS} or {REPO_MAPS}")


def _parse_stack(text: str) -> list[tuple[int, UnitType, Nation]]:
    """"2 infantry india, 1 aa_gun india" → [(2, infantry, india), (1, aa_gun, india)]."""
    out = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        count, type_word, owner = int(words[0]), words[1], Nation(words[2])
        out.append((count, parse_unit_type(type_word), owner))
    return out


def scenario(
    board_name: str = "mini",
    *,
    power: Power = Power.JAPAN,
    phase: Phase = Phase.PURCHASE,
    round: int = 2,
    units: dict[str, str] | None = None,
    owners: dict[str, Nation] | None = None,
    treasury: dict[Nation, int] | None = None,
    players: int = 3,
    seed: int = 0,
    **fields: Any,
) -> tuple[Game, GameState]:
    """A game on ``board_name`` at the given round, power and phase.

    ``round`` defaults to 2 so that Japan's first-turn rule (R-FIRSTTURN-1) is off unless asked.
    """
    b = board(board_name)
    state = new_game(b, players=3 if players == 3 else 2, seed=seed)
    state.round, state.power, state.phase = round, power, phase
    if units is not None:
        state.units.clear()
        state.next_unit_id = 1
        for space, text in units.items():
            for count, unit_type, owner in _parse_stack(text):
                for _ in range(count):
                    state.add_unit(unit_type, owner, space, start_space=space)
    if owners:
        state.territory_owner.update(owners)
    state.owner_at_turn_start = dict(state.territory_owner)
    if treasury:
        state.treasury.update(treasury)
    for key, value in fields.items():
        setattr(state, key, value)
    return Game(b), state


def u(state: GameState, space: str, unit_type: str | UnitType, owner: Nation | None = None,
      count: int | None = None) -> list[int]:
    """Ids of units of a type (and owner) in a space, lowest first; ``count`` takes the first n."""
    t = parse_unit_type(unit_type) if isinstance(unit_type, str) else unit_type
    ids = sorted(x.id for x in state.units.values()
                 if x.space == space and x.type is t and (owner is None or x.owner is owner))
    return ids if count is None else ids[:count]


def aboard(state: GameState, space: str, ship: str, cargo: str,
           owner: Nation | None = None) -> int:
    """Put every ``cargo`` unit (of ``owner``) in ``space`` aboard the first ``ship`` there, as a
    saved position records it (carried_by); returns the ship's id."""
    carrier = u(state, space, ship, owner)[0]
    for unit in u(state, space, cargo, owner):
        state.units[unit].carried_by = carrier
    return carrier


def snapshot(state: GameState) -> str:
    """A byte-exact form of the state, to check that a refusal changed nothing."""
    return state.model_dump_json()
