"""Rules reference, economy part: control, capture, convoys, placement, income, victory.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("R-CONTROL-1", "13",
             N_("Each land territory, bar the two closed ones (Soviet Union, Himalaya), is held"
                " by exactly one nation."),
             N_("At the start the controller is the nation whose colour the territory has, as "
                "set out on the reference cards.")),
    RuleText("R-CONTROL-2", "13",
             N_("Control changes only by capture or by a liberated territory going back to its "
                "owner."),
             N_("A nation keeps a territory even with no units in it, and moving into a "
                "friendly territory never changes who controls it.")),
    RuleText("R-CONTROL-3", "13",
             N_("A territory held by anyone but its original owner carries the holder's control"
                " marker."),
             N_("The marker is removed when the original controller takes the territory back.")),
    RuleText("R-CONTROL-4", "13",
             N_("Sea zones have no controller, except convoy routes and convoy centres."),
             N_("Those convoy zones are held and captured like territories and change the "
                "production chart.")),
    RuleText("R-CONTROL-5", "32",
             N_("\"Held since the start of the turn\" means held when your phase 1 began and "
                "never lost since."),
             N_("Several rules use this test, for example placing units at an industrial "
                "complex or landing aircraft.")),
    RuleText("R-CONTROL-6", "28",
             N_("Control changes as soon as its cause is complete, and the chart is updated at "
                "that moment."),
             N_("An empty enemy territory changes hands on entry (a blitz too); a contested one"
                " at the end of its battle. Money moves only in phase 9; all chart changes are "
                "done by the end of phase 5.")),
    RuleText("R-CAPTURE-1", "13",
             N_("A land unit that enters an empty enemy territory in combat movement takes it "
                "without a battle."),
             N_("The territory becomes yours the moment the unit arrives; no dice are rolled.")),
    RuleText("R-CAPTURE-2", "33",
             N_("An enemy territory with only AA guns or an industrial complex counts as "
                "occupied."),
             N_("Land units entering it must stop there and cannot blitz through. At combat "
                "resolution they take it without rolling.")),
    RuleText("R-CAPTURE-3", "27",
             N_("After a land battle the attacker takes the territory only if the defender is "
                "gone and a land unit survives."),
             N_("If the attacker retreats, is destroyed, or both sides are destroyed, the "
                "defender keeps the territory. Surviving aircraft alone cannot take it.")),
    RuleText("R-CAPTURE-4", "27",
             N_("Aircraft never capture, and attacking aircraft may not land where they fought "
                "or in a new capture."),
             N_("After the battle your aircraft must fly to a territory you held at the start "
                "of the turn or to a friendly carrier.")),
    RuleText("R-CAPTURE-5", "27",
             N_("On capture the territory takes the captor's marker, its survivors move in and "
                "its AA guns and complexes change sides."),
             N_("If the captor is the original owner, the old marker is just removed. Every AA "
                "gun and industrial complex there now belongs to the new controller.")),
    RuleText("R-CAPTURE-6", "30",
             N_("A captured AA gun cannot move in the turn it was captured."),
             N_("It stays where it was taken until the captor's next turn.")),
    RuleText("R-CAPTURE-7", "27",
             N_("Industrial complexes are never destroyed; a captured one works from the "
                "captor's next turn."),
             N_("In the turn of capture nothing can be placed there; afterwards the captor may "
                "use it within the placement limits.")),
    RuleText("R-CAPTURE-8", "27",
             N_("Taking a territory does not take its convoy route."),
             N_("The route stays with whoever holds it until a warship captures it at sea.")),
    RuleText("R-CAPTURE-9", "27",
             N_("An Allied territory retaken by any Ally goes back to its original nation."),
             N_("Liberation restores the territory and its value to its first owner, even one "
                "whose capital is lost; the liberator gains nothing.")),
    RuleText("R-CAPTURE-10", "27",
             N_("Manchuria, Shantung, Korea and other Chinese lands Japan held at the start go "
                "to China when retaken."),
             N_("Whichever Ally takes them, they become Chinese.")),
    RuleText("R-CAPTURE-11", "27",
             N_("Siam and French Indo-China go to India if taken in the British turn, to the "
                "USA or China in the American one."),
             N_("In the British turn they become Indian even if Australian units took them; in "
                "the American turn the American player chooses between the USA and China.")),
    RuleText("R-CAPTURE-12", "27",
             N_("Any other enemy territory goes to the nation that captures it."),
             N_("If land units of both nations of one player survive there, that player picks "
                "which nation takes it.")),
    RuleText("R-CAPTURE-13", "28",
             N_("On capture the new controller's production level rises and the old one's falls"
                " by the territory's value."),
             N_("Convoy routes can change this (R-CONVOY-10, R-CONVOY-12), and China has no "
                "level of its own (R-CHINA-7).")),
    RuleText("R-CAPITAL-1", "28",
             N_("The capitals: Japan, India, New South Wales (Australia), the USA, and Szechwan"
                " (China)."),
             N_("Each is marked with its nation's symbol on the board.")),
    RuleText("R-CAPITAL-2", "28",
             N_("A capital is captured like any other territory."),
             N_("Beat its defenders, move in at least one land unit, and update the production "
                "chart as usual.")),
    RuleText("R-CAPITAL-3", "28",
             N_("A nation that loses its capital hands all its IPCs to the captor at once."),
             N_("The money changes hands the moment the capital falls, in the middle of the "
                "turn. Only the nation whose capital fell pays, not its partner.")),
    RuleText("R-CAPITAL-4", "28",
             N_("Without its capital a nation still moves and fights, but cannot buy and "
                "collects no income."),
             N_("India and Australia are judged separately: losing New South Wales stops "
                "Australia, not India.")),
    RuleText("R-CAPITAL-5", "28",
             N_("A nation that gets its capital back collects income again from its next phase "
                "9 and buys from its next phase 1."),
             N_("Income resumes even in the turn of recapture, but the IPCs handed over when it"
                " fell are not returned.")),
    RuleText("R-CAPITAL-6", "28",
             N_("When Szechwan falls no money moves, and China gets no infantry until it is "
                "Chinese again."),
             N_("China has no IPCs to hand over. Szechwan's industrial complex goes to Japan "
                "like any captured complex.")),
    RuleText("R-CAPITAL-7", "28",
             N_("An Ally that captures Japan takes all of Japan's IPCs, and Japan loses victory"
                " points."),
             N_("Japan loses 1 victory point for every full 10 IPCs it hands over.")),
    RuleText("R-CONVOY-1", "5",
             N_("Thirteen sea zones are convoy routes, each tied to one neighbouring territory."),
             N_("A route carries the name of its associated territory and starts under the "
                "control of the nation whose icon it shows. It has no value of its own.")),
    RuleText("R-CONVOY-2", "5",
             N_("Five sea zones are convoy centres with their own IPC value."),
             N_("The three British centres (zones 15, 49 and 52) are worth 12 together and feed"
                " the British Convoy marker; the two American centres count in the USA's level.")),
    RuleText("R-CONVOY-3", "28",
             N_("In combat movement, a warship that enters or crosses an empty enemy convoy "
                "zone captures it."),
             N_("A transport, with no attack value, captures nothing. The zone must hold no "
                "enemy units.")),
    RuleText("R-CONVOY-4", "28",
             N_("A submarine that starts in an empty enemy convoy zone may spend 1 move to stay"
                " and capture it."),
             N_("It may then go on with its last move. Other ships gain nothing by staying: "
                "they must leave and come back in.")),
    RuleText("R-CONVOY-5", "30",
             N_("Non-combat movement never captures a convoy zone."),
             N_("Only ships moving in phase 3, or winning a battle there, can take a convoy "
                "route or centre.")),
    RuleText("R-CONVOY-6", "28",
             N_("Who holds a convoy zone after a battle depends on what the attacker has left."),
             N_("If the defender is gone and a battleship, carrier or destroyer of the attacker"
                " survives, the zone is captured; aircraft, transports or submarines alone take"
                " nothing, except unsubmerged submarines when the remaining units cannot fight "
                "each other. Otherwise nothing changes.")),
    RuleText("R-CONVOY-7", "28",
             N_("A captured convoy zone takes the captor's marker and the chart is updated at "
                "once."),
             N_("When an Ally wins back a zone Japan had taken, it goes to the Ally that first "
                "held it. A defender that survives keeps the zone as it was.")),
    RuleText("R-CONVOY-8", "28",
             N_("A convoy centre taken by Japan lowers its owner's income; Japan gains nothing."),
             N_("The British Convoy marker or the USA's level falls by the centre's value. When"
                " an Ally takes the centre back, the value is restored.")),
    RuleText("R-CONVOY-9", "28",
             N_("A convoy route is worth the IPC value of its associated territory."),
             N_("That is the amount withheld when the route is cut, or restored when it is won "
                "back.")),
    RuleText("R-CONVOY-10", "28",
             N_("Capturing a route whose territory your enemy holds lowers that enemy's level; "
                "you gain nothing."),
             N_("Cutting a route only hurts the side that owns the territory it feeds.")),
    RuleText("R-CONVOY-11", "28",
             N_("Capturing a route whose territory your side holds raises that territory's "
                "controller's level."),
             N_("Reopening a route restores the income of whoever controls the territory, you "
                "or an ally.")),
    RuleText("R-CONVOY-12", "28",
             N_("Taking a territory whose route your enemy holds does not raise your level."),
             N_("The loser's level still falls if it was counting that territory's value.")),
    RuleText("R-CONVOY-13", "28",
             N_("In short: a territory served by a convoy route pays only while its own side "
                "also holds that route."),
             N_("The last few rules all follow from this one idea.")),
    RuleText("R-PLACE-1", "32",
             N_("Phase 7 puts this turn's purchases on the board, one nation at a time."),
             N_("In the window the units waiting to be placed have their own tab; drag each one"
                " onto a space where it may go.")),
    RuleText("R-PLACE-2", "32",
             N_("New land and air units go to a territory with an industrial complex you have "
                "held since the start of the turn."),
             N_("Each nation uses only its own complexes. Fighters cannot be placed straight "
                "onto a carrier.")),
    RuleText("R-PLACE-3", "32",
             N_("No limit at the complex in your capital; elsewhere no more units than the "
                "territory's IPC value."),
             N_("A captured complex, or any complex outside the capital, takes at most as many "
                "new units as its territory is worth.")),
    RuleText("R-PLACE-4", "32",
             N_("New ships go to a sea zone next to your capital, or next to another complex "
                "you may use this turn."),
             N_("A ship placed next to another complex counts against that complex's limit. "
                "Enemy units may be there: no battle happens now, but the enemy may attack in "
                "its turn.")),
    RuleText("R-PLACE-5", "32",
             N_("A new American industrial complex goes in a territory held since the start of "
                "the turn, one per territory."),
             N_("Territories held by China count too. A new complex is first usable in the next"
                " turn.")),
    RuleText("R-PLACE-6", "33",
             N_("Japan may place at Szechwan's complex or at an American-built one it has held "
                "since the turn began."),
             N_("The usual limit applies: no more units than the territory's value.")),
    RuleText("R-PLACE-7", "12",
             N_("China's free infantry all go to Szechwan, however many, as long as Szechwan is"
                " Chinese."),
             N_("If Szechwan is not Chinese there is nowhere to put them.")),
    RuleText("R-RESET-1", "33",
             N_("In phase 8 every submerged submarine surfaces and every damaged battleship is "
                "repaired."),
             N_("This applies to every nation's units, not only the player's whose turn it is.")),
    RuleText("R-RESET-2", "16",
             N_("A battleship hit once fights at full strength, and its damage never lasts into"
                " the next player's turn."),
             N_("The damage matters only for sinking it: a second hit in the same turn destroys"
                " it.")),
    RuleText("R-INCOME-1", "33",
             N_("In phase 9 each of your nations collects its current production level from the"
                " bank."),
             N_("The level is the one shown on the production chart at that moment.")),
    RuleText("R-INCOME-2", "33",
             N_("The chart must show every change of control made so far, in anyone's turn."),
             N_("Income is always paid on the up-to-date level; Pacific keeps the chart current"
                " for you.")),
    RuleText("R-INCOME-3", "33",
             N_("The British convoy money is collected too, and the British player divides it "
                "between India and Australia straight away."),
             N_("Any split in whole IPCs is allowed and may change every turn, but the money "
                "cannot be kept aside unallocated.")),
    RuleText("R-INCOME-4", "28",
             N_("A nation without its capital collects nothing and receives no convoy share; "
                "China never collects."),
             N_("If only one British nation holds its capital, it receives the whole convoy "
                "money; if neither does, it is lost.")),
    RuleText("R-INCOME-5", "3",
             N_("Production levels have no ceiling and never drop below 0."),
             N_("The printed track ends at 80, but that is only a display limit.")),
    RuleText("R-VP-1", "3",
             N_("Only Japan scores victory points, starting from 0."),
             N_("The Allies win in other ways (R-VICTORY-3, R-VICTORY-4).")),
    RuleText("R-VP-2", "33",
             N_("In Japan's phase 9 it scores 1 victory point per full 10 IPCs of income and "
                "capital money taken this turn."),
             N_("Add the income just collected and any IPCs seized from Allied capitals this "
                "turn; remainders are lost, so 12 gives 1 point and 29 gives 2.")),
    RuleText("R-VP-3", "25",
             N_("Japan loses 1 victory point per full 10 IPCs it actually pays because of one "
                "Allied bombing raid."),
             N_("It never pays more than it has: 25 damage against 19 IPCs costs 19 IPCs and 1 "
                "point. Each raid is counted on its own.")),
    RuleText("R-VP-4", "28",
             N_("If Japan itself is captured, Japan loses 1 victory point per full 10 IPCs "
                "handed to the captor."),
             N_("This is on top of losing all its money to the captor.")),
    RuleText("R-VP-5", "25",
             N_("Victory points never fall below 0."),
             N_("Losses beyond the points Japan has are simply ignored.")),
    RuleText("R-VICTORY-1", "11",
             N_("Japan wins by taking India, New South Wales or the USA and still holding it, "
                "and Japan, at the start of its next turn."),
             N_("Szechwan does not count. The Allies have one full round to retake the capital "
                "or to take Japan.")),
    RuleText("R-VICTORY-2", "11",
             N_("Japan wins at once when it reaches 22 victory points."),
             N_("Victory points come from Japan's income (R-VP-2).")),
    RuleText("R-VICTORY-3", "11",
             N_("The Allies win by taking Japan and still holding it, with their own capitals, "
                "at the start of their next turn."),
             N_("The British player must then hold India and New South Wales, the American "
                "player the USA. The Allies win together, not just the player who took Japan.")),
    RuleText("R-VICTORY-4", "11",
             N_("The Allies win if Japan scores no victory point in one of its phase 9s."),
             N_("That happens when Japan's income plus capital money for the turn is 9 IPCs or "
                "less. It is checked every Japanese turn, the first included.")),
)
