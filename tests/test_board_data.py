"""The real board (maps/pacific/board.json) against the rulebook's facts (issue #3).

Each test cites the rule or worked example (RULES.md ids, rulebook pages) that fixes the fact.
Decisions where the rulebook and the TripleA facts disagree are in maps/pacific/README.md.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path

import pytest

from pacific.rules.board_map import BoardMap
from pacific.rules.files.mapcheck import check_board
from pacific.rules.files.mapfile import load_board

ROOT = Path(__file__).resolve().parent.parent
BOARD_FILE = ROOT / "maps" / "pacific" / "board.json"
FACTS = Path("/work/shared/reference/pacific_facts.json")


@pytest.fixture(scope="module")
def board() -> BoardMap:
    return load_board(BOARD_FILE)


def sea_distance(board: BoardMap, a: str, b: str) -> int:
    """Fewest sea-zone steps from zone a to zone b (ships)."""
    return _bfs(board, a, b, lambda s: board.is_sea(s))


def air_distance(board: BoardMap, a: str, b: str) -> int:
    """Fewest steps for an aircraft: any passable space (R-SETUP-12 bars the impassable)."""
    def passable(s: str) -> bool:
        t = board.territory_by_id.get(s)
        return t is None or not t.impassable
    return _bfs(board, a, b, passable)


def _bfs(board: BoardMap, a: str, b: str, allowed: Callable[[str], bool]) -> int:
    dist = {a: 0}
    todo = deque([a])
    while todo:
        here = todo.popleft()
        if here == b:
            return dist[here]
        for nxt in board.neighbours[here]:
            if nxt not in dist and allowed(nxt):
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    raise AssertionError(f"{b} unreachable from {a}")


def units_at(board: BoardMap, space: str) -> dict[tuple[str, str], int]:
    out: Counter[tuple[str, str]] = Counter()
    for u in board.setup.units:
        if u.space == space:
            out[(u.owner.value, u.type.value)] += u.count
    return dict(out)


# ---- the whole board ----------------------------------------------------------------------

def test_board_passes_every_map_check(board: BoardMap) -> None:
    assert check_board(board, "pacific") == []


def test_counts_62_territories_54_sea_zones_R_SETUP_10(board: BoardMap) -> None:
    """R-SETUP-10 (p. 5): land territories and numbered sea zones 1-54."""
    assert len(board.territories) == 62
    assert [z.id for z in board.sea_zones] == [f"sz_{n}" for n in range(1, 55)]
    assert [z.number for z in board.sea_zones] == list(range(1, 55))


def test_impassable_soviet_union_and_himalayas_R_SETUP_12(board: BoardMap) -> None:
    """R-SETUP-12 (p. 5): grey, no owner, never entered."""
    impassable = {t.id for t in board.territories if t.impassable}
    assert impassable == {"soviet_union", "himalayas"}
    for tid in impassable:
        t = board.territory_by_id[tid]
        assert t.owner is None and t.original_owner is None and t.ipc == 0
    assert not [u for u in board.setup.units if u.space in impassable]


def test_canada_is_on_the_board(board: BoardMap) -> None:
    assert board.territory_by_id["canada"].ipc == 0
    assert board.adjacent("canada", "united_states")


def test_capitals_R_CAPITAL_1(board: BoardMap) -> None:
    """R-CAPITAL-1 (p. 28)."""
    assert {n.value: t for n, t in board.capitals.items()} == {
        "japan": "japan", "india": "india", "australia": "new_south_wales",
        "usa": "united_states", "china": "szechwan"}


def test_burma_road_and_chinese_placement_R_CHINA_3(board: BoardMap) -> None:
    """R-CHINA-3, R-CHINA-2, R-PLACE-7 (p. 12): India, Burma, Yunnan, Szechwan; Szechwan."""
    assert set(board.burma_road) == {"india", "burma", "yunnan", "szechwan"}
    assert board.chinese_infantry_placement == "szechwan"


def test_chinese_territories_japan_holds_return_to_china_R_CAPTURE_10(board: BoardMap) -> None:
    """R-SETUP-11 (p. 5), R-CAPTURE-10 (p. 27), OQ-7: Manchuria, Shantung, Korea."""
    held = {t.id for t in board.territories
            if t.original_owner is not None and t.original_owner.value == "china"
            and t.owner is not None and t.owner.value == "japan"}
    assert held == {"manchuria", "shantung", "korea"}
    assert set(board.returns_to_china) == held


def test_siam_and_indochina_allied_choice_R_CAPTURE_11(board: BoardMap) -> None:
    """R-CAPTURE-11 (p. 27); EX-18: Siam is Japanese, worth 2."""
    assert set(board.allied_choice_on_capture) == {"siam", "french_indo_china"}
    siam = board.territory_by_id["siam"]
    assert (siam.owner, siam.ipc) == ("japan", 2)


def test_dutch_east_indies_are_australian_R_SETUP_11(board: BoardMap) -> None:
    """R-SETUP-11 (p. 5): light violet, part of Australia."""
    dei = {t.id for t in board.territories if t.dutch_east_indies}
    assert dei == {"sumatra", "java", "celebes", "dutch_new_guinea"}
    assert {board.territory_by_id[t].original_owner for t in dei} == {"australia"}


def test_italian_names_follow_the_rulebook(board: BoardMap) -> None:
    assert board.name("new_britain", "it") == "Nuova Bretagna"
    assert board.name("new_guinea", "it") == "Nuova Guinea"
    assert board.name("northern_territory", "it") == "Territori del Nord"
    assert board.name("gilbert_islands", "it") == "Isole di Gilbert"
    assert board.name("mariana_islands", "it") == "Isole Marianne"
    assert board.name("sz_16", "it") == "Zona marina 16"
    assert board.name("queensland", "it") == "Queensland"  # the rulebook keeps it


# ---- economy -------------------------------------------------------------------------------

def test_starting_ipcs_and_production_R_SETUP_8(board: BoardMap) -> None:
    """R-SETUP-8 (p. 5), R-SETUP-6 (p. 3), OQ-3: levels equal the starting IPCs."""
    want = {"usa": 75, "india": 15, "australia": 20, "japan": 19}
    assert {n.value: v for n, v in board.setup.ipcs.items()} == want
    assert {n.value: v for n, v in board.setup.production.items()} == want
    assert board.setup.british_convoy_ipcs == 12
    assert board.setup.victory_points == 0
    assert board.setup.kamikaze_tokens == 6


def test_territory_values_add_up_per_nation_R_SETUP_8(board: BoardMap) -> None:
    """R-SETUP-8 (p. 5): "the starting IPCs derive from the territories held"."""
    total: Counter[str] = Counter()
    for t in board.territories:
        if t.owner is not None:
            total[t.owner.value] += t.ipc
    assert total["india"] == 15
    assert total["australia"] == 20
    assert total["japan"] == 19
    assert total["usa"] == 60  # + convoy centres 10 + 5 = 75
    assert board.territory_by_id["new_south_wales"].ipc == 5  # EX-14
    assert board.territory_by_id["burma"].ipc == 1  # EX-17
    assert board.territory_by_id["anhwe"].ipc == 0  # EX-19


def test_convoy_centres_R_CONVOY_2(board: BoardMap) -> None:
    """R-CONVOY-2 (p. 5): British 15, 49, 52 worth 12; two American, in the USA's 75."""
    centres = {z.number: (z.convoy_center.pays, z.convoy_center.ipc)
               for z in board.sea_zones if z.convoy_center is not None}
    assert centres == {15: ("uk", 5), 49: ("uk", 3), 52: ("uk", 4), 3: ("usa", 10),
                       6: ("usa", 5)}
    assert sum(ipc for pays, ipc in centres.values() if pays == "uk") == 12
    assert sum(ipc for pays, ipc in centres.values() if pays == "usa") == 15


