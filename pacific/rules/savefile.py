"""Save files: versioned JSON, written atomically, loaded with full validation (STYLE habit 10).

    {"format": "pacific-save", "schema_version": 1, "map_id": "pacific", "seed": 7,
     "players": 3, "actions": [{"action": {...}, "dice": [3, 5]}, ...], "snapshot": {...}}

Loading never executes anything from the file: it is parsed as JSON, checked against pydantic
models that refuse unknown keys, and the actions are replayed through the engine from a new game
with the recorded dice; the result must equal the stored snapshot. Every failure is a
`SaveFileError` whose message names the file and the entry.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacific.rules.actions import ActionFormatError, parse_action
from pacific.rules.board import BoardMap
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.errors import DiceExhausted, IllegalAction, SaveFileError
from pacific.rules.history import History
from pacific.rules.jsonfile import JsonFileError, decode_json, read_limited
from pacific.rules.state import GameState

SAVE_FORMAT = "pacific-save"
SAVE_SCHEMA_VERSION: Literal[1] = 1
MAX_SAVE_BYTES = 32 * 1024 * 1024
MAX_JSON_DEPTH = 32

Die = Annotated[int, Field(ge=1, le=6)]
BoardResolver = Callable[[str], BoardMap]


class SavedAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: dict[str, Any]
    dice: list[Die] = Field(default_factory=list)


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["pacific-save"]
    schema_version: Literal[1]
    map_id: str = Field(min_length=1, max_length=100)
    seed: int
    players: Literal[2, 3]
    actions: list[SavedAction]
    snapshot: dict[str, Any]


def to_save(history: History) -> SaveFile:
    """The save-file form of a history that began with `Game.new_game`."""
    first = history.initial
    return SaveFile(
        format=SAVE_FORMAT, schema_version=SAVE_SCHEMA_VERSION, map_id=first.map_id,
        seed=first.seed, players=first.players,
        actions=[SavedAction(action=r.action.model_dump(mode="json"), dice=list(r.dice))
                 for r in history.records],
        snapshot=history.state.model_dump(mode="json"),
    )


def dumps(history: History) -> str:
    return to_save(history).model_dump_json(indent=1) + "\n"


def save_game(path: str | Path, history: History) -> None:
    """Write the game atomically: a temporary file in the same folder, flushed to disk, then
    renamed over ``path``. A crash leaves either the old file or the new one, never half.

    Raises:
        SaveFileError: the file cannot be written (the message names it and the reason).
    """
    target = Path(path)
    text = dumps(history).encode("utf-8")
    folder = target.parent if str(target.parent) else Path(".")
    tmp_name: str | None = None
    try:
        with tempfile.NamedTemporaryFile(
                "wb", dir=folder, prefix=f".{target.name}.", suffix=".tmp", delete=False) as tmp:
            tmp_name = tmp.name
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, target)
        tmp_name = None
    except OSError as exc:
        raise SaveFileError(f"{target}: cannot write the saved game ({exc.strerror})") from None
    finally:
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)


def _decode(raw: bytes, source: str) -> Any:
    try:
        return decode_json(raw, source, what="saved game", max_bytes=MAX_SAVE_BYTES,
                           max_depth=MAX_JSON_DEPTH)
    except JsonFileError as exc:
        raise SaveFileError(str(exc)) from None


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top level)"


def parse_save(raw: bytes, resolve_board: BoardResolver, source: str = "saved game") -> History:
    """Validate a saved game fully and rebuild its history by replaying its actions.

    ``resolve_board`` maps the file's map id to a board and raises `SaveFileError` for an
    unknown id.

    Raises:
        SaveFileError: too large, not UTF-8, not JSON, too deep, unknown or missing keys, wrong
            values, an unknown map, an action that is malformed or illegal, dice that do not
            match, or a replay that does not give the stored snapshot.
    """
    data = _decode(raw, source)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SaveFileError(f"{source}: {_where(tuple(err['loc']))}: {err['msg']}") from None
    try:
        snapshot = GameState.model_validate(save.snapshot)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SaveFileError(f"{source}: snapshot.{_where(tuple(err['loc']))}: "
                            f"{err['msg']}") from None
    board = resolve_board(save.map_id)
    if board.id != save.map_id:
        raise SaveFileError(f"{source}: the game was saved on map {save.map_id!r}, not "
                            f"{board.id!r}")
    game = Game(board)
    history = History(game, game.new_game(players=save.players, seed=save.seed))
    for i, saved in enumerate(save.actions):
        where = f"{source}: actions[{i}]"
        try:
            action = parse_action(saved.action)
        except ActionFormatError as exc:
            raise SaveFileError(f"{where}.action.{exc}") from None
        dice = FixedDice(saved.dice)
        try:
            history.apply(action, dice)
        except IllegalAction as exc:
            raise SaveFileError(f"{where} ({action.describe()}) is illegal: {exc}") from None
        except DiceExhausted as exc:
            raise SaveFileError(f"{where}: not enough recorded dice: {exc}") from None
        if dice.remaining:
            raise SaveFileError(f"{where}: {dice.remaining} recorded dice were not used")
    if history.state != snapshot:
        raise SaveFileError(f"{source}: replaying the actions does not give the saved "
                            "snapshot (the file was edited or is corrupt)")
    return history


def load_game(path: str | Path, resolve_board: BoardResolver) -> History:
    """Read and validate a saved game (see `parse_save`).

    Raises:
        SaveFileError: the file cannot be read or is not a valid saved game.
    """
    p = Path(path)
    try:
        raw = read_limited(p, what="saved game", max_bytes=MAX_SAVE_BYTES)
    except JsonFileError as exc:
        raise SaveFileError(str(exc)) from None
    return parse_save(raw, resolve_board, str(p))
