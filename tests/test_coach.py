"""The coach (Hint): what the computer player at its strongest level would do next in this
phase, and why, on positions with a clear best move; it never changes the game it is asked
about and keeps to its time."""

from __future__ import annotations

import pytest
from scenario import scenario, snapshot, u

from pacific.ai.explain import AttackReason, PurchaseReason
from pacific.coach import COACH_LEVEL, Coach
from pacific.rules.actions.economy import EndPhase, Place
from pacific.rules.actions.movement import Move
from pacific.rules.battle_records import BattleKind
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.text import message_text, using_language
from pacific.text.computer import attack_reason_text, reason_text

T = UnitType
HOMES = {  # every power keeps its capital and complex: the player judges from them
    "japan": "1 industrial_complex japan, 4 infantry japan",
    "india": "1 industrial_complex india, 3 infantry india",
    "new_south_wales": "1 industrial_complex australia, 2 infantry australia",
    "united_states": "1 industrial_complex usa, 3 infantry usa",
    "szechwan": "2 infantry china",
}


def lone_transport():
    """The American fleet at Hawaii, a lone Japanese transport one zone away."""
    return scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE, units={
        **HOMES, "hawaiian_islands": "2 infantry usa",
        "sz_9": "1 battleship usa, 1 destroyer usa", "sz_10": "1 transport japan"})


def test_the_coach_answers_as_the_hard_computer_player() -> None:
    assert COACH_LEVEL.name == "hard"


def test_it_sinks_a_lone_transport_and_says_why_with_the_odds() -> None:
    game, state = lone_transport()
    before = snapshot(state)
    advice = Coach(game).advise(state)
    assert snapshot(state) == before   # the game asked about is never touched
    assert (advice.power, advice.phase, advice.complete) == (Power.US, Phase.COMBAT_MOVE, True)
    moves = [a for a in advice.actions if isinstance(a, Move)]
    assert any(m.path[-1] == "sz_10" for m in moves), advice.actions
    attack = next(a for a in advice.attacks if a.space == "sz_10")
    assert attack.kind is BattleKind.NAVAL and attack.win is not None and attack.win > 0.99
    assert attack.defender_ipc_lost == pytest.approx(UNIT_SPECS[T.TRANSPORT].cost, abs=0.01)
    # Nobody can strike back at sea zone 10: the answer says so.
    assert attack.counter == 0.0 and attack.counter_units is None
    attackers = {i for m in moves if m.path[-1] == "sz_10" for i in m.units}
    assert attackers <= advice.units and "sz_10" in advice.spaces
    text = [message_text(r, game.board) for r in advice.reasons]
    assert any(line.startswith("Attack Sea Zone 10: 100% to win") and "(R-NAVAL-1)" in line
               for line in text), text
    assert any("No enemy unit can strike Sea Zone 10" in line for line in text)
    with using_language("it"):
        italian = [message_text(r, game.board) for r in advice.reasons]
    assert any(line.startswith("Attaccate la Zona marina 10: 100% di vittoria")
               for line in italian), italian


def test_the_enemys_likely_answer_is_the_counter_attack_in_reach() -> None:
    """A capture next to a strong enemy army: the answer names the units that can strike back
    and their chance of taking the territory back."""
    game, state = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units={
        **HOMES, "manchuria": "6 infantry japan, 2 artillery japan",
        "anhwe": "1 infantry china", "hunan": "8 infantry china"})
    advice = Coach(game).advise(state)
    attack = next(a for a in advice.attacks if a.space == "anhwe")
    assert attack.win is not None and attack.win > 0.9
    assert attack.counter is not None and attack.counter > 0.5
    assert attack.counter_units is not None and (T.INFANTRY, 8) in attack.counter_units.counts


def test_it_places_what_was_bought_where_it_can_build() -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.PLACE, units=HOMES,
                           purchased={Nation.USA: {T.INFANTRY: 2}})
    advice = Coach(game).advise(state)
    assert advice.actions == (Place(nation=Nation.USA, unit_type=T.INFANTRY,
                                    space="united_states"),) * 2
    assert advice.spaces == ("united_states",)
    assert [message_text(r, game.board) for r in advice.reasons] == [
        "Place 2 infantry in United States (R-PLACE-1)."]


def test_with_nothing_worth_doing_it_says_end_the_phase() -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE, units=HOMES)
    advice = Coach(game).advise(state)
    assert advice.actions == (EndPhase(),) and advice.units == frozenset()
    assert [r.template for r in advice.reasons] == [
        "Nothing worth doing in this phase: end it (R-TURN-4)."]


def test_the_plan_stops_when_its_time_is_up() -> None:
    """Past the time budget the coach answers with what it has (the first actions)."""
    game, state = lone_transport()
    ticks = iter(range(0, 1000, 10))
    advice = Coach(game, clock=lambda: float(next(ticks))).advise(state, budget=5)
    assert not advice.complete and len(advice.actions) == 1


def test_a_finished_game_has_no_advice() -> None:
    game, state = lone_transport()
    state.winner = Side.AXIS
    with pytest.raises(ValueError, match="over"):
        Coach(game).advise(state)


def test_the_hint_highlights_only_pieces_that_stand_on_the_board() -> None:
    game, state = lone_transport()
    advice = Coach(game).advise(state)
    assert advice.units <= set(state.units)
    assert u(state, "sz_9", "battleship", Nation.USA)[0] in advice.units


def test_the_why_is_the_computer_players_own_reason_for_the_attack() -> None:
    """The coach hands on the reasons the computer player gives for its attacks (the values
    "Why?" in the event log words): the odds it expected and what it wanted."""
    game, state = lone_transport()
    advice = Coach(game).advise(state)
    why = next(w for w in advice.why if isinstance(w, AttackReason) and w.target == "sz_10")
    assert why.odds > 0.99 and why.at_sea and not why.raid
    assert why.trade >= UNIT_SPECS[T.TRANSPORT].cost - 0.5   # a transport sunk, nothing lost
    text = attack_reason_text(why, game.board)
    assert text.startswith("Attack on Sea Zone 10: expected odds 100%."), text


def test_a_purchase_hint_says_why_in_the_computer_players_words() -> None:
    """Outside combat movement the coach hands on the reason the computer player gives with
    each action it chose (`ComputerPlayer.why`): here, what its money buys and why (R-PURCH-1)."""
    game, state = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, units=HOMES)
    advice = Coach(game).advise(state)
    purchases = [w for w in advice.why if isinstance(w, PurchaseReason)]
    assert len(purchases) == 1, advice.why
    text = reason_text(purchases[0], game.board)
    assert text and "{" not in text, text
    with using_language("it"):
        assert reason_text(purchases[0], game.board) != text
