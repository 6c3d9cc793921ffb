"""Save files: versioned JSON, written atomically, loaded with full validation.

    {"format": "pacific-save", "schema_version": 3, "version": "0.1.0", "map_id": "pacific",
     "seed": 7, "players": 3, "actions": [{"action": {...}, "dice": [3, 5]}, ...],
     "snapshot": {...}, "computer": {"japan": "normal"}}

``computer`` (schema 3) names the powers the computer plays and at what level, so that a game
against the computer opens as one; null when people play every seat.

A game that did not begin with `Game.new_game` (a scenario) also holds the position it
began from, ``start``; its actions replay from there.

A save's position (the snapshot) is the truth; the action log is its story. Loading never
executes anything from the file: it is parsed as JSON and checked against pydantic models that
refuse unknown keys; the snapshot is brought to today's schema (`pacific.rules.migrations`),
validated, and checked against every invariant of a position (`pacific.rules.invariants`); every
action is parsed. The game then opens at the snapshot at once, and the actions are
replayed from a new game with their recorded dice afterwards, to rebuild the history (undo, the
event log): `History.rebuild` a step at a time, or all at once when the history is first asked
for its story. When the replay under today's rules does not give the saved position (a rules
fix since the game was saved), the game goes on from the snapshot with a notice in
`History.notes`; it is not refused. Every failure is a `SaveFileError` whose message names the
file and the entry; all of them are raised at open, none during the replay.

Hostile files: the cheap checks come first and bound the work. The file must be a
regular file of at most `MAX_SAVE_BYTES` (a FIFO or ``/dev/zero`` is refused at once); before
decoding, its count of values bounds what decoding builds (`MAX_SAVE_VALUES`); then the count of
actions (`MAX_SAVE_ACTIONS`) is checked before any is validated. Every number is a strict,
bounded integer (`pacific.rules.fields`), the snapshot's included (`validate_snapshot`).
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacific import __version__
from pacific.rules.actions import Action, ActionFormatError, parse_action
from pacific.rules.board import BoardMap
from pacific.rules.dice import ChanceDice
from pacific.rules.engine import Game
from pacific.rules.errors import N_, DiceExhausted, IllegalAction, Message, SaveFileError, Term
from pacific.rules.fields import (
    MAX_COUNT,
    MAX_IPCS,
    MAX_PATH_SPACES,
    MAX_SEED,
    MAX_UNIT_ID,
    Die,
    ExactInt,
    MapId,
    Seed,
)
from pacific.rules.history import History, Story
from pacific.rules.invariants import decision_problems, listing, position_problems
from pacific.rules.jsonfile import (
    JsonFileError,
    decode_json,
    error_message,
    file_kind,
    loc_part,
    loc_text,
    read_limited,
)
from pacific.rules.migrations import MigrationError, migrate_state
from pacific.rules.nations import Power
from pacific.rules.state import GameState

SAVE_FORMAT = "pacific-save"
# 2: the snapshot's state schema 2 (typed decisions) and the writing version.
# 3: the computer's seats (`History.computer`).
SAVE_SCHEMA_VERSION: Literal[3] = 3
# The computer's levels (pacific.ai.levels.LEVELS, which the rules may not import; a test keeps
# the two the same).
ComputerLevel = Literal["easy", "normal", "hard"]
MAX_SAVE_BYTES = 32 * 1024 * 1024
MAX_JSON_DEPTH = 32
# A long game is a few thousand actions (about 150 a power's turn); 20,000 is several times
# that, so no real game is ever refused a save. Replaying an action to rebuild the history
# costs about 0.4 ms and 20 KB on the Pacific board (benchmarks/save_load.py; the game opens
# before): the bound also caps what a crafted file of legal actions can cost.
MAX_SAVE_ACTIONS = 20_000
MAX_DICE_PER_ACTION = 1_000
# About ten values an action and 25 a unit; decoding builds ~100 bytes of Python objects per
# value, so a file at this bound costs ~100 MB to decode however it is written.
MAX_SAVE_VALUES = 1_000_000
# A temporary file older than this was left by a save that was killed (a save takes well under
# a second); `remove_stale_temps` deletes it.
STALE_TEMP_SECONDS = 10 * 60

BoardResolver = Callable[[str], BoardMap]


class SavedAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: dict[str, Any]
    dice: Annotated[list[Die], Field(max_length=MAX_DICE_PER_ACTION)] = \
        Field(default_factory=list)


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["pacific-save"]
    schema_version: Annotated[Literal[1, 2, 3], ExactInt]
    version: str | None = Field(default=None, max_length=40)   # Pacific that wrote it
    map_id: MapId
    seed: Seed
    players: Annotated[Literal[2, 3], ExactInt]
    actions: Annotated[list[SavedAction], Field(max_length=MAX_SAVE_ACTIONS)]
    snapshot: dict[str, Any]
    # The position the game began from, when it is not the standard start.
    start: dict[str, Any] | None = None
    # The powers the computer plays, at their level (schema 3; absent: people only).
    computer: dict[Power, ComputerLevel] | None = None


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
        computer=dict(history.computer) or None,
    )


def dumps(history: History) -> str:
    return to_save(history).model_dump_json(indent=1) + "\n"


def _umask() -> int:
    """The process's umask, which Python can only read by setting it (then set back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_target(path: Path) -> tuple[Path, int]:
    """The file a save to ``path`` really writes and the permission bits it gets: a symlink is
    followed (it stays a link to the saved game), an existing file keeps its permissions, a new
    one gets the usual ones for the user's umask.

    Raises:
        SaveFileError: ``path`` (or what it links to) is a folder, a device, a FIFO...
    """
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        info = target.stat()
    except FileNotFoundError:
        return target, 0o666 & ~_umask()
    except OSError as exc:
        raise SaveFileError(_CANNOT_WRITE, problem=exc.strerror).at(str(path)) from None
    if not stat.S_ISREG(info.st_mode):
        raise SaveFileError("is {kind}, not a file: a game is only saved into a regular "
                            "file, never over anything else",
                            kind=file_kind(info.st_mode)).at(str(path))
    return target, stat.S_IMODE(info.st_mode)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where folders cannot be opened, skip it."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_game(path: str | Path, history: History) -> None:
    """Write the game atomically: a temporary file in the same folder, flushed to disk, then
    renamed over ``path``. A crash leaves either the old file or the new one, never half.

    Saving over an existing file keeps its permissions; a symlink is followed and the file it
    points to is replaced (the link stays); anything but a regular file (a device, a FIFO, a
    folder) is refused, never replaced. Temporary files an earlier, killed save left beside
    the target are removed first (`remove_stale_temps`).

    Raises:
        SaveFileError: the target is not a regular file, the game is larger than a save may be,
            or the file cannot be written (the message names it and the reason).
    """
    if len(history.records) > MAX_SAVE_ACTIONS:
        raise SaveFileError(_TOO_MANY_ACTIONS, count=len(history.records),
                            limit=MAX_SAVE_ACTIONS).at(str(path))
    text = dumps(history).encode("utf-8")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFileError("the saved game would be {size:,} bytes, more than the {limit:,} a "
                            "saved game may hold", size=len(text),
                            limit=MAX_SAVE_BYTES).at(str(path))
    target, mode = _write_target(Path(path))
    folder = target.parent if str(target.parent) else Path(".")
    remove_stale_temps(target)
    tmp_name: str | None = None
    try:
        with tempfile.NamedTemporaryFile(
                "wb", dir=folder, prefix=f".{target.name}.", suffix=".tmp", delete=False) as tmp:
            tmp_name = tmp.name
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(tmp.fileno(), mode)
        os.replace(tmp_name, target)
        tmp_name = None
        _fsync_folder(folder)
    except OSError as exc:
        raise SaveFileError(_CANNOT_WRITE, problem=exc.strerror).at(str(path)) from None
    finally:
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)


