"""The guided tutorial's script, played through the engine without a window: every
step's own answer is legal in the engine at that point and allowed by the step, each battle
rolls exactly the step's dice and ends as its text says, moves off the script get the step's
hint, undo takes the step back, and a saved progress is checked against its game."""

from __future__ import annotations

import string
from functools import cache

import pytest
from scenario import REPO_MAPS, board

from pacific.rules.actions import Action
from pacific.rules.actions.combat import ChooseCasualties, Kamikaze, Retreat, SelectBattle
from pacific.rules.actions.economy import EndPhase, Place, Purchase
from pacific.rules.actions.edit import EditMode
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.economy.control import production_level
from pacific.rules.engine import Game
from pacific.rules.files.scenario import load_scenario
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import error_text, rule, using_language
from pacific.tutorial import (
    EDIT_HINT,
    SCENARIO,
    STEPS,
    UI_LABELS,
    Progress,
    TutorialMismatch,
    step_index,
)
from pacific.tutorial.goals import Read

J, US = Nation.JAPAN, Nation.USA
T = UnitType


def start() -> tuple[Game, History, Progress]:
    real = board("pacific")
    game = Game(real)
    state = load_scenario(REPO_MAPS / "pacific" / "scenarios" / SCENARIO, real, seed=11)
    return game, History(game, state), Progress(game)


def play_step(game: Game, history: History, progress: Progress) -> list[Action]:
    """Play the current step with its own answers and dice; returns the actions applied."""
    step = progress.step
    assert step is not None
    if isinstance(step.goal, Read):
        assert progress.go_on(history)
        return []
    applied = []
    begin = progress.marks[-1]
    while progress.step is step:
        action = step.goal.next_action(game, progress.start(history), history.state)
        assert action is not None, f"{step.id}: no next action at {history.state.phase}"
        assert progress.screen(history, action) is None, f"{step.id}: {action} refused"
        assert game.why_illegal(history.state, action) is None, f"{step.id}: {action}"
        history.apply(action, FixedDice(progress.dice(history)))
        applied.append(action)
        progress.follow(history)
        assert len(applied) < 30, f"{step.id} does not end"
    # Exactly the step's dice were rolled, in order: the text tells what happens.
    rolled = tuple(v for r in history.records[begin:progress.marks[-1]] for v in r.dice)
    assert rolled == step.values, f"{step.id}: rolled {rolled}, scripted {step.values}"
    return applied


def play_until(game: Game, history: History, progress: Progress, step_id: str) -> None:
    """Play the steps before ``step_id`` (`play_step`), or every step if it never comes."""
    while progress.step is not None and progress.step.id != step_id:
        play_step(game, history, progress)


def play_through(game: Game, history: History, progress: Progress) -> dict[str, History]:
    """Play every step left (`play_step`); the history as it stood after each, by step id."""
    after: dict[str, History] = {}
    while not progress.finished:
        step = progress.step
        assert step is not None
        play_step(game, history, progress)
        snapshot = History(game, history.initial)
        snapshot.records = list(history.records)
        after[step.id] = snapshot
    return after


@cache
def played() -> tuple[Game, History, dict[str, History]]:
    """The whole tutorial played once; the history as it stood after each step."""
    game, history, progress = start()
    return game, history, play_through(game, history, progress)


def test_every_step_plays_through_the_engine_with_its_own_dice() -> None:
    _game, history, after = played()
    assert list(after) == [s.id for s in STEPS]
    state = history.state
    assert (state.power, state.phase) == (Power.US, Phase.COMBAT)


