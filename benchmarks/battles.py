"""Battles resolved per second: a standard mixed land battle and a standard mixed naval
battle, each fought to the end through the engine (select_battle, then the default casualty
suggestion and "press on" at every decision) with seeded dice. Prints figures; asserts nothing.

    /work/venv-dev/bin/python benchmarks/battles.py [--battles 300]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from engine_simulation import fight  # noqa: E402
from scenario import scenario  # noqa: E402

from pacific.rules.combat.start import start_combat  # noqa: E402
from pacific.rules.dice import FixedDice  # noqa: E402
from pacific.rules.engine import Game  # noqa: E402
from pacific.rules.nations import Nation, Power  # noqa: E402
from pacific.rules.phases import Phase  # noqa: E402
from pacific.rules.registry import Context  # noqa: E402
from pacific.rules.state import GameState  # noqa: E402

LAND = ("burma", "3 infantry india, 1 artillery india, 1 armor india, 1 fighter india, "
        "1 aa_gun india",
        "4 infantry japan, 2 artillery japan, 2 armor japan, 2 fighter japan, 1 bomber japan")
NAVAL = ("sz_2", "1 battleship india, 1 carrier india, 2 fighter india, 2 destroyer india, "
         "1 submarine india, 1 transport india",
         "1 battleship japan, 2 destroyer japan, 2 submarine japan, 1 carrier japan, "
         "2 fighter japan")


def position(space: str, defence: str, attack: str) -> tuple[Game, GameState]:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={space: defence + ", " + attack})
    for unit in st.units.values():
        if unit.owner is Nation.JAPAN:
            unit.path, unit.start_space = ["sz_10" if space.startswith("sz") else "siam",
                                           space], "siam"
    start_combat(Context(board=game.board, state=st, dice=FixedDice([])))
    return game, st


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--battles", type=int, default=300)
    args = parser.parse_args()
    for name, (space, defence, attack) in (("land", LAND), ("naval", NAVAL)):
        game, st = position(space, defence, attack)
        outcomes: dict[str, int] = {}
        actions = 0
        t0 = time.perf_counter()
        for seed in range(args.battles):
            n, outcome = fight(game, st, space, seed)
            actions += n
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        dt = time.perf_counter() - t0
        print(f"{name:5} battle: {args.battles / dt:7.1f} battles/s, "
              f"{actions / args.battles:4.1f} actions a battle, "
              f"{dt / actions * 1000:5.2f} ms an action; outcomes {dict(sorted(outcomes.items()))}")


if __name__ == "__main__":
    main()
