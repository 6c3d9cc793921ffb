"""Blunder classes 5 and 3 on small positions: land units idle in an island capital beyond what
its safety needs, and a walk-in counted against the power that could have garrisoned it. The
hard level buys no land units its empty transports cannot take from the capital, and its
ferry lands the capital's surplus where it gets nearer the front rather than where it could
have walked."""

from __future__ import annotations

from ai_helpers import play_phase
from scenario import scenario

from pacific.ai.blunders import open_conquests, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.player import ComputerPlayer
from pacific.ai.purchase import plan_purchase
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_land

J, US = Nation.JAPAN, Nation.USA



def test_the_ferry_stages_the_surplus_on_an_island_nearer_the_enemy_not_where_it_could_walk(
) -> None:
    """Fourteen American infantry the capital does not need, two empty transports off the
    coast, and no friendly coast in a move that the land units' own score finds worth it.
    Landing them in Canada, where they could have walked (R-TRANS-3), ferries nothing; an
    island nearer Japan's territories by sea, where nothing threatens them, is a stage."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"united_states": "14 infantry usa", "sz_5": "2 transport usa",
                               "japan": "4 infantry japan"})
    turn = Turn(game, st, HARD, Judge())
    assert len(turn.surplus("united_states")) == 14
    after = play_phase(game, st)
    landed = sorted({u.space for u in after.units.values() if u.owner is US
                     and is_land(u.type) and u.space != "united_states"
                     and u.carried_by is None})
    assert "canada" not in landed
    assert landed and all(game.board.is_land(s) and
                          game.board.territory_by_id[s].ipc >= 0 for s in landed)
    assert sum(1 for u in after.units.values() if u.owner is US and is_land(u.type)
               and u.space in landed) == 4


def test_an_island_capital_buys_no_land_units_its_empty_transports_cannot_take() -> None:
    """Japan's capital holds, four spare infantry already wait, and its only transports near home
    are loaded (R-TRANS-1: no room). It buys two transports for the four, and no land units:
    they would only wait at the capital (R-PLACE-2); the rest goes to aircraft, which reach
    the front from there."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE,
                        units={"japan": "4 infantry japan, 1 aa_gun japan",
                               "sz_36": "2 transport japan, 4 infantry japan",
                               "kwangtung": "1 infantry china"},
                        treasury={J: 30})
    transports = [u.id for u in st.units.values() if u.type is T.TRANSPORT]
    riders = [u for u in st.units.values() if u.space == "sz_36" and u.type is T.INFANTRY]
    for i, rider in enumerate(riders):
        rider.carried_by = transports[i // 2]
    turn = Turn(game, st, HARD, Judge())
    assert len(turn.surplus("japan")) == 4
    bought = plan_purchase(turn, J)
    assert bought == {T.TRANSPORT: 2, T.FIGHTER: 1}


def test_the_ferry_counts_the_fighters_flying_home_to_the_capital() -> None:
    """Eight American infantry could land on Japan from Sea Zone 35, and Japan's six infantry
    alone do not hold it at the hard level's odds; the six fighters that flew to Korea this
    turn land home first (R-AIR-3), and with them two infantry are spare. The ferry, planned
    before they land, counts them, and takes two infantry to the front."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "6 infantry japan", "korea": "6 fighter japan",
                               "sz_36": "1 transport japan", "sz_35": "4 transport usa",
                               "ryukyu_islands": "8 infantry usa"})
    for unit in st.units.values():
        if unit.type is T.FIGHTER:
            unit.moves_used = 2
    turn = Turn(game, st, HARD, Judge())
    assert turn.surplus("japan") == []
    after = play_phase(game, st)
    assert all(u.space == "japan" for u in after.units.values() if u.type is T.FIGHTER)
    ashore = [u.space for u in after.units.values() if u.owner is J and is_land(u.type)
              and u.space != "japan"]
    assert len(ashore) == 2 and all(game.board.is_land(s) for s in ashore)


def test_a_walk_in_counts_against_the_power_whose_units_could_have_garrisoned_it() -> None:
    """Class 3 asks for a garrison that was available. French Indo-China, held by the United
    States, is empty at the end of the British turn with two Chinese infantry in Yunnan and a
    Japanese one in Siam: China's units move only in the American turn (R-TURN-2), which
    comes before Japan's (R-TURN-1). The walk-in is the Americans' to prevent, counted at
    the end of their turn, not the British one's."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"yunnan": "2 infantry china", "siam": "1 infantry japan",
                               "india": "4 infantry india", "japan": "4 infantry japan"},
                        owners={"french_indo_china": US, "siam": J})
    found = {power: [b.where for b in open_conquests(turn_of(game, st, power, Judge()), st)]
             for power in (Power.UK, Power.US)}
    assert found == {Power.UK: [], Power.US: ["french_indo_china"]}


