"""Japan's kamikazes in the computer player's odds: an Allied naval attack in a kamikaze zone
meets the tokens Japan's own declaration would throw at it (R-KAMI-2, R-KAMI-4, R-KAMI-8), so
the Allies' planner and Japan's fleet-safety checks read the same battle the game fights."""

from __future__ import annotations

from collections import Counter

from scenario import scenario, u

from pacific.ai.blunders import turn_of
from pacific.ai.decisions import decide
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL
from pacific.ai.turn import Turn
from pacific.odds import KamikazeTarget as Aimed
from pacific.odds.positions import attack_spec
from pacific.rules.actions.combat import Kamikaze, KamikazeTarget
from pacific.rules.decisions import KamikazeChoice
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType as T

US, J = Nation.USA, Nation.JAPAN

FLEET = "1 carrier usa, 1 battleship usa, 2 destroyer usa, 1 submarine usa"


def _position(tokens: int, zone: str = "sz_36") -> tuple[Game, GameState, list[Unit]]:
    """American ships next to ``zone``, where three Japanese destroyers wait."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"sz_24": FLEET, zone: "3 destroyer japan"})
    st.kamikaze_tokens = tokens
    return game, st, [u for u in st.units.values() if u.owner is US]


def test_an_american_attack_in_a_kamikaze_zone_meets_japans_tokens() -> None:
    """R-KAMI-8: the tokens strike the attacker's surface ships in round 1, two tokens kept
    for Japan's own battles: the carrier, the battleship twice (R-BB-1), then a destroyer;
    never the submarine (R-KAMI-5)."""
    game, st, fleet = _position(6)
    spec = attack_spec(game.board, st, "sz_36", fleet)
    assert spec is not None and spec.kamikaze_side == "attacker"
    assert Counter({k.ship: k.kamikazes for k in spec.kamikaze_targets()}) == Counter(
        {T.CARRIER: 1, T.BATTLESHIP: 2, T.DESTROYER: 1})
    _, none_left, fleet0 = _position(0)
    bare = attack_spec(game.board, none_left, "sz_36", fleet0)
    assert bare is not None and bare.kamikazes == []
    judge = Judge()
    assert judge.odds(spec).attacker_wins < judge.odds(bare).attacker_wins - 0.01


def test_the_blunder_counter_reads_the_japanese_fleet_in_its_own_seas_safer() -> None:
    """The counter's yardstick (`blunders.turn_of`: the enemy attacks at >= 0.8) counts
    Japan's tokens; the planner's own safety checks do not (measured, docs/ai-journal.md)."""
    dangers = []
    for tokens in (6, 0):
        game, st, _ = _position(tokens)
        dangers.append(turn_of(game, st, Power.JAPAN, Judge()).danger("sz_36"))
        st.power = Power.JAPAN
        dangers.append(Turn(game, st, HARD, Judge()).danger("sz_36"))
    assert dangers[0] < dangers[2] - 0.01
    assert dangers[1] == dangers[3]


def test_only_the_careful_level_foresees_them_in_its_own_attack() -> None:
    game, st, fleet = _position(6)
    for level, met in ((HARD, True), (NORMAL, False)):
        spec = Turn(game, st, level, Judge()).attack_spec("sz_36", fleet)
        assert spec is not None and bool(spec.kamikazes) is met


def test_no_kamikazes_outside_their_zones_nor_at_a_japanese_attack() -> None:
    """R-KAMI-2: Sea Zone 22 bears no symbol. An empty transport is worth no token."""
    game, st, fleet = _position(6, zone="sz_22")
    spec = attack_spec(game.board, st, "sz_22", fleet)
    assert spec is not None and spec.kamikazes == []
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE,
                        units={"sz_24": "1 transport usa, 1 submarine usa",
                               "sz_36": "1 destroyer japan"})
    ships = [st.units[i] for i in u(st, "sz_24", "transport") + u(st, "sz_24", "submarine")]
    spec = attack_spec(game.board, st, "sz_36", ships)
    assert spec is not None and spec.kamikazes == []
    japanese = [st.units[i] for i in u(st, "sz_36", "destroyer", J)]
    spec = attack_spec(game.board, st, "sz_24", japanese)
    assert spec is not None and spec.kamikazes == []


def test_the_odds_count_the_tokens_japans_declaration_throws() -> None:
    """One choice: the targets Japan's computer player names when the ships have moved in
    are those the odds of the attack counted."""
    game, st, fleet = _position(6)
    spec = attack_spec(game.board, st, "sz_36", fleet)
    assert spec is not None
    for ship in fleet:
        ship.space = "sz_36"
        ship.combat_moved = True    # R-KAMI-4: moved into the zone this turn
    st.phase = Phase.COMBAT
    pending = KamikazeChoice(power=Power.JAPAN, battle=None, zones=("sz_36",), tokens=6)
    while True:
        st.pending = pending
        answer = decide(game, st, pending, NORMAL, Judge())
        if isinstance(answer, Kamikaze):
            break
        assert isinstance(answer, KamikazeTarget)
        pending = pending.model_copy(update={"targets": (*pending.targets, answer.unit)})
    thrown = Counter(pending.targets)
    assert sorted((st.units[i].type, n) for i, n in thrown.items()) == sorted(
        (k.ship, k.kamikazes) for k in spec.kamikazes if isinstance(k, Aimed))
