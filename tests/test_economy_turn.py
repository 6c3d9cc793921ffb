"""The turn sequence (R-TURN-1..7), phase 8 (R-RESET-1/2), starting a game (R-SETUP-8)."""

from __future__ import annotations

import pytest
from refusals import refused
from scenario import board, scenario, snapshot, u

from pacific.rules.actions.economy import EndPhase, Place, Purchase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.events import PhaseStarted
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import PHASE_ORDER, Phase
from pacific.rules.units import UnitType


def test_r_turn_3_phases_in_order() -> None:
    game, state = scenario(power=Power.UK, units={"india": "1 infantry india"})
    seen = []
    for _ in range(8):
        state, events = game.apply(state, EndPhase())
        seen += [e.phase for e in events if isinstance(e, PhaseStarted)]
    assert seen == list(PHASE_ORDER[1:])
    assert state.phase is Phase.INCOME and state.power is Power.UK


def test_r_turn_1_japan_then_uk_then_us_then_a_new_round() -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.INCOME, round=4)
    order = []
    for _ in range(3):
        state, _ = game.apply(state, EndPhase())
        order.append((state.round, state.power, state.phase))
        while state.phase is not Phase.INCOME:
            if state.china_infantry_due and state.phase is Phase.PLACE:  # R-PLACE-7
                state, _ = game.apply(state, Place(nation=Nation.CHINA, space="szechwan",
                                                   unit_type=UnitType.INFANTRY,
                                                   count=state.china_infantry_due))
            state, _ = game.apply(state, EndPhase())
        if state.convoy_split_due:  # the British split their convoy income (R-INCOME-3)
            state, _ = game.apply(state, SplitConvoyIncome(india=2, australia=2))
    assert order == [(4, Power.UK, Phase.PURCHASE), (4, Power.US, Phase.PURCHASE),
                     (5, Power.JAPAN, Phase.PURCHASE)]


def test_r_turn_3_wrong_phase_is_refused() -> None:
    game, state = scenario(phase=Phase.CAP_LANDING)
    refused(game, state, Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 1}), "R-TURN-3")


def test_r_control_5_turn_start_notes_control_and_starting_spaces() -> None:
    """R-CONTROL-5: control at the start of the turn is recorded as the turn begins."""
    game, state = scenario(power=Power.JAPAN, phase=Phase.INCOME,
                           units={"burma": "1 infantry japan"}, owners={"burma": Nation.JAPAN})
    unit = state.units[u(state, "burma", "infantry")[0]]
    unit.space, unit.moves_used, unit.fought, unit.cap = "siam", 1, True, True
    unit.path = ["siam"]
    state.captured_this_turn = ["burma"]
    state.owner_at_turn_start = {}
    after, _ = game.apply(state, EndPhase())
    moved = after.units[unit.id]
    assert after.owner_at_turn_start == after.territory_owner
    assert moved.start_space == "siam"
    assert (moved.moves_used, moved.fought, moved.path) == (0, False, [])
    assert moved.cap  # R-CAP-1: a fighter on CAP stays aloft into the enemy's turns
    assert after.captured_this_turn == []


def test_r_reset_1_and_2_phase_8_surfaces_and_repairs_every_nation() -> None:
    """R-RESET-2, R-BB-3, R-SUB-7: phase 8 repairs and surfaces whoever owns the unit."""
    game, state = scenario(power=Power.UK, phase=Phase.PLACE,
                           units={"sz_4": "1 submarine japan, 1 battleship usa"})
    state.unit(1).submerged = True
    state.unit(2).damaged = True
    after, events = game.apply(state, EndPhase())
    assert after.phase is Phase.RESET
    assert not after.units[1].submerged and not after.units[2].damaged
    assert events[-1].describe() == "1 submarine(s) surface, 1 battleship(s) repaired"


# Each battleship repaired by its owner and place: the repair may be another nation's, far
# from the turn's battles.
@pytest.mark.parametrize(("units", "line", "language"), [
    ("1 submarine japan", "1 submarine surfaced", "en"),
    ("1 battleship usa, 2 battleship india",
     "India: 2 battleships repaired in Sea Zone 4; United States: 1 battleship repaired in "
     "Sea Zone 4", "en"),
    ("2 submarine japan, 1 battleship usa",
     "2 submarines surfaced; United States: 1 battleship repaired in Sea Zone 4", "en"),
    ("1 battleship usa", "Stati Uniti: 1 corazzata riparata nella Zona marina 4", "it"),
])
def test_the_log_says_what_phase_8_did_and_nothing_it_did_not_r_reset_1(
        units: str, line: str, language: str) -> None:
    from pacific.text import describe_event, using_language

    game, state = scenario(power=Power.UK, phase=Phase.PLACE, units={"sz_4": units})
    for unit in state.units.values():
        if unit.type is UnitType.SUBMARINE:
            state.unit(unit.id).submerged = True
        else:
            state.unit(unit.id).damaged = True
    _after, events = game.apply(state, EndPhase())
    with using_language(language):
        assert describe_event(events[-1], game.board, state) == line


def test_a_log_written_before_the_repaired_battleships_were_told_says_their_count_r_reset_1(
        ) -> None:
    from pacific.rules.economy.events import UnitsRestored
    from pacific.text import describe_event, using_language

    game, state = scenario(power=Power.UK, phase=Phase.RESET)
    with using_language("en"):
        assert describe_event(UnitsRestored(surfaced=1, repaired=2), game.board, state) == \
            "1 submarine surfaced, 2 battleships repaired"


def test_r_turn_7_no_action_after_the_end() -> None:
    game, state = scenario(winner=Side.AXIS, win_reason="Japan wins")
    assert list(game.legal_actions(state)) == []
    refused(game, state, EndPhase(), "R-TURN-7")


def test_r_setup_8_new_game_asks_for_the_starting_convoy_split() -> None:
    game = Game(board("mini"))
    state = game.new_game(players=2, seed=5)
    assert state.players == 2 and state.seed == 5
    assert state.convoy_split_due == 4
    assert game.current_power(state) is Power.UK and state.power is Power.JAPAN
    assert {a.kind for a in game.legal_actions(state)} == {"split_convoy_income", "edit_mode"}
    refused(game, state, EndPhase(), "R-TURN-3")
    after, _ = game.apply(state, SplitConvoyIncome(india=1, australia=3))
    assert after.treasury[Nation.INDIA] == 5 and after.treasury[Nation.AUSTRALIA] == 9
    assert after.pending is None and game.current_power(after) is Power.JAPAN
    assert snapshot(state) != snapshot(after)


def test_r_setup_1_two_or_three_players() -> None:
    """R-SETUP-1: a game has 2 or 3 players; 4 is refused."""
    game = Game(board("mini"))
    assert game.new_game(players=3).players == 3
    with pytest.raises(ValueError, match="2 or 3 players"):
        game.new_game(players=4)
