"""The short lessons (Help ▸ Lessons): each teaches one rule that sets this game apart, in five
to ten steps, on a small position of the real board (``maps/pacific/scenarios/lesson_*.json``,
written by tools/make_scenarios.py: two infantry in every capital and the few pieces the lesson
needs). Every step is data, as in `pacific.tutorial.script`; tests/test_tutorial_courses.py
plays each lesson through the engine with its own answers and dice.
"""

from __future__ import annotations

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text.language import N_
from pacific.tutorial.goals import Aim, EndPhases, Fight, Land, MoveTo, Patrol, Pieces, Raid, Read
from pacific.tutorial.script import NEXT_PHASE_HINT, UI_LABELS, Roll, Step

J, US, IN, AU = Nation.JAPAN, Nation.USA, Nation.INDIA, Nation.AUSTRALIA
T = UnitType

READ_HINT = N_("Read this step, then press {continue}.")
FINISH_HINT = N_("Press {finish} to close the lesson.")

KAMIKAZE: tuple[Step, ...] = (
    Step(
        "zones", N_("Kamikaze: the zones and the tokens"),
        N_("Japan may strike Allied ships with kamikazes, but only in the six sea zones "
           "marked with the kamikaze symbol, 23, 24, 25, 35, 36 and 37, around Japan. It has "
           "6 tokens for the whole game: each one used is gone."),
        READ_HINT, ("R-KAMI-1", "R-KAMI-2"), Read(), focus=("sz_35", "sz_36", "sz_37"),
        hint_rule="R-KAMI-2"),
    Step(
        "enter", N_("A ship enters a kamikaze zone"),
        N_("You play the United States. Drag the battleship from sea zone 38 to sea zone 37 "
           "to attack the Japanese transport there."),
        N_("Drag the battleship ringed in sea zone 38 onto sea zone 37."),
        ("R-KAMI-4", "R-NAVAL-1"), MoveTo(Pieces("sz_38", US, T.BATTLESHIP), "sz_37"),
        pieces=(Pieces("sz_38", US, T.BATTLESHIP),), spaces=("sz_37",), hint_rule="R-KAMI-4"),
    Step(
        "timing", N_("When Japan answers"),
        N_("Press {next_phase}. Japan answers only once the whole American combat movement is "
           "over, and before any battle is fought: that is when it declares its kamikazes."),
        NEXT_PHASE_HINT, ("R-KAMI-4",), EndPhases(Power.US, Phase.COMBAT),
        spaces=("sz_37",), hint_rule="R-KAMI-4"),
    Step(
        "targets", N_("Choosing the targets"),
        N_("Play Japan for a moment: on the battle board aim 1 kamikaze at the battleship and "
           "press {kamikaze}. Each token names its own target before any die is rolled; any "
           "surface ship may be one, a submarine may not."),
        N_("Aim exactly 1 kamikaze at the American battleship, then press {kamikaze}."),
        ("R-KAMI-5",), Aim(Pieces("sz_37", US, T.BATTLESHIP)),
        pieces=(Pieces("sz_37", US, T.BATTLESHIP),), spaces=("sz_37",), hint_rule="R-KAMI-5"),
    Step(
        "strike", N_("The strike"),
        N_("Fight sea zone 37 on the battle board. The kamikaze rolls a 2 and hits its target "
           "on 2: the battleship takes its first hit and is only damaged. It still fires, "
           "rolls 3 and sinks the transport, which fires back at 1, rolls 5 and misses."),
        N_("Fight the battle in sea zone 37."),
        ("R-KAMI-6", "R-KAMI-8", "R-BB-1"), Fight("sz_37"), spaces=("sz_37",),
        dice=(Roll("the kamikaze hits on 2: a hit", (2,)),
              Roll("the battleship attacks at 4: a hit", (3,)),
              Roll("the transport defends at 1: a miss", (5,))),
        hint_rule="R-COMBAT-2"),
    Step(
        "done", N_("What to remember"),
        N_("Kamikazes strike only in their six zones, only after the Allied combat movement, "
           "one die per token at its own target, hitting on 2. In a naval battle there they "
           "strike in the first round, and a ship they sink still fires back."),
        FINISH_HINT, ("R-KAMI-6", "R-KAMI-8"), Read(), continue_label=UI_LABELS["finish"],
        hint_rule="R-KAMI-8"),
)