def test_a_crowded_capital_buys_transports_for_its_surplus_before_warships() -> None:
    """Twelve American infantry the capital does not need and no transport to carry them;
    Japan's fleet within reach of the American coast outweighs the two destroyers there, so
    the warships would take all the money left after the submarines for Japan's routes. Land
    units leave the capital only by sea: the transports for them come first (they are placed
    at the capital's coast, R-PLACE-1, where the ships bought hold)."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE,
                        units={"united_states": "12 infantry usa", "sz_5": "2 destroyer usa",
                               "sz_20": "2 battleship japan, 2 carrier japan",
                               "japan": "4 infantry japan"},
                        treasury={US: 60})
    turn = Turn(game, st, HARD, Judge())
    assert len(turn.surplus("united_states")) == 12
    bought = plan_purchase(turn, US)
    assert bought.get(T.TRANSPORT, 0) == 3


def test_the_ferry_waits_aboard_with_the_escort_where_no_coast_is_worth_landing_on() -> None:
    """Twelve spare American infantry, an empty transport off the coast, and Japan's four
    fighters on Hawaii sink a transport in every zone it can reach but Sea Zone 4, where two
    American battleships and two destroyers that fought this turn stay (R-NONCOMBAT-2). No
    friendly coast is worth landing on; the ferry loads two infantry and waits aboard with the
    warships, where cargo and transport hold (R-TRANS-14), for a later landing."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"united_states": "12 infantry usa", "sz_5": "1 transport usa",
                               "sz_4": "2 battleship usa, 2 destroyer usa",
                               "hawaiian_islands": "4 fighter japan, 2 infantry japan",
                               "japan": "4 infantry japan"},
                        owners={"hawaiian_islands": J})
    for unit in st.units.values():
        if unit.space == "sz_4":
            unit.combat_moved = True
    after = play_phase(game, st)
    ship = next(u for u in after.units.values() if u.type is T.TRANSPORT)
    assert ship.space == "sz_4"
    assert len(after.cargo_of(ship.id)) == 2


def _landing_off_the_american_coast(fleet: str | None, at: str = "sz_3"
                                    ) -> tuple[Game, GameState]:
    """Three Japanese transports with six infantry and a destroyer in Sea Zone 6, one zone off
    the American coast; four infantry at the capital; ``fleet`` (American) in ``at``, by
    default Sea Zone 3, two zones from Sea Zone 5, the capital's coast."""
    units = {"united_states": "4 infantry usa", "sz_6": "3 transport japan, 1 destroyer japan",
             "japan": "4 infantry japan"}
    if fleet is not None:
        units[at] = fleet
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, units=units,
                        treasury={US: 40})
    for ship in [u for u in st.units.values() if u.type is T.TRANSPORT]:
        for _ in range(2):
            st.add_unit(T.INFANTRY, J, "sz_6", carried_by=ship.id, start_space="sz_6")
    return game, st


def test_the_purchase_counts_no_landing_the_fleet_it_keeps_home_would_stop() -> None:
    """Alone, the four infantry would not hold against the six Japan can land: the United
    States buy infantry. With two battleships and two destroyers a zone from the capital's
    coast, which can end the turn there before Japan lands, the transports would have to win
    that naval battle first (R-AMPH-6, R-COMBAT-2; cargo sinks with its transport,
    R-TRANS-14): no infantry is bought against them, and the purchase names the warships it
    counted."""
    game, st = _landing_off_the_american_coast(None)
    assert plan_purchase(Turn(game, st, HARD, Judge()), US).get(T.INFANTRY, 0) > 0
    game, st = _landing_off_the_american_coast("2 battleship usa, 2 destroyer usa")
    turn = Turn(game, st, HARD, Judge())
    assert plan_purchase(turn, US).get(T.INFANTRY, 0) == 0
    assert set(turn.screens()) == {"sz_5"}


def test_the_purchase_counts_no_screen_whose_way_home_the_enemy_blocks() -> None:
    """The same landing with the warships in Sea Zone 21, two zones from the capital's coast
    but only through Sea Zone 6, where Japan's destroyer and transports are: ships stop on
    entering an enemy-occupied zone and enter none in non-combat movement (R-MOVE-7,
    R-NONCOMBAT-6), so they cannot end the turn in Sea Zone 5. The purchase asks the engine
    where they can sail, as the non-combat movement that keeps the screen does, and buys the
    infantry."""
    game, st = _landing_off_the_american_coast("2 battleship usa, 2 destroyer usa", at="sz_21")
    turn = Turn(game, st, HARD, Judge())
    assert plan_purchase(turn, US).get(T.INFANTRY, 0) > 0
    assert turn.screens() == {}


def test_the_warships_counted_as_the_screen_end_the_turn_off_the_capital() -> None:
    """The same coast, played from the purchase to the end of non-combat movement: the
    warships the purchase counted instead of infantry sail to Sea Zone 5 and stay there,
    where Japan's transports must beat them before they land (R-AMPH-6)."""
    game, st = _landing_off_the_american_coast("2 battleship usa, 2 destroyer usa")
    player = ComputerPlayer(game, HARD)
    while st.phase is not Phase.PLACE and st.winner is None:
        st, _ = game.apply(st, player.choose(st))
    counted = player.memory.screened[1]["sz_5"]
    assert counted and all(st.units[i].space == "sz_5" for i in counted)
