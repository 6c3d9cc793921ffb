"""Natural Earth admin units (via QGIS's world_map.gpkg) composed into the game's land territories.

Used by tools/build_map.py. Get the data (public domain; Debian ships it offline):

    cd /tmp && apt-get download qgis-common && dpkg-deb -x qgis-common_*.deb /tmp/qgis

which gives /tmp/qgis/usr/share/qgis/resources/data/world_map.gpkg (layers ``countries`` and
``states_provinces``; Natural Earth 1:10m, generalized by the QGIS project).
"""

from __future__ import annotations

import sqlite3
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry

DEFAULT_GPKG = "/tmp/qgis/usr/share/qgis/resources/data/world_map.gpkg"

# The board's window in (lon 0..360, lat): from the Arabian Sea to the American coast, from
# Kamchatka to the south of New Zealand.
WINDOW = (60.0, -48.0, 250.0, 60.0)

# GeoPackage geometry header: envelope size by the flags' bits 1-3.
_ENVELOPE_BYTES = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}


def gpkg_geometry(blob: bytes) -> BaseGeometry:
    """Decode a GeoPackage geometry blob ("GP", version, flags, srs id, envelope, WKB)."""
    if blob[:2] != b"GP":
        raise ValueError("not a GeoPackage geometry blob")
    flags = blob[3]
    envelope = _ENVELOPE_BYTES[(flags >> 1) & 0x07]
    struct.unpack("<i" if flags & 1 else ">i", blob[4:8])  # srs id; 4326 in this file
    return shapely.from_wkb(blob[8 + envelope :])


def shift_longitudes(geom: BaseGeometry) -> BaseGeometry:
    """Move polygons west of Greenwich to 180..360 and snap the clipped 180° edge shut.

    Whole polygons move (by their mean longitude), so nothing straddling Greenwich tears.
    The QGIS file clips everything a hair inside ±180°, so Fiji, Russia and the Aleutians
    come in two pieces with a thin gap: snapping longitudes within 0.1° of 180 to 180 closes
    the seam, and the later union of a territory's parts merges the halves.
    """

    def move(coords: np.ndarray) -> np.ndarray:
        out = coords.copy()
        if out[:, 0].mean() < 0:
            out[:, 0] += 360.0
        lon = out[:, 0]
        lon[(lon > 179.9) & (lon < 180.1)] = 180.0
        return out

    moved = [shapely.transform(poly, move) for poly in parts(geom)]
    return shapely.union_all(moved) if moved else geom


@dataclass
class Atlas:
    """All admin units, longitudes shifted, indexed by (country code, unit name)."""

    provinces: dict[tuple[str, str], BaseGeometry] = field(default_factory=dict)
    countries: dict[str, BaseGeometry] = field(default_factory=dict)
    country_codes: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, path: str = DEFAULT_GPKG) -> Atlas:
        atlas = cls()
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        for geom, adm0, name in con.execute(
            "SELECT geom, adm0_a3, name FROM states_provinces"
        ):
            if geom is None or adm0 is None:
                continue
            g = shift_longitudes(gpkg_geometry(geom)).buffer(0)
            key = (adm0, name or "")
            old = atlas.provinces.get(key)
            atlas.provinces[key] = g if old is None else old.union(g)
        for geom, name, iso3 in con.execute("SELECT geom, NAME, ISO_A3 FROM countries"):
            if geom is None or name is None:
                continue
            atlas.countries[name] = shift_longitudes(gpkg_geometry(geom)).buffer(0)
            atlas.country_codes[name] = iso3
        con.close()
        return atlas

    def province(self, adm0: str, name: str) -> BaseGeometry:
        try:
            return self.provinces[(adm0, name)]
        except KeyError:
            raise KeyError(f"no admin unit {name!r} in {adm0}") from None

    def provinces_of(self, adm0: str, *, except_: Iterable[str] = ()) -> list[BaseGeometry]:
        skip = set(except_)
        return [g for (a, n), g in self.provinces.items() if a == adm0 and n not in skip]

    def country(self, name: str) -> BaseGeometry:
        try:
            return self.countries[name]
        except KeyError:
            raise KeyError(f"no country {name!r}") from None


