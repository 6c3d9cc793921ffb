"""The odds and the rules engine agree: the same hit value for every unit in every context
(one source of truth, pacific.rules.combat.values), and the engine's own battles, played with
real `Game.apply` and seeded dice, land within 3σ of the exact odds."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from combat_helpers import begin_combat, came
from scenario import scenario

from pacific.odds import BattleSpec, ForceSpec, calculate
from pacific.odds.model import BattleKind
from pacific.odds.values import FireContext, dice_groups, unit_value
from pacific.rules.combat.values import attack_values, defense_value
from pacific.rules.dice import SeededDice
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.registry import handler
from pacific.rules.units import UnitType

FIGHTING = [t for t in UnitType if t not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)]


@pytest.mark.parametrize("marines", [False, True])
@pytest.mark.parametrize("kind", [BattleKind.LAND, BattleKind.NAVAL])
def test_attack_values_agree_with_the_engine_r_combat_5_r_art_2(kind: BattleKind,
                                                                 marines: bool) -> None:
    """Every attacking force of up to 2 units of each type (artillery pairing included)
    rolls the same multiset of values in the odds and in the engine."""
    ctx = FireContext(kind, attacking=True, marine_bonus=marines)
    for t in FIGHTING:
        for extra in (UnitType.ARTILLERY, UnitType.INFANTRY, UnitType.MARINE, None):
            units = [t, t] + ([extra] if extra else [])
            engine = Counter(v for v in attack_values(units, amphibious_marines=marines) if v)
            counts = Counter(units)
            odds = Counter[int]()
            for _, value, n in dice_groups(counts, ctx, has_destroyer=True):
                odds[value] += n
            assert odds == engine, units


@pytest.mark.parametrize("surprise", [False, True])
def test_defense_values_agree_with_the_engine_r_firstturn_1(surprise: bool) -> None:
    ctx = FireContext(BattleKind.LAND, attacking=False, first_turn=surprise)
    for t in UnitType:
        assert unit_value(t, ctx) == defense_value(t, surprise=surprise), t


# ---- the engine's own battles ------------------------------------------------------------

def _engine_fights() -> bool:
    try:
        import pacific.rules.combat  # noqa: F401
    except ImportError:
        return False
    return handler("select_battle") is not None


def _play_out(game, state, space: str, dive: bool = False) -> str:  # type: ignore[no-untyped-def]
    """Fight the battle in `space` to its end: default casualties (cheapest first, the
    battleship's free hit, keep a land unit), never retreat or use kamikazes; defending
    submarines submerge only with `dive`, once they are the defender's last units (the
    odds' "when_alone", R-SUB-6)."""
    from pacific.rules.actions.combat import SelectBattle
    from pacific.rules.combat.forces import fighting_defenders

    dice = SeededDice(seed=_play_out.seed)  # type: ignore[attr-defined]
    state, _ = game.apply(state, SelectBattle(space=space), dice)
    for _ in range(500):
        battle = next(b for b in state.battles if b.space == space)
        if battle.status == "over":
            return str(battle.outcome)
        legal = list(game.legal_actions(state))
        wanted = {"casualties": "choose_casualties", "round": "press_on",
                  "defender_submerge": "press_on", "kamikaze": "kamikaze",
                  "land_fighter": "land_fighter"}[state.pending.decision]
        if dive and state.pending.decision == "defender_submerge" and all(
                u.type is UnitType.SUBMARINE for u in fighting_defenders(state, battle)):
            wanted = "submerge"
        # Submerging: all the submarines at once (the list also offers fewer).
        action = max((a for a in legal if a.kind == wanted),
                     key=lambda a: len(getattr(a, "units", ())))
        state, _ = game.apply(state, action, dice)
    raise AssertionError("the battle did not end")


def _burma(defence: str, attack: str):  # type: ignore[no-untyped-def]
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT,
                        units={"burma": defence, "siam": attack})
    movers = [x.id for x in st.units.values() if x.space == "siam" and x.owner is Nation.JAPAN]
    for i in movers:
        st.unit(i).space = "burma"
    came(st, movers, "siam", "burma")
    return game, begin_combat(game, st), "burma"


def _sea(units: str):  # type: ignore[no-untyped-def]
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT, units={"sz_2": units})
    mine = [x.id for x in st.units.values()
            if x.owner is Nation.JAPAN and x.carried_by is None]
    came(st, mine, "sz_10", "sz_2")
    return game, begin_combat(game, st), "sz_2"


