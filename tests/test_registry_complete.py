"""The areas of play register their handlers, listers and phase hooks when the registry is
first read, not when the engine is imported: whatever the first question of a fresh
interpreter (a listing, an action applied or explained, a decision's answers), it sees every
area's, and no module of the rules imported later registers anything more (but the edits,
which register when an edit is first applied). Fresh interpreters, since other tests import
the areas."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

MINI = Path(__file__).parent / "maps" / "mini"

SCRIPT = r"""
import json, pkgutil, sys
from importlib import import_module
from pathlib import Path

import pacific.rules
from pacific.rules import registry
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

def name(fn):
    return f"{fn.__module__}.{fn.__qualname__}"

def seen():
    # The registry as it stands, read without completing it.
    return {
        "handlers": sorted(k for k in registry._HANDLERS if not k.startswith("edit_")),
        "listers": [[sorted(p), name(f)] for p, f in registry._LISTERS],
        "decisions": sorted((k, name(f)) for k, f in registry._DECISION_LISTERS.items()),
        "resumers": [name(f) for f in registry._BATTLE_RESUMERS],
        "enter": sorted((str(p), [name(f) for f in v]) for p, v in registry._ENTER_HOOKS.items()),
        "leave": sorted((str(p), [name(f) for f in v]) for p, v in registry._LEAVE_HOOKS.items()),
    }

first = sys.argv[2]
areas = ("pacific.rules.combat.handlers", "pacific.rules.movement.listers",
         "pacific.rules.economy.turn")
out = {"engine imports an area": [a for a in areas if a in sys.modules]}
game = Game(load_board(Path(sys.argv[1])))
state = game.new_game(players=3, seed=1)   # the British convoy split pending
if first == "decision":
    out["answers"] = len(list(game.legal_actions(state)))
    out["decision imports"] = [a for a in areas if a in sys.modules]
    state, _ = game.apply(state, next(iter(game.legal_actions(state))))
    out["after"] = seen()
else:
    state = state.model_copy(update={"pending": None})
    if first == "list":
        game.legal_actions(state)
    elif first == "apply":
        game.apply(state, EndPhase())
    elif first == "explain":
        game.why_illegal(state, Purchase(nation=Nation.JAPAN, units={UnitType.BATTLESHIP: 9}))
    out["after"] = seen()
for module in pkgutil.walk_packages(pacific.rules.__path__, "pacific.rules."):
    import_module(module.name)
out["everything"] = seen()
print(json.dumps(out))
"""


def _fresh(first: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(MINI), first],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("first", ["list", "apply", "explain", "decision"])
def test_the_first_question_sees_every_area(first: str) -> None:
    out = _fresh(first)
    assert out["engine imports an area"] == []
    assert out["after"] == out["everything"]
    assert out["everything"]["handlers"]   # type: ignore[index]
    if first == "decision":
        # The convoy split's answers need the economy's income rules alone.
        assert out["answers"] and out["decision imports"] == []


def test_every_decision_lister_is_where_the_registry_looks_for_it() -> None:
    from pacific.rules import registry

    listers = registry.decision_listers()
    assert set(registry.DECISION_AREAS) == set(listers)
    for decision, area in registry.DECISION_AREAS.items():
        assert listers[decision].__module__ == area
