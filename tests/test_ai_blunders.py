"""The blunder classes of `pacific.ai.blunders` on small positions: each is counted where it
is made, and the hard level does not make it (the normal level, where it does, shows what
the position tempts a player into)."""

from __future__ import annotations

from ai_helpers import play_phase
from scenario import scenario

from pacific.ai.attack_plan import plan_attacks
from pacific.ai.blunders import (
    BlunderCounter,
    fleets_at_risk,
    open_conquests,
    transports_at_risk,
    turn_of,
)
from pacific.ai.explain import MoveReason
from pacific.ai.fleet import confirm_zone
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Turn
from pacific.rules.actions.movement import Unload
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.text.computer import reason_text
from pacific.text.language import using_language

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA



def _seen_by(game: Game, state: GameState, power: Power) -> Turn:
    return turn_of(game, state, power, Judge())


def test_a_fleet_in_reach_of_many_aircraft_is_counted_and_hard_sails_it_away() -> None:
    """A battleship and a destroyer two zones from eight American fighters: the United States
    win there at >= 0.8 (class 2); hard's non-combat movement takes them home, out of reach."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_9": "1 battleship japan, 1 destroyer japan",
                               "united_states": "8 fighter usa, 2 infantry usa"})
    assert [b.where for b in fleets_at_risk(_seen_by(game, st, Power.JAPAN))] == ["sz_9"]
    after = play_phase(game, st, HARD)
    assert fleets_at_risk(_seen_by(game, after, Power.JAPAN)) == []


def _loaded_transports() -> tuple[Game, GameState]:
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "2 infantry japan",
                               "sz_5": "2 transport japan",
                               "sz_6": "1 battleship japan, 1 destroyer japan",
                               "guam": "1 infantry usa",
                               "hawaii": "4 fighter usa, 1 infantry usa",
                               "united_states": "2 infantry usa"},
                        owners={"guam": US})
    for ship in [u for u in st.units.values() if u.type is T.TRANSPORT]:
        st.add_unit(T.INFANTRY, J, "sz_5", carried_by=ship.id, start_space="sz_5")
    return game, st


def test_loaded_transports_in_reach_of_aircraft_are_counted_and_hard_moves_them() -> None:
    """Class 1: two loaded transports, unescorted, where the American aircraft sink them, with
    a safe zone next door; hard moves them out of Sea Zone 5."""
    game, st = _loaded_transports()
    found = transports_at_risk(_seen_by(game, st, Power.JAPAN))
    assert [b.where for b in found] == ["sz_5"]
    after = play_phase(game, st, HARD)
    assert "sz_5" not in [b.where for b in transports_at_risk(_seen_by(game, after, Power.JAPAN))]


def test_hard_moves_loaded_transports_where_no_flight_over_an_air_base_reaches_them() -> None:
    """The planner's plain look prices the enemy's flights by the hop count: Sea Zone 7 reads
    safe, but Hawaii's fighters reach it over two air bases (R-AIRBASE-1), as the counter
    sees. The hard Japan's loaded transports check their zone with the priced look
    (`transport_move.TransportMove`) and end where no flight reaches them."""
    game, st = _loaded_transports()
    after = play_phase(game, st, HARD)
    assert transports_at_risk(_seen_by(game, after, Power.JAPAN)) == []


def test_hard_keeps_a_guard_where_a_walk_in_would_take_a_territory() -> None:
    """Class 3 (the French Indo-China blunder, R-COMBATMOVE-5): Siam's whole force could go
    to Burma, leaving Siam (2 IPC) empty next to a Chinese infantry; hard keeps one unit."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "2 infantry japan, 1 armor japan",
                               "burma": "1 infantry india",
                               "yunnan": "1 infantry china",
                               "japan": "2 infantry japan", "india": "1 infantry india"})
    siam = {u.id for u in st.units.values() if u.space == "siam"}

    def leaving(level: Level) -> set[int]:
        attacks = plan_attacks(Turn(game, st, level, Judge()), my_stacks(game, st))
        return {uid for a in attacks for uid in a.unit_ids()} & siam

    assert leaving(NORMAL) == siam          # the tempting plan empties Siam
    assert leaving(HARD) != siam
    _, emptied = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                          units={"burma": "2 infantry japan, 1 armor japan, 1 infantry india",
                                 "yunnan": "1 infantry china",
                                 "japan": "2 infantry japan", "india": "1 infantry india"})
    found = open_conquests(_seen_by(game, emptied, Power.JAPAN), st)
    assert [b.where for b in found] == ["siam"]


