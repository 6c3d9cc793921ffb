"""The end of a battle: its outcome (R-LAND-4, R-NAVAL-4), capture of the territory
(R-COMBAT-9, R-CAPTURE-3) or convoy zone (R-CONVOY-6), and fighters whose carrier sank
(R-CARRIER-8, OQ3-6)."""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleKind, BattleStep
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.casualties import note_loss, remove_units
from pacific.rules.combat.events import BattleEnded, UnitsLost
from pacific.rules.combat.flow import ask
from pacific.rules.combat.forces import active, fighting_attackers, fighting_defenders
from pacific.rules.decisions import FighterLanding
from pacific.rules.economy.control import capture_convoy_zone, capture_territory
from pacific.rules.events import count_units
from pacific.rules.movement.landing import escape_places
from pacific.rules.nations import Nation, are_allied, are_enemies, power_of
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import CARRIER_CAPACITY, UnitType, can_capture, count_phrase, is_air

_TEXT = {
    "A": "the attacker retreated; the defender holds",
    "B": "the attacker was wiped out; the defender holds",
    "C": "the defender was wiped out",
    "D": "both sides were wiped out; the defender holds",
    "E": "the units left cannot hit each other",
    "X": "the landing was called off and nobody attacks (R-AMPH-1)",
}


def outcome(state: GameState, battle: Battle, retreated: bool) -> str:
    attackers = fighting_attackers(state, battle)
    defenders = fighting_defenders(state, battle)
    if retreated and not attackers:
        return "A"
    if not attackers and not defenders:
        return "D"
    if not attackers:
        return "B"
    if not defenders:
        return "C"
    return "E"


def conclude(ctx: Context, battle: Battle, retreated: bool = False) -> None:
    """Close the battle: outcome, capture, fighters to land. The battle is then over."""
    state = ctx.state
    letter = "X" if battle.outcome == "X" else \
        outcome(state, battle, retreated or battle.outcome == "A")
    battle.outcome = letter
    battle.status = "over"
    battle.step = BattleStep.OVER
    for uid in [*battle.attackers, *battle.defenders, *battle.bystanders]:
        if uid in state.units:
            state.unit(uid).fought = True  # R-COMBAT-3
    text = _TEXT[letter]
    if battle.kind is BattleKind.RAID:
        battle.outcome, text = "R", "the raid is over (R-SBR-4)"
    if battle.kind is BattleKind.LAND and letter == "C":
        text += _capture(ctx, battle)
    elif battle.kind is BattleKind.NAVAL:
        text += _convoy(ctx, battle, letter)
    ctx.emit(BattleEnded(space=battle.space, outcome=letter, text=text,
                         attacker=battle.attacker, captured_by=battle.captured_by,
                         raid=battle.kind is BattleKind.RAID,
                         retreated_by=tuple(battle.retreated_by) if letter == "A" else ()))
    queue_fighter_landings(ctx, battle)


def _capture(ctx: Context, battle: Battle) -> str:
    """R-COMBAT-9: a surviving attacking land unit takes the territory; aircraft never do."""
    landers = [u for u in fighting_attackers(ctx.state, battle) if can_capture(u.type)]
    owner = ctx.state.territory_owner.get(battle.space)
    if not landers or owner is None or are_allied(owner, landers[0].owner):
        return "; aircraft alone cannot capture (R-COMBAT-9)" if not landers else ""
    capture_territory(ctx, battle.space, landers[0].owner)
    battle.captured_by = ctx.state.territory_owner.get(battle.space)
    # R-SBR-7: interceptors that stayed out of this battle are lost with their territory.
    stranded = [u.id for u in ctx.state.units_at(battle.space)
                if are_enemies(u.owner, landers[0].owner) and is_air(u.type)]
    if stranded:
        remove_units(ctx, None, stranded, "interceptors lost with their territory (R-SBR-7)",
                     "R-SBR-7")
    return f"; {landers[0].owner.value} captures it (R-COMBAT-9)"


def _convoy(ctx: Context, battle: Battle, letter: str) -> str:
    """R-CONVOY-6: a surviving battleship, carrier or destroyer captures; in outcome E an
    unsubmerged submarine does; otherwise nothing changes."""
    zone = ctx.board.sea_zone_by_id.get(battle.space)
    if zone is None or (zone.convoy_route is None and zone.convoy_center is None):
        return ""
    survivors = fighting_attackers(ctx.state, battle)
    warships = (UnitType.BATTLESHIP, UnitType.CARRIER, UnitType.DESTROYER)
    captor = None
    if letter == "C":
        captor = next((u for u in survivors if u.type in warships), None)
    elif letter == "E":
        captor = next((u for u in survivors if u.type is UnitType.SUBMARINE), None)
    if captor is None:
        return ""
    capture_convoy_zone(ctx, battle.space, captor.owner)
    return f"; the convoy zone passes to {captor.owner.value}'s side (R-CONVOY-6)"


# ---- fighters of a sunk carrier (R-CARRIER-8, OQ3-6) ----

def landing_options(board: BoardMap, state: GameState, fighter: Unit) -> list[str]:
    """Spaces within 1 of the fighter where it may land: a territory friendly since the start
    of the turn, or a zone with a friendly carrier that has room (movement owns the answer,
    `escape_places`)."""
    return escape_places(board, state, fighter)


def carrier_with_room(state: GameState, space: str, nation: Nation) -> Unit | None:
    """A friendly carrier in ``space`` with room for one more fighter (R-CARRIER-1)."""
    for carrier in state.units_at(space):
        if carrier.type is UnitType.CARRIER and are_allied(carrier.owner, nation) \
                and len([c for c in state.cargo_of(carrier.id) if is_air(c.type)]) \
                < CARRIER_CAPACITY:
            return carrier
    return None


def queue_fighter_landings(ctx: Context, battle: Battle) -> None:
    """Ask the owner where each surviving fighter of a sunk carrier lands; one with nowhere to
    go is lost."""
    state = ctx.state
    battle.homeless_fighters = [u.id for u in active(state, battle.homeless_fighters)]
    if battle.homeless_fighters and state.pending is None:
        ask_landing(ctx, battle)


def ask_landing(ctx: Context, battle: Battle) -> None:
    """Ask where the next fighter of a sunk carrier lands. Places are counted when it is asked:
    an earlier fighter may have taken the last room on a carrier, and a fighter with nowhere
    to land is lost (R-CARRIER-8), never left waiting for a choice that has no options."""
    state = ctx.state
    lost: list[Unit] = []
    options: list[str] = []
    while battle.homeless_fighters:
        fighter = state.units[battle.homeless_fighters[0]]
        options = landing_options(ctx.board, state, fighter)
        if options:
            break
        battle.homeless_fighters.pop(0)
        note_loss(battle, fighter)   # the result lists every loss, cargo included
        state.remove_unit(fighter.id)
        lost.append(fighter)
    if lost:
        # One line for the fighters lost together, as for the other losses of a battle.
        ctx.emit(UnitsLost(space=lost[0].space, units=tuple(f.id for f in lost),
                           summary=count_phrase(f.type for f in lost),
                           reason="its carrier sank and it could not land (R-CARRIER-8)",
                           lost=count_units([(f.owner, f.type) for f in lost]),
                           rule="R-CARRIER-8"))
    if battle.homeless_fighters:
        fighter = state.units[battle.homeless_fighters[0]]
        ask(ctx, FighterLanding(power=power_of(fighter.owner), battle=battle.id,
                                unit=fighter.id, options=tuple(options)))
