"""Save files: versioned JSON, written atomically, loaded with full validation (STYLE habits 10
and 19).

    {"format": "pacific-save", "schema_version": 2, "version": "0.1.0", "map_id": "pacific",
     "seed": 7, "players": 3, "actions": [{"action": {...}, "dice": [3, 5]}, ...],
     "snapshot": {...}}

A game that did not begin with `Game.new_game` (a scenario, issue 14) also holds the position it
began from, ``start``; its actions replay from there.

A save's position (the snapshot) is the truth; the action log is its story. Loading never
executes anything from the file: it is parsed as JSON and checked against pydantic models that
refuse unknown keys; the snapshot is brought to today's schema (`pacific.rules.migrations`),
validated, and checked against every invariant of a position (`pacific.rules.invariants`). Then
the actions are replayed from a new game with their recorded dice, to rebuild the history (undo,
the event log). When the replay under today's rules does not give the saved position (a rules
fix since the game was saved), the game opens from the snapshot with a notice in
`History.notes`; it is not refused. Every failure is a `SaveFileError` whose message names the
file and the entry.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacific import __version__
from pacific.rules.actions import ActionFormatError, parse_action
from pacific.rules.board import BoardMap
from pacific.rules.dice import ChanceDice
from pacific.rules.engine import Game
from pacific.rules.errors import DiceExhausted, IllegalAction, SaveFileError
from pacific.rules.history import History
from pacific.rules.invariants import decision_problems, position_problems
from pacific.rules.jsonfile import JsonFileError, decode_json, read_limited
from pacific.rules.migrations import MigrationError, migrate_state
from pacific.rules.state import GameState

SAVE_FORMAT = "pacific-save"
# 2: the snapshot's state schema 2 (typed decisions) and the writing version (issue 13).
SAVE_SCHEMA_VERSION: Literal[2] = 2
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
    schema_version: Literal[1, 2]
    version: str | None = Field(default=None, max_length=40)   # Pacific that wrote it
    map_id: str = Field(min_length=1, max_length=100)
    seed: int
    players: Literal[2, 3]
    actions: list[SavedAction]
    snapshot: dict[str, Any]
    # The position the game began from, when it is not the standard start (issue 14).
    start: dict[str, Any] | None = None


def to_save(history: History) -> SaveFile:
    """The save-file form of a history that began with `Game.new_game`."""
    first = history.initial
    return SaveFile(
        format=SAVE_FORMAT, schema_version=SAVE_SCHEMA_VERSION, version=__version__,
        map_id=first.map_id,
        seed=first.seed, players=first.players,
        actions=[SavedAction(action=r.action.model_dump(mode="json"), dice=list(r.dice))
                 for r in history.records],
        snapshot=history.state.model_dump(mode="json"),
        start=None if history.standard_start else first.model_dump(mode="json"),
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
    """Validate a saved game fully and open it: its position, and the history its actions
    rebuild.

    ``resolve_board`` maps the file's map id to a board and raises `SaveFileError` for an
    unknown id. When the replay of the actions does not give the saved position, the history
    starts at the saved position and `History.notes` says why.

    Raises:
        SaveFileError: too large, not UTF-8, not JSON, too deep, unknown or missing keys, wrong
            values, a schema too new, an unknown map, or a position that breaks an invariant
            (the message lists what is inconsistent).
    """
    data = _decode(raw, source)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SaveFileError(f"{source}: {_where(tuple(err['loc']))}: {err['msg']}") from None
    snapshot = _position(save.snapshot, source, "snapshot")
    start = _position(save.start, source, "start") if save.start is not None else None
    board = resolve_board(save.map_id)
    if board.id != save.map_id or snapshot.map_id != save.map_id:
        raise SaveFileError(f"{source}: the game was saved on map {save.map_id!r}, not "
                            f"{board.id!r}")
    game = Game(board)
    problems = _problems(game, snapshot)
    if start is not None and (start.map_id != save.map_id or _problems(game, start)):
        raise SaveFileError(f"{source}: the position the game began from is inconsistent: "
                            + "; ".join(_problems(game, start) or ["another map"]))
    history, trouble = _replay(game, save, start, source)
    if trouble is None and history.state == snapshot and not problems:
        return history
    written = f"version {save.version}" if save.version else "an earlier version"
    if not problems:
        opened = History(game, snapshot)
        opened.notes.append(
            f"{source} was saved with {written} of Pacific; replaying its actions under "
            f"today's rules differs {trouble or 'at the end'}. The game opens from the saved "
            "position, and undo starts from here.")
        return opened
    if trouble is None and not _problems(game, history.state):
        # The saved position cannot be played on (e.g. a decision nobody can answer, left by
        # an older version), but its actions give a sound one under today's rules.
        history.notes.append(
            f"{source}: the saved position is inconsistent ({problems[0]}); the game opens "
            "from its actions, replayed under today's rules.")
        return history
    raise SaveFileError(f"{source}: the saved position is inconsistent: " + "; ".join(problems))


def _position(data: dict[str, Any], source: str, entry: str) -> GameState:
    try:
        return GameState.model_validate(migrate_state(data))
    except MigrationError as exc:
        raise SaveFileError(f"{source}: {entry}: {exc}") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SaveFileError(f"{source}: {entry}.{_where(tuple(err['loc']))}: "
                            f"{err['msg']}") from None


def _problems(game: Game, state: GameState) -> list[str]:
    problems = position_problems(game.board, state)
    if not problems and state.winner is None:
        problems = decision_problems(next(iter(game.play_actions(state)), None) is not None,
                                     state)
    return problems


def _replay(game: Game, save: SaveFile, start: GameState | None,
            source: str) -> tuple[History, str | None]:
    """The history the save's actions rebuild, and where it stopped, if it did."""
    history = History(game, start if start is not None else
                      game.new_game(players=save.players, seed=save.seed))
    for i, saved in enumerate(save.actions):
        state = history.state
        where = f"from action {i + 1} (round {state.round}, {state.power.value}, phase " \
                f"{state.phase.number})"
        try:
            action = parse_action(saved.action)
        except ActionFormatError as exc:
            raise SaveFileError(f"{source}: actions[{i}].action.{exc}") from None
        # Dice as decisions: an action saved while it waited for dice has none recorded and
        # waits again; every other action finds its dice in the record.
        dice = ChanceDice(saved.dice)
        try:
            history.apply(action, dice)
        except (IllegalAction, DiceExhausted):
            return history, where
        if dice.position != len(saved.dice):
            return history, where
    return history, None


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
