"""Combat rules not tested elsewhere (RULES.md Part 3), with scripted dice on the mini board.

Each `_values` entry is (hit number, dice rolled) of one roll, in the order rolled.
"""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, hit_values, play, shift
from scenario import scenario, u

from pacific.rules.actions.combat import ChooseCasualties, Intercept, Retreat, SelectBattle
from pacific.rules.combat.values import attack_value, defense_value
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import BombingRaid
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA


def attack(space: str, units: dict[str, str], origin: str, power: Power = Power.JAPAN,
           round: int = 2) -> tuple[Game, GameState]:
    """Phase 4 after ``power``'s units in ``origin`` moved into ``space``."""
    game, state = scenario(power=power, phase=Phase.COMBAT, units=units, round=round)
    movers = [x.id for x in state.units.values() if x.space == origin]
    for uid in movers:
        state.unit(uid).space = space
    came(state, movers, origin, space)
    return game, begin_combat(game, state)


def test_r_capture_3_both_sides_wiped_out_defender_keeps_it() -> None:
    """R-CAPTURE-3: Japanese and Indian infantry destroy each other: Burma stays Indian."""
    game, st = attack("burma", {"burma": "1 infantry india", "siam": "1 infantry japan"},
                      "siam")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 2])
    assert hit_values(ev) == [(1, 1), (2, 1)]
    assert u(st, "burma", "infantry") == []
    end_combat(game, start, st)                  # Burma stays Indian


def test_r_capture_3_surviving_land_unit_takes_the_territory() -> None:
    """R-CAPTURE-3: the defender is wiped out and a Japanese land unit survives: Burma is
    Japan's."""
    game, st = attack("burma", {"burma": "1 infantry india",
                                "siam": "1 infantry japan, 1 armor japan"}, "siam")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [1, 6, 6])
    assert hit_values(ev) == [(1, 1), (3, 1), (2, 1)]
    assert len(u(st, "burma", "infantry", J) + u(st, "burma", "armor", J)) == 2
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))


def test_r_air_8_fighters_on_an_island_do_not_defend_its_sea_zone() -> None:
    """R-AIR-8: Japan attacks the US destroyer in sz_9; the US fighter on Hawaii (an island in
    sz_9) does not roll."""
    game, st = attack("sz_9", {"sz_5": "1 destroyer japan", "sz_9": "1 destroyer usa",
                               "hawaii": "1 fighter usa"}, "sz_5")
    fighter = u(st, "hawaii", "fighter")[0]
    assert [b.space for b in st.battles] == ["sz_9"]
    assert fighter not in st.battles[0].defenders
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="sz_9")], [6, 6])
    assert hit_values(ev) == [(3, 1), (3, 1)]       # one defending die: the destroyer's
    end_combat(game, start, play(game, st, [Retreat(to="sz_5")], [])[0])


def test_r_firstturn_3_aa_fire_unchanged_on_japans_first_turn() -> None:
    """R-FIRSTTURN-3: on Japan's first turn the Indian defender hits on 1, but AA fire still
    hits on 1 and Japan's infantry and fighter keep 1 and 3."""
    game, st = attack("burma", {"burma": "1 infantry india, 1 aa_gun india",
                                "siam": "1 infantry japan, 1 fighter japan"}, "siam", round=1)
    assert st.japan_first_turn
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [6, 6, 6, 6])
    assert hit_values(ev) == [(1, 1), (1, 1), (3, 1), (1, 1)]
    end_combat(game, start, play(game, st, [Retreat(to="siam")], [])[0])


def test_r_aa_5_raid_aa_fire_before_the_clash_and_at_escorts() -> None:
    """R-AA-5: in a raid on Japan the AA gun rolls one die for the bomber and one for the
    escort before the interceptor fires; the attacker gives up the escort."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT, treasury={J: 40},
                        units={"japan": "1 industrial_complex japan, 1 aa_gun japan, "
                                        "1 fighter japan, 1 bomber usa, 1 fighter usa"})
    bomber, escort = u(st, "japan", "bomber")[0], u(st, "japan", "fighter", US)[0]
    st.raids = [BombingRaid(target="japan", bombers=[bomber], escorts=[escort])]
    st = start = begin_combat(game, st)
    interceptor = u(st, "japan", "fighter", J)[0]
    st, ev, _ = play(game, st, [SelectBattle(space="japan"),
                                Intercept(fighters=(interceptor,))], [6, 1])
    assert hit_values(ev) == [(1, 2)]
    assert st.pending is not None and st.pending.power == "us"
    st, ev, _ = play(game, st, [ChooseCasualties(units=(escort,))], [6, 4])
    assert hit_values(ev) == [(2, 1), (None, 1)]   # the clash (no escort left), then the bomb
    assert escort not in st.units and st.treasury[J] == 36
    end_combat(game, start, st, ipcs={J: -4})


def test_r_art_1_artillery_attacks_and_defends_at_2() -> None:
    """R-ART-1: artillery alone attacks Burma hitting on 2 and defends on 2."""
    assert (attack_value(UnitType.ARTILLERY), defense_value(UnitType.ARTILLERY)) == (2, 2)
    game, st = attack("burma", {"burma": "1 artillery india", "siam": "1 artillery japan"},
                      "siam")
    start = st
    st, ev, _ = play(game, st, [SelectBattle(space="burma")], [2, 3])
    assert hit_values(ev) == [(2, 1), (2, 1)]
    end_combat(game, start, st, owners={"burma": J}, levels=shift(game, start, J, IN, "burma"))
