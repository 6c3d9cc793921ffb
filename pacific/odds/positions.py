"""Odds models from a game position: one conversion from the units of a `GameState` to a
`BattleSpec`, shared by the battle board (the battle being fought) and the computer player (an
attack it considers). Who fights, at which value, comes from the rules engine's own queries, so
the odds never disagree with the game.

- `battle_spec(board, state, battle)`: the battle of the game as it stands (land and naval).
- `attack_spec(board, state, space, attackers, ...)`: a battle that would be fought if
  ``attackers`` (units of the state, wherever they stand now) attacked ``space``: a land or
  naval battle, or an amphibious assault with units landing from the sea and cover fire.
  An Allied naval attack in a kamikaze zone meets the kamikazes Japan would throw at it.
- `kamikaze_aims(state, ships, tokens)`: the ships Japan's computer player aims its kamikazes
  at, shared by its declaration (`pacific.ai.decisions`) and the odds of an attack above.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from pydantic import ValidationError

from pacific.odds.model import BattleKind, BattleSpec, ForceSpec, KamikazeTarget, Units
from pacific.rules.battle_records import Battle
from pacific.rules.battle_records import BattleKind as GameBattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.forces import NEVER_CASUALTIES, surprise
from pacific.rules.combat.kamikaze import is_target, kamikaze_zone
from pacific.rules.nations import POWER_NATIONS, Power, are_enemies, power_of
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, is_land, is_sea

__all__ = ["KAMIKAZE_ORDER", "KAMIKAZE_RESERVE", "attack_spec", "battle_spec", "defenders_at",
           "force", "kamikaze_aims"]

# Kamikaze targets in the computer player's order of preference (R-KAMI-5: surface ships
# only): a carrier takes its fighters' deck with it, a loaded transport its cargo. An empty
# transport is worth no token; an undamaged battleship takes two (R-BB-1).
KAMIKAZE_ORDER = (UnitType.CARRIER, UnitType.TRANSPORT, UnitType.BATTLESHIP,
                  UnitType.DESTROYER)
# Tokens the computer player's Japan keeps, in an Allied combat phase, for the naval battles
# it fights in its own seas (R-KAMI-8): the track is all it has for the game (R-KAMI-1).
KAMIKAZE_RESERVE = 2


def force(state: GameState, units: Iterable[Unit], bystanders: Iterable[Unit] = ()
          ) -> ForceSpec:
    """One side: its units by type, its damaged battleships and the cargo of its transports
    (R-NAVAL-2: cargo sinks with its ship).

    Raises:
        pydantic.ValidationError: the units make no valid force (never for units of a state).
    """
    units = list(units)
    loads: list[Units] = []
    for u in units:
        if u.type is UnitType.TRANSPORT:
            cargo = Counter(c.type for c in state.cargo_of(u.id))
            if cargo:
                loads.append(dict(cargo))
    return ForceSpec(
        units=dict(Counter(u.type for u in units)),
        damaged_battleships=sum(1 for u in units if u.type is UnitType.BATTLESHIP
                                and u.damaged),
        transport_loads=loads,
        bystanders=dict(Counter(u.type for u in bystanders)))


def _first_turn(board: BoardMap, state: GameState, battle: Battle,
                defenders: Sequence[Unit]) -> bool:
    # R-FIRSTTURN-1/2, OQ3-21: the engine's own test, unit by unit.
    return any(surprise(board, state, battle, u) for u in defenders)


def battle_spec(board: BoardMap, state: GameState, battle: Battle) -> BattleSpec | None:
    """The odds model of ``battle`` as it stands, or None when the calculator does not cover
    it (assaults, raids, stand-alone kamikaze attacks) or a side is empty. Kamikazes declared
    against a naval battle count (R-KAMI-8)."""
    if battle.assault is not None or battle.kind not in (GameBattleKind.LAND,
                                                         GameBattleKind.NAVAL):
        return None
    attackers = [state.units[i] for i in battle.attackers if i in state.units]
    defenders = [state.units[i] for i in battle.defenders if i in state.units]
    if not attackers or not defenders:
        return None
    kind = BattleKind.LAND if battle.kind is GameBattleKind.LAND else BattleKind.NAVAL
    try:
        return BattleSpec(kind=kind, attacker=force(state, attackers),
                          defender=force(state, defenders),
                          first_turn=_first_turn(board, state, battle, defenders),
                          kamikazes=_declared_kamikazes(state, battle),
                          # (the side whose ships the kamikazes strike: the Allies')
                          kamikaze_side="defender" if battle.attacker is Power.JAPAN
                          else "attacker")
    except ValidationError:
        return None


def _declared_kamikazes(state: GameState, battle: Battle) -> list[UnitType | KamikazeTarget]:
    """The kamikazes declared against this battle's ships and not yet struck: they strike at
    the start of its first round (R-KAMI-8), one token per entry, several on one ship
    (OQ3-4)."""
    return _aimed(state, [t for t in battle.kamikaze if t in state.units])


def _aimed(state: GameState, targets: Iterable[int]) -> list[UnitType | KamikazeTarget]:
    """The kamikazes at ``targets`` (ship ids, one per token) as the odds model names them."""
    tokens = Counter(targets)
    return [KamikazeTarget(ship=state.units[t].type, kamikazes=n, damaged=state.units[t].damaged)
            for t, n in sorted(tokens.items())]


def kamikaze_aims(state: GameState, ships: Iterable[Unit], tokens: int) -> list[Unit]:
    """The ships among ``ships`` (kamikaze targets, R-KAMI-5) the computer player's Japan
    aims ``tokens`` kamikazes at, one entry per token, in the order it names them: by
    `KAMIKAZE_ORDER`, each ship's first token before any ship's second (OQ3-4)."""
    slots: list[tuple[int, int, int, Unit]] = []
    for ship in ships:
        if ship.type not in KAMIKAZE_ORDER:
            continue
        if ship.type is UnitType.TRANSPORT and not state.cargo_of(ship.id):
            continue
        wanted = 2 if ship.type is UnitType.BATTLESHIP and not ship.damaged else 1
        slots.extend((KAMIKAZE_ORDER.index(ship.type), k, ship.id, ship) for k in range(wanted))
    slots.sort(key=lambda s: s[:3])
    return [s[3] for s in slots[:max(0, tokens)]]


def _kamikazes_met(board: BoardMap, state: GameState, zone: str, power: Power,
                   ships: Iterable[Unit]) -> list[UnitType | KamikazeTarget]:
    """The kamikazes Japan would throw at ``ships`` of ``power`` attacking ``zone``: only an
    Allied power moving ships into a kamikaze zone (R-KAMI-2, R-KAMI-4), at its own surface
    ships, as the computer player declares them (`kamikaze_aims`, `KAMIKAZE_RESERVE` kept);
    they strike in the first round of the naval battle (R-KAMI-8)."""
    if power is Power.JAPAN or not kamikaze_zone(board, zone):
        return []
    targets = [u for u in ships if is_target(u)]
    if not targets:
        return []
    return _aimed(state, [u.id for u in kamikaze_aims(
        state, targets, state.kamikaze_tokens - KAMIKAZE_RESERVE)])


def defenders_at(board: BoardMap, state: GameState, space: str, power: Power) -> list[Unit]:
    """The units that would defend ``space`` against ``power``: its enemies' units there,
    not submerged (R-SUB-8), never an industrial complex (R-COMBAT-6); AA guns defend a
    territory (R-AA-2); aircraft on patrol over a zone defend the zone, not an island in it
    (R-CAP-4, R-CAP-6)."""
    nation = POWER_NATIONS[power][0]
    at_sea = board.is_sea(space)
    return sorted((u for u in state.units.values()
                   if u.space == space and are_enemies(u.owner, nation) and not u.submerged
                   and u.type is not UnitType.INDUSTRIAL_COMPLEX
                   and _fights_in(u, at_sea)), key=lambda u: u.id)


def _fights_in(unit: Unit, at_sea: bool) -> bool:
    """Ships and aircraft fight at sea (cargo does not: R-NAVAL-2); land units and aircraft
    on land."""
    return not is_land(unit.type) if at_sea else not is_sea(unit.type)


def attack_spec(board: BoardMap, state: GameState, space: str, attackers: Iterable[Unit], *,
                landing: Iterable[Unit] = (), bombard: Iterable[Unit] = (),
                defenders: Iterable[Unit] | None = None, kamikazes: bool = True
                ) -> BattleSpec | None:
    """The battle fought if ``attackers`` (units of the state of one power, wherever they are
    now) attacked ``space``: land units and aircraft against a territory, ships and aircraft
    against a sea zone. ``landing`` are land units landing from the sea in an amphibious
    assault on the territory and ``bombard`` the battleships and destroyers giving cover fire
    there (R-AMPH-6). ``defenders`` defaults to `defenders_at`. In a sea zone the other Allied
    power's units there stand with an Allied attacker (R-MULTI-4), and in a kamikaze zone
    Japan's kamikazes strike the Allied attacker's ships (`_kamikazes_met`) unless
    ``kamikazes`` is False. None when a side is empty or the forces make no battle the
    calculator covers."""
    attacking = sorted(attackers, key=lambda u: u.id)
    landed = sorted(landing, key=lambda u: u.id)
    if not attacking and not landed:
        return None
    power = power_of((attacking or landed)[0].owner)
    held = list(defenders) if defenders is not None else defenders_at(board, state, space,
                                                                      power)
    if not [u for u in held if u.type not in NEVER_CASUALTIES]:
        return None
    at_sea = board.is_sea(space)
    kind = GameBattleKind.NAVAL if at_sea else GameBattleKind.LAND
    probe = Battle(id=0, space=space, kind=kind, attacker=power)
    first_turn = _first_turn(board, state, probe, held)
    bystanders: list[Unit] = []
    if at_sea:
        nation = POWER_NATIONS[power][0]
        bystanders = [u for u in state.units.values() if u.space == space
                      and power_of(u.owner) is not power and not are_enemies(u.owner, nation)
                      and not u.submerged and _fights_in(u, at_sea=True)]
    try:
        if landed:
            return BattleSpec(
                kind=BattleKind.AMPHIBIOUS,
                attacker=force(state, [u for u in attacking if not is_sea(u.type)]),
                defender=force(state, held),
                landing=dict(Counter(u.type for u in landed if is_land(u.type))),
                bombard=dict(Counter(u.type for u in bombard
                                     if u.type in (UnitType.BATTLESHIP, UnitType.DESTROYER))),
                first_turn=first_turn)
        fighting = [u for u in attacking if _fights_in(u, at_sea)]
        return BattleSpec(
            kind=BattleKind.NAVAL if at_sea else BattleKind.LAND,
            attacker=force(state, fighting, sorted(bystanders, key=lambda u: u.id)),
            defender=force(state, held), first_turn=first_turn,
            kamikazes=_kamikazes_met(board, state, space, power, fighting)
            if at_sea and kamikazes else [])
    except ValidationError:
        return None
