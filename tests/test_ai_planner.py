"""The computer player's pieces on small positions: the odds cache, the enemy's
reach, choosing attacks with the exact odds, landings, keeping a capital, purchases and the
answers to battle decisions. Every action checked here is one the engine accepts."""

from __future__ import annotations

from combat_helpers import begin_combat, came, play
from scenario import scenario, u

from pacific.ai.attack_plan import plan_attacks
from pacific.ai.attacks import build, collect, fill_transport
from pacific.ai.combat_move import combat_steps
from pacific.ai.decisions import decide
from pacific.ai.judge import Judge
from pacific.ai.levels import EASY, HARD, NORMAL, parse_level
from pacific.ai.purchase import plan_purchase
from pacific.ai.stacks import my_stacks
from pacific.ai.threats import attackers_of
from pacific.ai.turn import Turn
from pacific.ai.view import View
from pacific.odds import BattleSpec, ForceSpec
from pacific.rules.actions.combat import (
    ChooseCasualties,
    Kamikaze,
    KamikazeTarget,
    PressOn,
    Retreat,
    SelectBattle,
)
from pacific.rules.actions.economy import ChooseOwner
from pacific.rules.decisions import KamikazeChoice, OwnerDecision, RoundChoice
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

J, IN, AU, US, CH = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA


def test_levels_are_read_by_name_and_differ_only_in_judgement() -> None:
    assert parse_level("Hard") is HARD
    assert EASY.attack_odds < NORMAL.attack_odds < HARD.attack_odds
    assert not EASY.counter_attack and HARD.counter_attack
    try:
        parse_level("impossible")
    except ValueError as exc:
        assert "impossible" in str(exc) and "easy" in str(exc)
    else:
        raise AssertionError("an unknown level was accepted")


def test_the_odds_cache_answers_the_same_makeup_once() -> None:
    judge = Judge()
    spec = BattleSpec(kind="land", attacker=ForceSpec(units={T.INFANTRY: 3}),
                      defender=ForceSpec(units={T.INFANTRY: 2}))
    first = judge.odds(spec)
    again = judge.odds(BattleSpec(kind="land", attacker=ForceSpec(units={T.INFANTRY: 3}),
                                  defender=ForceSpec(units={T.INFANTRY: 2})))
    assert first is again and judge.computed == 1 and judge.asked == 2


def test_the_enemy_reach_counts_land_air_and_sea_lifted_units() -> None:
    """Infantry next door, armor two steps away, a fighter within three, and two land units a
    transport could bring (R-TRANS-1); nothing that cannot get there."""
    game, st = scenario(power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                        units={"india": "2 infantry india",
                               "siam": "1 infantry japan", "yunnan": "1 armor japan",
                               "szechwan": "1 infantry japan",
                               "japan": "1 fighter japan, 2 infantry japan",
                               "sz_2": "1 transport japan",
                               "korea": "1 infantry japan"},
                        owners={"yunnan": J, "szechwan": J})
    view = View(game.board, st, Side.ALLIES)
    burma = {st.units[i].type for i in []}  # noqa: F841  (documenting: burma is the target)
    reach = attackers_of(view, "burma")
    kinds = sorted((x.space, x.type.value) for x in reach)
    assert ("siam", "infantry") in kinds and ("yunnan", "armor") in kinds
    assert ("szechwan", "infantry") not in kinds      # two steps: infantry moves one
    assert ("korea", "infantry") not in kinds


def test_an_attack_gets_enough_units_for_the_levels_odds_and_no_more_than_it_needs() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "8 infantry japan, 2 artillery japan",
                               "burma": "2 infantry india"})
    turn = Turn(game, st, NORMAL, Judge())
    options = collect(turn, my_stacks(game, st))
    attack = build(turn, "burma", options, set())
    assert attack is not None and attack.result is not None
    assert attack.result.captured >= NORMAL.attack_odds
    assert len(attack.units) < 10          # not everything: the odds were reached before


def test_a_hopeless_attack_is_not_made() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "1 infantry japan", "burma": "6 infantry india"})
    turn = Turn(game, st, HARD, Judge())
    assert plan_attacks(turn, my_stacks(game, st)) == []


def test_an_empty_enemy_territory_is_taken_with_one_unit() -> None:
    """R-COMBATMOVE-5: one land unit captures an empty territory on entry."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"siam": "3 infantry japan"})
    turn = Turn(game, st, NORMAL, Judge())
    attacks = plan_attacks(turn, my_stacks(game, st))
    burma = [a for a in attacks if a.target == "burma"]
    assert len(burma) == 1 and len(burma[0].units) == 1


def test_a_transport_takes_an_artillery_with_an_infantry() -> None:
    """R-TRANS-1: one armor or two other land units; an artillery supports one infantry
    (R-ART-2), so that pair is the best load."""
    _, st = scenario(units={"japan": "1 armor japan, 2 artillery japan, 2 infantry japan"})
    units = [st.units[i] for i in sorted(st.units)]
    load = fill_transport(units, 2)
    assert sorted(x.type.value for x in load) == ["artillery", "infantry"]


def test_an_island_is_assaulted_from_a_transport_loaded_on_the_way() -> None:
    """R-TRANS-3/R-AMPH-1: units board next to the transport, it sails, they land; each step
    is accepted by the engine."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"japan": "2 infantry japan, 1 artillery japan",
                               "sz_6": "1 transport japan",
                               "hawaii": "1 infantry usa"})
    turn = Turn(game, st, NORMAL, Judge())
    steps, chosen, _ = combat_steps(turn, my_stacks(game, st))
    landed = [a for a, _ in chosen if a.landings]
    assert len(landed) == 1   # one transport, one landing (R-TRANS-5)
    target = landed[0].target
    state = st
    kinds = []
    for step in steps:
        action = step(game, state)
        if action is None:
            continue
        assert game.why_illegal(state, action) is None
        state, _ = game.apply(state, action)
        kinds.append(action.kind)
    assert kinds[:3] == ["load", "move", "unload"]
    # An empty territory is taken on landing (OQ2-19); a defended one is an assault.
    assert state.territory_owner[target] is J or \
        [a.target for a in state.amphibious_assaults] == [target]


