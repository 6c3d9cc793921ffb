"""The incremental movement listing gives the very list a listing from scratch
gives, along seeded random games on the mini board and the real board, with refused actions
and undo in between (a listed state is then listed again, or an older one)."""

from __future__ import annotations

import random

import pytest
from scenario import board, scenario, u

from pacific.rules.actions import Action
from pacific.rules.actions.edit import (
    EditAddUnits,
    EditControl,
    EditDamaged,
    EditMode,
    EditRemoveUnits,
    EditSubmerged,
)
from pacific.rules.copying import clone_state
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, UnitDict
from pacific.rules.units import UNIT_SPECS, Domain, UnitType

MOVEMENT = (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)


def scratch(game: Game) -> Game:
    """The same game remembering nothing from one listing to the next: every stack is listed
    afresh (the reference the incremental listing must equal)."""
    return Game(game.board, remember=False)


def _compare(game: Game, state: GameState, listed: list[Action] | None = None) -> int:
    """Compares the movement listing of ``state`` (``listed``, when the caller has it) with
    one made from scratch; 1 when it did, 0 outside movement."""
    if state.phase not in MOVEMENT or state.pending is not None:
        return 0
    if listed is None:
        listed = list(game.legal_actions(state))
    assert listed == list(scratch(game).legal_actions(state)), \
        (state.round, state.power, state.phase)
    return 1


def _check_games(map_id: str, seeds: range, steps: int, end_chance: float = 0.2,
                 move_chance: float = 0.0) -> int:
    """Plays random games, comparing every movement listing with one from scratch: the
    player ends a phase with probability ``end_chance`` when it can, and first makes a move
    (or boards, unloads, patrols...) with probability ``move_chance``."""
    game = Game(board(map_id))
    compared = 0
    for seed in seeds:
        rng = random.Random(seed)
        history = History(game, game.new_game(players=2 + seed % 2, seed=seed))
        for _ in range(steps):
            state = history.state
            if state.winner is not None:
                break
            legal = list(game.legal_actions(state))
            compared += _compare(game, state, legal)
            if history.can_undo() and rng.random() < 0.05:
                history.undo()
                continue
            ends = [a for a in legal if a.kind == "end_phase"]
            # Play only (edit mode is no choice of the game: Game.play_actions).
            play = [a for a in legal if a.kind != "edit_mode"]
            moves = [a for a in play if a.kind in _MOVING]
            if moves and rng.random() < move_chance:
                action = rng.choice(moves)
            else:
                action = ends[0] if ends and rng.random() < end_chance else rng.choice(play)
            history.apply(action)
    return compared


def test_incremental_listing_equals_a_fresh_one_on_the_mini_board() -> None:
    """R-MOVE-*: along random games every listing is the same as one from scratch."""
    assert _check_games("mini", range(1, 7), 220) > 200


_MOVING = ("move", "load", "unload", "start_cap", "hold_convoy")


# One game in the default run (with the nine rounds below); the other with -m slow.
@pytest.mark.parametrize("seed", [3, pytest.param(4, marks=pytest.mark.slow)])
def test_incremental_listing_equals_a_fresh_one_on_the_real_board(seed: int) -> None:
    assert _check_games("pacific", range(seed, seed + 1), 160) > 40


def test_incremental_listing_equals_a_fresh_one_over_nine_rounds_on_the_real_board() -> None:
    """Seed 1 reaches round 9, where an Australian fighter has left a US carrier in between
    two US listings (R-CARRIER-1): the listing once kept the US fighters' old moves."""
    assert _check_games("pacific", range(1, 2), 600, end_chance=0.3) > 200


@pytest.mark.slow
@pytest.mark.parametrize(("seeds", "end_chance", "move_chance"), [
    (range(5, 11), 0.15, 0.0), (range(20, 24), 0.5, 0.85)])
def test_incremental_listing_equals_a_fresh_one_along_longer_games(
        seeds: range, end_chance: float, move_chance: float) -> None:
    """Longer games, with a player that ends phases seldom or moves much (about 4,000
    listings compared)."""
    assert _check_games("pacific", seeds, 700, end_chance, move_chance) > 100 * len(seeds)


