"""A refusal names the rule that truly forbids the move.

A table of illegal moves on the real board, every kind of unit, each with the one rule id the
engine must give: the unit's own state first, then the destination, then the route, then its
cost, then what the route crosses (the order `pacific.rules.movement.check` documents). Each
refusal must also leave the state byte for byte unchanged, and `why_illegal` must agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from movement_helpers import refused
from scenario import scenario, u

from pacific.rules.actions import Action
from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE
Build = Callable[[GameState], Action]


@dataclass(frozen=True)
class Case:
    """One illegal action: the position (``units`` replace the board's; ``owners``, the unit
    ``fields`` and ``setup`` adjust it; ``aboard`` puts the units of a space aboard its first
    transport or carrier) and the action, refused with ``rule``."""

    name: str
    rule: str
    units: dict[str, str]
    action: Build
    phase: Phase = CM
    power: Power = Power.JAPAN
    owners: dict[str, Nation] = field(default_factory=dict)
    fields: dict[str, dict[str, Any]] = field(default_factory=dict)   # "space:type" → fields
    aboard: tuple[str, ...] = ()
    setup: Callable[[GameState], None] | None = None


def ids(state: GameState, where: str) -> tuple[int, ...]:
    """"space:type" or "space:type:owner" → the unit ids."""
    parts = where.split(":")
    owner = Nation(parts[2]) if len(parts) > 2 else None
    return tuple(u(state, parts[0], parts[1], owner))


def mv(where: str, *path: str, **extra: Any) -> Build:
    return lambda st: Move(units=ids(st, where), path=(where.split(":")[0], *path), **extra)


def load(zone: str, where: str, ship: str = "transport") -> Build:
    return lambda st: Load(transport=u(st, zone, ship)[0], units=ids(st, where))


def unload(zone: str, territory: str, ship: str = "transport") -> Build:
    def build(st: GameState) -> Action:
        tr = u(st, zone, ship)[0]
        return Unload(transport=tr, units=tuple(x.id for x in st.cargo_of(tr)),
                      territory=territory)
    return build


CASES = [
    # ---- infantry ----
    Case("infantry two spaces", "R-MOVE-2", {"manchuria": "1 infantry japan"},
         mv("manchuria:infantry", "suiyuan", "shansi")),
    Case("infantry dropped far off", "R-MOVE-2", {"manchuria": "1 infantry japan"},
         mv("manchuria:infantry", "szechwan")),
    Case("infantry into the sea", "R-MOVE-5", {"manchuria": "1 infantry japan"},
         mv("manchuria:infantry", "sz_37")),
    Case("infantry to an island overland", "R-MOVE-5", {"burma": "1 infantry japan"},
         mv("burma:infantry", "philippines"), owners={"burma": J}),
    Case("infantry into the Soviet Union", "R-MOVE-10", {"manchuria": "1 infantry japan"},
         mv("manchuria:infantry", "soviet_union")),
    Case("infantry into enemy land in phase 6", "R-NONCOMBAT-3",
         {"manchuria": "1 infantry japan"}, mv("manchuria:infantry", "suiyuan"), phase=NCM),
    Case("infantry combat move between friends", "R-COMBATMOVE-1",
         {"korea": "1 infantry japan"}, mv("korea:infantry", "manchuria")),
    Case("infantry's second combat move", "R-COMBATMOVE-3", {"suiyuan": "1 infantry japan"},
         mv("suiyuan:infantry", "shansi"), owners={"suiyuan": J},
         fields={"suiyuan:infantry": {"combat_moved": True, "moves_used": 0}}),
    Case("infantry walking off its transport", "R-TRANS-3",
         {"sz_37": "1 transport japan, 1 infantry japan"}, mv("sz_37:infantry", "korea"),
         aboard=("sz_37",)),
    Case("another power's infantry", "R-TURN-1", {"burma": "1 infantry india"},
         mv("burma:infantry", "shan_state")),
    Case("Chinese infantry boarding", "R-TRANS-2",
         {"sz_45": "1 transport usa", "kwangsi": "1 infantry china"},
         load("sz_45", "kwangsi:infantry"), power=Power.US, phase=NCM),
    Case("infantry boarding after walking", "R-TRANS-8",
         {"sz_37": "1 transport japan", "korea": "1 infantry japan"},
         load("sz_37", "korea:infantry"), phase=NCM,
         fields={"korea:infantry": {"moves_used": 1, "noncombat_moved": True}}),
    # ---- marines ----
    Case("marines moving after landing", "R-TRANS-8", {"guam": "1 marine usa"},
         mv("guam:marine", "sz_25"), power=Power.US, phase=NCM,
         fields={"guam:marine": {"unloaded_this_turn": True}}),
    Case("marines boarding another ship from aboard", "R-TRANS-10",
         {"sz_25": "2 transport usa, 1 marine usa"}, power=Power.US, phase=NCM,
         action=lambda st: Load(transport=u(st, "sz_25", "transport")[1],
                                units=ids(st, "sz_25:marine")), aboard=("sz_25",)),
    # ---- artillery ----
    Case("artillery moving after its battle", "R-NONCOMBAT-2", {"burma": "1 artillery japan"},
         mv("burma:artillery", "shan_state"), phase=NCM, owners={"burma": J, "shan_state": J},
         fields={"burma:artillery": {"fought": True}}),
    Case("artillery boarding a Japanese destroyer", "R-JDD-1",
         {"sz_37": "1 destroyer japan", "korea": "1 artillery japan"},
         load("sz_37", "korea:artillery", "destroyer"), phase=NCM),
    # ---- armor ----
    Case("armor blitzing past a lone AA gun", "R-BLITZ-4",
         {"siam": "1 armor japan", "shan_state": "1 aa_gun india"},
         mv("siam:armor", "shan_state", "burma")),
    Case("armor blitzing past a lone factory", "R-CAPTURE-2", {"kweichow": "1 armor japan"},
         mv("kweichow:armor", "szechwan", "sikang"), owners={"kweichow": J}),
    Case("armor driving through defenders", "R-MOVE-7",
         {"siam": "1 armor japan", "shan_state": "1 infantry india"},
         mv("siam:armor", "shan_state", "burma")),
    Case("armor three spaces", "R-MOVE-2", {"manchuria": "1 armor japan"},
         mv("manchuria:armor", "suiyuan", "shansi", "sikang")),
    Case("armor crossing enemy land in phase 6", "R-NONCOMBAT-3",
         {"manchuria": "1 armor japan"}, mv("manchuria:armor", "anhwe", "shantung"),
         phase=NCM),
    Case("armor boarding a half-full transport", "R-TRANS-1",
         {"sz_37": "1 transport japan, 1 infantry japan", "korea": "1 armor japan"},
         load("sz_37", "korea:armor"), phase=NCM, aboard=("sz_37",)),
    # ---- AA guns ----
    Case("AA gun in combat movement", "R-COMBATMOVE-7", {"korea": "1 aa_gun japan"},
         mv("korea:aa_gun", "manchuria")),
    Case("AA gun captured this turn", "R-NONCOMBAT-4", {"burma": "1 aa_gun japan"},
         mv("burma:aa_gun", "shan_state"), phase=NCM, owners={"burma": J, "shan_state": J},
         fields={"burma:aa_gun": {"captured_this_turn": True}}),
    Case("AA gun boarding for an assault", "R-COMBATMOVE-7",
         {"sz_37": "1 transport japan", "korea": "1 aa_gun japan"},
         load("sz_37", "korea:aa_gun")),
    # ---- fighters ----
    Case("fighter landing next door in enemy land", "R-NONCOMBAT-5",
         {"manchuria": "1 fighter japan"}, mv("manchuria:fighter", "suiyuan"), phase=NCM),
    Case("fighter dropped on enemy land two away", "R-NONCOMBAT-5",
         {"manchuria": "1 fighter japan"}, mv("manchuria:fighter", "hopei"), phase=NCM),
    Case("fighter attacking nothing", "R-COMBATMOVE-1", {"manchuria": "1 fighter japan"},
         mv("manchuria:fighter", "korea")),
    Case("fighter five spaces", "R-MOVE-2", {"manchuria": "1 fighter japan"},
         mv("manchuria:fighter", "suiyuan", "shansi", "sikang", "szechwan", "kweichow"),
         phase=NCM, owners={c: J for c in ("suiyuan", "shansi", "sikang", "szechwan",
                                            "kweichow")}),
    Case("fighter ditching at sea", "R-MOVE-6", {"korea": "1 fighter japan"},
         mv("korea:fighter", "sz_37"), phase=NCM),
    Case("fighter onto a full carrier", "R-CARRIER-1",
         {"korea": "1 fighter japan", "sz_37": "1 carrier japan, 2 fighter japan"},
         mv("korea:fighter", "sz_37"), phase=NCM, aboard=("sz_37",)),
    Case("fighter leaving its patrol", "R-CAP-2", {"sz_37": "1 fighter japan"},
         mv("sz_37:fighter", "korea"), phase=NCM, fields={"sz_37:fighter": {"cap": True}}),
    Case("fighter left aboard a moved carrier", "R-CARRIER-2",
         {"sz_37": "1 carrier japan, 1 fighter japan"}, mv("sz_37:fighter", "korea"),
         phase=NCM, aboard=("sz_37",), fields={"sz_37:fighter": {"cargo_locked": True}}),
    Case("fighter landing in the Soviet Union", "R-MOVE-10", {"manchuria": "1 fighter japan"},
         mv("manchuria:fighter", "soviet_union"), phase=NCM),
    Case("fighter with nowhere to land", "R-AIR-2", {"japan": "1 fighter japan",
                                                    "sz_20": "1 destroyer usa"},
         mv("japan:fighter", "sz_36", "sz_23", "sz_22", "sz_20")),
    Case("fighter escorting no bomber", "R-SBR-2", {"burma": "1 fighter japan"},
         mv("burma:fighter", "india", raid=True), owners={"burma": J}),
    Case("fighter planning to land where it attacks", "R-AIR-5",
         {"burma": "1 fighter japan", "india": "1 infantry india"},
         mv("burma:fighter", "india", landing="india"), owners={"burma": J}),
    Case("fighter landing where it fought", "R-COMBAT-10", {"burma": "1 fighter japan"},
         mv("burma:fighter", "shan_state"), phase=NCM, owners={"burma": J, "shan_state": J},
         fields={"burma:fighter": {"fought": True, "path": ["shan_state", "burma"],
                                   "moves_used": 2}},
         setup=lambda st: st.captured_this_turn.append("shan_state")),
    # ---- bombers ----
    Case("bomber onto a carrier", "R-AIR-7",
         {"korea": "1 bomber japan", "sz_37": "1 carrier japan"},
         mv("korea:bomber", "sz_37"), phase=NCM),
    Case("bomber raiding China", "R-SBR-6", {"kweichow": "1 bomber japan"},
         mv("kweichow:bomber", "szechwan", raid=True), owners={"kweichow": J}),
    Case("bomber raiding a land without a factory", "R-SBR-1", {"burma": "1 bomber japan"},
         mv("burma:bomber", "shan_state", raid=True), owners={"burma": J}),
    Case("bomber raiding in phase 6", "R-NONCOMBAT-5", {"burma": "1 bomber japan"},
         mv("burma:bomber", "india", raid=True), phase=NCM, owners={"burma": J}),
    Case("bomber flying a round trip", "R-MOVE-3", {"burma": "1 bomber japan"},
         mv("burma:bomber", "india", "burma"), owners={"burma": J}),
    # ---- battleships ----
    Case("battleship onto land", "R-MOVE-5", {"sz_36": "1 battleship japan"},
         mv("sz_36:battleship", "japan")),
    Case("battleship into an enemy zone in phase 6", "R-NONCOMBAT-6",
         {"sz_36": "1 battleship japan", "sz_37": "1 destroyer usa"},
         mv("sz_36:battleship", "sz_37"), phase=NCM),
    Case("battleship sailing through enemy ships", "R-MOVE-7",
         {"sz_36": "1 battleship japan", "sz_37": "1 destroyer usa"},
         mv("sz_36:battleship", "sz_37", "sz_45")),
    Case("battleship three zones in combat", "R-MOVE-2", {"sz_36": "1 battleship japan"},
         mv("sz_36:battleship", "sz_35", "sz_34", "sz_26")),
    Case("battleship in phase 6 after combat movement", "R-NONCOMBAT-2",
         {"sz_35": "1 battleship japan"}, mv("sz_35:battleship", "sz_36"), phase=NCM,
         fields={"sz_35:battleship": {"combat_moved": True, "moves_used": 1}}),
    # ---- carriers ----
    Case("carrier a fighter landed on", "R-CARRIER-5", {"sz_37": "1 carrier japan"},
         mv("sz_37:carrier", "sz_36"), phase=NCM,
         setup=lambda st: st.frozen_carriers.extend(ids(st, "sz_37:carrier"))),
    Case("carrier three zones to no base", "R-MOVE-2", {"sz_36": "1 carrier japan"},
         mv("sz_36:carrier", "sz_35", "sz_34", "sz_27"), phase=NCM),
    # ---- destroyers ----
    Case("destroyer through a patrol", "R-CAP-3",
         {"sz_35": "1 destroyer japan", "sz_25": "1 fighter usa"},
         mv("sz_35:destroyer", "sz_25", "sz_26"), fields={"sz_25:fighter": {"cap": True}}),
    Case("destroyer into a patrol in phase 6", "R-CAP-5",
         {"sz_35": "1 destroyer japan", "sz_25": "1 fighter usa"},
         mv("sz_35:destroyer", "sz_25"), phase=NCM, fields={"sz_25:fighter": {"cap": True}}),
    Case("Indian destroyer taking infantry aboard", "R-JDD-1",
         {"sz_54": "1 destroyer india", "india": "1 infantry india"},
         load("sz_54", "india:infantry", "destroyer"), power=Power.UK, phase=NCM),
    # ---- transports ----
    Case("transport moving after unloading", "R-TRANS-5", {"sz_36": "1 transport japan"},
         mv("sz_36:transport", "sz_35"), phase=NCM,
         fields={"sz_36:transport": {"unloaded_this_turn": True}}),
    Case("transport moving after its battle", "R-TRANS-12", {"sz_36": "1 transport japan"},
         mv("sz_36:transport", "sz_35"), phase=NCM,
         fields={"sz_36:transport": {"fought": True}}),
    Case("transport loading beside enemy ships", "R-TRANS-6",
         {"sz_37": "1 transport japan, 1 destroyer usa", "korea": "1 infantry japan"},
         load("sz_37", "korea:infantry")),
    Case("transport landing in enemy land in phase 6", "R-TRANS-7",
         {"sz_37": "1 transport japan, 1 infantry japan"}, unload("sz_37", "kiangsi"),
         phase=NCM, aboard=("sz_37",)),
    Case("transport landing beside no coast", "R-TRANS-5",
         {"sz_37": "1 transport japan, 1 infantry japan"}, unload("sz_37", "burma"),
         aboard=("sz_37",)),
    Case("transport loading where its turn began among enemies", "R-TRANS-11",
         {"sz_54": "1 transport india, 1 submarine japan", "india": "1 infantry india"},
         load("sz_54", "india:infantry"), power=Power.UK, phase=NCM,
         fields={"sz_54:submarine": {"submerged": True}}),
    # ---- submarines ----
    Case("submarine sailing through a destroyer", "R-MOVE-7",
         {"sz_36": "1 submarine japan", "sz_37": "1 destroyer usa"},
         mv("sz_36:submarine", "sz_37", "sz_45")),
    Case("submarine three zones", "R-MOVE-2", {"sz_36": "1 submarine japan"},
         mv("sz_36:submarine", "sz_35", "sz_34", "sz_27")),
    # ---- industrial complexes ----
    Case("industrial complex moving", "R-UNIT-5", {"korea": "1 industrial_complex japan"},
         mv("korea:industrial_complex", "manchuria"), phase=NCM),
    # ---- malformed moves ----
    Case("a space that does not exist", "R-MOVE-3", {"korea": "1 infantry japan"},
         mv("korea:infantry", "atlantis")),
    Case("a unit listed twice", "R-MOVE-3", {"korea": "1 infantry japan"},
         lambda st: Move(units=ids(st, "korea:infantry") * 2, path=("korea", "manchuria"))),
    Case("a path starting elsewhere", "R-MOVE-3", {"korea": "1 infantry japan"},
         lambda st: Move(units=ids(st, "korea:infantry"), path=("manchuria", "suiyuan"))),
    Case("land and air together", "R-MOVE-5", {"korea": "1 infantry japan, 1 fighter japan"},
         lambda st: Move(units=(*ids(st, "korea:infantry"), *ids(st, "korea:fighter")),
                         path=("korea", "manchuria"))),
    Case("infantry declaring a raid", "R-SBR-1", {"burma": "1 infantry japan"},
         mv("burma:infantry", "india", raid=True), owners={"burma": J}),
    Case("a ship declaring a landing", "R-AIR-3", {"sz_36": "1 destroyer japan"},
         mv("sz_36:destroyer", "sz_37", landing="japan")),
    Case("moving in the purchase phase", "R-TURN-3", {"korea": "1 infantry japan"},
         mv("korea:infantry", "manchuria"), phase=Phase.PURCHASE),
]


def _position(case: Case) -> tuple[Any, GameState]:
    game, state = scenario("pacific", power=case.power, phase=case.phase, units=case.units,
                           owners=case.owners)
    for where, values in case.fields.items():
        for uid in ids(state, where):
            for name, value in values.items():
                setattr(state.units[uid], name, value)
    for zone in case.aboard:
        ship = next(x for x in sorted(state.units_at(zone), key=lambda x: x.id)
                    if x.type.value in ("transport", "carrier"))
        for unit in state.units_at(zone):
            if unit.type.value in ("infantry", "marine", "armor", "fighter") and \
                    unit.carried_by is None and unit is not ship:
                unit.carried_by = ship.id
    if case.setup is not None:
        case.setup(state)
    return game, state


def test_the_table_covers_every_kind_of_unit_with_forty_moves() -> None:
    """At least 40 illegal moves, and every unit type appears in some position."""
    assert len(CASES) >= 40
    assert len({c.name for c in CASES}) == len(CASES)
    kinds = {word.split()[1] for c in CASES for text in c.units.values()
             for word in text.split(", ")}
    assert kinds >= {"infantry", "marine", "artillery", "armor", "aa_gun", "fighter", "bomber",
                     "battleship", "carrier", "destroyer", "transport", "submarine",
                     "industrial_complex"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_refusal_names_the_rule_that_forbids_the_move(case: Case) -> None:
    """Each move of the table is refused with its rule id (R-MOVE-2, R-MOVE-3, R-MOVE-5,
    R-NONCOMBAT-5 ... as listed in CASES), in the message too, and changes nothing."""
    game, state = _position(case)
    refused(game, state, case.action(state), case.rule)


def test_a_movement_limit_is_said_in_the_singular_and_the_plural_r_move_2() -> None:
    """"1 space", "2 spaces" (and "1 spazio", "2 spazi"), never "space(s)"."""
    from pacific.rules.errors import IllegalMove, plural
    from pacific.rules.units import UnitType
    from pacific.text import using_language
    from pacific.text.refusals import error_text

    template = plural("The {unit} can move only {count} space now, this path is {cost}",
                      "The {unit} can move only {count} spaces now, this path is {cost}")
    for count, english, italian in ((1, "1 space now", "1 spazio"),
                                    (2, "2 spaces now", "2 spazi")):
        refusal = IllegalMove("R-MOVE-2", template, unit=UnitType.ARMOR, count=count, cost=3)
        assert english in refusal.reason
        with using_language("it"):
            assert italian in error_text(refusal)
