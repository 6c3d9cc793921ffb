"""Builds maps/pacific/board.json from the board facts plus explicit rulebook corrections.

Source: /work/shared/reference/pacific_facts.json (TripleA's "Pacific" map, see its README).
The Italian rulebook (/work/shared/rulebook) is the authority: every place where this script
departs from the facts is a named correction below with its reason, and maps/pacific/README.md
repeats each decision. Run it again after changing a correction; the output is deterministic:

    /work/venv-dev/bin/python tools/build_board.py [--facts PATH] [--out PATH]

It checks its own output with `pacific.rules.files.mapcheck` and refuses to write a board that
fails.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FACTS = Path("/work/shared/reference/pacific_facts.json")
OUT = ROOT / "maps" / "pacific" / "board.json"

J, IN, A, U, C = "japan", "india", "australia", "usa", "china"
NATION_OF = {"Japan": J, "India": IN, "Australia": A, "USA": U, "China": C}

# ---------------------------------------------------------------------------------------------
# Names. The id is the snake_case of the English board name (common.md). TripleA shortens the
# island groups to an adjective ("Hawaiian", "Mariana"); the board and the rulebook say "the
# Gilbert Islands", "the Mariana Islands" ("Isole di Gilbert", "Isole Marianne"), so groups get
# "Islands" back. Single islands keep the rulebook's bare name (Guam, Midway, Wake).
# ---------------------------------------------------------------------------------------------
ENGLISH_NAME = {
    "Hawaiian": "Hawaiian Islands",
    "Aleutian": "Aleutian Islands",
    "Solomon": "Solomon Islands",
    "Gilbert": "Gilbert Islands",
    "Caroline": "Caroline Islands",
    "Marshall": "Marshall Islands",
    "Mariana": "Mariana Islands",
    "Bonin": "Bonin Islands",
    "Ryukyu": "Ryukyu Islands",
    "Line": "Line Islands",
}

# Italian names where the rulebook uses one (grep of the rulebook text); otherwise the English.
ITALIAN_NAME = {
    "Japan": "Giappone",
    "Korea": "Corea",
    "Manchuria": "Manciuria",
    "Burma": "Birmania",
    "Malaya": "Malesia",
    "French Indo-China": "Indocina Francese",
    "Shan State": "Stato di Shan",
    "Northern Territory": "Territori del Nord",
    "New South Wales": "Nuovo Galles del Sud",
    "New Britain": "Nuova Bretagna",
    "New Guinea": "Nuova Guinea",
    "Dutch New Guinea": "Nuova Guinea Olandese",
    "Gilbert Islands": "Isole di Gilbert",
    "Mariana Islands": "Isole Marianne",
    "United States": "Stati Uniti",
    "Soviet Union": "Unione Sovietica",
    "Himalayas": "Himalaya",
}

# The Dutch East Indies: Australian, drawn light violet (R-SETUP-11).
DUTCH_EAST_INDIES = {"Sumatra", "Java", "Celebes", "Dutch New Guinea"}

# ---------------------------------------------------------------------------------------------
# Rulebook corrections. Each entry: what changes, and why.
# ---------------------------------------------------------------------------------------------

# RULES.md EX-9 (p. 20-23): a Japanese transport in Sea Zone 32 assaults Queensland (and could
# have switched to the Northern Territory); EX-21 (p. 38-39): a British transport in Sea Zone 32
# loads from Queensland and the Northern Territory and unloads in Dutch New Guinea in the same
# turn. Both need Queensland-32 and Dutch New Guinea-32, which the facts lack.
ADDED_CONNECTIONS: list[tuple[str, str, str]] = [
    ("Queensland", "32 Sea Zone", "EX-9 and EX-21: a transport in zone 32 assaults / loads "
     "from Queensland"),
    ("Dutch New Guinea", "32 Sea Zone", "EX-21: a transport in zone 32 unloads in Dutch New "
     "Guinea after loading there"),
]

# R-CONVOY-1 / R-SETUP-13 (p. 5): thirteen convoy routes; the facts have eleven. The rulebook
# names none (OQ-13). Reasoning (maps/pacific/README.md, decision 3): the eleven known routes
# feed exactly the valued territories outside their nation's homeland (Korea, Shantung, French
# Indo-China; Malaya, Borneo; New Zealand, Java, Sumatra, Celebes; Hawaii, the Philippines); no
# homeland territory has one. Of the valued territories outside a homeland, four lack a route:
# Manchuria and Hong Kong, whose only zones (37, 45) already carry another route, and Siam and
# Dutch New Guinea, each with a free zone (53; 33). Confidence: medium-low; the runner-up is
# zone 24 -> Bonin Islands and zone 35 -> Ryukyu Islands.
ADDED_ROUTES: dict[str, tuple[str, str]] = {
    # zone: (territory, icon nation)
    "53 Sea Zone": ("Siam", J),
    "33 Sea Zone": ("Dutch New Guinea", A),
}

# Naval bases: the facts' 2016 XML had 17 (Northern Territory and Hong Kong included); the
# 2017+ XML's harbour markers lost those two "in conversion" (the facts' own notes). A
# conversion drops data, it does not invent it: keep the 17.
ADDED_NAVAL_BASES = {"Northern Territory", "Hong Kong"}

# Starting forces of India and Australia: the rulebook's reference card, "Diagramma 4"
# (rulebook lines ~345-362; RULES.md EX-3, p. 10-12). The text extraction kept all 28 cells of
# every row, so a printed entry is trustworthy. Exception: the card prints a SEA ZONE 50
# column with no entry in any row; a reference card never prints a column for a zone without
# units, so those cells were lost in extraction and Sea Zone 50 is taken from the facts
# (carrier, battleship and a fighter aboard). Sea Zone 54 has no column: nothing starts there.
CARD_LAND: dict[str, dict[str, int]] = {
    "India": {"infantry": 6, "artillery": 1, "aa_gun": 1, "fighter": 1},
    "Borneo": {"infantry": 1},
    "Burma": {"infantry": 2, "artillery": 2},
    "Shan State": {"infantry": 1},
    "Hong Kong": {"infantry": 2},
    "Malaya": {"infantry": 3, "fighter": 1},
    "Queensland": {"infantry": 2, "artillery": 2, "fighter": 1},
    "New South Wales": {"infantry": 2, "aa_gun": 1, "fighter": 1},
    "Western Australia": {"infantry": 1},
    # The card's fighter stands in the Northern Territory; the facts put it in New Zealand.
    "Northern Territory": {"infantry": 2, "fighter": 1},
    "New Zealand": {"infantry": 2},
    "Papua": {"infantry": 1, "artillery": 1},
    "New Britain": {"infantry": 1},
    "Celebes": {"infantry": 1},
    "Java": {"infantry": 2, "fighter": 1},
    "Sumatra": {"infantry": 1},
}
CARD_SEA: dict[int, dict[str, int]] = {
    13: {"transport": 1},
    27: {"transport": 1},
    29: {"destroyer": 1, "transport": 1},
    30: {"destroyer": 1, "transport": 1},
    43: {"destroyer": 1},
    46: {"destroyer": 1},
}
CARD_LOST_ZONES = {50}  # filled from the facts, see above

# TripleA's "British" pieces are one pool; the card covers both British nations. A piece
# belongs to the nation whose territory it stands in; a ship to the nation of the coast it
# guards: zones 13 (New Zealand), 27 (New Britain), 29 (Queensland), 30 (New South Wales) and
# 43 (Java) are Australian; 46 (Malaya) and 50 (Indian Ocean, next to India's convoy centre 49)
# are Indian.
SEA_NATION = {13: A, 27: A, 29: A, 30: A, 43: A, 46: IN, 50: IN}

# The facts' TripleA unit names.
UNIT_NAME = {"armour": "armor", "aaGun": "aa_gun"}
MARKERS = {"harbour", "airfield"}  # base markers, not pieces (facts README)
KAMIKAZE_ZONES = {23, 24, 25, 35, 36, 37}  # R-KAMI-2, cross-checked by the facts

STARTING_IPCS = {J: 19, IN: 15, A: 20, U: 75}  # R-SETUP-8 (p. 5)
BRITISH_CONVOY_IPCS = 12  # zones 15, 49, 52 (R-CONVOY-2)


def snake(name: str) -> str:
    """The stable id of an English name (common.md)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def zone_number(name: str) -> int | None:
    m = re.fullmatch(r"(\d+) Sea Zone", name)
    return int(m.group(1)) if m else None


