"""Writing a saved game to disk: atomically, and cleaning what a killed save
left behind.

A save writes a temporary file in the target's folder, flushes it to disk and renames it over
the target: a crash leaves either the old file or the new one, never half. While it writes,
the saving process holds an exclusive lock on its temporary file (``flock``, where the system
has it). A killed process loses its locks, so a temporary file of our naming that nobody locks
is the leftover of a killed save, whatever its age: every save removes those of its folder
first, and the desktop game removes those beside its autosaves and recent games when it starts
(`pacific.gui.app.remove_killed_saves`). Where files cannot be locked, only leftovers older
than `STALE_TEMP_SECONDS` are removed, so that a save running now in another window is never
disturbed.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pacific.rules.errors import N_, SaveFileError
from pacific.rules.files.jsonfile import file_kind

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

# Without locks: a temporary file older than this was left by a killed save (a save takes well
# under a second).
STALE_TEMP_SECONDS = 10 * 60
# With locks: between creating its temporary file and locking it a save runs a few
# instructions; an unlocked file younger than this may be one of those, and is left alone.
LOCK_GRACE_SECONDS = 2.0

CANNOT_WRITE = N_("cannot write the saved game ({problem})")

# tempfile's names: the prefix ".NAME.", 8 characters from "a-z0-9_", the suffix ".tmp".
_TEMP_TAIL = re.compile(r"[a-z0-9_]{8}\.tmp")
# The temporary file of any saved game (".NAME.json.xxxxxxxx.tmp", ".NAME.pacific...").
_OUR_TEMP = re.compile(r"\.[^/]+\.(json|pacific)\.[a-z0-9_]{8}\.tmp")


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
        raise SaveFileError(CANNOT_WRITE, problem=exc.strerror).at(str(path)) from None
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


def write_atomically(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a locked temporary file and a rename (see the module).

    Saving over an existing file keeps its permissions; a symlink is followed and the file it
    points to is replaced (the link stays); anything but a regular file (a device, a FIFO, a
    folder) is refused, never replaced. The leftovers of killed saves in the folder are removed
    first (`remove_killed_temps_in`).

    Raises:
        SaveFileError: the target is not a regular file, or the file cannot be written (the
            message names it and the reason).
    """
    target, mode = _write_target(Path(path))
    folder = target.parent if str(target.parent) else Path(".")
    remove_stale_temps(target)
    remove_killed_temps_in(folder)
    tmp_name: str | None = None
    try:
        with tempfile.NamedTemporaryFile(
                "wb", dir=folder, prefix=f".{target.name}.", suffix=".tmp", delete=False) as tmp:
            tmp_name = tmp.name
            if fcntl is not None:
                fcntl.flock(tmp.fileno(), fcntl.LOCK_EX)
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(tmp.fileno(), mode)
            if fcntl is not None:
                # Renamed while still locked (POSIX): the lock ends when the file is closed.
                os.replace(tmp_name, target)
                tmp_name = None
        if tmp_name is not None:
            os.replace(tmp_name, target)   # where an open file cannot be renamed
            tmp_name = None
        _fsync_folder(folder)
    except OSError as exc:
        raise SaveFileError(CANNOT_WRITE, problem=exc.strerror).at(str(path)) from None
    finally:
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)


def remove_stale_temps(path: str | Path) -> list[Path]:
    """Delete the temporary files killed saves of ``path`` left beside it: only files named
    like its own (".NAME.xxxxxxxx.tmp" for that NAME), regular files (not links), owned by this
    user, that no running save holds (see the module). Returns what was removed; raises
    nothing."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    return _remove_temps(folder, lambda name: name.startswith(prefix)
                         and _TEMP_TAIL.fullmatch(name, len(prefix)) is not None)


def remove_killed_temps_in(folder: str | Path) -> list[Path]:
    """Like `remove_stale_temps`, for every saved game of ``folder`` (".json" and ".pacific"
    files): also the temporary file of a game whose first save was killed."""
    return _remove_temps(Path(folder), lambda name: _OUR_TEMP.fullmatch(name) is not None)


def _held(path: str) -> bool:
    """Whether a running save holds the file's lock (False where there are no locks)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return True   # cannot tell: leave it
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)   # closing releases a lock taken here
    return False


def _remove_temps(folder: Path, ours: Callable[[str], bool]) -> list[Path]:
    now = time.time()
    oldest = LOCK_GRACE_SECONDS if fcntl is not None else STALE_TEMP_SECONDS
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(folder) if ours(e.name)]
    except OSError:
        return removed
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
            mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
            if stat.S_ISREG(info.st_mode) and mine and info.st_mtime < now - oldest \
                    and not _held(entry.path):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
