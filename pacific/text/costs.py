"""What ending a phase, or a move, will cost (`pacific.rules.phase_costs`), in the active
language: the warning a player reads before anything is lost."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.rules.board_map import BoardMap
from pacific.rules.phase_costs import Cost
from pacific.rules.state import GameState
from pacific.text.language import N_, gettext
from pacific.text.names import place_name
from pacific.text.units import lookup, owned, some_units

# Why the end of a phase removes units, by the rule that removes them.
_WHY = {
    "R-AIR-3": N_("no landing place within their moves"),
    "R-COMBAT-10": N_("they may stay neither where they just fought nor in a territory "
                      "captured this turn"),
    "R-CAP-7": N_("a combat air patrol that did not land"),
}
_TEMPLATES = {
    "lost": N_("{units} in {space} will be lost: {why} ({rule})"),
    "stranded": N_("{units} in {space} will have no landing place left after this move and "
                   "will be lost ({rule})"),
    "cargo_in_battle": N_("{units} ride as cargo into the battle in {space}: they neither "
                          "fight nor can be chosen as casualties, and if their carrier sinks "
                          "they must land within 1 space or are lost ({rule})"),
    "transports_alone": N_("{units} attack {space} with no warship: transports never fire, "
                           "and the enemy's ships fire at them alone ({rule})"),
}


def cost_text(cost: Cost, board: BoardMap, state: GameState) -> str:
    """One cost in a sentence, with its rule id."""
    counts = lookup(state, cost.units)
    units = owned(counts) if counts else some_units(len(cost.units))
    why = _WHY.get(cost.rule)
    return gettext(_TEMPLATES[cost.kind]).format(
        units=units, space=place_name(board, cost.space), rule=cost.rule,
        why=gettext(why) if why is not None else gettext("the rules remove them"))


def costs_text(costs: Iterable[Cost], board: BoardMap, state: GameState) -> str:
    """Every cost, one a line, each starting with a bullet."""
    return "\n".join("• " + cost_text(cost, board, state) for cost in costs)
