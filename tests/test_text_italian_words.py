"""The Italian window has no English word left in it: a message whose Italian is its English is
a proper name or a term the Italian rulebook itself uses, and the English words a player met
untranslated ("Round", "New South Wales", "Help ▸ Tutorial") are gone."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parent.parent / "pacific" / "text" / "locale" / "it" / \
    "LC_MESSAGES" / "pacific.po"

# Names that are the same in Italian (places the Italian rulebook and atlases spell the English
# or local way, words the rulebook uses as they are) and messages with nothing to translate.
SAME_IN_ITALIAN = {
    "Queensland", "Samoa", "Johnston", "Papua", "Hainan", "Formosa", "Palau", "Wake", "Guam",
    "Midway", "Celebes", "Borneo", "Sumatra", "Tsinghai", "India", "Siam", "Yunnan", "Kwangsi",
    "Hong Kong", "Kiangsi", "Hunan", "Anhwe", "Shantung", "Suiyuan", "Hopei", "Shansi",
    "Kweichow", "Szechwan", "Sikang", "Canada", "Australia", "Kamikaze", "Kamikaze in {space}",
    "Marines", "Blitz", "pacific: {message}", "pacific odds: {message}", "<i>IPC</i>",
    "{who} (computer): {move}", "{nation} <b>{ipc}</b> IPC",
    "actions[{index}].action.{problem}",
    # A round of combat: "round" is the Italian rulebook's own word for it (p. 17, p. 27).
    "Round {round} · {sides}",
}
ENGLISH = re.compile(r"New South Wales|\bTutorial\b|\bHelp ▸|\bLessons?\b|\bHint\b")
# Where a round of the game (all three powers' turns) is named: a "giro", never a "round",
# which the rulebook keeps for a round of combat.
GAME_ROUND_FILES = ("pacific/gui/panels.py", "pacific/gui/dialogs/simple.py",
                    "pacific/gui/edit_widgets.py", "pacific/text/events.py",
                    "pacific/text/edits.py", "pacific/rules/files/savefile.py",
                    "pacific/cli/game_commands.py")


def _words(text: str) -> str:
    """``text`` without its placeholders and markup."""
    return re.sub(r"\{[^}]*\}|<[^>]*>", "", text)


def _pairs(files: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    with PO.open("rb") as f:
        catalogue = read_po(f)
    out = []
    for message in catalogue:
        if not message.id or (files and not {p for p, _l in message.locations} & set(files)):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings)]
    return out


def test_every_message_left_as_in_english_is_a_name_or_the_rulebooks_word() -> None:
    same = {en for en, it in _pairs() if en == it and re.search(r"[A-Za-z]{3}", _words(en))}
    assert same <= SAME_IN_ITALIAN, sorted(same - SAME_IN_ITALIAN)


def test_no_english_word_a_player_met_is_left_in_the_italian() -> None:
    left = [it for _en, it in _pairs() if ENGLISH.search(it)]
    assert left == []


def test_a_round_of_the_game_is_a_giro() -> None:
    named = _pairs(GAME_ROUND_FILES)
    assert any("Giro {round}" in it for _en, it in named)
    assert [it for _en, it in named if re.search(r"\b[Rr]ound", _words(it))] == []


def test_the_battle_board_has_one_name() -> None:
    """The tutorial sends the player to the "plancia di combattimento"; the menu, the side
    panel's button, the board's own title and its way back, and the replay's board name it
    the same way (they said "Tabellone di battaglia" and "Tavola di battaglia")."""
    named = [(en, it) for en, it in _pairs() if re.search(r"battle board", en, re.IGNORECASE)
             or en == "Battle &board"]
    assert len(named) > 10
    other = [it for _en, it in named
             if "plancia di combattimento" not in it.replace("&", "").lower()]
    assert other == []


def test_the_tutorial_is_she() -> None:
    """"L'esercitazione" is feminine: the resume question offered "ricominciarlo da capo"."""
    named = [it for _en, it in _pairs() if "esercitazione" in it]
    assert named
    assert [it for it in named if re.search(r"\b\w+rlo\b", it)] == []
