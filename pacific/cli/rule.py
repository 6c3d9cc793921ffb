"""`pacific rule R-SBR-4`: a rule of the game, in the active language.

With ids it prints each rule (id, group, page, summary, explanation); with ``--search`` the
rules whose id or text holds every word; with neither, the whole list by group. An unknown id
is an error that offers the closest ids. ``pacific --lang it rule ...`` prints in Italian.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from pacific.cli.main import Command
from pacific.text import (
    N_,
    Rule,
    UnknownRule,
    _,
    active_language,
    all_rules,
    render,
    rule,
    search_rules,
)

WIDTH = 88


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("rule_ids", nargs="*", metavar="RULE", help=_(
        "a rule id such as R-SBR-4 or EX-12 (any case; the R- may be left out)"))
    p.add_argument("--search", metavar="WORDS", help=_(
        "list the rules whose id or text holds every word, best first"))
    p.add_argument("--json", action="store_true", help=_("print the rules as JSON"))


def _as_json(found: Rule) -> dict[str, str]:
    return {"id": found.rule_id, "group": found.group, "part": found.part,
            "pages": found.pages, "page": found.page, "summary": found.summary,
            "explanation": found.explanation, "language": active_language()}


def format_rule(found: Rule) -> str:
    """A rule as the terminal shows it: a heading line, the summary, the explanation."""
    head = f"{found.rule_id} · {found.group} · {found.page}"
    body = textwrap.fill(found.explanation, WIDTH)
    return f"{head}\n{textwrap.fill(found.summary, WIDTH)}\n\n{body}"


def _index_line(found: Rule) -> str:
    return f"  {found.rule_id:<16}{found.summary}"


def _print_index(rules: list[Rule]) -> None:
    group = None
    for found in rules:
        if found.group_key != group:
            if group is not None:
                print()
            group = found.group_key
            print(f"{found.group} ({found.part})")
        print(_index_line(found))


def run(args: argparse.Namespace) -> int:
    if args.search is not None:
        found = search_rules(args.search)
        if args.json:
            print(json.dumps([_as_json(r) for r in found], ensure_ascii=False, indent=1))
        elif not found:
            print(render("rule.no_match", query=args.search), file=sys.stderr)
            return 1
        else:
            print(render("rule.matches", count=len(found), query=args.search))
            for r in found:
                print(_index_line(r))
        return 0
    if not args.rule_ids:
        rules = all_rules()
        if args.json:
            print(json.dumps([_as_json(r) for r in rules], ensure_ascii=False, indent=1))
        else:
            _print_index(rules)
        return 0
    shown: list[Rule] = []
    status = 0
    for rule_id in args.rule_ids:
        try:
            shown.append(rule(rule_id))
        except UnknownRule as unknown:
            status = 2
            message = render("rule.unknown", rule_id=unknown.rule_id)
            if unknown.suggestions:
                hint = render("rule.did_you_mean", rule_ids=", ".join(unknown.suggestions))
            else:
                hint = render("rule.see_list")
            print(f"pacific rule: {message} {hint}", file=sys.stderr)
    if args.json:
        print(json.dumps([_as_json(r) for r in shown], ensure_ascii=False, indent=1))
    else:
        print("\n\n".join(format_rule(r) for r in shown), end="\n" if shown else "")
    return status


COMMAND = Command(
    name="rule",
    help=N_("show a rule of the game by its id (R-SBR-4), search the rules, or list them all"),
    add_arguments=add_arguments,
    run=run,
)
