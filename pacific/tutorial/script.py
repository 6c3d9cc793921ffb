"""The guided tutorial's script: Japan's first turn on the real board, then a short
Allied turn for a kamikaze decision, one step at a time.

Every step is data: what to read (English message ids, translated by ``pacific.text``), the
rules it teaches, what to highlight on the map, what the player must do (`goals`), the hint a
move off the script gets, and the dice its battles roll, so that the outcome the text tells is
the outcome that happens. tests/test_tutorial_script.py plays every step through the engine
with `Goal.next_action` and these dice.

The game starts from ``maps/pacific/scenarios/japan_purchase.json`` (round 1, Japan's purchase,
the British convoy split made).
"""

from __future__ import annotations

from dataclasses import dataclass

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text.language import N_
from pacific.tutorial.goals import (
    Aim,
    Board,
    Buy,
    EndPhases,
    Fight,
    Goal,
    Land,
    MoveTo,
    Pieces,
    PlaceAll,
    Read,
)

SCENARIO = "japan_purchase.json"   # in the map's scenarios folder
MAP_ID = "pacific"

J, IN, US = Nation.JAPAN, Nation.INDIA, Nation.USA
T = UnitType


@dataclass(frozen=True)
class Roll:
    """The dice of one roll of a step's battle, in the order the engine asks for them; ``why``
    says what they do (for the people who read the script)."""

    why: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One step. ``id`` is stable (the step a player reached is saved by it); ``title``,
    ``text``, ``hint`` and ``continue_label`` are message ids; ``pieces`` are ringed on the
    map, ``spaces`` outlined as destinations, ``focus`` framed by the view (default: both)."""

    id: str
    title: str
    text: str
    hint: str
    rules: tuple[str, ...]
    goal: Goal
    pieces: tuple[Pieces, ...] = ()
    spaces: tuple[str, ...] = ()
    focus: tuple[str, ...] = ()
    dice: tuple[Roll, ...] = ()
    continue_label: str = N_("Continue")   # the same message as UI_LABELS["continue"]
    # The rule a move off the script is refused with: the one the hint is about (a step that
    # waits for the next phase cites the phase order, a wrong casualty the rule that makes the
    # right one right), not merely the first rule the step teaches.
    hint_rule: str = ""

    @property
    def cited(self) -> str:
        """The rule id the step's hint cites."""
        return self.hint_rule or self.rules[0]

    @property
    def values(self) -> tuple[int, ...]:
        """Every die of the step, in order."""
        return tuple(v for roll in self.dice for v in roll.values)

    @property
    def reads(self) -> bool:
        """Is this a step the player goes on from with the panel's button (a text to read, or
        phases the tutorial plays)?"""
        return isinstance(self.goal, Read) or self.goal.auto

    def framed(self) -> tuple[str, ...]:
        """The spaces the map shows while the step is on."""
        if self.focus:
            return self.focus
        return tuple(dict.fromkeys((*(p.space for p in self.pieces), *self.spaces)))


# The names of the window's controls a step's text names, as {placeholders}: the GUI fills
# them with the labels in the player's language, in bold.
UI_LABELS: dict[str, str] = {
    "next_phase": N_("Next phase"),
    "end_turn": N_("End turn"),
    "buy_units": N_("Buy units"),
    "fight": N_("Fight this battle"),
    "take": N_("Take these casualties"),
    "kamikaze": N_("Kamikaze"),
    "to_place": N_("To place"),
    "production": N_("Production"),
    "continue": N_("Continue"),
    "play_phases": N_("Play these phases"),
    "finish": N_("Finish"),
}

NEXT_PHASE_HINT = N_("Press {next_phase} to go on.")

