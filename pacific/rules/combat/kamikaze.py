"""Kamikaze attacks (R-KAMI-1..8, OQ3-2..5).

- Allied turn: when phase 4 begins, if the phasing Allied player moved a surface ship into a
  kamikaze zone this combat movement (OQ3-3), Japan is asked once for its declaration: any
  Allied surface ship in such a zone may be a target, one token per target, repeats allowed
  (OQ3-4). Targets in a zone where a naval battle will be fought strike in its first round
  (R-KAMI-8); elsewhere the attack is resolved at once (a stand-alone attack, which counts as a
  naval battle there and so bars cover fire, R-KAMI-7).
- Japan's turn: only inside a naval battle Japan fights in a kamikaze zone (OQ3-2); Japan is
  asked when that battle begins, targets among the defending surface ships.
Dice: one die per token, rolled together in the order of the declaration, each hitting its
own target on 2 (R-KAMI-6).
"""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.battle_records import Battle, BattleKind, BattleStep
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.casualties import apply_hits
from pacific.rules.combat.conclusion import queue_fighter_landings
from pacific.rules.combat.events import KamikazeSpent
from pacific.rules.combat.flow import ask
from pacific.rules.combat.values import KAMIKAZE_HIT
from pacific.rules.decisions import KamikazeChoice
from pacific.rules.errors import IllegalCombatChoice, plural
from pacific.rules.events import Aim, DiceLabel, count_units
from pacific.rules.nations import Nation, Power, are_enemies, power_of
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import is_surface_ship, unit_noun


def allied_zones(board: BoardMap, state: GameState) -> list[str]:
    """Kamikaze zones the phasing Allied player moved a ship into this turn (R-KAMI-4)."""
    if state.power is Power.JAPAN:
        return []
    zones = {u.space for u in state.units.values()
             if u.combat_moved and is_surface_ship(u.type) and u.carried_by is None
             and kamikaze_zone(board, u.space) and u.owner is not Nation.JAPAN
             and _phasing(state, u.owner)}
    return sorted(zones)


def _phasing(state: GameState, nation: Nation) -> bool:
    return power_of(nation) is state.power


def kamikaze_zone(board: BoardMap, space: str) -> bool:
    """``space`` is a sea zone bearing the kamikaze symbol (R-KAMI-2)."""
    zone = board.sea_zone_by_id.get(space)
    return zone is not None and zone.kamikaze


def is_target(unit: Unit) -> bool:
    """``unit`` could be a kamikaze target in a kamikaze zone: an enemy of Japan's surface
    ship, never a submarine, not carried (R-KAMI-5)."""
    return is_surface_ship(unit.type) and are_enemies(unit.owner, Nation.JAPAN) \
        and unit.carried_by is None


def allowed_targets(board: BoardMap, state: GameState, battle: Battle | None) -> list[int]:
    """Ship ids Japan may name now (R-KAMI-5: any surface ship, never a submarine)."""
    zones = [battle.space] if battle is not None else allied_zones(board, state)
    return sorted(u.id for z in zones for u in state.units_at(z) if is_target(u))


def ask_at_phase_start(ctx: Context) -> None:
    """Queue Japan's declaration for an Allied combat phase (R-KAMI-3/4)."""
    state = ctx.state
    if state.kamikaze_tokens <= 0 or not allowed_targets(ctx.board, state, None):
        return
    ask(ctx, KamikazeChoice(power=Power.JAPAN, battle=None,
                            zones=tuple(allied_zones(ctx.board, state)),
                            tokens=state.kamikaze_tokens))


def ask_in_battle(ctx: Context, battle: Battle) -> None:
    """Step of a naval battle Japan attacks in a kamikaze zone (R-KAMI-8, OQ3-2)."""
    battle.step = BattleStep.DECIDE
    state = ctx.state
    if battle.attacker is not Power.JAPAN or battle.kamikaze_asked \
            or not kamikaze_zone(ctx.board, battle.space) or state.kamikaze_tokens <= 0:
        return
    battle.kamikaze_asked = True
    if allowed_targets(ctx.board, state, battle):
        ask(ctx, KamikazeChoice(power=Power.JAPAN, battle=battle.id, zones=(battle.space,),
                                tokens=state.kamikaze_tokens))