CAP: tuple[Step, ...] = (
    Step(
        "patrol", N_("Combat air patrols"),
        N_("In non-combat movement a fighter that has not moved this turn may fly a combat "
           "air patrol: from its territory into one sea zone next to it, or, from an island, "
           "into the island's own zone. It stays there until its side's next turn."),
        READ_HINT, ("R-CAP-1", "R-CAP-2"), Read(), focus=("marshall_islands", "sz_18"),
        hint_rule="R-CAP-1"),
    Step(
        "fly", N_("Start a patrol"),
        N_("You play Japan. Drag the fighter from the Marshall Islands onto sea zone 18, the "
           "islands' own zone."),
        N_("Drag the fighter ringed on the Marshall Islands onto sea zone 18."),
        ("R-CAP-1",), Patrol(Pieces("marshall_islands", J, T.FIGHTER), "sz_18"),
        pieces=(Pieces("marshall_islands", J, T.FIGHTER),), spaces=("sz_18",),
        hint_rule="R-CAP-1"),
    Step(
        "wait", N_("The patrol waits"),
        N_("Press {play_phases}: the lesson ends Japan's turn and Britain's for you (split "
           "the convoy money when asked) and stops at the American combat movement."),
        N_("Press {play_phases}: the lesson plays these phases; split the convoy money when "
           "asked."),
        ("R-CAP-2", "R-TURN-1"), EndPhases(Power.US, Phase.COMBAT_MOVE, auto=True),
        continue_label=UI_LABELS["play_phases"], hint_rule="R-CAP-2"),
    Step(
        "stop", N_("Ships must stop and fight"),
        N_("You play the United States. Drag the destroyer from sea zone 17 onto sea zone 18. "
           "No enemy ship but a submarine may sail through a patrolled zone: it must stop "
           "there and fight the fighter, as this one does."),
        N_("Drag the destroyer ringed in sea zone 17 onto sea zone 18."),
        ("R-CAP-3",), MoveTo(Pieces("sz_17", US, T.DESTROYER), "sz_18"),
        pieces=(Pieces("sz_17", US, T.DESTROYER),), spaces=("sz_18",), hint_rule="R-CAP-3"),
    Step(
        "to_combat", N_("On to the battle"),
        N_("Press {next_phase}: the battle board opens on sea zone 18."),
        NEXT_PHASE_HINT, ("R-COMBATMOVE-2",), EndPhases(Power.US, Phase.COMBAT),
        spaces=("sz_18",), hint_rule="R-TURN-3"),
    Step(
        "fight", N_("The destroyer against the patrol"),
        N_("Fight sea zone 18. The destroyer rolls 5 and misses at 3; the fighter defends at "
           "4, rolls 2 and sinks it."),
        N_("Fight the battle in sea zone 18."),
        ("R-CAP-3", "R-COMBAT-5"), Fight("sz_18"), spaces=("sz_18",),
        dice=(Roll("the destroyer attacks at 3: a miss", (5,)),
              Roll("the fighter defends at 4: a hit", (2,))),
        hint_rule="R-COMBAT-2"),
    Step(
        "done", N_("Landing the patrol"),
        N_("In phase 2 of Japan's next turn the fighter must land on a friendly territory "
           "next to the zone, an island in it or a carrier there, or it is lost; then it moves "
           "as usual. A patrol does not defend the island it flies over."),
        FINISH_HINT, ("R-CAP-7", "R-CAP-6"), Read(), continue_label=UI_LABELS["finish"],
        hint_rule="R-CAP-7"),
)

BASES: tuple[Step, ...] = (
    Step(
        "naval", N_("Naval bases"),
        N_("A ship usually moves 2 zones. In non-combat movement, one that goes from a zone "
           "with a friendly naval base to a zone with another friendly naval base moves 3. "
           "The west coast of the United States has a naval base, and so has Samoa."),
        READ_HINT, ("R-NAVALBASE-1",), Read(), focus=("sz_5", "sz_11"),
        hint_rule="R-NAVALBASE-1"),
    Step(
        "sail", N_("Three zones"),
        N_("Drag the 2 destroyers from sea zone 5 onto sea zone 11, three zones away, by "
           "Samoa."),
        N_("Drag the 2 destroyers ringed in sea zone 5 onto sea zone 11."),
        ("R-NAVALBASE-1", "R-NONCOMBAT-8"), MoveTo(Pieces("sz_5", US, T.DESTROYER), "sz_11"),
        pieces=(Pieces("sz_5", US, T.DESTROYER),), spaces=("sz_11",),
        hint_rule="R-NAVALBASE-1"),
    Step(
        "air", N_("Air bases"),
        N_("An aircraft flying from or to a territory with a friendly air base spends nothing "
           "on the step between that territory and its sea zone. Hawaii has one: its fighter "
           "reaches Guam, 5 steps away, for 4 moves, a fighter's whole allowance."),
        READ_HINT, ("R-AIRBASE-1", "R-AIRBASE-2"), Read(),
        focus=("hawaiian_islands", "guam"), hint_rule="R-AIRBASE-1"),
    Step(
        "fly", N_("The fighter flies to Guam"),
        N_("Drag the fighter from Hawaii onto Guam."),
        N_("Drag the fighter ringed on Hawaii onto Guam."),
        ("R-AIRBASE-1",), MoveTo(Pieces("hawaiian_islands", US, T.FIGHTER), "guam"),
        pieces=(Pieces("hawaiian_islands", US, T.FIGHTER),), spaces=("guam",),
        hint_rule="R-AIRBASE-1"),
    Step(
        "done", N_("What to remember"),
        N_("Naval bases add a third zone in non-combat movement, between two friendly bases; "
           "air bases make the step to their own sea zone free, for their side's aircraft "
           "only. A base captured this turn already counts."),
        FINISH_HINT, ("R-NAVALBASE-1", "R-AIRBASE-2"), Read(),
        continue_label=UI_LABELS["finish"], hint_rule="R-NAVALBASE-1"),
)

