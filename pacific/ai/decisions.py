"""The computer player's answers to the decisions the engine waits for (`state.pending`):
casualties, retreat or press on, submerging, kamikaze targets, interceptors, a fighter whose
carrier sank, who takes a captured territory, the British convoy split, and dice. Every answer
is one of the actions `Game.legal_actions` lists for the decision; the odds of the battle as it
stands (`pacific.odds.positions.battle_spec`) decide whether to go on."""

from __future__ import annotations

from collections import Counter

from pacific.ai.cornered import main_fleet_presses_on
from pacific.ai.doomed import presses_on
from pacific.ai.judge import Judge
from pacific.ai.levels import Level
from pacific.ai.threats import attackers_of
from pacific.ai.turn import Turn
from pacific.ai.view import View, side_of_power
from pacific.odds import SbrSpec
from pacific.odds.positions import KAMIKAZE_RESERVE, battle_spec, kamikaze_aims
from pacific.rules.actions import Action
from pacific.rules.actions.combat import (
    ChooseCasualties,
    ConfirmCasualties,
    Intercept,
    Kamikaze,
    KamikazeTarget,
    LandFighter,
    PressOn,
    Retreat,
    RollDice,
    SelectCasualty,
    Submerge,
)
from pacific.rules.actions.economy import ChooseOwner, SplitConvoyIncome
from pacific.rules.battle_records import Battle
from pacific.rules.decisions import (
    CasualtyChoice,
    ConvoySplit,
    Decision,
    DefenderSubmergeChoice,
    DiceRoll,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    OwnerDecision,
    RoundChoice,
)
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Side
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType, is_land


def decide(game: Game, state: GameState, pending: Decision, level: Level,
           judge: Judge) -> Action:
    """The answer to ``pending``: always an action listed for it."""
    listed = list(game.legal_actions(state))
    if isinstance(pending, DiceRoll):
        return RollDice()
    if isinstance(pending, CasualtyChoice):
        return _casualties(listed)
    if isinstance(pending, RoundChoice):
        return _round(game, state, pending, level, judge, listed)
    if isinstance(pending, DefenderSubmergeChoice):
        return _defender_submerge(game, state, pending, judge, listed)
    if isinstance(pending, KamikazeChoice):
        return _kamikaze(state, pending, level, listed)
    if isinstance(pending, InterceptChoice):
        return _intercept(game, state, pending, judge, listed)
    if isinstance(pending, FighterLanding):
        return _land_fighter(game, state, pending, listed)
    if isinstance(pending, OwnerDecision):
        return _owner(pending, listed)
    if isinstance(pending, ConvoySplit):
        return split_income(game, state, pending.amount, listed)
    return listed[0]


def _casualties(listed: list[Action]) -> Action:
    """The engine's suggestion (cheapest first, a battleship's free hit first, the attacker's
    best land unit kept for the capture), all at once; step by step when a choice was begun."""
    for kind in (ChooseCasualties, ConfirmCasualties, SelectCasualty):
        for action in listed:
            if isinstance(action, kind):
                return action
    return listed[0]


def _battle(state: GameState, battle_id: int) -> Battle | None:
    return next((b for b in state.battles if b.id == battle_id), None)


def _round(game: Game, state: GameState, pending: RoundChoice, level: Level, judge: Judge,
           listed: list[Action]) -> Action:
    """Retreat when the odds from here fall below the level's line; otherwise press on. In a
    land battle the measure is taking the territory, at sea winning. A fleet of the careful
    Japan whose every retreat is a zone where it would be sunk anyway presses on
    (`doomed.presses_on`; its main fleet by the priced look, `cornered.main_fleet_presses_on`)."""
    battle = _battle(state, pending.battle)
    retreats = [a for a in listed if isinstance(a, Retreat)]
    spec = battle_spec(game.board, state, battle) if battle is not None else None
    if spec is None or not retreats:
        return PressOn()
    result = judge.odds(spec)
    land = spec.kind.value == "land"
    attackers = spec.attacker.units
    can_take = any(is_land(t) and n for t, n in attackers.items())
    chance = result.captured if land else result.attacker_wins
    worth_it = result.defender_ipc_lost >= result.attacker_ipc_lost
    if land and not can_take:
        # Aircraft alone cannot take the territory (R-COMBAT-9): stay only to trade well.
        return PressOn() if worth_it else _best_retreat(game, state, retreats)
    if chance < level.retreat_below and not worth_it:
        if not land and battle is not None:
            turn = Turn(game, state, level, judge)
            zones = sorted({r.to for r in retreats})
            units = [state.units[i] for i in battle.attackers if i in state.units]
            if presses_on(turn, zones, units) or main_fleet_presses_on(turn, zones, units):
                return PressOn()
        return _best_retreat(game, state, retreats)
    return PressOn()


def _best_retreat(game: Game, state: GameState, retreats: list[Retreat]) -> Action:
    """The retreat destination least exposed to the enemy."""
    view = View(game.board, state, side_of_power(state.power))
    return min(retreats, key=lambda r: (len(attackers_of(view, r.to)), r.to))


