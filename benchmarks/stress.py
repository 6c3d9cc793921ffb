"""The stress test's long run: random legal actions on the real board interleaved
with mutated, random and malformed ones, with the engine's contract checked at every step
(tests/stress_play.py), the position corrected in edit mode now and then and the game saved
and reopened at every decision. Prints the counts: tried, refused, malformed, edits, saves
reopened, invariant breaks, stuck games, accepted but not listed, saves that reopened elsewhere;
exits 1 if any contract failed.

    python benchmarks/stress.py --minutes 30 [--map pacific] [--steps 400] [--tries 3]

The figures measured are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from scenario import board  # noqa: E402
from stress_play import Counts, run  # noqa: E402

from pacific.rules.engine import Game  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--map", default="pacific")
    parser.add_argument("--steps", type=int, default=400, help="legal actions per game")
    parser.add_argument("--tries", type=int, default=3, help="odd actions tried per step")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--no-edits", action="store_true",
                        help="never correct the position in edit mode")
    parser.add_argument("--save-every", type=int, default=20, help="save and reopen the game "
                        "every so many actions, and at every decision and in edit mode (0: "
                        "never)")
    args = parser.parse_args()
    game = Game(board(args.map))
    total = Counts()
    games = 0
    deadline = time.monotonic() + args.minutes * 60
    seed = args.seed
    while time.monotonic() < deadline:
        counts = run(game, seed=seed, steps=args.steps, tries_per_step=args.tries,
                     chance_dice=seed % 3 == 0, edits=not args.no_edits,
                     save_every=args.save_every)
        for name, value in vars(counts).items():
            if name == "examples":
                total.examples += [f"seed {seed}: {e}" for e in value]
            else:
                setattr(total, name, getattr(total, name) + value)
        games += 1
        seed += 1
    actions = total.legal_applied + total.tried
    print(f"{games} games on {args.map}, {actions} actions: {total.legal_applied} legal "
          f"applied, {total.tried} others tried ({total.malformed} malformed, {total.refused} "
          f"refused with a rule id, {total.accepted} accepted as listed); {total.edits_tried} "
          f"edits tried in edit mode ({total.edits_accepted} accepted), "
          f"{total.saves_reopened} saves reopened")
    for name in ("invariant_breaks", "stuck", "accepted_unlisted", "listed_refused",
                 "refusal_changed_state", "refusal_without_rule", "reopen_failures"):
        print(f"  {name.replace('_', ' '):24} {getattr(total, name)}")
    for example in total.examples[:20]:
        print("   ", example[:200])
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
