"""What happened, in the active language, with names, never ids:

    describe_event(event, board, before)   # "Japan moved 6 infantry Manchuria → Anhwe"

``before`` is the position before the action that made the event: units an event names by id
(moved, retreated, submerged) are looked up there, since some are gone afterwards. The rules'
own ``Event.describe()`` stays the English line for tools and tests.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from importlib import import_module
from typing import Any

from pacific.rules.battle_records import BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.events import (
    BattleEnded,
    BattleshipDamaged,
    BattleStarted,
    BombingDamage,
    FightersIntercepted,
    KamikazeSpent,
    UnitsLost,
    UnitsRetreated,
    UnitsSubmerged,
)
from pacific.rules.economy.events import (
    ConvoyZoneCaptured,
    GameWon,
    VictoryPointsChanged,
)
from pacific.rules.events import (
    DiceLabel,
    DiceRolled,
    Event,
    IpcChanged,
    PhaseStarted,
    TerritoryCaptured,
    UnitCount,
    UnitsChanged,
)
from pacific.rules.history import History
from pacific.rules.movement.events import AircraftLost, UnitsLoaded, UnitsMoved, UnitsUnloaded
from pacific.rules.nations import Nation, power_of
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.aims import aimed_dice, aims_match
from pacific.text.grammar import Name, fill, names_together, within
from pacific.text.language import N_, Nn_, gettext, ngettext
from pacific.text.names import nation_name, power_name, unit_count
from pacific.text.phases import phase_name
from pacific.text.units import by_owner, counted, lookup, owned, owner_of, some_units
from pacific.text.values import place_text, side_name, unit_noun, units_text

Describer = Callable[[Any, BoardMap, GameState | None], str]
_DESCRIBERS: dict[type[Event], Describer] = {}


def _describes(kind: type[Event]) -> Callable[[Describer], Describer]:
    def register(fn: Describer) -> Describer:
        _DESCRIBERS[kind] = fn
        return fn
    return register


# The sentences of what most games never do, registered when one is first described: the
# edits' (`pacific.text.edits`, with the edit events' classes), whose handlers register on
# first use too (`pacific.rules.registry.handler`).
_LATER = ("pacific.text.edits",)


def registered_later() -> bool:
    """Import the sentences that register on first use (`_LATER`); True when any was not
    registered yet, so that a describer not found may be looked up again."""
    missing = [name for name in _LATER if name not in sys.modules]
    for name in missing:
        import_module(name)
    return bool(missing)


def describe_event(event: Event, board: BoardMap, before: GameState | None = None) -> str:
    """One line for the event log, in the active language. ``before`` is the position before
    the action that made the event (units named by id are looked up there)."""
    describer = _DESCRIBERS.get(type(event))
    if describer is None and registered_later():
        describer = _DESCRIBERS.get(type(event))
    return event.describe() if describer is None else describer(event, board, before)


def _say(template: str, board: BoardMap, **values: object) -> str:
    """``template`` (marked with N_) in the active language, places given by id shown by
    name (values named ``space``, ``to``, ``zone``, ``territory``)."""
    shown = {k: place_text(v, board) if k in _PLACES and isinstance(v, str) else v
             for k, v in values.items()}
    return fill(gettext(template), shown)


_PLACES = ("space", "to", "zone", "territory", "capital", "japan")


def _with_rule(text: str, rule: str) -> str:
    return gettext("{sentence} ({rule_id})").format(sentence=text, rule_id=rule) if rule \
        else text


def _path(board: BoardMap, path: Iterable[str]) -> str:
    return " → ".join(place_text(space, board) for space in path)


# ---- the turn ----

@_describes(PhaseStarted)
def _phase(event: PhaseStarted, board: BoardMap, before: GameState | None) -> str:
    return _say(N_("Round {round}, {power}: phase {number}, {phase}"), board,
                round=event.round, power=power_name(event.power), number=event.phase.number,
                phase=phase_name(event.phase))


@_describes(UnitsChanged)
def _units_changed(event: UnitsChanged, board: BoardMap, before: GameState | None) -> str:
    if event.count > 0:
        return placed_text(event.nation, [(event.unit_type, event.count)], event.space, board)
    return _say(N_("{nation} removed {units} from {space}"), board,
                nation=nation_name(event.nation),
                units=unit_count(event.unit_type, -event.count), space=event.space)


def placed_text(nation: Nation, units: Iterable[tuple[UnitType, int]], space: str,
                board: BoardMap) -> str:
    """"Japan placed 3 infantry, 1 artillery in Japan": a nation's units placed in a space."""
    return _say(N_("{nation} placed {units} in {space}"), board, nation=nation_name(nation),
                units=units_text(units), space=space)


