"""Each Italian name's article, gender and the way "in" goes with it, name by name: Italian
decides these by the kind of place and by usage, not by the word's ending.

- A country or a large region takes "in" alone and its article elsewhere: "in Cina", "della
  Cina", "la Cina ha".
- A group of islands, a plural name, a region named with an adjective, a Chinese province and
  a sea zone take the article with "in" too: "nelle Isole Aleutine", "negli Stati Uniti",
  "nell'Australia Occidentale", "nel Kwangsi", "nella Zona marina 35".
- A small island or a city has no article and takes "a": "a Wake", "di Guam", "a Hong Kong".
"""

from __future__ import annotations

from typing import Literal, NamedTuple


class NameGrammar(NamedTuple):
    """``article``: the definite article ("" for none); ``gender``: "m" or "f" (the article
    says it, except "l'" and no article); ``in_form``: "art" for "in" joined to the article
    ("nel"), "in" or "a" for that preposition alone before the bare name."""

    article: str
    gender: Literal["m", "f"]
    in_form: Literal["art", "in", "a"]


_COUNTRY_M = NameGrammar("il", "m", "in")
_COUNTRY_F = NameGrammar("la", "f", "in")
_COUNTRY_F_VOWEL = NameGrammar("l'", "f", "in")
_REGION_M = NameGrammar("il", "m", "art")
_REGION_M_LO = NameGrammar("lo", "m", "art")
_REGION_F = NameGrammar("la", "f", "art")
_REGION_F_VOWEL = NameGrammar("l'", "f", "art")
_ISLANDS = NameGrammar("le", "f", "art")
_SMALL_ISLAND = NameGrammar("", "f", "a")

# The Italian names of the nations, the powers and the map's spaces (the map's own Italian,
# or the catalogue's where the map has none); "Zona marina" stands for every sea zone.
NAMES: dict[str, NameGrammar] = {
    # nations and powers
    "Giappone": _COUNTRY_M,
    "India": _COUNTRY_F_VOWEL,
    "Australia": _COUNTRY_F_VOWEL,
    "Stati Uniti": NameGrammar("gli", "m", "art"),
    "Cina": _COUNTRY_F,
    "Gran Bretagna": _COUNTRY_F,
    # Australia and Oceania
    "Australia Occidentale": _REGION_F_VOWEL,
    "Territori del Nord": NameGrammar("i", "m", "art"),
    "Australia Meridionale": _REGION_F_VOWEL,
    "Queensland": _REGION_M,
    "Nuovo Galles del Sud": _REGION_M,
    "Nuova Zelanda": _COUNTRY_F,
    "Nuove Ebridi": _ISLANDS,
    "Figi": _ISLANDS,
    "Isole Salomone": _ISLANDS,
    "Nuova Bretagna": _COUNTRY_F,
    "Samoa": _ISLANDS,
    "Sporadi Equatoriali": _ISLANDS,
    "Johnston": _SMALL_ISLAND,
    "Isole Hawaii": _ISLANDS,
    "Nuova Guinea": _COUNTRY_F,
    "Papua": _COUNTRY_F,
    "Nuova Guinea Olandese": _REGION_F,
    # the islands of the Pacific
    "Hainan": _SMALL_ISLAND,
    "Formosa": _SMALL_ISLAND,
    "Isole Aleutine": _ISLANDS,
    "Isole di Gilbert": _ISLANDS,
    "Isole Caroline": _ISLANDS,
    "Palau": _SMALL_ISLAND,
    "Isole Marshall": _ISLANDS,
    "Isole Marianne": _ISLANDS,
    "Wake": _SMALL_ISLAND,
    "Guam": _SMALL_ISLAND,
    "Midway": _SMALL_ISLAND,
    "Isole Bonin": _ISLANDS,
    "Celebes": _SMALL_ISLAND,
    "Isole Ryukyu": _ISLANDS,
    "Filippine": _ISLANDS,
    "Giava": _SMALL_ISLAND,
    "Borneo": _REGION_M,
    "Sumatra": _SMALL_ISLAND,
    # Asia
    "Tsinghai": _REGION_M,
    "Himalaya": NameGrammar("l'", "m", "art"),
    "Birmania": _COUNTRY_F,
    "Stato di Shan": _REGION_M_LO,
    "Siam": _REGION_M,
    "Malesia": _COUNTRY_F,
    "Indocina Francese": _REGION_F_VOWEL,
    "Yunnan": _REGION_M_LO,
    "Kwangsi": _REGION_M,
    "Hong Kong": _SMALL_ISLAND,
    "Kiangsi": _REGION_M,
    "Hunan": _REGION_M_LO,
    "Anhwe": NameGrammar("l'", "m", "art"),
    "Shantung": _REGION_M_LO,
    "Manciuria": _COUNTRY_F,
    "Corea": _COUNTRY_F,
    "Unione Sovietica": _REGION_F_VOWEL,
    "Suiyuan": _REGION_M,
    "Hopei": _REGION_M_LO,
    "Shansi": _REGION_M_LO,
    "Kweichow": _REGION_M,
    "Sikang": _REGION_M,
    "Szechwan": _REGION_M_LO,
    # North America
    "Canada": _COUNTRY_M,
    # the sea
    "Zona marina": _REGION_F,
    # where the computer player's move ends when its reason does not name the space
    "sua destinazione": _REGION_F,
}
