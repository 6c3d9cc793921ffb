"""pacific.text: choosing the language, display names in English and Italian, the
phase explanations and messages by id."""

from __future__ import annotations

import re

import pytest

from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import DEFAULT_MAP_ID, find_map
from pacific.rules.nations import DISPLAY_NAMES, Nation, Power
from pacific.rules.phases import PHASE_ORDER, Phase
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.text import (
    MESSAGES,
    active_language,
    nation_name,
    phase_help,
    phase_name,
    phase_rule,
    place_name,
    power_name,
    render,
    rule,
    set_language,
    system_language,
    unit_count,
    unit_name,
    using_language,
)
from pacific.text.language import language_of_locale
from pacific.text.messages import UnknownMessage


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "it"}, "it"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "it_IT.UTF-8", "LC_ALL": "C"}, "en"),          # LC_ALL wins over LANG
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "it_CH"}, "it"),  # so does LC_MESSAGES
    ({"LANGUAGE": "fr:it", "LANG": "en_US.UTF-8"}, "it"),      # first listed one we speak
    ({"LANGUAGE": "fr", "LANG": "it_IT@euro"}, "it"),
])
def test_the_system_locale_chooses_the_language(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


def test_locale_names() -> None:
    assert language_of_locale("it_IT.UTF-8") == "it"
    assert language_of_locale("C.UTF-8") == "en"
    assert language_of_locale("pt_BR") is None


def test_set_language() -> None:
    assert set_language("it") == "it" and active_language() == "it"
    assert unit_name(UnitType.FIGHTER) == "Caccia"
    assert set_language("en") == "en" and unit_name(UnitType.FIGHTER) == "Fighter"
    with pytest.raises(ValueError, match=r"'fr'.*en, it"):
        set_language("fr")
    assert active_language() == "en", "a refused language changes nothing"


def test_system_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert set_language("system") == "it"
    assert set_language(None) == "it"


def test_using_language_restores_the_language_even_after_an_error() -> None:
    with pytest.raises(RuntimeError), using_language("it"):
        assert active_language() == "it"
        raise RuntimeError("boom")
    assert active_language() == "en"


def test_english_names_are_the_engines() -> None:
    """The English display names are the engine's own, so one message id serves the log and
    the panels (a unit, nation or phase renamed in one place only fails here)."""
    for unit_type, unit_spec in UNIT_SPECS.items():
        assert unit_name(unit_type) == unit_spec.name
    for nation in Nation:
        assert nation_name(nation) == DISPLAY_NAMES[nation]["en"]
    for power in (Power.UK, Power.US):
        assert power_name(power) == DISPLAY_NAMES[power]["en"]
    for phase in PHASE_ORDER:
        assert phase_name(phase) == phase.label


def test_italian_names_use_the_rulebooks_words() -> None:
    with using_language("it"):
        assert unit_name(UnitType.ARMOR) == "Unità corazzata"
        assert unit_name(UnitType.INDUSTRIAL_COMPLEX) == "Complesso Industriale"
        assert nation_name(Nation.CHINA) == "Cina"
        assert power_name(Power.UK) == "Gran Bretagna"
        assert phase_name(Phase.COMBAT_MOVE) == "Movimento di Combattimento"
        assert phase_name(Phase.COMBAT) == "Risoluzione del Combattimento"
        assert phase_name(Phase.NONCOMBAT_MOVE) == "Movimento di Non Combattimento"


def test_unit_counts_in_both_languages() -> None:
    assert unit_count(UnitType.FIGHTER, 1) == "1 fighter"
    assert unit_count(UnitType.FIGHTER, 3) == "3 fighters"
    assert unit_count(UnitType.INFANTRY, 6) == "6 infantry"
    assert unit_count(UnitType.INDUSTRIAL_COMPLEX, 2) == "2 industrial complexes"
    with using_language("it"):
        assert unit_count(UnitType.TRANSPORT, 1) == "1 nave da trasporto"
        assert unit_count(UnitType.TRANSPORT, 2) == "2 navi da trasporto"
        assert unit_count(UnitType.ARMOR, 2) == "2 unità corazzate"
        assert unit_count(UnitType.FIGHTER, 4) == "4 caccia"


def test_place_names_follow_the_map_then_the_catalogue() -> None:
    """The map's Italian name where it has one ("Territori del Nord", "Zona marina 9"); the
    catalogue's usual name where the map repeats the English ("Nuova Zelanda")."""
    board = load_board(find_map(DEFAULT_MAP_ID))
    assert place_name(board, "new_zealand") == "New Zealand"
    with using_language("it"):
        assert place_name(board, "northern_territory") == "Territori del Nord"
        assert place_name(board, "new_zealand") == "Nuova Zelanda"
        assert place_name(board, "philippines") == "Filippine"
        assert place_name(board, "new_south_wales") == "Nuovo Galles del Sud"  # as its neighbours
        assert place_name(board, "sz_9") == "Zona marina 9"
        assert place_name(board, "atlantis") == "atlantis"


@pytest.mark.parametrize("phase", PHASE_ORDER)
def test_each_phase_is_explained_in_two_or_three_sentences(phase: Phase) -> None:
    for language in ("en", "it"):
        with using_language(language):
            text = phase_help(phase)
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
            assert 2 <= len(sentences) <= 4, (language, text)
            assert phase_name(phase) and len(text) < 400
    assert rule(phase_rule(phase)).rule_id == phase_rule(phase)


def test_phase_explanations_differ_by_language() -> None:
    english = phase_help(Phase.PURCHASE)
    with using_language("it"):
        assert phase_help(Phase.PURCHASE) != english
        assert "IPC" in phase_help(Phase.PURCHASE)


def test_messages_by_id_with_named_placeholders() -> None:
    assert render("rule.unknown", rule_id="sbr-99") == "No rule is called sbr-99."
    assert render("rule.matches", count=1, query="blitz") == '1 rule matches "blitz".'
    assert render("rule.matches", {"count": 5, "query": "blitz"}) == '5 rules match "blitz".'
    with using_language("it"):
        assert render("rule.unknown", rule_id="x") == "Nessuna regola si chiama x."
        assert render("rule.matches", count=2, query="q") == '2 regole corrispondono a "q".'
    with pytest.raises(UnknownMessage):
        render("no.such.message")
    with pytest.raises(KeyError):
        render("rule.unknown")  # its placeholder has no value
    with pytest.raises(KeyError):
        render("rule.matches", query="q")  # a plural message needs its count


def test_message_parameters_that_are_engine_values_get_display_names() -> None:
    MESSAGES["test.unit"] = "{unit} of {nation} in {phase}"
    try:
        with using_language("it"):
            assert render("test.unit", unit=UnitType.BATTLESHIP, nation=Nation.JAPAN,
                          phase=Phase.PLACE) == ("corazzata of Giappone in Piazzamento delle "
                                                 "nuove unità")
    finally:
        del MESSAGES["test.unit"]


def test_italian_is_read_without_babel() -> None:
    # The compiled catalogue is read by the standard library's gettext: a start in Italian
    # does not import Babel (the tool that writes the catalogue). A fresh interpreter, since
    # other tests may import Babel.
    import subprocess
    import sys

    script = ("import sys\nfrom pacific.text import _, set_language\nset_language('it')\n"
              "print(_('Next player'), 'babel' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.split() == ["Prossimo", "giocatore", "False"], done.stdout