def test_thirteen_convoy_routes_R_CONVOY_1(board: BoardMap) -> None:
    """R-CONVOY-1, R-SETUP-13 (p. 5): 13 routes, each naming a bordering territory.
    The last two (53 Siam, 33 Dutch New Guinea) are README decision 3."""
    routes = {z.number: (z.convoy_route.territory, z.convoy_route.nation.value)
              for z in board.sea_zones if z.convoy_route is not None}
    assert routes == {
        9: ("hawaiian_islands", "usa"), 38: ("philippines", "usa"),
        36: ("korea", "japan"), 37: ("shantung", "japan"), 45: ("french_indo_china", "japan"),
        53: ("siam", "japan"),
        44: ("borneo", "india"), 46: ("malaya", "india"),
        13: ("new_zealand", "australia"), 39: ("celebes", "australia"),
        43: ("java", "australia"), 47: ("sumatra", "australia"),
        33: ("dutch_new_guinea", "australia"),
    }
    for n, (territory, _) in routes.items():
        assert board.adjacent(f"sz_{n}", territory)
        assert board.territory_by_id[territory].ipc > 0


def test_kamikaze_zones_R_KAMI_2(board: BoardMap) -> None:
    """R-KAMI-2 (p. 27): 23, 24, 25, 35, 36, 37."""
    assert {z.number for z in board.sea_zones if z.kamikaze} == {23, 24, 25, 35, 36, 37}


# ---- starting forces -----------------------------------------------------------------------

