"""Rules reference, combat special part: artillery, Marines, assaults, allies, raids, kamikaze.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("R-ART-1", "33",
             N_("Artillery: attacks and defends at 2."),
             N_("Its real value is the support it gives to infantry in attack.")),
    RuleText("R-ART-2", "33",
             N_("In attack, every artillery lifts one infantry or Marine beside it from 1 to 2;"
                " each artillery supports a single unit."),
             N_("Two artillery with six infantry give two infantry at 2 and four at 1. The "
                "pairs are made again every round from the survivors.")),
    RuleText("R-ART-3", "33",
             N_("Artillery gives no bonus in defence."),
             N_("Defending infantry always defends at 2.")),
    RuleText("R-ART-4", "33",
             N_("In an amphibious assault an artillery can lift a Marine from 2 to 3 instead."),
             N_("An artillery still supports only one unit.")),
    RuleText("R-MARINE-1", "33",
             N_("Marines (USA only): attack at 1, defend at 2, and otherwise behave like "
                "infantry."),
             N_("Their strength shows in amphibious assaults.")),
    RuleText("R-MARINE-2", "33",
             N_("In an amphibious assault Marines attack at 2, even from an adjacent territory "
                "if a friendly unit lands from the sea."),
             N_("At least one friendly unit must come ashore in that assault for Marines from "
                "next door to get the bonus.")),
    RuleText("R-MARINE-3", "33",
             N_("With artillery a Marine goes from 1 to 2 on land, and from 2 to 3 in an "
                "amphibious assault."),
             N_("The artillery pairing is one for one, as for infantry.")),
    RuleText("R-AMPH-1", "20",
             N_("An amphibious assault attacks an enemy coast or island with land units "
                "unloaded in combat movement."),
             N_("The troops come from transports or Japanese destroyers. The target is fixed "
                "once declared: in phase 4 the assault can be abandoned, never turned "
                "elsewhere.")),
    RuleText("R-AMPH-2", "20",
             N_("Others may join in: land units from neighbouring territories, aircraft, and "
                "battleships or destroyers in the landing zone."),
             N_("One assault may also come from several sea zones at once.")),
    RuleText("R-AMPH-3", "20",
             N_("No land unit in an amphibious assault can retreat; aircraft may, after at "
                "least one round."),
             N_("This includes land units that joined from neighbouring territories.")),
    RuleText("R-AMPH-4", "20",
             N_("A transport or Japanese destroyer that fought cannot move again and may load "
                "or unload, not both."),
             N_("One that retreated from the naval battle cannot unload that turn.")),
    RuleText("R-AMPH-5", "20",
             N_("A Japanese destroyer landing its infantry cannot give cover fire, though it "
                "may take part in the naval battle before."),
             N_("If it is sunk, its infantry is lost.")),
    RuleText("R-AMPH-6", "20",
             N_("An assault is resolved as: naval battle if needed, cover fire if allowed, AA "
                "fire, then land rounds."),
             N_("Enemy ships in the landing zone must be beaten first; aircraft fight either at"
                " sea or on land. Cover fire (battleship 4, destroyer 2) comes only if that "
                "zone saw no naval battle or kamikaze attack this turn. Land rounds go on until"
                " a side is wiped out.")),
    RuleText("R-AMPH-7", "20",
             N_("If the attacker loses or leaves the naval battle, aircraft sent against the "
                "land still fight one round."),
             N_("They were committed to the land attack when the assault was declared.")),
    RuleText("R-AMPH-8", "20",
             N_("An assault is settled like any land battle; when both sides are destroyed, the"
                " territory stays with the defender."),
             N_("The attacker needs a surviving land unit to take it.")),
    RuleText("R-MULTI-1", "24",
             N_("When units of two Allied powers share a space, they make up a multi-national "
                "force."),
             N_("Indian and Australian units are both British, so together they are not one; "
                "nor are American and Chinese units.")),
    RuleText("R-MULTI-2", "24",
             N_("Allies in one space defend together and agree on casualties; if they cannot, "
                "the attacker chooses."),
             N_("In the return fire every Allied player rolls the dice for the units that are "
                "his.")),
    RuleText("R-MULTI-3", "24",
             N_("Allies attack separately: each power with its own units, in its own turn."),
             N_("Carrying another power's troops follows the three-step transport rule "
                "(R-TRANS-13).")),
    RuleText("R-MULTI-4", "24",
             N_("Units of the Allied power that is not attacking hold their fire, yet may be "
                "chosen as losses."),
             N_("When the attacking power's units are all gone or retreat, the battle ends; the"
                " other power does not carry it on.")),
    RuleText("R-MULTI-5", "24",
             N_("A destroyer of the other Allied power in the zone counts for and against "
                "submarines."),
             N_("It lets friendly aircraft hit submarines, and it cancels enemy submarines' "
                "first strike.")),
    RuleText("R-SBR-1", "25",
             N_("Only bombers make strategic bombing raids, against an enemy territory with an "
                "industrial complex."),
             N_("The raid is declared in combat movement and needs no battle board.")),
    RuleText("R-SBR-2", "25",
             N_("Fighters may escort a raid; raiders and escorts cannot also join a normal "
                "attack on that territory."),
             N_("No bomber raids and attacks normally in the same turn.")),
    RuleText("R-SBR-3", "25",
             N_("The defender declares which of its fighters in the territory intercept the "
                "raid."),
             N_("A fighter that intercepts is used up for that turn: it cannot also defend the "
                "territory against another attack. Allied fighters in the territory may "
                "intercept as well.")),
    RuleText("R-SBR-4", "25",
             N_("A raid: AA fire at every aircraft, one round of fighter combat, then the "
                "surviving bombers bomb."),
             N_("AA hits on 1; interceptors hit on 2 and escorts on 1 in a single exchange, and"
                " the fight stops there. Each surviving bomber rolls a die, and the territory's"
                " controller pays the total to the bank, up to what it has.")),
    RuleText("R-SBR-5", "25",
             N_("For each full 10 IPCs Japan pays because of one Allied raid, it loses 1 "
                "victory point."),
             N_("Only what Japan actually pays counts: 25 damage against 19 IPCs costs 19 IPCs "
                "and 1 point.")),
    RuleText("R-SBR-6", "25",
             N_("Japan cannot raid China, which has no money; the Allies may raid complexes "
                "Japan holds in China."),
             N_("That means Szechwan, or an American-built complex in a Chinese territory, once"
                " Japan holds it.")),
    RuleText("R-SBR-7", "25",
             N_("Surviving raiders fly home in phase 6; interceptors land in the raided "
                "territory."),
             N_("If the territory was captured this turn, the interceptors are lost.")),
    RuleText("R-KAMI-1", "27",
             N_("Japan alone has kamikazes: six for the whole game, counted down on the chart."),
             N_("Once all six are spent there are no more.")),
    RuleText("R-KAMI-2", "27",
             N_("Kamikazes strike only in the sea zones marked with their symbol: 23, 24, 25, "
                "35, 36 and 37."),
             N_("These are the waters near Japan.")),
    RuleText("R-KAMI-3", "27",
             N_("Kamikazes can be used in any combat phase, the Allies' included."),
             N_("In Japan's own turn they join a naval battle Japan fights in one of those "
                "zones.")),
    RuleText("R-KAMI-4", "27",
             N_("When an Allied player has moved a ship into a kamikaze zone, Japan may attack "
                "there after his combat movement."),
             N_("Any Allied surface ship in that zone may then be a target.")),
    RuleText("R-KAMI-5", "27",
             N_("Japan announces the number of kamikazes and the ship each one aims at before "
                "any die is rolled."),
             N_("Any surface ship can be a target, and several kamikazes may aim at the same "
                "ship; submarines cannot be targeted.")),
    RuleText("R-KAMI-6", "27",
             N_("A kamikaze rolls a single die, scoring a hit on its chosen ship with 2 or "
                "less; hit or miss, it is used up."),
             N_("No casualty choice: the hit falls on the chosen ship. A battleship hit once is"
                " only damaged.")),
    RuleText("R-KAMI-7", "27",
             N_("Kamikazes striking during an Allied player's combat phase make that zone count"
                " as having had a naval battle."),
             N_("So ships there cannot give cover fire to an amphibious assault.")),
    RuleText("R-KAMI-8", "27",
             N_("Kamikazes may also join a normal naval battle in their zones, in its first "
                "round."),
             N_("A ship they sink still fires in that round, at other targets: the kamikazes "
                "themselves are gone.")),
)
