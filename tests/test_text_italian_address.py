"""The Italian interface speaks to the players as "voi" (several players share the screen):
the turn panel, the refusals and the rules window do, and so do the tutorial and the coach.
Buttons keep the command form every button of the interface has ("Continua", "Mostrami")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parent.parent / "pacific" / "text" / "locale" / "it" / \
    "LC_MESSAGES" / "pacific.po"
# "tu" in the tutorial's and the coach's words: the verbs they use to the player, the
# possessives and the pronoun.
_TU = re.compile(r"\b(?:[Tt]rascina(?:li)?|[Pp]remi|[Ss]cegli|[Hh]ai|puoi|[Gg]iochi|dividi|"
                 r"[Pp]rendi|[Cc]onferma|[Ll]eggi|[Pp]iazza le|compra per|tua|tuo|tuoi|"
                 r"ti viene|per te|al posto tuo|le fai tu|chiedi di nuovo un|chiudila|"
                 r"rilasciale)\b")
# Buttons: the command form, as the rest of the interface's buttons.
_BUTTONS = {"Show me", "Continue", "Leave", "Resume", "Start over", "Finish", "Buy units",
            "Play these phases", "Ask again", "Hint", "Fight this battle",
            "Take these casualties", "Frame the pieces and places of this step on the map"}
_AREAS = ("pacific/tutorial/", "pacific/gui/tutorial/", "pacific/coach/", "pacific/gui/coach",
          "pacific/gui/drag")


def test_the_tutorial_and_the_coach_say_voi() -> None:
    with PO.open("rb") as f:
        catalogue = read_po(f)
    found = []
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not ids[0] or ids[0] in _BUTTONS or ids[0].startswith("Leave the tutorial"):
            continue
        if not any(path.startswith(_AREAS) for path, _line in message.locations):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [form for form in forms if _TU.search(form)]
    assert found == []


def test_the_check_finds_tu() -> None:
    for line in ("Trascina il caccia", "premi {next_phase}", "la partita resta tua",
                 "Hai giocato il turno", "quando ti viene chiesto"):
        assert _TU.search(line), line
    for line in ("Trascinate il caccia", "premete {next_phase}", "la partita resta vostra",
                 "Avete giocato il turno", "il Giappone piazza ciò che ha comprato"):
        assert not _TU.search(line), line