def test_the_battles_end_as_the_texts_say() -> None:
    """R-FIRSTTURN-1/2, R-AMPH-6, R-BB-1/3, R-KAMI-6/8: the outcomes the steps describe."""
    game, _history, after = played()
    anhwe = after["fight_anhwe"].state
    assert anhwe.owner_of("anhwe") is J
    assert [u.type for u in anhwe.units_at("anhwe")] == [T.INFANTRY] * 5  # one lost
    hong_kong = after["fight_hong_kong"].state
    assert hong_kong.owner_of("hong_kong") is J
    assert [(u.owner, u.type) for u in hong_kong.units_at("hong_kong")] == [(J, T.INFANTRY)] * 2
    assert production_level(game.board, hong_kong, J) == 21
    sea = after["fight_sea_zone_46"].state
    assert [(u.owner, u.type, u.damaged) for u in sea.units_at("sz_46")] == [
        (J, T.BATTLESHIP, True)]
    income = after["income"].state
    assert not any(u.damaged for u in income.units.values())          # R-BB-3
    assert income.treasury[J] == 19 - 18 + 21                          # R-INCOME-1
    assert income.victory_points == 2                                  # R-VP-2
    first = after["welcome"].state
    for space, unit_type, more in (("japan", T.INFANTRY, 2), ("japan", T.ARTILLERY, 1),
                                   ("sz_36", T.TRANSPORT, 1)):   # R-PLACE-2, R-PLACE-4
        now = [u.type for u in income.units_at(space)].count(unit_type)
        assert now == [u.type for u in first.units_at(space)].count(unit_type) + more
    assert [(u.owner, u.type) for u in income.units_at("manchuria")
            if u.type is T.INFANTRY] == [(J, T.INFANTRY)] * 2
    end = after["fight_sea_zone_37"].state
    assert end.kamikaze_tokens == 5
    assert [(u.owner, u.type) for u in end.units_at("sz_37")] == [(J, T.TRANSPORT)]


def test_each_step_names_real_rules_and_known_controls() -> None:
    """Every rule a step teaches is in the rules reference, and the controls its texts name
    are ones the GUI fills in."""
    assert len({s.id for s in STEPS}) == len(STEPS)
    for step in STEPS:
        assert step.rules, step.id
        for rule_id in step.rules:
            rule(rule_id)   # raises UnknownRule
        for text in (step.title, step.text, step.hint, step.continue_label):
            names = {n for _l, n, _s, _c in string.Formatter().parse(text) if n is not None}
            assert names <= set(UI_LABELS), (step.id, names)
    assert step_index("kamikaze") == [s.id for s in STEPS].index("kamikaze")
    with pytest.raises(KeyError):
        step_index("nonsense")


def test_moves_off_the_script_get_the_steps_hint() -> None:
    game, history, progress = start()
    assert progress.screen(history, EndPhase()) == STEPS[0].hint   # read first
    play_until(game, history, progress, "attack_anhwe")
    state = history.state
    step = progress.step
    assert step is not None
    infantry = tuple(sorted(u.id for u in state.units_at("manchuria") if u.type is T.INFANTRY))
    artillery = tuple(u.id for u in state.units_at("manchuria") if u.type is T.ARTILLERY)
    wrong = [Move(units=artillery, path=("manchuria", "anhwe")),       # other units
             Move(units=infantry, path=("manchuria", "suiyuan")),      # elsewhere
             EndPhase(), Purchase(nation=J, units={T.INFANTRY: 1})]
    for action in wrong:
        assert progress.screen(history, action) == step.hint, action
    assert progress.screen(history, EditMode(on=True)) == EDIT_HINT
    # Part of the stack, then the rest: both are the step's.
    assert progress.screen(history, Move(units=infantry[:2], path=("manchuria", "anhwe"))) \
        is None
    history.apply(Move(units=infantry[:2], path=("manchuria", "anhwe")))
    assert not progress.follow(history) and progress.step is step
    history.apply(Move(units=infantry[2:], path=("manchuria", "anhwe")))
    assert progress.follow(history) and progress.step.id == "board_transport"


def test_battle_steps_keep_to_their_battle_and_casualties() -> None:
    game, history, progress = start()
    play_until(game, history, progress, "fight_anhwe")
    step = progress.step
    assert step is not None
    assert progress.screen(history, SelectBattle(space="hong_kong")) == step.hint
    assert progress.screen(history, SelectBattle(space="anhwe")) is None
    play_until(game, history, progress, "fight_sea_zone_46")
    history.apply(SelectBattle(space="sz_46"), FixedDice(progress.dice(history)))
    progress.follow(history)
    battleship = [u.id for u in history.state.units_at("sz_46") if u.type is T.BATTLESHIP]
    destroyer = [u.id for u in history.state.units_at("sz_46") if u.type is T.DESTROYER]
    step = progress.step
    assert step is not None and step.id == "fight_sea_zone_46"
    # R-BB-2: the battleship takes the hit; the text is true only with that choice.
    assert progress.screen(history, ChooseCasualties(units=tuple(battleship))) is None
    assert progress.screen(history, ChooseCasualties(units=tuple(destroyer))) == step.hint
    assert progress.screen(history, Retreat(to="sz_45")) == step.hint


