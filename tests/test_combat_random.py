"""Random battles: seeded random forces on the mini board, random legal decisions until phase
4 is over, with the engine's invariants checked at every step (OpenSpiel's
random-game test). `PACIFIC_LONG=1` plays ten times as many."""

from __future__ import annotations

import os
import random

import pytest
from combat_helpers import pieces_follow_control
from scenario import scenario

from pacific.rules.actions import parse_action
from pacific.rules.actions.economy import EndPhase
from pacific.rules.combat.start import start_combat
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game, allowed_kinds
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid
from pacific.rules.registry import Context
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

LAND = [T.INFANTRY, T.ARTILLERY, T.ARMOR, T.FIGHTER, T.BOMBER]
SEA = [T.BATTLESHIP, T.CARRIER, T.DESTROYER, T.TRANSPORT, T.SUBMARINE, T.FIGHTER]
GAMES = 1200 * (10 if os.environ.get("PACIFIC_LONG") else 1)


def _add(st: GameState, rng: random.Random, space: str, owner: Nation, kinds: list[T],
         n: int, origin: str | None) -> list[int]:
    ids = []
    for _ in range(n):
        t = rng.choice(kinds)
        unit = st.add_unit(t, owner, space, start_space=origin or space)
        if origin:
            unit.path = [origin, space]
            unit.combat_moved = True
        ids.append(unit.id)
    return ids


def random_position(seed: int) -> tuple[Game, GameState]:
    rng = random.Random(seed)
    power = rng.choice([Power.JAPAN, Power.UK, Power.US])
    me = {Power.JAPAN: Nation.JAPAN, Power.UK: Nation.INDIA, Power.US: Nation.USA}[power]
    foe = Nation.JAPAN if power is not Power.JAPAN else rng.choice(
        [Nation.INDIA, Nation.USA, Nation.AUSTRALIA])
    game, st = scenario(power=power, phase=Phase.COMBAT, units={},
                        round=rng.choice([1, 2, 3]), treasury={foe: rng.randint(0, 30)},
                        kamikaze_tokens=rng.randint(0, 6))
    # A land battle in Burma or Siam, a naval battle in zone 2 or 5, maybe a raid.
    land = rng.choice(["burma", "siam"])
    st.territory_owner[land] = foe
    st.owner_at_turn_start[land] = foe
    st.territory_owner["yunnan"] = st.owner_at_turn_start["yunnan"] = me
    _add(st, rng, land, foe, [T.INFANTRY, T.ARTILLERY, T.ARMOR, T.FIGHTER, T.AA_GUN],
         rng.randint(1, 4), None)
    _add(st, rng, land, me, LAND, rng.randint(1, 5), "yunnan")
    zone = rng.choice(["sz_2", "sz_5"])
    _add(st, rng, zone, foe, SEA, rng.randint(0, 4), None)
    mine = _add(st, rng, zone, me, SEA, rng.randint(1, 4), "sz_10")
    if power is not Power.JAPAN and rng.random() < 0.5:
        _add(st, rng, zone, Nation.AUSTRALIA if power is Power.US else Nation.USA,
             [T.DESTROYER, T.TRANSPORT], 1, None)
    transports = [i for i in mine if st.units[i].type is T.TRANSPORT]
    coast = {"sz_2": "siam", "sz_5": "marianas"}[zone]
    if transports and coast != land:
        st.territory_owner[coast] = foe
        _add(st, rng, coast, foe, [T.INFANTRY], rng.randint(0, 2), None)
        cargo = st.add_unit(T.INFANTRY, me, zone, carried_by=transports[0],
                            path=["sz_10", zone], start_space="sz_10")
        st.amphibious_assaults = [AmphibiousAssault(target=coast, sea_zones=[zone],
                                                    ships=[transports[0]],
                                                    landing_units=[cargo.id])]
    if power is not Power.JAPAN and rng.random() < 0.5:
        bombers = _add(st, rng, "japan", me, [T.BOMBER], rng.randint(1, 2), "sz_6")
        escorts = _add(st, rng, "japan", me, [T.FIGHTER], rng.randint(0, 1), "sz_6")
        _add(st, rng, "japan", Nation.JAPAN, [T.FIGHTER, T.AA_GUN], rng.randint(0, 2), None)
        st.add_unit(T.INDUSTRIAL_COMPLEX, Nation.JAPAN, "japan")
        st.raids = [BombingRaid(target="japan", bombers=bombers, escorts=escorts)]
    start_combat(Context(board=game.board, state=st, dice=FixedDice([])))
    return game, st


def check_invariants(game: Game, st: GameState, full: bool) -> None:
    assert sum(1 for b in st.battles if b.status == "active") <= 1
    if st.pending is not None:
        assert st.pending.decision and st.pending.power in {p.value for p in Power}
    for unit in st.units.values():
        if unit.carried_by is not None:
            assert unit.carried_by in st.units, "cargo outlived its ship"
            assert st.units[unit.carried_by].space == unit.space
    assert all(v >= 0 for v in st.treasury.values())
    assert 0 <= st.kamikaze_tokens <= 6
    if full:
        assert GameState.model_validate_json(st.model_dump_json()) == st


# Half the random battles in the default run, all four chunks with -m slow.
@pytest.mark.parametrize(
    "chunk", [0, 1, *(pytest.param(c, marks=pytest.mark.slow) for c in (2, 3))])
def test_random_battles_keep_every_invariant(chunk: int) -> None:
    """Every listed action is legal and applies; each phase 4 ends; invariants hold."""
    played = 0
    for seed in range(chunk, GAMES, 4):
        game, st = random_position(seed)
        rng = random.Random(seed * 7919)
        for step in range(400):
            check_invariants(game, st, full=step % 5 == 0)
            actions = list(game.legal_actions(st))
            kinds = allowed_kinds(st)
            actions = [a for a in actions if a.kind in kinds]
            if not actions:
                break
            action = rng.choice(actions)
            assert parse_action(action.to_json()) == action
            if action.kind == "end_phase":
                assert all(b.status == "over" for b in st.battles)
                break
            if step % 3 == 0:
                assert game.why_illegal(st, action) is None, action
            before = sum(1 for _ in st.units)
            st, _ = game.apply(st, action)
            assert sum(1 for _ in st.units) <= before
            played += 1
        else:
            pytest.fail(f"seed {seed}: phase 4 did not end")
        assert all(b.status == "over" for b in st.battles), seed
        assert game.why_illegal(st, EndPhase()) is None or st.pending is not None
        if st.pending is None:
            # Past the end of phase 4: the pieces of every captured territory changed hands.
            ended, _ = game.apply(st, EndPhase())
            pieces_follow_control(ended)
    assert played >= GAMES // 4 * 3
    print(f"{played} random combat actions")