_IPC_CAUSES: dict[tuple[str, bool], str] = {
    ("purchase", False): N_("{nation} pays {amount} IPC for the units bought"),
    ("income", True): N_("{nation} collects {amount} IPC of income"),
    ("convoy", True): N_("{nation} receives {amount} IPC of British convoy income"),
    ("bombing", False): N_("{nation} pays {amount} IPC for the bombing of {space}"),
    ("capital", False): N_("{nation} hands over {amount} IPC: its capital {space} was "
                           "captured"),
    ("capital", True): N_("{nation} seizes {amount} IPC with the capital {space}"),
    ("", True): N_("{nation} receives {amount} IPC"),
    ("", False): N_("{nation} pays {amount} IPC"),
}


@_describes(IpcChanged)
def _ipc(event: IpcChanged, board: BoardMap, before: GameState | None) -> str:
    gain = event.delta >= 0
    if event.cause == "purchase" and event.units:
        return _say(N_("{nation} buys {units} for {amount} IPC"), board,
                    nation=nation_name(event.nation), amount=abs(event.delta),
                    units=units_text(event.units))
    template = _IPC_CAUSES.get((event.cause, gain)) or _IPC_CAUSES[("", gain)]
    return _say(template, board, nation=nation_name(event.nation), amount=abs(event.delta),
                space=event.space or "")


@_describes(TerritoryCaptured)
def _captured(event: TerritoryCaptured, board: BoardMap, before: GameState | None) -> str:
    if event.old_owner is None:
        taken = _say(N_("{captor} takes {space}"), board, captor=nation_name(event.new_owner),
                     space=event.space)
    else:
        taken = _say(N_("{captor} takes {space} from {owner}"), board,
                     captor=nation_name(event.new_owner), space=event.space,
                     owner=nation_name(event.old_owner))
    if event.route_withheld is None:
        return taken
    # Why the chart does not rise: a player who took the territory looks for its IPCs.
    return _with_rule(_say(N_("{taken}: its IPCs count for {captor} only once its convoy "
                              "route, {zone}, is held by {captor}'s side"), board,
                           taken=taken, captor=nation_name(event.new_owner),
                           zone=event.route_withheld), "R-CONVOY-12")


@_describes(ConvoyZoneCaptured)
def _convoy(event: ConvoyZoneCaptured, board: BoardMap, before: GameState | None) -> str:
    template = N_("{captor} captures the convoy in {zone}") if event.new_holder else \
        N_("{captor} retakes the convoy in {zone} for its original owner")
    return _say(template, board, captor=nation_name(event.captor), zone=event.zone)


_VP_CAUSES: dict[str, str] = {
    "income": N_("Japan gains {delta} VP for {ipcs} IPC collected this turn: {total} in all"),
    "bombing": N_("Japan loses {delta} VP for the bombing of {space}: {total} left"),
    "capital": N_("Japan loses {delta} VP: its capital was captured; {total} left"),
}


@_describes(VictoryPointsChanged)
def _vp(event: VictoryPointsChanged, board: BoardMap, before: GameState | None) -> str:
    template = _VP_CAUSES.get(event.cause)
    if template is None:
        template = N_("Japan gains {delta} VP: {total} in all") if event.delta >= 0 else \
            N_("Japan loses {delta} VP: {total} left")
    return _say(template, board, delta=abs(event.delta), total=event.total,
                ipcs=event.ipcs or 0, space=event.space or "")


_WINS: dict[str, str] = {
    "R-VICTORY-1": N_("Japan wins: it has held {capital} since its last turn and still "
                      "holds {japan}"),
    "R-VICTORY-2": N_("Japan wins with {points} victory points, reaching {goal}"),
    "R-VICTORY-3": N_("The Allies win: {holder} has held {japan} since its last turn and "
                      "its own capitals are safe"),
    "R-VICTORY-4": N_("The Allies win: Japan collected only {ipcs} IPC this turn, not "
                      "enough for a victory point"),
}


