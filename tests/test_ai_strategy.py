"""The Allies' strategy against Japan's victory points (`pacific.ai.strategy`): their task
forces aim at Japan's convoy routes, and the United States buys submarines to take them."""

from __future__ import annotations

from dataclasses import replace

from scenario import scenario

from pacific.ai.attacks import _walk_in, collect
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL
from pacific.ai.noncombat import _Planner
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.stacks import my_stacks
from pacific.ai.strategy import convoy_goals
from pacific.ai.turn import Memory, Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T
from pacific.text.computer import reason_text
from pacific.text.language import using_language

J, US = Nation.JAPAN, Nation.USA
RAIDING = HARD


def _borneo(power: Power, phase: Phase, units: dict[str, str]):  # type: ignore[no-untyped-def]
    """Japan holds Borneo and its route (Sea Zone 44), which takes its income from 19 to 22:
    one full 10 more, so losing the route costs it a victory point (R-VP-2, R-CONVOY-13)."""
    game, state = scenario("pacific", power=power, phase=phase, players=2, units=units,
                           owners={"borneo": J}, convoy_holder={"sz_44": J},
                           treasury={US: 60})
    assert game.production_report(state).levels[J] == 22
    return game, state


def test_the_allies_aim_at_the_convoy_routes_that_cost_japan_a_point() -> None:
    """Sea Zone 44 carries Borneo's 3 IPC for Japan and a victory point with them (22 -> 19):
    its worth is the swing plus a point; Korea's own route (sz_36) costs Japan 2 IPC and no
    point (22 -> 20); Japan's side aims at no route of its own this way."""
    game, state = _borneo(Power.US, Phase.NONCOMBAT_MOVE, {"sz_5": "1 destroyer usa",
                                                          "japan": "4 infantry japan"})
    goals = convoy_goals(Turn(game, state, RAIDING, Judge(), Memory()))
    assert goals["sz_44"] >= 10 + goals["sz_36"] > 10
    assert "sz_3" not in goals          # a route the Allies hold already
    japan = state.model_copy(update={"power": Power.JAPAN})
    assert convoy_goals(Turn(game, japan, RAIDING, Judge(), Memory())) == {}


def test_the_task_forces_take_the_convoy_routes_as_goals_only_at_that_setting() -> None:
    game, state = _borneo(Power.US, Phase.NONCOMBAT_MOVE, {"sz_5": "1 destroyer usa",
                                                          "japan": "4 infantry japan"})
    for level, aimed in ((RAIDING, True), (NORMAL, False)):
        planner = _Planner(Turn(game, state, level, Judge(), Memory()), my_stacks(game, state))
        assert ("sz_44" in planner.fleet_goals) is aimed
        assert "sz_44" not in planner.goals


def test_the_united_states_buy_submarines_for_japans_routes() -> None:
    """With Japan's fleet far away nothing else asks for submarines first: one for each route
    whose capture lowers Japan's income, plus spares, beyond the one the US has, at most four
    a turn; the normal level buys none for that."""
    game, state = _borneo(Power.US, Phase.PURCHASE, {"sz_5": "1 submarine usa",
                                                     "united_states": "4 infantry usa",
                                                     "japan": "4 infantry japan"})
    turn = Turn(game, state, RAIDING, Judge(), Memory())
    routes = len(convoy_goals(turn))
    assert routes >= 3
    _bought, reason = purchase_with_reason(turn, US)
    assert reason is not None
    raiders = dict(dict(reason.parts).get("raiders", ()))
    assert raiders == {T.SUBMARINE: min(routes + 2 - 1, 4)}
    _, plain = purchase_with_reason(Turn(game, state, NORMAL, Judge(), Memory()), US)
    assert plain is not None and "raiders" not in dict(plain.parts)
    assert "to take Japan's convoy routes" in reason_text(reason, game.board)
    with using_language("it"):
        assert "rotte dei convogli del Giappone" in reason_text(reason, game.board)


def test_a_task_force_takes_a_route_it_can_hold_where_one_ship_would_be_sunk() -> None:
    """Sea Zone 44 is Japan's and empty; a Japanese destroyer next door would sink a lone US
    submarine there and take the route back (R-CONVOY-6). With the raiding setting the
    submarine's whole task force (two battleships and it) sails in to take the route and hold
    it; without it the submarine goes alone."""
    game, state = _borneo(Power.US, Phase.COMBAT_MOVE, {
        "sz_46": "1 submarine usa, 2 battleship usa",
        "sz_45": "2 destroyer japan",
        "japan": "4 infantry japan"})
    stacks = my_stacks(game, state)
    plain = replace(HARD, convoy_goals=False)
    for level, ships in ((RAIDING, {T.SUBMARINE, T.BATTLESHIP}), (plain, {T.SUBMARINE})):
        turn = Turn(game, state, level, Judge(), Memory())
        walk_in = _walk_in(turn, "sz_44", [(u, t) for s in stacks for u in s.units
                                           for z, t in s.targets.items() if z == "sz_44"],
                           collect(turn, stacks), set())
        assert walk_in is not None
        assert {u.type for u, _ in walk_in.units} == ships, level.name
