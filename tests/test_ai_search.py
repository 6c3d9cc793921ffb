"""The hard level's whole-turn plan search (`pacific.ai.search`) and the reasons the computer
player gives for every move and purchase, not only its attacks (`pacific.ai.explain`)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from scenario import scenario

from pacific.ai.attacks import Attack
from pacific.ai.combat_move import attack_steps, combat_steps
from pacific.ai.explain import MOVE_KINDS, MoveReason, PurchaseReason
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.search import Candidate, _Evaluator, search_attacks, simulate, victory
from pacific.ai.stacks import Stack, my_stacks
from pacific.ai.turn import Memory, Turn
from pacific.rules.actions.economy import Purchase
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.text.computer import reason_text
from pacific.text.language import using_language

J, IN = Nation.JAPAN, Nation.INDIA


@cache
def _game() -> Game:
    return Game(load_board("maps/pacific"))


def _until(game: Game, state: GameState, phase: Phase, player: ComputerPlayer) -> GameState:
    while not (state.phase is phase and state.pending is None):
        state, _ = game.apply(state, player.choose(state))
    return state


def test_the_search_keeps_the_best_plan_it_weighed_and_its_moves_are_legal() -> None:
    """Japan's first combat movement: several whole plans are weighed, the best is kept, and
    played on a copy with the engine every unit it sends reaches its target's space; the
    position itself is unchanged, and the hard player plays that plan."""
    game = _game()
    player = ComputerPlayer(game, HARD)
    state = _until(game, game.new_game(players=2, seed=1), Phase.COMBAT_MOVE, player)
    turn = Turn(game, state, HARD, Judge(), Memory())
    stacks = my_stacks(game, state)
    attacks, report = search_attacks(turn, stacks, attack_steps)
    assert len(report.values) >= 2, report
    assert report.values[report.chosen] == max(report.values.values()), report
    assert attacks
    after, _ = simulate(game, state, attack_steps(turn, stacks, attacks))
    for attack in attacks:
        for unit, _target in attack.units:
            assert after.units[unit.id].space == attack.target, (attack.target, unit)
    assert all(u.space == after.units[u.id].space or not u.moves_used
               for u in state.units.values() if u.id in after.units)
    # The hard player's combat movement is that plan (the computer panel lists its attacks).
    player.choose(state)
    assert player.plan is not None
    assert [a.target for a in player.plan.attacks] == [a.target for a in attacks]


def _indochina(british: str) -> tuple[Turn, list[Stack], Stack]:
    """Japan's combat movement with two infantry in French Indo-China, ``british`` next door
    in the Shan State and Siam empty and British: the turn, Japan's stacks and the infantry."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"french_indo_china": "2 infantry japan",
                               "shan_state": british, "japan": "8 infantry japan"},
                        owners={"siam": IN, "french_indo_china": J, "shan_state": IN})
    stacks = my_stacks(game, st)
    infantry = next(s for s in stacks if s.space == "french_indo_china")
    return Turn(game, st, HARD, Judge(), Memory()), stacks, infantry


def test_a_plan_that_strips_a_threatened_territory_is_worth_less() -> None:
    """Two plans take the same empty Siam (R-COMBATMOVE-5) from French Indo-China, which two
    British infantry next door threaten: the one that sends both Japanese infantry leaves
    French Indo-China (3 IPC) to be walked into, and the whole-turn evaluation says so."""
    turn, stacks, infantry = _indochina("2 infantry india")
    target = infantry.targets["siam"]
    both = Attack("siam", [(u, target) for u in infantry.units], score=10.0)
    one = Attack("siam", [(infantry.units[0], target)], score=10.0)
    judge = _Evaluator(turn, stacks, attack_steps)
    assert judge.value(Candidate("one", [one])) > judge.value(Candidate("both", [both])) + 1


def test_every_purchase_and_move_says_why_in_english_and_italian() -> None:
    """Not only attacks: a purchase gives each part of the money with what it is for, and
    every non-combat move its kind and the place it goes to, worded in both languages."""
    game = _game()
    player = ComputerPlayer(game, HARD)
    state = game.new_game(players=2, seed=1)
    reasons: list[object] = []
    while (state.round == 1 and state.power is Power.JAPAN) or state.pending is not None:
        action = player.choose(state)
        if isinstance(action, Purchase):
            why = player.why()
            assert isinstance(why, PurchaseReason), why
            bought: dict[T, int] = {}
            for _part, units in why.parts:
                for unit_type, count in units:
                    bought[unit_type] = bought.get(unit_type, 0) + count
            assert bought == dict(action.units)
            reasons.append(why)
        if isinstance(action, Move) and state.phase is Phase.NONCOMBAT_MOVE:
            why = player.why()
            assert isinstance(why, MoveReason), (action, why)
            assert why.kind in MOVE_KINDS and why.space == action.path[-1]
            reasons.append(why)
        state, _ = game.apply(state, action)
    assert any(isinstance(r, PurchaseReason) for r in reasons)
    assert sum(isinstance(r, MoveReason) for r in reasons) >= 3
    english = [reason_text(r, game.board) for r in reasons]  # type: ignore[arg-type]
    assert all(english) and any("buys" in t for t in english), english
    with using_language("it"):
        italian = [reason_text(r, game.board) for r in reasons]  # type: ignore[arg-type]
    assert all(a != b for a, b in zip(english, italian, strict=True)), italian