STEPS: tuple[Step, ...] = (
    Step(
        "welcome", N_("Japan's first turn"),
        N_("You play Japan's first turn of a three-player game on the real board, one step at "
           "a time. Each step says what to do and why; the pieces to move are ringed on the "
           "map and their destination is outlined. A move off the script is refused with a "
           "hint, and you can leave and come back later through Help ▸ Tutorials."),
        N_("Read this step, then press {continue}."),
        ("R-TURN-1", "R-TURN-3"), Read(), focus=("japan", "manchuria", "sz_45"),
        hint_rule="R-TURN-3"),
    Step(
        "purchase", N_("Buy units"),
        N_("A turn begins by spending IPCs on new units. Press {buy_units}, choose 1 transport, "
           "2 infantry and 1 artillery (18 of Japan's 19 IPCs) and press OK. What you buy "
           "waits off the board until phase 7, when you place it."),
        N_("For this tutorial buy exactly 1 transport, 2 infantry and 1 artillery."),
        ("R-PURCH-1", "R-PURCH-2", "R-PURCH-3"),
        Buy(J, {T.TRANSPORT: 1, T.INFANTRY: 2, T.ARTILLERY: 1}), focus=("japan",),
        hint_rule="R-PURCH-2"),
    Step(
        "to_combat_move", N_("On to combat movement"),
        N_("Press {next_phase} twice. Phase 2 lands the fighters that flew a combat air patrol "
           "in the last turn; Japan has none, so there is nothing to do in it."),
        N_("Press {next_phase} until combat movement begins."),
        ("R-TURN-4", "R-CAP-7"), EndPhases(Power.JAPAN, Phase.COMBAT_MOVE),
        hint_rule="R-TURN-3"),
    Step(
        "attack_anhwe", N_("A land attack"),
        N_("Drag the 6 infantry from Manchuria to Anhwe: moving into a territory that holds "
           "enemy units starts a battle there. In Japan's first turn every Allied unit defends "
           "at 1, except in China: the 2 Chinese infantry in Anhwe defend at 2 as usual."),
        N_("Drag the 6 infantry ringed in Manchuria onto Anhwe."),
        ("R-COMBATMOVE-1", "R-FIRSTTURN-1", "R-FIRSTTURN-2"),
        MoveTo(Pieces("manchuria", J, T.INFANTRY), "anhwe"),
        pieces=(Pieces("manchuria", J, T.INFANTRY),), spaces=("anhwe",),
        hint_rule="R-COMBATMOVE-1"),
    Step(
        "board_transport", N_("Board a transport"),
        N_("Drag the 2 infantry from French Indo-China onto sea zone 45: they board a "
           "transport there, which carries two of them. Boarding is a land unit's whole move "
           "for the turn."),
        N_("Drag the 2 infantry ringed in French Indo-China onto sea zone 45."),
        ("R-TRANS-1", "R-TRANS-3", "R-TRANS-8"),
        Board(Pieces("french_indo_china", J, T.INFANTRY), "sz_45"),
        pieces=(Pieces("french_indo_china", J, T.INFANTRY),), spaces=("sz_45",),
        hint_rule="R-TRANS-3"),
    Step(
        "assault_hong_kong", N_("An amphibious assault"),
        N_("Drag the loaded transport in sea zone 45 onto Hong Kong: it unloads there (to land "
           "only part of a cargo, drag the icon under the ship instead). "
           "Landing in an enemy territory during combat movement is an amphibious assault, "
           "declared now with its target. The destroyer staying in sea zone 45 will support "
           "the landing with cover fire, since no naval battle is fought there."),
        N_("Drag the loaded transport ringed in sea zone 45 onto Hong Kong."),
        ("R-AMPH-1", "R-AMPH-2", "R-TRANS-7"),
        Land(Pieces("sz_45", J, T.TRANSPORT, loaded=True), "hong_kong"),
        pieces=(Pieces("sz_45", J, T.TRANSPORT, loaded=True),), spaces=("hong_kong",),
        hint_rule="R-AMPH-1"),
    Step(
        "attack_sea_zone_46", N_("A naval attack"),
        N_("Drag the battleship from sea zone 45 to sea zone 46, where an Indian destroyer "
           "waits: ships entering a zone with enemy ships start a naval battle. Leave the "
           "destroyer in sea zone 45 for the cover fire: a unit fights only one battle a "
           "turn."),
        N_("Drag the battleship ringed in sea zone 45 onto sea zone 46."),
        ("R-NAVAL-1", "R-COMBATMOVE-3"),
        MoveTo(Pieces("sz_45", J, T.BATTLESHIP), "sz_46"),
        pieces=(Pieces("sz_45", J, T.BATTLESHIP),), spaces=("sz_46",),
        hint_rule="R-NAVAL-1"),
    Step(
        "to_combat", N_("End combat movement"),
        N_("Press {next_phase}. Combat movement is over: from now on no unit can join a "
           "battle. The three battles you started are marked on the map and the battle board "
           "opens."),
        NEXT_PHASE_HINT,
        ("R-COMBATMOVE-2", "R-COMBAT-1"), EndPhases(Power.JAPAN, Phase.COMBAT),
        spaces=("anhwe", "hong_kong", "sz_46"),
        hint_rule="R-TURN-3"),
    Step(
        "fight_anhwe", N_("Fight in Anhwe"),
        N_("On the battle board choose Anhwe and press {fight}. Your infantry roll "
           "1, 1, 3, 4, 5 and 6: two hits at 1. China rolls 2 and 5: one hit at 2. Take the "
           "infantry the board suggests as your casualty, and Anhwe is Japan's."),
        N_("Fight Anhwe first, then take the casualty the board suggests."),
        ("R-COMBAT-2", "R-COMBAT-5", "R-COMBAT-6", "R-LAND-1"),
        Fight("anhwe"), spaces=("anhwe",),
        dice=(Roll("6 Japanese infantry attack at 1: two hits", (1, 1, 3, 4, 5, 6)),
              Roll("2 Chinese infantry defend at 2 (R-FIRSTTURN-2): one hit", (2, 5))),
        hint_rule="R-COMBAT-2"),
    Step(
        "fight_hong_kong", N_("Cover fire"),
        N_("Now fight Hong Kong. The destroyer fires once first, at 2 instead of 3, and hits: "
           "Britain names the casualty, so press {take} for it. Then your "
           "infantry hit once and the British, defending at 1, miss: Hong Kong and its 2 IPCs "
           "are Japan's."),
        N_("Fight Hong Kong now and take the casualties the board suggests."),
        ("R-AMPH-6", "R-FIRSTTURN-1", "R-COMBAT-7"),
        Fight("hong_kong"), spaces=("hong_kong",),
        dice=(Roll("cover fire: the destroyer fires at 2: a hit", (2,)),
              Roll("2 Japanese infantry attack at 1: one hit", (1, 4)),
              Roll("2 Indian infantry defend at 1, the one set aside included: no hit",
                   (5, 3))),
        hint_rule="R-COMBAT-2"),
    Step(
        "fight_sea_zone_46", N_("Fight at sea"),
        N_("Fight sea zone 46. The battleship hits and sinks the destroyer, which fires back "
           "at 1 and hits too. Name the battleship as your casualty: its first hit only "
           "damages it, and it is repaired at the end of the turn."),
        N_("Fight sea zone 46 and name the battleship as your casualty: its first hit only "
           "damages it."),
        ("R-NAVAL-1", "R-BB-1", "R-BB-2", "R-BB-3"),
        Fight("sz_46", casualties=Pieces("sz_46", J, T.BATTLESHIP)), spaces=("sz_46",),
        dice=(Roll("the battleship attacks at 4: a hit", (2,)),
              Roll("the Indian destroyer defends at 1: a hit", (1,))),
        hint_rule="R-BB-2"),
    Step(
        "production_chart", N_("Captures change production"),
        N_("The battles are over. Hong Kong raised Japan's production level from 19 to 21 as "
           "soon as it fell (see the {production} tab). Press {next_phase} twice: phase 5 checks "
           "the chart, then non-combat movement begins."),
        N_("Press {next_phase} until non-combat movement begins."),
        ("R-CONTROL-6", "R-INCOME-2"), EndPhases(Power.JAPAN, Phase.NONCOMBAT_MOVE),
        focus=("anhwe", "hong_kong"),
        hint_rule="R-TURN-3"),
    Step(
        "noncombat", N_("Non-combat movement"),
        N_("Drag the 2 infantry from Korea to Manchuria, which the attack left without "
           "infantry. Now only units that neither moved nor fought may move, and only into "
           "friendly territories."),
        N_("Drag the 2 infantry ringed in Korea onto Manchuria."),
        ("R-NONCOMBAT-2", "R-NONCOMBAT-3"),
        MoveTo(Pieces("korea", J, T.INFANTRY), "manchuria"),
        pieces=(Pieces("korea", J, T.INFANTRY),), spaces=("manchuria",),
        hint_rule="R-NONCOMBAT-2"),
    Step(
        "to_place", N_("On to placement"),
        N_("Press {next_phase}: non-combat movement ends and phase 7, the placement of the units "
           "you bought, begins."),
        NEXT_PHASE_HINT, ("R-TURN-3",), EndPhases(Power.JAPAN, Phase.PLACE),
        hint_rule="R-TURN-3"),
    Step(
        "place", N_("Place the new units"),
        N_("Drag each unit from the {to_place} tab onto the map: the infantry and the artillery "
           "onto Japan, whose industrial complex builds them, and the transport onto sea zone "
           "36, next to it."),
        N_("Drag the infantry and the artillery onto Japan and the transport onto sea zone "
           "36."),
        ("R-PLACE-1", "R-PLACE-2", "R-PLACE-4"),
        PlaceAll(J, {T.INFANTRY: "japan", T.ARTILLERY: "japan", T.TRANSPORT: "sz_36"}),
        # Framed on Japan: sea zone 36 is large, and framing both would leave Japan small.
        spaces=("japan", "sz_36"), focus=("japan",),
        hint_rule="R-PLACE-2"),
    Step(
        "income", N_("Income"),
        N_("Press {next_phase} twice, then {end_turn}. Phase 8 repairs the damaged battleship. "
           "In phase 9 Japan collects its production level, 21 IPCs, and scores 2 victory "
           "points, one for every full 10 IPCs collected; then Britain's turn begins."),
        N_("Press {next_phase} twice, then {end_turn}, until Britain's turn begins."),
        ("R-RESET-1", "R-INCOME-1", "R-VP-2"), EndPhases(Power.UK, Phase.PURCHASE),
        focus=("sz_46", "japan"),
        hint_rule="R-TURN-3"),
    Step(
        "allied_turns", N_("The Allies play"),
        N_("Britain plays next, then the United States. In this tutorial Britain stands "
           "still: press {play_phases} and the tutorial ends its phases for you. When "
           "Britain collects its income it must split the convoy money between India and "
           "Australia: confirm the split in the dialog."),
        N_("Press {play_phases}: the tutorial plays these phases; split the convoy money when "
           "asked."),
        ("R-TURN-1", "R-INCOME-3"), EndPhases(Power.US, Phase.COMBAT_MOVE, auto=True),
        continue_label=UI_LABELS["play_phases"],
        hint_rule="R-INCOME-3"),
    Step(
        "us_attack", N_("An American attack"),
        N_("You play the United States now. Drag the destroyer from sea zone 38 to sea zone "
           "37 to attack the lone Japanese transport there. Sea zone 37 is a kamikaze zone: "
           "Japan may answer a ship that moves in with kamikaze attacks."),
        N_("Drag the American destroyer ringed in sea zone 38 onto sea zone 37."),
        ("R-KAMI-2", "R-KAMI-4"),
        MoveTo(Pieces("sz_38", US, T.DESTROYER), "sz_37"),
        pieces=(Pieces("sz_38", US, T.DESTROYER),), spaces=("sz_37",),
        hint_rule="R-KAMI-4"),
    Step(
        "us_to_combat", N_("Japan may answer"),
        N_("Press {next_phase} to end America's combat movement. Before any battle is fought, "
           "Japan is asked whether it launches kamikazes at the ships that came in."),
        NEXT_PHASE_HINT, ("R-KAMI-4",), EndPhases(Power.US, Phase.COMBAT),
        spaces=("sz_37",),
        hint_rule="R-TURN-3"),
    Step(
        "kamikaze", N_("A kamikaze decision"),
        N_("Play Japan for a moment: on the battle board aim 1 kamikaze at the American "
           "destroyer and press {kamikaze}. Each kamikaze rolls one die and hits its "
           "own target on 2; it is spent whether it hits or not, and Japan has 6 for the "
           "whole game."),
        N_("Aim exactly 1 kamikaze at the American destroyer, then press {kamikaze}."),
        ("R-KAMI-1", "R-KAMI-5", "R-KAMI-6"), Aim(Pieces("sz_37", US, T.DESTROYER)),
        pieces=(Pieces("sz_37", US, T.DESTROYER),), spaces=("sz_37",),
        hint_rule="R-KAMI-5"),
    Step(
        "fight_sea_zone_37", N_("The kamikaze strikes"),
        N_("Back to America: fight sea zone 37 on the battle board. The kamikaze strikes first "
           "in round 1, rolls a 2 and sinks the destroyer; the destroyer still fires back at "
           "the transport, rolls 4 and misses."),
        N_("Fight the battle in sea zone 37."),
        ("R-KAMI-8", "R-KAMI-6"), Fight("sz_37"), spaces=("sz_37",),
        dice=(Roll("the kamikaze hits on 2: a hit", (2,)),
              Roll("the sunk destroyer fires back at 3: a miss", (4,))),
        hint_rule="R-COMBAT-2"),
    Step(
        "done", N_("The end of the tutorial"),
        N_("You have played a whole turn: purchase, combat movement, three battles, "
           "non-combat movement, placement and income, and seen a kamikaze. The game stays on "
           "the board for you to play on; the rules reference (F1) explains every rule by its "
           "id."),
        N_("Press {finish} to close the tutorial."),
        ("R-TURN-3",), Read(), continue_label=UI_LABELS["finish"],
        hint_rule="R-TURN-3"),
)


def step_index(step_id: str) -> int:
    """The position of the step ``step_id`` in the script.

    Raises:
        KeyError: no step has that id.
    """
    for i, step in enumerate(STEPS):
        if step.id == step_id:
            return i
    raise KeyError(step_id)
