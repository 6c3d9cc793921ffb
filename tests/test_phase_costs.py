"""What ending a phase will cost (`Game.phase_end_costs`) and what a move adds to it
(`Game.action_costs`): the engine's answer, so that the GUI warns before anything is lost;
and a battle's result lists every loss, cargo included."""

from __future__ import annotations

from combat_helpers import begin_combat, came, play
from scenario import aboard, scenario, snapshot, u

from pacific.rules.actions.combat import PressOn, SelectBattle
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phase_costs import Cost
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.costs import costs_text
from pacific.text.values import message_text

US = Nation.USA


def test_r_air_3_aircraft_with_no_landing_place_are_a_certain_loss() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 fighter japan", "korea": "1 infantry japan"})
    before = snapshot(state)
    fighter = u(state, "sz_6", "fighter")[0]
    costs = game.phase_end_costs(state)
    assert costs == (Cost("lost", "sz_6", (fighter,), "R-AIR-3"),)
    assert costs[0].certain
    assert snapshot(state) == before    # asking changes nothing
    assert costs_text(costs, game.board, state) == \
        "• Japan: 1 fighter in Sea Zone 6 will be lost: no landing place within its " \
        "moves (R-AIR-3)"


def test_r_air_3_landing_one_aircraft_adds_no_cost_for_the_others_left_at_sea() -> None:
    """Two fighters at sea would be lost if the phase ended; one lands: the move puts
    nothing at risk (the other's loss was there before it), so the player is not told that
    this move loses it."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "2 fighter japan", "korea": "1 infantry japan"})
    first, second = u(state, "sz_6", "fighter")
    assert game.phase_end_costs(state) == (Cost("lost", "sz_6", (first, second), "R-AIR-3"),)
    landing = game.drop_actions(state, [first], "korea")
    assert landing
    assert game.action_costs(state, landing) == ()


def test_nothing_to_lose_costs_nothing() -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"korea": "1 fighter japan, 1 infantry japan"})
    assert game.phase_end_costs(state) == ()


def test_r_naval_5_a_carrier_dropped_into_a_battle_takes_its_fighters_as_cargo() -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 2 fighter japan",
                                  "sz_5": "1 destroyer usa"})
    carrier = u(state, "sz_6", "carrier")[0]
    fighters = u(state, "sz_6", "fighter")
    for fighter in fighters:
        state.units[fighter].carried_by = carrier
    action = game.drop_actions(state, [carrier], "sz_5")
    assert action is not None
    assert game.action_costs(state, action) == \
        (Cost("cargo_in_battle", "sz_5", tuple(fighters), "R-NAVAL-5"),)
    after, _ = game.apply(state, action[0])
    assert game.phase_end_costs(after) == \
        (Cost("cargo_in_battle", "sz_5", tuple(fighters), "R-NAVAL-5"),)
    assert not game.phase_end_costs(after)[0].certain


def test_r_naval_2_transports_attacking_alone_are_at_risk() -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 transport japan", "sz_10": "1 destroyer usa"})
    transport = u(state, "sz_6", "transport")
    action = game.drop_actions(state, transport, "sz_10")
    assert action is not None
    assert game.action_costs(state, action) == \
        (Cost("transports_alone", "sz_10", tuple(transport), "R-NAVAL-2"),)


def test_a_battle_result_lists_the_fighters_lost_with_their_carrier_r_carrier_8() -> None:
    """R-CARRIER-8: a fighter of a sunk carrier with nowhere to land within 1 space is lost;
    the result names it beside its carrier."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_10": "1 submarine japan, 1 carrier usa, 1 fighter usa"})
    cv, ftr = u(st, "sz_10", "carrier", US)[0], u(st, "sz_10", "fighter", US)[0]
    st.unit(ftr).carried_by = cv
    came(st, u(st, "sz_10", "submarine", Nation.JAPAN), "sz_2", "sz_10")
    st = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_10"), PressOn()], [1])
    view = game.battle_view(st, st.battles[0].id)
    assert view is not None and view.result is not None
    text = message_text(view.result, game.board)
    assert "United States lost 1 fighter, 1 aircraft carrier" in text, text


def _carrier_and_fighters() -> tuple[Game, GameState, list[int], list[int]]:
    """Non-combat movement: two fighters in Sea Zone 4 with one move left, whose only landing
    place is the empty carrier in Sea Zone 5, and two fighters in Japan, free to land
    elsewhere."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE, owners={"marianas": US},
                           units={"sz_5": "1 carrier japan", "sz_4": "2 fighter japan",
                                  "japan": "2 fighter japan"})
    at_sea, at_home = u(state, "sz_4", "fighter"), u(state, "japan", "fighter")
    for fighter in at_sea:
        state.units[fighter].moves_used = 3
    return game, state, at_sea, at_home


def test_r_air_3_a_drop_that_takes_the_last_room_on_a_carrier_strands_the_others() -> None:
    """The two fighters at sea are lost if the phase ends now, but can still land on the
    carrier; Japan's fighters dropped onto it take its room: that drop leaves them with no
    landing place, and says so (the phase's end would only find them lost)."""
    game, state, at_sea, at_home = _carrier_and_fighters()
    [drop] = game.drop_actions(state, at_home, "sz_5")
    costs = game.action_costs(state, [drop])
    assert costs == (Cost("stranded", "sz_4", tuple(at_sea), "R-AIR-3"),)
    assert costs_text(costs, game.board, state) == \
        "• Japan: 2 fighters in Sea Zone 4 will have no landing place left after this move " \
        "and will be lost (R-AIR-3)"
    # The fighters at sea landing first strand nobody: Japan's have other places.
    [landing] = game.drop_actions(state, at_sea, "sz_5")
    assert game.action_costs(state, [landing]) == ()


def test_r_air_3_landing_one_of_two_doomed_fighters_strands_nobody() -> None:
    """One room for two fighters at sea: one is lost whatever the player does, so landing
    the other is not said to strand it."""
    game, state, at_sea, _ = _carrier_and_fighters()
    state.add_unit(UnitType.FIGHTER, Nation.JAPAN, "sz_5", start_space="sz_5")
    aboard(state, "sz_5", "carrier", "fighter")
    [landing] = game.drop_actions(state, at_sea[:1], "sz_5")
    assert game.action_costs(state, [landing]) == ()


def test_r_air_3_fighters_still_in_the_air_that_could_land_elsewhere_strand_the_others() -> None:
    """Both groups are in the air (lost if the phase ended now); the one dropped on the
    carrier could have landed in Japan or Korea: it takes the others' only place."""
    game, state, at_sea, _ = _carrier_and_fighters()
    for fighter in u(state, "japan", "fighter"):
        state.units[fighter].space = "sz_6"
    flying = u(state, "sz_6", "fighter")
    [drop] = game.drop_actions(state, flying, "sz_5")
    assert game.action_costs(state, [drop]) == \
        (Cost("stranded", "sz_4", tuple(at_sea), "R-AIR-3"),)
