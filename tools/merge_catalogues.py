"""Resolve a merge conflict in a translation catalogue by keeping both sides' translations.

Two branches that each add messages both change pacific.po; git cannot merge those files line
by line. Run this during the conflicted merge, from the repository's root:

    python tools/merge_catalogues.py            # every language's pacific.po
    bash scripts/i18n                           # extract, update, compile from the merged code

It reads "ours" and "theirs" from git's index (stages 2 and 3), writes a catalogue holding
every translated message of either side, and leaves the .pot and .mo to scripts/i18n, which
rebuilds them from the merged sources. Where both sides translated one msgid differently, the
common ancestor (stage 1) decides as git would for a line: the side that changed the
translation wins (a branch that reworded an Italian sentence keeps its words); where both
changed it, ours wins; a translation that is not fuzzy wins over a fuzzy one.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

LOCALE_DIR = Path("pacific/text/locale")


def _stage(path: Path, stage: int) -> Catalog | None:
    """The catalogue at ``path`` in git's index stage ``stage``, or None if that side lacks it."""
    shown = subprocess.run(["git", "show", f":{stage}:{path.as_posix()}"],
                           capture_output=True, check=False)
    if shown.returncode != 0:
        return None
    return read_po(io.BytesIO(shown.stdout))


def _translated(message: object) -> bool:
    string = getattr(message, "string", None)
    if isinstance(string, tuple):
        return all(string)
    return bool(string)


def _only_theirs_changed(base: Catalog | None, mine: Message, theirs: Message) -> bool:
    """Theirs reworded a translation that ours kept as the common ancestor had it."""
    if base is None or (mine.string, mine.fuzzy) == (theirs.string, theirs.fuzzy):
        return False
    old = base.get(theirs.id, theirs.context)
    return old is not None and (old.string, old.fuzzy) == (mine.string, mine.fuzzy)


def merge(path: Path) -> int:
    """Write the union of both sides' translations into ``path``; return how many came from
    theirs."""
    base, ours, theirs = _stage(path, 1), _stage(path, 2), _stage(path, 3)
    if ours is None or theirs is None:
        raise SystemExit(f"{path}: not in conflict (no stage 2 or 3 in git's index)")
    taken = 0
    for message in theirs:
        if not message.id or not _translated(message):
            continue
        mine = ours.get(message.id, message.context)
        if mine is None:
            ours[message.id] = message
            taken += 1
        elif not _translated(mine) or (mine.fuzzy and not message.fuzzy) or \
                _only_theirs_changed(base, mine, message):
            mine.string = message.string
            mine.flags = set(message.flags)
            taken += 1
    with path.open("wb") as out:
        write_po(out, ours, width=100)
    return taken


def main() -> int:
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/pacific.po")):
        taken = merge(po)
        print(f"{po}: {taken} translations taken from theirs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
