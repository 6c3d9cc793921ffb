"""The luck meter and the story in words, in the active language, and as plain data (JSON)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pacific.rules.board_map import BoardMap
from pacific.rules.combat.events import BattleEnded
from pacific.rules.history import Record
from pacific.rules.nations import Power
from pacific.rules.state import GameState
from pacific.story.luck import (
    ATTACKER_FAILED,
    ATTACKER_RETREATED,
    ATTACKER_WON,
    BOTH_WIPED_OUT,
    LANDING_CALLED_OFF,
    SIDES,
    STALEMATE,
    BattleLuck,
    PowerLuck,
    Side,
    kamikaze_rolls,
    read_battle,
)
from pacific.text import N_, _, gettext, nation_name, place_text, power_name
from pacific.text.grammar import fill, names_together, within


def percent(p: float) -> str:
    """A chance as a whole percentage, never rounded to 0% or 100% unless it is."""
    value = round(p * 100)
    if value == 0 and p > 0:
        return "<1%"
    if value == 100 and p < 1:
        return ">99%"
    return f"{value}%"


def signed(value: float, digits: int = 1) -> str:
    text = f"{value:+.{digits}f}"
    return "±0" if float(text) == 0 else text


_RESULTS = {
    ATTACKER_WON: N_("{attacker} won a {chance} battle"),
    ATTACKER_FAILED: N_("{attacker} lost a {chance} battle"),
    # A retreat's chance is that of winning in the rounds fought before it (R-LAND-2,
    # R-NAVAL-4): said so, as it is far from the whole battle's chance the board showed.
    ATTACKER_RETREATED: N_("{attacker} retreated ({chance} to win in the rounds fought)"),
    BOTH_WIPED_OUT: N_("both sides were wiped out (a {outcome} result; {attacker} had "
                       "{chance} to win)"),
    STALEMATE: N_("stalemate (a {outcome} result)"),
}


def luck_note() -> str:
    """What the luck table's numbers mean (the report and the charts window show it)."""
    return _("Luck in hits: the hits rolled minus the hits the dice promised (each die hits "
             "with a chance of its value in six). Luck in IPC: the IPC a power was expected "
             "to lose, by the exact odds before each battle's first roll, minus the IPC it "
             "lost; positive is lucky (a battle is given the retreat and the submerging its "
             "log shows). A landing called off and a lone kamikaze attack have no odds: they "
             "count only in hits.")


def side_name(battle: BattleLuck, side: Side) -> str:
    """The name of the nation that fought on ``side`` (its main one by value): China, not
    the United States power that plays its units (R-CHINA-1). The power's name when the
    battle's units are not known."""
    nation = battle.nations.get(side)
    if nation is not None:
        return nation_name(nation)
    return power_name(battle.attacker if side == "attacker" else _main_defender(battle))


def battle_result(battle: BattleLuck) -> str:
    """The result against the odds before the first roll: "Japan won a 23% battle"."""
    attacker = side_name(battle, "attacker")
    if battle.outcome == ATTACKER_RETREATED and battle.retreated_by:
        # the nations whose units left, as the log's retreat line names them
        attacker = names_together(nation_name(n) for n in battle.retreated_by)
    if battle.raid is not None:   # R-SBR-4: the bombs' damage against the raid's odds
        return _("{attacker} raided: {paid} IPC of damage ({expected} expected)").format(
            attacker=attacker, paid=battle.paid,
            expected=f"{battle.raid.expected_ipc_lost:.1f}")
    if battle.outcome == LANDING_CALLED_OFF:   # R-AMPH-1: nobody fought, nothing to weigh
        return _("{attacker} called the landing off: no battle was fought").format(
            attacker=attacker)
    chance = battle.win_chance
    template = _RESULTS.get(battle.outcome)
    if chance is None or template is None:
        return _("{attacker} attacked (no odds for this battle)").format(attacker=attacker)
    outcome = battle.outcome_chance
    return gettext(template).format(attacker=attacker, chance=percent(chance),
                                    outcome=percent(outcome) if outcome is not None else "?")


def ipc_sentence(who: Power | str, luck: float) -> str:
    """"Japan lost 8 IPC more than expected" (luck < 0) or "... less than expected";
    ``who`` is a power or a name already in the active language."""
    name = power_name(who) if isinstance(who, Power) else who
    amount = math.floor(abs(luck) + 0.5)   # half up: 2.5 IPC is 3, as a player rounds
    if amount == 0:
        return _("{power} lost what was expected").format(power=name)
    if luck < 0:
        return _("{power} lost {ipc} IPC more than expected").format(power=name, ipc=amount)
    return _("{power} lost {ipc} IPC less than expected").format(power=name, ipc=amount)


