"""Strict movement actions  and a complete movement listing:
fields a move may not carry are refused with a rule id, and every choice the rules leave open
is listed: each landing place a risky mission may declare, each carrier a
fighter may land on, each ship a land unit may board. Mini board."""

from __future__ import annotations

from movement_helpers import ok, refused
from scenario import scenario, u
from stress_play import accepted_is_listed
from test_movement_air import carrier_group, us_strike
from test_seams_air import _air_attack_on_burma

from pacific.rules.actions.combat import Retreat
from pacific.rules.actions.movement import LandCap, Load, Move
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def _moves(game, state, units):  # type: ignore[no-untyped-def]
    return [a for a in game.legal_actions(state)
            if isinstance(a, Move) and set(a.units) == set(units)]


# ---- fields a move may not carry ----

def test_r_move_6_carrier_on_a_ship_or_land_move_is_refused() -> None:
    game, state = scenario(phase=NCM, units={"manchuria": "1 infantry japan",
                                             "sz_6": "1 destroyer japan, 1 carrier japan"})
    inf = u(state, "manchuria", "infantry")
    dd, cv = u(state, "sz_6", "destroyer"), u(state, "sz_6", "carrier")
    refused(game, state, Move(units=tuple(inf), path=("manchuria", "korea"), carrier=cv[0]),
            "R-MOVE-6")
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "sz_10"), carrier=cv[0]),
            "R-MOVE-6")


def test_r_move_6_a_carrier_that_is_not_there_is_refused() -> None:
    """R-MOVE-6: fighters landing at sea name a friendly carrier in that zone, or none."""
    game, state, cv = carrier_group()
    aboard = u(state, "sz_9", "fighter")[0]
    state.unit(aboard).carried_by, state.unit(aboard).space = None, "hawaii"
    ftr = u(state, "hawaii", "fighter")[:1]
    for wrong in (999_999, aboard):
        refused(game, state, Move(units=tuple(ftr), path=("hawaii", "sz_9"), carrier=wrong),
                "R-MOVE-6")
    ok(game, state, Move(units=tuple(ftr), path=("hawaii", "sz_9"), carrier=cv))


def test_r_sbr_1_only_aircraft_raid() -> None:
    game, state = scenario(phase=CM, units={"sz_6": "1 destroyer japan"})
    dd = u(state, "sz_6", "destroyer")
    refused(game, state, Move(units=tuple(dd), path=("sz_6", "sz_10"), raid=True), "R-SBR-1")


def test_r_air_3_a_landing_is_declared_only_for_a_risky_mission() -> None:
    """R-AIR-3 (rulebook p. 35: the landing of each fighter is declared for a risky mission):
    a flight that can reach a territory held since the start of the turn declares nothing;
    ships and land units never do."""
    game, state = us_strike()
    ftr = u(state, "hawaii", "fighter")
    path = ("hawaii", "sz_9", "sz_5", "sz_6")
    ok(game, state, Move(units=tuple(ftr[:1]), path=path))
    refused(game, state, Move(units=tuple(ftr[:1]), path=path, landing="sz_5"), "R-AIR-3")
    refused(game, state, Move(units=tuple(ftr[:1]), path=path, landing="hawaii"), "R-AIR-3")
    cv = u(state, "sz_9", "carrier")
    refused(game, state, Move(units=tuple(cv), path=("sz_9", "sz_5"), landing="sz_5"),
            "R-AIR-3")


def test_r_aafly_2_the_casualty_order_names_only_the_moving_aircraft() -> None:
    game, state = scenario(phase=CM, units={"siam": "2 fighter japan, 1 infantry japan",
                                            "burma": "1 infantry india",
                                            "yunnan": "1 aa_gun china"})
    ftr = u(state, "siam", "fighter")
    inf = u(state, "siam", "infantry")
    path = ("siam", "yunnan", "burma")
    for order in ((inf[0],), (999_999,), (ftr[0], ftr[0])):
        refused(game, state, Move(units=tuple(ftr), path=path, casualty_order=order),
                "R-AAFLY-2")
    refused(game, state, Move(units=tuple(inf), path=("siam", "burma"),
                              casualty_order=(inf[0],)), "R-AAFLY-2")
    ok(game, state, Move(units=tuple(ftr), path=path, casualty_order=(ftr[1],)), [6, 6])


def test_r_aafly_2_a_retreat_casualty_order_names_only_retreating_aircraft() -> None:
    """R-AAFLY-2, R-AAFLY-6: the order AA fire takes retreating aircraft in."""
    game, _start, st, ftr = _air_attack_on_burma()
    burma = u(st, "burma", "infantry", IN)
    flight = ("burma", "yunnan", "siam")
    for order in ((burma[0],), (999_999,), (ftr, ftr)):
        refused(game, st, Retreat(to="siam", air_path=flight, casualty_order=order),
                "R-AAFLY-2")
    ok(game, st, Retreat(to="siam", air_path=flight, casualty_order=(ftr,)), [6])