CONVOYS: tuple[Step, ...] = (
    Step(
        "kinds", N_("Convoy centres and routes"),
        N_("Two kinds of sea zones carry money. The five convoy centres have a value of their "
           "own: zones 15, 49 and 52 pay the British convoy, 3 and 6 the United States. The "
           "thirteen convoy routes are worth the territory whose name they bear."),
        READ_HINT, ("R-CONVOY-1", "R-CONVOY-2"), Read(), focus=("sz_15", "sz_13"),
        hint_rule="R-CONVOY-2"),
    Step(
        "centre", N_("Take a convoy centre"),
        N_("You play Japan. Drag the destroyer from sea zone 27 onto sea zone 15, a British "
           "convoy centre worth 5. A warship that enters an enemy convoy zone holding no "
           "enemy units in combat movement takes it."),
        N_("Drag the destroyer ringed in sea zone 27 onto sea zone 15."),
        ("R-CONVOY-3", "R-CONVOY-8"), MoveTo(Pieces("sz_27", J, T.DESTROYER), "sz_15"),
        pieces=(Pieces("sz_27", J, T.DESTROYER),), spaces=("sz_15",), hint_rule="R-CONVOY-3"),
    Step(
        "chart", N_("The chart changes at once"),
        N_("Open the {production} tab: the British convoy is now worth 7 instead of 12, and "
           "Japan gains nothing from it. Levels change the moment a zone is taken, not at the "
           "end of the turn."),
        READ_HINT, ("R-CONVOY-8", "R-CONVOY-7"), Read(), focus=("sz_15",),
        hint_rule="R-CONVOY-8"),
    Step(
        "route", N_("Cut a convoy route"),
        N_("Now drag the destroyer from sea zone 14 onto sea zone 13, New Zealand's convoy "
           "route: while Japan holds it, New Zealand's value no longer counts for "
           "Australia."),
        N_("Drag the destroyer ringed in sea zone 14 onto sea zone 13."),
        ("R-CONVOY-9", "R-CONVOY-10", "R-CONVOY-13"),
        MoveTo(Pieces("sz_14", J, T.DESTROYER), "sz_13"),
        pieces=(Pieces("sz_14", J, T.DESTROYER),), spaces=("sz_13",), hint_rule="R-CONVOY-3"),
    Step(
        "done", N_("What to remember"),
        N_("Only combat movement takes convoy zones, never non-combat movement. An Ally that "
           "takes a zone back from Japan gives it back to its first owner."),
        FINISH_HINT, ("R-CONVOY-5", "R-CONVOY-7"), Read(),
        continue_label=UI_LABELS["finish"], hint_rule="R-CONVOY-5"),
)

