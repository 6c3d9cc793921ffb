"""Compare two runs of `benchmarks/blunders.py --list`, game by game.

    python tools/blunder_diff.py BEFORE AFTER

BEFORE and AFTER are each a folder of saved outputs (every ``bl*.txt`` in it, e.g. the four
slices ``--seed 1``, ``11``, ``21``, ``31``) or a comma-separated list of files. It prints each
game whose result or blunder lines differ (``-`` before, ``+`` after), then each run's totals
per class for Japan and the Allies and Japan's wins: a change that moves a count to another
game is not a fix, and only the games it changed say why (docs/ai-journal.md)."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path

GAME = re.compile(r"seed (\d+): (.*?); blunders axis ([\d ]+); allies ([\d ]+)")
CLASSES = ("transports", "fleets", "walk-ins", "purchase", "idle")


@dataclass
class Game:
    result: str
    japan: list[int]
    allies: list[int]
    lines: list[str] = field(default_factory=list)


def read_run(where: str) -> dict[int, Game]:
    """The games of the outputs at ``where`` (a folder of ``bl*.txt`` or files joined by
    commas), by seed; the "unlanded" lines (a figure of their own, not a class) left out."""
    folder = Path(where)
    files = sorted(folder.glob("bl*.txt")) if folder.is_dir() else \
        [Path(name) for name in where.split(",")]
    games: dict[int, Game] = {}
    for path in files:
        seed = None
        for line in path.read_text(encoding="utf-8").splitlines():
            found = GAME.match(line)
            if found:
                seed = int(found.group(1))
                games[seed] = Game(found.group(2), [int(n) for n in found.group(3).split()],
                                   [int(n) for n in found.group(4).split()])
            elif seed is not None and line.startswith("    ") and "unlanded" not in line:
                games[seed].lines.append(line.strip())
    return games


def differences(before: dict[int, Game], after: dict[int, Game]) -> list[str]:
    out: list[str] = []
    for seed in sorted(before.keys() | after.keys()):
        old, new = before.get(seed), after.get(seed)
        if old and new and (old.result, old.lines) == (new.result, new.lines):
            continue
        out.append(f"seed {seed}")
        out.append(f"  before: {old.result if old else '(not played)'}")
        out += [f"    - {line}" for line in (old.lines if old else [])]
        out.append(f"  after:  {new.result if new else '(not played)'}")
        out += [f"    + {line}" for line in (new.lines if new else [])]
    return out


def totals(games: dict[int, Game]) -> str:
    japan = [sum(g.japan[i] for g in games.values()) for i in range(len(CLASSES))]
    allies = [sum(g.allies[i] for g in games.values()) for i in range(len(CLASSES))]
    wins = sum(1 for g in games.values() if g.result.startswith("axis win"))
    per_class = ", ".join(f"{name} {j}/{a}" for name, j, a in zip(CLASSES, japan, allies,
                                                                    strict=True))
    return (f"{per_class}; total {sum(japan) + sum(allies)}; "
            f"Japan won {wins} of {len(games)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    args = parser.parse_args()
    before, after = read_run(args.before), read_run(args.after)
    for line in differences(before, after):
        print(line)
    print(f"before: {totals(before)}")
    print(f"after:  {totals(after)}")


if __name__ == "__main__":
    main()
