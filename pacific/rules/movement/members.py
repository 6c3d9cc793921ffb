"""Enum members the movement search tests against, read once.

On Python 3.11 every ``Phase.COMBAT_MOVE`` or ``UnitType.FIGHTER`` written inside a function
goes through the enum class's attribute hook, which costs more than the identity test it feeds
(the search makes hundreds of thousands). Modules import these names instead.
"""

from __future__ import annotations

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import Domain, UnitType

AA_GUN = UnitType.AA_GUN
AIR = Domain.AIR
ARMOR = UnitType.ARMOR
AUSTRALIA = Nation.AUSTRALIA
BOMBER = UnitType.BOMBER
CAP_LANDING = Phase.CAP_LANDING
CARRIER = UnitType.CARRIER
CHINA = Nation.CHINA
COMBAT_MOVE = Phase.COMBAT_MOVE
DESTROYER = UnitType.DESTROYER
FIGHTER = UnitType.FIGHTER
INDIA = Nation.INDIA
INDUSTRIAL_COMPLEX = UnitType.INDUSTRIAL_COMPLEX
INFANTRY = UnitType.INFANTRY
JAPAN = Nation.JAPAN
LAND = Domain.LAND
NONCOMBAT_MOVE = Phase.NONCOMBAT_MOVE
POWER_JAPAN = Power.JAPAN
SEA = Domain.SEA
SUBMARINE = UnitType.SUBMARINE
TRANSPORT = UnitType.TRANSPORT
