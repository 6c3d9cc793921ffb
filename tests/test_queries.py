"""The queries the GUI asks the engine: movable units, drop targets and what a drop
means, the battle as a view model with the reasons for each hit value, casualty options, the
production chart. Each answer is checked against the engine's own listing or refusals."""

from __future__ import annotations

from combat_helpers import begin_combat, came, play
from scenario import scenario, u

from pacific.rules.actions.combat import Kamikaze, SelectBattle
from pacific.rules.actions.movement import Load, Move, StartCap, Unload
from pacific.rules.battle_views import battle_result
from pacific.rules.dice import ChanceDice
from pacific.rules.engine import Game
from pacific.rules.groups import cargo_index, unit_key
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.queries import shortest_path

J, IN, CH, US = Nation.JAPAN, Nation.INDIA, Nation.CHINA, Nation.USA


def test_movable_units_are_those_a_listed_move_moves_and_their_twins() -> None:
    """R-TURN-1: only the player to act moves; only units with a legal move are offered: those
    a listed move moves, and the units identical to them (the listing names one unit of a
    stack where one and all differ; its twins may make the same move)."""
    game = Game(scenario("pacific")[0].board)
    state = game.new_game(seed=3)
    state.pending, state.convoy_split_due, state.phase = None, 0, Phase.COMBAT_MOVE
    movable = game.movable_units(state)
    listed = {i for a in game.legal_actions(state) if hasattr(a, "units")
              for i in a.units}  # type: ignore[attr-defined]
    assert listed and listed <= movable
    keys = {unit_key(state.units[i], cargo_index(state)) for i in listed}
    assert all(unit_key(state.units[i], cargo_index(state)) in keys for i in movable - listed)
    assert all(state.units[i].owner is J for i in movable)
    assert not any(state.units[i].type.value == "industrial_complex" for i in movable)


def test_drop_targets_are_the_engines_actions_with_their_meaning() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"manchuria": "3 infantry japan", "anhwe": "1 infantry china",
                               "sz_36": "1 transport japan", "japan": "2 infantry japan"})
    inf = u(st, "manchuria", "infantry", J)
    targets = game.drop_targets(st, inf)
    assert targets["anhwe"].meaning == "attack" and isinstance(targets["anhwe"].action, Move)
    for target in targets.values():
        assert game.why_illegal(st, target.action) is None, target
    home = u(st, "japan", "infantry", J)
    boarding = game.drop_targets(st, home)["sz_36"]
    assert boarding.meaning == "load" and isinstance(boarding.action, Load)
    assert game.drop_action(st, home, "sz_36") == boarding.action


def test_battle_spaces_are_the_battles_the_moves_made_r_combatmove_1() -> None:
    """In combat movement the battles to come are the ones the moves so far made: none before
    the infantry moves into Anhwe, Anhwe after (R-COMBATMOVE-1); moving into an empty enemy
    territory (Suiyuan) makes no battle. Phase 4 then fights exactly those (R-COMBAT-2), and a
    battle once over is no longer one."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"manchuria": "3 infantry japan", "anhwe": "1 infantry china"})
    assert game.battle_spaces(st) == frozenset()
    inf = u(st, "manchuria", "infantry", J)
    st, _ = game.apply(st, Move(units=tuple(inf[:2]), path=("manchuria", "anhwe")))
    st, _ = game.apply(st, Move(units=(inf[2],), path=("manchuria", "suiyuan")))
    assert game.battle_spaces(st) == {"anhwe"}
    fought = begin_combat(game, st)
    assert {b.space for b in fought.battles} == {"anhwe"} == game.battle_spaces(fought)
    fought.battles[0].status = "over"
    assert game.battle_spaces(fought) == frozenset()


def test_a_drop_on_a_place_that_is_no_target_is_refused_for_the_real_reason() -> None:
    """A fighter dropped on a far enemy territory is sent along the shortest path, so the
    refusal is about the flight, never "not adjacent" (R-MOVE-3) between two far spaces."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"manchuria": "1 fighter japan", "szechwan": "1 infantry china"})
    fighter = u(st, "manchuria", "fighter", J)
    action = game.drop_action(st, fighter, "szechwan")
    assert isinstance(action, Move)
    assert action.path == shortest_path(game.board, "manchuria", "szechwan")
    refusal = game.why_illegal(st, action)
    assert refusal is not None and refusal.rule != "R-MOVE-3"
    assert game.drop_action(st, fighter, "manchuria") is None


