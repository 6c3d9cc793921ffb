"""tools/merge_catalogues.py keeps both sides' translations when two branches' catalogues
conflict, and a translation one side reworded wins over the other side's unchanged one (a
branch that gave Italian names their articles keeps them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "merge_catalogues.py"
PO = Path("pacific/text/locale/it/LC_MESSAGES/pacific.po")


def _po(entries: dict[str, str]) -> str:
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    # (no blank line between entries: a line inserted beside a reworded one conflicts in git)
    return head + "".join(f'msgid "{k}"\nmsgstr "{v}"\n' for k, v in entries.items())


def _commit(repo: Path, entries: dict[str, str], message: str) -> None:
    (repo / PO).write_text(_po(entries), encoding="utf-8")
    subprocess.run(["git", "commit", "-qam", message], cwd=repo, check=True)


def test_the_side_that_reworded_a_translation_wins_and_new_ones_are_kept(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", "-b", "main", str(tmp_path)], check=True)
    for key, value in (("user.name", "t"), ("user.email", "t@t")):
        subprocess.run(["git", "config", key, value], cwd=tmp_path, check=True)
    (tmp_path / PO).parent.mkdir(parents=True)
    (tmp_path / PO).write_text(_po({"moved": "ha spostato", "lost": "ha perso"}), "utf-8")
    subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)
    subprocess.run(["git", "commit", "-qm", "base"], cwd=tmp_path, check=True)
    subprocess.run(["git", "checkout", "-qb", "names"], cwd=tmp_path, check=True)
    _commit(tmp_path, {"moved": "{nation:ha|hanno} spostato", "lost": "ha perso"}, "names")
    subprocess.run(["git", "checkout", "-q", "main"], cwd=tmp_path, check=True)
    _commit(tmp_path, {"moved": "ha spostato", "new": "nuovo", "lost": "ha perso"}, "new")
    merged = subprocess.run(["git", "merge", "-q", "names"], cwd=tmp_path, check=False,
                            capture_output=True)
    assert merged.returncode != 0, "the two catalogues must conflict for the tool to resolve"
    subprocess.run([sys.executable, str(TOOL)], cwd=tmp_path, check=True, capture_output=True)
    text = (tmp_path / PO).read_text("utf-8")
    assert 'msgstr "{nation:ha|hanno} spostato"' in text
    assert 'msgstr "nuovo"' in text and 'msgstr "ha perso"' in text
