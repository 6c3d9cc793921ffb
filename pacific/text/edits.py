"""The tabletop companion's edits in words, in the active language: the events of
`pacific.rules.editing.events` for the event log and the `edit_...` actions, registered with
`describe_event` and `describe_action` like every other event and action."""

from __future__ import annotations

from pacific.rules.actions.edit import (
    EditAddUnits,
    EditBritishConvoy,
    EditControl,
    EditDamaged,
    EditHits,
    EditKamikazeTokens,
    EditMode,
    EditMoveUnits,
    EditProduction,
    EditPurchased,
    EditRemoveUnits,
    EditSubmerged,
    EditTreasury,
    EditTurn,
    EditVictoryPoints,
)
from pacific.rules.board_map import BoardMap
from pacific.rules.editing.events import (
    ControlEdited,
    EditModeChanged,
    HitsEdited,
    TurnEdited,
    UnitsEdited,
    UnitsMarked,
    UnitsMovedByEdit,
    ValueEdited,
)
from pacific.rules.events import UnitCount
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.decisions import _ACTIONS
from pacific.text.events import _describes
from pacific.text.grammar import fill
from pacific.text.language import N_, Nn_, gettext, ngettext
from pacific.text.names import nation_name, power_name, unit_count
from pacific.text.phases import phase_name
from pacific.text.units import counted
from pacific.text.values import place_text, unit_noun


def _say(template: str, **values: object) -> str:
    # fill: a name's form asked of a value that is a plain string (a missing nation "")
    # reads bare instead of failing.
    return fill(gettext(template), values)


# How many battleships are damaged, submarines submerged: the event and the action say it
# alike.
_MARKED = {
    "damaged": Nn_("Edit: {count} battleship of {nation} damaged in {space}",
                   "Edit: {count} battleships of {nation} damaged in {space}"),
    "submerged": Nn_("Edit: {count} submarine of {nation} submerged in {space}",
                     "Edit: {count} submarines of {nation} submerged in {space}"),
}


def _marked(mark: str, nation: Nation, count: int, space: str, board: BoardMap) -> str:
    return ngettext(*_MARKED[mark], count).format(count=count, nation=nation_name(nation),
                                                 space=place_text(space, board))


# ---- events ----

@_describes(EditModeChanged)
def _mode(event: EditModeChanged, board: BoardMap, before: GameState | None) -> str:
    if event.on:
        return gettext("Edit mode on: the position may be corrected; play waits")
    return gettext("Edit mode off: play resumes")


_UNITS_EDITED = {
    (True, False): N_("Edit: {units} of {nation} added to {space}"),
    (True, True): N_("Edit: {units} of {nation} added to {space}, aboard: {ship}"),
    (False, False): N_("Edit: {units} of {nation} removed from {space}"),
    (False, True): N_("Edit: {units} of {nation} removed from {space}, aboard: {ship}"),
}


@_describes(UnitsEdited)
def _units(event: UnitsEdited, board: BoardMap, before: GameState | None) -> str:
    ship = unit_noun(event.aboard) if event.aboard is not None else \
        gettext("ships") if event.several_ships else None
    text = _say(_UNITS_EDITED[(event.count > 0, ship is not None)],
                units=unit_count(event.unit_type, abs(event.count)),
                nation=nation_name(event.nation), space=place_text(event.space, board),
                ship=ship)
    return _with_cargo(text, event.with_cargo)


def _with_cargo(text: str, cargo: tuple[UnitCount, ...]) -> str:
    if cargo:
        return _say(N_("{edit}, with {cargo} aboard"), edit=text, cargo=counted(cargo))
    return text


@_describes(UnitsMovedByEdit)
def _units_moved(event: UnitsMovedByEdit, board: BoardMap, before: GameState | None) -> str:
    ship = unit_noun(event.aboard) if event.aboard is not None else \
        gettext("ships") if event.several_ships else None
    template = N_("Edit: {units} of {nation} moved from {space} to {to}, aboard: {ship}") \
        if ship is not None else N_("Edit: {units} of {nation} moved from {space} to {to}")
    text = _say(template, units=unit_count(event.unit_type, event.count),
                nation=nation_name(event.nation), space=place_text(event.space, board),
                to=place_text(event.to, board), ship=ship)
    return _with_cargo(text, event.with_cargo)


@_describes(UnitsMarked)
def _units_marked(event: UnitsMarked, board: BoardMap, before: GameState | None) -> str:
    return _marked(event.mark, event.nation, event.count, event.space, board)


_CONTROL = {
    (False, False): N_("Edit: {space} now held by {nation}"),
    (False, True): N_("Edit: {space} now held by {nation} (was {old})"),
    (True, False): N_("Edit: the convoy zone {space} now held by {nation}"),
    (True, True): N_("Edit: the convoy zone {space} now held by {nation} (was {old})"),
}


@_describes(ControlEdited)
def _control(event: ControlEdited, board: BoardMap, before: GameState | None) -> str:
    text = _say(_CONTROL[(event.convoy, event.old is not None)],
                space=place_text(event.space, board), nation=nation_name(event.new),
                old=nation_name(event.old) if event.old is not None else "")
    if event.passed_on:
        text = _say(N_("{edit}; {units} passed with it"), edit=text,
                    units=counted(event.passed_on))
    return text


