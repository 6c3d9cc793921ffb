"""Blunder class 2 on small positions: task forces in non-combat movement that leave ships
which fought and cannot move on (R-NONCOMBAT-2) where the enemy sinks them, a sea attack
whose ships would stay as a fleet where the enemy sinks them (or, for Japan, whose idle
aircraft take a ship's place), a fleet that waits for new
ships, submarines that would stay on a convoy route where they are sunk, and the enemy's
aircraft that cannot attack for want of a landing place."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.attacks import Attack
from pacific.ai.blunders import LOST, fleets_at_risk, open_conquests, turn_of
from pacific.ai.combat_move import combat_steps, spare_fleets
from pacific.ai.fleet import FleetMove, fleet_zones, new_ships
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.repair import Gather, Repair
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.odds.positions import attack_spec
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

J = Nation.JAPAN


def _hawaii(sz_9: str) -> tuple[Game, GameState]:
    """Japan's non-combat movement with ``sz_9`` off Hawaii, where four American fighters
    reach."""
    return scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                    units={"sz_9": sz_9, "hawaiian_islands": "4 fighter usa, 1 infantry usa",
                           "japan": "4 infantry japan", "united_states": "2 infantry usa"})


def test_a_task_force_stays_with_ships_that_cannot_move_when_alone_they_would_be_sunk() -> None:
    """Two destroyers that fought off Hawaii cannot sail on (R-NONCOMBAT-2); alone, the
    fighters sink them at >= 0.8, with the three battleships there they hold. The battleships,
    drawn home, stay with them instead of leaving them to be sunk."""
    game, st = _hawaii("2 destroyer japan, 3 battleship japan")
    for unit in st.units.values():
        if unit.type is T.DESTROYER:
            unit.fought = unit.combat_moved = True
    turn = Turn(game, st, HARD, Judge())
    destroyers = [u for u in st.units.values() if u.type is T.DESTROYER]
    assert turn.danger("sz_9", defenders=destroyers) >= 0.8 > turn.danger("sz_9")
    step = FleetMove(turn, "sz_9", {"japan": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {u.space for u in state.units.values() if u.owner is J and u.type is T.BATTLESHIP} \
        == {"sz_9"}
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def _sea_attack(target: str) -> tuple[Turn, Attack]:
    """Japan's two submarines and a fighter from Johnston against ``target`` off Hawaii, where
    an American destroyer and four fighters reach."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_10": "2 submarine japan", "johnston": "1 fighter japan",
                               "sz_9": target, "sz_4": "1 destroyer usa",
                               "hawaiian_islands": "4 fighter usa, 1 infantry usa",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"},
                        owners={"johnston": J})
    turn = Turn(game, st, HARD, Judge())
    units = [(u, s.targets["sz_9"]) for s in my_stacks(game, st)
             if s.space in ("sz_10", "johnston") for u in s.units]
    return turn, Attack(target="sz_9", units=units)


def test_a_sea_attack_sends_no_fleet_to_stay_where_it_would_be_sunk() -> None:
    """Japan's two submarines and a fighter against an American transport off Hawaii: one
    submarine and the fighter win as surely, and two submarines would stay there as a fleet
    (they cannot move on, R-NONCOMBAT-2) that the destroyer and fighters in reach sink at >=
    0.8. One stays home; an attack that needs both (against a battleship) keeps both. (The
    hard level applies it to the Allies' sea attacks; the position is the same either way.)"""
    turn, attack = _sea_attack("1 transport usa")
    subs = [moved(u, "sz_9") for u, _ in attack.units if u.type is T.SUBMARINE]
    assert turn.danger("sz_9", defenders=subs) >= LOST
    kept = spare_fleets(turn, [attack])[0]
    assert sorted(u.type for u, _ in kept.units) == [T.FIGHTER, T.SUBMARINE]
    turn, attack = _sea_attack("1 battleship usa")
    assert len(spare_fleets(turn, [attack])[0].units) == 3


