"""Write the scenarios shipped under maps/pacific/scenarios/ (docs/scenarios.md).

    python tools/make_scenarios.py [--out maps/pacific/scenarios]

- ``standard_start.json``: the position of a new game, British convoy split still to make.
- ``japan_purchase.json``: round 1, Japan's purchase, once Great Britain has split the starting
  convoy income (the guided tutorial, Help ▸ Tutorial, starts here).
- ``japan_first_turn.json``: Japan's first turn after its purchase, at combat movement. It is
  played through the engine: the convoy split, Japan's purchase, then the end of phases 1
  and 2.
- ``late_game.json``: round 6, Great Britain's non-combat movement after a sea battle: carrier
  groups, loaded transports, a damaged battleship, Japan holding the Indies and their convoys.
  It is entered through edit actions, as a tabletop group would enter a game in progress.

Each file is checked by tests/test_scenarios.py.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase, Purchase, SplitConvoyIncome
from pacific.rules.actions.edit import (
    EditAddUnits,
    EditControl,
    EditDamaged,
    EditKamikazeTokens,
    EditMode,
    EditRemoveUnits,
    EditTreasury,
    EditTurn,
    EditVictoryPoints,
)
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.mapfile import load_board
from pacific.rules.maps import find_map
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.scenario import scenario_json, scenario_of
from pacific.rules.units import UnitType

J, IN, AU, US = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA
T = UnitType


def _play(game: Game, actions: list[Action]) -> History:
    history = History(game, game.new_game(players=3, seed=1))
    for action in actions:
        history.apply(action)
    return history


def _clear_board(history: History) -> list[Action]:
    """Edits that take every unit off the board, space by space."""
    counts: dict[tuple[str, Nation, UnitType], int] = {}
    for unit in history.state.units.values():
        if unit.carried_by is None:
            key = (unit.space, unit.owner, unit.type)
            counts[key] = counts.get(key, 0) + 1
    return [EditRemoveUnits(space=s, nation=n, unit_type=t, count=c)
            for (s, n, t), c in sorted(counts.items())]


def _add(space: str, nation: Nation, text: str, aboard: int | None = None) -> list[Action]:
    """"2 infantry, 1 armor" → the edits that add them."""
    out: list[Action] = []
    for part in text.split(","):
        count, name = part.split()
        out.append(EditAddUnits(space=space, nation=nation, unit_type=UnitType(name),
                                count=int(count), aboard=aboard))
    return out


def late_game(game: Game) -> History:
    history = _play(game, [SplitConvoyIncome(india=6, australia=6), EditMode(on=True)])
    for action in _clear_board(history):
        history.apply(action)
    edits: list[Action] = [EditTurn(round=6, power=Power.UK, phase=Phase.NONCOMBAT_MOVE)]
    for space in ("philippines", "borneo", "malaya", "hong_kong", "java", "sumatra",
                  "celebes", "new_guinea", "solomon_islands", "guam", "wake", "burma"):
        if space in game.board.territory_by_id:
            edits.append(EditControl(space=space, nation=J))
    for zone in ("sz_38", "sz_43", "sz_44", "sz_46", "sz_47", "sz_15"):
        edits.append(EditControl(space=zone, nation=J))
    edits += [
        *_add("japan", J, "6 infantry, 2 artillery, 2 armor, 1 aa_gun, 2 fighter, 1 bomber"),
        *_add("manchuria", J, "4 infantry, 1 armor"),
        *_add("korea", J, "2 infantry"),
        *_add("burma", J, "3 infantry, 1 artillery, 1 armor"),
        *_add("malaya", J, "2 infantry"),
        *_add("philippines", J, "2 infantry, 1 fighter"),
        *_add("borneo", J, "1 infantry"),
        *_add("java", J, "1 infantry"),
        *_add("new_guinea", J, "2 infantry"),
        # Japan's main fleet at home: two carriers with their fighters, a transport loaded.
        *_add("sz_36", J, "1 battleship, 2 carrier, 4 fighter, 1 destroyer, 1 transport, "
              "2 infantry"),
        # A Japanese raiding force in the Solomons convoy zone.
        *_add("sz_15", J, "1 submarine, 1 destroyer"),
        *_add("india", IN, "5 infantry, 1 artillery, 1 armor, 1 aa_gun, 1 fighter"),
        # The British fleet that fought off Burma this turn: its battleship took a hit.
        *_add("sz_54", IN, "1 battleship, 1 destroyer, 1 transport, 1 infantry, 1 artillery"),
        EditDamaged(space="sz_54", nation=IN, count=1),
        *_add("new_south_wales", AU, "4 infantry, 1 artillery, 1 fighter"),
        *_add("queensland", AU, "2 infantry"),
        *_add("sz_30", AU, "1 transport, 1 armor, 1 destroyer"),
        *_add("united_states", US, "6 infantry, 2 artillery, 2 armor, 1 aa_gun, 2 fighter, "
              "2 bomber"),
        *_add("hawaiian_islands", US, "3 infantry, 1 fighter"),
        # The American carrier group with Marines aboard two transports.
        *_add("sz_9", US, "1 battleship, 2 carrier, 3 fighter, 2 destroyer, 2 transport, "
              "2 marine, 2 infantry, 1 submarine"),
        *_add("szechwan", Nation.CHINA, "4 infantry"),
        *_add("yunnan", Nation.CHINA, "2 infantry"),
        EditTreasury(nation=J, ipc=14), EditTreasury(nation=IN, ipc=3),
        EditTreasury(nation=AU, ipc=6), EditTreasury(nation=US, ipc=12),
        EditVictoryPoints(points=14), EditKamikazeTokens(tokens=2),
        EditMode(on=False),
    ]
    for action in edits:
        history.apply(action)
    return history


def japan_purchase(game: Game) -> History:
    return _play(game, [SplitConvoyIncome(india=6, australia=6)])


def japan_first_turn(game: Game) -> History:
    return _play(game, [
        SplitConvoyIncome(india=6, australia=6),
        Purchase(nation=J, units={T.TRANSPORT: 1, T.INFANTRY: 2, T.ARTILLERY: 1}),
        EndPhase(), EndPhase(),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("maps/pacific/scenarios"))
    args = parser.parse_args()
    game = Game(load_board(find_map("pacific")))
    args.out.mkdir(parents=True, exist_ok=True)
    files = {
        "standard_start.json": (
            History(game, game.new_game(players=3, seed=1)), "Standard start",
            "The position of a new game (R-SETUP-6..8): Great Britain first splits the "
            "starting British convoy income between India and Australia, then Japan buys."),
        "japan_purchase.json": (
            japan_purchase(game), "Japan's first purchase",
            "Round 1, Japan's purchase: Great Britain has split the starting British convoy "
            "income, 6 IPC to India and 6 to Australia (R-SETUP-8). Japan has 19 IPC to "
            "spend. The guided tutorial (Help ▸ Tutorial) starts here."),
        "japan_first_turn.json": (
            japan_first_turn(game), "Japan's first turn",
            "Round 1, after Japan's purchase (a transport, 2 infantry and an artillery to "
            "place in phase 7): Japan's combat movement with every starting unit. The "
            "defenders of Japan's first turn fight at 1 (R-FIRSTTURN-1)."),
        "late_game.json": (
            late_game(game), "The Indies held",
            "Round 6, Great Britain's non-combat movement after a sea battle off Burma, its "
            "battleship damaged. Japan holds the Philippines and the Indies with their "
            "convoys and has 14 victory points; both sides have carrier groups and loaded "
            "transports."),
    }
    for name, (history, title, description) in files.items():
        scenario = scenario_of(game.board, history.state, title=title, description=description)
        (args.out / name).write_text(scenario_json(scenario), encoding="utf-8")
        print(f"{args.out / name}: {len(history.state.units)} units")


if __name__ == "__main__":
    main()
