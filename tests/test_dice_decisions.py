"""Dice as decisions (dice come only from the source the caller passes): with `ChanceDice` the
state waits for every roll the rules call for (R-COMBAT-5), a `roll_dice` action brings the values,
and nothing is recorded or changed until they are known."""

from __future__ import annotations

from collections.abc import Sequence

from combat_helpers import begin_combat, came
from scenario import scenario, snapshot, u

from pacific.rules.actions import Action
from pacific.rules.actions.combat import ChooseCasualties, PressOn, RollDice, SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.edit import EditMode
from pacific.rules.actions.movement import Move
from pacific.rules.decisions import DiceRoll
from pacific.rules.dice import ChanceDice, FixedDice
from pacific.rules.engine import Game
from pacific.rules.events import DiceRolled, Event
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

J, IN = Nation.JAPAN, Nation.INDIA


def _burma() -> tuple[Game, GameState, list[int]]:
    """EX-7's position: 2 Japanese infantry and 2 fighters attack 2 Indian infantry and an AA
    gun in Burma."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": "2 infantry india, 1 aa_gun india",
                               "shan_state": "2 infantry japan, 2 fighter japan"})
    movers = u(st, "shan_state", "infantry", J) + u(st, "shan_state", "fighter", J)
    for uid in movers:
        st.unit(uid).space = "burma"
    came(st, movers, "shan_state", "burma")
    return game, begin_combat(game, st), movers


def _inline(game: Game, st: GameState, actions: Sequence[Action],
            dice: Sequence[int]) -> tuple[GameState, list[Event]]:
    fixed, events = FixedDice(dice), []
    for action in actions:
        st, new = game.apply(st, action, fixed)
        events += new
    assert fixed.remaining == 0
    return st, events


def _at_the_table(game: Game, st: GameState, actions: Sequence[Action],
                  rolls: Sequence[Sequence[int]]) -> tuple[GameState, list[Event], list[int]]:
    """Apply ``actions`` with dice as decisions; each `DiceRoll` is answered by the next
    entry of ``rolls``. Returns the state, the events and the dice count of each request."""
    events: list[Event] = []
    asked: list[int] = []
    queue = list(rolls)
    for action in actions:
        st, new = game.apply(st, action, ChanceDice())
        events += new
        while isinstance(st.pending, DiceRoll):
            asked.append(st.pending.count)
            assert list(game.legal_actions(st)) == [RollDice(), EditMode(on=True)]
            st, new = game.apply(st, RollDice(values=tuple(queue.pop(0))), ChanceDice())
            events += new
    assert not queue, "rolls left over"
    return st, events, asked


def _dice(events: list[Event]) -> list[tuple[str, tuple[int, ...]]]:
    return [(e.purpose, e.values) for e in events if isinstance(e, DiceRolled)]


def test_r_combat_5_a_battle_with_typed_dice_matches_the_same_dice_rolled_inline() -> None:
    """The battle waits for each roll; given the same values it ends exactly as with dice
    rolled inside apply: the same state, the same dice events (R-COMBAT-5, R-AA-2, EX-7)."""
    game, st, movers = _burma()
    fighters = movers[2:]
    # AA: 2 dice (1 hits a fighter) → Japan picks it; then Japan attacks with 2 infantry (1)
    # and 1 fighter (3): one roll of 3 dice in two groups; India defends with 2 dice.
    actions: list[Action] = [SelectBattle(space="burma"), ChooseCasualties(units=(fighters[0],))]
    inline, inline_events = _inline(game, st, actions, [1, 4, 1, 6, 3, 6, 6])
    table, table_events, asked = _at_the_table(game, st, actions,
                                               [[1, 4], [1, 6, 3], [6, 6]])
    assert asked == [2, 3, 2]
    assert snapshot(table) == snapshot(inline)
    assert _dice(table_events) == _dice(inline_events)


def test_r_combat_5_the_dice_decision_names_the_battle_and_every_group_before_any_roll() -> None:
    game, st, _ = _burma()
    st, events = game.apply(st, SelectBattle(space="burma"), ChanceDice())
    pending = st.pending
    assert isinstance(pending, DiceRoll)
    battle = next(b for b in st.battles if b.space == "burma")
    # The battle is being fought: the board can show who fights before any die is known.
    assert battle.status == "active" and pending.battle == battle.id
    assert [(g.count, g.hit_on) for g in pending.groups] == [(2, 1)]
    assert pending.power is Power.UK          # the Indian AA gun fires
    assert not any(isinstance(e, DiceRolled) for e in events)
    st, _ = game.apply(st, RollDice(values=(5, 5)), ChanceDice())
    pending = st.pending
    assert isinstance(pending, DiceRoll) and pending.power is Power.JAPAN
    assert [(g.count, g.hit_on) for g in pending.groups] == [(2, 1), (2, 3)]


def test_r_combat_5_a_wrong_number_of_dice_is_refused_and_changes_nothing() -> None:
    game, st, _ = _burma()
    st, _ = game.apply(st, SelectBattle(space="burma"), ChanceDice())
    before = snapshot(st)
    refusal = game.why_illegal(st, RollDice(values=(1, 2, 3)))
    assert refusal is not None and refusal.rule == "R-COMBAT-5"
    assert "2 dice" in refusal.reason
    assert snapshot(st) == before
    other = game.why_illegal(st, PressOn())
    assert other is not None and other.rule == "R-TURN-3"


def test_r_combat_5_roll_for_me_uses_the_games_seeded_dice_and_replays_the_same() -> None:
    game, st, _ = _burma()
    st, _ = game.apply(st, SelectBattle(space="burma"), ChanceDice())
    first, ev1 = game.apply(st, RollDice(), ChanceDice())
    again, ev2 = game.apply(st, RollDice(), ChanceDice())
    assert snapshot(first) == snapshot(again) and _dice(ev1) == _dice(ev2)
    assert first.dice_drawn == st.dice_drawn + 2
    # The log tells dice typed in at the table from the computer's.
    rolled = [e for e in ev1 if isinstance(e, DiceRolled)]
    assert rolled and not any(e.typed_in for e in rolled)
    _, ev3 = game.apply(st, RollDice(values=(5, 5)), ChanceDice())
    rolled = [e for e in ev3 if isinstance(e, DiceRolled)]
    assert rolled and all(e.typed_in for e in rolled)
    assert "rolled 5 5 (dice typed in)" in rolled[0].describe()


def test_r_aafly_1_a_move_under_aa_fire_waits_for_its_dice_and_is_not_made_before() -> None:
    """Outside a battle the whole action waits: the fighter has not moved while the AA dice
    are asked for (R-AAFLY-1), and moves, hit or not, once they are given."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "1 aa_gun india", "india": "1 infantry india",
                               "shan_state": "1 fighter japan"},
                        owners={"shan_state": J})
    fighter = u(st, "shan_state", "fighter", J)[0]
    move = Move(units=(fighter,), path=("shan_state", "burma", "india"))
    assert game.why_illegal(st, move) is None
    waiting, events = game.apply(st, move, ChanceDice())
    assert isinstance(waiting.pending, DiceRoll) and waiting.pending.resume == move
    assert waiting.pending.power is Power.UK   # India's gun: the British player rolls
    assert waiting.units[fighter].space == "shan_state" and events == []
    assert list(game.legal_actions(waiting)) == [RollDice(), EditMode(on=True)]
    moved, events = game.apply(waiting, RollDice(values=(4,)), ChanceDice())
    assert moved.pending is None and moved.units[fighter].space == "india"
    inline, _ = game.apply(st, move, FixedDice([4]))
    assert snapshot(moved) == snapshot(inline)


def test_why_illegal_stops_before_the_first_die_and_rolls_nothing() -> None:
    game, st, _ = _burma()
    assert game.why_illegal(st, SelectBattle(space="burma")) is None
    assert st.dice_drawn == 0 and st.pending is None


def test_r_aa_5_the_raided_territorys_gun_is_rolled_by_its_owner_at_the_table() -> None:
    """A bombing raid on India: the AA dice are India's, so the British player rolls them,
    as in a land battle and over a territory flown over (R-AA-5, R-SBR-4); the bombing die
    is Japan's."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"india": "1 aa_gun india, 1 industrial_complex india",
                               "burma": "1 bomber japan"},
                        owners={"burma": J})
    bomber = u(st, "burma", "bomber", J)[0]
    st, _ = game.apply(st, Move(units=(bomber,), path=("burma", "india"), raid=True))
    st, _ = game.apply(st, EndPhase())
    st, _ = game.apply(st, SelectBattle(space="india"), ChanceDice())
    assert isinstance(st.pending, DiceRoll) and st.pending.power is Power.UK
    st, _ = game.apply(st, RollDice(values=(4,)), ChanceDice())
    assert isinstance(st.pending, DiceRoll) and st.pending.power is Power.JAPAN
