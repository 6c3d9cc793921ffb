"""The tutorials of the United States (with China) and of Great Britain, played through the
engine without a window: every step's own answer is legal and allowed by the step, each battle
rolls exactly the step's dice and ends as its text says, every hint cites a real rule, and a
move off the script gets the step's hint."""

from __future__ import annotations

import string
from functools import cache

import pytest
from scenario import REPO_MAPS, board
from test_tutorial_script import play_through, play_until

from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move, StartCap
from pacific.rules.engine import Game
from pacific.rules.files.scenario import load_scenario
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import rule
from pacific.tutorial import UI_LABELS, Progress
from pacific.tutorial.course import BRITAIN, COURSES, LESSONS, TUTORIALS, USA, Course

T = UnitType
US, CN, J, IN, AU = Nation.USA, Nation.CHINA, Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA


def start(course: Course) -> tuple[Game, History, Progress]:
    real = board("pacific")
    game = Game(real)
    state = load_scenario(REPO_MAPS / "pacific" / "scenarios" / course.scenario, real, seed=11)
    return game, History(game, state), Progress(game, course.steps)


def play_to(course: Course, step_id: str) -> tuple[Game, History, Progress]:
    game, history, progress = start(course)
    play_until(game, history, progress, step_id)
    return game, history, progress


@cache
def played(course_id: str) -> dict[str, History]:
    """The course played once: the history as it stood after each step."""
    course = COURSES[course_id]
    after = play_through(*start(course))
    assert list(after) == [s.id for s in course.steps]
    return after


@pytest.mark.parametrize("course", [*TUTORIALS, *LESSONS], ids=lambda c: c.id)
def test_each_step_names_real_rules_and_known_controls(course: Course) -> None:
    assert len({s.id for s in course.steps}) == len(course.steps)
    for step in course.steps:
        for rule_id in (*step.rules, step.cited):
            rule(rule_id)   # raises UnknownRule
        assert step.hint_rule, step.id   # every hint says which rule it is about
        for text in (step.title, step.text, step.hint, step.continue_label):
            names = {n for _l, n, _s, _c in string.Formatter().parse(text) if n is not None}
            assert names <= set(UI_LABELS), (step.id, names)


def test_the_american_turn_plays_as_its_texts_say() -> None:
    after = played(USA.id)
    first = after["welcome"].initial
    assert (first.power, first.phase, first.round) == (Power.US, Phase.PURCHASE, 1)
    assert first.china_infantry_due == 3   # Szechwan, Sikang, the Burma Road (R-CHINA-2/3)
    assert first.treasury[US] == 75
    fight = after["fight"].state
    assert [(u.owner, u.type) for u in fight.units_at("sz_18")] == \
        [(US, T.BATTLESHIP)] * 2 + [(US, T.DESTROYER)]   # the submarine sunk, no loss
    moved = after["naval_base"]
    base = next(r.action for r in moved.records if isinstance(r.action, Move)
                and r.action.path[0] == "sz_5")
    assert len(base.path) - 1 == 3 and base.path[-1] == "sz_11"   # R-NAVALBASE-1
    placed = after["place_china"].state
    start = after["welcome"].initial
    for space, nation, unit_type, more in (
            ("united_states", US, T.INFANTRY, 4), ("united_states", US, T.ARTILLERY, 1),
            ("sz_5", US, T.TRANSPORT, 1), ("szechwan", CN, T.INFANTRY, 3)):
        def count(state, space=space, nation=nation, unit_type=unit_type) -> int:
            return sum(1 for u in state.units_at(space)
                       if u.owner is nation and u.type is unit_type)
        assert count(placed) == count(start) + more, (space, unit_type)
    end = after["income"].state
    assert (end.round, end.power, end.phase) == (2, Power.JAPAN, Phase.PURCHASE)
    assert end.treasury[US] == 75 - 36 + 75   # R-INCOME-1: the American level is 75


