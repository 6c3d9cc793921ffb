"""Japan's small pairs that attack where they are then sunk (the careful level's Japan).

Japan plans its combat movement without the care (`levels.Level.japan_attack_care`): the
ships a sea battle leaves where they fought are not priced, though they cannot move on in
non-combat movement (R-NONCOMBAT-2). For its main fleet that was measured to be right (the
care kept it out of the fights that hold its income); for a pair of small warships (two
submarines, a destroyer and a submarine) it traded the pair for a few IPC: two submarines on
an American submarine on its convoy route, a destroyer and a submarine on two Australian
transports, each won and then sunk where it fought by every look, while the zone the pair
began in, or one beside it, was held by the blunder counter's own look
(`blunders.counter_look`).

`spare_pairs` reads such an attack with that look: where the survivors are a fleet (what
blunder class 2 counts) the look sinks at the target, and the pair holds a zone of its reach
by the same look, the attack is made only if it is still worth something with the pair
counted lost there (its value times the look's chance); left out, the pair stays or sails
where it holds (`fleet.destination_look`). A pair lost wherever it ends is left to
`doomed.sell_dear`: there the fight is the better use of it."""

from __future__ import annotations

from pacific.ai.attacks import Attack, win_chance
from pacific.ai.blunders import LOST, counter_look, is_fleet
from pacific.ai.doomed import doom, sea_moves
from pacific.ai.judge import value
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Side
from pacific.rules.units import UnitType

U = UnitType
# The careful sides whose pairs are read so: Japan, whose combat movement plans without the
# care (docs/ai-journal.md).
PAIR_SIDES = (Side.AXIS,)
# From this round: Japan's opening (rounds 1-2, the same position in every game) plays as
# measured; its round-2 raids are pairs of this kind (docs/ai-journal.md).
PAIR_FROM_ROUND = 3
# The ships a pair is made of: small warships, no battleship or carrier (a fleet alone).
PAIR_TYPES = (U.SUBMARINE, U.DESTROYER)


def spare_pairs(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """``attacks`` without each small pair's sea attack that is worth nothing once the pair,
    sunk where it fought by the counter's look, is counted lost, where the pair holds a zone
    of its reach by that look (the module's docstring). ``turn`` is the careful level's."""
    if not turn.level.careful or turn.view.side not in PAIR_SIDES \
            or turn.state.round < PAIR_FROM_ROUND:
        return attacks
    out = []
    for attack in attacks:
        kept = _read(turn, attack)
        if kept is not None:
            out.append(kept)
    return out


def _read(turn: Turn, attack: Attack) -> Attack | None:
    """``attack`` as the module's docstring reads it: itself, or None where it is left out."""
    target = attack.target
    ships = attack.attackers()
    if attack.raid or attack.landings or not turn.board.is_sea(target) \
            or attack.result is None or not ships \
            or any(u.type not in PAIR_TYPES for u in ships) or not is_fleet(ships):
        return attack
    look = counter_look(turn)
    staying = [moved(u, target) for u in ships]
    stuck = look.danger(target, defenders=staying)
    if stuck < LOST:
        return attack
    here = ships[0].space
    if any(u.space != here for u in ships):
        return attack
    reach = set.intersection(*(sea_moves(turn, u) for u in ships))
    if doom(turn, here, ships, reach, look) >= LOST:
        return attack     # lost wherever it ends: the fight sells it (`doomed`)
    chance = win_chance(turn, attack.result, target)
    if attack.score - chance * value(staying) * stuck > 0:
        return attack
    return None


__all__ = ["PAIR_FROM_ROUND", "PAIR_SIDES", "spare_pairs"]