def test_the_same_purchase_four_turns_running_is_counted_only_while_threats_change() -> None:
    """Class 4."""
    game, _ = scenario()
    counter = BlunderCounter(game)
    bought = ("2 infantry", "1 transport")
    for round_, threat in enumerate(((1,), (1,), (1,), (1,)), start=1):
        counter.purchased(Power.UK, round_, bought, threat)
    assert counter.counts()["purchase"] == 0      # the same board, the same answer
    for round_, threat in enumerate(((1,), (2,), (3,), (5,)), start=5):
        counter.purchased(Power.UK, round_, bought, threat)
    assert counter.counts()["purchase"] == 1


def test_hard_sends_a_capitals_surplus_to_the_front() -> None:
    """Class 5: India holds with a few of its fourteen infantry against Siam's two; hard's
    non-combat movement sends the rest toward the enemy, normal keeps them home."""
    game, st = scenario(power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"india": "14 infantry india", "burma": "1 infantry india",
                               "siam": "2 infantry japan", "japan": "2 infantry japan"})

    def at_home(level: Level) -> int:
        after = play_phase(game, st, level)
        return sum(1 for u in after.units.values() if u.space == "india")

    surplus = _seen_by(game, st, Power.UK).surplus("india")
    assert len(surplus) >= 10
    assert at_home(NORMAL) == 14
    assert at_home(HARD) <= 14 - 10 + 1


def test_hard_buys_no_more_land_units_for_a_crowded_capital() -> None:
    """Class 5 from the purchase side: India already has ten infantry more than its safety
    needs; hard buys aircraft, which reach the front from there, normal more land units."""
    from pacific.ai.purchase import plan_purchase

    game, st = scenario(power=Power.UK, phase=Phase.PURCHASE,
                        units={"india": "14 infantry india", "siam": "2 infantry japan",
                               "japan": "2 infantry japan"},
                        treasury={IN: 30})

    def land_bought(level: Level) -> int:
        bought = plan_purchase(Turn(game, st, level, Judge()), IN)
        return sum(n for t, n in bought.items() if t in (T.INFANTRY, T.ARTILLERY, T.ARMOR))

    assert land_bought(NORMAL) > 0
    assert land_bought(HARD) == 0


def test_hard_keeps_a_unit_next_to_an_empty_territory_to_garrison_it() -> None:
    """Class 3 when the territory is already empty: Siam (2 IPC) has no unit and Burma's
    Indian infantry could walk in; hard keeps a second unit in Yunnan besides its own guard,
    for its non-combat movement to walk into Siam."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"yunnan": "3 infantry japan, 1 armor japan",
                               "szechwan": "1 infantry china",
                               "burma": "1 infantry india",
                               "japan": "2 infantry japan", "india": "2 infantry india"},
                        owners={"yunnan": J})
    yunnan = {u.id for u in st.units.values() if u.space == "yunnan"}
    attacks = plan_attacks(Turn(game, st, HARD, Judge()), my_stacks(game, st))
    assert len(yunnan - {uid for a in attacks for uid in a.unit_ids()}) >= 2


def test_hards_last_look_sails_a_fleet_out_of_reach_when_the_plan_left_it_there() -> None:
    """Class 2, mended after the plan: a battleship and a destroyer the American fighters sink
    at >= 0.8 where they are; the last look (`pacific.ai.repair`) sails both, together, to a
    zone where they hold."""
    from pacific.ai.repair import Repair

    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_9": "1 battleship japan, 1 destroyer japan",
                               "united_states": "8 fighter usa, 2 infantry usa"})
    repair = Repair(turn_of(game, st, Power.JAPAN, Judge()))
    state = st
    while (action := repair(game, state)) is not None:
        state, _ = game.apply(state, action)
    ships = {u.space for u in state.units.values() if u.owner is J and u.type in (
        T.BATTLESHIP, T.DESTROYER)}
    assert len(ships) == 1 and ships != {"sz_9"}
    assert fleets_at_risk(_seen_by(game, state, Power.JAPAN)) == []


def test_an_island_capitals_surplus_is_ferried_to_a_threatened_coast() -> None:
    """Class 5 on an island: Japan's fourteen infantry cannot walk anywhere; the empty
    transports off its coast carry spare ones to Korea (2 IPC), which Manchuria's Chinese
    threaten, loading and unloading in one non-combat move (R-TRANS-3, R-TRANS-9)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "14 infantry japan", "sz_6": "2 transport japan",
                               "korea": "1 infantry japan",
                               "manchuria": "3 infantry china"},
                        owners={"korea": J, "siam": IN})
    for level in (NORMAL, HARD):
        after = play_phase(game, st, level)
        korea = sum(1 for u in after.units.values() if u.space == "korea")
        aboard = sum(1 for u in after.units.values() if u.carried_by is not None)
        assert korea >= 3, level.name
        assert aboard == 0, level.name
    # "Why?" on the landing names the ferry, in English and Italian.
    player, state, why = ComputerPlayer(game, NORMAL), st, None
    while why is None and state.phase is Phase.NONCOMBAT_MOVE:
        action = player.choose(state)
        if isinstance(action, Unload):
            why = player.why()
        state, _ = game.apply(state, action)
    assert isinstance(why, MoveReason) and why.kind == "ferry" and why.space == "korea"
    english = reason_text(why, game.board)
    with using_language("it"):
        italian = reason_text(why, game.board)
    assert "capital does not need" in english and italian != english