@_describes(GameWon)
def _won(event: GameWon, board: BoardMap, before: GameState | None) -> str:
    template = _WINS.get(event.rule)
    if template is None:
        return event.reason
    text = _say(template, board, capital=event.capital or "",
                japan=board.capitals.get(Nation.JAPAN, ""),
                holder=nation_name(event.holder) if event.holder else "",
                points=event.points or 0, goal=board.victory_points_to_win,
                ipcs=event.ipcs or 0)
    return _with_rule(text, event.rule)


# ---- dice ----

_HITS = Nn_("{count} hit", "{count} hits")
# What a roll is for, by its kind: the dice of these units fire, or fire at these units.
_FIRING_STEPS: dict[str, str] = {
    "attack": N_("Attack in {space}"),
    "defence": N_("Defence in {space}"),
    "first_strike": N_("First strike in {space}"),
    "cover_fire": N_("Cover fire on {space}"),
    "interceptors": N_("Interceptors over {space}"),
    "escorts": N_("Escorts over {space}"),
}
_BOMBING = N_("Bombing of {space}")
_TARGET_STEPS: dict[str, str] = {
    "aa_fire": N_("AA fire in {space}"),
    "raid_aa_fire": N_("AA fire at the raid on {space}"),
    "retreat_aa_fire": N_("AA fire over {space} at retreating aircraft"),
    "flyover_aa_fire": N_("AA fire over {space}"),
    "kamikaze": N_("Kamikaze in {space}"),
}


def roll_step(label: DiceLabel, board: BoardMap) -> str:
    """The step a roll belongs to, in the active language: "Attack in Burma"."""
    steps = {**_FIRING_STEPS, **_TARGET_STEPS}
    return _say(steps.get(label.kind, _BOMBING), board, space=label.space)


def roll_units(label: DiceLabel, hit_on: int | None, owners: bool = True) -> str:
    """Who rolls (or who is fired at) and what hits: "Japan: 2 infantry hit on 1", "at 2
    fighters, hit on 1"; without ``owners``, the units of one owner are only counted ("2
    infantry hit on 1")."""
    units = owned(label.units) if owners or len({c.nation for c in label.units}) > 1 \
        else counted(label.units)
    if label.kind in _FIRING_STEPS:
        if hit_on is None:
            return units
        return gettext(N_("{units} hit on {hit_on}")).format(units=units, hit_on=hit_on)
    if label.kind in _TARGET_STEPS:
        return gettext(N_("at {units}, hit on {hit_on}")).format(units=counted(label.units),
                                                                 hit_on=hit_on)
    return units


def roll_purpose(label: DiceLabel, board: BoardMap, hit_on: int | None) -> str:
    """What a roll is for, in the active language: "Attack in Burma — Japan: 2 infantry hit
    on 1", "AA fire in Burma — at 2 fighters, hit on 1"."""
    return gettext(N_("{step} — {units}")).format(step=roll_step(label, board),
                                                  units=roll_units(label, hit_on))


@_describes(DiceRolled)
def _dice(event: DiceRolled, board: BoardMap, before: GameState | None) -> str:
    text = _rolled(event, board)
    if event.typed_in:  # rolled at the table and typed in
        return gettext(N_("{line} (dice typed in)")).format(line=text)
    return text


def _rolled(event: DiceRolled, board: BoardMap) -> str:
    values = " ".join(str(v) for v in event.values)
    if event.label is None:
        # A roll of an older save without a label: its numbers.
        what = gettext("Dice rolled")
    else:
        what = roll_purpose(event.label, board, event.hit_on)
    if event.label is not None and aims_match(event.label, event.values):
        # Each die at its own ship (kamikaze, R-KAMI-6): which die hit which ship.
        return gettext(N_("{step}, each die at its ship, hit on {hit_on}: {dice}")).format(
            step=roll_step(event.label, board), hit_on=event.hit_on,
            dice=aimed_dice(event.label, event.values, event.hit_on))
    if event.hits is None:
        if event.label is not None and event.label.kind == "bombing":
            return gettext(N_("{what}: rolled {values}, {total} in all")).format(
                what=what, values=values, total=sum(event.values))
        return gettext(N_("{what}: rolled {values}")).format(what=what, values=values)
    hits = ngettext(*_HITS, event.hits).format(count=event.hits)
    return gettext(N_("{what}: rolled {values} → {hits}")).format(what=what, values=values,
                                                                  hits=hits)


# ---- battles ----