def test_the_kamikaze_step_wants_one_token_at_the_destroyer() -> None:
    game, history, progress = start()
    play_until(game, history, progress, "kamikaze")
    step = progress.step
    assert step is not None
    destroyer = next(u.id for u in history.state.units_at("sz_37") if u.owner is US)
    assert progress.screen(history, Kamikaze(targets=())) == step.hint           # none
    assert progress.screen(history, Kamikaze(targets=(destroyer, destroyer))) == step.hint
    assert progress.screen(history, Kamikaze(targets=(destroyer,))) is None


def test_undo_takes_the_step_back_and_redo_forward() -> None:
    game, history, progress = start()
    play_until(game, history, progress, "board_transport")
    history.undo()   # the move into Anhwe
    assert progress.follow(history) and progress.step is not None
    assert progress.step.id == "attack_anhwe"
    history.redo()
    assert progress.follow(history) and progress.step.id == "board_transport"


def test_the_dice_left_are_the_steps_own_less_those_rolled() -> None:
    game, history, progress = start()
    play_until(game, history, progress, "fight_hong_kong")
    assert progress.dice(history) == (2, 1, 4, 5, 3)
    history.apply(SelectBattle(space="hong_kong"), FixedDice(progress.dice(history)))
    assert progress.dice(history) == (1, 4, 5, 3)   # the cover fire's die is spent


def test_a_saved_progress_is_restored_and_checked_against_its_game() -> None:
    game, history, progress = start()
    play_until(game, history, progress, "to_combat")
    step_id, marks = progress.saved()
    again = Progress.restore(game, history, step_id, marks)
    assert again.marks == progress.marks and again.step is progress.step
    with pytest.raises(TutorialMismatch, match="not step") as refused:
        Progress.restore(game, history, "purchase", marks)
    with using_language("it"):   # a message id with its values, shown in Italian
        assert error_text(refused.value).startswith('il passo salvato "purchase" non è il')
    with pytest.raises(TutorialMismatch, match="not numbers"):
        Progress.restore(game, history, step_id, "0,x")
    with pytest.raises(TutorialMismatch, match="do not fit"):
        Progress.restore(game, history, step_id, "0,0,99")
    # Marks that claim a step is over where the game shows it is not.
    fake = marks.split(",")
    fake[3] = fake[2]   # "phases 1 and 2 ended without an action"
    with pytest.raises(TutorialMismatch, match="is not done"):
        Progress.restore(game, history, step_id, ",".join(fake))


def test_placement_keeps_to_the_places_the_step_names() -> None:
    game, history, progress = start()
    play_until(game, history, progress, "place")
    step = progress.step
    assert step is not None
    assert progress.screen(history, Place(nation=J, unit_type=T.INFANTRY, space="japan")) \
        is None
    assert progress.screen(history, Place(nation=J, unit_type=T.TRANSPORT, space="sz_37")) \
        == step.hint


def test_every_hint_cites_the_rule_it_is_about() -> None:
    """A move off the script is refused citing the rule the hint is about: a wrong purchase
    the choice of units (R-PURCH-2, not R-PURCH-1 on paying no more than one holds), a wrong
    casualty in sea zone 46 the battleship's first hit (R-BB-2), a phase to end the phase
    order (R-TURN-3)."""
    cited = {s.id: s.cited for s in STEPS}
    for step in STEPS:
        rule(step.cited)   # raises UnknownRule
    assert cited["purchase"] == "R-PURCH-2"
    assert cited["fight_sea_zone_46"] == "R-BB-2"
    assert cited["to_combat_move"] == cited["income"] == "R-TURN-3"
    assert cited["allied_turns"] == "R-INCOME-3"
