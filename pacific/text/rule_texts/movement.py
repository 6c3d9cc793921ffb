"""Rules reference, movement part: general movement, both phases, AA fire, blitz, bases, CAP.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("R-MOVE-1", "13",
             N_("Units move only in combat movement (phase 3) and non-combat movement (phase "
                "6)."),
             N_("Outside those two phases units move only when patrol fighters land in phase 2 "
                "(R-CAP-7), when attackers retreat, or when fighters must leave a sunk carrier "
                "(R-CARRIER-8).")),
    RuleText("R-MOVE-2", "3, 33",
             N_("Movement: 1 space for infantry, Marines, artillery and AA guns, 2 for armor "
                "and ships, 4 for fighters, 6 for bombers."),
             N_("A unit may use part of its movement. An industrial complex never moves.")),
    RuleText("R-MOVE-3", "13",
             N_("Every step into an adjacent space costs 1 movement point."),
             N_("Land to land, sea zone to sea zone, or coast or island to sea zone: one step "
                "each. The path shown while you drag counts the steps for you.")),
    RuleText("R-MOVE-4", "5, 13",
             N_("An island ringed in white is a territory of its own inside its sea zone."),
             N_("Ships stay in the zone; an aircraft going from the zone to the island, or "
                "back, spends 1 point.")),
    RuleText("R-MOVE-5", "13",
             N_("Land units move only over land unless carried; ships move only through sea "
                "zones."),
             N_("To cross the sea, land units need a transport (or, for Japanese infantry, a "
                "destroyer).")),
    RuleText("R-MOVE-6", "13",
             N_("Aircraft fly over land and sea but land only on land, or, fighters only, on a "
                "friendly carrier."),
             N_("Islands count as land for landing.")),
    RuleText("R-MOVE-7", "13",
             N_("Land units and ships stop when they enter a space with enemy units; aircraft "
                "fly on."),
             N_("Aircraft may pass over enemy units, enemy aircraft included; only AA guns can "
                "harm them on the way.")),
    RuleText("R-MOVE-8", "33",
             N_("A sea zone whose only enemies are submerged submarines counts as empty."),
             N_("Ships sail in, through and out freely, and transports can load or unload in "
                "it. The submarines come up again in phase 8.")),
    RuleText("R-MOVE-9", "33",
             N_("An enemy territory holding only AA guns is occupied."),
             N_("Land units entering it stop there; it cannot be crossed with a blitz.")),
    RuleText("R-MOVE-10", "5",
             N_("No unit ever enters, crosses or flies over the Soviet Union or the Himalaya."),
             N_("Plan land and air routes around them.")),
    RuleText("R-MOVE-11", "5",
             N_("Allied units of every nation move freely into and through Chinese territories."),
             N_("Chinese land is friendly ground for all the Allies.")),
    RuleText("R-MOVE-12", "30",
             N_("Neutral territory cannot be entered by land units, landed in, or flown over."),
             N_("This map has no neutral territory beyond the two closed ones.")),
    RuleText("R-COMBATMOVE-1", "13",
             N_("In phase 3 you move units into spaces held by the enemy, starting battles, or "
                "out of them."),
             N_("Taking empty enemy spaces, amphibious assaults and strategic bombing raids are"
                " all moved now too. You may start as many battles as you like.")),
    RuleText("R-COMBATMOVE-2", "13, 16",
             N_("All combat moves end before combat starts; no unit may join a battle later."),
             N_("Think ahead: once you go on to combat resolution, nothing can reinforce the "
                "battles.")),
    RuleText("R-COMBATMOVE-3", "13",
             N_("No unit fights in more than one battle in a turn."),
             N_("A unit that has fought cannot be sent on to a second battle.")),
    RuleText("R-COMBATMOVE-4", "13, 24",
             N_("Allies never attack each other, and two Allied powers never attack together."),
             N_("An Allied power only ever attacks in its own turn and only with its own units.")),
    RuleText("R-COMBATMOVE-5", "13, 27",
             N_("A land unit entering an empty enemy territory takes it on entry, without a "
                "battle."),
             N_("AA guns cannot do this, and aircraft alone never capture anything.")),
    RuleText("R-COMBATMOVE-6", "13",
             N_("Ships that start in a zone with enemy units may sail away instead of fighting."),
             N_("They may go to any zone, stopping if it is occupied. Ships that stay behind "
                "fight a battle there.")),
    RuleText("R-COMBATMOVE-7", "33",
             N_("AA guns never take part in an attack on enemy territory."),
             N_("It may move only into friendly territory, or be carried by a transport.")),
    RuleText("R-COMBATMOVE-8", "20",
             N_("Announce an amphibious assault and its target during the move; the target is "
                "then fixed."),
             N_("After the naval battle that may come first, you may call the landing off, but "
                "not send it elsewhere. Each aircraft joins either that naval battle or the "
                "land attack, not both.")),
    RuleText("R-COMBATMOVE-9", "25, 33",
             N_("For a strategic bombing raid, bombers and their escorts fly to an enemy "
                "territory with an industrial complex."),
             N_("The raid is announced when they arrive. They cannot also join a normal attack "
                "there, and a bomber never raids and attacks normally in the same turn.")),
    RuleText("R-COMBATMOVE-10", "28",
             N_("Warships capture the empty enemy convoy zones they enter or cross in phase 3."),
             N_("What the capture changes on the production chart is in R-CONVOY-8 and "
                "R-CONVOY-10 to R-CONVOY-13.")),
    RuleText("R-NONCOMBAT-1", "30",
             N_("Aircraft that flew in phase 3 must land now with the movement they have left."),
             N_("A fighter has 4 points and a bomber 6 for both phases together.")),
    RuleText("R-NONCOMBAT-2", "30",
             N_("Other units may move in phase 6 only if they neither moved in phase 3 nor "
                "fought."),
             N_("A transport that fought may still load or unload, though (R-TRANS-12).")),
    RuleText("R-NONCOMBAT-3", "30",
             N_("In phase 6 land units enter only friendly territories."),
             N_("Never enemy-occupied, enemy-controlled or neutral ones.")),
    RuleText("R-NONCOMBAT-4", "30, 33",
             N_("AA guns may move in phase 6, except those in a territory captured this turn."),
             N_("A gun captured this turn stays put until your next turn.")),
    RuleText("R-NONCOMBAT-5", "30",
             N_("Aircraft land on friendly territory or, fighters only, a friendly carrier; "
                "never on land captured this turn."),
             N_("They may fly over enemy territory without AA fire now, but not over neutral "
                "territory, and never land on enemy or neutral ground.")),
    RuleText("R-NONCOMBAT-6", "30",
             N_("In phase 6 ships enter only sea zones with no enemy units, submerged "
                "submarines apart."),
             N_("A zone with a combat air patrol counts as holding enemy units.")),
    RuleText("R-NONCOMBAT-7", "30",
             N_("Non-combat movement never captures a convoy route or centre."),
             N_("Only combat movement or a won battle takes convoy zones.")),
    RuleText("R-NONCOMBAT-8", "30, 32, 33",
             N_("Phase 6 is also when transports load and unload, carriers pick up fighters, "
                "and combat air patrols start."),
             N_("Transports unload only into friendly territory now, and the naval base bonus "
                "applies in this phase.")),
    RuleText("R-NONCOMBAT-9", "25",
             N_("After a bombing raid the raiders fly home; the interceptors land in the raided"
                " territory."),
             N_("If that territory was captured this turn, the interceptors are lost.")),
    RuleText("R-AAFLY-1", "13, 16, 33",
             N_("In phase 3, each aircraft flying over an enemy territory with AA guns gets one"
                " shot from it."),
             N_("One die per aircraft, however many guns are there; a 1 hits.")),
    RuleText("R-AAFLY-2", "16",
             N_("Each AA hit shoots down one of the aircraft flying over together, chosen by "
                "their owner."),
             N_("The aircraft is removed at once: it goes no further and never fires.")),
    RuleText("R-AAFLY-3", "13",
             N_("An aircraft crossing several guarded territories is fired at in each of them, "
                "once per territory."),
             N_("Plan your flight path with this in mind: going around a guarded territory may "
                "save an aircraft.")),
    RuleText("R-AAFLY-4", "16, 33",
             N_("The territory under attack fires in combat, not as an overflight."),
             N_("Its AA guns shoot once at the start of the battle, at the aircraft that "
                "survived the flight.")),
    RuleText("R-AAFLY-5", "30, 33",
             N_("There is no AA fire in non-combat movement."),
             N_("Aircraft returning home in phase 6 may fly over guarded territories safely.")),
    RuleText("R-AAFLY-6", "16",
             N_("Retreating aircraft are fired at by the enemy AA guns they fly over."),
             N_("A retreat is not a non-combat move: the overflight rule still applies.")),
    RuleText("R-AAFLY-7", "16",
             N_("AA guns aboard a transport never fire."),
             N_("They can only shoot from a territory.")),
    RuleText("R-BLITZ-1", "33",
             N_("Armor may cross a first territory if it is friendly, or enemy but empty (a "
                "blitz)."),
             N_("An occupied enemy territory stops the armor in its first step.")),
    RuleText("R-BLITZ-2", "33",
             N_("A blitz captures the empty enemy territory at once, and the armor goes on to a"
                " second territory."),
             N_("The capture is marked and the chart updated immediately. The second territory "
                "may be friendly or enemy, empty or occupied; if occupied, there is a battle.")),
    RuleText("R-BLITZ-3", "33",
             N_("A blitzing armor may instead go back to the territory it came from."),
             N_("The captured territory stays captured.")),
    RuleText("R-BLITZ-4", "33",
             N_("A territory with nothing but enemy AA guns in it cannot be blitzed through."),
             N_("The armor must stop there, and takes the territory without dice at combat "
                "resolution.")),
    RuleText("R-BLITZ-5", "33",
             N_("Example: Japanese armor blitzes through empty Anhwe to join an attack on "
                "Suiyuan."),
             N_("Infantry and artillery go straight from Manchuria to Suiyuan; Anhwe becomes "
                "Japanese without a battle.")),
    RuleText("R-AIRBASE-1", "13",
             N_("An aircraft using a friendly air base spends nothing on the step between the "
                "base's territory and its sea zone."),
             N_("The step is free on the way out and on the way back, in both movement phases.")),
    RuleText("R-AIRBASE-2", "13",
             N_("Enemy aircraft never get the air base bonus."),
             N_("A base helps only the side that holds it.")),
    RuleText("R-AIRBASE-3", "13",
             N_("Example: from New Britain's air base a fighter can strike the Gilbert Islands "
                "and come back."),
             N_("Out: zone 27 free, zone 16, the Gilberts; back: 16, 27, New Britain free: 4 "
                "moves. A fighter from the Gilberts would need 3 moves to reach New Britain and"
                " could land only on a carrier.")),
    RuleText("R-NAVALBASE-1", "30",
             N_("In phase 6 a ship going from a friendly naval base's zone to another friendly "
                "base's zone may move 3."),
             N_("Bases captured this turn count.")),
    RuleText("R-NAVALBASE-2", "30",
             N_("Example: after taking New Britain and Midway, Japanese ships move 3 between "
                "their zones."),
             N_("A destroyer goes from zone 20 to zone 27; a transport loads in zone 36, at "
                "Japan's base, and lands in New Guinea.")),
    RuleText("R-CAP-1", "32",
             N_("In phase 6, a fighter that has not moved may start a combat air patrol over an"
                " adjacent sea zone."),
             N_("It flies from land into a bordering sea zone, or an island's own zone, where "
                "no enemy unit could start a fight with it.")),
    RuleText("R-CAP-2", "12, 32",
             N_("A patrol stays up until phase 2 of the owner's following turn."),
             N_("They stay aloft through the enemies' turns.")),
    RuleText("R-CAP-3", "32",
             N_("In an enemy's turn, every ship except a submarine that enters a patrolled zone"
                " must stop and fight."),
             N_("The patrol blocks the zone to surface ships; submarines pass freely.")),
    RuleText("R-CAP-4", "32",
             N_("Enemy aircraft fly through a patrolled zone freely, or enter it to fight the "
                "patrol or attack an island."),
             N_("Such an attack may be part of an amphibious assault.")),
    RuleText("R-CAP-5", "30, 32",
             N_("In non-combat movement, enemy surface ships may not enter a patrolled zone."),
             N_("The patrol counts as enemy units in the zone.")),
    RuleText("R-CAP-6", "32, 33",
             N_("Patrolling fighters do not defend an island in their zone."),
             N_("The island is a separate space.")),
    RuleText("R-CAP-7", "12, 32",
             N_("In phase 2 each patrolling fighter must land nearby or be lost, then moves "
                "normally that turn."),
             N_("Possible landing places: friendly land bordering the zone, a friendly island "
                "inside it, or a friendly carrier there with space. The landing itself is free.")),
)
