"""The attacks of a combat movement as a whole (phase 3): targets ranked by what they are worth
(the production swing, capitals, the units there), each built in turn (`attacks.build`) from
the units the earlier ones left; then the enemy's answer judged again with every attack
chosen, the capitals kept safe (attacks that would strip one dropped, least valuable first),
and raids with the bombers left. The result is a list of `Attack`s; `pacific.ai.moves` turns
them into engine actions."""

from __future__ import annotations

from pacific.ai import attacks
from pacific.ai.attacks import Attack, Options, build, collect, score, win_chance, without
from pacific.ai.judge import value
from pacific.ai.stacks import Stack
from pacific.ai.turn import Memory, Turn
from pacific.ai.values import IPC_PER_VP, vp_worth
from pacific.rules.units import UNIT_SPECS, UnitType, can_capture, is_land

U = UnitType


def plan_attacks(turn: Turn, stacks: list[Stack]) -> list[Attack]:
    """The attacks of this combat movement, best first."""
    options = collect(turn, stacks)
    targets = sorted(options.direct, key=lambda t: -_potential(turn, t))
    # Landings may reach territories no unit can walk or fly to.
    for _ship, zones in options.transports:
        for zone in zones:
            for t in sorted(turn.board.neighbours[zone]):
                if turn.board.is_land(t) and turn.view.enemy(turn.view.owner(t)) \
                        and t not in targets:
                    targets.append(t)
    # Sea first: a zone cleared of enemy ships opens landings next to it.
    targets.sort(key=lambda t: (turn.board.is_land(t), -_potential(turn, t)))
    used: set[int] = _guards(turn) if turn.level.careful else set()
    attacks: list[Attack] = []
    for target in targets:
        attack = build(turn, target, options, used)
        if attack is not None:
            attacks.append(attack)
            used |= attack.unit_ids()
            if turn.board.is_sea(target):
                options.cleared.add(target)
    if turn.level.counter_attack:
        attacks = _held_or_worth_it(turn, attacks)
    if turn.level.capital_safety > 0:
        attacks = _guard_capitals(turn, attacks)
    if turn.level.raids:
        attacks.extend(_raids(turn, options, used))
    return attacks


def _guards(turn: Turn) -> set[int]:
    """One land unit kept in each territory worth something that an enemy land unit could
    otherwise walk into (R-COMBATMOVE-5): the cheapest, so the enemy has to fight for it; for
    such a territory already empty, one kept next door to walk in after the battles."""
    out: set[int] = set()
    empty: list[str] = []
    for territory in turn.view.my_territories():
        land = [u for u in turn.view.friends_at(territory) if turn.ours(u)
                and can_capture(u.type)]
        if not turn.needs_a_guard(territory):
            continue
        if land:
            out.add(min(land, key=lambda u: (UNIT_SPECS[u.type].cost, u.id)).id)
        elif not any(is_land(u.type) for u in turn.view.friends_at(territory)):
            empty.append(territory)
    # An empty one gets a unit from next door in non-combat movement: keep one there too.
    for territory in empty:
        spare = [u for n in sorted(turn.board.neighbours[territory]) if turn.board.is_land(n)
                 for u in turn.view.friends_at(n) if turn.ours(u) and can_capture(u.type)
                 and u.id not in out]
        if spare:
            out.add(min(spare, key=lambda u: (UNIT_SPECS[u.type].cost, u.id)).id)
    return out


# An attack this likely to win counts its defenders as gone when the enemy's answer is judged.
SURE_WIN = 0.8


def _held_or_worth_it(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """ProAI's second look: with every attack chosen, judge the enemy's answer to each from
    what the enemy will have left (the defenders of the battles this side is almost sure to
    win are gone), and drop the attacks that answer makes a loss."""
    doomed: set[int] = set()
    for attack in attacks:
        if attack.result is None or win_chance(turn, attack.result, attack.target) >= SURE_WIN:
            doomed.update(u.id for u in turn.defenders(attack.target))
    memory = Memory(key=("after attacks", turn.memory.key), economy=turn.memory.economy,
                    enemies=[u for u in turn.enemies if u.id not in doomed])
    after = Turn(turn.game, turn.state, turn.level, turn.judge, memory)
    kept = []
    for attack in attacks:
        attack.score = score(after, attack, counter_attack=True)
        if attack.score > 0:
            kept.append(attack)
    if turn.level.plan_search:
        # The hard level: the landings through a sea battle dropped go with it (R-AMPH-6).
        for attack in attacks:
            if all(a is not attack for a in kept):
                kept = without(turn, kept, attack)
    return kept


def _potential(turn: Turn, target: str) -> float:
    gain = turn.economy.swing(target)
    capital = turn.economy.capital_bonus(target) if turn.board.is_land(target) else 0.0
    # (read from its module each time: tools/tune_ai.py sets it there)
    return gain * (1 + attacks.HOLD_TURNS) + capital + value(turn.defenders(target)) * 0.5


def _guard_capitals(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """Drop the attacks that take defenders from a capital in danger, least valuable first."""
    want = turn.level.capital_safety
    for nation in turn.nations:
        capital = turn.board.capitals.get(nation)
        if capital is None or turn.state.territory_owner.get(capital) is not nation:
            continue
        while True:
            leaving = {uid for a in attacks for uid in a.unit_ids()}
            staying = [u for u in turn.view.friends_at(capital) if u.id not in leaving
                       and u.type is not U.INDUSTRIAL_COMPLEX]
            if 1 - turn.danger(capital, defenders=staying) >= want:
                break
            drained = [a for a in attacks
                       if any(turn.state.units[i].space == capital for i in a.unit_ids()
                              if i in turn.state.units)]
            if not drained:
                break
            weakest = min(drained, key=lambda a: a.score)
            if turn.level.plan_search:
                # The hard level (Japan's plan is made without `careful`): the landings
                # through a sea battle dropped go with it (R-AMPH-6).
                attacks = without(turn, attacks, weakest)
            else:
                attacks.remove(weakest)
    return attacks


def _raids(turn: Turn, options: Options, used: set[int]) -> list[Attack]:
    """Strategic bombing raids with the bombers no attack needs, where the exact raid odds
    say the damage (and Japan's lost victory points, R-SBR-5) outweighs the bombers lost."""
    from pacific.odds import SbrSpec

    out = []
    for target, pairs in sorted(options.raids.items()):
        bombers = [(u, t) for u, t in pairs if u.type is U.BOMBER and u.id not in used]
        if not bombers:
            continue
        owner = turn.view.owner(target)
        treasury = turn.state.treasury.get(owner, 0) if owner is not None else 0
        defenders = turn.defenders(target)
        spec = SbrSpec(bombers=len(bombers), escorts=0,
                       interceptors=sum(1 for u in defenders if u.type is U.FIGHTER),
                       aa_gun=any(u.type is U.AA_GUN for u in defenders), treasury=treasury,
                       first_turn=turn.state.japan_first_turn)
        result = turn.judge.raid(spec)
        per_point = vp_worth(turn.state.victory_points, turn.board.victory_points_to_win) \
            if turn.level.victory_conditions else IPC_PER_VP
        gain = result.expected_ipc_lost + result.expected_vp_lost * per_point \
            - result.expected_bombers_lost * UNIT_SPECS[U.BOMBER].cost
        if gain > 1:
            out.append(Attack(target=target, units=bombers, score=gain, raid=True))
            used.update(u.id for u, _ in bombers)
    return out