def test_reinforcements_leave_a_guard_where_a_walk_in_would_take_the_territory() -> None:
    """Class 3 from the reinforcements' side: Yunnan, taken this turn, is threatened by two
    Chinese infantry and Siam's two infantry could help; taking both would leave Siam (2 IPC)
    empty next to Burma's Indian infantry, which would walk in (R-COMBATMOVE-5)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"siam": "2 infantry japan", "yunnan": "1 infantry japan",
                               "szechwan": "2 infantry china", "burma": "1 infantry india",
                               "japan": "6 infantry japan", "india": "2 infantry india"},
                        owners={"yunnan": J})
    # Yunnan's infantry took it this turn: it cannot move on (R-NONCOMBAT-2).
    for unit in [u for u in st.units.values() if u.space == "yunnan"]:
        unit.combat_moved = True
    assert _seen_by(game, st, Power.JAPAN).needs_a_guard("siam")
    for level in (NORMAL, HARD):
        after = play_phase(game, st, level)
        assert open_conquests(_seen_by(game, after, Power.JAPAN), st) == [], level.name


def test_hard_moves_a_capitals_surplus_forward_where_it_holds() -> None:
    """Class 5 next to a strong enemy stack: Siam's nine Japanese units cannot reach India
    next turn, but could reach Burma; India's spare infantry hold Burma together, so hard
    sends them there rather than keeping them home for three turns."""
    game, st = scenario(power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"india": "16 infantry india", "burma": "1 artillery india",
                               "siam": "3 armor japan, 3 artillery japan, 3 infantry japan",
                               "japan": "2 infantry japan"})
    after = play_phase(game, st, HARD)
    assert sum(1 for u in after.units.values() if u.space == "india") <= 16 - 10 + 1
    assert open_conquests(_seen_by(game, after, Power.UK), st) == []


def test_hard_does_not_sail_a_carrier_to_a_declared_deck_where_it_would_be_sunk() -> None:
    """Class 2 from a landing declared in combat movement (R-AIR-3): two fighters wait for a
    deck at Pearl Harbor (sz_9), in reach of eight American fighters and a battleship. The
    carrier that could sail there would be sunk with them (>= 0.8): at such odds the carrier
    and the fighters are lost, more than the fighters alone, so hard keeps the carrier away;
    the normal level sends it."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_5": "1 carrier japan",
                               "united_states": "8 fighter usa, 2 infantry usa",
                               "sz_8": "1 battleship usa"})
    for _ in range(2):
        st.add_unit(T.FIGHTER, J, "sz_9", landing="sz_9", moves_used=3, combat_moved=True,
                    start_space="sz_10")
    carrier = next(u.id for u in st.units.values() if u.type is T.CARRIER)
    normal = play_phase(game, st, NORMAL)
    assert normal.units[carrier].space == "sz_9"
    hard = play_phase(game, st, HARD)
    assert hard.units[carrier].space != "sz_9"
    assert fleets_at_risk(_seen_by(game, hard, Power.JAPAN)) == []