_ATTACKS = Nn_("Battle in {space}: {attacker} attacks", "Battle in {space}: {attacker} attack")
_ATTACKS_AT_SEA = Nn_("Naval battle in {space}: {attacker} attacks",
                      "Naval battle in {space}: {attacker} attack")
_LANDS = Nn_("Amphibious assault on {space}: {attacker} lands",
             "Amphibious assault on {space}: {attacker} land")


def _attacking_nations(event: BattleStarted, before: GameState | None) -> list[Nation]:
    """The nations whose units attack, as the battle board names them: a power moves its
    nations' units (R-SETUP-1), and the American player's Chinese infantry attack as China
    (R-CHINA-1)."""
    if before is None or event.attacker is None:
        return []
    owners = {unit.owner for unit in before.units.values()
              if unit.space == event.space and power_of(unit.owner) is event.attacker}
    # (an assault's land units are still aboard at sea when its battle begins, R-AMPH-6)
    owners |= {before.units[i].owner for assault in before.amphibious_assaults
               if assault.target == event.space and not assault.called_off
               for i in assault.landing_units if i in before.units}
    return [nation for nation in Nation if nation in owners]


@_describes(BattleStarted)
def _battle_started(event: BattleStarted, board: BoardMap, before: GameState | None) -> str:
    if event.attacker is None:
        return _say(N_("A battle begins in {space}"), board, space=event.space)
    nations = _attacking_nations(event, before)
    attacker = names_together(nation_name(n) for n in nations) if nations \
        else power_name(event.attacker)
    count = max(len(nations), 1)
    if event.amphibious:
        template = ngettext(*_LANDS, count)
    elif event.battle_kind is BattleKind.RAID:
        template = gettext(N_("Strategic bombing raid on {space} by {attacker}"))
    elif event.battle_kind is BattleKind.NAVAL:
        template = ngettext(*_ATTACKS_AT_SEA, count)
    else:
        template = ngettext(*_ATTACKS, count)
    return fill(template, {"space": place_text(event.space, board), "attacker": attacker})


@_describes(UnitsLost)
def _lost(event: UnitsLost, board: BoardMap, before: GameState | None) -> str:
    counts = event.lost or lookup(before, event.units)
    if counts:
        lines = [_say(N_("{nation} lost {units} in {space}"), board,
                      nation=nation_name(nation), units=units, space=event.space)
                 for nation, units in by_owner(counts)]
        text = "; ".join([lines[0], *(within(line) for line in lines[1:])])
    else:
        text = _say(N_("{units} lost in {space}"), board, units=some_units(len(event.units)),
                    space=event.space)
    return _with_rule(text, event.rule)


@_describes(BattleshipDamaged)
def _damaged(event: BattleshipDamaged, board: BoardMap, before: GameState | None) -> str:
    unit = before.units.get(event.unit) if before is not None else None
    if unit is None:
        return gettext("A battleship is damaged (R-BB-1)")
    return _with_rule(_say(N_("The battleship of {nation} in {space} is damaged"), board,
                           nation=nation_name(unit.owner), space=unit.space), "R-BB-1")


def _space_of(before: GameState | None, ids: Iterable[int]) -> str | None:
    if before is None:
        return None
    return next((before.units[i].space for i in ids if i in before.units), None)


@_describes(UnitsSubmerged)
def _submerged(event: UnitsSubmerged, board: BoardMap, before: GameState | None) -> str:
    counts = lookup(before, event.units)
    space = _space_of(before, event.units)
    if not counts or space is None:
        return gettext("Submarines submerge (R-SUB-6)")
    return _with_rule(_say(N_("{units} submerged in {space}"), board, units=owned(counts),
                           space=space), "R-SUB-6")


_RETREATS = Nn_("{nation} retreats {units} from {space} to {to}",
                "{nation} retreat {units} from {space} to {to}")


@_describes(UnitsRetreated)
def _retreated(event: UnitsRetreated, board: BoardMap, before: GameState | None) -> str:
    counts = lookup(before, event.units)
    if not counts:
        return _say(N_("The attacker retreats from {space} to {to}"), board,
                    space=event.space, to=event.to)
    # Every nation whose units leave (India's and Australia's fighters together), as the
    # battle's first line names the attackers.
    owners = len({c.nation for c in counts})
    return fill(ngettext(*_RETREATS, owners), {
        "nation": _owners(counts), "units": counted(counts),
        "space": place_text(event.space, board), "to": place_text(event.to, board)})


