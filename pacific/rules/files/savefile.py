"""Save files: versioned JSON, written atomically, loaded with full validation.

    {"format": "pacific-save", "schema_version": 3, "version": "0.1.0", "map_id": "pacific",
     "seed": 7, "players": 3, "actions": [{"action": {...}, "dice": [3, 5]}, ...],
     "snapshot": {...}, "computer": {"japan": "normal"}, "digest": "5fb6…"}

``computer`` (schema 3) names the powers the computer plays and at what level, so that a game
against the computer opens as one; null when people play every seat.

A game that did not begin with `Game.new_game` (a scenario) also holds the position it
began from, ``start``; its actions replay from there.

Across versions a save's position (the snapshot) is the truth; within one version its action
log is the record. ``digest`` seals what the file records when it is written
(`digest`). Loading never executes anything from the file: it is parsed as JSON and checked
against pydantic models that refuse unknown keys; the snapshot is brought to today's schema
(`pacific.rules.files.migrations`), must hold every key a position always holds, is validated, and
checked against every invariant of a position (`pacific.rules.invariants`), a decision waiting
included, edit mode or not; every action is parsed. A sealed save, or one of another version,
then opens at the snapshot at once, and the actions are replayed from a new game with
their recorded dice afterwards, to rebuild the history (undo, the event log): `History.rebuild`
a step at a time, or all at once when the history is first asked for its story. When that
replay does not give the saved position (a rules fix since the game was saved), the game goes
on from the snapshot with a notice in `History.notes`; it is not refused. A save of this version
whose seal is broken (edited by hand) is replayed before it opens: it opens where its actions
lead, with a note that offers the edited position (`offers_edited`, ``edited=True``). Every
failure is a `SaveFileError` whose message names the file and the entry; all of them are raised
at open, none during the replay.

Hostile files: the cheap checks come first and bound the work. The file must be a
regular file of at most `MAX_SAVE_BYTES` (a FIFO or ``/dev/zero`` is refused at once); before
decoding, its count of values bounds what decoding builds (`MAX_SAVE_VALUES`); then the count of
actions (`MAX_SAVE_ACTIONS`) is checked before any is validated. Every number is a strict,
bounded integer (`pacific.rules.fields`), the snapshot's included (`validate_snapshot`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacific import __version__
from pacific.rules.actions import Action, ActionFormatError, parse_action
from pacific.rules.board_map import BoardMap
from pacific.rules.dice import ChanceDice, SeededDice
from pacific.rules.engine import Game
from pacific.rules.errors import N_, DiceExhausted, IllegalAction, Message, SaveFileError, Term
from pacific.rules.fields import Die, ExactInt, MapId, Seed
from pacific.rules.files.jsonfile import JsonFileError, decode_json, excerpt, read_limited
from pacific.rules.files.saved_position import range_problems, validate_snapshot, validation_error
from pacific.rules.files.savewriting import (
    remove_killed_temps_in,
    remove_stale_temps,
    write_atomically,
)
from pacific.rules.history import History, Story
from pacific.rules.invariants import decision_problems, listing, position_problems
from pacific.rules.nations import Power
from pacific.rules.state import GameState

__all__ = ["SaveFile", "dumps", "load_game", "parse_save", "remove_killed_temps_in",
           "remove_stale_temps", "save_game", "validate_snapshot"]

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

BoardResolver = Callable[[str], BoardMap]


class SavedAction(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    action: dict[str, Any]
    dice: Annotated[list[Die], Field(max_length=MAX_DICE_PER_ACTION)] = \
        Field(default_factory=list)


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
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
    # What the file records, sealed when it was written (`digest`; absent in older saves).
    digest: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")


def to_save(history: History) -> SaveFile:
    """The save-file form of a history that began with `Game.new_game`."""
    first = history.initial
    save = SaveFile(
        format=SAVE_FORMAT, schema_version=SAVE_SCHEMA_VERSION, version=__version__,
        map_id=first.map_id,
        seed=first.seed, players=first.players,
        actions=[SavedAction(action=r.action.model_dump(mode="json"), dice=list(r.dice))
                 for r in history.records],
        snapshot=history.state.model_dump(mode="json"),
        start=None if history.standard_start else first.model_dump(mode="json"),
        computer=dict(history.computer) or None,
    )
    save.digest = digest(save)
    return save


def dumps(history: History) -> str:
    return to_save(history).model_dump_json(indent=1) + "\n"


def save_game(path: str | Path, history: History) -> None:
    """Write the game atomically (`pacific.rules.files.savewriting.write_atomically`): a crash
    leaves either the old file or the new one, never half, and the leftovers of killed saves
    in the folder are removed first.

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
    write_atomically(path, text)


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


