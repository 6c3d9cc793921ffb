"""The luck meter on battles fought otherwise than to the end, and on raids: an attacker that
retreats after a round, a strategic bombing raid. Fixed dice, expectations worked out by hand
(R-COMBAT-5, R-LAND-2, R-SBR-4)."""

from __future__ import annotations

import pytest
from combat_helpers import begin_combat, came
from scenario import scenario, u
from test_story_luck import _armor_against_infantry

from pacific.rules.actions.combat import Retreat, SelectBattle
from pacific.rules.dice import FixedDice
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid
from pacific.story import read_story
from pacific.story.words import battle_result
from pacific.text import using_language


def test_a_retreat_after_one_round_is_measured_against_the_odds_of_one_round_r_land_2(
        ) -> None:
    # One Japanese armor (3) from Siam, held by Japan at the start of the turn, against one
    # Indian infantry (2) in Shan State. Round 1: both miss (6, 6); Japan retreats to Siam.
    game, state = _armor_against_infantry(space="shan_state", source="siam")
    history = History(game, state)
    history.apply(SelectBattle(space="shan_state"), FixedDice([6, 6]))
    history.apply(Retreat(to="siam"), FixedDice([]))
    (battle,) = read_story(history).battles
    assert (battle.attacker, battle.outcome) == (Power.JAPAN, "A")
    # By hand, one round then the retreat: the armor hits with 1/2, the infantry with 1/3.
    # The attacker wins with 1/2 x 2/3 = 1/3 and retreats when both miss, 1/2 x 2/3 = 1/3.
    assert battle.win_chance == pytest.approx(1 / 3)
    assert battle.outcome_chance == pytest.approx(1 / 3)
    # Expected losses: the armor (5 IPC) with 1/3, the infantry (3 IPC) with 1/2; nobody
    # lost anything: Japan +5/3 IPC of luck, India +3/2.
    assert battle.expected_lost("attacker") == pytest.approx(5 / 3)
    assert battle.expected_lost("defender") == pytest.approx(3 / 2)
    assert battle.ipc_luck("attacker") == pytest.approx(5 / 3)
    assert battle.ipc_luck("defender") == pytest.approx(3 / 2)
    story = read_story(history)
    assert story.luck[Power.JAPAN].ipc_luck == pytest.approx(5 / 3)
    with using_language("en"):
        assert battle_result(battle) == "Japan retreated (33% to win in the rounds fought)"


def test_a_raid_is_measured_against_the_raid_odds_r_sbr_4() -> None:
    # One US bomber raids Japan (an industrial complex, an AA gun, 40 IPC in the treasury).
    # AA fire: one die, 4 misses (hit on 1); the bomb: 5, Japan pays 5 IPC.
    game, state = scenario(power=Power.US, phase=Phase.COMBAT,
                           units={"japan": "1 industrial_complex japan, 1 aa_gun japan, "
                                           "1 bomber usa"},
                           treasury={Nation.JAPAN: 40})
    state.raids = [BombingRaid(target="japan", bombers=u(state, "japan", "bomber",
                                                          Nation.USA))]
    history = History(game, begin_combat(game, state))
    dice = FixedDice([4, 5])
    history.apply(SelectBattle(space="japan"), dice)
    assert dice.remaining == 0 and history.state.treasury[Nation.JAPAN] == 35
    (battle,) = read_story(history).battles
    assert battle.raid is not None and battle.paid == 5
    # By hand: the bomber is shot down with 1/6 (15 IPC): 2.5 IPC expected; it bombs with
    # 5/6, one die of 3.5 on average: 35/12 IPC expected of Japan. The US lost nothing
    # (+2.5), Japan paid 5 (35/12 - 5 = -25/12). The AA gun's one die promised 1/6 hit.
    assert battle.expected_lost("attacker") == pytest.approx(2.5)
    assert battle.expected_lost("defender") == pytest.approx(35 / 12)
    assert battle.lost == {"attacker": 0, "defender": 5}
    assert battle.ipc_luck("attacker") == pytest.approx(2.5)
    assert battle.ipc_luck("defender") == pytest.approx(-25 / 12)
    assert battle.hits("defender") == 0
    assert battle.expected_hits("defender") == pytest.approx(1 / 6)
    story = read_story(history)
    assert story.luck[Power.JAPAN].ipc_luck == pytest.approx(-25 / 12)
    assert story.luck[Power.US].ipc_luck == pytest.approx(2.5)
    with using_language("en"):
        assert battle_result(battle) == ("United States raided: 5 IPC of damage "
                                         "(2.9 expected)")


def test_an_amphibious_assault_is_measured_against_the_assault_odds_r_amph_6() -> None:
    # A Japanese armor lands on Guam from a transport in sea zone 25, where a Japanese
    # destroyer gives cover fire; one US marine defends. Cover fire: 3 misses (hit on 2).
    # Round 1: armor 5, marine 6, both miss; round 2: armor 2 hits, marine 6 misses.
    game, state = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                           units={"sz_25": "1 transport japan, 1 destroyer japan, "
                                           "1 armor japan",
                                  "guam": "1 marine usa"})
    transport = u(state, "sz_25", "transport", Nation.JAPAN)[0]
    armor = u(state, "sz_25", "armor", Nation.JAPAN)[0]
    state.unit(armor).carried_by = transport
    came(state, [armor, transport], "mariana_islands", "sz_25")
    state.amphibious_assaults = [AmphibiousAssault(target="guam", sea_zones=["sz_25"],
                                                   ships=[transport], landing_units=[armor])]
    history = History(game, begin_combat(game, state))
    dice = FixedDice([3, 5, 6, 2, 6])
    history.apply(SelectBattle(space="guam"), dice)
    assert dice.remaining == 0
    (battle,) = read_story(history).battles
    assert (battle.amphibious, battle.outcome) == (True, "C")
    # By hand: cover fire kills the marine with 1/3, yet it fires back in round 1 (set
    # aside, R-AMPH-6) and takes the armor with 1/3: attacker wins 2/9, both die 1/9. With
    # 2/3 it misses and the armor (3) fights the marine (2): wins 1/2, both die 1/4, loses
    # 1/4 (see test_story_luck). So the attacker wins with 2/9 + 1/3 = 5/9, both die with
    # 1/9 + 1/6 = 5/18, the defender holds with 1/6.
    assert battle.win_chance == pytest.approx(5 / 9)
    # The armor (5 IPC) is lost with 5/18 + 1/6 = 4/9; the marine (4 IPC) with 5/9 + 5/18.
    assert battle.expected_lost("attacker") == pytest.approx(20 / 9)
    assert battle.expected_lost("defender") == pytest.approx(10 / 3)
    assert battle.lost == {"attacker": 0, "defender": 4}
    assert battle.ipc_luck("attacker") == pytest.approx(20 / 9)
    assert battle.ipc_luck("defender") == pytest.approx(-2 / 3)
    # The cover fire's die counts in the attacker's hits: 3 dice at 2, 3 (1/3 + 1/2 + 1/2).
    assert battle.expected_hits("attacker") == pytest.approx(4 / 3)
    with using_language("en"):
        assert battle_result(battle) == "Japan won a 56% battle"
