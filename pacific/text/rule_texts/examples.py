"""Rules reference, examples part: the rulebook's worked examples.

English text in the project's own words (never the rulebook's); the Italian is in the
gettext catalogue. Pages are the rulebook's.
"""

from __future__ import annotations

from pacific.text.language import N_
from pacific.text.rule_texts.entry import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText("EX-1", "8–10",
             N_("Worked example: seven infantry shown with chips."),
             N_("A red chip (5), a grey chip (1) and one infantry miniature on top make 7. On "
                "screen each stack simply shows its count.")),
    RuleText("EX-2", "5–7",
             N_("Worked example: the Mariana Islands, Guam and sea zone 25 are three separate "
                "spaces."),
             N_("Ships stay in zone 25, an aircraft spends 1 move to reach Guam from the zone, "
                "and land units reach Guam only by sea.")),
    RuleText("EX-3", "10–12",
             N_("Worked example: reading the unit values on the reference card and buying a "
                "fighter."),
             N_("The card gives cost, movement, attack and defence for every unit; a fighter "
                "costs 12 IPCs, paid at purchase, and waits until phase 7.")),
    RuleText("EX-4", "11",
             N_("Worked example: victory points from Japan's income."),
             N_("12 IPCs give 1 point, 29 give 2. Japan wins at 22 points; an income of 9 or "
                "less gives none, and the Allies win.")),
    RuleText("EX-5", "13–15",
             N_("Worked example: counting moves on land, at sea and in the air."),
             N_("Burma to Shan State is 1 move; zone 34 to zone 38 is 1; Yunnan to Sumatra by "
                "air is 4 (French Indo-China, zone 46, zone 47, Sumatra).")),
    RuleText("EX-6", "16",
             N_("Worked example: a fighter uses New Britain's air base to attack the Gilbert "
                "Islands and come back."),
             N_("The steps between New Britain and zone 27 are free both ways, so the round "
                "trip takes exactly 4 moves. An enemy fighter on the Gilberts gets no such "
                "help.")),
    RuleText("EX-7", "16–17",
             N_("Worked example: which rolls hit, who picks casualties, AA fire and Japan's "
                "first-turn surprise."),
             N_("An attacking infantry hits on 1, a fighter on 3 or less, a defending infantry "
                "on 2 or less; the side hit picks its losses. AA fire gives one die per "
                "aircraft. In Japan's first turn a British infantry in Burma defends at 1.")),
    RuleText("EX-8", "20–23",
             N_("Worked example: a Japanese amphibious assault on Guam fails."),
             N_("The destroyer's cover fire misses (it needs a 2), the armor and fighter miss, "
                "and the American Marine hits the armor. With no land unit left Japan cannot "
                "take Guam, so the fighter retreats.")),
    RuleText("EX-9", "20–23",
             N_("Worked example: a Japanese amphibious assault on Queensland, preceded by a "
                "naval battle."),
             N_("The battleship takes a hit and sinks the British destroyer; with a naval "
                "battle fought, there is no cover fire and the target cannot change. Both sides"
                " lose their last land units, so Queensland stays British.")),
    RuleText("EX-10", "24",
             N_("Worked example: an American attack on Japanese submarines in zone 30, beside "
                "British ships."),
             N_("The British destroyer lets the American fighters hit the submarines. British "
                "ships do not fire but may be chosen as casualties; if the Americans are wiped "
                "out or retreat, the battle ends.")),
    RuleText("EX-11", "24",
             N_("Worked example: an American infantry rides a British transport."),
             N_("It boards in the American turn, the transport sails in the British turn, and "
                "it lands in a later American turn. Boarding and landing in one turn is "
                "refused; Chinese infantry never boards.")),
    RuleText("EX-12", "25",
             N_("Worked example: a bombing raid does more damage than Japan has money."),
             N_("Japan holds 19 IPCs and the raid rolls 25: Japan pays its 19 and loses 1 "
                "victory point.")),
    RuleText("EX-13", "25–26",
             N_("Worked example: an American bomber with two escorts raids Japan."),
             N_("AA fire downs one escort, the Japanese interceptor downs the other, and the "
                "escort misses because it needs a 1. The bomber rolls 6 and Japan pays 6 IPCs; "
                "the bomber flies back in phase 6.")),
    RuleText("EX-14", "29–30",
             N_("Worked example: Japan takes New South Wales, then the British take it back."),
             N_("Australia's money goes to Japan at once and Australia cannot buy in its next "
                "turn, though its units fight. Retaken, New South Wales is Australian again and"
                " Australia collects income that turn; the seized money is not returned.")),
    RuleText("EX-15", "≈31",
             N_("Worked example: Japanese ships move 3 between naval bases in non-combat "
                "movement."),
             N_("With New Britain and Midway taken this turn, a destroyer sails from zone 20 to"
                " zone 27, and a transport from Japan's base lands troops in New Guinea.")),
    RuleText("EX-16", "12, 32",
             N_("Worked example: an American fighter on combat air patrol."),
             N_("Set up in phase 6 over a zone next to friendly land; in Japan's turn a "
                "battleship or transport entering the zone must stop and fight, while "
                "submarines and aircraft pass. In the next American phase 2 the fighter lands "
                "nearby or is lost.")),
    RuleText("EX-17", "≈33–34",
             N_("Worked example: AA guns fire at Japanese fighters flying to Burma."),
             N_("Yunnan's gun fires at both fighters and downs one; Burma's two guns roll one "
                "die for the survivor. Japan takes Burma, its guns become Japanese, and the "
                "Burma Road closes.")),
    RuleText("EX-18", "≈35",
             N_("Worked example: artillery support in attack, and in an amphibious assault."),
             N_("Two artillery with six infantry give two infantry at 2 and four at 1. A "
                "British attack on Siam with two infantry and one artillery puts one infantry "
                "at 2; defenders get no bonus. In an assault, an artillery lifts a Marine to 3.")),
    RuleText("EX-19", "≈36–37",
             N_("Worked example: armor blitzes through Anhwe on its way to Suiyuan."),
             N_("Anhwe is empty, so the armor takes it on the way and joins the infantry and "
                "artillery attacking Suiyuan. It could not blitz through a territory holding "
                "even a lone AA gun.")),
    RuleText("EX-20", "≈38",
             N_("Worked example: a transport loads, moves, loads again, moves and lands both "
                "units."),
             N_("All of this is one legal move. Landing in two territories, moving after "
                "landing or overloading the transport is refused.")),
    RuleText("EX-21", "≈38–39",
             N_("Worked example: several British transports move around enemy submarines."),
             N_("One loads and lands normally; one starting beside an enemy submarine may not "
                "load there but sails away and loads elsewhere; one that joined a battle may "
                "afterwards load or unload, not both.")),
    RuleText("EX-22", "≈41–42",
             N_("Worked example: carrier fighters attack in zone 24, then the carrier is sunk "
                "in zone 19."),
             N_("The fighters take off before the carrier moves and cannot hit the submarine "
                "without a destroyer. Later a Japanese submarine sinks the carrier; the "
                "fighters aboard cannot fight or be casualties, and with nowhere friendly "
                "within 1 space they are lost.")),
    RuleText("EX-23", "≈43",
             N_("Worked example: a Japanese submarine among British and American ships."),
             N_("After surfacing among British ships, the submarine is attacked by an American "
                "ship. Its hit may fall on any Allied ship there, British or American; the "
                "British do not fire.")),
    RuleText("EX-24", "≈43–44",
             N_("Worked example: two Japanese submarines against an American battleship and "
                "destroyer."),
             N_("The destroyer cancels the first strike in round 1; once it is sunk, the "
                "surviving submarine strikes first in round 2, misses, and dives. In phase 8 it"
                " surfaces and the battleship is repaired.")),
)