def test_incremental_listing_stays_right_when_the_path_memo_is_cleared(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The path checks remembered (`checkmemo`) are forgotten when the memo is full; what a
    signature holds for the air bases and homes is a number that is never given again, so a
    search signing across a clear cannot match another's answer (R-AIR-2, R-AIRBASE-1)."""
    from pacific.rules.movement.fast import checkmemo

    memory = Game(board("mini")).memory
    before = checkmemo._constants_id(memory, checkmemo.AirConstants(frozenset({"japan"})))
    memory.checks.clear()
    memory.constants.clear()
    after = checkmemo._constants_id(memory, checkmemo.AirConstants(frozenset({"burma"})))
    assert after != before   # numbers are never given twice
    monkeypatch.setattr(checkmemo, "_KEEP", 20)   # cleared again and again along the games
    assert _check_games("mini", range(1, 4), 160) > 60


def test_incremental_listing_follows_the_powers_own_industrial_complexes() -> None:
    """A complex counts where it stands, the power's own too (R-MOVE-9: an enemy territory
    with only a complex is occupied): one put up or taken away between two listings (edit
    mode, or another game on the same board) changes the next listing as it changes one
    made from scratch."""
    from pacific.rules.nations import are_enemies

    game = Game(board("mini"))
    start = game.new_game(players=3, seed=5)
    while start.phase is not Phase.COMBAT_MOVE or start.pending is not None:
        legal = list(game.play_actions(start))
        ends = [a for a in legal if a.kind == "end_phase"]
        start = game.apply(start, (ends or legal)[0])[0]
    factories = {t.id for t in game.board.territories if t.industrial_complex}
    targets = sorted(space for space, owner in start.territory_owner.items()
                     if are_enemies(owner, Nation.JAPAN) and space not in factories)
    assert targets
    changed = 0
    for target in targets:
        built = clone_state(start)
        built.add_unit(UnitType.INDUSTRIAL_COMPLEX, Nation.JAPAN, target)
        for state in (start, built, start):   # listed in turn: put up, then taken away
            listed = list(game.legal_actions(state))
            assert listed == list(scratch(game).legal_actions(state)), target
        changed += list(game.legal_actions(built)) != list(game.legal_actions(start))
    assert changed   # a complex there changes what may move where


def test_incremental_listing_follows_room_an_allied_fighter_leaves_on_a_carrier() -> None:
    """R-CARRIER-1: an Australian fighter aboard a US carrier takes one of its two places.
    When it leaves (in Britain's turn, between two US listings), the two US fighters that
    could not land there together now can; the next listing says so, as one made from
    scratch does. (Found on the real board: seed 1, round 9, the incremental listing kept the
    fighters' old moves.)"""
    game, before = scenario("mini", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                            units={"hawaii": "2 fighter usa",
                                   "sz_9": "1 carrier usa, 1 fighter australia"})
    carrier = u(before, "sz_9", "carrier")[0]
    aussie = u(before, "sz_9", "fighter", Nation.AUSTRALIA)[0]
    before.unit(aussie).carried_by = carrier
    after = clone_state(before)
    after.remove_unit(aussie)
    fighters = tuple(u(before, "hawaii", "fighter"))

    def landings(state: GameState) -> set[tuple[str, ...]]:
        return {a.path for a in game.legal_actions(state)
                if a.kind == "move" and a.units == fighters and a.path[-1] == "sz_9"}

    assert not landings(before)            # one place left: not for both
    listed = list(game.legal_actions(after))
    assert listed == list(scratch(game).legal_actions(after))
    assert landings(after) == {("hawaii", "sz_9")}


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """Counts the calls of ``module.name`` (one entry per call)."""
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_unit_copied_unchanged_keeps_its_stacks_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit that is a new object but equal to what it was (a copy whose change came to
    nothing) changes nothing its stack may do: the stack is not listed again."""
    from pacific.rules.movement import listers

    game, before = scenario("mini", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                            units={"japan": "1 fighter japan", "sz_6": "1 battleship japan"})
    after = clone_state(before)
    ship = u(after, "sz_6", "battleship")[0]
    assert after.unit(ship) is not before.units[ship]   # a copy of its own, equal
    listed = list(game.legal_actions(before))
    computed = _counting(monkeypatch, listers, "stack_actions")
    assert list(game.legal_actions(after)) == listed
    assert computed == []


def test_a_listed_state_changed_in_place_afterwards_is_listed_as_it_is_now() -> None:
    """The listing keeps the listed state's dict of units instead of a copy, shared as a
    copy of the state would share it: a change made afterwards to that same state, in place,
    gives the state a dict of its own, and the next listing sees it. Here Japan's destroyer
    leaves sea zone 9 between two listings of one state, and a US destroyer comes in: the
    fleet at sea zone 5 may no longer pass through it to sea zone 8 (R-MOVE-7)."""
    game, made = scenario("mini", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                          units={"sz_5": "2 destroyer japan", "sz_9": "1 destroyer japan"})
    state = clone_state(made)   # as the engine's states are: units in a `UnitDict`
    fleet = tuple(u(state, "sz_5", "destroyer"))
    state.unit(fleet[0])   # a dict of its own, not shared with ``made``
    listed_units = state.units
    assert type(listed_units) is UnitDict and not listed_units.shared
    first = list(game.legal_actions(state))
    assert any(a.kind == "move" and a.units == fleet and a.path[-1] == "sz_8" for a in first)
    mine = u(state, "sz_9", "destroyer")[0]
    state.unit(mine).space = "sz_6"
    state.add_unit(UnitType.DESTROYER, Nation.USA, "sz_9")
    assert state.units is not listed_units and mine in listed_units   # a dict of its own
    listed = list(game.legal_actions(state))
    assert listed == list(scratch(game).legal_actions(state))
    assert not [a for a in listed if a.kind == "move" and a.units == fleet
                and a.path[-1] == "sz_8"]


def test_a_fleet_is_searched_again_only_where_an_enemy_came(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-MOVE-7: an enemy destroyer coming into sea zone 9 stops a fleet at sea zone 5 there,
    and it can no longer go on to sea zone 8. The next listing says so, as one made from
    scratch does, and searches again only the destinations whose paths can cross or border
    zone 9: the others keep their answers."""
    from pacific.rules.movement import confirm

    game, before = scenario("mini", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                            units={"sz_5": "2 destroyer japan", "japan": "1 infantry japan"})
    fleet = tuple(u(before, "sz_5", "destroyer"))

    def ends(state: GameState) -> set[str]:
        return {a.path[-1] for a in game.legal_actions(state)
                if a.kind == "move" and a.units == fleet}

    after = clone_state(before)
    after.add_unit(UnitType.DESTROYER, Nation.USA, "sz_9", start_space="sz_9")
    assert "sz_8" in ends(before)
    checked = _counting(monkeypatch, confirm, "confirmed")
    listed = list(game.legal_actions(after))
    again = len(checked)
    assert listed == list(scratch(game).legal_actions(after))
    assert "sz_8" not in ends(after) and {"sz_4", "sz_10"} <= ends(after)
    assert 0 < again < len(checked) - again   # fewer checks than from scratch


def test_aircraft_are_searched_again_only_near_a_changed_home(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-AIR-2: a flight in combat movement must still reach a territory held since the turn
    began. Such a territory changing far away (the Marshall Islands, 5 air moves from
    Manchuria at least) changes no flight of fighters with 4 moves: when an enemy destroyer
    comes within their reach, only the flights it changes are searched again. A change near
    them (Korea) has the flights that could reach it afterwards searched again too. Both
    listings are the ones a listing from scratch gives."""
    from pacific.rules.movement import reach_air

    game, before = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units={
        "manchuria": "2 fighter japan", "korea": "1 infantry japan",
        "marshall_islands": "1 infantry japan", "sz_36": "1 destroyer usa",
        "sz_37": "1 destroyer usa", "sz_19": "1 submarine usa"})
    list(game.legal_actions(before))
    searched = {}
    for home in ("marshall_islands", "korea"):
        after = clone_state(before)
        after.add_unit(UnitType.DESTROYER, Nation.USA, "sz_35", start_space="sz_35")
        after.owner_at_turn_start[home] = Nation.USA   # not held when the turn began
        calls = _counting(monkeypatch, reach_air, "_air_candidate")
        listed = list(game.legal_actions(after))
        searched[home] = len(calls)
        monkeypatch.undo()
        _compare(game, after, listed)
    # Far: the destroyer's zone only (for the stack, and for one fighter of it).
    assert searched["marshall_islands"] == 2 < searched["korea"]


def test_a_unit_id_of_another_owner_in_the_next_listing_counts_as_what_it_is_now() -> None:
    """Unit ids are numbers: listed after a game where unit 3 was a Japanese submarine at sea
    zone 9, a game on the same board where unit 3 is a US destroyer there lists what one
    made from scratch lists. The destroyer occupies the zone (R-MOVE-7): Japan's fleet at sea
    zone 5 stops there and cannot go on to sea zone 8."""
    game, before = scenario("mini", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                            units={"sz_5": "2 destroyer japan", "sz_9": "1 submarine japan"})
    _, after = scenario("mini", power=Power.JAPAN, phase=Phase.COMBAT_MOVE,
                        units={"sz_5": "2 destroyer japan", "sz_9": "1 destroyer usa"})
    fleet = tuple(u(before, "sz_5", "destroyer"))
    assert fleet == tuple(u(after, "sz_5", "destroyer")) and \
        u(before, "sz_9", "submarine") == u(after, "sz_9", "destroyer")
    list(game.legal_actions(before))
    listed = list(game.legal_actions(after))
    assert listed == list(scratch(game).legal_actions(after))
    assert not [a for a in listed if a.kind == "move" and a.units == fleet
                and a.path[-1] == "sz_8"]


def _random_edit(rng: random.Random, game: Game, state: GameState) -> Action:
    """An edit a tabletop group correcting the board might make (EDIT-1): units put on or
    taken off, a territory or convoy zone given to a nation, submarines submerged or
    battleships damaged."""
    sea = sorted(game.board.sea_zone_by_id)
    land = sorted(t.id for t in game.board.territories if not t.impassable)
    nation = rng.choice(list(Nation))
    kind = rng.randrange(5)
    if kind == 0:
        unit_type = rng.choice([t for t in UnitType if t is not UnitType.INDUSTRIAL_COMPLEX])
        at_sea = UNIT_SPECS[unit_type].domain is Domain.SEA or rng.random() < 0.3
        return EditAddUnits(nation=nation, unit_type=unit_type, count=rng.randint(1, 2),
                            space=rng.choice(sea if at_sea else land))
    if kind == 1:
        unit = rng.choice(list(state.units.values()))
        return EditRemoveUnits(nation=unit.owner, unit_type=unit.type, space=unit.space)
    if kind == 2:
        return EditControl(space=rng.choice(land + sea), nation=nation)
    if kind == 3:
        return EditSubmerged(nation=nation, space=rng.choice(sea), count=rng.randint(0, 1))
    return EditDamaged(nation=nation, space=rng.choice(sea), count=rng.randint(0, 1))


@pytest.mark.slow
@pytest.mark.parametrize(("map_id", "seeds"), [("mini", range(1, 9)), ("pacific", range(1, 5))])
def test_incremental_listing_equals_a_fresh_one_with_edits_between_listings(
        map_id: str, seeds: range) -> None:
    """EDIT-1: a tabletop group corrects the board in edit mode in the middle of a movement
    phase (units put on and taken off, control given away...); every listing, in edit mode
    and after it, is the same as one from scratch."""
    game = Game(board(map_id))
    compared = edits = 0
    for seed in seeds:
        rng = random.Random(seed)
        history = History(game, game.new_game(players=2 + seed % 2, seed=seed))
        for _ in range(300):
            state = history.state
            if state.winner is not None:
                break
            compared += _compare(game, state)
            if state.edit_mode:   # an undo went back into an edit
                _leave_edit_mode(history)
            elif state.phase in MOVEMENT and state.pending is None and rng.random() < 0.15:
                history.apply(EditMode(on=True))
                for _ in range(rng.randint(1, 3)):
                    try:
                        history.apply(_random_edit(rng, game, history.state))
                        edits += 1
                    except IllegalAction:
                        pass   # e.g. nothing to submerge there: refused, nothing changed
                    compared += _compare(game, history.state)
                _leave_edit_mode(history)
            elif history.can_undo() and rng.random() < 0.05:
                history.undo()
            else:
                legal = list(game.play_actions(state))
                ends = [a for a in legal if a.kind == "end_phase"]
                history.apply(ends[0] if ends and rng.random() < 0.3 else rng.choice(legal))
    assert compared > 100 * len(seeds) and edits > 10 * len(seeds)


def _leave_edit_mode(history: History) -> None:
    """Turn edit mode off; when the position may not be played on (EDIT-1 refuses it), undo
    the edits instead."""
    try:
        history.apply(EditMode(on=False))
    except IllegalAction:
        while history.state.edit_mode:
            history.undo()