_VALUES = {
    "treasury": N_("Edit: treasury of {nation} {new} IPC (was {old})"),
    "production_level": N_("Edit: production level of {nation} {new} (was {old})"),
    "british_convoy": N_("Edit: British Convoy marker {new} (was {old})"),
    "victory_points": N_("Edit: victory points of Japan {new} (was {old})"),
    "kamikaze_tokens": N_("Edit: kamikaze tokens of Japan {new} (was {old})"),
    "purchased": N_("Edit: units of {nation} to place, {unit}: {new} (was {old})"),
    "china_infantry": N_("Edit: infantry of China to place {new} (was {old})"),
}


@_describes(ValueEdited)
def _value(event: ValueEdited, board: BoardMap, before: GameState | None) -> str:
    return _say(_VALUES[event.what],
                nation=nation_name(event.nation) if event.nation is not None else "",
                unit=unit_noun(event.unit_type) if event.unit_type is not None else "",
                new=event.new, old=event.old)


def _turn(round_: int, power: object, phase: Phase, template: str) -> str:
    return _say(template, round=round_, power=power, number=phase.number,
                phase=phase_name(phase))


@_describes(TurnEdited)
def _turn_edited(event: TurnEdited, board: BoardMap, before: GameState | None) -> str:
    return _turn(event.round, power_name(event.power), event.phase,
                 N_("Edit: the game goes to round {round}, {power}, phase {number} ({phase})"))


_HITS_EDITED = {
    "attacker": Nn_("Edit: the attacker in {space} takes {count} hit, not {old}",
                    "Edit: the attacker in {space} takes {count} hits, not {old}"),
    "defender": Nn_("Edit: the defender in {space} takes {count} hit, not {old}",
                    "Edit: the defender in {space} takes {count} hits, not {old}"),
}


@_describes(HitsEdited)
def _hits(event: HitsEdited, board: BoardMap, before: GameState | None) -> str:
    space = place_text(event.space, board) if event.space else event.where
    return ngettext(*_HITS_EDITED[event.side], event.new).format(space=space, count=event.new,
                                                                 old=event.old)


# ---- actions ----

_EDIT_HITS = Nn_("Edit: {count} hit to take", "Edit: {count} hits to take")


def _units_action(template: str, nation: Nation, unit_type: UnitType, count: int,
                  space: str, board: BoardMap) -> str:
    return _say(template, units=unit_count(unit_type, count), nation=nation_name(nation),
                space=place_text(space, board))


_ACTIONS.update({
    EditMode: lambda a, b, s: gettext("Turn edit mode on") if a.on
    else gettext("Turn edit mode off and play on"),
    EditAddUnits: lambda a, b, s: _units_action(
        N_("Edit: add {units} of {nation} to {space}"), a.nation, a.unit_type, a.count,
        a.space, b),
    EditRemoveUnits: lambda a, b, s: _units_action(
        N_("Edit: remove {units} of {nation} from {space}"), a.nation, a.unit_type, a.count,
        a.space, b),
    EditMoveUnits: lambda a, b, s: _say(
        N_("Edit: move {units} of {nation} from {space} to {to}"),
        units=unit_count(a.unit_type, a.count), nation=nation_name(a.nation),
        space=place_text(a.space, b), to=place_text(a.to, b)),
    EditDamaged: lambda a, b, s: _marked("damaged", a.nation, a.count, a.space, b),
    EditSubmerged: lambda a, b, s: _marked("submerged", a.nation, a.count, a.space, b),
    EditControl: lambda a, b, s: _say(
        N_("Edit: {space} held by {nation}"), space=place_text(a.space, b),
        nation=nation_name(a.nation)),
    EditTreasury: lambda a, b, s: _say(
        N_("Edit: {nation} holds {ipc} IPC"), nation=nation_name(a.nation), ipc=a.ipc),
    EditProduction: lambda a, b, s: _say(
        N_("Edit: production level of {nation} {level}"), nation=nation_name(a.nation),
        level=a.level),
    EditBritishConvoy: lambda a, b, s: _say(N_("Edit: British Convoy marker {level}"),
                                            level=a.level),
    EditVictoryPoints: lambda a, b, s: _say(N_("Edit: Japan has {points} victory points"),
                                            points=a.points),
    EditKamikazeTokens: lambda a, b, s: _say(
        N_("Edit: Japan has {tokens} kamikaze tokens left"), tokens=a.tokens),
    EditPurchased: lambda a, b, s: _say(
        N_("Edit: units of {nation} to place, {unit}: {count}"), nation=nation_name(a.nation),
        unit=unit_noun(a.unit_type), count=a.count),
    EditTurn: lambda a, b, s: _turn(
        a.round, power_name(a.power), a.phase,
        N_("Edit: round {round}, {power}, phase {number} ({phase})")),
    EditHits: lambda a, b, s: ngettext(*_EDIT_HITS, a.count).format(count=a.count),
})
