"""What each of the nine phases is for and what the player can do in it (R-TURN-3).

The turn panel shows ``phase_help`` under the list of phases and as each phase name's tooltip;
``phase_rule`` names the rule a player should read first about the phase.
"""

from __future__ import annotations

from pacific.rules.phases import Phase
from pacific.text.language import N_, gettext, pgettext

_HELP: dict[Phase, str] = {
    Phase.PURCHASE: N_(
        "Spend your IPCs on new units. Choose units for each of your nations, each paying from "
        "its own money; they wait off the board until phase 7. Buying is optional, and money "
        "you do not spend is kept."),
    Phase.CAP_LANDING: N_(
        "Fighters you sent on combat air patrol in your last turn come down now. Land each one "
        "on a friendly territory next to its sea zone, a friendly island in it or a friendly "
        "carrier with room; a fighter that cannot land is lost."),
    Phase.COMBAT_MOVE: N_(
        "Send your forces against the enemy: every space you enter that holds enemy units "
        "becomes a battle, and an empty enemy territory is captured as you enter it. Declare "
        "amphibious assaults and bombing raids now, and keep a landing place within reach of "
        "every aircraft. Nothing can join a battle once this phase is over."),
    Phase.COMBAT: N_(
        "Fight the battles you started, one at a time, in the order you choose; bombing raids "
        "come first. Roll on the battle board, choose your casualties, and after each round "
        "decide whether to press on or retreat."),
    Phase.PRODUCTION_CHART: N_(
        "The battles' results are booked: captured territories and convoy zones change hands "
        "and production levels move. Pacific updated the chart as each battle ended; check it "
        "and go on."),
    Phase.NONCOMBAT_MOVE: N_(
        "Land every aircraft that flew this turn, and move units that neither moved nor fought, "
        "into friendly spaces only. Transports may load and unload onto friendly land, carriers "
        "may move to pick up fighters, and fighters that have not moved may start a combat air "
        "patrol."),
    Phase.PLACE: N_(
        "Put the units you bought on the board: land and air units in a territory with an "
        "industrial complex held since the start of the turn, ships in a sea zone next to one. "
        "China's new infantry goes to Szechwan."),
    Phase.RESET: N_(
        "Every submerged submarine surfaces and every damaged battleship is repaired, whoever "
        "owns them. There is nothing to decide: go on to income."),
    Phase.INCOME: N_(
        "Each of your nations collects its production level from the bank; a nation without "
        "its capital collects nothing. The British split their convoy money between India and "
        "Australia, and Japan scores victory points. Ending this phase ends your turn."),
}

# The rule to read first about each phase.
_RULES: dict[Phase, str] = {
    Phase.PURCHASE: "R-PURCH-1",
    Phase.CAP_LANDING: "R-CAP-7",
    Phase.COMBAT_MOVE: "R-COMBATMOVE-1",
    Phase.COMBAT: "R-COMBAT-2",
    Phase.PRODUCTION_CHART: "R-CONTROL-6",
    Phase.NONCOMBAT_MOVE: "R-NONCOMBAT-1",
    Phase.PLACE: "R-PLACE-1",
    Phase.RESET: "R-RESET-1",
    Phase.INCOME: "R-INCOME-1",
}


def phase_name(phase: Phase) -> str:
    """The phase's name in the active language ("Combat movement", "Movimento di
    Combattimento"). The English is the engine's label, so the log and the panel agree."""
    # The "phase" context keeps these apart from the same English elsewhere (the rules
    # reference's "Combat" part is not the phase "Risoluzione del Combattimento").
    names = {
        Phase.PURCHASE: pgettext("phase", "Purchase units"),
        Phase.CAP_LANDING: pgettext("phase", "Land combat air patrols"),
        Phase.COMBAT_MOVE: pgettext("phase", "Combat movement"),
        Phase.COMBAT: pgettext("phase", "Combat"),
        Phase.PRODUCTION_CHART: pgettext("phase", "Production chart"),
        Phase.NONCOMBAT_MOVE: pgettext("phase", "Non-combat movement"),
        Phase.PLACE: pgettext("phase", "Place new units"),
        Phase.RESET: pgettext("phase", "Surface submarines, repair battleships"),
        Phase.INCOME: pgettext("phase", "Collect income"),
    }
    return names[phase]


def phase_help(phase: Phase) -> str:
    """Two or three sentences: what the phase is for and what the player can do now."""
    return gettext(_HELP[phase])


def phase_rule(phase: Phase) -> str:
    """The id of the rule to read first about this phase."""
    return _RULES[phase]