def hits_sentence(battle: BattleLuck) -> str:
    """"hits: 3 (2.5 expected) against 1 (1.7 expected)"."""
    return _("hits: {hits} ({expected} expected) against {their_hits} ({their_expected} "
             "expected)").format(
        hits=battle.hits("attacker"), expected=f"{battle.expected_hits('attacker'):.1f}",
        their_hits=battle.hits("defender"),
        their_expected=f"{battle.expected_hits('defender'):.1f}")


def battle_line(battle: BattleLuck, board: BoardMap) -> str:
    """One line for a battle: where, the result against the odds, the hits, the IPC luck."""
    parts = [battle_result(battle), hits_sentence(battle)]
    for side in SIDES:
        luck = battle.ipc_luck(side)
        if luck is not None:
            parts.append(ipc_sentence(side_name(battle, side), luck))
    return _("{space}: {details}").format(space=place_text(battle.space, board),
                                          details="; ".join(within(p) for p in parts))


def _main_defender(battle: BattleLuck) -> Power:
    shares = battle.defender_shares
    if shares:
        return max(shares, key=lambda p: shares[p])
    return battle.defenders[0]


# ---- plain data ----

def power_data(luck: PowerLuck) -> dict[str, Any]:
    return {"dice": luck.dice, "dice_typed_in": luck.typed_in, "hits": luck.hits,
            "expected_hits": round(luck.expected_hits, 3), "hit_luck": round(luck.hit_luck, 3),
            "ipc_lost": luck.ipc_lost, "expected_ipc_lost": round(luck.expected_ipc_lost, 3),
            "ipc_luck": round(luck.ipc_luck, 3), "battles_won": luck.battles_won,
            "battles_lost": luck.battles_lost}


def battle_data(battle: BattleLuck) -> dict[str, Any]:
    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 4)

    return {
        "round": battle.round, "space": battle.space, "kind": battle.kind.value,
        "amphibious": battle.amphibious, "attacker": battle.attacker.value,
        "defenders": [p.value for p in battle.defenders], "outcome": battle.outcome,
        "attacker_win_chance": rounded(battle.win_chance),
        "outcome_chance": rounded(battle.outcome_chance),
        "dice_typed_in": sum(r.dice for r in battle.rolls if r.typed_in),
        **{f"{side}_{key}": value for side in SIDES for key, value in (
            ("hits", battle.hits(side)),
            ("expected_hits", round(battle.expected_hits(side), 3)),
            ("ipc_lost", battle.lost[side]),
            ("expected_ipc_lost", rounded(battle.expected_lost(side))))},
        "text": battle_result(battle),
    }


def luck_line(board: BoardMap, initial: GameState, records: Sequence[Record],
              index: int) -> str | None:
    """The luck of the battle that record ``index`` ended, as a line for an event log ("Luck:
    Burma: Japan won a 50% battle; ..."), or of the kamikaze attack it made, or None when
    that record ends no battle and throws no kamikaze."""
    if not any(isinstance(e, BattleEnded) for e in records[index].events):
        return kamikaze_line(board, initial, records, index)
    battle = read_battle(board, initial, records, index)
    if battle is None:
        return None
    return _("Luck: {line}").format(line=battle_line(battle, board))


def kamikaze_line(board: BoardMap, initial: GameState, records: Sequence[Record],
                  index: int) -> str | None:
    """The luck of the kamikaze attack record ``index`` made ("Luck: Sea Zone 5: Japan's
    kamikazes: hits: 2 (1.0 expected); no odds: ..."), or None when it threw no kamikaze.
    Its hits count as any dice; the line says why it has no odds (`kamikaze_rolls`)."""
    rolls = kamikaze_rolls(initial, records, index)
    if not rolls:
        return None
    hits = sum(roll.hits for _space, roll in rolls)
    expected = sum(roll.expected for _space, roll in rolls)
    details = fill(_("{power:'s} kamikazes: hits: {hits} ({expected} expected); no odds: each "
                     "kamikaze hits its own target on 2, with no casualty choice and no rounds, "
                     "which the odds calculator does not model (R-KAMI-6)"),
                   {"power": power_name(Power.JAPAN), "hits": hits,
                    "expected": f"{expected:.1f}"})
    line = _("{space}: {details}").format(space=place_text(rolls[0][0], board),
                                          details=details)
    return _("Luck: {line}").format(line=line)