INF, ARM, DD = UnitType.INFANTRY, UnitType.ARMOR, UnitType.DESTROYER
CASES = [
    ("land", lambda: _burma("2 infantry india", "2 infantry japan, 1 armor japan"),
     BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={INF: 2, ARM: 1}),
                defender=ForceSpec(units={INF: 2}))),
    ("land with AA", lambda: _burma("2 infantry india, 1 aa_gun india",
                                    "1 infantry japan, 1 artillery japan, 1 fighter japan"),
     BattleSpec(kind=BattleKind.LAND,
                attacker=ForceSpec(units={INF: 1, UnitType.ARTILLERY: 1, UnitType.FIGHTER: 1}),
                defender=ForceSpec(units={INF: 2, UnitType.AA_GUN: 1}))),
    ("naval", lambda: _sea("1 submarine japan, 1 battleship japan, 1 destroyer india, "
                           "1 carrier india"),
     BattleSpec(kind=BattleKind.NAVAL,
                attacker=ForceSpec(units={UnitType.SUBMARINE: 1, UnitType.BATTLESHIP: 1}),
                defender=ForceSpec(units={DD: 1, UnitType.CARRIER: 1}))),
]
RUNS = 250


@pytest.mark.skipif(not _engine_fights(), reason="pacific.rules.combat has no battles yet")
@pytest.mark.parametrize("name,build,spec", CASES, ids=[c[0] for c in CASES])
def test_engine_battles_agree_with_exact_odds_within_3_sigma(name, build, spec) -> None:  # type: ignore[no-untyped-def]
    exact = calculate(spec)
    letters = Counter[str]()
    for seed in range(RUNS):
        game, state, space = build()
        _play_out.seed = 1000 + seed  # type: ignore[attr-defined]
        letters[_play_out(game, state, space)] += 1
    for letter, p in (("C", exact.attacker_wins), ("B", exact.defender_wins),
                      ("D", exact.both_destroyed), ("E", exact.stalemate)):
        sigma = math.sqrt(max(p * (1 - p), 1e-4) / RUNS)
        assert abs(letters[letter] / RUNS - p) <= 3 * sigma, (name, letter, letters, p)


@pytest.mark.skipif(not _engine_fights(), reason="pacific.rules.combat has no battles yet")
def test_engine_submerging_agrees_with_exact_odds_within_3_sigma_r_sub_6() -> None:
    """Defending submarines alone submerge instead of firing (R-SUB-6); those hit that round
    fire back (OQ3-8). A Japanese destroyer attacks two Indian submarines: C 5/6, D 1/6."""
    spec = BattleSpec(kind=BattleKind.NAVAL, defender_submerge="when_alone",
                      attacker=ForceSpec(units={DD: 1}),
                      defender=ForceSpec(units={UnitType.SUBMARINE: 2}))
    exact = calculate(spec)
    letters = Counter[str]()
    for seed in range(RUNS):
        game, state, space = _sea("2 submarine india, 1 destroyer japan")
        _play_out.seed = 2000 + seed  # type: ignore[attr-defined]
        letters[_play_out(game, state, space, dive=True)] += 1
    for letter, p in (("C", exact.attacker_wins), ("D", exact.both_destroyed)):
        sigma = math.sqrt(max(p * (1 - p), 1e-4) / RUNS)
        assert abs(letters[letter] / RUNS - p) <= 3 * sigma, (letter, letters, p)


@pytest.mark.skipif(not _engine_fights(), reason="pacific.rules.combat has no battles yet")
def test_engine_bystanders_agree_with_exact_odds_within_3_sigma_r_multi_4() -> None:
    """The USA attacks a Japanese sub in a zone with a British battleship: the battleship
    never fires but takes the sub's hits first (R-MULTI-4); exact C 7/8, B 1/16, D 1/16."""
    spec = BattleSpec(kind=BattleKind.NAVAL,
                      attacker=ForceSpec(units={DD: 1}, bystanders={UnitType.BATTLESHIP: 1}),
                      defender=ForceSpec(units={UnitType.SUBMARINE: 1}))
    exact = calculate(spec)
    letters = Counter[str]()
    for seed in range(RUNS):
        game, state = scenario(power=Power.US, phase=Phase.COMBAT, units={
            "sz_2": "1 submarine japan, 1 battleship india, 1 destroyer usa"})
        came(state, [x.id for x in state.units.values() if x.owner is Nation.USA],
             "sz_10", "sz_2")
        _play_out.seed = 3000 + seed  # type: ignore[attr-defined]
        letters[_play_out(game, begin_combat(game, state), "sz_2")] += 1
    for letter, p in (("C", exact.attacker_wins), ("B", exact.defender_wins),
                      ("D", exact.both_destroyed)):
        sigma = math.sqrt(max(p * (1 - p), 1e-4) / RUNS)
        assert abs(letters[letter] / RUNS - p) <= 3 * sigma, (letter, letters, p)
