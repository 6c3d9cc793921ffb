"""Rules reference, units part: transports, Japanese destroyers, carriers, aircraft, units.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("R-TRANS-1", "33",
             N_("A transport carries one armor, or two other land units; it never attacks and "
                "defends at 1."),
             N_("AA guns may be among the two. Armor plus another unit does not fit.")),
    RuleText("R-TRANS-2", "12, 24, 33",
             N_("Chinese infantry never boards any transport."),
             N_("China's army stays on the mainland.")),
    RuleText("R-TRANS-3", "33",
             N_("Cargo moves with its transport, which may load before, during or after its "
                "move and unload at the end."),
             N_("For instance it can pick up an infantry, sail one zone, pick up an AA gun, "
                "sail another zone and put both ashore.")),
    RuleText("R-TRANS-4", "33",
             N_("A transport may load from several territories, each next to its zone at the "
                "time."),
             N_("It can pick up one unit from one coast and another from a second coast of the "
                "same zone.")),
    RuleText("R-TRANS-5", "20, 33",
             N_("A transport that unloads stops for the turn, and unloads into one territory "
                "only."),
             N_("It need not unload everything. Other transports may land elsewhere, and one "
                "assault may come from several zones.")),
    RuleText("R-TRANS-6", "13",
             N_("Transports cannot load or unload where enemy units are present, submerged "
                "submarines apart."),
             N_("Move the transport to an empty or friendly zone first.")),
    RuleText("R-TRANS-7", "33",
             N_("Unloading into friendly land happens in phase 6; unloading into enemy land in "
                "phase 3 is an amphibious assault."),
             N_("Troops landed in an empty enemy territory in phase 3 take it on landing.")),
    RuleText("R-TRANS-8", "20, 33",
             N_("Boarding or landing is a land unit's whole move for the turn."),
             N_("It cannot walk to the coast and then board, nor move on after landing.")),
    RuleText("R-TRANS-9", "33",
             N_("A transport loads and unloads in one turn only with cargo of its own nation, "
                "and only if it has not fought first."),
             N_("For this rule India and Australia count as one nation.")),
    RuleText("R-TRANS-10", "33",
             N_("No unit passes directly from one transport to another."),
             N_("It must land first and board again in a later turn.")),
    RuleText("R-TRANS-11", "33",
             N_("A transport starting its turn beside enemy ships may not load or unload in "
                "that zone, except in an amphibious assault."),
             N_("Sailing away to a quiet zone first is allowed, and loading or unloading there "
                "does not count as combat.")),
    RuleText("R-TRANS-12", "20, 33",
             N_("A transport that fought this turn cannot move again and may then load or "
                "unload, not both."),
             N_("If it retreated from the naval battle before a landing, it cannot put troops "
                "ashore that turn.")),
    RuleText("R-TRANS-13", "24, 33",
             N_("Another Allied power's troops ride in three steps: they board in their turn, "
                "sail in the transport's, land in a later one."),
             N_("Even if the transport never moves, an American unit cannot board a British "
                "transport and land in the same turn.")),
    RuleText("R-TRANS-14", "16, 33",
             N_("Cargo never fires or counts as a casualty, and sinks with its transport."),
             N_("Losing a loaded transport loses everything aboard.")),
    RuleText("R-JDD-1", "20, 33",
             N_("Each Japanese destroyer may carry one Japanese infantry; Allied destroyers "
                "carry nothing."),
             N_("No other unit type may ride on a destroyer.")),
    RuleText("R-JDD-2", "33",
             N_("A Japanese destroyer carrying infantry follows the transport rules for loading"
                " and landing."),
             N_("It loads and unloads like a transport, stops after unloading, and its "
                "passenger sinks with it.")),
    RuleText("R-JDD-3", "33",
             N_("Its infantry can go aboard and ashore in one turn, provided the destroyer did "
                "not fight before taking it on."),
             N_("Unlike a transport's, this needs no nation test: only Japanese infantry can "
                "ride anyway.")),
    RuleText("R-JDD-4", "20, 33",
             N_("A destroyer putting infantry ashore in an assault does not give cover fire; it"
                " may still fight the naval battle first."),
             N_("It is busy with the landing.")),
    RuleText("R-CARRIER-1", "33",
             N_("A carrier holds at most two fighters, its own nation's or allied, in any mix."),
             N_("Only fighters use carriers; bombers never do.")),
    RuleText("R-CARRIER-2", "33",
             N_("In your turn only your own fighters take off, and only before the carrier "
                "moves; the rest are cargo."),
             N_("A fighter still aboard when the carrier moves can neither take off, fight nor "
                "be taken as a casualty that turn. Allied fighters aboard are always cargo in "
                "your turn.")),
    RuleText("R-CARRIER-3", "33",
             N_("Taking off costs nothing: the fighter's first step leaves the carrier's zone."),
             N_("The carrier's own zone is not counted as a move.")),
    RuleText("R-CARRIER-4", "33",
             N_("A fighter uses an ally's carrier, landing or taking off, only in its own "
                "power's turn."),
             N_("An American fighter may sit on a British carrier, but it moves only when the "
                "Americans play.")),
    RuleText("R-CARRIER-5", "33",
             N_("A carrier on which a fighter has landed cannot move for the rest of the turn."),
             N_("Move the carrier first, then land the fighters on it.")),
    RuleText("R-CARRIER-6", "33",
             N_("A carrier may move in phase 6 to meet fighters that are short of range."),
             N_("It must move before they land on it.")),
    RuleText("R-CARRIER-7", "33",
             N_("When the carrier is attacked, the fighters aboard join the defence and can be "
                "lost as casualties."),
             N_("The exception is an attack by submarines: submarine hits never fall on "
                "aircraft.")),
    RuleText("R-CARRIER-8", "33",
             N_("If its carrier sinks, each fighter aboard must land at once within 1 space or "
                "be lost."),
             N_("It may land on a friendly carrier with room, or on an island or territory its "
                "side has held since the start of the turn.")),
    RuleText("R-AIR-1", "33",
             N_("Aircraft can fight anywhere, on land or at sea, yet they never take a "
                "territory."),
             N_("A land unit has to survive the battle for a territory to change hands.")),
    RuleText("R-AIR-2", "13, 33",
             N_("An aircraft may move only if it can still reach a landing place: no suicide "
                "flights."),
             N_("Pacific refuses an attack from which the aircraft could not get back to a "
                "friendly landing place within its movement.")),
    RuleText("R-AIR-3", "33",
             N_("Risky missions are allowed, but each aircraft's landing place is declared on "
                "its own."),
             N_("The plan may count on a carrier surviving or moving in phase 6, not on luck. "
                "If that place is lost, the aircraft must find another within range or it is "
                "destroyed.")),
    RuleText("R-AIR-4", "33",
             N_("A fighter that used all 4 moves to reach a battle, planning to land on a "
                "carrier, cannot retreat."),
             N_("If the other units retreat, carrier included, that fighter is lost.")),
    RuleText("R-AIR-5", "27",
             N_("After a battle, attacking aircraft must leave: they cannot stay or land where "
                "they fought."),
             N_("Fighters may still land on a friendly carrier that is in that sea zone after "
                "the battle.")),
    RuleText("R-AIR-6", "16",
             N_("Retreating aircraft fly to any territory, island or friendly carrier their "
                "side held at the start of the turn."),
             N_("They must reach it with their remaining movement, and enemy AA guns fire at "
                "them on the way (R-AAFLY-6).")),
    RuleText("R-AIR-7", "33",
             N_("Bombers land only in friendly territories, never on carriers or in territories"
                " captured this turn."),
             N_("Islands count as territories.")),
    RuleText("R-AIR-8", "33",
             N_("Fighters on an island do not defend the sea zone around it."),
             N_("The island is a separate space from its zone.")),
    RuleText("R-UNIT-1", "33",
             N_("Infantry: a land unit that moves 1 and fills half a transport."),
             N_("Japanese infantry can also ride a destroyer; Chinese infantry never boards.")),
    RuleText("R-UNIT-2", "33",
             N_("Marines (USA only) and artillery: land units that move 1 and fill half a "
                "transport."),
             N_("Marines are strong in amphibious assaults; artillery strengthens attacking "
                "infantry.")),
    RuleText("R-UNIT-3", "33",
             N_("Armor: a land unit that moves 2, can blitz, and fills a transport on its own."),
             N_("It attacks at 3 but defends only at 2.")),
    RuleText("R-UNIT-4", "33",
             N_("AA gun: moves 1, never attacks, fires at aircraft flying over, and changes "
                "sides with its territory."),
             N_("It fills half a transport. One moved into an ally's territory stays its "
                "mover's; a captured one cannot move that turn.")),
    RuleText("R-UNIT-5", "33",
             N_("Industrial complex: it never moves, attacks or defends, is never destroyed, "
                "and goes with its territory."),
             N_("It is where new units enter the board.")),
    RuleText("R-UNIT-6", "33",
             N_("Only infantry, Marines, artillery and armor capture territory."),
             N_("AA guns, complexes and aircraft never do.")),
    RuleText("R-UNIT-7", "33",
             N_("Fighters move 4 and use carriers; bombers move 6 and land only on friendly "
                "land."),
             N_("Fighters escort raids and fly patrols. A bomber either raids an industrial "
                "complex or attacks normally in a turn, never both.")),
    RuleText("R-UNIT-8", "33",
             N_("Transports, destroyers, battleships and carriers are naval units that move 2."),
             N_("A transport attacks at 0, so it cannot capture a convoy zone.")),
    RuleText("R-UNIT-9", "33",
             N_("Submarine: a naval unit that moves 2 and ignores combat air patrols."),
             N_("While submerged it leaves its zone unoccupied for enemy ships.")),
)
