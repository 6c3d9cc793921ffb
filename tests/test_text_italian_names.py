"""Italian names in sentences with their article, gender and number: "Gli Stati Uniti hanno
spostato", "Battaglia nelle Isole Aleutine", "del Giappone", "in Cina", "a Wake"; the English
unchanged."""

from __future__ import annotations

import random
import re

import pytest
from scenario import board, scenario, u

from pacific.ai.explain import MoveReason
from pacific.rules.combat.events import BattleStarted, UnitsLost
from pacific.rules.editing.events import UnitsMovedByEdit
from pacific.rules.engine import Game
from pacific.rules.errors import Message, Place
from pacific.rules.events import TerritoryCaptured, UnitCount
from pacific.rules.history import History
from pacific.rules.invariants import position_problems
from pacific.rules.movement.events import UnitsMoved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import describe_event, nation_name, place_name, power_name, using_language
from pacific.text.computer import move_reason_text
from pacific.text.grammar import fill, italian_name, names_together
from pacific.text.grammar_table import NAMES
from pacific.text.values import message_text, template_text


@pytest.mark.parametrize(("name", "forms"), [
    ("Stati Uniti", ["gli Stati Uniti", "degli Stati Uniti", "negli Stati Uniti", "hanno"]),
    ("Isole Aleutine", ["le Isole Aleutine", "delle Isole Aleutine", "nelle Isole Aleutine",
                        "hanno"]),
    ("Cina", ["la Cina", "della Cina", "in Cina", "ha"]),
    ("Giappone", ["il Giappone", "del Giappone", "in Giappone", "ha"]),
    ("India", ["l'India", "dell'India", "in India", "ha"]),
    ("Zona marina 35", ["la Zona marina 35", "della Zona marina 35", "nella Zona marina 35",
                        "ha"]),
    ("Yunnan", ["lo Yunnan", "dello Yunnan", "nello Yunnan", "ha"]),
    ("Wake", ["Wake", "di Wake", "a Wake", "ha"]),
])
def test_a_name_has_its_article_and_prepositions(name: str, forms: list[str]) -> None:
    word = italian_name(name)
    assert [f"{word:il}", f"{word:di}", f"{word:in}", f"{word:ha|hanno}"] == forms
    assert str(word) == name and f"{word}" == name


def test_a_sentence_starts_with_a_capital_and_names_together_are_plural() -> None:
    with using_language("it"):
        both = names_together([nation_name(Nation.JAPAN), nation_name(Nation.CHINA)])
        assert f"{both:Il} {both:attacca|attaccano} {italian_name('Isole Aleutine'):in}" == \
            "Il Giappone e la Cina attaccano nelle Isole Aleutine"
    # A plain string asked for a form is shown bare with its preposition, never an error.
    assert fill("{x:in}", {"x": "Kwajalein"}) == "in Kwajalein"


def test_every_italian_name_of_the_board_has_its_grammar() -> None:
    """The table says each name's article: a name added to the map or the catalogue without
    an entry would read bare ("in Isole ...")."""
    pacific = board("pacific")
    with using_language("it"):
        names = {place_name(pacific, s) for s in pacific.space_ids if not pacific.is_sea(s)}
        names |= {nation_name(n) for n in Nation} | {power_name(p) for p in Power}
    assert sorted(names - set(NAMES)) == []


def test_an_american_move_in_italian() -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"hawaiian_islands": "2 fighter usa"})
    moved = UnitsMoved(units=tuple(u(state, "hawaiian_islands", "fighter")),
                       path=("hawaiian_islands", "sz_9"))
    with using_language("it"):
        line = describe_event(moved, game.board, state)
    assert line == "Gli Stati Uniti hanno spostato 2 caccia Isole Hawaii → Zona marina 9"
    with using_language("en"):
        assert describe_event(moved, game.board, state) == \
            "United States moved 2 fighters Hawaiian Islands → Sea Zone 9"


def test_a_battle_in_the_aleutian_islands_in_italian() -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.COMBAT,
                           units={"aleutian_islands": "2 infantry usa, 1 infantry japan"})
    started = BattleStarted(space="aleutian_islands", label="Aleutian Islands",
                            attacker=Power.US)
    with using_language("it"):
        assert describe_event(started, game.board, state) == \
            "Battaglia nelle Isole Aleutine: gli Stati Uniti attaccano"


def test_a_capture_of_chinas_territory_in_italian() -> None:
    game, state = scenario("pacific")
    taken = TerritoryCaptured(space="kiangsi", old_owner=Nation.CHINA, new_owner=Nation.JAPAN)
    with using_language("it"):
        assert describe_event(taken, game.board, state) == \
            "Il Giappone conquista il Kiangsi, che era della Cina"


def test_a_refusal_names_the_place_with_its_preposition() -> None:
    pacific = board("pacific")
    template = ("No battle will be fought in {space}: aircraft fly to a battle, a bombing raid "
                "or an amphibious assault in combat movement")
    message = Message(template, space=Place("aleutian_islands", "Aleutian Islands"))
    with using_language("it"):
        assert template_text(message.template, message.params, pacific).startswith(
            "Nelle Isole Aleutine non si combatterà nessuna battaglia")
        bought = template_text("{nation} cannot buy while its capital {capital} is in enemy "
                               "hands.", {"nation": Nation.INDIA,
                                          "capital": Place("india", "India")}, pacific)
    assert bought == "L'India non può comprare finché la sua capitale, l'India, è in mano nemica."


