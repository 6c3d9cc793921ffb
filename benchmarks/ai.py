"""The computer player's strength, measured and printed side by side with its targets:

- hard beats normal in at least 75% of games, normal beats easy in at least 90%, each level
  beats the random player in every game (each playing both sides, as many games a side);
- hard against hard, and normal against normal: Japan wins between 45% and 65%;
- with ``--base REV``: each level scores at least even against its own version at commit REV
  (played from a temporary `git worktree` of REV, in a separate process). The engine fixes made
  since REV are applied to that worktree from ``benchmarks/base_fixes/REV.patch`` when it exists:
  the old player replays today's legal actions in its own engine, which must accept them (only
  ``pacific/rules`` is patched; its computer player stays as it was);
- a hard turn takes at most a median of 1 s and a 90th percentile of 3 s of wall time, and a
  game's process stays under 500 MB.

    .venv/bin/python benchmarks/ai.py [--games 20] [--seed 1] [--rounds 25] [--jobs 1]
        [--only hard-normal normal-easy random same base] [--base 5fbf5da]

Game i of a match uses dice seed S + i, as `pacific play` does, so every computer-only game
can be replayed with `pacific play --japan ... --allies ... --seed ... --games ...`. Turn times
are wall-clock (thinking plus applying the actions, what a player waits for), so they depend
on the machine's load: the load average and the processor time are printed with them."""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from statistics import median, quantiles

from pacific.ai.match import GameReport, Player, play_game
from pacific.ai.seats import parse_seat
from pacific.rules.actions import Action, parse_action
from pacific.rules.engine import Game
from pacific.rules.events import Event
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Side
from pacific.rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("easy", "normal", "hard")

# The old version's player, run from its own worktree: it follows the game from the actions
# it is sent (the dice come from the game's seed, so its positions are the same) and answers
# with the action it chooses, as JSON.
_BASE_SERVER = """
import json, sys
from pacific.ai.levels import parse_level
from pacific.ai.player import ComputerPlayer
from pacific.rules.actions import parse_action
from pacific.rules.engine import Game
try:
    from pacific.rules.files.mapfile import load_board
except ImportError:   # an older revision: the file formats lived in pacific.rules
    from pacific.rules.mapfile import load_board
game = Game(load_board("maps/pacific"))
state = player = None
for line in sys.stdin:
    request = json.loads(line)
    if "new" in request:
        state = game.new_game(players=2, seed=request["new"])
        player = ComputerPlayer(game, parse_level(request["level"]))
        print("{}", flush=True)
        continue
    for data in request["actions"]:
        state, _ = game.apply(state, parse_action(data))
    print(player.choose(state).model_dump_json(), flush=True)
"""


class BasePlayer:
    """A computer player of another version of the code, in a process of its own."""

    def __init__(self, worktree: Path, level: str, seed: int) -> None:
        self.name = f"base:{level}"
        env = {**os.environ, "PYTHONPATH": str(worktree)}
        self._process = subprocess.Popen(
            [sys.executable, "-c", _BASE_SERVER], cwd=worktree, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._unsent: list[str] = []
        self._ask({"new": seed, "level": level})

    def _ask(self, request: dict[str, object]) -> str:
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the base player ({self.name}) stopped")
        return answer

    def observe(self, before: GameState, action: Action, after: GameState,
                events: list[Event]) -> None:
        self._unsent.append(action.model_dump_json())

    def choose(self, state: GameState) -> Action:
        unsent, self._unsent = self._unsent, []
        return parse_action(self._ask({"actions": [json.loads(a) for a in unsent]}))

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)


@dataclass(frozen=True)
class Match:
    group: str
    japan: str          # "ai:LEVEL", "random" or "base:LEVEL"
    allies: str
    rounds: int


@dataclass(frozen=True)
class Played:
    match: Match
    report: GameReport
    peak_mb: float


def _player(seat: str, game: Game, seed: int, side: Side, base: Path | None) -> Player:
    if seat.startswith("base:"):
        assert base is not None
        return BasePlayer(base, seat.partition(":")[2], seed)
    return parse_seat(seat).player(game, seed, side)