def test_a_fleet_counted_says_how_it_came_to_be_there() -> None:
    """`--list` reads the cases one by one: a battleship that fought at Pearl Harbor cannot
    move on (R-NONCOMBAT-2), a destroyer placed there this turn is new."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "united_states": "8 fighter usa, 2 infantry usa"})
    st.add_unit(T.BATTLESHIP, J, "sz_9", fought=True, combat_moved=True)
    st.add_unit(T.DESTROYER, J, "sz_9", placed_this_turn=True)
    found = fleets_at_risk(_seen_by(game, st, Power.JAPAN), st)
    assert [(b.where, b.detail.split("(")[-1]) for b in found] == [("sz_9", "1 fought, 1 new)")]


def test_hard_confirms_a_task_force_zone_with_the_exact_odds() -> None:
    """A zone chosen for a task force where the enemy wins at >= 0.8 (Pearl Harbor, eight
    American fighters in reach) gives way to the next zone of the ranking where it holds
    (off Japan); the normal level keeps the zone it chose."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_5": "1 battleship japan, 1 destroyer japan",
                               "united_states": "8 fighter usa, 2 infantry usa"})
    force = [u for u in st.units.values() if u.space == "sz_5"]
    ids = {u.id for u in force}
    hard = Turn(game, st, HARD, Judge())
    assert confirm_zone(hard, "sz_9", ["sz_9", "sz_6"], force, ids) == "sz_6"
    normal = Turn(game, st, NORMAL, Judge())
    assert confirm_zone(normal, "sz_9", ["sz_9", "sz_6"], force, ids) == "sz_9"


def test_a_loaded_transport_with_no_safe_zone_lands_its_cargo_at_home() -> None:
    """Class 1: a loaded transport off Japan where twelve American fighters sink it in every
    zone it can reach (a destroyer two zones off could have escorted it). Hard lands the cargo
    on Japan's coast (R-TRANS-3, R-NONCOMBAT-8) instead of sailing it to the bottom."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "2 infantry japan", "sz_6": "1 transport japan",
                               "sz_10": "1 destroyer japan", "korea": "1 infantry japan",
                               "guam": "12 fighter usa", "manchuria": "1 infantry usa"},
                        owners={"manchuria": US, "korea": J, "guam": US})
    ship = next(u for u in st.units.values() if u.type is T.TRANSPORT)
    for _ in range(2):
        st.add_unit(T.INFANTRY, J, "sz_6", carried_by=ship.id, start_space="sz_6")
    assert [b.where for b in transports_at_risk(_seen_by(game, st, Power.JAPAN))] == ["sz_6"]
    after = play_phase(game, st, HARD)
    assert transports_at_risk(_seen_by(game, after, Power.JAPAN)) == []
    assert not any(u.carried_by is not None for u in after.units.values())
    assert sum(1 for u in after.units.values() if u.space == "japan") == 4


def test_a_walk_in_is_counted_only_when_a_garrison_could_be_spared() -> None:
    """Class 3 asks for a garrison that was available: Korea (2 IPC) is empty and an American
    transport's infantry could walk in; Manchuria (2 IPC) next door, which a Chinese infantry
    could walk into, has one infantry. Moving it would open Manchuria instead: no garrison to
    spare, no blunder. With two there, one could have gone: counted."""
    found = {}
    for guards in (1, 2):
        game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                            units={"manchuria": f"{guards} infantry japan",
                                   "japan": "4 infantry japan", "sz_10": "1 transport usa",
                                   "anhwe": "1 infantry china",
                                   "united_states": "2 infantry usa",
                                   "india": "1 infantry india"},
                            owners={"korea": J, "manchuria": J, "anhwe": Nation.CHINA})
        ship = next(u for u in st.units.values() if u.type is T.TRANSPORT)
        st.add_unit(T.INFANTRY, US, "sz_10", carried_by=ship.id, start_space="sz_10")
        found[guards] = [b.where for b in open_conquests(_seen_by(game, st, Power.JAPAN), st)]
    assert found == {1: [], 2: ["korea"]}


def test_fighters_do_not_hold_a_carrier_where_it_would_be_sunk_with_them() -> None:
    """Class 2: two Japanese fighters in the air next to their carrier, in a zone eight
    American fighters reach. Landed at once, they would hold the carrier there (a carrier
    carrying fighters that moved stays); hard sails the carrier away first, and the fighters
    follow it to the safe zone (R-AIR-3)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_9": "1 carrier japan, 1 destroyer japan",
                               "united_states": "8 fighter usa, 2 infantry usa"},
                        owners={"marianas": US, "guam": US})
    for _ in range(2):
        st.add_unit(T.FIGHTER, J, "sz_4", start_space="sz_10", moves_used=3)
    assert [b.where for b in fleets_at_risk(_seen_by(game, st, Power.JAPAN))] == ["sz_9"]
    after = play_phase(game, st, HARD)
    assert fleets_at_risk(_seen_by(game, after, Power.JAPAN)) == []
    carrier = next(u for u in after.units.values() if u.type is T.CARRIER)
    assert carrier.space != "sz_9" and len(after.cargo_of(carrier.id)) == 2


