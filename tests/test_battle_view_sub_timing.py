"""The battle board's word on a submarine's timing is about the round to come (R-SUB-2,
R-SUB-3): once the battle is over there is no round to come, so it says nothing of a first
strike that no die was thrown for."""

from __future__ import annotations

from combat_helpers import begin_combat, came, play
from scenario import scenario, u

from pacific.rules.actions.combat import PressOn, SelectBattle
from pacific.rules.battle_views import battle_view
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def _notes(view_groups: tuple, unit_type: UnitType) -> list[str]:  # type: ignore[type-arg]
    return [note.rule for group in view_groups if group.unit_type is unit_type
            for note in group.notes]


def test_a_sunk_destroyer_gives_no_first_strike_after_the_battle_r_sub_3() -> None:
    """A Japanese submarine sinks the lone American destroyer in round 1, fired with no first
    strike because of it. While the round is to be fought the board says "no first strike";
    after the battle it must not say the submarine struck first."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"sz_30": "1 destroyer usa, 1 submarine japan"})
    came(st, u(st, "sz_30", "submarine", Nation.JAPAN), "sz_29", "sz_30")
    st = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="sz_30")], [])
    before = battle_view(game.board, st)
    assert before is not None
    assert _notes(before.attackers, UnitType.SUBMARINE) == ["R-SUB-3"]
    st, _, rolls = play(game, st, [PressOn()], [2, 5])    # the submarine hits, the destroyer misses
    assert rolls == [[2], [5]]
    battle = st.battles[0]
    assert battle.status == "over" and battle.outcome == "C"    # the attacker holds the zone
    after = battle_view(game.board, st, battle.id)
    assert after is not None
    assert "R-SUB-2" not in _notes(after.attackers, UnitType.SUBMARINE)
