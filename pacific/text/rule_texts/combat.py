"""Rules reference, combat part: battles on land and at sea, submarines, battleships, AA guns.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("R-COMBAT-1", "16",
             N_("Combat resolution starts when all combat movement is over; no reinforcements "
                "arrive afterwards."),
             N_("Every battle is fought with the units that moved in during phase 3.")),
    RuleText("R-COMBAT-2", "16",
             N_("The attacker resolves battles one by one, finishing each before the next, "
                "starting with bombing raids."),
             N_("A naval battle before an amphibious assault is the first step of that assault.")),
    RuleText("R-COMBAT-3", "13",
             N_("A unit fights at most one battle per turn, but there is no limit on the number"
                " of battles."),
             N_("Escorting or intercepting a raid and giving cover fire each count as that "
                "unit's battle.")),
    RuleText("R-COMBAT-4", "13",
             N_("An Allied nation never attacks another Allied nation."),
             N_("Allied units in the same space are never at war with each other.")),
    RuleText("R-COMBAT-5", "33",
             N_("Each firing unit rolls one die and hits on its value or less."),
             N_("The value is its attack or defence, or a special value a rule sets, such as 2 "
                "for cover fire by a destroyer.")),
    RuleText("R-COMBAT-6", "16",
             N_("As a rule, each side decides which of its own units are lost to the hits it "
                "takes."),
             N_("AA guns and industrial complexes can never be chosen. The battle board "
                "suggests the cheapest losses, but the choice is yours.")),
    RuleText("R-COMBAT-7", "16",
             N_("Normal fire is simultaneous: units hit by the attacker still fire back in that"
                " round."),
             N_("Losses leave the board when the round is over. AA fire and a submarine's first"
                " strike are the only hits that remove units before they can reply.")),
    RuleText("R-COMBAT-8", "16",
             N_("Only the attacker can retreat; the defender stays to the end, except "
                "submarines, which may submerge."),
             N_("The defender's only way out of a battle is a submarine diving.")),
    RuleText("R-COMBAT-9", "27",
             N_("A territory changes hands only when every defender is gone and at least one "
                "attacking land unit is left."),
             N_("Aircraft never capture.")),
    RuleText("R-COMBAT-10", "27",
             N_("Attacking aircraft may not stay or land where they fought, nor in a territory "
                "captured this turn."),
             N_("Fighters may land on a friendly carrier that is in the sea zone after the "
                "battle.")),
    RuleText("R-COMBAT-11", "27, 33",
             N_("A captured territory's AA guns and industrial complex pass to the captor."),
             N_("If AA guns or a complex are all that defends a territory, the land units that "
                "moved in take it with no dice rolled; the guns still shoot at attacking "
                "aircraft first.")),
    RuleText("R-LAND-1", "16",
             N_("A land battle: AA fire first, then rounds of attacker fire, defender fire and "
                "removal of casualties."),
             N_("The battle board shows both sides. AA guns fire once if aircraft attack; then "
                "the attacker rolls, the defender picks losses and fires back with all its "
                "units, and both sides remove casualties. Rounds go on until a result.")),
    RuleText("R-LAND-2", "16",
             N_("After any round the attacker may retreat all its land units into one "
                "territory."),
             N_("The destination must have been the attacker's when the turn began, and at "
                "least one retreating unit must have come from there.")),
    RuleText("R-LAND-3", "16",
             N_("Aircraft that retreat may fly, within range, to any place their side held when"
                " the turn began, or to a friendly carrier."),
             N_("Enemy AA guns fire at them in the territories they cross.")),
    RuleText("R-LAND-4", "16",
             N_("A land battle ends when the attacker retreats or one side or both are wiped "
                "out."),
             N_("The defender keeps the territory unless it is wiped out while an attacking "
                "land unit survives. If both sides are destroyed, the defender keeps it.")),
    RuleText("R-FIRSTTURN-1", "16",
             N_("In Japan's opening turn of the game, Allied units defend only at 1."),
             N_("This is the surprise of Japan's opening attack: it holds in every battle, on "
                "land and at sea, in every round.")),
    RuleText("R-FIRSTTURN-2", "16",
             N_("Units defending inside China are the exception: they keep their usual defence."),
             N_("China was already at war and was not surprised.")),
    RuleText("R-FIRSTTURN-3", "16",
             N_("Japan's attack values, AA fire and all later turns are not affected."),
             N_("AA guns already hit only on 1.")),
    RuleText("R-NAVAL-1", "16",
             N_("A naval battle: attacking submarines strike first or dive, then the attacker "
                "fires, the defender fires, casualties go."),
             N_("Attacking transports are on the battle board because they can be chosen as "
                "casualties. Defending submarines may dive instead of firing. Rounds go on "
                "until a result.")),
    RuleText("R-NAVAL-2", "16",
             N_("Transports never fire in attack and defend at 1; their cargo never fires and "
                "sinks with them."),
             N_("Either side may take a transport as a casualty. Passengers, on a transport or "
                "a Japanese destroyer, can never be picked as losses by themselves.")),
    RuleText("R-NAVAL-3", "16",
             N_("A retreating fleet goes to one adjacent sea zone with no enemy units, from "
                "which at least one ship came."),
             N_("Aircraft retreat as in a land battle. An attacking submarine may dive instead."
                " Against submerged submarines alone there is no retreat: the battle just ends.")),
    RuleText("R-NAVAL-4", "16",
             N_("A naval battle ends when one side retreats, is sunk or dives, or when the "
                "units left cannot hurt each other."),
             N_("Only submarines and aircraft left: the battle ends and everyone stays in the "
                "zone. If both sides are gone, the zone stays with the defender for convoy "
                "purposes.")),
    RuleText("R-NAVAL-5", "33",
             N_("Fighters aboard a defending carrier fight with it; fighters aboard an "
                "attacking carrier are only cargo."),
             N_("Defending carrier fighters can be casualties except of submarine fire, and "
                "must land within 1 space if the carrier sinks. Fighters based on an island "
                "play no part in a battle in the surrounding zone.")),
    RuleText("R-NAVAL-6", "33",
             N_("Enemies left in the same sea zone fight again later, unless the next player "
                "moves them away."),
             N_("This happens after a battle ends with submarines and aircraft, after a dive, "
                "or when ships are placed beside enemies.")),
    RuleText("R-SUB-1", "33",
             N_("Submarine: attacks at 2 with a first strike, defends at 2."),
             N_("Cheap and dangerous, but helpless against aircraft.")),
    RuleText("R-SUB-2", "16",
             N_("First strike: each attacking submarine that does not dive hits on 2 before "
                "anyone else fires."),
             N_("The defender picks each casualty among the units a submarine can hit, and "
                "removes it at once: it never fires back.")),
    RuleText("R-SUB-3", "33",
             N_("While an enemy destroyer is in the battle, submarines lose their first strike."),
             N_("They then fire together with the other attackers. When the last enemy "
                "destroyer goes down, the first strike is back from the following round. A "
                "defending submarine never strikes first.")),
    RuleText("R-SUB-4", "33",
             N_("A submarine's hits can never fall on an aircraft."),
             N_("Submarine hits must go to ships; any hit with no ship to take it is lost.")),
    RuleText("R-SUB-5", "33",
             N_("Aircraft can hit submarines only while a destroyer of their side is in the sea"
                " zone."),
             N_("Without such a destroyer, aircraft hits must go to other units.")),
    RuleText("R-SUB-6", "16, 33",
             N_("A submarine may dive: it stays in the zone but takes no further part in the "
                "turn's fighting."),
             N_("An attacker dives in the first step of a round or instead of retreating; a "
                "defender dives instead of firing. Diving is the one way out of a battle that a"
                " defender has.")),
    RuleText("R-SUB-7", "33",
             N_("In phase 8 every submerged submarine surfaces where it is."),
             N_("Submarines of every nation surface, whoever's turn it is.")),
    RuleText("R-SUB-8", "33",
             N_("Submerged submarines alone do not make a sea zone occupied."),
             N_("Transports may cross it and load or unload there.")),
    RuleText("R-SUB-9", "33",
             N_("A Japanese submarine attacked by one Allied power may hit the other Allied "
                "power's units in the zone."),
             N_("Its hits, even in a round it was hit, may fall on any Allied unit there.")),
    RuleText("R-BB-1", "16, 33",
             N_("Battleship: attacks and defends at 4, and needs two hits in the same battle to"
                " sink."),
             N_("The first hit only damages it and it keeps fighting normally; the second sinks"
                " it.")),
    RuleText("R-BB-2", "20",
             N_("An undamaged battleship may take a hit as a legal casualty choice, absorbing "
                "it."),
             N_("This is the usual way to save a cheaper unit.")),
    RuleText("R-BB-3", "33",
             N_("A damaged battleship that was not sunk is repaired in phase 8."),
             N_("Whoever owns it, it is set upright in phase 8 of the turn.")),
    RuleText("R-BB-4", "33",
             N_("A first-strike hit damages an intact battleship, which still fires; it sinks a"
                " damaged one outright."),
             N_("A damaged battleship sunk by a first strike does not fire back.")),
    RuleText("R-BB-5", "20",
             N_("A battleship gives cover fire at 4 in an amphibious assault."),
             N_("R-AMPH-6 says when cover fire is allowed.")),
    RuleText("R-AA-1", "33",
             N_("AA gun: it never attacks, shoots only at aircraft (hitting on 1), takes no "
                "part in the rounds and can never be lost."),
             N_("It fires once, before the first round, and is then out of the battle.")),
    RuleText("R-AA-2", "16",
             N_("AA guns fire a single volley before a land battle's first round, rolling one "
                "die for each attacking aircraft."),
             N_("The number of guns does not matter. Every 1 shoots down an aircraft, which its"
                " owner picks and removes straight away.")),
    RuleText("R-AA-3", "16",
             N_("AA guns aboard a transport never fire."),
             N_("They are cargo until landed.")),
    RuleText("R-AA-4", "13, 33",
             N_("Fire at aircraft flying over is separate: a survivor is fired at again in a "
                "battle against a guarded territory."),
             N_("Overflight fire and battle AA fire are two different events.")),
    RuleText("R-AA-5", "25",
             N_("In a bombing raid, AA fire comes before the fighter clash and targets escorts "
                "too."),
             N_("Each bomber and each escort gets one die.")),
)
