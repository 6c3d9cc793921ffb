"""What ending a phase, or a move, will cost (`pacific.rules.phase_costs`), in the active
language: the warning a player reads before anything is lost."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.rules.board_map import BoardMap
from pacific.rules.phase_costs import Cost
from pacific.rules.state import GameState
from pacific.text.language import Nn_, ngettext
from pacific.text.names import place_name
from pacific.text.units import lookup, owned, some_units

# Why the end of a phase removes units, by the rule that removes them (one unit, several).
_WHY = {
    "R-AIR-3": Nn_("no landing place within its moves", "no landing place within their moves"),
    "R-COMBAT-10": Nn_("it may stay neither where it just fought nor in a territory captured "
                       "this turn",
                       "they may stay neither where they just fought nor in a territory "
                       "captured this turn"),
    "R-CAP-7": Nn_("a combat air patrol that did not land",
                   "a combat air patrol that did not land"),
}
_OTHERWISE = Nn_("the rules remove it", "the rules remove them")
_TEMPLATES = {
    "lost": Nn_("{units} in {space} will be lost: {why} ({rule})",
                "{units} in {space} will be lost: {why} ({rule})"),
    "stranded": Nn_("{units} in {space} will have no landing place left after this move and "
                    "will be lost ({rule})",
                    "{units} in {space} will have no landing place left after this move and "
                    "will be lost ({rule})"),
    "cargo_in_battle": Nn_("{units} rides as cargo into the battle in {space}: it neither "
                           "fights nor can be chosen as a casualty, and if its carrier sinks "
                           "it must land within 1 space or is lost ({rule})",
                           "{units} ride as cargo into the battle in {space}: they neither "
                           "fight nor can be chosen as casualties, and if their carrier sinks "
                           "they must land within 1 space or are lost ({rule})"),
    "transports_alone": Nn_("{units} attacks {space} with no warship: transports never fire, "
                            "and the enemy's ships fire at it alone ({rule})",
                            "{units} attack {space} with no warship: transports never fire, "
                            "and the enemy's ships fire at them alone ({rule})"),
}


def cost_text(cost: Cost, board: BoardMap, state: GameState) -> str:
    """One cost in a sentence, with its rule id, its verbs by the number of units."""
    counts = lookup(state, cost.units)
    units = owned(counts) if counts else some_units(len(cost.units))
    count = len(cost.units)
    why = ngettext(*_WHY.get(cost.rule, _OTHERWISE), count)
    return ngettext(*_TEMPLATES[cost.kind], count).format(
        units=units, space=place_name(board, cost.space), rule=cost.rule, why=why)


def costs_text(costs: Iterable[Cost], board: BoardMap, state: GameState) -> str:
    """Every cost, one a line, each starting with a bullet."""
    return "\n".join("• " + cost_text(cost, board, state) for cost in costs)