_OUTCOMES: dict[str, str] = {
    "A": N_("{attacker} retreated from {space}"),
    "B": N_("{attacker} lost the battle in {space}"),
    "C": N_("{attacker} wins the battle in {space}"),
    "D": N_("Both sides were destroyed in {space}"),
    # At sea a side's submarines that submerged count as gone (R-NAVAL-4 D).
    "D-sea": N_("Neither side has a unit left fighting in {space}: each was sunk or submerged"),
    "E": N_("In {space} no side can hurt the other: the battle ends"),
    "X": N_("The landing on {space} was called off"),
}


@_describes(BattleEnded)
def _battle_ended(event: BattleEnded, board: BoardMap, before: GameState | None) -> str:
    if event.raid:
        return _say(N_("The bombing raid on {space} is over"), board, space=event.space)
    if event.captured_by is not None:
        return _say(N_("{captor} wins the battle in {space} and takes it"), board,
                    captor=nation_name(event.captured_by), space=event.space)
    letter = "D-sea" if event.outcome == "D" and board.is_sea(event.space) else event.outcome
    template = _OUTCOMES.get(letter) if event.attacker is not None else None
    if template is None:
        return _say(N_("The battle in {space} is over"), board, space=event.space)
    # A retreat names the nations whose units left, as the retreat's own line does.
    attacker = names_together(nation_name(n) for n in event.retreated_by) \
        if letter == "A" and event.retreated_by else \
        power_name(event.attacker) if event.attacker else ""
    return _say(template, board, space=event.space, attacker=attacker)


@_describes(BombingDamage)
def _bombing(event: BombingDamage, board: BoardMap, before: GameState | None) -> str:
    return _with_rule(_say(N_("Bombing of {space}: {rolled} rolled, {nation} pays {paid} IPC"),
                           board, space=event.space, rolled=event.rolled,
                           nation=nation_name(event.nation), paid=event.paid), "R-SBR-4")


@_describes(FightersIntercepted)
def _intercepted(event: FightersIntercepted, board: BoardMap, before: GameState | None) -> str:
    if not event.fighters:
        text = _say(N_("{nation} sends no fighter up against the bombing raid on {space}"),
                    board, nation=nation_name(event.nation), space=event.space)
    else:
        # Allied fighters in the territory intercept too (OQ3-22): their owners are named.
        mixed = any(c.nation is not event.nation for c in event.fighters)
        text = _say(N_("{nation} intercepts the bombing raid on {space} with {units}"), board,
                    nation=nation_name(event.nation), space=event.space,
                    units=owned(event.fighters) if mixed else counted(event.fighters))
    return _with_rule(text, "R-SBR-3")


_KAMIKAZE = Nn_("{count} kamikaze token used, {left} left",
                "{count} kamikaze tokens used, {left} left")


@_describes(KamikazeSpent)
def _kamikaze(event: KamikazeSpent, board: BoardMap, before: GameState | None) -> str:
    count = len(event.targets)
    return _with_rule(ngettext(*_KAMIKAZE, count).format(count=count, left=event.left),
                      "R-KAMI-1")


# ---- movement ----

@_describes(UnitsMoved)
def _moved(event: UnitsMoved, board: BoardMap, before: GameState | None) -> str:
    counts = lookup(before, event.units)
    nation = owner_of(counts)
    if nation is None:
        return _say(N_("{units} moved {path}"), board, units=some_units(len(event.units)),
                    path=_path(board, event.path))
    aboard = _cargo(before, event.units)
    if aboard:
        # Cargo moves with its ship (R-TRANS-3, R-CARRIER-2): the line says what went along.
        cargo = counted(aboard) if {c.nation for c in aboard} == {nation} else owned(aboard)
        return _say(N_("{nation} moved {units} carrying {cargo} {path}"), board,
                    nation=nation_name(nation), units=counted(counts), cargo=cargo,
                    path=_path(board, event.path))
    text = _say(N_("{nation} moved {units} {path}"), board, nation=nation_name(nation),
                units=counted(counts), path=_path(board, event.path))
    if event.carriers:
        # Fighters at sea are aboard a carrier, which may not move any more this turn
        # (R-CARRIER-1, R-CARRIER-5): the line says where they landed.
        return _landed_on(text, lookup(before, event.carriers), nation)
    # A raid and an attack on the same territory are the same move on the map: the line
    # says which one the player chose (R-COMBATMOVE-9).
    return _say(N_("{move} (strategic bombing raid)"), board, move=text) if event.raid else text