_TOO_MANY_ACTIONS = N_("the game holds {count:,} actions, more than the {limit:,} a saved game "
                       "may hold")


def save_error(exc: JsonFileError) -> SaveFileError:
    """A file refused while reading a saved game, as a `SaveFileError` with the same message."""
    return SaveFileError(exc.template, **exc.params).at(exc.where)


def parse_save(raw: bytes, resolve_board: BoardResolver, source: str = "saved game",
               edited: bool = False) -> History:
    """Validate a saved game fully and open it at its position, at once; the history its
    actions rebuild (undo, the event log) is replayed afterwards, a step at a time or when
    first needed (`History.rebuilding`, `History.rebuild`).

    ``resolve_board`` maps the file's map id to a board and raises `SaveFileError` for an
    unknown id. Everything is checked before the history is returned: the file, its entries,
    the saved position and the one it began from with their invariants, and every action's
    form.

    What opens, and what `History.notes` says of it:

    - a save written as it is (its `digest` matches), or by another version: its position, at
      once; when the replay of its actions under today's rules does not give it, the rebuilt
      history starts at the saved position and a note says where the replay differs;
    - a save of this version changed outside the game (its digest does not match), or whose
      position is inconsistent: the actions are replayed at once, and the game opens where
      they lead, the record of what was played, with a note saying the position was changed
      after round N (`offers_edited`); with ``edited``, the changed position opens instead;
    - a log that no longer replays under the version that wrote it: the saved position.

    Raises:
        SaveFileError: too large, not UTF-8, not JSON, too deep, unknown or missing keys, wrong
            values, a malformed action, a schema too new, an unknown map, or a position that
            breaks an invariant (the message lists what is inconsistent).
    """
    data = _decode(raw, source)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        raise validation_error(source, "", exc) from None
    snapshot = validate_snapshot(save.snapshot, source)
    start = validate_snapshot(save.start, source, "start") if save.start is not None else None
    board = resolve_board(save.map_id)
    if board.id != save.map_id:
        raise SaveFileError("the game was saved on map '{saved}', not '{given}'",
                            saved=save.map_id, given=board.id).at(source)
    for entry, position in (("snapshot", snapshot), ("start", start)):
        if position is not None and position.map_id != save.map_id:
            raise SaveFileError("{entry}.map_id is {position}, but the game's map_id is "
                                "{saved}: a game is played on one map", entry=entry,
                                position=excerpt(position.map_id),
                                saved=excerpt(save.map_id)).at(source)
    game = Game(board)
    problems = _problems(game, snapshot)
    if start is not None and _problems(game, start):
        at_start = _problems(game, start)
        raise SaveFileError("the position the game began from is inconsistent: {problems}",
                            problems=listing(at_start, 5)).at(source)
    first = start if start is not None else game.new_game(players=save.players, seed=save.seed)
    same_version = save.version == __version__
    sealed = not problems and (not same_version or save.digest == digest(save))
    replay = _replay(game, first, _actions(save, source), check_seed=not sealed)
    if edited and not problems:
        opened = History(game, snapshot)
        opened.notes.append(Message(EDITED_OPENED).at(source))
    elif sealed:
        # Written as it is by this version, or by another one whose rules may differ: the
        # position shows at once, the story follows.
        opened = History.opened(game, snapshot, _story(replay, snapshot, save.version, source))
    else:
        opened = _record_or_snapshot(game, replay, snapshot, problems, same_version, source)
    opened.computer = dict(save.computer or {})
    return opened