def test_fighters_may_be_dropped_on_a_zone_as_a_combat_air_patrol() -> None:
    """R-CAP-1: in non-combat movement a fighter that has not moved flies a patrol over an
    adjacent sea zone."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "1 fighter japan"})
    fighter = u(st, "japan", "fighter", J)
    patrols = {s: t for s, t in game.drop_targets(st, fighter).items()
               if t.meaning == "patrol"}
    assert patrols and all(isinstance(t.action, StartCap) for t in patrols.values())


def test_cargo_dropped_on_a_coast_is_an_unload_or_an_assault() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_36": "1 transport japan, 2 infantry japan",
                               "korea": "1 infantry china"}, owners={"korea": CH})
    ship = u(st, "sz_36", "transport", J)[0]
    cargo = u(st, "sz_36", "infantry", J)
    for uid in cargo:
        st.unit(uid).carried_by = ship
    targets = game.drop_targets(st, cargo)
    assaults = [t for t in targets.values() if t.meaning == "assault"]
    assert assaults and all(isinstance(t.action, Unload) for t in assaults)


def _burma(first_turn: bool = False):  # type: ignore[no-untyped-def]
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        round=1 if first_turn else 2,
                        units={"burma": "2 infantry india, 1 aa_gun india, 1 armor india",
                               "shan_state": "2 infantry japan, 1 artillery japan, "
                                             "1 fighter japan"})
    movers = [x.id for x in st.units.values() if x.space == "shan_state"]
    for uid in movers:
        st.unit(uid).space = "burma"
    came(st, movers, "shan_state", "burma")
    return game, begin_combat(game, st)


def test_the_battle_view_shows_both_sides_and_why_each_value_is_what_it_is() -> None:
    """R-FIRSTTURN-1: on Japan's first turn Indian units defend at 1; R-ART-2: one infantry is
    supported by the artillery; the AA gun's own fire (R-AA-2)."""
    game, st = _burma(first_turn=True)
    st, _ = game.apply(st, SelectBattle(space="burma"), ChanceDice())   # waits for AA dice
    view = game.battle_view(st)
    assert view is not None and view.space == "burma" and view.attacker is Power.JAPAN
    assert view.defender is Power.UK
    rows = {(g.unit_type.value, g.hit_on): g for g in view.attackers}
    assert rows[("infantry", 2)].count == 1 and rows[("infantry", 1)].count == 1
    assert any(n.rule == "R-ART-2" for n in rows[("infantry", 2)].notes)
    defence = {g.unit_type.value: g for g in view.defenders}
    assert defence["armor"].hit_on == 1 and defence["infantry"].hit_on == 1
    assert any(n.rule == "R-FIRSTTURN-1" and "defends at 1" in str(n)
               for n in defence["armor"].notes)
    assert any(n.rule == "R-AA-2" for n in defence["aa_gun"].notes)


def test_casualty_options_group_identical_units_with_the_suggestion() -> None:
    game, st = _burma()
    # AA misses; Japan: inf 1 (supported 2) miss, inf miss, art 2 hit, fighter 3 hit → 2 hits
    st, _, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 1, 1])
    options = game.casualty_options(st)
    assert options is not None and options.power is Power.UK and options.count == 2
    by_type = {g.unit_type.value: g for g in options.groups}
    assert by_type["infantry"].hits == 2 and by_type["armor"].hits == 1
    assert "aa_gun" not in by_type                          # R-COMBAT-6: never a casualty
    assert sorted(options.suggestion) == sorted(by_type["infantry"].take(2))
    assert options.suggested_hits()[by_type["infantry"].unit] == 2


def test_a_finished_battle_says_its_result_in_words() -> None:
    """R-COMBAT-9: the surviving land units take the territory; the result names the losses."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"suiyuan": "1 infantry china",
                               "shansi": "2 infantry japan"})
    movers = u(st, "shansi", "infantry", J)
    for uid in movers:
        st.unit(uid).space = "suiyuan"
    came(st, movers, "shansi", "suiyuan")
    st = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="suiyuan")], [1, 6, 6])
    battle = next(b for b in st.battles if b.space == "suiyuan")
    assert battle.status == "over"
    text = battle_result(game.board, battle)
    assert str(text) == "Japan takes Suiyuan; China lost 1 infantry"   # a message, in English
    # Over, it is no longer the current battle, but it can still be asked for by its id.
    assert game.battle_view(st) is None
    view = game.battle_view(st, battle.id)
    assert view is not None and view.status == "over" and str(view.result) == str(text)
    assert view.captured_by is J and game.battle_view(st, 99) is None


def test_kamikaze_options_group_identical_ships_and_spread_the_tokens_oq3_4() -> None:
    """R-KAMI-5: any Allied surface ship in the zone, never a submarine; identical ships are
    one group, whose tokens go one per ship, then round again (OQ3-4)."""
    game, st = scenario(phase=Phase.COMBAT_MOVE,
                        units={"sz_6": "1 destroyer japan",
                               "sz_5": "2 destroyer usa, 1 battleship usa, 1 submarine usa"})
    st, _ = game.apply(st, Move(units=tuple(u(st, "sz_6", "destroyer")),
                                path=("sz_6", "sz_5")))
    st = begin_combat(game, st)
    assert game.kamikaze_options(st) is None
    st, _ = game.apply(st, SelectBattle(space="sz_5"), ChanceDice())
    options = game.kamikaze_options(st)
    assert options is not None and options.tokens == st.kamikaze_tokens
    groups = {g.unit_type.value: g for g in options.groups}
    assert sorted(groups) == ["battleship", "destroyer"]       # no submarine
    destroyers = groups["destroyer"]
    assert destroyers.aim(3) == (destroyers.units[0], destroyers.units[1], destroyers.units[0])
    assert game.is_legal(st, Kamikaze(targets=destroyers.aim(3)))


def test_the_production_report_agrees_with_the_chart() -> None:
    game = Game(scenario("pacific")[0].board)
    state = game.new_game(seed=1)
    report = game.production_report(state)
    assert Nation.CHINA not in report.levels and report.levels[J] > 0
    assert report.convoys and not any(c.captured for c in report.convoys)


def test_every_infantry_of_an_island_may_board_not_only_the_first() -> None:
    """R-TRANS-1: Japan's eight infantry may each board the transports off Japan; the listing
    names one of them (the whole stack cannot board), and the unit picker offers as many as a
    drop takes: two of them board one transport together."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"japan": "8 infantry japan", "sz_36": "1 transport japan"})
    infantry = u(st, "japan", "infantry", J)
    assert len(infantry) == 8
    assert set(infantry) <= game.movable_units(st)
    two = game.drop_targets(st, infantry[-2:])["sz_36"]
    assert two.meaning == "load" and game.why_illegal(st, two.action) is None