def test_japan_sends_idle_aircraft_in_place_of_a_ship_that_would_stay_to_be_sunk() -> None:
    """Japan's combat movement without the care: two submarines and two fighters against an
    American battleship off Hawaii win at 0.99, and the two submarines would stay there as a
    fleet (R-NONCOMBAT-2) that the destroyer and fighters in reach sink at >= 0.8. Two more
    fighters on Johnston that no attack sends can strike too and fly home (R-AIR-2): one
    submarine stays home and a third fighter goes instead, the attack winning at least as
    likely. Without idle aircraft both submarines go, though one submarine and two fighters
    would still win at the level's odds (dropping a ship at those odds alone cost the hard
    Japan games)."""
    for idle, expected in ((2, [T.FIGHTER] * 3 + [T.SUBMARINE]),
                           (0, [T.FIGHTER] * 2 + [T.SUBMARINE] * 2)):
        game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                            units={"sz_10": "2 submarine japan",
                                   "johnston": f"{2 + idle} fighter japan",
                                   "sz_9": "1 battleship usa", "sz_4": "1 destroyer usa",
                                   "hawaiian_islands": "4 fighter usa, 1 infantry usa",
                                   "japan": "4 infantry japan",
                                   "united_states": "2 infantry usa"},
                            owners={"johnston": J})
        turn = Turn(game, st, HARD, Judge())
        pairs = [(u, s.targets["sz_9"]) for s in my_stacks(game, st)
                 if s.space in ("sz_10", "johnston") for u in s.units]
        subs = [p for p in pairs if p[0].type is T.SUBMARINE]
        fighters = [p for p in pairs if p[0].type is T.FIGHTER][:2]
        chosen = [*subs, *fighters]
        spec = attack_spec(game.board, st, "sz_9", [u for u, _ in chosen])
        assert spec is not None
        attack = Attack(target="sz_9", units=chosen, result=turn.judge.odds(spec))
        assert turn.danger("sz_9", defenders=[moved(u, "sz_9") for u, _ in subs]) >= LOST
        kept = spare_fleets(turn, [attack], keep_odds=True)[0]
        assert sorted(u.type for u, _ in kept.units) == sorted(expected)
        assert kept.result is not None and attack.result is not None
        assert kept.result.attacker_wins >= attack.result.attacker_wins


def test_aircraft_with_nowhere_to_land_are_not_counted_as_able_to_attack() -> None:
    """Fourteen American fighters on Guam reach Sea Zone 36 with three of their four moves,
    and no territory or carrier of theirs lies within the last one: they cannot attack there
    (R-AIR-2), so the destroyer and submarine off Japan are no fleet the enemy can attack at
    >= 0.8, though the planner's cautious estimate counts every fighter. With an American
    carrier that can sail to meet them, they can."""
    found = {}
    for deck in ("", "1 carrier usa"):
        units = {"sz_36": "1 destroyer japan, 1 submarine japan", "guam": "14 fighter usa",
                 "japan": "4 infantry japan", "united_states": "2 infantry usa"}
        if deck:
            units["sz_24"] = deck
        game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                            units=units)
        assert Turn(game, st, HARD, Judge()).danger("sz_36") >= LOST
        found[deck] = [b.where for b in fleets_at_risk(turn_of(game, st, Power.JAPAN,
                                                               Judge()))]
    assert found == {"": [], "1 carrier usa": ["sz_36"]}