def parts(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for sub in getattr(geom, "geoms", []) for g in parts(sub)]


def select(geom: BaseGeometry, keep: object) -> BaseGeometry:
    """The polygons of ``geom`` whose representative point satisfies ``keep(lon, lat)``."""
    chosen = [p for p in parts(geom) if keep(*p.representative_point().coords[0])]  # type: ignore[operator]
    return shapely.union_all(chosen) if chosen else Polygon()


def clip(geom: BaseGeometry, west: float, south: float, east: float, north: float) -> BaseGeometry:
    return geom.intersection(box(west, south, east, north))


def _union(items: Iterable[BaseGeometry]) -> BaseGeometry:
    return shapely.union_all([g for g in items if not g.is_empty])


# Real islands too small for the generalized 1:10m data to hold a polygon, put where they are.
# (lon 0..360, lat, radius in degrees)
ATOLL_FALLBACKS: dict[str, list[tuple[float, float, float]]] = {
    "wake": [(166.63, 19.29, 0.03)],
    "midway": [(182.63, 28.21, 0.03)],
    "johnston": [(190.48, 16.73, 0.02)],
}


def compose_territories(a: Atlas) -> tuple[dict[str, BaseGeometry], list[BaseGeometry]]:
    """Every land territory id -> its geometry, plus the neutral land drawn but never played.

    The choices follow the 1941 political map the board shows (Karafuto, the Kurils and
    Korea Japanese-held, British India with Burma and Ceylon) and, where the board's own
    borders are stylized (China), keep its neighbourhoods as far as real provinces allow;
    the rest is listed in maps/pacific/adjacency_exceptions.json.
    """
    p = a.province
    t: dict[str, BaseGeometry] = {}
    # --- Australia and the South Pacific
    t["western_australia"] = p("AUS", "Western Australia")
    t["northern_territory"] = p("AUS", "Northern Territory")
    t["south_australia"] = p("AUS", "South Australia")
    t["queensland"] = p("AUS", "Queensland")
    t["new_south_wales"] = _union(
        p("AUS", n)
        for n in ("New South Wales", "Victoria", "Tasmania", "Australian Capital Territory",
                  "Jervis Bay Territory")
    )
    t["new_zealand"] = clip(
        _union(p("NZL", n) for n in (
            "Waikato", "Hawke's Bay", "Gisborne District", "Southland", "Marlborough District",
            "Auckland", "Three Kings Islands", "Nelson City", "Tasman District", "West Coast",
            "Manawatu-Wanganui", "Taranaki", "Northland", "Otago", "Canterbury", "Wellington",
            "Bay of Plenty")),
        *WINDOW,
    )
    t["new_hebrides"] = _union([a.country("Vanuatu"), a.country("New Caledonia")])
    t["fiji"] = a.country("Fiji")
    t["solomon_islands"] = _union([a.country("Solomon Is."), p("PNG", "North Solomons")])
    t["new_britain"] = _union(
        p("PNG", n) for n in ("West New Britain", "East New Britain", "New Ireland", "Manus")
    )
    t["samoa"] = _union([a.country("Samoa"), a.country("American Samoa")])
    kiribati = a.country("Kiribati")
    t["line_islands"] = _union([
        select(kiribati, lambda lon, lat: lon > 195),
        p("UMI", "Palmyra Atoll"), p("UMI", "Jarvis Island"),
    ])
    t["gilbert_islands"] = select(kiribati, lambda lon, lat: lon < 180 and -3.5 < lat < 4)
    t["johnston"] = p("UMI", "Johnston Atoll")
    t["hawaiian_islands"] = p("USA", "Hawaii")
    t["midway"] = p("UMI", "Midway Islands")
    t["wake"] = p("UMI", "Wake Atoll")
    # Territory of New Guinea (north-east mainland) and Territory of Papua (south-east).
    t["new_guinea"] = _union(
        p("PNG", n) for n in ("Sandaun", "East Sepik", "Madang", "Morobe", "Eastern Highlands",
                              "Western Highlands", "Chimbu", "Enga")
    )
    t["papua"] = _union(
        p("PNG", n) for n in ("Western", "Gulf", "Central", "National Capital District",
                              "Milne Bay", "Northern", "Southern Highlands")
    )
    t["dutch_new_guinea"] = _union([p("IDN", "Papua"), p("IDN", "Papua Barat")])
    # --- Japan and its islands; Karafuto (Sakhalin south of 50°N) and the Kurils were Japanese.
    tokyo = p("JPN", "Tokyo")
    kagoshima = p("JPN", "Kagoshima")
    sakhalin = p("RUS", "Sakhalin")
    karafuto = _union(
        [clip(sakhalin, 0, 0, 360, 50.0), select(sakhalin, lambda lon, lat: lon > 145)]
    )
    t["japan"] = _union(
        [*a.provinces_of("JPN", except_=("Tokyo", "Kagoshima", "Okinawa")),
         select(tokyo, lambda lon, lat: lat > 30), select(kagoshima, lambda lon, lat: lat > 29.5),
         karafuto]
    )
    # Without the Senkaku islets, which lie off Formosa (zone 37 passes between on the board).
    t["ryukyu_islands"] = _union(
        [select(p("JPN", "Okinawa"), lambda lon, lat: not (lat > 25.4 and lon < 124.7)),
         select(kagoshima, lambda lon, lat: lat <= 29.5)]
    )
    t["bonin_islands"] = select(tokyo, lambda lon, lat: lat <= 30 and lon < 143)
    t["hainan"] = p("CHN", "Hainan")
    t["formosa"] = select(a.country("Taiwan"), lambda lon, lat: lon > 119.9)  # not Kinmen
    alaska = p("USA", "Alaska")
    t["aleutian_islands"] = select(alaska, lambda lon, lat: lon < 196.6 and lat < 56.5)
    t["caroline_islands"] = a.country("Micronesia")
    t["palau"] = a.country("Palau")
    t["marshall_islands"] = a.country("Marshall Is.")
    t["mariana_islands"] = a.country("N. Mariana Is.")
    t["guam"] = a.country("Guam")
    # --- The Dutch East Indies, Borneo, the Philippines
    t["celebes"] = _union(
        p("IDN", n) for n in ("Sulawesi Utara", "Gorontalo", "Sulawesi Tengah", "Sulawesi Barat",
                              "Sulawesi Selatan", "Sulawesi Tenggara", "Maluku", "Maluku Utara")
    )
    t["java"] = _union([
        *(p("IDN", n) for n in ("Banten", "Jakarta Raya", "Jawa Barat", "Jawa Tengah",
                                "Yogyakarta", "Jawa Timur", "Bali", "Nusa Tenggara Barat",
                                "Nusa Tenggara Timur")),
        a.country("Timor-Leste"),
    ])
    t["sumatra"] = _union(
        p("IDN", n) for n in ("Aceh", "Sumatera Utara", "Sumatera Barat", "Riau", "Kepulauan Riau",
                              "Jambi", "Bengkulu", "Sumatera Selatan", "Lampung", "Bangka-Belitung")
    )
    t["borneo"] = _union([
        *(p("IDN", n) for n in ("Kalimantan Barat", "Kalimantan Tengah", "Kalimantan Selatan",
                                "Kalimantan Timur")),
        p("MYS", "Sabah"), p("MYS", "Sarawak"), p("MYS", "Labuan"), a.country("Brunei"),
    ])
    t["philippines"] = a.country("Philippines")
    # --- South-east Asia and British India
    # The Andaman and Nicobar Islands are not on the board: they stay neutral land.
    india = select(a.country("India"), lambda lon, lat: not (lon > 92 and lat < 15))
    t["india"] = clip(
        _union([india, a.country("Pakistan"), a.country("Bangladesh"), a.country("Sri Lanka")]),
        *WINDOW,
    )
    t["himalayas"] = _union([p("CHN", "Xizang"), a.country("Nepal"), a.country("Bhutan")])
    shan = ("Shan", "Kayah", "Kayin", "Mon", "Tanintharyi")
    t["shan_state"] = _union(p("MMR", n) for n in shan)
    t["burma"] = _union(a.provinces_of("MMR", except_=shan))
    t["siam"] = a.country("Thailand")
    t["malaya"] = _union(
        [*a.provinces_of("MYS", except_=("Sabah", "Sarawak", "Labuan")), a.country("Singapore")]
    )
    t["french_indo_china"] = _union(
        [a.country("Vietnam"), a.country("Laos"), a.country("Cambodia")]
    )
    # --- China (the board's provinces are stylized; see the exceptions file)
    def cn(*names: str) -> BaseGeometry:
        return _union(p("CHN", n) for n in names)

    t["tsinghai"] = cn("Qinghai", "Xinjiang")
    t["sikang"] = cn("Gansu", "Ningxia")
    t["szechwan"] = cn("Sichuan", "Chongqing")
    t["shansi"] = cn("Shaanxi")
    t["suiyuan"] = cn("Inner Mongol")
    t["hopei"] = cn("Henan", "Shanxi")
    t["kweichow"] = cn("Guizhou", "Hubei")
    t["hunan"] = cn("Hunan")
    t["anhwe"] = cn("Anhui")
    t["shantung"] = cn("Shandong", "Jiangsu", "Shanghai")
    t["kiangsi"] = cn("Jiangxi", "Zhejiang", "Fujian")
    # Guangdong is cut at 114.3°E: on the board Kwangsi reaches Kiangsi and Hong Kong does
    # not reach Hunan, which the real provinces only allow with the west of Guangdong.
    guangdong = cn("Guangdong")
    t["kwangsi"] = _union([cn("Guangxi"), clip(guangdong, 0, -90, 114.3, 90)])
    t["hong_kong"] = _union(
        [clip(guangdong, 114.3, -90, 360, 90), a.country("Hong Kong"), a.country("Macao")]
    )
    t["yunnan"] = cn("Yunnan")
    t["manchuria"] = cn("Heilongjiang", "Jilin", "Liaoning", "Hebei", "Beijing", "Tianjin")
    t["korea"] = _union([a.country("North Korea"), a.country("South Korea")])
    soviet = _union([a.country(n) for n in ("Russia", "Mongolia", "Kazakhstan", "Kyrgyzstan",
                                             "Tajikistan", "Uzbekistan", "Turkmenistan")])
    t["soviet_union"] = clip(soviet.difference(karafuto.buffer(0.01)), *WINDOW)
    # --- North America
    t["canada"] = clip(a.country("Canada"), *WINDOW)
    t["united_states"] = clip(
        _union(a.provinces_of("USA", except_=("Alaska", "Hawaii"))), *WINDOW
    )
    for tid, dots in ATOLL_FALLBACKS.items():
        if t[tid].is_empty:
            t[tid] = _union(shapely.Point(x, y).buffer(r, 8) for x, y, r in dots)
    taken = _union(t.values())
    neutral = [
        clip(g, *WINDOW).difference(taken)
        for g in a.countries.values()
    ] + [select(alaska, lambda lon, lat: not (lon < 196.6 and lat < 56.5))]
    neutral = [clip(g, *WINDOW) for g in neutral]
    neutral = [g for g in neutral if not g.is_empty and g.area > 1e-6]
    return t, neutral
