"""A roll corrected at the table (`edit_hits`, "Correct a roll"): the battle board draws the
hits the engine now asks to be taken, not the dice typed, and the luck meter counts them
(R-COMBAT-6). Both read the correction from the engine's `HitsEdited` event."""

from __future__ import annotations

from combat_helpers import japan_in_burma
from pytestqt.qtbot import QtBot

from pacific.gui.battle_state import battle_screen
from pacific.gui.battle_text import roll_rows
from pacific.gui.dialogs.battle_parts import DiceStrip
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.edit import EditHits, EditMode
from pacific.rules.decisions import CasualtyChoice
from pacific.rules.dice import FixedDice
from pacific.rules.history import History
from pacific.story.luck import read_battles


def _corrected(hits: int = 1) -> History:
    """Burma: 3 Japanese infantry attack 2 Indian infantry and an artillery; the attack's dice
    1, 1, 6 make 2 hits, corrected to ``hits`` while India chooses its casualties."""
    game, st = japan_in_burma()
    history = History(game, st)
    history.apply(SelectBattle(space="burma"), FixedDice([1, 1, 6]))
    for action in (EditMode(on=True), EditHits(count=hits), EditMode(on=False)):
        history.apply(action)
    assert isinstance(history.state.pending, CasualtyChoice)
    assert history.state.pending.count == hits
    return history


def test_the_board_draws_the_corrected_hits_of_a_roll(qtbot: QtBot) -> None:
    history = _corrected()
    rolls = battle_screen(history, []).rolls
    assert [(r.values, r.hits) for r in rolls] == [((1, 1, 6), 1)]
    rows = roll_rows(history.game.board, rolls[0])
    assert rows[0][1:] == ((1, 1, 6), 1, 1) and rows[0][0].endswith("— corrected: 1 hit")
    strip = DiceStrip()
    qtbot.addWidget(strip)
    strip.set_rolls(rows)
    strip.resize(strip.sizeHint())
    image = strip.grab().toImage()
    first, second = (image.pixelColor(2 + i * (DiceStrip.SIZE + 4) + 4, 16 + 4)
                     for i in (0, 1))
    assert first.red() > 180 and first.green() < 100        # a hit: a red face
    assert second.green() > 180                              # corrected away: a white face


def test_the_board_draws_a_hit_added_by_a_correction(qtbot: QtBot) -> None:
    """2 hits corrected to 3: the row said "corrected: 3 hits" over two red dice; the die that
    missed is drawn as the hit added, as a hit taken away is drawn white."""
    history = _corrected(hits=3)
    rolls = battle_screen(history, []).rolls
    assert [(r.values, r.hits) for r in rolls] == [((1, 1, 6), 3)]
    rows = roll_rows(history.game.board, rolls[0])
    assert rows[0][0].endswith("— corrected: 3 hits")
    strip = DiceStrip()
    qtbot.addWidget(strip)
    strip.set_rolls(rows)
    strip.resize(strip.sizeHint())
    image = strip.grab().toImage()
    for i in range(3):
        face = image.pixelColor(2 + i * (DiceStrip.SIZE + 4) + 4, 16 + 4)
        assert face.red() > 180 and face.green() < 100, i       # a hit: a red face


def test_the_luck_meter_counts_the_corrected_hits() -> None:
    history = _corrected()
    # India takes its one hit, then the battle runs on to its end: its defence misses, the
    # attack's next dice hit both units left.
    dice = FixedDice([6, 6, 6, 1, 1, 1, 6, 6])
    while history.state.pending is not None or any(b.status == "active"
                                                   for b in history.state.battles):
        history.apply(next(iter(history.game.legal_actions(history.state))), dice)
    battles, _ = read_battles(history.game.board, history.initial, history.records,
                              odds=lambda *_: None)
    assert battles[0].rolls[0].hits == 1
    assert battles[0].hits("attacker") == 1 + 3