def _play(task: tuple[Match, int, Path | None]) -> Played:
    match, seed, base = task
    game = Game(load_board(ROOT / "maps" / "pacific"))
    players = {Side.AXIS: _player(match.japan, game, seed, Side.AXIS, base),
               Side.ALLIES: _player(match.allies, game, seed, Side.ALLIES, base)}
    remote = [p for p in players.values() if isinstance(p, BasePlayer)]

    def observe(before: GameState, action: Action, after: GameState,
                events: list[Event]) -> None:
        for player in remote:
            player.observe(before, action, after, events)

    try:
        report = play_game(game, players, seed, rounds=match.rounds,
                           observe=observe if remote else None)
    finally:
        for player in remote:
            player.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return Played(match, report, peak)


def matches(groups: list[str], rounds: int, base: bool,
            base_levels: tuple[str, ...] = LEVELS) -> list[Match]:
    out = []
    if "hard-normal" in groups:
        out += [Match("hard-normal", "ai:hard", "ai:normal", rounds),
                Match("hard-normal", "ai:normal", "ai:hard", rounds)]
    if "normal-easy" in groups:
        out += [Match("normal-easy", "ai:normal", "ai:easy", rounds),
                Match("normal-easy", "ai:easy", "ai:normal", rounds)]
    if "random" in groups:
        for level in LEVELS:
            out += [Match(f"{level}-random", f"ai:{level}", "random", rounds),
                    Match(f"{level}-random", "random", f"ai:{level}", rounds)]
    if "same" in groups:
        out += [Match("hard-hard", "ai:hard", "ai:hard", rounds),
                Match("normal-normal", "ai:normal", "ai:normal", rounds)]
    if "base" in groups and base:
        for level in base_levels:
            out += [Match(f"{level}-base", f"ai:{level}", f"base:{level}", rounds),
                    Match(f"{level}-base", f"base:{level}", f"ai:{level}", rounds)]
    return out


def _winner_seat(match: Match, report: GameReport) -> str | None:
    if report.winner is None:
        return None
    return match.japan if report.winner is Side.AXIS else match.allies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games a side (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=25, help="round cap (default 25)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--only", nargs="*",
                        default=["hard-normal", "normal-easy", "random", "same", "base"])
    parser.add_argument("--base", help="a git revision to play each level against")
    parser.add_argument("--base-levels", nargs="*", default=list(LEVELS),
                        help="the levels played against their --base version (default all)")
    args = parser.parse_args()
    worktree: Path | None = None
    if args.base:
        worktree = Path(tempfile.mkdtemp(prefix="pacific-base-"))
        subprocess.run(["git", "worktree", "add", "--detach", str(worktree), args.base],
                       cwd=ROOT, check=True, capture_output=True)
        _apply_base_fixes(worktree, args.base)
    try:
        run(args, worktree)
    finally:
        if worktree is not None:
            subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT,
                           check=False, capture_output=True)


def _apply_base_fixes(worktree: Path, base: str) -> None:
    """Patches the base's engine with the rule fixes made since (R-AIRBASE-3's free step of an
    aircraft with no move left, for 5fbf5da), so that it accepts every action today's engine
    accepts; the base's computer player is left as it was."""
    patch = Path(__file__).resolve().parent / "base_fixes" / f"{base}.patch"
    if not patch.exists():
        return
    touched = subprocess.run(["git", "apply", "--numstat", str(patch)], cwd=worktree,
                             check=True, capture_output=True, text=True).stdout.split()[2::3]
    if any(not path.startswith("pacific/rules/") for path in touched):
        raise SystemExit(f"{patch} touches more than pacific/rules: {touched}")
    subprocess.run(["git", "apply", str(patch)], cwd=worktree, check=True, capture_output=True)
    print(f"base {base} patched with {patch.name}: {', '.join(touched)}", flush=True)


def run(args: argparse.Namespace, worktree: Path | None) -> None:
    todo = matches(args.only, args.rounds, worktree is not None, tuple(args.base_levels))
    tasks = [(m, args.seed + i, worktree) for m in todo for i in range(args.games)]
    started = time.perf_counter()
    played: list[Played] = []
    if args.jobs > 1:
        with Pool(args.jobs, maxtasksperchild=1) as pool:
            for result in pool.imap_unordered(_play, tasks):
                played.append(result)
                _progress(result)
    else:
        for task in tasks:
            result = _play(task)
            played.append(result)
            _progress(result)
    _table(played, time.perf_counter() - started, args.base)


