"""One attacker's retreat has one name everywhere: the nations whose units retreat. India's and
Australia's infantry leaving Burma together read "India and Australia" in the retreat's line,
the battle's end in the log, the battle board's result and the luck line alike, not "Great
Britain" in one and "Australia" in another (R-LAND-2)."""

from __future__ import annotations

import pytest
from combat_helpers import begin_combat, came
from scenario import scenario, u

from pacific.rules.actions.combat import Retreat, SelectBattle
from pacific.rules.battle_views import battle_view
from pacific.rules.combat.events import BattleEnded, UnitsRetreated
from pacific.rules.dice import FixedDice
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.story import read_story
from pacific.story.words import battle_result
from pacific.text import describe_event, message_text, using_language


def _retreat_from_burma() -> History:
    """Great Britain: an Indian and an Australian infantry from India attack a Japanese
    infantry in Burma; round 1 all miss; they retreat to India."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT,
                        units={"burma": "1 infantry japan",
                               "india": "1 infantry india, 1 infantry australia",
                               "japan": "1 infantry japan",
                               "united_states": "1 infantry usa"},
                        owners={"burma": Nation.JAPAN})
    movers = [*u(st, "india", "infantry", Nation.INDIA),
              *u(st, "india", "infantry", Nation.AUSTRALIA)]
    for uid in movers:
        st.unit(uid).space = "burma"
    came(st, movers, "india", "burma")
    history = History(game, begin_combat(game, st))
    history.apply(SelectBattle(space="burma"), FixedDice([6, 6, 6]))
    history.apply(Retreat(to="india"), FixedDice([]))
    return history


@pytest.mark.parametrize(("language", "who", "verb"), [
    ("en", "India and Australia", "retreated"),
    ("it", "L'India e l'Australia", "si sono ritirate"),
])
def test_a_retreat_names_the_nations_that_retreat_everywhere_r_land_2(
        language: str, who: str, verb: str) -> None:
    history = _retreat_from_burma()
    board = history.game.board
    record, before = history.records[-1], history.records[-2].state
    with using_language(language):
        lines = {type(e).__name__: describe_event(e, board, before) for e in record.events
                 if isinstance(e, UnitsRetreated | BattleEnded)}
        (battle,) = read_story(history).battles
        luck = battle_result(battle)
        view = battle_view(board, history.state, battle_id=history.state.battles[-1].id)
        assert view is not None and view.result is not None
        board_line = message_text(view.result, board)
    assert lines["UnitsRetreated"].startswith(who), lines
    assert lines["BattleEnded"].startswith(f"{who} {verb}"), lines
    assert luck.startswith(f"{who} {verb}"), luck
    assert board_line.lower().startswith(f"{who} {verb}".lower()), board_line