CARD = {  # Diagramma 4, the India card (p. 10-12, EX-3), cell by cell; owner by location
    "india": {("india", "infantry"): 6, ("india", "artillery"): 1, ("india", "aa_gun"): 1,
              ("india", "fighter"): 1},
    "borneo": {("india", "infantry"): 1},
    "burma": {("india", "infantry"): 2, ("india", "artillery"): 2},
    "shan_state": {("india", "infantry"): 1},
    "hong_kong": {("india", "infantry"): 2},
    "malaya": {("india", "infantry"): 3, ("india", "fighter"): 1},
    "queensland": {("australia", "infantry"): 2, ("australia", "artillery"): 2,
                   ("australia", "fighter"): 1},
    "new_south_wales": {("australia", "infantry"): 2, ("australia", "aa_gun"): 1,
                        ("australia", "fighter"): 1},
    "western_australia": {("australia", "infantry"): 1},
    "northern_territory": {("australia", "infantry"): 2, ("australia", "fighter"): 1},
    "new_zealand": {("australia", "infantry"): 2},
    "papua": {("australia", "infantry"): 1, ("australia", "artillery"): 1},
    "new_britain": {("australia", "infantry"): 1},
    "celebes": {("australia", "infantry"): 1},
    "java": {("australia", "infantry"): 2, ("australia", "fighter"): 1},
    "sumatra": {("australia", "infantry"): 1},
    "sz_13": {("australia", "transport"): 1},
    "sz_27": {("australia", "transport"): 1},
    "sz_29": {("australia", "destroyer"): 1, ("australia", "transport"): 1},
    "sz_30": {("australia", "destroyer"): 1, ("australia", "transport"): 1},
    "sz_43": {("australia", "destroyer"): 1},
    "sz_46": {("india", "destroyer"): 1},
    # The card's zone-50 column lost its cells in extraction: from the facts (README 5).
    "sz_50": {("india", "carrier"): 1, ("india", "battleship"): 1, ("india", "fighter"): 1},
}


def test_india_australia_setup_is_the_reference_card_R_SETUP_14(board: BoardMap) -> None:
    """R-SETUP-4, R-SETUP-14 (p. 3, 8), EX-3 (p. 10-12): every British piece is on the card."""
    british: dict[str, dict[tuple[str, str], int]] = {}
    for u in board.setup.units:
        if u.owner.value in ("india", "australia"):
            cell = british.setdefault(u.space, {})
            cell[(u.owner.value, u.type.value)] = cell.get((u.owner.value, u.type.value),
                                                           0) + u.count
    assert british == CARD


def test_card_fighter_in_northern_territory_not_new_zealand(board: BoardMap) -> None:
    """Diagramma 4: the sixth fighter is in the Northern Territory (TripleA: New Zealand)."""
    assert units_at(board, "northern_territory")[("australia", "fighter")] == 1
    assert ("australia", "fighter") not in units_at(board, "new_zealand")
    assert units_at(board, "sz_54") == {}


def test_starting_industrial_complexes_R_SETUP_15(board: BoardMap) -> None:
    """R-SETUP-15 (p. 8): India, New South Wales, Szechwan... (cards)."""
    ics = {t.id for t in board.territories if t.industrial_complex}
    assert ics == {"india", "new_south_wales", "japan", "hawaiian_islands", "szechwan",
                   "united_states"}


def test_other_nations_starting_forces_spot_checks(board: BoardMap) -> None:
    """EX-8 (p. 20-23): a US Marine on Guam; R-CHINA: Chinese AA gun and fighter in Szechwan."""
    assert units_at(board, "guam") == {("usa", "marine"): 1}
    assert units_at(board, "szechwan") == {("china", "infantry"): 3, ("china", "aa_gun"): 1,
                                          ("china", "fighter"): 1}
    assert units_at(board, "sz_20") == {("japan", "carrier"): 3, ("japan", "fighter"): 6}
    pieces: Counter[str] = Counter()
    for u in board.setup.units:
        pieces[u.owner.value] += u.count
    # The facts' Japanese, US and Chinese pieces (no card in the rulebook text) and the card's.
    assert pieces == {"japan": 97, "usa": 41, "china": 18, "india": 25, "australia": 30}


# ---- adjacency used by the worked examples -------------------------------------------------