def space_id(name: str) -> str:
    n = zone_number(name)
    if n is not None:
        return f"sz_{n}"
    return snake(ENGLISH_NAME.get(name, name))


def english(name: str) -> str:
    return ENGLISH_NAME.get(name, name)


def _territory(t: dict[str, Any], links: dict[str, set[str]]) -> dict[str, Any]:
    en = english(t["name"])
    naval_base = bool(t["naval_base"]) or t["name"] in ADDED_NAVAL_BASES
    out: dict[str, Any] = {
        "id": space_id(t["name"]),
        "names": {"en": en, "it": ITALIAN_NAME.get(en, en)},
        "ipc": t["ipc"],
        "original_owner": NATION_OF.get(t["original_owner"] or ""),
        "owner": NATION_OF.get(t["owner_at_start"] or ""),
    }
    if t.get("capital_of"):
        out["capital_of"] = NATION_OF[t["capital_of"]]
    if t["island"]:
        out["island"] = True
        out["sea_zone"] = _island_zone(t["name"], links)
    for key, value in (("impassable", t["impassable"]), ("naval_base", naval_base),
                       ("air_base", t["air_base"]),
                       ("industrial_complex", t["industrial_complex_at_start"]),
                       ("dutch_east_indies", t["name"] in DUTCH_EAST_INDIES)):
        if value:
            out[key] = True
    return out


