"""`pacific odds`: battle odds in the terminal, exact where the budget allows, with the method
and its error bound said. Syntax: docs/odds.md."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from pacific.cli.main import Command
from pacific.text import N_, _, exception_text

if TYPE_CHECKING:
    from pacific.rules.units import UnitType


def add_arguments(p: argparse.ArgumentParser) -> None:
    kind = p.add_mutually_exclusive_group()
    kind.add_argument(
        "--land",
        action="store_const",
        dest="kind",
        const="land",
        help=_("a land battle (the default)"),
    )
    kind.add_argument(
        "--naval", action="store_const", dest="kind", const="naval", help=_("a naval battle")
    )
    kind.add_argument(
        "--amphibious",
        action="store_const",
        dest="kind",
        const="amphibious",
        help=_("an amphibious assault"),
    )
    kind.add_argument(
        "--sbr",
        action="store_const",
        dest="kind",
        const="sbr",
        help=_("a strategic bombing raid: --attacker bombers and escorts, --defender "
               "interceptors"),
    )
    p.set_defaults(kind="land")
    p.add_argument(
        "--attacker",
        default="",
        metavar="UNITS",
        help=_('attacking units, e.g. "3 inf, 1 art, 2 arm, 1 ftr"'),
    )
    p.add_argument("--defender", default="", metavar="UNITS", help=_('e.g. "4 inf, 1 aa"'))
    p.add_argument(
        "--landing", default="", metavar="UNITS",
        help=_("amphibious: land units unloaded from ships")
    )
    p.add_argument(
        "--bombard",
        default="",
        metavar="UNITS",
        help=_("amphibious: battleships and destroyers giving cover fire"),
    )
    p.add_argument(
        "--sea-attacker",
        default="",
        metavar="UNITS",
        help=_("amphibious: the attacker's ships and aircraft in a naval battle first"),
    )
    p.add_argument(
        "--sea-defender",
        default="",
        metavar="UNITS",
        help=_("amphibious: enemy ships in the landing zone (no cover fire then)"),
    )
    p.add_argument(
        "--loads",
        default="",
        metavar="LOADS",
        help=_('cargo of the attacking transports, one per transport: "2 inf | 1 arm"'),
    )
    p.add_argument(
        "--first-turn",
        action="store_true",
        help=_("Japan's first turn: every defender defends at 1 (R-FIRSTTURN-1)"),
    )
    p.add_argument(
        "--retreat-after",
        type=int,
        metavar="N",
        help=_("the attacker retreats after round N if the battle goes on"),
    )
    p.add_argument(
        "--retreat-below",
        type=int,
        metavar="K",
        help=_("the attacker retreats once it has K units or fewer"),
    )
    p.add_argument(
        "--order",
        metavar="TYPES",
        help=_('attacker order of loss, e.g. "inf,art,arm,ftr" (default cheapest first)'),
    )
    p.add_argument("--defender-order", metavar="TYPES", help=_("defender order of loss"))
    p.add_argument(
        "--no-keep-land",
        action="store_true",
        help=_("do not keep the attacker's last land unit until the end"),
    )
    p.add_argument(
        "--damaged", type=int, default=0, metavar="N",
        help=_("attacking battleships already damaged")
    )
    p.add_argument(
        "--defender-damaged",
        type=int,
        default=0,
        metavar="N",
        help=_("defending battleships already damaged"),
    )
    p.add_argument(
        "--kamikaze",
        default="",
        metavar="TARGETS",
        help=_('naval: kamikaze targets, one ship each, e.g. "bb, cv"; "bb x3" = three '
               'kamikazes on one battleship, "damaged bb" = on a damaged one (OQ3-4)'),
    )
    p.add_argument(
        "--kamikaze-side",
        choices=("attacker", "defender"),
        default="attacker",
        help=_("whose ships the kamikazes attack (default: the attacker's)"),
    )
    p.add_argument(
        "--bystanders",
        default="",
        metavar="UNITS",
        help=_("naval: the other Allied power's units with the attacker; they never fire but "
        "can be casualties (R-MULTI-4)"),
    )
    for flag, text in (
            ("--submerge", N_("naval: attacking submarines submerge once they are the side's "
                              "last units (R-SUB-6; default never)")),
            ("--defender-submerge", N_("naval: defending submarines submerge once they are "
                                       "the side's last units (R-SUB-6; default never)"))):
        p.add_argument(flag, choices=("never", "when_alone"), default="never", help=_(text))
    p.add_argument(
        "--sea-retreat-after",
        type=int,
        metavar="N",
        help=_("amphibious: retreat from the naval battle before the landing after round N"),
    )
    p.add_argument(
        "--sea-retreat-below",
        type=int,
        metavar="K",
        help=_("amphibious: retreat from that naval battle once K ships or fewer are left"),
    )
    p.add_argument("--no-aa", action="store_true", help=_("sbr: no AA gun in the territory"))
    p.add_argument(
        "--treasury",
        type=int,
        default=None,
        metavar="IPC",
        help=_("sbr: the defender's treasury (the damage cap)"),
    )
    p.add_argument(
        "--ms",
        type=float,
        default=None,
        metavar="MS",
        help=_("processor time the answer may take (default 50): exact where that is "
               "enough, else pruned or simulated, with the error said"),
    )
    p.add_argument("--exact", action="store_true",
                   help=_("the exact answer, whatever time and memory it takes"))
    p.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    try:
        result = _evaluate(args)
    except (ValueError, ValidationError) as exc:
        # The parser's and the models' messages are ids (OddsError): in the player's language.
        print(_("pacific odds: {message}").format(message=exception_text(exc)),
              file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.model_dump(mode="json"), indent=2))
    else:
        print(_describe(result))
    return 0


def _evaluate(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from pacific.odds import BattleSpec, ForceSpec, SbrSpec, bombing, calculate
    from pacific.odds.budget import UNLIMITED, Budget
    from pacific.odds.text import parse_kamikazes, parse_loads, parse_order, parse_units
    from pacific.rules.units import UnitType

    attacker = parse_units(args.attacker)
    defender = parse_units(args.defender)
    if args.kind == "sbr":
        extra = set(attacker) - {UnitType.BOMBER, UnitType.FIGHTER}
        if extra or set(defender) - {UnitType.FIGHTER}:
            raise ValueError(_(
                "a raid takes bombers and escort fighters against fighters (R-SBR-1, R-SBR-2)"
            ))
        return bombing(
            SbrSpec(
                bombers=attacker.get(UnitType.BOMBER, 0),
                escorts=attacker.get(UnitType.FIGHTER, 0),
                interceptors=defender.get(UnitType.FIGHTER, 0),
                aa_gun=not args.no_aa,
                treasury=args.treasury if args.treasury is not None else 10**6,
                first_turn=args.first_turn,
            )
        )
    if not attacker and not parse_units(args.landing) and not parse_units(args.sea_attacker):
        raise ValueError(_('no attacking units: give --attacker "3 inf, 1 arm"'))
    order = parse_order(args.order) if args.order else None
    defender_order = parse_order(args.defender_order) if args.defender_order else None
    loads = parse_loads(args.loads)
    sea = args.kind == "amphibious" and bool(args.sea_defender)
    bystanders = parse_units(args.bystanders)
    spec = BattleSpec(
        kind=args.kind,
        attacker=ForceSpec(
            units=attacker,
            order=order,
            damaged_battleships=args.damaged,
            transport_loads=[] if sea else loads,
            bystanders={} if sea else bystanders,
        ),
        defender=ForceSpec(
            units=defender, order=defender_order, damaged_battleships=args.defender_damaged
        ),
        landing=parse_units(args.landing),
        bombard=parse_units(args.bombard),
        sea_attacker=ForceSpec(
            units=parse_units(args.sea_attacker),
            transport_loads=loads if sea else [],
            bystanders=bystanders if sea else {},
        ),
        sea_defender=ForceSpec(units=parse_units(args.sea_defender)),
        first_turn=args.first_turn,
        kamikazes=parse_kamikazes(args.kamikaze),
        kamikaze_side=args.kamikaze_side,
        retreat_after=args.retreat_after,
        retreat_below=args.retreat_below,
        sea_retreat_after=args.sea_retreat_after,
        sea_retreat_below=args.sea_retreat_below,
        attacker_submerge=args.submerge,
        defender_submerge=args.defender_submerge,
        keep_land_unit=not args.no_keep_land,
    )
    if args.exact:
        return calculate(spec, UNLIMITED)
    if args.ms is not None:
        if args.ms <= 0:
            raise ValueError(_("--ms takes a positive number of milliseconds"))
        return calculate(spec, Budget(ms=args.ms))
    return calculate(spec)


def _table(rows: list[tuple[str, str]], width: int) -> list[str]:
    """Labels (in the active language) in a column at least ``width`` wide, then values."""
    width = max(width, *(len(label) + 1 for label, _value in rows))
    return [f"{label:<{width}}{value}" for label, value in rows]


def _describe(result) -> str:  # type: ignore[no-untyped-def]
    from pacific.odds import SbrResult
    from pacific.text.odds import odds_method_text
    from pacific.text.values import units_text

    def listed(units: dict[UnitType, int]) -> str:
        return units_text(units.items()) or _("nothing")

    if isinstance(result, SbrResult):
        lines = _table([
            (_("Expected IPC lost by the defender:"), f"{result.expected_ipc_lost:.2f}"),
            (_("Expected VP lost (if Japan):"), f"{result.expected_vp_lost:.3f}"),
            (_("Expected bombers lost:"), f"{result.expected_bombers_lost:.3f}"),
            (_("Expected escorts lost:"), f"{result.expected_escorts_lost:.3f}"),
            (_("Expected interceptors lost:"), f"{result.expected_interceptors_lost:.3f}"),
        ], 35)
        lines.append(_("IPC lost:"))
        lines += [f"  {ipc:3d}  {p:7.2%}" for ipc, p in result.ipc_lost.items() if p >= 5e-5]
        return "\n".join(lines)
    rows = [
        (_("Attacker wins:"), f"{result.attacker_wins:7.2%}"),
        (_("Defender holds:"), f"{result.defender_holds:7.2%}" + (
            "  " + _("(retreat {share})").format(share=f"{result.retreat:.2%}")
            if result.retreat else "")),
        (_("Both destroyed:"), f"{result.both_destroyed:7.2%}"),
    ]
    if result.stalemate:
        rows.append((_("Stalemate (E):"), f"{result.stalemate:7.2%}"))
    if result.submerged:
        rows.append((_("Ended submerged:"), f"{result.submerged:7.2%}"))
    rows += [
        (_("Territory taken:"), f"{result.captured:7.2%}"),
        (_("IPC lost:"), _("attacker {attacker}, defender {defender}").format(
            attacker=f"{result.attacker_ipc_lost:.2f}",
            defender=f"{result.defender_ipc_lost:.2f}")),
        (_("Expected rounds:"), f"{result.expected_rounds:.2f}"),
        (_("Method:"), odds_method_text(result.method, result.bound, result.runs)),
    ]
    lines = [*_table(rows, 19), _("Most likely survivors:")]
    for s in result.survivors[:5]:
        # Units by the game's names in the active language (both read back as input).
        survivors = _("attacker: {attacker}; defender: {defender}").format(
            attacker=listed(s.attacker), defender=listed(s.defender))
        if s.submerged:
            survivors = _("{survivors} (submerged)").format(survivors=survivors)
        lines.append(f"  {s.probability:7.2%}  {survivors}")
    return "\n".join(lines)


COMMAND = Command(
    "odds", N_("exact odds of a battle (land, naval, amphibious, bombing raid)"), add_arguments,
    run
)