# A name of the board or a nation where Italian needs an article or an articulated
# preposition, written bare: "In Isole Aleutine", "in Zona marina 35", "di Stati Uniti",
# "Stati Uniti ha", a line that starts with a nation's bare name ("Giappone ha spostato").
_BARE_ISLANDS = "Isole|Filippine|Zona marina|Stati Uniti|Territori|Nuove Ebridi|Figi|Samoa"
_BARE = re.compile(
    rf"\b(?:[Ii]n|[Dd]i|[Ss]u|[Aa]|[Dd]a) (?:{_BARE_ISLANDS})\b"
    r"|\bStati Uniti (?:ha|attacca|vince|conquista|paga|compra|riceve|perde)\b"
    r"|^(?:Giappone|Cina|India|Australia|Gran Bretagna|Stati Uniti) "
    r"(?!—)(?!\d)")


def test_the_bare_forms_are_what_the_check_finds() -> None:
    for line in ("In Isole Aleutine non si combatterà", "Stati Uniti ha spostato 2 caccia",
                 "Battaglia in Zona marina 9: attacca Giappone", "Giappone compra 1 caccia"):
        assert _BARE.search(line), line
    for line in ("Nelle Isole Aleutine non si combatterà", "Gli Stati Uniti hanno spostato",
                 "Giro 2, Giappone: fase 4, Acquisto", "Attacco nel Suiyuan — Giappone: 6"):
        assert not _BARE.search(line), line


def test_no_italian_log_line_of_a_short_game_names_a_place_bare() -> None:
    """A short random game on the real board (purchases, moves, battles, captures,
    placement, income): every line of its log in Italian, none with a bare name."""
    game = Game(board("pacific"))
    history = History(game, game.new_game(players=3, seed=7))
    rng = random.Random(7)
    for _ in range(260):
        if history.state.winner is not None:
            break
        history.apply(rng.choice(list(game.play_actions(history.state))))
    lines, kinds = [], set()
    with using_language("it"):
        befores = [history.initial, *(r.state for r in history.records)]
        for before, record in zip(befores, history.records, strict=False):
            for event in record.events:
                kinds.add(type(event).__name__)
                lines.append(describe_event(event, game.board, before))
    assert {"UnitsMoved", "BattleStarted", "IpcChanged", "UnitsChanged"} <= kinds
    assert [line for line in lines if _BARE.search(line)] == []
    assert any(line.startswith(("Il Giappone ", "Gli Stati Uniti ", "La Cina ")) for line in lines)


def test_the_second_side_of_a_loss_goes_on_in_lower_case() -> None:
    """"...; gli Stati Uniti hanno perso ...": a sentence after a semicolon does not start
    with a capital."""
    game, state = scenario("pacific")
    lost = UnitsLost(space="sz_7", units=(), reason="casualties", lost=(
        UnitCount(nation=Nation.JAPAN, unit_type=UnitType.FIGHTER, count=2),
        UnitCount(nation=Nation.USA, unit_type=UnitType.TRANSPORT, count=1)))
    with using_language("it"):
        assert describe_event(lost, game.board, state) == (
            "Il Giappone ha perso 2 caccia nella Zona marina 7; gli Stati Uniti hanno perso "
            "1 nave da trasporto nella Zona marina 7")


def test_an_edit_mode_move_in_italian() -> None:
    """Edit mode's log line names the nation and both places with their articles."""
    game, state = scenario("pacific", power=Power.US)
    with using_language("it"):
        lines = [describe_event(UnitsMovedByEdit(
            nation=Nation.USA, unit_type=unit_type, space=space, where=space, to=to,
            to_where=to, count=1), game.board, state)
            for unit_type, space, to in ((UnitType.INFANTRY, "wake", "midway"),
                                         (UnitType.DESTROYER, "sz_5", "hawaiian_islands"))]
    assert lines == [
        "Correzione: spostamento di 1 unità di fanteria degli Stati Uniti da Wake a Midway",
        "Correzione: spostamento di 1 cacciatorpediniere degli Stati Uniti dalla Zona marina 5 "
        "nelle Isole Hawaii"]


def test_a_computer_move_reason_names_the_sea_zone_with_its_article() -> None:
    pacific = board("pacific")
    with using_language("it"):
        fleet = move_reason_text(MoveReason(kind="fleet", space="sz_9", danger=None,
                                            before=None, worth=0.0), pacific)
        unknown = move_reason_text(MoveReason(kind="safety", space=None, danger=None,
                                              before=None, worth=0.0), pacific)
    assert fleet.startswith("La squadra navale naviga verso la Zona marina 9:")
    assert unknown.startswith("Le navi salpano verso la sua destinazione:")


def test_a_position_check_names_the_territory_with_its_article() -> None:
    game, state = scenario("pacific", units={"kwangsi": "2 industrial_complex japan"})
    problems = [p for p in position_problems(game.board, state) if "R-PLACE-5" in p.template]
    with using_language("it"):
        assert [message_text(p, game.board) for p in problems] == [
            "nel Kwangsi ci sono 2 Complessi Industriali: al massimo uno per territorio "
            "(R-PLACE-5)"]
