"""The United States tutorial: the American turn of round 1, China included, one step at a time.

It starts from ``maps/pacific/scenarios/usa_first_turn.json``: Japan has played its first turn
as the Japan tutorial plays it (Anhwe and Hong Kong taken) and Britain has stood still. Every
step is data, as in `pacific.tutorial.script`; tests/test_tutorial_courses.py plays each step
through the engine with its own answers and dice.
"""

from __future__ import annotations

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text.language import N_
from pacific.tutorial.goals import Buy, EndPhases, Fight, MoveTo, Pieces, PlaceAll, Read
from pacific.tutorial.script import NEXT_PHASE_HINT, UI_LABELS, Roll, Step

SCENARIO = "usa_first_turn.json"

US, CN, J = Nation.USA, Nation.CHINA, Nation.JAPAN
T = UnitType

STEPS: tuple[Step, ...] = (
    Step(
        "welcome", N_("The United States and China"),
        N_("You play the American turn of round 1. The United States also runs China: both "
           "play in this one turn, China without any money of its own. Japan has taken "
           "Anhwe and Hong Kong; Britain has not moved. Read each step, do what it asks, and "
           "a move off the script gets a hint."),
        N_("Read this step, then press {continue}."),
        ("R-TURN-2", "R-CHINA-1"), Read(), focus=("united_states", "szechwan"),
        hint_rule="R-TURN-3"),
    Step(
        "china", N_("China's infantry and the Burma Road"),
        N_("China never buys. Each American turn it is given 1 infantry for every territory "
           "worth at least 1 IPC that it holds, here Szechwan and Sikang, and 1 more while the "
           "Burma Road is open, that is while Japan holds none of India, Burma, Yunnan and "
           "Szechwan. So China gets 3 infantry this turn, placed in Szechwan in phase 7."),
        N_("Read this step, then press {continue}."),
        ("R-CHINA-2", "R-CHINA-3", "R-PLACE-7"), Read(),
        focus=("szechwan", "sikang", "yunnan", "burma"), hint_rule="R-CHINA-2"),
    Step(
        "purchase", N_("Buy for the United States"),
        N_("The United States has 75 IPCs, the most of any nation. Press {buy_units}, choose 4 "
           "infantry, 1 artillery, 1 transport and 1 destroyer (36 IPCs) and press OK. The "
           "rest is kept for the next turn."),
        N_("For this tutorial buy exactly 4 infantry, 1 artillery, 1 transport and 1 "
           "destroyer."),
        ("R-PURCH-2", "R-PURCH-3", "R-PURCH-5"),
        Buy(US, {T.INFANTRY: 4, T.ARTILLERY: 1, T.TRANSPORT: 1, T.DESTROYER: 1}),
        focus=("united_states",), hint_rule="R-PURCH-2"),
    Step(
        "to_combat_move", N_("On to combat movement"),
        N_("Press {next_phase} twice: no American fighter is on a combat air patrol, so phase "
           "2 has nothing to land."),
        N_("Press {next_phase} until combat movement begins."),
        ("R-TURN-3", "R-CAP-7"), EndPhases(Power.US, Phase.COMBAT_MOVE), hint_rule="R-TURN-3"),
    Step(
        "fleet", N_("The fleet sails"),
        N_("Drag the 2 battleships from sea zone 9, off Hawaii, to sea zone 18, where a "
           "Japanese submarine waits alone. Ships move 2 zones; they may not pass through sea "
           "zone 20, where three Japanese carriers stand."),
        N_("Drag the 2 battleships ringed in sea zone 9 onto sea zone 18."),
        ("R-MOVE-3", "R-NAVAL-1"), MoveTo(Pieces("sz_9", US, T.BATTLESHIP), "sz_18"),
        pieces=(Pieces("sz_9", US, T.BATTLESHIP),), spaces=("sz_18",), hint_rule="R-NAVAL-1"),
    Step(
        "destroyer", N_("A destroyer against a submarine"),
        N_("Drag the destroyer from sea zone 9 to sea zone 18 too. While a destroyer is in "
           "the battle, the submarine loses its first strike: it fires at the same time as "
           "the others, and its hits no longer sink ships before they can fire back."),
        N_("Drag the destroyer ringed in sea zone 9 onto sea zone 18."),
        ("R-SUB-3", "R-SUB-2"), MoveTo(Pieces("sz_9", US, T.DESTROYER), "sz_18"),
        pieces=(Pieces("sz_9", US, T.DESTROYER),), spaces=("sz_18",), hint_rule="R-SUB-3"),
    Step(
        "raid", N_("Why no bombing raid yet"),
        N_("A bombing raid on Japan's industrial complex would cost Japan IPCs, and a victory "
           "point for every 10 it pays. But the bomber on Hawaii is 6 spaces from Japan: it "
           "could reach Japan and never fly home, so the raid waits until bombers stand "
           "closer (the lesson on bombing flies one)."),
        N_("Read this step, then press {continue}."),
        ("R-SBR-1", "R-SBR-5", "R-AIR-2"), Read(), focus=("hawaiian_islands", "japan"),
        hint_rule="R-AIR-2"),
    Step(
        "to_combat", N_("End combat movement"),
        N_("Press {next_phase}: combat movement is over and the battle board opens on sea "
           "zone 18."),
        NEXT_PHASE_HINT, ("R-COMBATMOVE-2", "R-COMBAT-1"), EndPhases(Power.US, Phase.COMBAT),
        spaces=("sz_18",), hint_rule="R-TURN-3"),
    Step(
        "fight", N_("Fight at sea"),
        N_("On the battle board choose sea zone 18 and press {fight}. The battleships roll 2 "
           "and 5, the destroyer 6: one hit at 4 sinks the submarine, which fires back at 2, "
           "rolls 4 and misses."),
        N_("Fight sea zone 18."),
        ("R-SUB-3", "R-NAVAL-1", "R-COMBAT-5"), Fight("sz_18"), spaces=("sz_18",),
        dice=(Roll("2 battleships at 4 and a destroyer at 3: one hit", (2, 5, 6)),
              Roll("the submarine defends at 2: a miss", (4,))),
        hint_rule="R-COMBAT-2"),
    Step(
        "to_noncombat", N_("On to non-combat movement"),
        N_("Press {next_phase} twice: the chart is checked, then non-combat movement begins."),
        N_("Press {next_phase} until non-combat movement begins."),
        ("R-TURN-3",), EndPhases(Power.US, Phase.NONCOMBAT_MOVE), hint_rule="R-TURN-3"),
    Step(
        "naval_base", N_("Naval bases"),
        N_("Drag the 2 destroyers from sea zone 5, off the west coast, to sea zone 11 by "
           "Samoa: 3 zones, one more than ships usually move. In non-combat movement a ship "
           "going from a zone with a friendly naval base to another such zone moves 3: the "
           "United States has one on its west coast and Samoa has one."),
        N_("Drag the 2 destroyers ringed in sea zone 5 onto sea zone 11."),
        ("R-NAVALBASE-1", "R-NONCOMBAT-8"), MoveTo(Pieces("sz_5", US, T.DESTROYER), "sz_11"),
        pieces=(Pieces("sz_5", US, T.DESTROYER),), spaces=("sz_11",),
        hint_rule="R-NAVALBASE-1"),
    Step(
        "to_place", N_("On to placement"),
        N_("Press {next_phase}: phase 7 places what the United States bought and China's "
           "infantry."),
        NEXT_PHASE_HINT, ("R-TURN-3",), EndPhases(Power.US, Phase.PLACE), hint_rule="R-TURN-3"),
    Step(
        "place", N_("The west coast"),
        N_("Drag each new unit from the {to_place} tab: the infantry and the artillery onto "
           "the United States, whose industrial complex builds them, the transport and the "
           "destroyer onto sea zone 5, its west coast."),
        N_("Drag the land units onto the United States and the ships onto sea zone 5."),
        ("R-PLACE-1", "R-PLACE-2", "R-PLACE-4"),
        PlaceAll(US, {T.INFANTRY: "united_states", T.ARTILLERY: "united_states",
                      T.TRANSPORT: "sz_5", T.DESTROYER: "sz_5"}),
        spaces=("united_states", "sz_5"), focus=("united_states",), hint_rule="R-PLACE-2"),
    Step(
        "place_china", N_("China's infantry"),
        N_("Drag China's 3 infantry from the {to_place} tab onto Szechwan, the only place "
           "they may appear."),
        N_("Drag China's infantry onto Szechwan."),
        ("R-PLACE-7", "R-CHINA-2"), PlaceAll(CN, {T.INFANTRY: "szechwan"}),
        spaces=("szechwan",), hint_rule="R-PLACE-7"),
    Step(
        "income", N_("Income"),
        N_("Press {next_phase} twice, then {end_turn}. The United States collects its "
           "production level; China collects nothing. Then round 2 begins with Japan."),
        N_("Press {next_phase} twice, then {end_turn}, until Japan's turn begins."),
        ("R-INCOME-1", "R-CHINA-1"), EndPhases(Power.JAPAN, Phase.PURCHASE),
        focus=("united_states",), hint_rule="R-TURN-3"),
    Step(
        "done", N_("The end of the tutorial"),
        N_("You have played the American turn: China's reinforcements, a purchase, a sea "
           "battle won with a destroyer's help, a naval base's longer move and the placement "
           "on the west coast. The game stays on the board for you to play on."),
        N_("Press {finish} to close the tutorial."),
        ("R-TURN-1",), Read(), continue_label=UI_LABELS["finish"], hint_rule="R-TURN-3"),
)
