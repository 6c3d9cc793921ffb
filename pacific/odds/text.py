"""The unit syntax of `pacific odds` and of the GUI's odds panel (docs/odds.md): "3 inf, 1 art,
2 arm, 1 ftr", in English or in Italian ("3 fan, 1 art, 2 uc, 1 cac"), whatever the active
language: a player may type either, and the names the game shows in both ("2 unità di
fanteria", "2 aircraft carriers") read back.

Errors are `OddsError` message ids with values (pacific.odds sits below pacific.text): the GUI
and the CLI show them in the player's language.
"""

from __future__ import annotations

from pacific.odds.model import KamikazeTarget, OddsError
from pacific.rules.errors import N_, Term
from pacific.rules.files.jsonfile import clip
from pacific.rules.units import UNIT_ALIASES, UnitType, find_unit_type

Units = dict[UnitType, int]

_I = UnitType
# The Italian words: the short forms (SHORT_FORMS' Italian), the rulebook's names and the names
# the game shows (pacific.text: "1 unità corazzata", "2 navi da trasporto"), singular and plural.
# "uc" (unità corazzata) and "cor" (corazzata, the battleship) stay apart on purpose.
ITALIAN_UNIT_ALIASES: dict[str, UnitType] = {
    "fan": _I.INFANTRY, "fanteria": _I.INFANTRY, "fanterie": _I.INFANTRY,
    "unità_di_fanteria": _I.INFANTRY,
    "unità_di_marines": _I.MARINE,
    "artiglieria": _I.ARTILLERY, "artiglierie": _I.ARTILLERY,
    "unità_di_artiglieria": _I.ARTILLERY,
    "uc": _I.ARMOR, "unità_corazzata": _I.ARMOR, "unità_corazzate": _I.ARMOR,
    "carro": _I.ARMOR, "carri": _I.ARMOR, "carro_armato": _I.ARMOR, "carri_armati": _I.ARMOR,
    "cannone_aa": _I.AA_GUN, "cannoni_aa": _I.AA_GUN, "contraerea": _I.AA_GUN,
    "cac": _I.FIGHTER, "caccia": _I.FIGHTER,
    "bombardiere": _I.BOMBER, "bombardieri": _I.BOMBER,
    "cor": _I.BATTLESHIP, "corazzata": _I.BATTLESHIP, "corazzate": _I.BATTLESHIP,
    "pa": _I.CARRIER, "portaerei": _I.CARRIER,
    "ct": _I.DESTROYER, "cacciatorpediniere": _I.DESTROYER,
    "trasporto": _I.TRANSPORT, "trasporti": _I.TRANSPORT, "nave_da_trasporto": _I.TRANSPORT,
    "navi_da_trasporto": _I.TRANSPORT,
    "sm": _I.SUBMARINE, "sottomarino": _I.SUBMARINE, "sottomarini": _I.SUBMARINE,
    "ci": _I.INDUSTRIAL_COMPLEX, "complesso_industriale": _I.INDUSTRIAL_COMPLEX,
    "complessi_industriali": _I.INDUSTRIAL_COMPLEX,
}
ALIASES: dict[str, UnitType] = {**UNIT_ALIASES, **ITALIAN_UNIT_ALIASES}

# The short forms of the fighting units, in the unit table's order; the catalogue gives the
# Italian ones (tests/test_odds_text.py checks that each reads back as its unit).
SHORT_FORMS = N_("inf, mar, art, arm, aa, ftr, bmb, bb, cv, dd, tr, sub")
DAMAGED_WORDS = ("damaged", "danneggiata", "danneggiato")


def unit_type(word: str) -> UnitType:
    """The unit type of an English or Italian name or short form.

    Raises:
        OddsError: naming the word, when no unit type is called that.
    """
    found = find_unit_type(word, ALIASES)
    if found is None:
        raise OddsError("unknown unit type '{word}' (known short forms: {known})",
                        word=clip(word.strip(), 40), known=Term(SHORT_FORMS))
    return found


def parse_units(text: str) -> Units:
    """Read "3 inf, 1 art, bb" (a missing count is 1; the same unit twice adds up; a name may
    have several words: "2 navi da trasporto").

    Raises:
        OddsError: naming the bad word, for an unknown unit or a bad count.
    """
    out: Units = {}
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        count = 1
        if words[0].isdigit():
            count = int(words[0])
            words = words[1:]
        elif words[0].lstrip("-").isdigit():
            raise OddsError("a count cannot be negative: '{word}'", word=clip(words[0], 20))
        if not words:
            raise OddsError("expected '<count> <unit>', got '{part}'", part=clip(part.strip(), 40))
        found = unit_type(" ".join(words))
        out[found] = out.get(found, 0) + count
    return out


def parse_order(text: str) -> list[UnitType]:
    """Read an order of loss: "inf, art, arm, ftr".

    Raises:
        OddsError: naming the bad word.
    """
    return [unit_type(w) for w in text.replace(";", ",").split(",") if w.strip()]


def parse_kamikazes(text: str) -> list[UnitType | KamikazeTarget]:
    """Read kamikaze targets: "bb, cv" (one kamikaze each, on different ships), "bb x3"
    (three on one battleship, OQ3-4), "damaged bb" (on a battleship already damaged; Italian
    "danneggiata cor").

    Raises:
        OddsError: naming the bad word or count.
    """
    out: list[UnitType | KamikazeTarget] = []
    for part in text.replace(";", ",").split(","):
        words = part.lower().split()
        if not words:
            continue
        damaged = words[0] in DAMAGED_WORDS
        words = words[1:] if damaged else words
        count = 1
        if len(words) >= 2 and words[-1].startswith("x") and words[-1][1:].isdigit():
            count = int(words[-1][1:])
            words = words[:-1]
        if not words or count < 1:
            raise OddsError("expected '[damaged] <ship> [xN]', got '{part}'",
                            part=clip(part.strip(), 40))
        ship = unit_type(" ".join(words))
        if count == 1 and not damaged:
            out.append(ship)
        else:
            out.append(KamikazeTarget(ship=ship, kamikazes=count, damaged=damaged))
    return out


def parse_loads(text: str) -> list[Units]:
    """Read transport loads, one per transport, separated by "|": "2 inf | 1 arm, 1 inf".

    Raises:
        OddsError: naming the bad word.
    """
    return [parse_units(part) for part in text.split("|") if part.strip()]
