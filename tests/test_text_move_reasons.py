""""Why?" on a computer move that is not an attack says what the enemy's chance is a chance
of: of taking the territory next turn, or of winning a battle in the sea zone, before the move
and after it. In English and in Italian ("Probabilità del nemico lì" said neither)."""

from __future__ import annotations

from gui_helpers import MINI

from pacific.ai.explain import MoveReason
from pacific.rules.files.mapfile import load_board
from pacific.text import using_language
from pacific.text.computer import reason_text

BOARD = load_board(MINI)


def _both(reason: MoveReason) -> tuple[str, str]:
    english = reason_text(reason, BOARD)
    with using_language("it"):
        return english, reason_text(reason, BOARD)


def test_a_territorys_danger_is_the_chance_of_its_capture() -> None:
    english, italian = _both(MoveReason("reinforce", "korea", danger=0.2, before=0.64))
    assert "The enemy's chance of taking it next turn: 64% before this move, 20% after." \
        in english
    assert "Probabilità che il nemico conquisti questo territorio al prossimo turno: 64% " \
           "prima di questa mossa, 20% dopo." in italian
    english, italian = _both(MoveReason("garrison", "korea", danger=0.3, before=0.3))
    assert "The enemy's chance of taking it next turn: 30%." in english
    assert "Probabilità che il nemico conquisti questo territorio al prossimo turno: 30%." \
        in italian


def test_a_sea_zones_danger_is_the_chance_of_a_battle_lost_there() -> None:
    english, italian = _both(MoveReason("transport", "sz_5", danger=0.05, before=0.14))
    assert "The enemy's chance of winning a battle there next turn: 14% before this move, " \
           "5% after." in english
    assert "Probabilità che il nemico vinca una battaglia in questa zona al prossimo turno: " \
           "14% prima di questa mossa, 5% dopo." in italian
    english, italian = _both(MoveReason("fleet", "sz_5", danger=0.0, before=0.0))
    assert "The enemy's chance of winning a battle there next turn: 0%." in english
    assert "in questa zona al prossimo turno: 0%." in italian
