"""The luck meter (pacific.story) on a battle with fixed dice, against expectations worked out
by hand, and the same battle with the dice typed in at the table, through a saved game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from combat_helpers import begin_combat, came
from scenario import scenario, u
from test_combat_special import us_fleet_in_sz5

from pacific.rules.actions import Action
from pacific.rules.actions.combat import Kamikaze, PressOn, RollDice, SelectBattle
from pacific.rules.battle_records import BattleKind
from pacific.rules.decisions import DiceRoll
from pacific.rules.dice import ChanceDice, FixedDice
from pacific.rules.engine import Game
from pacific.rules.files.maps import board_resolver
from pacific.rules.files.savefile import load_game, save_game
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.story import read_story
from pacific.story.luck import BattleLuck
from pacific.story.words import battle_result, ipc_sentence, luck_line
from pacific.text import using_language

J = Nation.JAPAN


def _armor_against_infantry(space: str = "burma", source: str = "shan_state",
                            defender: str = "india") -> tuple[Game, GameState]:
    """One Japanese armor (attack 3) from ``source`` attacks one infantry of ``defender``
    (defence 2) in ``space`` (Burma, Indian, by default), in round 2 (no first-turn surprise,
    R-FIRSTTURN-1)."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={space: f"1 infantry {defender}", source: "1 armor japan",
                               "japan": "1 infantry japan", "india": "1 infantry india",
                               "united_states": "1 infantry usa"})
    armor = u(st, source, "armor", J)
    for uid in armor:
        st.unit(uid).space = space
    came(st, armor, source, space)
    return game, begin_combat(game, st)


# Round 1: the armor misses (6), the infantry misses (6). Round 2: the armor hits (3 ≤ 3), the
# infantry misses (5 > 2): the defender is wiped out (outcome C).
DICE = [6, 6, 3, 5]
ACTIONS: Sequence[Action] = (SelectBattle(space="burma"),)


def _played(typed: bool) -> History:
    game, st = _armor_against_infantry()
    history = History(game, st)
    if not typed:
        dice = FixedDice(DICE)
        for action in ACTIONS:
            history.apply(action, dice)
        assert dice.remaining == 0
        return history
    left = list(DICE)
    for action in ACTIONS:
        history.apply(action, ChanceDice())
        while isinstance(history.state.pending, DiceRoll):
            count = history.state.pending.count
            values, left = left[:count], left[count:]
            history.apply(RollDice(values=tuple(values)), ChanceDice())
    assert not left
    return history