def _landed_on(move: str, carriers: tuple[UnitCount, ...], nation: Nation) -> str:
    """"…, landing on 1 carrier"; an ally's carriers by their owner ("… of Australia")."""
    owners = [n for n, _ in by_owner(carriers)]
    if not carriers or owners == [nation]:
        return gettext(N_("{move}, landing on {carriers}")).format(
            move=move, carriers=counted(carriers) if carriers
            else unit_count(UnitType.CARRIER, 1))
    return gettext(N_("{move}, landing on {carriers} of {owners}")).format(
        move=move, carriers=counted(carriers),
        owners=names_together(nation_name(n) for n in owners))


def _cargo(before: GameState | None, ids: tuple[int, ...]) -> tuple[UnitCount, ...]:
    """The units aboard the ships ``ids`` in ``before``, counted by owner and type."""
    if before is None:
        return ()
    ships = set(ids)
    return lookup(before, [u.id for u in before.units.values()
                           if u.carried_by in ships and u.id not in ships])


def _ship(before: GameState | None, ship: int) -> tuple[str, str | None]:
    unit = before.units.get(ship) if before is not None else None
    if unit is None:
        return unit_noun(UnitType.TRANSPORT), None
    return unit_noun(unit.type), unit.space


_BOARDED = Nn_("{units} boarded a ship", "{units} boarded a ship")
_BOARDED_IN = Nn_("{units} boarded the {ship} in {space}", "{units} boarded the {ship} in {space}")


@_describes(UnitsLoaded)
def _loaded(event: UnitsLoaded, board: BoardMap, before: GameState | None) -> str:
    counts = lookup(before, event.units)
    ship, space = _ship(before, event.transport)
    units = owned(counts) if counts else some_units(len(event.units))
    # (one unit or several: the Italian participle agrees, "imbarcata", "imbarcate")
    if space is None:
        return fill(ngettext(*_BOARDED, len(event.units)), {"units": units})
    return fill(ngettext(*_BOARDED_IN, len(event.units)), {
        "units": units, "ship": ship, "space": place_text(space, board)})


@_describes(UnitsUnloaded)
def _unloaded(event: UnitsUnloaded, board: BoardMap, before: GameState | None) -> str:
    counts = lookup(before, event.units)
    return landed_text(owned(counts) if counts else some_units(len(event.units)),
                       len(event.units), event.territory, event.assault, board)


_LAND = Nn_("{units} lands in {territory}", "{units} land in {territory}")
_LAND_ASSAULT = Nn_("{units} lands in {territory}: an amphibious assault",
                    "{units} land in {territory}: an amphibious assault")


def landed_text(units: str, count: int, territory: str, assault: bool,
                board: BoardMap) -> str:
    """"India: 2 infantry, 1 artillery land in Malaya: an amphibious assault": the cargo of
    one ship or of every ship landing in an assault (R-AMPH-1), ``count`` units in all."""
    template = ngettext(*(_LAND_ASSAULT if assault else _LAND), count)
    return fill(template, {"units": units, "territory": place_text(territory, board)})


@_describes(AircraftLost)
def _aircraft_lost(event: AircraftLost, board: BoardMap, before: GameState | None) -> str:
    counts = lookup(before, event.units)
    if not counts:
        text = _say(N_("{units} lost over {space}"), board,
                    units=some_units(len(event.units)), space=event.space)
    else:
        text = _say(N_("{nation} lost {units} over {space}"), board,
                    nation=_owners(counts), units=counted(counts), space=event.space)
    return _with_rule(text, event.rule)


def _owners(counts: tuple[UnitCount, ...]) -> Name:
    """Every nation the units belong to, as one subject ("India and Australia")."""
    return names_together(nation_name(n) for n in Nation if any(c.nation is n for c in counts))


def win_text(history: History) -> str | None:
    """Why the game was won, in the active language (None while it goes on): the `GameWon`
    event of the history, or the position's English reason when no event tells it (a game
    opened from its position)."""
    state = history.state
    if state.winner is None:
        return None
    board = history.game.board
    for record in reversed(history.records):
        for event in record.events:
            if isinstance(event, GameWon):
                return describe_event(event, board)
    return state.win_reason or side_name(state.winner)


# The lines of a turn's last phases have a module of their own; they register here.
import pacific.text.turn_lines  # noqa: E402, F401
