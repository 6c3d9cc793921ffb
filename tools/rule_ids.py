"""Writes tests/rule_ids.txt: every rule id and worked-example id defined in RULES.md.

Only the ids are written (one per line, in catalogue order), never the rule text, so the
repository keeps no copy of the catalogue. A rule is *defined* where its bullet starts with the
bold id (``- **R-SBR-4** ...``); a worked example where its heading starts with the id
(``### EX-12 ...``). Ids that are only mentioned inside other rules are not definitions.

    python tools/rule_ids.py [--rules PATH] [--out PATH] [--check]

With ``--check`` nothing is written; the exit code is 1 when the file is out of date. The
catalogue is found beside the repository (`find_catalogue`) unless ``--rules`` names it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "rule_ids.txt"


def find_catalogue(root: Path = ROOT) -> Path | None:
    """RULES.md where the workplace keeps it, beside the repository: ``../shared/RULES.md``
    from the repository's root or, for a git worktree, from its main checkout's root. None
    when it is not there (a fresh clone: tests/rule_ids.txt is then the committed list)."""
    roots = [root]
    git = root / ".git"
    if git.is_file():  # a worktree: "gitdir: <main>/.git/worktrees/<name>"
        gitdir = (root / git.read_text("utf-8").partition(":")[2].strip()).resolve()
        common = gitdir / "commondir"
        if common.is_file():
            roots.append((gitdir / common.read_text("utf-8").strip()).resolve().parent)
    found = (r.parent / "shared" / "RULES.md" for r in roots)
    return next((path for path in found if path.is_file()), None)

_RULE_DEF = re.compile(r"^\s*[-*]\s+\*\*(R-[A-Z]+-\d+)\*\*")
_EXAMPLE_DEF = re.compile(r"^#+\s+(EX-\d+)\b")


def defined_ids(text: str) -> list[str]:
    """Return the rule and example ids defined in a RULES.md text, in order, without repeats."""
    seen: dict[str, None] = {}
    for line in text.splitlines():
        match = _RULE_DEF.match(line) or _EXAMPLE_DEF.match(line)
        if match:
            seen.setdefault(match.group(1), None)
    return list(seen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=find_catalogue())
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args(argv)
    if args.rules is None:
        parser.error("RULES.md is not beside the repository (../shared/RULES.md): use --rules")
    content = "".join(f"{rule_id}\n" for rule_id in defined_ids(args.rules.read_text("utf-8")))
    if args.check:
        current = args.out.read_text("utf-8") if args.out.exists() else ""
        if current != content:
            print(f"{args.out} is out of date; run tools/rule_ids.py", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(content, "utf-8")
    print(f"wrote {content.count(chr(10))} ids to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
