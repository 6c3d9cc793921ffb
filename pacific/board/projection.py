"""The map projection: Miller cylindrical centred on the Pacific, in pure Python.

Miller keeps the tropics (where most of the game is played) close to their true shape and,
unlike Mercator, does not blow up the Aleutians and New Zealand. Longitudes in the map files
run 0..360 (east of Greenwich) so the 180° meridian crosses the board without a seam.

Scene coordinates: x grows eastwards, y grows southwards (Qt's convention); one degree of
longitude is ``SCALE`` scene units wide.
"""

from __future__ import annotations

import math

CENTRE_LONGITUDE = 150.0  # degrees east; the board's middle lies near the Carolines
SCALE = 16.0  # scene units per degree of longitude
_RAD = math.pi / 180.0
_UNITS_PER_RADIAN = SCALE / _RAD


def miller_y(latitude: float) -> float:
    """Miller's northing in radians of the Earth's radius."""
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * latitude * _RAD))


def project(longitude: float, latitude: float) -> tuple[float, float]:
    """(lon 0..360, lat) in degrees to scene (x, y); y points south."""
    x = (longitude - CENTRE_LONGITUDE) * SCALE
    y = -miller_y(latitude) * _UNITS_PER_RADIAN
    return x, y


def unproject(x: float, y: float) -> tuple[float, float]:
    """Scene (x, y) back to (lon 0..360, lat) in degrees: the inverse of `project`."""
    longitude = x / SCALE + CENTRE_LONGITUDE
    northing = -y / _UNITS_PER_RADIAN
    latitude = 2.5 * math.atan(math.exp(0.8 * northing)) - 0.625 * math.pi
    return longitude, latitude / _RAD
