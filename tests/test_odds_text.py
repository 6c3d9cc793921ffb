"""The odds' unit syntax in both languages and its errors as message ids: a player
may type English or Italian words whatever the language, the names the game shows read back,
and what is wrong is said in the active language (pacific.odds cannot import pacific.text, so
it raises `OddsError` ids that the GUI and the CLI format)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from pacific.cli.main import main
from pacific.odds.model import BattleKind, BattleSpec, ForceSpec, OddsError
from pacific.odds.text import (
    ITALIAN_UNIT_ALIASES,
    SHORT_FORMS,
    parse_kamikazes,
    parse_units,
    unit_type,
)
from pacific.rules.units import UNIT_ALIASES, UnitType
from pacific.text import exception_text, gettext, unit_count, using_language

FIGHTING = [t for t in UnitType if t is not UnitType.INDUSTRIAL_COMPLEX]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_short_forms_shown_read_back_as_their_units_in_table_order(language: str) -> None:
    with using_language(language):
        words = gettext(SHORT_FORMS).split(", ")
    assert [unit_type(w) for w in words] == FIGHTING


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("count", [1, 2])
def test_the_names_the_game_shows_read_back(language: str, count: int) -> None:
    """The odds panel pre-fills with the game's names ("2 navi da trasporto")."""
    for t in UnitType:
        with using_language(language):
            text = unit_count(t, count)
        assert parse_units(text) == {t: count}, text


def test_english_and_italian_words_never_name_two_units() -> None:
    shared = set(UNIT_ALIASES) & set(ITALIAN_UNIT_ALIASES)
    assert all(UNIT_ALIASES[w] is ITALIAN_UNIT_ALIASES[w] for w in shared)
    assert parse_units("3 fan, 1 uc, 2 inf, 1 cor, carri armati") == {
        UnitType.INFANTRY: 5, UnitType.ARMOR: 2, UnitType.BATTLESHIP: 1}
    assert parse_kamikazes("danneggiata cor x2, pa") == [
        *parse_kamikazes("damaged bb x2"), UnitType.CARRIER]


def test_a_parser_error_is_italian_under_italian_and_english_otherwise() -> None:
    with pytest.raises(OddsError) as info:
        parse_units("3 inf, 2 tonks")
    assert str(info.value).startswith("unknown unit type 'tonks' (known short forms: inf, ")
    with using_language("it"):
        assert exception_text(info.value).startswith(
            "tipo di unità sconosciuto: 'tonks' (abbreviazioni note: fan, ")
    with pytest.raises(OddsError) as info:
        parse_units("3")
    with using_language("it"):
        assert exception_text(info.value) == "atteso '<numero> <unità>', trovato '3'"


def test_r_kami_8_a_model_error_stays_english_for_pydantic_and_is_italian_when_shown() -> None:
    with pytest.raises(ValidationError, match="kamikazes join only naval battles") as info:
        BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={UnitType.BATTLESHIP: 1}),
                   kamikazes=[UnitType.BATTLESHIP])
    with using_language("it"):
        assert exception_text(info.value) == \
            "i kamikaze prendono parte solo alle battaglie navali (R-KAMI-8)"
    with pytest.raises(ValidationError) as info:
        ForceSpec(units={UnitType.FIGHTER: -1})
    with using_language("it"):
        assert exception_text(info.value) == "numero negativo (-1) di unità: caccia"


def test_pacific_odds_in_italian_reads_italian_and_explains_in_italian(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "odds", "--attacker", "2 tonks", "--defender", "1 fan"]) == 2
    assert "tipo di unità sconosciuto: 'tonks'" in capsys.readouterr().err
    assert main(["--lang", "it", "odds", "--attacker", "1 fan", "--defender", "1 fanteria"]) \
        == 0
    out = capsys.readouterr().out
    assert "25.00%" in out and "unità di fanteria" in out
    assert main(["odds", "--attacker", "1 inf", "--defender", "1 inf"]) == 0
    assert "attacker: 1 infantry; defender: nothing" in capsys.readouterr().out
