"""The blunder counter prices the enemy's reach as the planner's priced look does
(`Turn.priced`): an aircraft's flight as the engine prices it, the step between an air base
of its side and the sea zone beside it free (R-AIRBASE-1), and a sea battle that ends with
only this side's submarines left against aircraft (R-NAVAL-4 E, R-SUB-5) as the fleet
lost. A counter that reads either as safe hides the blunder."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import fleets_at_risk, transports_at_risk, turn_of
from pacific.ai.judge import Judge
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

HOME = {"japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _japan(units: dict[str, str]) -> tuple[Game, GameState]:
    return scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                    units={**HOME, **units})


def _fleets(game: Game, state: GameState) -> list[str]:
    return [b.where for b in fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge()))]


def test_fighters_that_reach_a_fleet_only_through_air_bases_count() -> None:
    """Twelve American fighters on New Britain, five steps from Sea Zone 5: its air base makes
    the step to Sea Zone 27 free, and the United States' the step home from Sea Zone 5, so
    they strike Japan's fleet there and land. Off Sea Zone 6, with no air base of theirs on
    its coast, the flight home costs the move they no longer have."""
    ships = "2 battleship japan, 1 destroyer japan"
    game, st = _japan({"sz_5": ships, "new_britain": "12 fighter usa"})
    assert _fleets(game, st) == ["sz_5"]
    game, st = _japan({"sz_6": ships, "new_britain": "12 fighter usa"})
    assert _fleets(game, st) == []


def test_bombers_that_reach_a_fleet_only_through_air_bases_count() -> None:
    """Bombers (a move of six) on the Philippines, seven steps from Sea Zone 5: the air bases
    there and in the United States make it a flight of six out and none home, to a territory
    (bombers land nowhere else, R-AIR-7)."""
    game, st = _japan({"sz_5": "1 battleship japan, 1 destroyer japan",
                       "philippines": "8 bomber usa"})
    assert _fleets(game, st) == ["sz_5"]


def test_a_fleet_sunk_but_for_its_submarine_counts() -> None:
    """Against aircraft alone Japan's submarine cannot be hit (R-SUB-5): the battle ends in a
    stalemate (R-NAVAL-4 E) with every other ship sunk. The counter counts the fleet lost,
    however unlikely the enemy's "win" reads."""
    game, st = _japan({"sz_5": "2 battleship japan, 1 destroyer japan, 1 submarine japan",
                       "united_states": "6 infantry usa, 12 fighter usa"})
    assert _fleets(game, st) == ["sz_5"]


def test_loaded_transports_in_reach_only_through_air_bases_count() -> None:
    """Class 1 with the same flight: two loaded transports in Sea Zone 5, a battleship in Sea
    Zone 6 that could escort them."""
    game, st = _japan({"sz_5": "2 transport japan", "sz_6": "1 battleship japan",
                       "new_britain": "6 fighter usa"})
    for ship in [u for u in st.units.values() if u.type is T.TRANSPORT]:
        st.add_unit(T.INFANTRY, Nation.JAPAN, "sz_5", carried_by=ship.id, start_space="sz_5")
    found = transports_at_risk(turn_of(game, st, Power.JAPAN, Judge()))
    assert [b.where for b in found] == ["sz_5"]
