"""Setup, turn, control, capital and income rules not tested elsewhere (RULES.md Part 1).

Mini board levels at the start: Japan 14, India 4, Australia 6, USA 15 (3 of them the convoy
centre sz_8), British convoys 4 (sz_1). Convoy routes: sz_2 (Siam), sz_9 (Hawaii).
"""

from __future__ import annotations

from combat_helpers import begin_combat, came, end_combat, play, shift
from refusals import refused
from scenario import board, scenario, u

from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.dice import FixedDice
from pacific.rules.economy.control import (
    british_convoy_level,
    capture_territory,
    production_level,
)
from pacific.rules.events import IpcChanged
from pacific.rules.nations import SEATINGS, Nation, Power, seat_of
from pacific.rules.phases import Phase
from pacific.rules.records import BombingRaid
from pacific.rules.registry import Context
from pacific.rules.units import UnitType

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
T = UnitType


def _ctx(**kw: object) -> Context:
    game, state = scenario(**kw)  # type: ignore[arg-type]
    return Context(board=game.board, state=state, dice=FixedDice([]))


def _levels(ctx: Context) -> dict[Nation, int]:
    return {n: production_level(ctx.board, ctx.state, n) for n in (J, IN, AU, US)}


def test_r_setup_3_india_and_australia_are_separate_nations() -> None:
    """R-SETUP-3: India and Australia have their own treasury and production level."""
    game, state = scenario(power=Power.UK, treasury={IN: 4, AU: 6})
    assert (state.treasury[IN], state.treasury[AU]) == (4, 6)
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    assert (_levels(ctx)[IN], _levels(ctx)[AU]) == (4, 6)
    # Losing Queensland (2) lowers Australia's level only.
    capture_territory(ctx, "queensland", J)
    assert _levels(ctx) == {J: 16, IN: 4, AU: 4, US: 15}


def test_r_setup_9_no_ipc_moves_between_india_and_australia() -> None:
    """R-SETUP-9: India cannot spend Australia's IPCs; Australia's capital falling hands its
    IPCs to Japan, never to India."""
    game, state = scenario(power=Power.UK, treasury={IN: 2, AU: 9})
    refused(game, state, Purchase(nation=IN, units={T.INFANTRY: 1}), "R-PURCH-1")
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    state.power = Power.JAPAN
    capture_territory(ctx, "new_south_wales", J)
    assert (state.treasury[IN], state.treasury[AU], state.treasury[J]) == (2, 0, 23)


def test_r_setup_7_raid_damage_goes_to_the_bank() -> None:
    """R-SETUP-7: IPCs paid for bombing go to the bank: Japan pays, no nation receives them."""
    game, state = scenario(power=Power.US, phase=Phase.COMBAT, treasury={J: 40, US: 5},
                           units={"japan": "1 industrial_complex japan, 1 bomber usa"})
    state.raids = [BombingRaid(target="japan", bombers=u(state, "japan", "bomber"))]
    state = start = begin_combat(game, state)
    before = dict(state.treasury)
    state, events, _ = play(game, state, [SelectBattle(space="japan")], [5])
    assert state.treasury[J] == 35
    assert {n: v for n, v in state.treasury.items() if n is not J} == \
        {n: v for n, v in before.items() if n is not J}
    assert [e.nation for e in events if isinstance(e, IpcChanged)] == [J]
    end_combat(game, start, state, ipcs={J: -5})


def test_r_turn_2_the_british_turn_is_india_and_australia() -> None:
    """R-TURN-2: in the British turn India and Australia buy; the USA waits for its turn."""
    game, state = scenario(power=Power.UK, treasury={IN: 10, AU: 10, US: 30})
    buyers = {a.nation for a in game.legal_actions(state) if isinstance(a, Purchase)}
    assert buyers == {IN, AU}
    # R-PURCH-1: the active player buys only for his own nations.
    refused(game, state, Purchase(nation=US, units={T.INFANTRY: 1}), "R-PURCH-1")
    state.power = Power.US
    assert {a.nation for a in game.legal_actions(state) if isinstance(a, Purchase)} == {US}