BOMBING: tuple[Step, ...] = (
    Step(
        "raids", N_("Strategic bombing"),
        N_("Only bombers raid, and only an enemy territory with an industrial complex; fighters "
           "may escort them. The defender's fighters there may intercept. Japan pays the "
           "damage from its IPCs, and loses 1 victory point for every 10 it pays."),
        READ_HINT, ("R-SBR-1", "R-SBR-2", "R-SBR-3", "R-SBR-5"), Read(),
        focus=("kiangsi", "japan"), hint_rule="R-SBR-1"),
    Step(
        "bombers", N_("Send the bombers"),
        N_("Drag the 2 bombers from Kiangsi onto Japan while holding Alt: the drop becomes a "
           "bombing raid instead of an attack. Japan is 3 spaces away, so the bombers can fly "
           "back to China afterwards; a fighter, with 4 moves, could not come back, so this "
           "raid flies without an escort."),
        N_("Drag the 2 bombers ringed in Kiangsi onto Japan with Alt held down."),
        ("R-SBR-1", "R-COMBATMOVE-9", "R-AIR-2"), Raid(Pieces("kiangsi", US, T.BOMBER), "japan"),
        pieces=(Pieces("kiangsi", US, T.BOMBER),), spaces=("japan",), hint_rule="R-SBR-1"),
    Step(
        "to_combat", N_("On to the raid"),
        N_("Press {next_phase}: raids are resolved first in the combat phase."),
        NEXT_PHASE_HINT, ("R-COMBAT-2",), EndPhases(Power.US, Phase.COMBAT),
        spaces=("japan",), hint_rule="R-TURN-3"),
    Step(
        "raid", N_("The raid"),
        N_("Fight the raid on Japan on the battle board; Japan's fighter intercepts. The AA "
           "gun fires at each bomber and rolls 4 and 3: no hit on 1. The interceptor fires "
           "once at 2, rolls 5 and misses. Each bomber then rolls one die, 6 and 5: Japan pays "
           "11 IPCs."),
        N_("Fight the raid on Japan, answering each question on the battle board."),
        ("R-SBR-4", "R-AA-5", "R-SBR-3"), Fight("japan"), spaces=("japan",),
        dice=(Roll("AA fire at 2 bombers, hitting on 1: no hit", (4, 3)),
              Roll("the interceptor at 2: a miss", (5,)),
              Roll("2 bombers: 11 IPCs of damage", (6, 5))),
        hint_rule="R-SBR-4"),
    Step(
        "done", N_("Victory points"),
        N_("Japan paid 11 of its 19 IPCs, and every full 10 IPCs paid in one raid cost it a "
           "victory point: it falls from 6 to 5. Raids are how the Allies slow Japan's march "
           "to its victory points."),
        FINISH_HINT, ("R-SBR-5", "R-VP-3"), Read(), continue_label=UI_LABELS["finish"],
        hint_rule="R-SBR-5"),
)

AMPHIBIOUS: tuple[Step, ...] = (
    Step(
        "assaults", N_("Amphibious assaults"),
        N_("Landing in an enemy territory from the sea is an amphibious assault, declared in "
           "combat movement with its target. Battleships and destroyers in the zone may give "
           "cover fire when no naval battle is fought there, and Marines attack at 2 instead "
           "of 1 when they land."),
        READ_HINT, ("R-AMPH-1", "R-AMPH-6", "R-MARINE-2"), Read(), focus=("sz_17", "wake"),
        hint_rule="R-AMPH-1"),
    Step(
        "sail", N_("The transport sails"),
        N_("Drag the transport with the 2 Marines from sea zone 17 onto sea zone 19, next to "
           "Wake."),
        N_("Drag the transport ringed in sea zone 17 onto sea zone 19."),
        ("R-TRANS-3",), MoveTo(Pieces("sz_17", US, T.TRANSPORT), "sz_19"),
        pieces=(Pieces("sz_17", US, T.TRANSPORT),), spaces=("sz_19",), hint_rule="R-TRANS-3"),
    Step(
        "cover", N_("Cover fire"),
        N_("Drag the battleship from sea zone 17 onto sea zone 19 too: it will fire once at "
           "Wake's defenders before the landing."),
        N_("Drag the battleship ringed in sea zone 17 onto sea zone 19."),
        ("R-AMPH-6",), MoveTo(Pieces("sz_17", US, T.BATTLESHIP), "sz_19"),
        pieces=(Pieces("sz_17", US, T.BATTLESHIP),), spaces=("sz_19",), hint_rule="R-AMPH-6"),
    Step(
        "land", N_("Land the Marines"),
        N_("Drag the Marines icon under the transport in sea zone 19 onto Wake: the assault "
           "and its target are declared."),
        N_("Drag the Marines aboard the transport in sea zone 19 onto Wake."),
        ("R-AMPH-1", "R-TRANS-7"), Land(Pieces("sz_19", US, T.TRANSPORT, loaded=True), "wake"),
        pieces=(Pieces("sz_19", US, T.TRANSPORT, loaded=True),), spaces=("wake",),
        hint_rule="R-AMPH-1"),
    Step(
        "to_combat", N_("On to the assault"),
        N_("Press {next_phase}: combat movement is over."),
        NEXT_PHASE_HINT, ("R-COMBATMOVE-2",), EndPhases(Power.US, Phase.COMBAT),
        spaces=("wake",), hint_rule="R-TURN-3"),
    Step(
        "fight", N_("The assault"),
        N_("Fight Wake. The battleship's cover fire rolls 2 and hits one defender. The "
           "Marines attack at 2 and roll 2 and 5: one more hit. Both defenders, the one hit "
           "by cover fire too, fire back at 2 and roll 6 and 6: Wake is American."),
        N_("Fight the assault on Wake."),
        ("R-AMPH-6", "R-MARINE-2", "R-COMBAT-5"), Fight("wake"), spaces=("wake",),
        dice=(Roll("cover fire: the battleship at 4, a hit", (2,)),
              Roll("2 Marines landing attack at 2: one hit", (2, 5)),
              Roll("the 2 Japanese infantry defend at 2: a miss", (6, 6))),
        hint_rule="R-COMBAT-2"),
    Step(
        "done", N_("What to remember"),
        N_("Cover fire comes once, before the landing, and only where no naval battle is "
           "fought. Land units that landed can never retreat. Marines landing attack at 2."),
        FINISH_HINT, ("R-AMPH-6", "R-MARINE-2"), Read(), continue_label=UI_LABELS["finish"],
        hint_rule="R-AMPH-6"),
)

