"""Write the scenarios shipped under maps/pacific/scenarios/ (docs/scenarios.md).

    python tools/make_scenarios.py [--out maps/pacific/scenarios]

- ``standard_start.json``: the position of a new game, British convoy split still to make.
- ``japan_purchase.json``: round 1, Japan's purchase, once Great Britain has split the starting
  convoy income (the guided tutorial, Help ▸ Tutorial, starts here).
- ``japan_first_turn.json``: Japan's first turn after its purchase, at combat movement. It is
  played through the engine: the convoy split, Japan's purchase, then the end of phases 1
  and 2.
- ``usa_first_turn.json``: round 1, the American purchase, after Japan's first turn as the
  guided tutorial plays it (its moves and dice) and a British turn that stands still (the
  United States tutorial starts here).
- ``britain_first_turn.json``: round 1, Great Britain's purchase after the same Japanese turn
  (the Great Britain tutorial starts here).
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
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map
from pacific.rules.files.scenario import scenario_json, scenario_of
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
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


def after_japans_tutorial(game: Game, power: Power) -> History:
    """Japan's first turn as the guided tutorial plays it, then the phases ended (the British
    convoy money split evenly) until ``power``'s purchase."""
    from pacific.rules.dice import FixedDice
    from pacific.tutorial import Progress
    from pacific.tutorial.goals import Read

    history = japan_purchase(game)
    progress = Progress(game)
    while progress.step is not None and progress.step.id != "allied_turns":
        step = progress.step
        if isinstance(step.goal, Read):
            progress.go_on(history)
            continue
        while progress.step is step:
            action = step.goal.next_action(game, progress.start(history), history.state)
            assert action is not None, step.id
            history.apply(action, FixedDice(progress.dice(history)))
            progress.follow(history)
    while not (history.state.power is power and history.state.phase is Phase.PURCHASE):
        state = history.state
        due = state.convoy_split_due
        history.apply(SplitConvoyIncome(india=due - due // 2, australia=due // 2)
                      if due and (state.phase is Phase.INCOME or state.pending is not None)
                      else EndPhase())
    return history


# Every lesson keeps two infantry in each capital, so that no side is beaten by an empty board.
CAPITAL_GUARDS = {("japan", J): "2 infantry", ("india", IN): "2 infantry",
                  ("new_south_wales", AU): "2 infantry", ("united_states", US): "2 infantry",
                  ("szechwan", Nation.CHINA): "2 infantry"}


def lesson(game: Game, power: Power, phase: Phase, units: dict[tuple[str, Nation], str],
           control: dict[str, Nation] | None = None,
           cargo: dict[tuple[str, Nation], str] | None = None,
           victory_points: int = 0) -> History:
    """A small position for a lesson, entered through edit actions: the board cleared, the
    capitals guarded, ``units`` placed (``cargo`` aboard the nation's transport in a zone),
    round 2 at ``power``'s ``phase``."""
    history = _play(game, [SplitConvoyIncome(india=6, australia=6), EditMode(on=True)])
    edits: list[Action] = [*_clear_board(history)]
    for space, nation in (control or {}).items():
        edits.append(EditControl(space=space, nation=nation))
    for (space, nation), text in {**CAPITAL_GUARDS, **units}.items():
        edits += _add(space, nation, text)
    for action in edits:
        history.apply(action)
    for (zone, nation), text in (cargo or {}).items():
        ship = next(u.id for u in history.state.units_at(zone)
                    if u.owner is nation and u.type is T.TRANSPORT)
        for action in _add(zone, nation, text, aboard=ship):
            history.apply(action)
    points: list[Action] = [EditVictoryPoints(points=victory_points)] if victory_points else []
    for action in (*points, EditTurn(round=2, power=power, phase=phase), EditMode(on=False)):
        history.apply(action)
    return history


def lessons(game: Game) -> dict[str, tuple[History, str, str]]:
    """The lessons' positions (Help ▸ Lessons), by file name."""
    return {
        "lesson_kamikaze.json": (
            lesson(game, Power.US, Phase.COMBAT_MOVE, {
                ("sz_38", US): "1 battleship, 1 destroyer", ("sz_37", J): "1 transport"}),
            "Lesson: kamikaze",
            "Round 2, the American combat movement: an American battleship next to sea zone "
            "37, a kamikaze zone, where a Japanese transport waits."),
        "lesson_cap.json": (
            lesson(game, Power.JAPAN, Phase.NONCOMBAT_MOVE, {
                ("marshall_islands", J): "1 infantry, 1 fighter", ("sz_17", US): "1 destroyer"}),
            "Lesson: combat air patrols",
            "Round 2, Japan's non-combat movement: a Japanese fighter on the Marshall Islands, "
            "an American destroyer two zones away."),
        "lesson_bases.json": (
            lesson(game, Power.US, Phase.NONCOMBAT_MOVE, {
                ("sz_5", US): "2 destroyer", ("hawaiian_islands", US): "1 fighter",
                ("guam", US): "1 infantry"}),
            "Lesson: naval and air bases",
            "Round 2, the American non-combat movement: two destroyers off the west coast, a "
            "fighter on Hawaii, Guam American."),
        "lesson_convoys.json": (
            lesson(game, Power.JAPAN, Phase.COMBAT_MOVE, {
                ("sz_27", J): "1 destroyer", ("sz_14", J): "1 destroyer",
                ("new_zealand", AU): "1 infantry"}),
            "Lesson: convoy centres and routes",
            "Round 2, Japan's combat movement: Japanese destroyers next to the British convoy "
            "centre of sea zone 15 and to New Zealand's convoy route, sea zone 13."),
        "lesson_bombing.json": (
            lesson(game, Power.US, Phase.COMBAT_MOVE, {
                ("kiangsi", Nation.CHINA): "1 infantry", ("kiangsi", US): "2 bomber",
                ("japan", J): "1 fighter, 1 aa_gun"}, victory_points=6),
            "Lesson: strategic bombing",
            "Round 2, the American combat movement: 2 American bombers in Kiangsi, three "
            "spaces from Japan, which has a fighter, an AA gun and 6 victory points."),
        "lesson_amphibious.json": (
            lesson(game, Power.US, Phase.COMBAT_MOVE, {
                ("sz_17", US): "1 transport, 1 battleship", ("wake", J): "2 infantry"},
                control={"wake": J}, cargo={("sz_17", US): "2 marine"}),
            "Lesson: amphibious assaults",
            "Round 2, the American combat movement: a transport with 2 Marines aboard and a "
            "battleship in sea zone 17; Wake held by 2 Japanese infantry."),
        "lesson_submarines.json": (
            lesson(game, Power.JAPAN, Phase.COMBAT_MOVE, {
                ("sz_25", J): "1 submarine", ("sz_19", J): "1 submarine",
                ("sz_18", US): "1 transport",
                ("sz_17", US): "1 transport, 1 destroyer"}),
            "Lesson: submarines and destroyers",
            "Round 2, Japan's combat movement: Japanese submarines in sea zones 25 and 19, a "
            "lone American transport in zone 18, a transport with a destroyer in zone 17."),
    }


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
        "usa_first_turn.json": (
            after_japans_tutorial(game, Power.US), "The United States' first turn",
            "Round 1, the American purchase, after Japan's first turn as the Japan tutorial "
            "plays it (Anhwe and Hong Kong taken, the Indian destroyer sunk) and a British "
            "turn that stood still. The United States tutorial starts here."),
        "britain_first_turn.json": (
            after_japans_tutorial(game, Power.UK), "Great Britain's first turn",
            "Round 1, Great Britain's purchase, after Japan's first turn as the Japan tutorial "
            "plays it (Anhwe and Hong Kong taken, the Indian destroyer sunk). The Great "
            "Britain tutorial starts here."),
        "late_game.json": (
            late_game(game), "The Indies held",
            "Round 6, Great Britain's non-combat movement after a sea battle off Burma, its "
            "battleship damaged. Japan holds the Philippines and the Indies with their "
            "convoys and has 14 victory points; both sides have carrier groups and loaded "
            "transports."),
    }
    files.update(lessons(game))
    for name, (history, title, description) in files.items():
        scenario = scenario_of(game.board, history.state, title=title, description=description)
        (args.out / name).write_text(scenario_json(scenario), encoding="utf-8")
        print(f"{args.out / name}: {len(history.state.units)} units")


if __name__ == "__main__":
    main()