def _island_zone(name: str, links: dict[str, set[str]]) -> str:
    """The zone an island lies in: its one sea neighbour in the facts (R-MOVE-4).

    Dutch New Guinea also borders zone 32 after the EX-21 correction; it lies in 33, the only
    zone the facts give it, so the facts' neighbours are used before any correction.
    """
    zones = sorted(z for z in links[name] if zone_number(z) is not None)
    if len(zones) != 1:
        raise SystemExit(f"island {name} borders {zones} in the facts: cannot tell its zone")
    return space_id(zones[0])


def _sea_zone(t: dict[str, Any]) -> dict[str, Any]:
    n = t["sea_zone_number"]
    out: dict[str, Any] = {
        "id": f"sz_{n}", "number": n,
        "names": {"en": f"Sea Zone {n}", "it": f"Zona marina {n}"},
    }
    if n in KAMIKAZE_ZONES:
        out["kamikaze"] = True
    if t["convoy_center"]:
        # British centres (R-CONVOY-2: 15, 49, 52) pay the British Convoy marker, even the
        # zone-15 one that TripleA gives to its Australians player.
        out["convoy_center"] = {"ipc": t["convoy_center"],
                                "pays": "usa" if t["original_owner"] == "USA" else "uk"}
    route = t["convoy_route_for"]
    icon = NATION_OF.get(t["original_owner"] or "")
    if route is None and t["name"] in ADDED_ROUTES:
        route, icon = ADDED_ROUTES[t["name"]]
    if route is not None:
        out["convoy_route"] = {"territory": space_id(route), "nation": icon}
    return out


