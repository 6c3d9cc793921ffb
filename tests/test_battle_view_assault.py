"""The battle board before an amphibious assault is fought: the units that will land and the
ships that will give cover fire are the attacker's side, not "none left" (R-AMPH-6)."""

from __future__ import annotations

from movement_helpers import ok
from scenario import scenario, u

from pacific.rules.actions.combat import CallOffAssault
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Unload
from pacific.rules.battle_views import battle_view, next_battle_view
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

J = Nation.JAPAN


def _landing_in_burma() -> tuple[Game, GameState]:
    """Japan's transport in zone 2 lands an infantry and an artillery in Burma, where an
    Indian infantry waits; a Japanese battleship in zone 2 is there to give cover fire."""
    game, st = scenario(power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_2": "1 transport japan, 1 battleship japan, "
                                       "1 infantry japan, 1 artillery japan",
                               "burma": "1 infantry india"})
    transport = u(st, "sz_2", "transport", J)[0]
    cargo = (u(st, "sz_2", "infantry", J)[0], u(st, "sz_2", "artillery", J)[0])
    for uid in cargo:
        st.unit(uid).carried_by = transport
    st, _ = ok(game, st, Unload(transport=transport, units=cargo, territory="burma"))
    st, _ = ok(game, st, EndPhase())
    return game, st


def _attack_rows(game: Game, st: GameState) -> list[tuple[UnitType, int, int, str]]:
    view = next_battle_view(game.board, st, "burma")
    assert view is not None and view.amphibious
    return [(g.unit_type, g.count, g.hit_on, " ".join(n.rule for n in g.notes))
            for g in view.attackers]


def test_r_amph_6_before_the_assault_the_landing_and_its_cover_fire_are_shown() -> None:
    game, st = _landing_in_burma()
    assert _attack_rows(game, st) == [
        (UnitType.INFANTRY, 1, 2, "R-ART-2 R-AMPH-6"),   # lands, supported by the artillery
        (UnitType.ARTILLERY, 1, 2, "R-AMPH-6"),
        (UnitType.BATTLESHIP, 1, 4, "R-AMPH-6"),          # one shot of cover fire
    ]


def test_r_amph_1_a_landing_called_off_shows_nobody_landing() -> None:
    game, st = _landing_in_burma()
    st, _ = ok(game, st, CallOffAssault(target="burma"))
    assert _attack_rows(game, st) == []
    view = battle_view(game.board, st, next(b.id for b in st.battles if b.space == "burma"))
    assert view is not None and view.attackers == ()
