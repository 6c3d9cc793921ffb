"""The rules engine's own battles as a simulation baseline: a land or naval BattleSpec is set up
on the mini board (Japan attacks India, as in benchmarks/battles.py) and fought to the end with
`Game.apply` and seeded dice, taking the default casualty suggestion and pressing on at every
decision (never retreating, submerging or using kamikazes). Used by odds_vs_simulation.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from scenario import scenario  # noqa: E402

from pacific.odds.model import BattleKind, BattleSpec  # noqa: E402
from pacific.rules.actions import Action  # noqa: E402
from pacific.rules.actions.combat import ChooseCasualties, PressOn, SelectBattle  # noqa: E402
from pacific.rules.combat.casualties import suggest  # noqa: E402
from pacific.rules.combat.start import start_combat  # noqa: E402
from pacific.rules.decisions import CasualtyChoice, RoundChoice  # noqa: E402
from pacific.rules.dice import FixedDice, SeededDice  # noqa: E402
from pacific.rules.engine import Game  # noqa: E402
from pacific.rules.nations import Nation, Power  # noqa: E402
from pacific.rules.phases import Phase  # noqa: E402
from pacific.rules.registry import Context  # noqa: E402
from pacific.rules.state import GameState  # noqa: E402

# Where the mini board's battles are fought and where the attackers came from.
_PLACES = {BattleKind.LAND: ("burma", "siam"), BattleKind.NAVAL: ("sz_2", "sz_10")}


def engine_covers(spec: BattleSpec) -> bool:
    """Battles this runner can set up: plain land and naval battles."""
    return spec.kind in _PLACES and not spec.kamikazes and not spec.first_turn


def _units(units: dict, nation: str) -> str:  # type: ignore[type-arg]
    return ", ".join(f"{n} {t.value} {nation}" for t, n in units.items() if n)


def position(spec: BattleSpec) -> tuple[Game, GameState, str]:
    """The battle of `spec` on the mini board, combat phase started."""
    space, origin = _PLACES[spec.kind]
    units = _units(spec.defender.units, "india") + ", " + _units(spec.attacker.units, "japan")
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, units={space: units})
    for unit in st.units.values():
        if unit.owner is Nation.JAPAN:
            unit.path, unit.start_space, unit.combat_moved = [origin, space], origin, True
    start_combat(Context(board=game.board, state=st, dice=FixedDice([])))
    return game, st, space


def fight(game: Game, st: GameState, space: str, seed: int) -> tuple[int, str]:
    """Fight the battle with seeded dice: the actions applied and the engine's outcome letter
    (R-LAND-4, R-NAVAL-4). benchmarks/battles.py times it."""
    dice = SeededDice(seed)
    st, _ = game.apply(st, SelectBattle(space=space), dice)
    actions = 1
    while st.pending is not None:
        actions += 1
        battle = next(b for b in st.battles if b.status == "active")
        if isinstance(st.pending, CasualtyChoice) and battle.hits is not None:
            action: Action = ChooseCasualties(
                units=tuple(suggest(st, battle, battle.hits)))
        elif isinstance(st.pending, RoundChoice):
            action = PressOn()
        else:
            action = next(iter(game.legal_actions(st)))  # e.g. where a fighter lands
        st, _ = game.apply(st, action, dice)
    return actions, next(b for b in st.battles if b.space == space).outcome or "?"


def engine_simulation(spec: BattleSpec, runs: int, seed: int = 1) -> dict[str, float]:
    """Outcome frequencies (A attacker wins, D defender holds, B both destroyed, E) of `runs`
    battles fought by the rules engine."""
    game, st, space = position(spec)
    letters = {"C": "A", "B": "D", "A": "D", "D": "B", "E": "E"}
    counts = dict.fromkeys("ADBE", 0)
    for k in range(runs):
        counts[letters.get(fight(game, st, space, seed + k)[1], "E")] += 1
    return {k: v / runs for k, v in counts.items()}


if __name__ == "__main__":
    from plain_simulation import smoke

    smoke(engine_simulation, 2)