def _progress(result: Played) -> None:
    match, report = result.match, result.report
    print(f"  {match.group} {match.japan} v {match.allies} seed {report.seed}: "
          f"{report.summary()} ({result.peak_mb:.0f} MB)", flush=True)


def _table(played: list[Played], elapsed: float, base: str | None) -> None:
    rows: list[tuple[str, str, str, bool]] = []
    groups: dict[str, list[Played]] = {}
    for result in played:
        groups.setdefault(result.match.group, []).append(result)

    def wins(group: str, seat_prefix: str) -> tuple[int, int]:
        results = groups.get(group, [])
        won = sum(1 for r in results
                  if (w := _winner_seat(r.match, r.report)) is not None
                  and w.startswith(seat_prefix))
        return won, len(results)

    for group, seat, label, wanted in (
            ("hard-normal", "ai:hard", "hard beats normal", 0.75),
            ("normal-easy", "ai:normal", "normal beats easy", 0.90),
            *((f"{lv}-random", f"ai:{lv}", f"{lv} beats random", 1.0) for lv in LEVELS)):
        won, total = wins(group, seat)
        if total:
            rows.append((label, f">= {wanted:.0%}", f"{won}/{total} {won / total:.0%}",
                         won / total >= wanted))
    for group, label in (("hard-hard", "hard v hard: Japan wins"),
                         ("normal-normal", "normal v normal: Japan wins")):
        results = groups.get(group, [])
        if results:
            japan = sum(1 for r in results if r.report.winner is Side.AXIS)
            share = japan / len(results)
            rows.append((label, "45-65%", f"{japan}/{len(results)} {share:.0%}",
                         0.45 <= share <= 0.65))
    for level in LEVELS:
        results = groups.get(f"{level}-base", [])
        if results:
            new, total = wins(f"{level}-base", f"ai:{level}")
            old, _ = wins(f"{level}-base", f"base:{level}")
            rows.append((f"{level} v its version at {base}", ">= even",
                         f"{new}-{old} of {total}", new >= old))
    hard_times = sorted(t for r in played for side in (Side.AXIS, Side.ALLIES)
                        if (r.match.japan if side is Side.AXIS else r.match.allies) == "ai:hard"
                        for t in r.report.times(side))
    hard_cpu = [t for r in played for side in (Side.AXIS, Side.ALLIES)
                if (r.match.japan if side is Side.AXIS else r.match.allies) == "ai:hard"
                for t in r.report.turn_cpu.get(side, [])]
    if len(hard_times) >= 10:
        p90 = quantiles(hard_times, n=10)[-1]
        rows.append(("hard turn, wall: median", "<= 1 s", f"{median(hard_times):.2f} s",
                     median(hard_times) <= 1))
        rows.append(("hard turn, wall: 90th percentile", "<= 3 s", f"{p90:.2f} s", p90 <= 3))
        rows.append(("  the same in processor time: median / p90", "",
                     f"{median(hard_cpu):.2f} / {quantiles(hard_cpu, n=10)[-1]:.2f} s", True))
    if played:
        peak = max(r.peak_mb for r in played)
        rows.append(("peak memory of a game's process", "<= 500 MB", f"{peak:.0f} MB",
                     peak <= 500))
    width = max((len(r[0]) for r in rows), default=10)
    print()
    print(f"{'target'.ljust(width)}  {'wanted':>9}  {'measured':>14}")
    for label, target, measured, ok in rows:
        status = "" if not target else "ok" if ok else "MISSED"
        print(f"{label.ljust(width)}  {target:>9}  {measured:>14}  {status}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n{len(played)} games in {elapsed:.0f} s; load average {load:.1f} on "
          f"{os.cpu_count()} CPUs")
    for group, results in groups.items():
        decided = [r for r in results if r.report.winner is not None]
        japan = sum(1 for r in results if r.report.winner is Side.AXIS)
        print(f"  {group}: {len(results)} games, Japan won {japan}, the Allies "
              f"{len(decided) - japan}, undecided {len(results) - len(decided)}")


if __name__ == "__main__":
    main()