def check(board: BoardMap, state: GameState, battle: Battle | None,
          targets: Sequence[int]) -> None:
    """Raises IllegalCombatChoice for too many tokens or a target that is not allowed."""
    if len(targets) > state.kamikaze_tokens:
        raise IllegalCombatChoice(
            "R-KAMI-1", plural("Japan has only {count} kamikaze token left, not {wanted}.",
                               "Japan has only {count} kamikaze tokens left, not {wanted}."),
            count=state.kamikaze_tokens, wanted=len(targets))
    allowed = set(allowed_targets(board, state, battle))
    for t in targets:
        if t not in allowed:
            raise IllegalCombatChoice(
                "R-KAMI-5", "That unit cannot be a kamikaze target: targets are Allied surface "
                "ships, not submarines, in a kamikaze zone where the attack is allowed now "
                "(see also R-KAMI-2, R-KAMI-4).")


def declare(ctx: Context, battle: Battle | None, targets: Sequence[int]) -> None:
    """Spend the tokens and resolve or schedule each attack."""
    state = ctx.state
    if not targets:
        return
    state.kamikaze_tokens -= len(targets)
    ctx.emit(KamikazeSpent(targets=tuple(targets), left=state.kamikaze_tokens))
    if battle is not None:
        battle.kamikaze.extend(targets)
        return
    by_zone: dict[str, list[int]] = {}
    for t in targets:
        by_zone.setdefault(state.units[t].space, []).append(t)
    for zone, zone_targets in by_zone.items():
        fight = next((b for b in state.battles if b.space == zone
                      and b.kind is BattleKind.NAVAL and b.status == "waiting"), None)
        if fight is not None:
            fight.kamikaze.extend(zone_targets)  # R-KAMI-8: in its first round
            continue
        # The ships fired at are its defenders, one target per token: the battle board
        # shows who was attacked, and the defence is theirs (R-KAMI-5).
        record = Battle(id=len(state.battles) + 1, space=zone, kind=BattleKind.KAMIKAZE,
                        attacker=Power.JAPAN, status="over", outcome="K",
                        defenders=sorted(set(zone_targets)), kamikaze=list(zone_targets))
        state.own("battles").append(record)
        hit = _roll(ctx, zone_targets, zone)
        # Stand-alone: losses removed at once (OQ3-5).
        apply_hits(ctx, record, hit, True, "kamikaze (R-KAMI-6)", "R-KAMI-6")
        queue_fighter_landings(ctx, record)


def _roll(ctx: Context, targets: Sequence[int], zone: str) -> list[int]:
    # One die per token, each at its declared ship, named in the order the dice are rolled.
    named = ", ".join(unit_noun(ctx.state.units[t].type) for t in targets)
    ships = [ctx.state.units[t] for t in targets]
    dice = ctx.roll(len(targets), f"Kamikaze in {zone}: at {named} hit on {KAMIKAZE_HIT}",
                    KAMIKAZE_HIT, by=Nation.JAPAN,
                    # each ship fired at counted once: two tokens at one destroyer are two
                    # dice "at 1 destroyer", not at two of them; and each die's own ship, so
                    # that the board and the log say which die hit which ship
                    label=DiceLabel(kind="kamikaze", space=zone,
                                    units=count_units((s.owner, s.type)
                                                      for s in {s.id: s for s in ships}.values()),
                                    aimed=tuple(Aim(unit=s.id, nation=s.owner, unit_type=s.type)
                                                for s in ships)))
    return [t for t, d in zip(targets, dice, strict=True) if d <= KAMIKAZE_HIT
            and t in ctx.state.units]


def strike_in_battle(ctx: Context, battle: Battle) -> None:
    """Round 1 of a naval battle: declared kamikazes strike before first strike; ships they
    sink are set aside and still fire this round (R-KAMI-8, OQ3-5)."""
    targets = [t for t in battle.kamikaze if t in ctx.state.units]
    # Rolled before anything changes: with dice as decisions the step may run again.
    hit = _roll(ctx, targets, battle.space) if targets else []
    battle.step = BattleStep.FIRST_STRIKE
    battle.kamikaze = []
    if targets:
        apply_hits(ctx, battle, hit, False, "kamikaze")