def test_r_setup_2_seats_for_two_and_three_players() -> None:
    """R-SETUP-2: 3 players: Japan, Great Britain, United States; 2 players: Japan, then one
    player for Great Britain and the United States."""
    assert SEATINGS[3] == {1: (Power.JAPAN,), 2: (Power.UK,), 3: (Power.US,)}
    assert SEATINGS[2] == {1: (Power.JAPAN,), 2: (Power.UK, Power.US)}
    assert [seat_of(p, 2) for p in (Power.JAPAN, Power.UK, Power.US)] == [1, 2, 2]
    assert [seat_of(p, 3) for p in (Power.JAPAN, Power.UK, Power.US)] == [1, 2, 3]


def test_r_turn_4_a_phase_may_be_skipped_but_never_repeated() -> None:
    """R-TURN-4: ending purchase at once moves on; the purchase phase is then over."""
    game, state = scenario(treasury={J: 14})
    after, _ = game.apply(state, EndPhase())
    assert after.phase is Phase.CAP_LANDING and after.treasury[J] == 14
    refused(game, after, Purchase(nation=J, units={T.INFANTRY: 1}), "R-TURN-3")


def test_r_turn_6_capital_ipcs_change_hands_during_combat() -> None:
    """R-TURN-6 (R-CAPITAL-3): India's IPCs pass to Japan the moment India falls in phase 4,
    not in a later phase."""
    game, state = scenario(power=Power.JAPAN, phase=Phase.COMBAT, treasury={IN: 7, J: 3},
                           units={"india": "1 infantry india", "burma": "2 infantry japan"})
    movers = u(state, "burma", "infantry")
    for uid in movers:
        state.unit(uid).space = "india"
    came(state, movers, "burma", "india")
    state = start = begin_combat(game, state)
    state, _, _ = play(game, state, [SelectBattle(space="india")], [1, 6, 6])
    assert state.phase is Phase.COMBAT
    assert (state.treasury[IN], state.treasury[J]) == (0, 10)
    end_combat(game, start, state, owners={"india": J}, ipcs={IN: -7, J: 7},
               levels=shift(game, start, J, IN, "india"))


def test_r_control_1_every_passable_territory_has_one_controller() -> None:
    """R-CONTROL-1: at the start every land territory but the impassable ones has exactly one
    controller, on the mini board and on the real board."""
    for name in ("mini", "pacific"):
        b = board(name)
        _game, state = scenario(name)
        passable = {t.id for t in b.territories if not t.impassable}
        assert set(state.territory_owner) == passable, name
        assert all(isinstance(owner, Nation) for owner in state.territory_owner.values())
        assert not any(t.id in state.territory_owner for t in b.territories if t.impassable)


def test_r_capture_8_capturing_a_territory_leaves_its_convoy_route() -> None:
    """R-CAPTURE-8: India taking Siam does not take sz_2, which stays Japanese."""
    ctx = _ctx(power=Power.UK)
    capture_territory(ctx, "siam", IN)
    assert ctx.state.territory_owner["siam"] is IN
    assert "sz_2" not in ctx.state.convoy_holder  # still its original (Japanese) holder


def test_r_capital_2_a_capital_is_captured_like_any_territory() -> None:
    """R-CAPITAL-2: Japan taking India moves India's 3 to Japan's level."""
    ctx = _ctx(treasury={IN: 0})
    capture_territory(ctx, "india", J)
    assert ctx.state.territory_owner["india"] is J
    assert _levels(ctx) == {J: 17, IN: 1, AU: 6, US: 15}


def test_r_income_2_income_follows_every_capture_of_earlier_turns() -> None:
    """R-INCOME-2: Burma, lost in Japan's turn, is missing from India's income in the British
    turn."""
    game, state = scenario(power=Power.UK, phase=Phase.RESET, owners={"burma": J},
                           treasury={IN: 0, AU: 0})
    after, _ = game.apply(state, EndPhase())
    assert after.phase is Phase.INCOME
    assert after.treasury[IN] == 3 and after.treasury[AU] == 6


def test_r_income_5_levels_never_below_zero() -> None:
    """R-INCOME-5: India losing everything ends at level 0; convoy centres lost end at 0."""
    ctx = _ctx()
    for territory in ("burma", "india"):
        capture_territory(ctx, territory, J)
    assert production_level(ctx.board, ctx.state, IN) == 0
    ctx.state.convoy_holder["sz_1"] = J
    assert british_convoy_level(ctx.board, ctx.state) == 0