def _record_or_snapshot(game: Game, replay: _Replay, snapshot: GameState,
                        problems: list[Message], same_version: bool, source: str) -> History:
    """A save changed since it was written (this version's, its digest wrong) or whose position
    is inconsistent: replayed at once, since only the replay can tell what to open. Under the
    same version the log is the record of what was played: the game opens
    where it leads, and the note offers the changed position (`EDITED_OUTSIDE`).

    Raises:
        SaveFileError: neither the saved position nor the replay can be played on.
    """
    history, trouble = _finish(replay)
    sound = trouble is None and not _problems(game, history.state)
    if sound and history.state == snapshot:
        return history    # only the text changed (spacing, order of keys)
    if sound and same_version:
        note = Message(EDITED_OUTSIDE, round=history.state.round) if not problems else \
            Message(EDITED_INCONSISTENT, round=history.state.round, problem=problems[0])
        history.notes.append(note.at(source))
        return history
    if sound:
        # The saved position cannot be played on (e.g. a decision nobody can answer, left by
        # an older version), but its actions give a sound one under today's rules.
        history.notes.append(Message(
            "the saved position is inconsistent ({problem}); the game opens from its actions, "
            "replayed under today's rules.", problem=problems[0]).at(source))
        return history
    if not problems:
        opened = History(game, snapshot)
        opened.notes.append(Message(
            "the actions of this game were changed outside the game: replaying them stops "
            "{where}. The game opens from the saved position, and undo starts from here.",
            where=trouble or Term(N_("at the end"))).at(source))
        return opened
    raise SaveFileError("the saved position is inconsistent: {problems}",
                        problems=listing(problems, 5)).at(source)


# The notes of a save changed outside the game (message ids: `offers_edited` looks for them).
EDITED_OUTSIDE = N_(
    "this game's saved position was changed outside the game after round {round}: it is not "
    "where its own actions lead. The game opens where they lead, the record of what was "
    "played; the changed position can be opened instead.")
EDITED_INCONSISTENT = N_(
    "this game's saved position was changed outside the game after round {round} and is "
    "inconsistent ({problem}). The game opens where its own actions lead, the record of what "
    "was played.")
EDITED_OPENED = N_(
    "the game opens at its saved position, changed outside the game, as asked: undo starts "
    "from here.")


def offers_edited(history: History) -> bool:
    """Whether the history was opened from its actions although its saved position, changed
    outside the game, could be opened instead (``parse_save(..., edited=True)``). Such a save
    is replayed before it opens: a history still rebuilding its story never offers one, and
    asking does not read the story."""
    return not history.rebuilding and any(note.template == EDITED_OUTSIDE
                                          for note in history.notes)


def digest(save: SaveFile) -> str:
    """The SHA-256 of what a save records (map, seed, players, start, actions, position), as
    JSON with sorted keys: a file changed outside the game no longer matches it, and only then
    does opening it replay its actions before showing anything."""
    sealed = {"map_id": save.map_id, "seed": save.seed, "players": save.players,
              "start": save.start, "snapshot": save.snapshot,
              "actions": [[a.action, a.dice] for a in save.actions]}
    text = json.dumps(sealed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


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


def _replay(game: Game, first: GameState, actions: list[_Saved],
            check_seed: bool = False) -> _Replay:
    """Replay ``actions`` from ``first`` with their recorded dice, one a step (the step that
    replays the last one also ends the replay). With ``check_seed`` (a file changed outside
    the game), the dice an action drew from the game's seed must be the seed's: a seed changed
    at the top of the file would otherwise choose the coming dice."""
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
        if check_seed and recorded and not stopped and action.kind != "roll_dice":
            # Typed dice come as `roll_dice` actions; every other action rolls the seed's.
            seeded = SeededDice(state.seed, state.dice_drawn).roll(len(recorded), "replay")
            stopped = seeded != recorded
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
    where: Message | Term = trouble or Term(N_("at the end"))
    if version == __version__:
        opened.notes.append(Message(
            "replaying the actions of this game differs {where}, although this version of "
            "Pacific saved it. The game opens from the saved position, and undo starts from "
            "here.", where=where).at(source))
        return opened
    written: Message | Term = Term(N_("an earlier version"))
    if version:
        written = Message("version {version}", version=version)
    opened.notes.append(Message(
        "this game was saved with {written} of Pacific; replaying its actions under "
        "today's rules differs {where}. The game opens from the saved position, and undo "
        "starts from here.", written=written, where=where).at(source))
    return opened


def load_game(path: str | Path, resolve_board: BoardResolver, edited: bool = False) -> History:
    """Read and validate a saved game (see `parse_save`; ``edited``: open a position changed
    outside the game rather than where its actions lead).

    Raises:
        SaveFileError: the file cannot be read or is not a valid saved game.
    """
    p = Path(path)
    try:
        raw = read_limited(p, what=N_("saved game"), max_bytes=MAX_SAVE_BYTES)
    except JsonFileError as exc:
        raise save_error(exc) from None
    return parse_save(raw, resolve_board, str(p), edited)
