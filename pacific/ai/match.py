"""Whole games between two players, headless: the engine of `pacific play`, the benchmark and
the tests. Each side (Japan, the Allies) has one player that answers every decision of its
powers, in its own turns and in the enemy's (casualties, kamikazes, interceptions...)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import median
from typing import Protocol

from pacific.ai.view import side_of_power
from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.events import Event
from pacific.rules.nations import Power, Side, side_of
from pacific.rules.state import GameState

# A game longer than this many actions is a bug in a player, not a long game: a computer turn
# takes a few hundred actions at most.
MAX_ACTIONS = 60_000


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


@dataclass
class GameReport:
    """One game: who won and why (or undecided), rounds played, each side's production at the
    end, and the time each of its turns took (thinking and applying, as a player waits)."""

    seed: int
    winner: Side | None
    reason: str
    rounds: int
    production: dict[Side, int]
    turn_times: dict[Side, list[float]] = field(default_factory=dict)
    actions: int = 0
    # The same turns in processor time of this process (what the machine's load does not
    # inflate): the benchmark prints both.
    turn_cpu: dict[Side, list[float]] = field(default_factory=dict)

    def times(self, side: Side) -> list[float]:
        return self.turn_times.get(side, [])

    def summary(self) -> str:
        if self.winner is not None:
            return f"{self.winner.value} win in round {self.rounds}: {self.reason}"
        return self.reason


def production_by_side(game: Game, state: GameState) -> dict[Side, int]:
    """Each side's production level (the British convoy marker counts for the Allies)."""
    report = game.production_report(state)
    out = {Side.AXIS: 0, Side.ALLIES: report.british_convoys}
    for nation, level in report.levels.items():
        out[side_of(nation)] += level
    return out


Observer = Callable[[GameState, Action, GameState, list[Event]], None]


def play_game(game: Game, players: dict[Side, Player], seed: int, *, rounds: int | None = None,
              players_count: int = 2, observe: Observer | None = None,
              state: GameState | None = None) -> GameReport:
    """Play one game to its end, or until round ``rounds`` is over. Every action goes through
    `Game.apply`, which refuses anything illegal (IllegalAction propagates: a player that
    chooses an illegal action is a bug). ``observe(before, action, after, events)`` sees every
    step.

    Raises:
        IllegalAction: a player chose an action the rules refuse.
        RuntimeError: the game did not end within MAX_ACTIONS actions.
    """
    state = state if state is not None else game.new_game(players=players_count, seed=seed)
    turn_times: dict[Side, list[float]] = {side: [] for side in players}
    turn_cpu: dict[Side, list[float]] = {side: [] for side in players}
    turn_key: tuple[int, Power] | None = None
    spent = cpu = 0.0
    actions = 0
    while state.winner is None:
        if rounds is not None and state.round > rounds:
            break
        key = (state.round, state.power)
        if key != turn_key:
            if turn_key is not None:
                turn_times[side_of_power(turn_key[1])].append(spent)
                turn_cpu[side_of_power(turn_key[1])].append(cpu)
            turn_key, spent, cpu = key, 0.0, 0.0
        side = side_of_power(Game.current_power(state))
        started, started_cpu = time.perf_counter(), time.process_time()
        action = players[side].choose(state)
        after, events = game.apply(state, action)
        if side_of_power(state.power) is side:
            spent += time.perf_counter() - started
            cpu += time.process_time() - started_cpu
        if observe is not None:
            observe(state, action, after, events)
        state = after
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_ACTIONS} "
                               f"actions (round {state.round}, {state.power.value}, "
                               f"{state.phase.value})")
    if turn_key is not None and (state.winner is not None or spent > 0):
        turn_times[side_of_power(turn_key[1])].append(spent)
        turn_cpu[side_of_power(turn_key[1])].append(cpu)
    if state.winner is not None:
        return GameReport(seed=seed, winner=state.winner, reason=state.win_reason or "",
                          rounds=state.round, production=production_by_side(game, state),
                          turn_times=turn_times, actions=actions, turn_cpu=turn_cpu)
    played = rounds if rounds is not None else state.round
    plural = "" if played == 1 else "s"
    return GameReport(seed=seed, winner=None, reason=f"undecided after {played} round{plural}",
                      rounds=played, production=production_by_side(game, state),
                      turn_times=turn_times, actions=actions, turn_cpu=turn_cpu)


def median_and_max(times: list[float]) -> tuple[float, float]:
    return (median(times), max(times)) if times else (0.0, 0.0)


__all__ = [
    "GameReport",
    "Player",
    "median_and_max",
    "play_game",
    "production_by_side",
    "side_of_power",
]
