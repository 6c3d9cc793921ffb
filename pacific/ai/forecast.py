"""Where Japan's air force will base in its next turn, by Japan's own planner: the careful
United Kingdom's reading of a trap a turn deep.

Between two British turns Japan moves once (R-TURN-1): its aircraft may end that turn's
non-combat movement on any territory Japan holds within their move (R-AIR-3), and an island
air base gives them a free step to its sea zone (R-AIRBASE-1). From the Philippines or Wake,
Japan's fighters reach every zone the Indian Ocean force can sail to: a zone every look holds
at the British turn's end is then a trap, and the force is counted wherever it sails next
(blunder class 2, docs/ai-journal.md).

What Japan's aircraft CAN reach reads the trap wherever they could fly, also where Japan sends
them elsewhere (measured, not kept). `japan_rebased` asks instead where they WILL go: Japan's
own planner lands each group of its land-based aircraft that does not fly in combat where
`noncombat.grounded_landing` scores best (safe first, then where it helps hold, then toward its
goals), on a copy of the position made Japan's non-combat movement. A cheap model of Japan's
turn: the American turn before it, Japan's attacks and its fleet's moves are not played (the
aircraft that attack land by the same score, R-AIR-3). What draws them is the whole British
turn (a territory taken next door, a landing threatened on an island they can hold), so the
position read is the phase's end: `rest_of_phase` plays the rest of it on a copy with the
level's own planner. `forecast_look` is the blunder counter's look (`blunders.counter_look`) at
that position; `cornered` reads a zone as a trap where, by it, every zone of the force's next
reach is lost."""

from __future__ import annotations

from dataclasses import replace

from pacific.ai.blunders import LOST, Seen
from pacific.ai.turn import Memory, Turn
from pacific.ai.view import moved
from pacific.rules.groups import identical_groups
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, is_air, is_land, is_sea

# Exact odds one forecast look may ask for; past it the strength estimate answers (a count,
# not a time, so that a game stays the same for a given seed on any machine).
FORECAST_BUDGET = 60


def japan_rebased(turn: Turn, zone: str, force: list[Unit]) -> GameState:
    """``turn``'s position (the United Kingdom's) with ``force`` (and its cargo) ending its
    move in ``zone``, and Japan's land-based aircraft where Japan's planner lands them in its
    next non-combat movement (see the module), seen by the power of ``turn``. Once per phase,
    zone and force (`Memory.forecast`)."""
    ids = {u.id for u in force}
    key = (zone, frozenset(ids))
    phase, known = turn.memory.forecast
    if phase != turn.memory.key:
        known = {}
        turn.memory.forecast = (turn.memory.key, known)
    if key in known:
        return known[key]
    # Imported here: the non-combat planner imports the task forces' moves, which read this.
    from pacific.ai.noncombat import grounded_landing

    game, state = turn.game, turn.state
    units = {i: moved(u, zone) if i in ids or u.carried_by in ids else u
             for i, u in state.units.items()}
    placed = state.model_copy(update={"units": units})
    japan = placed.model_copy(update={
        "power": Power.JAPAN, "phase": Phase.NONCOMBAT_MOVE, "pending": None, "battles": [],
        "captured_this_turn": [], "owner_at_turn_start": dict(state.territory_owner),
        "frozen_carriers": [], "transport_unloads": {}, "amphibious_assaults": [],
        "raids": []})
    planner = Turn(game, japan, turn.level, turn.judge, Memory(exact_left=0))
    aircraft = [u for u in japan.units.values() if planner.ours(u) and is_air(u.type)
                and u.carried_by is None and turn.board.is_land(u.space)]
    where: dict[int, str] = {}
    for group in identical_groups(aircraft):
        group_ids = tuple(u.id for u in group)
        action = grounded_landing(planner, group_ids)(game, japan)
        if action is None:
            continue
        japan, _ = game.apply(japan, action)
        where.update({i: japan.units[i].space for i in group_ids if i in japan.units})
    units = {i: moved(u, where[i]) if i in where else u for i, u in units.items()}
    known[key] = placed.model_copy(update={"units": units})
    return known[key]


def rest_of_phase(turn: Turn) -> GameState:
    """The position at the end of ``turn``'s movement phase, the rest of it played on a copy
    by this level's own planner without the forecast (`Level.fleet_forecast`, which would
    play it again): once per phase (`Memory.turn_end`)."""
    phase, known = turn.memory.turn_end
    if phase == turn.memory.key and known is not None:
        return known
    # Imported here: the player imports the task forces' moves, which read this.
    from pacific.ai.player import PHASE_ACTION_LIMIT, ComputerPlayer

    game, state = turn.game, turn.state
    player = ComputerPlayer(game, replace(turn.level, fleet_forecast=False))
    player.judge = turn.judge     # the same odds: a cache, the same answers
    for _ in range(PHASE_ACTION_LIMIT):
        if state.winner is not None or state.power is not turn.state.power \
                or state.phase is not turn.state.phase:
            break
        state, _ = game.apply(state, player.choose(state))
    turn.memory.turn_end = (turn.memory.key, state)
    return state


def forecast_look(turn: Turn, zone: str, force: list[Unit]) -> Seen:
    """The blunder counter's look (`blunders.counter_look`) at `japan_rebased`'s position."""
    return Seen(turn.game, japan_rebased(turn, zone, force), turn.level, turn.judge,
                Memory(exact_left=FORECAST_BUDGET), enemy_kamikazes=True, air_bases=True)


def exits(turn: Turn, zone: str, force: list[Unit]) -> list[str]:
    """The sea zones ``force`` can sail to from ``zone`` in its next turn (``zone`` included):
    within its slowest ship's move, through zones no enemy ship can enter in its turn between
    (a ship there stops the force, R-MOVE-7)."""
    move = min((UNIT_SPECS[u.type].move for u in force if is_sea(u.type)), default=0)
    view, board = turn.view, turn.board
    ships = [u for u in turn.enemies if is_sea(u.type) and u.carried_by is None]

    def closable(sea: str) -> bool:
        return any(view.sea_distance(u.space, sea) <= UNIT_SPECS[u.type].move for u in ships)

    found, frontier = {zone}, {zone}
    for _ in range(move):
        further: set[str] = set()
        for here in sorted(frontier):
            for sea in sorted(board.neighbours[here]):
                if board.is_sea(sea) and sea not in found:
                    found.add(sea)
                    if not closable(sea):
                        further.add(sea)
        frontier = further
    return sorted(found)


def cornered(turn: Turn, zone: str, force: list[Unit]) -> bool:
    """Whether ``force`` ending this turn in ``zone`` is lost at >= `LOST`, Japan's aircraft
    based where its planner sends them (`forecast_look`), in every zone of its next reach
    (`exits`), with this side's other ships there now beside it: the trap of the module."""
    look = forecast_look(turn, zone, force)
    ids = {u.id for u in force}
    sailing = [u for u in force if not is_land(u.type)]

    def defenders(sea: str) -> list[Unit]:
        return [*(u for u in turn.my_defenders(sea) if u.id not in ids),
                *(moved(u, sea) for u in sailing)]

    reach = sorted(exits(turn, zone, force), key=lambda z: (
        look.danger(z, defenders=defenders(z), exact=False), z))
    return all(look.danger(z, defenders=defenders(z)) >= LOST for z in reach)
