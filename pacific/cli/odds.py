"""`pacific odds`: exact battle odds in the terminal (issue 9). Syntax: docs/odds.md."""

from __future__ import annotations

import argparse
import json
import sys

from pacific.cli.main import Command


def add_arguments(p: argparse.ArgumentParser) -> None:
    kind = p.add_mutually_exclusive_group()
    kind.add_argument(
        "--land",
        action="store_const",
        dest="kind",
        const="land",
        help="a land battle (the default)",
    )
    kind.add_argument(
        "--naval", action="store_const", dest="kind", const="naval", help="a naval battle"
    )
    kind.add_argument(
        "--amphibious",
        action="store_const",
        dest="kind",
        const="amphibious",
        help="an amphibious assault",
    )
    kind.add_argument(
        "--sbr",
        action="store_const",
        dest="kind",
        const="sbr",
        help="a strategic bombing raid: --attacker bombers and escorts, --defender interceptors",
    )
    p.set_defaults(kind="land")
    p.add_argument(
        "--attacker",
        default="",
        metavar="UNITS",
        help='attacking units, e.g. "3 inf, 1 art, 2 arm, 1 ftr"',
    )
    p.add_argument("--defender", default="", metavar="UNITS", help='e.g. "4 inf, 1 aa"')
    p.add_argument(
        "--landing", default="", metavar="UNITS", help="amphibious: land units unloaded from ships"
    )
    p.add_argument(
        "--bombard",
        default="",
        metavar="UNITS",
        help="amphibious: battleships and destroyers giving cover fire",
    )
    p.add_argument(
        "--sea-attacker",
        default="",
        metavar="UNITS",
        help="amphibious: the attacker's ships and aircraft in a naval battle first",
    )
    p.add_argument(
        "--sea-defender",
        default="",
        metavar="UNITS",
        help="amphibious: enemy ships in the landing zone (no cover fire then)",
    )
    p.add_argument(
        "--loads",
        default="",
        metavar="LOADS",
        help='cargo of the attacking transports, one per transport: "2 inf | 1 arm"',
    )
    p.add_argument(
        "--first-turn",
        action="store_true",
        help="Japan's first turn: every defender defends at 1 (R-FIRSTTURN-1)",
    )
    p.add_argument(
        "--retreat-after",
        type=int,
        metavar="N",
        help="the attacker retreats after round N if the battle goes on",
    )
    p.add_argument(
        "--retreat-below",
        type=int,
        metavar="K",
        help="the attacker retreats once it has K units or fewer",
    )
    p.add_argument(
        "--order",
        metavar="TYPES",
        help='attacker order of loss, e.g. "inf,art,arm,ftr" (default cheapest first)',
    )
    p.add_argument("--defender-order", metavar="TYPES", help="defender order of loss")
    p.add_argument(
        "--no-keep-land",
        action="store_true",
        help="do not keep the attacker's last land unit until the end",
    )
    p.add_argument(
        "--damaged", type=int, default=0, metavar="N", help="attacking battleships already damaged"
    )
    p.add_argument(
        "--defender-damaged",
        type=int,
        default=0,
        metavar="N",
        help="defending battleships already damaged",
    )
    p.add_argument(
        "--kamikaze",
        default="",
        metavar="TARGETS",
        help='naval: kamikaze targets, one ship each, e.g. "bb, cv"; "bb x3" = three '
        'kamikazes on one battleship, "damaged bb" = on a damaged one (OQ3-4)',
    )
    p.add_argument(
        "--kamikaze-side",
        choices=("attacker", "defender"),
        default="attacker",
        help="whose ships the kamikazes attack (default: the attacker's)",
    )
    p.add_argument(
        "--bystanders",
        default="",
        metavar="UNITS",
        help="naval: the other Allied power's units with the attacker; they never fire but "
        "can be casualties (R-MULTI-4)",
    )
    for flag, side in (("--submerge", "attacking"), ("--defender-submerge", "defending")):
        p.add_argument(
            flag,
            choices=("never", "when_alone"),
            default="never",
            help=f"naval: {side} submarines submerge once they are the side's last units "
            "(R-SUB-6; default never)",
        )
    p.add_argument(
        "--sea-retreat-after",
        type=int,
        metavar="N",
        help="amphibious: retreat from the naval battle before the landing after round N",
    )
    p.add_argument(
        "--sea-retreat-below",
        type=int,
        metavar="K",
        help="amphibious: retreat from that naval battle once K ships or fewer are left",
    )
    p.add_argument("--no-aa", action="store_true", help="sbr: no AA gun in the territory")
    p.add_argument(
        "--treasury",
        type=int,
        default=None,
        metavar="IPC",
        help="sbr: the defender's treasury (the damage cap)",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    try:
        result = _evaluate(args)
    except (ValueError, ValidationError) as exc:
        message = str(exc)
        if isinstance(exc, ValidationError):
            message = "; ".join(e["msg"].removeprefix("Value error, ") for e in exc.errors())
        print(f"pacific odds: {message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.model_dump(mode="json"), indent=2))
    else:
        print(_describe(result))
    return 0


def _evaluate(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from pacific.odds import BattleSpec, ForceSpec, SbrSpec, bombing, calculate
    from pacific.odds.text import parse_kamikazes, parse_loads, parse_order, parse_units
    from pacific.rules.units import UnitType

    attacker = parse_units(args.attacker)
    defender = parse_units(args.defender)
    if args.kind == "sbr":
        extra = set(attacker) - {UnitType.BOMBER, UnitType.FIGHTER}
        if extra or set(defender) - {UnitType.FIGHTER}:
            raise ValueError(
                "a raid takes bombers and escort fighters against fighters (R-SBR-1, R-SBR-2)"
            )
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
        raise ValueError('no attacking units: give --attacker "3 inf, 1 arm"')
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
    return calculate(spec)


def _describe(result) -> str:  # type: ignore[no-untyped-def]
    from pacific.odds import SbrResult
    from pacific.odds.text import format_units

    if isinstance(result, SbrResult):
        lines = [
            f"Expected IPC lost by the defender: {result.expected_ipc_lost:.2f}",
            f"Expected VP lost (if Japan):       {result.expected_vp_lost:.3f}",
            f"Expected bombers lost:             {result.expected_bombers_lost:.3f}",
            f"Expected escorts lost:             {result.expected_escorts_lost:.3f}",
            f"Expected interceptors lost:        {result.expected_interceptors_lost:.3f}",
            "IPC lost:",
        ]
        lines += [f"  {ipc:3d}  {p:7.2%}" for ipc, p in result.ipc_lost.items() if p >= 5e-5]
        return "\n".join(lines)
    lines = [
        f"Attacker wins:     {result.attacker_wins:7.2%}",
        f"Defender holds:    {result.defender_holds:7.2%}"
        + (f"  (retreat {result.retreat:.2%})" if result.retreat else ""),
        f"Both destroyed:    {result.both_destroyed:7.2%}",
    ]
    if result.stalemate:
        lines.append(f"Stalemate (E):     {result.stalemate:7.2%}")
    if result.submerged:
        lines.append(f"Ended submerged:   {result.submerged:7.2%}")
    lines += [
        f"Territory taken:   {result.captured:7.2%}",
        f"IPC lost:          attacker {result.attacker_ipc_lost:.2f}, "
        f"defender {result.defender_ipc_lost:.2f}",
        f"Expected rounds:   {result.expected_rounds:.2f}",
        "Most likely survivors:",
    ]
    for s in result.survivors[:5]:
        lines.append(
            f"  {s.probability:7.2%}  attacker: {format_units(s.attacker)}; "
            f"defender: {format_units(s.defender)}" + (" (submerged)" if s.submerged else "")
        )
    return "\n".join(lines)


COMMAND = Command(
    "odds", "exact odds of a battle (land, naval, amphibious, bombing raid)", add_arguments, run
)
