"""Every kind of pending decision is reached by games that only ever choose among
`legal_actions` (the action space is complete). Random play with a
kind-uniform policy (a kind of action first, then one of that kind, so that rare kinds such as
interceptions are tried as often as moves) starts from a new game and from positions built
to make the rare decisions likely; dice are decisions in some games (chance nodes)."""

from __future__ import annotations

import random
from collections.abc import Callable

from combat_helpers import came
from scenario import scenario, u

from pacific.rules.actions import Action
from pacific.rules.decisions import Decision
from pacific.rules.dice import ChanceDice, SeededDice
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import BombingRaid
from pacific.rules.state import GameState

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA
KINDS = {"casualties", "round", "defender_submerge", "kamikaze", "intercept", "land_fighter",
         "choose_owner", "split_convoy_income", "dice"}
Position = Callable[[], tuple[Game, GameState]]


def _pick(rng: random.Random, legal: list[Action]) -> Action:
    kinds = sorted({a.kind for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a.kind == kind])


def _play(game: Game, state: GameState, seed: int, steps: int, chance: bool,
          seen: set[str]) -> None:
    """Random play choosing only listed actions; notes every decision that becomes pending.
    Every listed action chosen must apply."""
    rng = random.Random(seed)
    for _ in range(steps):
        pending: Decision | None = state.pending
        if pending is not None:
            seen.add(pending.decision)
        if state.winner is not None:
            return
        legal = list(game.legal_actions(state))
        assert legal, (state.phase, pending)
        action = _pick(rng, legal)
        dice = ChanceDice() if chance else SeededDice(seed, state.dice_drawn)
        state, _ = game.apply(state, action, dice)


def _new_game() -> tuple[Game, GameState]:
    game, _ = scenario()
    return game, game.new_game(players=3, seed=5)   # split_convoy_income pending


def _kamikaze() -> tuple[Game, GameState]:
    """R-KAMI-3: a US fleet moved into a kamikaze zone; Japan is asked in phase 4."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT_MOVE, units={
        "sz_5": "1 battleship usa, 1 destroyer usa, 1 submarine japan",
        "marianas": "1 infantry japan"})
    came(st, [x.id for x in st.units.values() if x.owner is US], "sz_9", "sz_5")
    return game, st


def _raid() -> tuple[Game, GameState]:
    """R-SBR-3: a US bomber raids Japan, guarded by Japanese fighters."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT_MOVE, units={
        "japan": "1 industrial_complex japan, 1 bomber usa, 2 fighter japan"},
        treasury={J: 40})
    bomber = u(st, "japan", "bomber", US)
    came(st, bomber, "sz_6", "japan")
    st.raids = [BombingRaid(target="japan", bombers=bomber)]
    return game, st


def _carrier_sunk() -> tuple[Game, GameState]:
    """R-CARRIER-8: Japanese submarines attack an Indian carrier with a fighter aboard."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units={
        "sz_1": "3 submarine japan, 1 carrier india, 1 fighter india"})
    carrier = u(st, "sz_1", "carrier", IN)[0]
    st.unit(u(st, "sz_1", "fighter", IN)[0]).carried_by = carrier
    came(st, u(st, "sz_1", "submarine", J), "sz_2", "sz_1")
    return game, st


def _defending_submarines() -> tuple[Game, GameState]:
    """R-SUB-6: Indian submarines defend against a Japanese destroyer."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units={
        "sz_2": "1 destroyer japan, 2 submarine india"})
    came(st, u(st, "sz_2", "destroyer", J), "sz_10", "sz_2")
    return game, st


def _siam() -> tuple[Game, GameState]:
    """R-CAPTURE-11: the US takes Japanese Siam; the player picks its new owner."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT_MOVE, units={
        "burma": "3 infantry usa", "siam": "1 aa_gun japan"})
    return game, st


POSITIONS: list[tuple[Position, int, bool]] = [
    (_new_game, 160, False), (_new_game, 160, True), (_kamikaze, 30, False),
    (_raid, 30, False), (_carrier_sunk, 30, True), (_defending_submarines, 30, False),
    (_siam, 30, False),
]


def test_every_decision_kind_is_reached_by_listed_actions_only() -> None:
    """Every choice is listed (OpenSpiel's rule): casualties (R-COMBAT-6), rounds (R-COMBAT-8),
    defending submarines (R-SUB-6), kamikaze (R-KAMI-3), interception (R-SBR-3), fighters of a
    sunk carrier (R-CARRIER-8), owners (R-CAPTURE-11), the British convoy split (R-SETUP-8)
    and dice (R-COMBAT-5) all become pending in games that choose only listed actions."""
    seen: set[str] = set()
    for make, steps, chance in POSITIONS:
        for seed in range(6):
            game, state = make()
            _play(game, state, seed, steps, chance, seen)
    assert seen == KINDS, sorted(KINDS - seen)