@pytest.mark.parametrize("typed", [False, True], ids=["rolled", "typed-in"])
def test_the_luck_of_a_battle_with_fixed_dice_is_the_hand_computed_one(
        typed: bool, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(path, _played(typed))
    story = read_story(load_game(path, board_resolver(None)))
    (battle,) = story.battles
    assert (battle.attacker, battle.defenders, battle.outcome) == (Power.JAPAN, (Power.UK,),
                                                                   "C")
    # Hits: the armor threw 2 dice at 3 (2 x 3/6 = 1 expected), hit once; the infantry threw
    # 2 dice at 2 (2 x 2/6 = 2/3 expected), never hit (R-COMBAT-5).
    assert battle.hits("attacker") == 1 and battle.expected_hits("attacker") == pytest.approx(1)
    assert battle.hits("defender") == 0
    assert battle.expected_hits("defender") == pytest.approx(2 / 3)
    # The odds before the first roll, by hand: each round the armor alone hits with 1/2 x 2/3
    # = 1/3, the infantry alone with 1/2 x 1/3 = 1/6, both with 1/6, neither with 1/3. So the
    # attacker wins with (1/3) / (2/3) = 1/2, both die with 1/4, the defender holds with 1/4.
    assert battle.win_chance == pytest.approx(1 / 2)
    assert battle.outcome_chance == pytest.approx(1 / 2)
    # Expected losses: the armor (5 IPC) dies with 1/4 + 1/4; the infantry (3 IPC) with
    # 1/2 + 1/4. Japan lost nothing (+2.5 IPC of luck), India its infantry (-0.75).
    assert battle.expected_lost("attacker") == pytest.approx(2.5)
    assert battle.expected_lost("defender") == pytest.approx(2.25)
    assert battle.lost == {"attacker": 0, "defender": 3}
    assert battle.ipc_luck("attacker") == pytest.approx(2.5)
    assert battle.ipc_luck("defender") == pytest.approx(-0.75)
    japan, uk = story.luck[Power.JAPAN], story.luck[Power.UK]
    assert (japan.dice, japan.hits, japan.battles_won, japan.battles_lost) == (2, 1, 1, 0)
    assert (uk.dice, uk.hits, uk.battles_won, uk.battles_lost) == (2, 0, 0, 1)
    assert japan.hit_luck == pytest.approx(0) and uk.hit_luck == pytest.approx(-2 / 3)
    assert japan.ipc_luck == pytest.approx(2.5) and uk.ipc_luck == pytest.approx(-0.75)
    # Dice typed in at the table count the same; the meter says how many there were.
    assert japan.typed_in == (2 if typed else 0)
    with using_language("en"):
        assert battle_result(battle) == "Japan won a 50% battle"
        assert ipc_sentence(Power.UK, -8.2) == "Great Britain lost 8 IPC more than expected"
    with using_language("it"):
        assert battle_result(battle) == "Il Giappone ha vinto una battaglia al 50%"


def test_the_luck_line_names_china_not_the_power_that_plays_it_r_china_1() -> None:
    """China's infantry defends Anhwe against a Japanese armor (the same dice as above:
    Japan wins). China's units are played by the United States power (R-CHINA-1), and the
    per-power sums count them so, but the battle's line names the nation that fought."""
    game, st = _armor_against_infantry("anhwe", "manchuria", "china")
    history = History(game, st)
    dice = FixedDice(DICE)
    history.apply(SelectBattle(space="anhwe"), dice)
    history.apply(PressOn(), dice)   # no retreat after round 1 (R-LAND-2)
    assert dice.remaining == 0
    records = history.records
    (battle,) = read_story(history).battles
    assert battle.defenders == (Power.US,)   # the per-power sums: the United States
    with using_language("en"):
        assert luck_line(game.board, history.initial, records, len(records) - 1) == (
            "Luck: Anhwe: Japan won a 50% battle; hits: 1 (1.0 expected) against 0 (0.7 "
            "expected); Japan lost 3 IPC less than expected; China lost 1 IPC more than "
            "expected")
    with using_language("it"):
        line = luck_line(game.board, history.initial, records, len(records) - 1)
        assert line is not None and "Cina" in line and "Stati Uniti" not in line


def test_a_lone_kamikaze_attack_has_its_hits_against_the_expected_and_says_why_no_odds(
        ) -> None:
    """R-KAMI-6: three kamikazes (two at the battleship, one at the destroyer) hit on 2:
    3 x 2/6 = 1 hit expected; dice 2, 1, 3 hit twice. No battle is fought, so the line says
    why there are no odds."""
    game, state = us_fleet_in_sz5()
    bb, dd = u(state, "sz_5", "battleship")[0], u(state, "sz_5", "destroyer")[0]
    history = History(game, state)
    history.apply(Kamikaze(targets=(dd, bb, bb)), FixedDice([2, 1, 3]))
    story = read_story(history)
    assert story.battles == ()
    assert story.luck[Power.JAPAN].hits == 2
    assert story.luck[Power.JAPAN].expected_hits == pytest.approx(1)
    with using_language("en"):
        line = luck_line(game.board, history.initial, history.records, 0)
        assert line is not None and line.startswith(
            "Luck: Sea Zone 5: Japan's kamikazes: hits: 2 (1.0 expected); no odds: ")
        assert "R-KAMI-6" in line


def test_the_odds_of_a_battle_are_worked_out_once_for_every_story_that_reads_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pacific.odds as odds
    from pacific.story.odds_of import forget_odds

    forget_odds()
    calls: list[object] = []
    real = odds.calculate
    monkeypatch.setattr(odds, "calculate", lambda spec: calls.append(spec) or real(spec))
    history = _played(False)
    first = read_story(history).battles[0].win_chance
    again = read_story(history).battles[0].win_chance
    assert first == again == pytest.approx(1 / 2) and len(calls) == 1
    forget_odds()


def test_a_landing_called_off_says_so_rather_than_an_attack_without_odds() -> None:
    """R-AMPH-1: a landing called off is no battle: its line says so (no odds to tell)."""
    battle = BattleLuck(start=0, end=0, round=3, space="dutch_new_guinea",
                        kind=BattleKind.LAND, amphibious=True, attacker=Power.JAPAN,
                        defenders=(Power.UK,), outcome="X", rolls=(), odds=None,
                        lost_by_power={}, lost={"attacker": 0, "defender": 0})
    with using_language("en"):
        assert battle_result(battle) == "Japan called the landing off: no battle was fought"
    assert battle.ipc_luck("attacker") is None


def test_a_story_is_read_with_the_cycle_collector_paused_and_resumed_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    import pacific.story.game as game

    during: list[bool] = []
    real = game.read_battles
    monkeypatch.setattr(game, "read_battles",
                        lambda *a: during.append(gc.isenabled()) or real(*a))
    assert gc.isenabled()
    read_story(_played(False))
    assert during == [False] and gc.isenabled()
