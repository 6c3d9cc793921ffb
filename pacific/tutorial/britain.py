"""The Great Britain tutorial: the British turn of round 1, India and Australia, one step at a
time.

It starts from ``maps/pacific/scenarios/britain_first_turn.json``: Japan has played its first
turn as the Japan tutorial plays it (Anhwe and Hong Kong taken, the Indian destroyer in sea
zone 46 sunk). Every step is data, as in `pacific.tutorial.script`;
tests/test_tutorial_courses.py plays each step through the engine with its own answers.
"""

from __future__ import annotations

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text.language import N_
from pacific.tutorial.goals import (
    Ashore,
    Board,
    Buy,
    EndPhases,
    MoveTo,
    Patrol,
    Pieces,
    PlaceAll,
    Read,
)
from pacific.tutorial.script import NEXT_PHASE_HINT, UI_LABELS, Step

SCENARIO = "britain_first_turn.json"

IN, AU = Nation.INDIA, Nation.AUSTRALIA
T = UnitType

STEPS: tuple[Step, ...] = (
    Step(
        "welcome", N_("Great Britain: India and Australia"),
        N_("You play the British turn of round 1. Great Britain is two nations in one turn: "
           "India and Australia, each with its own money, its own units and its own "
           "industrial complex. Japan has just taken Anhwe and Hong Kong."),
        N_("Read this step, then press {continue}."),
        ("R-TURN-2", "R-PURCH-4"), Read(), focus=("india", "new_south_wales"),
        hint_rule="R-TURN-3"),
    Step(
        "convoy", N_("The British convoy"),
        N_("Three sea zones, 15, 49 and 52, hold British convoy centres worth 12 IPCs "
           "together. Their money is not India's nor Australia's: each turn, when Britain "
           "collects its income, you split it between the two as you like. At the start of "
           "the game it was split 6 and 6. A Japanese warship in one of these zones cuts "
           "its value."),
        N_("Read this step, then press {continue}."),
        ("R-CONVOY-2", "R-INCOME-3", "R-CONVOY-8"), Read(),
        focus=("sz_15", "sz_49", "sz_52"), hint_rule="R-INCOME-3"),
    Step(
        "purchase_india", N_("India's defence"),
        N_("India is a capital: if Japan takes it, India's money goes to Japan. Japan's army "
           "in French Indo-China is two moves away. Press {buy_units} and buy 5 infantry and 1 "
           "artillery for India (19 of its 21 IPCs): they will be placed in India."),
        N_("For this tutorial buy exactly 5 infantry and 1 artillery for India."),
        ("R-PURCH-4", "R-PURCH-2", "R-CAPITAL-1"),
        Buy(IN, {T.INFANTRY: 5, T.ARTILLERY: 1}), focus=("india", "burma"),
        hint_rule="R-PURCH-4"),
    Step(
        "purchase_australia", N_("Australia buys apart"),
        N_("Now buy for Australia, from its own 26 IPCs: press {buy_units} again, and the "
           "dialog is Australia's. Choose 4 infantry and 1 artillery (16 IPCs)."),
        N_("For this tutorial buy exactly 4 infantry and 1 artillery for Australia."),
        ("R-PURCH-4", "R-PURCH-2"),
        Buy(AU, {T.INFANTRY: 4, T.ARTILLERY: 1}), focus=("new_south_wales",),
        hint_rule="R-PURCH-4"),
    Step(
        "to_noncombat", N_("No attack this turn"),
        N_("Britain attacks nothing this turn. Press {next_phase} until non-combat movement "
           "begins: combat movement, combat and the chart pass with nothing to do."),
        N_("Press {next_phase} until non-combat movement begins."),
        ("R-TURN-4",), EndPhases(Power.UK, Phase.NONCOMBAT_MOVE), hint_rule="R-TURN-3"),
    Step(
        "burma", N_("Hold Burma"),
        N_("Drag the infantry from Shan State to Burma. Burma stands between Japan's army and "
           "India, and while Japan holds none of India, Burma, Yunnan and Szechwan the "
           "Burma Road stays open and China gets an extra infantry every turn."),
        N_("Drag the infantry ringed in Shan State onto Burma."),
        ("R-NONCOMBAT-3", "R-CHINA-3"), MoveTo(Pieces("shan_state", IN, T.INFANTRY), "burma"),
        pieces=(Pieces("shan_state", IN, T.INFANTRY),), spaces=("burma",),
        hint_rule="R-NONCOMBAT-3"),
    Step(
        "cap", N_("A combat air patrol"),
        N_("Drag India's fighter onto sea zone 54, next to India. A fighter that has not "
           "moved this turn may patrol a sea zone next to its territory: until Britain's "
           "next turn, no enemy ship except a submarine may pass through the zone without "
           "stopping to fight it."),
        N_("Drag the fighter ringed in India onto sea zone 54."),
        ("R-CAP-1", "R-CAP-2", "R-CAP-3"), Patrol(Pieces("india", IN, T.FIGHTER), "sz_54"),
        pieces=(Pieces("india", IN, T.FIGHTER),), spaces=("sz_54",), hint_rule="R-CAP-1"),
    Step(
        "board", N_("Australian troops embark"),
        N_("Drag the 2 infantry from Queensland onto sea zone 29: they board the Australian "
           "transport there."),
        N_("Drag the 2 infantry ringed in Queensland onto sea zone 29."),
        ("R-TRANS-1", "R-TRANS-3"), Board(Pieces("queensland", AU, T.INFANTRY), "sz_29"),
        pieces=(Pieces("queensland", AU, T.INFANTRY),), spaces=("sz_29",),
        hint_rule="R-TRANS-3"),
    Step(
        "sail", N_("The transport sails"),
        N_("Drag the loaded transport from sea zone 29 to sea zone 28, off Papua."),
        N_("Drag the transport ringed in sea zone 29 onto sea zone 28."),
        ("R-TRANS-3", "R-NONCOMBAT-6"), MoveTo(Pieces("sz_29", AU, T.TRANSPORT), "sz_28"),
        pieces=(Pieces("sz_29", AU, T.TRANSPORT),), spaces=("sz_28",), hint_rule="R-TRANS-3"),
    Step(
        "land", N_("An Australian landing"),
        N_("Drag the infantry icon under the transport in sea zone 28 onto Papua. In "
           "non-combat movement a transport lands its troops only in a friendly territory: "
           "these two guard Papua, Australia's foothold facing the Japanese islands."),
        N_("Drag the infantry aboard the transport in sea zone 28 onto Papua."),
        ("R-TRANS-7", "R-NONCOMBAT-8"), Ashore(Pieces("sz_28", AU, T.TRANSPORT), "papua"),
        pieces=(Pieces("sz_28", AU, T.TRANSPORT),), spaces=("papua",), hint_rule="R-TRANS-7"),
    Step(
        "to_place", N_("On to placement"),
        N_("Press {next_phase}: phase 7 places what India and Australia bought."),
        NEXT_PHASE_HINT, ("R-TURN-3",), EndPhases(Power.UK, Phase.PLACE), hint_rule="R-TURN-3"),
    Step(
        "place_india", N_("Place India's units"),
        N_("Drag India's infantry and artillery from the {to_place} tab onto India, whose "
           "industrial complex builds them."),
        N_("Drag India's new units onto India."),
        ("R-PLACE-2", "R-PURCH-4"),
        PlaceAll(IN, {T.INFANTRY: "india", T.ARTILLERY: "india"}), spaces=("india",),
        hint_rule="R-PLACE-2"),
    Step(
        "place_australia", N_("Place Australia's units"),
        N_("Drag Australia's infantry and artillery onto New South Wales: each nation uses "
           "only its own industrial complex."),
        N_("Drag Australia's new units onto New South Wales."),
        ("R-PLACE-2", "R-PURCH-4"),
        PlaceAll(AU, {T.INFANTRY: "new_south_wales", T.ARTILLERY: "new_south_wales"}),
        spaces=("new_south_wales",), hint_rule="R-PLACE-2"),
    Step(
        "income", N_("Convoy income"),
        N_("Press {next_phase} twice, then {end_turn}. India and Australia collect their own "
           "production levels; then Britain collects the convoy money, and a dialog asks how "
           "to split it between India and Australia. Confirm the split it proposes, or "
           "change it: none may be kept aside."),
        N_("Press {next_phase} twice, then {end_turn}, and split the convoy money when "
           "asked."),
        ("R-INCOME-1", "R-INCOME-3"), EndPhases(Power.US, Phase.PURCHASE),
        focus=("sz_15", "sz_49", "sz_52"), hint_rule="R-INCOME-3"),
    Step(
        "done", N_("The end of the tutorial"),
        N_("You have played the British turn: two purchases, Burma held, a combat air patrol "
           "off India, an Australian landing and the convoy money split. The game stays on "
           "the board for you to play on."),
        N_("Press {finish} to close the tutorial."),
        ("R-TURN-1",), Read(), continue_label=UI_LABELS["finish"], hint_rule="R-TURN-3"),
)