def test_a_task_force_lost_everywhere_by_the_estimate_sails_where_landing_aircraft_lose() -> None:
    """A destroyer and a submarine in Sea Zone 25, next to fourteen American fighters on Guam:
    the planner's cautious estimate (every fighter within three spaces) sinks them in every
    zone in reach. A fighter attacks only with a place to land afterwards (R-AIR-2): off Japan
    (Sea Zone 36) none has one, while the carrier in Sea Zone 9 can sail to meet the fighters
    near it. The force sails off Japan, where they hold, not to the zone the estimate ranks
    best."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_25": "1 destroyer japan, 1 submarine japan",
                               "guam": "14 fighter usa", "sz_9": "1 carrier usa",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"})
    turn = Turn(game, st, HARD, Judge())
    force = [u for u in st.units.values() if u.space == "sz_25"]
    reach = [z for z, t in game.drop_targets(st, [force[0].id]).items() if t.meaning == "move"]
    assert all(turn.danger(z, defenders=[moved(u, z) for u in force]) >= LOST for z in reach)
    step = FleetMove(turn, "sz_25", {"japan": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {u.space for u in state.units.values() if u.owner is J} == {"sz_36", "japan"}
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def test_a_ship_that_holds_in_its_own_reach_is_not_sunk_with_a_slower_one() -> None:
    """The same destroyer and submarine, the destroyer with one move left: in every zone both
    reach they are sunk. The submarine alone reaches the zone off Japan, where no American
    fighter could land after attacking it (R-AIR-2), and sails there; the destroyer goes
    where the force would have gone, no fleet left to be sunk."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_25": "1 destroyer japan, 1 submarine japan",
                               "guam": "14 fighter usa", "sz_9": "1 carrier usa",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"})
    for unit in st.units.values():
        if unit.type is T.DESTROYER:
            unit.moves_used = 1
            unit.noncombat_moved = True
    step = FleetMove(Turn(game, st, HARD, Judge()), "sz_25", {"japan": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    places = {u.type: u.space for u in state.units.values() if u.owner is J}
    assert places[T.SUBMARINE] == "sz_36" and places[T.DESTROYER] != "sz_36"
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def test_the_last_look_keeps_a_fleet_that_waits_for_new_ships() -> None:
    """Japan bought two destroyers, placed off Japan after the fleet has moved (R-PLACE-1),
    where three American fighters from Suiyuan sink two destroyers alone at >= 0.8 and not
    four. The last look (`Repair`), which sails a fleet in danger to a safe zone, leaves the
    two there for them instead of sailing them out of reach and leaving the new ones alone."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan", "sz_6": "2 destroyer japan",
                               "suiyuan": "3 fighter usa", "guam": "1 infantry usa",
                               "united_states": "2 infantry usa"},
                        owners={"guam": Nation.USA, "anhwe": Nation.USA,
                                "suiyuan": Nation.USA},
                        purchased={J: {T.DESTROYER: 2}})
    assert Turn(game, st, HARD, Judge()).danger("sz_6") >= LOST
    repair = Repair(turn_of(game, st, Power.JAPAN, Judge()))
    state = st
    while (action := repair(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {u.space for u in state.units.values() if u.type is T.DESTROYER} == {"sz_6"}


def test_a_fleet_waits_for_new_ships_that_its_transports_will_not_shield() -> None:
    """Japan bought two destroyers, placed off Japan after the fleet has moved (R-PLACE-1),
    where three American fighters from Suiyuan sink them alone at >= 0.8. Japan's four
    transports there would shield them, but they sail after the task force, to where the
    warships keep them: the two destroyers drawn toward Hawaii wait for the new ones."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "4 infantry japan",
                               "sz_6": "2 destroyer japan, 4 transport japan",
                               "suiyuan": "3 fighter usa", "guam": "1 infantry usa",
                               "united_states": "2 infantry usa"},
                        owners={"guam": Nation.USA, "anhwe": Nation.USA,
                                "suiyuan": Nation.USA},
                        purchased={J: {T.DESTROYER: 2}})
    turn = Turn(game, st, HARD, Judge())
    new = [moved(u, "sz_6") for u in new_ships(turn, J, "sz_6")]
    transports = [u for u in st.units.values() if u.type is T.TRANSPORT]
    assert turn.danger("sz_6", defenders=new) >= LOST > turn.danger(
        "sz_6", defenders=[*new, *transports])
    step = FleetMove(turn, "sz_6", {"hawaii": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {u.space for u in state.units.values() if u.type is T.DESTROYER} == {"sz_6"}


def test_a_neighbour_that_garrisoned_another_open_territory_had_no_guard_to_spare() -> None:
    """Class 3 asks for a garrison that was available: Manchuria's two infantry could guard
    Shantung (3 IPC, in reach of Kiangsi's Chinese infantry) and Korea (2 IPC, which an
    American transport could bring that infantry to); one went to Korea and the other stays
    as Manchuria's last guard, so none was left for Shantung. Gone to Suiyuan (worth nothing)
    instead, it could have gone to either, and both count."""
    found = {}
    for went in ("korea", "suiyuan"):
        game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                            units={"manchuria": "2 infantry japan", "kiangsi": "1 infantry china",
                                   "sz_37": "1 transport usa", "japan": "6 infantry japan"},
                            owners={"shantung": J, "manchuria": J, "korea": J, "suiyuan": J,
                                    "kiangsi": Nation.CHINA})
        end = st.model_copy(deep=True)
        first = min(u.id for u in end.units.values() if u.space == "manchuria")
        end.units[first].space = went
        found[went] = [b.where for b in open_conquests(
            turn_of(game, end, Power.JAPAN, Judge()), st)]
    assert found == {"korea": [], "suiyuan": ["korea", "shantung"]}


def test_the_main_fleet_gathers_a_straggler_that_holds_nowhere_alone() -> None:
    """Six Japanese fighters on Johnston reach every zone the carrier and destroyer of Sea
    Zone 10 can sail to, and sink them alone at >= 0.8 wherever they go; the main fleet in
    Sea Zone 19, drawn toward Japan, would sail beyond their reach. It waits for them where
    both reach and together they hold (`repair.Gather`), instead of leaving them to be sunk.
    Australian ships: the hard United States' stragglers read the counter's look
    (`us_fleet.task_force_look`), by which Johnston's fighters, with nowhere to land after
    (R-AIR-2), do not sink these two in Sea Zone 20: they sail there alone."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_19": "3 battleship australia, 2 carrier australia, "
                                        "4 destroyer australia",
                               "sz_10": "1 carrier australia, 1 destroyer australia",
                               "johnston": "6 fighter japan", "wake": "1 infantry japan",
                               "japan": "4 infantry japan",
                               "new_south_wales": "2 infantry australia"},
                        owners={"johnston": J, "wake": J})
    goals = {"japan": 100.0}
    taken: set[int] = set()
    steps = [Gather(Turn(game, st, HARD, Judge()), goals, taken)]
    steps += [FleetMove(Turn(game, st, HARD, Judge()), zone, goals, taken)
              for zone in fleet_zones(Turn(game, st, HARD, Judge()), my_stacks(game, st), set())]
    state = st
    for step in steps:
        while (action := step(game, state)) is not None:
            state, _ = game.apply(state, action)
    spaces = {u.space for u in state.units.values() if u.owner is Nation.AUSTRALIA
              and u.type in (T.CARRIER, T.DESTROYER, T.BATTLESHIP)}
    assert len(spaces) == 1
    assert fleets_at_risk(turn_of(game, state, Power.UK, Judge())) == []


def test_a_straggler_stays_for_the_new_ships_instead_of_being_gathered() -> None:
    """Four Japanese fighters on Hawaii sink the American carrier and destroyer of Sea Zone 5
    alone at >= 0.8, and the carrier and destroyer the United States bought, placed there
    after the fleet has moved (R-PLACE-1), alone too; the four hold together. The main fleet
    in Sea Zone 21 could gather the straggler (`repair.Gather`), which would leave the new
    ships to be sunk: the straggler stays for them (`fleet.waits_for_new_ships`)."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_21": "3 battleship usa, 2 carrier usa, 4 destroyer usa",
                               "sz_5": "1 carrier usa, 1 destroyer usa",
                               "hawaiian_islands": "4 fighter japan, 1 infantry japan",
                               "japan": "4 infantry japan", "united_states": "2 infantry usa"},
                        owners={"hawaiian_islands": J},
                        purchased={Nation.USA: {T.CARRIER: 1, T.DESTROYER: 1}})
    turn = Turn(game, st, HARD, Judge())
    straggler = [u for u in st.units.values() if u.space == "sz_5"]
    new = [moved(u, "sz_5") for u in new_ships(turn, Nation.USA, "sz_5")]
    assert min(turn.danger("sz_5"), turn.danger("sz_5", defenders=new)) >= LOST
    assert turn.danger("sz_5", defenders=[*straggler, *new]) < LOST
    step = Gather(turn, {"japan": 100.0}, set())
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {state.units[u.id].space for u in straggler} == {"sz_5"}


def test_hard_japans_submarines_do_not_stay_on_a_convoy_route_where_alone_they_are_sunk() -> None:
    """Two submarines and a destroyer off Shantung, on a route the United States hold; four
    American fighters in the Philippines reach it. Submarines that stay to take the route
    (R-CONVOY-4) cannot move in non-combat movement (R-NONCOMBAT-2), and the destroyer may
    sail away without them: alone they are sunk at >= 0.8, so hard's Japan, whose combat
    movement plans without the care, does not leave them there."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_37": "2 submarine japan, 1 destroyer japan",
                               "philippines": "4 fighter usa, 2 infantry usa",
                               "japan": "6 infantry japan", "united_states": "2 infantry usa"})
    st.convoy_holder["sz_37"] = Nation.USA
    turn = Turn(game, st, HARD, Judge())
    subs = [u for u in st.units.values() if u.type is T.SUBMARINE]
    assert turn.economy.swing("sz_37") > 0 and turn.danger("sz_37", defenders=subs) >= LOST
    steps, _, _ = combat_steps(turn, my_stacks(game, st))
    assert [s.kind for s in steps if s.kind == "convoy"] == []