SUBMARINES: tuple[Step, ...] = (
    Step(
        "first_strike", N_("Submarines strike first"),
        N_("An attacking submarine fires at 2 before anyone else: the ships it sinks are gone "
           "before they can fire back. A destroyer on the other side takes that first strike "
           "away."),
        READ_HINT, ("R-SUB-1", "R-SUB-2", "R-SUB-3"), Read(), focus=("sz_17", "sz_18", "sz_25"),
        hint_rule="R-SUB-2"),
    Step(
        "alone", N_("Against a lone transport"),
        N_("You play Japan. Drag the submarine from sea zone 25 onto sea zone 18, where an "
           "American transport sails alone."),
        N_("Drag the submarine ringed in sea zone 25 onto sea zone 18."),
        ("R-SUB-2",), MoveTo(Pieces("sz_25", J, T.SUBMARINE), "sz_18"),
        pieces=(Pieces("sz_25", J, T.SUBMARINE),), spaces=("sz_18",), hint_rule="R-SUB-2"),
    Step(
        "escorted", N_("Against an escorted transport"),
        N_("Drag the submarine from sea zone 19 onto sea zone 17, where a transport sails "
           "with a destroyer."),
        N_("Drag the submarine ringed in sea zone 19 onto sea zone 17."),
        ("R-SUB-3",), MoveTo(Pieces("sz_19", J, T.SUBMARINE), "sz_17"),
        pieces=(Pieces("sz_19", J, T.SUBMARINE),), spaces=("sz_17",), hint_rule="R-SUB-3"),
    Step(
        "to_combat", N_("On to the battles"),
        N_("Press {next_phase}: the battle board opens."),
        NEXT_PHASE_HINT, ("R-COMBATMOVE-2",), EndPhases(Power.JAPAN, Phase.COMBAT),
        spaces=("sz_17", "sz_18"), hint_rule="R-TURN-3"),
    Step(
        "strike", N_("A first strike"),
        N_("Fight sea zone 18. The submarine strikes first, rolls 1 and sinks the transport, "
           "which never fires back."),
        N_("Fight sea zone 18 first."),
        ("R-SUB-2",), Fight("sz_18"), spaces=("sz_18",),
        dice=(Roll("first strike at 2: a hit", (1,)),), hint_rule="R-COMBAT-2"),
    Step(
        "no_strike", N_("No first strike"),
        N_("Fight sea zone 17. With the destroyer there, the submarine fires with everyone "
           "else: it rolls 2 and hits, and the United States gives up the transport; the "
           "destroyer, firing at the same time, rolls 3 and sinks the submarine."),
        N_("Fight sea zone 17."),
        ("R-SUB-3", "R-COMBAT-5"), Fight("sz_17"), spaces=("sz_17",),
        dice=(Roll("the submarine at 2: a hit", (2,)),
              Roll("the transport at 1 and the destroyer at 3: one hit", (6, 3))),
        hint_rule="R-COMBAT-2"),
    Step(
        "done", N_("What to remember"),
        N_("A submarine's first strike needs no enemy destroyer in the battle. Its hits never "
           "fall on aircraft, and aircraft can hit submarines only with a friendly destroyer "
           "there. A defending submarine may submerge instead of firing."),
        FINISH_HINT, ("R-SUB-3", "R-SUB-4", "R-SUB-5", "R-SUB-6"), Read(),
        continue_label=UI_LABELS["finish"], hint_rule="R-SUB-3"),
)
