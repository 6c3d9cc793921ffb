"""Blunder class 1 at its source, the hard level's plan of attacks: a landing through a sea zone
with enemy ships needs the naval battle there first (R-AMPH-6). The search's last step drops
attacks one at a time while the whole turn gains by it (`search._mutate`); dropping the sea
battle alone kept the landing that sails through its zone, so the transports met the enemy's
ships alone, could not win, and stayed there with their cargo aboard where the enemy sinks
them. The capital's guard (`attack_plan._guard_capitals`) and the second look drop a sea battle
with its landings; the search's mutation does not yet (an expected failure)."""

from __future__ import annotations

import pytest
from scenario import aboard, scenario, u

from pacific.ai import attack_plan
from pacific.ai.attack_plan import _guard_capitals, _held_or_worth_it
from pacific.ai.attacks import Attack, Landing
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.search import Candidate, _mutate
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J = Nation.JAPAN


class _Judge:
    """The search's evaluator as it read the case: the landing's capture counted whole with
    or without the sea battle that opens it, the battle's own losses saved without it."""

    def __init__(self, turn: Turn, values: dict[frozenset[str], float]) -> None:
        self.turn = turn
        self.values = values

    def value(self, candidate: Candidate) -> float:
        return self.values[frozenset(a.target for a in candidate.attacks)]


@pytest.mark.xfail(strict=True, reason="the search's mutation may drop a sea battle and keep the "
                   "landing through its zone (R-AMPH-6); asking `attacks.without` there was "
                   "measured and not kept (docs/ai-journal.md)")
def test_a_sea_battle_dropped_takes_the_landing_through_its_zone() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=7,
                        units={"sz_38": "1 transport usa", "philippines": "1 infantry usa",
                               "sz_39": "1 destroyer japan, 1 transport japan, "
                                        "1 infantry japan, 1 artillery japan",
                               "japan": "4 infantry japan"})
    ship = aboard(st, "sz_39", "transport", "infantry", J)
    st.units[u(st, "sz_39", "artillery", J)[0]].carried_by = ship
    turn = Turn(game, st, HARD, Judge())
    destroyer = st.units[u(st, "sz_39", "destroyer", J)[0]]
    to_sea = game.drop_targets(st, (destroyer.id,))["sz_38"]
    move = game.drop_targets(st, (ship,))["sz_38"]
    sea = Attack(target="sz_38", units=[(destroyer, to_sea)], score=2.0)
    landing = Attack(target="philippines", units=[], score=8.0, landings=[
        Landing(transport=st.units[ship], zone="sz_38", move=move,
                aboard=st.cargo_of(ship))])
    values = {frozenset({"sz_38", "philippines"}): 10.0, frozenset({"philippines"}): 20.0,
              frozenset({"sz_38"}): 2.0, frozenset(): 0.0}
    best = _mutate(_Judge(turn, values), Candidate("hard", [sea, landing], 10.0))
    targets = {a.target for a in best.attacks}
    assert "philippines" not in targets or "sz_38" in targets


def test_a_sea_battle_kept_home_for_the_capital_takes_its_landing_along() -> None:
    """The fighter of the sea battle is needed at home, Japan in danger: the battle is not
    fought (`attack_plan._guard_capitals`), and the landing that sails through its zone is
    not made either."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=7,
                        units={"japan": "1 fighter japan, 1 infantry japan",
                               "sz_36": "2 battleship usa, 4 transport usa, 8 infantry usa",
                               "sz_37": "1 transport usa", "shantung": "1 infantry china",
                               "sz_45": "1 transport japan, 2 infantry japan"})
    aboard(st, "sz_36", "transport", "infantry", Nation.USA)
    ship = aboard(st, "sz_45", "transport", "infantry", J)
    turn = Turn(game, st, HARD, Judge())
    fighter = st.units[u(st, "japan", "fighter", J)[0]]
    sea = Attack(target="sz_37", units=[(fighter, game.drop_targets(st, (fighter.id,))["sz_37"])],
                 score=2.0)
    landing = Attack(target="shantung", units=[], score=8.0, landings=[
        Landing(transport=st.units[ship], zone="sz_37",
                move=game.drop_targets(st, (ship,))["sz_37"], aboard=st.cargo_of(ship))])
    assert turn.danger("japan", defenders=[]) >= 1 - HARD.capital_safety
    kept = _guard_capitals(turn, [sea, landing])
    assert not kept


def test_a_sea_battle_the_second_look_drops_takes_its_landing_along(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The second look (`attack_plan._held_or_worth_it`) finds the sea battle a loss once the
    enemy's answer is counted: the landing through its zone is dropped with it."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=7,
                        units={"sz_37": "1 transport usa", "shantung": "1 infantry china",
                               "japan": "1 fighter japan, 4 infantry japan",
                               "sz_45": "1 transport japan, 2 infantry japan"})
    ship = aboard(st, "sz_45", "transport", "infantry", J)
    turn = Turn(game, st, HARD, Judge())
    fighter = st.units[u(st, "japan", "fighter", J)[0]]
    sea = Attack(target="sz_37", units=[(fighter, game.drop_targets(st, (fighter.id,))["sz_37"])])
    landing = Attack(target="shantung", units=[], landings=[
        Landing(transport=st.units[ship], zone="sz_37",
                move=game.drop_targets(st, (ship,))["sz_37"], aboard=st.cargo_of(ship))])
    worth = {"sz_37": -1.0, "shantung": 5.0}
    monkeypatch.setattr(attack_plan, "score",
                        lambda _turn, attack, counter_attack: worth[attack.target])
    assert not _held_or_worth_it(turn, [sea, landing])
