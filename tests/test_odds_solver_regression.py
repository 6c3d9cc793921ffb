"""The exact solver gives the same answers after its speed-ups.

tests/odds_reference.json holds the results of the battles below as computed by the solver
before the speed work (commit 7c3dfc4: one common hit cut-off per batch, each side spread
separately). Do not regenerate it to make a change pass: a difference here is a changed result.
The battles cover every option the round chain has: land with AA fire and artillery (R-AA-2,
R-ART-2), naval first strike and destroyers (R-SUB-2/3), aircraft against submarines (R-SUB-5),
two-hit battleships (R-BB-1), transports (R-NAVAL-2), kamikazes (R-KAMI-8), submerging
(R-SUB-6), retreats (R-LAND-2, R-NAVAL-3), Japan's first turn (R-FIRSTTURN-1), bystanders
(R-MULTI-4/5), amphibious assaults with cover fire and a naval battle first (R-AMPH-6).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pacific.odds import BattleSpec, calculate

REFERENCE = Path(__file__).with_name("odds_reference.json")

# Scalar results compared to this absolute tolerance, plus what the answer says it left out
# (`neglected`, pairs below 1e-12): the solver expands a pair once per batch that reaches it
# with mass, so which pieces fall below 1e-12 depends on its batches; the order of
# floating-point sums differs by about 1e-16 relative. IPC and rounds are tens to hundreds
# times a probability: their share of the neglected mass is scaled by VALUE_SCALE.
TOLERANCE = 1e-11
VALUE_SCALE = 1000.0
# An exact answer leaves out at most this much (docs/odds.md).
EXACT_NEGLECT = 1e-8
PROBABILITIES = {"attacker_wins", "defender_wins", "both_destroyed", "retreat", "stalemate",
                 "defender_holds", "captured", "submerged"}
# Survivor entries at least this likely are compared one by one.
SURVIVOR_FLOOR = 1e-8

SPECS: list[dict[str, Any]] = [
    {"kind": "land", "attacker": {"units": {"infantry": 3, "artillery": 1, "armor": 2,
     "fighter": 1}}, "defender": {"units": {"infantry": 4, "aa_gun": 1}}},
    {"kind": "land", "attacker": {"units": {"infantry": 8, "artillery": 4, "armor": 4,
     "fighter": 3, "bomber": 1}}, "defender": {"units": {"infantry": 12, "artillery": 2,
     "armor": 2, "fighter": 4, "aa_gun": 1}}},
    {"kind": "naval", "attacker": {"units": {"submarine": 5, "destroyer": 5, "battleship": 4,
     "fighter": 6}}, "defender": {"units": {"submarine": 5, "destroyer": 5, "battleship": 3,
     "carrier": 2, "fighter": 5}}},
    {"kind": "naval", "attacker": {"units": {"submarine": 4, "destroyer": 3, "battleship": 2,
     "carrier": 1, "fighter": 6, "bomber": 4}}, "defender": {"units": {"submarine": 3,
     "destroyer": 4, "battleship": 2, "carrier": 2, "fighter": 4, "transport": 5}}},
    {"kind": "naval", "attacker": {"units": {"submarine": 2, "destroyer": 2, "battleship": 2,
     "carrier": 1, "fighter": 1}}, "defender": {"units": {"submarine": 3, "destroyer": 3,
     "carrier": 1, "fighter": 1}}, "kamikazes": ["battleship", "carrier"]},
    {"kind": "amphibious", "landing": {"infantry": 2, "marine": 2, "artillery": 2},
     "bombard": {"battleship": 1, "destroyer": 1}, "attacker": {"units": {"fighter": 2}},
     "defender": {"units": {"infantry": 5, "aa_gun": 1}}},
    {"kind": "naval", "attacker": {"units": {"submarine": 3, "fighter": 2}},
     "defender": {"units": {"submarine": 2, "transport": 2}},
     "attacker_submerge": "when_alone", "defender_submerge": "when_alone"},
    {"kind": "naval", "attacker": {"units": {"battleship": 2, "destroyer": 2, "bomber": 2}},
     "defender": {"units": {"carrier": 2, "fighter": 3, "submarine": 2}}, "retreat_after": 2},
    {"kind": "naval", "attacker": {"units": {"submarine": 6, "destroyer": 1}},
     "defender": {"units": {"battleship": 2, "destroyer": 3}}, "retreat_below": 3,
     "first_turn": True},
    {"kind": "land", "attacker": {"units": {"infantry": 6, "artillery": 3, "armor": 3,
     "fighter": 2}}, "defender": {"units": {"infantry": 8, "aa_gun": 1}}, "retreat_below": 4},
    {"kind": "amphibious", "landing": {"infantry": 2, "armor": 1},
     "attacker": {"units": {"fighter": 2}}, "defender": {"units": {"infantry": 3}},
     "sea_attacker": {"units": {"transport": 2, "destroyer": 1},
                      "transport_loads": [{"infantry": 2}, {"armor": 1}]},
     "sea_defender": {"units": {"submarine": 1, "destroyer": 1}}, "retreat_after": 2},
    {"kind": "naval", "attacker": {"units": {"submarine": 2, "fighter": 3},
     "bystanders": {"destroyer": 1, "battleship": 1}},
     "defender": {"units": {"submarine": 3, "destroyer": 1, "battleship": 1},
                  "damaged_battleships": 1, "order": ["battleship", "submarine"]}},
    {"kind": "naval", "attacker": {"units": {"battleship": 2, "carrier": 1, "fighter": 2}},
     "defender": {"units": {"battleship": 1, "carrier": 1, "destroyer": 2, "submarine": 2}},
     "kamikaze_side": "defender",
     "kamikazes": [{"ship": "battleship", "kamikazes": 3}, "carrier"]},
    {"kind": "amphibious", "landing": {"infantry": 3, "artillery": 1},
     "attacker": {"units": {"fighter": 1, "bomber": 1}},
     "defender": {"units": {"infantry": 4, "armor": 1, "aa_gun": 1}}, "retreat_below": 2},
]


def _reference() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(REFERENCE.read_text())
    return data


def _survivors(result: dict[str, Any]) -> dict[str, float]:
    return {
        json.dumps([s["outcome"], s["attacker"], s["defender"], s["submerged"]], sort_keys=True):
        s["probability"]
        for s in result["survivors"]
    }


@pytest.mark.parametrize("index", range(len(SPECS)))
def test_solver_matches_the_results_before_the_speed_up(index: int) -> None:
    """Every outcome, IPC loss, round count and survivor entry as before."""
    expected = _reference()[index]
    assert expected["spec"] == SPECS[index]
    got = calculate(BattleSpec.model_validate(SPECS[index])).model_dump(mode="json")
    left_out = max(got["neglected"], expected["result"]["neglected"])
    assert got["neglected"] <= EXACT_NEGLECT
    for name, value in expected["result"].items():
        if name not in ("survivors", "neglected", "bound"):
            scale = 1.0 if name in PROBABILITIES else VALUE_SCALE
            assert got[name] == pytest.approx(value, abs=TOLERANCE + scale * left_out), name
    old, new = _survivors(expected["result"]), _survivors(got)
    for key, p in old.items():
        if p >= SURVIVOR_FLOOR:
            assert new.get(key, 0.0) == pytest.approx(p, abs=TOLERANCE + left_out), key
    for key, p in new.items():
        if p >= SURVIVOR_FLOOR:
            assert key in old, key
