"""What the game waits for and what a player may do, in the active language, with names:

    describe_decision(decision, board, state)   # "Japan: choose 2 casualties in Burma"
    describe_action(action, board, state)       # "Move 6 infantry Manchuria → Anhwe"

``state`` is the position the decision or the action belongs to (the one before the action):
battles and units named by id are looked up there. The rules' own ``describe()`` stays the
English line for tools.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pacific.rules.actions import Action
from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    ConfirmCasualties,
    Intercept,
    Kamikaze,
    KamikazeTarget,
    LandFighter,
    PressOn,
    Retreat,
    RollDice,
    SelectBattle,
    SelectCasualty,
    Submerge,
)
from pacific.rules.actions.economy import (
    ChooseOwner,
    EndPhase,
    Place,
    Purchase,
    SplitConvoyIncome,
)
from pacific.rules.actions.movement import HoldConvoy, LandCap, Load, Move, StartCap, Unload
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import (
    CasualtyChoice,
    ConvoySplit,
    Decision,
    DecisionBase,
    DefenderSubmergeChoice,
    DiceGroup,
    DiceRoll,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    OwnerDecision,
    RoundChoice,
)
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.events import registered_later, roll_purpose
from pacific.text.grammar import fill
from pacific.text.language import N_, Nn_, gettext, ngettext
from pacific.text.names import nation_name, power_name
from pacific.text.units import lookup, owned, units_or_count
from pacific.text.values import place_text, unit_noun, units_text


def _say(template: str, **values: object) -> str:
    return fill(gettext(template), values)


def placements_text(nation: Nation, units: Iterable[tuple[UnitType, int]], space: str,
                    board: BoardMap | None) -> str:
    """"Japan places 4 infantry, 1 fighter in Japan": one nation's placements in a space."""
    return _say(N_("{nation} places {units} in {space}"), nation=nation_name(nation),
                units=units_text(units), space=place_text(space, board))


def _plural(pair: tuple[str, str], count: int, **values: object) -> str:
    return ngettext(*pair, count).format(count=count, **values)


def _battle_space(state: GameState | None, battle: int | None) -> str | None:
    if state is None or battle is None:
        return None
    return next((b.space for b in state.battles if b.id == battle), None)


# ---- decisions ----

_CASUALTIES = Nn_("choose {count} casualty in {space}", "choose {count} casualties in {space}")
_CASUALTIES_ANYWHERE = Nn_("choose {count} casualty", "choose {count} casualties")
# A ship may be the target of several tokens (OQ3-4): the ships are each named once.
_KAMIKAZE_ON = Nn_("Kamikaze attack: {count} token on {units}",
                   "Kamikaze attack: {count} tokens on {units}")
_KAMIKAZE = Nn_("declare kamikaze attacks in {zones} ({count} token left), or none",
                "declare kamikaze attacks in {zones} ({count} tokens left), or none")
_DICE = Nn_("roll {count} die: {groups}", "roll {count} dice: {groups}")
_ROUND = {
    (True, True): N_("retreat, submerge submarines or press on?"),
    (True, False): N_("retreat or press on?"),
    (False, True): N_("submerge submarines or press on?"),
    (False, False): N_("press on?"),
}


def dice_group_text(group: DiceGroup, board: BoardMap) -> str:
    """What one group of dice asked for is for: its label in the active language, or its
    English purpose when it has none."""
    if group.label is None:
        return group.purpose
    return roll_purpose(group.label, board, group.hit_on)


def decision_question(decision: DecisionBase, board: BoardMap,
                      state: GameState | None = None) -> str:
    """What a pending decision asks, without who is asked ("choose 2 casualties")."""
    return _question(decision, board, state)  # type: ignore[arg-type]


def _question(decision: Decision, board: BoardMap, state: GameState | None) -> str:
    """What is asked, without who is asked."""
    if isinstance(decision, CasualtyChoice):
        space = _battle_space(state, decision.battle)
        text = _plural(_CASUALTIES, decision.count, space=place_text(space, board)) if space \
            else _plural(_CASUALTIES_ANYWHERE, decision.count)
        left = decision.count - len(decision.selected)
        if decision.selected:
            text = _say(N_("{question} ({left} still to name)"), question=text, left=left)
        return text
    if isinstance(decision, RoundChoice):
        return gettext(_ROUND[(bool(decision.retreat_to), bool(decision.submarines))])
    if isinstance(decision, DefenderSubmergeChoice):
        return gettext("submerge defending submarines instead of firing, or fire?")
    if isinstance(decision, KamikazeChoice):
        zones = ", ".join(place_text(z, board) for z in decision.zones)
        return _plural(_KAMIKAZE, decision.tokens - len(decision.targets), zones=zones)
    if isinstance(decision, InterceptChoice):
        return _say(N_("choose intercepting fighters (up to {count}), or none"),
                    count=len(decision.fighters))
    if isinstance(decision, FighterLanding):
        unit = state.units.get(decision.unit) if state is not None else None
        if unit is None:
            return gettext("a fighter lost its carrier: land it within 1 space")
        return _say(N_("a fighter lost its carrier in {space}: land it within 1 space"),
                    space=place_text(unit.space, board))
    if isinstance(decision, OwnerDecision):
        return _say(N_("choose who takes {space}: {nations}"),
                    space=place_text(decision.territory, board),
                    nations=gettext(" or ").join(nation_name(n) for n in decision.options))
    if isinstance(decision, ConvoySplit):
        return _say(N_("split the {amount} IPC of British convoy income between India and "
                       "Australia"), amount=decision.amount)
    if isinstance(decision, DiceRoll):
        groups = "; ".join(dice_group_text(g, board) for g in decision.groups)
        return _plural(_DICE, decision.count, groups=groups)
    return decision.describe(board.name)