def test_attacks_that_would_leave_the_capital_to_fall_are_dropped() -> None:
    """The capital decides the game (R-VICTORY-1): its defenders stay when the enemy next door
    would take it without them."""
    game, st = scenario(power=Power.UK, phase=Phase.COMBAT_MOVE,
                        units={"india": "4 infantry india", "burma": "4 infantry japan, "
                               "2 armor japan, 1 artillery japan",
                               "siam": "1 infantry japan"},
                        owners={"burma": J})
    normal = plan_attacks(Turn(game, st, NORMAL, Judge()), my_stacks(game, st))
    leaving = {uid for a in normal for uid in a.unit_ids()}
    assert not leaving & set(u(st, "india", "infantry"))


def test_purchases_defend_a_threatened_capital_first() -> None:
    game, st = scenario(power=Power.UK, phase=Phase.PURCHASE,
                        units={"india": "1 infantry india",
                               "burma": "6 infantry japan, 2 armor japan"},
                        owners={"burma": J}, treasury={IN: 30})
    bought = plan_purchase(Turn(game, st, NORMAL, Judge()), IN)
    assert bought.get(T.INFANTRY, 0) >= 5
    easy = plan_purchase(Turn(game, st, EASY, Judge()), IN)
    assert sum(n * c for n, c in [(3, easy.get(T.INFANTRY, 0)), (4, easy.get(T.ARTILLERY, 0))]) \
        <= 30


def test_a_losing_attacker_retreats_and_a_winning_one_presses_on() -> None:
    """R-COMBAT-8 / R-LAND-2: after a round the attacker may retreat; the computer does when
    the exact odds from there are poor."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "2 infantry japan", "india": "5 infantry india"},
                        owners={"burma": J})
    attackers = u(st, "burma", "infantry")
    came(st, attackers, "burma", "india")
    for uid in attackers:
        st.units[uid].space = "india"
    st = begin_combat(game, st)
    # Round 1: both attackers miss, the defenders miss: the choice to retreat comes.
    st, _, _ = play(game, st, [SelectBattle(space="india")], [6, 6, 6, 6, 6, 6, 6])
    assert isinstance(st.pending, RoundChoice)
    answer = decide(game, st, st.pending, NORMAL, Judge())
    assert isinstance(answer, Retreat) and answer in list(game.legal_actions(st))
    assert isinstance(decide(game, st, st.pending, EASY, Judge()), PressOn)


def test_casualties_follow_the_engines_suggestion_in_one_step() -> None:
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"burma": "3 infantry japan, 1 armor japan",
                               "india": "2 infantry india"})
    attackers = u(st, "burma", "infantry") + u(st, "burma", "armor")
    came(st, attackers, "burma", "india")
    for uid in attackers:
        st.units[uid].space = "india"
    st = begin_combat(game, st)
    st, _, _ = play(game, st, [SelectBattle(space="india")], [6, 6, 6, 6, 1, 6])
    assert st.pending is not None and st.pending.decision == "casualties"
    answer = decide(game, st, st.pending, NORMAL, Judge())
    assert isinstance(answer, ChooseCasualties) and answer in list(game.legal_actions(st))
    # R-COMBAT-9: the cheapest goes first; the armor is kept.
    assert st.units[answer.units[0]].type is T.INFANTRY


def test_kamikaze_tokens_go_to_a_carrier_first_and_easy_keeps_them() -> None:
    """R-KAMI-5/6: any surface ship may be named; a carrier is the best target."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT,
                        units={"sz_6": "1 carrier usa, 1 destroyer usa"})
    for ship in st.units.values():
        ship.combat_moved = True    # R-KAMI-4: moved into the zone this turn
    st.pending = KamikazeChoice(power=Power.JAPAN, battle=None, zones=("sz_6",), tokens=6)
    listed = list(game.legal_actions(st))
    answer = decide(game, st, st.pending, NORMAL, Judge())
    assert isinstance(answer, KamikazeTarget) and answer in listed
    assert st.units[answer.unit].type is T.CARRIER
    assert decide(game, st, st.pending, EASY, Judge()) == Kamikaze(targets=())


def test_siam_goes_to_the_usa_rather_than_china() -> None:
    """R-CAPTURE-11: the American player chooses; China has no production (R-CHINA-1)."""
    game, st = scenario(power=Power.US, phase=Phase.COMBAT)
    st.pending = OwnerDecision(power=Power.US, territory="siam", options=(US, CH))
    st.owner_choices = []
    answer = decide(game, st, st.pending, NORMAL, Judge())
    assert answer == ChooseOwner(territory="siam", nation=US)
