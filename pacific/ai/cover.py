"""A fleet's fighters kept aboard where the fleet without them is lost wherever it can end (the
careful level).

Fighters aboard a carrier that fly in the combat movement land where their move leaves them
(R-AIR-2, R-AIR-3), often not back on their carrier: an attack two or three zones away uses up
the flight home. The fleet then sails in non-combat movement without their defence. Twice the
fleet was lost in every zone of its reach once they had flown, while with them aboard a zone
held: the United Kingdom's Indian Ocean force (a battleship and a carrier, its two fighters
sent on two Japanese transports four zones from home, landed on Guam), and Japan's main fleet
late in a game (two of its eight fighters sent on a zone of transports, landed on the Ryukyu
Islands; the fleet, sunk at 0.98 by the counter's look in the zone it sailed to, was
`cornered`'s to sell the turn after, too late).

`kept_aboard` reads the turn's attacks so: for each zone of this power's with a fleet (what
blunder class 2 counts) and carriers that none of the attacks sends, whose fighters aboard an
attack sends, the fleet's chance in the zones of its non-combat reach is read by
`cornered.cornered` (the lower of the priced look and the counter's) with the fighters aboard
and without those sent: where it is cornered only without them, they stay aboard.
`combat_move` then leaves them out of their attacks (an attack that needs them is not made)."""

from __future__ import annotations

from pacific.ai.attacks import Attack
from pacific.ai.blunders import LOST, is_fleet
from pacific.ai.cornered import cornered
from pacific.ai.doomed import sea_moves
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_air, is_warship

# The careful powers whose fleets keep their fighters so: Japan and the United Kingdom, whose
# fleets were lost for them (docs/ai-journal.md).
COVER_POWERS = (Power.JAPAN, Power.UK)


def kept_aboard(turn: Turn, attacks: list[Attack]) -> set[int]:
    """The fighters ``attacks`` send from a fleet's carriers that stay aboard (the module's
    docstring)."""
    if not (turn.level.careful and turn.state.power in COVER_POWERS):
        return set()
    state, view = turn.state, turn.view
    sent = {i for a in attacks for i in a.unit_ids()}
    zones = sorted({u.space for u in state.units.values() if turn.ours(u)
                    and u.type is UnitType.CARRIER and turn.board.is_sea(u.space)})
    out: set[int] = set()
    for zone in zones:
        here = [u for u in view.friends_at(zone) if turn.ours(u)]
        ships = [u for u in here if is_warship(u.type)]
        if not is_fleet(ships) or any(u.id in sent or u.combat_moved or u.fought
                                      for u in ships):
            continue
        decks = {u.id for u in ships if u.type is UnitType.CARRIER}
        aboard = [u for u in here if is_air(u.type) and u.carried_by in decks]
        flying = [u for u in aboard if u.id in sent]
        if not flying:
            continue
        reach = set.intersection(*(sea_moves(turn, u) for u in ships))
        staying = [u for u in aboard if u.id not in sent]
        if cornered(_flown(turn, flying), zone, [*ships, *staying], reach) >= LOST \
                and cornered(turn, zone, [*ships, *aboard], reach) < LOST:
            out.update(u.id for u in flying)
    return out


def _flown(turn: Turn, flying: list[Unit]) -> Turn:
    """``turn``'s look at the position with ``flying`` gone from their deck (where they land
    is not known yet: they defend none of the fleet's zones)."""
    gone = {u.id for u in flying}
    units = {i: u for i, u in turn.state.units.items() if i not in gone}
    return turn.at(turn.state.model_copy(update={"units": units}))


__all__ = ["COVER_POWERS", "kept_aboard"]