def test_cargo_at_sea_does_not_defend_its_transport() -> None:
    """Class 1's cause: a loaded transport was judged safe because its cargo counted as
    defenders. Cargo never fires and sinks with its transport (R-TRANS-14): two American
    destroyers sink a transport with an artillery and an infantry aboard as surely as an empty
    one."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan", "sz_6": "1 transport japan",
                               "sz_10": "2 destroyer usa", "united_states": "2 infantry usa"})
    ship = next(u for u in st.units.values() if u.type is T.TRANSPORT)
    cargo = [st.add_unit(unit, J, "sz_6", carried_by=ship.id, start_space="sz_6")
             for unit in (T.ARTILLERY, T.INFANTRY)]
    turn = _seen_by(game, st, Power.JAPAN)
    empty = turn.danger("sz_6", defenders=[ship])
    assert empty >= 0.8
    assert turn.danger("sz_6", defenders=[ship, *cargo]) == empty


def test_the_fleet_waits_for_new_ships_that_would_be_sunk_alone() -> None:
    """Class 2 with new ships: Japan bought two destroyers, placed after the fleet has moved
    (R-PLACE-1) in the zone off Japan, which three American fighters reach. Alone there they
    are sunk at >= 0.8; with the battleship and the destroyer there they hold, so hard's fleet
    waits for them instead of sailing for Guam."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_6": "1 battleship japan, 1 destroyer japan",
                               "anhwe": "3 fighter usa", "guam": "1 infantry usa",
                               "united_states": "2 infantry usa"},
                        owners={"guam": US, "anhwe": US}, purchased={J: {T.DESTROYER: 2}})
    moved = play_phase(game, st, HARD)
    assert moved.phase is Phase.PLACE
    state = play_phase(game, moved, HARD)
    assert fleets_at_risk(_seen_by(game, state, Power.JAPAN)) == []
    assert sum(1 for u in state.units.values() if u.space == "sz_6") == 4


def test_an_island_capitals_surplus_waits_on_the_coast_nearest_the_enemy() -> None:
    """Class 5 where no land route leads to the enemy: New South Wales's fourteen infantry,
    none of them needed at home, walk to Queensland, whose coast is nearer Japan's New Britain
    by sea (where transports take them from), instead of waiting in the capital."""
    game, st = scenario(power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"new_south_wales": "14 infantry australia",
                               "new_britain": "2 infantry japan", "japan": "2 infantry japan",
                               "india": "1 infantry india"},
                        owners={"new_britain": J})
    assert len(_seen_by(game, st, Power.UK).surplus("new_south_wales")) >= 10
    after = play_phase(game, st, HARD)
    assert sum(1 for u in after.units.values() if u.space == "queensland") >= 10


def test_new_ships_are_placed_together_where_they_hold() -> None:
    """Class 2 with new ships: the United States place a carrier, a destroyer and a submarine
    off the west coast or off Hawaii (R-PLACE-1), both in reach of Japan's two bombers, Hawaii's
    also of a battleship. Placed one at a time and judged alone they split and the carrier and
    destroyer are sunk off Hawaii; hard places all three together off the coast, where they
    hold."""
    game, st = scenario(power=Power.US, phase=Phase.PLACE,
                        units={"japan": "4 infantry japan", "marianas": "2 bomber japan",
                               "sz_3": "1 battleship japan", "united_states": "2 infantry usa",
                               "hawaii": "1 infantry usa, 1 industrial_complex usa"},
                        owners={"marianas": J},
                        purchased={US: {T.CARRIER: 1, T.DESTROYER: 1, T.SUBMARINE: 1}})
    assert game.placement_targets(st, US, T.CARRIER) == {"sz_8", "sz_9"}
    after = play_phase(game, st, HARD)
    assert {u.space for u in after.units.values() if u.owner is US and u.type in (
        T.CARRIER, T.DESTROYER, T.SUBMARINE)} == {"sz_8"}
    assert fleets_at_risk(_seen_by(game, after, Power.US)) == []


def test_a_capitals_surplus_moves_on_after_the_ferry_took_the_first_pair() -> None:
    """Class 5: the ferry lands two of New South Wales's fourteen spare infantry in Queensland;
    the other twelve of the same stack still move on (they walk to Queensland's coast) instead
    of staying home because the stack's first units have already made their move
    (R-TRANS-8)."""
    game, st = scenario(power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"new_south_wales": "14 infantry australia",
                               "sz_3": "1 transport australia",
                               "new_britain": "2 infantry japan", "japan": "2 infantry japan",
                               "india": "1 infantry india"},
                        owners={"new_britain": J})
    after = play_phase(game, st, HARD)
    assert sum(1 for u in after.units.values() if u.space == "new_south_wales") <= 4
