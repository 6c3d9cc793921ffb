"""Odds models from a position (`pacific.odds.positions`): the battle being fought and
the attacks a computer player considers, built from the units of a state with the engine's own
answers (who defends, first-turn surprise)."""

from __future__ import annotations

from combat_helpers import begin_combat, came, moved_in
from scenario import scenario, u

from pacific.odds import BattleKind
from pacific.odds.positions import attack_spec, battle_spec, defenders_at
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

J, IN, US, CH = Nation.JAPAN, Nation.INDIA, Nation.USA, Nation.CHINA


def test_the_battle_being_fought_is_the_same_spec_the_battle_board_shows() -> None:
    """One conversion for the GUI and the computer player: the GUI's spec is this one."""
    from pacific.gui.odds_view import battle_spec as gui_spec

    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "2 infantry japan, 1 fighter japan",
                               "india": "3 infantry india, 1 aa_gun india"})
    came(st, u(st, "burma", "infantry") + u(st, "burma", "fighter"), "burma", "india")
    for uid in u(st, "burma", "infantry") + u(st, "burma", "fighter"):
        st.units[uid].space = "india"
    st = begin_combat(game, st)
    battle = st.battles[0]
    spec = battle_spec(game.board, st, battle)
    assert spec is not None and spec == gui_spec(game.board, st, battle)
    assert spec.kind is BattleKind.LAND
    assert spec.attacker.units == {T.INFANTRY: 2, T.FIGHTER: 1}
    assert spec.defender.units == {T.INFANTRY: 3, T.AA_GUN: 1}   # R-AA-2: the AA gun fires


def test_an_attack_from_two_territories_counts_every_unit_sent() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "2 infantry japan, 1 artillery japan",
                               "yunnan": "1 armor japan",
                               "burma": "2 infantry india, 1 industrial_complex india"})
    attackers = [st.units[i] for i in u(st, "siam", "infantry") + u(st, "siam", "artillery")
                 + u(st, "yunnan", "armor")]
    spec = attack_spec(game.board, st, "burma", attackers)
    assert spec is not None and spec.kind is BattleKind.LAND
    assert spec.attacker.units == {T.INFANTRY: 2, T.ARTILLERY: 1, T.ARMOR: 1}
    # R-COMBAT-6: a complex never fights.
    assert spec.defender.units == {T.INFANTRY: 2}
    assert not spec.first_turn


def test_first_turn_surprise_comes_from_the_engine_and_spares_chinese_territory() -> None:
    """R-FIRSTTURN-1/2: on Japan's first turn Allied defenders fight at 1, except in a
    territory China controls."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=1,
                        units={"siam": "3 infantry japan", "burma": "1 infantry india",
                               "yunnan": "1 infantry china"})
    attackers = [st.units[i] for i in u(st, "siam", "infantry")]
    burma = attack_spec(game.board, st, "burma", attackers)
    yunnan = attack_spec(game.board, st, "yunnan", attackers)
    assert burma is not None and burma.first_turn
    assert yunnan is not None and not yunnan.first_turn


def test_at_sea_cargo_never_fights_and_the_other_allied_power_stands_by() -> None:
    """R-NAVAL-2: cargo sinks with its ship but never fights; R-MULTI-4: the other Allied
    power's ships in the zone of an Allied attack are bystanders."""
    game, st = scenario(power=Power.UK, phase=Phase.COMBAT_MOVE,
                        units={"sz_1": "1 destroyer india",
                               "sz_2": "1 transport japan, 1 infantry japan, "
                                       "1 destroyer usa",
                               "sz_10": "1 submarine japan"})
    transport = u(st, "sz_2", "transport", J)[0]
    st.units[u(st, "sz_2", "infantry", J)[0]].carried_by = transport
    st.units[u(st, "sz_10", "submarine")[0]].submerged = True
    attackers = [st.units[i] for i in u(st, "sz_1", "destroyer")]
    spec = attack_spec(game.board, st, "sz_2", attackers)
    assert spec is not None and spec.kind is BattleKind.NAVAL
    assert spec.defender.units == {T.TRANSPORT: 1}
    assert spec.defender.transport_loads == [{T.INFANTRY: 1}]
    assert spec.attacker.bystanders == {T.DESTROYER: 1}
    # R-SUB-8: a submerged submarine is not there to fight.
    assert defenders_at(game.board, st, "sz_10", Power.UK) == []
    assert attack_spec(game.board, st, "sz_10", attackers) is None


def test_an_amphibious_assault_lands_cargo_with_cover_fire() -> None:
    """R-AMPH-6: units landing from the sea, land units from next door, and battleships and
    destroyers giving cover fire (transports never do)."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_2": "2 infantry japan, 1 transport japan, "
                                       "1 battleship japan",
                               "siam": "1 armor japan", "burma": "2 infantry india"})
    landing = [st.units[i] for i in u(st, "sz_2", "infantry")]
    bombard = [st.units[i] for i in u(st, "sz_2", "battleship") + u(st, "sz_2", "transport")]
    spec = attack_spec(game.board, st, "burma", [st.units[u(st, "siam", "armor")[0]]],
                       landing=landing, bombard=bombard)
    assert spec is not None and spec.kind is BattleKind.AMPHIBIOUS
    assert spec.landing == {T.INFANTRY: 2}
    assert spec.attacker.units == {T.ARMOR: 1}
    assert spec.bombard == {T.BATTLESHIP: 1}


def test_nothing_to_fight_is_no_battle() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 infantry japan", "burma": "1 aa_gun india"})
    assert attack_spec(game.board, st, "burma", [st.units[u(st, "siam", "infantry")[0]]]) \
        is None
    assert attack_spec(game.board, st, "burma", []) is None


def test_kamikazes_declared_against_a_naval_battle_count_in_its_odds_r_kami_8() -> None:
    """Two tokens on one American destroyer strike at the start of round 1: the battle's odds
    include them (one ship, two kamikazes, on the attacking American side)."""
    from pacific.odds import KamikazeTarget

    game, st = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"sz_5": "1 destroyer usa, 1 submarine usa",
                               "sz_6": "1 transport japan"})
    moved_in(st, u(st, "sz_5", "destroyer") + u(st, "sz_5", "submarine"), "sz_5", "sz_6")
    st = begin_combat(game, st)
    battle = st.battles[0]
    plain = battle_spec(game.board, st, battle)
    assert plain is not None and plain.kamikazes == []
    (destroyer,) = u(st, "sz_6", "destroyer")
    battle.kamikaze = [destroyer, destroyer]
    spec = battle_spec(game.board, st, battle)
    assert spec is not None
    assert spec.kamikazes == [KamikazeTarget(ship=T.DESTROYER, kamikazes=2)]
    assert spec.kamikaze_side == "attacker"
