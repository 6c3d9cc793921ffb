"""The battle board's words: titles, the decision awaited, each group of units, the dice asked
for, all in the active language with the names a player knows (board and nation
names, unit names and counts), never the engine's ids. Every sentence is a
gettext message of `pacific.text`; the values the engine gives are shown by their names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from pacific.gui.rule_wrap import unbroken
from pacific.rules.actions.combat import Retreat
from pacific.rules.battle_choices import CasualtyGroup, KamikazeGroup, RetreatLanding
from pacific.rules.battle_records import BattleKind
from pacific.rules.battle_views import BattleGroup, BattleView
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import (
    CasualtyChoice,
    Decision,
    DefenderSubmergeChoice,
    DiceGroup,
    DiceRoll,
    FighterLanding,
    InterceptChoice,
    KamikazeChoice,
    RoundChoice,
)
from pacific.rules.events import DiceRolled
from pacific.rules.nations import Nation, power_of
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text import (
    N_,
    Nn_,
    describe_decision,
    gettext,
    message_text,
    ngettext,
    roll_purpose,
    roll_step,
    roll_units,
)
from pacific.text.aims import aims_match, dice_by_ship, die_result, ship_names
from pacific.text.grammar import names_together
from pacific.text.names import nation_name, place_name, power_name, unit_name
from pacific.text.values import units_text

_KINDS = {
    BattleKind.LAND: N_("Land battle in {space}"),
    BattleKind.NAVAL: N_("Naval battle in {space}"),
    BattleKind.RAID: N_("Strategic bombing raid on {space}"),
    BattleKind.KAMIKAZE: N_("Kamikaze attack in {space}"),
}
# The kind of a battle still to fight, in the list of the next battles.
_KIND_WORDS = {
    BattleKind.LAND: N_("land battle"),
    BattleKind.NAVAL: N_("naval battle"),
    BattleKind.RAID: N_("bombing raid"),
    BattleKind.KAMIKAZE: N_("kamikaze attack"),
}
_BATTLE = N_("battle")
_ASSAULT = N_("amphibious assault")
_ASSAULT_ON = N_("Amphibious assault on {space}")
_BATTLE_IN = N_("Battle in {space}")
_ATTACKS = Nn_("{nations} attacks", "{nations} attack")
_DEFENDS = Nn_("{nations} defends", "{nations} defend")
_DAMAGED = Nn_("{count} damaged", "{count} damaged")
_MOVES_LEFT = Nn_("{count} move left", "{count} moves left")
_DICE = Nn_("{count} die", "{count} dice")
# The rule each decision of the board comes from, said after the question.
_DECISION_RULES: dict[type, str] = {
    CasualtyChoice: "R-COMBAT-6",
    RoundChoice: "R-COMBAT-8",
    DefenderSubmergeChoice: "R-SUB-6",
    KamikazeChoice: "R-KAMI-5",
    InterceptChoice: "R-SBR-3",
    FighterLanding: "R-CARRIER-8",
}


def _say(template: str, **values: object) -> str:
    return gettext(template).format(**values)


def place_namer(board: BoardMap) -> Callable[[str], str]:
    """A function that writes every space id in an English sentence of the engine's by the
    space's name ("Attack in sz_9" → "Attack in Sea Zone 9"): for a roll of an older save,
    which has no label to say it in the player's language."""
    ids = sorted(board.space_ids, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b") if ids else None

    def named(text: str) -> str:
        if pattern is None:
            return text
        return pattern.sub(lambda m: place_name(board, m.group(1)), text)

    return named


def listed(names: Iterable[str]) -> str:
    """"India and Australia", one subject that an Italian sentence gives its articles ("l'India
    e l'Australia tirano")."""
    return names_together(names)


def battle_title(board: BoardMap, view: BattleView) -> str:
    """"Land battle in Anhwe", "Amphibious assault on Guam", "Naval battle in Sea Zone 9"."""
    name = place_name(board, view.space)
    if view.amphibious:
        return _say(_ASSAULT_ON, space=name)
    return _say(_KINDS.get(view.kind, _BATTLE_IN), space=name)


def battle_kind(kind: BattleKind, amphibious: bool) -> str:
    """A battle's kind in a few words ("naval battle"), as the list of the next battles says
    it: an amphibious assault is a land battle (R-AMPH-1) called by its own name, as the
    board's title calls it (`battle_title`)."""
    return gettext(_ASSAULT if amphibious else _KIND_WORDS.get(kind, _BATTLE))


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
    sides = _say(N_("{attackers}, {defenders}"),
                 attackers=ngettext(*_ATTACKS, len(attack)).format(nations=listed(attack)),
                 defenders=ngettext(*_DEFENDS, len(defend)).format(nations=listed(defend)))
    if view.status == "over":
        return _say(N_("Over · {sides}"), sides=sides)
    if view.round:
        return _say(N_("Round {round} · {sides}"), round=view.round, sides=sides)
    return _say(N_("Before the first round · {sides}"), sides=sides)


def side_title(view: BattleView, attacking: bool) -> str:
    """"Attacker: Japan", "Defender: India, Australia"."""
    names = ", ".join(side_names(view, attacking))
    return _say(N_("Attacker: {nations}") if attacking else N_("Defender: {nations}"),
                nations=names)


def _with_details(text: str, details: list[str]) -> str:
    return _say(N_("{unit} ({details})"), unit=text, details=", ".join(details)) if details \
        else text


def group_name(group: BattleGroup, with_owner: bool) -> str:
    """"Infantry", "Battleship (1 damaged)", "Fighter (India)"."""
    extra = []
    if with_owner:
        extra.append(nation_name(group.owner))
    if group.damaged:
        extra.append(ngettext(*_DAMAGED, group.damaged).format(count=group.damaged))
    return _with_details(unit_name(group.unit_type), extra)


def cargo_name(name: str) -> str:
    """"↳ Fighter (cargo)": a group aboard the side's ships, listed under them."""
    return _say(N_("↳ {unit} (cargo)"), unit=name)


def hit_text(group: BattleGroup) -> str:
    return str(group.hit_on) if group.hit_on > 0 else "—"


def with_rule(text: str, rule: str, nowrap: bool = True) -> str:
    """"text (R-ART-2)"; ``nowrap``: the rule id is never cut at its hyphens when a column
    wraps (`rule_wrap.unbroken`)."""
    return _say(N_("{text} ({rule})"), text=text, rule=unbroken(rule) if nowrap else rule)


def notes_text(group: BattleGroup) -> str:
    """Why the group's hit value is what it is: "+1: supported by artillery (R-ART-2)"."""
    return "; ".join(with_rule(gettext(note.text).format(value=note.value), note.rule)
                     for note in group.notes)


def bystander_note() -> str:
    return with_rule(gettext("an ally's units: they never fire here, but may be lost"),
                     "R-MULTI-4")


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
        extra.append(gettext("damaged"))
    if group.landed:
        extra.append(gettext("landed from the sea"))
    if twins and group.moves_left is not None:
        extra.append(ngettext(*_MOVES_LEFT, group.moves_left).format(count=group.moves_left))
    elif twins and group.came_from:
        extra.append(_say(N_("from {space}"), space=place_name(board, group.came_from)))
    text = unit_name(group.unit_type)
    if group.cargo:
        text = _say(N_("{unit} carrying {cargo}"), unit=text,
                    cargo=units_text((t, 1) for t in group.cargo))
    return _with_details(text, extra)


def casualty_hint(group: CasualtyGroup) -> str:
    if group.unit_type is UnitType.BATTLESHIP and not group.damaged:
        return with_rule(gettext("two hits sink a battleship: the first only damages it"),
                         "R-BB-1")
    return ""


def kamikaze_name(board: BoardMap, group: KamikazeGroup, zones: int) -> str:
    """"2 × Destroyer (United States)", with the zone when there are several."""
    extra = [nation_name(group.owner), *([gettext("damaged")] if group.damaged else [])]
    text = _with_details(_say(N_("{count} × {unit}"), count=len(group.units),
                              unit=unit_name(group.unit_type)), extra)
    if zones > 1:
        text = _say(N_("{ships} in {space}"), ships=text,
                    space=place_name(board, group.space))
    return text


_TOKENS = Nn_("{count} token", "{count} tokens")
_SHIPS = Nn_("{count} ship", "{count} ships")


def kamikaze_label(tokens: int, ships: int) -> str:
    """The kamikaze button's words: "Kamikaze: 2 tokens on 1 ship"."""
    return gettext(N_("Kamikaze: {tokens} on {ships}")).format(
        tokens=ngettext(*_TOKENS, tokens).format(count=tokens),
        ships=ngettext(*_SHIPS, ships).format(count=ships))


_STRIKE = Nn_("Japan's kamikaze: {count} token, its die hitting its ship on 2",
              "Japan's kamikaze: {count} tokens, each die hitting its ship on 2")
_STRIKE_FIRST = Nn_(
    "Japan's kamikaze: {count} token strikes at the start of round 1, hitting its ship on 2",
    "Japan's kamikaze: {count} tokens strike at the start of round 1, each hitting its ship "
    "on 2")


def kamikaze_strike(view: BattleView) -> str:
    """The kamikaze tokens of a battle: a stand-alone attack's (R-KAMI-6), or those declared
    in a naval battle until they strike in its first round (R-KAMI-8); "" when none."""
    if not view.kamikaze:
        return ""
    if view.kind is BattleKind.KAMIKAZE:
        return with_rule(ngettext(*_STRIKE, view.kamikaze).format(count=view.kamikaze),
                         "R-KAMI-6", nowrap=False)
    if view.status == "over" or view.round > 1:
        return ""
    return with_rule(ngettext(*_STRIKE_FIRST, view.kamikaze).format(count=view.kamikaze),
                     "R-KAMI-8", nowrap=False)


def kamikaze_declaration(board: BoardMap, zones: Iterable[str]) -> str:
    """The board's title while Japan declares kamikaze attacks outside any battle
    (R-KAMI-4)."""
    return _say(N_("Kamikaze attacks in {zones}: Japan declares"),
                zones=listed(place_name(board, z) for z in zones))


def roll_text(board: BoardMap, roll: DiceRolled) -> str:
    """What a roll drawn on the board was for: its label in the active language (a roll of an
    older save has none: its English purpose, places named)."""
    if roll.label is None:
        return place_namer(board)(roll.purpose)
    return roll_purpose(roll.label, board, roll.hit_on)


_ONTO_ITS = Nn_("{units} onto its carrier", "{units} onto its carriers")
_ONTO_THE = Nn_("{units} onto the carrier in {space}", "{units} onto the carriers in {space}")


def retreat_text(board: BoardMap, state: GameState, retreat: Retreat,
                 landings: Iterable[RetreatLanding]) -> str:
    """A retreat offered, as the list of retreats shows it: where to, and where the aircraft
    end when that is not simply there: "Sea Zone 20 — 2 fighters onto its carriers", "Sea
    Zone 20 — 1 fighter to Bonin Islands"."""
    to = place_name(board, retreat.to)
    if retreat.air_path:
        to = gettext("{space} (aircraft via {path})").format(
            space=to, path=" → ".join(place_name(board, s) for s in retreat.air_path))
    parts = []
    for landing in landings:
        units = units_text((state.units[i].type, 1) for i in landing.units if i in state.units)
        if landing.carriers:
            mine = landing.space == retreat.to
            parts.append(ngettext(*(_ONTO_ITS if mine else _ONTO_THE), len(landing.carriers))
                         .format(units=units, space=place_name(board, landing.space)))
        elif landing.space != retreat.to:
            parts.append(gettext(N_("{units} to {space}")).format(
                units=units, space=place_name(board, landing.space)))
    return gettext(N_("{space} — {aircraft}")).format(space=to, aircraft="; ".join(parts)) \
        if parts else to


def retreat_tip(landings: Iterable[RetreatLanding]) -> str:
    """Why the fighters of a retreat end on carriers, with the rules (a tooltip)."""
    if not any(landing.carriers for landing in landings):
        return ""
    return with_rule(gettext(N_("Fighters retreating to a sea zone stay aboard the friendly "
                                "carriers there, which must have room for them")),
                     "R-AIR-6, R-CARRIER-1", nowrap=False)


DiceRow = tuple[str, tuple[int, ...], int | None, int | None]
_CORRECTED = Nn_("{roll} — corrected: {count} hit", "{roll} — corrected: {count} hits")


def roll_rows(board: BoardMap, roll: DiceRolled) -> list[DiceRow]:
    """The rows of dice the board draws for a roll (what for, the values, the hit number, the
    hits it made): one; or, where each die had a ship of its own (kamikaze, R-KAMI-6), one a
    ship, saying what each of its dice did. A roll whose hits were corrected (`edit_hits`)
    says so, and only as many of its dice are drawn as hits."""
    label = roll.label
    if label is None or not aims_match(label, roll.values):
        text = roll_text(board, roll)
        shown = sum(1 for v in roll.values if roll.hit_on is not None and v <= roll.hit_on)
        if roll.hits is not None and roll.hits != shown:
            text = ngettext(*_CORRECTED, roll.hits).format(roll=text, count=roll.hits)
        return [(text, roll.values, roll.hit_on, roll.hits)]
    step = roll_step(label, board)
    return [(gettext(N_("{step} — at {ship}, hit on {hit_on}: {results}")).format(
        step=step, ship=ship, hit_on=roll.hit_on,
        results=", ".join(die_result(value, roll.hit_on) for value in dice)), dice, roll.hit_on,
        None) for ship, dice in dice_by_ship(label, roll.values)]


def dice_entry_rows(board: BoardMap, group: DiceGroup) -> list[tuple[str, int, int | None]]:
    """The rows of dice to type in for one group (text, how many, hit on): one; or one a die
    where each die has a ship of its own (kamikaze, R-KAMI-6), so that the players know
    which die at the table is rolled at which ship."""
    if group.label is None or not aims_match(group.label, group.count):
        return [(dice_group_text(board, group), group.count, group.hit_on)]
    names = ship_names(group.label.aimed)
    return [(gettext(N_("at {ship}, hit on {hit_on}")).format(ship=names[aim.unit],
                                                             hit_on=group.hit_on),
             1, group.hit_on) for aim in group.label.aimed]


def dice_head(board: BoardMap, group: DiceGroup) -> str:
    """What a roll is for ("Attack in Anhwe"), from the first group."""
    if group.label is None:
        return place_namer(board)(group.purpose.split(": ", 1)[0])
    return roll_step(group.label, board)


def dice_group_text(board: BoardMap, group: DiceGroup) -> str:
    """One group of dice asked for: "2 infantry hit on 1" (the units of one owner counted),
    "at 2 fighters, hit on 1"."""
    if group.label is not None:
        return roll_units(group.label, group.hit_on, owners=False)
    named = place_namer(board)(group.purpose)
    text = named.split(": ", 1)[1] if ": " in named else named
    if group.hit_on is not None and "hit on" not in text:
        text += gettext(", hit on {value}").format(value=group.hit_on)
    return text


# Rolls whose label names the units fired at, not the units that roll.
_FIRED_AT = frozenset({"aa_fire", "raid_aa_fire", "retreat_aa_fire", "flyover_aa_fire",
                       "kamikaze"})
_ROLLS = Nn_("{step} — {power} rolls {dice}: {groups}", "{step} — {power} roll {dice}: {groups}")


def rolling_nations(roll: DiceRoll) -> list[Nation]:
    """The nations whose units roll these dice, as the battle board names the sides (China
    defends, though the United States player rolls its dice); [] when the label does not
    say (AA fire and kamikaze name the units fired at)."""
    nations = {c.nation for g in roll.groups if g.label is not None
               and g.label.kind not in _FIRED_AT for c in g.label.units}
    return sorted((n for n in nations if power_of(n) is roll.power),
                  key=lambda n: list(Nation).index(n))


def dice_prompt(board: BoardMap, roll: DiceRoll) -> str:
    """"Attack in Anhwe — Japan rolls 3 dice: 2 infantry hit on 1; 1 fighter hit on 3": the
    side named is the one that rolls, by its nations when the dice say."""
    head = dice_head(board, roll.groups[0]) if roll.groups else ""
    nations = rolling_nations(roll)
    names = [nation_name(n) for n in nations] or [power_name(roll.power)]
    return ngettext(*_ROLLS, len(names)).format(
        step=head, power=listed(names),
        dice=ngettext(*_DICE, roll.count).format(count=roll.count),
        groups="; ".join(dice_group_text(board, g) for g in roll.groups))


def decision_prompt(board: BoardMap, state: GameState, pending: Decision) -> str:
    """The decision awaited, in the words of the player who decides, with the rule it comes
    from: "Great Britain: choose 1 casualty in Burma (R-COMBAT-6)"."""
    if isinstance(pending, DiceRoll):
        return dice_prompt(board, pending)
    text = describe_decision(pending, board, state)
    rule = _DECISION_RULES.get(type(pending))
    return with_rule(text, rule, nowrap=False) if rule is not None else text


def result_text(board: BoardMap, view: BattleView) -> str:
    """The result of a battle over, in the active language ("" before), as a sentence of its
    own: the message starts in lower case, as it is also said inside others."""
    text = message_text(view.result, board) if view.result is not None else ""
    return text[:1].upper() + text[1:]


__all__ = [
    "DiceRow", "battle_kind", "battle_title", "bystander_note", "cargo_name", "casualty_hint",
    "casualty_name", "decision_prompt", "dice_entry_rows", "dice_group_text", "dice_head",
    "dice_prompt", "group_name", "hit_text", "kamikaze_declaration", "kamikaze_name",
    "kamikaze_strike", "listed", "notes_text", "place_namer", "result_text", "retreat_text",
    "retreat_tip", "roll_rows", "roll_text", "side_names", "side_nations", "side_title",
    "sides_line", "with_rule",
]
