"""The battle board's words: titles, the decision awaited, each group of units, the dice asked
for and the buttons of the other choices, all with the names a player knows (board and nation
names, unit names and counts), never the engine's ids (issue 16, point 4).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from pacific.rules.actions import Action
from pacific.rules.actions.combat import CallOffAssault, Intercept, LandFighter, Submerge
from pacific.rules.actions.economy import ChooseOwner
from pacific.rules.board import BoardMap
from pacific.rules.decisions import (
    CasualtyChoice,
    Decision,
    DefenderSubmergeChoice,
    DiceGroup,
    DiceRoll,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    OwnerDecision,
    RoundChoice,
)
from pacific.rules.nations import Nation, power_of
from pacific.rules.queries import BattleGroup, BattleView, CasualtyGroup, KamikazeGroup
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.names import nation_name, place_name, power_name, unit_count, unit_name

NB_HYPHEN = "\u2011"


def place_namer(board: BoardMap) -> Callable[[str], str]:
    """A function that writes every space id in a sentence of the engine's by the space's
    name ("Attack in sz_9" → "Attack in Sea Zone 9")."""
    ids = sorted(board.space_ids, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b") if ids else None

    def named(text: str) -> str:
        if pattern is None:
            return text
        return pattern.sub(lambda m: place_name(board, m.group(1)), text)

    return named


def counted(types: Iterable[UnitType]) -> str:
    """"2 infantry, 1 fighter", in the unit table's order."""
    counts: dict[UnitType, int] = {}
    for unit_type in types:
        counts[unit_type] = counts.get(unit_type, 0) + 1
    return ", ".join(unit_count(t, counts[t]) for t in UnitType if t in counts)


def battle_title(board: BoardMap, view: BattleView) -> str:
    """"Land battle in Anhwe", "Amphibious assault on Guam", "Naval battle in Sea Zone 9"."""
    name = place_name(board, view.space)
    if view.amphibious:
        return f"Amphibious assault on {name}"
    kind = {"land": "Land battle in", "naval": "Naval battle in",
            "raid": "Strategic bombing raid on", "kamikaze": "Kamikaze attack in"}
    return f"{kind.get(view.kind.value, 'Battle in')} {name}"


def side_nations(groups: Iterable[BattleGroup]) -> list[Nation]:
    return sorted({g.owner for g in groups}, key=lambda n: list(Nation).index(n))


def side_names(view: BattleView, attacking: bool) -> list[str]:
    """The nations of one side: those with units in the battle, or once a side is gone, those
    that lost units in it; else the engine's power of that side."""
    groups = view.attackers if attacking else view.defenders
    nations = side_nations(groups) or sorted(
        (n for n in view.lost if (power_of(n) is view.attacker) == attacking),
        key=lambda n: list(Nation).index(n))
    if nations:
        return [nation_name(n) for n in nations]
    return [power_name(view.attacker if attacking else view.defender)]


def sides_line(view: BattleView) -> str:
    """"Round 1 · Japan attacks, China defends"."""
    attack, defend = side_names(view, True), side_names(view, False)
    verb = "attack" if len(attack) > 1 else "attacks"
    verb2 = "defend" if len(defend) > 1 else "defends"
    head = f"Round {view.round} · " if view.round else "Before the first round · "
    if view.status == "over":
        head = "Over · "
    return f"{head}{' and '.join(attack)} {verb}, {' and '.join(defend)} {verb2}"


def group_name(group: BattleGroup, with_owner: bool) -> str:
    """"Infantry", "Battleship (1 damaged)", "Fighter (India)"."""
    text = unit_name(group.unit_type)
    extra = []
    if with_owner:
        extra.append(nation_name(group.owner))
    if group.damaged:
        extra.append(f"{group.damaged} damaged")
    return f"{text} ({', '.join(extra)})" if extra else text


def hit_text(group: BattleGroup) -> str:
    return str(group.hit_on) if group.hit_on > 0 else "—"


def notes_text(group: BattleGroup) -> str:
    """Why the group's hit value is what it is: "+1: supported by artillery (R-ART-2)"."""
    # A rule id is never cut at its hyphens when the column wraps (non-breaking hyphens).
    return "; ".join(f"{note.text} ({note.rule.replace('-', NB_HYPHEN)})"
                     for note in group.notes)


def casualty_name(board: BoardMap, group: CasualtyGroup, with_owner: bool,
                  twins: bool) -> str:
    """One row of the casualty choice: "Infantry", "Transport carrying 2 infantry",
    "Battleship (damaged)", "Fighter (2 moves left)", "Infantry (from Manchuria)". ``twins``:
    another row has the same words, so the moves left or where they came from tell them
    apart."""
    extra = []
    if with_owner:
        extra.append(nation_name(group.owner))
    if group.damaged:
        extra.append("damaged")
    if group.landed:
        extra.append("landed from the sea")
    if twins and group.moves_left is not None:
        extra.append(f"{group.moves_left} move{'s' if group.moves_left != 1 else ''} left")
    elif twins and group.came_from:
        extra.append(f"from {place_name(board, group.came_from)}")
    text = unit_name(group.unit_type)
    if group.cargo:
        text += " " + group.cargo
    return f"{text} ({', '.join(extra)})" if extra else text