# tempfile's names: the prefix, 8 characters from "a-z0-9_", the suffix.
_TEMP_TAIL = re.compile(r"[a-z0-9_]{8}\.tmp")


def remove_stale_temps(path: str | Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files a killed `save_game` left beside ``path``: only files named
    like its own (".NAME.xxxxxxxx.tmp" for that NAME), regular files (not links), owned by this
    user, and last changed more than ``older_than`` seconds ago, so that a save running now in
    another window is never disturbed. Returns what was removed; raises nothing.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    return _remove_temps(folder, lambda name: name.startswith(prefix)
                         and _TEMP_TAIL.fullmatch(name, len(prefix)) is not None, older_than)


def remove_stale_temps_in(folder: str | Path,
                          older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Like `remove_stale_temps`, for every saved game of a folder of our own (the autosaves):
    also the temporary file of a game whose first save was killed."""
    return _remove_temps(Path(folder), lambda name: _OUR_TEMP.fullmatch(name) is not None,
                         older_than)


_OUR_TEMP = re.compile(r"\.[^/]+\.(json|pacific)\.[a-z0-9_]{8}\.tmp")


def _remove_temps(folder: Path, ours: Callable[[str], bool], older_than: float) -> list[Path]:
    cutoff = time.time() - older_than
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(folder) if ours(e.name)]
    except OSError:
        return removed
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
            mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
            if stat.S_ISREG(info.st_mode) and mine and info.st_mtime < cutoff:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _decode(raw: bytes, source: str) -> Any:
    try:
        data = decode_json(raw, source, what=N_("saved game"), max_bytes=MAX_SAVE_BYTES,
                           max_depth=MAX_JSON_DEPTH, max_values=MAX_SAVE_VALUES)
    except JsonFileError as exc:
        raise save_error(exc) from None
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) > MAX_SAVE_ACTIONS:
        # Before validating any of them: each costs far more than its text.
        raise SaveFileError(_TOO_MANY_ACTIONS, count=len(actions),
                            limit=MAX_SAVE_ACTIONS).at(source)
    return data


_CANNOT_WRITE = N_("cannot write the saved game ({problem})")
_TOO_MANY_ACTIONS = N_("the game holds {count:,} actions, more than the {limit:,} a saved game "
                       "may hold")


def save_error(exc: JsonFileError) -> SaveFileError:
    """A file refused while reading a saved game, as a `SaveFileError` with the same message."""
    return SaveFileError(exc.template, **exc.params).at(exc.where)


def _validation_error(source: str, prefix: str, exc: ValidationError) -> SaveFileError:
    # Which field and what pydantic says of it: the file format's own terms, not translated.
    err = exc.errors()[0]
    return SaveFileError("{field}: {problem}",
                         field=prefix + loc_text(tuple(err["loc"])),
                         problem=error_message(err)).at(source)


def validate_snapshot(data: dict[str, Any], source: str = "saved game",
                      entry: str = "snapshot") -> GameState:
    """The saved position, brought to today's schema and validated strictly: as the JSON it
    was read from, where a boolean, a string or a float is never a number (``GameState``
    itself is lax, for code), and no text is longer than `MAX_SNAPSHOT_TEXT`. The ranges of
    its numbers are checked with its invariants (`range_problems`).

    Raises:
        SaveFileError: naming the entry and what is wrong with it.
    """
    long_text = _long_text(data)
    if long_text is not None:
        raise SaveFileError("{field}: text longer than {limit} characters",
                            field=f"{entry}.{long_text}",
                            limit=MAX_SNAPSHOT_TEXT).at(source)
    try:
        return GameState.model_validate_json(json.dumps(migrate_state(data)), strict=True)
    except MigrationError as exc:
        raise SaveFileError("{entry}: {problem}", entry=entry,
                            problem=str(exc)).at(source) from None
    except ValidationError as exc:
        raise _validation_error(source, f"{entry}.", exc) from None


# Ids in a position are at most 64 characters, its free text (why the game was won, what dice
# are for) about 150: a longer string is not one Pacific wrote, and messages quote them.
MAX_SNAPSHOT_TEXT = 300


def _long_text(data: Any) -> str | None:
    """Where the first too long string (or key) of ``data`` is, if there is one."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        node, where = stack.pop()
        if isinstance(node, str) and len(node) > MAX_SNAPSHOT_TEXT:
            return where or "(top level)"
        items = node.items() if isinstance(node, dict) else \
            enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            step = f"{where}.{loc_part(key)}" if where else loc_part(key)
            if isinstance(key, str) and len(key) > MAX_SNAPSHOT_TEXT:
                return step
            stack.append((value, step))
    return None


# The ranges of a saved position's numbers, beside what the invariants check
# (`pacific.rules.invariants`: no negative treasury, count, VP or amount due, round 1 on, the
# kamikaze track): upper bounds a real game never comes near, and the ids and seeds actions
# and dice accept. ``None``: the invariants check the lower bound.
MAX_TREASURY = 999_999
_STATE_BOUNDS: dict[str, tuple[int | None, int]] = {
    "round": (None, 9_999), "next_unit_id": (1, MAX_UNIT_ID + 1), "seed": (0, MAX_SEED),
    "dice_drawn": (0, 10**12), "victory_points": (None, 999),
    "china_infantry_due": (None, MAX_COUNT), "convoy_split_due": (None, MAX_IPCS),
    "ipcs_seized_this_turn": (0, MAX_IPCS),
    "british_convoy_correction": (-MAX_IPCS, MAX_IPCS),
}


def _numbers(state: GameState) -> Iterator[tuple[str, int, int | None, int]]:
    """Each number of a position with its range: (where, value, lowest, highest)."""
    for name, (low, high) in _STATE_BOUNDS.items():
        yield name, getattr(state, name), low, high
    for nation, held in state.treasury.items():
        yield f"treasury.{nation.value}", held, None, MAX_TREASURY
    for nation, correction in state.production_corrections.items():
        yield f"production_corrections.{nation.value}", correction, -MAX_IPCS, MAX_IPCS
    for nation, bought in state.purchased.items():
        for unit_type, count in bought.items():
            yield f"purchased.{nation.value}.{unit_type.value}", count, None, MAX_COUNT
    for space, count in state.placed_at.items():
        yield f"placed_at.{loc_part(space)}", count, 0, MAX_COUNT
    for key, unit in state.units.items():
        yield f"units.{key}.id", unit.id, 1, MAX_UNIT_ID
        if unit.carried_by is not None:
            yield f"units.{key}.carried_by", unit.carried_by, 1, MAX_UNIT_ID
        yield f"units.{key}.moves_used", unit.moves_used, 0, MAX_PATH_SPACES


def range_problems(state: GameState) -> list[Message]:
    """The numbers of a saved position outside their range, one message each (at most 20);
    each names the field in the file format's own terms."""
    out = [Message("{field} is {value:,}, outside {low:,} to {high:,}", field=where,
                   value=value, low=0 if low is None else low, high=high)
           for where, value, low, high in _numbers(state)
           if value > high or (low is not None and value < low)]
    return out[:20]


def parse_save(raw: bytes, resolve_board: BoardResolver, source: str = "saved game") -> History:
    """Validate a saved game fully and open it at its position, at once; the history its
    actions rebuild (undo, the event log) is replayed afterwards, a step at a time or when
    first needed (`History.rebuilding`, `History.rebuild`).

    ``resolve_board`` maps the file's map id to a board and raises `SaveFileError` for an
    unknown id. Everything is checked before the history is returned: the file, its entries,
    the saved position and the one it began from with their invariants, and every action's
    form. When the replay of the actions does not give the saved position, the rebuilt
    history starts at the saved position and `History.notes` says why. A saved position that
    is itself inconsistent is replayed at once, since only the replay can tell whether the
    game can be opened from its actions.

    Raises:
        SaveFileError: too large, not UTF-8, not JSON, too deep, unknown or missing keys, wrong
            values, a malformed action, a schema too new, an unknown map, or a position that
            breaks an invariant (the message lists what is inconsistent).
    """
    data = _decode(raw, source)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        raise _validation_error(source, "", exc) from None
    snapshot = validate_snapshot(save.snapshot, source)
    start = validate_snapshot(save.start, source, "start") if save.start is not None else None
    board = resolve_board(save.map_id)
    if board.id != save.map_id or snapshot.map_id != save.map_id:
        raise SaveFileError("the game was saved on map '{saved}', not '{given}'",
                            saved=save.map_id, given=board.id).at(source)
    game = Game(board)
    problems = _problems(game, snapshot)
    if start is not None and (start.map_id != save.map_id or _problems(game, start)):
        at_start = _problems(game, start) or [Message("it is on another map")]
        raise SaveFileError("the position the game began from is inconsistent: {problems}",
                            problems=listing(at_start, 5)).at(source)
    first = start if start is not None else game.new_game(players=save.players, seed=save.seed)
    replay = _replay(game, first, _actions(save, source))
    if not problems:
        opened = History.opened(game, snapshot, _story(replay, snapshot, save.version, source))
        opened.computer = dict(save.computer or {})
        return opened
    history, trouble = _finish(replay)
    history.computer = dict(save.computer or {})
    if trouble is None and not _problems(game, history.state):
        # The saved position cannot be played on (e.g. a decision nobody can answer, left by
        # an older version), but its actions give a sound one under today's rules.
        history.notes.append(Message(
            "the saved position is inconsistent ({problem}); the game opens from its actions, "
            "replayed under today's rules.", problem=problems[0]).at(source))
        return history
    raise SaveFileError("the saved position is inconsistent: {problems}",
                        problems=listing(problems, 5)).at(source)


def _problems(game: Game, state: GameState) -> list[Message]:
    problems = position_problems(game.board, state) + range_problems(state)
    if not problems and state.winner is None:
        problems = decision_problems(next(iter(game.play_actions(state)), None) is not None,
                                     state)
    return problems


# An action as saved: what was done and the dice it found recorded.
_Saved = tuple[Action, list[int]]
# The replay of a save's actions, one a step; at its end the history they rebuilt and where it
# stopped, if it did.
_Replay = Generator[None, None, tuple[History, Message | None]]


def _actions(save: SaveFile, source: str) -> list[_Saved]:
    """Every action of the save in its typed form, checked at open: a malformed one refuses
    the file, whether or not the replay would reach it.

    Raises:
        SaveFileError: naming the action and what is wrong with it.
    """
    actions: list[_Saved] = []
    for i, saved in enumerate(save.actions):
        try:
            actions.append((parse_action(saved.action), saved.dice))
        except ActionFormatError as exc:
            # What is wrong, in the terms of the action format (not translated).
            raise SaveFileError("actions[{index}].action.{problem}", index=i,
                                problem=str(exc)).at(source) from None
    return actions


def _replay(game: Game, first: GameState, actions: list[_Saved]) -> _Replay:
    """Replay ``actions`` from ``first`` with their recorded dice, one a step (the step that
    replays the last one also ends the replay)."""
    history = History(game, first)
    for i, (action, recorded) in enumerate(actions):
        if i:
            yield
        state = history.state
        # Dice as decisions: an action saved while it waited for dice has none recorded and
        # waits again; every other action finds its dice in the record.
        dice = ChanceDice(recorded)
        try:
            history.apply(action, dice)
            stopped = dice.position != len(recorded)
        except (IllegalAction, DiceExhausted):
            stopped = True
        if stopped:
            return history, Message(
                "from action {number} (round {round}, {power}, phase {phase})", number=i + 1,
                round=state.round, power=state.power, phase=state.phase.number)
    return history, None


def _finish(replay: _Replay) -> tuple[History, Message | None]:
    """Run a replay to its end."""
    try:
        while True:
            next(replay)
    except StopIteration as end:
        result: tuple[History, Message | None] = end.value
        return result


def _story(replay: _Replay, snapshot: GameState, version: str | None, source: str) -> Story:
    """The story of a save opened at ``snapshot``: the replayed history when it gives the
    saved position, else the saved position alone with a note saying why."""
    history, trouble = yield from replay
    if trouble is None and history.state == snapshot:
        return history
    opened = History(history.game, snapshot)
    written: Message | Term = Term(N_("an earlier version"))
    if version:
        written = Message("version {version}", version=version)
    where: Message | Term = trouble or Term(N_("at the end"))
    opened.notes.append(Message(
        "this game was saved with {written} of Pacific; replaying its actions under "
        "today's rules differs {where}. The game opens from the saved position, and undo "
        "starts from here.", written=written, where=where).at(source))
    return opened


def load_game(path: str | Path, resolve_board: BoardResolver) -> History:
    """Read and validate a saved game (see `parse_save`).

    Raises:
        SaveFileError: the file cannot be read or is not a valid saved game.
    """
    p = Path(path)
    try:
        raw = read_limited(p, what=N_("saved game"), max_bytes=MAX_SAVE_BYTES)
    except JsonFileError as exc:
        raise save_error(exc) from None
    return parse_save(raw, resolve_board, str(p))