def test_r_aafly_2_a_casualty_order_refusal_names_units_by_their_type_and_place() -> None:
    """A casualty order naming a unit that does not fly (`pacific apply` can ask for one), in
    a move or a retreat: the refusal names the unit by its type and place, never by its
    number, in English and Italian; an id that names no unit is quoted (it is what was
    typed)."""
    from refusals import named_not_numbered

    from pacific.text import refusal_text

    game, state = scenario(phase=CM, units={"siam": "2 fighter japan, 1 infantry japan",
                                            "burma": "1 infantry india",
                                            "yunnan": "1 aa_gun china"})
    ftr, inf = u(state, "siam", "fighter"), u(state, "siam", "infantry")
    path = ("siam", "yunnan", "burma")
    error = refused(game, state, Move(units=tuple(ftr), path=path, casualty_order=inf),
                    "R-AAFLY-2")
    named_not_numbered(error, game, "The casualty order names the infantry in Siam, which is "
                       "not among the aircraft of this move", inf[0], "fanteria")
    error = refused(game, state, Move(units=tuple(ftr), path=path, casualty_order=(999_999,)),
                    "R-AAFLY-2")
    assert refusal_text(error, game.board).startswith("There is no unit 999999"), error

    game, _start, st, _fighter = _air_attack_on_burma()
    burma = u(st, "burma", "infantry", IN)
    error = refused(game, st, Retreat(to="siam", air_path=("burma", "yunnan", "siam"),
                                      casualty_order=(burma[0],)), "R-AAFLY-2")
    named_not_numbered(error, game, "The casualty order names the infantry in Burma, which is "
                       "not among the retreating aircraft", burma[0], "Birmania")


# ---- every choice listed ----

def test_r_air_3_oq2_18_a_risky_mission_lists_each_landing_place() -> None:
    """R-AIR-3, OQ2-18: with no territory in reach afterwards, the flight is listed once per
    zone a friendly carrier with room can reach in phase 6, and never without a declaration;
    every one of them is accepted."""
    game, state = us_strike(anhwe=J, hawaii=J)
    ftr = u(state, "hawaii", "fighter")
    to_sz6 = [m for m in _moves(game, state, ftr[:1]) if m.path[-1] == "sz_6"]
    declared = sorted(m.landing for m in to_sz6 if m.landing is not None)
    assert declared and all(m.landing is not None for m in to_sz6)
    assert "sz_5" in declared
    for move in to_sz6:
        assert game.why_illegal(state, move) is None, move


def test_r_move_6_r_carrier_5_fighters_landing_at_sea_list_each_carrier() -> None:
    """R-MOVE-6, R-CARRIER-5: two carriers of different kinds in one zone are two choices
    (the one that takes the fighter may not move again); the default is listed too."""
    game, state, cv = carrier_group()
    other = state.add_unit(u_type("carrier"), US, "sz_9").id   # empty: not like `cv`
    ftr = u(state, "hawaii", "fighter")
    landings = {m.carrier for m in _moves(game, state, ftr) if m.path[-1] == "sz_9"}
    assert landings == {None, other}   # `cv` has no room left: its 2 fighters are aboard
    state.unit(u(state, "sz_9", "fighter")[0]).carried_by = None
    state.unit(u(state, "sz_9", "fighter")[0]).space = "hawaii"
    landings = {m.carrier for m in _moves(game, state, u(state, "hawaii", "fighter")[:1])
                if m.path[-1] == "sz_9"}
    assert landings == {None, cv, other}


def test_r_cap_7_patrols_list_each_carrier_and_each_fighter() -> None:
    game, state, _cv = carrier_group(phase=Phase.CAP_LANDING)
    patrol = u(state, "hawaii", "fighter")
    for f in patrol:
        state.unit(f).space, state.unit(f).cap = "sz_5", True
    state.add_unit(u_type("carrier"), US, "sz_5")
    listed = [a for a in game.legal_actions(state) if isinstance(a, LandCap)]
    assert any(a.space == "sz_5" and a.carrier is not None for a in listed)
    for action in listed:
        assert game.why_illegal(state, action) is None


def test_r_trans_3_each_kind_of_ship_to_board_is_listed() -> None:
    """R-TRANS-3: boarding an empty transport or one already carrying an infantry are two
    choices; two identical transports are one."""
    game, state = scenario(phase=NCM, units={"korea": "2 infantry japan",
                                             "sz_6": "3 transport japan, 1 infantry japan"})
    ships = u(state, "sz_6", "transport")
    state.unit(u(state, "sz_6", "infantry")[0]).carried_by = ships[0]
    inf = u(state, "korea", "infantry")
    loads = {a.transport for a in game.legal_actions(state)
             if isinstance(a, Load) and a.units == (inf[0],)}
    assert loads == {ships[0], ships[1]}


def test_moving_some_units_of_a_stack_is_a_move_of_each() -> None:
    """docs/actions.md: k of n identical units moving together is k moves of one, each
    listed; a move along another route to a listed destination is the same choice."""
    game, state = scenario(phase=CM, units={"manchuria": "3 infantry japan, 2 armor japan",
                                            "anhwe": "1 infantry china"})
    inf = u(state, "manchuria", "infantry")
    arm = u(state, "manchuria", "armor")
    two = Move(units=tuple(inf[1:]), path=("manchuria", "anhwe"))
    mixed = Move(units=(inf[0], arm[1]), path=("manchuria", "anhwe"))
    for action in (two, mixed):
        assert game.why_illegal(state, action) is None
        assert accepted_is_listed(game, state, action)


def u_type(name: str) -> UnitType:
    return UnitType(name)