def test_a_plan_whose_fighters_wait_for_a_deck_that_would_be_sunk_counts_them_lost() -> None:
    """Two fighters declared they would land at Pearl Harbor (sz_9, R-AIR-3), where the carrier
    that can reach it would be sunk with them by eight American fighters: the carrier is not
    sent (`fleet.deck_lost`), so the plan loses the fighters (20 IPC). Declared off Japan,
    out of the Americans' reach, they cost nothing."""
    def plan_value(zone: str) -> float:
        game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                            units={"japan": "4 infantry japan", "sz_5": "1 carrier japan",
                                   "united_states": "8 fighter usa, 2 infantry usa",
                                   "sz_8": "1 battleship usa"})
        for _ in range(2):
            st.add_unit(T.FIGHTER, J, zone, landing=zone, moves_used=3, combat_moved=True,
                        start_space="sz_10")
        turn = Turn(game, st, HARD, Judge(), Memory())
        return _Evaluator(turn, my_stacks(game, st), attack_steps).value(Candidate("none", []))

    assert plan_value("sz_9") <= -20
    assert plan_value("sz_6") == 0


def test_units_leaving_a_threatened_space_take_their_own_risk_with_them() -> None:
    """Both Japanese infantry leave French Indo-China, which five British land units next door
    threaten, to take the empty Siam: the plan pays for the territory left open (P(taken)
    rises to 1), but gains nothing from the two infantry no longer standing where they could
    be destroyed: their risk goes with them, to the attack's own score."""
    turn, stacks, infantry = _indochina("3 infantry india, 2 artillery india")
    both = Attack("siam", [(u, infantry.targets["siam"]) for u in infantry.units], score=10.0)
    worth = turn.importance("french_indo_china")
    before = turn.threat("french_indo_china",
                         defenders=turn.my_defenders("french_indo_china"))
    assert worth > 0 and before.net_loss > 0.5
    value = _Evaluator(turn, stacks, attack_steps).value(Candidate("both", [both]))
    assert value == pytest.approx(10.0 - (1.0 - before.chance) * worth, abs=0.05)


def _victory(power: Power, attacks: list[str], **fields: object) -> float:
    """`search.victory` of captures sure to succeed, with Japan holding Hong Kong (its
    income 21, R-VP-2: two victory points)."""
    game, st = scenario("pacific", power=power, phase=Phase.COMBAT_MOVE,
                        owners={"hong_kong": J}, **fields)
    turn = Turn(game, st, HARD, Judge(), Memory())
    assert turn.economy.japan_now == 21
    return victory(turn, [Attack(target, []) for target in attacks])


def test_captures_that_together_reach_japans_next_victory_point_are_worth_it() -> None:
    """India and New South Wales (5 IPC each) each leave Japan's income in the twenties;
    together they make it 31, a third victory point this turn (R-VP-2), worth
    10 IPC at the start and more as Japan nears the 22 points that win (R-VICTORY-2)."""
    assert _victory(Power.JAPAN, ["india"]) == 0
    assert _victory(Power.JAPAN, ["new_south_wales"]) == 0
    both = ["india", "new_south_wales"]
    assert _victory(Power.JAPAN, both) == pytest.approx(10.0)
    assert _victory(Power.JAPAN, both, victory_points=18) == pytest.approx(15.0)


def test_the_allies_value_denying_japan_a_victory_point() -> None:
    """Retaking Hong Kong takes Japan's income from 21 to 19: one victory point fewer at its
    next Phase 9 (R-VP-2), a gain for the Allies."""
    assert _victory(Power.US, ["hong_kong"]) == pytest.approx(10.0)


def test_japans_hard_combat_movement_plays_without_the_care() -> None:
    """A per-power setting of the hard level (`japan_attack_care`): Japan's lone infantry in
    Siam (2 IPC) takes the empty Malaya (4 IPC, R-COMBATMOVE-5) instead of being kept home
    as a guard against the British infantry next door, as the care would keep it. (A target
    worth no more than the territory opened is not taken either way: `keep_guards`.)"""
    def targets(level: Level) -> list[str]:
        game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                            units={"siam": "1 infantry japan",
                                   "shan_state": "1 infantry india",
                                   "japan": "8 infantry japan"},
                            owners={"malaya": IN, "siam": J, "shan_state": IN})
        turn = Turn(game, st, level, Judge(), Memory())
        return [a.target for a, _ in combat_steps(turn, my_stacks(game, st))[1]]

    assert targets(HARD) == ["malaya"]
    assert targets(replace(HARD, japan_attack_care=True)) == []