def casualty_hint(group: CasualtyGroup) -> str:
    if group.unit_type is UnitType.BATTLESHIP and not group.damaged:
        return "two hits sink a battleship: the first only damages it (R-BB-1)"
    return ""


def kamikaze_name(board: BoardMap, group: KamikazeGroup, zones: int) -> str:
    """"2 × Destroyer (United States)", with the zone when there are several."""
    text = f"{len(group.units)} × {unit_name(group.unit_type)} ({nation_name(group.owner)}"
    if group.damaged:
        text += ", damaged"
    text += ")"
    if zones > 1:
        text += f" in {place_name(board, group.space)}"
    return text


def dice_head(board: BoardMap, group: DiceGroup) -> str:
    """What a roll is for ("Attack in Anhwe"), from the first group's purpose."""
    return place_namer(board)(group.purpose.split(": ", 1)[0])


def dice_group_text(board: BoardMap, group: DiceGroup) -> str:
    """One group of dice asked for: "2 infantry hit on 1" (the part of the engine's purpose
    that names the units), or the whole purpose named ("AA fire over Burma, hit on 1")."""
    named = place_namer(board)(group.purpose)
    text = named.split(": ", 1)[1] if ": " in named else named
    if group.hit_on is not None and "hit on" not in text:
        text += f", hit on {group.hit_on}"
    return text


def dice_prompt(board: BoardMap, roll: DiceRoll) -> str:
    """"Attack in Anhwe — Japan rolls 3 dice: 2 infantry hit on 1, 1 fighter hit on 3"."""
    head = dice_head(board, roll.groups[0]) if roll.groups else ""
    count = roll.count
    groups = ", ".join(dice_group_text(board, g) for g in roll.groups)
    dice = f"{count} {'die' if count == 1 else 'dice'}"
    return f"{head} — {power_name(roll.power)} rolls {dice}: {groups}"


def decision_prompt(board: BoardMap, pending: Decision) -> str:
    """The decision awaited, in the words of the player who decides."""
    who = power_name(pending.power)
    if isinstance(pending, DiceRoll):
        return dice_prompt(board, pending)
    if isinstance(pending, CasualtyChoice):
        noun = "casualty" if pending.count == 1 else "casualties"
        return f"{who}: choose {pending.count} {noun} (R-COMBAT-6)"
    if isinstance(pending, RoundChoice):
        options = [*(["retreat"] if pending.retreat_to else []),
                   *(["submerge submarines"] if pending.submarines else []), "press on"]
        text = " or ".join([", ".join(options[:-1]), options[-1]] if len(options) > 2
                           else options)
        return f"{who}: {text}? (R-COMBAT-8)"
    if isinstance(pending, DefenderSubmergeChoice):
        return f"{who}: submerge the defending submarines instead of firing, or fire? (R-SUB-6)"
    if isinstance(pending, KamikazeChoice):
        where = ", ".join(place_name(board, z) for z in pending.zones)
        return f"{who}: aim kamikaze tokens at Allied ships in {where}, or none (R-KAMI-5)"
    if isinstance(pending, InterceptChoice):
        return f"{who}: choose the fighters that intercept the raid, or none (R-SBR-3)"
    if isinstance(pending, FighterLanding):
        return f"{who}: a fighter lost its carrier; land it within one space (R-CARRIER-8)"
    if isinstance(pending, OwnerDecision):
        names = " or ".join(nation_name(n) for n in pending.options)
        return f"{who}: who takes {place_name(board, pending.territory)}: {names}?"
    return f"{who}: {pending.describe(lambda space: place_name(board, space))}"


def choice_label(board: BoardMap, state: GameState, action: Action) -> str:
    """The button of one of the other choices (intercept, land a fighter, choose an owner,
    call off a landing)."""
    if isinstance(action, Intercept):
        if not action.fighters:
            return "No interception"
        types = [state.units[i].type for i in action.fighters if i in state.units]
        return f"Intercept with {counted(types)}"
    if isinstance(action, LandFighter):
        return f"Land the fighter in {place_name(board, action.to)}"
    if isinstance(action, ChooseOwner):
        return f"{nation_name(action.nation)} takes {place_name(board, action.territory)}"
    if isinstance(action, CallOffAssault):
        return f"Call off the landing on {place_name(board, action.target)}"
    if isinstance(action, Submerge):
        types = [state.units[i].type for i in action.units if i in state.units]
        return f"Submerge {counted(types)}"
    return place_namer(board)(action.describe())


__all__ = [
    "battle_title", "casualty_hint", "casualty_name", "choice_label", "counted",
    "decision_prompt", "dice_group_text", "dice_head", "dice_prompt", "group_name",
    "hit_text", "kamikaze_name", "notes_text", "place_namer", "side_names",
    "sides_line",
]