def test_the_british_turn_plays_as_its_texts_say() -> None:
    after = played(BRITAIN.id)
    first = after["welcome"].initial
    assert (first.power, first.phase) == (Power.UK, Phase.PURCHASE)
    assert (first.treasury[IN], first.treasury[AU]) == (21, 26)
    cap = after["cap"]
    assert any(isinstance(r.action, StartCap) and r.action.sea_zone == "sz_54"
               for r in cap.records)   # R-CAP-1
    landed = after["land"].state
    assert sorted(u.type.value for u in landed.units_at("papua") if u.owner is AU) == \
        ["artillery", "infantry", "infantry", "infantry"]
    assert not landed.cargo_of(next(u.id for u in landed.units_at("sz_28") if u.owner is AU))
    end = after["income"]
    splits = [r.action for r in end.records if r.action.kind == "split_convoy_income"]
    assert len(splits) == 1   # R-INCOME-3: the convoy money split at the income
    assert (end.state.power, end.state.phase) == (Power.US, Phase.PURCHASE)


@pytest.mark.parametrize(("course", "step_id", "wrong"), [
    (USA, "fleet", lambda s: Move(units=tuple(u.id for u in s.units_at("sz_9")
                                              if u.type is T.TRANSPORT), path=("sz_9", "sz_4"))),
    (USA, "naval_base", lambda s: EndPhase()),
    (BRITAIN, "cap", lambda s: Move(units=tuple(u.id for u in s.units_at("india")
                                                if u.type is T.FIGHTER),
                                    path=("india", "burma"))),
], ids=["usa-fleet", "usa-naval-base", "britain-cap"])
def test_a_move_off_the_script_gets_the_steps_hint(course: Course, step_id: str,
                                                   wrong) -> None:
    _game, history, progress = play_to(course, step_id)
    step = progress.step
    assert step is not None and step.id == step_id
    action = wrong(history.state)
    assert progress.screen(history, action) == step.hint


@pytest.mark.parametrize("course", LESSONS, ids=lambda c: c.id)
def test_a_lesson_is_short_and_plays_through_the_engine(course: Course) -> None:
    """Five to ten steps on a small position: a few pieces besides the capitals' guards."""
    assert course.kind == "lesson" and 5 <= len(course.steps) <= 10
    after = played(course.id)
    assert len(after[course.steps[0].id].initial.units) <= 20


def test_the_lessons_end_as_their_texts_say() -> None:
    kamikaze = played("kamikaze")["strike"].state
    assert [(u.owner, u.type, u.damaged) for u in kamikaze.units_at("sz_37")] == [
        (US, T.BATTLESHIP, True)]                                       # R-KAMI-6, R-BB-1
    assert kamikaze.kamikaze_tokens == 5
    cap = played("cap")["fight"].state
    assert [(u.owner, u.type) for u in cap.units_at("sz_18")] == [(J, T.FIGHTER)]  # R-CAP-3
    bases = played("bases")["fly"].state
    assert [u.type for u in bases.units_at("sz_11")] == [T.DESTROYER] * 2   # R-NAVALBASE-1
    assert sorted(u.type.value for u in bases.units_at("guam")) == ["fighter", "infantry"]
    convoys = played("convoys")
    game = Game(board("pacific"))
    assert game.production_report(convoys["centre"].state).british_convoys == 12 - 5  # R-CONVOY-8
    route = convoys["route"].state
    assert route.convoy_holder["sz_15"] is J and route.convoy_holder["sz_13"] is J
    nz = board("pacific").territory_by_id["new_zealand"].ipc
    assert game.production_report(route).levels[AU] == 20 - nz             # R-CONVOY-10
    bombing = played("bombing")["raid"].state
    assert (bombing.treasury[J], bombing.victory_points) == (19 - 11, 5)   # R-SBR-5
    amphibious = played("amphibious")["fight"].state
    assert amphibious.owner_of("wake") is US                             # R-AMPH-6, R-MARINE-2
    subs = played("submarines")
    assert [(u.owner, u.type) for u in subs["strike"].state.units_at("sz_18")] == [
        (J, T.SUBMARINE)]                                                  # R-SUB-2
    assert [(u.owner, u.type) for u in subs["no_strike"].state.units_at("sz_17")] == [
        (US, T.DESTROYER)]                                                 # R-SUB-3