def _units(facts: dict[str, Any]) -> list[dict[str, Any]]:
    card_spaces = set(CARD_LAND) | {f"{n} Sea Zone" for n in CARD_SEA} | {"54 Sea Zone"}
    rows: list[dict[str, Any]] = []
    for row in facts["starting_units"]:
        unit = UNIT_NAME.get(row["unit"], row["unit"])
        if unit in MARKERS or unit == "factory":
            continue  # bases and starting ICs are territory flags, not pieces
        where = row["territory"]
        if row["owner"] == "UK":
            n = zone_number(where)
            if n in CARD_LOST_ZONES:
                rows.append({"space": space_id(where), "owner": SEA_NATION[n], "type": unit,
                             "count": row["count"]})
            elif where not in card_spaces:
                raise SystemExit(f"British piece in {where}, which the card does not cover")
            continue  # every other British piece comes from the card below
        rows.append({"space": space_id(where), "owner": NATION_OF[row["owner"]], "type": unit,
                     "count": row["count"]})
    owner_of = {t["name"]: NATION_OF.get(t["original_owner"] or "")
                for t in facts["territories"] if t["kind"] == "land"}
    for land, counts in CARD_LAND.items():
        rows += [{"space": space_id(land), "owner": owner_of[land], "type": u, "count": k}
                 for u, k in counts.items()]
    for zone, counts in CARD_SEA.items():
        rows += [{"space": f"sz_{zone}", "owner": SEA_NATION[zone], "type": u, "count": k}
                 for u, k in counts.items()]
    return _merge(rows)


def _merge(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (space, owner, type), in a stable order."""
    total: dict[tuple[str, str, str], int] = {}
    for r in rows:
        key = (r["space"], r["owner"], r["type"])
        total[key] = total.get(key, 0) + r["count"]
    return [{"space": s, "owner": o, "type": t, "count": k}
            for (s, o, t), k in sorted(total.items())]


def build(facts: dict[str, Any]) -> dict[str, Any]:
    links: dict[str, set[str]] = {}
    for a, b in facts["connections"]:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    lands = [t for t in facts["territories"] if t["kind"] == "land"]
    seas = sorted((t for t in facts["territories"] if t["kind"] == "sea"),
                  key=lambda t: t["sea_zone_number"])
    territories = [_territory(t, links) for t in lands]
    pairs = {tuple(sorted((space_id(a), space_id(b)))) for a, b in facts["connections"]}
    pairs |= {tuple(sorted((space_id(a), space_id(b)))) for a, b, _ in ADDED_CONNECTIONS}
    capitals = {t["capital_of"]: t["id"] for t in territories if t.get("capital_of")}
    held_chinese = [t["id"] for t in territories
                    if t["original_owner"] == C and t["owner"] == J]
    return {
        "schema_version": 1,
        "id": "pacific",
        "names": {"en": "Axis & Allies Pacific (2001)", "it": "Axis & Allies Pacific (2001)"},
        "territories": territories,
        "sea_zones": [_sea_zone(t) for t in seas],
        "adjacency": [list(p) for p in sorted(pairs)],
        "capitals": capitals,
        # R-CHINA-3 (p. 12): "India, Birmania, Yunnan e Szechwan".
        "burma_road": ["india", "burma", "yunnan", "szechwan"],
        "chinese_infantry_placement": "szechwan",  # R-CHINA-2, R-PLACE-7
        # R-CAPTURE-10 names Manchuria, Shantung, Korea; OQ-7: every Chinese territory Japan
        # holds at the start (the same three on this board).
        "returns_to_china": held_chinese,
        "allied_choice_on_capture": ["siam", "french_indo_china"],  # R-CAPTURE-11
        "victory_points_to_win": 22,  # R-VICTORY-2
        "setup": {
            "units": _units(facts),
            "ipcs": dict(STARTING_IPCS),
            "british_convoy_ipcs": BRITISH_CONVOY_IPCS,
            # OQ-3: starting production levels equal the starting IPCs.
            "production": dict(STARTING_IPCS),
            "victory_points": 0,  # R-SETUP-6
            "kamikaze_tokens": 6,  # R-SETUP-6
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=Path, default=FACTS)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    board = build(json.loads(args.facts.read_text(encoding="utf-8")))
    sys.path.insert(0, str(ROOT))
    from pacific.rules.files.mapfile import check_board_data

    errors = check_board_data(board, str(args.out))
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(board, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
