"""Writes tests/maps/mini/board.json: a small board with one of every feature the rules use.

Run it after changing the map below; the JSON is committed. The adjacency list below is the
whole map: China (manchuria, anhwe, suiyuan, szechwan, yunnan) between Korea and Burma/India/Siam;
Japan on kamikaze zone sz_6; Guam and the Marianas in kamikaze zone sz_5; Hawaii in sz_9 (a
convoy route); the USA on sz_8 (a convoy centre); India on sz_1 (a British convoy centre); Siam
on sz_2 (a Japanese convoy route); Australia on sz_3 and sz_7 (New Britain's zone).
"""

from __future__ import annotations

import json
from pathlib import Path

J, IN, A, U, C = "japan", "india", "australia", "usa", "china"


def land(id_: str, ipc: int, original: str | None, owner: str | None = None, **kw: object) -> dict:
    name = id_.replace("_", " ").title()
    out: dict = {"id": id_, "names": {"en": name, "it": name}, "ipc": ipc,
                 "original_owner": original, "owner": owner or original}
    out.update(kw)
    return out


def sea(n: int, **kw: object) -> dict:
    out: dict = {"id": f"sz_{n}", "number": n,
                 "names": {"en": f"Sea Zone {n}", "it": f"Zona marina {n}"}}
    out.update(kw)
    return out


TERRITORIES = [
    land("japan", 8, J, capital_of=J, industrial_complex=True, naval_base=True, air_base=True),
    land("korea", 2, C, J),
    land("manchuria", 2, C, J),
    land("anhwe", 0, C),
    land("suiyuan", 1, C),
    land("szechwan", 1, C, capital_of=C, industrial_complex=True),
    land("yunnan", 1, C),
    land("burma", 1, IN),
    land("india", 3, IN, capital_of=IN, industrial_complex=True),
    land("siam", 2, J),
    land("new_south_wales", 4, A, capital_of=A, industrial_complex=True, naval_base=True),
    land("queensland", 2, A),
    land("guam", 0, U, island=True, sea_zone="sz_5"),
    land("marianas", 0, J, island=True, sea_zone="sz_5", air_base=True),
    land("united_states", 10, U, capital_of=U, industrial_complex=True),
    land("hawaii", 2, U, island=True, sea_zone="sz_9", naval_base=True, air_base=True),
    land("new_britain", 0, A, island=True, sea_zone="sz_7", air_base=True),
    land("soviet_union", 0, None, impassable=True),
]

SEA_ZONES = [
    sea(1, convoy_center={"ipc": 4, "pays": "uk"}),
    sea(2, convoy_route={"territory": "siam", "nation": J}),
    sea(3),
    sea(4),
    sea(5, kamikaze=True),
    sea(6, kamikaze=True),
    sea(7),
    sea(8, convoy_center={"ipc": 3, "pays": "usa"}),
    sea(9, convoy_route={"territory": "hawaii", "nation": U}),
    sea(10),
]

ADJACENCY = [
    ("korea", "manchuria"), ("manchuria", "anhwe"), ("manchuria", "suiyuan"),
    ("manchuria", "soviet_union"), ("anhwe", "suiyuan"), ("anhwe", "szechwan"),
    ("suiyuan", "szechwan"), ("szechwan", "yunnan"), ("szechwan", "soviet_union"),
    ("yunnan", "burma"), ("yunnan", "siam"), ("burma", "india"), ("burma", "siam"),
    ("new_south_wales", "queensland"),
    ("japan", "sz_6"), ("korea", "sz_6"), ("anhwe", "sz_6"), ("india", "sz_1"),
    ("burma", "sz_1"), ("burma", "sz_2"), ("siam", "sz_2"), ("new_south_wales", "sz_3"),
    ("queensland", "sz_3"), ("queensland", "sz_7"), ("guam", "sz_5"), ("marianas", "sz_5"),
    ("new_britain", "sz_7"), ("united_states", "sz_8"), ("hawaii", "sz_9"),
    ("sz_1", "sz_2"), ("sz_2", "sz_10"), ("sz_10", "sz_7"), ("sz_7", "sz_3"), ("sz_3", "sz_4"),
    ("sz_4", "sz_5"), ("sz_5", "sz_6"), ("sz_5", "sz_10"), ("sz_5", "sz_9"), ("sz_9", "sz_8"),
    ("sz_6", "sz_10"), ("sz_4", "sz_9"),
]


def units(space: str, owner: str, **counts: int) -> list[dict]:
    return [{"space": space, "owner": owner, "type": t, "count": n} for t, n in counts.items()]


UNITS = [
    *units("japan", J, infantry=4, artillery=1, armor=1, fighter=2, bomber=1, aa_gun=1),
    *units("korea", J, infantry=2),
    *units("manchuria", J, infantry=2, armor=1),
    *units("siam", J, infantry=1),
    *units("marianas", J, infantry=1),
    *units("sz_6", J, battleship=1, carrier=1, transport=1, destroyer=1, submarine=1),
    *units("szechwan", C, infantry=3),
    *units("yunnan", C, infantry=1, aa_gun=1),
    *units("suiyuan", C, infantry=1),
    *units("india", IN, infantry=3, artillery=1, fighter=1, aa_gun=1),
    *units("burma", IN, infantry=2),
    *units("sz_1", IN, destroyer=1, transport=1),
    *units("new_south_wales", A, infantry=2, fighter=1),
    *units("queensland", A, infantry=1),
    *units("sz_3", A, transport=1),
    *units("united_states", U, infantry=3, armor=1, fighter=1, bomber=1),
    *units("hawaii", U, infantry=1, fighter=1),
    *units("guam", U, marine=1),
    *units("sz_9", U, battleship=1, carrier=1, destroyer=1, submarine=1),
]

BOARD = {
    "schema_version": 1,
    "id": "mini",
    "names": {"en": "Mini test board", "it": "Mappa di prova"},
    "territories": TERRITORIES,
    "sea_zones": SEA_ZONES,
    "adjacency": ADJACENCY,
    "capitals": {J: "japan", IN: "india", A: "new_south_wales", U: "united_states",
                 C: "szechwan"},
    "burma_road": ["india", "burma", "yunnan", "szechwan"],
    "chinese_infantry_placement": "szechwan",
    "returns_to_china": ["korea", "manchuria"],
    "allied_choice_on_capture": ["siam"],
    "setup": {
        "units": UNITS,
        "ipcs": {J: 14, IN: 4, A: 6, U: 15},
        "british_convoy_ipcs": 4,
        "production": {J: 14, IN: 4, A: 6, U: 15},
        "victory_points": 0,
        "kamikaze_tokens": 6,
    },
}

if __name__ == "__main__":
    out = Path(__file__).parent / "mini" / "board.json"
    out.write_text(json.dumps(BOARD, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
