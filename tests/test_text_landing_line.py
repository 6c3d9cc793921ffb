"""The landing's line in the event log: the units that land, their verb in the singular or
the plural by how many land, in English and Italian (R-AMPH-1)."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.rules.movement.events import UnitsLoaded, UnitsUnloaded
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import describe_event, using_language


@pytest.mark.parametrize(("language", "count", "assault", "line"), [
    ("en", 1, True, "Japan: 1 infantry lands in Burma: an amphibious assault"),
    ("en", 2, True, "Japan: 2 infantry land in Burma: an amphibious assault"),
    ("en", 1, False, "Japan: 1 infantry lands in Burma"),
    ("it", 1, True, "Giappone: 1 unità di fanteria sbarca in Birmania: un Assalto Anfibio"),
    ("it", 2, False, "Giappone: 2 unità di fanteria sbarcano in Birmania"),
])
def test_one_unit_lands_and_two_land_r_amph_1(language: str, count: int, assault: bool,
                                             line: str) -> None:
    game, state = scenario()
    infantry = [u.id for u in state.units.values()
                if u.owner is Nation.JAPAN and u.type is UnitType.INFANTRY][:count]
    event = UnitsUnloaded(transport=0, units=tuple(infantry), territory="burma",
                          assault=assault)
    with using_language(language):
        assert describe_event(event, game.board, state) == line


@pytest.mark.parametrize(("count", "line"), [
    (1, "Giappone: 1 unità di fanteria imbarcata (nave da trasporto) nella Zona marina 6"),
    (2, "Giappone: 2 unità di fanteria imbarcate (nave da trasporto) nella Zona marina 6"),
])
def test_one_unit_boarded_is_told_in_the_singular_in_italian_r_trans_1(count: int,
                                                                       line: str) -> None:
    """"1 unità di fanteria imbarcate" was read in the log after a load at 1024x700."""
    game, state = scenario(units={"sz_6": "1 transport japan", "korea": "2 infantry japan"})
    infantry = [u.id for u in state.units.values()
                if u.owner is Nation.JAPAN and u.type is UnitType.INFANTRY][:count]
    transport = next(u.id for u in state.units_at("sz_6"))
    event = UnitsLoaded(transport=transport, units=tuple(infantry))
    with using_language("it"):
        assert describe_event(event, game.board, state) == line


def test_an_assault_names_the_nation_that_lands_not_its_power_r_amph_1() -> None:
    """Australia's infantry aboard a transport, about to land on Palau: the battle's first
    line named the power ("Great Britain lands"), its units being at sea; it names Australia,
    as the battle board and the next lines do."""
    from pacific.rules.combat.events import BattleStarted
    from pacific.rules.nations import Power
    from pacific.rules.records import AmphibiousAssault

    game, state = scenario("pacific", power=Power.UK,
                           units={"sz_34": "1 transport australia, 1 infantry australia",
                                  "palau": "2 infantry japan"})
    infantry = [u.id for u in state.units_at("sz_34") if u.type is UnitType.INFANTRY]
    state.own("amphibious_assaults").append(
        AmphibiousAssault(target="palau", sea_zones=["sz_34"], landing_units=infantry))
    event = BattleStarted(space="palau", label="Palau", attacker=Power.UK, amphibious=True)
    with using_language("en"):
        assert describe_event(event, game.board, state) == \
            "Amphibious assault on Palau: Australia lands"