def describe_decision(decision: DecisionBase, board: BoardMap,
                      state: GameState | None = None) -> str:
    """The pending decision as a prompt: who decides and what ("Japan: choose 2 casualties
    in Burma"), in the active language."""
    return _say(N_("{power}: {question}"), power=power_name(decision.power),
                question=_question(decision, board, state))  # type: ignore[arg-type]


# ---- actions ----

ActionDescriber = Callable[[Any, BoardMap, GameState | None], str]


def _move(action: Move, board: BoardMap, state: GameState | None) -> str:
    path = " → ".join(place_text(s, board) for s in action.path)
    text = _say(N_("Move {units} {path}"), units=units_or_count(state, action.units), path=path)
    if action.raid:
        text = _say(N_("{move} (strategic bombing raid)"), move=text)
    if action.landing:
        text = _say(N_("{move}, to land in {space}"), move=text,
                    space=place_text(action.landing, board))
    return text


def _ship_noun(state: GameState | None, ship: int) -> str:
    unit = state.units.get(ship) if state is not None else None
    return unit_noun(unit.type) if unit is not None else gettext("ship")


def _one(state: GameState | None, unit: int) -> str:
    counts = lookup(state, (unit,))
    return owned(counts) if counts else gettext("a unit")


_ACTIONS: dict[type, ActionDescriber] = {
    EndPhase: lambda a, b, s: gettext("End the phase"),
    Purchase: lambda a, b, s: _say(
        N_("{nation} buys {units}"), nation=nation_name(a.nation),
        units=units_text(a.units.items())),
    Place: lambda a, b, s: placements_text(a.nation, [(a.unit_type, a.count)], a.space, b),
    SplitConvoyIncome: lambda a, b, s: _say(
        N_("British convoys: {india} IPC to India, {australia} to Australia"),
        india=a.india, australia=a.australia),
    ChooseOwner: lambda a, b, s: _say(
        N_("{space} goes to {nation}"), space=place_text(a.territory, b),
        nation=nation_name(a.nation)),
    Move: _move,
    Load: lambda a, b, s: _say(
        N_("Load {units} onto the {ship}"), units=units_or_count(s, a.units),
        ship=_ship_noun(s, a.transport)),
    Unload: lambda a, b, s: _say(
        N_("Unload {units} into {territory}"), units=units_or_count(s, a.units),
        territory=place_text(a.territory, b)),
    HoldConvoy: lambda a, b, s: _say(
        N_("Stay to capture the convoy zone: {units}"), units=units_or_count(s, a.units)),
    StartCap: lambda a, b, s: _say(
        N_("Combat air patrol over {space}: {units}"), units=units_or_count(s, a.units),
        space=place_text(a.sea_zone, b)),
    LandCap: lambda a, b, s: _say(
        N_("Patrol lands in {space}: {units}"), units=units_or_count(s, a.units),
        space=place_text(a.space, b)),
    SelectBattle: lambda a, b, s: _say(
        N_("Fight the battle in {space}"), space=place_text(a.space, b)),
    SelectCasualty: lambda a, b, s: _say(N_("Casualty: {unit}"), unit=_one(s, a.unit)),
    ChooseCasualties: lambda a, b, s: _say(
        N_("Take casualties: {units}"), units=owned(lookup(s, a.units)) if lookup(s, a.units)
        else units_or_count(s, a.units)),
    ConfirmCasualties: lambda a, b, s: gettext("Take these casualties"),
    PressOn: lambda a, b, s: gettext("Press on"),
    Retreat: lambda a, b, s: _say(N_("Retreat to {space}"), space=place_text(a.to, b)),
    Submerge: lambda a, b, s: _say(N_("Submerge {units}"), units=units_or_count(s, a.units)),
    Kamikaze: lambda a, b, s: ngettext(*_KAMIKAZE_ON, len(a.targets)).format(
        count=len(a.targets), units=units_or_count(s, tuple(dict.fromkeys(a.targets))))
    if a.targets else gettext("No kamikaze attack"),
    KamikazeTarget: lambda a, b, s: _say(N_("Kamikaze at {unit}"), unit=_one(s, a.unit)),
    CallOffAssault: lambda a, b, s: _say(
        N_("Call off the landing in {space}"), space=place_text(a.target, b)),
    Intercept: lambda a, b, s: _say(
        N_("Intercept with {units}"), units=units_or_count(s, a.fighters)) if a.fighters
    else gettext("Do not intercept"),
    LandFighter: lambda a, b, s: _say(
        N_("Land the fighter in {space}"), space=place_text(a.to, b)),
    RollDice: lambda a, b, s: gettext("Roll the dice") if a.values is None else _say(
        N_("Dice typed in: {values}"), values=" ".join(str(v) for v in a.values)),
}


def describe_action(action: Action, board: BoardMap, state: GameState | None = None) -> str:
    """One line a player understands, in the active language ("Japan buys 2 infantry").
    ``state`` is the position the action is made in: units named by id are looked up there
    (without it they are counted)."""
    describer = _ACTIONS.get(type(action))
    if describer is None and registered_later():
        describer = _ACTIONS.get(type(action))
    return action.describe() if describer is None else describer(action, board, state)
