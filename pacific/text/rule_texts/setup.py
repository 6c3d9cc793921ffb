"""Rules reference, setup part: setup, the turn, purchase and China.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("R-SETUP-1", "3",
             N_("Two or three people play three powers, which run five nations between them."),
             N_("Japan is one power and one nation. Great Britain runs India and Australia; the"
                " United States runs the USA and China. A power is what a player controls; a "
                "nation is what owns units and money.")),
    RuleText("R-SETUP-2", "3",
             N_("Who plays whom: with three players one power each; with two, one player has "
                "both Allied powers."),
             N_("Player 1 is always Japan. With three players, player 2 takes Great Britain and"
                " player 3 the United States; with two, player 2 plays both the British and the"
                " American turns.")),
    RuleText("R-SETUP-3", "3",
             N_("A rule about a \"nation\" applies to each of the five nations on its own."),
             N_("India and Australia belong to the same player but keep separate money, "
                "production levels, units and control markers. The same holds for the USA and "
                "China.")),
    RuleText("R-SETUP-4", "3",
             N_("Each power has a National Reference Card with its starting units and the unit "
                "values."),
             N_("The card lists where each starting unit stands, what every unit costs and how "
                "it moves and fights, and the order of the turn and of combat. In Pacific the "
                "same facts come from the map data and the unit table.")),
    RuleText("R-SETUP-5", "3",
             N_("National Control Markers show which nation holds a space it did not start "
                "with."),
             N_("A nation puts its marker on a territory or convoy zone it has taken from "
                "another nation, and also uses markers on the National Production Chart. The "
                "map shows these markers for you.")),
    RuleText("R-SETUP-6", "3",
             N_("The National Production Chart tracks production levels, Japan's victory points"
                " and kamikazes."),
             N_("At the start each nation except China sits at its starting production, the "
                "British Convoy marker at 12, Japan's victory points at 0 and its kamikaze "
                "tokens at 6. The starting production equals the starting IPCs.")),
    RuleText("R-SETUP-7", "3",
             N_("One player keeps the chart and the bank; the bank never runs out of IPCs."),
             N_("The scorekeeper moves the chart markers whenever control changes and makes "
                "every payment. In Pacific the program does this bookkeeping, and the bank is "
                "unlimited.")),
    RuleText("R-SETUP-8", "5",
             N_("Starting money: USA 75, India 15, Australia 20, Japan 19, plus 12 from the "
                "British convoys."),
             N_("The bank pays these IPCs before the first turn. The 12 IPCs of the three "
                "British convoy centres are split between India and Australia as the British "
                "player likes; China never receives any money.")),
    RuleText("R-SETUP-9", "5",
             N_("India's and Australia's money is always kept apart."),
             N_("No IPC ever passes from one to the other. The only shared income is the "
                "British convoy money, which the British player divides between them when it is"
                " collected.")),
    RuleText("R-SETUP-10", "5",
             N_("The board has land territories and numbered sea zones; islands ringed in white"
                " are territories."),
             N_("An island or island group with its own outline is a land space of its own, "
                "inside its sea zone but not part of it. The number printed on a territory is "
                "its value in IPCs; no number means it is worth nothing.")),
    RuleText("R-SETUP-11", "5",
             N_("Each territory's colour tells which nation controlled it at the start."),
             N_("China is beige, Japan brown (Chinese lands held by Japan are brown with a "
                "Chinese icon), India dark green, Australia light green and the USA blue. The "
                "Dutch East Indies, light purple, count as Australian.")),
    RuleText("R-SETUP-12", "5",
             N_("The Soviet Union and the Himalaya are closed: nobody may enter them or fly "
                "over them."),
             N_("These grey territories belong to no one and never take part in the game. "
                "Routes by land or by air must go around them.")),
    RuleText("R-SETUP-13", "5",
             N_("Five territories with a national symbol are capitals; some sea zones are "
                "convoy routes or centres."),
             N_("The capitals are Japan, India, New South Wales, the USA and Szechwan. Thirteen"
                " sea zones are convoy routes and five are convoy centres, which can be "
                "captured like territories.")),
    RuleText("R-SETUP-14", "8",
             N_("All starting units are placed before play, and the supply of units is "
                "unlimited."),
             N_("On the table, grey and red chips stand for 1 and 5 units under a miniature. "
                "Running out of plastic pieces never stops a purchase; in Pacific each stack "
                "simply shows its count.")),
    RuleText("R-SETUP-15", "8",
             N_("Unit kinds: land, air and naval units, plus the industrial complex, which "
                "never moves."),
             N_("AA guns and industrial complexes have no nation's colour: they belong to "
                "whoever controls their territory, except an AA gun moved into an ally's "
                "territory, which stays with the nation that moved it.")),
    RuleText("R-SETUP-16", "8",
             N_("The unit table: cost, movement, attack and defence of every unit."),
             N_("A unit hits when its die shows its value or less. For example, infantry costs "
                "3 and moves 1, attacking at 1 and defending at 2; a fighter costs 12, moves 4,"
                " attacks at 3 and defends at 4; a bomber costs 15, moves 6, attacks at 4 and "
                "defends at 1. The purchase window and the odds panel show the whole table.")),
    RuleText("R-TURN-1", "11",
             N_("Japan plays first, then Great Britain, then the United States, always in that "
                "order."),
             N_("A round ends when all three powers have played. With two players, the Allied "
                "player plays the British turn and then the American turn.")),
    RuleText("R-TURN-2", "11",
             N_("Great Britain's turn is played for India and Australia, the United States' "
                "turn for the USA and China."),
             N_("Both nations of a power act in the same turn, each with its own units and "
                "money.")),
    RuleText("R-TURN-3", "11",
             N_("A turn has nine phases, always in the same order."),
             N_("Purchase, landing of combat air patrols, combat movement, combat resolution, "
                "production chart adjustments, non-combat movement, placement of new units, "
                "surfacing and repairs, and income. The turn panel shows which phase is "
                "running.")),
    RuleText("R-TURN-4", "11",
             N_("A phase may be skipped, but phases are never reordered or repeated."),
             N_("You can end a phase without doing anything in it. Once a phase is over you "
                "cannot go back to it in the same turn.")),
    RuleText("R-TURN-5", "13",
             N_("Allied nations never attack one another."),
             N_("India, Australia, the USA and China are always on the same side; only Japan is"
                " their enemy.")),
    RuleText("R-TURN-6", "28",
             N_("Two things happen outside the phase order: a capital's money changing hands "
                "and chart updates after a battle."),
             N_("When a capital falls its IPCs pass at once to the captor, and the production "
                "chart is updated as soon as a battle changes who holds a space, whatever the "
                "phase.")),
    RuleText("R-TURN-7", "11",
             N_("The game ends the moment a victory condition is met."),
             N_("Nobody finishes the turn or the round: as soon as one side has won, the game "
                "is over.")),
    RuleText("R-PURCH-1", "12",
             N_("In phase 1 each of your nations may buy units with its own IPCs only."),
             N_("A nation can never spend more than it holds, and it cannot use another "
                "nation's money, not even its partner's.")),
    RuleText("R-PURCH-2", "12",
             N_("Pay for the units you choose; they wait off the board until phase 7."),
             N_("Bought units wait beside the production chart and are placed on the map only "
                "in phase 7 of the same turn.")),
    RuleText("R-PURCH-3", "12",
             N_("Buying is optional; unspent money is kept for later turns."),
             N_("There is no limit to how many IPCs a nation may save.")),
    RuleText("R-PURCH-4", "12",
             N_("India and Australia buy and place separately, and each new unit belongs to "
                "whichever of them paid."),
             N_("The British player makes two purchases, one per nation, and each new unit "
                "takes the colour and the treasury of its buyer.")),
    RuleText("R-PURCH-5", "12",
             N_("Only the USA may buy Marines and industrial complexes; China never buys."),
             N_("Japan, India, Australia and the USA may buy every other kind of unit at the "
                "price in the unit table.")),
    RuleText("R-PURCH-6", "28",
             N_("A nation whose capital is in enemy hands cannot buy."),
             N_("It keeps its units and fights on, but it may not spend money until it has its "
                "capital back.")),
    RuleText("R-CHINA-1", "12",
             N_("China is played in the American turn and never has money."),
             N_("It has no IPCs and no production level and never buys. Its only reinforcements"
                " are the free infantry it is given each turn.")),
    RuleText("R-CHINA-2", "12",
             N_("Each American turn China gets one infantry per valued Chinese territory, plus "
                "one if the Burma Road is open."),
             N_("Count the Chinese-held territories worth at least 1 IPC at the start of phase "
                "1. The new infantry are set aside and placed in Szechwan in phase 7.")),
    RuleText("R-CHINA-3", "12",
             N_("The Burma Road is open while Japan holds none of India, Burma, Yunnan and "
                "Szechwan."),
             N_("It is checked at the same moment as China's allotment, at the start of the "
                "American turn.")),
    RuleText("R-CHINA-4", "28",
             N_("While Japan holds Szechwan, China receives no infantry."),
             N_("The allotment starts again at the first American phase 1 in which Szechwan is "
                "Chinese once more; retaking it mid-turn is too late for that turn.")),
    RuleText("R-CHINA-5", "12",
             N_("Chinese infantry fights like any infantry but never boards a transport."),
             N_("It attacks at 1 and defends at 2, but it can only move over land.")),
    RuleText("R-CHINA-6", "5",
             N_("Every Allied nation's units move freely through Chinese territories."),
             N_("A territory China controls counts as friendly to all the Allies, for moving "
                "through it and for stopping there.")),
    RuleText("R-CHINA-7", "28",
             N_("China has no production level: Chinese losses and gains change only Japan's "
                "level."),
             N_("When Japan takes a Chinese territory its level rises by the territory's value "
                "and nobody's falls; when the territory is retaken, Japan's level falls and "
                "nobody's rises.")),
)
