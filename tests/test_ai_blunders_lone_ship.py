"""Blunder class 2 at its source in the hard Allies' sea attacks: ships that fight, or that take
an empty convoy route, cannot move on in non-combat movement (R-NONCOMBAT-2), so what fought
stays where the enemy may sink it. Where the ships an attack sends would stay as a fleet the
enemy sinks (two warships, or a battleship: what class 2 counts) and no other answer the
planner had (`combat_move.spare_fleets`) leaves fewer, one warship with aircraft wins the
same battle: a destroyer lets the aircraft hit a submarine (R-SUB-5) and the aircraft fly on to
land (R-AIR-2) (`combat_move._lone_ship`). A British raid on an empty route sends its cheapest
ship alone where the battleship beside it would be lost there too for the same route, taken on
entering by one ship as by all (R-CONVOY-3) (`stuck.lone_raider`). docs/ai-journal.md."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.attacks import Attack, _route_force
from pacific.ai.blunders import LOST, is_fleet
from pacific.ai.combat_move import spare_fleets
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_air

BATTLE = "sz_9"
ROUTE = "sz_37"


def _american_attack(level: Level) -> tuple[Turn, list[Unit]]:
    """Seed 31's battle, small: a Japanese submarine in Sea Zone 9; two American submarines
    and a destroyer in Sea Zone 20, two fighters on Midway; a Japanese battleship and two
    destroyers next door and eight fighters on the Hawaiian Islands, which sink whatever ships
    stay in Sea Zone 9. The plan sends the two submarines (as seed 31's did); `spare_fleets`
    answers with the ships it keeps there."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE, round=10,
                        units={"sz_9": "1 submarine japan",
                               "sz_20": "2 submarine usa, 1 destroyer usa",
                               "midway": "2 fighter usa, 1 infantry usa",
                               "sz_8": "1 battleship japan, 2 destroyer japan",
                               "hawaiian_islands": "8 fighter japan, 2 infantry japan",
                               "japan": "4 infantry japan", "united_states": "4 infantry usa"},
                        owners={"hawaiian_islands": Nation.JAPAN})
    turn = Turn(game, st, level, Judge())
    subs = [(u, _drop(game, st, u)) for u in st.units.values()
            if u.space == "sz_20" and u.type is UnitType.SUBMARINE]
    spec = turn.attack_spec(BATTLE, [u for u, _ in subs])
    assert spec is not None
    attack = Attack(target=BATTLE, units=subs, result=turn.judge.odds(spec))
    sent = spare_fleets(turn, [attack])[0]
    return turn, [u for u, _ in sent.units]


def _drop(game: Game, st: GameState, unit: Unit, target: str = BATTLE) -> DropTarget:
    drop = game.drop_targets(st, (unit.id,)).get(target)
    assert drop is not None
    return drop


def test_the_two_submarines_would_stay_as_a_fleet_the_enemy_sinks() -> None:
    turn, _ = _american_attack(HARD)
    subs = [moved(u, BATTLE) for u in turn.state.units.values()
            if u.space == "sz_20" and u.type is UnitType.SUBMARINE]
    assert is_fleet(subs)
    assert turn.danger(BATTLE, defenders=subs) >= LOST


def test_the_hard_united_states_fight_with_one_destroyer_and_aircraft() -> None:
    """The destroyer lets the fighters hit the submarine (R-SUB-5); the destroyer alone stays
    (no fleet), the fighters fly home (main: the two submarines, a fleet sunk there)."""
    _, units = _american_attack(HARD)
    ships = [u for u in units if not is_air(u.type)]
    assert [u.type for u in ships] == [UnitType.DESTROYER]
    assert any(is_air(u.type) for u in units)


def _route_ships(level: Level, swing: float, monkeypatch: pytest.MonkeyPatch
                 ) -> list[UnitType]:
    """Seed 10's raid, small: an Indian battleship and an Australian destroyer in Sea Zone 46,
    Japan's convoy route of Sea Zone 37 empty, eight Japanese fighters in Korea and a
    battleship and destroyer in Sea Zone 36, which sink one ship or both there. The route is
    worth ``swing`` to the Allies (seed 10's, near the end: 44.5)."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE, round=10,
                        units={"sz_46": "1 battleship india, 1 destroyer australia",
                               "korea": "8 fighter japan, 2 infantry japan",
                               "sz_36": "1 battleship japan, 1 destroyer japan",
                               "shantung": "1 infantry japan", "japan": "4 infantry japan",
                               "india": "6 infantry india"})
    turn = Turn(game, st, level, Judge())
    monkeypatch.setattr(turn.economy, "swing", lambda zone, **_: swing)
    ships = sorted(((u, _drop(game, st, u, ROUTE)) for u in st.units.values()
                    if u.space == "sz_46"), key=lambda p: (UNIT_SPECS[p[0].type].cost, p[0].id))
    both = [moved(u, ROUTE) for u, _ in ships]
    assert turn.danger(ROUTE, defenders=both) >= LOST
    return sorted(u.type for u, _ in _route_force(turn, ROUTE, ships))


def test_the_hard_united_kingdom_raids_a_route_lost_either_way_with_one_ship(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Main: the battleship and the destroyer, both sunk there (a fleet, 36 IPC)."""
    assert _route_ships(HARD, 44.5, monkeypatch) == [UnitType.DESTROYER]


def test_a_raid_worth_nothing_either_way_and_the_normal_route_force_are_as_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A route worth 4.5 pays for neither force: the force is left to be judged (and not
    sent) as before; the normal level sends both."""
    both = [UnitType.BATTLESHIP, UnitType.DESTROYER]
    assert _route_ships(HARD, 4.5, monkeypatch) == both
    assert _route_ships(NORMAL, 44.5, monkeypatch) == both
