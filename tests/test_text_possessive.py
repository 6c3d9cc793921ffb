"""English names a power's turn or attack in the possessive: "Japan's", but "United States'"
(a name ending in s takes the apostrophe alone), never "United States's"."""

from __future__ import annotations

from scenario import board

from pacific.rules.battle_views import _OUTCOMES
from pacific.rules.errors import Message, Place
from pacific.rules.nations import Power
from pacific.text import power_name, using_language
from pacific.text.grammar import fill
from pacific.text.values import message_text


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    assert fill("{who:'s} turn", {"who": "United States"}) == "United States' turn"
    assert fill("{who:'s} turn", {"who": "Japan"}) == "Japan's turn"
    assert fill("{who:'s} turn", {"who": power_name(Power.UK)}) == "Great Britain's turn"


def test_a_failed_american_attack_reads_in_good_english() -> None:
    with using_language("en"):
        text = message_text(Message(_OUTCOMES["B"], attacker=Power.US,
                                    space=Place("sz_5", "Sea Zone 5")), board("mini"))
    assert "States's" not in text and "United States" in text


def test_the_possessive_keeps_the_italian_forms() -> None:
    with using_language("it"):
        assert fill("il turno {who:di}", {"who": power_name(Power.US)}) == \
            "il turno degli Stati Uniti"