def _defender_submerge(game: Game, state: GameState, pending: DefenderSubmergeChoice,
                       judge: Judge, listed: list[Action]) -> Action:
    """Defending submarines submerge when the defence is lost anyway (they live to raid)."""
    battle = _battle(state, pending.battle)
    spec = battle_spec(game.board, state, battle) if battle is not None else None
    subs = [a for a in listed if isinstance(a, Submerge)]
    if spec is None or not subs:
        return PressOn()
    if judge.odds(spec).defender_holds < 0.3:
        return max(subs, key=lambda a: len(a.units))
    return PressOn()


def _kamikaze(state: GameState, pending: KamikazeChoice, level: Level,
              listed: list[Action]) -> Action:
    """Aim tokens at the best targets (`kamikaze_aims`: one per carrier and loaded transport,
    two at a battleship), the easy level none. In an Allied combat phase `KAMIKAZE_RESERVE`
    tokens stay for the defence of Japan's own seas. The odds of an Allied attack count the
    same declaration (`pacific.odds.positions.attack_spec`)."""
    done = Kamikaze(targets=())
    if level.name == "easy":
        return done
    budget = pending.tokens - (KAMIKAZE_RESERVE if pending.battle is None else 0)
    options = {a.unit: a for a in listed if isinstance(a, KamikazeTarget)}
    ships = [state.units[i] for i in sorted(options) if i in state.units]
    named = Counter(pending.targets)
    for ship in kamikaze_aims(state, ships, budget):
        if named[ship.id] > 0:
            named[ship.id] -= 1
            continue
        return options[ship.id]
    return done


def _intercept(game: Game, state: GameState, pending: InterceptChoice, judge: Judge,
               listed: list[Action]) -> Action:
    """The number of interceptors with the best expected trade: IPCs paid to the bank and
    fighters lost against bombers and escorts shot down (exact raid odds, R-SBR-4)."""
    battle = _battle(state, pending.battle)
    options = [a for a in listed if isinstance(a, Intercept)]
    if battle is None or not options:
        return listed[0]
    attackers = [state.units[i] for i in battle.attackers if i in state.units]
    bombers = sum(1 for u in attackers if u.type is UnitType.BOMBER)
    escorts = len(attackers) - bombers
    owner = state.territory_owner.get(battle.space)
    treasury = state.treasury.get(owner, 0) if owner is not None else 0
    aa = any(u.type is UnitType.AA_GUN for u in state.units_at(battle.space))
    fighter = UNIT_SPECS[UnitType.FIGHTER].cost
    bomber = UNIT_SPECS[UnitType.BOMBER].cost

    def cost(action: Intercept) -> tuple[float, int]:
        result = judge.raid(SbrSpec(bombers=bombers, escorts=escorts,
                                    interceptors=len(action.fighters), aa_gun=aa,
                                    treasury=treasury, first_turn=state.japan_first_turn))
        loss = (result.expected_ipc_lost + result.expected_interceptors_lost * fighter
                - result.expected_bombers_lost * bomber - result.expected_escorts_lost * fighter)
        return loss, len(action.fighters)

    return min(options, key=cost)


def _land_fighter(game: Game, state: GameState, pending: FighterLanding,
                  listed: list[Action]) -> Action:
    """Land where the fewest enemies can reach."""
    view = View(game.board, state, side_of_power(pending.power))
    options = [a for a in listed if isinstance(a, LandFighter)]
    # Only where the engine accepts it now: the computer never sends a refused action.
    options = [a for a in options if game.why_illegal(state, a) is None] or options
    if not options:
        return listed[0]
    return min(options, key=lambda a: (len(attackers_of(view, a.to)), a.to))


def _owner(pending: OwnerDecision, listed: list[Action]) -> Action:
    """The USA rather than China (China has no production, R-CHINA-1); otherwise the captor
    (the first option)."""
    options = [a for a in listed if isinstance(a, ChooseOwner)]
    for action in options:
        if action.nation is Nation.USA:
            return action
    return options[0] if options else listed[0]


def split_income(game: Game, state: GameState, amount: int, listed: list[Action]) -> Action:
    """Share the British convoy income by danger: the capital with more enemies in reach gets
    more (R-INCOME-3)."""
    view = View(game.board, state, Side.ALLIES)
    board = game.board
    danger = {n: 1 + len(attackers_of(view, board.capitals[n]))
              for n in (Nation.INDIA, Nation.AUSTRALIA) if n in board.capitals}
    total = sum(danger.values()) or 1
    india = round(amount * danger.get(Nation.INDIA, 1) / total)
    wanted = SplitConvoyIncome(india=india, australia=amount - india)
    splits = [a for a in listed if isinstance(a, SplitConvoyIncome)]
    if wanted in splits or not splits:
        return wanted if wanted in splits else listed[0]
    return min(splits, key=lambda a: abs(a.india - india))