@pytest.mark.parametrize(("a", "b", "example"), [
    ("burma", "shan_state", "EX-5a p. 13-15"),
    ("sz_34", "sz_38", "EX-5b p. 13-15"),
    ("yunnan", "french_indo_china", "EX-5c"), ("french_indo_china", "sz_46", "EX-5c"),
    ("sz_46", "sz_47", "EX-5c"), ("sz_47", "sumatra", "EX-5c"),
    ("new_britain", "sz_27", "EX-6 p. 16"), ("sz_27", "sz_16", "EX-6"),
    ("gilbert_islands", "sz_16", "EX-6"),
    ("mariana_islands", "sz_25", "EX-2/EX-13"), ("guam", "sz_25", "EX-2/EX-8"),
    ("midway", "sz_20", "EX-15 ≈p. 31"), ("new_guinea", "sz_27", "EX-15"),
    ("japan", "sz_36", "EX-15/EX-13"),
    ("sz_25", "sz_35", "issue #3: 25-35-36-Japan"), ("sz_35", "sz_36", "issue #3"),
    ("sz_25", "sz_24", "EX-13 p. 25-26"), ("sz_24", "sz_36", "EX-13"), ("sz_23", "sz_36", "EX-13"),
    ("sz_24", "sz_19", "EX-22 ≈p. 41-42"), ("wake", "sz_19", "EX-22"),
    ("manchuria", "anhwe", "EX-19 ≈p. 36-37"), ("manchuria", "suiyuan", "EX-19"),
    ("anhwe", "suiyuan", "EX-19"),
    ("kwangsi", "yunnan", "EX-17 ≈p. 33-34"), ("yunnan", "burma", "EX-17"),
    ("sz_43", "sz_47", "EX-21 ≈p. 38-39"), ("sz_47", "malaya", "EX-21"),
    ("papua", "sz_28", "EX-21"), ("sz_28", "sz_32", "EX-21"), ("queensland", "sz_29", "EX-21"),
    ("dutch_new_guinea", "sz_33", "EX-21"),
    ("sz_32", "queensland", "EX-9 p. 20-23, EX-21"), ("sz_32", "northern_territory", "EX-9"),
    ("sz_32", "dutch_new_guinea", "EX-21"),
    ("new_south_wales", "sz_30", "EX-10 p. 24"),
])
def test_worked_example_adjacency(board: BoardMap, a: str, b: str, example: str) -> None:
    assert board.adjacent(a, b), f"{a}-{b} ({example})"
    assert board.adjacent(b, a)


def test_islands_lie_in_their_zones_R_MOVE_4(board: BoardMap) -> None:
    """R-MOVE-4 (p. 5, 13), EX-2: Marianas and Guam in 25; Gilberts in 16 (EX-6); Midway in 20
    (EX-15); Wake in 19 (EX-22)."""
    zone = {t.id: t.sea_zone for t in board.territories}
    assert zone["mariana_islands"] == zone["guam"] == "sz_25"
    assert zone["gilbert_islands"] == "sz_16"
    assert zone["midway"] == "sz_20"
    assert zone["wake"] == "sz_19"
    assert set(board.islands_in["sz_25"]) == {"mariana_islands", "guam"}


def test_new_britain_borders_27_only_EX_6(board: BoardMap) -> None:
    """EX-6 (p. 16): a Gilberts fighter spends 16, 27, New Britain: 3 moves, so New Britain does
    not border 16 (README decision 2)."""
    assert not board.adjacent("new_britain", "sz_16")
    assert {s for s in board.neighbours["new_britain"] if board.is_sea(s)} == {"sz_27"}
    assert air_distance(board, "gilbert_islands", "new_britain") == 3


def test_movement_distances_of_the_examples(board: BoardMap) -> None:
    # EX-5c: Yunnan -> Sumatra is 4 moves for an aircraft.
    assert air_distance(board, "yunnan", "sumatra") == 4
    # EX-9: the transport goes 27 -> 32 in 2 moves.
    assert sea_distance(board, "sz_27", "sz_32") == 2
    # EX-21: T1 29 -> 33 within a transport's 2 moves.
    assert sea_distance(board, "sz_29", "sz_33") <= 2
    # EX-15: 20 -> 27 and 36 -> 27 are 3-move trips (naval base bonus).
    assert sea_distance(board, "sz_20", "sz_27") == 3
    assert sea_distance(board, "sz_36", "sz_27") == 3
    # EX-13: Marianas -> Japan is 4 spaces (25, 24, 36, Japan); a round trip of 8 > 6.
    assert air_distance(board, "mariana_islands", "japan") == 4


def test_bases_used_by_the_examples(board: BoardMap) -> None:
    """EX-6, EX-13 (air bases: New Britain, Marianas); EX-15 (naval bases: New Britain,
    Midway, Japan)."""
    t = board.territory_by_id
    assert t["new_britain"].air_base and t["mariana_islands"].air_base
    assert t["new_britain"].naval_base and t["midway"].naval_base and t["japan"].naval_base


# ---- reproducibility -----------------------------------------------------------------------

@pytest.mark.skipif(not FACTS.exists(), reason="the board facts are not on this machine")
def test_board_json_is_what_the_generator_makes() -> None:
    spec = importlib.util.spec_from_file_location("build_board", ROOT / "tools" /
                                                  "build_board.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = module.build(json.loads(FACTS.read_text(encoding="utf-8")))
    assert json.loads(BOARD_FILE.read_text(encoding="utf-8")) == built
